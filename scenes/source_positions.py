"""Chapter 6, keep source positions available: cross- and self-attention grids, and their cost."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    FadeIn,
    FadeOut,
    ReplacementTransform,
    Square,
    SurroundingRectangle,
    VGroup,
    Write,
)

from attention import examples
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, fmt
from scenes.chapter import ChapterScene
from scenes.grids import AttentionGrid, CellCount, Restate
from scenes.palette import theme

GRID_CENTER = np.array([-2.2, -0.5, 0])
SIDE_CENTER = np.array([4.2, -0.3, 0])
LEFT_SLOT = np.array([-3.6, -0.2, 0])
RIGHT_SLOT = np.array([3.4, -0.2, 0])
GROWTH = (1, 2, 4, 8)  # the cost beat lengthens the source to these multiples of its length
GROWN_SIZE = 3.2
STEP_SECONDS = 2.2
CAVEAT = (
    "Access is not recall: every source position stays reachable, but that does not guarantee "
    "useful matching or perfect recall. More positions mean more scores to compute."
)


def axis_caption(content: str, color: str) -> VGroup:
    return c.text(content, size=20, color=color)


class SourcePositions(ChapterScene):
    """Decoder queries score every encoder position (a grid), row by row; self-attention; cost."""

    def inputs(self):
        return examples.current().cross

    def construct(self):
        self.build()
        self.cross_scores()
        self.softmax_rows()
        self.self_attention()
        self.cost()
        self.caveat()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        ex = self.example
        self.heading = c.chapter_title(self.title, "Every decoder step can look at every source position")
        self.cross = AttentionGrid(
            ex.cross(), rows=ex.target_tokens, cols=ex.source_tokens, size=4.4, row_color=theme().query
        ).move_to(GRID_CENTER)
        self.cross_axes = self.grid_axes(self.cross, "encoder keys: source positions", "decoder queries")
        trace = self.cross.trace
        self.formula = c.math(
            rf"\text{{score}} = \frac{{q_i \cdot k_j}}{{\sqrt{{{trace.keys.shape[1]}}}}}", size=36
        )
        self.formula_note = c.paragraph(
            f"one score for each decoder query q and encoder key k; "
            f"√{trace.keys.shape[1]} = {fmt(trace.divisor, SCORE_PLACES)}",
            width_chars=26,
            size=20,
            color=theme().muted,
        )
        self.side = VGroup(self.formula, self.formula_note).arrange(DOWN, buff=0.35).move_to(SIDE_CENTER)
        self.self_grid = AttentionGrid(
            ex.self_attention(), rows=ex.source_tokens, cols=ex.source_tokens, size=3.6
        ).show_weights()
        self.grown = [
            AttentionGrid(
                ex.self_attention(len(ex.source_tokens) * k), size=GROWN_SIZE, numbers=False
            ).show_weights()
            for k in GROWTH
        ]
        self.count = CellCount(self.grown[0].trace)
        marker = Square(0.28, color=theme().output, stroke_width=3)
        self.sentence_key = c.legend((marker, f"the {len(ex.source_tokens)} source words"))
        self.note = c.paragraph(CAVEAT, width_chars=70, size=22).to_edge(DOWN, buff=0.35)

    def grid_axes(self, grid: AttentionGrid, top: str, side: str) -> VGroup:
        """Role captions: keys along the top, queries down the left side."""
        above = axis_caption(top, theme().key).next_to(grid.col_labels, UP, buff=0.25)
        left = axis_caption(side, theme().query).rotate(np.pi / 2).next_to(grid.row_labels, LEFT, buff=0.25)
        return VGroup(above, left)

    def cross_scores(self) -> None:
        self.beat("Cross-attention scores")
        self.play(FadeIn(self.heading), run_time=1)
        self.show(
            FadeIn(self.cross),
            FadeIn(self.cross_axes),
            run_time=1.5,
            caption="Cross-attention: each decoder step (a row) has a query; each source word (a column) "
            "has a key from the encoder.",
        )
        self.play(Write(self.side), run_time=1.5)
        self.wait(2)
        self.say("Every cell is one score: that decoder query against that source position.", hold=3)

    def softmax_rows(self) -> None:
        self.beat("Each row its own softmax")
        m = self.cross.trace.shape[0]
        box = SurroundingRectangle(self.cross.row(0), color=theme().query, buff=0.06)
        self.show(
            FadeIn(box),
            run_time=0.5,
            caption="Each row is turned into weights on its own: softmax across the source positions.",
        )
        for i in range(m):
            if i:
                self.play(box.animate.move_to(self.cross.row(i)), run_time=0.5)
            self.play(Restate(self.cross, lambda g, i=i: g.show_weights([i])), run_time=1.2)
            self.wait(STEP_SECONDS - 1.7)
        self.show(
            FadeOut(box),
            run_time=0.5,
            caption="Every row sums to 1, and every decoder step gets a different blend of the source.",
            hold=3,
        )

    def self_attention(self) -> None:
        self.beat("Self-attention")
        ex = self.example
        self.self_axes = self.grid_axes(self.self_grid, "keys", "queries")
        square = VGroup(self.self_grid, self.self_axes)
        cross = VGroup(self.cross, self.cross_axes)
        self.play(FadeOut(self.side), cross.animate.scale(0.78).move_to(LEFT_SLOT), run_time=1.2)
        square.move_to(RIGHT_SLOT)
        self.labels = VGroup(
            axis_caption("cross-attention: decoder queries,\nencoder keys and values", theme().muted).next_to(
                cross, DOWN, buff=0.3
            ),
            axis_caption(
                "self-attention: queries, keys and\nvalues all from one sequence", theme().muted
            ).next_to(square, DOWN, buff=0.3),
        )
        self.show(
            FadeIn(square),
            FadeIn(self.labels),
            run_time=1.5,
            caption=f"Self-attention: the {len(ex.source_tokens)} source words supply the queries, "
            "keys and values, so the grid is square.",
            hold=4,
        )

    def cost(self) -> None:
        self.beat("The cost grows")
        first = self.grown[0].move_to(RIGHT_SLOT + UP * 0.5)
        n0 = first.trace.shape[0]
        self.count.next_to(first, DOWN, buff=0.35)
        self.show(
            FadeOut(VGroup(self.cross, self.cross_axes, self.labels, self.self_axes)),
            ReplacementTransform(self.self_grid, first),
            FadeIn(self.count),
            run_time=1.5,
            caption="Every query scores every key: n queries × n keys cells of work.",
        )
        self.sentence = SurroundingRectangle(first.block(n0, n0), color=theme().output, buff=0.03)
        self.sentence_key.next_to(first, UP, buff=0.25).align_to(first, RIGHT)
        self.play(FadeIn(self.sentence), FadeIn(self.sentence_key), run_time=0.5)
        self.wait(1)
        for shown, grid in zip(self.grown, self.grown[1:]):
            grid.move_to(first)
            self.play(
                ReplacementTransform(shown, grid),
                Restate(self.count, lambda n, t=grid.trace: n.set_trace(t)),
                self.sentence.animate.become(
                    SurroundingRectangle(grid.block(n0, n0), color=theme().output, buff=0.03)
                ),
                run_time=1.5,
            )
            self.say(f"{grid.trace.shape[0]} positions: {grid.trace.weights.size} scores.", hold=1.5)

    def caveat(self) -> None:
        self.beat("Access is not recall")
        cross = VGroup(self.cross, self.cross_axes)
        cross.move_to(LEFT_SLOT + UP * 0.5)
        tag = axis_caption("each decoder step: its own row of weights", theme().muted).next_to(
            cross, DOWN, buff=0.3
        )
        self.play(FadeIn(cross), FadeIn(tag), run_time=1.2)
        self.show(
            Write(self.note),
            run_time=2,
            caption="Being able to reach every position does not guarantee useful matching or "
            "perfect recall, and scoring more positions costs more work.",
            hold=4,
        )
