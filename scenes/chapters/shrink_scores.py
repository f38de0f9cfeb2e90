"""Shrink the scores (source 003): divide by sqrt(key width), shown with sampled dot products.

Each width's raw and scaled dot products share one axis (the same for every row): dividing by √d squeezes
the raw histogram toward 0 on that axis, keeping its area, so the narrowing is what the eye sees. A raw histogram
too flat to read on the scaled ones' scale is drawn 2, 4... times taller, tagged, and ghosts at its true height once
squeezed. Beside each row, the shared axis' middle (scores -4 to 4, boxed on it) is shown stretched sideways, so
the scaled histograms' shapes can be compared.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    AnimationGroup,
    Brace,
    DashedVMobject,
    Dot,
    DoubleArrow,
    FadeIn,
    FadeOut,
    GrowFromCenter,
    Indicate,
    LaggedStart,
    Line,
    MathTex,
    Rectangle,
    Restore,
    Succession,
    Transform,
    VGroup,
    Write,
    there_and_back,
    there_and_back_with_pause,
)

from attention import divisor_for, examples, histogram, softmax, variance_experiment
from i18n import _, ngettext
from i18n.words import said
from scenes.kit import arithmetic, vector_rows
from scenes.kit import components as c
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    Relation,
    fmt,
    fmt_input,
    relation,
    root_text,
    tex_sign,
)
from scenes.kit.bars import baseline_of, digits_foot, label_tex, stand_on
from scenes.kit.chapter import CLEAR_SECONDS, ChapterScene
from scenes.kit.emphasis import PULSE, pulsed
from scenes.kit.formula_slot import formula_slot, formula_word, pin
from scenes.kit.palette import DIM, GHOST, raw_color, scaled_color, theme
from scenes.kit.plots import Histogram
from scenes.kit.stage import STAGE

STAT_PLACES = 2
BINS = 31  # odd, so one bin is centred on 0
SPREAD = 4  # each raw histogram covers +-4 standard deviations of its width (+-4 sqrt(d))


class ShrinkScores(ChapterScene):
    """Dot products of random vectors spread like sqrt(d); dividing by sqrt(d) squeezes them to one spread."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.divisor()
        self.raw_widen()
        self.divide()
        self.caveat()

    def divisor(self) -> None:
        self.beat("The divisor")
        # the rule, then a key of our width braced with its d as the caption names the key width (review V6b: the
        # body stood empty for 5.5 s under the rule alone)
        caption = _("Attention divides every dot product by the square root of the key width d.")
        self.show(
            Succession(
                FadeIn(self.heading, run_time=0.8),
                Write(self.rule, run_time=1.2),
                FadeIn(self.keys[0], run_time=1),
            ),
            run_time=max(3.0, self.caption_time(caption) - 1),
            caption=caption,
        )
        self.play(
            Indicate(self.rule[5], color=scaled_color()), run_time=1
        )  # once written (in the Succession,
        # the root stood alone on the empty stage before the rule was written)
        w, wide = self.width, self.samples[-1].width
        # each divisor comes in with the caption that reads it, and stays until that caption has been read;
        # the strip's d, then the root of it, over the caption's length (a still of 3 s otherwise)
        caption = ngettext(
            "Our keys have %(num)s coordinate, so the divisor is %(root)s.",
            "Our keys have %(num)s coordinates, so the divisor is %(root)s.",
            w,
            root=said(root_text(w)),
        )
        self.show(
            Succession(pulsed(self.keys[0][4]), FadeIn(self.roots[0], shift=0.2 * DOWN)),
            run_time=max(2.0, self.caption_time(caption)),
            caption=caption,
        )
        caption = _(
            "With %(width)s coordinates it would be %(root)s.", width=wide, root=said(root_text(wide))
        )
        name, boxes, __, brace, width = self.keys[1]
        # the wide key and its root by the time the caption reads them (spread over the caption, the root came as it
        # ended: review E10), then the rule's root lit for the rest
        strip = AnimationGroup(FadeIn(name), LaggedStart(*[FadeIn(box) for box in boxes], lag_ratio=0.05))
        self.show(
            Succession(
                strip.set_run_time(0.8),
                FadeIn(brace, width, run_time=0.4),
                FadeIn(self.roots[1], shift=0.2 * DOWN, run_time=0.5),
                Indicate(
                    self.rule[5], color=scaled_color(), run_time=max(1.3, self.caption_time(caption) - 1.7)
                ),
            ),
            caption=caption,
        )

    def raw_widen(self) -> None:
        self.wait_for_reader()  # the beat ends once its last caption has been read
        self.beat("Raw dot products widen with d")
        # the keys leave as the caption starts (a gap of 2 s between captions over an empty body, review V6b),
        # then the axes, then the first samples' dot products dropping onto them while the sampling is described
        caption = _(
            "Why the square root? Draw random queries and keys with independent, zero-mean, unit-variance "
            "components."
        )
        clear = AnimationGroup(
            FadeOut(self.roots, self.keys, self.rule), FadeIn(self.strip.dimmed()), run_time=CLEAR_SECONDS
        )
        axes = AnimationGroup(
            *[FadeIn(VGroup(r.axis, r.label)) for r in self.rows],
            FadeIn(self.ticks),
            FadeIn(self.legend[0]),
            FadeIn(self.note),
            self.strip.light("dot"),
            run_time=1,
        )
        drops = [FadeIn(dot, shift=DROP * DOWN) for row in self.rows for dot in row.drops]
        falling = LaggedStart(
            *drops, lag_ratio=0.1, run_time=max(1, self.caption_time(caption) - 1 - CLEAR_SECONDS)
        )
        self.show(Succession(clear, axes, falling), caption=caption)
        # one width at a time: its histogram and its variance come in with the caption that reads them, in the
        # place of its dropped samples
        for i, row in enumerate(self.rows):
            s = row.sample
            said_variance = (  # in full for the first width, then short
                _("For d = %(width)s, the dot products have sample variance %(variance)s.")
                if i == 0
                else _("For d = %(width)s, variance %(variance)s.")
            )
            caption = said_variance % {"width": s.width, "variance": stat_text(s.raw_var)}
            self.show(
                FadeOut(row.drops),
                *[FadeIn(b, shift=0.1 * UP) for b in row.raw.bars],
                FadeIn(row.raw_var),
                FadeIn(row.lift_tag),
                run_time=1,
                caption=caption,
            )
            row.add(row.lift_tag)  # dimmed and restored with its row until its bars are squeezed
            # lit for the rest of its caption (a still of 3.5 s under the first: review V6b)
            self.play(
                Indicate(row.raw_var, color=raw_color()), run_time=max(0.8, self.caption_time(caption) - 1)
            )
        self.show(
            *[Indicate(r.raw_var, color=raw_color()) for r in self.rows],
            run_time=1.2,
            caption=_("The spread grows with d: variance close to d,"),
        )
        self.show(
            *[GrowFromCenter(row.spread) for row in self.rows],
            *[FadeIn(row.spread_name) for row in self.rows],
            run_time=1.2,
            caption=_("so a typical dot product is about √d in size."),
        )
        for row in self.rows:  # dimmed and restored with its row from now on
            row.add(row.spread, row.spread_name)

    def divide(self) -> None:
        self.wait_for_reader()  # the beat ends once its last caption has been read
        self.beat("Divide by the square root of d")
        self.show(
            FadeIn(self.legend[1]),
            self.strip.light("scale"),
            run_time=0.6,
            caption=_("Divide each dot product by √d."),
        )
        # each width squeezes under its own caption: its divisor and the variance it leaves
        for row in self.rows:
            s = row.sample
            self.show(
                *self.refocus(row),
                run_time=0.4,
                caption=_(
                    "d = %(width)s: divided by %(root)s.", width=s.width, root=said(root_text(s.width))
                ),
            )
            squeezed = row.raw.bars.copy()
            row.add(squeezed)
            self.play(
                Transform(squeezed, row.scaled.bars),
                Transform(row.spread, row.unit_spread),
                FadeOut(row.spread_name, row.lift_tag),
                FadeIn(row.unit_name),
                Transform(row.raw.bars, row.ghost),  # back to the scaled bars' scale, the heights compared
                FadeIn(row.scaled_var),
                run_time=1.5,
            )
            row.remove(squeezed, row.spread_name, row.lift_tag)
            self.remove(squeezed, row.unit_name)
            row.add(row.scaled.bars, row.scaled_var, row.unit_name)
            self.add(row)
        self.wait_for_reader()
        self.play(*self.refocus(None), run_time=0.4)
        self.stretch_middles()
        self.show(
            LaggedStart(
                *[
                    AnimationGroup(
                        Indicate(r.spread, color=scaled_color()), Indicate(r.scaled_var, color=scaled_color())
                    )
                    for r in self.rows
                ],
                lag_ratio=0.6,
            ),
            run_time=2.6,
            caption=_("Now the spreads match: every variance is close to 1, whatever the width."),
        )

    def stretch_middles(self) -> None:
        """Box the shared axis' middle on every row and stretch a copy of it out beside the row."""
        self.play(
            *[line.animate.shift(self.stats_shift * RIGHT) for line in self.stats], run_time=0.8
        )  # make room
        caption = _(
            "On the right, scores from %(low)s to %(high)s, stretched: the shapes match.",
            low=said(fmt(-SPREAD, 0)),
            high=said(fmt(SPREAD, 0)),
        )
        self.show(  # with the caption's start (faded in over all of it, they came a second or more late: review E10)
            *[FadeIn(row.zoom) for row in self.rows],
            FadeIn(self.zoom_title),
            FadeIn(self.zoom_ticks),
            # in their place: copies sliding there crossed the axes' ticks and numbers, along them or over an arc
            # (reviews V8a, C9b)
            *[FadeIn(row.zoomed.bars) for row in self.rows],
            run_time=ZOOM_IN,
            caption=caption,
        )
        # "the shapes match": each stretched shape lit in turn over the rest of the caption (a still of 3.3 s: V6b)
        self.play(
            LaggedStart(
                *[Indicate(row.zoomed.bars, color=scaled_color(), scale_factor=1.05) for row in self.rows],
                lag_ratio=0.5,
            ),
            run_time=max(1.5, self.caption_time(caption) - ZOOM_IN),
        )
        for row in self.rows:
            row.add(row.zoom, row.zoomed.bars)
            self.add(row)

    def caveat(self) -> None:
        self.wait_for_reader()  # the beat ends once its last caption has been read
        self.beat("Not a guarantee")
        high, low, weights = caveat_example(self.samples)
        places = extreme_places(high, low)
        d = self.samples[-1].width
        widest = self.rows[-1]
        marks, gap, gap_label = self.extremes
        self.show(
            *self.refocus(widest),
            Indicate(widest.zoomed.bars, color=scaled_color(), scale_factor=1.05),
            run_time=1.2,
            caption=_("Scaling keeps the typical score moderate,"),
        )
        self.show(
            self.strip.light("exp"), run_time=0.8, caption=_("but it does not guarantee broad weights.")
        )
        # each thing drawn comes with the caption that names it
        caption = _(
            "Even scaled, the d = %(width)s samples reach %(high)s and %(low)s,",
            width=d,
            high=stat_text(high, places),
            low=stat_text(low, places),
        )
        # out of the extremes' way: the window (they stood 1-2 px inside its edges, read as doubled lines: review
        # V8a) and the spread's name (where the high one's value goes)
        gone = VGroup(widest.zoom[0][0], widest.unit_name)
        self.show(FadeIn(marks, shift=0.1 * DOWN), gone.animate.set_opacity(0), run_time=1, caption=caption)
        for mark in (
            marks[1],
            marks[0],
        ):  # in the caption's order, over the rest of it (a still of 3.3 s after)
            self.play(grown_outward(mark), run_time=max(1.2, (self.caption_time(caption) - 1) / 2))
        self.show(
            GrowFromCenter(gap),
            FadeIn(gap_label),
            run_time=1,
            caption=gap_caption(gap_relation(high, low, places)),
        )
        line = self.weights
        self.show(
            FadeIn(line[:5], shift=0.1 * UP),
            run_time=1,
            caption=_(
                "Two scores that far apart get weights %(first)s and %(second)s.",
                first=said(fmt(weights[0], WEIGHT_PLACES)),
                second=said(fmt(weights[1], WEIGHT_PLACES)),
            ),
        )
        self.play(FadeIn(line[5:], shift=0.1 * UP), run_time=1)
        pairs = (VGroup(line[1], line[5], marks[1]), VGroup(line[3], line[7], marks[0]))
        for k in range(2):
            # a score, its weight and its mark read together: the other pair dimmed and back (lit in the scaled
            # scores' violet, a weight took the colour of "divided by √d", review V6b; enlarged, a number runs into
            # its neighbours in the softmax line; framed, a frame cuts through its brackets and commas)
            self.play(
                pairs[1 - k].animate(rate_func=there_and_back_with_pause).set_opacity(DIM), run_time=1.6
            )
        self.wait_for_reader()
        self.play(*self.refocus(None), self.strip.light(), run_time=0.6)

    def refocus(self, row: Row | None) -> list:
        """Dim every row but `row` (none: dim none), restoring the rows dimmed before: the animations."""
        moves = []
        for i, other in enumerate(self.rows):
            if other is row or row is None:
                if i in self.dimmed:
                    self.dimmed.remove(i)
                    moves.append(Restore(other))
            elif i not in self.dimmed:
                self.dimmed.add(i)
                other.save_state()
                moves.append(other.animate.set_opacity(DIM))
        return moves

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.samples = variance_experiment()
        self.dimmed: set[int] = set()  # the rows drawn dimmed (by index), each with its state saved
        self.width = self.inputs().keys.shape[1]
        self.heading = c.chapter_title(_(self.title), _("Divide by the square root of key width"))
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        score = formula_word(_("score"), "score")
        self.rule = c.math(rf"\text{{{score}}} = ", "q", r"\cdot", "k", r"\,/\,", r"\sqrt{d}", role="title")
        self.rule[1].set_color(theme().query)
        self.rule[3].set_color(theme().key)
        self.rule[5].set_color(scaled_color())  # as the scaled histograms and their legend
        self.rule.move_to([0, RULE_Y, 0])
        key = self.inputs().keys[0]
        self.keys = VGroup(key_strip(key), key_strip(np.zeros(self.samples[-1].width), numbered=False))
        # the strips' cells start together; the divisors too, beyond the longer strip
        for strip, y in zip(self.keys, KEY_YS):
            strip.shift([-strip[1].get_left()[0], y - strip[1].get_y(), 0])
        start = max(strip[1].get_right()[0] for strip in self.keys) + ROOT_GAP
        self.roots = VGroup(
            *[
                c.math(divisor_tex(len(strip[1])), role="title").move_to([start, y, 0], aligned_edge=LEFT)
                for strip, y in zip(self.keys, KEY_YS)
            ]
        )
        VGroup(self.keys, self.roots).set_x(0)
        limit = SPREAD * np.sqrt(max(s.width for s in self.samples))
        peak = max(densities(s.scaled, np.linspace(-SPREAD, SPREAD, BINS + 1)).max() for s in self.samples)
        self.rows = [Row(s, limit, peak, TOP_BASELINE - i * ROW_STEP) for i, s in enumerate(self.samples)]
        self.ticks = tick_marks(self.rows, (-limit, -limit / 2, 0, limit / 2, limit), Row.x_of)
        self.zoom_ticks = tick_marks(self.rows, (-SPREAD, 0, SPREAD), Row.zoomed_x)
        stretch = (ZOOM_WIDTH / SPREAD) / (AXIS_WIDTH / limit)
        stretched = formula_word(_("stretched"), "stretched")
        # the factor named ('[−4, 4] × 3.4' did not say it stretches: reviews V8a, C9b); the range is the numbers
        # under the stretched middles (with it, the title ran into the formula line and the legend)
        self.zoom_title = c.math(
            rf"\text{{{stretched}}}\;{{\times}}{fmt(stretch, 1)}",  # {×}: no binary space after it
            role="small",
            color=theme().muted,
        ).next_to(self.rows[0].zoom[0][1], UP, buff=0.12)
        self.legend = VGroup(
            c.text(_("raw q · k"), role="label", color=raw_color()),
            c.text(_("divided by √d"), role="label", color=scaled_color()),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        self.legend.move_to([STATS_X, self.rows[0].raw_var.get_top()[1] + LEGEND_GAP, 0], aligned_edge=DOWN)
        # the variances beside the axes' ends until the stretched middles come between (review V8a: they stood 200 px
        # right of their axes for 36 s)
        self.stats = [line for row in self.rows for line in (row.raw_var, row.scaled_var)]
        self.stats_shift = VGroup(*self.stats).get_left()[0] - (AXIS_X + AXIS_WIDTH / 2 + STATS_GAP)
        for line in self.stats:
            line.shift(self.stats_shift * LEFT)
        self.note = c.text(
            _(
                "%(count)s seeded random pairs (q, k) per width, components N(0, 1)",
                count=len(self.samples[0].raw),
            ),
            role="small",
            color=theme().muted,
        ).set_y(STAGE.bottom + NOTE_LIFT, DOWN)
        self.extremes = extreme_marks(self.samples, self.rows[-1])
        self.weights = weights_line(self.samples)
        middle = (self.ticks.get_bottom()[1] + self.note.get_top()[1]) / 2  # review 4: it crowded the note
        self.weights.move_to([self.rows[-1].x_of(0), middle, 0])  # under the shared axis' 0


def key_strip(values, numbered: bool = True) -> VGroup:
    """A key as a strip of cells, one a coordinate, its entries written in (cells widened to hold them: six of
    the widest an example may hold, '−44.444', stay on the stage), named k on its left and braced with its width
    d under it: the d the divisor takes the root of."""
    entries = VGroup(*[c.math(fmt_input(v)) for v in values]) if numbered else VGroup()
    cell = min(CELL, STRIP_WIDTH / len(values))
    if len(entries):
        cell = max(cell, max(e.width for e in entries) + CELL_PAD)
    boxes = VGroup(*[Rectangle(width=cell, height=CELL) for __ in values]).arrange(RIGHT, buff=0)
    boxes.set_stroke(theme().key, width=1.5)
    for entry, box in zip(entries, boxes):
        entry.move_to(box)
    name = c.math("k", color=theme().key).next_to(boxes, LEFT, buff=0.25)
    brace = Brace(boxes, DOWN, buff=0.08, color=theme().muted)
    width = c.math(f"d = {len(values)}", role="label", color=theme().muted).next_to(brace, DOWN, buff=0.08)
    return VGroup(name, boxes, entries, brace, width)


# The numbers shown


def divisor_tex(width: int) -> str:
    """'\\sqrt{4} = 2' (or '\\approx 2.646' when the root is not whole)."""
    d = divisor_for(width)
    return rf"\sqrt{{{width}}} {relation(d, SCORE_PLACES)} {fmt(d, SCORE_PLACES)}"


def shown_stat(value: float, places: int = STAT_PLACES) -> float:
    """The statistic as displayed: rounded, with -0.00 shown as 0.00."""
    return round(value, places) + 0.0


def stat_text(value: float, places: int = STAT_PLACES) -> str:
    """The statistic as displayed, for captions, as the language writes it (a minus sign, as formulas draw it)."""
    return said(f"{shown_stat(value, places):.{places}f}")


def densities(samples, edges) -> np.ndarray:
    """The samples' histogram between `edges` as a density (fraction per unit of score)."""
    return histogram(samples, edges) / np.diff(edges)


def caveat_example(samples) -> tuple[float, float, np.ndarray]:
    """The widest sample's extreme scaled scores and the softmax weights of that pair."""
    scaled = samples[-1].scaled
    pair = np.array([scaled.max(), scaled.min()])
    return pair[0], pair[1], softmax(pair)


# Layout

AXIS_X, AXIS_WIDTH = -2.6, 5.8  # the shared axis' centre and length (scene units)
ZOOM_X, ZOOM_WIDTH = 3.35, 2.5  # the stretched middle's centre and length: scores -SPREAD..SPREAD
# (the two axes' numbers further apart than any two of one axis: '32' and '−4' stood 51 px apart at 1080p and read
# as one scale, review J9)
ZOOM_IN = 1.2  # seconds the stretched middles take to come in
PEAK_HEIGHT = 0.85  # the tallest density (a scaled histogram's peak) drawn this high
# a raw histogram's tallest bar at least this fraction of PEAK_HEIGHT (drawn taller, and tagged): 15 px at 480p
RAW_LEAST = 0.35
TOP_BASELINE, ROW_STEP = 0.75, 1.4  # the top row's ±√d mark clear of the formula line, the bottom row's
# numbers clear of the footnote with the weights' line between them
STATS_X = 6.05  # the legend's centre, and the variances' beside the stretched middles
LEGEND_GAP = 0.35  # from the top variance line up to the legend
STATS_GAP = 0.5  # from the axes' ends to the variances before the stretched middles come
SPREAD_LIFT = 0.14  # the ±√d marks above their histogram's tallest bar
TICK = 0.07  # a ±√d mark's end ticks reach this far up and down
# from a ±1 mark's top to its dashed frame's: 4 px of background at 480p between their strokes
FRAME_CLEAR = 0.11
# the dashed frames' height: a ±1 mark over the tallest bar inside (review J9: d = 4's straddled the top edge)
WINDOW_HEIGHT = PEAK_HEIGHT + SPREAD_LIFT + TICK + FRAME_CLEAR
SPREAD_NAME_GAP = 0.12  # from a ±√d mark, or the dashed window's edge if further out, to its name
NAME_CLEAR = (
    0.06  # the least room from a ±√d mark's name down to the bars and the axis under it (3 px at 480p)
)
AXIS_TICK = 0.07  # how far the axes' ticks reach up and down
NOTE_LIFT = 0.05  # the note's bottom above the caption band
RULE_Y, KEY_YS = 1.7, (0.3, -1.95)  # the divisor's rule, and a key of our width and of the widest under it
STRIP_WIDTH, ROOT_GAP = 10.0, 1.0  # the widest key strip's length, and from the strips to the divisors
CELL, CELL_PAD = 1.15, 0.15  # a key's cell at its widest unless an entry needs more, and room round an entry
# (cells of 0.8 and a 7.6 strip left the opening about 70% empty for 14 s: review V4)
MARK_LABEL_GAP = 0.14  # between an extreme score's tick (or the dashed frame, if further out) and its value
EXTRA_PLACES = 2  # the most places an extreme score gets beyond STAT_PLACES, so that its gap adds up
DROPPED, DROP = 30, 0.6  # samples dropped onto each axis before its histogram, and from how high


class Row(VGroup):
    """One width on the shared axis: its raw histogram and the scaled one it squeezes into, with variances."""

    def __init__(self, sample, limit: float, peak: float, y: float):
        super().__init__()
        self.sample = sample
        self.limit = limit  # the score at the shared axis' ends
        root = np.sqrt(sample.width)
        self.raw_edges = np.linspace(-SPREAD * root, SPREAD * root, BINS + 1)
        self.scaled_edges = self.raw_edges / root
        shared, middle = (AXIS_X, AXIS_WIDTH, limit), (ZOOM_X, ZOOM_WIDTH, SPREAD)
        self.lift = lift_for(densities(sample.raw, self.raw_edges).max() / peak)
        self.raw = self.histogram(sample.raw, self.raw_edges, peak, raw_color(), shared, self.lift)
        # where the raw bars end once squeezed: on the scaled histograms' scale, ghosted
        self.ghost = self.histogram(sample.raw, self.raw_edges, peak, raw_color(), shared).bars
        self.ghost.set_opacity(GHOST)
        self.scaled = self.histogram(sample.scaled, self.scaled_edges, peak, scaled_color(), shared)
        self.zoomed = self.histogram(sample.scaled, self.scaled_edges, peak, scaled_color(), middle)
        self.axis = Line(
            [AXIS_X - AXIS_WIDTH / 2, y, 0], [AXIS_X + AXIS_WIDTH / 2, y, 0], color=theme().muted
        )
        self.label = c.math(f"d = {sample.width}", role="label").move_to(
            [STAGE.body_left, y + 0.35, 0], aligned_edge=LEFT
        )
        self.raw_var = variance_line(sample.raw_var, raw_color()).move_to([STATS_X, y + 0.55, 0])
        self.scaled_var = variance_line(sample.scaled_var, scaled_color()).move_to([STATS_X, y + 0.1, 0])
        for hist in (self.raw, self.scaled, self.zoomed, self.ghost):
            hist.shift([0, y, 0])
        self.zoom = self.zoom_frames(y)
        # a typical score's size, the standard deviation: ±√d raw, ±1 once divided by √d, each just above its
        # histogram (rising with the bars as they squeeze)
        self.spread, self.spread_name = self.spread_mark(root, y + self.raw.heights().max(), r"\pm\sqrt{d}")
        self.lift_tag = self.tag() if self.lift > 1 else VGroup()
        self.drops = VGroup(  # the first samples' dot products, each a dot on the axis where it falls
            *[
                Dot([self.x_of(v), y, 0], radius=0.05, color=raw_color())
                for v in np.clip(sample.raw[:DROPPED], -limit, limit)
            ]
        )
        # named anew, not morphed: a name morphed from '±√d' was measured at two thirds of its size
        self.unit_spread, self.unit_name = self.spread_mark(1, y + self.scaled.heights().max(), r"\pm 1")
        self.add(self.axis, self.label, self.raw, self.raw_var)

    @staticmethod
    def histogram(
        data, edges, peak: float, color: str, scale: tuple[float, float, float], lift: int = 1
    ) -> Histogram:
        """`data`'s density between `edges` on an axis given as (centre x, length, the score at its ends):
        the shared axis or the stretched middle; `lift` times as tall as the common scale draws it."""
        x, length, limit = scale
        width = length * np.ptp(edges) / 2 / limit
        hist = Histogram(
            densities(data, edges),
            edges,
            width=width,
            height=PEAK_HEIGHT * lift,
            peak=peak,
            color=color,
            baseline=False,
        )
        return hist.shift([x - hist.axis.get_x(), 0, 0])

    def zoom_frames(self, y: float) -> VGroup:
        """Dashed frames round the shared axis' middle (scores -SPREAD..SPREAD) and round its stretched copy,
        and the copy's own axis."""
        frames = VGroup()
        for left, right in (
            (self.x_of(-SPREAD), self.x_of(SPREAD)),
            (ZOOM_X - ZOOM_WIDTH / 2, ZOOM_X + ZOOM_WIDTH / 2),
        ):
            box = Rectangle(width=right - left, height=WINDOW_HEIGHT, stroke_width=1.5, color=theme().muted)
            frames.add(
                DashedVMobject(box.move_to([(left + right) / 2, y + WINDOW_HEIGHT / 2, 0]), num_dashes=40)
            )
        axis = Line([ZOOM_X - ZOOM_WIDTH / 2, y, 0], [ZOOM_X + ZOOM_WIDTH / 2, y, 0], color=theme().muted)
        return VGroup(frames, axis)

    def spread_mark(self, half: float, top: float, name: str) -> VGroup:
        """A bar from score -half to +half on the shared axis with an end tick each, just above `top`, named
        (`name`, TeX) beyond it and beyond the dashed window's right edge (review V8a: unnamed, the bars did not say
        what they measure)."""
        level = top + SPREAD_LIFT
        left, right = self.x_of(-half), self.x_of(half)
        ends = [Line([x, level - TICK, 0], [x, level + TICK, 0]) for x in (left, right)]
        bar = VGroup(Line([left, level, 0], [right, level, 0]), *ends).set_stroke(theme().text, width=3)
        label = c.math(name, role="small", color=theme().text)
        # its top level with the ticks' tops (centred, the root's top came within 8 px of the formula line), or
        # higher, clear of the bars and the axis under it (review C9b: '±' on d = 16's tail, d = 64's axis through it)
        label.move_to([max(right, self.x_of(SPREAD)) + SPREAD_NAME_GAP, level + TICK, 0], aligned_edge=UL)
        label.shift(UP * max(0.0, self.top_under(label) + NAME_CLEAR - label.get_bottom()[1]))
        return VGroup(bar, label)

    def tag(self) -> VGroup:
        """'height ×4' over the axis' left end, clear of the bars: the raw bars here are drawn `lift` times taller than
        the common scale (review E10: on it, d = 64's stood 3 px tall at 480p and read as a thickened axis)."""
        words = c.text(_("height ×%(factor)s", factor=self.lift), role="small", color=theme().muted)
        words.move_to(self.axis.get_left(), aligned_edge=DOWN + LEFT)
        return words.shift(UP * (self.top_under(words) + NAME_CLEAR - words.get_bottom()[1]))

    def top_under(self, part) -> float:
        """The highest this row's axis (with its ticks) and its bars, raw or scaled, reach under `part` (or less than
        NAME_CLEAR beside it)."""
        left, right = part.get_left()[0] - NAME_CLEAR, part.get_right()[0] + NAME_CLEAR
        bars = [bar for hist in (self.raw, self.scaled) for bar in hist.bars]
        tops = [b.get_top()[1] for b in bars if b.get_right()[0] > left and b.get_left()[0] < right]
        return max([self.axis.get_y() + AXIS_TICK, *tops])

    def zoomed_x(self, value: float) -> float:
        """The scene x of a score in the stretched middle."""
        return ZOOM_X + value / SPREAD * ZOOM_WIDTH / 2

    def x_of(self, value: float) -> float:
        """The scene x of a score on the shared axis."""
        return AXIS_X + value / self.limit * AXIS_WIDTH / 2


def lift_for(height: float) -> int:
    """How many times taller a histogram whose tallest bar is `height` (a fraction of PEAK_HEIGHT) is drawn: the
    least power of two that brings it to RAW_LEAST, or 1."""
    return 2 ** max(0, int(np.ceil(np.log2(RAW_LEAST / height))))


def variance_line(variance: float, color: str) -> VGroup:
    """'variance x.yz' with the number as a live Number, in `color`: the label typeset as the number is, on
    its baseline (one face to the line, review 8), in the text face where TeX cannot set the word."""
    label = label_tex(_("variance"), color=color)
    number = c.number(shown_stat(variance), STAT_PLACES, color=color)
    stand_on(number.next_to(label, RIGHT, buff=0.15), foot(label))
    return VGroup(label, number)


def tick_marks(rows: list[Row], values, x_of) -> VGroup:
    """A tick at `x_of(row, v)` for each of `values` on every row, the values written under the bottom row:
    the shared axis' ticks (`Row.x_of`) or the stretched middle's (`Row.zoomed_x`)."""
    marks = VGroup()
    for row in rows:
        y = row.axis.get_y()
        marks.add(*[Line([x_of(row, v), y - AXIS_TICK, 0], [x_of(row, v), y + AXIS_TICK, 0]) for v in values])
    marks.set_color(theme().muted)
    bottom = rows[-1].axis.get_y() - 0.1
    labels = VGroup(
        *[
            c.math(fmt(v, 0), role="small", color=theme().muted).move_to(
                [x_of(rows[-1], v), bottom, 0], aligned_edge=UP
            )
            for v in values
        ]
    )
    return VGroup(marks, labels)


def gap_relation(high: float, low: float, places: int = STAT_PLACES) -> Relation:
    """high - low beside the scores as printed to `places`: the exact gap rounded (one value per quantity, issue
    29), '≈' where the printed scores do not give it."""
    printed = [fmt(high, places), fmt(-low, places)]
    return arithmetic.row("sum", printed, high - low, places)


def extreme_places(high: float, low: float) -> int:
    """The places the extreme scores and their gap are printed to: STAT_PLACES, or up to EXTRA_PLACES more where
    the printed scores then add up to the printed gap (3.58 and −3.71 beside a gap ≈ 7.28 read as 7.29, reviews 4
    to V6b; 3.577 and −3.708 give 7.285); STAT_PLACES with '≈' where none does."""
    return arithmetic.places_adding_up([high, -low], high - low, STAT_PLACES, STAT_PLACES + EXTRA_PLACES)


def gap_caption(rel: Relation) -> str:
    """'a gap of about 7.28.': the label's number, 'about' where its sign is '≈'."""
    if rel.sign == "=":
        return _("a gap of %(gap)s.", gap=said(rel.result))
    return _("a gap of about %(gap)s.", gap=said(rel.result))


def weights_line(samples) -> MathTex:
    """'softmax(3.58, -3.71) ≈ (0.999, 0.001)': the two extreme scores as displayed and their weights (the
    exact scores' softmax, rounded; '=' only where the printed scores give exactly those); parts 1, 3 are the
    scores, 5, 7 the weights."""
    high, low, weights = caveat_example(samples)
    places = extreme_places(high, low)
    shown = [shown_stat(high, places), shown_stat(low, places)]
    printed = [fmt(w, WEIGHT_PLACES) for w in weights]
    exact = all(abs(float(p) - w) < 1e-12 for p, w in zip(printed, softmax(shown)))
    sign = "=" if exact else r"\approx"
    return c.math(
        r"\mathrm{softmax}(",
        fmt(shown[0], places),
        vector_rows.gap(),  # '; ' where the comma is the decimal sign: a lone part stays as written
        fmt(shown[1], places),
        rf") {sign} (",
        printed[0],
        vector_rows.gap(),
        printed[1],
        ")",
        role="label",
    )


def extreme_marks(samples, row: Row) -> VGroup:
    """Marks on `row` (the widest sample's) at its largest and smallest scaled score, their values and their
    gap."""
    y = row.axis.get_y()
    high, low = caveat_example(samples)[:2]
    places = extreme_places(high, low)
    marks = VGroup()
    for value in (low, high):
        x = row.x_of(value)
        tick = Line([x, y, 0], [x, y + PEAK_HEIGHT * 0.9, 0], color=theme().text, stroke_width=4)
        side = (
            LEFT if value < 0 else RIGHT
        )  # the label outside the dashed frame and its tick, by the tick's top
        edge = row.x_of(SPREAD * side[0])
        beyond = min(x, edge) if value < 0 else max(x, edge)
        label = c.math(fmt(value, places), role="small")
        label.next_to([beyond, y, 0], side, buff=MARK_LABEL_GAP).align_to(tick, UP)
        marks.add(VGroup(tick, label))
    gap = DoubleArrow(
        marks[0][0].get_center(),
        marks[1][0].get_center(),
        buff=0,
        color=theme().text,
        stroke_width=3,
        tip_length=0.12,
    )
    rel = gap_relation(high, low, places)
    value = c.math(tex_sign(rel), rel.result, role="small")  # typeset as the scores beside it
    word = label_tex(_("gap"), role="small")  # in the text face where TeX cannot set the word
    stand_on(value.next_to(word, RIGHT, buff=0.15), foot(word))
    gap_label = VGroup(word, value).next_to(marks, RIGHT, buff=0.3)
    gap_label.relations = (rel,)  # checked as the formulas' equations are
    gap_label.shift(UP * (digits_foot(marks[1][1]) - digits_foot(value)))  # on the scores' baseline
    return VGroup(marks, gap, gap_label)


def grown_outward(mark: VGroup):
    """A mark's value (`mark` is its tick and its value) enlarged and back, about its edge by the tick: it grows away
    from it (grown about its centre, '3.58' touched its tick: review V6b)."""
    tick, label = mark
    edge = LEFT if label.get_x() > tick.get_x() else RIGHT
    return label.animate(rate_func=there_and_back).scale(PULSE, about_edge=edge)


def foot(label) -> float:
    """The y a label's words stand on: in a formula its highest glyph foot ('gap': the 'g' and 'p' reach below
    it), in the text face as `bars.baseline_of` finds it."""
    return max(g.get_bottom()[1] for g in label[0]) if isinstance(label, MathTex) else baseline_of(label)
