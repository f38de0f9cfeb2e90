"""Mobjects the chapters share: text, cards, tables, weight bars, vector planes and readouts.

Sizes and positions are in scene units (the frame is about 14.2 wide and 8 high). Type sizes come from
roles (`scenes.kit.palette.SIZES`: title, body, label, number, small), so one role has one size everywhere;
each text built here carries its `role`, which the layout tests read. Words are `Text` in the lecture's
font, formulas and numbers LaTeX in sans-serif math (`SansTex`). Builders read the palette when called.
Text from example files (token names) is drawn with `Text`, never passed to LaTeX.
"""

from __future__ import annotations

import textwrap

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Arrow,
    Line,
    MathTex,
    NumberPlane,
    Rectangle,
    RoundedRectangle,
    Text,
    VGroup,
)

from scenes.kit.arithmetic import WEIGHT_PLACES, Relation, sign
from scenes.kit.numbers import Number, SansTex
from scenes.kit.palette import FONT, tex_size, text_size, theme, token_color

MIN_BAR = 1e-3  # a bar never collapses to zero height (manim cannot stretch a flat shape)
LABEL_WIDTH = 1.8  # widest a token's label may be beside an arrow
FRAME_RIGHT = 6.9  # labels are kept between -FRAME_RIGHT and this x, inside the frame
ELLIPSIS = "…"  # ends a name cut to fit its place
MAX_GRID_LINES = 12  # grid lines a plane draws across either axis, whatever the example's range
COMMA_GAP = 0.28  # space after a comma in a vector, wide enough that a minus sign reads as a sign


def text(
    content: str, role: str = "body", color: str | None = None, size: float | None = None, **kwargs
) -> Text:
    """Plain text in the lecture's font, sized by its `role`; safe for any string (no LaTeX).

    `size` (manim's font size) overrides the role's size for a layout that must size itself; it is
    never below the smallest role's.
    """
    font_size = text_size(role) if size is None else max(size, text_size("small"))
    mobject = _shaped(content, font_size, color or theme().text, tuple(sorted(kwargs.items()))).copy()
    mobject.role = role
    return mobject


_SHAPED: dict[tuple, Text] = {}


def _shaped(content: str, font_size: float, color: str, options: tuple) -> Text:
    """A `Text` built once per process for these arguments (laying out and parsing its glyphs costs
    far more than copying it; chapters and examples repeat most of their words)."""
    key = (content, FONT, font_size, color, options)
    if key not in _SHAPED:
        _SHAPED[key] = Text(content, font=FONT, font_size=font_size, color=color, **dict(options))
    return _SHAPED[key]


def paragraph(
    content: str,
    width_chars: int = 40,
    role: str = "body",
    color: str | None = None,
    size: float | None = None,
) -> Text:
    """Text wrapped to about `width_chars` characters a line (`role`, `size` as for `text`)."""
    lines = "\n".join(textwrap.wrap(content, width_chars))
    return text(lines, role=role, color=color, size=size, line_spacing=0.9)


def paragraph_within(
    content: str, width: float, role: str = "body", color: str | None = None, size: float | None = None
) -> Text:
    """`content` wrapped to the most characters a line that keeps it within `width` scene units."""
    chars = max(len(content), 1)
    shown = paragraph(content, chars, role, color, size)
    while shown.width > width and chars > 8:
        chars = max(8, min(chars - 1, int(chars * width / shown.width)))
        shown = paragraph(content, chars, role, color, size)
    return shown


def clipped(content: str, width: float, role: str = "label", color: str | None = None) -> Text:
    """`content` at its role's size, cut to its longest start that fits `width` followed by '…' (a long
    token name under a bar: its colour, and the full name elsewhere, say which token it is)."""
    whole = text(content, role=role, color=color)
    if whole.width <= width:
        return whole
    low, high, best = 1, len(content) - 1, text(content[:1] + ELLIPSIS, role=role, color=color)
    while low <= high:
        middle = (low + high) // 2
        candidate = text(content[:middle].rstrip() + ELLIPSIS, role=role, color=color)
        if candidate.width <= width:
            best, low = candidate, middle + 1
        else:
            high = middle - 1
    return best


def legend(*entries: tuple[VGroup, str]) -> VGroup:
    """A row of (symbol, meaning) pairs."""
    items = [
        VGroup(symbol, text(meaning, role="label", color=theme().muted)).arrange(RIGHT, buff=0.15)
        for symbol, meaning in entries
    ]
    return VGroup(*items).arrange(RIGHT, buff=0.5)


def math(*parts: str, role: str = "number", color: str | None = None, size: float | None = None) -> MathTex:
    """A formula (only for strings the code builds from numbers, never from user text); each of `parts`
    is one submobject, so a part can be coloured or indicated by name (`formula[1]`), not by glyph.
    The equations of parts built by `scenes.kit.arithmetic` (`Tex`) are kept as `formula.relations`.

    Sized by `role`; `size` (manim's font size) overrides it, never below the smallest role's.
    """
    font_size = tex_size(role) if size is None else max(size, tex_size("small"))
    formula = _typeset(tuple(str(part) for part in parts), font_size, color or theme().text).copy()
    formula.role = role
    formula.relations = tuple(r for part in parts for r in getattr(part, "relations", ()))
    return formula


_TYPESET: dict[tuple, SansTex] = {}


def _typeset(parts: tuple[str, ...], font_size: float, color: str) -> SansTex:
    """A `SansTex` built once per process for these arguments (as `_shaped` for text)."""
    key = (parts, font_size, color)
    if key not in _TYPESET:
        _TYPESET[key] = SansTex(*parts, font_size=font_size, color=color)
    return _TYPESET[key]


def number(
    value: float, places: int = WEIGHT_PLACES, role: str = "number", color: str | None = None
) -> Number:
    """A live number (update it with `set_value`) with `places` decimals, sized by `role`."""
    shown = Number(
        float(value), num_decimal_places=places, font_size=tex_size(role), color=color or theme().text
    )
    shown.role = role
    return shown


def chapter_title(title: str, subtitle: str) -> VGroup:
    """The chapter's title and one-line subtitle, pinned to the top-left corner."""
    head = text(title, role="title")
    sub = text(subtitle, role="body", color=theme().muted)
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


class Grid(VGroup):
    """Columns of mobjects laid out left-aligned in a table: `columns[j]` is a column (a VGroup, in the
    table), `row(i)` the cells of row i. `col_buff`, `row_buff`: the gaps between cells, in scene units.
    """

    def __init__(self, *columns, col_buff: float = 0.45, row_buff: float = 0.18):
        super().__init__(*[VGroup(*col) for col in columns])
        rows = len(columns[0])
        VGroup(*[col[r] for r in range(rows) for col in columns]).arrange_in_grid(
            rows=rows, cols=len(columns), col_alignments="l" * len(columns), buff=(col_buff, row_buff)
        )

    @property
    def columns(self) -> list[VGroup]:
        return list(self.submobjects)

    def row(self, i: int) -> VGroup:
        """Row i's cells, left to right (a new group: the cells stay in their columns)."""
        return VGroup(*[col[i] for col in self.submobjects])


def fit_width(mobject, width: float):
    """`mobject`, shrunk if needed so it is at most `width` wide (long token names)."""
    return mobject.scale_to_fit_width(width) if mobject.width > width else mobject


def fit_together(mobjects, width: float) -> list:
    """`mobjects` all shrunk by one factor, so the widest is at most `width`: one label size for a row."""
    widest = max(m.width for m in mobjects)
    if widest > width:
        for m in mobjects:
            m.scale(width / widest)
    return list(mobjects)


class WeightBars(VGroup):
    """One bar per token whose height is its weight, the value above, the name below.

    In scene units: `height` is the height of a weight of 1, `bar_width` each bar's width, `spacing`
    the distance between bar centres (a name wider than that is cut, ending in '…'). A value keeps its
    left edge as it changes, so a digit that changes redraws only itself. The baseline is centred on the
    origin until moved. `show_total` adds the 'sum of weights' line under the names, true as printed:
    '=' when the weights as printed add up to the total as printed, '≈' otherwise (0.333 three times
    is 0.999, beside 1.000); the line's relation is `total.relations`.
    """

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
                    fill_color=token_color(t),
                ).move_to([x, height / 2, 0])
                for t, x in zip(tokens, xs)
            ]
        )
        self.values = VGroup(*[number(w).next_to(bar, UP, buff=0.12) for w, bar in zip(weights, self.bars)])
        names = [clipped(t, spacing - 0.1, color=token_color(t)) for t in tokens]
        self.labels = VGroup(*[name.next_to([x, 0, 0], DOWN, buff=0.2) for name, x in zip(names, xs)])
        self.add(self.baseline, self.bars, self.values, self.labels)
        if show_total:
            self.total = number(0)
            muted = theme().muted
            self.signs = {"=": SansTex("=", color=muted), "≈": SansTex(r"\approx", color=muted)}
            for shown_sign in self.signs.values():
                shown_sign.font_size, shown_sign.role = tex_size("label"), "label"
            words = text("sum of weights", role="label", color=muted)
            self.total_label = VGroup(words, self.signs["="])
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
            number.set_value(float(w))  # keeps its left edge
            number.shift(UP * (bar.get_top()[1] + 0.12 - number.get_bottom()[1]))
        if self.total is not None:
            self.show_total(float(np.sum(weights)))
        return self

    def show_total(self, total: float) -> None:
        """Print `total` with the sign its printed weights earn, under the names."""
        self.total.set_value(total)
        terms = tuple(n.printed for n in self.values)
        mark = "=" if sign("sum", terms, self.total.printed) == "=" else "≈"
        self.total.relations = (Relation(terms, "sum", mark, self.total.printed),)
        self.total_label.submobjects[1] = self.signs[mark]
        self.signs[mark].next_to(self.total_label[0], RIGHT, buff=0.15)
        self.total_label.next_to(self.labels, DOWN, buff=0.35).align_to(self.baseline, LEFT)
        self.total.next_to(self.total_label, RIGHT, buff=0.15)

    def shown_values(self) -> list[float]:
        """The numbers currently displayed above the bars."""
        return [round(n.get_value(), WEIGHT_PLACES) for n in self.values]


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
    """A token's name just beyond the tip of its arrow (cut to LABEL_WIDTH), kept inside the frame."""
    v = np.asarray(vector, dtype=float)
    direction = np.array([*v, 0]) / (np.linalg.norm(v) or 1)
    label = clipped(name, LABEL_WIDTH, color=color).next_to(plane.c2p(*vector), direction, buff=0.3)
    label.shift(LEFT * max(0.0, label.get_right()[0] - FRAME_RIGHT))
    return label.shift(RIGHT * max(0.0, -FRAME_RIGHT - label.get_left()[0]))


def clear_of(label, point, others, buff: float = 0.3, right: float = FRAME_RIGHT):
    """`label` where it is or, if it overlaps one of `others` or leaves the x range -FRAME_RIGHT..`right`,
    moved round `point` (in eight directions, `buff` away) to the first place where it does neither; where
    it was when no place is clear."""
    start = label.get_center()

    def clear() -> bool:
        inside = -FRAME_RIGHT <= label.get_left()[0] and label.get_right()[0] <= right
        return inside and all(apart(label, other) for other in others)

    if clear():
        return label
    for angle in np.linspace(0, 2 * np.pi, 8, endpoint=False):
        label.next_to(point, [np.cos(angle), np.sin(angle), 0], buff=buff)
        if clear():
            return label
    return label.move_to(start)


def apart(a, b) -> bool:
    """Whether the boxes of `a` and `b` do not intersect."""
    return (
        a.get_right()[0] < b.get_left()[0]
        or b.get_right()[0] < a.get_left()[0]
        or a.get_top()[1] < b.get_bottom()[1]
        or b.get_top()[1] < a.get_bottom()[1]
    )


def cross_marker(color: str | None = None, size: float = 0.32) -> VGroup:
    """The query's marker: an upright cross (×)."""
    c = color or theme().query
    h = size / 2
    return VGroup(
        Line([-h, -h, 0], [h, h, 0], color=c, stroke_width=7),
        Line([-h, h, 0], [h, -h, 0], color=c, stroke_width=7),
    )


class VectorReadout(VGroup):
    """'[0.500, −0.250]' made of Numbers, so it can follow a trace on every frame: `places` decimals,
    sized by `role` (or `size`, manim's font size, never below the smallest role's). A wide gap follows
    each comma, so a minus sign reads as a sign, never as a subtraction; the parts are laid out again
    whenever a number's width changes."""

    def __init__(
        self,
        values,
        places: int = WEIGHT_PLACES,
        role: str = "number",
        color: str | None = None,
        size: float | None = None,
    ):
        super().__init__()
        color = color or theme().text
        size = tex_size(role) if size is None else max(size, tex_size("small"))
        self.numbers = [number(v, places, role, color).scale(size / tex_size(role)) for v in values]
        self.commas = [SansTex(",", font_size=size, color=color) for _ in self.numbers[1:]]
        parts = [SansTex("[", font_size=size, color=color), self.numbers[0]]
        for comma, shown in zip(self.commas, self.numbers[1:]):
            parts += [comma, shown]
        parts.append(SansTex("]", font_size=size, color=color))
        for part in parts:
            part.role = role
        self.add(*parts)
        self.lay_out()

    def lay_out(self) -> VectorReadout:
        """Put each part after the one before, keeping the left edge: commas on the numbers' baseline."""
        parts = self.submobjects
        base = self.numbers[0].get_bottom()[1]
        for before, part in zip(parts, parts[1:]):
            part.next_to(before, RIGHT, buff=COMMA_GAP if before in self.commas else 0.06)
            if part in self.commas:
                part.align_to([0, base, 0], DOWN)
            else:
                part.set_y(self.numbers[0].get_y())
        return self

    def set_values(self, values) -> VectorReadout:
        for shown, v in zip(self.numbers, values):
            shown.set_value(float(v))
        return self.lay_out()

    def shown_values(self) -> list[float]:
        return [round(n.get_value(), n.num_decimal_places) for n in self.numbers]
