"""Beyond the sources: the causal mask, so that a decoder's words never read the words after them."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
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
from attention.examples import story
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    WEIGHT_PLACES,
    decimals,
    fmt,
    fmt_input,
    row,
    text_minus,
    vector_math,
    vector_text,
)
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
PAIR_GAP = 0.45  # between the open grid's sums and the masked grid beside it
UNDER_HEADING = 0.12  # the formula's gap under the subtitle: it stands above the masked grid's column names
CLEAR = 0.05  # at least this between the formula and the masked grid under it
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
    """Self-attention over a sentence; the mask M (0, or minus infinity above the diagonal) added to the scores;
    the weights without and with it side by side, row by row: masked weights exactly 0, rows still sum to 1;
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
        tokens = self.example.tokens
        self.show(FadeIn(self.heading), FadeIn(self.formula.dimmed()), run_time=0.8)
        self.show(
            FadeIn(self.open_grid),
            FadeIn(self.axes),
            self.formula.light(*SCORES),
            run_time=1.2,
            caption=f"Self-attention over “{' '.join(tokens)}”: each cell scores one query against one key.",
        )
        self.add(self.open_veils.set_fill(opacity=0))
        self.show(Create(self.meeting), *veiled(self.open_veils, self.focus_cell()[0]), run_time=1)
        self.show(
            FadeOut(self.meeting),
            self.axes[0].animate.set_color(theme().text),
            *veiled(self.open_veils, None),
            run_time=0.8,
            caption="The keys now stand in sentence order: the mask relies on it.",
        )
        self.remove(self.open_veils)

    def without_mask(self) -> None:
        self.beat("Without a mask")
        first = self.example.tokens[0]
        weighted = self.open_grid.copy().show_weights()
        self.recast(
            self.open_grid,
            weighted,
            self.formula.light("softmax", *SCORES),
            self.axes[0].animate.set_color(theme().muted),
            run_time=1.2,
            caption=f"Softmax each row: {quoted(first)} gets {vector_text(decimals(self.trace.unmasked.weights[0]))}.",
        )
        self.open_grid = weighted
        first_row, later_rows = self.future
        self.show(
            Create(first_row),
            run_time=1,
            caption=f"So {quoted(first)} would read later words, not yet written by a decoder.",
        )
        if len(later_rows):
            self.show(Create(later_rows), run_time=1, caption="So would every cell above the diagonal.")

    def hide_the_future(self) -> None:
        self.beat("Hide the future")
        self.show(
            *[FadeOut(boxes) for boxes in self.future if len(boxes)],
            FadeIn(self.mask_picture),
            FadeIn(self.mask_zeros),
            FadeIn(self.pair_labels[0]),
            FadeIn(self.pair_labels[1]),
            *([] if self.paired else [FadeOut(self.open_parts())]),
            self.formula.light("mask"),
            run_time=1.2,
            caption="The mask M: 0 on and below the diagonal, minus infinity above it.",
        )
        self.add_scores()

    def renormalise(self) -> None:
        self.beat("Softmax of what is left")
        ex, tr = self.example, self.trace
        last = len(ex.tokens) - 1
        focus = {
            0: f"Now {quoted(ex.tokens[0])} reads only itself: {vector_text(decimals(tr.weights[0]))}.",
            1: f"{quoted(ex.tokens[1])} reads itself and what came before: {vector_text(decimals(tr.weights[1]))}.",
            last: f"The last word, {quoted(ex.tokens[-1])}, is unchanged: nothing comes after it.",
        }
        self.add(self.pair_veils.set_fill(opacity=0))
        for i in range(len(ex.tokens)):
            lit = [self.formula.light("softmax", *SCORES, "mask")] if i == 0 else []
            self.recast_row(i, *veiled(self.pair_veils, i), *lit, caption=focus.get(i), run_time=1.2)
        self.show(
            *veiled(self.pair_veils, None),
            FadeOut(self.pair_labels[2], rate_func=FIRST_HALF),
            FadeIn(self.legend, rate_func=SECOND_HALF),
            run_time=0.8,
            caption="Every row still sums to 1.",
        )
        self.remove(self.pair_veils)

    def outputs_beat(self) -> None:
        self.beat("Outputs")
        ex = self.example
        self.show(
            *([FadeOut(self.open_parts())] if self.paired else []),
            FadeOut(self.pair_labels[0]),
            self.masked_grid.animate.shift(-self.apart),
            self.legend.animate.shift(-self.apart),
            run_time=1,
        )
        self.remove(self.open_grid.row_labels)
        self.masked_grid.row_labels.set_opacity(1)
        self.show(
            FadeIn(self.values_title),
            FadeIn(self.values),
            self.formula.light("V"),
            run_time=1,
            caption="Each word also has a value; an output sums weights times values.",
        )
        last = len(ex.tokens) - 1
        reads = {0: "reads only itself", last: "is last: it blends every value"}
        self.add(self.veils.set_fill(opacity=0))
        for worked in self.worked:
            i = worked.row
            caption = f"{quoted(ex.tokens[i])} {reads.get(i, 'blends only the values up to itself')}: "
            caption += f"{blend_text(worked.line[2].relations)}."
            self.show(
                *veiled(self.veils, i),
                *self.values_seen(i),
                FadeIn(worked.terms),
                run_time=1,
                caption=caption,
            )
            self.wait_for_cue(2)  # the sum comes as the caption reads it
            self.play(FadeIn(worked.line), run_time=0.6)
            self.wait_for_reader()  # the working stays while its caption reads it
            self.play(FadeOut(worked.shown), run_time=0.5)
        values = VGroup(self.values_title, self.values)
        self.show(
            *veiled(self.veils, None),
            *(self.values_seen(None) if self.stacked else [FadeOut(values)]),
            FadeIn(self.outputs_title),
            FadeIn(self.outputs),
            self.formula.light(),
            run_time=1,
            caption="Each output blends only earlier values.",
        )
        if not self.stacked:
            self.remove(*values.get_family())  # lighting its rows took the table apart

    def exactly_zero(self) -> None:
        self.beat("Exactly zero")
        crosses = self.masked_grid.crosses
        self.show(
            Write(self.zero),
            crosses.animate.set_color(theme().text),
            run_time=1,
            caption="A masked weight is exp of minus infinity: exactly 0.",
        )
        self.show(
            crosses.animate.set_color(theme().muted),
            run_time=0.8,
            caption=f"In “Where it breaks”, a finite gap left {finite_gap_weight()}.",
        )

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            self.formula.light("softmax", *SCORES, "mask"),
            *veiled(self.veils, 0),
            *self.outputs_seen(0),
            run_time=1,
            caption="Mask, then softmax: each word reads only itself and earlier words.",
        )
        for i in range(1, len(self.example.tokens)):
            self.play(*veiled(self.veils, i), *self.outputs_seen(i), run_time=0.8)
        self.play(self.formula.light(), *veiled(self.veils, None), *self.outputs_seen(None), run_time=1)
        self.remove(self.veils)

    # what the beats play

    def add_scores(self) -> None:
        """Scores + M: each visible cell's score comes over from the grid without the mask and takes the place
        of M's 0; above the diagonal minus infinity stays."""
        landing = VGroup(*[self.masked_grid.numbers[k] for k in self.visible_cells()]).copy()
        self.show(
            FadeOut(self.mask_zeros),
            FadeIn(landing, shift=self.apart),
            FadeOut(self.pair_labels[1], rate_func=FIRST_HALF),
            FadeIn(self.pair_labels[2], rate_func=SECOND_HALF),
            run_time=1.5,
            caption="Added to the scores, it makes those above the diagonal minus infinity.",
        )
        self.remove(self.mask_picture, landing)
        self.add(self.masked_grid)

    def recast_row(self, i: int, *others, **options) -> None:
        """Row i of the masked grid turns from its scores (and minus infinities) to its weights."""
        after = weigh(self.masked_grid.copy(), i + 1)
        self.recast(self.masked_grid, after, *others, row=i, **options)
        self.masked_grid = after

    def recast(
        self, grid: AttentionGrid, after: AttentionGrid, *others, row: int | None = None, **options
    ) -> None:
        """Put `after` (a grid with `grid`'s cells and labels) in `grid`'s place: `grid`'s numbers and marks
        (of row `row` only, if given) fade out, then `after`'s fade in (no digit morphs into another), while
        the cells take on `after`'s shading; `others` play alongside, `options` go to `show`. Copies play the
        change, so neither grid is split up by the scene."""
        cells = grid.cells.copy()
        rows = range(grid.trace.shape[0])
        kept = [] if row is None else [row_marks(grid, k) for k in rows if k != row]
        still = VGroup(grid.row_labels, grid.col_labels, *kept).copy()
        old, new = (marks(g) if row is None else row_marks(g, row) for g in (grid, after))
        old, new = old.copy(), new.copy()
        self.replace(grid, cells)
        self.add(still, old)
        self.show(
            Transform(cells, after.cells.copy()),
            FadeOut(old, rate_func=FIRST_HALF),
            FadeIn(new, rate_func=SECOND_HALF),
            *others,
            **options,
        )
        self.replace(cells, after)
        self.remove(still, new)

    def open_parts(self) -> VGroup:
        """The grid without the mask, but for its row labels (which the masked grid's rows share)."""
        grid = self.open_grid
        self.remove(grid)
        parts = VGroup(*[part for part in grid.submobjects if part is not grid.row_labels])
        self.add(grid.row_labels, parts)
        return parts

    def values_seen(self, i: int | None) -> list:
        """Animations lighting the values row i reads (words 0..i) and dimming the rest (None: all lit)."""
        rows = range(len(self.example.tokens))
        return [self.values.row(k).animate.set_opacity(1 if i is None or k <= i else DIM) for k in rows]

    def outputs_seen(self, i: int | None) -> list:
        """Animations lighting output i and dimming the others (None: all lit)."""
        rows = range(len(self.example.tokens))
        return [self.outputs.row(k).animate.set_opacity(1 if i in (None, k) else DIM) for k in rows]

    def focus_cell(self) -> tuple[int, int]:
        return min(FOCUS_CELL[0], len(self.example.tokens) - 1), FOCUS_CELL[1]

    def visible_cells(self) -> list[int]:
        """Indices (row after row) of the cells on and below the diagonal."""
        return [int(k) for k in np.flatnonzero(~self.masked_grid.mask)]

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
        self.future = self.future_boxes()
        self.legend = c.legend((masked_swatch(), "masked: weight exactly 0"))
        self.zero = c.math(r"e^{-\infty} = 0")
        self.formula = LitFormula(MASKED_FORMULA)
        fit.first_that_fits(COLUMN_LAYOUTS, self.column_fits)
        self.veils = row_veils(self.masked_grid)
        self.open_veils = row_veils(self.open_grid)
        i, j = self.focus_cell()
        self.meeting = SurroundingRectangle(self.open_grid.row(i)[j], color=theme().text, buff=0.02)
        self.place_pair()

    def future_boxes(self) -> VGroup:
        """Boxes round the cells above the diagonal: the first row's, then the later rows'."""
        n = len(self.example.tokens)
        hidden = self.masked_grid.hidden_cells()
        boxes = [
            (k, SurroundingRectangle(self.open_grid.cells[k], color=theme().text, buff=0.02)) for k in hidden
        ]
        return VGroup(VGroup(*[b for k, b in boxes if k < n]), VGroup(*[b for k, b in boxes if k >= n]))

    def place_pair(self) -> None:
        """The masked grid beside the open one, rows level, so the weights without and with the mask stand side
        by side (`paired`; in its place if that does not fit); under each what it shows; the mask M drawn on
        the masked grid's cells; veils across both grids' rows. The outputs beat moves it back (`apart`)."""
        grid, masked = self.open_grid, self.masked_grid
        self.apart = RIGHT * (sums_right(grid) + PAIR_GAP - masked.cells.get_left()[0])
        self.paired = (
            self.pair_right() <= COLUMN_RIGHT and self.formula.get_bottom()[1] >= masked.get_top()[1] + CLEAR
        )
        if not self.paired:
            self.apart = 0 * RIGHT
        masked.row_labels.set_opacity(0)  # the open grid's row labels name the rows of both
        VGroup(masked, self.legend).shift(self.apart)
        self.mask_picture, self.mask_zeros = mask_of(masked)
        labels = [(self.mask_picture, "the mask M"), (masked, "scores + M")]
        if self.paired:
            labels.insert(0, (grid, "without the mask"))
        self.pair_labels = [self.under(g, words) for g, words in labels]
        if not self.paired:
            self.pair_labels.insert(0, VGroup())
        self.pair_veils = span_veils(grid, masked).set_z_index(1)  # above the rows that change under them

    def under(self, grid: AttentionGrid, words: str):
        """`words` under `grid`'s cells, where the legend stands under the masked grid."""
        label = c.text(words, role="small", color=theme().muted)
        return label.align_to(grid.cells, LEFT).set_y(self.legend.get_y())

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
        column.next_to(self.heading, DOWN, buff=UNDER_HEADING).align_to([left, 0, 0], LEFT)
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
        if not shift[0]:  # room to spare on the left: as much of it as the masked grid needs beside this one
            spare = min(grid.get_left()[0] - GRID_LEFT, -room)
            shift = LEFT * min(spare, max(0.0, self.pair_right() - COLUMN_RIGHT))
        caption_top = grid.col_labels.get_top()[1] + 0.2 + self.axes[0].height
        shift += DOWN * max(0.0, caption_top - (self.heading.get_bottom()[1] - UNDER_TITLE))
        for each in (self.open_grid, self.masked_grid):
            each.shift(shift)

    def pair_right(self) -> float:
        """Where the masked grid (or the legend under it) would end, beside the open grid: see `place_pair`."""
        grid = self.open_grid
        width = max(
            sums_right(grid) - grid.cells.get_left()[0], self.legend.width
        )  # the legend starts where it does
        return sums_right(grid) + PAIR_GAP + width


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


def finite_gap_weight() -> str:
    """What the smallest weight was at the gain knob's last stop in "Where it breaks": tiny, or not even that."""
    scores = examples.current().blend.trace(0, scaled=False).scores
    return (
        "a tiny weight" if story.tiny_weight(story.saturated(scores).min_weight) else "every weight above 0"
    )


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
    return text_minus(f"{sum_} {sign} [{', '.join(r.result for r in relations)}]")


def mask_of(grid: MaskedGrid) -> tuple[MaskedGrid, VGroup]:
    """`grid` drawn as the mask M: its cells and minus infinity above the diagonal; and apart (to fade out
    when the scores take their place), the 0 in every cell on and below it."""
    mask = grid.copy().show_scores()
    visible = np.flatnonzero(~grid.mask)
    zeros = VGroup(*[mask.numbers[k].copy().show(0, 0) for k in visible])
    for k in visible:
        mask.numbers[k].set_opacity(0)
    return mask, zeros


def weigh(grid: MaskedGrid, rows: int) -> MaskedGrid:
    """`grid` with its first `rows` rows showing their weights (hidden cells crossed out), the others their
    scores (hidden ones minus infinity): the masked softmax taken row by row."""
    grid.show_scores()
    AttentionGrid.show_weights(grid, range(rows))
    n = grid.trace.shape[1]
    for j, k in enumerate(grid.hidden_cells()):
        grid.numbers[k].set_opacity(0)
        if k // n < rows:
            grid.cells[k].set_fill(theme().grid, opacity=1)
            grid.infinities[j].set_opacity(0)
            grid.crosses[j].set_opacity(1)
    return grid


def row_marks(grid: AttentionGrid, i: int) -> VGroup:
    """What a grid writes in and beside row i (the sums' header goes with the first row)."""
    parts = [*grid.row_numbers(i), *grid.sums[i : i + 1], *([grid.sum_header] if i == 0 else [])]
    if isinstance(grid, MaskedGrid):
        n = grid.trace.shape[1]
        hidden = [j for j, k in enumerate(grid.hidden_cells()) if k // n == i]
        parts += [grid.infinities[j] for j in hidden] + [grid.crosses[j] for j in hidden]
    return VGroup(*parts)


def span_veils(left: AttentionGrid, right: AttentionGrid) -> VGroup:
    """One veil per row reaching across both grids (rows level), from `left`'s row labels to `right`'s sums."""
    veils = row_veils(left)
    edge = max(v.get_right()[0] for v in row_veils(right))
    for veil in veils:
        start = veil.get_left()[0]
        veil.stretch_to_fit_width(edge - start).align_to(np.array([start, 0, 0]), LEFT)
    return veils
