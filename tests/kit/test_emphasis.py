"""scenes.kit.emphasis: a frame faded in round a part, thick enough to read at 480p, held, and gone after."""

import ast
from pathlib import Path

import numpy as np
import pytest
from manim import DOWN, RIGHT, Square, VGroup

from scenes.kit.emphasis import (
    FRAME_BUFF,
    FRAME_STROKE,
    MIN_FRAMING,
    framed,
    framed_in_turn,
    pulsed_each,
    up_hold_down,
)
from scenes.kit.stage import STAGE


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


def test_a_row_pulsed_each_grows_every_part_about_its_own_centre():
    """Pulsed as one, a row's last part moved out by a tenth of the row (SourcePositions' "down" ran into the sums'
    header); pulsed each, no part moves and each grows by its own fifth."""
    row = VGroup(*[Square(side_length=0.5) for _ in range(4)]).arrange(RIGHT, buff=0.3)
    centres, right = [p.get_center().copy() for p in row], row.get_right()[0]
    pulse = pulsed_each(row)
    pulse.begin()
    pulse.interpolate(0.5)  # Indicate's peak: there and back
    shown = [a.mobject for a in pulse.animations]
    assert all(np.allclose(p.get_center(), c) for p, c in zip(shown, centres))
    assert np.isclose(shown[-1].width, 0.6) and np.isclose(shown[-1].get_right()[0], right + 0.05)


def test_parts_pulsed_each_keep_half_the_gap_between_them():
    column = VGroup(*[Square(side_length=0.5) for _ in range(3)]).arrange(DOWN, buff=0.05)
    pulse = pulsed_each(column)
    pulse.begin()
    pulse.interpolate(0.5)
    first, second = (a.mobject for a in pulse.animations[:2])
    assert np.isclose(first.get_bottom()[1] - second.get_top()[1], 0.025)


def test_a_frame_round_a_part_just_over_the_caption_band_stays_out_of_it():
    """Review V7: FixedContext's legend stood less than a frame's buff over the caption band, and its frame reached
    2 px into it at 1080p. The frame is tighter underneath there, still round the part; elsewhere it is as before."""
    low = Square(0.5).move_to([0, STAGE.bottom + 0.03 + 0.25, 0])
    box = framed(low).mobject
    assert box.get_bottom()[1] >= STAGE.bottom and box.get_top()[1] > low.get_top()[1]
    assert box.get_bottom()[1] < low.get_bottom()[1]
    high = Square(0.5)
    assert framed(high).mobject.height == pytest.approx(0.5 + 2 * FRAME_BUFF, abs=1e-6)


def test_parts_framed_in_turn_each_last_until_their_time_but_at_least_the_shortest_framing():
    """`framed_in_turn`, which FixedContext and SourcePositions frame their cues' parts with: from now
    (10 s), each framing ends at its time, one whose time comes too soon lasts MIN_FRAMING and the next ends at
    its own time all the same (a later one too soon as well: MIN_FRAMING again); one frame a part, in turn."""
    parts = [Square(0.5) for _ in range(4)]
    turn = framed_in_turn(parts, [12.0, 12.4, 14.0, 14.2], 10.0)
    assert [a.run_time for a in turn.animations] == pytest.approx([2.0, MIN_FRAMING, 1.0, MIN_FRAMING])
    assert [a.mobject.get_center() for a in turn.animations] == [pytest.approx(p.get_center()) for p in parts]
    assert all(a.rate_func is up_hold_down for a in turn.animations)
    assert turn.run_time == pytest.approx(5.0)
