"""Beyond the sources: the causal mask, so that a decoder's words never read the words after them."""

from __future__ import annotations

from dataclasses import dataclass, field

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    SurroundingRectangle,
    Transform,
    VGroup,
    Write,
)
from manim.utils.rate_functions import smooth, squish_rate_func

from attention import examples
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import SCORE_PLACES, WEIGHT_PLACES, fmt, fmt_input, row, vector_math, vector_tex
from scenes.kit.chapter import ChapterScene
from scenes.kit.formula_slot import LitFormula
from scenes.kit.grids import AttentionGrid
from scenes.kit.matrices import MaskedGrid, masked_swatch, row_veils
from scenes.kit.palette import DIM, VEIL, theme
from scenes.kit.stage import STAGE

GRID_SIZE = 4.3
GRID_CENTER = LEFT * 2.8 + DOWN * 0.45
GRID_LEFT = STAGE.left + 0.2  # the grid's labels stay right of this x
UNDER_TITLE = 0.25  # the grid's captions stay this far below the subtitle
SIDE_LEFT = 0.6  # x where the right-hand column of text starts, or further right beside a wide grid
SIDE_GAP = 0.45  # at least this between the grid's sums and the right-hand column
COLUMN_RIGHT = STAGE.right - 0.1  # the right-hand column ends left of this x
# the right-hand column's layouts, tried in turn until its tables fit: the widest a token's name may be in
# the values and outputs (longer names are cut short), and whether the weights stand beside the values
COLUMN_LAYOUTS = ((1.4, True), (1.4, False), (0.9, False), (0.6, False))
# the cell singled out when every query meets every key: the second word's query, the first key
FOCUS_CELL = (1, 0)
MASKED_FORMULA = (  # the formula line's parts, each lit while its step is shown
    (r"\mathrm{softmax}\Bigl(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    ("+ M", "mask"),
    (r"\Bigr)", "softmax"),
    ("V", "V"),
)
SCORES = ("Q", "K", "scale")
FIRST_HALF = squish_rate_func(smooth, 0, 0.5)
SECOND_HALF = squish_rate_func(smooth, 0.5, 1)


class CausalMask(ChapterScene):
    """Self-attention over a sentence, then the mask above the diagonal: weights exactly 0, rows still sum to 1;
    each output the sum of its row's weights times the values, so only of the words up to it."""

    def inputs(self):
        return examples.current().causal

    def construct(self):
        self.build()
        self.self_attention()
        self.without_mask()
        self.hide_the_future()
        self.renormalise()
        self.outputs_beat()
        self.exactly_zero()
        self.summary()

    # the beats

    def self_attention(self) -> None:
        self.beat("A sentence reads itself")
        words = " ".join(self.example.tokens)
        self.show(FadeIn(self.heading), FadeIn(self.formula.dimmed()), run_time=0.8)
        self.show(
            FadeIn(self.open_grid),
            FadeIn(self.axes),
            self.formula.light(*SCORES),
            run_time=1.2,
            caption=f"Self-attention over “{words}”: every query meets every key.",
        )
        i, _ = self.focus_cell()
        self.add(self.open_veils.set_fill(opacity=0))
        self.show(Create(self.meeting), *veiled(self.open_veils, i), run_time=1, hold=1)
        rows = ", ".join(vector_tex(r, SCORE_PLACES) for r in self.trace.unmasked.scores)
        self.say(f"The scores Q K^T / √d, row by row: {rows}.")
        self.play(FadeOut(self.meeting), run_time=0.5)
        for k in range(len(self.example.tokens)):
            self.play(*veiled(self.open_veils, k), run_time=0.8)
        self.show(*veiled(self.open_veils, None), run_time=0.6)
        self.remove(self.open_veils)

    def without_mask(self) -> None:
        self.beat("Without a mask")
        first = self.example.tokens[0]
        weighted = self.open_grid.copy().show_weights()
        self.recast(
            self.open_grid,
            weighted,
            self.formula.light("softmax", *SCORES),
            run_time=1.2,
            caption=f"Softmax each row: {quoted(first)} gets {vector_tex(self.trace.unmasked.weights[0])}.",
        )
        self.open_grid = weighted
        self.show(
            Create(self.future),
            run_time=1,
            caption=f"So {quoted(first)} would read later words, which a decoder has not written yet.",
            hold=1.5,
        )

    def hide_the_future(self) -> None:
        self.beat("Hide the future")
        self.recast(
            self.open_grid,
            self.masked_grid,
            self.formula.light("mask"),
            run_time=1.2,
            caption="The mask M adds minus infinity to every score above the diagonal, before the softmax.",
            hold=1.5,
        )

    def renormalise(self) -> None:
        self.beat("Softmax of what is left")
        ex, tr = self.example, self.trace
        weighted = self.masked_grid.copy().show_weights()
        self.recast(
            self.masked_grid,
            weighted,
            FadeOut(self.future),
            FadeIn(self.legend),
            self.formula.light("softmax", *SCORES, "mask"),
            run_time=1.2,
        )
        self.masked_grid = weighted
        focus = [(0, f"Now {quoted(ex.tokens[0])} reads only itself: {vector_tex(tr.weights[0])}.")]
        focus.append(
            (1, f"{quoted(ex.tokens[1])} reads itself and what came before: {vector_tex(tr.weights[1])}.")
        )
        last = len(ex.tokens) - 1
        focus.append((last, f"The last word, {quoted(ex.tokens[-1])}, is unchanged: nothing comes after it."))
        self.add(self.veils.set_fill(opacity=0))
        for i, caption in focus[: 1 + last]:
            self.show(*veiled(self.veils, i), run_time=0.8, caption=caption)
        self.show(*veiled(self.veils, None), run_time=0.8, caption="Every row still sums to 1.", hold=1)

    def outputs_beat(self) -> None:
        self.beat("Outputs")
        ex, tr = self.example, self.trace
        self.show(
            FadeIn(self.values_title),
            FadeIn(self.values),
            self.formula.light("V"),
            run_time=1,
            caption="Each word also has a value, a row of V; an output sums weights times values.",
        )
        last = len(ex.tokens) - 1
        reads = {0: "reads only itself", last: "is last: it blends every value"}
        for worked in self.worked:
            i = worked.row
            blend = blend_text(worked.line[2].relations)
            self.show(
                *veiled(self.veils, i),
                *self.values_seen(i),
                FadeIn(worked.shown),
                run_time=1,
                caption=f"{quoted(ex.tokens[i])} {reads.get(i, 'blends only the values up to itself')}: {blend}.",
                hold=1,
            )
            self.show(FadeOut(worked.shown), run_time=0.5)
        outputs = ", ".join(f"{t} {vector_tex(o)}" for t, o in zip(ex.tokens, tr.outputs))
        values = VGroup(self.values_title, self.values)
        self.show(
            *veiled(self.veils, None),
            *(self.values_seen(None) if self.stacked else [FadeOut(values)]),
            FadeIn(self.outputs_title),
            FadeIn(self.outputs),
            self.formula.light(),
            run_time=1,
            caption=f"Each output blends only earlier values: {outputs}.",
            hold=1,
        )
        self.remove(self.veils)
        if not self.stacked:
            self.remove(*values.get_family())  # lighting its rows took the table apart

    def exactly_zero(self) -> None:
        self.beat("Exactly zero")
        self.show(
            Write(self.zero),
            run_time=1,
            caption="A masked weight is exp of minus infinity: exactly 0.",
        )
        self.say("In “Where it breaks”, a finite gap left a tiny positive weight.", hold=1.5)

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            self.formula.light(),
            run_time=1,
            caption="Mask, then softmax: each word reads only itself and earlier words.",
            hold=3.4,
        )

    # what the beats play

    def recast(self, grid: AttentionGrid, after: AttentionGrid, *others, **options) -> None:
        """Put `after` (a grid with `grid`'s cells and labels) in `grid`'s place: `grid`'s numbers and marks
        fade out, then `after`'s fade in (no digit morphs into another), while the cells take on `after`'s
        shading; `others` play alongside, `options` go to `show`. Copies play the change, so neither grid is
        split up by the scene."""
        cells = grid.cells.copy()
        labels = VGroup(grid.row_labels, grid.col_labels).copy()
        old, new = marks(grid).copy(), marks(after).copy()
        self.replace(grid, cells)
        self.add(labels, old)
        self.show(
            Transform(cells, after.cells.copy()),
            FadeOut(old, rate_func=FIRST_HALF),
            FadeIn(new, rate_func=SECOND_HALF),
            *others,
            **options,
        )
        self.replace(cells, after)
        self.remove(labels, new)

    def values_seen(self, i: int | None) -> list:
        """Animations lighting the values row i reads (words 0..i) and dimming the rest (None: all lit)."""
        rows = range(len(self.example.tokens))
        return [self.values.row(k).animate.set_opacity(1 if i is None or k <= i else DIM) for k in rows]

    def focus_cell(self) -> tuple[int, int]:
        return min(FOCUS_CELL[0], len(self.example.tokens) - 1), FOCUS_CELL[1]

    def read_rows(self) -> list[int]:
        """The rows whose outputs are worked out on screen: the first two words' and the last's."""
        return sorted({0, 1, len(self.example.tokens) - 1})

    # building and layout

    def build(self) -> None:
        self.example = ex = self.inputs()
        self.trace = tr = ex.trace()
        self.heading = c.chapter_title(self.title, "A decoder must not read the words that come after")
        self.open_grid = AttentionGrid(tr.unmasked, rows=ex.tokens, cols=ex.tokens, size=GRID_SIZE)
        self.masked_grid = MaskedGrid(tr, rows=ex.tokens, cols=ex.tokens, size=GRID_SIZE)
        for grid in (self.open_grid, self.masked_grid):
            grid.move_to(GRID_CENTER)
        self.axes = VGroup(
            c.text("keys, in reading order →", role="small", color=theme().muted),
            c.text("queries ↓", role="small", color=theme().muted),
        )
        self.future = VGroup(
            *[
                SurroundingRectangle(self.open_grid.cells[k], color=theme().text, buff=0.02)
                for k in self.masked_grid.hidden_cells()
            ]
        )
        self.legend = c.legend((masked_swatch(), "masked: weight exactly 0"))
        self.zero = c.math(r"e^{-\infty} = 0")
        self.formula = LitFormula(MASKED_FORMULA)
        fit.first_that_fits(COLUMN_LAYOUTS, self.column_fits)
        self.veils = row_veils(self.masked_grid)
        self.open_veils = row_veils(self.open_grid)
        i, j = self.focus_cell()
        self.meeting = SurroundingRectangle(self.open_grid.row(i)[j], color=theme().text, buff=0.02)

    def column_fits(self, layout: tuple[float, bool]) -> bool:
        """Lay out the right-hand column with names at most `width` wide and (if `weights`) each worked-out
        row's weights beside the values; whether its tables (all but the formula) then fit."""
        width, weights = layout
        terms = {i: self.weight_terms(i) if weights else VGroup() for i in self.read_rows()}
        room = max((t.width for row in terms.values() for t in row), default=0)
        self.values = self.value_rows(width, room)
        self.outputs = self.output_rows(width)
        self.layout(terms)
        return VGroup(*self.column[1:], *[w.line for w in self.worked]).get_right()[0] <= COLUMN_RIGHT

    def weight_terms(self, i: int) -> VGroup:
        """Row i's weight of each word up to i, as 'w ×', to stand left of the word's value."""
        return VGroup(
            *[c.math(fmt(self.trace.weights[i, j], WEIGHT_PLACES), r"\times") for j in range(i + 1)]
        )

    def value_rows(self, width: float, room: float) -> c.Grid:
        """'the [1, 0]' for each word (names cut to `width`): its value, with `room` left of the vector for
        the weight it is multiplied by."""
        names = [fit.name(t, width) for t in self.example.tokens]
        vectors = [c.math(vector_math(v, None), color=theme().value) for v in self.trace.unmasked.values]
        return c.Grid(names, vectors, col_buff=room + 0.4, row_buff=0.12)

    def output_rows(self, width: float) -> c.Grid:
        """'the → [1, 0]' for each word (names cut to `width`): its masked output (`.relations`: the weights
        times the values)."""
        tokens, tr = self.example.tokens, self.trace
        names = [fit.name(t, width) for t in tokens]
        arrows = [c.math(r"\to", color=theme().muted) for _ in tokens]
        vectors = [c.math(vector_math(o), color=theme().output) for o in tr.outputs]
        for i, vector in enumerate(vectors):
            vector.relations = tuple(blend_relations(tr.weights[i, : i + 1], tr.unmasked.values[: i + 1]))
        return c.Grid(names, arrows, vectors, col_buff=0.25, row_buff=0.12)

    def layout(self, terms: dict[int, VGroup]) -> None:
        """The grids, their captions and legend; the right-hand column (formula, values, outputs; the
        outputs under the values if they fit there, `stacked`, else in their place); each worked-out row's
        `terms` beside the values and its output line under them; 'e^-inf = 0' where it is clear."""
        self.place_grids()
        grid = self.open_grid
        self.axes[0].next_to(grid.col_labels, UP, buff=0.2).align_to(grid.cells, LEFT)
        self.axes[1].align_to(grid.col_labels, DOWN).set_x(STAGE.body_left, LEFT)  # clear of the row veils
        self.legend.next_to(self.masked_grid, DOWN, buff=0.3).align_to(grid.cells, LEFT)
        self.values_title = c.text("values", role="label", color=theme().value)
        left = max(SIDE_LEFT, sums_right(grid) + SIDE_GAP)
        titles = (
            c.text("outputs: Σ weight × value", role="label", color=theme().output),
            c.text("outputs", role="label", color=theme().output),  # beside a wide grid
        )
        self.outputs_title = fit.first_that_fits(titles, lambda title: left + title.width <= COLUMN_RIGHT)
        column = VGroup(self.formula, self.values_title, self.values).arrange(
            DOWN, aligned_edge=LEFT, buff=0.25
        )
        outputs = VGroup(self.outputs_title, self.outputs).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        for table in (self.values, self.outputs):
            table.shift(RIGHT * 0.2)
        column.next_to(self.heading, DOWN, buff=0.5).align_to([left, 0, 0], LEFT)
        self.formula.shift(LEFT * max(0.0, self.formula.get_right()[0] - COLUMN_RIGHT))  # beside a wide grid
        outputs.next_to(self.values, DOWN, buff=0.25).align_to(self.values_title, LEFT)
        self.stacked = outputs.get_bottom()[1] >= STAGE.bottom
        if not self.stacked:  # the outputs take the values' place once every row has been read
            outputs.align_to(self.values_title, UP)
        self.worked = [WorkedRow(i, terms[i], self.outputs.row(i).copy()) for i in self.read_rows()]
        for worked in self.worked:
            for term, vector in zip(worked.terms, self.values.columns[1]):
                term.next_to(vector, LEFT, buff=0.15)
            worked.line.next_to(self.values, DOWN, buff=0.3).align_to(self.values, LEFT)
        self.column = VGroup(*column, *outputs)
        tables = VGroup(*self.column[1:], *[w.line for w in self.worked])
        places = (  # beside the legend, under it, under the tables: the first clear of them and the captions
            lambda z: z.next_to(self.legend, RIGHT, buff=0.6),
            lambda z: z.next_to(self.legend, DOWN, buff=0.2).align_to(self.legend, LEFT),
            lambda z: z.next_to(tables, DOWN, buff=0.3).align_to(tables, LEFT),
            lambda z: z.next_to(tables, RIGHT, buff=0.4).align_to(tables, DOWN),
        )

        def clear(place) -> bool:
            zero = place(self.zero)
            apart = zero.get_right()[0] <= tables.get_left()[0] or zero.get_top()[1] <= tables.get_bottom()[1]
            return apart and zero.get_bottom()[1] >= STAGE.bottom

        fit.first_that_fits(places, clear)

    def place_grids(self) -> None:
        """Both grids at GRID_CENTER, moved right to keep their labels on the stage and down to keep their
        captions under the subtitle (a grid of six words)."""
        grid = self.open_grid
        room = STAGE.body_left + self.axes[1].width + 0.2 - grid.cells.get_left()[0]  # for 'queries ↓'
        shift = RIGHT * max(0.0, GRID_LEFT - grid.get_left()[0], room)
        caption_top = grid.col_labels.get_top()[1] + 0.2 + self.axes[0].height
        shift += DOWN * max(0.0, caption_top - (self.heading.get_bottom()[1] - UNDER_TITLE))
        for each in (self.open_grid, self.masked_grid):
            each.shift(shift)


@dataclass
class WorkedRow:
    """A row whose output is worked out on screen, beside the values: its index, the weights it multiplies
    them by ('w ×' left of each value up to it; none when the column has no room for them, the grid's row
    shows them) and its output line under the values; `shown`, both, as they come and go."""

    row: int
    terms: VGroup
    line: VGroup
    shown: VGroup = field(init=False)

    def __post_init__(self):
        self.shown = VGroup(self.terms, self.line)


def veiled(veils: VGroup, i: int | None) -> list:
    """Animations veiling every row but row i (None: no row veiled)."""
    return [v.animate.set_fill(opacity=0 if i in (None, k) else VEIL) for k, v in enumerate(veils)]


def quoted(token: str) -> str:
    return f"“{token}”"


def sums_right(grid: AttentionGrid) -> float:
    """Where the grid ends on the right once its sums show (each a weight's width, centred where it stands)."""
    if not len(grid.sums):
        return grid.get_right()[0]
    widest = c.math(fmt(1, WEIGHT_PLACES)).width
    return max(grid.get_right()[0], max(s.get_center()[0] for s in grid.sums) + widest / 2)


def marks(grid: AttentionGrid) -> VGroup:
    """What a grid writes in and beside its cells (numbers, sums and their header; a masked grid's minus
    infinities and crosses): what changes when the grid shows something else."""
    parts = [grid.numbers, grid.sums, grid.sum_header]
    if isinstance(grid, MaskedGrid):
        parts += [grid.infinities, grid.crosses]
    return VGroup(*parts)


def blend_relations(weights, values) -> list:
    """Per coordinate, the output as the weights (as printed) times the values (as typed), summed."""
    printed = [fmt(w, WEIGHT_PLACES) for w in weights]
    exact = weights @ values
    return [
        row(
            "dot",
            [t for w, v in zip(printed, values[:, k]) for t in (w, fmt_input(v))],
            exact[k],
            WEIGHT_PLACES,
        )
        for k in range(values.shape[1])
    ]


def blend_text(relations) -> str:
    """'w₁ × v₁ + w₂ × v₂ = output' with the printed weights and values, for a caption."""
    terms = relations[0].terms[::2]
    vectors = zip(*[r.terms[1::2] for r in relations])
    sum_ = " + ".join(f"{w} × [{', '.join(v)}]" for w, v in zip(terms, vectors))
    sign = "=" if all(r.sign == "=" for r in relations) else "≈"
    return f"{sum_} {sign} [{', '.join(r.result for r in relations)}]"
