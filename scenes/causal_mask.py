"""Beyond the sources: the causal mask, so that a decoder's words never read the words after them."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Create, FadeIn, FadeOut, SurroundingRectangle, VGroup, Write

from attention import examples
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, vector_math, vector_tex
from scenes.chapter import BODY_LEFT, ChapterScene
from scenes.formula_slot import LitFormula
from scenes.grids import AttentionGrid, Restate, short_name
from scenes.matrices import MaskedGrid, masked_swatch, row_veils
from scenes.palette import theme

GRID_SIZE = 4.3
GRID_CENTER = LEFT * 2.8 + DOWN * 0.45
STAGE_LEFT = -7.3  # the grid's labels stay right of this x (the safe area)
UNDER_TITLE = 0.25  # the grid's captions stay this far below the subtitle
SIDE_LEFT = 0.6  # x where the right-hand column of text starts, or further right beside a wide grid
SIDE_GAP = 0.45  # at least this between the grid's sums and the right-hand column
NAME_WIDTH = 1.4  # widest a token's name may be in the outputs (longer names are cut short)
CONTRAST_CHARS = 26  # the closing note's line length
MASKED_FORMULA = (  # the formula line's parts, each lit while its step is shown
    (r"\mathrm{softmax}\Bigl(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    ("+ M", "mask"),
    (r"\Bigr)", "softmax"),
)
SCORES = ("Q", "K", "scale")
VEIL = 0.7  # opacity of the sheet over a row that is not being read


def quoted(token: str) -> str:
    return f"“{token}”"


class CausalMask(ChapterScene):
    """Self-attention over a sentence, then the mask above the diagonal: weights exactly 0, rows still sum to 1."""

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
                SurroundingRectangle(self.open_grid.cells[k], color=theme().output, buff=0.02)
                for k in self.hidden()
            ]
        )
        self.legend = c.legend((masked_swatch(), "masked: weight exactly 0"))
        self.outputs = self.output_rows()
        self.zero = c.math(r"e^{-\infty} = 0")
        self.contrast = c.paragraph(
            "exactly 0, not tiny (see “Where it breaks”)", CONTRAST_CHARS, role="small", color=theme().muted
        )
        self.formula = LitFormula(MASKED_FORMULA)
        self.veils = row_veils(self.masked_grid, VEIL)
        self.layout()

    def hidden(self) -> list[int]:
        return self.masked_grid.hidden_cells()

    def output_rows(self) -> c.Grid:
        """'the → [1, 0]' for each word: its masked output."""
        tokens = self.example.tokens
        names = [short_name(t, NAME_WIDTH) for t in tokens]
        arrows = [c.math(r"\to", color=theme().muted) for _ in tokens]
        vectors = [c.math(vector_math(o), color=theme().output) for o in self.trace.outputs]
        return c.Grid(names, arrows, vectors, col_buff=0.25, row_buff=0.12)

    def layout(self) -> None:
        self.place_grids()
        grid = self.open_grid
        self.axes[0].next_to(grid.col_labels, UP, buff=0.2).align_to(grid.cells, LEFT)
        self.axes[1].next_to(grid.row_labels, UP, buff=0.2).set_x(BODY_LEFT, LEFT)
        self.legend.next_to(self.masked_grid, DOWN, buff=0.3).align_to(grid.cells, LEFT)
        self.outputs_title = c.text("outputs", role="label", color=theme().output)
        column = VGroup(self.formula, self.outputs_title, self.outputs, self.zero, self.contrast)
        column.arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        self.outputs.shift(RIGHT * 0.2)
        left = max(SIDE_LEFT, grid.get_right()[0] + SIDE_GAP)
        column.next_to(self.heading, DOWN, buff=0.5).set_x(left + column.width / 2)
        self.column = column

    def place_grids(self) -> None:
        """Both grids at GRID_CENTER, moved right to keep their labels on the stage and down to keep their
        captions under the subtitle (a grid of six words)."""
        grid = self.open_grid
        room = BODY_LEFT + self.axes[1].width + 0.2 - grid.cells.get_left()[0]  # for 'queries ↓' on the grid
        shift = RIGHT * max(0.0, STAGE_LEFT - grid.get_left()[0], room)
        caption_top = grid.col_labels.get_top()[1] + 0.2 + self.axes[0].height
        shift += DOWN * max(0.0, caption_top - (self.heading.get_bottom()[1] - UNDER_TITLE))
        for each in (self.open_grid, self.masked_grid):
            each.shift(shift)

    def self_attention(self) -> None:
        self.beat("A sentence reads itself")
        words = " ".join(self.example.tokens)
        self.show(FadeIn(self.heading), FadeIn(self.formula.dimmed()), run_time=0.8)
        self.show(
            FadeIn(self.open_grid),
            FadeIn(self.axes),
            self.formula.light(*SCORES),
            run_time=1.2,
            caption=f"Self-attention over “{words}”: every word's query meets every word's key.",
            hold=1,
        )
        rows = ", ".join(vector_tex(r, SCORE_PLACES) for r in self.trace.unmasked.scores)
        self.say(f"The scores Q K^T / √d, row by row: {rows}.", hold=2)

    def without_mask(self) -> None:
        self.beat("Without a mask")
        first = self.example.tokens[0]
        self.show(
            Restate(self.open_grid, lambda g: g.show_weights()),
            self.formula.light("softmax", *SCORES),
            run_time=1.2,
            caption=f"Softmax each row: {quoted(first)} gets {vector_tex(self.trace.unmasked.weights[0])}.",
        )
        self.show(
            Create(self.future),
            run_time=1,
            caption=f"So {quoted(first)} would read words that come after it: a decoder writing it has not seen them.",
            hold=1.5,
        )

    def hide_the_future(self) -> None:
        self.beat("Hide the future")
        self.show(
            FadeOut(self.open_grid),
            FadeIn(self.masked_grid),
            self.formula.light("mask"),
            run_time=1.2,
            caption="The mask M adds minus infinity to every score above the diagonal, before the softmax.",
            hold=1.5,
        )

    def renormalise(self) -> None:
        self.beat("Softmax of what is left")
        ex, tr = self.example, self.trace
        self.show(
            Restate(self.masked_grid, lambda g: g.show_weights()),
            FadeOut(self.future),
            FadeIn(self.legend),
            self.formula.light(),
            run_time=1.2,
        )
        focus = [(0, f"Now {quoted(ex.tokens[0])} reads only itself: {vector_tex(tr.weights[0])}.")]
        focus.append(
            (1, f"{quoted(ex.tokens[1])} reads itself and what came before: {vector_tex(tr.weights[1])}.")
        )
        last = len(ex.tokens) - 1
        focus.append((last, f"The last word, {quoted(ex.tokens[-1])}, is unchanged: nothing comes after it."))
        self.add(self.veils.set_fill(opacity=0))
        for i, caption in focus[: 1 + last]:
            self.show(*self.read_row(i), run_time=0.8, caption=caption)
        self.show(*self.read_row(None), run_time=0.8, caption="Every row still sums to 1.", hold=1)
        self.remove(self.veils)

    def read_row(self, i: int | None) -> list:
        """Animations veiling every row of the masked grid but row i (None: no row veiled)."""
        return [v.animate.set_fill(opacity=0 if i in (None, k) else VEIL) for k, v in enumerate(self.veils)]

    def outputs_beat(self) -> None:
        self.beat("Outputs")
        outputs = ", ".join(f"{t} {vector_tex(o)}" for t, o in zip(self.example.tokens, self.trace.outputs))
        self.show(
            FadeIn(self.outputs_title),
            FadeIn(self.outputs),
            run_time=1,
            caption=f"Each output blends only earlier values: {outputs}.",
            hold=2,
        )

    def exactly_zero(self) -> None:
        self.beat("Exactly zero")
        self.show(
            Write(self.zero),
            run_time=1,
            caption="A masked weight is exp of minus infinity: exactly 0.",
        )
        self.show(
            FadeIn(self.contrast),
            run_time=1,
            caption="In “Where it breaks”, a large finite gap still left a tiny positive weight.",
            hold=2,
        )

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            self.formula.light(),
            run_time=1,
            caption="Mask, then softmax: each word reads itself and the words before it, never after.",
            hold=4,
        )
