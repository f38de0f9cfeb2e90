"""Emphasis that reads at 480p: a frame faded in round a part, held, and faded out again (manim's
Circumscribe draws a 1-pixel trace crawling round the part, which a review at 480p took for a glitch); or a
pulse in a theme colour (manim's Indicate turns the part a yellow that is in no theme)."""

from __future__ import annotations

from manim import FadeIn, Indicate, SurroundingRectangle

from scenes.kit.palette import theme

FRAME_BUFF = 0.08  # between the part and its frame: close enough not to touch its neighbours
FRAME_STROKE = 4
FRAME_CORNER = 0.06


def framed(part, color: str | None = None, buff: float = FRAME_BUFF) -> FadeIn:
    """An animation framing `part` in `color` (the text colour by default) and leaving nothing behind."""
    box = SurroundingRectangle(
        part, color=color or theme().text, buff=buff, corner_radius=FRAME_CORNER, stroke_width=FRAME_STROKE
    )
    return FadeIn(box, rate_func=up_hold_down, remover=True)


def up_hold_down(t: float) -> float:
    """In over the first third, held, out over the last: linear, so that each frame of a framing a second long
    or more changes its pixels by a few grey levels at 15 fps (manim's smooth ramps are ~2.5 times steeper at
    their middle: a one-frame jump the pop test flags)."""
    return min(1.0, 3 * t, 3 * (1 - t))


def pulsed(part, color: str | None = None, scale_factor: float = 1.2) -> Indicate:
    """manim's Indicate (the part grows and takes `color`, then returns) in `color`, the text colour by
    default: never manim's own yellow, which reads as a role's colour and is in no theme."""
    return Indicate(part, color=color or theme().text, scale_factor=scale_factor)
