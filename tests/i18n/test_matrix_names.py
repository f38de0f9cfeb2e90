"""A matrix named in words (AllQueriesAtOnce's weights and outputs): one formula where this LaTeX sets the words
(Chinese in the CJK face), the words in the text face beside a formula of its shape where it cannot (a script
beyond the CJK blocks, such as Yi: `bars.in_tex`)."""

from manim import MathTex, Text

import i18n
from scenes.kit.matrices import NamedMatrix, name_of


def test_a_name_latex_sets_is_one_formula_with_its_shape():
    label = NamedMatrix(r"\text{Gewichte}", [[0.5, 0.5]], "#FFFFFF").label
    assert isinstance(label, MathTex) and label.tex_string == r"\text{Gewichte} \;(1 \times 2)"


def test_a_chinese_name_is_one_formula_in_the_cjk_face():
    label = NamedMatrix(r"\text{权重}", [[0.5, 0.5]], "#FFFFFF").label
    assert isinstance(label, MathTex) and label.tex_string == r"\text{\cjk{权重}} \;(1 \times 2)"


def test_words_latex_cannot_set_are_text_beside_the_shape():
    name, shape = NamedMatrix(r"\text{ꆈꌠ}", [[0.5, 0.5]], "#FFFFFF").label
    assert isinstance(name, Text) and name.original_text == "ꆈꌠ"
    assert isinstance(shape, MathTex) and shape.tex_string == r"(1 \times 2)"
    assert name.get_right()[0] < shape.get_left()[0]
    assert abs(name.get_y() - shape.get_y()) < 0.05  # on one line


def test_a_symbol_stays_a_formula():
    assert isinstance(name_of("Q", "body", "#FFFFFF"), MathTex)
    assert isinstance(name_of(r"\text{输出}", "body", "#FFFFFF"), MathTex)
    assert isinstance(name_of(r"\text{ꆈꌠ}", "body", "#FFFFFF"), Text)


def test_a_matrix_prints_its_numbers_as_the_language_in_use_writes_them():
    """Built once per process and language: a matrix drawn in English, then in German, prints '0{,}500' there
    (the translated chapters' tests draw one chapter in both languages in one process)."""
    english = NamedMatrix("W", [[0.5, 1]], "#FFFFFF").entries()
    with i18n.active("de"):
        german = NamedMatrix("W", [[0.5, 1]], "#FFFFFF").entries()
    assert english == ["0.500", "1.000"] and german == ["0{,}500", "1{,}000"]
