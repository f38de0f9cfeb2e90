"""The values' plane of chapters 4 and 5: its range and grid, the terms tip to tail."""

import numpy as np
import pytest
from manim import UP

from attention import attend
from scenes.kit import fit
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.fit import apart
from scenes.kit.stage import STAGE
from scenes.kit.value_plane import (
    MOST_LINES,
    OUTPUT_WIDTH,
    TERM_WIDTH,
    ValuePlane,
    blend_rows,
    cut_names,
    fitted_plane,
    grid_step,
)

TOKENS = ("a", "b", "c")


@pytest.mark.parametrize("span, step", [(1.3, 0.25), (2, 0.5), (13, 2.5), (260, 50), (0.013, 0.0025)])
def test_grid_steps_are_round_and_few(span, step):
    assert grid_step(span) == pytest.approx(step)
    assert span / grid_step(span) <= MOST_LINES


@pytest.mark.parametrize("points", [[[1, 0], [0, 1], [0, 0]], [[-99.5, 12.25], [100, -100], [0.5, 0.5]]])
def test_the_plane_holds_the_origin_and_every_point_inside_its_box(points):
    plane = fitted_plane(points, 5.0, 4.0)
    assert plane.width <= 5.0 + 1e-9 and plane.height <= 4.0 + 1e-9
    for x, y in [(0, 0), *points]:
        assert plane.x_range[0] < x < plane.x_range[1] and plane.y_range[0] < y < plane.y_range[1]
    unit_x = plane.width / (plane.x_range[1] - plane.x_range[0])
    assert unit_x == pytest.approx(plane.height / (plane.y_range[1] - plane.y_range[0]))  # one scale


def test_terms_run_tip_to_tail_to_the_output():
    values = np.array([[1.0, -0.5], [-0.25, 2.0], [0.5, 0.5]])
    weights = np.array([0.5, 0.3, 0.2])
    plane = ValuePlane(TOKENS, values, 5.0, 4.0).set_blend(weights)
    tip = np.zeros(2)
    for term, w, v in zip(plane.terms, weights, values):
        np.testing.assert_allclose(plane.plane.p2c(term.get_start())[:2], tip, atol=1e-6)
        tip = tip + w * v
        np.testing.assert_allclose(plane.plane.p2c(term.get_end())[:2], tip, atol=1e-6)
    np.testing.assert_allclose(plane.output_point(), weights @ values, atol=1e-6)


def test_a_term_too_short_to_see_is_not_drawn_and_comes_back_when_it_grows():
    plane = ValuePlane(TOKENS, [[1, 0], [0, 1], [0, 0]], 5.0, 4.0)
    plane.set_blend([0.999, 0.001, 0])
    assert plane.terms[1].get_stroke_opacity() == 0 and plane.terms[2].get_fill_opacity() == 0
    plane.set_blend([0.5, 0.5, 0])
    assert plane.terms[1].get_stroke_opacity() == 1


def test_a_value_along_an_axis_has_its_name_off_that_axis():
    """Review 5: 'the' at [1, 0] and 'sat' at [0, 1] had their names beyond their tips, on the axes."""
    plane = ValuePlane(["the", "cat", "sat"], [[1, 0], [0, 0], [0, 1]], 3, 3).clear_labels()
    axes = [plane.plane.x_axis, plane.plane.y_axis]
    assert all(apart(mark[1], axis) for mark in plane.marks for axis in axes)


def test_short_terms_keep_their_width_and_a_head_wider_than_their_shaft():
    """The plane's arrows are the kit's vectors: manim thinned a short term to 5 times its length."""
    plane = ValuePlane(TOKENS, [[4, 0], [0, 4], [1, 1]], 5.0, 4.0).set_blend([0.5, 0.3, 0.2])
    short = plane.terms[2]
    assert 0.1 < short.get_length() < 0.5
    assert short.get_stroke_width() == TERM_WIDTH and plane.output.get_stroke_width() == OUTPUT_WIDTH
    assert short.tip.width > 1.25 * TERM_WIDTH * STROKE_UNIT  # half its length, wider than its shaft


ALIKE = ["internationalisation-abc", "internationalisation-xyz", "c"]  # cut to one width, they read alike


def test_cut_names_read_apart_on_the_plane_and_in_the_rows():
    """Issue 29: 'f…' for 'fever' and 'fatigue' in one chart; the plane and the rows w_i v_i cut as
    `fit.distinct_names` does, one form per name."""
    trace = attend([1.0, 0.0], np.eye(3, 2), [[1, 0], [0, 1], [1, 1]])
    plane = ValuePlane(ALIKE, trace.values, 5.0, 4.0)
    rows = blend_rows(trace, ALIKE)
    for shown in ([mark[1] for mark in plane.marks], list(rows.columns[0])):
        assert [m.original_text for m in shown] == [m.original_text for m in cut_names(ALIKE)]
        assert len({m.original_text for m in shown}) == len(ALIKE) and fit.cut(shown)


def test_the_chapter_s_names_are_the_ones_shown():
    """A chapter whose legend gives its own cut forms passes them: the plane and the rows show those."""
    trace = attend([1.0, 0.0], np.eye(3, 2), [[1, 0], [0, 1], [1, 1]])
    given = fit.distinct_names(ALIKE, 1.0)
    plane = ValuePlane(ALIKE, trace.values, 5.0, 4.0, given)
    rows = blend_rows(trace, ALIKE, given)
    for shown in ([mark[1] for mark in plane.marks], list(rows.columns[0])):
        assert [m.original_text for m in shown] == [m.original_text for m in given]
        assert all(m is not g for m, g in zip(shown, given))  # copies: the chapter's own stay where they are


def test_a_value_pointing_down_keeps_its_name_above_the_caption_band():
    """Corpus-10 in Refocus: 'apple' pointing down put its name under the plane, in the caption band, and the
    chapter fell back to a column at 0.44 of its size to keep it out."""
    plane = ValuePlane(["cat", "apple", "on"], [[-1.9, -0.5], [-1.5, -2.7], [0.5, 2.1]], 5.0, 4.0)
    plane.shift(
        UP * (STAGE.bottom + 0.3 - plane.plane.c2p(-1.5, -2.7)[1])
    )  # its name under its tip: in the band
    assert plane.marks[1][1].get_bottom()[1] < STAGE.bottom
    plane.clear_labels()
    assert all(mark[1].get_bottom()[1] >= STAGE.bottom for mark in plane.marks)
    names = [mark[1] for mark in plane.marks]
    assert all(apart(a, b) for k, a in enumerate(names) for b in names[k + 1 :])


def test_place_clear_keeps_a_label_above_a_given_bottom_only_when_asked():
    label = fit.clip("apple", 2.0).move_to([0, -3.9, 0])
    assert fit.place_clear(label, [0, -3.6, 0], []).get_y() == pytest.approx(-3.9)  # as before: no bottom
    fit.place_clear(label, [0, -3.6, 0], [], buff=0.2, bottom=STAGE.bottom)
    assert label.get_bottom()[1] >= STAGE.bottom


def test_names_move_clear_of_the_texts_round_the_plane():
    """Corpus-21: Refocus' '学生' on the plane stood over the same name under the bars; a text round the plane
    over a value's name moves the name off it, near its tip."""
    plane = ValuePlane(["the", "cat", "sat"], [[1, 0], [0, 0], [0, 1]], 3, 3).clear_labels()
    name = plane.marks[2][1]
    text = fit.clip("sat", 2.0).move_to(name)
    plane.clear_labels([text])
    assert apart(name, text)
    assert np.linalg.norm(name.get_center() - plane.plane.c2p(0, 1)) < name.width + 1
