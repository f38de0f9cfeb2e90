"""manim's `VMobject.generate_rgbas_array`, rewritten for speed with the same results: every `set_fill`,
`set_stroke` and `init_colors` calls it for each family member (400,000 times in a chapter's corpus runs),
and it parses its colour again each time (a `ManimColor` made from a `ManimColor` or a hex string).

Nearly every call passes one colour (a `ManimColor`, a string or None) and one opacity on a mobject without
sheen: those are answered from the colour's own values (a string's looked up once); any other call goes to
manim's method. `tests/pipeline/test_colours.py` compares both.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

OPACITIES = (
    float,
    int,
    np.float64,
    type(None),
)  # one opacity, as callers pass it (None: 0, as manim reads it)
BLACK = np.array((0.0, 0.0, 0.0, 1.0))  # what manim reads a colour of None as
_RGBA: dict[str, np.ndarray] = {}  # a colour string's red, green, blue and alpha


@contextmanager
def quick_colours() -> Iterator[None]:
    """Inside, `VMobject.generate_rgbas_array` answers from `rgbas` where it can, else as manim does."""
    from manim import VMobject

    manims = VMobject.generate_rgbas_array

    def generate_rgbas_array(self, color, opacity):
        found = rgbas(self, color, opacity)
        return manims(self, color, opacity) if found is None else found

    VMobject.generate_rgbas_array = generate_rgbas_array
    try:
        yield
    finally:
        VMobject.generate_rgbas_array = manims


def rgbas(self, color, opacity) -> np.ndarray | None:
    """What `VMobject.generate_rgbas_array` gives for one colour and one opacity on a mobject without sheen
    (a row of red, green, blue and opacity); None for any other call."""
    if type(opacity) not in OPACITIES or self.get_sheen_factor():
        return None
    rgba = _rgba(color)
    if rgba is None:
        return None
    row = rgba[None].copy()
    row[0, 3] = 0.0 if opacity is None else opacity
    return row


def _rgba(color) -> np.ndarray | None:
    """The colour manim reads from `color` as red, green, blue and alpha (never to be changed: callers copy
    it); None when `color` is not one colour."""
    if color is None:
        return BLACK
    if isinstance(color, str):
        if color not in _RGBA:
            from manim import ManimColor

            _RGBA[color] = ManimColor(color)._internal_value
        return _RGBA[color]
    value = getattr(color, "_internal_value", None)  # a ManimColor's own array
    return value if isinstance(value, np.ndarray) and value.shape == (4,) else None
