"""Weight bars and a vector's live readout: the two pieces that follow a trace on every frame."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Line, MathTex, Rectangle, VGroup

from i18n.numbers import separator
from scenes.kit import fit
from scenes.kit.arithmetic import WEIGHT_PLACES, Relation, sign
from scenes.kit.components import math, number, text
from scenes.kit.numbers import CJK_CHARS, SansTex
from scenes.kit.palette import tex_size, theme, token_color

CJK_START = 0x2E80  # Unicode's CJK blocks start here: beyond them only CJK characters have fonts in TeX
MIN_BAR = 1e-3  # a bar never collapses to zero height (manim cannot stretch a flat shape)
AXIS = 0.37  # TeX's math axis, where '=' and '≈' are centred, as a fraction of a digit's height above the baseline
COMMA_GAP = 0.28  # space after a comma in a vector, wide enough that a minus sign reads as a sign
VALUE_BUFF = 0.12  # between a bar's top and its weight printed above it
NAME_BUFF = 0.2  # between the baseline and the tallest name under it
# a glyph at least this share of a word's tallest stands on the line (a dot, dash or quote may not)
LINE_GLYPH = 0.3


class WeightBars(VGroup):
    """One bar per token whose height is its weight, the value above, the name below.

    In scene units: `height` is the height of a weight of 1, `bar_width` each bar's width, `spacing`
    the distance between bar centres (a name wider than that is cut, ending in '…'). A value keeps its
    left edge as it changes, so a digit that changes redraws only itself. The baseline is centred on the
    origin until moved. `show_total` adds the 'sum of weights' line under the names, true as printed:
    '=' when the weights as printed add up to the total as printed, '≈' otherwise (0.333 three times
    is 0.999, beside 1.000); the line's relation is `total.relations`. The line is in the number's face
    throughout (`label_tex`), its words `total_words` (a translated chapter's, `_()`: the kit translates
    nothing itself, or every chapter using it would count as translated). While the weights move (`moving`),
    the sign is '≈', true whatever the printed weights add up to: rounded live, they add to 0.999, 1.000 and
    1.001 by turns, and '=' and '≈' flickered (review 9); at rest the exact sign comes back.
    """

    def __init__(
        self,
        tokens,
        weights,
        height: float = 2.4,
        bar_width: float = 0.7,
        spacing: float = 1.25,
        show_total: bool = True,
        total_words: str = "sum of weights",
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
        self.values = VGroup(
            *[number(w).next_to(bar, UP, buff=VALUE_BUFF) for w, bar in zip(weights, self.bars)]
        )
        names = [fit.clip(t, spacing - 0.1, color=token_color(t)) for t in tokens]
        self.labels = VGroup(*[name.next_to([x, 0, 0], DOWN, buff=NAME_BUFF) for name, x in zip(names, xs)])
        on_one_baseline(self.labels)
        self.add(self.baseline, self.bars, self.values, self.labels)
        if show_total:
            self.total = number(0)
            muted = theme().muted
            self.signs = {"=": SansTex("=", color=muted), "≈": SansTex(r"\approx", color=muted)}
            for shown_sign in self.signs.values():
                shown_sign.font_size, shown_sign.role = tex_size("label"), "label"
            words = label_tex(total_words, color=muted)
            self.mark, self.in_motion = "=", False
            self.total_label = VGroup(words, self.signs["="].copy())
            self.add(self.total_label, self.total)
        else:
            self.total = None
        self.set_weights(weights)

    def set_weights(self, weights) -> WeightBars:
        """Resize every bar and update every number in place."""
        self.weights = np.asarray(weights, dtype=float)
        base = self.baseline.get_center()[1]
        for bar, value, w in zip(self.bars, self.values, weights):
            bar.stretch_to_fit_height(max(float(w), MIN_BAR) * self.max_height)
            bar.move_to([bar.get_center()[0], base + bar.height / 2, 0])
            value.set_value(float(w))  # keeps its left edge
            value.shift(UP * (bar.get_top()[1] + VALUE_BUFF - value.get_bottom()[1]))
        if self.total is not None:
            self.show_total(float(np.sum(weights)))
        return self

    def moving(self, on: bool) -> WeightBars:
        """From now on the weights move (`on`: the total's sign is '≈') or rest (its exact sign again)."""
        self.in_motion = on
        return self if on else self.set_weights(self.weights)

    def show_total(self, total: float) -> None:
        """Print `total` with the sign its printed weights earn, under the names. A changed sign is redrawn in
        place, at its size and opacity: a play draws the family it began with, so a sign swapped in would not be
        drawn until it ended, and the one swapped out still would ('≈ 1.000' over weights adding to it)."""
        self.total.set_value(total)
        terms = tuple(n.printed for n in self.values)
        exact = not self.in_motion and sign("sum", terms, self.total.printed) == "="
        mark = "=" if exact else "≈"
        self.total.relations = (Relation(terms, "sum", mark, self.total.printed),)
        if mark != self.mark:
            shown, old, new = self.total_label[1], self.signs[self.mark], self.signs[mark]
            seen = shown.family_members_with_points()[0].get_fill_opacity()
            shown.become(new.copy().scale(shown.height / old.height)).set_opacity(seen)
            shown.tex_string, shown.initial_height = (
                new.tex_string,
                new.initial_height,
            )  # its font size reads true
            self.mark = mark
        line = VGroup(self.total_label, self.total)
        on_baseline(*self.total_label, self.total)
        line.next_to(self.labels, DOWN, buff=0.35).align_to(self.baseline, LEFT)

    def shown_values(self) -> list[float]:
        """The numbers currently displayed above the bars."""
        return [round(n.get_value(), WEIGHT_PLACES) for n in self.values]


def label_tex(words: str, role: str = "label", color: str | None = None):
    r"""A label typeset in the numbers' face, `\text{words}`: a line that puts words beside a number is then
    one face (review 8: a sans label beside a LaTeX number read as two fonts), as '\text{sum} = …' and
    '\text{output} =' are, Chinese ones too (`SansTex` sets them in the CJK face); words LaTeX has no fonts for
    (`in_tex`) are in the text face. For the code's own words and their translations only (LaTeX reads them)."""
    if not in_tex(words):
        return text(words, role=role, color=color)
    return math(rf"\text{{{words}}}", role=role, color=color)


def in_tex(words: str) -> bool:
    """Whether `SansTex` can set `words`: the scripts before Unicode's CJK blocks (CJK_START), and the CJK ones (in
    the CJK face: `numbers.CJK_TEX`)."""
    return all(ord(ch) < CJK_START or CJK_CHARS.match(ch) for ch in words)


def baseline_of(label, glyph: int = 0) -> float:
    """The y `label`'s words stand on: in a formula, its glyph `glyph`'s foot (one with no descender); in the
    text face, where most of its glyphs stand (a CJK glyph has no descender)."""
    if isinstance(label, MathTex):
        return label[0][glyph].get_bottom()[1]
    return float(np.median([g.get_bottom()[1] for g in label]))


def staggered_names(bars: WeightBars, names, rows: int, drop: float, first: int = 0) -> None:
    """`names` in place of `bars`' own, on `rows` rows `drop` apart (the k-th on row (first + k) % rows: a chart
    continuing another's rows starts where it left off), each hanging from the baseline by its top as the bars'
    own do before they stand on one line; a single row then stands on one line too, but rows keep hanging by their
    tops, `drop` apart (on one line, a row's descenders met the next row's tops)."""
    for k, (label, name) in enumerate(zip(bars.labels, names)):
        at = [label.get_x(), bars.baseline.get_y(), 0]
        bars.labels.submobjects[k] = name.next_to(at, DOWN, buff=NAME_BUFF).shift(
            DOWN * drop * ((first + k) % rows)
        )
    if rows == 1:
        on_one_baseline(bars.labels)


def line_of(name) -> float:
    """The y a text `name` stands on: its highest glyph foot, dots, dashes and quotes aside (glyphs under
    LINE_GLYPH of its tallest); most glyphs' feet (`baseline_of`) would be the descenders' in 'γάμμα'."""
    glyphs = [glyph for glyph in name.submobjects if len(glyph.points)] or [name]
    tallest = max(glyph.height for glyph in glyphs)
    return max(glyph.get_bottom()[1] for glyph in glyphs if glyph.height >= LINE_GLYPH * tallest)


def on_one_baseline(labels) -> None:
    """Text `labels` placed by their tops (`next_to(..., DOWN)`) moved up onto the highest one's line (`line_of`):
    'the' has an ascender 'cat' lacks, and placed by its top it stood 2-3 px lower at 1080p (review J9). Up, not
    down: what stands under the names keeps its room (a CJK glyph's foot is lower than a Latin one's)."""
    feet = [line_of(label) for label in labels]
    for label, foot in zip(labels, feet):
        label.shift(UP * (max(feet) - foot))


def on_baseline(label, sign, number) -> None:
    r"""`sign` ('=', '≈') after the formula `label` on the math axis, and `number` after it on the baseline, as
    TeX sets '\text{label} = 1.000' (centred, they would sit low beside the descenders of 'weights')."""
    baseline = baseline_of(label)  # under the first letter
    sign.next_to(label, RIGHT, buff=0.15).set_y(baseline + AXIS * number.height)
    stand_on(number.next_to(sign, RIGHT, buff=0.15), baseline)


def digits_foot(number) -> float:
    """The y the digits of `number` (a Number, or a formula ending in a digit) stand on: its last glyph's foot.
    Its bottom would not do: a decimal comma hangs below the line (German '3,99' stood raised beside
    'Varianz')."""
    return number.family_members_with_points()[-1].get_bottom()[1]


def stand_on(number, baseline: float):
    """`number` moved up or down so that its digits stand on `baseline` (`digits_foot`)."""
    return number.shift(UP * (baseline - digits_foot(number)))


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
        mark = separator().strip()  # ';' where the comma is the decimal sign (German)
        self.commas = [SansTex(mark, font_size=size, color=color) for _ in self.numbers[1:]]
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
