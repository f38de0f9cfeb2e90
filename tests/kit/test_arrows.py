"""The lecture's one arrow style: a shaft and a head that read at 1080p whatever the arrow's length."""

import pytest
from manim import ORIGIN, RIGHT

from scenes.kit.arrows import ARROW_WIDTH, TIP, TIP_SHARE, pointer
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
