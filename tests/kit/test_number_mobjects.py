"""Number and WholeNumber draw exactly what DecimalNumber and Integer draw in the lecture's number face
(`mob_class=SansTex`), fresh or updated in place."""

import numpy as np
import pytest
from manim import DecimalNumber, Integer
from manim.mobject.text import numbers as manim_numbers

from scenes.kit.numbers import SANS_TEX, Number, SansTex, WholeNumber, glyph_copy

VALUES = [0.0, 0.09, 0.5, 0.665, 1.0, 2.121, 9.999, 10.0, 16.92, 123.456, -0.245, -3.0]


@pytest.fixture(autouse=True)
def fresh_glyphs(monkeypatch):
    """manim caches one glyph per string whatever its class: start each test without serif glyphs in it."""
    monkeypatch.setattr(manim_numbers, "string_to_mob_map", {})


def drawn(mobject) -> list[np.ndarray]:
    """Every outline the mobject draws, in drawing order."""
    return [m.points for m in mobject.family_members_with_points()]


def assert_same_drawing(ours, manims) -> None:
    ours_points, manims_points = drawn(ours), drawn(manims)
    assert len(ours_points) == len(manims_points)
    for a, b in zip(ours_points, manims_points):
        np.testing.assert_allclose(a, b, atol=1e-9)
    assert [m.get_fill_color().to_hex() for m in ours.family_members_with_points()] == [
        m.get_fill_color().to_hex() for m in manims.family_members_with_points()
    ]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("places", [0, 2, 3])
def test_a_number_draws_what_decimal_number_draws(value, places):
    options = {"num_decimal_places": places, "font_size": 28, "color": "#FFD166"}
    assert_same_drawing(Number(value, **options), DecimalNumber(value, mob_class=SansTex, **options))


@pytest.mark.parametrize("value", VALUES)
def test_a_number_updated_in_place_draws_what_a_fresh_decimal_number_draws(value):
    options = {"num_decimal_places": 3, "font_size": 32}
    number = Number(0.5, **options).move_to([1.0, -2.0, 0])
    fresh = DecimalNumber(0.5, mob_class=SansTex, **options).move_to([1.0, -2.0, 0])
    number.set_value(value)
    fresh.set_value(value)
    assert number.get_value() == value
    assert_same_drawing(number, fresh)


def test_a_number_laid_out_before_is_drawn_as_it_was_wherever_it_stands():
    """The second number printing '-1.250' copies the first one's layout: drawn as manim draws it."""
    options = {"num_decimal_places": 3, "font_size": 30, "color": "#06D6A0"}
    first, manims = Number(0.5, **options), DecimalNumber(0.5, mob_class=SansTex, **options)
    first.set_value(-1.25)
    manims.set_value(-1.25)
    again = Number(2.0, **options).move_to([-3.0, 1.5, 0]).set_color("#EF476F")
    fresh = DecimalNumber(2.0, mob_class=SansTex, **options).move_to([-3.0, 1.5, 0]).set_color("#EF476F")
    again.set_value(-1.25)
    fresh.set_value(-1.25)
    assert_same_drawing(again, fresh)
    assert_same_drawing(first, manims)


@pytest.mark.parametrize("value", [0, 7, 42, -435, 1000])
def test_a_whole_number_draws_what_integer_draws(value):
    options = {"font_size": 21, "group_with_commas": False}
    ours, manims = WholeNumber(3, **options), Integer(3, mob_class=SansTex, **options)
    ours.set_value(value)
    manims.set_value(value)
    assert_same_drawing(ours, manims)


def test_copies_share_nothing_with_the_original():
    number = Number(2.5, num_decimal_places=2)
    for clone in (number.copy(), glyph_copy(number)):
        assert_same_drawing(clone, number)
        clone.shift([1, 0, 0])
        assert not np.allclose(drawn(clone)[0], drawn(number)[0])
        clone.set_value(7.25)
        assert number.get_value() == 2.5


def test_numbers_are_typeset_in_sans_serif_math_unlike_manims_default():
    assert Number(0.5).submobjects[0].tex_template is SANS_TEX
    ours, serif = drawn(Number(2.5, num_decimal_places=1)), drawn(DecimalNumber(2.5, num_decimal_places=1))
    assert len(ours) == len(serif)
    assert any(a.shape != b.shape or not np.allclose(a, b, atol=1e-3) for a, b in zip(ours, serif))
