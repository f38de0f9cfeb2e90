"""Chapters 3-5 (score, blend, refocus): what they display equals the attention trace."""

import numpy as np
import pytest
from manim import MathTex

from attention import attend, examples
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.chapters.refocus import Refocus
from scenes.chapters.score_every_word import ScoreEveryWord
from tests.support.snapshot import assert_matches_snapshot, built, last_frame


def tex(*mobjects) -> list[str]:
    return [m.tex_string for mob in mobjects for m in mob.get_family() if isinstance(m, MathTex)]


def entries(vector) -> list[float]:
    return [float(e.tex_string) for e in vector.entries]


def test_score_every_word_shows_keys_query_dots_and_scores(tmp_path):
    ex = examples.current().blend
    scene = built(ScoreEveryWord, tmp_path)
    assert entries(scene.query[1]) == [2, 0, 0, 0]
    assert [entries(row[1]) for row in scene.keys.columns[0]] == ex.keys.tolist()
    assert dict(zip(ex.tokens, tex(scene.products))) == {
        "the": "(2)(2) + (0)(0) + (0)(0) + (0)(0) = 4",
        "sat": "(2)(1) + (0)(1) + (0)(0) + (0)(0) = 2",
        "cat": "(2)(0) + (0)(2) + (0)(0) + (0)(0) = 0",
    }
    assert dict(zip(ex.tokens, tex(scene.scores))) == {
        "the": "4 / 2 = 2",
        "sat": "2 / 2 = 1",
        "cat": "0 / 2 = 0",
    }
    assert "divide by √4 = 2" in repr(scene.divisor_note)


def test_blend_by_weight_shows_exps_weights_terms_and_output(tmp_path):
    scene = built(BlendByWeight, tmp_path)
    shown = " ".join(tex(scene.table, scene.sum_line, scene.rows, scene.output_line))
    for expected in [
        r"e^{2} \approx 7.389",
        r"e^{1} \approx 2.718",
        "e^{0} = 1.000",  # one format down the column (arithmetic.exp_column), in the sum and ratios too
        "7.389 + 1.000 + 2.718 = 11.107",  # exact as printed, in the words' order: the, cat, sat
        r"7.389 / 11.107 \approx 0.665",
        r"2.718 / 11.107 \approx 0.245",
        r"1.000 / 11.107 \approx 0.090",
        r"0.665 \times [1, 0] = [0.665, 0.000]",  # one format down the products (arithmetic.scaled_rows)
        r"0.090 \times [0, 0] = [0.000, 0.000]",
        r"\text{output} = [0.665, 0.245]",  # spaced as the rows over it (review V7)
    ]:
        assert expected in shown
    shown = dict(zip(examples.current().blend.tokens, scene.bars.shown_values()))
    assert shown == {"the": 0.665, "sat": 0.245, "cat": 0.090}
    assert round(scene.bars.total.get_value(), 3) == 1


def test_blend_plane_draws_the_output_at_the_trace(tmp_path):
    trace = examples.current().blend.trace(0)
    scene = built(BlendByWeight, tmp_path)
    np.testing.assert_allclose(scene.plane.output_point(), trace.output, atol=1e-3)
    running = np.cumsum(trace.terms, axis=0)
    for term, start, end in zip(scene.plane.terms, [np.zeros(2), *running[:-1]], running):
        if np.linalg.norm(end - start) > 0:  # each term w_i v_i runs from the previous tip to its own
            np.testing.assert_allclose(scene.plane.plane.p2c(term.get_start())[:2], start, atol=1e-3)
            # the one ending at the output's tip is drawn `short_by` short of it (review T9: their heads met)
            np.testing.assert_allclose(
                scene.plane.plane.p2c(term.get_end() + term.short_by)[:2], end, atol=1e-3
            )
        else:  # the zero value's term is not drawn
            assert term.get_fill_opacity() == 0 == term.get_stroke_opacity()


@pytest.mark.parametrize("t", [0.0, 0.5, 1.0])
def test_refocus_follows_the_moving_query(tmp_path, t):
    ex = examples.current().blend
    scene = built(Refocus, tmp_path)
    scene.q_tracker.set_value(t)
    scene.follow_query()
    trace = attend((1 - t) * ex.queries[0] + t * ex.queries[1], ex.keys, ex.values)
    assert scene.bars.shown_values() == [round(w, 3) for w in trace.weights]
    assert scene.output.shown_values() == [round(x, 3) for x in trace.output]
    np.testing.assert_allclose(scene.plane.output_point(), trace.output, atol=1e-3)


def test_refocus_ends_on_the_refocused_numbers(tmp_path):
    scene = built(Refocus, tmp_path)
    scene.q_tracker.set_value(1)
    scene.follow_query()
    shown = dict(zip(examples.current().blend.tokens, scene.bars.shown_values()))
    assert shown == {"the": 0.090, "sat": 0.245, "cat": 0.665}
    assert scene.output.shown_values() == [0.090, 0.245]


@pytest.mark.parametrize("scene_class", [ScoreEveryWord, BlendByWeight, Refocus])
def test_last_frame_snapshot(scene_class, tmp_path):
    assert_matches_snapshot(scene_class.__name__, last_frame(scene_class, tmp_path))
