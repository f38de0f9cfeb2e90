"""The token drag (source 000): a query moves among the keys (three in the lecture's example)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import product

import numpy as np
from manim import (
    DL,
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    ArcBetweenPoints,
    Create,
    DashedLine,
    DashedVMobject,
    FadeIn,
    FadeOut,
    GrowArrow,
    Indicate,
    LaggedStart,
    Line,
    LineJointType,
    MoveAlongPath,
    Rectangle,
    Square,
    Text,
    TracedPath,
    VGroup,
    VMobject,
    smooth,
)

from attention import attend, examples
from attention.examples import story
from i18n import _, ngettext, words
from i18n.words import N_, count, quoted, said_point
from scenes.chapters.registry import find, shown_title
from scenes.kit import components as c
from scenes.kit import fit, leaders, segments
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    Working,
    decimals,
    fmt,
    fmt_input,
    relation,
    sci_parts,
)
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import MIN_BAR, WeightBars
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_BUFF, FRAME_REACH, framed
from scenes.kit.formula_slot import formula_slot, formula_word, pin
from scenes.kit.palette import MIN_PX, SIZES, theme, token_color
from scenes.kit.planes import arrow_label, cross_marker, plane_arrow, vector_plane
from scenes.kit.stage import STAGE
from scenes.kit.vector_rows import one_size
from scenes.kit.worked import flow

EXP_PLACES = 2  # source 000 prints exponentials and their sum to two places
LEG_SECONDS = 3.0
BEND = 0.6  # radians of curvature on each leg of the drag, so the path is a curve
NOTE = N_("Dot products grow with d; without ÷ √d, softmax saturates toward one-hot.")
NOTE_SAID = N_("Dot products grow with d; without the division, softmax saturates toward one-hot.")
SHARPENS = N_(
    "Dot products grow with d; without ÷ √d, softmax sharpens: here from %(first)s to %(last)s, toward one-hot "
    "as d grows."
)
SHARPENS_SAID = N_(
    "Dot products grow with d; without the division, softmax sharpens: here from %(first)s to %(last)s, toward "
    "one-hot as d grows."
)
PAYOFF = N_(  # in chapter 1's words: the encoder squeezed the source into one summary vector
    "Not one summary vector for the whole source, as the encoder gave (chapter 1): a fresh, query-specific "
    "blend, recomputed on demand."
)


class ThreeTokenDrag(ChapterScene):
    """A query (×) is dragged among the keys "the", "cat" and "sat"; the weights follow."""

    @property
    def title(self) -> str:
        """The title as every output shows it (`shown_title`: "The four-token drag" for four tokens), so that
        the heading never says "three" of another number of tokens, nor differs from the page's."""
        return shown_title(find(type(self).__name__))

    def inputs(self):
        return examples.current().drag

    def construct(self):
        self.build()
        self.introduce()
        self.drag()
        self.worked_example()
        self.why_scale()

    def introduce(self) -> None:
        self.beat("Keys in a plane")
        live, rows = self.live, self.aside
        self.play(FadeIn(self.heading), Create(live.plane), run_time=1.5)
        self.show(  # the caption with the arrows it is about (review 8: it began over the empty plane)
            *[GrowArrow(k) for k in live.keys],
            *[FadeIn(label) for label in live.key_labels],
            *[Create(line) for line in live.leaders],
            FadeIn(rows(0)),
            run_time=1.5,
            caption=_("Each arrow is a key vector kᵢ, one per token i, at a fixed point."),
        )
        d = live.trace().width
        self.show(
            FadeIn(live.cross, scale=2),
            FadeIn(rows(1)),
            run_time=1,
            caption=_(
                "The cross is the query q: what is looking. q and each kᵢ have d = %(d)s numbers "
                "(d is the dimension).",
                d=d,
            ),
        )
        self.wait_for_cue(2)  # d, as the caption comes to it: the plane's axes, one per number
        self.play(
            FadeIn(rows(2)),
            Indicate(live.plane.axes, color=theme().text, scale_factor=1),
            FadeIn(self.strip),  # the formulas the next caption reads, there as it starts (review 8)
            run_time=1.5,
        )
        self.show(
            FadeIn(live.bars),
            FadeIn(rows(3)),
            run_time=1.5,
            caption=_(
                "The score sᵢ compares q with kᵢ; wᵢ sum to 1; the output blends the values (here, the keys) "
                "by weight."
            ),
        )
        self.wait_for_cue(2)  # the output, as the caption comes to it
        self.play(GrowArrow(live.output), FadeIn(rows(4)), run_time=1)

    def aside(self, row: int) -> VGroup:
        """What comes right of the plane with the intro's `row`-th symbol: the glossary's row; or where names are
        cut, the names' legend with the keys' names (the captions name each symbol)."""
        live = self.live
        if not len(live.legend):
            return live.glossary.row(row)
        return live.legend if row == 0 else VGroup()

    def drag(self) -> None:
        self.beat("Drag the query")
        live = self.live
        live.bars.moving(True)
        self.follow(live)
        trail = TracedPath(
            live.output.get_end,
            stroke_color=theme().output,
            stroke_width=4,
            dissipating_time=1.2,
            stroke_opacity=[0, 0.8],
        )
        self.add(trail)
        legs = list(zip(self.example.path[:-1], self.example.path[1:]))
        for start, end in legs[:-1]:  # each leg's caption says where it goes while it goes there
            before, after = (attend(point, self.example.keys) for point in (start, end))
            self.show(
                MoveAlongPath(live.cross, self.leg(start, end)),
                caption=describe(self.example.tokens, before, after),
                run_time=LEG_SECONDS,
                rate_func=smooth,
            )
            if equal(after):
                self.point_out_equal_dots(after)
        # the last leg carries the payoff, and lasts as long as it takes to read
        payoff = _(PAYOFF)
        self.show(
            MoveAlongPath(live.cross, self.leg(*legs[-1])),
            caption=payoff,
            run_time=max(LEG_SECONDS, self.caption_time(payoff)),
            rate_func=smooth,
        )
        self.unfollow(live)
        live.bars.moving(False)
        self.play(FadeOut(trail), run_time=0.3)
        self.remove(trail)

    def point_out_equal_dots(self, trace) -> None:
        """With a caption on why: over each bar its q · kᵢ, all alike, and a dashed line from the cross to the
        nearest key's tip (being nearest gives that key nothing extra); both fade once it is read."""
        live, bars = self.live, self.live.bars
        dots = VGroup(*[c.math(fmt(x, SCORE_PLACES)) for x in trace.dots])
        room = bars.width / len(bars.bars) - 0.1
        shown = max(d.width for d in dots) <= room
        for dot, value in zip(dots, bars.values):
            dot.next_to(value, UP, buff=0.3).set_y(bars.values.get_top()[1] + 0.3, DOWN)
        head = c.text(_("q · kᵢ: equal for every key"), role="small", color=theme().muted)
        head.next_to(dots if shown else bars.values, UP, buff=0.2).match_x(bars.baseline)
        marks = VGroup(head, *(dots if shown else []))
        close = nearest(trace)
        if close is not None:
            marks.add(dashed(live.distance_path(close), theme().muted))
        self.show(
            LaggedStart(*[FadeIn(m) for m in marks], lag_ratio=0.5),
            run_time=2.5,
            caption=equal_reason(self.example.tokens, trace),
        )
        self.wait_for_reader()
        self.play(FadeOut(marks), run_time=0.5)

    def leg(self, start, end) -> ArcBetweenPoints:
        """The curved path of the query from `start` to `end` (plane coordinates)."""
        return ArcBetweenPoints(self.live.plane.c2p(*start), self.live.plane.c2p(*end), angle=BEND)

    def worked_example(self) -> None:
        self.beat("Worked example")
        live, worked, trace = self.live, self.worked, self.example.trace()
        stop = _("Stop at q = %(q)s. Step 1: q · kᵢ for every key.", q=point_text(trace.query))
        self.show(live.animate.move_query_to(self.example.query), run_time=0.8, caption=stop)
        self.play(
            FadeIn(self.q_label),
            FadeOut(live.bars),
            # a legend stays while names are cut, down at the stage's foot, where the steps fit over it
            foot(live.legend.animate)
            if worked.legend_stays
            else FadeOut(live.legend if len(live.legend) else live.glossary),
            self.strip.light("dot"),
            run_time=0.6,
        )
        captions = (
            None,  # step 1's caption came with the stop
            _("Step 2: divide by √d = %(root)s to get the scores sᵢ.", root=by(trace)),
            _("Step 3: softmax (exponentiate, sum, divide) gives wᵢ."),
            None,  # the weights, where they take the exponentials' place
        )
        # what is left of each block's caption once the block starts (step 1's came with the stop)
        reading = [self.caption_time(stop) - 1.4, *[self.caption_time(c) if c else 0 for c in captions[1:]]]
        for i, (block, caption, term) in enumerate(
            zip(worked.blocks, captions, ("dot", "scale", "exp", "exp"))
        ):
            if i in worked.leaving:  # what a block takes the place of leaves first, once its caption is read,
                self.wait_for_reader()  # as the block's own caption comes
                self.show(FadeOut(VGroup(*worked.leaving[i])), run_time=0.5, caption=caption)
                caption, reading[i] = None, reading[i] - 0.5
            walk = worked.walks[i]  # its numbers come one by one, in the order they are worked out
            aside = [FadeIn(worked.aside)] if i == 0 and len(worked.aside) else []  # once the bars have left
            self.show(
                *aside,
                *[FadeIn(m, shift=0.2 * DOWN) for m in others(block, walk)],
                LaggedStart(*[FadeIn(m, shift=0.2 * DOWN) for m in walk], lag_ratio=0.5),
                self.strip.light(term),
                run_time=max(1.2, reading[i] - 0.5),
                caption=caption,
            )
        self.give_reasons(trace)

    def give_reasons(self, trace) -> None:
        """The verdict, then its reasons one caption at a time, each key dropped onto the query's direction
        as it is spoken about (its shadow there is q · k_i / |q|)."""
        worked, shadows = self.worked, self.shadows
        if worked.verdict_alone:  # no room for it under the steps: they leave first (a legend comes back)
            self.wait_for_reader()
            legend = self.live.legend
            back = [] if worked.legend_stays or not len(legend) else [FadeIn(foot(legend))]
            self.play(FadeOut(VGroup(*self.still_shown(worked.blocks), worked.aside)), *back, run_time=0.5)
        labels = self.live.key_labels
        for i, (caption, keys) in enumerate(reasons(self.example.tokens, trace)):
            # as the reason starts (review 8: a shadow drawn after its perpendicular came late in its cue), each
            # key's parts at once, and its name on the plane pulsed: a shadow of next to nothing is no sign
            shown = [Create(shadows.parts[k], lag_ratio=0) for k in keys if len(shadows.parts[k])]
            shown += [Indicate(labels[k], color=labels[k].get_color(), scale_factor=1.3) for k in keys]
            if i == 0:
                shown += [FadeIn(worked.verdict), self.strip.light(), *map(Create, shadows.line)]
            self.show(*shown, run_time=SHADOW_SECONDS, caption=caption)

    def why_scale(self) -> None:
        self.beat("Why divide by the square root of d")
        shown = self.still_shown(self.worked.blocks)
        for legend in (self.live.legend, self.worked.aside):  # the charts name the tokens their own way
            if legend in self.mobjects:
                shown.append(legend)
        if shown:  # the steps leave first, so the verdict moves up through nothing
            self.play(FadeOut(VGroup(*shown)), run_time=0.5)
        verdict = self.worked.verdict
        leaves = (
            FadeOut(verdict)
            if self.verdict_leaves
            else verdict.animate.move_to(self.verdict_top, aligned_edge=UL)
        )
        self.play(leaves, run_time=0.8)
        for chart, said in zip(self.charts, self.comparison):
            self.present(chart, *said)
        self.show(rising(self.note), run_time=1, caption=self.note_said)
        # the top weights framed again, left to right, while the note is read (review V4: a 4.3 s still end)
        tops = [framed_top(chart[0]) for chart in self.charts]
        self.play(
            LaggedStart(*tops, lag_ratio=0.6), run_time=max(1.5, self.caption_time(self.note_said) - 1.2)
        )

    def present(self, chart, *said: str) -> None:
        """A chart of the comparison with its captions (`comparison`): a lead-in over the charts before it, the chart
        coming in with the caption that names its scale, then its top weight framed as its own caption is read, or
        until the one caption ends; where a lead-in came, the scale's header is framed as it is named (review D10:
        the third chart came in over the lead-in, and the second's frame outstayed its caption by a second)."""
        top = said[-1] if len(said) > 1 else None
        *lead, naming = said[:-1] if top else said
        for line in lead:
            self.say(line)
        share = 0.7 if top and not lead else 0.5  # of its caption: over half, where a frame takes the rest
        rise = max(1, share * self.caption_time(naming))
        rest = max(1.2, self.caption_time(naming) - rise)  # a frame then, until the caption ends
        self.show(rising(chart), run_time=rise, caption=naming)
        if lead:  # the header that gives the scale, whole (its first line's frame touched the second)
            self.play(framed(chart[1]), run_time=rest)
        if top:
            self.show(framed_top(chart[0]), run_time=max(1.2, self.caption_time(top)), caption=top)
        else:
            self.play(framed_top(chart[0]), run_time=rest)

    def still_shown(self, blocks) -> list:
        """The parts of `blocks` on screen now (a part that left earlier is no longer in the scene)."""
        members = {id(m) for block in blocks for m in block.get_family()}
        return [m for m in self.mobjects if id(m) in members]

    # layout: made once by build(), before any beat plays

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        n = len(self.example.tokens)
        self.heading = c.chapter_title(
            words.counted_title(find(type(self).__name__).title, self.title),
            ngettext(
                "A query looks at %(count)s key and blends them by weight",
                "A query looks at %(count)s keys and blends them by weight",
                n,
                count=count(n),
            ),
        )
        self.strip = pin(formula_slot(STRIP_ROLE, output=_("output")), self.heading)
        # the keys' names under the strip: a plane's top key may reach up to it (corpus-06's 'βήτα')
        self.live = LiveAttention(self.example, self.strip.get_bottom()[1] - ARROW_CLEARANCE).refresh()
        self.layout_facts = {"names_legend": bool(len(self.live.legend))}  # for drawn.py
        trace = self.example.trace()  # at the stop, where the worked example is done
        stop = self.live.cross.copy().move_to(self.live.plane.c2p(*self.example.query))
        self.shadows = self.live.shadows
        self.q_label = self.query_label(trace, stop)
        self.worked = self.step_table(trace)
        self.build_comparison(trace)

    def query_label(self, trace, stop) -> Text:
        """'q = (0.95, 0.25)' near the cross at the stop (within NEAR_TRIES rings), clear of the names, the arrows
        (the output's there too), the axes, the query's line and the shadows it stays on through, and LABEL_GAP
        from the names; on two lines where one has no such place (a crowded plane), and 'q' alone, as far as
        FAR_TRIES, where neither has (its coordinates are in the caption and the working)."""
        plane = self.live.plane
        output = self.live.output.copy().put_start_and_end_on(plane.c2p(0, 0), plane.c2p(*trace.output))
        others, arrows, lines = (
            [*self.live.key_labels, stop],
            [*self.live.keys, output],
            [*self.live.drawn_lines(), *self.live.leaders],
        )
        top = self.strip.get_bottom()[1] - ARROW_CLEARANCE
        boxes, outlines = [fit.box(other) for other in others], [*map(outline, arrows), *map(outline, lines)]
        point = stop.get_center()
        for text in (f"q = {point_text(trace.query)}", f"q =\n{point_text(trace.query)}"):
            label = c.text(text, role="label", color=theme().query).next_to(stop, DOWN, buff=LABEL_GAP)
            if first_clear(label, point, boxes, outlines, NEAR_TRIES, top, LABEL_GAP):
                return label
        label = c.text("q", role="label", color=theme().query).next_to(stop, DOWN, buff=LABEL_GAP)
        clear_near(label, point, others, arrows, lines, FAR_TRIES, top, LABEL_GAP)
        return label  # 'q' alone

    def build_comparison(self, trace) -> None:
        """The closing comparison under the verdict, moved up to `verdict_top`: this query's own dots as the
        chapter divides them (÷ √d), not divided, and times √d (the larger dots of wider keys), a weight chart
        each, so that only the scale of the scores differs, under the verdict or, with no room there, in its
        place (`verdict_leaves`); `summary` is the last picture."""
        self.verdict_top = [RIGHT_LEFT, self.strip.get_bottom()[1] - 0.3, 0]
        traces = story.scalings(self.example.query, self.example.keys)
        sets = list(zip(traces, chart_names(trace)))
        self.note_said = note(traces, said=True)
        for self.verdict_leaves in (False, True):  # the verdict leaves where there is no room under it
            top = self.verdict_top[1] + (HEAD_BUFF if self.verdict_leaves else -self.worked.verdict.height)
            self.charts, self.note = comparison_charts(self.example.tokens, sets, top, note(traces))
            if self.note.get_bottom()[1] >= STAGE.bottom:
                break
        self.comparison = comparison(traces)
        kept = [] if self.verdict_leaves else [self.worked.verdict]
        self.summary = VGroup(VGroup(*self.charts), self.note, *kept)

    def step_table(self, trace) -> WorkedExample:
        """The worked example's steps, as blocks of checkable arithmetic shown one after another, and the
        verdict under them (or, with no room there, in their place once they leave), below the formula strip
        and right of the plane. The first layout of LAYOUTS that fits: step 3 under steps 1 and 2
        ("beside"), in their place ("in_place"), or each step's column in the place of the one before,
        beside the names ("one_column"), its dot products on two lines if need be; the arithmetic is drawn
        smaller, all of it alike, if needed (names and headers keep their sizes). Where names are cut, their
        legend stays under the steps, else the steps give them whole, else the legend stands beside them
        (`aside`)."""
        width = RIGHT_EDGE - RIGHT_LEFT
        verdict_line = fit.wrap_within(verdict(self.example.tokens, trace), width, "small")
        top = self.strip.get_bottom()[1] - 0.25
        legend = self.live.legend

        aside = aside_legend(cut_names(self.example.tokens, legend), top)
        pieces = Pieces(self.example.tokens, trace)

        def tried(layout: str, split: bool, floor: float, whole: bool, beside: bool):
            # the verdict under the steps, or in their place (where they are split, or a legend stays under them)
            room = top - floor - (0 if split or floor > STAGE.bottom else verdict_line.height + 0.2)
            wide = aside.get_left()[0] - LEGEND_GAP - RIGHT_LEFT if beside else width
            return fitted(pieces, layout, (wide, room), split, whole), (wide, room)

        def fits(candidate) -> bool:
            steps, space = candidate
            table = VGroup(*steps[0])
            return table.width <= space[0] + 1e-6 and table.height <= space[1] + 1e-6

        # where the plane cuts names, their legend stays at the stage's foot if the steps fit over it; else it
        # leaves for them (and comes back with the verdict in their place), the steps giving their names whole
        # where they fit so, else a legend of the names cut standing beside the steps; else the names are cut
        plans = [(STAGE.bottom + legend.height + LEGEND_BUFF, False, False), (STAGE.bottom, True, False)]
        plans = [*plans, (STAGE.bottom, False, True)] if len(aside) else plans
        for floor, whole, beside in [*(plans if len(legend) else []), (STAGE.bottom, False, False)]:
            steps = fit.first_that_fits((tried(*layout, floor, whole, beside) for layout in LAYOUTS), fits)
            if fits(steps):
                break
        (blocks, leaving, walks), _space = steps
        table = VGroup(*blocks).move_to([RIGHT_LEFT, top, 0], aligned_edge=UL)
        verdict_line.next_to(table, DOWN, buff=0.2).align_to(table, LEFT)
        stays = floor > STAGE.bottom
        # where there is no room under the steps, the verdict takes their place; so too where a legend left for
        # them: it comes back with the verdict
        alone = verdict_line.get_bottom()[1] < floor or (len(legend) > 0 and not stays)
        if alone:
            verdict_line.move_to(table, aligned_edge=UL)
        return WorkedExample(
            blocks, leaving, walks, verdict_line, alone, stays, aside if beside else VGroup()
        )


# Layout, in scene units: the plane on the left, the live bars and the legend right of it, then the
# worked example and the comparison in the right part, x from RIGHT_LEFT
# the most the plane may cover, width and height: from PLANE_LEFT (its grid may reach past the title's left edge,
# the names may not: -fit.LABEL_RIGHT) to PLANE_RIGHT's margin, and from the formula strip down to the caption
# band; it stands in that box, centred
PLANE_LEFT = STAGE.left + 0.3
# the formula strip in body type, the kit's small type's next size: this chapter reads every term of it aloud
# (review V6: its small letters stood 7 px high at 480p)
STRIP_ROLE = "body"
PLANE_BOX = (5.75, 5.8)
BARS_BASELINE = np.array([2.9, -0.22, 0])  # the live bars stand on this point (tallest: BAR_HEIGHT)
BAR_HEIGHT = 1.6
# the live bars' least height for a weight of 1, where the names' legend needs room under them
LEAST_BARS = 0.8
GLOSSARY_LEFT = 0.4  # the symbols' legend builds up below the bars from this x ...
GLOSSARY_BUFF = (
    0.2  # ... this far under their total line (review V8a: 5 px under it, it read as the legend's)
)
GLOSSARY_ROWS = 0.1  # between its rows
GLOSSARY_GAP = 0.3  # between a symbol and its meaning (a meaning wraps where it would leave the stage)
RIGHT_LEFT, RIGHT_EDGE = -1.2, STAGE.right - 0.6  # the worked example uses x in this range
PLANE_RIGHT = RIGHT_LEFT - 0.15  # the plane's labels stay left of this x, clear of the worked example
CHART_RIGHT = STAGE.right - 0.2  # the comparison reaches this x
# the output arrow's stroke, wider than a key's: a rim round a key it lies along (2 px each side at 480p)
OUTPUT_WIDTH, KEY_WIDTH = 13, 5
LABEL_GAP = 0.3  # between the cross and its label
LABEL_TRIES = 4  # rings round a point, LABEL_GAP apart, where a label looks for a clear place
FAR_TRIES = 14  # the query's label, which must stay clear of the shadows too, may look this far (4.2)
SLIDE = LABEL_GAP / 2  # ... and on each ring, boxes facing the point, slid along their side this far apart
KEY_TRIES = 8  # a key's name, in a crowded plane, this far (2.4) rather than on a line or arrow
NEAR_TRIES = 5  # ... its coordinates with it only this far (1.5: review 5 found them 190 px from the cross)
ARROW_CLEARANCE = 0.12  # a label keeps at least this from every key arrow
# a key's name keeps this from the query's cross wherever it rests (review J9: 'the' stood 1.5 px off its arm at
# 480p): 4 px at 480p past the cross's stroke
CROSS_CLEAR = 4 * STAGE.frame_height / 480 + cross_marker()[0].get_stroke_width() * STROKE_UNIT / 2
SHADOW_LANE, SHADOW_WIDTH = 0.14, 8  # a shadow's distance beside the query's direction per lane; its stroke
SHADOW_STROKE = 0.08  # ... that stroke's width in scene units
ALONG = 0.2  # a shape whose direction is within this sine of the query's lies along its line
# a key's tip nearer the query's line than this has no perpendicular (too short to read as a dashed line); the
# perpendiculars have no right-angle marks (review B10: 5 px at 480p, under the arrows along the line)
SHORTEST_DROP = 0.4
# the dashed line from the query to the nearest key's tip, where straight it would run along an arrow, is a bracket
# this far beside it (21 px at 480p, clear of the output's head; review B10: at (0.7, 0.7) it lay hidden on 'sat''s
# arrow)
BRACKET = 0.35
DASH = 0.08  # that line's dashes
CROSS_RIM = 2 * STAGE.frame_height / 480  # the query's ✕ is outlined this wide in the background's colour
RISE = 0.2  # how far a chart or the note rises as it fades in
SHADOW_SECONDS = 1.5  # a reason's shadows are drawn in this long, from the reason's start
# the worked example's layouts, in order of preference, each with its dot products on one line or, where even
# one column is too wide for them (long decimal terms), their relation and result on a second line
LAYOUTS = (("beside", False), ("in_place", False), ("one_column", False), ("one_column", True))
NAME_WIDTH = 1.6  # a token's name in the worked example is cut to this width
SUM_TERMS_PER_LINE = 6  # the worked sum of exponentials breaks onto a new line after this many terms
SMALLEST = MIN_PX / SIZES["number"]  # the smallest factor the worked example's arithmetic is drawn at
VERDICT_NAME = 12  # characters of a token's name the verdict keeps
# the comparison's charts: between charts, over the note, between the verdict and them, under a legend
CHART_GAP, NOTE_BUFF, HEAD_BUFF, LEGEND_BUFF = 0.35, 0.3, 0.3, 0.25
LEGEND_LINE_GAP = 0.1  # between the rows of a legend of names
# a legend beside the worked steps: its width (a 24-letter name on two lines), the gap between its names
ASIDE_WIDTH, ASIDE_GAP = 2.6, 0.12
HEADER_BUFF, VALUE_BUFF, LEGEND_GAP = (
    0.2,
    0.1,
    0.35,
)  # a header under its chart, a value over its bar, names apart
HEADER_LINES = 0.38  # between the baselines of a chart's header's lines (a Chinese line is the tallest)
# a chart's values side by side at least VALUE_GAP apart; under the baseline, the first row VALUE_DROP under it,
# rows ROW_BUFF apart (a frame round a value stands as far from the row under it as from the value); names
# NAME_BUFF under the baseline or the values
VALUE_GAP, VALUE_DROP, ROW_BUFF, NAME_BUFF = 0.15, 0.15, 2 * FRAME_BUFF, 0.15
OVER_GAP = 0.3  # ... over the bars (15 px at 480p)
# a weight framed alone over its bar stands this far over it: its frame's buff and stroke, then 2 px at 480p
FRAMED_OVER = FRAME_REACH + 0.04
VALUE_ROWS = 2  # under the baseline, values take at most this many rows (a third would squeeze the bars)
SPILL = (CHART_GAP - VALUE_GAP) / 2  # how far a value under the baseline may reach past its ends
CHART_BAR = (0.6, 2.0)  # the tallest bar's least and greatest height
CRAMPED_BAR = 0.3  # ... least where nothing else makes room (six long names' legend, a German note)
CHART_BAR_WIDTH = 0.4  # a bar's greatest width (else 0.6 of its pitch): room for a two-line value beside
# what the captions call a key
NEAREST_MARGIN = 0.1  # a key nearer the cross than every other by this much is "the nearest"
ALIGNED = 0.99  # a key whose cosine with the query is at least this points along it
UNRELATED = 0.05  # a key whose cosine is within this of 0 points in an unrelated direction


class LiveAttention(VGroup):
    """The plane, keys, query cross, weight bars and output arrow, kept in step with numpy. The output arrow
    is drawn under the keys and wider, so a key it lies along stays visible inside its orange rim; the cross over
    them, outlined (`query_cross`: review B10, a key under it hid one stroke), and the keys' names over
    everything the plane draws, and under `top` (the formula strip's foot)."""

    def __init__(self, example, top: float = np.inf):
        super().__init__()
        self.example = example
        self.plane = vector_plane(np.vstack([example.keys, example.path]))
        height = min(PLANE_BOX[1], top - STAGE.bottom)
        self.plane.scale_to_fit_width(PLANE_BOX[0])
        if self.plane.height > height:
            self.plane.scale_to_fit_height(height)
        self.plane.move_to(
            [PLANE_LEFT + PLANE_BOX[0] / 2, min(top, STAGE.bottom + PLANE_BOX[1]) - height / 2, 0]
        )
        self.keys = VGroup(
            *[plane_arrow(self.plane, k, token_color(t)) for t, k in zip(example.tokens, example.keys)]
        )
        # the keys' shadows on the query's direction at the stop, drawn in the worked example: made now so that
        # the keys' names keep clear of them and of that direction's line
        stop = example.trace()  # the output there lies along the query's direction as often as a key does
        along = [*self.keys, output_arrow(self.plane, stop.output)]
        axes = [self.plane.x_axis, self.plane.y_axis]
        self.shadows = Shadows(self.plane, stop, [token_color(t) for t in example.tokens], [*along, *axes])
        self.key_labels, self.leaders = self.name_keys(top, *self.still_shapes(along[-1]))
        self.cross = query_cross().move_to(self.plane.c2p(*example.path[0]))
        self.bars, self.legend = self.weight_bars(BAR_HEIGHT)
        below = STAGE.bottom - self.legend.get_bottom()[1] if len(self.legend) else 0.0
        if below > 0:  # shorter bars on a higher baseline, the tallest as high: room for the legend
            self.bars, self.legend = self.weight_bars(BAR_HEIGHT - min(below, BAR_HEIGHT - LEAST_BARS))
        self.output = output_arrow(self.plane, self.trace().output)
        self.glossary = glossary(self.trace().width, self.bars.get_bottom()[1] - GLOSSARY_BUFF)
        for layer, part in enumerate((self.output, self.keys, self.cross, self.key_labels), start=1):
            part.set_z_index(layer)  # whatever comes in later: a key over the output, the ✕ over both
        self.leaders.set_z_index(self.key_labels.z_index)
        self.add(self.plane, self.output, self.keys, self.key_labels, self.leaders, self.cross, self.bars)

    def name_keys(self, top: float, arrows, crosses) -> tuple[VGroup, VGroup]:
        """The keys' names, in the tokens' order, and their leaders (see `named`): placed in the tokens' order,
        else, where a name finds no place clear of everything (`clear_near`), with that name placed first (issue
        29: one placed before took its place), and so on; whichever places more names clear, then nearer."""
        order, tried = list(range(len(self.example.tokens))), []
        while order not in [done for done, _ in tried] and len(tried) <= len(order):
            placed = self.named(order, top, arrows, crosses)
            tried.append((order, placed))
            stuck = [i for i in order if placed[i][0]]
            if not stuck:
                break
            order = [stuck[0], *(i for i in order if i != stuck[0])]
        _order, best = min(tried, key=lambda t: (sum(p[0] for p in t[1]), sum(p[1] for p in t[1])))
        return VGroup(*(p[2] for p in best)), VGroup(*(line for p in best for line in p[3]))

    def named(self, order, top: float, arrows, crosses) -> list[tuple]:
        """For each key (in the tokens' order), its name placed `clear_near` its tip in `order`, each clear of the
        names and leaders placed before and of `arrows` and `crosses`: how many of clear_near's searches found
        nothing, its distance from the tip, the name and its leader. The name whole or cut as `cuts` cuts it: the
        longest placed clear within leaders.NEAR, else the nearest of the best placed."""
        placed: dict[int, tuple] = {}
        for i in order:
            t, k = self.example.tokens[i], self.example.keys[i]
            tip, lines = (
                self.plane.c2p(*k),
                [*self.drawn_lines(), *(p[3][0] for p in placed.values() if p[3])],
            )
            others = [*(p[2] for p in placed.values()), *crosses]
            found = []
            for label in cuts(arrow_label(self.plane, k, t, token_color(t))):
                worse = clear_near(label, tip, others, arrows, lines, KEY_TRIES, top, leads=True)
                found.append((worse, leaders.gap(tip, fit.box(label)), label))
                if not worse and found[-1][1] <= leaders.NEAR + 1e-6:
                    break
            worse, gap, label = min(found, key=lambda f: f[:2])  # the first (longest) of the best placed
            placed[i] = (worse, gap, label, leaders.lead(tip, label))
        return [placed[i] for i in range(len(order))]

    def still_shapes(self, stop_output) -> tuple[list, list]:
        """What the keys' names keep clear of besides each other and the lines: the key arrows and the output
        arrow, where they stand still while the names are read: at the drag's start and at its stop, the worked
        example's query (`stop_output`: the output there); and the room the query's cross needs (its box,
        CROSS_CLEAR wider each way) wherever it rests (`rests`). A key along the query has its name by its tip,
        not under the cross or the output lying over its arrow."""
        start = self.example.path[0]
        output = output_arrow(self.plane, attend(start, self.example.keys).output)
        side = cross_marker().width + 2 * CROSS_CLEAR
        crosses = [Square(side).move_to(self.plane.c2p(*p)) for p in rests(self.example)]
        return [*self.keys, output, stop_output], crosses

    def weight_bars(self, height: float) -> tuple[WeightBars, VGroup]:
        """The live bars (`height` for a weight of 1) with the kit's total line, the tallest reaching as high as
        at BAR_HEIGHT, and where a bar's name is cut, the `names_legend` under them."""
        bars = WeightBars(
            self.example.tokens, self.trace().weights, height=height, total_words=_("sum of weights")
        )
        bars.shift(BARS_BASELINE + UP * (BAR_HEIGHT - height) - bars.baseline.get_center())
        # the plane's names stay all through: where they are whole, they give whatever the bars, the steps or the
        # verdict cut ('mon…' under a bar, 'money' by its arrow)
        cut = [label.full for label in self.key_labels if label.original_text != label.full]
        return bars, names_legend(cut, bars)

    def drawn_lines(self) -> list:
        """The lines a label must not touch: the axes, the query's dashed direction and every part of the
        shadows (perpendiculars and the coloured bars)."""
        parts = [m for part in self.shadows.parts for m in part]
        return [self.plane.x_axis, self.plane.y_axis, *self.shadows.line, *parts]

    def distance_path(self, key: int) -> VMobject:
        """The path from the cross to `key`'s tip, drawn dashed: straight, or where that would run along an arrow
        (a key's or the output's), a bracket BRACKET off it on the side clearer of them (`bracketed`)."""
        start, tip = self.cross.get_center(), self.plane.c2p(*self.example.keys[key])
        arrows = [*self.keys, self.output]
        straight = Line(start, tip)
        if clearance(straight, arrows) < ARROW_CLEARANCE:
            return max(bracketed(start, tip), key=lambda bracket: clearance(bracket, arrows))
        return straight

    def query(self) -> np.ndarray:
        """The query vector under the cross, in plane coordinates."""
        return np.array(self.plane.p2c(self.cross.get_center())[:2])

    def trace(self):
        return attend(self.query(), self.example.keys)

    def refresh(self) -> LiveAttention:
        """Recompute attention for the cross's position and update bars and output arrow."""
        trace = self.trace()
        self.bars.set_weights(trace.weights)  # and their total line
        self.output.put_start_and_end_on(self.plane.c2p(0, 0), self.plane.c2p(*trace.output))
        return self

    def move_query_to(self, point) -> LiveAttention:
        self.cross.move_to(self.plane.c2p(*point))
        return self.refresh()


def query_cross() -> VGroup:
    """The kit's ✕ as one path of both strokes (a group of it, as the kit's), outlined CROSS_RIM wide in the
    background's colour under both: drawn over an arrow, each stroke whole (one path, so neither outline cuts
    the other stroke)."""
    strokes = cross_marker()
    width = strokes[0].get_stroke_width()
    mark = VMobject().set_points(np.vstack([stroke.points for stroke in strokes]))
    mark.set_stroke(strokes[0].get_color(), width)
    mark.set_stroke(theme().background, width + 2 * CROSS_RIM / STROKE_UNIT, background=True)
    return VGroup(mark)


def clearance(shape, arrows) -> float:
    """How far the middle half of `shape` (its ends meet the cross and a tip) keeps from the `arrows`' ink."""
    points = np.array([shape.point_from_proportion(t) for t in np.linspace(0.25, 0.75, 21)])[:, :2]
    return min(
        segments.gap(points, outline(arrow)) - arrow.get_stroke_width() * STROKE_UNIT / 2 for arrow in arrows
    )


def bracketed(start, end) -> list[VMobject]:
    """Brackets from `start` to `end`: out BRACKET sideways, across parallel to the straight line, and back in;
    one each side."""
    way = np.asarray(end, dtype=float) - start
    side = np.array([-way[1], way[0], 0]) / max(float(np.linalg.norm(way)), 1e-9) * BRACKET
    return [VMobject().set_points_as_corners([start, start + out, end + out, end]) for out in (side, -side)]


def dashed(shape, color: str) -> VMobject:
    """`shape` dashed as the chapter's dashed lines, DASH long."""
    dashes = max(2, int(np.ceil(shape.get_arc_length() / (2 * DASH))))
    return DashedVMobject(shape, num_dashes=dashes).set_stroke(color, width=3)


def output_arrow(plane, vector):
    """The output arrow: drawn under the keys, its shaft and head a rim round a key it lies along (review V6: at
    q = (0.7, 0.7) the output is "sat"'s key, (1, 1), and its head, no larger, lay hidden under the key's)."""
    arrow = plane_arrow(plane, vector, theme().output, width=OUTPUT_WIDTH)
    arrow.tip.set_stroke(theme().output, width=OUTPUT_WIDTH - KEY_WIDTH)
    arrow.tip.joint_type = LineJointType.ROUND  # no mitred spike past the tip
    return arrow


def clear_near(
    label,
    point,
    others,
    arrows=(),
    lines=(),
    tries: int = LABEL_TRIES,
    top: float = np.inf,
    margin: float = 0,
    leads: bool = False,
) -> int:
    """`label` where it is, or moved round `point` (in eight directions, then the eight between them, ever
    farther, up to `tries` rings, in sixteen beyond LABEL_TRIES where the rings are wide, then facing it
    anywhere along a side: `slid`; kept sideways within
    -fit.LABEL_RIGHT..PLANE_RIGHT where it sticks out) to the first place clear of `others` (by `margin`),
    `arrows` and `lines`; when no place is, the first clear of the arrows alone, then of `others` alone (text on
    text is worse); where it was when none is. (Review 6's 'river', between the x-axis and the query's line,
    found its place between two of the eight: it had stood 50 px off.) Where it `leads` (a key's name), a place
    farther than leaders.NEAR from `point` is first sought whose `leader` crosses none of the shapes avoided, then
    one whose leader crosses no text (`leads_clear`). Returns how many of these searches found nothing (0: the
    place is clear of everything)."""
    start = label.get_center()
    boxes = [fit.box(other) for other in others]
    shapes = [*map(outline, arrows), *map(outline, lines)]
    tried = 0
    for avoided in dict.fromkeys((len(shapes), len(arrows), 0)):  # all shapes, the arrows alone, none
        # a leader crossing none of them, else crossing lines but no text, else the name clear at least
        for crossed in (shapes[:avoided], [], None) if leads else (None,):
            if first_clear(label, point, boxes, shapes[:avoided], tries, top, margin, crossed):
                return tried
            label.move_to(start)
            tried += 1
    return tried


def first_clear(
    label, point, boxes, outlines, tries: int, top: float, margin: float, crossed: list | None = None
) -> bool:
    """Whether `label`, where it is or moved round `point` as `clear_near` moves it, finds a place clear of
    `boxes` and `outlines` (and, unless `crossed` is None, a leader from `point` to it clear of `boxes` and
    `crossed`: `leads_clear`); if so it is moved there. The places are tried as boxes (next_to's arithmetic),
    all at once (`clear_places`): moving the text itself to each, then trying each alone, was most of the
    chapter's layout time (issue 27)."""
    own = fit.box(label)
    half, here = (own[1] - own[0]) / 2, (own[1] + own[0]) / 2
    centres = [here.copy()]
    eight = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    for ring in np.arange(1, tries + 0.25, 0.5):  # half rings too: as near as it is clear (issue 29)
        for angle in (
            [*eight, *eight + np.pi / 8] if ring <= LABEL_TRIES else np.linspace(0, 2 * np.pi, 16, False)
        ):
            way = np.round([np.cos(angle), np.sin(angle)], 9)
            centres.append(np.asarray(point)[:2] + LABEL_GAP * ring * way + np.sign(way) * half)
        centres += slid(point, half, LABEL_GAP * ring)
    centres = np.array(centres)
    centres[:, 0] += np.minimum(0.0, PLANE_RIGHT - centres[:, 0] - half[0])  # slid sideways into the plane's
    centres[:, 0] += np.maximum(0.0, -fit.LABEL_RIGHT - centres[:, 0] + half[0])  # range
    for centre in centres[clear_places(centres, half, boxes, outlines, top, margin)]:
        if crossed is None or leads_clear(point, np.array([centre - half, centre + half]), boxes, crossed):
            label.shift([*(centre - here), 0])
            return True
    return False


def slid(point, half, gap: float) -> list[np.ndarray]:
    """The centres of a box of half-size `half` whose side faces `point` from `gap` away, the point anywhere
    along that side, SLIDE apart (issue 29: a long name, only ever centred on a tip or with a corner at it,
    found no place nearer than 46-84 px in a crowded plane)."""
    point = np.asarray(point, dtype=float)[:2]
    centres = []
    for axis, other in ((1, 0), (0, 1)):  # above and below, then left and right
        for side in (1, -1):
            for along in np.arange(-half[other] + SLIDE, half[other], SLIDE):
                centre = point.copy()
                centre[axis] += side * (gap + half[axis])
                centre[other] += along
                centres.append(centre)
    return centres


def clear_places(centres: np.ndarray, half, boxes, outlines, top: float, margin: float) -> np.ndarray:
    """For a label's box of half-size `half` at each of `centres` (rows of x, y), whether it lies in
    -fit.LABEL_RIGHT..PLANE_RIGHT, above the caption band and below `top`, `margin` clear of the `boxes` (of
    texts, `fit.box`) and ARROW_CLEARANCE clear of the `outlines` (of arrows and lines: `outline`); a name on a
    shaft, under a head or crossed by a line is misread."""
    low, high = centres - half, centres + half
    clear = (
        (-fit.LABEL_RIGHT <= low[:, 0])
        & (high[:, 0] <= PLANE_RIGHT)
        & (low[:, 1] >= STAGE.bottom)  # not in the caption band
        & (high[:, 1] <= top)
    )
    places = np.stack([low, high], axis=1)
    clear &= fit.clear_of(places, boxes=boxes, margin=margin)
    for points in outlines:  # for the places still clear
        at = np.flatnonzero(clear)
        clear[at] = fit.clear_of(places[at], points, margin=ARROW_CLEARANCE)
    return clear


def leads_clear(point, box, boxes, outlines) -> bool:
    """Whether a label's `box` is within leaders.NEAR of `point`, or the leader from there to it keeps
    ARROW_CLEARANCE from the `boxes` (a leader through another name would read as that name's; but the cross's
    room round the tip, which any leader from there crosses) and crosses none of the `outlines` (but where they
    meet at the tip)."""
    found = leaders.ends(point, box)
    if found is None:
        return True
    start, end = found
    boxes = [other for other in boxes if fit.clear_of(other, [point])[0]]
    if not fit.clear_of(boxes, np.linspace(start, end, 48), margin=ARROW_CLEARANCE).all():
        return False
    way, length = end - start, float(np.linalg.norm(end - start))
    for points in outlines:
        along = np.clip((points - start) @ way / length**2, 0, 1)
        gaps = np.linalg.norm(points - start - along[:, None] * way, axis=1)
        # but at the tip, where its own key's head meets it
        far = np.linalg.norm(points - start, axis=1) > ARROW_CLEARANCE
        if np.any((gaps < SHADOW_STROKE) & far):  # within the widest stroke's half and as much again
            return False
    return True


def cuts(label):
    """`label`, a key's name, then that name cut ever shorter down to fit.LEAST_LETTERS, each where `label` is:
    the name tries each in turn for a place within leaders.NEAR of its tip (issue 29: between a plane's edge and
    an axis, a long name found none but 46-84 px off; the names legend gives it whole)."""
    yield label
    for letters in range(len(label.original_text) - 2, fit.LEAST_LETTERS - 1, -1):
        shown = label.full[:letters].rstrip() + fit.ELLIPSIS
        yield fit.clip(label.full, fit.width_of(shown, "label"), color=label.get_color()).move_to(label)


def touches(label, arrow) -> bool:
    """Whether `label`'s box, widened by ARROW_CLEARANCE, meets `arrow`'s shaft or head."""
    return not fit.clear_of(fit.box(label), outline(arrow), margin=ARROW_CLEARANCE)[0]


def outline(shape) -> np.ndarray:
    """The (x, y) points a label keeps ARROW_CLEARANCE from: along `shape`'s shaft, and its own (the head's)."""
    shaft = np.linspace(shape.get_start(), shape.get_end(), 60)
    return np.vstack([shaft, shape.get_all_points()])[:, :2]


def names_legend(cut, bars: WeightBars) -> VGroup:
    """The names the plane cuts (`cut`, in the tokens' order: 'Ωμέ…'; the bars, steps and verdict then too), each
    whole, in its colour, in rows under the bars' total line from RIGHT_LEFT to CHART_RIGHT; empty where it cuts
    none (a name cut elsewhere stands whole by its arrow)."""
    if not cut:
        return VGroup()
    names = [fit.name(t, np.inf, role="small") for t in cut]
    legend = flow(names, CHART_RIGHT - RIGHT_LEFT, LEGEND_GAP, LEGEND_LINE_GAP)
    return legend.move_to([RIGHT_LEFT, bars.get_bottom()[1] - LEGEND_BUFF, 0], aligned_edge=UL)


def cut_names(tokens, legend) -> list[str]:
    """The tokens whose names the legend gives (the plane cuts them) or the worked steps cut, in their order."""
    given = {name.full for name in legend}
    return [t for t in tokens if t in given or fit.ELLIPSIS in fit.clip(t, NAME_WIDTH).original_text]


def aside_legend(cut, top: float) -> VGroup:
    """The names `cut`, each whole in its colour on as few lines as ASIDE_WIDTH allows, one under another from
    `top` down, ending at CHART_RIGHT: a legend beside the worked steps; empty where `cut` is, or where it would
    reach into the caption band."""
    names = [fit.whole_name(t, ASIDE_WIDTH, role="small") for t in cut]
    if not names:
        return VGroup()
    column = VGroup(*names).arrange(DOWN, aligned_edge=LEFT, buff=ASIDE_GAP)
    column.move_to([CHART_RIGHT - ASIDE_WIDTH, top, 0], aligned_edge=UL)
    return column if column.get_bottom()[1] >= STAGE.bottom else VGroup()


def foot(legend):
    """`legend` (or its `.animate`) at the stage's foot, from RIGHT_LEFT."""
    return legend.move_to([RIGHT_LEFT, STAGE.bottom, 0], aligned_edge=DL)


def glossary(width: int, top: float) -> c.Grid:
    """The symbols' legend from `top` down, one row each (faded in where each is first used): k_i, q, d, w_i,
    output, its sum set as a formula (review V8a: 'wᵢ vᵢ' in text had 4-5 px subscripts)."""
    word = formula_word(_("output"), "output")
    output = rf"\text{{{word}}}"
    rows = [
        (r"k_i", _("key of token i (an arrow)"), theme().text),
        (r"q", _("query (×): what is looking"), theme().query),
        (rf"d = {width}", _("dimension of q and the keys"), theme().text),
        (r"w_i", _("weight on token i (a bar)"), theme().text),
        (output, _("the blend"), theme().output),
    ]
    symbols = [c.math(tex, color=color) for tex, _meaning, color in rows]
    room = STAGE.right - GLOSSARY_LEFT - max(symbol.width for symbol in symbols) - GLOSSARY_GAP
    meanings = [fit.wrap_within(meaning, room, "small", theme().muted) for _tex, meaning, _color in rows[:-1]]
    blend = [
        c.math(r"\textstyle = \sum_i w_i v_i", color=theme().muted),
        c.text(rows[-1][1], "small", theme().muted),
    ]
    meanings.append(VGroup(*blend, c.math(r"(v_i = k_i)", color=theme().muted)).arrange(RIGHT, buff=0.15))
    table = c.Grid(symbols, meanings, col_buff=GLOSSARY_GAP, row_buff=GLOSSARY_ROWS)
    for symbol, meaning in zip(symbols, meanings):
        symbol.match_y(meaning)
    return table.move_to([GLOSSARY_LEFT, top, 0], aligned_edge=UL)


# What the captions and the verdict say, from the numbers


def rests(example) -> np.ndarray:
    """Where the query's cross stands still while the picture is read: the drag's start, the legs' ends where
    the equal dot products are pointed out, the drag's end and the stop (the other legs' ends it passes)."""
    held = [end for end in example.path[1:-1] if equal(attend(end, example.keys))]
    return np.unique(np.vstack([example.path[0], *held, example.path[-1], example.query]), axis=0)


def equal(trace) -> bool:
    """Whether the weights are (about) equal: every q · k_i alike."""
    return story.equal(trace.weights)


def nearest(trace) -> int | None:
    """The key whose tip is nearest the query, or None when another is about as near."""
    distances = np.linalg.norm(trace.keys - trace.query, axis=1)
    closest = int(np.argmin(distances))
    return None if np.sum(distances < distances[closest] + NEAREST_MARGIN) > 1 else closest


def describe(tokens, before, after) -> str:
    """The caption of a leg of the drag from the query of trace `before` to that of `after`, read while the
    cross moves: where it goes, and the weight that leads there, as it rises or falls to its value."""
    weights = after.weights
    if equal(after):
        return _(
            "Toward equal q · kᵢ: each weight goes to %(weight)s.",
            weight=words.said(decimals(weights[:1])[0]),
        )
    top, close = int(np.argmax(weights)), nearest(after)
    old, new = decimals([before.weights[top], weights[top]])
    change = (
        _("rises to %(weight)s", weight=words.said(new))
        if float(new) > float(old)
        else _("falls to %(weight)s", weight=words.said(new))
        if float(new) < float(old)
        else _("stays at %(weight)s", weight=words.said(new))
    )
    if close == top:
        return _("Toward %(token)s: its weight %(change)s.", token=quoted(tokens[top]), change=change)
    if close is None:
        return _("%(token)s gets the most weight: it %(change)s.", token=quoted(tokens[top]), change=change)
    return _(
        "%(token)s gets the most weight: it %(change)s, though %(nearest)s is nearest: dot products, not distance.",
        token=quoted(tokens[top]),
        change=change,
        nearest=quoted(tokens[close]),
    )


def equal_reason(tokens, trace) -> str:
    """Why the weights are equal at a stop of the drag: the dot products, not the nearest key."""
    close = nearest(trace)
    if close is None:
        return _("Every q · kᵢ is the same, so every weight is too.")
    return _(
        "%(token)s is nearest, yet gets no more: dot products, not distance.", token=quoted(tokens[close])
    )


def ranked(weights) -> np.ndarray:
    """Token indices from the largest weight to the smallest."""
    return np.argsort(weights, kind="stable")[::-1]


def cosines(trace) -> np.ndarray:
    """The cosine of the angle between the query and each key (0 for a zero vector)."""
    lengths = np.linalg.norm(trace.keys, axis=1) * np.linalg.norm(trace.query)
    return np.divide(trace.dots, lengths, out=np.zeros_like(trace.dots), where=lengths > 0)


def overlap(cosine: float, least: bool) -> str:
    """How a key's direction relates to the query's, from their cosine: a clause after 'because' or 'though'."""
    if cosine > UNRELATED and least:
        return _("it overlaps the query's direction least")
    if cosine >= ALIGNED:
        return _("it points along the query's direction")
    if cosine > UNRELATED:
        return _("it partly overlaps the query's direction")
    if cosine >= -UNRELATED:
        return _("it points in an unrelated direction")
    return _("it points away from the query's direction")


def reasons(tokens, trace) -> list[tuple[str, list[int]]]:
    """The verdict's reasons, one caption per key from the largest weight to the smallest, each with the
    keys it is about: '“sat” keeps a share because it partly overlaps the query's direction.' (several keys
    in the middle share one caption).

    The order comes from the weights (which follow q · k_i); each reason from that key's cosine with q.
    """
    w, cos = trace.weights, cosines(trace)
    order = [int(i) for i in ranked(w)]
    if equal(trace):
        return [(_("Every key overlaps the query's direction equally, so the weights are equal."), order)]
    top, middle, low = quoted(tokens[order[0]]), order[1:-1], quoted(tokens[order[-1]])
    first = (
        _("%(token)s dominates: the longest shadow on the query's direction.", token=top)
        if story.dominates(w[order[0]])
        else _("%(token)s leads: the longest shadow on the query's direction.", token=top)
    )
    parts = [(first, order[:1])]
    kept = all(story.keeps_share(w[i]) for i in middle)
    if len(middle) == 1 and kept:
        named, why = quoted(tokens[middle[0]]), overlap(cos[middle[0]], least=False)
        shares = (
            _("%(token)s keeps a share because %(why)s.", token=named, why=why)
            if cos[middle[0]] > UNRELATED
            else _("%(token)s keeps a share though %(why)s.", token=named, why=why)
        )
        parts.append((shares, middle))
    elif len(middle) == 1:
        too = _(
            "%(token)s gets almost none too: its score is far below the top.", token=quoted(tokens[middle[0]])
        )
        parts.append((too, middle))
    elif middle:
        others = (
            _("The %(count)s others keep shares, in the order of their shadows.", count=count(len(middle)))
            if kept
            else _("The %(count)s others get less, in the order of their shadows.", count=count(len(middle)))
        )
        parts.append((others, middle))
    why = overlap(cos[order[-1]], least=True)
    last = (
        _("%(token)s gets the least because %(why)s.", token=low, why=why)
        if story.keeps_share(w[order[-1]])
        else _("%(token)s gets almost none because %(why)s.", token=low, why=why)
    )
    parts.append((last, order[-1:]))
    return parts


def verdict(tokens, trace) -> str:
    """The worked example's conclusion as a short label: 'At q = (2, 0): “the” dominates, ...' (a name longer
    than VERDICT_NAME cut short with '…': the captions name it in full)."""
    w = trace.weights
    if equal(trace):
        return _("At q = %(q)s: equal weights.", q=point_text(trace.query))
    names = [quoted(t if len(t) <= VERDICT_NAME else t[: VERDICT_NAME - 1] + fit.ELLIPSIS) for t in tokens]
    order = ranked(w)
    top, low = order[0], order[-1]
    shares = [story.keeps_share(w[i]) for i in order[1:-1]]
    if len(shares) > 1:
        many = count(len(shares))
        middle = [
            _("%(count)s others keep a share", count=many)
            if all(shares)
            else _("%(count)s others get less", count=many)
        ]
    else:
        middle = [share_of(names[i], kept) for i, kept in zip(order[1:-1], shares)]
    lead = (
        _("%(token)s dominates", token=names[top])
        if story.dominates(w[top])
        else _("%(token)s leads", token=names[top])
    )
    parts = [lead, *middle, share_of(names[low], story.keeps_share(w[low]), last=True)]
    return _("At q = %(q)s: %(parts)s.", q=point_text(trace.query), parts=_(", ").join(parts))


def share_of(name: str, kept: bool, last: bool = False) -> str:
    """'“cat” keeps a share' (or, the `last`, 'gets the least'), else 'gets almost none'."""
    if not kept:
        return _("%(token)s gets almost none", token=name)
    return _("%(token)s gets the least", token=name) if last else _("%(token)s keeps a share", token=name)


def divided(trace) -> str:
    """'÷ √2 ≈ 1.414': what the scores of `trace` were divided by."""
    return f"÷ {by(trace)}"


def by(trace) -> str:
    """'√2 ≈ 1.414': the divisor of `trace`'s dot products (its number as the language writes it)."""
    printed = fmt(trace.divisor, SCORE_PLACES)
    return f"√{trace.width} {relation(trace.divisor, SCORE_PLACES, tex=False)} {words.said(printed)}"


def chart_names(trace) -> list[tuple[str, str]]:
    """The lines under the three charts of `scalings`: what the dots were scaled by, and what that is."""
    return [(divided(trace), _("as here")), ("÷ 1", _("not divided")), (f"× {by(trace)}", _("larger dots"))]


def comparison(traces) -> list[tuple[str, ...]]:
    """The captions of the three charts of `scalings`, left to right, one to three each (a lead-in before the chart,
    one as it comes in and its line is framed, the last as its top weight is), each by its top weight."""
    here = traces[0]
    top = [words.said(w) for w in decimals([t.weights.max() for t in traces])]  # as the charts print them
    return [
        (
            _("Here d = %(d)s, so the dots are divided by %(root)s.", d=here.width, root=by(here)),
            _("The top weight is %(weight)s.", weight=top[0]),
        ),
        (_("Not divided at all, the top weight is %(weight)s.", weight=top[1]),),
        (
            _("Wider keys give larger dots."),
            _("Take these dots times %(root)s:", root=by(here)),
            _("the top weight is %(weight)s.", weight=top[2]),
        ),
    ]


def note(traces, said: bool = False) -> str:
    """The closing note (as shown, or `said`), and where these charts cannot show it, what they show instead:
    the top weight grows from chart to chart (softmax of larger scores), but not near one-hot for a query whose
    dots are small (review 5: "saturates" over 0.608), by less than story.SHARPER when the dots are equal, or
    the top weight already prints as 1.000, or a near tie shares it."""
    general = _(NOTE_SAID if said else NOTE)
    here, larger = traces[0].weights, traces[-1].weights
    first, last = (words.said(w) for w in decimals([here.max(), larger.max()]))
    if story.sharper(larger, here):
        if story.near_one_hot(larger):
            return general
        return _(SHARPENS_SAID if said else SHARPENS, first=first, last=last)
    if story.equal(here):
        return _("%(note)s Here every dot product is equal, so no scale changes the weights.", note=general)
    if story.saturated_weights(here):
        return _("%(note)s Here the weights are one-hot as printed even divided.", note=general)
    return _(
        "%(note)s Here the top weight moves only from %(first)s to %(last)s.",
        note=general,
        first=first,
        last=last,
    )


def point_text(query) -> str:
    """'(2, 0)': the query's coordinates as typed, as the language writes them (German '(1,25; −0,4)')."""
    return said_point(fmt_input(x) for x in query)


def rising(mobject) -> FadeIn:
    """`mobject` fading in as it rises RISE, or less where it would start in the caption band (review B10: the
    closing note's descenders dipped into it as it slid in)."""
    return FadeIn(mobject, shift=UP * min(RISE, max(0.0, mobject.get_bottom()[1] - STAGE.bottom)))


def framed_top(chart: WeightChart):
    """`framed(top_bar(chart))`: a weight framed alone stands FRAMED_OVER over its bar (`WeightChart.raise_top`), so
    its frame keeps FRAME_BUFF round it and clear of the bar."""
    return framed(top_bar(chart))


def top_bar(chart: WeightChart) -> VGroup:
    """A chart's largest bar with its printed weight, or where a frame round both would come within FRAME_BUFF of
    another bar or value (a weight wider than its bar's column, a weight under the baseline), the weight alone."""
    top = int(np.argmax(chart.weights))
    both = VGroup(chart.bars[top], chart.values[top])
    frame = fit.box(both) + [[-FRAME_BUFF, -FRAME_BUFF], [FRAME_BUFF, FRAME_BUFF]]
    others = [chart.bars[i] for i in range(len(chart.bars)) if i != top]
    others += [chart.values[i] for i in chart.shown if i != top]
    clear = all(fit.boxes_apart(frame, fit.box(m), FRAME_BUFF) for m in others)
    return both if clear else VGroup(chart.values[top])


# Drawn on the plane


class Shadows(VGroup):
    """Each key dropped onto the query's direction: `line` the direction, dashed across the plane (a group,
    empty for a zero query); `parts[i]` key i's dashed perpendicular from its tip to its foot and its shadow,
    a thick segment in its colour from the origin to the foot, beside the line (on the side with less of the
    keys), one lane per key, in `colors[i]`, the lanes clear of the `shapes` (arrows,
    axes) that lie along the line (at q = (2, 0) the first lay on the axis under a key's head and the output's
    shaft). A shadow is q · k_i / |q| long, so the longest belongs to the largest dot product; a key whose foot
    falls outside the plane has no part."""

    def __init__(self, plane, trace, colors, shapes=()):
        super().__init__()
        q = np.asarray(trace.query, dtype=float)
        self.line, self.parts = VGroup(), [VGroup() for _key in trace.keys]
        length = float(np.linalg.norm(q))
        if length < 1e-9:
            return
        u = q / length
        low, high = reach(plane, u)
        self.line.add(
            DashedLine(plane.c2p(*(low * u)), plane.c2p(*(high * u)), color=theme().query, stroke_width=2)
        )
        normal = np.array([-u[1], u[0], 0])
        if np.sum(trace.keys @ normal[:2]) > 0:  # the shadows go on the side with less of the keys
            normal = -normal
        feet = trace.keys @ u
        first = first_lane(plane, u, normal, max(0.0, float(feet.max())), shapes)
        for lane, i in enumerate(ranked(trace.weights)):
            along = float(feet[i])
            if low - 1e-9 <= along <= high + 1e-9:
                offset = normal * (first + SHADOW_LANE * lane)
                self.parts[i] = self.part(plane, trace.keys[i], along * u, offset, colors[i])
        self.add(self.line, *self.parts)

    @staticmethod
    def part(plane, key, foot, offset, color: str) -> VGroup:
        """A key's perpendicular and shadow (see the class)."""
        tip, base, origin = plane.c2p(*key), plane.c2p(*foot), plane.c2p(0, 0)
        made = VGroup()
        if np.linalg.norm(tip - base) > SHORTEST_DROP:
            made.add(DashedLine(tip, base, color=color, stroke_width=2, dash_length=DASH))
        if np.linalg.norm(base - origin) > 1e-6:
            made.add(Line(origin + offset, base + offset, color=color, stroke_width=SHADOW_WIDTH))
        return made


def first_lane(plane, u, normal, longest: float, shapes) -> float:
    """How far from the query's line (unit `u`, plane units) the first lane of shadows runs, toward `normal`:
    SHADOW_LANE, or farther where a shape lying along the line (within ALONG of its direction: a key's head, the
    output's shaft, an axis) reaches toward it beside the shadows' span (0 to `longest` along the line), so
    every shadow keeps ARROW_CLEARANCE from it."""
    origin, reach = plane.c2p(0, 0)[:2], 0.0
    for shape in shapes:
        way = (shape.get_end() - shape.get_start())[:2]
        length = np.linalg.norm(way)
        if length < 1e-9 or abs(way[0] * u[1] - way[1] * u[0]) > ALONG * length:
            continue
        points = outline(shape) - origin
        spans = points @ u / plane.get_x_unit_size()  # plane units along the line
        beside = (spans >= -1e-9) & (spans <= longest + 1e-9)
        if beside.any():
            reach = max(reach, float(np.max(points[beside] @ normal[:2])))
    return max(SHADOW_LANE, reach + ARROW_CLEARANCE + SHADOW_STROKE / 2)


def reach(plane, direction) -> tuple[float, float]:
    """The range of s for which s × `direction` (plane units) stays inside the plane's box."""
    low, high = -np.inf, np.inf
    for j, box in enumerate((plane.x_range, plane.y_range)):
        if abs(direction[j]) > 1e-12:
            a, b = sorted((box[0] / direction[j], box[1] / direction[j]))
            low, high = max(low, a), min(high, b)
    return low, high


# The worked example and the comparison, laid out


@dataclass
class WorkedExample:
    """The worked example's plan: `blocks` shown one after another (`walks[i]`, block i's numbers, one by
    one), `leaving[i]` what leaves before block i comes, and the `verdict` under them or, `verdict_alone`
    (no room there), in their place once they leave; whether the names' legend stays under them."""

    blocks: list[VGroup]
    leaving: dict[int, list]
    walks: list[list]  # each block's numbers in the order they are worked out
    verdict: Text
    verdict_alone: bool
    legend_stays: bool  # the names' legend stays at the stage's foot under the steps
    aside: VGroup  # else the names the steps cut, whole, in a column beside them (empty: none)


def fitted(
    pieces: Pieces, layout: str, room, split: bool, whole: bool = False
) -> tuple[list[VGroup], dict[int, list], list[list]]:
    """The steps in `layout` (blocks, what leaves before each, and each one's numbers in order), the dot
    products' results on a second line if `split`, their arithmetic drawn at the largest factor (down to
    SMALLEST) that fits `room` (width, height); names and headers keep their size, so it takes rounds. The
    names cut to NAME_WIDTH, or `whole`, on as few lines as the width the arithmetic leaves allows."""

    def made(factor: float):
        steps = steps_at(pieces, factor, layout, split, room[0])
        if not whole:
            return steps
        spare = max(0.0, room[0] - VGroup(*steps[0]).width)
        return steps_at(pieces, factor, layout, split, room[0], NAME_WIDTH + spare)

    factor, steps = 1.0, made(1.0)
    for _round in range(4):
        table = VGroup(*steps[0])
        scale = min(room[0] / table.width, room[1] / table.height)
        if scale >= 1 or factor <= SMALLEST:  # fits, or not even at the least allowed size
            break
        factor = max(SMALLEST, factor * scale * 0.99)
        steps = made(factor)
    return steps


class Pieces:
    """The worked example's names, headers and formulas, each made once per step table and handed to every layout
    tried (making them anew for each was most of the chapter's build: issue 27). A layout moves what it is given,
    so only the last one laid out stands as laid out: the one `step_table` keeps, as each of its searches ends on
    the last it tried."""

    def __init__(self, tokens, trace):
        self.tokens, self.trace = tokens, trace
        self.working = Working(trace, EXP_PLACES)  # each quantity to as many places as the page prints it
        self.made: dict = {}

    def once(self, key, make):
        """What `make()` gives, made the first time `key` is asked for."""
        if key not in self.made:
            self.made[key] = make()
        return self.made[key]

    def names(self, whole_within: float | None, use: int = 0) -> list:
        """The names cut to NAME_WIDTH, or whole within `whole_within`: a set for each `use` (the "beside"
        layout shows them twice)."""
        return self.once(
            ("names", whole_within, use),
            lambda: (
                fit.names(self.tokens, NAME_WIDTH)
                if whole_within is None
                else [fit.whole_name(t, whole_within) for t in self.tokens]
            ),
        )

    def cells(self, kind: str, factor: float, *args) -> list:
        """The rows `Working.<kind>(*args)` gives, as formulas at `factor` times their size."""

        def make() -> list:
            made = [c.math(row) for row in getattr(self.working, kind)(*args)]
            one_size(VGroup(*made), factor)
            return made

        return self.once((kind, factor, *args), make)

    def sum_line(self, factor: float, per_line: int):
        """The sum of the exponentials, `per_line` terms a line, at `factor` times its size."""

        def make():
            word = formula_word(_("sum"), "sum")
            line = c.math(rf"\text{{{word}}} = " + self.working.total(per_line))
            one_size(line, factor)
            return line

        return self.once(("sum", factor, per_line), make)

    def heads(self) -> list:
        """The three steps' headers."""
        return self.once(
            "heads",
            lambda: [
                c.text(words, role="small", color=theme().muted)
                for words in (
                    _("1  dot products q · kᵢ"),
                    _("2  sᵢ = q · kᵢ / √%(d)s", d=self.trace.width),
                    _("3  wᵢ: exponentiate, sum, divide"),
                )
            ],
        )


def steps_at(
    pieces: Pieces,
    factor: float,
    layout: str,
    split: bool,
    width: float = RIGHT_EDGE - RIGHT_LEFT,
    whole_within: float | None = None,
) -> tuple[list[VGroup], dict[int, list], list[list]]:
    """The steps' blocks in `layout` (see `ThreeTokenDrag.step_table`), their arithmetic at `factor` times
    its size (the dot products on two lines if `split`), what leaves before each block, and each block's
    numbers in the order they are worked out; the sum of exponentials within `width`; the names cut to
    NAME_WIDTH, or whole within `whole_within`."""

    def names(use: int = 0) -> list:
        return pieces.names(whole_within, use)

    dots, scaled = pieces.cells("dots", factor, split), pieces.cells("scores", factor)
    exps, ratios = pieces.cells("exps", factor), pieces.cells("ratios", factor)

    def total(indent: float):
        """The sum of the exponentials, as many terms a line (up to SUM_TERMS_PER_LINE) as fit the
        worked example's width `indent` in from its left edge."""
        for per_line in range(SUM_TERMS_PER_LINE, 0, -1):
            line = pieces.sum_line(factor, per_line)
            if line.width <= width - indent:
                break
        return line

    heads = pieces.heads()
    if layout == "one_column":
        return one_column(names(), heads, (dots, scaled, exps, ratios), total, split)
    top = c.Grid(names(), dots, scaled, col_buff=0.35, row_buff=0.15)
    bottom = c.Grid(names(1), exps, ratios, col_buff=0.35, row_buff=0.15)
    top_names, _dots, top_scaled = top.columns
    step1 = VGroup(
        heads[0].next_to(top_names[0], UP, buff=0.2).align_to(top_names[0], LEFT), *top.columns[:2]
    )
    heads[1].next_to(top_scaled[0], UP, buff=0.2).align_to(top_scaled[0], LEFT)
    heads[1].shift(RIGHT * max(0.0, heads[0].get_right()[0] + 0.3 - heads[1].get_left()[0]))
    step2 = VGroup(heads[1].set_y(heads[0].get_y()), top_scaled)
    names3 = bottom.columns[0]
    summed = total(exps[0].get_left()[0] - bottom.get_left()[0])
    step3 = VGroup(
        heads[2].next_to(names3[0], UP, buff=0.2).align_to(names3[0], LEFT),
        bottom,
        summed.next_to(bottom, DOWN, buff=0.25).align_to(exps[0], LEFT),
    )
    walks = [dots, scaled, [*exps, summed, *ratios]]
    if layout == "in_place":
        step3.move_to(VGroup(step1, step2), aligned_edge=UL)
        return [step1, step2, step3], {2: [step1, step2]}, walks
    step3.next_to(VGroup(step1, step2), DOWN, buff=0.25).align_to(step1, LEFT)
    return [step1, step2, step3], {}, walks


def one_column(
    names, heads, columns, sum_line, split: bool
) -> tuple[list[VGroup], dict[int, list], list[list]]:
    """Names, and beside them one column at a time (dot products, scores, exponentials, weights), each in
    the place of the one before; the header of each step in the place of the one before; under the
    exponentials, from the names' edge, their sum, `sum_line(indent)`. Dot products on two lines (`split`)
    have rows of their own, closer: the names come again at the later steps' one-line pitch."""
    first = c.Grid(names, columns[0], col_buff=0.35, row_buff=0.1 if split else 0.15)
    table = first
    if split:
        table = c.Grid([n.copy() for n in names], columns[1], col_buff=0.35, row_buff=0.15)
        table.move_to(first, aligned_edge=UL)
    slots = table.columns[1]
    total = sum_line(0.0)  # from the names' edge: the whole width, on as few lines as can be
    for later in columns[1:]:
        for cell, slot in zip(later, slots):
            cell.move_to(slot, aligned_edge=LEFT)
    for head in heads:
        head.next_to(first, UP, buff=0.2).align_to(first, LEFT)
    total.next_to(VGroup(*columns[2]), DOWN, buff=0.25).align_to(table, LEFT)
    blocks = [
        VGroup(heads[0], first),
        VGroup(heads[1], table) if split else VGroup(heads[1], *columns[1]),
        VGroup(heads[2], *columns[2], total),
        VGroup(*columns[3]),
    ]
    walks = [list(columns[0]), list(columns[1]), [*columns[2], total], list(columns[3])]
    step1 = [heads[0], first] if split else [heads[0], *columns[0]]
    return blocks, {1: step1, 2: [heads[1], *columns[1]], 3: list(columns[2])}, walks


def others(group, parts) -> list:
    """The members of `group` that hold none of `parts`, each as large as can be (so that `parts` can come
    one by one and the rest with them at once)."""
    inside = {id(m) for part in parts for m in part.get_family()}
    found = []
    for member in group.submobjects:
        if id(member) in inside:
            continue
        held = any(id(m) in inside for m in member.get_family())
        found += others(member, parts) if held else [member]
    return found


def comparison_charts(tokens, sets, top: float, said: str) -> tuple[list[VGroup], Text]:
    """The weights of `sets` ((trace, header lines), left to right) as small charts side by side under `top`,
    from x = RIGHT_LEFT to CHART_RIGHT: bars whose height is the weight, on one baseline and one scale (as tall
    as the room allows, the tallest down to CRAMPED_BAR), their weights printed over or under them
    (`WeightChart`), each chart's header under it. The names stand whole under every chart's bars where they
    fit there, else once in a legend over the charts (never cut). The note, `said`, under it all. The charts
    are the bars with their headers, the legend with the first."""
    width = (CHART_RIGHT - RIGHT_LEFT - CHART_GAP * (len(sets) - 1)) / len(sets)
    pitch = width / len(tokens)
    names = fit.names(tokens, np.inf)
    named = max(name.width for name in names) <= pitch - 0.1
    legend = VGroup() if named else flow(names, CHART_RIGHT - RIGHT_LEFT, LEGEND_GAP, LEGEND_LINE_GAP)
    below = top - HEAD_BUFF
    if len(legend):
        below -= legend.move_to([RIGHT_LEFT, below, 0], aligned_edge=UL).height + LEGEND_BUFF
    note = fit.wrap_within(said, CHART_RIGHT - RIGHT_LEFT, role="small", color=theme().muted)
    tallest = max(float(np.max(trace.weights)) for trace, _ in sets)

    @functools.cache
    def cramped(rows: int) -> list[WeightChart]:
        """The charts at the least height, where the values over the bars reach highest over the tallest (a value
        lifted over a shorter bar's, a two-line one over a bar too short to matter): room for them at any height.
        Made once for each `rows` (making them for each header tried was a sixth of the chapter's build)."""
        return [WeightChart(tokens, trace, pitch, CRAMPED_BAR / tallest, named, rows) for trace, _ in sets]

    # where the bars would be too short: without the headers' second lines ("as here"), then with fewer rows of
    # values under the bars, down to the largest alone over its bar
    for rows, kept in product((VALUE_ROWS, 1, 0), (2, 1)):
        charts = cramped(rows)
        over = max(chart.headroom() for chart in charts)  # under the baseline, values and names
        under = max(chart.baseline.get_y() - chart.get_bottom()[1] for chart in charts)
        headers = [chart_label(lines[:kept], width + CHART_GAP - 0.1) for _, lines in sets]
        under_all = under + HEADER_BUFF + VGroup(*headers).height + NOTE_BUFF + note.height
        room = below - over - under_all - STAGE.bottom
        if room >= CHART_BAR[0]:
            break
    # shorter bars than CHART_BAR's least before the note goes into the caption band
    height = float(np.clip(room, CRAMPED_BAR, CHART_BAR[1])) / tallest  # of a weight of 1
    charts = [WeightChart(tokens, trace, pitch, height, named, rows) for trace, _ in sets]
    base = below - over - height * tallest
    made, ascent = [], max(header.get_top()[1] for header in headers)  # over their first baseline, at y 0
    for i, (chart, header) in enumerate(zip(charts, headers)):
        chart.shift([RIGHT_LEFT + i * (width + CHART_GAP), base, 0])
        header.shift([chart.baseline.get_x(), base - under - HEADER_BUFF - ascent, 0])
        made.append(VGroup(chart, header))
    made[0].add(legend)
    # where even the least bars leave no room, the note comes up to half its gap (corpus-12's six long names: a top
    # weight raised to be framed took the last 0.02)
    gap = max(NOTE_BUFF / 2, NOTE_BUFF - max(0.0, CRAMPED_BAR - room))
    note.next_to(VGroup(*made), DOWN, buff=gap).set_x(RIGHT_LEFT, LEFT)
    return made, note


class WeightChart(VGroup):
    """One set of weights as bars whose height is the weight (`height` for a weight of 1), `pitch` apart on a
    baseline from the origin rightwards, in the tokens' colours, and its weights printed (as
    `arithmetic.sci_parts` prints it: a positive weight never reads 0.000), each centred on its bar: over it in
    small type where every one fits there (`over`: clear of the other bars' columns and OVER_GAP from each other,
    one lifted over its neighbour's where need be, within the baseline's span: `stand_over`), else under the
    baseline in the number size, on `rows` staggered rows (`fit.staggered`): from the largest down if they must,
    each where it keeps VALUE_GAP from the others, the rest left out (`shown` says which are printed; on more
    than one row, each in its token's colour), or with no rows the largest alone over its bar; under them each
    bar's name if `named`."""

    def __init__(self, tokens, trace, pitch: float, height: float, named: bool, rows: int = VALUE_ROWS):
        super().__init__()
        self.weights = np.asarray(trace.weights, dtype=float)
        self.baseline = Line(ORIGIN, RIGHT * pitch * len(tokens), color=theme().muted, stroke_width=2)
        self.bars = VGroup(
            *[
                Rectangle(
                    width=min(CHART_BAR_WIDTH, 0.6 * pitch),
                    height=max(float(w), MIN_BAR) * height,
                    stroke_width=0,
                    fill_opacity=0.9,
                    fill_color=token_color(t),
                ).move_to([pitch * (i + 0.5), 0, 0], aligned_edge=DOWN)
                for i, (t, w) in enumerate(zip(tokens, self.weights))
            ]
        )
        log10_weights = (np.asarray(trace.scores) - trace.log_exp_sum) / np.log(10)
        self.shown = list(range(len(self.bars)))  # the bars whose weights are printed
        self.stacked = False  # values under the bars on more than one row
        # over the bars in small type (review V4: the lecture's staggered rows under them were cramped), else
        # under them in the chapter's number size
        self.values = VGroup(*[weight_label(x, "small") for x in log10_weights])
        self.over = self.stand_over()
        if not self.over:
            self.values = VGroup(*[weight_label(x) for x in log10_weights])
            self.over = self.stand_over() or not self.stand_under(rows)
        self.leaders = self.lead_up() if self.over else self.lead()
        self.raise_top()
        if self.stacked:  # read by colour, not line by line (review 5: river, money, bank, water)
            for value, token in zip(self.values, tokens):
                value.set_color(token_color(token))
        self.add(self.baseline, self.bars, *(self.values[i] for i in self.shown), self.leaders)
        self.names = VGroup(*(fit.names(tokens, np.inf) if named else []))
        top = min(0.0, *(self.values[i].get_bottom()[1] for i in self.shown)) - NAME_BUFF
        for name, bar in zip(self.names, self.bars):
            name.next_to(bar, DOWN, buff=NAME_BUFF).set_y(top, UP)
        self.add(self.names)

    def raise_top(self) -> None:
        """The largest weight, where it stands just over its bar and the summary frames it alone (`top_bar`), raised
        to FRAMED_OVER over it: its frame, FRAME_BUFF round it (4 px at 480p), stays clear of the bar (review V8a:
        the frames rested on the bars; framed tighter instead, 1 px from the bar, they touched the digits)."""
        top = int(np.argmax(self.weights))
        value, bar = self.values[top], self.bars[top]
        if top in self.shown and np.isclose(value.get_bottom()[1] - bar.get_top()[1], VALUE_BUFF):
            if len(top_bar(self)) == 1:
                value.shift(UP * (FRAMED_OVER - VALUE_BUFF))

    def stand_over(self) -> bool:
        """Each value over its bar, within the baseline's span, from the smallest weight's up, each that stands
        less than OVER_GAP beside a value placed before lifted as far over it as makes OVER_GAP, corner to corner
        (review V6: over the bars of 0.003 and 0.056, the values stood 7 px apart and read as one string);
        whether every one is clear of the other bars' columns and none would be lifted over a lifted one (a third
        row). Side by side, whatever the bars' heights: so the same at any height."""
        placed = []  # each value's box and whether it stands beside one placed before
        for i in sorted(range(len(self.bars)), key=lambda i: (self.weights[i], i)):
            value = self.values[i].next_to(self.bars[i], UP, buff=VALUE_BUFF)
            within(value, self.baseline)
            box = fit.box(value)
            beside = [other for other, _ in placed if side_gap(box, other) < OVER_GAP]
            if any(lifted for other, lifted in placed if side_gap(box, other) < OVER_GAP):
                return False
            lift = max([0.0, *(other[1][1] + lift_over(box, other) - box[0][1] for other in beside)])
            value.shift(UP * lift)
            placed.append((box + [0, lift], bool(beside)))
        spans = [fit.box(m)[:, 0] for m in (*self.bars, *self.values)]
        n = len(self.bars)
        for i in range(n):
            left, right = spans[n + i]
            columns = [spans[j] for j in range(n) if j != i]
            if any(left < high + VALUE_BUFF and low - VALUE_BUFF < right for low, high in columns):
                return False
        return True

    def headroom(self) -> float:
        """How far the printed values reach over the tallest bar (none where they stand under the baseline)."""
        tops = [self.values[i].get_top()[1] for i in self.shown]
        return max(0.0, max(tops) - max(bar.get_top()[1] for bar in self.bars))

    def stand_under(self, rows: int) -> bool:
        """The values under their bars, on `rows` rows where each keeps VALUE_GAP from the others there
        (`fit.staggered`): left to right, which needs the fewest rows, or where that leaves one out, from the
        largest down, leaving out those with no place. Within the baseline's span but for SPILL at its ends.
        With no rows, the largest alone over its bar (and False: none stands under)."""
        if not rows:  # the largest alone, just over its bar
            top = int(np.argmax(self.weights))
            within(self.values[top].next_to(self.bars[top], UP, buff=VALUE_BUFF), self.baseline)
            self.shown = [top]
            return False
        for order in (range(len(self.bars)), ranked(self.weights)):
            for value, bar in zip(self.values, self.bars):
                value.move_to([bar.get_x(), -VALUE_DROP, 0], aligned_edge=UP)
                within(value, self.baseline, SPILL)
            placed = fit.staggered([self.values[i] for i in order], VALUE_GAP, ROW_BUFF, rows)
            self.shown = sorted(int(i) for i, row in zip(order, placed) if row is not None)
            self.stacked = any(placed)
            if len(self.shown) == len(self.bars):
                break
        return True

    def lead_up(self) -> VGroup:
        """Over the bars, a thin line from each value lifted over its neighbour's down to its bar's top: so far
        over it, it might read as no bar's."""
        lines = VGroup()
        for i in self.shown:
            value, bar = self.values[i], self.bars[i]
            if value.get_bottom()[1] - bar.get_top()[1] > VALUE_BUFF + 1e-6:
                x = bar.get_x()
                ends = [x, bar.get_top()[1] + leaders.BUFF], [x, value.get_bottom()[1] - leaders.BUFF]
                lines.add(leaders.line(*ends, theme().muted))
        return lines

    def lead(self) -> VGroup:
        """Under the baseline, a thin line from each value on a lower row up to its bar's foot, between the
        values over it (review 8: two staggered rows of weights read as two lines of data); none where the
        line would cross another value."""
        first = max(self.values[i].get_top()[1] for i in self.shown)
        lines = VGroup()
        for i in self.shown:
            value, x = self.values[i], self.bars[i].get_x()
            if value.get_top()[1] >= first - 1e-6:
                continue  # on the first row: under its bar already
            line = leaders.line([x, value.get_top()[1] + leaders.BUFF], [x, -leaders.BUFF], theme().muted)
            if all(fit.apart(line, self.values[j]) for j in self.shown if j != i):
                lines.add(line)
        return lines

    def shown_values(self) -> list[str]:
        """The weights printed, left to right."""
        return [self.values[i].printed for i in self.shown]


def side_gap(box, other) -> float:
    """How far apart two boxes stand side by side (negative where they overlap in x)."""
    return float(max(other[0][0] - box[1][0], box[0][0] - other[1][0]))


def lift_over(box, other) -> float:
    """How far over `other`'s top a value's `box` stands OVER_GAP from it, corner to corner."""
    return float(np.sqrt(max(0.0, OVER_GAP**2 - max(0.0, side_gap(box, other)) ** 2)))


def within(mobject, line, spill: float = 0) -> None:
    """`mobject` shifted sideways into `line`'s horizontal span widened by `spill`, where it sticks out."""
    mobject.shift(RIGHT * max(0.0, line.get_left()[0] - spill - mobject.get_left()[0]))
    mobject.shift(LEFT * max(0.0, mobject.get_right()[0] - line.get_right()[0] - spill))


def weight_label(log10_weight: float, role: str = "number"):
    """A weight given by its base-10 logarithm, as `arithmetic.sci_parts` prints it (in TeX, as the other
    numbers, in `role`'s size): '0.026', or below 0.001 '2.10' over '× 10⁻⁵' (on two lines, narrow enough for a
    bar's column); `printed` keeps it as text."""
    number, exponent = sci_parts(float(log10_weight))
    # the mantissa braced, as an exponent is: whoever reads the TeX (the printed-values test) takes it for one
    shown = c.math(
        number if exponent is None else rf"{{{number}}} \\ {{}}\times 10^{{{exponent}}}", role=role
    )
    shown.printed = number if exponent is None else f"{number} × 10^{exponent}"
    return shown


def chart_label(lines, width: float) -> VGroup:
    """A chart's name under it, a line each (wrapped within `width`), centred on x 0, its rows' baselines
    HEADER_LINES apart from y 0 down: the charts' headers side by side share their baselines (review J9: '÷ 1',
    without the √ that reaches below the line, had 'not divided' 4 px over 'as here')."""
    rows = [
        row for line in lines for row in fit.wrap_within(line, width, role="small").original_text.split("\n")
    ]
    shown = VGroup()
    for k, row in enumerate(rows):
        text = c.text(row, role="small", color=theme().muted).set_x(0)
        shown.add(text.shift(DOWN * (k * HEADER_LINES + baseline(text, row))))
    return shown


def baseline(text, content: str) -> float:
    """The y `text` (of `content`) stands on: where most of its letters and digits stand (signs such as ÷ float
    over it, √ reaches below it)."""
    chars = [char for char in content if not char.isspace()]  # a glyph each
    glyphs = [g for g, char in zip(text, chars) if char.isalnum()] if len(chars) == len(text) else []
    glyphs = glyphs or list(text)
    return float(np.median([glyph.get_bottom()[1] for glyph in glyphs]))
