"""Segments sampled as points: their boxes met, gaps and crossings, as ScoreEveryWord's compass and Refocus'
magnified view ask them."""

import numpy as np
import pytest
from manim import Line

from scenes.kit import fit, segments


def test_a_segment_is_sampled_from_end_to_end():
    points = segments.sampled([0, 0, 0], [3, -1, 0])
    assert points.shape == (segments.SAMPLES, 2)
    assert np.allclose(points[0], [0, 0]) and np.allclose(points[-1], [3, -1])
    assert np.allclose(np.diff(points, axis=0), [3 / (segments.SAMPLES - 1), -1 / (segments.SAMPLES - 1)])


@pytest.mark.parametrize("seed", range(6))
def test_the_boxes_a_segment_meets_are_those_a_sample_lies_in(seed):
    """`near` finds by bisection what testing every sample in every box finds (`fit.clear_of`), to the bit: on a
    grid of boxes like a compass name's places, round segments any way (level, upright, backwards, a point)."""
    rng = np.random.default_rng(seed)
    steps = np.arange(-1.6, 1.6 + 1e-9, 0.05)
    centres = np.stack(np.meshgrid(steps, steps, indexing="ij"), axis=-1).reshape(-1, 2)
    size = rng.uniform(0.2, 1.5, 2)
    areas = np.stack([centres - size / 2, centres + size / 2], axis=1)
    partly = 0  # segments meeting some boxes and not others
    for _ in range(40):
        start, end = rng.uniform(-2, 2, (2, 3))
        start[2] = end[2] = 0
        kind = rng.integers(4)
        if kind == 1:
            end[1] = start[1]  # level
        elif kind == 2:
            end[0] = start[0]  # upright
        elif kind == 3:
            end = start.copy()  # a point
        margin = float(rng.uniform(0, 0.2))
        found = segments.near(areas, start, end, margin)
        expected = ~fit.clear_of(areas, segments.sampled(start, end), margin=margin)
        assert np.array_equal(found, expected)
        partly += found.any() and not found.all()
    assert partly >= 30


def test_a_box_beside_a_segment_is_met_only_within_the_margin():
    box = np.array([[[1.0, 0.2], [2.0, 1.0]]])
    assert not segments.near(box, [0, 0], [3, 0], 0.1)[0]
    assert segments.near(box, [0, 0], [3, 0], 0.25)[0]
    assert segments.near(box, [3, 0], [0, 0], 0.25)[0]  # either way along it


def test_gaps_between_points_and_to_segments():
    assert segments.gap([[0, 0], [5, 5]], [[3, 4, 0], [9, 9, 0]]) == pytest.approx(np.sqrt(5))
    assert segments.gap([], [[0, 0]]) == np.inf
    lines = [Line([0, 1, 0], [4, 1, 0]), Line([5, 0, 0], [5, 3, 0])]
    assert np.allclose(segments.gaps_to([[2, 0], [6, 2]], segments.of(lines)), [1, 1])
    assert np.allclose(segments.gaps_to([[-3, 1]], segments.of(lines[:1])), [3])  # past its end: to the end


def test_segments_cross_only_between_their_ends():
    assert segments.crosses(([0, 0], [2, 2]), ([0, 2], [2, 0]))
    assert not segments.crosses(([0, 0], [2, 2]), ([3, 0], [5, 2]))
    assert not segments.crosses(([0, 0], [2, 0]), ([2, 0], [2, 2]))  # touching at an end
