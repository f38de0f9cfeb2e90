"""Example files: the sample loads, and every kind of bad file is refused naming the field."""

from pathlib import Path

import numpy as np
import pytest

from attention import DEFAULT
from attention.examples.file import ExampleFileError, load_example_file, pasted_minuses

SAMPLE = Path(__file__).parents[2] / "examples" / "cat-and-dog.toml"
GOOD_BLEND = """
[blend]
tokens = ["a", "b"]
keys = [[1, 0], [0, 1]]
values = [[1, 0], [0, 1]]
queries = [[1, 0], [0, 1]]
"""


def write(tmp_path, text: str, name="example.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_sample_file_replaces_the_tables_it_gives():
    ex = load_example_file(SAMPLE)
    assert ex.drag.tokens == ("dog", "cat", "pet")
    assert ex.blend.keys.shape == (3, 3)
    assert ex.cross.source_tokens == ("a", "dog", "barks")
    np.testing.assert_allclose(ex.blend.trace(0).weights.sum(), 1)
    assert ex.causal.tokens == ("a", "dog", "barks")
    np.testing.assert_array_equal(ex.causal.queries, ex.causal.keys)  # queries left out: the keys
    assert ex.heads.count == 2 and ex.heads.keys.shape == (3, 4)


def test_causal_queries_given_replace_the_keys(tmp_path):
    text = (
        "[causal]\ntokens = ['a', 'b']\nkeys = [[1, 0], [0, 1]]\nvalues = [[1, 0], [0, 1]]\n"
        "queries = [[0, 1], [1, 0]]\n"
    )
    ex = load_example_file(write(tmp_path, text))
    np.testing.assert_array_equal(ex.causal.queries, [[0, 1], [1, 0]])
    assert ex.causal.trace().weights[0, 1] == 0


def test_non_ascii_names_and_negative_zero_are_accepted(tmp_path):
    text = GOOD_BLEND.replace('"a", "b"', '"café", "猫"').replace(
        "[[1, 0], [0, 1]]\nvalues", "[[-0.0, 1], [0, 1]]\nvalues"
    )
    ex = load_example_file(write(tmp_path, text))
    assert ex.blend.tokens == ("café", "猫")


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty"),
        ("this is not toml", "not valid TOML"),
        ("name = 'x'", "expected at least one of the tables"),
        ("colour = 'red'\n" + GOOD_BLEND, "unknown field(s) colour"),
        (GOOD_BLEND + "extra = 1\n", "blend: unknown field(s) extra"),
        (GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", ""), "blend: missing field(s) queries"),
        (
            GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[1, 0, 0], [0, 1, 0]]"),
            "blend.queries: expected width 2",
        ),
        (
            GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [['x', 0]]"),
            'blend.queries, row 1: "x" is not a number',
        ),
        (
            GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[nan, 0]]"),
            "blend.queries: expected finite numbers",
        ),
        (
            GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[inf, 0]]"),
            "blend.queries: expected finite numbers",
        ),
        (GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[1e308, 0]]"), "too large to draw"),
        (
            GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[true, 0]]"),
            "blend.queries, row 1: true is not a number",
        ),
        (GOOD_BLEND.replace('"a", "b"', ""), "blend.tokens: expected at least one name"),
        (GOOD_BLEND.replace('"a", "b"', '"a", "a"'), "blend.tokens: duplicate names"),
        (GOOD_BLEND.replace('"a", "b"', '"a", "' + "x" * 40 + '"'), "longer than 24 characters"),
        (GOOD_BLEND.replace('"a", "b"', '"a"'), "blend.tokens: expected at least 2 names"),
        (
            GOOD_BLEND.replace('"a", "b"', ", ".join(f'"t{i}"' for i in range(7))),
            "more than the 6 the layout holds",
        ),
        (
            GOOD_BLEND.replace("values = [[1, 0], [0, 1]]", "values = [[1, 0, 0], [0, 1, 0]]"),
            "blend.values: expected 2-D",
        ),
        (
            "[drag]\ntokens = ['a', 'b']\nkeys = [[1, 0, 0], [0, 1, 0]]\nquery = [1, 0, 0]\n"
            "path = [[1, 0, 0], [0, 1, 0]]\n",
            "drag.keys: expected 2-D",
        ),
        ("blend = 3", "blend: expected a table"),
    ],
)
def test_bad_files_are_refused_naming_the_field(tmp_path, text, fragment):
    with pytest.raises(ExampleFileError) as error:
        load_example_file(write(tmp_path, text))
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "values = [[1, 0], [0, 1]]",
            'values = [[1, 0], [0.25, "half"]]',
            'blend.values, row 2: "half" is not a number',
        ),
        (
            "values = [[1, 0], [0, 1]]",
            "values = [[1, 0], 3]",
            "blend.values, row 2: expected a list of numbers, got 3",
        ),
        (
            "values = [[1, 0], [0, 1]]",
            "values = [[1, 0], [[0, 1]]]",
            "blend.values, row 2: [0, 1] is not a number",
        ),
        (
            "values = [[1, 0], [0, 1]]",
            "values = 1979-05-27",
            "blend.values: expected a list of numbers, got 1979-05-27",
        ),
        (
            "[blend]",
            '[drag]\ntokens = ["a", "b"]\nkeys = [[1, 0], [0, 1]]\nquery = [1, "a\\nb"]\npath = [[1, 0]]\n[blend]',
            'drag.query: "a\\nb" is not a number',
        ),
    ],
    ids=["string in a row", "row not a list", "nested too deeply", "a date", "in a vector, on one line"],
)
def test_a_value_that_is_not_a_number_is_named_with_its_row_and_line(tmp_path, old, new, message):
    """Issue 29 (S14): '[0.25, "half"]' was 'blend.values: expected a list of numbers (or a list of such lists)'."""
    path = write(tmp_path, GOOD_BLEND.replace(old, new))
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    key = message.split(":")[0].split(",")[0].split(".")[1]  # the field's own line: 'values = ...'
    line = 1 + next(n for n, row in enumerate(path.read_text().splitlines()) if row.startswith(f"{key} ="))
    assert str(error.value) == f"{path}, line {line}: {message}"


def test_missing_file_directory_and_huge_file(tmp_path):
    with pytest.raises(ExampleFileError, match="no such file"):
        load_example_file(tmp_path / "nope.toml")
    with pytest.raises(ExampleFileError, match="not a file"):
        load_example_file(tmp_path)
    huge = write(tmp_path, "# " + "x" * 3_000_000)
    with pytest.raises(ExampleFileError, match="more than"):
        load_example_file(huge)


def test_tables_left_out_keep_the_lectures_own(tmp_path):
    ex = load_example_file(write(tmp_path, GOOD_BLEND))
    assert ex.blend.tokens == ("a", "b")
    assert ex.drag == DEFAULT.drag and ex.cross == DEFAULT.cross
    assert ex.causal == DEFAULT.causal and ex.heads == DEFAULT.heads


def test_a_refusal_names_the_file_and_the_fields_line(tmp_path):
    path = write(tmp_path, GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[1, 0]]"))
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    assert str(error.value).startswith(f"{path}, line 6: blend.queries: expected 2 queries")


def test_a_decimal_comma_is_named_as_such_not_as_a_width(tmp_path):
    path = write(
        tmp_path, GOOD_BLEND.replace("queries = [[1, 0], [0, 1]]", "queries = [[1,25, -0,4], [0, 1]]")
    )
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    assert str(error.value) == (
        f"{path}, line 6: blend.queries: 1,25 has a decimal comma; TOML numbers take a point (a comma separates"
        " two): write 1.25"
    )


def test_compact_arrays_without_spaces_are_no_decimal_comma(tmp_path):
    ex = load_example_file(write(tmp_path, GOOD_BLEND.replace("[[1, 0], [0, 1]]", "[[1,0],[0,1]]")))
    np.testing.assert_array_equal(ex.blend.queries, [[1, 0], [0, 1]])


def test_minus_signs_pasted_from_a_pdf_are_read_as_minus_inside_numbers_only(tmp_path):
    text = GOOD_BLEND.replace('"a", "b"', '"a−b", "–"').replace(
        "values = [[1, 0], [0, 1]]", "values = [[1, −0.5], [–2, 1]]"
    )
    path = write(tmp_path, text)
    ex = load_example_file(path)
    np.testing.assert_array_equal(ex.blend.values, [[1, -0.5], [-2, 1]])
    assert ex.blend.tokens == ("a−b", "–")  # names keep their dashes
    assert pasted_minuses(path) == [5]


def test_a_pasted_minus_sign_outside_a_number_is_named_with_its_line(tmp_path):
    path = write(tmp_path, GOOD_BLEND + "count = 3 − 1\n")
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    assert (
        str(error.value)
        == f"{path}, line 7: '−' (U+2212 MINUS SIGN, pasted from a PDF?) is not TOML's minus '-'"
    )


def test_an_unknown_top_level_key_names_the_valid_ones(tmp_path):
    path = write(tmp_path, "nmae = 'x'\n" + GOOD_BLEND)
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    message = str(error.value)
    assert message.startswith(f"{path}, line 1: unknown field(s) nmae; expected tables drag, blend, cross")
    assert message.endswith("or the key name (did you mean name?)")


def test_a_name_written_under_a_table_is_said_to_belong_above_it(tmp_path):
    path = write(tmp_path, GOOD_BLEND + "name = 'late'\n")
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    assert str(error.value).startswith(f"{path}, line 7: blend: unknown field(s) name;")
    assert str(error.value).endswith("(name belongs above the first table)")


def test_a_decimal_comma_toml_cannot_read_at_all_is_named_too(tmp_path):
    path = write(tmp_path, GOOD_BLEND.replace("[blend]", "[heads]\ncount = 2,5\n[blend]"))
    with pytest.raises(ExampleFileError) as error:
        load_example_file(path)
    assert str(error.value).startswith(f"{path}, line 3: 2,5 has a decimal comma; TOML numbers take a point")
