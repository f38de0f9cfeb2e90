"""The three-token drag chapter: displayed values equal the numpy trace; symbols, reasons and payoff
in the captions; last-frame snapshot."""

import dataclasses

import numpy as np
import pytest
from manim import MathTex, tempconfig

from attention import attend, examples
from attention.examples import DragExample
from scenes.arithmetic import exp_tex, fmt
from scenes.three_token_drag import ThreeTokenDrag, against_blend, describe, reasons, verdict
from tests.snapshot import SIZE, assert_matches_snapshot, built

LAYOUT = (-7.4, 7.4, -3.8, 3.65)  # x and y bounds of the area the chapter may use (the safe area ends at 7.5)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(ThreeTokenDrag, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """The chapter played through at snapshot size (its captions and last frame)."""
    settings = {
        "pixel_width": SIZE[0],
        "pixel_height": SIZE[1],
        "frame_rate": 15,
        "format": "png",
        "media_dir": str(tmp_path_factory.mktemp("render")),
        "disable_caching": True,
        "verbosity": "WARNING",
        "progress_bar": "none",
    }
    with tempconfig(settings):
        chapter = ThreeTokenDrag()
        chapter.render()
        return chapter


@pytest.fixture
def custom():
    """Install a custom drag example for one test, restoring the default after."""
    default = examples.current()

    def install(**drag):
        examples.use(dataclasses.replace(default, drag=DragExample(**drag)))
        return examples.current().drag

    yield install
    examples.use(default)


def captions(chapter) -> list[str]:
    return [c.content for c in chapter.renderer.file_writer.subcaptions]


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
        "16.92 + 1 + 4.11 = 22.03",  # exact as printed
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
    assert describe(ex.tokens, ex.trace([0, 2])).startswith("Near “cat”")
    assert (
        verdict(ex.tokens, ex.trace())
        == "At q = (2, 0): “the” dominates, “sat” keeps a share, “cat” gets almost none."
    )


def test_equal_weights_are_explained_by_dot_products_not_distance():
    ex = examples.current().drag
    assert describe(ex.tokens, ex.trace([0.7, 0.7])) == (
        "Equal q · k_i here, so each weight is 0.333, though the cross is nearest “sat”: "
        "dot products, not distance."
    )
    # equally near two keys: no key is named
    assert describe(("a", "b"), attend([0, 0], [[1, 0], [-1, 0]])) == (
        "Equal q · k_i here, so each weight is 0.500: dot products set the weights."
    )


def test_the_top_weight_is_compared_with_chapter_4s_divisor():
    ex = examples.current()
    assert against_blend(ex.drag.trace(), ex.blend.trace(0)) == (
        "Chapter 4 has the same dot products 4, 2, 0 but d = 4, so ÷ √4 = 2: top weight 0.665 there, 0.768 here."
    )
    other = attend([1, 0, 0], [[1, 0, 0], [0, 1, 0]])
    assert against_blend(ex.drag.trace(), other) == (
        "Chapter 4's d = 3 divides by √3 ≈ 1.732: top weight 0.640 there, 0.768 here."
    )


def test_captions_name_each_symbol(rendered):
    said = captions(rendered)
    intro = " ".join(said[:3])
    for symbol in ["key vector k_i", "query q", "d = 2", "dimension", "score_i", "w_i", "context"]:
        assert symbol in intro
    steps = " ".join(s for s in said if s.startswith("Step"))
    assert "score_i" in steps and "w_i" in steps and "√d = √2" in steps


def test_captions_give_the_reasons_and_the_payoff(rendered):
    said = captions(rendered)
    ex = examples.current().drag
    assert reasons(ex.tokens, ex.trace()) in said
    payoff = next(s for s in said if "RNN" in s)
    for words in ["one RNN hidden state", "whole sequence", "chapter 1", "query-specific blend", "on demand"]:
        assert words in payoff
    assert against_blend(ex.trace(), examples.current().blend.trace(0)) in said


def test_the_legend_and_captions_say_the_values_are_the_keys(scene, rendered):
    assert "here vᵢ = kᵢ" in scene.live.glossary.columns[1][4].original_text
    assert any("(here, the keys)" in s for s in captions(rendered))


def test_chapter_lasts_40_to_70_seconds(rendered):
    assert 40 <= rendered.renderer.time <= 70


def test_glossary_builds_from_the_example(scene):
    symbols = [m.tex_string for m in scene.live.glossary.columns[0]]
    assert symbols[2] == f"d = {scene.live.trace().width}" == "d = 2"
    assert len(scene.live.glossary.row(0)) == 2 and len(symbols) == 5


def test_added_items_stay_in_the_layout_area_without_overlaps(scene):
    left, right, bottom, top = LAYOUT
    bars = scene.live.move_query_to((8, 0)).bars  # weight 0.997 on "the": the tallest bar
    items = [scene.strip, bars, *[scene.live.glossary.row(i) for i in range(5)]]
    for item in items:
        assert left <= item.get_left()[0] and item.get_right()[0] <= right
        assert bottom <= item.get_bottom()[1] and item.get_top()[1] <= top
    for upper, lower in zip(items, items[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]


def test_reasons_follow_a_custom_example(custom):
    ex = custom(
        tokens=("dog", "cat", "pet"),
        keys=[[1.5, 0.5], [0.5, 1.5], [1, 1]],
        query=[1.5, 0.5],
        path=[[1, 0], [1.5, 0.5]],
    )
    assert reasons(ex.tokens, ex.trace()) == (
        "“dog” leads; “pet” keeps a share because it partly overlaps the query's direction; "
        "“cat” gets the least because it overlaps the query's direction least."
    )


def test_reasons_follow_a_custom_order(custom):
    # the unrelated key is ranked in the middle and the last one points away: not the default's order
    ex = custom(
        tokens=("ant", "bee", "cow"), keys=[[1, 1], [0, -2], [2, 0]], query=[0, 1], path=[[1, 0], [0, 1]]
    )
    assert list(ex.trace().weights.argsort()[::-1]) == [0, 2, 1]
    assert reasons(ex.tokens, ex.trace()) == (
        "“ant” dominates; “cow” keeps a share though it points in an unrelated direction; "
        "“bee” gets almost none because it points away from the query's direction."
    )
    assert (
        verdict(ex.tokens, ex.trace())
        == "At q = (0, 1): “ant” dominates, “cow” keeps a share, “bee” gets almost none."
    )


def test_last_frame_snapshot(rendered):
    assert_matches_snapshot("ThreeTokenDrag", np.array(rendered.renderer.get_frame())[:, :, :3])
