"""The quick colours (pipeline.frames.colours) give what manim's `generate_rgbas_array` gives, for every kind
of colour and opacity chapters pass; other calls are left to manim."""

import numpy as np
import pytest
from manim import BLUE, ManimColor, Square, VMobject

from pipeline.frames import colours

COLOURS = [None, BLUE, ManimColor("#FFD166"), "#5B8DEF", "#5b8def", "WHITE", "red"]
OPACITIES = [None, 0, 1, 0.35, np.float64(0.7)]


@pytest.mark.parametrize("colour", COLOURS, ids=repr)
def test_one_colour_and_opacity_are_manim_s(colour):
    square = Square()
    for opacity in OPACITIES:
        ours = colours.rgbas(square, colour, opacity)
        theirs = VMobject.generate_rgbas_array(square, colour, opacity)
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape == (1, 4)
        assert np.array_equal(ours, theirs)
        assert ours is not colours.rgbas(square, colour, opacity)  # a new array each time: callers change it


def test_sheen_lists_and_opacity_lists_are_left_to_manim():
    square, shiny, manims = Square(), Square().set_sheen(0.2), VMobject.generate_rgbas_array
    assert colours.rgbas(shiny, BLUE, 1.0) is None
    assert colours.rgbas(square, [BLUE, "#FFFFFF"], 1.0) is None
    assert colours.rgbas(square, BLUE, [0.5, 1.0]) is None
    with colours.quick_colours():  # and answered there as manim answers them
        assert VMobject.generate_rgbas_array is not manims
        for mobject, colour, opacity in [(shiny, BLUE, 1.0), (square, [BLUE, "#FFFFFF"], (0.5, 1.0))]:
            ours = mobject.generate_rgbas_array(colour, opacity)
            assert ours.shape == (2, 4) and np.array_equal(ours, manims(mobject, colour, opacity))
    assert VMobject.generate_rgbas_array is manims
