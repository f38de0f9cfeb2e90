"""The page's interactive panels in a real browser (Debian's chromium, headless): drag, query editor, gain knob.

Every string a panel shows is checked against what `attention/` computes and `scenes/kit/arithmetic.py` prints.
The pages are published into empty output folders: the panels need the example's data, not the videos.
"""

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from attention import attend, examples, weights_at_gain
from attention.examples.file import load_example_file
from attention.sweeps import log10_smallest_weight, log10_top_sensitivity
from pipeline import outputs
from pipeline.plan.settings import from_options
from pipeline.publish import panel_data, update, web_page
from pipeline.publish.panel_data import _text
from scenes.kit.arithmetic import (
    Working,
    column,
    coords,
    decimals,
    fmt,
    fmt_column,
    one_format,
    sci,
    text_minus,
)
from scenes.kit.palette import theme
from tests.support.browser import axe_results, chromium, firefox_screenshot, motion, new_tab, serve

EXAMPLE = "examples/cat-and-dog.toml"
RANDOM_QUERIES = 600
CROSS = "#panel-drag .cross"


def published(out, **options):
    settings = replace(from_options("l"), **options)
    folder = outputs.folder(out, settings)
    folder.mkdir(parents=True)
    update.after_render(out, settings)
    return folder


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return published(tmp_path_factory.mktemp("panels"))


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def base(folder):
    with serve(folder) as base:
        yield base


def visit(browser, url, width=1280):
    """A tab at `url`; returns it, its console errors and every URL it requested."""
    requests = []
    page, errors = new_tab(browser, url, width, 900, requests, has_touch=width < 500)
    return page, errors, requests


def bars(page, panel):
    return page.locator(
        f"#panel-{panel} .{'bars-scaled' if panel == 'drag' else 'bars'} .value"
    ).all_inner_texts()


def fragment(page):
    return page.evaluate("() => location.hash")


def plane_point(page, x, y):
    """Where the plane point (x, y) is on the screen."""
    return page.evaluate(
        """([x, y]) => {
          const svg = document.querySelector("#panel-drag svg.plane");
          const [[xLo], [, yHi]] = JSON.parse(document.getElementById("panel-data").textContent).drag.range;
          const p = new DOMPoint((x - xLo) * 100, (yHi - y) * 100).matrixTransform(svg.getScreenCTM());
          return [p.x, p.y];
        }""",
        [x, y],
    )


def drag_to(page, *points):
    """Press on the plane, move through `points` (plane coordinates), release."""
    page.locator("#panel-drag svg.plane").scroll_into_view_if_needed()
    page.mouse.move(*plane_point(page, *points[0]))
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*plane_point(page, *point), steps=5)
    page.mouse.up()


def expected_drag(query):
    return panel_data.drag_point(examples.DEFAULT.drag, query)


def shown_drag(page):
    """The drag panel's bars, unscaled bars, worked example and context arrow's tip (plane coordinates)."""
    return page.evaluate(
        """() => {
          const root = document.getElementById("panel-drag");
          const texts = (selector) => Array.from(root.querySelectorAll(selector), (e) => e.textContent);
          const cells = [];  // key i's step j, whichever way the table is laid out; a raised power as '^'
          for (const td of root.querySelectorAll("td[data-key]")) {
            (cells[td.dataset.key] ||= [])[td.dataset.step] = Array.from(td.childNodes, (n) =>
              n.nodeName === "SUP" ? "^" + n.textContent : n.textContent).join("");
          }
          const tip = root.querySelectorAll("svg.plane polygon");
          const [[xLo], [, yHi]] = JSON.parse(document.getElementById("panel-data").textContent).drag.range;
          const [tx, ty] = tip[tip.length - 1].getAttribute("points").split(" ")[0].split(",").map(Number);
          return { weights: texts(".bars-scaled .value"), unscaled: texts(".bars-unscaled .value"), cells,
                   sum: root.querySelector(".sum").textContent, q: root.querySelector(".query-label").textContent,
                   tip: [tx / 100 + xLo, yHi - ty / 100] };
        }"""
    )


def assert_drag_matches(page, query):
    expected, shown = expected_drag(query), shown_drag(page)
    assert shown["weights"] == expected["weights"]
    assert shown["unscaled"] == expected["unscaled"]
    assert shown["cells"] == [
        list(row) for row in zip(*(expected[k] for k in ("dots", "scores", "exps", "ratios")))
    ]
    assert shown["sum"] == f"sum = {expected['sum']}"
    assert shown["q"] == f"q = {expected['q']}"
    assert shown["tip"] == pytest.approx(attend(query, examples.DEFAULT.drag.keys).output, abs=1e-6)


def test_dragging_the_query_with_the_mouse(browser, base):
    page, errors, _ = visit(browser, base + "index.html")
    drag_to(page, (0, 0), (1, -0.5), (2.02, 0.04))
    assert bars(page, "drag") == ["0.768", "0.045", "0.187"]
    assert fragment(page) == "#drag=2,0"
    assert_drag_matches(page, (2, 0))
    assert page.evaluate("() => document.activeElement.matches('#panel-drag .cross')")
    for x, y in ((0.5, 0.5), (1.25, 1.25), (-1, -1)):
        drag_to(page, (0, 2), (x, y))
        assert bars(page, "drag") == ["0.333"] * 3
        assert_drag_matches(page, (x, y))
    drag_to(page, (0, 0), (0.26, 2.9))
    assert_drag_matches(page, (0.25, 3))
    assert errors == []


WORKED_OVERFLOW = (
    "() => { const w = document.querySelector('#panel-drag .worked'); return w.scrollWidth - w.clientWidth; }"
)


def test_dragging_the_query_with_a_finger_on_a_phone(browser, base):
    page, errors, _ = visit(browser, base + "index.html", width=390)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert (
        page.evaluate(WORKED_OVERFLOW) <= 1
    )  # the steps one under another: nothing hidden sideways (review 7)
    assert page.locator("#panel-drag tbody th[scope=col]").count() == 4  # a step's name over its cells
    page.locator("#panel-drag svg.plane").tap(position={"x": 5, "y": 5})  # the top left corner: (-1, 3)
    assert fragment(page) == "#drag=-1,3"
    assert_drag_matches(page, (-1, 3))
    assert errors == []


def test_the_query_moves_by_one_grid_step_per_arrow_key(browser, base):
    page, _, _ = visit(browser, base + "index.html#drag=2,0")
    page.focus(CROSS)
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('.cross .focus-ring')).strokeWidth")
        == "5px"
    )
    page.keyboard.press("ArrowLeft")
    assert fragment(page) == "#drag=1.75,0"
    assert_drag_matches(page, (1.75, 0))
    for key in ("ArrowUp", "ArrowUp", "ArrowRight"):
        page.keyboard.press(key)
    assert fragment(page) == "#drag=2,0.5"
    assert_drag_matches(page, (2, 0.5))
    for _ in range(20):  # held against the plane's edge
        page.keyboard.press("ArrowRight")
    assert fragment(page) == "#drag=3,0.5"


def test_a_click_or_a_step_button_moves_the_query_without_dragging(browser, base):
    """WCAG 2.5.7: a click (no movement) puts the × where it is, and a button moves it one grid step."""
    page, errors, _ = visit(browser, base + "index.html#drag=2,0")
    page.locator("#panel-drag svg.plane").scroll_into_view_if_needed()
    page.mouse.click(*plane_point(page, 1.05, 0.98))
    assert fragment(page) == "#drag=1,1"
    assert_drag_matches(page, (1, 1))
    steps = page.get_by_role("group", name="Move the query × one grid step")
    for name, query in (
        ("← left", (0.75, 1)),
        ("↑ up", (0.75, 1.25)),
        ("↓ down", (0.75, 1)),
        ("→ right", (1, 1)),
    ):
        steps.get_by_role("button", name=name).click()
        assert_drag_matches(page, query)
    assert fragment(page) == "#drag=1,1"
    assert errors == []


def test_the_switch_shows_the_unscaled_weights(browser, base):
    page, _, _ = visit(browser, base + "index.html#drag=2,0")
    unscaled = page.locator("#panel-drag .unscaled-block")
    assert unscaled.is_hidden()
    page.get_by_label("Show the weights without ÷ √d beside them").check()
    assert unscaled.is_visible()
    assert (
        page.locator("#panel-drag .bars-unscaled .value").all_inner_texts()
        == expected_drag((2, 0))["unscaled"]
    )


def test_the_fragment_sets_every_panel(browser, base):
    page, errors, _ = visit(browser, base + "index.html#drag=0.75,0.75&query=0,2,0,0&gain=4")
    assert bars(page, "drag") == ["0.333"] * 3
    assert page.locator("#panel-query input.entry").evaluate_all("(es) => es.map((e) => e.value)") == [
        "0",
        "2",
        "0",
        "0",
    ]
    refocused = attend([0, 2, 0, 0], examples.DEFAULT.blend.keys, examples.DEFAULT.blend.values)
    assert bars(page, "query") == [fmt(w, 3) for w in refocused.weights]
    scores = examples.DEFAULT.blend.trace(0, scaled=False).scores
    assert page.locator("#panel-gain .gain-value").inner_text() == "4.0"
    assert page.locator("#panel-gain .smallest").inner_text() == sci(log10_smallest_weight(scores, 4.0))
    assert bars(page, "gain") == decimals(weights_at_gain(scores, 4.0))
    page.evaluate("() => { location.hash = 'drag=2,0&gain=10'; }")
    page.wait_for_function("() => document.querySelector('#panel-gain .gain-value').textContent === '10.0'")
    assert bars(page, "drag") == ["0.768", "0.045", "0.187"]
    assert errors == []


def python_strings(query):
    """What the query editor must show for `query`, from numpy and the lecture's formatting, with the minus sign
    the video draws (issue 29: the table printed hyphens)."""
    blend = examples.DEFAULT.blend
    trace = attend(query, blend.keys, blend.values)

    def number(x):
        return text_minus(fmt(x, 3))

    def vector(values):
        return "[" + ", ".join(fmt_column(values, 3)) + "]"

    return {
        "dots": [text_minus(d) for d in fmt_column(trace.dots, 3)],  # one format down a column
        "scores": [text_minus(s) for s in fmt_column(trace.scores, 3)],
        "exps": [text_minus(e) for e in fmt_column(trace.exps, 3)],  # the sum to the exponentials' places
        "sum": text_minus(fmt(trace.exp_sum, column(trace.exps, 3))),
        "weights": [number(w) for w in trace.weights],
        # the w·v column in one format, every row to its places ('[0.000, 0.000]' under '[0.831, 0.000]')
        "terms": [text_minus("[" + ", ".join(row) + "]") for row in one_format(trace.terms)],
        "output": text_minus(vector(trace.output)),
    }


def random_queries():
    """Random queries over the whole range the editor takes, with extremes, halves and exact ties among them."""
    low, high = panel_data.query_range(examples.DEFAULT.blend)
    rng = np.random.default_rng(14)
    n = RANDOM_QUERIES // 4
    uniform = rng.uniform(low, high, (2 * n, 4))
    typed = [np.round(q, places) for q, places in zip(rng.uniform(low, high, (n, 4)), rng.integers(0, 4, n))]
    corners = rng.choice([low, high, 0.0, 1e-9, -1e-9, 0.0005, 0.125, 2.5], (n, 4))
    return np.vstack([uniform, typed, corners]).tolist()


def test_the_ported_formulas_print_what_numpy_and_the_lecture_print(browser, base):
    page, _, _ = visit(browser, base + "index.html")
    queries = random_queries()
    shown = page.evaluate(
        """(queries) => queries.map((q) => {
          const { trace, ...strings } = window.lecturePanels.queryStrings(q);
          return strings;
        })""",
        queries,
    )
    mismatches = [(q, s) for q, s in zip(queries, shown) if s != python_strings(q)]
    assert len(shown) >= 500
    assert mismatches == []


def test_exact_ties_round_to_even_as_python_does(browser, base):
    page, _, _ = visit(browser, base + "index.html")
    values = [0.125, 0.375, 2.5, -0.125, 0.0625, 1.0625, 4.3125, 0.1, 2 / 3, -1e-10, 1e20]
    for places in (1, 2, 3):
        got = page.evaluate("([vs, p]) => vs.map((v) => window.lecturePanels.fmt(v, p))", [values, places])
        assert got == [fmt(v, places) for v in values]


def query_panel_text(page):
    return page.locator("#panel-query").inner_text()


def test_typing_a_query_and_the_lecture_buttons(browser, base):
    page, errors, _ = visit(browser, base + "index.html")
    entries = page.locator("#panel-query input.entry")
    for i, value in enumerate(("1.5", "-2", "0.25", "3")):
        entries.nth(i).fill(value)
    expected = python_strings([1.5, -2, 0.25, 3])
    assert bars(page, "query") == expected["weights"]
    assert fragment(page) == "#query=1.5,-2,0.25,3"
    rows = page.locator("#panel-query tbody tr").evaluate_all(
        "(rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))"
    )
    assert rows == [
        list(r) for r in zip(*(expected[k] for k in ("dots", "scores", "exps", "weights", "terms")))
    ]
    assert page.locator("#panel-query .output").inner_text() == f"output = {expected['output']}"
    page.get_by_role("button", name="Refocused query (0, 2, 0, 0)").click()
    assert bars(page, "query") == python_strings([0, 2, 0, 0])["weights"]
    assert fragment(page) == "#query=0,2,0,0"
    page.get_by_role("button", name="First query (2, 0, 0, 0)").click()
    assert dict(zip(examples.DEFAULT.blend.tokens, bars(page, "query"))) == {
        "the": "0.665",
        "sat": "0.245",
        "cat": "0.090",
    }
    assert errors == []


QUERY_TABLE = """() => {
  const box = document.querySelector('#panel-query .worked');
  const lines = (cell) => {  // the line boxes of a cell's text
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getClientRects().length;
  };
  return { over: box.scrollWidth - box.clientWidth, page: document.documentElement.scrollWidth,
           text: box.textContent, lines: Array.from(box.querySelectorAll('tbody td'), lines) };
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_query_table_fits_its_box_with_minus_signs(browser, base, width):
    """Issue 29: at 390 px the table's 'w v' column overflowed its box, and it printed hyphens ('-1.500'). Now it
    fits at a phone's width (a cell wraps only there) and writes the video's minus sign."""
    page, errors, _ = visit(browser, base + "index.html#query=1.5,-2,0.25,3", width=width)
    shown = page.evaluate(QUERY_TABLE)
    assert shown["over"] <= 1 and shown["page"] <= width
    assert "−0.500" in shown["text"] and not re.search(r"-\d", shown["text"])
    if width > 500:
        assert set(shown["lines"]) == {1}  # room for every cell on one line: none wraps
    assert errors == []


@pytest.mark.parametrize(
    ("typed", "message"),
    [("", "empty"), ("abc", "not a number"), ("1e", "not a number"), ("11", "out of range")],
)
def test_a_bad_entry_is_shown_as_such_never_as_nan(browser, base, typed, message):
    page, errors, _ = visit(browser, base + "index.html#query=2,0,0,0")
    entry = page.get_by_label("q2", exact=True)
    entry.fill(typed)
    assert entry.get_attribute("aria-invalid") == "true"
    assert page.locator("#query-1-error").inner_text().startswith(message)
    assert "Fix the entry" in page.locator("#panel-query .status").inner_text()
    assert "NaN" not in query_panel_text(page) and "Infinity" not in query_panel_text(page)
    assert fragment(page) == "#query=2,0,0,0"  # a bad entry is not written into the address
    entry.fill("0")
    assert entry.get_attribute("aria-invalid") == "false"
    assert dict(zip(examples.DEFAULT.blend.tokens, bars(page, "query"))) == {
        "the": "0.665",
        "sat": "0.245",
        "cat": "0.090",
    }
    assert errors == []


def test_the_gain_knob(browser, base):
    page, errors, _ = visit(browser, base + "index.html")
    scores = examples.DEFAULT.blend.trace(0, scaled=False).scores
    knob = page.get_by_label("Gain g")
    for gain in (1.0, 2.5, 4.0, 7.3, 10.0):
        knob.fill(str(gain))
        assert page.locator("#panel-gain .gain-value").inner_text() == f"{gain:.1f}"
        assert bars(page, "gain") == decimals(weights_at_gain(scores, gain))  # as WhereItBreaks' bars
        smallest = page.locator("#panel-gain .smallest").inner_text()
        assert smallest == sci(log10_smallest_weight(scores, gain))  # the video's rule: 0.016, 4.25 × 10⁻¹⁸
        assert float(smallest.split(" ×")[0]) > 0  # a positive weight never reads 0.000
        assert page.locator("#panel-gain .sensitivity").inner_text() == sci(
            log10_top_sensitivity(scores, gain)
        )
    assert fragment(page) == "#gain=10"
    knob.focus()
    page.keyboard.press("ArrowLeft")
    assert fragment(page) == "#gain=9.9"
    dot = page.locator("#panel-gain svg.curve circle")
    high = float(dot.get_attribute("cy"))
    knob.fill("1")
    assert float(dot.get_attribute("cy")) < high  # w(1 − w) falls as the gain rises: the dot was lower
    assert errors == []


def test_the_gain_steps_by_its_buttons(browser, base):
    """WCAG 2.5.7: the knob moves without dragging its thumb, a tenth a tap, and stops at its ends."""
    page, errors, _ = visit(browser, base + "index.html#gain=9.9")
    scores = examples.DEFAULT.blend.trace(0, scaled=False).scores
    shown = page.locator("#panel-gain .gain-value")
    for name, gain in (("+0.1", 10.0), ("+0.1", 10.0), ("−0.1", 9.9), ("−0.1", 9.8)):
        page.get_by_role("button", name=name, exact=True).click()
        assert shown.inner_text() == f"{gain:.1f}"
        assert bars(page, "gain") == decimals(weights_at_gain(scores, gain))  # as WhereItBreaks' bars
    assert fragment(page) == "#gain=9.8"
    page.evaluate("() => { location.hash = 'gain=1'; }")
    page.wait_for_function("() => document.querySelector('#panel-gain .gain-value').textContent === '1.0'")
    page.get_by_role("button", name="−0.1", exact=True).click()
    assert shown.inner_text() == "1.0"
    assert errors == []


def test_weights_are_announced_politely_once_settled(browser, base):
    page, _, _ = visit(browser, base + "index.html")
    region = page.locator("#panel-drag [aria-live=polite]")
    page.focus(CROSS)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert region.inner_text() == ""  # not on every step
    page.wait_for_function("() => document.querySelector('#panel-drag [aria-live]').textContent !== ''")
    assert region.text_content() == "At q = (2, 0): the 0.768, cat 0.045, sat 0.187"


def test_every_control_is_labelled(browser, base):
    page, _, _ = visit(browser, base + "index.html")
    unnamed = page.evaluate(
        """() => Array.from(document.querySelectorAll("input, button, [tabindex]"))
          .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute("aria-label") && !e.textContent.trim())
          .map((e) => e.outerHTML)"""
    )
    assert unnamed == []


def test_no_request_leaves_the_folder(browser, base, folder):
    page, errors, requests = visit(browser, base + "index.html#drag=1,1")
    drag_to(page, (0, 0), (2, 0))
    page.get_by_label("Gain g").fill("5")
    assert requests and all(url.startswith(base) for url in requests), requests
    assert {url.removeprefix(base) for url in requests} <= {p.name for p in folder.iterdir()} | {"index.html"}
    assert errors == []


def test_the_panels_work_opened_from_disk(browser, folder):
    page, errors, _ = visit(browser, (folder / "index.html").as_uri() + "#drag=2,0")
    assert bars(page, "drag") == ["0.768", "0.045", "0.187"]
    assert errors == []


def test_a_custom_examples_page_shows_its_own_tokens_and_numbers(browser, tmp_path):
    folder = published(tmp_path, example=EXAMPLE, theme="light")
    own = load_example_file(EXAMPLE)
    with serve(folder) as base:
        page, errors, _ = visit(browser, base + "index.html#drag=1.5,0.5")
        tokens = page.locator("#panel-drag .bars-scaled .token").all_inner_texts()
        assert tokens == list(own.drag.tokens) == ["dog", "cat", "pet"]
        assert bars(page, "drag") == [fmt(w, 3) for w in attend([1.5, 0.5], own.drag.keys).weights]
        assert page.locator("#panel-query input.entry").count() == 3
        first = attend(own.blend.queries[0], own.blend.keys, own.blend.values)
        assert bars(page, "query") == [fmt(w, 3) for w in first.weights]
        assert page.locator("#panel-query .bars .token").all_inner_texts() == list(own.blend.tokens)
        background = page.evaluate(
            "() => getComputedStyle(document.querySelector('#panel-drag svg')).backgroundColor"
        )
        assert background == "rgb(255, 255, 255)"  # the light theme's background
        assert errors == []


def test_the_drag_opens_on_the_example_s_own_query_even_off_the_grid(browser, tmp_path):
    """As the video: the example's query exactly, not the nearest grid point; the grid is for dragging; a negative
    number with the video's minus sign (issue 29: hyphens). Its long decimal dot products fit a phone: the steps
    one under another, '≈ result' under the terms (review 7)."""
    off_grid = tmp_path / "off-grid.toml"
    off_grid.write_text(
        Path(EXAMPLE)
        .read_text(encoding="utf-8")
        .replace("query = [1.5, 0.5]", "query = [-1.337, 0.421]")
        .replace(
            "keys = [[1.5, 0.5], [0.5, 1.5], [1, 1]]", "keys = [[1.625, -0.875], [-0.125, 1.375], [1, 1]]"
        )
    )
    own = load_example_file(off_grid)
    folder = published(tmp_path / "out", example=off_grid)
    with serve(folder) as base:
        page, errors, _ = visit(browser, base + "index.html")
        opened = f"q = {text_minus(coords(own.drag.query))}"
        assert page.locator("#panel-drag .query-label").inner_text() == opened == "q = (−1.337, 0.421)"
        assert bars(page, "drag") == [fmt(w, 3) for w in attend(own.drag.query, own.drag.keys).weights]
        # the video's minus sign, never a hyphen: in the working, as TeX draws it, and in the query's label
        worked = page.locator("#panel-drag .worked").inner_text()
        assert "-" not in worked and "(−1.337)(1.625)" in worked and "(0.421)(−0.875)" in worked
        page.locator("#panel-drag .steps button").first.click()  # a step lands on the grid
        assert page.locator("#panel-drag .query-label").inner_text() != opened
        assert errors == []
        phone, errors, _ = visit(browser, base + "index.html", width=390)
        assert (
            phone.evaluate(WORKED_OVERFLOW) <= 1 and phone.locator("#panel-drag td[data-step='0'] br").count()
        )
        assert errors == []


SMALL_TARGETS = """() => Array.from(document.querySelectorAll("button, input, select, [tabindex]"))
  .map((e) => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
  .filter(([, box]) => box.width < 24 || box.height < 24)
  .map(([html, box]) => [html, Math.round(box.width), Math.round(box.height)])"""


@pytest.mark.parametrize(("scheme", "width"), [("dark", 1280), ("light", 1280), ("dark", 390)])
def test_axe_finds_nothing_and_every_target_is_24_px(browser, base, scheme, width):
    """WCAG 2.2 AA: no violation and nothing left for a person to review (the text axe cannot place, in SVG or in
    a table scrolling sideways, measured by `axe_results`); every control at least 24 × 24 px (2.5.8)."""
    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page.goto(base + "index.html#drag=2,0")
    page.get_by_label("Show the weights without ÷ √d beside them").check()
    page.get_by_label("q3", exact=True).fill("x")  # an entry marked bad is checked too
    assert page.evaluate(SMALL_TARGETS) == []
    assert axe_results(page) == {"violations": [], "incomplete": []}


def test_nothing_moves_when_the_reader_asks_for_reduced_motion(browser, base):
    """The page's own rule stills even motion added later: a bar that eases, smooth scrolling."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(base + "index.html#drag=2,0")
    page.add_style_tag(content=".weights .bar { transition: width .3s; } html { scroll-behavior: smooth; }")
    assert len(motion(page)) > 3  # the html element and each bar
    page.emulate_media(reduced_motion="reduce")
    page.get_by_role("button", name="→ right").click()
    assert motion(page) == []


def pixels_of(image: np.ndarray, colour: str) -> int:
    rgb = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])
    return int((np.abs(image - rgb).max(axis=2) <= 6).sum())


def test_firefox_draws_the_panels(folder, tmp_path):
    shot = tmp_path / "firefox.png"
    firefox_screenshot((folder / "index.html").as_uri() + "#drag=2,0&gain=4", shot, tmp_path / "profile")
    image = np.asarray(Image.open(shot).convert("RGB")).astype(int)
    dark = panel_data.panels()["theme"]
    assert pixels_of(image, dark["background"]) > 0.2 * image.shape[0] * image.shape[1]  # three panel planes
    for colour in (dark["query"], dark["output"], *panel_data.panels()["drag"]["colours"]):
        assert pixels_of(image, colour) > 500, colour  # the ×, the context arrow, each key and its bar


def test_every_module_is_bundled_with_its_imports_resolved():
    modules = sorted(p.name for p in (web_page.WEB / "js").glob("*.js"))
    script = web_page.bundle(web_page.ENTRY) + web_page.bundle(web_page.PRESENT_ENTRY)  # page.js, present.js
    assert [name for name in modules if f'modules["{name}"] = ' not in script] == []  # none left out
    assert not re.search(
        r"^\s*(import|export)\b", script, re.MULTILINE
    )  # every one in the form bundle() reads


def test_the_copies_of_the_chapters_formats_agree_with_them():
    from scenes.chapters import blend_by_weight, three_token_drag

    assert panel_data.EXP_PLACES == three_token_drag.EXP_PLACES
    assert panel_data.BLEND_EXP_PLACES == blend_by_weight.EXP_PLACES
    assert panel_data.sci is sci  # not a copy: one rule for the video and the page (issue 29)


def test_the_render_command_still_starts_without_manim():
    code = "import sys, pipeline.build; sys.exit(1 if 'manim' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parents[2]).returncode == 0


def test_publishing_leaves_the_processs_example_and_theme_alone(tmp_path):
    published(tmp_path, example=EXAMPLE, theme="light")
    assert examples.current() is examples.DEFAULT
    assert theme().name == "dark"


def test_the_drag_panel_prints_the_chapter_s_columns():
    """Issue 29: the page prints what the video prints, each quantity to one number of places down its column."""
    drag = examples.DEFAULT.drag
    point = panel_data.drag_point(drag, drag.query)
    assert point["scores"][1] == "0 / √2 = 0.000" and point["exps"][1] == "e^0.000 = 1.00"
    assert point["sum"] == "16.92 + 1.00 + 4.11 = 22.03" and point["ratios"][1] == "1.00 / 22.03 ≈ 0.045"
    working = Working(drag.trace(), panel_data.EXP_PLACES)
    rows = (working.dots(), working.scores(), working.exps(), working.ratios())
    assert [point[k] for k in ("dots", "scores", "exps", "ratios")] == [[_text(r) for r in c] for c in rows]


def test_the_drag_table_fits_a_phone_with_names_of_24_letters(browser, tmp_path):
    """Issue 29: a corpus example's 24-letter names pushed the drag panel's working wider than a phone (434 px in
    326): after the steps one under another and the results on lines of their own, the names wrap."""
    long_names = tmp_path / "long-names.toml"
    long_names.write_text(
        Path(EXAMPLE)
        .read_text(encoding="utf-8")
        .replace(
            'tokens = ["dog", "cat", "pet"]',
            'tokens = ["electroencephalographies", "counterrevolutionaryisms", "internationalisation-xyz"]',
            1,
        )
    )
    folder = published(tmp_path / "out", example=long_names)
    with serve(folder) as base:
        phone, errors, _ = visit(browser, base + "index.html", width=390)
        assert (
            phone.evaluate(WORKED_OVERFLOW) <= 1 and phone.locator("#panel-drag td[data-step='0'] br").count()
        )
        names = phone.locator("#panel-drag .worked tbody th[scope=row]").all_inner_texts()
        assert {name.replace("\n", "") for name in names} == set(load_example_file(long_names).drag.tokens)
        wide, errors_wide, _ = visit(browser, base + "index.html", width=1280)
        assert wide.evaluate(WORKED_OVERFLOW) <= 1
        assert errors == errors_wide == []
