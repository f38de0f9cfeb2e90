"""Numbers as each language writes them: the decimal sign, the separator inside vectors, the same rounding as the
English numbers (Python's f"{x:.3f}"), never a negative zero."""

from __future__ import annotations

import i18n
from i18n import numbers


def test_german_writes_a_decimal_comma_and_chinese_a_decimal_point():
    assert [numbers.decimal(0.768, 3, lang) for lang in ("en", "de", "zh")] == ["0.768", "0,768", "0.768"]
    assert numbers.decimal(-1.5, 1, "de") == "-1,5" and numbers.decimal(2, 0, "de") == "2"


def test_a_vectors_entries_are_separated_by_a_semicolon_where_the_comma_is_taken():
    vector = [0.768, 0.232]
    assert numbers.vector(vector, 3, "de") == "[0,768; 0,232]"
    assert numbers.vector(vector, 3, "zh") == "[0.768, 0.232]"
    assert numbers.vector(vector, 3, "en") == "[0.768, 0.232]"


def test_the_active_language_is_the_default():
    with i18n.active("de"):
        assert numbers.vector([0.5, 0.25], 2) == "[0,50; 0,25]"
    assert numbers.decimal(0.5, 2) == "0.50"


def test_every_language_rounds_as_python_prints_the_english_number():
    for value in (2.675, 0.0005, 0.0015, 1.2345, 1e-9, 123.4565):
        for places in (0, 2, 3):
            english = f"{value:.{places}f}"
            assert numbers.decimal(value, places, "de") == english.replace(".", ",")
            assert numbers.decimal(value, places, "zh") == english


def test_a_number_rounding_to_zero_has_no_sign():
    assert numbers.decimal(-0.0004, 3, "de") == "0,000" and numbers.decimal(-0.4, 0, "zh") == "0"


def test_a_formula_in_german_changes_its_numbers_signs_but_not_tex_lengths():
    """'\\\\[-0.3em]' (a split dot product's line gap) is TeX's length, not a number shown: written '0{,}3em' it
    stopped LaTeX ('Illegal unit of measure') in every German render of a split product."""
    split = r"(-2.5)(0.5) + (-2)(-3) \\[-0.3em] {}= 4.750, \hspace{1.5pt} [0.665, 0.245]"
    assert (
        numbers.tex(split, "de")
        == r"(-2{,}5)(0{,}5) + (-2)(-3) \\[-0.3em] {}= 4{,}750, \hspace{1.5pt} [0{,}665; 0{,}245]"
    )
    assert numbers.tex(split, "zh") == split
