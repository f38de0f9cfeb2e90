"""Leaders: a name NEAR its tip has none; a farther one is joined to it by a thin line in its colour, from BUFF off
the tip to BUFF off the name's nearest point."""

import numpy as np
import pytest
from manim import RIGHT, UP, Square

from scenes.kit import fit, leaders
from scenes.kit.arrows import STROKE_UNIT


def name_at(centre) -> Square:
    """A stand-in for a name: a unit box, red, centred at `centre` (x, y)."""
    return Square(1, color="#ff0000").move_to([*centre, 0])


def test_a_name_near_its_tip_has_no_leader_even_just_at_near():
    tip = np.array([0.0, 0.0])
    for gap in (0.0, 0.2, leaders.NEAR):
        name = name_at(tip + (0.5 + gap) * np.array([1.0, 0.0]))
        assert leaders.gap(tip, fit.box(name)) == pytest.approx(gap)
        assert leaders.ends(tip, fit.box(name)) is None
        assert leaders.lead(tip, name) == []


def test_a_far_name_is_led_from_its_tip_to_its_nearest_corner():
    tip = np.array([1.0, -2.0])
    name = name_at(
        tip + 0.9 * (RIGHT + UP)[:2] + 0.5
    )  # its lower left corner 0.9 right and 0.9 up of the tip
    corner = tip + 0.9
    assert leaders.gap(tip, fit.box(name)) == pytest.approx(0.9 * np.sqrt(2))
    (line,) = leaders.lead(tip, name)
    way = (corner - tip) / np.linalg.norm(corner - tip)
    assert line.get_start()[:2] == pytest.approx(tip + leaders.BUFF * way)
    assert line.get_end()[:2] == pytest.approx(corner - leaders.BUFF * way)
    assert line.get_color() == name.get_color()
    assert line.get_stroke_width() == leaders.WIDTH


def test_a_leader_is_thin_a_pointer_not_an_arrow():
    """Thinner than the thinnest arrow the chapters lead from (ThreeTokenDrag's keys, stroke 5), under 2 px at
    480p (60 px a unit)."""
    assert leaders.WIDTH < 5
    assert leaders.WIDTH * STROKE_UNIT * 60 < 2
