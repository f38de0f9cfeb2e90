"""The lecture's one arrow between things (not a vector in a plane): a shaft and a head that read on a projector
at any length, so a short arrow between two boxes is not a hairline beside a long one's large head."""

from __future__ import annotations

from manim import Arrow

ARROW_WIDTH = 4  # the shaft's stroke width (about 5 px at 1080p), whatever the arrow's length
TIP = 0.18  # the head's length and width (about 24 px at 1080p) ...
TIP_SHARE = 0.45  # ... or this share of a short arrow's length, so its shaft still shows


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
