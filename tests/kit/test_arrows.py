"""The lecture's one arrow style: a shaft and a head that read at 1080p whatever the arrow's length."""

import pytest
from manim import ORIGIN, RIGHT, UP, Camera

from scenes.kit.arrows import (
    ARROW_WIDTH,
    HEAD_OVER_SHAFT,
    STROKE_UNIT,
    TIP,
    TIP_SHARE,
    VECTOR_SHARE,
    VECTOR_TIP,
    head,
    pointer,
    vector,
)
from scenes.kit.palette import px_per_unit


@pytest.mark.parametrize("length", [0.3, 0.6, 1.0, 2.5, 6.0])
def test_every_length_keeps_the_shaft_and_a_head_that_read_at_1080p(length):
    arrow = pointer(ORIGIN, length * RIGHT, "#FFFFFF", buff=0)
    assert arrow.get_stroke_width() == ARROW_WIDTH  # a short arrow is not thinned to a hairline
    assert arrow.tip.length == pytest.approx(min(TIP, TIP_SHARE * length), abs=1e-6)
    assert arrow.tip.width == pytest.approx(arrow.tip.length, abs=1e-6)
    assert arrow.tip.length * px_per_unit(1080) >= 15  # 7 px heads read as hairlines (review 5)
    assert TIP * px_per_unit(1080) < 30  # ... and 46 x 53 px heads as another style


def test_the_arrow_runs_from_start_to_end_short_of_each_by_buff():
    arrow = pointer(ORIGIN, 2 * RIGHT, "#FFFFFF", buff=0.1)
    assert arrow.get_start()[0] == pytest.approx(0.1)
    assert arrow.get_end()[0] == pytest.approx(1.9)


@pytest.mark.parametrize("width", [4, 7, 12])
@pytest.mark.parametrize("length", [0.3, 0.6, 1.0, 2.5, 6.0])
def test_a_vector_ends_on_its_point_its_width_kept_and_its_head_wider_than_its_shaft(length, width):
    arrow = vector(ORIGIN, length * RIGHT, "#FFFFFF", width)
    assert arrow.get_start()[0] == pytest.approx(0) and arrow.get_end()[0] == pytest.approx(length)
    assert arrow.get_stroke_width() == width  # manim thinned a short one to 5 times its length
    shaft = width * STROKE_UNIT
    assert arrow.tip.width >= min(HEAD_OVER_SHAFT * shaft, length / 2) - 1e-9
    assert arrow.tip.length <= min(VECTOR_TIP, length / 2) + 1e-9  # the shaft shows; no head of another style


def test_a_vectors_head_is_a_share_of_its_length_so_lengths_compare():
    short, long = (vector(ORIGIN, n * RIGHT, "#FFFFFF", 4) for n in (0.8, 1.2))
    assert short.tip.length / 0.8 == pytest.approx(long.tip.length / 1.2) == pytest.approx(VECTOR_SHARE)


def test_stroke_unit_is_manims_line_width():
    """cairo draws a stroke 1 wide this many scene units wide (its context is scaled to scene units)."""
    assert Camera().cairo_line_width_multiple == STROKE_UNIT


@pytest.mark.parametrize("to", [0.3, 1.0, 4.0])
def test_a_moved_vector_keeps_its_style_its_head_sized_for_its_new_length(to):
    """ThreeTokenDrag's output is dragged with `put_start_and_end_on` and WordOrder's last turn grows into the
    poster with `scale`: manim kept the head the arrow was made with (over half of one dragged short)."""
    moved = vector(ORIGIN, 2 * RIGHT, "#FFFFFF", 7).put_start_and_end_on(ORIGIN, to * UP)
    made = vector(ORIGIN, to * UP, "#FFFFFF", 7)
    assert moved.get_end() == pytest.approx(made.get_end()) and moved.tip.tip_point == pytest.approx(to * UP)
    assert moved.tip.length == pytest.approx(made.tip.length) == pytest.approx(head(to, 7))
    assert moved.get_stroke_width() == 7
    grown = vector(ORIGIN, RIGHT, "#FFFFFF", 7).scale(to, about_point=ORIGIN)
    assert grown.get_end() == pytest.approx(to * RIGHT) and grown.tip.length == pytest.approx(head(to, 7))
