"""Plots and readouts drawn from `attention`'s sweeps: histograms, a curve with a tracking dot,
and a scientific-notation readout that updates in place.

Builders read the palette when called and take their numbers from arrays computed elsewhere.
"""

from __future__ import annotations

import math

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Axes, Dot, Line, Rectangle, VGroup, VMobject

from attention import softmax
from scenes.kit import components as c
from scenes.kit.arithmetic import fmt
from scenes.kit.bars import MIN_BAR
from scenes.kit.palette import tex_size, theme

TRACK_RADIUS = 0.1  # a tracking dot's (`CurvePlot.track`)


class Histogram(VGroup):
    """Bars over the bins between `edges`, each as tall as its fraction of the samples.

    `peak` is the fraction drawn at full `height`, so several histograms can share one scale. Without
    `baseline` its axis is not drawn (it still places the bars), for histograms on an axis drawn elsewhere.
    """

    def __init__(
        self,
        fractions,
        edges,
        *,
        width: float = 4.0,
        height: float = 1.0,
        peak: float | None = None,
        color: str | None = None,
        baseline: bool = True,
    ):
        super().__init__()
        self.fractions = np.asarray(fractions, dtype=float)
        self.edges = np.asarray(edges, dtype=float)
        self.unit = height / (peak or float(self.fractions.max()))  # scene units per unit of fraction
        self.axis = Line(LEFT * width / 2, RIGHT * width / 2, color=theme().muted, stroke_width=2)
        if not baseline:
            self.axis.set_stroke(opacity=0)
        self.bars = VGroup(
            *[
                self._bar(lo, hi, f, color or theme().text)
                for lo, hi, f in zip(self.edges[:-1], self.edges[1:], self.fractions)
            ]
        )
        self.add(self.bars, self.axis)

    def x_of(self, value: float) -> float:
        """The scene x coordinate of a data value, wherever the histogram now is."""
        span = self.edges[-1] - self.edges[0]
        return (value - self.edges[0]) / span * self.axis.width + self.axis.get_left()[0]

    def _bar(self, lo: float, hi: float, fraction: float, color: str) -> Rectangle:
        left, right = self.x_of(lo), self.x_of(hi)
        h = max(fraction * self.unit, MIN_BAR)
        return Rectangle(
            width=right - left,
            height=h,
            stroke_width=0.5,
            stroke_color=theme().background,
            fill_color=color,
            fill_opacity=0.85,
        ).move_to([(left + right) / 2, h / 2, 0])

    def heights(self) -> np.ndarray:
        """The drawn bar heights, in scene units."""
        return np.array([bar.height for bar in self.bars])


class CornerAxes(Axes):
    """Axes that meet at the low ends of their ranges (manim's cross at 0 where a range holds it), so an axis
    may start before its first tick."""

    @staticmethod
    def _origin_shift(axis_range) -> float:
        return axis_range[0]


class CurvePlot(VGroup):
    """A curve of log10(y) against x, its y axis labelled in powers of ten; `track` adds a moving dot.
    The x axis is ticked from `x_start` (default: the first x); the y axis covers `reach` too (log10 values of a
    second series, drawn with `series`). With `room` (scene units) the axes start before the first tick and
    below the lowest decade as far as keeps every point of both series that far from the axis lines, so a dot on
    them stands clear of the axes (0: they start there).

    Values of -inf (a quantity that is exactly 0) are drawn on the bottom of the axis.
    """

    def __init__(
        self,
        xs,
        log10_ys,
        *,
        size=(5.5, 4.0),
        color: str | None = None,
        x_label: str = "",
        y_label: str = "",
        x_step: float = 1,
        x_start: float | None = None,
        reach=(),
        room: float = 0.0,
    ):
        super().__init__()
        self.xs, self.log10_ys = np.asarray(xs, dtype=float), np.asarray(log10_ys, dtype=float)
        every = np.concatenate([self.log10_ys, np.asarray(reach, dtype=float)])
        self.decades = lo, hi, step = decades(every)
        self.floor = lo  # the axes count decades above it, so the x axis sits at the bottom
        start = self.xs[0] if x_start is None else x_start
        finite = every[np.isfinite(every)]
        lowest = float(finite.min()) - lo if finite.size else 0.0
        self.axes = CornerAxes(
            x_range=[lead(start, self.xs[0], self.xs[-1], size[0], room), self.xs[-1], x_step],
            y_range=[lead(0, lowest, hi - lo, size[1], room), hi - lo, step],
            x_length=size[0],
            y_length=size[1],
            tips=False,
            axis_config={"color": theme().muted, "stroke_width": 2},
        )
        ticks, powers = np.arange(start, self.xs[-1] + x_step / 2, x_step), range(lo, hi + 1, step)
        retick(self.axes.x_axis, ticks)
        retick(self.axes.y_axis, [k - lo for k in powers])
        self.axes.x_axis.add_labels(axis_labels(ticks, 0), font_size=tex_size("small"))
        self.axes.y_axis.add_labels(
            {k - lo: c.math(f"10^{{{k}}}", role="small", color=theme().muted) for k in powers},
            font_size=tex_size("small"),
        )
        self.curve = self.series(self.xs, self.log10_ys, color)
        self.labels = VGroup(
            c.text(x_label, role="small", color=theme().muted).next_to(
                self.axes.x_axis.labels, DOWN, buff=0.15
            ),
            c.text(y_label, role="small", color=theme().muted)
            .next_to(self.axes, UP, buff=0.25)
            .align_to(self.axes, LEFT),
        )
        self.add(self.axes, self.curve, self.labels)

    def series(self, xs, log10_ys, color: str | None = None) -> VMobject:
        """A line of log10(y) against x on these axes (not added to the plot)."""
        return self.axes.plot_line_graph(
            xs, self.clip(log10_ys), add_vertex_dots=False, line_color=color or theme().muted, stroke_width=4
        )

    def clip(self, log10_ys):
        """Decades above the lowest decade (values below the bottom of the axis sit on the bottom)."""
        return np.maximum(log10_ys, self.floor + self.axes.y_range[0]) - self.floor

    def point(self, x: float, log10_y: float) -> np.ndarray:
        """Scene position of the data point (x, 10**log10_y)."""
        return self.axes.c2p(x, float(self.clip(log10_y)))

    def track(self, tracker, log10_y_of, color: str | None = None) -> Dot:
        """A dot kept at (tracker value, log10_y_of(tracker value)) on the curve."""
        dot = Dot(radius=TRACK_RADIUS, color=color or theme().text)
        dot.add_updater(lambda d: d.move_to(self.point(tracker.get_value(), log10_y_of(tracker.get_value()))))
        return dot.update()


def lead(start: float, first: float, end: float, length: float, room: float) -> float:
    """Where an axis `length` long, ticked from `start` to `end`, starts so that `first` (its lowest point) stands
    `room` (scene units) from its start: at `start` where that already does."""
    return min(start, first - room * (end - first) / (length - room))


def retick(axis, values) -> None:
    """`axis` ticked at `values`, where its labels go (manim ticks from its start, or from 0 where it holds 0)."""
    axis.remove(axis.ticks)
    axis.ticks = VGroup(*[axis.get_tick(value) for value in values])
    axis.add(axis.ticks)


def decades(log10_ys) -> tuple[int, int, int]:
    """Powers of ten (lo, hi, step) spanning the finite values: at most about six labels,
    `step` a round number of decades (1, 2, 5, 10, 20, ...) and lo, hi multiples of it."""
    finite = np.asarray(log10_ys, dtype=float)
    finite = finite[np.isfinite(finite)]
    top = math.ceil(finite.max()) if finite.size else 0
    bottom = math.floor(finite.min()) if finite.size else top - 1
    span = max(top - bottom, 1)
    step = next(s * 10**k for k in range(len(str(span))) for s in (1, 2, 5) if s * 10**k * 5 >= span)
    lo, hi = step * math.floor(bottom / step), step * math.ceil(top / step)
    return lo, max(hi, lo + step), step


def axis_labels(values, places: int) -> dict[float, VGroup]:
    """Tick labels for `values` with `places` decimals, in the lecture's number face."""
    return {float(v): c.math(fmt(v, places), role="small", color=theme().muted) for v in values}


TICK_GAP = 0.15  # the least room between two tick labels side by side (review 5: '−4−3−2−1' ran together)


def ticks_of(lo: float, hi: float, step: float) -> np.ndarray:
    """The multiples of `step` from `lo` to `hi`."""
    return np.arange(math.ceil(lo / step) * step, hi + step / 2, step)


def tick_step(lo: float, hi: float, length: float) -> float:
    """The axis' tick step: the power of ten below its span, or 2, 5 or 10 times it where the labels of a finer
    step would come closer than TICK_GAP on an axis `length` long."""
    base = 10 ** math.floor(math.log10(hi - lo))
    for step in (base, 2 * base, 5 * base):
        widest = max(c.math_width(fmt(v, 0), role="small") for v in ticks_of(lo, hi, step))
        if step * length / (hi - lo) >= widest + TICK_GAP:
            return step
    return 10 * base


class TangentPlot(VGroup):
    """The top weight against its own score, the other scores held, with the tangent at the current point.

    The tangent's slope is w(1 - w): how strongly the top weight still responds to its score. `set_gain`
    redraws the curve, the dot and the tangent for softmax(gain * scores).
    """

    def __init__(self, scores, gain: float, *, size=(5.0, 1.4), x_span: tuple[float, float]):
        super().__init__()
        self.scores = np.asarray(scores, dtype=float)
        self.top = int(np.argmax(self.scores))
        lo, hi = x_span
        step = tick_step(lo, hi, size[0])
        self.axes = Axes(
            x_range=[lo, hi, step],
            y_range=[0, 1, 0.5],
            x_length=size[0],
            y_length=size[1],
            tips=False,
            axis_config={"color": theme().muted, "stroke_width": 2},
        )
        small = tex_size("small")
        self.axes.x_axis.add_labels(axis_labels(ticks_of(lo, hi, step), 0), font_size=small)
        self.axes.y_axis.add_labels(axis_labels((0, 1), 0), font_size=small)
        self.curve = VMobject().set_stroke(theme().muted, 4)
        self.tangent = Line(ORIGIN, RIGHT, color=theme().text, stroke_width=3)
        self.dot = Dot(radius=0.08, color=theme().text)
        self.add(self.axes, self.curve, self.tangent, self.dot)
        self.set_gain(gain)

    def weight(self, top_score: float, gain: float) -> float:
        """The top weight when its score is `top_score` and the others are gain * theirs."""
        scores = gain * self.scores
        scores[self.top] = top_score
        return float(softmax(scores)[self.top])

    def curve_points(self, xs: np.ndarray, top_scores: np.ndarray, gain: float) -> np.ndarray:
        """The curve's points at `xs`, the top weight's there when its score is `top_scores`' (all at once:
        a point at a time was most of WhereItBreaks' build, issue 27)."""
        scores = np.tile(gain * self.scores, (len(top_scores), 1))
        scores[:, self.top] = top_scores
        return self.axes.c2p(xs, softmax(scores)[:, self.top]).T

    def set_gain(self, gain: float) -> TangentPlot:
        lo, hi = self.axes.x_range[:2]
        xs = np.linspace(lo, hi, 121)
        self.curve.set_points_as_corners(self.curve_points(xs, xs, gain))
        s = gain * self.scores[self.top]
        w = self.weight(s, gain)
        slope, reach = w * (1 - w), (hi - lo) / 8
        self.dot.move_to(self.axes.c2p(s, w))
        start, end = max(lo, s - reach), min(hi, s + reach)
        if slope > 0:  # the tangent stays between weights 0 and 1, inside the axes
            start, end = max(start, s - w / slope), min(end, s + (1 - w) / slope)
        self.tangent.put_start_and_end_on(
            self.axes.c2p(start, w + slope * (start - s)), self.axes.c2p(end, w + slope * (end - s))
        )
        return self

    def set_opacity(self, opacity: float, family: bool = True) -> TangentPlot:
        """Dim or restore the plot; its curve stays a line (never filled)."""
        super().set_opacity(opacity, family)
        self.curve.set_fill(opacity=0)
        return self

    def slope(self) -> float:
        """The drawn tangent's slope in data units."""
        (x0, y0), (x1, y1) = (self.axes.p2c(p)[:2] for p in self.tangent.get_start_and_end())
        return (y1 - y0) / (x1 - x0)
