"""The three-token drag chapter: displayed values equal the numpy trace; last-frame snapshot."""

import numpy as np
import pytest
from manim import MathTex

from attention import attend, examples
from scenes.arithmetic import exp_tex, fmt
from scenes.three_token_drag import ThreeTokenDrag, describe, verdict
from tests.snapshot import assert_matches_snapshot, built, last_frame


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(ThreeTokenDrag, tmp_path_factory.mktemp("media"))


@pytest.mark.parametrize(
    "query, shown",
    [
        ((2, 0), [0.768, 0.045, 0.187]),
        ((0, 2), [0.045, 0.768, 0.187]),
        ((0.7, 0.7), [0.333, 0.333, 0.333]),
    ],
)
def test_bars_show_the_trace(scene, query, shown):
    scene.live.move_query_to(query)
    assert scene.live.bars.shown_values() == shown
    assert round(scene.live.bars.total.get_value(), 3) == 1.0


@pytest.mark.parametrize("query", [(2, 0), (0.3, 1.7), (1, -0.4)])
def test_context_arrow_ends_at_the_computed_context(scene, query):
    live = scene.live.move_query_to(query)
    np.testing.assert_allclose(live.query(), query, atol=1e-9)
    expected = attend(query, examples.current().drag.keys).output
    np.testing.assert_allclose(live.context.get_end(), live.plane.c2p(*expected), atol=1e-6)


def test_bar_heights_are_proportional_to_weights(scene):
    live = scene.live.move_query_to((2, 0))
    heights = np.array([bar.height for bar in live.bars.bars])
    np.testing.assert_allclose(heights / heights.sum(), live.trace().weights, rtol=1e-3)


def test_worked_example_shows_the_sources_arithmetic(scene):
    scene.live.move_query_to(examples.current().drag.query)
    steps = scene.step_table(scene.live.trace())
    tex = " ".join(m.tex_string for step in steps for m in step.get_family() if isinstance(m, MathTex))
    for expected in [
        "(2)(2) + (0)(0) = 4",
        r"4 / \sqrt{2} \approx 2.828",
        r"2 / \sqrt{2} \approx 1.414",
        r"e^{2.828\ldots} \approx 16.92",
        r"e^{1.414} \approx 4.11",
        r"16.92 + 1 + 4.11 \approx 22.03",
        r"16.92 / 22.03 \approx 0.768",
        r"1 / 22.03 \approx 0.045",
        r"4.11 / 22.03 \approx 0.187",
    ]:
        assert expected in tex


def test_every_shown_result_follows_from_shown_inputs():
    trace = examples.current().drag.trace()
    shown_exps = [float(fmt(e, 2)) for e in trace.exps]
    shown_sum = float(fmt(trace.exp_sum, 2))
    assert fmt(sum(shown_exps), 2) == fmt(trace.exp_sum, 2)
    for e, w in zip(shown_exps, trace.weights):
        assert fmt(e / shown_sum, 3) == fmt(w, 3)
    # where a rounded exponent would not give the shown power, the exponent is marked as cut
    assert exp_tex(trace.scores[0], trace.exps[0], 3, 2).startswith(r"e^{2.828\ldots}")
    assert exp_tex(trace.scores[2], trace.exps[2], 3, 2) == r"e^{1.414} \approx 4.11"


def test_captions_describe_the_weights():
    ex = examples.current().drag
    assert describe(ex.tokens, ex.trace([0, 2]).weights).startswith("Near “cat”")
    assert "0.333" in describe(ex.tokens, ex.trace([0.7, 0.7]).weights)
    assert verdict(ex.tokens, ex.trace()) == (
        "At q = (2, 0): “the” dominates, “sat” keeps a share, “cat” gets almost none."
    )


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("ThreeTokenDrag", last_frame(ThreeTokenDrag, tmp_path))
