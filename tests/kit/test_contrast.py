"""WCAG contrast as the tests measure it: the ratio itself, and a glyph seen through what is drawn round it."""

import numpy as np
import pytest
from manim import Cutout, Rectangle, Square

from scenes.kit.palette import DIM, THEMES, VEIL
from tests.support.contrast import DIMMED, READ, channels, composite, covering, ratio


def test_the_ratio_gives_wcags_known_values():
    assert ratio(channels("#000000"), channels("#FFFFFF")) == pytest.approx(21)
    assert ratio(channels("#777777"), channels("#FFFFFF")) == pytest.approx(4.48, abs=0.005)
    assert ratio(channels("#FFFFFF"), channels("#777777")) == ratio(channels("#777777"), channels("#FFFFFF"))
    assert ratio(channels("#0E1117"), channels("#0E1117")) == 1


def test_a_veil_lays_its_colour_over_what_is_under_it():
    veil = Rectangle(fill_color="#000000", fill_opacity=0.65)
    assert composite(np.ones(3), [veil]) == pytest.approx([0.35] * 3)
    assert composite(np.ones(3), [veil, veil]) == pytest.approx([0.35**2] * 3)


def test_a_shape_covers_the_boxes_in_its_fill_and_none_in_its_windows_or_larger_than_it():
    sheet = Cutout(Square(4), Square(1).move_to([1, 1, 0]), fill_opacity=0.65)
    centres = np.array([[0, 0], [1, 1], [-1.5, 1.5], [3, 0], [1.9, 0]])
    assert covering(sheet, centres - 0.05, centres + 0.05).tolist() == [True, False, True, False, True]
    assert not covering(sheet, centres - 0.2, centres + 0.2)[4]  # reaches past the sheet's edge
    diamond = Square(2).rotate(np.pi / 4)
    assert covering(
        diamond, np.array([[0.85, 0.85], [0, 1.25]]), np.array([[0.95, 0.95], [0.1, 1.35]])
    ).tolist() == [False, True]


@pytest.mark.parametrize("name", THEMES)
def test_every_text_colour_reads_in_full_and_dimmed_on_the_background_and_a_panel(name):
    theme = THEMES[name]
    colours = [theme.text, theme.muted, *theme.roles().values(), *theme.tokens, theme.scaled]
    for under in (theme.background, theme.panel):
        back = np.array(channels(under))
        for colour in map(np.array, map(channels, colours)):
            assert ratio(colour, back) >= READ, (under, colour * 255)
            assert ratio(DIM * colour + (1 - DIM) * back, back) >= DIMMED, (under, colour * 255)
    assert VEIL == pytest.approx(1 - DIM)  # a veiled text is dimmed as much
