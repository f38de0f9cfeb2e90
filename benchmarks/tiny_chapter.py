"""A benchmark-only chapter: the tiny setting measures it in place of the lecture's chapters.

Every measurement of a run needs a chapter with what a real one has (beats, captions to narrate, a formula
for LaTeX, numbers, shapes that move), but the tiny setting (`python -m benchmarks --tiny`, run by the
tests) only checks that the measurements are made and well formed: its figures mean nothing. This chapter
has all of that in about seven seconds of video (the quickest real chapter lasts fifty).
"""

from __future__ import annotations

from manim import DOWN, FadeIn, Write

from attention import examples
from scenes.kit import components as c
from scenes.kit.bars import WeightBars
from scenes.kit.chapter import ChapterScene


class Tiny(ChapterScene):
    """The softmax formula, the blend example's first weights as bars, then its second query's."""

    def construct(self):
        blend = examples.current().blend
        first, second = blend.trace(0), blend.trace(1 % len(blend.queries))
        self.beat("Formula")
        formula = c.math(r"w_i = \frac{e^{s_i}}{\sum_j e^{s_j}}").to_edge(DOWN)
        self.show(Write(formula), caption="Softmax turns scores into weights.", run_time=1)
        self.beat("Weights")
        bars = WeightBars(blend.tokens, first.weights, height=2, show_total=False)
        self.show(FadeIn(bars), caption="One bar per word.", run_time=1)
        self.beat("Refocus")
        self.show(bars.animate.shift(0.2 * DOWN), caption="Another query.", run_time=1)
        self.play(bars.animate.set_weights(second.weights), run_time=1)
