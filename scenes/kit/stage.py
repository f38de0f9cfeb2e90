"""The stage: where a chapter draws, in scene units, and how the camera frames it.

Chapters lay out as if the frame were manim's 14.2 x 8, using y in [bottom, top] and x in [left, right]
(the title-safe area's edges). The camera shows that stage inside the title-safe area (the central `safe`
share of width and height) and above the caption band (the lowest `band` of the frame, where players draw
captions and their controls), so nothing drawn lies under a caption.

The body grid: every line of words or a formula that starts on the left of the stage starts at
x = `body_left`, the left edge of the chapter's title (`components.chapter_title`: manim's corner, 0.35 in).
Place one with `line.set_x(STAGE.body_left, LEFT)`; a group's lines with `aligned_edge=LEFT`. A line
starting more than `grid_reach` right of it is indented on purpose; a line centred across the stage that would start
nearer than that starts on it instead (`centred`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Stage:
    top: float = 3.7
    bottom: float = -3.8  # the caption band starts below this
    left: float = -7.5  # the title-safe area's edges
    right: float = 7.5
    body_left: float = -64 / 9 + 0.35
    grid_reach: float = 0.5
    safe: float = 0.9
    band: float = 0.15

    @property
    def frame_height(self) -> float:
        """Scene units the camera shows top to bottom (9.375: everything is drawn at 8 / 9.375 of manim's size)."""
        return (self.top - self.bottom) / ((1 + self.safe) / 2 - self.band)

    def frame(self, camera) -> None:
        """Widen `camera`'s frame and move it down so the stage lands inside the safe area above the band;
        the background still fills the whole frame."""
        height = self.frame_height
        aspect = camera.frame_width / camera.frame_height
        camera.frame_height, camera.frame_width = height, height * aspect
        camera.frame_center = np.array([0.0, self.top - self.safe / 2 * height, 0.0])
        camera.pixel_array_to_cairo_context.clear()  # a context made earlier would map with the old frame


STAGE = Stage()


def centred(mobject):
    """`mobject` centred across the stage, or from the body grid's left edge where it would start near it."""
    mobject.set_x(0)
    if mobject.get_left()[0] < STAGE.body_left + STAGE.grid_reach:
        mobject.shift((STAGE.body_left - mobject.get_left()[0], 0, 0))
    return mobject
