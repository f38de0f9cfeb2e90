"""The causal mask: the grids show the masked trace, hidden cells drawn as hidden (never as numbers)."""

import numpy as np
import pytest

from attention import examples
from attention.masking import causal_mask
from scenes.arithmetic import WEIGHT_PLACES, vector_math
from scenes.causal_mask import CausalMask
from tests.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.65


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(CausalMask, tmp_path_factory.mktemp("media"))


def test_the_open_grid_is_the_unmasked_trace(scene):
    grid = scene.open_grid.show_scores()
    tr = examples.current().causal.trace()
    np.testing.assert_allclose(grid.shown(), tr.unmasked.scores)
    grid.show_weights()
    np.testing.assert_allclose(grid.shown(), tr.unmasked.weights)


def test_hidden_cells_say_minus_infinity_then_are_crossed_out(scene):
    grid = scene.masked_grid
    n = len(scene.example.tokens)
    np.testing.assert_array_equal(grid.mask, causal_mask(n))
    grid.show_scores()
    np.testing.assert_array_equal(grid.drawn_as_hidden(), causal_mask(n))
    assert grid.hidden_mark() == "minus infinity"
    assert [m.tex_string for m in grid.infinities] == [r"-\infty"] * int(causal_mask(n).sum())
    grid.show_weights()
    np.testing.assert_array_equal(grid.drawn_as_hidden(), causal_mask(n))
    assert grid.hidden_mark() == "crossed out"


def test_visible_cells_show_the_masked_weights_and_rows_sum_to_1(scene):
    grid = scene.masked_grid.show_weights()
    tr = scene.trace
    visible = ~tr.mask
    np.testing.assert_allclose(grid.shown()[visible], tr.weights[visible])
    assert np.all(tr.weights[tr.mask] == 0)
    assert [round(s, WEIGHT_PLACES) for s in grid.shown_sums()] == [1.0] * len(tr.weights)


def test_the_storyboard_numbers(scene):
    grid = scene.masked_grid.show_weights()
    assert [round(v, 3) for v in grid.shown()[1][:2]] == [0.119, 0.881]
    assert [m.tex_string for m in scene.outputs.columns[2]] == [
        r"[1,\;\; 0]",
        r"[0.119,\;\; 0]",
        r"[0.333,\;\; 0.333]",
    ]


def test_outputs_are_the_masked_trace_s(scene):
    assert [t.text for t in scene.outputs.columns[0]] == list(scene.example.tokens)
    assert [m.tex_string for m in scene.outputs.columns[2]] == [vector_math(o) for o in scene.trace.outputs]


def test_each_row_has_a_veil_over_exactly_that_row(scene):
    grid = scene.masked_grid
    for i, veil in enumerate(scene.veils):
        for k, cell in enumerate(grid.cells):
            inside = veil.get_bottom()[1] < cell.get_y() < veil.get_top()[1]
            assert inside == (k // len(scene.example.tokens) == i)
        assert veil.get_left()[0] <= grid.row_labels[i].get_left()[0]
        assert veil.get_right()[0] >= grid.sums[i].get_right()[0]


def test_everything_fits_and_nothing_overlaps(scene):
    parts = [scene.heading, scene.masked_grid, scene.axes, scene.legend, scene.column]
    for part in parts:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.heading.get_bottom()[1] > max(scene.axes.get_top()[1], scene.column.get_top()[1])
    assert scene.masked_grid.get_right()[0] < scene.column.get_left()[0]
    assert scene.legend.get_top()[1] < scene.masked_grid.get_bottom()[1]
    blocks = list(scene.column)
    for upper, lower in zip(blocks, blocks[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]


def test_last_frame(tmp_path):
    assert_matches_snapshot("CausalMask", last_frame(CausalMask, tmp_path))
