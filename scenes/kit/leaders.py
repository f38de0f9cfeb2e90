"""Leaders: a thin line from an arrow's tip to its name where the name stands too far off to read as the tip's
(issue 29). ScoreEveryWord's compass and ThreeTokenDrag's plane draw them alike."""

from __future__ import annotations

import numpy as np
from manim import Line

from scenes.kit import fit

# a name within this of its tip (27 px at 480p: ThreeTokenDrag's half ring out) reads as the tip's; farther, it is
# led to it
NEAR = 0.45
WIDTH = 2  # a leader's stroke: thinner than any arrow, so it reads as a pointer, not a vector
BUFF = 0.04  # a leader stops this short of both its ends


def gap(tip, box) -> float:
    """How far a name's `box` (`fit.box`) stands from its arrow's `tip`."""
    tip = np.asarray(tip, dtype=float)[:2]
    return float(np.linalg.norm(np.clip(tip, box[0], box[1]) - tip))


def ends(tip, box) -> tuple[np.ndarray, np.ndarray] | None:
    """Where a leader from `tip` to a name's `box` starts and ends (x, y), BUFF off both; None where the box is
    within NEAR of the tip (the name reads as the tip's without)."""
    tip = np.asarray(tip, dtype=float)[:2]
    far = gap(tip, box)
    if far <= NEAR + 1e-6:  # a place NEAR out is near (not led by rounding)
        return None
    way = (np.clip(tip, box[0], box[1]) - tip) / far
    return tip + BUFF * way, tip + (far - BUFF) * way


def line(start, end, color) -> Line:
    """A leader from `start` to `end` (x, y) in `color`."""
    return Line([*start[:2], 0], [*end[:2], 0], color=color, stroke_width=WIDTH)


def lead(tip, name, color: str | None = None) -> list[Line]:
    """The leader from `tip` to `name` where it stands farther than NEAR, in `color` (the name's unless given:
    names in a column by one tip may differ); else none."""
    found = ends(tip, fit.box(name))
    return [] if found is None else [line(*found, color or name.get_color())]
