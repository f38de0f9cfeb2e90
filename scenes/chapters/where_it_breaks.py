"""Where it breaks (source 003): without scaling, growing score gaps saturate softmax."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from manim import (
    DL,
    DOWN,
    DR,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    UR,
    AnimationGroup,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    FadeTransform,
    GrowFromEdge,
    LaggedStart,
    Line,
    MathTex,
    ReplacementTransform,
    Restore,
    Succession,
    Text,
    TransformMatchingShapes,
    ValueTracker,
    VGroup,
    VMobject,
    rate_functions,
)

from attention import divisor_for, examples, weights_at_gain
from attention.examples import story
from attention.sweeps import GAIN_RANGE, log10_smallest_weight, log10_top_sensitivity, log_saturation_sweep
from i18n import _
from i18n import numbers as locale_numbers
from i18n.words import said, said_list, said_vector
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    SCI_PLACES,
    SCORE_PLACES,
    WEIGHT_PLACES,
    Tex,
    decimals,
    fmt,
    relation,
    row,
    sci,
    sci_parts,
    vector_tex,
)
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import WeightBars, baseline_of, in_tex, label_tex, staggered_names
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_BUFF, FRAME_REACH, framed, pulsed
from scenes.kit.formula_slot import formula_word
from scenes.kit.palette import DIM, scaled_color, theme
from scenes.kit.plots import TRACK_RADIUS, CurvePlot, TangentPlot
from scenes.kit.stage import STAGE

GAIN_STOPS = (2.0, 4.0, 10.0)  # where the knob pauses on its way up
STOP_READS = ("top", "smallest", "slope")  # what each stop's caption reads: one number a stop
SWEEP_POINTS = 181
SWEEP_SECONDS = 1.5  # the shortest a turn of the knob between stops may take
# at an even pace: an easing's slow end held g at its printed stop ('10.0' from 9.95 on) for 0.7 s while the
# readouts still moved under it (review 9); at this pace that is under a frame (numbers that stepped with the
# printed g instead would jump: pops)
SWEEP_RATE = rate_functions.linear
# the gain's name in formulas: upright, as Refocus's v (CM Sans italic g is CMSSI10, sans, but its binocular shape
# read as a serif italic beside the upright digits, review round 6; verified with pdffonts)
GAIN = r"\mathsf{g}"
W = r"\mathsf{w}"  # the top weight, upright as g is
FORMULA = "w(1 − w)"  # the slope, as the tangent's key writes it
MARK_SECONDS = 1.0  # the least time a stop's mark takes to drop onto the gain axis, and each framing after it
MIN_CLEARANCE = 0.25  # between the smallest weight's line and the plots on its right
DIVISION_GAP = 0.3  # between the scaled dots' division and the baseline or names under it
TIMES_BUFF = 0.12  # between a mantissa and its '× 10', as TeX spaces a binary sign
RAISE = 0.45  # an exponent's foot above the baseline, in digit heights (a superscript, of the line's size)


class WhereItBreaks(ChapterScene):
    """The width-4 example without scaling, then a gain knob that drives softmax toward one-hot."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.compare()
        self.turn_up()
        for stop, mark in zip(GAIN_STOPS, self.stop_marks):
            self.stop_at(stop, mark)
        self.never_one_hot()
        self.not_the_right_source()

    def compare(self) -> None:
        self.beat("The same dots, unscaled")
        scaled, raw = self.scaled_trace, self.raw_trace
        bars, header = self.scaled_bars
        knob = self.knob
        caption = _(
            "Scaled, the dots %(dots)s are divided by √%(width)s first,",
            dots=said_vector(fmt(x, SCORE_PLACES) for x in raw.dots),
            width=scaled.width,
        )
        # the division written out as the caption reads it: the dots, divided by the root, giving the scores
        dots, divided, scores = self.division
        self.show(
            Succession(
                AnimationGroup(
                    FadeIn(self.heading),
                    FadeIn(header),
                    FadeIn(bars.baseline, bars.labels),  # the words first, their bars with the weights
                    *([FadeIn(self.first_legend)] if len(self.first_legend) else []),
                ),
                FadeIn(dots, shift=0.1 * RIGHT),
                FadeIn(divided, shift=0.1 * RIGHT),
                FadeIn(scores, shift=0.1 * RIGHT),
            ),
            run_time=max(3.0, self.caption_time(caption)),
            caption=caption,
        )
        # each set's bars rise, then each value is lit as the caption reads it
        caption = _("giving weights %(weights)s.", weights=said_list(decimals(scaled.weights)))
        self.show(
            Succession(grow(bars, named=True), read_out(bars)),
            run_time=max(3.0, self.caption_time(caption)),
            caption=caption,
        )
        caption = _(
            "Without the division, the same dots give %(weights)s:", weights=said_list(decimals(raw.weights))
        )
        self.play(FadeOut(self.division), run_time=0.5)  # the unscaled bars grow where it stood
        self.show(
            Succession(
                AnimationGroup(FadeIn(knob.plain), grow(knob.bars), FadeIn(knob.min_line)),
                read_out(knob.bars),
            ),
            run_time=max(3.0, self.caption_time(caption)),
            caption=caption,
        )
        top = int(np.argmax(knob.weights()))
        caption = verdict_caption(scaled, raw)
        line_time = max(0.5, self.caption_time(caption) - 1)  # over the caption (a still of 3 s: review V6b)
        self.show(  # the line drawn, then the bar it is read against framed (review C9b: pulsed about its centre,
            # it grew below the axis and over its name, washed white)
            Succession(
                Create(self.level, run_time=line_time),
                framed(VGroup(knob.bars.bars[top], knob.bars.values[top])).set_run_time(1),
            ),
            caption=caption,
        )

    def turn_up(self) -> None:
        """The plots come in; from here until `never_one_hot` the knob, its readouts and the tangent follow the
        gain."""
        self.wait_for_reader()  # the beat ends once its last caption has been read
        self.beat("Turn up the gain")
        # g written into the formula (g times every score) and framed as its caption says so, then the gain line
        # the next reads (review E10: g stood on screen from beat 1, explained only here)
        caption = _("A gain g multiplies every score gap:")
        self.show(
            FadeOut(self.level),
            *self.legend_moves(),
            Succession(
                TransformMatchingShapes(self.knob.plain, self.knob.formula),
                framed(self.knob.formula, buff=TEXT_BUFF),
            ),
            run_time=max(2.0, self.caption_time(caption)),
            caption=caption,
        )
        caption = _("g = %(gain)s leaves them as they are.", gain=said(fmt(GAIN_RANGE[0], 1)))
        self.show(
            Succession(FadeIn(self.knob.gain_line), framed(self.knob.gain_line)),
            run_time=max(2.0, self.caption_time(caption)),
            caption=caption,
        )
        caption = _("On the right: how strongly the top weight still responds to its score.")
        self.show(  # the axes first, then the line on them (review V8b: the line came 0.7 s before its axes)
            Succession(
                FadeIn(self.plot.axes, self.plot.labels, self.sensitivity, self.dot),
                Create(self.plot.curve),
                framed(VGroup(self.plot.labels[1], self.sensitivity), buff=TEXT_BUFF),
            ),
            run_time=self.caption_time(caption),
            caption=caption,
        )
        self.add(self.plot)  # as one group, so focus() can dim it
        # the scaled case: first its dot on the curve, then where it sits on the gain axis, beside g = 1
        mark = self.scaled_mark
        first, then = scaled_gain_caption(self.scaled_trace.width, self.scaled_gain)
        # in turn: a pulse played with the fade copies the dot unfaded-in and leaves it so (invisible, round 8)
        self.show(
            Succession(FadeIn(mark), pulsed(mark[0], scaled_color(), scale_factor=1.8)),
            run_time=1.5,
            caption=first,
        )
        self.show(
            Succession(  # both gains dropped onto the axis; g = 1/√d, then the g = 1 it is left of
                Create(self.scaled_drops),
                framed(mark[1], color=scaled_color()),
                pulsed(self.dot, self.dot.get_color(), scale_factor=1.8),
            ),
            run_time=self.caption_time(then),
            caption=then,
        )
        # the S-curve: first the curve and its axes, then the tangent whose slope the upper plot reads
        curve = self.tangent
        caption = _("That response is the slope of the top weight against its gap,")
        self.show(
            FadeIn(curve.axes, curve.w_axis, curve.axis_labels, curve.title[0]),
            Create(curve.curve),
            run_time=2,
            caption=caption,
        )
        caption = _("the tangent's slope: w(1 − w).")
        self.show(
            Succession(
                FadeIn(curve.tangent, curve.dot, curve.title[1]),
                *[framed(part, buff=TEXT_BUFF) for part in curve.marks()],
            ),
            run_time=self.caption_time(caption),
            caption=caption,
        )
        self.add(curve)  # as one group, so focus() can dim it
        self.follow(self.knob)
        self.follow(self.sensitivity, lambda: self.sensitivity.set_log10(self.knob.log10_sensitivity()))
        self.follow(self.tangent, lambda: self.tangent.set_gain(self.gain.get_value()))
        self.wait(1)

    def legend_moves(self) -> list:
        """As the plots come: a legend in their place moves to the subtitle's (which leaves), or leaves where that
        has no room; one with a place of its own stays."""
        if self.first_legend is self.names_legend:
            return [] if self.legend_stays or not len(self.first_legend) else [FadeOut(self.first_legend)]
        subtitle = self.heading[1]
        aside = [FadeTransform(subtitle, self.subtitle_aside)] if self.subtitle_aside else [FadeOut(subtitle)]
        return [ReplacementTransform(self.first_legend, self.names_legend), *aside]

    def beside_title(self, subtitle: str) -> Text | None:
        """Where the legend takes the subtitle's place: the subtitle in small type beside the title, wrapped
        within the stage, NAME_GAP clear of the legend (issue 29: it left from beat 2); None where the legend
        keeps its own place, or where no such place is clear (it then leaves)."""
        if self.first_legend is self.names_legend:
            return None
        title = self.heading[0]
        aside = fit.wrap_within(
            subtitle, STAGE.right - title.get_right()[0] - ASIDE_GAP, "small", theme().muted
        ).next_to(title, RIGHT, buff=ASIDE_GAP)
        if aside.get_top()[1] > title.get_top()[1]:  # two lines: from the title's top down
            aside.align_to(title, UP)
        return aside if aside.get_bottom()[1] >= self.names_legend.get_top()[1] + NAME_GAP else None

    def stop_at(self, stop: float, mark: DashedLine) -> None:
        """The knob turns up to `stop` (captioned: the chapter's key motion); its mark drops onto the gain axis,
        and the one quantity the caption reads (STOP_READS: the top weight, the smallest weight, the slope) is
        framed on screen as it is said."""
        self.beat(f"At gain {fmt(stop, 1)}")
        # the sweep lasts as long as its caption is spoken (at least SWEEP_SECONDS), so it ends with the words
        caption = _(
            "Turning the gain up from %(start)s to %(stop)s...",
            start=said(fmt(self.gain.get_value(), 1)),
            stop=said(fmt(stop, 1)),
        )
        self.show(
            self.gain.animate.set_value(stop),
            run_time=max(SWEEP_SECONDS, self.caption_time(caption)),
            rate_func=SWEEP_RATE,
            caption=caption,
        )
        sentence, value, parts = self.reading(STOP_READS[GAIN_STOPS.index(stop) % len(STOP_READS)])
        # one caption (alone, 'Gain 4:' flashed by in half a second): the mark drops onto the gain axis,
        # then what the caption reads is framed
        caption = sentence % {"gain": said(fmt(stop, 1)), "value": said(value)}
        self.show(
            Succession(Create(mark), *[framed(part, buff=TEXT_BUFF) for part in parts]),
            run_time=max(MARK_SECONDS * (1 + len(parts)), self.caption_time(caption)),
            caption=caption,
        )

    def reading(self, quantity: str) -> tuple[str, str, list]:
        """A stop's caption reading `quantity` (its %(gain)s and %(value)s to fill), the value as printed, and
        the parts that show it."""
        knob = self.knob
        if quantity == "top":
            top = int(np.argmax(knob.weights()))
            bar = VGroup(knob.bars.bars[top], knob.bars.values[top])
            sentence = _("Gain %(gain)s: the top weight is now %(value)s.")
            return sentence, decimals([knob.weights().max()])[0], [bar]
        if quantity == "smallest":
            sentence = _("Gain %(gain)s: the smallest weight is now %(value)s.")
            return sentence, sci(knob.log10_smallest()), [knob.min_line]
        sentence = _("Gain %(gain)s: the slope w(1 − w) is now %(value)s.")
        return sentence, sci(knob.log10_sensitivity()), [self.sensitivity, *self.tangent.marks()]

    def never_one_hot(self) -> None:
        self.unfollow(self.knob, self.sensitivity, self.dot, self.tangent)  # the knob rests at the last stop
        self.beat("Never exactly one-hot")
        knob = self.knob
        bar_reads = decimals([knob.weights().min()])[0]
        smallest = int(np.argmin(knob.weights()))
        bar = VGroup(knob.bars.bars[smallest], knob.bars.values[smallest])
        line, end = self.smallest
        # each caption moves the focus to what it reads and frames it: the bar (if it reads 0) among the bars;
        # the readout, as its line is drawn down the log plot to the dot where the knob rests (the plot back);
        # that dot over the axis' floor, then the scores it holds for
        steps = [((knob,), framed(bar))] if float(bar_reads) == 0 else []
        steps += [
            (
                (knob, self.plot),
                # the line and its name together, the dot where it ends (review C9b: unnamed for 1 s)
                AnimationGroup(
                    framed(knob.min_readout),
                    Succession(AnimationGroup(Create(line), FadeIn(end[1])), FadeIn(end[0])),
                ),
            ),
            ((knob, self.plot, line, end), Succession(framed(end[1]), framed(knob.formula, buff=TEXT_BUFF))),
        ]
        for caption, (active, shown) in zip(smallest_caption(bar_reads, sci(knob.log10_smallest())), steps):
            self.show(
                *self.refocus(*active), shown, run_time=self.caption_time(caption), caption=caption, hold=0.3
            )
        self.add(self.smallest)  # as one group, so focus() can dim it
        self.focus(self.plot, self.sensitivity, self.tangent, *self.stop_marks)
        captions = slope_caption(
            10 ** knob.log10_sensitivity(), sci(knob.log10_sensitivity()), GAIN_STOPS[-1]
        )
        # two frames, one a caption, each slow enough to fade in and out over many frames (quick ones popped)
        parts = [VGroup(self.plot.labels[1], self.sensitivity), self.tangent.marks()[0]]
        for caption, part in zip(captions, parts):
            self.show(
                framed(part, buff=TEXT_BUFF), run_time=self.caption_time(caption), caption=caption, hold=0.3
            )
        # neither one-hot (the smallest weight's dot) nor a zero gradient (the slope), the tangent dimmed
        caption = _("Finite scores never give exactly one-hot weights or zero gradients.")
        self.show(
            *self.refocus(self.knob, self.plot, self.smallest, self.sensitivity, self.dot, *self.stop_marks),
            FadeIn(self.caveats[0], shift=0.1 * UP),
            Succession(framed(end[1]), framed(VGroup(self.plot.labels[1], self.sensitivity))),
            run_time=max(2.0, self.caption_time(caption)),
            caption=caption,
            hold=0.5,
        )

    def not_the_right_source(self) -> None:
        self.beat("Sharp is not right")
        self.show(
            FadeIn(self.caveats[1], shift=0.1 * UP),
            run_time=1,
            caption=_(
                "And sharp attention need not point at the right source: it follows the largest score, right "
                "or wrong."
            ),
            hold=2,
        )
        self.show(*[Restore(part) for part in self.dimmed], run_time=0.8, hold=1.5)

    def focus(self, *active) -> None:
        self.play(*self.refocus(*active), run_time=0.6)

    def refocus(self, *active) -> list:
        """Dimming what is on screen but not `active`; bringing back what was dimmed and is active now."""
        parts = [self.scaled_bars, self.knob, self.plot, self.scaled_mark, self.scaled_drops, self.dot]
        parts += [self.sensitivity, self.smallest]
        parts = [*parts, self.tangent, *self.stop_marks, *self.caveats]
        parts = [p for p in parts if p in self.mobjects]
        back = [p for p in self.dimmed if p in active]
        fresh = [p for p in parts if p not in active and p not in self.dimmed]
        self.dimmed = [p for p in self.dimmed if p not in active] + fresh
        for part in fresh:
            part.save_state()
        return [*[Restore(p) for p in back], *[p.animate.set_opacity(DIM) for p in fresh]]

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        example = self.inputs()
        self.tokens = example.tokens
        self.scaled_trace, self.raw_trace = example.trace(0), example.trace(0, scaled=False)
        subtitle = _("Larger score gaps can make attention sharply concentrated")
        self.heading = c.chapter_title(_(self.title), subtitle)
        self.gain = ValueTracker(GAIN_RANGE[0])
        self.scaled_gain = 1 / divisor_for(self.scaled_trace.width)  # dividing by √d is this gain
        gains = np.linspace(self.scaled_gain, GAIN_RANGE[1], SWEEP_POINTS)
        self.sweep = log_saturation_sweep(self.raw_trace.scores, gains)
        self.lay_out(0.0)
        self.plots_left = min(self.plot.get_left()[0], self.tangent.get_left()[0])  # at their full size
        self.first_legend = self.legend_of_names()
        self.names_legend = self.first_legend
        lower = self.lowered_for_legend()
        if not self.legend_stays and lower <= MOST_LOWER:
            self.lay_out(lower)
            self.first_legend = self.names_legend = self.legend_of_names()
            if not self.legend_stays:
                self.names_legend = self.legend_for_subtitle()
        self.subtitle_aside = self.beside_title(subtitle)
        self.division = self.placed_division()
        self.dimmed = []  # parts dimmed by focus(), each restorable

    def lay_out(self, lower: float) -> None:
        """The bars, the plots and the lines under them, every top `lower` than the layout's own (the bars and
        plots shorter by as much, their bottoms kept): room over them for the names legend."""
        self.scaled_bars = self.reference_bars(lower)
        self.knob = GainKnob(self.tokens, self.raw_trace.scores, self.gain, lower)
        narrower = squeeze = 0.0
        for _pass in range(PLACE_PASSES):  # a squeeze can move the key out of the panel, and a narrowing too
            self.place_plots(narrower, lower, squeeze)
            # room past the gain axis' end for the smallest weight's name, a word a line (`smallest_end`), and the
            # frame round it (review E10: 4 px past the title-safe edge at 480p)
            named = axis_end(self.plot.axes) + NAME_SHIFT + smallest_name().width + FRAME_REACH
            right = max(self.plot.labels[0].get_right()[0], self.tangent.axis_labels[0].get_right()[0], named)
            beyond = right - STAGE.right  # a longer word for "gain g", "gap" or the name: narrower plots
            # both plots shorter by as much as the S-curve reaches into BAND_ROOM over the caption band (its key
            # under its title where the panel has no room for it, a title on two lines in German)
            below = STAGE.bottom + BAND_ROOM - self.tangent.get_bottom()[1]
            if beyond <= 1e-6 and below <= 1e-6:
                break
            # narrower than the plot now is (its aspect may already have narrowed it by more than `narrower`)
            narrower = max(narrower, PLOT_SIZE[0] - self.plot.axes.x_length) + max(0.0, beyond)
            squeeze += max(0.0, below)
        self.clear_min_line()
        self.dot = self.plot.track(self.gain, lambda g: log10_top_sensitivity(self.raw_trace.scores, g))
        self.stop_marks = [self.stop_mark(g) for g in GAIN_STOPS]
        # the scaled gain's drop in its colour, the unit gain's as a stop's: the two dots are a few pixels apart
        self.scaled_drops = VGroup(
            self.stop_mark(self.scaled_gain).set_color(scaled_color()), self.stop_mark(GAIN_RANGE[0])
        ).set_z_index(-1)  # under the dots, not across them
        # the smallest weight against the gain, on the slope's log axis (`CurvePlot` reach), in its bar's colour
        smallest = int(np.argmin(self.raw_trace.scores))
        color = self.knob.bars.bars[smallest].get_fill_color()
        self.smallest_line = self.plot.series(self.sweep.gains, self.sweep.log10_smallest, color)
        self.smallest = VGroup(self.smallest_line, self.smallest_end(color))
        self.scaled_mark = self.scaled_gain_mark()
        self.caveats = (
            VGroup(c.text(_("never exactly one-hot"), role="label"), c.text(_("sharp ≠ right"), role="label"))
            .arrange(RIGHT, buff=0.8)  # one line: two would reach the caption band under a tall set of bars
            .next_to(self.knob.min_line, DOWN, buff=0.35)
            .set_x(STAGE.body_left, LEFT)
        )
        self.level = level_line(self.scaled_bars[0], self.knob.bars)

    def legend_of_names(self) -> VGroup:
        """The whole names of those the bars cut (`fit.legend`), on screen as long as the cut names are (issue 29;
        review 5 found it gone from beat 2): the first place it fits of beside the title, beside the subtitle
        over the plots, under everything else; where none has room, in the plots' place (as wide as at their full
        size) while the bars are read (`legend_stays` false). Empty when none is cut."""
        title, subtitle = self.heading
        lowest = min(p.get_bottom()[1] for p in (self.scaled_bars, self.knob, self.tangent, self.caveats))
        plots = min(self.plot.get_top()[1], self.sensitivity.get_top()[1]) + FRAME_ROOM
        places = (  # left, top and the lowest it may reach
            (title.get_right()[0] + LEGEND_GAP, title.get_top()[1], subtitle.get_top()[1]),
            (subtitle.get_right()[0] + LEGEND_GAP, subtitle.get_top()[1], plots),
            (STAGE.body_left, lowest - LEGEND_GAP, STAGE.bottom),
        )
        self.legend_stays = True
        for left, top, floor in places:
            legend = fit.legend(self.knob.bars.labels, STAGE.right - left).shift([left, top, 0])
            if not len(legend) or (legend.get_right()[0] <= STAGE.right and legend.get_bottom()[1] >= floor):
                return legend
        self.legend_stays = False
        return fit.legend(self.knob.bars.labels, STAGE.right - self.plots_left).shift(
            [self.plots_left, PLOT_TOP, 0]
        )

    def subtitle_legend(self) -> VGroup:
        """The legend in the subtitle's place: its entries side by side across the stage, its top the subtitle's."""
        legend = fit.legend(self.knob.bars.labels, STAGE.right - STAGE.body_left)
        return legend.shift([STAGE.body_left, self.heading[1].get_top()[1], 0])

    def floor(self) -> float:
        """The lowest a legend over the bars and plots may reach: FRAME_ROOM over the highest of them."""
        return (
            max(p.get_top()[1] for p in (self.scaled_bars, self.knob, self.plot, self.sensitivity))
            + FRAME_ROOM
        )

    def lowered_for_legend(self) -> float:
        """How much lower the bars and plots must stand for the legend to fit in the subtitle's place."""
        return max(0.0, self.floor() - self.subtitle_legend().get_bottom()[1])

    def legend_for_subtitle(self) -> VGroup:
        """Where the legend has no room of its own (five or six long names), in the subtitle's place to the end
        once the plots come (the bars and plots lowered to make room, `lowered_for_legend`; issue 29: it left
        after beat 1), `legend_stays` then true; else the one in the plots' place, which leaves as they come."""
        legend = self.subtitle_legend()
        if legend.get_bottom()[1] < self.floor() - 1e-6:
            return self.first_legend
        self.legend_stays = True
        return legend

    def place_plots(self, narrower: float, lower: float, squeeze: float = 0.0) -> None:
        """The slope plot over the S-curve on the right, `narrower` than their sizes, their axes' left ends where
        those sizes put them, their top `lower` (the plots shorter by as much and by `squeeze`, PLOT_SHARE of it the
        upper one's, and narrower by as much as keeps their aspect: `kept_aspect`); the axes' labels beyond their
        right ends, the S-curve's title wrapped within the stage as at its full size (narrowed from the left, its
        title wrapped to more lines and pushed the plot into the caption band)."""
        size = kept_aspect(PLOT_SIZE, narrower, PLOT_SHARE * (lower + squeeze))
        self.plot = CurvePlot(
            self.sweep.gains,
            self.sweep.log10_top_sensitivity,
            reach=self.sweep.log10_smallest,  # drawn once the knob rests (`smallest_end`)
            size=size,
            x_label=_("gain g"),
            y_label=_("slope w(1 − w):"),
            x_step=2,
            x_start=0,
            room=AXIS_ROOM,
        )
        readable_decades(slope_label(self.plot))
        # "gain g" after the axis' numbers, as "gap" is: the room below goes to the S-curve, the room over it to the
        # smallest weight's name
        after_numbers(self.plot.labels[0], self.plot.axes)
        self.sensitivity = on_baseline(SciNumber(self.knob.log10_sensitivity()), self.plot.labels[1], 1)
        upper = VGroup(self.plot, self.sensitivity)
        top = VGroup(self.plot, self.sensitivity[0]).get_top()[1]  # a raised exponent may stand above it
        upper.shift(
            [PLOT_RIGHT - PLOT_SIZE[0] + size[0] - axis_end(self.plot.axes), PLOT_TOP - lower - top, 0]
        )
        size = kept_aspect(tangent_size(), narrower, (1 - PLOT_SHARE) * (lower + squeeze))
        self.tangent = self.weight_curve(size)
        if not self.tangent.key_inside and self.tangent.key_beside is None:
            # its key has no room in the panel: narrower by as much as the key beside it needs, on three lines
            # or else two (the widest S-curve first), its line under the title left out (the plot taller by it)
            for width in key_widths():
                room = KEY_SIDE_GAP + KEY_SWATCH + width
                beside = self.weight_curve((min(size[0], STAGE.right - TANGENT_LEFT - room), size[1]))
                if beside.key_beside is not None:
                    self.tangent = beside
                    break
        self.tangent.shift(
            [
                TANGENT_LEFT + self.tangent.axes.x_length - axis_end(self.tangent.axes),
                self.plot.get_bottom()[1] - PLOT_GAP - self.tangent.get_top()[1],
                0,
            ]
        )

    def weight_curve(self, size) -> WeightCurve:
        """The S-curve at `size`, its axes from TANGENT_LEFT, its key beside it where the stage has room."""
        return WeightCurve(
            self.raw_trace.scores,
            GAIN_RANGE[0],
            size=size,
            x_span=tangent_span(self.raw_trace.scores),
            title_width=STAGE.right - TANGENT_LEFT,
            side_width=STAGE.right - TANGENT_LEFT - size[0],
        )

    def clear_min_line(self) -> None:
        """The smallest weight's line, centred under its bars, moved left as far as it must (never past the
        body's left edge) to end MIN_CLEARANCE short of the plots at its longest: its number keeps its left end,
        and reads longest at the largest gain (the most exponent digits)."""
        line, readout = self.knob.min_line, self.knob.min_readout
        widest = SciNumber(log10_smallest_weight(self.raw_trace.scores, GAIN_RANGE[1])).width
        right = max(line.get_right()[0], readout.get_left()[0] + widest)
        limit = min(self.plot.get_left()[0], self.tangent.get_left()[0]) - MIN_CLEARANCE
        line.shift(LEFT * min(max(0.0, right - limit), line.get_left()[0] - STAGE.body_left))

    def reference_bars(self, lower: float) -> VGroup:
        """The scaled weights with their formula, for comparison (the bars `lower` than their height)."""
        trace = self.scaled_trace
        bars = bar_set(self.tokens, trace.weights, SCALED_X, lower)
        formula = header_formula(
            rf"\mathrm{{softmax}}({vector_tex(trace.dots, SCORE_PLACES)} / \sqrt{{{trace.width}}})",
            rf"\mathrm{{softmax}}(q \cdot k_i / \sqrt{{{trace.width}}})",
        )
        label = c.text(_("scaled, as before"), role="small", color=theme().muted)
        header = above(bars, VGroup(formula, label).arrange(DOWN, buff=0.2, aligned_edge=LEFT))
        return VGroup(bars, header.set_x(STAGE.body_left, LEFT))  # the first column starts on the body grid

    def placed_division(self) -> MathTex:
        """The scaled dots' division (`division_line`), on one line or else two, where nothing else is yet while
        the first captions read it: where the unscaled bars will grow (half way up their height, from their left
        end), or else under both sets' names from the body's left (where the smallest weight and the caveats come
        later); on the stage and clear of the heading and of a names legend in the plots' place."""
        bars = self.knob.bars
        base = bars.baseline.get_y()
        names = min(self.scaled_bars.get_bottom()[1], bars.get_bottom()[1])
        spots = [
            lambda line: line.move_to(
                [bars.baseline.get_left()[0], base + bars.max_height / 2, 0], LEFT
            ).shift(UP * max(0.0, base + DIVISION_GAP - line.get_bottom()[1])),
            lambda line: line.next_to([STAGE.body_left, names - DIVISION_GAP, 0], DR, buff=0),
        ]
        lines = (place(division_line(self.scaled_trace, split)) for place in spots for split in (False, True))
        return fit.first_that_fits(lines, self.division_fits)

    def division_fits(self, line) -> bool:
        legend, heading = self.first_legend, self.heading
        on_stage = line.get_right()[0] <= STAGE.right and line.get_bottom()[1] >= STAGE.bottom
        return (
            on_stage and fit.apart(line, heading, 0.2) and (not len(legend) or fit.apart(line, legend, 0.2))
        )

    def scaled_gain_mark(self) -> VGroup:
        """A dot on the curve where the scaled scores sit (g = 1/√d), its label in the nearest spot clear of
        the curve, the axes, the stop marks and the text round the plot, tied to the dot by a leader line when
        it had to move away."""
        g = self.scaled_gain
        dot = Dot(self.plot.point(g, log10_top_sensitivity(self.raw_trace.scores, g)), radius=0.08)
        # over the current gain's dot, ringed in the background's colour: at g = 1 the two all but coincide
        dot.set_color(scaled_color()).set_stroke(theme().background, width=2).set_z_index(1)
        word = formula_word(_("scaled:"), "scaled:")
        # its value written as its caption says it (review V8b), left out where that finds no room (corpus-04: the
        # curve along the top of its axis; on a second line it ran into the slope's readout, grown by gain 10)
        value = rf"{relation(g, SCORE_PLACES)} {fmt(g, SCORE_PLACES)}"
        gain = rf"\text{{{word} }} {GAIN} = 1/\sqrt{{{self.scaled_trace.width}}}"
        labels = [c.math(tex, role="small") for tex in (rf"{gain} {value}", gain)]
        boxes = [
            self.plot.axes.x_axis,
            self.plot.axes.y_axis,
            *self.plot.labels,
            self.sensitivity,
            self.tangent,
            self.smallest[1],
        ]
        # within the plot, or up to its title's row and the stage's edge (beside the readout: where the curve runs
        # along the top of the axis and the stop marks leave no room under it, corpus-04's label lay on the curve)
        top_right = np.array([STAGE.right, self.plot.labels[1].get_top()[1], 0])
        area = (self.plot.axes.get_corner(DL), top_right)
        marks = [*self.stop_marks, *self.scaled_drops]
        lines = curve_points(self.plot.curve, self.smallest_line)
        spots = (clear_spot(label, dot.get_center(), lines, [*boxes, *marks], area) for label in labels)
        label = next((spot for spot in spots if spot is not None), None)
        if label is None:
            label = labels[-1].next_to(dot, RIGHT, buff=MARK_GAP)
        # round the current gain's dot at g = 1, where it stands while this one is shown (review J9: behind it)
        at_one = self.plot.point(GAIN_RANGE[0], log10_top_sensitivity(self.raw_trace.scores, GAIN_RANGE[0]))
        return tied(dot, label.set_color(scaled_color()), scaled_color(), avoid=(at_one, TRACK_RADIUS))

    def smallest_end(self, color: str) -> VGroup:
        """The smallest weight's line ends where the knob rests (the last stop) in a dot: nine decades under the
        slope for the default example, yet over the axis' floor (a weight of 0 would lie on it). Its name beside
        it past the axis' end, a word a line (`lay_out` keeps room for it), level with the dot but within the
        plot's height over the gain axis and its numbers: a frame round it keeps clear of them and of the slope's
        dot at that stop (review V6b: a frame round the dot and its name ran through that dot)."""
        gain = GAIN_STOPS[-1]
        dot = Dot(self.plot.point(gain, log10_smallest_weight(self.raw_trace.scores, gain)), radius=END_DOT)
        dot.set_color(color).set_stroke(theme().background, width=2).set_z_index(1)  # over its stop's mark
        label = smallest_name(color)
        label.move_to([axis_end(self.plot.axes) + NAME_SHIFT, dot.get_y(), 0], aligned_edge=LEFT)
        top = self.plot.axes.c2p(gain, self.plot.axes.y_range[1])[1]
        floor = fit.box(self.plot.axes.x_axis)[1][1] + FRAME_CLEAR
        label.shift(UP * (max(floor, min(label.get_bottom()[1], top - label.height)) - label.get_bottom()[1]))
        return VGroup(dot, label)

    def stop_mark(self, gain: float) -> DashedLine:
        """A dashed drop from the curve to the gain axis at a stop of the knob, its first dash DROP_CLEAR under the
        tracking dot that rests there (review J9: drawn from the dot's centre, a dash stood inside it)."""
        top = self.plot.point(gain, log10_top_sensitivity(self.raw_trace.scores, gain))
        # on the axis line, under the lowest decade
        foot = self.plot.axes.c2p(gain, self.plot.axes.y_range[0])
        start = top + DOWN * min(TRACK_RADIUS + DROP_CLEAR, top[1] - foot[1])
        return DashedLine(start, foot, color=theme().muted, stroke_width=2, dash_length=0.08)


# What the captions say, chosen from the numbers (thresholds in attention.examples.story)


def unscaled_verdict(scaled, raw) -> str:
    """Whether dropping the division sharpened the weights, and if not, why not: one of VERDICTS' keys."""
    if story.sharper(raw.weights, scaled.weights):
        return "sharper"
    if story.saturated_weights(scaled.weights):
        return "one-hot"
    if story.equal(raw.weights):
        return "equal"
    return "hardly"


def verdict_caption(scaled, raw) -> str:
    """The caption over the comparison of the two sets (the dashed line at the scaled top weight): it goes on
    from the caption before, which ends in a colon, so it starts in lower case."""
    verdict = unscaled_verdict(scaled, raw)
    if verdict == "sharper":
        return _("already sharper, the top bar above the dashed line at the scaled top weight.")
    if verdict == "one-hot":
        return _("both already one-hot as printed: these gaps are that large.")
    if verdict == "equal":
        return _("equal dots give equal weights, divided or not.")
    divisor = said(fmt(scaled.divisor, SCORE_PLACES))
    return _("hardly sharper, since √%(width)s is only %(divisor)s.", width=scaled.width, divisor=divisor)


def scaled_gain_caption(width: int, gain: float) -> tuple[str, str]:
    """What dividing by √d amounts to on the gain axis (nothing at all for d = 1), in two captions: the dot,
    then where it sits."""
    if width == 1:
        return _("Dividing by √1 changes nothing here:"), _("the scaled scores sit at the unscaled g = 1.")
    shown = f"{relation(gain, SCORE_PLACES, tex=False)} {said(fmt(gain, SCORE_PLACES))}"
    return (
        _("Dividing by √%(width)s was a gain too:", width=width),
        _("g %(value)s, left of g = 1.", value=shown),
    )


def smallest_caption(bar: str, weight: str) -> tuple[str, ...]:
    """The smallest weight, a caption for each thing framed: its bar may read 0.000 (then the first says so),
    the weight never is 0, whatever the (finite) scores."""
    why = _("still positive, as for any finite scores.")
    if float(bar) == 0:
        return (
            _("The smallest bar reads %(bar)s,", bar=said(bar)),
            _("yet the weight is %(weight)s:", weight=said(weight)),
            why,
        )
    return _("The smallest weight is %(weight)s:", weight=said(weight)), why


def slope_caption(slope: float, printed: str, gain: float) -> tuple[str, str]:
    """The slope at the last stop (`gain`), in two captions (the number, then the tangent): 'tiny', its tangent
    'almost flat', only below story.TINY_SLOPE."""
    if story.tiny_slope(slope):
        return _("That slope is tiny, but not zero:"), _("the tangent is almost flat, never level.")
    return (
        _("That slope is still %(slope)s, far from flat:", slope=said(printed)),
        _("these scores do not saturate by gain %(gain)s.", gain=said(fmt(gain, 1))),
    )


def division_line(trace, split: bool = False) -> MathTex:
    """'[4, 0, 2] / √4 = [2, 0, 1]': the trace's dots divided by its root into its scores, in three parts (the
    dots, the division, the result), the result on a line of its own under the dots when `split`."""
    root = rf"\sqrt{{{trace.width}}}"
    rows = [
        row("divide", [fmt(dot, SCORE_PLACES), root], score, SCORE_PLACES)
        for dot, score in zip(trace.dots, trace.scores)
    ]
    sign = "=" if all(rel.sign == "=" for rel in rows) else r"\approx"
    line = c.math(
        vector_tex(trace.dots, SCORE_PLACES),
        rf"/\, {root}",
        Tex(f"{sign} {vector_tex(trace.scores, SCORE_PLACES)}", rows),
    )
    line[1].set_color(scaled_color())  # the division, as the scaled case is drawn
    if split:
        line[2].next_to(line[0], DOWN, buff=0.2, aligned_edge=LEFT)
    return line


class SciNumber(VGroup):
    """A weight-like number as `arithmetic.sci_parts` prints it, typeset as every number is, at one size
    (`role`): '0.xyz' as the bars print it, or below 0.001 'm × 10' with its exponent '−e' raised beside
    it. Its label ('smallest weight', 'slope w(1 − w):') is typeset too (`label_tex`), so the line is one face
    (review round 8; round 5 had a LaTeX number in a line of words). The exponent is as large as the rest,
    raised (a smaller one would be below the smallest size), as `power_label` sets the plot's decades.

    The decimals, the mantissa and the exponent are live numbers (glyphs typeset once, as the bars' values):
    a sweep prints hundreds of values, and a formula per value was a LaTeX run each. `set_log10` takes the
    number's base-10 logarithm (numbers far below float64's range print too) and changes the digits in place:
    the left end and the baseline where they were, the opacity the old ones had (a dimmed readout stays dimmed).
    """

    def __init__(self, log10_value: float, role: str = "small", color: str | None = None):
        super().__init__()
        self.role = role
        shade = color or theme().text
        self.decimal = c.number(0, WEIGHT_PLACES, role, shade)
        self.mantissa = c.number(0, SCI_PLACES, role, shade)
        self.times = c.math(r"{}\times 10", role=role, color=shade)  # × as a sign between
        self.power = c.number(0, 0, role, shade)
        self.printed: tuple[str, int | None] | None = None
        self.set_log10(log10_value)

    def set_log10(self, log10_value: float) -> SciNumber:
        printed = sci_parts(float(log10_value))
        if printed == self.printed:
            return self
        number, exponent = printed
        if self.printed is not None:  # where the old digits stood, as dimmed as they were
            was = (
                self.get_left()[0],
                self.baseline(),
                self.family_members_with_points()[0].get_fill_opacity(),
            )
            if (exponent is None) != (self.printed[1] is None):
                self._change_form()
        if exponent is None:
            self.decimal.set_value(float(number))
        else:
            self.mantissa.set_value(float(number))
            self.power.set_value(exponent)
        parts = [self.decimal] if exponent is None else self._sci_line()
        if self.printed is not None:
            VGroup(*parts).shift([was[0] - parts[0].get_left()[0], was[1] - point_bottom(parts[0]), 0])
            VGroup(*parts).set_opacity(was[2])
        self.submobjects = parts
        self.printed = printed
        return self

    def _sci_line(self) -> list:
        """'m × 10' on one baseline with the exponent raised after it."""
        self.times.next_to(self.mantissa, RIGHT, buff=TIMES_BUFF)
        self.times.shift(
            UP * (point_bottom(self.mantissa) - self.times[0][1].get_bottom()[1])
        )  # the flat '1'
        self.power.next_to(self.times, RIGHT, buff=0.04).align_to(self.times, DOWN)
        self.power.shift(UP * self.times.height * RAISE)
        return [self.mantissa, self.times, self.power]

    def _change_form(self) -> None:
        """New parts for the other form ('0.xyz' or 'm × 10^e'): a play draws the family it began with (cairo),
        so the parts it began with are emptied, as DecimalNumber.set_value empties its old digits."""
        old = self.get_family()
        self.decimal, self.mantissa, self.times, self.power = (
            p.copy() for p in (self.decimal, self.mantissa, self.times, self.power)
        )
        for part in old[1:]:
            part.points[:] = 0

    @property
    def tex_string(self) -> str:
        """The number as one formula would print it, as the language writes it (what the layout tests read):
        '0.xyz' or 'm \\times 10^{e}', German '0{,}xyz'."""
        number, exponent = self.printed
        return locale_numbers.tex(number if exponent is None else rf"{number} \times 10^{{{exponent}}}")

    def shown(self) -> tuple[str, int | None]:
        """The number as printed: ('0.xyz', None), or the mantissa and exponent ('m.mm', e)."""
        return self.printed

    def baseline(self) -> float:
        """The y of the line the digits stand on."""
        return point_bottom(self.submobjects[0])


def point_bottom(number) -> float:
    """The bottom of a printed number's decimal point (its second glyph, in '0.xyz' as in 'm.mm'): a flat foot
    on the baseline, where round digits dip below it."""
    return number[1].get_bottom()[1]


def on_baseline(readout: SciNumber, label, flat: int) -> SciNumber:
    """`readout` just right of `label`, on its baseline: a formula's glyph `flat` (one with no descender) stands
    on it; words in the text face (Chinese, which LaTeX cannot set here) stand on it as most of their glyphs do."""
    readout.next_to(label, RIGHT, buff=0.2)  # room for a frame round the number
    return readout.shift(UP * (baseline_of(label, flat) - readout.baseline()))


def slope_label(plot: CurvePlot) -> CurvePlot:
    """The plot's 'slope w(1 − w):' typeset, where its words stood (in the text face where LaTeX cannot set the
    language): the readout after it is (`SciNumber`)."""
    if not in_tex(_("slope")):
        return plot
    words = plot.labels[1]
    shown = c.math(rf"\text{{{_('slope')} }}{W}(1 - {W})\text{{:}}", role="small", color=theme().muted)
    plot.labels.submobjects[1] = shown.move_to(words, aligned_edge=LEFT).align_to(words, DOWN)
    return plot


# Layout: two sets of bars side by side on the left, two plots on the right

BAR_HEIGHT = 2.4
SET_WIDTH = 3.15  # room for one set of bars: three values side by side, each on its bar, NUMBER_ROOM apart
MOST_SPACING = (
    1.05  # between bars: three values side by side a word space apart ('0.000 0.000' 8 px apart read
)
# as one number, review V4)
HEADER_WIDTH = 3.45  # widest a formula over a set may be (the two sets' formulas then just clear each other)
NAME_WIDTH = (
    1.2  # widest a name under a bar may be (the outer ones reach towards the other set: two this wide
)
# on one row, facing, keep NAME_GAP apart for 3 to 6 names; "money" whole), unless that would cut it
# shorter than fit.LEAST_LETTERS
NAME_ROWS = 3  # the most staggered rows of names under a set
HEADER_GAP = 0.45  # between the tallest possible bar and the formula above it (room for its value)
NUMBER_ROOM = 0.12  # the least room between two values side by side: a word space (at 0.25 three bars' values
# stepped over each other, "0.000" floating over an empty bar, review 5)
LEADER_BUFF = 0.05  # between a stepped value's leader and its bar's top, and its value
LEADER_WIDTH = 2
LEGEND_GAP = 0.3  # between the names legend and what stands above it or left of it
ASIDE_GAP = 0.2  # between the title and the subtitle beside it (a word space at the title's size)
FRAME_ROOM = 0.2  # over the upper plot: room for a frame round its label
VALUE_GAP = 0.12  # between a bar's top and its value
NAME_GAP = 0.1  # ... and between two names
LEVEL_ROOM = 0.15  # the least room between the dashed level line and a value (it breaks round one nearer)
STAGGER = (
    0.38  # a value's step above a crowded neighbour's (the drop of a lowered row of names): a number's height
)
SCALED_X, LIVE_X = -5.15, -1.4
BASELINE_Y = -1.25
PLOT_RIGHT = (
    STAGE.right - 1.35
)  # where both plots' axis lines end (their labels "gain g" and "gap" go beyond)
PLOT_TOP = 2.4  # the top of the upper plot's label, an emphasis frame below the subtitle
# the upper plot's size: 1.7 tall read small (review V6b); wider, its label would run into the widest header
PLOT_SIZE = (4.4, 1.95)
# of the plots' lowering (room for the names legend), the upper plot's (the taller); the rest the S-curve's
PLOT_SHARE = 0.6
MOST_LOWER = 1.0  # the most the bars and plots are lowered for the legend (else it leaves as the plots come)
PLOT_GAP = 0.15  # between the upper plot's gain label and the lower plot's title
TANGENT_LEFT, TANGENT_HEIGHT = PLOT_RIGHT - PLOT_SIZE[0], 1.6  # where the S-curve's axes start, their height
TANGENT_REACH = 0.45  # the tangent's length along the score axis, as a fraction of the axis
WRAP_SLACK = 0.05  # a line's width as wrapped over its words' own (their measures differ by a hair)
END_DOT = 0.08  # the radius of the smallest weight's dot where the knob rests
FRAME_CLEAR = FRAME_BUFF + 0.05  # the least room between a framed label and what is round it
TEXT_BUFF = (
    0.12  # round a line of text framed: 5 px clear of its ink at 480p (review V8b: FRAME_BUFF's 3 px touched)
)
FORMULA_GAP = 0.23  # between the live formula and the gain under it: its frame 4 px over the gain
NAME_SHIFT = (
    TRACK_RADIUS + FRAME_CLEAR
)  # from the gain axis' end (the slope's dot on it) to the smallest weight's name
AXIS_NAME_GAP = 0.2  # between an x axis' last number and its name
PLACE_PASSES = 4  # the most times the plots are placed, each narrower or shorter by what the last overran
BAND_ROOM = 0.1  # the least room between the S-curve's numbers and the caption band
TITLE_BUFF = 0.12  # between the S-curve's title and the key under it, where the key has no room in the panel
KEY_LIFT = 0.36  # the tangent's key in the panel: its bottom over the gap axis, its frame 5 px over the ticks
KEY_SHARE = 0.65  # the key's words wrapped in the panel to this share of their width: two lines
SWATCH_DROP = 0.12  # the key's swatch under the top of its words: by the middle of their first line
KEY_SIDE_GAP = 0.3  # between the gap axis' end and the tangent's key beside the panel
KEY_SWATCH = 0.47  # the key's swatch and its gap to the words
KEY_CHECKS = 40  # the gains at which the key in the panel is checked clear of the tangent
LABEL_OVERHANG = 0.25  # how far a tick label may pass the gap axis' end: 3 digits fit, 4 push "gap" out
MARK_GAP = 0.45  # between the scaled case's dot and its label
LABEL_MARGIN = 0.1  # the least room between the scaled case's label and the curve, axes or marks
SPOT_STEP = 0.05  # the grid a label's free spot is looked for on
SPOTS_AT_ONCE = 256  # spots tried together (`clear_spot`)
LEADER_TRIM = 0.08  # a leader line stops this short of its label
LEADER_CLEAR = 0.08  # the least room between the scaled case's leader and g = 1's dot: 4 px at 480p
# from the slope plot's axis lines to any point of its lines: 6 px at 480p past the largest dot on them (corpus-12's
# scaled dot stood 2.8 px from the log axis, the smallest weight's dot lay on the gain axis)
AXIS_ROOM = TRACK_RADIUS + 0.13
DROP_CLEAR = 0.04  # between the tracking dot resting on a stop and its drop's first dash
DECADE_BUFF = (
    0.38  # from the log axis to its labels: a raised exponent clear of the ticks (round 8: touching)
)
DECADE_GAP = 0.1  # the least room between two decade labels of the log axis
RISE_ODDS = 19  # the gap axis starts where the top weight is 1/(1 + RISE_ODDS) or lower
CURVE_POINTS = 241


@dataclass(frozen=True)
class SetPlan:
    """How a set of bars fits in SET_WIDTH, decided once from its number of tokens. Crowded bars (values
    wider than their spacing, with a readable gap) have their values stepped up over crowded neighbours
    (`stagger`); names too wide for one column are set on staggered rows, the fewest on which each is whole up
    to NAME_WIDTH and none is cut below `fit.LEAST_LETTERS` letters. So every name and number keeps its size."""

    spacing: float
    crowded: bool
    rows: int  # of names, staggered: one would not fit its own column
    wanted: float  # the room a name wants: whole up to NAME_WIDTH, and fit.LEAST_LETTERS letters at the least

    @classmethod
    def of(cls, tokens) -> SetPlan:
        spacing = min(MOST_SPACING, SET_WIDTH / len(tokens))
        widths = [c.text(token, role="label").width for token in tokens]
        least = [fit.least_width(t) for t, w in zip(tokens, widths) if w > NAME_WIDTH]  # cut, how far
        wanted = min(max(widths), max([NAME_WIDTH, *least]))
        rows = fit.first_that_fits(range(1, NAME_ROWS + 1), lambda r: r * spacing - NAME_GAP >= wanted)
        return cls(spacing, spacing < c.number(0).width + NUMBER_ROOM, rows, wanted)

    @property
    def levels(self) -> int:
        """How many values side by side can crowd each other: the steps a value may need."""
        return math.ceil((c.number(0).width + NUMBER_ROOM) / self.spacing) if self.crowded else 1

    @property
    def lift(self) -> float:
        """The room kept over the tallest bar for stepped values."""
        return STAGGER * (self.levels - 1)

    @property
    def name_room(self) -> float:
        return min(self.wanted, self.rows * self.spacing - NAME_GAP)

    @property
    def rise(self) -> float:
        """How far a third row of names raises the baseline (the bars shorter by as much, their header where it
        was): the smallest weight and the caveats under the names stay clear of the caption band."""
        return STAGGER * max(0, self.rows - 2)


def bar_set(tokens, weights, x: float, lower: float = 0.0) -> WeightBars:
    """Weight bars narrow enough for two sets side by side, their baseline centred at x, BASELINE_Y (raised by
    `rise`), laid out as `SetPlan` says (kept as the bars' `plan`), `lower` than BAR_HEIGHT."""
    plan = SetPlan.of(tokens)
    bars = WeightBars(
        tokens,
        weights,
        height=BAR_HEIGHT - plan.lift - plan.rise - lower,
        bar_width=0.58 * plan.spacing,
        spacing=plan.spacing,
        show_total=False,
    )
    bars.plan = plan
    names = fit.distinct_names(tokens, plan.name_room)  # cut, no two alike (their legend: `names_legend`)
    staggered_names(bars, names, plan.rows, STAGGER)
    bars.leaders = VGroup(
        *[Line(ORIGIN, UP, color=bar.get_fill_color(), stroke_width=LEADER_WIDTH) for bar in bars.bars]
    )
    bars.add(bars.leaders)
    return stagger(bars.shift([x, BASELINE_Y + plan.rise, 0]).set_weights(weights))


def stagger(bars: WeightBars) -> WeightBars:
    """Each value on its own bar, lowest first, stepped up just enough to clear the values already placed
    that it would crowd (a readable gap apart). Lowest by weight, not by bar: bars below the shortest drawn
    (MIN_BAR) are equally tall, and softmax(g * s) keeps its order as g changes, so a sweep moves the values
    smoothly."""
    if not bars.plan.crowded:
        return lead(bars)
    placed = []
    for k in sorted(range(len(bars.values)), key=lambda k: (bars.values[k].get_value(), k)):
        number = bars.values[k]
        near = [
            j for j in placed if abs(number.get_x() - bars.values[j].get_x()) < number.width + NUMBER_ROOM
        ]
        bottom = bars.bars[k].get_top()[1] + VALUE_GAP
        for j in sorted(near, key=lambda j: bars.values[j].get_bottom()[1]):
            if abs(bottom - bars.values[j].get_bottom()[1]) < STAGGER:
                bottom = bars.values[j].get_bottom()[1] + STAGGER
        number.shift(UP * (bottom - number.get_bottom()[1]))
        placed.append(k)
    return lead(bars)


def lead(bars: WeightBars) -> WeightBars:
    """A thin line in its bar's colour from each stepped value down to its bar's top (the baseline for an empty
    bar): a value stepped over its neighbour's reads with its own bar (review 5: '0.000' floated over an empty
    bar). A value on its bar has none (a line too short to draw)."""
    for bar, value, leader in zip(bars.bars, bars.values, bars.leaders):
        start = bar.get_top() + UP * LEADER_BUFF
        end = [bar.get_x(), value.get_bottom()[1] - LEADER_BUFF, 0]
        if value.get_bottom()[1] - bar.get_top()[1] <= VALUE_GAP + 1e-6:
            end = start + UP * 1e-4  # on its bar: nothing to draw
        leader.set_points_as_corners([start, end])
    return bars


def grow(bars: WeightBars, named: bool = False) -> AnimationGroup:
    """The bars rising from their baseline, their values fading in, and their baseline and names unless they
    are already `named`."""
    return AnimationGroup(
        *([] if named else [FadeIn(bars.baseline, bars.labels)]),
        *[GrowFromEdge(bar, DOWN) for bar in bars.bars],
        FadeIn(VGroup(bars.values, bars.leaders), shift=0.15 * UP),
    )


def read_out(bars: WeightBars) -> LaggedStart:
    """Each value over the bars lit in turn, as a caption reads them."""
    return LaggedStart(*[pulsed(value) for value in bars.values], lag_ratio=0.85)


def level_line(reference: WeightBars, live: WeightBars) -> VGroup:
    """A dashed line at the height of the reference set's top bar, drawn across both sets: the live set's top
    bar stands above it when sharper. It breaks LEVEL_ROOM either side of any value it would pass through or
    touch (the top bar's own stands just over it: review 7 saw the line touch '0.572')."""
    top = reference.bars[int(np.argmax([bar.height for bar in reference.bars]))].get_top()[1]
    near = [
        v for v in [*reference.values, *live.values] if v.get_bottom()[1] - LEVEL_ROOM < top < v.get_top()[1]
    ]
    gaps = sorted((v.get_left()[0] - LEVEL_ROOM, v.get_right()[0] + LEVEL_ROOM) for v in near)
    start, pieces = reference.baseline.get_left()[0], []
    for left, right in [*gaps, (live.baseline.get_right()[0], math.inf)]:
        if left > start:
            pieces.append((start, left))
        start = max(start, right)
    return VGroup(
        *[
            DashedLine([a, top, 0], [b, top, 0], color=theme().muted, stroke_width=2, dash_length=0.1)
            for a, b in pieces
        ]
    )


def header_formula(numeric: str, symbolic: str):
    """The formula over a set of bars: with the scores written out if that fits the set, else in symbols."""
    formulas = (c.math(tex, role="small") for tex in (numeric, symbolic))
    return fit.first_that_fits(formulas, lambda formula: formula.width <= HEADER_WIDTH)


def above(bars: WeightBars, header: VGroup) -> VGroup:
    """Place `header` (a formula, then a line under it) over `bars`, clear of the tallest bar they can grow to
    and of its value (raised a row if crowded)."""
    gap = bars.max_height + HEADER_GAP + bars.plan.lift
    return header.next_to(bars.baseline, UP, buff=gap).set_x(bars.baseline.get_x())


class GainKnob(VGroup):
    """Bars for softmax(g * scores), the gain g and the smallest weight, all kept in step with a tracker."""

    def __init__(self, tokens, scores, gain: ValueTracker, lower: float = 0.0):
        super().__init__()
        self.scores, self.gain = np.asarray(scores, dtype=float), gain
        self.bars = bar_set(tokens, weights_at_gain(self.scores, gain.get_value()), LIVE_X, lower)
        self.formula, self.plain = knob_formulas(self.scores)
        self.gain_number = c.number(gain.get_value(), 1)
        self.gain_line = gain_line(self.gain_number)
        above(self.bars, VGroup(self.formula, self.gain_line).arrange(DOWN, buff=FORMULA_GAP))
        self.plain.move_to(self.formula, aligned_edge=LEFT)
        self.min_label = label_tex(_("smallest weight"), role="small", color=theme().muted)
        self.min_readout = on_baseline(SciNumber(float("-inf")), self.min_label, 3)  # the first 'l'
        self.min_line = VGroup(self.min_label, self.min_readout)
        self.min_line.next_to(self.bars.labels, DOWN, buff=0.3).set_x(LIVE_X)
        self.add(self.bars, self.formula, self.gain_line, self.min_line)
        self.refresh()

    def weights(self) -> np.ndarray:
        return weights_at_gain(self.scores, self.gain.get_value())

    def log10_smallest(self) -> float:
        return log10_smallest_weight(self.scores, self.gain.get_value())

    def log10_sensitivity(self) -> float:
        """log10 of w(1 - w) for the top weight at the current gain."""
        return log10_top_sensitivity(self.scores, self.gain.get_value())

    def refresh(self) -> GainKnob:
        stagger(self.bars.set_weights(self.weights()))
        self.gain_number.set_value(self.gain.get_value())
        self.min_readout.set_log10(self.log10_smallest())
        return self


def knob_formulas(scores) -> tuple:
    """The unscaled set's formula, softmax of g times the scores (written out where that fits the set, else in
    symbols), and the same in the same form without g: shown until g is explained."""
    dots = vector_tex(scores, SCORE_PLACES)
    forms = ((rf"{GAIN} \cdot {dots}", dots), (rf"{GAIN} \cdot q \cdot k_i", r"q \cdot k_i"))
    pairs = ([c.math(rf"\mathrm{{softmax}}({tex})", role="small") for tex in form] for form in forms)
    return tuple(fit.first_that_fits(pairs, lambda pair: pair[0].width <= HEADER_WIDTH))


def gain_line(number) -> VGroup:
    """'g = 10.0': the gain's name and sign, then its live `number` where a formula would set it against the
    sign (centred beside them, the number sat lower than the sign by g's descender, review round 6)."""
    name = c.math(GAIN, "=")
    typeset = c.math(GAIN, "=", "0")
    rise = typeset[2].get_bottom()[1] - typeset[1].get_bottom()[1]  # a digit's baseline against the sign
    number.next_to(name, RIGHT, buff=0.15)
    number.shift(UP * (name[1].get_bottom()[1] + rise - number.get_bottom()[1]))
    return VGroup(name, number)


def axis_end(axes) -> float:
    """The scene x where `axes`' x axis line ends on the right (its tick labels may reach further)."""
    return float(axes.c2p(axes.x_range[1], axes.y_range[0])[0])


def after_numbers(name, axes):
    """`name`, an x axis' name, after the axis' end and its last number, on that number's baseline (at the
    axis line's end, "10" and "gain g" stood 4 px apart: review V6b)."""
    last = axes.x_axis.labels[-1]
    name.next_to([max(axis_end(axes), last.get_right()[0]), 0, 0], RIGHT, buff=AXIS_NAME_GAP)
    return name.shift(UP * (last.get_bottom()[1] - baseline_of(name)))


def curve_points(*graphs) -> np.ndarray:
    """Points along the drawn line `graphs` (`CurvePlot.series`), close enough that a label clear of them is clear
    of the lines."""
    return np.concatenate([line_points(graph) for graph in graphs])


def line_points(graph) -> np.ndarray:
    anchors = graph["line_graph"].get_anchors()
    steps = [np.linspace(a, b, 6) for a, b in zip(anchors[:-1], anchors[1:])]
    return np.concatenate(steps) if steps else anchors


def clear_spot(label, point, points: np.ndarray, others, within, margin: float = LABEL_MARGIN):
    """Put `label` at the spot nearest `point`, inside `within` (two corners, DL and UR), that keeps `margin`
    from every one of `points` and every box of `others`; None where there is none."""
    (x0, y0), (x1, y1) = within[0][:2], within[1][:2]
    half = np.array([label.width, label.height]) / 2
    spots = [
        np.array([x, y, 0])
        for x in np.arange(x0 + half[0], x1 - half[0], SPOT_STEP)
        for y in np.arange(y0 + half[1], y1 - half[1], SPOT_STEP)
    ]
    boxes = [fit.box(other) for other in others]
    own, here = fit.box(label), label.get_center()
    spots = sorted(spots, key=lambda spot: np.linalg.norm(spot - point))
    # tried as boxes, SPOTS_AT_ONCE at a time (moving the label to each spot, then trying each alone, was half of
    # the chapter's build: issue 27)
    for first in range(0, len(spots), SPOTS_AT_ONCE):
        tried = np.array(spots[first : first + SPOTS_AT_ONCE])
        clear = np.flatnonzero(fit.clear_of(own + (tried - here)[:, None, :2], points, boxes, margin))
        if len(clear):
            return label.move_to(tried[clear[0]])
    return None


def is_clear(label, points: np.ndarray, boxes, margin: float) -> bool:
    """Whether `label` keeps `margin` from every one of `points` and every one of `boxes` (`fit.box`)."""
    return bool(fit.clear_of(fit.box(label), points, boxes, margin)[0])


def smallest_name(color: str | None = None):
    """'smallest weight' a word a line (as wrapped to its widest word: wrapped to nothing, 'kleinstes' broke)."""
    words = _("smallest weight")
    widest = max(c.text(word, role="small").width for word in words.split())
    return fit.wrap_within(words, widest + WRAP_SLACK, role="small", color=color)


def tied(dot: Dot, label, color: str, avoid: tuple[np.ndarray, float] | None = None) -> VGroup:
    """`dot` and its `label`, joined by a leader line in `color` where the label had to move away from it, clear of
    the dot `avoid` (centre, radius) so that it reads as `dot`'s: straight, or where that runs within LEADER_CLEAR of
    it, up or down from `dot`'s side away from it and across into the label's near side. Where `dot` lies inside
    the other (the same gain), the label names both: its leader starts at the pair's edge."""
    if label_distance(label, dot) <= MARK_GAP + 0.05:
        return VGroup(dot, label)
    centre = dot.get_center()
    end = label.get_corner(nearest_corner(label, centre))
    toward = (end - centre) / np.linalg.norm(end - centre)
    reach = dot.radius
    if avoid is not None and np.linalg.norm(avoid[0] - centre) <= avoid[1] - dot.radius:
        # the other is round it: out of both, where the ray leaves it
        along = np.dot(avoid[0] - centre, toward)
        reach = along + np.sqrt(max(0.0, along**2 - np.sum((avoid[0] - centre) ** 2) + avoid[1] ** 2))
        avoid = None
    leader = Line(centre + toward * reach, end - toward * LEADER_TRIM, stroke_width=2)
    if avoid is not None and leader_room(leader, *avoid) < LEADER_CLEAR:
        leader = elbow(dot, label, *avoid)
    return VGroup(dot, label, leader.set_color(color))


def elbow(dot: Dot, label, centre: np.ndarray, radius: float) -> VMobject:
    """A leader from `dot` straight up (or down) and across into `label`'s side facing it, at its middle or as near
    it as keeps LEADER_CLEAR over (or under) the dot at `centre` of `radius`; the upright LEADER_CLEAR beside that
    dot too, on `dot`'s side away from it, as far as `dot`'s edge (two overlapping dots: it rose from between them
    and read as the other's)."""
    side = LEFT if label.get_x() > dot.get_x() else RIGHT
    way = 1 if label.get_y() > dot.get_y() else -1
    clear = centre[1] + way * (radius + LEADER_CLEAR + STROKE_UNIT)  # a stroke of 2: half of it
    level = max(way * label.get_y(), way * clear) * way
    level = min(max(level, label.get_bottom()[1]), label.get_top()[1])
    away = 1 if dot.get_x() >= centre[0] else -1
    x = away * max(away * dot.get_x(), away * centre[0] + radius + LEADER_CLEAR + STROKE_UNIT)
    x = float(np.clip(x, dot.get_x() - dot.radius, dot.get_x() + dot.radius))
    rise = np.sqrt(max(0.0, dot.radius**2 - (x - dot.get_x()) ** 2))  # where the upright leaves the dot
    end = np.array([label.get_corner(side)[0] + side[0] * LEADER_TRIM, level, 0])
    start = np.array([x, dot.get_y() + way * rise, 0])
    return VMobject(stroke_width=2).set_points_as_corners([start, [x, level, 0], end])


def leader_room(leader, centre: np.ndarray, radius: float) -> float:
    """The room between a leader's stroke (straight pieces) and a dot at `centre` of `radius`."""
    corners = leader.get_anchors()
    gaps = []
    for a, b in zip(corners[:-1], corners[1:]):
        along = np.clip(np.dot(centre - a, b - a) / max(np.dot(b - a, b - a), 1e-12), 0, 1)
        gaps.append(np.linalg.norm(centre - (a + along * (b - a))))
    return min(gaps) - radius - leader.get_stroke_width() * STROKE_UNIT / 2


def nearest_corner(label, point) -> np.ndarray:
    """The corner (or edge midpoint) of `label` nearest `point`: where a leader line to it ends."""
    ends = [DL, DOWN, DR, RIGHT, UR, UP, UL, LEFT]
    return min(ends, key=lambda end: np.linalg.norm(label.get_corner(end) - point))


def label_distance(label, dot) -> float:
    return float(np.linalg.norm(label.get_corner(nearest_corner(label, dot.get_center())) - dot.get_center()))


def power_label(k: int) -> VGroup:
    """'10' with the exponent k raised beside it, both at the smallest size (a superscript would be below it)."""
    base = c.math("10", role="small", color=theme().muted)
    exponent = c.math(str(k), role="small", color=theme().muted)
    return VGroup(base, exponent.next_to(base, RIGHT, buff=0.04).shift(UP * base.height * 0.55))


def readable_decades(plot: CurvePlot) -> CurvePlot:
    """Relabel the plot's log axis: every second decade tick from the top (or fewer, DECADE_GAP apart at least: a
    plot lowered for the names legend ran '10⁻²⁰' into '10⁰'), each label at the smallest size."""
    axis = plot.axes.y_axis
    axis.remove(axis.labels)
    lo, hi, step = plot.decades
    pitch = abs(axis.n2p(1)[1] - axis.n2p(0)[1])  # a decade's height
    every = 2 * step
    while every < hi - lo and every * pitch < power_label(hi).height + DECADE_GAP:
        every += step
    labels = VGroup(
        *[power_label(k).next_to(axis.n2p(k - lo), LEFT, buff=DECADE_BUFF) for k in range(hi, lo - 1, -every)]
    )
    axis.labels = labels
    axis.add(labels)
    # the ticks outward, clear of the curve's dots by the axis' top (review J9: 5 px from one at 1080p)
    for tick in axis.ticks:
        tick.stretch(0.5, 0, about_edge=LEFT)
    plot.labels[1].align_to(plot.axes, LEFT)
    return plot


def kept_aspect(size, narrower: float, shorter: float) -> tuple[float, float]:
    """A plot's `size` (width, height) `narrower` and `shorter`, and narrower still where that keeps it no wider
    for its height than `size` is (issue 29: lowered for the names legend, the plots stood squat)."""
    height = size[1] - shorter
    return min(size[0] - narrower, size[0] * height / size[1]), height


def tangent_size() -> tuple[float, float]:
    """The S-curve's full size: TANGENT_HEIGHT tall, its axis running right to where its "gap" label (past a
    tick label's overhang) just stays on the stage, past PLOT_RIGHT (the upper plot's labels there need more
    room): wider by a fifth (review V4: about 190 x 75 px at 480p)."""
    room = c.text(_("gap"), role="small").width + AXIS_NAME_GAP + LABEL_OVERHANG
    return STAGE.right - room - TANGENT_LEFT, TANGENT_HEIGHT


def runner_up(scores) -> float:
    """The second largest score (the top one itself when there is only one)."""
    ordered = np.sort(np.asarray(scores, dtype=float))
    return float(ordered[-2] if ordered.size > 1 else ordered[-1])


def tangent_span(scores) -> tuple[float, float]:
    """The gap axis: from where the top weight is still low (its rise in full) to the gap at the largest
    gain, so the curve's rise takes as much of the panel as the sweep leaves it."""
    scores = np.asarray(scores, dtype=float)
    rise = math.log(RISE_ODDS) + math.log(max(scores.size - 1, 1))  # w = 1/(1 + RISE_ODDS) at -rise, or less
    reach = GAIN_RANGE[1] * (float(np.max(scores)) - runner_up(scores))
    return -rise, max(rise, reach)


def tangent_ends(s: float, w: float, slope: float, lo: float, hi: float) -> tuple[float, float]:
    """Gaps where the tangent at (s, w) starts and ends: TANGENT_REACH of the axis long, slid inside
    [lo, hi] at an end, and cut where it would leave weights 0..1."""
    reach = TANGENT_REACH * (hi - lo)
    start = min(max(lo, s - reach / 2), hi - reach)
    end = start + reach
    if slope > 0:
        start, end = max(start, s - w / slope), min(end, s + (1 - w) / slope)
    return start, end


def key_widths() -> tuple[float, float]:
    """The widths the tangent's key may be wrapped to beside the S-curve: its widest word (the formula w(1 − w)
    kept whole: wrapped narrower it broke as 'w(1' and '− w)'), then KEY_SHARE of its whole width."""
    words, formula = _("tangent: slope w(1 − w)"), FORMULA
    parts = [*words.replace(formula, " ").split(), *([formula] if formula in words else [])]
    whole = c.text(words, role="small").width
    return max(c.text(part, role="small").width for part in parts) + WRAP_SLACK, KEY_SHARE * whole


def tangent_key(width: float) -> VGroup:
    """The tangent's key: a swatch of its line, then its words wrapped within `width` (or narrower, where that
    broke its formula w(1 − w) as 'slope w(1' over '− w)'), the swatch by their first line."""
    text = _("tangent: slope w(1 − w)")
    for narrower in np.arange(width, 0, -SPOT_STEP):  # the formula's 8 characters stand whole at the fewest
        words = fit.wrap_within(text, narrower, role="small", color=theme().muted)
        if FORMULA not in text or any(FORMULA in line for line in words.original_text.split("\n")):
            break
    swatch = Line(ORIGIN, RIGHT * 0.35, color=theme().text, stroke_width=6)
    return VGroup(swatch.next_to(words, LEFT, buff=0.12).align_to(words, UP).shift(DOWN * SWATCH_DROP), words)


class WeightCurve(TangentPlot):
    """The top weight w against its gap to the next score (all others held at g times theirs), with a long
    bright tangent of slope w(1 - w), a title naming the curve, a key for the tangent and both axes labelled.
    Against the gap the curve holds still as g turns (only the dot moves along it); against the top score
    itself it would slide right with g * the others."""

    def __init__(self, scores, gain: float, *, size, x_span, title_width: float, side_width: float = 0.0):
        super().__init__(scores, gain, size=size, x_span=x_span)
        x_labels = self.axes.x_axis.labels
        # a tick label past the axis' end (one wide enough to push "gap" off the stage, as 5000 is) goes
        x_labels.remove(
            *[label for label in x_labels if label.get_right()[0] > axis_end(self.axes) + LABEL_OVERHANG]
        )
        muted = theme().muted
        self.curve.set_stroke(width=3)
        self.tangent.set_stroke(width=6)
        words = fit.wrap_within(_("top weight w against its gap"), title_width, role="small", color=muted)
        y_axis = self.axes.y_axis
        # the w axis stands at the panel's left edge, clear of the curve (manim's stands at gap 0, in the middle
        # of the rise, where the curve ran through its "0"): the one at gap 0 is kept invisible, for c2p
        lo = self.axes.x_range[0]
        y_axis.set_stroke(width=0, family=False)
        y_axis.ticks.set_stroke(width=0)
        self.w_axis = VGroup(
            Line(self.axes.c2p(lo, 0), self.axes.c2p(lo, 1)),
            *[
                Line(self.axes.c2p(lo, w) + LEFT * 0.07, self.axes.c2p(lo, w) + RIGHT * 0.07)
                for w in (0.5, 1)
            ],
        ).set_stroke(muted, width=2)
        for label, w in zip(y_axis.labels, (0, 1)):
            label.next_to(self.axes.c2p(lo, w), LEFT, buff=0.15)
        self.axis_labels = VGroup(
            after_numbers(c.text(_("gap"), role="small", color=muted), self.axes),
            c.text("w", role="small", color=muted)
            .next_to(y_axis.labels, LEFT, buff=0.2)
            .set_y(self.axes.c2p(lo, 0.5)[1]),
        )
        # the key in the panel's empty lower right (on one line, else two), where the curve and the tangent never
        # pass at any gain: the plots taller by its line (review V4); else beside the panel, over "gap", where
        # `side_width` has room for it (a plot narrowed for its height leaves it); else under the title
        whole = tangent_key(title_width)
        wrapped = tangent_key(KEY_SHARE * whole[1].width)
        key = next((key for key in (whole, wrapped) if self.key_in_panel(key)), None)
        self.key_inside = key is not None
        self.key_beside = (
            None
            if key
            else self.key_placed_beside(tangent_key(side_width - KEY_SIDE_GAP - KEY_SWATCH), side_width)
        )
        key = key or self.key_beside
        self.title = VGroup(words, key or whole)
        above = words if key else self.title.arrange(DOWN, aligned_edge=LEFT, buff=TITLE_BUFF)
        above.next_to(self.axes, UP, buff=0.18).align_to(self.axes, LEFT)
        self.set_gain(gain)  # where the key's checks left it
        self.add(self.w_axis, self.title, self.axis_labels)

    def key_placed_beside(self, key, room: float):
        """`key` right of the panel, KEY_SIDE_GAP past the gap axis' end, its top at w = 1; None where it would
        reach past `room` (from the axis' end) or come nearer than LABEL_MARGIN to the "gap" label under it."""
        corner = self.axes.c2p(self.axes.x_range[1], 1)
        key.next_to(corner, RIGHT, buff=KEY_SIDE_GAP).align_to(corner, UP)
        clear = key.get_bottom()[1] >= self.axis_labels[0].get_top()[1] + LABEL_MARGIN
        return key if clear and key.get_right()[0] <= corner[0] + room + 1e-6 else None

    def key_in_panel(self, key) -> bool:
        """Put `key` in the panel's lower right, KEY_LIFT over the gap axis; whether it stays LABEL_MARGIN clear
        of the curve and of the tangent (and its dot) at every gain the knob turns through."""
        lo, hi = self.axes.x_range[:2]
        key.move_to(self.axes.c2p(hi, 0) + UP * KEY_LIFT, aligned_edge=DR)
        points = [self.curve.get_anchors()]
        for gain in np.linspace(*GAIN_RANGE, KEY_CHECKS):
            self.set_gain(gain)
            points += [np.linspace(*self.tangent.get_start_and_end(), 30), self.dot.get_all_points()]
        return is_clear(key, np.concatenate(points), [], LABEL_MARGIN)

    def marks(self) -> list:
        """What a frame may go round to point at the tangent: its key, then its dot (a frame round the long
        tangent itself would cut through the axis labels)."""
        return [self.title[1], self.dot]

    def gap(self, gain: float) -> float:
        """The top score's lead over the next one at `gain`: where the dot sits."""
        return gain * (self.scores[self.top] - runner_up(self.scores))

    def set_gain(self, gain: float) -> WeightCurve:
        lo, hi = self.axes.x_range[:2]
        base = gain * runner_up(self.scores)  # the next score: a gap x is a top score base + x
        xs = np.linspace(lo, hi, CURVE_POINTS)
        self.curve.set_points_as_corners(self.curve_points(xs, base + xs, gain))
        x = self.gap(gain)
        w = self.weight(base + x, gain)
        slope = w * (1 - w)
        self.dot.move_to(self.axes.c2p(x, w))
        start, end = tangent_ends(x, w, slope, lo, hi)
        self.tangent.put_start_and_end_on(
            self.axes.c2p(start, w + slope * (start - x)), self.axes.c2p(end, w + slope * (end - x))
        )
        return self
