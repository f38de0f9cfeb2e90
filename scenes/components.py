"""Reusable numeric mobjects built from arrays; later chapters reuse them.

Builders read the palette when called. Text from example files (token names)
is drawn with `Text`, never passed to LaTeX.
"""

from __future__ import annotations

import copy
import textwrap

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Arrow,
    DecimalNumber,
    Integer,
    Line,
    MathTex,
    NumberPlane,
    Rectangle,
    RoundedRectangle,
    Text,
    VGroup,
)
from manim.mobject.text.numbers import string_to_mob_map

from . import palette
from .palette import FONT, SCORE_PLACES, WEIGHT_PLACES, fmt, fmt_input, theme

MIN_BAR = 1e-3  # a bar never collapses to zero height (manim cannot stretch a flat shape)
LABEL_WIDTH = 1.8  # widest a token's label may be beside an arrow
FRAME_RIGHT = 6.9  # labels are kept left of this x, inside the frame


def text(content: str, size: float = 26, color: str | None = None, **kwargs) -> Text:
    """Plain text in the lecture's font; safe for any string (no LaTeX)."""
    return Text(content, font=FONT, font_size=size, color=color or theme().text, **kwargs)


def paragraph(content: str, width_chars: int = 40, size: float = 24, color: str | None = None) -> Text:
    """Text wrapped to about `width_chars` characters a line."""
    return text("\n".join(textwrap.wrap(content, width_chars)), size=size, color=color, line_spacing=0.9)


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


def legend(*entries: tuple[VGroup, str]) -> VGroup:
    """A row of (symbol, meaning) pairs."""
    items = [
        VGroup(symbol, text(meaning, size=20, color=theme().muted)).arrange(RIGHT, buff=0.15)
        for symbol, meaning in entries
    ]
    return VGroup(*items).arrange(RIGHT, buff=0.5)


def math(tex: str, size: float = 32, color: str | None = None) -> MathTex:
    """A formula (only for strings the code builds from numbers, never from user text)."""
    return MathTex(tex, font_size=size, color=color or theme().text)


def chapter_title(title: str, subtitle: str) -> VGroup:
    """The chapter's title and one-line subtitle, pinned to the top-left corner."""
    head = text(title, size=40)
    sub = text(subtitle, size=22, color=theme().muted)
    group = VGroup(head, sub).arrange(DOWN, aligned_edge=LEFT, buff=0.12)
    return group.to_corner(UL, buff=0.35)


def panel(width: float, height: float) -> RoundedRectangle:
    """A quiet background card for a block of numbers."""
    return RoundedRectangle(
        width=width,
        height=height,
        corner_radius=0.15,
        stroke_width=1,
        stroke_color=theme().grid,
        fill_color=theme().panel,
        fill_opacity=1,
    )


def grid(*columns, col_buff: float = 0.45, row_buff: float = 0.18) -> VGroup:
    """Columns of mobjects laid out left-aligned in a table; the result lists them column by column."""
    rows = len(columns[0])
    cells = [col[r] for r in range(rows) for col in columns]
    VGroup(*cells).arrange_in_grid(
        rows=rows, cols=len(columns), col_alignments="l" * len(columns), buff=(col_buff, row_buff)
    )
    return VGroup(*[cell for col in columns for cell in col])


def fit_width(mobject, width: float):
    """`mobject`, shrunk if needed so it is at most `width` wide (long token names)."""
    return mobject.scale_to_fit_width(width) if mobject.width > width else mobject


class WeightBars(VGroup):
    """One bar per token whose height is its weight, the value above, the name below."""

    def __init__(
        self,
        tokens,
        weights,
        height: float = 2.4,
        bar_width: float = 0.7,
        spacing: float = 1.25,
        show_total: bool = True,
    ):
        super().__init__()
        self.max_height = height
        self.baseline = Line(
            LEFT * spacing * len(tokens) / 2,
            RIGHT * spacing * len(tokens) / 2,
            color=theme().muted,
            stroke_width=2,
        )
        xs = (np.arange(len(tokens)) - (len(tokens) - 1) / 2) * spacing
        self.bars = VGroup(
            *[
                Rectangle(
                    width=bar_width,
                    height=height,
                    stroke_width=0,
                    fill_opacity=0.9,
                    fill_color=palette.token_color(t),
                ).move_to([x, height / 2, 0])
                for t, x in zip(tokens, xs)
            ]
        )
        self.values = VGroup(
            *[Number(0, num_decimal_places=WEIGHT_PLACES, font_size=28, color=theme().text) for _ in tokens]
        )
        self.labels = VGroup(
            *[
                fit_width(text(t, size=24, color=palette.token_color(t)), spacing - 0.1).next_to(
                    [x, 0, 0], DOWN, buff=0.2
                )
                for t, x in zip(tokens, xs)
            ]
        )
        self.add(self.baseline, self.bars, self.values, self.labels)
        if show_total:
            self.total = Number(0, num_decimal_places=WEIGHT_PLACES, font_size=28, color=theme().text)
            self.total_label = text("sum of weights =", size=22, color=theme().muted)
            self.add(self.total_label, self.total)
        else:
            self.total = None
        self.set_weights(weights)

    def set_weights(self, weights) -> WeightBars:
        """Resize every bar and update every number in place."""
        base = self.baseline.get_center()[1]
        for bar, number, w in zip(self.bars, self.values, weights):
            bar.stretch_to_fit_height(max(float(w), MIN_BAR) * self.max_height)
            bar.move_to([bar.get_center()[0], base + bar.height / 2, 0])
            number.set_value(float(w)).next_to(bar, UP, buff=0.12)
        if self.total is not None:
            self.total.set_value(float(np.sum(weights)))
            self.total_label.next_to(self.labels, DOWN, buff=0.35).align_to(self.baseline, LEFT)
            self.total.next_to(self.total_label, RIGHT, buff=0.15)
        return self

    def shown_values(self) -> list[float]:
        """The numbers currently displayed above the bars."""
        return [round(n.get_value(), WEIGHT_PLACES) for n in self.values]


def vector_plane(points, unit: float = 1.3, margin: float = 0.6, step: float = 1.0) -> NumberPlane:
    """A 2-D plane, with grid lines every `step`, whose range holds every point and the origin."""
    pts = np.vstack([np.zeros((1, 2)), np.asarray(points, dtype=float)])
    lo = np.floor((pts.min(axis=0) - margin) / step) * step
    hi = np.ceil((pts.max(axis=0) + margin) / step) * step
    return NumberPlane(
        x_range=[lo[0], hi[0], step],
        y_range=[lo[1], hi[1], step],
        x_length=(hi[0] - lo[0]) * unit,
        y_length=(hi[1] - lo[1]) * unit,
        background_line_style={"stroke_color": theme().grid, "stroke_width": 1},
        axis_config={"stroke_color": theme().muted, "stroke_width": 2},
    )


def plane_arrow(plane: NumberPlane, vector, color: str, width: float = 5) -> Arrow:
    """An arrow from the plane's origin to `vector`."""
    return Arrow(
        plane.c2p(0, 0),
        plane.c2p(*vector),
        buff=0,
        color=color,
        stroke_width=width,
        max_tip_length_to_length_ratio=0.18,
    )


def arrow_label(plane: NumberPlane, vector, name: str, color: str) -> Text:
    """A token's name just beyond the tip of its arrow."""
    v = np.asarray(vector, dtype=float)
    direction = np.array([*v, 0]) / (np.linalg.norm(v) or 1)
    label = fit_width(text(name, size=26, color=color), LABEL_WIDTH).next_to(
        plane.c2p(*vector), direction, buff=0.3
    )
    return label.shift(LEFT * max(0.0, label.get_right()[0] - FRAME_RIGHT))


def cross_marker(color: str | None = None, size: float = 0.32) -> VGroup:
    """The query's marker: an upright cross (×)."""
    c = color or theme().query
    h = size / 2
    return VGroup(
        Line([-h, -h, 0], [h, h, 0], color=c, stroke_width=7),
        Line([-h, h, 0], [h, -h, 0], color=c, stroke_width=7),
    )


def relation(value: float, places: int, tex: bool = True) -> str:
    """'=' when the printed number is exact, '\\approx' (or '≈' for plain text) when it was rounded."""
    if abs(float(fmt(value, places)) - value) < 1e-12:
        return "="
    return r"\approx" if tex else "≈"


def shown(value: float, places: int, result: float, check, result_places: int) -> str:
    """Print `value`, adding '\\ldots' when its rounded form would not give `result`.

    `check(rounded_value)` recomputes the result from the rounded value; this keeps
    every displayed result derivable from the displayed inputs.
    """
    rounded = float(fmt(value, places))
    exact = abs(rounded - value) < 1e-12
    follows = fmt(check(rounded), result_places) == fmt(result, result_places)
    return fmt(value, places) + ("" if exact or follows else r"\ldots")


def dot_product_tex(query, key, dot: float) -> str:
    """'(2)(2) + (0)(0) = 4': the dot product term by term."""
    terms = " + ".join(f"({fmt_input(q)})({fmt_input(k)})" for q, k in zip(query, key))
    return f"{terms} {relation(dot, SCORE_PLACES)} {fmt(dot, SCORE_PLACES)}"


def division_tex(dot: float, divisor_tex: str, score: float) -> str:
    """'3 / \\sqrt{2} \\approx 2.121': a dot product scaled into a score."""
    return rf"{fmt(dot, SCORE_PLACES)} / {divisor_tex} {relation(score, SCORE_PLACES)} {fmt(score, SCORE_PLACES)}"


def exp_tex(score: float, exp_value: float, places_in: int, places_out: int) -> str:
    """'e^{1.414} \\approx 4.11', the exponent marked '\\ldots' where rounding shows."""
    exponent = shown(score, places_in, exp_value, np.exp, places_out)
    return f"e^{{{exponent}}} {relation(exp_value, places_out)} {fmt(exp_value, places_out)}"


def ratio_tex(numerator: float, denominator: float, result: float, places_in: int, places_out: int) -> str:
    """'1 / 3.25 \\approx 0.308', each operand as displayed elsewhere."""
    top = fmt(numerator, places_in)
    bottom = fmt(denominator, places_in)
    return rf"{top} / {bottom} {relation(result, places_out)} {fmt(result, places_out)}"


def sum_tex(terms, total: float, places: int) -> str:
    """'1.25 + 1 + 1 = 3.25'."""
    return " + ".join(fmt(t, places) for t in terms) + f" {relation(total, places)} {fmt(total, places)}"


class VectorReadout(VGroup):
    """'[0.500, 0.250]' made of Numbers, so it can follow a trace on every frame."""

    def __init__(self, values, places: int = WEIGHT_PLACES, size: float = 32, color: str | None = None):
        super().__init__()
        color = color or theme().text
        self.numbers = [
            Number(float(v), num_decimal_places=places, font_size=size, color=color) for v in values
        ]
        parts = [MathTex("[", font_size=size, color=color)]
        for i, number in enumerate(self.numbers):
            parts += [number] + ([MathTex(",", font_size=size, color=color)] if i < len(values) - 1 else [])
        parts.append(MathTex("]", font_size=size, color=color))
        self.add(*parts).arrange(RIGHT, buff=0.08)
        for comma in self[2:-1:2]:
            comma.align_to(self.numbers[0], DOWN)

    def set_values(self, values) -> VectorReadout:
        for number, v in zip(self.numbers, values):
            number.set_value(float(v))
        return self

    def shown_values(self) -> list[float]:
        return [round(n.get_value(), n.num_decimal_places) for n in self.numbers]
