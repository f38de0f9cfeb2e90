"""The query panel prints each quantity in one format, as the video does (issue 29: '[0.074, 0]' beside
'0.074'): the exponentials and their sum one column, the w·v terms one column (every row to the same places:
'[0.000, 0.000]' under '[0.831, 0.000]') as the video's rows (`scaled_rows`) print them, the output one vector.
In a real browser (Debian's chromium, headless)."""

import re

import pytest

from attention import attend, examples
from pipeline.publish.panel_data import BLEND_EXP_PLACES
from scenes.kit.arithmetic import WEIGHT_PLACES, column, fmt, fmt_column, one_format, scaled_rows, text_minus
from tests.support.browser import panels_tab

# a zero score beside others (e^0 = 1 among decimals), a zero coordinate in a term, all-whole products, and
# exponentials within 1e-9 of 1 (whole) whose sum is not
QUERIES = ([2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0], [1.5, -2, 0.25, 3], [-1e-9, 0, 0.125, 0.125])


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with panels_tab(tmp_path_factory.mktemp("query-format")) as tab:
        yield tab


def shown(page, query) -> dict:
    return page.evaluate(
        "(q) => { const { trace, ...strings } = window.lecturePanels.queryStrings(q); return strings; }",
        query,
    )


def listed(printed) -> str:
    return text_minus("[" + ", ".join(printed) + "]")


@pytest.mark.parametrize("query", QUERIES)
def test_exponentials_and_their_sum_are_one_column(page, query):
    trace = attend(query, examples.DEFAULT.blend.keys, examples.DEFAULT.blend.values)
    strings = shown(page, query)
    assert strings["exps"] == [text_minus(e) for e in fmt_column(trace.exps, BLEND_EXP_PLACES)]
    assert strings["sum"] == text_minus(fmt(trace.exp_sum, column(trace.exps, BLEND_EXP_PLACES)))


@pytest.mark.parametrize("query", QUERIES)
def test_the_terms_are_one_column_and_the_output_one_vector_as_the_video_prints_them(page, query):
    blend = examples.DEFAULT.blend
    trace = attend(query, blend.keys, blend.values)
    strings = shown(page, query)
    video = [listed(r.result for r in row.relations) for row in scaled_rows(trace.weights, blend.values)]
    assert strings["terms"] == video == [listed(row) for row in one_format(trace.terms, WEIGHT_PLACES)]
    assert len({len(p) for row in one_format(trace.terms) for p in row if "." in p}) <= 1  # one places
    assert strings["output"] == listed(fmt_column(trace.output, WEIGHT_PLACES))


def test_a_term_with_a_zero_coordinate_keeps_its_vector_s_places(page):
    """The lecture's first query: 'the' weighs 0.665 times [1, 0]; an exponential of exactly 1 among decimals."""
    strings = shown(page, [2, 0, 0, 0])
    terms = dict(zip(examples.DEFAULT.blend.tokens, strings["terms"]))
    assert terms["the"] == "[0.665, 0.000]"
    assert sorted(strings["exps"]) == ["1.000", "2.718", "7.389"] and strings["sum"] == "11.107"  # never "1"


def test_a_zero_value_s_term_has_the_column_s_places(page):
    """Issue 29: the w·v column printed '[0, 0]' for a value [0, 0] beside '[0.831, 0.000]'; all whole rows bare."""
    blend = examples.DEFAULT.blend
    zero = next(i for i, v in enumerate(blend.values) if not any(v))
    strings = shown(page, [1.5, -2, 0.25, 3])
    assert strings["terms"][zero] == "[0.000, 0.000]"
    assert all(re.fullmatch(r"\[−?\d+\.\d{3}, −?\d+\.\d{3}\]", term) for term in strings["terms"])
