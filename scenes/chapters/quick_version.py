"""The quick version (source 003): one line for every chapter of the lecture, in viewing order and
numbered by its place in it (as the registry lists them), each beside its own chapter's picture in small, a
page of PAGE_ROWS lines per beat; then the formula softmax(Q K^T / sqrt(d)) V, Q, K and V defined, each term
lit in turn beside the chapters it sums up."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, FadeIn, FadeOut, Succession, VGroup
from manim.utils.rate_functions import linear, smooth, squish_rate_func

from attention import Examples, examples
from attention.positions import sinusoidal
from attention.projections import DEFAULT_PROJECTIONS
from attention.training import train_head
from i18n import _
from i18n.words import N_
from narration import cues
from scenes.chapters.registry import CHAPTERS, find, shown_title
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import pulsed
from scenes.kit.formula_slot import LitFormula
from scenes.kit.grids import veil
from scenes.kit.icons import ICONS as KIT_ICONS
from scenes.kit.icons import cell_block
from scenes.kit.palette import DIM, theme, token_color
from scenes.kit.stage import STAGE

ICON_BOX = (3.4, 1.8)  # the card behind each icon
ICON_FIT = (3.1, 1.55)  # the icon itself is scaled to fit inside this
CARD_X = STAGE.body_left + ICON_BOX[0] / 2
TEXT_X = STAGE.body_left + ICON_BOX[0] + 0.3
PAGE_ROWS = 3  # lines on one page
LINE_CHARS = 48  # a take-away longer than this wraps onto a second line
TEXT_RIGHT = (
    -STAGE.body_left
)  # a take-away's lines end before the title's margin, mirrored (Chinese is wider)
TAG_LEAD = 0.5  # from a take-away's last baseline to its chapter line's, whatever glyphs either ends with
FIRST_ROW_Y = 1.55
ROW_STEP = 2.0
CONTENTS_STEP = 0.5  # from one chapter's entry in the list to the next, if they fit
CONTENTS_ROOM = 5.4  # the most the list's baselines may span, top to bottom
ROW_VEIL_BUFF = 0.06  # the veil's margin around a row (less than half the gap between rows)
TIE_GAP = (
    0.55  # between the terms' meanings, down to TIE_GAP_LEAST where long ones (German) would leave the stage
)
TIE_GAP_LEAST = 0.3
FORMULA_RIGHT = -STAGE.body_left - 0.1  # the formula ends just inside the title's margin, mirrored
ITEM_SECONDS = 3.0
PULSE_LEAST = 0.4  # seconds, the shortest a chapter's pulse in the list takes (a short caption's too)
ICON_POSITIONS, ICON_WIDTH = 8, 8  # the word-order icon's stripes
MARKER_ROLES = ("title", "body", "label")  # the terms beside their meanings: the formula's size if they fit
PAGE_TURN = 2.0  # seconds for the last page to give way to the chapter list (`handover`)
PAGE_IN = 1.5  # seconds for a page's first row to come in as the page before leaves (`handover`: never a blank body)
HANDOVER = (0.6, 0.4)  # of a page turn: the leaving rows' fades (one after another), and a coming part's fade
HANDOVER_GAP = 0.15  # seconds a place stands empty between what leaves and what comes in
TERMS_GAP = 0.5  # between the chapter list and the terms (review V6: 0.35, 'available' nearly met 'softmax')
MEANING_GAP = 0.3  # between the widest term and the meanings (review V6: 0.25, "softmax" nearly met its own)
SHIFT_IN = 0.3 * RIGHT  # a card comes in moving right


class QuickVersion(ChapterScene):
    """A line for every chapter, a page per beat; then the formula, each term tied to its chapters."""

    def inputs(self) -> Examples:
        return examples.current()

    def construct(self):
        self.build()
        for before, page in zip([None, *self.pages], self.pages):
            self.recap(page, before)
        self.all_together(self.pages[-1])

    def opening(self, card: VGroup) -> None:
        """The heading and the formula, dimmed, with the first line's card (in the first page's beat: a beat of its
        own, named after the chapter, was described as a page; the card: review V6, an empty body for 2.9 s)."""
        self.show(
            FadeIn(self.heading),
            FadeIn(self.formula.dimmed()),
            FadeIn(card, shift=SHIFT_IN),
            run_time=1,
            caption=_("The whole lecture, a line a chapter."),
            subcaption_offset=reached(smooth, 0.5),  # once it can be seen (review F10: read over black)
        )

    def recap(self, page: Page, before: Page | None) -> None:
        """A page's beat: as it starts, the page before leaves row by row and the first line comes in where that
        page's first row stood once that row has gone (`handover`; review T9: the page left whole before the next
        came, a blank body for 0.4 s; review V8b: swapped row by row, a new first line stood over an old third
        one), then its other lines one by one."""
        if before is not None:
            self.wait_for_reader()
        self.beat(page.title)
        if before is None:
            self.opening(page[0][0])
        for k in range(len(page)):
            self.reveal(page, k, before.leaving() if before is not None and k == 0 else [])

    def reveal(self, page: Page, k: int, leaving: list) -> None:
        """Show row k of `page` while the row before steps behind its veil, or as the rows `leaving` (a page
        before) hand the body over to it; the formula lights the terms the row's take-away is about. Its caption
        starts once its words are half in and the page before has gone (review F10: "Two matrix products." was read
        over the page before)."""
        takeaway = TAKEAWAYS[page.names[k]]
        icon, words = page[k]
        first_card = icon in self.mobjects  # it came in with the opening
        coming = [words] if first_card else [icon, words]
        run_time = PAGE_IN if leaving else 1
        outs, ins = handover(leaving, coming, run_time)
        self.show(
            *[FadeOut(row, rate_func=rate) for row, rate in zip(leaving, outs)],
            *[FadeIn(p, shift=SHIFT_IN if p is icon else ORIGIN, rate_func=r) for p, r in zip(coming, ins)],
            *([FadeIn(page.veils[k - 1])] if k else []),
            *([self.formula.light(*takeaway.terms)] if takeaway.terms else []),
            run_time=run_time,
            caption=_(takeaway.caption),
            subcaption_offset=run_time * max([reached(ins[-1], 0.5), *[reached(out, 1) for out in outs]]),
            hold=ITEM_SECONDS - 1,
        )

    def all_together(self, last: Page) -> None:
        self.beat("All together")
        leaving, coming = last.leaving(), list(self.contents)
        run_time = max(PAGE_TURN, 0.7 * self.caption_time(_(BUILT)))  # in while it is read
        outs, ins = handover(leaving, coming, run_time)  # the list comes in where the recap's lines have gone
        self.show(
            *[FadeOut(row, rate_func=rate) for row, rate in zip(leaving, outs)],
            *[FadeIn(part, rate_func=rate) for part, rate in zip(coming, ins)],
            self.formula.light(),
            run_time=run_time,
            caption=_(BUILT),
        )
        for term, tied, mark in zip(TERMS, self.ties, self.markers):
            self.show(
                *self.lit(term.names, term.chapters), FadeIn(tied), FadeIn(mark), caption=_(term.caption)
            )
            self.play(self.pulses(term))  # its chapters, as the caption names them
        self.show(*self.lit(WHOLE.names, WHOLE.chapters), caption=_(WHOLE.caption))
        self.show(*self.lit(WHOLE.names, recapped()), run_time=0.8, hold=2)

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.heading = c.chapter_title(_(self.title), _("A line a chapter, then one formula"))
        ex = self.inputs()
        self.pages = [Page(names, ex) for names in pages()]
        self.layout_facts = {"pages": {page.title: page.names for page in self.pages}}  # for drawn.py
        self.rows = VGroup(*[r for page in self.pages for r in page])
        self.formula = LitFormula(FORMULA, role="title")
        self.contents = contents()
        self.layout_formula()

    def layout_formula(self) -> None:
        """The formula beside the heading; the chapter list on the left, then the terms, then their ties."""
        self.formula.next_to(self.heading, RIGHT, buff=0.6).set_x(FORMULA_RIGHT, RIGHT)
        self.contents.next_to(self.heading, DOWN, buff=0.5).set_x(STAGE.body_left, LEFT)
        for (
            role
        ) in MARKER_ROLES:  # the terms as large as their meanings leave room for (review V4: 8 px at 480p)
            self.markers = VGroup(*[marker(t, role) for t in TERMS])
            self.place_ties()
            if self.ties.get_bottom()[1] >= STAGE.bottom:
                break

    def place_ties(self) -> None:
        """The terms right of the chapter list, each term's meaning right of the widest term."""
        left = self.contents.get_right()[0] + TERMS_GAP
        words = left + max(m.width for m in self.markers) + MEANING_GAP
        room = -STAGE.body_left - words  # to the title's margin, mirrored
        self.ties = VGroup(*[fit.wrap_within(_(t.meaning), room, role="label") for t in TERMS])
        room = self.contents.get_top()[1] - STAGE.bottom - sum(t.height for t in self.ties)
        gap = max(TIE_GAP_LEAST, min(TIE_GAP, room / (len(self.ties) - 1)))
        self.ties.arrange(DOWN, aligned_edge=LEFT, buff=gap).align_to(self.contents, UP).set_x(words, LEFT)
        for mark, tied in zip(self.markers, self.ties):
            mark.align_to(tied, UP).set_x(left + mark.width / 2)

    def pulses(self, term: Term) -> Succession:
        """`term`'s chapters pulsing one by one from now while its caption (the last shown) is read (were 3.4-4.1 s
        stills): those its last clause names while that clause is read, the others before it (review C9c: "14"
        pulsed under "both turned first if position is rotary", "11" after the words)."""
        caption, names = _(term.caption), recapped()
        end = self.said_at(caption, len(caption))
        turn = self.said_at(caption, clause_start(caption)) if term.last_clause else end
        first = [n for n in term.chapters if n not in term.last_clause]
        groups = [(first, turn - self.time), (term.last_clause, end - turn)]
        return Succession(
            *[
                Succession(
                    *[pulsed(self.contents[names.index(n)], scale_factor=1.1) for n in group],
                    run_time=max(time, PULSE_LEAST * len(group)),
                )
                for group, time in groups
                if group
            ]
        )

    def said_at(self, caption: str, at: int) -> float:
        """When `caption`'s character `at` is read (`caption` the last shown; its end for `len(caption)`): in the cue
        holding it, as far in as the character is (the cues' times are their speech's)."""
        shown, offset = self.shown_cues(), 0
        for piece, (begin, end) in zip(cues.split(caption), shown):
            if at < offset + len(piece):  # in this piece (the space after it starts the next)
                return begin + max(0, at - offset) / len(piece) * (end - begin)
            offset += len(piece) + 1
        return shown[-1][1]

    def lit(self, terms, chapters) -> list:
        """Animations lighting the formula's `terms` and the list's `chapters`, dimming the rest."""
        names = recapped()
        return [
            self.formula.light(*terms),
            *[e.animate.set_opacity(1 if names[i] in chapters else DIM) for i, e in enumerate(self.contents)],
        ]


class Page(VGroup):
    """PAGE_ROWS recapped chapters' rows (its parts, top to bottom), with `names` (the chapters), `title` (its
    beat's name) and `veils` (one per row, dimming it once the next row comes in)."""

    def __init__(self, names: list[str], ex: Examples):
        super().__init__(*[row(name, ex, FIRST_ROW_Y - i * ROW_STEP) for i, name in enumerate(names)])
        self.names = names
        self.title = page_name(names)
        self.veils = VGroup(*[veil(r, buff=ROW_VEIL_BUFF) for r in self])

    def leaving(self) -> list[VGroup]:
        """What is on screen of the page once its last row is read, row by row, top to bottom: each row with its
        veil (the last row's never is on screen)."""
        return [VGroup(r, *self.veils[k : k + 1]) if k < len(self) - 1 else r for k, r in enumerate(self)]


def handover(leaving: list, coming: list, run_time: float) -> tuple[list, list]:
    """Rate functions for a play of `run_time` seconds handing the body from `leaving` (rows, top to bottom, fading
    out one after another) to `coming` (each fading in HANDOVER_GAP after every leaving row level with it or above
    it has gone, ending with the play at the latest): something stands in the body throughout (review V6: nothing
    was drawn for 0.5-1.4 s at each page change), and nothing comes over the last trace of what stood in its place
    (review F10: a new first line came in as the faint old one left, two frames of both)."""
    if not leaving:
        return [], [smooth] * len(coming)
    out, into = HANDOVER
    each = out / len(leaving)  # one after another: the last row stands while the gap above it is left empty
    ends = [each * (k + 1) for k in range(len(leaving))]
    outs = [squish_rate_func(linear, end - each, end) for end in ends]
    gap = HANDOVER_GAP / run_time
    starts = [
        max([0.0, *[end + gap for row, end in zip(leaving, ends) if row.get_top()[1] > part.get_bottom()[1]]])
        for part in coming
    ]
    return outs, [squish_rate_func(linear, start, min(1.0, start + into)) for start in starts]


def reached(rate, level: float) -> float:
    """The share of a play by which `rate` (a fade's, rising from 0 to 1) has reached `level`: a part faded in
    half way can be read, one faded out all the way is gone."""
    return next(t for t in np.linspace(0, 1, 201) if rate(t) >= level)


BRACKETS = (r"\Bigl(", r"\Bigr)")
FORMULA = (  # the closing formula's parts and their names, as in the matrix chapters' formulas
    (r"\mathrm{softmax}", "softmax"),
    (BRACKETS[0], "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    (BRACKETS[1], "softmax"),
    ("V", "V"),
)
ALL = tuple(dict.fromkeys(name for _, name in FORMULA))


@dataclass(frozen=True)
class Takeaway:
    """One line of the summary about a chapter (its icon is that chapter's), a caption and the formula's
    terms it is about (lit while it is read); `beyond`: a chapter beyond the sources, tagged as such."""

    line: str
    caption: str
    terms: tuple[str, ...] = ()  # the formula's terms lit while the line is read
    beyond: bool = False


TAKEAWAYS = {  # each recapped chapter's line, by its Scene class name (the registry gives their order)
    "FixedContext": Takeaway(
        N_("Fixed-context decoders reuse one summary across output steps."),
        N_("Without attention: one summary for every step."),
    ),
    "ThreeTokenDrag": Takeaway(
        N_("A query gets a fresh blend of every key, recomputed as it moves."),
        N_("Move the query, and the weights and blend follow."),
        ("Q", "K"),
    ),
    "ScoreEveryWord": Takeaway(
        N_("Queries score keys; values supply the blend's contents."),
        N_("A query's dot product with each key is its score."),
        ("Q", "K"),
    ),
    "BlendByWeight": Takeaway(
        N_("Softmax weights sum to one before multiplying value vectors."),
        N_("The weights blend the values into one vector."),
        ("softmax", "V"),
    ),
    "Refocus": Takeaway(
        N_("New queries change weights while keys and values can remain."),
        N_("Same keys and values, new query, new weights."),
        ("Q",),
    ),
    "Projections": Takeaway(
        N_("Each word's one vector x, times three learned matrices, gives its q, k and v."),
        N_("Beyond the sources: q, k and v from one x."),
        ("Q", "K", "V"),
        beyond=True,
    ),
    "WordOrder": Takeaway(
        N_("Attention sees a set of words; position is added to x, or turns q and k."),
        N_("Position put back."),
        ("Q", "K"),
        beyond=True,
    ),
    "AllQueriesAtOnce": Takeaway(
        N_("Stacked as matrices, every query is scored, weighed and blended at once."),
        N_("Two matrix products."),
        ALL,
        beyond=True,
    ),
    "SourcePositions": Takeaway(
        N_("Access to source positions doesn't guarantee perfect recall."),
        N_("Each step weighs every source position."),
        ("K", "V"),
    ),
    "CausalMask": Takeaway(
        N_("A causal mask gives later words weight exactly zero."),
        N_("Later words masked out."),
        ("softmax",),
        beyond=True,
    ),
    "ShrinkScores": Takeaway(
        N_("Scale dot products by the square root of key width."),
        N_("Divided by √d, the scores keep their spread."),
        ("scale",),
    ),
    "MultiHead": Takeaway(
        N_("Several heads, each on its own slice, can attend to different words."),
        N_("A head per slice."),
        ALL,
        beyond=True,
    ),
    "TrainedHead": Takeaway(
        N_("Trained on answers alone, a head learns where to look: each word's query finds its own key."),
        N_("A head that learns."),
        ("Q", "K"),
        beyond=True,
    ),
    "WhereItBreaks": Takeaway(
        N_("Large score gaps can concentrate weights and reduce softmax sensitivity."),
        N_("Big gaps: near one-hot, barely sensitive."),
        ("softmax",),
    ),
}


@dataclass(frozen=True)
class Term:
    """A term of the closing formula: its parts' names (see FORMULA), what it does, the chapters it sums
    up, and the caption read while it is lit."""

    names: tuple[str, ...]
    meaning: str
    chapters: tuple[str, ...]
    caption: str
    last_clause: tuple[str, ...] = ()  # of `chapters`, those its caption's last clause names (`clause_start`)


TERMS = (
    Term(
        ("Q", "K"),
        N_("queries, the rows of Q, score keys, the rows of K"),
        # pulsed in this order as the caption is read: word order's as it names rotary (review V8b: pulsed as the
        # words spoke of dot products alone)
        ("ThreeTokenDrag", "ScoreEveryWord", "Projections", "AllQueriesAtOnce", "TrainedHead", "WordOrder"),
        N_("Q Kᵀ: every query's dot product with every key, both turned first if position is rotary."),
        last_clause=("WordOrder",),
    ),
    Term(
        ("scale",),
        N_("keeps the scores' spread steady as d grows"),
        ("ShrinkScores", "WhereItBreaks"),
        N_("Dividing by √d: without it, a large d saturates the softmax."),
    ),
    Term(
        ("softmax",),
        N_("makes each row weights that sum to 1; a causal mask first hides later words"),
        ("BlendByWeight", "CausalMask"),
        N_("Softmax makes each row sum to 1; a causal mask first hides later words."),
    ),
    Term(
        ("V",),
        N_("the weights blend the values, the rows of V"),
        ("BlendByWeight", "Refocus"),
        N_("Each output row is one query's blend."),
    ),
)
BUILT = N_("Every chapter builds one formula: softmax(Q Kᵀ / √d) V.")
WHOLE = Term(  # the formula as a whole: what it replaces and where it runs
    ALL,
    "",
    ("FixedContext", "SourcePositions", "MultiHead"),
    N_("No fixed summary: every position, every query, every head."),
)


def projections_icon(_: Examples) -> VGroup:
    """The embeddings beside W_Q, W_K and W_V (kept here: the kit's icons are another's to edit)."""
    p, t = DEFAULT_PROJECTIONS, theme()
    blocks = [(p.embeddings, t.muted), (p.w_q, t.query), (p.w_k, t.key), (p.w_v, t.value)]
    return VGroup(*[cell_block(m, col) for m, col in blocks]).arrange(RIGHT, buff=0.25)


def word_order_icon(_: Examples) -> VGroup:
    """The sinusoidal encodings' stripes, a row per position (kept here, as the projections' icon), in a
    neutral colour as the chapter draws them (an encoding is neither a query nor a key; review round 7)."""
    return cell_block(sinusoidal(np.arange(ICON_POSITIONS), ICON_WIDTH), theme().text, top=1.0)


def trained_head_icon(_: Examples) -> VGroup:
    """The learned W_Q W_K^T, its diagonal standing out (kept here, as the projections' icon), on a neutral
    ramp as the chapter draws it: its rows are query words and its columns key words, so neither role's
    colour is its own (review round 6: it was in the keys' blue)."""
    return cell_block(train_head().bilinear.clip(0, None), theme().text)


def causal_mask_icon(ex: Examples) -> VGroup:
    """The kit's masked grid with each open cell tinted by its key word's colour, as the chapter draws it
    (review round 7: in the keys' blue, a colour that means keys, not weights)."""
    grid, tokens = KIT_ICONS["CausalMask"](ex), ex.causal.tokens
    hidden = ex.causal.trace().mask.flat
    for k, (cell, masked) in enumerate(zip(grid.cells, hidden)):
        if not masked:
            cell.set_fill(token_color(tokens[k % len(tokens)]))
    return grid


def saturation_icon(ex: Examples) -> VGroup:
    """The kit's slope-against-gain curve in the chapter's neutral grey (review round 7: in the output's
    orange, though the curve is no output)."""
    axes, curve, dot = KIT_ICONS["WhereItBreaks"](ex)
    curve.set_stroke(theme().muted)
    return VGroup(axes, curve, dot)


ICONS = {  # each recapped chapter's icon
    **KIT_ICONS,
    "Projections": projections_icon,
    "WordOrder": word_order_icon,
    "TrainedHead": trained_head_icon,
    "CausalMask": causal_mask_icon,
    "WhereItBreaks": saturation_icon,
}


def card(icon: VGroup) -> VGroup:
    """The icon scaled into a quiet card."""
    back = c.panel(*ICON_BOX)
    icon.scale(min(ICON_FIT[0] / icon.width, ICON_FIT[1] / icon.height)).move_to(back)
    return VGroup(back, icon)


def row(name: str, ex: Examples, y: float) -> VGroup:
    """Chapter `name`'s own icon in a card, its take-away and a muted tag naming the chapter."""
    words = _(TAKEAWAYS[name].line)
    line = c.paragraph(words, LINE_CHARS, role="body")
    if line.width > TEXT_RIGHT - TEXT_X:  # LINE_CHARS of wider glyphs (Chinese)
        line = fit.wrap_within(words, TEXT_RIGHT - TEXT_X, role="body")
    tag = c.text(tag_text(name), role="small", color=theme().muted)
    tag.align_to(line, LEFT).shift(UP * (last_baseline(line) - TAG_LEAD - last_baseline(tag)))
    words = VGroup(line, tag).move_to([TEXT_X, y, 0], aligned_edge=LEFT)
    return VGroup(card(ICONS[name](ex)).move_to([CARD_X, y, 0]), words)


def last_baseline(paragraph) -> float:
    """The baseline of a paragraph's last line: where most of its glyphs stand (a tag set under its bottom
    nearly touched a last line with no descender, review round 6: "contents." over "3 · Score every word")."""
    glyphs = len("".join(paragraph.original_text.split("\n")[-1].split()))
    return float(np.median([glyph.get_bottom()[1] for glyph in paragraph[-glyphs:]]))


def entry_text(name: str) -> str:
    """'7 · Keep source positions available': the chapter's place in the lecture and its title (as shown with
    the example: "The five-token drag" for five tokens, as that chapter's heading says)."""
    return f"{find(name).number} · {title(name)}"


def title(name: str) -> str:
    """The chapter's title as its heading shows it, in the active language (English where the catalogue has no
    such title: a count other than the default example's, "The five-token drag")."""
    return _(shown_title(find(name)))


def tag_text(name: str) -> str:
    """The chapter's entry, marked when the chapter is beyond the sources."""
    beyond = _("beyond the sources · %(entry)s", entry=entry_text(name))
    return beyond if TAKEAWAYS[name].beyond else entry_text(name)


def clause_start(caption: str) -> int | None:
    """Where `caption`'s last clause starts: after the first comma or semicolon (or their full-width forms) past
    its colon, as the term's captions are written in every language; None if there is none."""
    head = max(caption.find(":"), caption.find("："))
    marks = [at for at in (caption.find(mark, head + 1) for mark in ",;，；") if at >= 0]
    return min(marks) + 1 if marks else None


def recapped() -> list[str]:
    """The chapters QuickVersion sums up: every chapter but itself, in viewing order."""
    return [ch.name for ch in CHAPTERS if ch.name != "QuickVersion"]


def pages() -> list[list[str]]:
    """The recapped chapters in viewing order, at most PAGE_ROWS to a page, the pages as even as they can be
    (13 chapters: 3, 3, 3, 2, 2; never a page of one)."""
    names = recapped()
    count = -(-len(names) // PAGE_ROWS)
    sizes = [len(names) // count + (k < len(names) % count) for k in range(count)]
    starts = np.cumsum([0, *sizes])
    return [names[a:b] for a, b in zip(starts[:-1], starts[1:])]


def page_name(page: list[str]) -> str:
    """A page's beat: 'Chapters 4 to 6' by the places of its first and last chapter."""
    first, last = find(page[0]).number, find(page[-1]).number
    return f"Chapter {first}" if first == last else f"Chapters {first} to {last}"


def contents_step(count: int) -> float:
    """From one baseline of the chapter list to the next: CONTENTS_STEP, closer when `count` lines need it."""
    return min(CONTENTS_STEP, CONTENTS_ROOM / max(count - 1, 1))


def contents() -> VGroup:
    """An entry (`entry`) for every recapped chapter, in viewing order, one baseline every `contents_step`, the
    numbers right-aligned so that every title starts at one x (review round 6: titles 10 to 14 started further
    right than 1 to 9)."""
    entries = VGroup(*[entry(n) for n in recapped()])
    step = contents_step(len(entries))
    for i, (number, dot, _title) in enumerate(entries):  # a number's bottom is its baseline
        entries[i].shift(DOWN * (i * step + number.get_bottom()[1]) + LEFT * dot.get_x())
    return entries.shift(LEFT * entries.get_left()[0])


def entry(name: str) -> VGroup:
    """'3 · Score every word' as three texts where the whole line would set them (the number, the dot, the
    title), so that the number can be aligned on its right while the title is a line of its own."""
    whole = c.text(entry_text(name), role="label")
    k = len(str(find(name).number))
    parts = VGroup(*[c.text(part, role="label") for part in (str(find(name).number), "·", title(name))])
    for part, glyphs in zip(parts, (whole[:k], whole[k : k + 1], whole[k + 1 :])):
        part.move_to(VGroup(*glyphs))
    return parts


def marker(term: Term, role: str) -> LitFormula:
    """The term again (its brackets left out), in the formula's colours, at `role`'s size."""
    parts = [(tex, name) for tex, name in FORMULA if name in term.names and tex not in BRACKETS]
    return LitFormula(parts, role=role)
