"""Chapter 2, the three-token drag (source 000): a query moves among three keys."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    ArcBetweenPoints,
    Create,
    FadeIn,
    FadeOut,
    GrowArrow,
    Line,
    MoveAlongPath,
    TracedPath,
    VGroup,
    Write,
    smooth,
)

from attention import attend, examples
from scenes import components as c
from scenes.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    coords,
    division_tex,
    dot_product_tex,
    exp_tex,
    fmt,
    ratio_tex,
    relation,
    sum_tex,
)
from scenes.chapter import ChapterScene
from scenes.palette import theme, token_color

EXP_PLACES = 2  # source 000 prints exponentials and their sum to two places
PLANE_BOX = (5.3, 5.0)  # width, height available to the plane
PLANE_CENTER = np.array([-4.1, -0.55, 0])
RIGHT_CENTER = np.array([2.9, -0.5, 0])
LEG_SECONDS = 3.5
BEND = 0.6  # radians of curvature on each leg of the drag, so the path is a curve


class LiveAttention(VGroup):
    """The plane, keys, query cross, weight bars and context arrow, kept in step with numpy."""

    def __init__(self, example):
        super().__init__()
        self.example = example
        self.plane = c.vector_plane(np.vstack([example.keys, example.path]))
        self.plane.scale_to_fit_width(PLANE_BOX[0])
        if self.plane.height > PLANE_BOX[1]:
            self.plane.scale_to_fit_height(PLANE_BOX[1])
        self.plane.move_to(PLANE_CENTER)
        self.keys = VGroup(
            *[c.plane_arrow(self.plane, k, token_color(t)) for t, k in zip(example.tokens, example.keys)]
        )
        self.key_labels = VGroup(
            *[c.arrow_label(self.plane, k, t, token_color(t)) for t, k in zip(example.tokens, example.keys)]
        )
        self.cross = c.cross_marker().move_to(self.plane.c2p(*example.path[0]))
        self.bars = c.WeightBars(example.tokens, self.trace().weights).move_to(RIGHT_CENTER + UP * 0.2)
        self.context = c.plane_arrow(self.plane, self.trace().output, theme().output, width=6)
        self.legend = c.legend(
            (c.cross_marker(size=0.22), "query"),
            (Line(ORIGIN, RIGHT * 0.45, color=theme().output, stroke_width=6), "context = blend of keys"),
        ).next_to(self.plane, DOWN, buff=0.2)
        self.add(self.plane, self.keys, self.key_labels, self.context, self.cross, self.bars)

    def query(self) -> np.ndarray:
        """The query vector under the cross, in plane coordinates."""
        return np.array(self.plane.p2c(self.cross.get_center())[:2])

    def trace(self):
        return attend(self.query(), self.example.keys)

    def refresh(self) -> LiveAttention:
        """Recompute attention for the cross's position and update bars and context arrow."""
        trace = self.trace()
        self.bars.set_weights(trace.weights)
        self.context.put_start_and_end_on(self.plane.c2p(0, 0), self.plane.c2p(*trace.output))
        return self

    def move_query_to(self, point) -> LiveAttention:
        self.cross.move_to(self.plane.c2p(*point))
        return self.refresh()


def describe(tokens, weights) -> str:
    """A caption for the weights at a stop of the drag."""
    if np.ptp(weights) < 0.01:
        return f"Here every dot product is equal, so each weight is {fmt(weights[0], WEIGHT_PLACES)}."
    top = int(np.argmax(weights))
    return (
        f"Near “{tokens[top]}”, the largest weight ({fmt(weights[top], WEIGHT_PLACES)}) "
        f"goes to “{tokens[top]}”."
    )


def verdict(tokens, trace) -> str:
    """'At q = (2, 0): “the” dominates, “sat” keeps a share, “cat” gets almost none.'"""
    w = trace.weights
    order = np.argsort(w)[::-1]
    lead = "dominates" if w[order[0]] > 0.5 else "leads"
    last = "gets almost none" if w[order[-1]] < 0.1 else "gets the least"
    parts = [f"At q = {coords(trace.query)}: “{tokens[order[0]]}” {lead}"]
    parts += [f"“{tokens[i]}” keeps a share" for i in order[1:-1]]
    parts.append(f"“{tokens[order[-1]]}” {last}")
    return ", ".join(parts) + "."


class ThreeTokenDrag(ChapterScene):
    """A query (×) is dragged among the keys "the", "cat" and "sat"; the weights follow."""

    def inputs(self):
        return examples.current().drag

    def construct(self):
        self.build()
        self.introduce()
        self.drag()
        self.worked_example()
        self.why_scale()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.heading = c.chapter_title(self.title, "A query looks at three keys and blends them by weight")
        self.live = LiveAttention(self.example).refresh()
        self.formula = c.math(r"w_i = \mathrm{softmax}_i\!\left(\frac{q \cdot k_i}{\sqrt{d}}\right)", size=34)
        self.formula.move_to(RIGHT_CENTER + UP * 3.0)

    def introduce(self) -> None:
        self.beat("Keys in a plane")
        live = self.live
        self.show(
            FadeIn(self.heading),
            Create(live.plane),
            run_time=1.5,
            caption="Three tokens sit at fixed points in a plane; each arrow is a key vector.",
        )
        self.play(
            *[GrowArrow(k) for k in live.keys], *[FadeIn(label) for label in live.key_labels], run_time=1.5
        )
        self.show(
            FadeIn(live.cross, scale=2),
            FadeIn(self.formula),
            run_time=1,
            caption="The cross is the query: what is currently looking.",
        )
        self.show(
            FadeIn(live.bars),
            GrowArrow(live.context),
            FadeIn(live.legend),
            run_time=1.5,
            caption="Its weights, one per key, always sum to 1. The context arrow is their blend of the keys.",
            hold=0.5,
        )

    def drag(self) -> None:
        self.beat("Drag the query")
        live = self.live
        self.follow(live)
        trail = TracedPath(
            live.context.get_end,
            stroke_color=theme().output,
            stroke_width=4,
            dissipating_time=1.2,
            stroke_opacity=[0, 0.8],
        )
        self.add(trail)
        path = self.example.path
        for start, end in zip(path[:-1], path[1:]):
            leg = ArcBetweenPoints(live.plane.c2p(*start), live.plane.c2p(*end), angle=BEND)
            self.play(MoveAlongPath(live.cross, leg), run_time=LEG_SECONDS, rate_func=smooth)
            caption = describe(self.example.tokens, live.trace().weights)
            self.say(caption, hold=1.5)
        self.unfollow(live)
        self.play(FadeOut(trail), run_time=0.3)
        self.remove(trail)

    def worked_example(self) -> None:
        self.beat("Worked example")
        live = self.live
        self.play(live.animate.move_query_to(self.example.query), run_time=0.8)
        trace = live.trace()
        q_label = c.text(f"q = {coords(trace.query)}", size=24, color=theme().query)
        self.play(FadeIn(q_label.next_to(live.cross, DOWN, buff=0.25)), run_time=0.5)
        self.steps = self.step_table(trace)
        blocks = self.steps
        self.play(FadeOut(live.bars), FadeOut(self.formula), run_time=0.6)
        captions = (
            f"Stop at q = {coords(trace.query)}. Step 1: a dot product with every key.",
            f"Step 2: divide each by √{trace.width} {relation(trace.divisor, SCORE_PLACES, tex=False)} "
            f"{fmt(trace.divisor, SCORE_PLACES)}.",
            "Step 3: exponentiate, add them up, and divide each by the sum.",
        )
        for block, caption in zip(blocks, captions):
            self.show(FadeIn(block, shift=0.2 * DOWN), run_time=1.2, caption=caption, hold=2.3)
        self.verdict = c.paragraph(verdict(self.example.tokens, trace), width_chars=44, size=24)
        self.verdict.next_to(VGroup(*blocks), DOWN, buff=0.35)
        self.show(Write(self.verdict), run_time=1.2, caption=verdict(self.example.tokens, trace), hold=2)

    def step_table(self, trace) -> list[VGroup]:
        """The three steps of the worked example, as blocks of checkable arithmetic."""
        d = trace.width

        def names() -> list:
            return [c.text(t, size=26, color=token_color(t)) for t in self.example.tokens]

        dots = [dot_product_tex(trace.query, k, x) for k, x in zip(trace.keys, trace.dots)]
        scaled = [division_tex(x, rf"\sqrt{{{d}}}", s) for x, s in zip(trace.dots, trace.scores)]
        exps = [exp_tex(s, e, SCORE_PLACES, EXP_PLACES) for s, e in zip(trace.scores, trace.exps)]
        ratios = [
            ratio_tex(e, trace.exp_sum, w, EXP_PLACES, WEIGHT_PLACES)
            for e, w in zip(trace.exps, trace.weights)
        ]
        top = c.Grid(names(), [c.math(t, size=30) for t in dots], [c.math(t, size=30) for t in scaled])
        bottom = c.Grid(names(), [c.math(t, size=30) for t in exps], [c.math(t, size=30) for t in ratios])
        top_names, top_dots, top_scaled = top.columns
        exps_column = bottom.columns[1]

        def header(s: str, cell):
            return c.text(s, size=22, color=theme().muted).next_to(cell, UP, buff=0.25).align_to(cell, LEFT)

        step1 = VGroup(header("1  dot products q · k", top_names[0]), *top_names, *top_dots)
        head2 = header(
            f"2  divide by √{d} {relation(trace.divisor, SCORE_PLACES, tex=False)} "
            f"{fmt(trace.divisor, SCORE_PLACES)}",
            top_scaled[0],
        )
        step2 = VGroup(head2.set_y(step1[0].get_y()), *top_scaled)
        total = c.math(r"\text{sum} = " + sum_tex(trace.exps, trace.exp_sum, EXP_PLACES), size=30)
        step3 = VGroup(
            header("3  exponentiate, sum, divide", bottom.columns[0][0]),
            bottom,
            total.next_to(bottom, DOWN, buff=0.25).align_to(exps_column[0], LEFT),
        )
        table = VGroup(step1, step2, step3)
        step3.next_to(VGroup(step1, step2), DOWN, buff=0.45).align_to(step1, LEFT)
        table.scale_to_fit_width(min(table.width, 7.4)).move_to(RIGHT_CENTER + UP * 0.7)
        return [step1, step2, step3]

    def why_scale(self) -> None:
        self.beat("Why divide by the square root of d")
        trace = self.live.trace()
        unscaled = attend(self.example.query, self.example.keys, scaled=False)
        self.play(
            FadeOut(VGroup(*self.steps)),
            self.verdict.animate.move_to(RIGHT_CENTER).to_edge(UP, buff=1.5),
            run_time=1,
        )
        scaled_bars = self.mini_bars(trace.weights, f"÷ √{trace.width}  (what attention does)")
        raw_bars = self.mini_bars(unscaled.weights, "no scaling")
        pair = VGroup(scaled_bars, raw_bars).arrange(RIGHT, buff=0.9, aligned_edge=DOWN)
        pair.next_to(self.verdict, DOWN, buff=0.6)
        note = c.paragraph(
            "Dot products grow with the width d. Dividing by √d keeps the scores "
            "moderate; without it, softmax saturates toward one-hot.",
            width_chars=52,
            size=22,
            color=theme().muted,
        )
        note.next_to(pair, DOWN, buff=0.45)
        self.show(
            FadeIn(scaled_bars),
            FadeIn(raw_bars),
            run_time=1.2,
            caption="Without the division the same dot products give sharper weights.",
            hold=1.8,
        )
        self.show(
            FadeIn(note),
            run_time=1,
            caption="Dot products grow with d; dividing by √d keeps "
            "softmax from saturating into an almost one-hot choice.",
            hold=3,
        )
        self.summary = VGroup(self.verdict, pair, note)

    def mini_bars(self, weights, label: str) -> VGroup:
        bars = c.WeightBars(
            self.example.tokens, weights, height=1.5, bar_width=0.5, spacing=0.95, show_total=False
        )
        caption = c.text(label, size=20, color=theme().muted).next_to(bars, DOWN, buff=0.2)
        return VGroup(bars, caption)
