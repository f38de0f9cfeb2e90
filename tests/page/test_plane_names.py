"""The names in the page's planes (query editor, drag panel) keep clear of every arrow, the axes and each other,
wherever the query puts the output arrow (issue 29: a value of [0, 0] had its name at the origin under the
output arrow, and 'the' sat on the x axis). In a real browser (Debian's chromium, headless)."""

import numpy as np
import pytest

from attention import examples
from pipeline import outputs
from pipeline.plan import chapters
from pipeline.plan.settings import from_options
from pipeline.publish import web_page
from tests.support.browser import new_tab, panels_tab, serve

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


RIVER = """name = "river bank"

[drag]
tokens = ["river", "bank", "money", "water"]
keys = [[1.25, -0.4], [0.6, 0.9], [-0.8, 1.1], [1.4, -1.2]]
query = [1.1, -0.35]
path = [[-1, 0.5], [1.1, -0.35], [0.2, 1.3], [1.1, -0.35]]
"""  # a reviewer's four keys (review 6): 'water' a name's width from the plane's edge, 'river' by the query
NEAR_TIP = 90  # SVG units (100 a unit): a name's box at most this far from its own arrow's tip
SWEEP = """async (keys) => {
  const svg = document.querySelector("#panel-drag svg.plane");
  const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const seen = [];
  for (const key of keys) {
    const moved = new Promise((done) => addEventListener("hashchange", done, { once: true }));
    location.hash = "drag=" + key;
    await moved;  // after the panel's own listener: the cross and the names moved
    const cross = svg.querySelector(".cross");
    const [x, y] = cross.getAttribute("transform").match(/-?[\\d.]+/g).map(Number);
    const [left, top, right, bottom] = box(cross);
    seen.push({ key, names: Array.from(svg.querySelectorAll(":scope > text"), box),
                cross: [x + left, y + top, x + right, y + bottom] });
  }
  return seen;
}"""


@pytest.fixture(scope="module")
def river(tmp_path_factory, page):
    """The page of a four-key example (RIVER alone: the other tables the lecture's), served, open in a tab of
    `page`'s Chromium."""
    out = tmp_path_factory.mktemp("river")
    (out / "river.toml").write_text(RIVER, encoding="utf-8")
    settings = from_options("l", example=out / "river.toml")
    folder = outputs.folder(out, settings)
    folder.mkdir(parents=True)
    for name, text in web_page.pages(folder, chapters.all_chapters(), settings).items():
        (folder / name).write_text(text, encoding="utf-8")
    with serve(folder) as base:
        tab, errors = new_tab(page.context.browser, base + "index.html", 1280, 900)
        yield tab
        assert errors == []


def plane(tab) -> tuple[np.ndarray, list[float], list[str]]:
    """The keys' tips in SVG units, the plane's size, and the grid points to drag the query to: each tip's nearest
    and the eight round it, and every half unit (a quarter of the grid: all of it took minutes on a busy machine)."""
    data = tab.evaluate("() => JSON.parse(document.getElementById('panel-data').textContent).drag")
    (x_lo, x_hi), (y_lo, y_hi) = data["range"]
    keys, step = np.array(data["keys"]), data["step"]
    near = {(x + dx, y + dy) for x, y in np.round(keys / step) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    steps = [tuple(np.round(np.array(p.split(","), dtype=float) / step)) for p in data["points"]]
    chosen = [p for p, (x, y) in zip(data["points"], steps) if (x, y) in near or x % 2 == y % 2 == 0]
    tips = np.column_stack([keys[:, 0] - x_lo, y_hi - keys[:, 1]]) * 100
    return tips, [(x_hi - x_lo) * 100, (y_hi - y_lo) * 100], chosen


def gap(box, point) -> float:
    """How far `box` [left, top, right, bottom] is from `point`."""
    return float(
        np.hypot(max(box[0] - point[0], 0, point[0] - box[2]), max(box[1] - point[1], 0, point[1] - box[3]))
    )


@pytest.mark.parametrize("tab", ["page", "river"])
def test_wherever_the_query_is_dragged_each_key_s_name_stands_by_its_own_tip_clear_of_the_cross(tab, request):
    """Grid points of the drag panel (`plane`: on and round the keys' tips, and every half unit), the lecture's
    three keys and a four-key example: each name within NEAR_TIP of its own arrow's tip and nearer it than any
    other tip, inside the plane, off the cross and the other names (the last review: 'cat' stood at the plane's
    corner with the × on its tip; the × was no obstacle at all)."""
    tab = request.getfixturevalue(tab)
    points, (width, height), keys = plane(tab)
    seen = tab.evaluate(SWEEP, keys)
    assert len(seen) == len(keys) > 100
    for at in seen:
        for i, name in enumerate(at["names"]):
            near = gap(name, points[i])
            assert near <= NEAR_TIP, (at["key"], i, near)
            assert all(near < gap(name, tip) for j, tip in enumerate(points) if j != i), (at["key"], i)
            assert 0 <= name[0] and 0 <= name[1] and name[2] <= width and name[3] <= height, (at["key"], i)
            assert not overlap(name, at["cross"]), (at["key"], i)
            assert not any(overlap(name, other) for other in at["names"][:i]), (at["key"], i)
