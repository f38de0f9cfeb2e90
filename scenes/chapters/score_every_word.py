"""Score every word (source 003): a width-4 query scores each key, term by term."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UP,
    AnimationGroup,
    FadeIn,
    FadeOut,
    GrowArrow,
    Indicate,
    LaggedStart,
    Line,
    Mobject,
    ReplacementTransform,
    SurroundingRectangle,
    Transform,
    VGroup,
    Write,
    rotate_vector,
)
from manim.utils.rate_functions import linear, smooth, squish_rate_func, there_and_back

from attention import examples
from attention.examples import story
from i18n import _, ngettext
from i18n.numbers import separator
from i18n.words import N_, quoted, said
from scenes.kit import arrows, fit, leaders, segments
from scenes.kit import components as c
from scenes.kit.arithmetic import SCORE_PLACES, fmt, fmt_column, fmt_input, relation
from scenes.kit.bars import baseline_of
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import framed, pulsed
from scenes.kit.formula_slot import formula_slot, pin
from scenes.kit.palette import DIM, theme, token_color
from scenes.kit.stage import STAGE
from scenes.kit.vector_rows import TokenRows, division_rows, dot_rows, named, one_size, vector

STAGE_WIDTH = 13.4  # the widest the rows may be
COMPASS_NAME = 0.7  # over a key's arrow in the compass: its name (and room round it)
Q_ROOM = 0.4  # right of the query's arrow, for its label
Q_STROKE = 4  # the query's arrow in the compass: narrower than a key's, drawn over them
KEY_STROKE = 10
KEY_SHARE = 0.75  # a key's arrow in the compass, as a share of the query's
NAME_WIDTH = 1.6  # a key's name at its tip in the compass is cut to this width
NAME_CLEAR = 0.1  # a key's name in the compass this far from every arrow and every other text, at the least
NAME_TURNS = (
    0,
    -30,
    30,
    -60,
    60,
    -90,
    90,
    -120,
    120,
    180,
)  # a name's way from its arrow's head, along it first
NAME_BUFFS = (0.12, 0.25, 0.45, 0.7)  # its distance from its head, nearer first
# ... where none is clear there: the nearest clear place this near, on a leader, tried on a grid this fine
LED_REACH, LED_STEP = 1.6, 0.05
# a leader may pass other arrows' heads this near its tip (crowded tips: ThreeTokenDrag's too)
LEAD_FREE = 0.45
LED_TRIES = 400  # the nearest clear places tried for a leader crossing nothing
ORDERS = ("", "left out first", "round", "round back")  # the orders a compass's names are placed in, in turn
NAMES_GAP = 0.2  # between the names of keys pointing one way, side by side
SAME_WAY = np.radians(1)  # keys turned less apart than this point one way: one arrow shows, their names by it
LENGTH_STEP = 0.15  # the compass is tried this much shorter each time until its names find their places
LEAST_LENGTH = 1.0  # ... down to this length of q's arrow
NAME_AHEAD = 0.4  # the way ahead of a key's tip kept free of the other keys' names
COMPASS_GAP = 0.5  # from the summary's box to the compass
BOX_MARGIN = 0.3  # room under the content for the box round the summary
BOX_BUFF = 0.2  # the box round the summary, this far outside it
SUMMARY_GAP = 0.6  # between the rows and the summary, at the least
COMPASS_HEIGHT = 1.9  # the compass's keys and a name above them, from the box's foot, at the least
COMPASS_FULL = 3.2  # ... and at the most, where the rows leave the room (a plane read at 480p, not an icon)
# the summary's box on one line at the widest, leaving the compass its least keys (COMPASS_HEIGHT's)
SUMMARY_WIDEST = (
    STAGE.right - STAGE.body_left - COMPASS_GAP - (COMPASS_HEIGHT - COMPASS_NAME) / KEY_SHARE - Q_ROOM
)
ROW_BUFF = 0.4  # between the keys' rows, at the least
SPREAD = 0.5  # the most added to each vertical gap when the rows leave the stage's lower part empty
FRAME_BUFF = 0.1  # frames round 'q = [...]' and the key scored (review V8a: round brackets alone: 1-2 px)
SHOWN = 0.2  # a flying entry's copy turns from unseen to whole over this distance, once right of the frames
SHOWN_FROM = 0.05  # ... from this far right of them
PAIRS_TIME, SUM_TIME = 1.7, 0.4  # a dot product's pairs flying in, then its sum fading in with its caption
FRAME_IN = 0.25  # its brackets and plus signs fade in over this share of PAIRS_TIME
FLIGHTS_FROM = 0.12  # ... and its entries fly in after this share
JOB_DROP = 0.65  # a role card's job, its baseline this far under its heading's
ORDER_GAP = 0.45  # the order note under the keys' names, at least half this clear of the rest


ROLES = (  # each role's name, symbol, job, colour and caption, translated where shown (see N_)
    (N_("query"), "q", N_("asks what to match"), "query", N_("The query asks what to match.")),
    (N_("keys"), "k_i", N_("decide the scores"), "key", N_("The keys decide the scores.")),
    (N_("values"), "v_i", N_("supply what is blended"), "value", N_("The values supply what is blended.")),
)
DISCLAIMER = N_("These are illustrative vectors, not learned word meanings.")


class ScoreEveryWord(ChapterScene):
    """The query's dot product with every key, then division by sqrt(d)."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.roles()
        self.vectors()
        self.dot_products()
        self.scale()

    def roles(self) -> None:
        self.beat("Three roles")
        self.play(FadeIn(self.heading), run_time=1)
        for card, role in zip(self.cards, ROLES):
            self.show(FadeIn(card, shift=UP * 0.2), run_time=0.9, caption=_(role[-1]), hold=1.0)
        self.show(FadeIn(self.disclaimer), run_time=0.8, caption=_(DISCLAIMER), hold=1.7)
        self.wait_for_reader()  # the disclaimer stays until its caption has been read
        self.play(FadeOut(self.cards), FadeOut(self.disclaimer), run_time=0.8)

    def vectors(self) -> None:
        self.beat("Query and keys")
        width = self.trace.width
        self.show(
            FadeIn(self.keys),
            FadeIn(self.strip.dimmed()),
            run_time=1.2,
            caption=keys_caption(len(self.example.tokens), width),
            hold=1,
        )
        self.show(
            FadeIn(self.query, shift=DOWN * 0.2),
            run_time=1,
            caption=_("The query has the same width, %(width)s.", width=width),
            hold=1.2,
        )
        if self.order_note:  # the last chapter's words in another order: said, never switched silently
            before, here = (listed(words) for words in (words_before(), self.example.tokens))
            self.show(
                FadeIn(self.order_note),
                caption=_("The last chapter had %(words)s;", words=before),
                run_time=1,
            )
            self.show(  # this chapter's order lit as it is read (one caption over both: a still of 5 s)
                Indicate(self.order_note.parts[-1], scale_factor=1.08, color=theme().text),
                caption=_("here the same words stand %(words)s.", words=here),
                run_time=1,
            )

    def dot_products(self) -> None:
        self.beat("Dot products, term by term")
        caption = _("Score each key: multiply matching entries of q and k, then add.")
        self.show(
            Write(self.formula),
            self.strip.light("dot"),
            *([FadeOut(self.order_note)] if self.order_note else []),
            run_time=1.2,
            caption=caption,
        )
        terms = self.formula[1]  # q_j k_ij, the product inside the sum
        rows = [self.keys.row(i) for i in range(len(self.products))]
        query_box = SurroundingRectangle(self.query, color=theme().query, buff=FRAME_BUFF)
        key_box = self.key_box(0)
        self.play(
            FadeIn(query_box),
            FadeIn(key_box),
            *[row.animate.set_opacity(DIM) for row in rows[1:]],
            Indicate(terms, color=theme().query),
            run_time=0.8,
        )
        self.play(  # "matching entries": q_j and k_1j lit pair by pair while the caption is read (was a 3.3 s still)
            LaggedStart(*[AnimationGroup(pulsed(q), pulsed(k)) for q, k in self.matching(0)], lag_ratio=0.6),
            run_time=max(1.0, self.caption_time(caption) - 2.3),
        )
        for i, product in enumerate(self.products):
            if i:  # the key box moves on, the query's stays: the same q meets each key
                self.play(
                    Transform(key_box, self.key_box(i)),
                    rows[i].animate.set_opacity(1),
                    rows[i - 1].animate.set_opacity(DIM),
                    self.products[i - 1].animate.set_opacity(DIM),
                    Indicate(terms, color=theme().query),
                    run_time=0.8,
                )
            flights, total, loose = self.paired(i)
            self.play(*flights, run_time=PAIRS_TIME)
            self.show(  # the caption with the sum it reads (review D10: it came 1.7 s before '= 4')
                total,
                run_time=SUM_TIME,
                caption=_(
                    "%(word)s: the products add up to %(dot)s.",
                    word=quoted(self.example.tokens[i]),
                    dot=said(fmt(self.trace.dots[i], SCORE_PLACES)),
                ),
            )
            self.remove(*loose)  # the row's glyphs, each group flown or faded in: the row whole again
            self.add(product)
        self.play(
            FadeOut(query_box),
            FadeOut(key_box),
            *[row.animate.set_opacity(1) for row in rows],
            *[p.animate.set_opacity(1) for p in self.products],
            run_time=0.6,
        )

    def paired(self, i: int) -> tuple[list, FadeIn, list]:
        """Key i's dot product written pair by pair: its brackets and plus signs, then copies of q_j and k_ij
        flying onto their places in them along the row's lane (its numbers in their vectors' colours); the
        animations, its sum's (played once every product is in: review V8a, '= 4' stood before its products), and
        the groups of the row's glyphs they leave in the scene."""
        product, pairs = self.products[i], self.pairs[i]
        flights = LaggedStart(
            *[
                AnimationGroup(
                    *[
                        flown(m, shown, self.lanes[i], self.open_x)
                        for m, shown in ((q, pair[0]), (k, pair[1]))
                    ]
                )
                for (q, k), pair in zip(self.matching(i), pairs)
            ],
            lag_ratio=0.5,
            rate_func=squish_rate_func(linear, FLIGHTS_FROM, 1),
        )
        placed = VGroup(*[glyph for pair in pairs for part in pair for glyph in part])
        result = VGroup(*product[0][pair_end(product, pairs) :])
        frame = VGroup(*[g for g in product[0] if g not in placed and g not in result])
        shown = [FadeIn(frame, rate_func=squish_rate_func(smooth, 0, FRAME_IN)), flights]
        return shown, FadeIn(result), [*[part for pair in pairs for part in pair], frame, result]

    def matching(self, i: int) -> list[tuple[Mobject, Mobject]]:
        """The query's entries, each with key i's entry it multiplies."""
        return list(zip(self.query[1].entries, self.keys.columns[0][i][1].entries))

    def key_box(self, i: int) -> SurroundingRectangle:
        """The frame round 'k_i = [...]' while its dot product is worked out (its '=' and brackets clear of it)."""
        return SurroundingRectangle(self.keys.columns[0][i], color=theme().key, buff=FRAME_BUFF)

    def scale(self) -> None:
        self.beat("Divide by the square root of the width")
        tr = self.trace
        self.show(
            FadeIn(self.divisor_note),
            self.strip.light("scale"),
            run_time=0.8,
            caption=_("Divide every dot product by √%(width)s.", width=tr.width),
        )
        self.play(
            LaggedStart(*[FadeIn(s, shift=RIGHT * 0.3) for s in self.scores], lag_ratio=0.3), run_time=1.5
        )
        self.wait(1)
        summed = _(
            "Dots %(dots)s, divided by √%(width)s: scores %(scores)s.",
            dots=listed_column(tr.dots),
            width=tr.width,
            scores=listed_column(tr.scores),
        )
        self.show(
            FadeIn(self.summary), FadeIn(self.summary_box), self.strip.light(), run_time=1, caption=summed
        )
        self.play(  # the dots, then the scores, framed as the caption reads them (German reads it for 7 s)
            LaggedStart(framed(self.products), framed(self.scores), lag_ratio=0.6),
            run_time=max(1.5, self.caption_time(summed) - 1),
        )
        self.show(  # whole while its sentence starts: the sentence reads it
            GrowArrow(self.compass.query),
            FadeIn(self.compass.query_label),
            *[GrowArrow(arrow) for arrow in self.compass.keys],
            *[FadeIn(part) for part in (self.compass.names, self.compass.leaders) if len(part)],
            run_time=1,
            caption=verdict(self.example.tokens, tr),
            hold=0.5,
        )
        ahead = _("Next, softmax turns the scores %(scores)s into weights.", scores=listed_column(tr.scores))
        self.show(  # frames, not pulses: each score ends as it started, whenever the chapter's last frame is
            LaggedStart(  # done a little before the words: the last frame drawn is the picture held
                *[framed(s) for s in self.scores], lag_ratio=0.6, rate_func=squish_rate_func(linear, 0, 0.9)
            ),
            run_time=self.caption_time(ahead),
            caption=ahead,
        )

    # layout: made once by build(), before any beat plays

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.trace = self.example.trace(0)
        ex, tr = self.example, self.trace
        self.heading = c.chapter_title(_(self.title), _("A query scores each key before values are mixed"))
        self.cards = role_cards().arrange(RIGHT, buff=0.35).move_to(UP * 0.2)
        self.disclaimer = c.text(_(DISCLAIMER), role="small", color=theme().muted)
        self.disclaimer.next_to(self.cards, DOWN, buff=0.6)
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        self.query = named("q", vector(tr.query, theme().query), theme().query)
        self.keys = TokenRows(
            ex.tokens,
            [named(f"k_{{{i + 1}}}", vector(k, theme().key), theme().key) for i, k in enumerate(tr.keys)],
            row_buff=ROW_BUFF,
        )
        self.formula = c.math(r"q \cdot k_i = \sum_j", r"q_j \, k_{ij}")  # [1]: the product summed
        self.products = VGroup(*[c.math(row) for row in dot_rows(tr.query, tr.keys, tr.dots, SCORE_PLACES)])
        self.pairs = [pair_glyphs(p, tr.query, k) for p, k in zip(self.products, tr.keys)]
        divisor = fmt(tr.divisor, SCORE_PLACES)
        self.scores = VGroup(
            *[c.math(row) for row in division_rows(tr.dots, divisor, tr.scores, SCORE_PLACES)]
        )
        sign = relation(tr.divisor, SCORE_PLACES, tex=False)
        self.divisor_note = c.text(
            _("divide by √%(width)s %(sign)s %(divisor)s", width=tr.width, sign=sign, divisor=said(divisor)),
            role="small",
            color=theme().muted,
        )
        dots, scores = (listed_column(x) for x in (tr.dots, tr.scores))
        self.summary = c.text(
            _("dots %(dots)s  →  scores %(scores)s", dots=dots, scores=scores), role="label"
        )
        if self.summary.width + 2 * BOX_BUFF > SUMMARY_WIDEST:  # long scores: the compass keeps its room
            self.summary = c.text(
                _("dots %(dots)s\n→  scores %(scores)s", dots=dots, scores=scores), role="label"
            )
        self.layout()
        self.summary_box = SurroundingRectangle(self.summary, color=theme().grid, buff=BOX_BUFF)
        length = (self.compass_height - COMPASS_NAME) / KEY_SHARE  # the keys as tall as the room lets them
        back = KEY_SHARE * max(0.0, -min(np.cos(angle(tr.query, k)) for k in tr.keys))  # keys pointing back
        shift = self.summary_box.get_right()[0] + COMPASS_GAP + (1 + back) * length + Q_ROOM - STAGE.right
        shift = min(max(0.0, shift), self.summary_box.get_left()[0] - STAGE.body_left)
        VGroup(self.summary, self.summary_box).shift(LEFT * shift)  # off the centre only for the compass
        self.compass = self.sized_compass(length, back)
        self.lanes = self.flight_lanes()
        self.open_x = (
            max(self.query.get_right()[0], self.keys.columns[0].get_right()[0]) + FRAME_BUFF + SHOWN_FROM
        )
        self.order_note = order_note(ex.tokens, words_before(), self.factor)
        if self.order_note:
            self.place_order_note()

    def sized_compass(self, longest: float, back: float) -> Compass:
        """The compass beside the summary's box at the longest length, from `longest` down (LENGTH_STEP apart, to
        LEAST_LENGTH), at which its arrows keep clear of the texts, its keys pointing `back` (that share of its
        length) end right of the box, q's label is on the stage and every key's name finds a place
        (`Compass.place_names`): sized with room for its names, not for its arrows alone (review V8: 'the' and
        'cat' were left unnamed); at each length the names are placed in the ORDERS in turn till all have a place.
        Where no length gives every name a place with no leader across an arrow, the one leaving out fewest, then
        with fewest such leaders."""
        tr, texts = self.trace, [*self.products, *self.scores, self.summary_box]
        corner = self.summary_box.get_corner(DOWN + RIGHT) + RIGHT * COMPASS_GAP + UP * 0.15
        best = first = None  # the best yet, and this length's first order's
        lengths = [longest, *np.arange(longest - LENGTH_STEP, LEAST_LENGTH - 1e-9, -LENGTH_STEP)]
        for length, order in ((length, order) for length in lengths for order in ORDERS):
            compass = Compass(tr.query, tr.keys, self.example.tokens, length)
            first = None if not order else first
            if order and not (first and (first[1] or first[0].crossing)):
                continue  # other orders only where this length's first left names out or led them across arrows
            compass.reorder(order, first[0].left_out(first[1]) if order else [])
            one_size(compass, self.factor)  # its labels at the size of the rows' texts
            compass.shift(corner + RIGHT * back * length - compass.query.get_start())
            arrows = [compass.query, *compass.keys]
            if compass.query_label.get_right()[0] > STAGE.right or not all(
                fit.apart(arrow, text, NAME_CLEAR) for arrow in arrows for text in texts
            ):
                continue
            unplaced = compass.place_names(texts)
            first = first or (compass, unplaced)
            if best is None or (len(unplaced), compass.crossing) < (len(best[1]), best[0].crossing):
                best = compass, unplaced
            if not unplaced and not compass.crossing:
                break
        compass, unplaced = best
        compass.names.remove(*[name for column in unplaced for name in column])
        return compass

    def flight_lanes(self) -> list[float]:
        """For each key's row, the height midway between its dot product and the row above it (the formula, over
        the first): where entries fly onto its dot product, seen right of the vectors' frames (`open_x`)."""
        lanes = []
        for i, product in enumerate(self.products):
            above = [self.products[i - 1], self.scores[i - 1]] if i else [self.formula]
            lanes.append((product.get_top()[1] + min(m.get_bottom()[1] for m in above)) / 2)
        return lanes

    def place_order_note(self) -> None:
        """The order note under the keys' names, flush with them (the words it is about; on the body grid if they
        stand near it), else where the summary comes later (nothing else stands there while the note is shown),
        on one line or two, clear of all the rows and the formula and on the stage; where neither fits (six
        long names), the note in short, REORDERED, in the summary's place (its caption still reads both orders)."""
        others = [self.heading, self.strip, self.query, self.keys, self.products, self.scores, self.formula]
        others.append(self.divisor_note)
        gap = ORDER_GAP * self.factor
        left = self.keys.names.get_left()[0]
        if left < STAGE.body_left + STAGE.grid_reach:  # a line, not a label: on the body grid
            left = STAGE.body_left

        def under_names(note):
            return note.next_to(self.keys, DOWN, buff=gap).set_x(left, LEFT)

        def clear(candidate) -> bool:
            lines, place = candidate
            note = place(self.order_note.lines(lines))
            inside = note.get_bottom()[1] >= STAGE.bottom and STAGE.left <= note.get_left()[0]
            inside = inside and note.get_right()[0] <= STAGE.right
            return inside and all(fit.apart(note, other, gap / 2) for other in others)

        places = [(lines, place) for place in (under_names, self.at_summary) for lines in (1, 2)]
        if not clear(fit.first_that_fits(places, clear)):
            self.order_note = self.at_summary(
                OrderNote(self.example.tokens, words_before(), self.factor, True)
            )

    def at_summary(self, note: Mobject) -> Mobject:
        """`note` where the summary comes later, raised as far as it must be to stay on the stage."""
        note.move_to(self.summary)
        return note.shift(UP * max(0.0, STAGE.bottom - note.get_bottom()[1]))

    def layout(self) -> None:
        """Keys with their dot products and scores beside them, the query above; shrunk by one factor
        (every text alike) if the rows are wider than the stage, and spread down the stage (wider gaps
        between the rows, at most SPREAD more each) when they are short."""
        top = self.strip.get_bottom()[1] - 0.3
        room = top - STAGE.bottom - BOX_MARGIN
        factor = 1.0
        for _round in range(
            2
        ):  # the compass's room above the summary depends on the factor, the factor on it
            above = self.compass_room(factor)
            content = self.arrange(0.0, above)
            factor = min(1, STAGE_WIDTH / content.width, room / content.height)
        spare = max(0.0, room / factor - content.height)
        grown = min(spare, max(0.0, (COMPASS_FULL - self.compass_span(factor, above)) / factor))
        above, spare = above + grown, spare - grown  # the compass grows first, then the gaps between rows
        gaps = len(self.products) + 1  # between the rows, under the query and above the summary
        content = self.arrange(min(SPREAD, spare / gaps), above)
        content.scale(factor).move_to([0, top, 0], aligned_edge=UP)
        one_size(VGroup(content, self.strip), factor)
        self.factor, self.compass_height = factor, self.compass_span(factor, above)
        pin(self.strip, self.heading)
        self.summary.set_x(0)

    def compass_room(self, factor: float) -> float:
        """The gap above the summary (before scaling by `factor`) that leaves the compass beside its box
        COMPASS_HEIGHT under the rows: its keys and their names clear of the last row."""
        box = self.summary.height * factor + 2 * BOX_BUFF
        return max(SUMMARY_GAP, (COMPASS_HEIGHT - box) / factor)

    def compass_span(self, factor: float, above: float) -> float:
        """The compass's height from the box's foot to the last row, with the gap `above` the summary."""
        return self.summary.height * factor + 2 * BOX_BUFF + above * factor

    def arrange(self, gap: float, above: float = 0.0) -> VGroup:
        """Everything but the strip at its full size, `gap` added to each vertical gap, the summary `above`
        (at least SUMMARY_GAP) under the rows; the group of it."""
        c.Grid(self.keys.names, *self.keys.columns, col_buff=0.4, row_buff=ROW_BUFF + gap)
        self.keys.next_to(self.heading, DOWN, buff=1.6).align_to(self.heading, LEFT)
        self.query.next_to(self.keys, UP, buff=0.45 + gap).align_to(self.keys.columns[0], RIGHT)
        for product, score, vec in zip(self.products, self.scores, self.keys.columns[0]):
            product.next_to(vec, RIGHT, buff=0.5)
            score.set_y(vec.get_y())
        right = max(p.get_right()[0] for p in self.products)
        for score in self.scores:
            score.set_x(right + 0.6 + score.width / 2)
        self.formula.next_to(self.query, RIGHT, buff=1.0).align_to(self.query, DOWN)  # a lane under it
        self.divisor_note.next_to(self.scores, UP, buff=0.3).align_to(self.scores, LEFT)
        if self.divisor_note.get_bottom()[1] < self.formula.get_top()[1]:  # narrow rows: clear of the formula
            self.divisor_note.shift(
                RIGHT * max(0.0, self.formula.get_right()[0] + 0.4 - self.divisor_note.get_left()[0])
            )
        content = VGroup(self.query, self.keys, self.products, self.scores, self.formula, self.divisor_note)
        self.summary.next_to(content, DOWN, buff=max(SUMMARY_GAP, above) + gap)
        return content.add(self.summary)


def words_before() -> tuple[str, ...]:
    """The words ThreeTokenDrag, the chapter before, shows: maybe these in another order."""
    return examples.current().drag.tokens


def order_note(tokens, before, factor: float = 1.0) -> OrderNote | None:
    """The note saying the words `tokens` are the last chapter's `before` in another order, at `factor` times its
    size (as the layout it stands in); None when they are not reordered."""
    return OrderNote(tokens, before, factor) if story.reordered(tokens, before) else None


class OrderNote(VGroup):
    """'last chapter: the, cat, sat  →  here: the, sat, cat', muted, each word in its colour (as the rows name
    it), on one line or broken after the arrow (`lines`); `short`, REORDERED alone."""

    def __init__(self, tokens, before, factor: float, short: bool = False):
        self.parts = (
            [c.text(_(story.REORDERED), role="small", color=theme().muted)]  # MultiHead's message too
            if short
            else [
                coloured_words(_("last chapter: %(words)s  →", words=listed(before)), before),
                coloured_words(_("here: %(words)s", words=listed(tokens)), tokens),
            ]
        )
        for part in self.parts:
            one_size(part, factor)
        super().__init__(*self.parts)
        self.lines(1)

    def lines(self, count: int) -> OrderNote:
        """Stand on `count` lines (1, on one baseline, or 2), the top left corner kept."""
        corner = self.get_corner(UP + LEFT)
        if len(self.parts) == 1:
            return self
        first, second = self.parts
        if count == 1:  # level by their first letters ('l', 'h'): 'p' and the commas hang below the line
            second.next_to(first, RIGHT, buff=0.2)
            second.shift(UP * (first[0].get_bottom()[1] - second[0].get_bottom()[1]))
        else:
            second.next_to(first, DOWN, buff=0.1).align_to(first, LEFT)
        return self.move_to(corner, aligned_edge=UP + LEFT)


def coloured_words(line: str, words) -> Mobject:
    """`line` in small muted text, with `words` (listed in it, `listed`) each in its token colour."""
    colours = {word: token_color(word) for word in words}
    return c.coloured(line, words, colours, color=theme().muted, after=line.index(listed(words)))


def flown(source: Mobject, target: Mobject, lane: float, shown_from: float) -> AnimationGroup:
    """A copy of `source` flying onto `target` along the height `lane` while `source` is lit (see `Flight`)."""
    return AnimationGroup(Flight(source.copy(), target, lane, shown_from), lit(source))


def lit(part: Mobject):
    """`part` turning the text colour and back."""
    return part.animate(rate_func=there_and_back).set_color(theme().text)


class Flight(ReplacementTransform):
    """A copy moving onto its target: straight up or down to the height `lane` (between the target's row and the
    one above), along it, then down into place. It shows only right of `shown_from` (the vectors' frames), so no
    entry reads doubled ("00", review 4) and it crosses no bracket, frame or other row (review V8a: straight
    flights did)."""

    def __init__(self, copy: Mobject, target: Mobject, lane: float, shown_from: float):
        start, end = copy.get_center(), target.get_center()
        self.corners = np.array([start, [start[0], lane, 0], [end[0], lane, 0], end])
        legs = np.linalg.norm(np.diff(self.corners, axis=0), axis=1)
        self.marks = np.concatenate([[0.0], np.cumsum(legs)]) / max(float(legs.sum()), 1e-9)
        self.shown_from = shown_from
        super().__init__(copy, target, path_func=self.along)

    def along(self, start_points, end_points, alpha):
        """The copy's points at `alpha`, its shape turning into the target's as its centre follows the corners."""
        at = np.array([np.interp(alpha, self.marks, self.corners[:, k]) for k in range(3)])
        moved = self.corners[-1] - self.corners[0]
        return start_points + alpha * (end_points - moved - start_points) + (at - self.corners[0])

    def interpolate_mobject(self, alpha: float) -> None:
        super().interpolate_mobject(alpha)
        self.mobject.set_opacity(float(np.clip((self.mobject.get_left()[0] - self.shown_from) / SHOWN, 0, 1)))


def pair_end(product, pairs) -> int:
    """Where the sum ('= 4') starts among a dot product's glyphs: after its last pair's ')'."""
    return list(product[0]).index(pairs[-1][1][-1]) + 2


def pair_glyphs(product, query, key) -> list[tuple[VGroup, VGroup]]:
    """The glyphs of each pair '(q_j)(k_ij)' in a dot product's row as `dot_rows` typesets it, q_j's coloured
    as the query, k_ij's as the key: (q_j's glyphs, k_ij's glyphs) for each j. A number's glyphs are its
    characters, a minus sign one glyph."""
    glyphs, at, pairs = product[0], 0, []
    for j, (q, k) in enumerate(zip(query, key)):
        at += 1 if j else 0  # the plus sign before every pair but the first
        q, k = len(fmt_input(q)), len(fmt_input(k))
        shown = VGroup(*glyphs[at + 1 : at + 1 + q]), VGroup(*glyphs[at + 3 + q : at + 3 + q + k])
        pairs.append(shown)
        shown[0].set_color(theme().query)
        shown[1].set_color(theme().key)
        at += 4 + q + k
    return pairs


class Compass(VGroup):
    """Which way each key points, seen from the query: the query's arrow to the right, each key's arrow (in its
    word's colour, named at its tip) turned from it by the angle between them, whatever the width. They are
    vectors (`arrows.vector`: their tips and widths mean something), not arrows between things. Keys pointing
    one way (all do, one way or back, at width 1) show as one arrow, their names in a column by its tip.

    Angles only: the arrows are drawn at one length (a key's length scales its dot product, not its way); the
    keys' are shorter than the query's, so a key pointing the query's way shows beside the query's tip."""

    def __init__(self, query, keys, tokens, length: float):
        super().__init__()
        # q narrow and over the keys: a key pointing q's way shows on both sides of q's shaft (review V4)
        self.query = arrows.vector(ORIGIN, length * RIGHT, theme().query, Q_STROKE).set_z_index(2)
        self.query_label = c.math("q", color=theme().query).next_to(self.query, RIGHT, buff=0.15)
        self.length, self.keys, self.names, self.leaders = length, VGroup(), VGroup(), VGroup()
        self.crossing = 0  # leaders placed crossing other arrows (`led_anywhere`)
        turns = [angle(query, key) for key in keys]
        for turn, token in zip(turns, tokens):
            way = np.array([np.cos(turn), np.sin(turn), 0])
            self.keys.add(
                arrows.vector(ORIGIN, KEY_SHARE * length * way, token_color(token), KEY_STROKE).set_z_index(1)
            )
            self.names.add(fit.name(token, NAME_WIDTH))
        self.ways = []  # (the names of the keys pointing one way, in a column; those keys)
        for k, turn in enumerate(turns):
            if not any(k in same for _names, same in self.ways):
                same = [j for j, other in enumerate(turns) if abs(other - turn) <= SAME_WAY]
                column = VGroup(*[self.names[j] for j in same]).arrange(DOWN, aligned_edge=LEFT, buff=0.05)
                self.ways.append((column, same))
        self.add(self.query, self.keys, self.query_label, self.names, self.leaders)

    def place_names(self, texts) -> list[VGroup]:
        """Place each way's names clear of the other ways' names, of every arrow, of q and of `texts`, above the
        compass's foot and within the labels' edges: beside its tip, along its arrow or
        turned from it (NAME_TURNS), NAME_CLEAR from the rest and off the way ahead of every other key's tip,
        which its own names may need (issue 29: two keys a few degrees apart had their names touch, each over the
        other's tip). Names with no such place stand at the nearest clear place (`led`), on a leader to their tip
        that crosses no arrow and no name (issue 29: crowded fans dropped 7 names in the corpus). A place beside
        the tip farther than leaders.NEAR from it is taken only with a clear leader (issue 29: names stood up to
        57 px from their tips, unled). The ways' names that found no place."""
        placed = [
            fit.box(text) for text in [*texts, self.query_label]
        ]  # as boxes: the texts stay where they are
        unplaced, led = [], []
        rows = [box[0][1] for box in placed[: len(texts)] if box[0][1] > self.query.get_top()[1]]
        self.roof = (
            min(rows, default=np.inf) - NAME_CLEAR
        )  # names on leaders stand under the rows, not between
        for mark in [self.query, *self.keys]:  # the arrows stay too: sampled once for every leader tried
            mark.samples, mark.head = along(mark), fit.box(mark.tip)
        for column, same in self.ways:
            self.settle(column, same, self.beside(column, same, placed), placed, led)
        for column, same in led:
            self.settle(column, same, self.led_anywhere(column, same, placed), placed, unplaced)
        return [column for column, _same in unplaced]

    def beside(self, column, same, placed) -> list[Line] | None:
        """Move `column` to the first place beside its keys' tip (NAME_BUFFS out, NAME_TURNS from its arrow) clear
        of the `placed` boxes and the arrows (`clears`, all places at once), within leaders.NEAR of the tip or with
        a clear leader to it (`lines_to`); that leader (none when near), else None."""
        key = self.keys[same[0]]
        ways = [
            (rotate_vector(heading(key), np.radians(turn)), buff)
            for buff in NAME_BUFFS
            for turn in NAME_TURNS
        ]
        areas = [fit.box(column.next_to(key.tip, way, buff=buff)) for way, buff in ways]
        for (way, buff), area, clear in zip(ways, areas, self.clears(areas, placed, key, self.others(same))):
            lines = self.lines_to(area, key, placed) if clear else None
            if lines is not None:
                column.next_to(key.tip, way, buff=buff)
                return lines
        return None

    def led_anywhere(self, column, same, placed) -> list[Line] | None:
        """`led` with `column`'s names cut ever shorter (`cuts`) till one is placed; where none is, with its leader
        let cross other arrows (ThreeTokenDrag's too), counted in `crossing`: better than a name left out. The
        clear places for each size of the column are found once (`places`): they are the same for either."""
        key, known = self.keys[same[0]], {}
        for free in (LEAD_FREE, np.inf):
            for _cut in self.cuts(column):
                size = fit.box(column)[1] - fit.box(column)[0]
                if size.tobytes() not in known:
                    known[size.tobytes()] = self.places(size, key, placed, self.others(same))
                lines = self.led(column, key, known[size.tobytes()], placed, free)
                if lines is not None:
                    self.crossing += free > LEAD_FREE
                    return lines
        return None

    def settle(self, column, same, lines, placed, left) -> None:
        """`column` placed (its box added to the `placed` boxes), with its `lines` (its leader or none), or (when
        `lines` is None) with its keys `same` added to the ways `left` for later."""
        if lines is None:
            left.append((column, same))
        else:
            placed.append(fit.box(column))
            self.leaders.add(*lines)

    def places(self, size, key, placed, others) -> np.ndarray:
        """The boxes `size` large centred LED_STEP apart within LED_REACH of `key`'s tip, under the rows (`roof`),
        that `clears` (nearest the tip first: the order `led` tries them in)."""
        tip, steps = key.get_end()[:2], np.arange(-LED_REACH, LED_REACH + 1e-9, LED_STEP)
        centres = np.stack(np.meshgrid(tip[0] + steps, tip[1] + steps, indexing="ij"), axis=-1).reshape(-1, 2)
        areas = np.stack([centres - size / 2, centres + size / 2], axis=1)
        areas = areas[areas[:, 1, 1] <= self.roof]
        areas = areas[self.clears(areas, placed, key, others, ahead=0.0)]
        gaps = np.linalg.norm(np.clip(tip, areas[:, 0], areas[:, 1]) - tip, axis=1)
        return areas[np.argsort(gaps, kind="stable")]

    def led(self, column, key, places, placed, free: float = LEAD_FREE) -> list[Line] | None:
        """Move `column` to the first of its clear `places` (nearest `key`'s tip first, LED_TRIES of them) within
        leaders.NEAR of the tip or with a leader to it that crosses nothing (`lines_to` with the `placed` boxes, other
        arrows allowed `free` from the tip); that leader (none when near), else None (the column left where it
        was)."""
        for area in places[:LED_TRIES]:
            lines = self.lines_to(area, key, placed, free)
            if lines is not None:
                column.move_to([*(area.mean(axis=0)), 0.0])
                return lines
        return None

    def cuts(self, column):
        """`column`'s names as they are, then side by side (one line: room over crowded tips is low), then cut ever
        shorter, down to fit.LEAST_LETTERS and '…', each in its place in `column` and `names` (the rows name each
        key in full)."""
        yield column
        if len(column) > 1:
            yield column.arrange(RIGHT, buff=NAMES_GAP)
        for letters in range(max(len(name.full) for name in column) - 1, fit.LEAST_LETTERS - 1, -1):
            for k, name in enumerate(column):
                if len(name.full) > letters:
                    shown = fit.clip(name.full, fit.width_of(name.full[:letters] + fit.ELLIPSIS, "label"))
                    shown.set_color(name.get_color()).scale(name.font_size / shown.font_size)
                    self.names.submobjects[list(self.names).index(name)] = shown.move_to(name)
                    column.submobjects[k] = shown
            yield column.arrange(RIGHT, buff=NAMES_GAP) if len(column) > 1 else column

    def reorder(self, order: str, left_out) -> None:
        """Place the ways' names in `order` (see ORDERS): the ways `left_out` first, or round the fan one way or
        the other; as built for ''."""
        turns = {id(way): self.keys[way[1][0]].get_angle() for way in self.ways}
        if order == "left out first":
            self.ways.sort(key=lambda way: way[1] not in left_out)
        elif order:
            self.ways.sort(key=lambda way: turns[id(way)], reverse=order == "round back")

    def left_out(self, unplaced) -> list[list[int]]:
        """The keys of each way whose column is among `unplaced`."""
        return [same for column, same in self.ways if any(column is other for other in unplaced)]

    def others(self, same) -> list:
        """The keys' arrows but those of the keys `same`."""
        return [mark for j, mark in enumerate(self.keys) if j not in same]

    def lines_to(self, area, key, boxes, free: float = LEAD_FREE) -> list[Line] | None:
        """For a name's box `area`: no line where it stands within leaders.NEAR of `key`'s tip (it reads as that
        arrow's), else its leader (`leaders.ends`); None where that leader comes within NAME_CLEAR / 2 of the
        `boxes` (of texts), crosses another leader or comes within NAME_CLEAR of one past LEAD_FREE from its tip,
        or comes within NAME_CLEAR of any other arrow past `free` from its tip. Tried on boxes, a Line made only
        for the one kept (layout time)."""
        found = leaders.ends(key.get_end(), area)
        if found is None:
            return []
        points = segments.sampled(*found)
        if not fit.clear_of(boxes, points, margin=NAME_CLEAR / 2).all():
            return None
        out = np.linalg.norm(points - key.get_end()[:2], axis=1)
        # leaders from crowded tips start close: apart past LEAD_FREE, never crossing
        for other in self.leaders:
            ends = other.get_start(), other.get_end()
            if (
                segments.crosses(found, ends)
                or segments.gap(points[out > LEAD_FREE], along(other)) <= NAME_CLEAR
            ):
                return None
        away = points[out > free]
        if len(away) and not all(
            apart_from(away, mark) for mark in [self.query, *self.keys] if mark is not key
        ):
            return None
        return [leaders.line(*found, key.get_color())]

    def clears(self, areas, boxes, key, others, ahead: float = NAME_AHEAD) -> np.ndarray:
        """For each of the boxes `areas` (a name's places), whether it stands above the compass's foot, within the
        labels' edges, NAME_CLEAR from the `boxes` (of texts) and the leaders, from q's arrow and its own `key`'s,
        and from the `others` keys' arrows run `ahead` past their tips (a name on a leader may stand there: its line
        says whose it is)."""
        areas = np.asarray(areas, dtype=float).reshape(-1, 2, 2)
        ok = (areas[:, 0, 1] >= self.query.get_bottom()[1]) & (areas[:, 0, 0] >= -fit.LABEL_RIGHT)
        ok &= areas[:, 1, 0] <= fit.LABEL_RIGHT
        ok &= fit.clear_of(areas, boxes=boxes, margin=NAME_CLEAR)
        shafts = [(m.get_start(), m.get_end(), m) for m in (self.query, key)]
        shafts += [(m.get_start(), m.get_end() + ahead * heading(m), m) for m in others]
        for start, end, mark in shafts:
            ok &= ~crossed(areas, start, end, mark)
        for line in self.leaders:
            ok &= ~segments.near(areas, line.get_start(), line.get_end(), NAME_CLEAR)
        return ok


def heading(mark) -> np.ndarray:
    """The way the arrow `mark` points, a unit vector."""
    along = mark.get_end() - mark.get_start()
    return along / max(float(np.linalg.norm(along)), 1e-9)


def apart_from(points, mark) -> bool:
    """Whether the line through `points` keeps NAME_CLEAR from the arrow `mark` (its shaft and head, as sampled
    and boxed in `place_names`), the arrow's half width added."""
    reach = NAME_CLEAR + mark.get_stroke_width() * arrows.STROKE_UNIT / 2
    return segments.gap(points, mark.samples) > reach and bool(
        fit.clear_of([mark.head], points, margin=NAME_CLEAR / 2)[0]
    )


def along(mark) -> np.ndarray:
    """Points (x, y) along the line or arrow `mark`, segments.SAMPLES of them."""
    return segments.sampled(mark.get_start(), mark.get_end())


def near(area: np.ndarray, start, end, mark) -> bool:
    """`crossed` for one box."""
    return bool(crossed(np.asarray(area)[None], start, end, mark)[0])


def crossed(areas: np.ndarray, start, end, mark) -> np.ndarray:
    """For each of the boxes `areas` (`fit.box`es), whether the line from `start` to `end` (the arrow `mark`'s
    shaft, maybe run on) passes within NAME_CLEAR of it, the arrow's half width added, or its head's box does."""
    reach = NAME_CLEAR + mark.get_stroke_width() * arrows.STROKE_UNIT / 2
    shaft = ~segments.near(areas, start, end, reach)
    return ~(shaft & fit.clear_of(areas, boxes=[fit.box(mark.tip)], margin=NAME_CLEAR))


def verdict(tokens, trace) -> str:
    """Who scores highest and why: its key points the query's way, or (when another points closer) its length."""
    best = int(np.argmax(trace.scores))
    closest = int(np.argmin([angle(trace.query, k) for k in trace.keys]))
    if np.isclose(angle(trace.query, trace.keys[best]), angle(trace.query, trace.keys[closest])):
        return _("%(word)s scores highest: its key points the way the query does.", word=quoted(tokens[best]))
    return _(
        "%(word)s scores highest, though %(closer)s points closer to the query's way: length counts too.",
        word=quoted(tokens[best]),
        closer=quoted(tokens[closest]),
    )


def angle(a, b) -> float:
    """The angle between two vectors, in radians (0 when one is zero)."""
    norms = np.linalg.norm(a) * np.linalg.norm(b)
    return float(np.arccos(np.clip(np.dot(a, b) / norms, -1, 1))) if norms else 0.0


def keys_caption(count: int, width: int) -> str:
    """'4 keys of width 3, one per word.': the count from the example, never typed in."""
    return ngettext(
        "%(num)s key of width %(width)s, one per word.",
        "%(num)s keys of width %(width)s, one per word.",
        count,
        width=width,
    )


def listed_column(values) -> str:
    """'[4, 2, 0]' or '[1.500, 2.000, −0.500]': a column of results, one format for all, with the minus
    sign the table's formulas draw (not a hyphen)."""
    return "[" + separator().join(said(p) for p in fmt_column(values, SCORE_PLACES)) + "]"


def listed(words) -> str:
    """Words listed in a caption or note: 'the, cat, sat' (Chinese 、)."""
    return _(", ").join(words)


def role_cards() -> VGroup:
    """A card for each role: its symbol and name, over what it does; the cards' headings on one baseline and
    their jobs on another (review J9: each card centred its own lines, their baselines 8 px apart at 1080p)."""
    symbols = c.math(*[symbol for _n, symbol, *_rest in ROLES], role="body")  # one line: on TeX's baseline
    line = symbols[1][0].get_bottom()[1]  # which k (of k_i) stands on; q descends
    contents = []
    for symbol, (name, _symbol, job, role, _said) in zip(symbols, ROLES):
        color = getattr(theme(), role)
        name = c.text(_(name), role="body", color=color).next_to(symbol.set_color(color), RIGHT, buff=0.25)
        head = VGroup(symbol, name.shift(UP * (line - baseline_of(name))))
        job = c.text(_(job), role="small", color=theme().text).set_x(head.get_x())
        contents.append(VGroup(head, job.shift(UP * (line - JOB_DROP - baseline_of(job)))))
    middle = VGroup(*contents).get_y()  # each panel round its content, all at one height
    return VGroup(
        *[
            VGroup(c.panel(max(3.9, content.width + 0.4), 2.0).move_to([content.get_x(), middle, 0]), content)
            for content in contents
        ]
    )
