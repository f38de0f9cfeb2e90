"""scenes.kit.emphasis: a frame faded in round a part, thick enough to read at 480p, held, and gone after."""

import ast
from pathlib import Path

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


def test_no_emphasis_anywhere_takes_manim_s_default_yellow():
    """manim's emphasis animations default to a yellow no theme has (review round 7): every call in scenes/
    names its colour (or goes through `pulsed`)."""
    emphases = {"Indicate", "Circumscribe", "Flash", "Wiggle", "FocusOn", "ShowPassingFlash", "ApplyWave"}
    uncoloured = []
    scenes = sorted((Path(__file__).parents[2] / "scenes").rglob("*.py"))
    for path in scenes:
        for node in ast.walk(ast.parse(path.read_text())):
            name = getattr(node, "func", None)
            name = getattr(name, "id", getattr(name, "attr", None))
            if name in emphases and "color" not in {k.arg for k in node.keywords}:
                uncoloured.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert len(scenes) > 30 and not uncoloured, uncoloured
