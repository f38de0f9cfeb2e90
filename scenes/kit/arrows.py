"""The lecture's two arrows. `pointer`, an arrow between things: a shaft and a head that read on a projector at
any length, so a short arrow between two boxes is not a hairline beside a long one's large head. `vector`, a
vector drawn in its plane: its tip on the point it stands for, its width saying which vector it is."""

from __future__ import annotations

import numpy as np
from manim import Arrow

ARROW_WIDTH = 4  # the shaft's stroke width (about 5 px at 1080p), whatever the arrow's length
TIP = 0.18  # the head's length and width (about 24 px at 1080p) ...
TIP_SHARE = 0.45  # ... or this share of a short arrow's length, so its shaft still shows

VECTOR_TIP = 0.3  # a vector's head (about 35 px at 1080p) ...
VECTOR_SHARE = 0.2  # ... or this share of a shorter vector's length ...
HEAD_OVER_SHAFT = 2.5  # ... but at least this many times as wide as its shaft, and at most half the vector
STROKE_UNIT = 0.01  # scene units of a stroke width of 1 (manim's cairo line width)


def pointer(start, end, color: str, buff: float = 0.08) -> Arrow:
    """An arrow from `start` to `end` (`buff` short of both) in the lecture's one style."""
    return Arrow(
        start,
        end,
        buff=buff,
        color=color,
        stroke_width=ARROW_WIDTH,
        tip_length=TIP,
        max_tip_length_to_length_ratio=TIP_SHARE,
        max_stroke_width_to_length_ratio=float("inf"),  # never thinned because it is short
    )


def head(length: float, width: float) -> float:
    """The length and width of the head of a vector `length` long and `width` wide: VECTOR_SHARE of its length,
    at least HEAD_OVER_SHAFT times its shaft, at most VECTOR_TIP and half the vector (its shaft shows)."""
    return min(VECTOR_TIP, max(VECTOR_SHARE * length, HEAD_OVER_SHAFT * width * STROKE_UNIT), length / 2)


class Vector(Arrow):
    """manim's arrow, its head kept in proportion when it is scaled or moved (`put_start_and_end_on` scales it):
    a dragged output or a plane grown into a poster keeps the style `vector` drew it in, where manim's kept the
    head it was made with (wider than half a vector dragged short)."""

    def scale(self, factor: float, scale_tips: bool = False, **kwargs):
        if scale_tips or not self.has_tip() or self.tip.length == 0 or factor * self.get_length() == 0:
            return super().scale(factor, scale_tips=scale_tips, **kwargs)
        tip = self.pop_tips()[0]  # the shaft now runs to the point
        super().scale(factor, **kwargs)
        tip.scale(head(self.get_length(), self.get_stroke_width()) / tip.length)
        return self.add_tip(tip=tip)


def vector(start, end, color: str, width: float) -> Vector:
    """A vector from `start` exactly to `end`, `width` wide however short. Not a `pointer`: in a plane the tip is
    the vector's value (no buff), a head a fifth of the length keeps a short vector's length readable against a
    long one's, and the width tells a plane's vectors apart (a value, a term, the output); manim's own arrow
    thinned a short one to a hairline (5 times its length) and gave it a head narrower than its shaft."""
    length = float(np.linalg.norm(np.asarray(end, dtype=float) - np.asarray(start, dtype=float)))
    return Vector(
        start,
        end,
        buff=0,
        color=color,
        stroke_width=width,
        tip_length=head(length, width),
        max_tip_length_to_length_ratio=1,
        max_stroke_width_to_length_ratio=float("inf"),
    )
