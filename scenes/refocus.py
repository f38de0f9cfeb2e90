"""Chapter 5, refocus each step (source 003): a new query re-weights the same keys and values."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Brace,
    Create,
    FadeIn,
    ReplacementTransform,
    SurroundingRectangle,
    Transform,
    ValueTracker,
    VGroup,
    Write,
)

from attention import attend, examples
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, vector_tex
from scenes.chapter import ChapterScene
from scenes.palette import theme
from scenes.qkv import KeyRows, ValuePlane, blend_rows, named_row, row_vector

MORPH_SECONDS = 5


def scores_tex(trace) -> str:
    """'s = [1, 2, 3]': the trace's scores."""
    return f"s = {vector_tex(trace.scores, SCORE_PLACES)}"


class Refocus(ChapterScene):
    """Keys and values stay; the query changes, and with it the weights and the output."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.same_memory()
        self.new_query()
        self.new_blend()
        self.zero_value()
        self.summary()

    def build(self) -> None:
        self.example = self.inputs()
        self.before, self.after = self.example.trace(0), self.example.trace(1)
        ex, tr = self.example, self.before
        self.heading = c.chapter_title(self.title, "A new query changes the blend of the same values")
        self.memory = KeyRows(
            ex.tokens,
            [
                named_row(f"k_{{{i + 1}}}", theme().key, row_vector(k, theme().key, size=30))
                for i, k in enumerate(tr.keys)
            ],
            [
                named_row(f"v_{{{i + 1}}}", theme().value, row_vector(v, theme().value, size=30))
                for i, v in enumerate(tr.values)
            ],
            row_buff=0.15,
        )
        self.query = named_row("q", theme().query, row_vector(tr.query, theme().query, size=30))
        self.scores = c.math(scores_tex(tr), size=32)
        self.bars = c.WeightBars(ex.tokens, tr.weights, height=1.6, spacing=1.2, show_total=False)
        self.plane = ValuePlane(ex.tokens, tr.values, width=3.1)
        self.output = c.VectorReadout(tr.output, color=theme().output)
        self.output_label = c.math(r"\text{output} =", size=32, color=theme().output)
        self.layout()
        self.plane.set_blend(tr.weights)
        self.q_tracker = ValueTracker(0.0)

    def layout(self) -> None:
        self.memory.next_to(self.heading, DOWN, buff=1.25).to_edge(LEFT, buff=0.6)
        if self.memory.width > 7.2:
            self.memory.scale_to_fit_width(7.2).to_edge(LEFT, buff=0.6)
        self.query.next_to(self.memory, UP, buff=0.35).align_to(self.memory.columns[0], RIGHT)
        self.tag = Brace(VGroup(*self.memory.columns), DOWN, color=theme().muted)
        self.tag_text = c.text("keys and values: unchanged", size=22, color=theme().muted)
        self.tag_text.next_to(self.tag, DOWN, buff=0.1)
        self.scores.move_to(RIGHT * 4.3 + UP * 2.45)
        self.bars.move_to(RIGHT * 4.3 + UP * 0.85)
        self.plane.move_to(RIGHT * 4.95 + DOWN * 2.25)
        self.output_label.move_to(RIGHT * 0.2 + DOWN * 2.4)
        self.output.next_to(self.output_label, RIGHT, buff=0.15)

    def query_at(self, t: float) -> np.ndarray:
        """The query moving in a straight line from the first query to the second."""
        return (1 - t) * self.before.query + t * self.after.query

    def follow_query(self) -> None:
        """Recompute attention for the moving query; bars, plane and output follow."""
        trace = attend(self.query_at(self.q_tracker.get_value()), self.example.keys, self.example.values)
        self.bars.set_weights(trace.weights)
        self.plane.set_blend(trace.weights)
        self.output.set_values(trace.output)

    def same_memory(self) -> None:
        self.beat("The same keys and values")
        self.show(
            FadeIn(self.heading),
            FadeIn(self.memory),
            FadeIn(self.query),
            run_time=1.2,
            caption="Keep the keys and values from before, and the first query.",
        )
        self.show(
            FadeIn(self.scores),
            FadeIn(self.bars),
            FadeIn(self.plane),
            FadeIn(self.output_label),
            FadeIn(self.output),
            run_time=1.5,
            caption="Its weights and its output, as computed in the last chapter.",
            hold=2.5,
        )

    def new_query(self) -> None:
        self.beat("A new query")
        new_query = named_row("q", theme().query, row_vector(self.after.query, theme().query, size=30))
        new_query.move_to(self.query)
        self.show(
            FadeIn(self.tag),
            FadeIn(self.tag_text),
            run_time=0.8,
            caption="The keys and values do not change.",
            hold=1,
        )
        self.show(
            Transform(self.query, new_query),
            run_time=1.2,
            caption=f"Only the query changes, to {vector_tex(self.after.query, None)}.",
            hold=2,
        )

    def new_blend(self) -> None:
        self.beat("New weights, new blend")
        new_scores = c.math(scores_tex(self.after), size=32).move_to(self.scores)
        ghost = self.plane.output.copy().set_opacity(0.3)
        self.add(ghost)
        blend = self.follow(
            VGroup(), self.follow_query
        )  # draws nothing: bars, plane and output change in place
        self.show(
            ReplacementTransform(self.scores, new_scores),
            run_time=1,
            caption=f"New scores {vector_tex(self.after.scores, SCORE_PLACES)}.",
        )
        self.show(
            self.q_tracker.animate.set_value(1.0),
            run_time=MORPH_SECONDS,
            caption="Recompute the weights: the bars move, and the output moves with them.",
        )
        self.unfollow(blend)
        self.remove(blend)
        self.scores = new_scores
        self.say("The faint arrow is the output before; the query moved it.", hold=2.5)

    def zero_value(self) -> None:
        self.beat("What each value adds")
        tr = self.after
        rows = blend_rows(tr, self.example.tokens)
        zero = [i for i, v in enumerate(tr.values) if np.allclose(v, 0)]
        shown = zero or [int(np.argmax(tr.weights))]
        self.zero_rows = VGroup(*[rows.row(i) for i in shown])
        self.zero_rows.arrange(DOWN, aligned_edge=LEFT).next_to(self.tag_text, DOWN, buff=0.35)
        self.zero_rows.align_to(self.memory, LEFT)
        output = f"The output is {vector_tex(tr.output)}"
        caption = (
            f"{output}: a zero value adds nothing, however large its weight."
            if zero
            else f"{output}: “{self.example.tokens[shown[0]]}” now carries the most weight."
        )
        focus = SurroundingRectangle(self.zero_rows, color=theme().output, buff=0.12)
        self.show(FadeIn(self.zero_rows), Create(focus), run_time=1, caption=caption, hold=3)

    def summary(self) -> None:
        self.beat("Summary")
        note = c.paragraph(
            "New query → new weights → new blend. Keys and values are reused.", width_chars=34, size=24
        )
        note.next_to(self.zero_rows, DOWN, buff=0.4).align_to(self.zero_rows, LEFT)
        self.show(
            Write(note),
            run_time=1.2,
            caption="Recompute the weights for each new query; the stored keys and values are reused.",
            hold=4,
        )
