"""Refocus each step (source 003): a new query re-weights the same keys and values."""

from __future__ import annotations

import numpy as np
from manim import (
    DL,
    DOWN,
    DR,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    AnimationGroup,
    Brace,
    Create,
    DashedVMobject,
    Dot,
    FadeIn,
    FadeOut,
    LaggedStart,
    Line,
    Rectangle,
    SurroundingRectangle,
    Text,
    ValueTracker,
    VGroup,
    linear,
)

from attention import attend, examples
from attention.examples import story
from i18n import _
from i18n.words import said_vector
from scenes.kit import components as c
from scenes.kit import fit, segments
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    decimals,
    fmt,
    fmt_column,
    fmt_input,
)
from scenes.kit.bars import VALUE_BUFF, VectorReadout, WeightBars, staggered_names
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import framed
from scenes.kit.formula_slot import formula_slot, formula_word, pin
from scenes.kit.magnifier import Magnifier, link_ends, side_for, square, unit
from scenes.kit.palette import DIM, GHOST, theme, token_color
from scenes.kit.stage import STAGE
from scenes.kit.value_plane import (
    NAME_WIDTH,
    OUTPUT_WIDTH,
    SHORTEST,
    TERM_WIDTH,
    ValuePlane,
    arrow,
    blend_rows,
    drop_crowded_values,
    place,
)
from scenes.kit.vector_rows import TokenRows, gap, named, one_size, vector

MORPH_SECONDS = 2
RIGHT_COLUMN = 4.15  # x of the plane's centre, at least (then as far right as its names may stand)
BARS_LEFT = 3.3  # the bars start right of the subtitle
COLUMN_GAP = 0.35  # between the left column and the bars or the plane
LEFT_WIDTH = 7.0  # the left column's width (query, keys and values, output) where the plane stands beside it
WIDE = BARS_LEFT - COLUMN_GAP - STAGE.body_left  # its width up to the bars, where the plane leaves it room
# the left column's layouts (`Refocus.layouts`), tried largest first until the magnified view finds a place clear of
# texts and value arrows and the column stands clear of the bars and the plane: at WIDE (review 5 / issue 29: wide
# keys left the column at half size, the frame's lower half empty), the scores under the query where that shrinks
# the column less; STEPS more widths down to LEFT_WIDTH (issue 29: from WIDE straight to LEFT_WIDTH, a column whose
# magnified view found no place at WIDE lost a quarter of its size), NARROWER than it, beside the query (review 5:
# beside it, long scores left 10 px digits at 480p); and at WIDE, shrunk CAP_STEP at a time (issue 29: corpus-22's
# view found its place at 0.98 of the column's size, where the next width shrank it to 0.89)
STEPS = 3
NARROWER = 0.5
CAP_STEP, CAPS = 0.02, 2
LOW_GAP = 0.25  # between the output and the rows w_i v_i (or the note) under it
BAR_HEIGHT, BAR_SPACING = 1.5, 3.9  # a weight of 1's height; the width the bars share
BAND_GAP = 0.3  # between the formula strip and the bars' highest number (review 4: they stood in the band)
PATH_STEPS = 24  # the query's path sampled this often for the highest the bars reach
PLANE_TOP = 0.6  # the highest the values' plane's top may stand (lower under the bars and their names)
PLANE_BOTTOM = STAGE.bottom + 0.05  # the lowest its bottom may reach: above the caption band
PLANE_WIDTH = 5.2  # the widest it may be
GHOST_PEEK = 0.08  # a ghost bar (a weight before the new query) reaches this far beyond its bar on each side
GHOST_DASH = 0.08  # the length of one of its dashes
GHOST_CLEAR = (
    0.15  # a ghost's dashes this near a new value standing inside it fade (review J9: 9 px beside it)
)
ROOM = 0.13  # between a framed text and its frame (review V8: frames of the default buff touched 'q', '=' and ']')
# how many times larger than the plane the magnified view draws the new blend (review 4: at about 1.2 times it
# hardly magnified): its panel's side follows from what it shows; smaller gains tried in turn where a larger
# one's panel covers a name; then, for a blend too large to magnify so within the plane's size, panels of
# ZOOM_SHARES of the plane's side; LAST_SHARE's where none of those finds a place clear of the texts (issue 29:
# corpus-15's column shrank to 0.59 to make room for a view 2.5 times the plane; it keeps 0.75 beside one 1.35 times)
ZOOM_GAINS = (3, 2.5, 2)
ZOOM_SHARES = (1, 0.8, 0.65)
LAST_SHARE = 0.5
MIN_GAIN = 1  # a view drawing the blend smaller than the plane magnifies nothing (corpus-16's drew it at 0.52
# times): the plane's own terms are shown instead
# ... and where no view finds a clear place and none would draw it this many times as large (issue 29: corpus-14's
# column shrank to 0.75 to make room for a view drawing the blend 1.15 times as large)
WORTH = 2
# the column's digits' least share of a number's size worth a magnified view (issue 29: corpus-15's column shrank to
# 0.74 for a view drawing the blend 1.35 times as large), or the largest layout's where that is less (German's is
# 0.796: its corpus-07 and -15 kept views at 0.75)
LEAST = 0.8
ZOOM_ROOM = 0.3  # inside the panel, room round the magnified square (its labels may reach further)
ZOOM_MARGIN = 0.1  # the magnified square: the new blend's extent and this much more
ZOOM_INSET = 0.1  # the panel's distance from the plane's corner
LABEL_BUFF = 0.12  # between an arrow of the magnified view and its label
# the magnified square's sides this far (scene units; 4 px at 480p) off the plane's axes and grid lines or on one,
# its margin grown MARGIN_STEP at a time up to MOST_MARGIN (review J9: its side 3 px under the x-axis read as a doubled
# line; corpus-00's short blend needed 1.09, which left its view magnifying nothing)
LINE_CLEAR, MARGIN_STEP, MOST_MARGIN = 0.08, 0.01, 0.35
SPOTS = (UR, UL, DR, DL, UP, DOWN, RIGHT, LEFT)  # where the magnified view may stand in the plane, in turn
BESIDE = (DL, LEFT, UL)  # then left of the plane, level with its bottom, middle or top
FURTHER = 3  # ... and up to this many half panels further left, a quarter panel at a time (a wide left column leaves
# room under it; issue 29: a half panel's steps missed the room between corpus-07's rows and the plane)
NAME_GAP = 0.1  # between two names under the bars on one row
NAME_DROP = 0.38  # a lower row of names under the bars: a name's height and a gap
NAME_ROWS = 3  # the most rows of names under the bars
TWIN_GAP = 0.3  # a value's name on the plane at least this far from its word under the bars (15 px at 480p)
ARROW_HALF = 0.05  # an arrow's half width, where a label of the magnified view keeps clear of it
BOX_BUFF = 0.12  # round the rows w_i v_i; kept above the caption band under the lowest of them
STILL = 0.01  # an output shifted less than this (plane units; under half a pixel at 480p) has not moved
NOTE_LEAST = (
    0.6  # the least share of its width the summary's note may be wrapped to beside the magnified view
)
STAGE_BOX = np.array(
    [[STAGE.body_left, STAGE.bottom], [STAGE.right, STAGE.top]]
)  # where the magnified view may stand


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

    def same_memory(self) -> None:
        self.beat("The same keys and values")
        self.play(FadeIn(self.heading), FadeIn(self.strip.dimmed()), run_time=0.5)
        self.show(
            LaggedStart(
                FadeIn(self.memory, shift=RIGHT * 0.2),
                FadeIn(self.query, shift=RIGHT * 0.2),
                *([FadeIn(self.legend)] if len(self.legend) else []),
                lag_ratio=0.5,
            ),
            run_time=1.2,
            caption=_("Keep the keys and values from before, and the first query."),
        )
        # framed as read (review V8: a 3.3 s still)
        self.show(
            LaggedStart(framed(self.memory, theme().muted, ROOM), framed(self.query, theme().query, ROOM)),
            run_time=2,
        )
        self.show(
            *([FadeOut(self.legend)] if len(self.legend) else []),  # the bars and the plane take its place
            FadeIn(self.scores),
            FadeIn(self.bars),
            FadeIn(self.plane),
            FadeIn(self.output_label),
            FadeIn(self.output),
            run_time=1.5,
            caption=_("Its weights and its output, as computed in the last chapter."),
            hold=2.5,
        )

    def new_query(self) -> None:
        self.beat("A new query")
        self.show(
            FadeIn(self.tag),
            FadeIn(self.tag_text),
            run_time=0.8,
            caption=_("The keys and values do not change."),
            hold=1,
        )
        self.show(
            FadeOut(self.query),
            FadeIn(self.next_query),  # digits replaced, not morphed (review V8: garbled shapes)
            self.memory.animate.set_opacity(DIM),
            run_time=1.2,
            caption=_(
                "Only the query changes, to %(query)s.",
                query=said_vector(fmt_input(x) for x in self.after.query),
            ),
        )
        self.query = self.next_query
        self.show(framed(self.query, theme().query, ROOM), run_time=1.5)  # as it is read (review V4: a still)

    def new_blend(self) -> None:
        self.beat("New weights, new blend")
        self.old_output = self.plane.output.copy().set_opacity(GHOST)
        self.show(
            FadeOut(self.scores),
            FadeIn(self.next_scores),
            FadeIn(self.old_output, *self.ghosts),
            self.strip.light("dot", "scale"),
            run_time=1,
            caption=_(
                "New scores %(scores)s.", scores=said_vector(fmt_column(self.after.scores, SCORE_PLACES))
            ),
        )
        moving = self.follow(VGroup(self.bars, self.plane, self.output), self.follow_query)
        recompute, moved = moves_captions(self.before, self.after)
        self.show(
            self.q_tracker.animate.set_value(1.0),
            self.strip.light("exp", "blend"),
            run_time=MORPH_SECONDS,
            caption=recompute,
        )
        self.unfollow(moving)
        # a value over a dashed bar it fits inside reads as its value (review V4)
        settle = [*self.stacked_values(), *self.opened_ghosts()]
        if settle:
            self.show(*settle, run_time=1, hold=0.5)
        else:
            self.wait(1.5)
        self.show(
            *([FadeIn(self.old_values)] if len(self.old_values) else []),
            *[framed(part, theme().muted) for part in (*self.old_values, self.old_output)],
            run_time=1.5,
            caption=_("The dashed bars and the faint arrow are the blend before;"),
        )
        self.show(
            framed(self.plane.output, theme().output),
            run_time=1.5,
            caption=moved,
        )

    def zero_value(self) -> None:
        self.beat("What each value adds")
        if self.zoom is None:  # the plane's own terms: the blend fills it (corpus-05), no view magnifies it
            terms = [mark for mark in (*self.plane.terms, self.plane.output) if mark.get_stroke_opacity() > 0]
            shown, caption = [], _("On the plane: each weight times its value, tip to tail,")
        else:
            terms = [*self.zoom.terms, self.zoom.output]
            shown, caption = (
                [FadeIn(self.zoom), *[FadeOut(m) for m in self.covered()]],
                _("Magnified: each weight times its value, tip to tail,"),
            )
        self.show(
            *shown,
            FadeOut(*self.ghosts, *self.old_values),
            *self.values_on_bars(),
            self.strip.light("blend"),
            run_time=1.2,
            caption=caption,
        )
        source = self.plane.plane if self.zoom is None else self.zoom.frame  # what the view magnifies
        self.show(framed(source, theme().muted), run_time=1.5)
        self.show(
            LaggedStart(*[framed(term, term.get_color()) for term in terms], lag_ratio=0.6),
            run_time=2.5,
            caption=_("adds up to the output."),
        )
        output_caption, focus_caption = self.zero_captions
        self.show(
            self.memory.animate.set_opacity(1),
            framed(VGroup(self.output_label, self.output), theme().output, ROOM),
            run_time=1.5,
            caption=output_caption,
        )
        self.show(framed(terms[-1], theme().output), run_time=1.5)  # the same output, drawn
        self.show(
            FadeIn(self.zero_rows),
            Create(self.zero_box),
            *[framed(self.bar_and_value(i), self.bars.bars[i].get_fill_color(), ROOM) for i in self.focused],
            run_time=1.5,
            caption=focus_caption,
            hold=1,
        )

    def summary(self) -> None:
        self.beat("Summary")
        # the note takes the rows' place; the magnified view stays, the poster's picture at a readable size
        # (review 5), unless it stands where the note does: then the note takes its place too
        covered = self.note_covered()
        gone = [self.zero_rows, self.zero_box, *([self.zoom] if covered else [])]
        # the rows go before the note comes, over nothing (review B10: it faded in over them), each evenly
        turn = AnimationGroup(
            FadeOut(*gone, rate_func=linear), FadeIn(self.note, rate_func=linear), lag_ratio=1
        )
        self.show(
            turn,
            self.strip.light(),
            run_time=1.6,
            caption=_("Recompute the weights for each new query;"),
        )
        self.show(
            framed(self.memory, theme().muted, ROOM),
            run_time=2,
            caption=_("the stored keys and values are reused."),
            hold=1,
        )

    def build(self) -> None:
        self.lay_out()
        view, stays = self.zoom is not None, self.zoom is not None and not self.note_covered()
        self.layout_facts = {"view": view, "view_stays": stays}  # for drawn.py

    def lay_out(self) -> None:
        """Every mobject, in the first of the left column's layouts (`layouts`), largest first, that leaves the
        magnified view a place clear of the texts and the value arrows, the plane's names clear and the column clear
        of the bars and the plane; else the first leaving those two clear, with no magnified view where its best
        place covers a name (corpus-05); a layout where no view magnifies (`magnified`) needs no place for one.
        Where the view's place shrinks the column under LEAST (or the largest layout's factor, if less) and a larger
        layout leaves it that or more, that one, with the plane's own terms."""
        self.make(True, WIDE)
        made, fallback = {self.kind(True, WIDE, 1)}, None  # each layout made once
        least = min(LEAST, self.choice(True, WIDE, 1)[0])
        for layout in [(True, WIDE, 1), *sorted(self.layouts(), key=lambda k: -self.choice(*k)[0])]:
            if self.kind(*layout) not in made:
                made.add(self.kind(*layout))
                self.make(*layout)
            if self.plane_names_clear() and self.column_clear():
                if self.zoom is None or not any(self.zoom.hits[:2]):
                    if fallback and self.choice(*layout)[0] < least <= self.choice(*fallback)[0]:
                        self.make(*fallback)  # readable digits rather than a view (issue 29: corpus-07, -15)
                        self.zoom = None
                    return
                fallback = fallback or layout
        if fallback and self.kind(*fallback) != self.kind(*layout):
            self.make(*fallback)
        if self.zoom is not None and self.zoom.hits[0]:  # no view clear of the names (corpus-05): the plane's
            self.zoom = None  # own terms are shown

    def layouts(self) -> list[tuple[bool, float, float]]:
        """The left column's layouts, as (scores under the query allowed, width, the most its factor may be): WIDE
        down to LEFT_WIDTH in STEPS, NARROWER, then beside the query; and at WIDE, shrunk CAP_STEP at a time, CAPS
        times (issue 29: a column a little smaller leaves the magnified view a place beside it where a narrower one
        shrinks more)."""
        widths = [(True, w, 1) for w in [*np.linspace(WIDE, LEFT_WIDTH, STEPS + 1), LEFT_WIDTH - NARROWER]]
        largest = self.choice(True, WIDE, 1)[0]
        return [
            *widths,
            (False, LEFT_WIDTH, 1),
            *[(True, WIDE, largest - CAP_STEP * k) for k in range(1, CAPS + 1)],
        ]

    def kind(self, under: bool, width: float, cap: float) -> tuple[float, bool]:
        """What tells one layout from another (`choice`): a factor differing by under half a percent, no more."""
        factor, beside = self.choice(under, width, cap)
        return round(factor, 2), beside

    def choice(self, under: bool, width: float, cap: float = 1) -> tuple[float, bool]:
        """The factor the column shrinks by within `width` and `cap`, and whether the scores stand beside the query
        (where `under` allows either, the one shrinking it less; beside on a tie), from the sizes `layout`
        measured."""
        options = [(min(cap, width / w, self.room / h), beside) for beside, (w, h) in self.sizes.items()]
        return max(option for option in options if option[1] or under)

    def column_clear(self) -> bool:
        """Whether every text of the left column (the new query and scores too) stands COLUMN_GAP clear of the
        bars, their names and the plane (a wide column reaches under the bars, over the plane's names)."""
        right = [self.bars, self.plane.plane, *[part for mark in self.plane.marks for part in mark]]
        left = [*self.column_texts(), self.next_query, self.next_scores, self.zero_rows, self.note]
        return all(fit.apart(a, b, COLUMN_GAP / 2) for a in left for b in right)

    def yielding(self) -> list:
        """What the magnified view may cover: the brace and its tag, said and read by the time it comes (issue 29:
        kept clear of them, the view left corpus-14's column at 0.75 of its size); they fade as it comes."""
        return [self.tag, self.tag_text]

    def covered(self) -> list:
        """What of `yielding` the magnified view, where it stands, covers: the brace and its tag go together (a brace
        left without its words read as a stray stroke)."""
        parts = [fit.box(part) for part in (self.zoom.panel, *self.zoom.labels, *self.zoom.links)]
        hit = [
            m for m in self.yielding() if any(not fit.boxes_apart(p, fit.box(m), ZOOM_INSET) for p in parts)
        ]
        pair = [self.tag, self.tag_text] if self.tag in hit or self.tag_text in hit else []
        return [*pair, *[m for m in hit if m not in pair]]

    def column_texts(self) -> list:
        """The left column's texts a magnified view must not cover (the summary's note aside)."""
        return [self.query, self.scores, self.memory, self.tag_text, self.output_label, self.output]

    def plane_names_clear(self) -> bool:
        """Whether the plane's names, at the size the column's layout gives every text, stand apart, under the
        bars' names and above the caption band (a larger column's larger names overlapped, one went under the
        plane into the band, or over its top onto the same name under a bar: corpus-22's 'γάμμα')."""
        names = [mark[1] for mark in self.plane.marks]
        apart = all(
            fit.apart(a, b) for k, a in enumerate(names) for b in [*names[k + 1 :], *self.bars.labels]
        )
        return apart and all(name.get_bottom()[1] >= STAGE.bottom for name in names)

    def make(self, under: bool, width: float, cap: float = 1) -> None:
        """Every mobject, the left column laid out as `choice` says."""
        self.example = self.inputs()
        self.before, self.after = self.example.trace(0), self.example.trace(1)
        ex, tr = self.example, self.before
        self.heading = c.chapter_title(_(self.title), _("A new query changes the blend of the same values"))
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        self.memory = TokenRows(
            ex.tokens,
            [named(f"k_{{{i + 1}}}", vector(k, theme().key), theme().key) for i, k in enumerate(tr.keys)],
            [
                named(f"v_{{{i + 1}}}", vector(v, theme().value), theme().value)
                for i, v in enumerate(tr.values)
            ],
            row_buff=0.15,
        )
        self.query = named("q", vector(tr.query, theme().query), theme().query)
        self.next_query = named("q", vector(self.after.query, theme().query), theme().query)
        self.scores, self.next_scores = (c.math(scores_tex(t)) for t in (self.before, self.after))
        self.bars = WeightBars(
            ex.tokens, tr.weights, height=BAR_HEIGHT, spacing=BAR_SPACING / len(ex.tokens), show_total=False
        )
        drop_crowded_values(self.bars)
        name_rows(self.bars, ex.tokens, BAR_SPACING / len(ex.tokens))
        self.names = shown_names(ex.tokens, self.bars.labels)
        self.memory.names.submobjects = [name.copy() for name in self.names]
        c.Grid(self.memory.names, *self.memory.columns, col_buff=0.4, row_buff=0.15)
        self.legend = fit.legend(self.bars.labels, LEFT_WIDTH)
        self.bars.shift(RIGHT * BARS_LEFT + UP * self.bars_baseline() - self.bars.baseline.get_left())
        height = plane_top(self.bars) - PLANE_BOTTOM
        self.plane = value_coloured(ValuePlane(ex.tokens, tr.values, PLANE_WIDTH, height, self.names))
        self.output = VectorReadout(tr.output, color=theme().output)
        output = formula_word(_("output"), "output")
        self.output_label = c.math(rf"\text{{{output}}} =", color=theme().output)
        self.tag = Brace(VGroup(*self.memory.columns), DOWN, color=theme().muted)
        self.tag_text = c.text(_("keys and values: unchanged"), role="small", color=theme().muted)
        self.zero_rows, self.focused, self.zero_captions = focus_terms(self.after, ex.tokens, self.names)
        self.note = arrow_lines(summary_note(self.before, self.after), LEFT_WIDTH)  # German wraps
        factor = self.layout(under, width, cap)
        self.ghosts, self.tags = self.old_marks(factor)  # drawn as the new query comes
        self.old_values = VGroup(*[tag for tag in self.tags if tag])
        self.zero_box = SurroundingRectangle(self.zero_rows, color=theme().output, buff=BOX_BUFF)
        self.plane.set_blend(tr.weights)
        self.zoom = self.magnified(factor)
        if self.zoom is not None and not fit.apart(self.note, self.zoom.panel, COLUMN_GAP):
            self.note_beside(self.zoom, factor)
        self.q_tracker = ValueTracker(0.0)

    def note_beside(self, zoom: Zoom, factor: float) -> None:
        """The summary's note wrapped to end COLUMN_GAP left of the magnified view where that leaves it NOTE_LEAST
        of its width, so the view stays to the end: in the rows' place, the note met the view of the lecture's own
        example, which then left the poster's output a few pixels long (or ended 5 px from it, review V4's
        lower bars)."""
        room = zoom.panel.get_left()[0] - COLUMN_GAP - self.note.get_left()[0]
        if NOTE_LEAST * self.note.width <= room < self.note.width:
            corner = self.note.get_corner(UL)
            wrapped = arrow_lines(summary_note(self.before, self.after), room / factor)
            wrapped.scale(factor).move_to(corner, aligned_edge=UL)
            if wrapped.get_bottom()[1] >= STAGE.bottom:  # the lines it gains above the caption band
                self.note = wrapped

    def note_covered(self) -> bool:
        """Whether the magnified view, where it stands, covers the summary's note."""
        parts = [fit.box(part) for part in (self.zoom.panel, *self.zoom.labels)] if self.zoom else []
        return any(not fit.boxes_apart(part, fit.box(self.note), ZOOM_INSET) for part in parts)

    def layout(self, under: bool, width: float, cap: float) -> float:
        """Query and scores, memory, output and notes in a left column; bars and the plane on the right.
        The column is measured in every arrangement (`sizes`), then laid out as `choice` says and shrunk, every
        text with it, so each role keeps one size: the factor it was shrunk by, returned."""
        self.output.next_to(self.output_label, RIGHT, buff=0.15)
        self.tag_text.next_to(self.tag, DOWN, buff=0.1)
        # the summary's note takes the rows' place (issue 29: a line of its own under them left six-row
        # examples' digits at 0.76 of their size)
        self.note.move_to(self.zero_rows, aligned_edge=UL)
        low = VGroup(VGroup(self.output_label, self.output), VGroup(self.zero_rows, self.note))
        low.arrange(DOWN, aligned_edge=LEFT, buff=LOW_GAP)
        column = VGroup(
            VGroup(self.query, self.scores),
            VGroup(self.memory, self.tag, self.tag_text),
            low,
        )
        top = self.strip.get_bottom()[1] - 0.3
        self.room = top - STAGE.bottom - BOX_BUFF

        def laid_out(beside: bool) -> None:
            """The column with the scores beside the query or under it."""
            if beside:  # clear of the new query too (corpus-04: '[−2, 2, −1, 1]' ran into 's =')
                wider = max(0, self.next_query.width - self.query.width)
                self.scores.next_to(self.query, RIGHT, buff=0.6 + wider)
            else:
                self.scores.next_to(self.query, DOWN, buff=0.2, aligned_edge=LEFT)
            column.arrange(DOWN, aligned_edge=LEFT, buff=0.35)
            column[0].shift(RIGHT * (self.memory.columns[0].get_right()[0] - self.query.get_right()[0]))

        self.sizes = {}
        for beside in (True, False):
            laid_out(beside)
            self.sizes[beside] = column.width, column.height
        factor, beside = self.choice(under, width, cap)
        self.scores_under = not beside
        laid_out(beside)
        column.scale(factor).set_x(STAGE.body_left, LEFT).set_y(top - column.height / 2)
        grid = self.plane.plane
        self.plane.shift(
            RIGHT * (RIGHT_COLUMN - grid.get_x()) + UP * (plane_top(self.bars) - grid.get_top()[1])
        )
        for later, now in ((self.next_query, self.query), (self.next_scores, self.scores)):
            later.scale(factor).move_to(now, aligned_edge=LEFT)
        one_size(VGroup(column, self.bars, self.plane, self.next_query, self.next_scores, self.strip), factor)
        pin(self.strip, self.heading)
        self.place_legend(factor)
        rows = SurroundingRectangle(  # corpus-15: a name under the widest rows, or on their brace's end
            VGroup(self.memory, self.tag, self.tag_text), buff=COLUMN_GAP / 2
        )
        self.clear_plane_names(rows)
        self.output.lay_out()
        return factor

    def clear_plane_names(self, rows) -> None:
        """The plane's names clear of the bars' names and of the `rows` (`ValuePlane.clear_labels`), the plane moved
        right up to the labels' edge (room left of it for the magnified view), then each name TWIN_GAP from its own
        word under the bars, so no word reads written twice (clinic notes: the plane's 'fatigue' stood 5 px under
        the bars' 'fatigue'); names clear of those stay where they are."""
        texts = [*self.bars.labels, rows]
        self.plane.clear_labels(texts)
        self.plane.shift(RIGHT * max(0, fit.LABEL_RIGHT - self.plane.get_right()[0]))
        twins = [
            bar
            for bar, mark in zip(self.bars.labels, self.plane.marks)
            if not fit.apart(bar, mark[1], TWIN_GAP)
        ]
        if twins:
            self.plane.clear_labels([*texts, *[SurroundingRectangle(bar, buff=TWIN_GAP) for bar in twins]])

    def place_legend(self, factor: float) -> None:
        """The names the bars cut, whole, shown with the keys and values where their names are first read and faded
        as the bars and the plane come: right of the rows where it fits before the stage's edge, else under them,
        where the brace and the output come later, as wide as the stage (issue 29: under the column it shrank six
        long names' digits to 0.61)."""
        if not len(self.legend):
            return
        right = max(part.get_right()[0] for part in (self.query, self.scores, self.memory)) + COLUMN_GAP
        spot = np.array([right, self.memory.get_top()[1], 0])
        if right + self.legend.width * factor > STAGE.right:
            self.legend = fit.legend(self.bars.labels, (STAGE.right - STAGE.body_left) / factor)
            spot = self.memory.get_corner(DL) + DOWN * COLUMN_GAP
        self.legend.scale(factor)
        one_size(self.legend, factor)
        self.legend.move_to(spot, aligned_edge=UL)

    def magnified(self, factor: float) -> Zoom | None:
        """The new blend's magnified view, most magnified first (ZOOM_GAINS, then ZOOM_SHARES of the plane for a
        blend too large to magnify within its size, LAST_SHARE where none of those is clear): the first that covers
        no text (the plane's names, the bars, the left column) and none of the value arrows and the origin (review
        7: it hid the origin and two arrows), nor the summary's note where one such does (the view then stays to the
        end); else the one covering fewest texts, then fewest of those shapes; the faint output before is covered
        (or crossed by the lines to the panel) only where every place would; where none finds a place, the views
        leaving the terms shorter than their labels unlabelled are tried too (issue 29: corpus-07's column shrank to
        0.72 for the room its labels took). None where none draws the blend MIN_GAIN times as large as the plane or
        larger, or none finds a clear place and none draws it WORTH times as large."""
        kept = [text for text in self.column_texts() if text not in self.yielding()]
        names = [*[mark[1] for mark in self.plane.marks], self.bars, *kept, self.zero_box]
        origin = Dot(self.plane.plane.c2p(0, 0), radius=0.05)
        tiers = (names, [*[mark[0] for mark in self.plane.marks], origin], [self.note], [self.plane.output])
        grid, ends = self.plane.plane, self.plane.term_ends(self.after.weights)
        largest = min(grid.width, grid.height)  # a panel no larger than the plane: it would hide it
        margin = clear_margin(grid, ends)
        sides = [side_for(grid, ends, margin, ZOOM_ROOM, gain) for gain in ZOOM_GAINS]
        sides = [side for side in sides if side <= largest] + [share * largest for share in ZOOM_SHARES]
        zooms = []
        for terse, tried, least in (
            (False, sides, MIN_GAIN),
            (True, sides, WORTH),
            (False, [LAST_SHARE * largest], MIN_GAIN),
        ):
            if any(not any(z.hits[:2]) for z in zooms):  # a view clear of the texts: no further tries
                break
            for side in tried:
                zoom = Zoom(self.plane, self.example.tokens, self.after, side, terse)
                if zoom.gain >= least:
                    one_size(zoom, factor)
                    zooms.append(zoom.settle(tiers))
        if not zooms or all(z.gain < WORTH and any(z.hits[:2]) for z in zooms):
            return None
        fewest = min(zooms, key=lambda z: z.hits)
        clear = fit.first_that_fits([*zooms, fewest], lambda z: not any(z.hits[:2]))
        return fit.first_that_fits([*zooms, clear], lambda z: not any(z.hits[:3]))

    def bars_baseline(self) -> float:
        """Where the bars' baseline stands: low enough that their highest number, at the tallest any bar grows
        as the query moves, stays BAND_GAP under the formula strip (review 4: the chart's top stood level with
        the strip, in the header band)."""
        peak = max(
            float(np.max(attend(self.query_at(t), self.example.keys, self.example.values).weights))
            for t in np.linspace(0, 1, PATH_STEPS + 1)
        )
        height = c.number(peak).height
        tag = c.number(0, role="small").height
        stacks = [  # the new and old values once the bars have moved (`stacked`)
            max(new + height, new if old is None else old + tag)
            for w0, w1 in zip(self.before.weights, self.after.weights)
            for new, old in [stacked(w0 * BAR_HEIGHT, w1 * BAR_HEIGHT, height)]
            if self.values_shown()
        ]
        reach = max([peak * BAR_HEIGHT + VALUE_BUFF + height, *stacks])
        return self.strip.get_bottom()[1] - BAND_GAP - reach

    def query_at(self, t: float) -> np.ndarray:
        """The query moving in a straight line from the first query to the second."""
        return (1 - t) * self.before.query + t * self.after.query

    def follow_query(self) -> None:
        """Recompute attention for the moving query; bars, plane and output follow."""
        trace = attend(self.query_at(self.q_tracker.get_value()), self.example.keys, self.example.values)
        self.bars.set_weights(trace.weights)
        for value, ghost in zip(self.bars.values, self.ghosts):  # on its bar or its ghost, the higher
            value.shift(UP * max(0, ghost.get_top()[1] + VALUE_BUFF - value.get_bottom()[1]))
        self.plane.set_blend(trace.weights)
        self.output.set_values(trace.output)

    def old_marks(self, factor: float) -> tuple[list[DashedVMobject], list]:
        """Each bar's weight before the new query, where the bar stands now: a dashed outline GHOST_PEEK wider
        than the bar and its value (so the dashes show beside a taller new bar, and a value inside the outline
        crosses none), and a tag: the value printed small and muted, placed by `stacked_values` once the bars have
        moved; None where `stacked` gives it no place or the bars' values are left out. Review V4: a faint line
        across the old top read as the underline of the new value over it, or hid inside the new bar."""
        shown = self.values_shown()
        widest = max(
            [bar.width for bar in self.bars.bars] + [value.width for value in self.bars.values if shown]
        )
        spacing = self.bars.bars[1].get_x() - self.bars.bars[0].get_x()
        width = min(widest + 2 * GHOST_PEEK, spacing - GHOST_PEEK)  # neighbours' dashes apart
        ghosts = []
        for bar in self.bars.bars:
            outline = Rectangle(width=width, height=bar.height, stroke_width=2)
            outline.move_to(bar, aligned_edge=DOWN).set_stroke(theme().muted)
            dashes = DashedVMobject(outline, num_dashes=int(outline.get_arc_length() / (2 * GHOST_DASH)))
            ghosts.append(
                dashes.set_z_index(-1)
            )  # behind the bars: no dash across a taller new bar (review J9)
        height = max([value.height for value in self.bars.values], default=0)
        tags = [
            c.number(w0, role="small", color=theme().muted)
            if shown and stacked(w0 * self.bars.max_height, w1 * self.bars.max_height, height)[1] is not None
            else None
            for w0, w1 in zip(self.before.weights, self.after.weights)
        ]
        one_size(VGroup(*[t for t in tags if t]), factor)
        return ghosts, tags

    def values_on_bars(self) -> list:
        """The moves that put each value back on its bar, as the ghosts go."""
        if not self.values_shown():
            return []
        bars = zip(self.bars.values, self.bars.bars)
        return [
            value.animate.shift(UP * (bar.get_top()[1] + VALUE_BUFF - value.get_bottom()[1]))
            for value, bar in bars
        ]

    def bar_and_value(self, i: int):
        """Bar `i` with its value printed over it, where the bars print them: one frame round both."""
        bar = self.bars.bars[i]
        return VGroup(bar, self.bars.values[i]) if self.values_shown() else bar

    def values_shown(self) -> bool:
        """Whether the bars print their values (`drop_crowded_values` leaves them out where they crowd)."""
        return self.bars.values in self.bars.submobjects

    def stacked_values(self) -> list:
        """The moves that put each new value where `stacked` says, over the bars as they stand; the tags are put on
        the ghosts' tops at once (they fade in as the values move)."""
        moves = []
        if not self.values_shown():
            return moves
        for tag, value, bar, ghost in zip(self.tags, self.bars.values, self.bars.bars, self.ghosts):
            new, old = stacked(ghost.get_top()[1], bar.get_top()[1], value.height)
            if tag is not None:
                tag.move_to([bar.get_x(), old, 0], aligned_edge=DOWN)
            moves.append(value.animate.shift(UP * (new - value.get_bottom()[1])))
        return moves

    def opened_ghosts(self) -> list:
        """The fades of the ghosts' dashes on a new bar (its fill lets a tenth of them through) and, where
        `stacked_values` puts a new value inside its ghost, within GHOST_CLEAR of that value: it breaks the dashed
        outline rather than stand enclosed in it (review J9)."""
        fades = []
        for k, (bar, ghost) in enumerate(zip(self.bars.bars, self.ghosts)):
            near = [dash for dash in ghost if centred_in(dash, fit.box(bar))]
            if self.values_shown() and self.tags[k] is not None:
                value = self.bars.values[k]
                new, _ = stacked(ghost.get_top()[1], bar.get_top()[1], value.height)
                area = fit.box(value) + [[0, new - value.get_bottom()[1]]] * 2
                near += [dash for dash in ghost if not fit.boxes_apart(area, fit.box(dash), GHOST_CLEAR)]
            fades += [dash.animate.set_stroke(opacity=0) for dash in dict.fromkeys(near)]
        return fades


def stacked(old_top: float, new_top: float, height: float) -> tuple[float, float | None]:
    """Where a bar's new value (`height` high) and the tag of its old value stand (their bottoms), given the tops of
    its ghost and of its bar: the value on its bar and the tag VALUE_BUFF over the ghost's top where the value fits
    under that with VALUE_BUFF to spare (inside a taller ghost); else the value over the higher top and no tag, the
    dashes alone marking the old weight (review V8: an old weight on the ghost's line ran into its dashes, stood on
    the axis inside cat's taller bar, and stood under the new weight; stacked over the new weight it pushed the bars
    down and shrank the plane)."""
    new = new_top + VALUE_BUFF
    if new + height + VALUE_BUFF <= old_top:
        return new, old_top + VALUE_BUFF
    return max(new_top, old_top) + VALUE_BUFF, None


def value_coloured(plane: ValuePlane) -> ValuePlane:
    """Each value's arrow (a dot for the zero vector) in the values' colour, as BlendByWeight draws them: a
    token's colour stays on its word and its term w_i v_i (review round 6: the values read as the words)."""
    for mark in plane.marks:
        mark[0].set_color(theme().value)
    return plane


def name_rows(bars: WeightBars, tokens, pitch: float) -> None:
    """Cut the bars' names to the fewest staggered rows (NAME_ROWS at most) on which none is cut below
    `fit.LEAST_LETTERS` letters, each name as wide as its row leaves, no two alike (`fit.distinct_names`)."""
    least = max(fit.least_width(t) for t in tokens)
    rows = fit.first_that_fits(range(1, NAME_ROWS + 1), lambda r: r * pitch - NAME_GAP >= least)
    names = fit.distinct_names(tokens, rows * pitch - NAME_GAP)
    staggered_names(bars, names, rows, NAME_DROP)


def shown_names(tokens, under_bars) -> list:
    """Each token's name in the column, the plane and the rows w_i v_i: whole where it fits NAME_WIDTH, else as
    `under_bars` cuts it. A long name took the left column's width and shrank every text in it (review 5: digits
    of 10 px at 480p with the river example), and one cut form per name is what the legend gives whole (issue 29:
    the plane and the w·v row cut 'the-qui…' where the bars and the legend had 'the-…')."""
    return [
        whole if whole.original_text == token else short
        for token, whole, short in zip(tokens, fit.names(tokens, NAME_WIDTH), under_bars)
    ]


def plane_top(bars: WeightBars) -> float:
    """Where the values' plane's top stands: at PLANE_TOP, or lower, under every row of the names under the bars
    (issue 29: with names on two rows or three the plane, shortened by NAME_DROP a row, still reached into the
    caption band)."""
    return min(PLANE_TOP, bars.labels.get_bottom()[1] - NAME_GAP)


def centred_in(mobject, area: np.ndarray) -> bool:
    """Whether `mobject`'s centre lies within `area` (a `fit.box`)."""
    centre = fit.box(mobject).mean(axis=0)
    return bool(np.all(area[0] <= centre) and np.all(centre <= area[1]))


def inside(box: np.ndarray, frame: np.ndarray) -> bool:
    """Whether `box` lies within `frame` (both as `fit.box` gives them)."""
    return bool(np.all(box[0] >= frame[0]) and np.all(box[1] <= frame[1]))


def crosses(area: np.ndarray, mark) -> bool:
    """Whether the arrow `mark` passes through `area` (a `fit.box`), its width included."""
    return bool(crossing(area[None], segments.of([mark])[0]))


def meets(line, mark) -> bool:
    """Whether `line` passes within two widths of the arrow `mark`."""
    return bool(met(segments.of([line])[0], segments.of([mark])))


def boxes(things) -> np.ndarray:
    """The `fit.box` of each of `things`, as an n x 2 x 2 array."""
    return np.array([fit.box(t) for t in things]).reshape(-1, 2, 2)


def crossing(areas: np.ndarray, segment: np.ndarray) -> int:
    """How many of `areas` (boxes) the arrow from `segment`'s start to its end passes through, its width included."""
    return int(np.count_nonzero(segments.near(areas, *segment, ARROW_HALF)))


def met(segment: np.ndarray, marks: np.ndarray) -> int:
    """How many of the arrows `marks` (segments) the line `segment` passes within two widths of."""
    return int(np.count_nonzero(segments.gaps_to(segments.sampled(*segment), marks) < 4 * ARROW_HALF))


def moves(before, after) -> tuple[bool, bool]:
    """Whether the new query moves the weights and the output, as the numbers say (corpus-05's equal keys: the
    same weights for any query): the weights when one changes by story.EQUAL or more (story's warning judges so
    too), the output when they move and it shifts STILL or more."""
    weights = not np.allclose(before.weights, after.weights, atol=story.EQUAL)
    return weights, bool(weights and np.linalg.norm(after.output - before.output) >= STILL)


def summary_note(before, after) -> str:
    """The summary's note, saying what `moves` finds."""
    weights, output = moves(before, after)
    if output:
        return _("new query → new weights → new output")
    if weights:
        return _("new query → new weights → the same output")
    return _("new query → the same weights → the same output")


def arrow_lines(content: str, width: float) -> Text:
    """`content`, steps joined by ' → ', on the fewest lines within `width`, each but the last ending in an arrow
    (review J9: wrapped by words, 'output' stood alone on the second line); by words where one step is wider."""
    steps = content.split(" → ")
    lines = [steps[0]]
    for k, step in enumerate(steps[1:], 2):
        joined = f"{lines[-1]} → {step}"
        if c.width_of(joined + (" →" if k < len(steps) else ""), "small") <= width:  # room for its arrow
            lines[-1] = joined
        else:
            lines[-1] += " →"
            lines.append(step)
    if max(c.width_of(line, "small") for line in lines) > width:
        return fit.wrap_within(content, width, role="small")
    return c.text("\n".join(lines), role="small")


def clear_margin(grid, points) -> float:
    """ZOOM_MARGIN, or more by MARGIN_STEP up to MOST_MARGIN, till each side of the magnified square round the origin
    and `points` (`magnifier.square`) stands LINE_CLEAR off the plane's axes and grid lines, or on one; ZOOM_MARGIN
    where none does."""
    step, scale = grid.x_range[2], unit(grid)

    def clear(margin: float) -> bool:
        centre, half = square(points, margin)
        sides = np.concatenate([centre - half, centre + half]) / step
        off = np.abs(sides - np.round(sides)) * step * scale
        return bool(np.all((off >= LINE_CLEAR) | (off < 1e-6)))

    margins = np.arange(ZOOM_MARGIN, MOST_MARGIN + MARGIN_STEP / 2, MARGIN_STEP)
    return next((float(m) for m in margins if clear(m)), ZOOM_MARGIN)


def moves_captions(before, after) -> tuple[str, str]:
    """The captions as the bars move, and as the output is framed, saying what `moves` finds."""
    weights, output = moves(before, after)
    if output:
        return (
            _("Recompute the weights: the bars move, and the output moves with them."),
            _("the new query moved the output here."),
        )
    recompute = (
        _("Recompute the weights: the bars move, but the output stays where it was.")
        if weights
        else _("Recompute the weights: they come out as before, and so does the output.")
    )
    return recompute, _("the new query left the output where it was.")


def scores_tex(trace) -> str:
    """'s = [1,  2,  3]': the trace's scores, one format for all."""
    return "s = [" + gap().join(fmt_column(trace.scores, SCORE_PLACES)) + "]"


def focus_terms(trace, tokens, names) -> tuple[VGroup, list[int], tuple[str, str]]:
    """The rows w_i × v_i of the zero values (else of the heaviest weight), named as `names`, the positions of
    the bars framed with them (every bar where the weights are equal), and the two captions read while they are
    shown: the output, then what those rows say about it."""
    rows = blend_rows(trace, tokens, names)
    zero = [i for i, v in enumerate(trace.values) if np.allclose(v, 0)]
    shown = zero or [int(np.argmax(trace.weights))]
    output = _(
        "The output is %(output)s.", output=said_vector(decimals(trace.output))
    )  # as its readout prints it
    if zero:
        focus = _("A zero value adds nothing, however large its weight.")
    elif story.equal(trace.weights):  # no word carries the most
        focus = _("Every word carries the same weight.")
    else:
        focus = _("%(word)s now carries the most weight.", word=_("“%(word)s”", word=tokens[shown[0]]))
    framed = list(range(len(tokens))) if not zero and story.equal(trace.weights) else shown
    return VGroup(*[rows.row(i) for i in shown]).arrange(DOWN, aligned_edge=LEFT), framed, (output, focus)


def term_label(weight: float, i: int) -> str:
    """'w v₂' for term i (from 0): the printed weight w and the value's name, the v upright in the number's
    sans face (review round 5: LaTeX's italic v read as serif beside the upright digits)."""
    return f"{fmt(weight, WEIGHT_PLACES)}\\,\\mathsf{{v}}_{{{i + 1}}}"


class Zoom(Magnifier):
    """The new blend magnified in a panel `side` wide (`Magnifier`): a square of the plane around the origin and
    the output, each term w_i v_i tip to tail in the panel, labelled with its printed weight and its value's name,
    and the output. Once the texts have their final size, `settle` places the labels and moves the panel where it
    covers least of what the plane shows, joined to the frame by two lines."""

    def __init__(self, plane: ValuePlane, tokens, trace, side: float, terse: bool = False):
        grid = plane.plane
        ends = plane.term_ends(trace.weights)
        super().__init__(grid, ends, side, clear_margin(grid, ends), min(ZOOM_ROOM, side / 4))
        self.grid = grid
        self.reach = plane.get_left()[0]  # the plane's left edge, its names included
        self.frame.set_stroke(theme().muted)
        starts = np.vstack([np.zeros((1, 2)), ends[:-1]])
        self.terms, self.labels, self.term_weights, self.unlabelled = VGroup(), VGroup(), [], []
        for i, (token, w, start, end) in enumerate(zip(tokens, trace.weights, starts, ends)):
            if np.linalg.norm(end - start) * self.magnify >= SHORTEST:  # a zero value adds nothing to draw
                self.terms.add(arrow(self.at(start), self.at(end), token_color(token), TERM_WIDTH))
                self.term_weights.append(w)
                self.labels.add(c.math(term_label(w, i), color=token_color(token)))
                if terse and np.linalg.norm(end - start) * self.magnify < self.labels[-1].width:
                    self.unlabelled.append(len(self.terms) - 1)
        origin = self.at(np.zeros(2))
        self.output = arrow(origin, origin + RIGHT, theme().output, OUTPUT_WIDTH)
        place(self.output, origin, self.at(ends[-1]), OUTPUT_WIDTH)  # nothing to draw for a zero output
        self.labels.add(c.text(_("output"), role="small", color=theme().output))
        # room for a label on any side, until `fit_panel` cuts the panel to what it shows
        widest = max(label.width for label in self.labels)
        tallest = max(label.height for label in self.labels) + LABEL_BUFF
        self.panel.stretch_to_fit_width(self.panel.width + 2 * widest)
        self.panel.stretch_to_fit_height(self.panel.height + 2 * tallest)
        self.square = self.axes().set_stroke(theme().grid, 2)
        self.view.add(self.square, self.terms, self.output, self.labels)

    def settle(self, tiers) -> Zoom:
        """Place the labels, then the panel in the corner or at the edge of the plane, or beside it on the left
        (inside the stage), where it and its labels overlap the fewest of the first of `tiers` (lists of
        things), then of the second and the frame, and so on, the lines joining it to the frame counted against
        the last tier's arrows (review 4: they crossed the old output's ghost); then the fewest of the first tier's
        texts and the values' arrows those lines cross; the place nearest the frame on a tie. `hits`: those
        counts where it stands."""
        self.place_labels()
        self.fit_panel()
        half = np.array([self.panel.width, self.panel.height, 0]) / 2
        spots = [self.grid.get_critical_point(d) - d * (half + ZOOM_INSET) for d in SPOTS]
        left = self.reach - ZOOM_INSET - half[0]
        levels = [self.grid.get_critical_point(d)[1] - d[1] * half[1] for d in BESIDE]
        spots += [
            [left - k * half[0] / 2, y, 0]
            for k in range(2 * FURTHER + 1)
            for y in [*levels, STAGE.bottom + half[1]]  # or on the stage's foot, under the column's texts
        ]

        first, second, *rest = tiers
        fixed = [boxes(things) for things in (first, [*second, self.frame], *rest)]  # they stay
        # arrows the lines joining the frame to the panel keep off, too
        last = segments.of(rest[-1] if rest else [])
        arrows = segments.of([m for m in second if isinstance(m, Line)])  # and the values' arrows
        here, frame = self.panel.get_center()[:2], fit.box(self.frame)
        parts = boxes([self.panel, *self.labels])  # where they stand now; a spot moves them all alike

        def cost(spot) -> tuple[float, ...]:
            moved = parts + (np.asarray(spot)[:2] - here)
            if not inside(moved[0], STAGE_BOX):  # on the stage, out of the caption band
                return (np.inf,) * (len(fixed) + 2)
            # a spot stands ZOOM_INSET from the plane by construction: a hair less, so rounding never decides
            covered = [
                int(np.count_nonzero(~fit.apart_each(moved, things, ZOOM_INSET - fit.HAIR)))
                for things in fixed
            ]
            links = [np.array([start[:2], end[:2]]) for start, end in link_ends(frame, moved[0])]
            covered[-1] += sum(met(link, last) for link in links)
            crossed = sum(crossing(fixed[0], link) for link in links)  # a thin line over a name hides less
            crossed += sum(met(link, arrows) for link in links)  # than a panel
            return *covered, crossed, float(np.linalg.norm(np.asarray(spot) - self.frame.get_center()))

        best = min(spots, key=cost)
        self.hits = cost(best)[:-1]
        self.place(best)  # and the view stands there
        self.link().links.set_stroke(theme().muted, 1.5)
        return self

    def fit_panel(self) -> None:
        """The panel cut to the magnified square and the labels placed round it, ZOOM_ROOM beside the square
        and LABEL_BUFF beyond the labels: only as wide as the labels need (review 4: a wide panel found no place
        clear of the plane, and a small one hardly magnified)."""
        square = fit.box(VGroup(self.square, self.terms, self.output)) + [[-ZOOM_ROOM] * 2, [ZOOM_ROOM] * 2]
        labels = fit.box(self.labels) + [[-LABEL_BUFF] * 2, [LABEL_BUFF] * 2]
        low, high = np.minimum(square[0], labels[0]), np.maximum(square[1], labels[1])
        self.panel.stretch_to_fit_width(high[0] - low[0]).stretch_to_fit_height(high[1] - low[1])
        self.panel.move_to([*(low + high) / 2, 0])

    def clear(self, label, placed, arrows) -> bool:
        """Whether `label` lies inside the panel, clear of every arrow and of the labels `placed`."""
        area = fit.box(label)
        away = all(fit.boxes_apart(area, fit.box(other)) for other in placed)
        return away and inside(area, fit.box(self.panel)) and not any(crosses(area, a) for a in arrows)

    def place_labels(self) -> None:
        """Each label beside the middle of its arrow, on the side away from the other arrows, else at the first
        of eight places round that middle inside the panel, clear of every arrow and of the labels placed
        before it: the output's first, then the terms' by weight. A term's label with no such place is left out
        (its arrow's colour still says whose value it is; review 7: "0.168 v₂" lay over an arrow and across the
        panel's edge)."""
        arrows = [*self.terms, self.output]
        by_weight = sorted(range(len(self.terms)), key=lambda k: -self.term_weights[k])
        placed, dropped = [], []
        for k in [len(arrows) - 1, *by_weight]:
            mark, label = arrows[k], self.labels[k]
            if k in self.unlabelled:
                dropped.append(label)
                continue
            along = mark.get_end() - mark.get_start()
            normal = np.array([-along[1], along[0], 0]) / max(np.linalg.norm(along), 1e-9)
            rest = [a.get_center() for a in arrows if a is not mark]
            if rest and np.dot(normal, mark.get_center() - np.mean(rest, axis=0)) < 0:
                normal = -normal
            ways = [
                normal,
                *[[np.cos(a), np.sin(a), 0] for a in np.linspace(0, 2 * np.pi, 8, endpoint=False)],
            ]

            point = mark.get_center()
            fits = any(self.clear(label.next_to(point, way, buff=LABEL_BUFF), placed, arrows) for way in ways)
            (placed if fits else dropped).append(label)
        self.labels.remove(*dropped)
