"""Emphasis that reads at 480p: a frame faded in round a part, held, and faded out again (manim's
Circumscribe draws a 1-pixel trace crawling round the part, which a review at 480p took for a glitch); or a
pulse in a theme colour (manim's Indicate turns the part a yellow that is in no theme)."""

from __future__ import annotations

import numpy as np
from manim import DL, UP, UR, AnimationGroup, FadeIn, Indicate, Succession, SurroundingRectangle

from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.palette import theme
from scenes.kit.stage import STAGE

FRAME_BUFF = 0.08  # between the part and its frame: close enough not to touch its neighbours
# round text (a number, a row, a label): the frame's stroke 4-5 px clear of the glyphs at 480p, superscripts included
# (reviews C9b, C9c: FRAME_BUFF left 1-2 px round digits, "10^-18" on the frame's top edge)
TEXT_FRAME = 0.12
FRAME_STROKE = 4
FRAME_CORNER = 0.06
FRAME_REACH = FRAME_BUFF + FRAME_STROKE * STROKE_UNIT / 2  # how far a frame's stroke reaches beyond its part
PULSE = 1.2  # how much a pulsed part grows at its peak
MIN_FRAMING = 1.0  # the shortest a framing in turn lasts, however soon its cue comes: long enough to be seen


def framed(part, color: str | None = None, buff: float = FRAME_BUFF) -> FadeIn:
    """An animation framing `part` in `color` (the text colour by default) and leaving nothing behind."""
    box = SurroundingRectangle(
        part, color=color or theme().text, buff=buff, corner_radius=FRAME_CORNER, stroke_width=FRAME_STROKE
    )
    # never into the caption band: a part standing less than a frame's buff over it is framed tighter underneath
    # (review V7: FixedContext's legend frame reached 2 px into the band at 1080p)
    lowest = STAGE.bottom + FRAME_STROKE * STROKE_UNIT / 2
    if box.get_bottom()[1] < lowest <= part.get_bottom()[1]:
        box.stretch_to_fit_height(box.get_top()[1] - lowest, about_edge=UP)
    return FadeIn(box, rate_func=up_hold_down, remover=True)


def framed_in_turn(parts, untils, now: float, buff=lambda part: TEXT_FRAME) -> Succession:
    """`framed` round each of `parts` one after another from `now` (the scene's time), each until its time in
    `untils` (when the cue naming the next starts, or the caption ends) but at least MIN_FRAMING: what a caption
    names is lit while it is read. `buff(part)` is a frame's buff round its part."""
    framings = []
    for part, until in zip(parts, untils):
        framings.append(framed(part, buff=buff(part)).set_run_time(max(MIN_FRAMING, until - now)))
        now += framings[-1].run_time
    return Succession(*framings)


def up_hold_down(t: float) -> float:
    """In over the first third, held, out over the last: linear, so that each frame of a framing a second long
    or more changes its pixels by a few grey levels at 15 fps (manim's smooth ramps are ~2.5 times steeper at
    their middle: a one-frame jump the pop test flags)."""
    return min(1.0, 3 * t, 3 * (1 - t))


def pulsed(part, color: str | None = None, scale_factor: float = PULSE) -> Indicate:
    """manim's Indicate (the part grows and takes `color`, then returns) in `color`, the text colour by
    default: never manim's own yellow, which reads as a role's colour and is in no theme."""
    return Indicate(part, color=color or theme().text, scale_factor=scale_factor)


def pulsed_each(parts, color: str | None = None) -> AnimationGroup:
    """`pulsed` for each of `parts` (neighbours in a row or a column, in order) about its own centre, growing into at
    most half the room between two: a row of labels pulsed as one grows out from its middle, and its last label ran
    into what stands beside the row (SourcePositions' "down" into the sums' header)."""
    factor = min([PULSE, *(_room(a, b) for a, b in zip(parts, parts[1:]))])
    return AnimationGroup(*[pulsed(part, color, factor) for part in parts])


def _room(a, b) -> float:
    """The factor two neighbours may each grow by, about their centres, keeping half the gap between them."""
    apart = np.abs(a.get_center() - b.get_center())
    axis = 0 if apart[0] >= apart[1] else 1
    low, high = sorted((a, b), key=lambda part: part.get_center()[axis])
    gap = high.get_corner(DL)[axis] - low.get_corner(UR)[axis]
    size = (low.length_over_dim(axis) + high.length_over_dim(axis)) / 2
    return 1 + max(gap, 0) / (2 * size)
