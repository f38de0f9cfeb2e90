"""scenes.kit.emphasis: a frame faded in round a part, thick enough to read at 480p, held, and gone after."""

import numpy as np
from manim import Square

from scenes.kit.emphasis import FRAME_STROKE, framed


def test_the_frame_surrounds_the_part_is_seen_whole_at_its_middle_and_is_removed_after():
    part = Square(side_length=1)
    frame = framed(part)
    box = frame.mobject
    assert box.width > part.width and box.height > part.height
    assert np.allclose(box.get_center(), part.get_center())
    assert frame.remover
    frame.begin()
    frame.interpolate(0.5)
    assert box.get_stroke_opacity() == 1 and box.get_stroke_width() == FRAME_STROKE
    frame.interpolate(1.0)
    assert box.get_stroke_opacity() == 0
