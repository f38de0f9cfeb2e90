"""Blend by weight: the output's two coordinates marked on the values' axes, and the opening roadmap."""

import numpy as np
import pytest

from attention import examples
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.kit.fit import apart
from tests.support.snapshot import built


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(BlendByWeight, tmp_path_factory.mktemp("media"))


def test_the_coordinates_are_printed_as_the_output_line_prints_them(scene):
    printed = [number.tex_string for number in scene.coordinates.numbers]
    assert printed == [r.result for r in scene.output_line.relations] == ["0.665", "0.245"]


def test_each_dashed_line_ends_on_its_axis_at_the_output_coordinate(scene):
    axes, output = scene.plane.plane, examples.current().blend.trace(0).output
    x_foot, y_foot = (axes.p2c(line.get_end())[:2] for line in scene.coordinates.lines)
    np.testing.assert_allclose(x_foot, [output[0], 0], atol=1e-3)
    np.testing.assert_allclose(y_foot, [0, output[1]], atol=1e-3)
    for number, line in zip(scene.coordinates.numbers, scene.coordinates.lines):  # each beside its foot
        assert np.linalg.norm(number.get_center() - line.get_end()) < 1.0


def test_the_coordinates_stay_clear_of_the_names_and_the_rows(scene):
    names = [mark[1] for mark in scene.plane.marks]
    others = [*names, *scene.rows.columns[1], scene.output_line, *scene.counts]
    for number in scene.coordinates.numbers:
        assert all(apart(number, other) for other in others)
    assert apart(*scene.coordinates.numbers)


def test_the_opening_names_the_steps_in_order(scene):
    words = [part.text for part in scene.roadmap[::2]]
    assert words == ["scores", "weights", "weights×values", "oneoutput"]  # Text keeps no spaces
    assert all(a.get_right()[0] < b.get_left()[0] for a, b in zip(scene.roadmap, scene.roadmap[1:]))
