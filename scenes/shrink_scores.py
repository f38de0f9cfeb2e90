"""Chapter 7, shrink the scores (source 003): divide by sqrt(key width), shown with sampled dot products."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    RIGHT,
    UP,
    Arrow,
    DecimalNumber,
    FadeIn,
    GrowArrow,
    Line,
    ReplacementTransform,
    VGroup,
    Write,
)

from attention import divisor_for, examples, histogram, softmax, variance_experiment
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, WEIGHT_PLACES, fmt, relation
from scenes.chapter import ChapterScene
from scenes.palette import theme
from scenes.plots import Histogram

STAT_PLACES = 2
BINS = 31  # odd, so one bin is centred on 0
SPREAD = 4  # the histograms cover +-4 standard deviations of the scaled (or widest raw) samples
HIST_SIZE = (4.2, 0.95)
COLUMNS_X = (-2.55, 4.35)  # centres of the raw and the scaled column
TOP_BASELINE = 1.15
ROW_STEP = 1.65
LABEL_X = -6.45


def divisor_tex(width: int) -> str:
    """'\\sqrt{4} = 2' (or '\\approx 2.646' when the root is not whole)."""
    d = divisor_for(width)
    return rf"\sqrt{{{width}}} {relation(d, SCORE_PLACES)} {fmt(d, SCORE_PLACES)}"


def shown_stat(value: float) -> float:
    """The statistic as displayed: rounded, with -0.00 shown as 0.00."""
    return round(value, STAT_PLACES) + 0.0


def stat_text(value: float) -> str:
    """The statistic as the DecimalNumbers print it, for captions."""
    return f"{shown_stat(value):.{STAT_PLACES}f}"


def stats_line(mean: float, variance: float) -> VGroup:
    """'mean 0.02   variance 3.99' with both numbers as DecimalNumbers."""

    def number(v: float) -> DecimalNumber:
        return DecimalNumber(shown_stat(v), num_decimal_places=STAT_PLACES, font_size=24, color=theme().text)

    parts = [
        c.text("mean", size=20, color=theme().muted),
        number(mean),
        c.text("variance", size=20, color=theme().muted),
        number(variance),
    ]
    line = VGroup(*parts).arrange(RIGHT, buff=0.12)
    parts[2].shift(RIGHT * 0.25)
    parts[3].shift(RIGHT * 0.25)
    return line


class Column(VGroup):
    """One histogram per width (raw or scaled dot products) on a shared scale, with statistics."""

    def __init__(self, samples, scaled: bool, x: float):
        super().__init__()
        data = [s.scaled if scaled else s.raw for s in samples]
        limit = SPREAD * (1 if scaled else np.sqrt(max(s.width for s in samples)))
        self.edges = np.linspace(-limit, limit, BINS + 1)
        self.fractions = [histogram(d, self.edges) for d in data]
        peak = max(f.max() for f in self.fractions)
        self.histograms = VGroup(
            *[
                Histogram(
                    f,
                    self.edges,
                    width=HIST_SIZE[0],
                    height=HIST_SIZE[1],
                    peak=peak,
                    color=theme().muted,
                    ticks=(-limit, 0, limit),
                )
                for f in self.fractions
            ]
        )
        self.stats = VGroup()
        for row, (hist, s) in enumerate(zip(self.histograms, samples)):
            hist.shift([x - hist.axis.get_center()[0], TOP_BASELINE - row * ROW_STEP, 0])
            mean, var = (s.scaled_mean, s.scaled_var) if scaled else (s.raw_mean, s.raw_var)
            self.stats.add(stats_line(mean, var).next_to(hist.ticks, DOWN, buff=0.08).set_x(x))
        self.add(self.histograms, self.stats)


def caveat_example(samples) -> tuple[float, float, np.ndarray]:
    """The widest sample's extreme scaled scores and the softmax weights of that pair."""
    scaled = samples[-1].scaled
    pair = np.array([scaled.max(), scaled.min()])
    return pair[0], pair[1], softmax(pair)


class ShrinkScores(ChapterScene):
    """Dot products of random vectors spread like sqrt(d); dividing by sqrt(d) matches their spreads."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.divisor()
        self.raw_widen()
        self.divide()
        self.caveat()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.samples = variance_experiment()
        self.width = self.inputs().keys.shape[1]
        self.heading = c.chapter_title(self.title, "Divide by the square root of key width")
        self.rule = c.math(r"\text{score} = q \cdot k \,/\, \sqrt{d}", size=32)
        widths = (self.width, self.samples[-1].width)
        self.roots = VGroup(*[c.math(divisor_tex(w), size=32) for w in widths])
        self.roots.arrange(RIGHT, buff=0.5)
        top = VGroup(self.rule, self.roots).arrange(RIGHT, buff=0.7).to_edge(RIGHT, buff=0.4)
        top.set_y(self.heading[0].get_y())
        self.raw = Column(self.samples, scaled=False, x=COLUMNS_X[0])
        self.scaled = Column(self.samples, scaled=True, x=COLUMNS_X[1])
        self.headers = VGroup(
            *[
                c.text(label, size=22, color=theme().muted).next_to(col.histograms[0], UP, buff=0.2).set_x(x)
                for label, col, x in zip(
                    ("raw dot products  q · k", "divided by √d"), (self.raw, self.scaled), COLUMNS_X
                )
            ]
        )
        self.row_labels = VGroup(
            *[
                c.math(f"d = {s.width}", size=30).move_to([LABEL_X, h.axis.get_y() + 0.4, 0])
                for s, h in zip(self.samples, self.raw.histograms)
            ]
        )
        self.arrows = VGroup(
            *[self.divide_arrow(s.width, h) for s, h in zip(self.samples, self.raw.histograms)]
        )
        n = len(self.samples[0].raw)
        self.note = c.text(
            f"{n} seeded random pairs (q, k) per width, each component independent, mean 0, variance 1",
            size=18,
            color=theme().muted,
        ).to_edge(DOWN, buff=0.2)
        self.warning = c.text(
            "Scaling does not guarantee broad weights: large score gaps can remain.", size=24
        ).to_edge(DOWN, buff=0.2)
        self.extremes = self.extreme_marks()

    def divide_arrow(self, width: int, raw: Histogram) -> VGroup:
        """An arrow from a raw histogram to its scaled one, labelled with the divisor."""
        y = raw.axis.get_y() + HIST_SIZE[1] / 2
        start, end = raw.axis.get_right()[0] + 0.15, self.scaled.histograms[0].axis.get_left()[0] - 0.15
        arrow = Arrow(
            [start, y, 0],
            [end, y, 0],
            buff=0,
            color=theme().muted,
            stroke_width=3,
            max_tip_length_to_length_ratio=0.15,
        )
        label = c.math(r"\div " + divisor_tex(width), size=26).next_to(arrow, UP, buff=0.08)
        return VGroup(arrow, label)

    def extreme_marks(self) -> VGroup:
        """Marks at the largest and smallest scaled score of the widest sample, with their values."""
        hist = self.scaled.histograms[-1]
        marks = VGroup()
        for value in caveat_example(self.samples)[:2]:
            x = hist.x_of(value)
            tick = Line(
                [x, hist.axis.get_y(), 0],
                [x, hist.axis.get_y() + HIST_SIZE[1] * 0.8, 0],
                color=theme().text,
                stroke_width=4,
            )
            marks.add(VGroup(tick, c.math(fmt(value, STAT_PLACES), size=24).next_to(tick, UP, buff=0.06)))
        return marks

    def divisor(self) -> None:
        self.beat("The divisor")
        self.show(
            FadeIn(self.heading),
            run_time=1,
            caption="Attention divides every dot product by the square root of the key width d.",
        )
        self.play(Write(self.rule), run_time=1.2)
        w, wide = self.width, self.samples[-1].width
        self.show(
            FadeIn(self.roots, shift=0.2 * DOWN),
            run_time=1.2,
            caption=f"Our keys have {w} coordinates, so the divisor is {fmt(divisor_for(w), SCORE_PLACES)}; "
            f"with {wide} coordinates it would be {fmt(divisor_for(wide), SCORE_PLACES)}.",
            hold=3,
        )

    def raw_widen(self) -> None:
        self.beat("Raw dot products widen with d")
        self.show(
            FadeIn(self.headers[0]),
            FadeIn(self.row_labels),
            FadeIn(self.note),
            run_time=1,
            caption="Why the square root? Draw random queries and keys with independent, zero-mean, "
            "unit-variance components.",
        )
        for hist in self.raw.histograms:
            self.play(
                FadeIn(hist.axis),
                FadeIn(hist.ticks),
                *[FadeIn(b, shift=0.1 * UP) for b in hist.bars],
                run_time=1,
            )
        var = [stat_text(s.raw_var) for s in self.samples]
        self.show(
            FadeIn(self.raw.stats),
            run_time=1,
            caption=f"Their dot products spread wider as d grows: sample variances {', '.join(var)}, "
            "close to d itself.",
            hold=3.5,
        )

    def divide(self) -> None:
        self.beat("Divide by the square root of d")
        self.show(FadeIn(self.headers[1]), run_time=0.6, caption="Divide each dot product by √d.")
        for raw, scaled, arrow in zip(self.raw.histograms, self.scaled.histograms, self.arrows):
            self.play(GrowArrow(arrow[0]), FadeIn(arrow[1]), run_time=0.6)
            self.play(
                ReplacementTransform(raw.bars.copy(), scaled.bars),
                FadeIn(scaled.axis),
                FadeIn(scaled.ticks),
                run_time=1.2,
            )
        var = [stat_text(s.scaled_var) for s in self.samples]
        self.show(
            FadeIn(self.scaled.stats),
            run_time=1,
            caption=f"Now the spreads match: variances {', '.join(var)}, all close to 1, whatever the width.",
            hold=3,
        )

    def caveat(self) -> None:
        self.beat("Not a guarantee")
        high, low, weights = caveat_example(self.samples)
        d = self.samples[-1].width
        self.show(
            ReplacementTransform(self.note, self.warning),
            run_time=1,
            caption="Scaling keeps the typical score moderate, but it does not guarantee broad weights.",
            hold=2,
        )
        self.play(*[FadeIn(m, shift=0.1 * DOWN) for m in self.extremes], run_time=1)
        self.say(
            f"Even scaled, the d = {d} samples reach {stat_text(high)} and {stat_text(low)}; "
            f"two scores that far apart get weights {fmt(weights[0], WEIGHT_PLACES)} and "
            f"{fmt(weights[1], WEIGHT_PLACES)}.",
            hold=5.5,
        )
