"""Numbers cheap to update on every frame: DecimalNumber and Integer that redraw only what changed.

What they draw is DecimalNumber's (`tests/test_number_mobjects.py` compares them at many values);
they differ only in speed: digits are rebuilt only when the printed text changes, and glyphs are
copied with `glyph_copy`.
"""

from __future__ import annotations

import copy

import numpy as np
from manim import DecimalNumber, Integer
from manim.mobject.text.numbers import string_to_mob_map


def glyph_copy(mobject):
    """A copy of a number or digit glyph and its family, sharing no arrays, lists or dicts with it.

    Equal to `mobject.copy()` for these (no attribute refers to another family member) and
    about ten times faster: `copy()` deep-copies every attribute, colours included.
    """
    clone = copy.copy(mobject)
    for name, value in vars(mobject).items():
        if isinstance(value, np.ndarray):
            setattr(clone, name, value.copy())
        elif isinstance(value, (list, dict)):
            setattr(clone, name, copy.copy(value))
    clone.submobjects = [glyph_copy(part) for part in mobject.submobjects]
    return clone


class QuickDigits:
    """For DecimalNumber classes without a unit: `set_value` redraws the digits only when the printed
    text changes, and glyphs and copies are made with `glyph_copy`. What is drawn is DecimalNumber's.

    Overrides three of DecimalNumber's private methods (manim 0.22); the test pins what they draw.
    """

    def __deepcopy__(self, memo):
        clone = memo[id(self)] = glyph_copy(self)
        return clone

    def _set_submobjects_from_number(self, number) -> None:
        super()._set_submobjects_from_number(number)
        self.printed = self._get_num_string(number)

    def set_value(self, number):
        if self._get_num_string(number) != self.printed:
            return super().set_value(number)
        self.number = number
        return self.init_colors()  # as DecimalNumber.set_value ends

    def _string_to_mob(self, string: str, mob_class=None, **kwargs):
        """DecimalNumber's, with `glyph_copy` for the cached glyph's `copy()`."""
        if string not in string_to_mob_map:
            string_to_mob_map[string] = (mob_class or self.mob_class)(string, **kwargs)
        glyph = glyph_copy(string_to_mob_map[string])
        glyph.font_size = self._font_size
        return glyph


class Number(QuickDigits, DecimalNumber):
    """A DecimalNumber that is cheap to update on every frame."""


class WholeNumber(QuickDigits, Integer):
    """An Integer that is cheap to update on every frame."""
