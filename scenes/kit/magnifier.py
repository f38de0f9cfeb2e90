"""A small square of a plane drawn larger in a panel: Refocus's magnified blend, BlendByWeight's close-up of a
short output. One geometry for both, so a point drawn in the panel is where the plane has it, magnified."""

from __future__ import annotations

import numpy as np
from manim import DL, DOWN, DR, LEFT, RIGHT, UL, UP, UR, Line, NumberPlane, Rectangle, VectorizedPoint, VGroup

from scenes.kit import components as c
from scenes.kit.fit import box


class Magnifier(VGroup):
    """The square of `axes` round the origin and `points` (plane coordinates), `margin` of its half side
    more, outlined on the plane (`frame`) and drawn in a panel `side` wide (`panel`), `room` left round the
    square inside it: one scale on both axes, `magnify` scene units per plane unit. `at` maps a plane
    point into the panel; what the caller draws there goes into `view` (the panel first), which `place`
    moves whole. `link` joins the frame to the panel."""

    def __init__(self, axes: NumberPlane, points, side: float, margin: float, room: float):
        super().__init__()
        self.centre, self.half = square(points, margin)
        self.magnify = (side - 2 * room) / (2 * self.half)
        self.gain = self.magnify / unit(axes)  # how many times larger than the plane the panel draws it
        a, b = axes.c2p(*(self.centre - self.half)), axes.c2p(*(self.centre + self.half))
        self.frame = Rectangle(width=b[0] - a[0], height=b[1] - a[1], stroke_width=1.5).move_to((a + b) / 2)
        self.panel = c.panel(side, side).move_to(axes)
        self.anchor = VectorizedPoint(
            self.panel.get_center()
        )  # where the square's centre is drawn: the panel's
        self.view = VGroup(self.panel, self.anchor)  # centre until the panel is cut to what it shows
        self.links = VGroup()
        self.add(self.links, self.frame, self.view)

    def at(self, point) -> np.ndarray:
        """Where plane point `point` is drawn in the panel."""
        return self.anchor.get_center() + np.array([*(np.asarray(point) - self.centre) * self.magnify, 0])

    def axes(self) -> VGroup:
        """The plane's two axes across the magnified square (it always holds the origin), unstyled."""
        (left, bottom, _), (right, top, _) = (
            self.at(self.centre - self.half),
            self.at(self.centre + self.half),
        )
        x0, y0, _ = self.at(np.zeros(2))
        return VGroup(Line([left, y0, 0], [right, y0, 0]), Line([x0, bottom, 0], [x0, top, 0]))

    def place(self, spot) -> Magnifier:
        """Move the panel, and all drawn in it, to be centred at `spot`."""
        self.view.shift(np.asarray(spot) - self.panel.get_center())
        return self

    def link(self) -> Magnifier:
        """Two lines from the frame's corners to the panel's (`link_ends`)."""
        self.links.add(*[Line(start, end) for start, end in self.link_ends()])
        return self

    def link_ends(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """`link_ends` of the frame and the panel where it stands now."""
        return link_ends(box(self.frame), box(self.panel))


def link_ends(frame: np.ndarray, panel: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """Where the two lines joining a frame to a panel (their `box`es) start and end: from the frame's side facing
    the panel to the panel's side facing it, where one stands beside or over the other (the shortest lines,
    crossing neither: review 4 found the lines from far corners across the plane's arrows); else from the frame's
    corners to the panel's, the pair that does not cross the panel. From boxes, so a layout can try places without
    moving anything."""
    if panel[1][0] <= frame[0][0] or frame[1][0] <= panel[0][0]:  # beside: its left or right side
        way = RIGHT if panel[1][0] <= frame[0][0] else LEFT
        return [(corner(frame, -way + v), corner(panel, way + v)) for v in (UP, DOWN)]
    if panel[1][1] <= frame[0][1] or frame[1][1] <= panel[0][1]:  # over or under it
        way = UP if panel[1][1] <= frame[0][1] else DOWN
        return [(corner(frame, -way + h), corner(panel, way + h)) for h in (LEFT, RIGHT)]
    offset = panel.mean(axis=0) - frame.mean(axis=0)
    pair = (UL, DR) if offset[0] * offset[1] > 0 else (UR, DL)
    return [(corner(frame, d), corner(panel, d)) for d in pair]


def corner(area: np.ndarray, direction) -> np.ndarray:
    """The corner of `area` (a `box`) in `direction` (UL, DR, ...), as a point of the scene."""
    return np.array([area[int(direction[0] > 0)][0], area[int(direction[1] > 0)][1], 0.0])


def square(points, margin: float) -> tuple[np.ndarray, float]:
    """The centre and half side (plane units) of the square round the origin and `points`, `margin` of its half
    side more."""
    corners = np.vstack([np.zeros((1, 2)), np.asarray(points, dtype=float).reshape(-1, 2)])
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    return (lo + hi) / 2, max(float(np.max(hi - lo)) / 2 * (1 + margin), 1e-6)


def unit(axes: NumberPlane) -> float:
    """Scene units per plane unit of `axes` (one scale on both axes)."""
    return float(axes.c2p(1, 0)[0] - axes.c2p(0, 0)[0])


def side_for(axes: NumberPlane, points, margin: float, room: float, gain: float) -> float:
    """The panel's side that draws the square round the origin and `points` (see `Magnifier`) `gain` times as
    large as `axes` does, `room` left round it: a magnification chosen from what the panel shows."""
    return 2 * room + gain * 2 * square(points, margin)[1] * unit(axes)
