"""Vector planes: a plane sized to the example's points, arrows for vectors, their names, the query's marker."""

from __future__ import annotations

import numpy as np
from manim import LEFT, RIGHT, Line, NumberPlane, Text, VGroup

from scenes.kit import arrows, fit
from scenes.kit.arrows import Vector
from scenes.kit.palette import theme

LABEL_WIDTH = 1.8  # widest a token's label may be beside an arrow
MAX_GRID_LINES = 12  # grid lines a plane draws across either axis, whatever the example's range


def grid_step(span: float, step: float) -> float:
    """`step`, or the first of 2, 5, 10, 20, 50... times it that draws at most MAX_GRID_LINES lines over `span`."""
    for scale in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000):
        if span / (step * scale) <= MAX_GRID_LINES:
            return step * scale
    return step * 1000


def vector_plane(points, unit: float = 1.3, margin: float = 0.6, step: float = 1.0) -> NumberPlane:
    """A 2-D plane, with grid lines every `step` (or a coarser step of 2, 5, 10... times it, so no axis
    has more than MAX_GRID_LINES lines), whose range holds every point and the origin.

    `unit` is the scene length of one unit of the plane; `margin` (in plane units) is kept round the points.
    """
    pts = np.vstack([np.zeros((1, 2)), np.asarray(points, dtype=float)])
    step = grid_step(float(np.max(pts.max(axis=0) - pts.min(axis=0))) + 2 * margin, step)
    lo = np.floor((pts.min(axis=0) - margin) / step) * step
    hi = np.ceil((pts.max(axis=0) + margin) / step) * step
    return plane(lo, hi, step, unit)


def plane(lo, hi, step: float, unit: float) -> NumberPlane:
    """A plane from corner `lo` to corner `hi` (plane units), grid lines every `step`, `unit` scene units
    to one plane unit, in the theme's grid and axis colours."""
    return NumberPlane(
        x_range=[lo[0], hi[0], step],
        y_range=[lo[1], hi[1], step],
        x_length=(hi[0] - lo[0]) * unit,
        y_length=(hi[1] - lo[1]) * unit,
        background_line_style={"stroke_color": theme().grid, "stroke_width": 1},
        axis_config={"stroke_color": theme().muted, "stroke_width": 2},
    )


def plane_arrow(plane: NumberPlane, vector, color: str, width: float = 5) -> Vector:
    """`vector` drawn in `plane` from its origin, in the kit's one vector style (`arrows.vector`)."""
    return arrows.vector(plane.c2p(0, 0), plane.c2p(*vector), color, width)


def arrow_label(plane: NumberPlane, vector, name: str, color: str) -> Text:
    """A token's name just beyond the tip of its arrow (cut to LABEL_WIDTH), kept inside the frame."""
    v = np.asarray(vector, dtype=float)
    direction = np.array([*v, 0]) / (np.linalg.norm(v) or 1)
    label = fit.clip(name, LABEL_WIDTH, color=color).next_to(plane.c2p(*vector), direction, buff=0.3)
    label.shift(LEFT * max(0.0, label.get_right()[0] - fit.LABEL_RIGHT))
    return label.shift(RIGHT * max(0.0, -fit.LABEL_RIGHT - label.get_left()[0]))


def cross_marker(color: str | None = None, size: float = 0.32) -> VGroup:
    """The query's marker: an upright cross (×)."""
    c = color or theme().query
    h = size / 2
    return VGroup(
        Line([-h, -h, 0], [h, h, 0], color=c, stroke_width=7),
        Line([-h, h, 0], [h, -h, 0], color=c, stroke_width=7),
    )
