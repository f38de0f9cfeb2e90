"""The names in the page's planes (query editor, drag panel) keep clear of every arrow, the axes and each other,
wherever the query puts the output arrow (issue 29: a value of [0, 0] had its name at the origin under the
output arrow, and 'the' sat on the x axis). In a real browser (Debian's chromium, headless)."""

import numpy as np
import pytest

from attention import examples
from tests.support.browser import panels_tab

PLANE = """(panel) => {
  const svg = document.querySelector(`#panel-${panel} svg.plane`);
  const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const ends = ["x1", "y1", "x2", "y2", "stroke-width"];
  const at = (line) => ends.map((name) => Number(line.getAttribute(name)));
  return {
    names: Array.from(svg.querySelectorAll(":scope > text"), box),
    shafts: Array.from(svg.querySelectorAll(":scope > line[stroke-linecap]"), at),
    heads: Array.from(svg.querySelectorAll(":scope > polygon"), box),
    axes: Array.from(svg.querySelectorAll(':scope > g[stroke-width="4"] > line'), at),
  };
}"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    with panels_tab(tmp_path_factory.mktemp("plane-names")) as tab:
        yield tab


def meets(box, shaft) -> bool:
    """Whether a shaft (x1, y1, x2, y2, stroke) passes through `box` ([left, top, right, bottom], SVG units)."""
    x1, y1, x2, y2, stroke = shaft
    points = np.linspace([x1, y1], [x2, y2], 400)
    low, high = np.array(box[:2]) - stroke / 2, np.array(box[2:]) + stroke / 2
    return bool(np.any(np.all((points >= low) & (points <= high), axis=1)))


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_names_clear(plane, count: int) -> None:
    assert len(plane["names"]) == count and len(plane["axes"]) == 2
    for i, name in enumerate(plane["names"]):
        assert not any(meets(name, shaft) for shaft in plane["shafts"] + plane["axes"]), i
        assert not any(overlap(name, head) for head in plane["heads"]), i
        assert not any(overlap(name, other) for other in plane["names"][:i]), i


@pytest.mark.parametrize("query", ["1.5,-2,0.25,3", "2,0,0,0", "0,2,0,0", "0,0,0,0", "-3,1,2,-1"])
def test_the_query_plane_s_names_keep_clear_of_arrows_axes_and_each_other(page, query):
    page.evaluate("(q) => { location.hash = 'query=' + q; }", query)
    page.wait_for_function("(q) => location.hash === '#query=' + q", arg=query)
    assert_names_clear(page.evaluate(PLANE, "query"), len(examples.DEFAULT.blend.tokens))


@pytest.mark.parametrize("point", ["2,0", "0,2", "0.75,0.75", "-1,-0.5"])
def test_the_drag_plane_s_names_keep_clear_of_arrows_axes_and_each_other(page, point):
    page.evaluate("(p) => { location.hash = 'drag=' + p; location.reload(); }", point)
    page.wait_for_function("() => document.querySelector('#panel-drag svg.plane text') !== null")
    assert_names_clear(page.evaluate(PLANE, "drag"), len(examples.DEFAULT.drag.tokens))
