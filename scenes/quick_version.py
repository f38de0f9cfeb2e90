"""Chapter 9, the quick version (source 003): seven take-aways, each beside a reminder of its chapter,
then one line for each chapter beyond the sources, marked as such."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    Arrow,
    Circle,
    Dot,
    FadeIn,
    FadeOut,
    Line,
    Rectangle,
    Square,
    VGroup,
    VMobject,
    Write,
)

from attention import Examples, examples, histogram, variance_experiment
from attention.beyond_examples import all_queries
from attention.sweeps import GAIN_RANGE, log_saturation_sweep
from scenes import components as c
from scenes.chapter import ChapterScene
from scenes.grids import AttentionGrid
from scenes.matrices import as_grid_trace, cross_out
from scenes.palette import theme, token_color
from scenes.plots import Histogram, decades
from scenes.registry import find

ICON_BOX = (1.1, 0.52)  # the card behind each icon
ICON_FIT = (0.9, 0.42)  # the icon itself is scaled to fit inside this
ICON_X = -6.2
TEXT_X = -5.45
TEXT_WIDTH = 12.2  # from TEXT_X to the drawing area's right edge
FIRST_ROW_Y = 2.2
ROW_STEP = 0.6
DIM = 0.6  # how far earlier take-aways fade while the next one is read
VEIL_BUFF = 0.04  # the dimming sheet's margin around a row (less than half the gap between rows)
ITEM_SECONDS = 4.2


def bar_icon(tokens, weights) -> VGroup:
    """Bars only (no numbers), one per token, in the tokens' colours."""
    bars = c.WeightBars(tokens, weights, height=0.9, bar_width=0.3, spacing=0.42, show_total=False)
    return bars.remove(bars.values, bars.labels)


def fixed_context_icon(ex: Examples) -> VGroup:
    """One summary box feeding every output step."""
    box = Square(0.4, color=theme().muted, fill_color=theme().panel, fill_opacity=1, stroke_width=3)
    steps = VGroup(*[Circle(0.1, color=theme().output, fill_opacity=0.9, stroke_width=0) for _ in range(3)])
    steps.arrange(DOWN, buff=0.16).next_to(box, RIGHT, buff=0.8)
    arrows = VGroup(
        *[
            Arrow(
                box.get_right(),
                s.get_left(),
                buff=0.05,
                color=theme().muted,
                stroke_width=3,
                max_tip_length_to_length_ratio=0.25,
            )
            for s in steps
        ]
    )
    return VGroup(arrows, box, steps)


def plane_icon(ex: Examples) -> VGroup:
    """Key arrows in a plane and the query's cross (chapters 2 and 3)."""
    drag = ex.drag
    plane = c.vector_plane(drag.keys, unit=0.5, margin=0.3)
    keys = VGroup(*[c.plane_arrow(plane, k, token_color(t), width=3) for t, k in zip(drag.tokens, drag.keys)])
    cross = c.cross_marker(size=0.2).move_to(plane.c2p(*drag.query))
    return VGroup(plane, keys, cross)


def weights_icon(ex: Examples) -> VGroup:
    blend = ex.blend
    return bar_icon(blend.tokens, blend.trace(0).weights)


def refocus_icon(ex: Examples) -> VGroup:
    """The first query's weights, an arrow, the new query's weights."""
    blend = ex.blend
    before, after = (
        bar_icon(blend.tokens, blend.trace(0).weights),
        bar_icon(blend.tokens, blend.trace(1).weights),
    )
    arrow = Arrow(LEFT * 0.25, RIGHT * 0.25, buff=0, color=theme().query, stroke_width=4)
    return VGroup(before, arrow, after).arrange(RIGHT, buff=0.12)


def grid_icon(ex: Examples) -> VGroup:
    """The cross-attention weight grid, shaded by weight, without numbers."""
    return AttentionGrid(ex.cross.cross(), numbers=False, size=1.0).show_weights()


def scale_icon(ex: Examples) -> VGroup:
    """Wide raw dot products behind the same samples divided by sqrt(d), on one axis."""
    widest = variance_experiment()[-1]
    edges = np.linspace(widest.raw.min(), widest.raw.max(), 24)
    raw, scaled = histogram(widest.raw, edges), histogram(widest.scaled, edges)
    return VGroup(
        Histogram(raw, edges, width=1.6, height=0.7, color=theme().muted),
        Histogram(scaled, edges, width=1.6, height=0.7, color=theme().text),
    )


def saturation_icon(ex: Examples) -> VGroup:
    """The top weight's sensitivity falling (log scale) as the gain grows."""
    blend = ex.blend
    sweep = log_saturation_sweep(blend.trace(0, scaled=False).scores, np.linspace(*GAIN_RANGE, 40))
    lo, hi, _ = decades(sweep.log10_top_sensitivity)
    xs = (sweep.gains - sweep.gains[0]) / np.ptp(sweep.gains) * 1.6
    ys = (np.maximum(sweep.log10_top_sensitivity, lo) - lo) / (hi - lo) * 0.8
    curve = VMobject(stroke_color=theme().output, stroke_width=3).set_points_as_corners(
        [[x, y, 0] for x, y in zip(xs, ys)]
    )
    axes = VGroup(Line([0, 0, 0], [1.6, 0, 0]), Line([0, 0, 0], [0, 0.8, 0])).set_stroke(theme().muted, 2)
    return VGroup(axes, curve, Dot([xs[-1], ys[-1], 0], radius=0.05, color=theme().text))


def matrix_icon(ex: Examples) -> VGroup:
    """Every query's weights at once: the matrix chapter's weight grid, shaded by weight."""
    return AttentionGrid(all_queries(ex.blend), numbers=False, size=1.0).show_weights()


def mask_icon(ex: Examples) -> VGroup:
    """The causal weight grid, its hidden cells greyed and crossed out."""
    masked = ex.causal.trace()
    grid = AttentionGrid(as_grid_trace(masked), numbers=False, size=1.0).show_weights()
    hidden = [cell for cell, h in zip(grid.cells, masked.mask.flat) if h]
    for cell in hidden:
        cell.set_fill(theme().grid, opacity=1)
    return grid.add(*[cross_out(cell) for cell in hidden])


def heads_icon(ex: Examples) -> VGroup:
    """Each head's weights side by side."""
    heads = ex.heads
    bars = [bar_icon(heads.tokens, h.trace.weights) for h in heads.trace().heads]
    return VGroup(*bars).arrange(RIGHT, buff=0.3)


@dataclass(frozen=True)
class Takeaway:
    """One line of the summary, the chapter it recalls, its icon and a caption; `beyond`: a chapter
    beyond the sources, tagged as such."""

    line: str
    chapter: str
    icon: Callable[[Examples], VGroup]  # draws the icon from the lecture's examples
    caption: str
    beyond: bool = False


@dataclass(frozen=True)
class Beat:
    """A named section of the chapter and the take-aways it reveals."""

    name: str
    takeaways: tuple[Takeaway, ...]


BEATS = (  # each beat of the chapter and the take-aways it reveals, in order
    Beat(
        "Why attention",
        (
            Takeaway(
                "Fixed-context decoders reuse one summary across output steps.",
                "FixedContext",
                fixed_context_icon,
                "Without attention, one fixed summary feeds every output step.",
            ),
        ),
    ),
    Beat(
        "Score, weigh, blend",
        (
            Takeaway(
                "Queries score keys; values supply the blend's contents.",
                "ScoreEveryWord",
                plane_icon,
                "A query scores every key; the values are what gets blended.",
            ),
            Takeaway(
                "Softmax weights sum to one before multiplying value vectors.",
                "BlendByWeight",
                weights_icon,
                "Softmax turns the scores into weights that sum to one, then weights the values.",
            ),
            Takeaway(
                "New queries change weights while keys and values can remain.",
                "Refocus",
                refocus_icon,
                "A new query re-weights the same stored keys and values.",
            ),
        ),
    ),
    Beat(
        "Positions and scale",
        (
            Takeaway(
                "Access to source positions doesn't guarantee perfect recall.",
                "SourcePositions",
                grid_icon,
                "Every source position stays available, but access is not perfect recall.",
            ),
            Takeaway(
                "Scale dot products by the square root of key width.",
                "ShrinkScores",
                scale_icon,
                "Dividing by the square root of the key width keeps the scores' spread steady.",
            ),
            Takeaway(
                "Large score gaps can concentrate weights and reduce softmax sensitivity.",
                "WhereItBreaks",
                saturation_icon,
                "Large score gaps concentrate the weights and make softmax less sensitive.",
            ),
        ),
    ),
    Beat(
        "Beyond the sources",
        (
            Takeaway(
                "Stacked as matrices, every query is scored, weighed and blended at once.",
                "AllQueriesAtOnce",
                matrix_icon,
                "Beyond the sources: stack the queries, and two matrix products serve them all.",
                beyond=True,
            ),
            Takeaway(
                "A causal mask gives later words weight exactly zero.",
                "CausalMask",
                mask_icon,
                "Beyond the sources: a decoder's mask hides later words, their weights exactly zero.",
                beyond=True,
            ),
            Takeaway(
                "Several heads, each on its own slice, can attend to different words.",
                "MultiHead",
                heads_icon,
                "Beyond the sources: several heads, each on its own slice, can pick different words.",
                beyond=True,
            ),
        ),
    ),
)
TAKEAWAYS = tuple(t for beat in BEATS for t in beat.takeaways)


def card(icon: VGroup) -> VGroup:
    """The icon scaled into a quiet card."""
    back = c.panel(*ICON_BOX)
    icon.scale(min(ICON_FIT[0] / icon.width, ICON_FIT[1] / icon.height)).move_to(back)
    return VGroup(back, icon)


def row(takeaway: Takeaway, ex: Examples, y: float) -> VGroup:
    """Icon card, the take-away and a muted tag naming the chapter it recalls."""
    line = c.text(takeaway.line, size=20)
    line.scale_to_fit_width(min(line.width, TEXT_WIDTH))
    tag = c.text(tag_text(takeaway), size=13, color=theme().muted)
    words = VGroup(line, tag).arrange(DOWN, aligned_edge=LEFT, buff=0.05)
    words.move_to([TEXT_X, y, 0], aligned_edge=LEFT)
    return VGroup(card(takeaway.icon(ex)).move_to([ICON_X, y, 0]), words)


def tag_text(takeaway: Takeaway) -> str:
    """'6 · Keep source positions available', marked when the chapter is beyond the sources."""
    chapter = find(takeaway.chapter)
    tag = f"{chapter.number} · {chapter.title}"
    return f"beyond the sources · {tag}" if takeaway.beyond else tag


def veil(target: VGroup) -> Rectangle:
    """A background-coloured sheet that dims `target` while other rows are read."""
    return Rectangle(
        width=target.width + 2 * VEIL_BUFF,
        height=target.height + 2 * VEIL_BUFF,
        stroke_width=0,
        fill_color=theme().background,
        fill_opacity=DIM,
    ).move_to(target)


class QuickVersion(ChapterScene):
    """The seven take-aways of the lecture and the three lines beyond the sources, one at a time, ending on all."""

    def inputs(self) -> Examples:
        return examples.current()

    def construct(self):
        self.build()
        self.show(
            FadeIn(self.heading),
            run_time=1,
            caption="The whole lecture in seven lines, and three beyond.",
            hold=1,
        )
        for beat in BEATS:
            self.beat(beat.name)
            for takeaway in beat.takeaways:
                self.reveal(TAKEAWAYS.index(takeaway))
        self.all_lines()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.heading = c.chapter_title(
            self.title, "Seven take-aways from the lecture, three beyond its sources"
        )
        ex = self.inputs()
        self.rows = VGroup(*[row(t, ex, FIRST_ROW_Y - i * ROW_STEP) for i, t in enumerate(TAKEAWAYS)])
        self.veils = VGroup(*[veil(r) for r in self.rows])
        self.formula = c.math(r"\mathrm{softmax}\!\left(\frac{Q K^{\top}}{\sqrt{d}}\right) V", size=32)
        self.formula.to_edge(RIGHT, buff=0.4).set_y(self.heading.get_y())

    def reveal(self, k: int) -> None:
        """Show take-away k while the one before steps back behind its veil."""
        icon, words = self.rows[k]
        self.show(
            FadeIn(icon, shift=0.3 * RIGHT),
            FadeIn(words),
            *[FadeIn(v) for v in self.veils[:k][-1:]],
            run_time=1,
            caption=TAKEAWAYS[k].caption,
            hold=ITEM_SECONDS - 1,
        )

    def all_lines(self) -> None:
        self.beat("All together")
        self.show(
            *[FadeOut(v) for v in self.veils[:-1]],
            Write(self.formula),
            run_time=1.5,
            caption="Together: scores from queries and keys, scaled, softmaxed, and used to blend values.",
            hold=4,
        )
