"""Beyond the sources: all queries at once, softmax(Q K^T / sqrt(d)) V as two matrix products."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    AnimationGroup,
    FadeIn,
    FadeOut,
    LaggedStart,
    Line,
    Rectangle,
    ReplacementTransform,
    Succession,
    Transform,
    VGroup,
)
from manim.utils.rate_functions import linear, smooth, squish_rate_func

from attention import examples
from attention.examples.beyond import all_queries
from i18n import _, ngettext
from i18n.words import N_, said, said_vector
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    fmt,
    relation,
)
from scenes.kit.arrows import STROKE_UNIT, pointer
from scenes.kit.bars import on_one_baseline
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_STROKE, framed, pulsed
from scenes.kit.formula_slot import LitFormula, formula_word
from scenes.kit.matrices import COLUMN_GAP, DOTS, NamedMatrix, entries_tex, name_of, widest
from scenes.kit.palette import DIM, theme, token_color
from scenes.kit.stage import STAGE, centred
from scenes.kit.vector_rows import GAP
from scenes.kit.worked import LINE_GAP, blend_result, blend_terms, dot_result, elided, flow, paired_terms

FORMULA_GAP = 0.18  # from the subtitle to the formula under it
WORD_PULSE = 1.1  # a word under K^T grows this much as its column is read: the words stand close
UNDER_FORMULA = 0.25  # from the formula's bottom to the top of the matrices
SIDE_GAP = 0.45  # between the left-hand matrix of a product and the other two
STACK_GAP = 0.2  # between a matrix and the label of the one under it
NAME_GAP = 0.15  # least space between two words under neighbouring columns
SWATCH = 0.3  # length of the coloured dash under a column when its word does not fit
KT = r"K^{\top}"  # the transpose as the formula line writes it (review 6: an italic T beside the ⊤)
BLOCK_CELL = 0.8  # largest side of an entry's square in the closing picture of the shapes (smaller to fit)
BLOCK_GAP = 0.3  # between a block and the sign beside it
# between the closing picture's two products, for the row softmax arrow (as short as leaves the frames round the sizes
# above the band at the default example's cell size)
ROW_GAP = 0.5
ZOOMS = (
    1.6,
    1.5,
    1.35,
    1.2,
    1.0,
)  # each product on one line is drawn at the largest of these times the number size that fits it
SOFTMAX_ZOOMS = (
    2.0,
    1.8,
    1.6,
    1.4,
    1.2,
    1.0,
)  # the scores and their weights side by side: the largest that fits
SOFTMAX_ARROW = 1.0  # least length of the row softmax arrow between them (times their zoom)
WORK_GAP = 0.4  # from a product on one line to its working under it
QUICK = 1.6  # seconds for each dot product of the first row after the first two, worked out all but at once
WRAP_GAP = 0.2  # from a product's first line ('A × B') to its second ('= C') where one line is too wide
NAMES_WIDTH = 1.6  # widest a word left of its row of V may be in a table (longer ones are cut)
SIZE_BUFF = (
    0.14  # round a size two matrices share, lit at the end: 6 px clear of its digit at 480p (review C9b)
)
# from a block's squares down to its sizes: a frame round one (SIZE_BUFF and its stroke) 4.5 px clear of the squares
# at 480p (review C9b: the frames' tops touched the Q and K^T grids)
DIMS_GAP = 0.25

MATRIX_FORMULA = (  # the formula line's parts after 'outputs =', each lit while its step is shown
    (r"\mathrm{softmax}(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    (r")", "softmax"),
    ("V", "V"),
)
DOTS_SAID = (  # each row of Q K^T as its caption reads it
    N_("Row %(row)s: the first query's dot products %(dots)s."),
    N_("Row %(row)s: the second query's dot products %(dots)s."),
)
LEFT_OUT = (  # the note under a working whose terms do not all find room: which ones '⋯' stands for
    N_("⋯ stands for term %(first)s of %(count)s."),
    N_("⋯ stands for terms %(first)s to %(last)s of %(count)s."),
)
OUTPUT_SAID = (  # each output row as its caption reads it
    N_("Row %(row)s: each weight times its word's value, added: the first query's output."),
    N_("Row %(row)s: each weight times its word's value, added: the second query's output."),
)


class Room(NamedTuple):
    """Where a working goes: its top left corner, the width its lines keep within, and whether it is centred
    across the stage (under a product on one line, as that line is)."""

    at: list
    width: float
    centred: bool = False


class Working(VGroup):
    """An entry worked out, as drawn: its terms (`.terms`, each with its place among all, `elided`), its result
    (`.result`) and, where some terms are left out for room, a note under them saying which (`.note`, else None)."""

    def __init__(self, terms: list, result, note=None):
        super().__init__(*terms, result, *([note] if note else []))
        self.terms, self.result, self.note = terms, result, note

    def ending(self) -> list:
        """What comes once the terms are in: the result, and the note."""
        return [self.result, *([self.note] if self.note else [])]


class AllQueriesAtOnce(ChapterScene):
    """Stack the queries as Q: one product gives every score, a row softmax every weight, one more every output.

    Each product is laid out on one line, 'Q × K^T = Q K^T', as large as fits the stage (ZOOMS), so its
    digits read at 480p; the entries being explained are worked out under it, pair by pair (the first row of
    Q K^T whole, the first two slowly; every row of the outputs). A product too
    wide for one line is wrapped onto two, 'Q × K^T' over '= Q K^T', its signs kept, its workings under it or,
    where that leaves no room, beside the second line; where even that would not fit at the number size, the
    shared coordinates (or the words) are cut (the first ones shown, then dots).
    Only past that is it laid out as a multiplication table (the right factor on top, the left factor at the
    bottom left, entry (i, j) level with row i and under column j), its working on the right.
    """

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.stack()
        self.one_product()
        self.divide()
        self.row_softmax()
        self.outputs_at_once()
        self.summary()

    # the beats

    def stack(self) -> None:
        self.beat("Stack the queries")
        m = len(self.trace.queries)
        self.show(
            FadeIn(self.heading),
            FadeIn(self.formula.dimmed()),
            FadeIn(self.query_rows),
            run_time=0.8,
            caption=ngettext(
                "The %(num)s query of the last chapters, a row of numbers.",
                "The %(num)s queries of the last chapters, each a row of numbers.",
                m,
            ),
        )
        self.show(
            *self.into_q(),
            self.formula.light("Q"),
            run_time=1.5,
            caption=_("Write them as the rows of one matrix Q."),
            hold=1,
        )
        self.remove(*self.query_rows.get_family())  # the moved numbers too, now loose in the scene
        self.add(self.q)
        caption = _("The keys become the columns of K transposed: one column per word.")
        self.show(
            FadeIn(self.kt),
            FadeIn(self.columns),
            FadeIn(self.first_signs[:1]),
            self.formula.light("Q", "K"),
            run_time=1,
            caption=caption,
        )
        self.while_read(  # each column lit, then its word pulsed (review T9: lit alone, the word hardly showed)
            caption,
            1,
            *[
                Succession(AnimationGroup(*self.columns_lit(j)), pulsed(word, scale_factor=WORD_PULSE))
                for j, word in enumerate(self.columns)
            ],
            AnimationGroup(*self.columns_lit(None)),
        )

    def one_product(self) -> None:
        self.beat("One product, every dot product")
        tr = self.trace
        caption = _(
            "Q times K transposed gives a %(shape)s grid of dot products.", shape=shape_text(tr.dots.shape)
        )
        entries = self.dots.matrix.get_entries()
        self.show(
            FadeIn(self.dots.label, self.dots.matrix.get_brackets()),
            FadeIn(self.first_signs[1:]),
            LaggedStart(*[FadeIn(e) for e in entries], lag_ratio=0.3),
            run_time=max(1.2, self.caption_time(caption) - 0.5),  # its entries come as it is read
            caption=caption,
        )
        self.remove(*self.dots.get_family())  # whole again: one matrix
        self.add(self.dots)
        self.show(
            *self.entry_lit(0, 0),
            run_time=1,
            caption=_(
                "Each entry pairs a row of Q with a column of K transposed: multiply each pair, then add."
            ),
        )
        working = VGroup()
        rest = _("The rest of row %(row)s likewise, column by column.", row=1)
        quick = max(QUICK, self.caption_time(rest) / max(1, len(self.dot_workings) - 2))  # each of the rest
        for k, ((i, j), later) in enumerate(self.dot_workings.items()):
            pairs = [
                self.pair_in(t, self.q_entry(i, t.index), self.kt_entry(t.index, j)) for t in later.terms
            ]
            if k == 0:  # pair by pair
                for pair in pairs:
                    self.show(pair, run_time=0.6)
            elif k == 1:
                caption = _(
                    "Row %(row)s times column %(column)s: %(working)s.",
                    row=i + 1,
                    column=j + 1,
                    working=entry_text(later),
                )
                self.show(FadeOut(working), *self.entry_lit(i, j), run_time=0.5, caption=caption)  # then:
                self.play(  # pair by pair, as the caption reads them, where the last working stood
                    LaggedStart(*pairs, lag_ratio=0.5),
                    run_time=max(1.5, 0.6 * self.caption_time(caption) - 0.5),
                )
            else:  # the rest of the row, quickly: each entry's pairs all but at once
                self.show(
                    FadeOut(working),
                    *self.entry_lit(i, j),
                    run_time=0.25 * quick,
                    caption=rest if k == 2 else None,
                )
                self.play(LaggedStart(*pairs, lag_ratio=0.3), run_time=0.4 * quick)
                self.show(*map(FadeIn, later.ending()), pulsed(self.dots_entry(i, j)), run_time=0.35 * quick)
                working = later
                continue
            self.show(*map(FadeIn, later.ending()), pulsed(self.dots_entry(i, j)), run_time=0.8, hold=0.5)
            working = later
        for i, said_row in enumerate(DOTS_SAID[: len(tr.queries)]):
            caption = _(said_row, row=i + 1, dots=caption_vector(tr.dots[i], SCORE_PLACES))
            self.show(
                *([FadeOut(working)] if i == 0 and working else []),
                *self.rows_lit(i, self.q, self.dots),
                *self.columns_lit(None),
                run_time=0.8,
                caption=caption,
            )
            row = self.dots.matrix.get_rows()[i]
            self.while_read(caption, 0.8, LaggedStart(*[pulsed(e) for e in row], lag_ratio=0.6))
        self.show(*self.rows_lit(None, self.q, self.dots), run_time=0.8)

    def divide(self) -> None:
        self.beat("Divide by the square root of d")
        tr = self.trace
        # 'Q × K^T' and its '=' leave as the first row is divided: they equal Q K^T, not Q K^T / √d (review E10)
        first_row = squish_rate_func(linear, 0, 1 / (len(tr.queries) + 1))
        self.refill(
            self.dots,
            self.scores,
            FadeOut(VGroup(self.q, self.kt, self.columns, *self.first_signs), rate_func=first_row),
            FadeIn(self.divide_label),
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption=_(
                "Divide every entry by √%(width)s at once, as each query did alone.", width=tr.keys.shape[1]
            ),
            hold=1.5,
        )

    def row_softmax(self) -> None:
        self.beat("Softmax row by row")
        scores, weights, sums = self.soft_scores, self.soft_weights, self.soft_sums
        caption = _("Softmax each row on its own: every query gets weights that sum to 1.")
        self.show(  # the scores to the left of the stage's middle, larger: the stage is theirs now
            ReplacementTransform(self.scores, scores),
            FadeOut(self.divide_label),
            self.formula.light("softmax", "Q", "K", "scale"),
            run_time=1,
            caption=caption,
        )
        self.play(FadeIn(self.soft_arrow, self.soft_label), run_time=0.5)
        frame = VGroup(weights.label, *weights.matrix.get_brackets())
        for i, row in enumerate(weights.matrix.get_rows()):  # each row of scores gives its row of weights
            self.play(
                *self.rows_lit(i, scores),
                FadeIn(VGroup(*row, sums[i], *([frame] if i == 0 else [])), shift=RIGHT * 0.15),
                run_time=0.8,
            )
        self.remove(*weights.get_family())
        self.add(weights)  # whole again: one matrix
        self.while_read(caption, 1.3 + 0.8 * len(sums), AnimationGroup(*self.rows_lit(None, scores)))
        caption = _(
            "The first row is %(weights)s, as before.",
            weights=caption_vector(self.trace.weights[0], WEIGHT_PLACES),
        )
        self.show(
            *self.rows_lit(0, scores, weights),
            sums[1:].animate.set_opacity(DIM),
            run_time=0.8,
            caption=caption,
        )
        row = weights.matrix.get_rows()[
            0
        ]  # its weights pulsed as the caption reads them, then its sum (review V6:
        self.while_read(caption, 0.8, *[pulsed(e) for e in row], pulsed(sums[0]))  # one pulse over 7.6 s)
        self.show(*self.rows_lit(None, scores, weights), sums.animate.set_opacity(1), run_time=0.8)

    def outputs_at_once(self) -> None:
        self.beat("Every output at once")
        tr = self.trace
        # the scores and the row sums leave (beside the weights, 'Σ = 1 × V' read as part of the product: review
        # E10), then the weights (alone on the stage) take their place in the second product
        self.play(FadeOut(self.soft_scores, self.soft_arrow, self.soft_label, self.soft_sums), run_time=0.5)
        caption = _("Then the weights times V: one row per word, its value.")
        self.show(
            ReplacementTransform(self.soft_weights, self.weights),
            run_time=1,
            caption=caption,
        )
        self.play(
            FadeIn(self.v),
            FadeIn(self.value_names),
            FadeIn(self.second_signs[:1]),
            self.formula.light("softmax", "Q", "K", "scale", "V"),
            run_time=0.8,
        )
        words = len(self.value_names)
        self.while_read(caption, 1.8, *[AnimationGroup(*self.v_rows_lit(j)) for j in [*range(words), None]])
        caption = _("Row i of the weights times V gives row i of the outputs: query i's output.")
        frame = VGroup(self.outputs.label, *self.outputs.matrix.get_brackets(), *self.second_signs[1:])
        for i, row in enumerate(self.outputs.matrix.get_rows()):  # row by row, each with its row of weights
            self.show(
                *self.rows_lit(i, self.weights),
                FadeIn(VGroup(*row, *([frame] if i == 0 else [])), shift=RIGHT * 0.15),
                *([self.formula.light()] if i == 0 else []),
                run_time=0.8,
                caption=None if i else caption,
            )
        self.remove(*self.outputs.get_family())  # whole again: one matrix
        self.add(self.outputs)
        self.while_read(caption, 0.8 * len(tr.queries), AnimationGroup(*self.rows_lit(None, self.weights)))
        for i, said_row in enumerate(OUTPUT_SAID[: len(tr.queries)]):
            self.show(
                *self.rows_lit(i, self.weights, self.outputs),
                run_time=0.8,
                caption=_(said_row, row=i + 1),
            )
            if self.blend_workings:
                self.work_out_row(i, self.blend_workings[i])
        self.show(*self.rows_lit(None, self.weights, self.outputs), run_time=0.8)

    def summary(self) -> None:
        self.beat("Summary")
        first, second = self.blocks[:3] + self.signs[:2], self.blocks[3:] + self.signs[2:]
        self.show(FadeOut(self.weights, self.v, self.value_names, *self.second_signs), run_time=0.6)
        # the outputs move once, into their place as the line they end comes in (first, if they stand where
        # the first line comes)
        early = not fit.apart(self.outputs, VGroup(*first))
        move = Transform(self.outputs, self.end_outputs)
        self.show(
            *([move] if early else []),
            *[FadeIn(part) for part in first],
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption=_("Two matrix products and a row softmax: every query in one pass."),
        )
        self.show(
            *([] if early else [move]),
            FadeIn(self.softmax_arrow),
            FadeIn(self.softmax_label),
            *[FadeIn(part) for part in second],
            self.formula.light(),
            run_time=1.5,
        )
        self.show(
            *[b.light_shared() for b in self.blocks[:2]],
            run_time=1,
            caption=_(
                "Track the shapes: each product's inner sizes match, and they say what multiplies what."
            ),
        )
        self.wait_for_cue(2)
        self.show(*[b.light_shared() for b in self.blocks[3:]], run_time=1)

    # what the beats play

    def while_read(self, caption: str, spent: float, *animations) -> None:
        """Play `animations` one after another over what is left of `caption`'s time once `spent` seconds of
        it have played (half a second each at least): the picture moves with the words instead of holding still."""
        left = max(0.5 * len(animations), self.caption_time(caption) - spent)
        self.play(Succession(*animations), run_time=left)

    def into_q(self) -> list:
        """Animations moving each query's numbers into its row of Q (those Q cuts fade), fading the rest in: the
        names, brackets and commas go first and Q's frame comes last, so no number passes over them."""
        moves, dropped = [], []
        for vector, row in zip(self.query_rows, self.q.matrix.get_rows()):
            targets = [e for e in row if e.tex_string not in DOTS]
            moves += [
                Transform(e, t.copy(), rate_func=squish_rate_func(smooth, 0.3, 1))
                for e, t in zip(vector.entries, targets)
            ]
            dropped += [p for p in vector if p not in vector.entries[: len(targets)]]
        kept = [e for e in self.q.matrix.get_entries() if e.tex_string in DOTS]
        frame = VGroup(*self.q.matrix.get_brackets(), self.q.label, *kept)
        return [
            *moves,
            FadeOut(VGroup(*dropped), rate_func=squish_rate_func(smooth, 0, 0.3)),
            FadeIn(frame, rate_func=squish_rate_func(smooth, 0.85, 1)),
        ]

    def refill(self, old: NamedMatrix, new: NamedMatrix, *others, **options) -> None:
        """Put `new` (one shape, in `old`'s place) for `old`, row after row: each row's numbers fade out, then
        `new`'s fade in (no digit morphs into another), the rows overlapping in time so the brackets (moving
        to `new`'s) never stand empty; the names change with the first row. `others` play alongside, `options`
        go to `show`. Copies play the change, so neither matrix is split up by the scene."""
        brackets = old.matrix.get_brackets().copy()
        olds = [VGroup(*row).copy() for row in old.matrix.get_rows()]
        news = [VGroup(*row).copy() for row in new.matrix.get_rows()]
        olds[0].add(old.label.copy())
        news[0].add(new.label.copy())
        self.remove(*old.get_family())
        self.add(brackets, *olds)
        m = len(olds)
        changes = []
        for i, (before, after) in enumerate(zip(olds, news)):  # row i changes over [i, i + 2] / (m + 1)
            start, middle, end = i / (m + 1), (i + 1) / (m + 1), (i + 2) / (m + 1)
            changes += [
                FadeOut(
                    before, rate_func=squish_rate_func(linear, start, middle)
                ),  # linear: no one-frame jump
                FadeIn(after, rate_func=squish_rate_func(linear, middle, end)),
            ]
        self.show(Transform(brackets, new.matrix.get_brackets().copy()), *changes, *others, **options)
        self.remove(brackets, *news)
        self.add(new)

    def pair_in(self, term, q_entry, k_entry) -> AnimationGroup:
        """A term faded in where it stands while the two entries it multiplies are framed (none framed where
        an entry is cut from view, or for the '⋯' of terms left out); no copy flies to it, across the words and
        the working on its way."""
        framing = [framed(entry) for entry in (q_entry, k_entry) if entry is not None]
        return AnimationGroup(FadeIn(term, shift=RIGHT * 0.1), *framing)

    def work_out_row(self, i: int, working: VGroup) -> None:
        """Row i of the weights times V, word by word: each weight and its word's value fly into the working."""
        for term in working.terms:
            self.show(*self.weighed(i, term), run_time=0.6)
        self.show(
            *map(FadeIn, working.ending()),
            *self.v_rows_lit(None),
            pulsed(self.outputs.matrix.get_rows()[i], theme().output),
            run_time=0.8,
            hold=1,
        )
        self.wait_for_reader()  # the working stays while its caption reads it (review E10: gone 0.3 s before)
        self.show(FadeOut(working), run_time=0.5)

    def weighed(self, i: int, term) -> list:
        """`term` ('w × v', its word j's) fading in where it stands while weight (i, j) is framed and row j of V
        lit (no copy flies from the matrices to it: it would cross the working and the entries on its way); the
        '⋯' of words left out alone."""
        j = term.index
        if j is None:
            return [FadeIn(term, shift=RIGHT * 0.1)]
        framing = [framed(self.weights.matrix.get_rows()[i][j])] if j < self.shown_words else []
        return [FadeIn(term, shift=RIGHT * 0.1), *framing, *self.v_rows_lit(j)]

    def v_rows_lit(self, j: int | None) -> list:
        """Animations lighting row j of V and its word (every row when j is None), dimming the others."""
        rows = self.v.matrix.get_rows()
        return [
            part.animate.set_opacity(1 if j is None or k == j else DIM)
            for k, pair in enumerate(zip(rows, self.value_names))
            for part in pair
        ]

    def q_entry(self, i: int, k: int | None):
        """Entry (i, k) of Q as drawn, or None where Q is cut (or k is None: the '⋯' of terms left out)."""
        row = [e for e in self.q.matrix.get_rows()[i] if e.tex_string not in DOTS]
        return row[k] if k is not None and k < len(row) else None

    def kt_entry(self, k: int | None, j: int):
        """Entry (k, j) of K^T as drawn, or None where K^T is cut (or k is None)."""
        column = [e for e in self.kt.matrix.get_columns()[j] if e.tex_string not in DOTS]
        return column[k] if k is not None and k < len(column) else None

    def dots_entry(self, i: int, j: int):
        return self.dots.matrix.get_rows()[i][j]

    def rows_lit(self, i: int | None, *matrices: NamedMatrix) -> list:
        """Animations lighting row i of each of `matrices` (every row when i is None), dimming the others."""
        return [
            row.animate.set_opacity(1 if i is None or k == i else DIM)
            for m in matrices
            for k, row in enumerate(m.matrix.get_rows())
        ]

    def columns_lit(self, j: int | None) -> list:
        """Animations lighting column j of K^T and its word (every column when j is None), dimming the others."""
        pairs = zip(self.kt.matrix.get_columns(), self.columns)
        return [
            part.animate.set_opacity(1 if j is None or k == j else DIM)
            for k, pair in enumerate(pairs)
            for part in pair
        ]

    def entry_lit(self, i: int, j: int) -> list:
        """Animations lighting row i of Q, column j of K^T and entry (i, j) of their product, dimming the rest."""
        n = self.dots.values.shape[1]
        entries = self.dots.matrix.get_entries()
        return [
            *self.rows_lit(i, self.q),
            *self.columns_lit(j),
            *[e.animate.set_opacity(1 if k == i * n + j else DIM) for k, e in enumerate(entries)],
        ]

    # building and layout

    def build(self) -> None:
        self.example = ex = self.inputs()
        tr = self.trace = all_queries(ex)
        self.heading = c.chapter_title(_(self.title), _("The matrix form that code computes"))
        outputs = formula_word(_("outputs"), "outputs")  # a formula's word: English where TeX cannot set it
        self.words = {"weights": word_tex(_("weights")), "outputs": word_tex(_("outputs"))}  # matrices' names
        self.formula = (
            LitFormula(  # under the title, in body type (review V6: 7 px letters in the strip's small type)
                [(rf"\text{{{outputs}}} =", "outputs"), *MATRIX_FORMULA], role="body"
            )
        )
        self.formula.next_to(self.heading, DOWN, buff=FORMULA_GAP, aligned_edge=LEFT)
        self.top_y = self.formula.get_bottom()[1] - UNDER_FORMULA
        self.names = [c.text(t, role="label", color=token_color(t)) for t in ex.tokens]
        d, n = tr.keys.shape[1], len(ex.tokens)
        self.zoom1 = self.written(
            self.first_in_line, [(shown, words) for shown in range(d, 0, -1) for words in (True, False)]
        )
        self.zoom2 = self.written(self.second_in_line, [(shown,) for shown in range(n, 0, -1)])
        self.tables = self.zoom1 is None or self.zoom2 is None  # too wide even cut, on two lines
        if self.tables:
            self.zoom1 = self.zoom2 = 1
            self.first_product()
            self.second_product()
        printed = entries_tex(tr.queries, 3)
        self.query_rows = VGroup(*[query_row(i + 1, row) for i, row in enumerate(printed)])
        self.query_rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3).scale(self.zoom1)
        self.query_rows.move_to([0, (self.top_y + STAGE.bottom) / 2, 0])
        self.workings()
        self.lower_second()
        layouts = [(zoom, down) for zoom in SOFTMAX_ZOOMS for down in (False, True)]  # the largest that fits
        fit.first_that_fits(layouts, lambda layout: self.fits(*self.place_softmax(layout)))
        self.closing()

    def lower_second(self) -> None:
        """The second product on one line and its working, moved down half the room left under them, so the
        picture stands in the stage's middle rather than at its top."""
        if self.tables:  # they stay under the formula
            return
        line = VGroup(
            self.weights,
            *self.second_signs,
            self.value_names,
            self.v,
            self.outputs,
            *self.blend_workings,
        )
        line.shift(DOWN * max(0.0, (line.get_bottom()[1] - STAGE.bottom) / 2 - 0.1))

    def written(self, product, cuts: list) -> float | None:
        """The zoom `product` (a method laying a product out with its signs) is laid out at: the largest of ZOOMS
        at which it fits on one line, else wrapped onto two ('A × B' over '= C'), else wrapped at the number size
        with the first of `cuts` (`product`'s further arguments: fewer coordinates or words shown) that fits it;
        None where none does (a table)."""
        for wrapped in (False, True):
            zoom = fit.largest_that_fits(
                [*ZOOMS, None],
                lambda zoom, wrapped=wrapped: zoom is None or self.fits_written(zoom, product, wrapped),
            )
            if zoom is not None:
                return zoom
        cut = fit.first_that_fits(
            [*cuts, None], lambda cut: cut is None or self.fits_written(1, product, True, *cut)
        )
        return None if cut is None else 1

    def fits_written(self, zoom: float, product, *layout) -> bool:
        """Whether `product` laid out with `layout` (wrapped, and any cuts) fits at `zoom` times the number size."""
        self.zoom = zoom
        return self.fits(*product(*layout))

    def place_softmax(self, layout: tuple[float, bool]) -> tuple[VGroup, ...]:
        """The row softmax as its own picture, centred on the stage at `zoom` times the number size: the scores,
        an arrow 'row softmax', the weights (their sums beside), left to right or (`down`) top to bottom as in
        the closing picture; what must fit."""
        zoom, down = layout
        self.soft_scores = self.scores.copy().scale(zoom / self.zoom1)
        self.soft_weights = self.weights.copy().scale(zoom / self.zoom2)
        self.soft_sums = row_sums(self.trace.weights).scale(zoom)
        self.soft_label = c.text(
            _("row softmax"), role="small", color=theme().muted
        )  # the formula line's size
        if down:
            self.soft_arrow = pointer(ORIGIN, SOFTMAX_ARROW * 0.6 * zoom * DOWN, theme().muted, buff=0)
            self.soft_arrow.next_to(self.soft_scores, DOWN, buff=0.15)
            self.soft_weights.next_to(self.soft_arrow, DOWN, buff=0.15)
            self.soft_weights.set_x(self.soft_scores.get_x())
            self.soft_label.next_to(self.soft_arrow, RIGHT, buff=0.15)
        else:
            length = max(SOFTMAX_ARROW * zoom, self.soft_label.width + 0.2)
            self.soft_arrow = pointer(ORIGIN, length * RIGHT, theme().muted, buff=0)
            level(self.soft_scores, self.soft_arrow, self.soft_weights)
            self.soft_label.next_to(self.soft_arrow, UP, buff=0.15)
        self.soft_sums.next_to(self.soft_weights.matrix, RIGHT, buff=0.25)
        for total, row in zip(self.soft_sums, self.soft_weights.matrix.get_rows()):
            total.set_y(row.get_y())
        picture = VGroup(
            self.soft_scores, self.soft_arrow, self.soft_label, self.soft_weights, self.soft_sums
        )
        picture.set_y((self.top_y + STAGE.bottom) / 2 + 0.2)
        picture.shift(DOWN * max(0.0, picture.get_top()[1] - self.top_y))
        return (centred(picture),)

    def divide_tex(self) -> VGroup:
        tr = self.trace
        divisor = rf"\sqrt{{{tr.keys.shape[1]}}} {relation(tr.divisor, SCORE_PLACES)} {fmt(tr.divisor, SCORE_PLACES)}"
        return c.math(rf"\div {divisor}", role="label", color=theme().muted).scale(self.zoom)

    def first_in_line(
        self, wrapped: bool = False, shown: int | None = None, words: bool = True
    ) -> tuple[VGroup, ...]:
        """'Q × K^T = Q K^T' on one line (or `wrapped` onto two) at `self.zoom`, `shown` coordinates (None: all),
        the words (or a dash of each word's colour) under K^T's columns, the scores in the dot products' place,
        '÷ √d' under them; what must fit (on one line, with room for the working under it; wrapped, `workings`
        finds its working a room under it or beside its second line, `rooms`)."""
        tr = self.trace
        named = max(n.width for n in self.names) + NAME_GAP if words else 0
        self.q = NamedMatrix("Q", tr.queries, theme().query, cols=shown)
        pitch = max(widest(tr.keys_t, 3) + COLUMN_GAP, named)
        self.kt = NamedMatrix(KT, tr.keys_t, theme().key, pitch=pitch, rows=shown)
        pitch = max(widest(tr.dots, SCORE_PLACES), widest(tr.scores, SCORE_PLACES)) + COLUMN_GAP
        self.dots = NamedMatrix(rf"Q {KT}", tr.dots, theme().text, SCORE_PLACES, pitch=pitch)
        self.scores = NamedMatrix(rf"Q {KT} / \sqrt{{d}}", tr.scores, theme().text, SCORE_PLACES, pitch=pitch)
        self.first_signs = signs()
        times, equals = self.first_signs
        line = level(self.q, times, self.kt, *([] if wrapped else [equals, self.dots]))
        self.columns = self.column_names(words)
        first = [self.q, times, self.kt, self.columns]
        if wrapped:
            line = VGroup(line, wrap(level(equals, self.dots), VGroup(line, self.columns), times))
        align_columns(self.scores, self.dots)
        align_rows(self.scores, self.dots)
        overhang = self.dots.get_left()[0] - self.scores.get_left()[0]  # wider entries reach further left
        VGroup(self.dots, self.scores).shift(RIGHT * max(0.0, overhang))  # ... clear of the '=' either way
        self.divide_label = self.divide_tex()
        whole = VGroup(line, self.columns, self.scores).scale(self.zoom)
        centred(whole.align_to([0, self.top_y, 0], UP))
        self.divide_label.next_to(self.scores, DOWN, buff=0.3).align_to(self.scores, LEFT)
        self.first_rooms = rooms(whole, first, line[1] if wrapped else None)
        if wrapped:
            return whole, self.divide_label
        return whole, self.divide_label, self.placed(*self.dot_working(0, 0), self.first_rooms[0])

    def second_in_line(self, wrapped: bool = False, shown: int | None = None) -> tuple[VGroup, ...]:
        """'weights × V = outputs' on one line (or `wrapped` onto two) at `self.zoom`, `shown` words (None: all),
        each word left of its row of V; what must fit (as `first_in_line`)."""
        tr = self.trace
        self.shown_words = shown or len(self.example.tokens)
        self.weights = NamedMatrix(self.words["weights"], tr.weights, theme().text, cols=shown)
        self.v = NamedMatrix("V", tr.values, theme().value, rows=shown)
        self.outputs = NamedMatrix(self.words["outputs"], tr.outputs, theme().output)
        self.second_signs = signs()
        tokens = self.example.tokens[: self.shown_words]  # cut to NAMES_WIDTH where V is cut to fit
        self.value_names = VGroup(
            *[fit.name(t, NAMES_WIDTH) if shown else n.copy() for t, n in zip(tokens, self.names)]
        )
        self.place_value_names()  # the words as a block beside V's rows, before the line places it
        times, equals = self.second_signs
        result = [] if wrapped else [equals, self.outputs]
        line = level(self.weights, times, self.value_names, self.v, *result)
        first = list(line)
        self.place_value_names()
        if wrapped:
            line = VGroup(line, wrap(level(equals, self.outputs), line, times))
        centred(line.scale(self.zoom).align_to([0, self.top_y, 0], UP))
        self.second_rooms = rooms(line, first, line[1] if wrapped else None)
        return (line,) if wrapped else (line, self.placed(*self.blend_working(0), self.second_rooms[0]))

    def place_value_names(self) -> None:
        """Each shown word right-aligned just left of its row of V."""
        for name, row in zip(self.value_names, self.v.matrix.get_rows()):
            name.next_to(self.v.matrix, LEFT, buff=0.15).set_y(row.get_y())

    def dot_working(self, i: int, j: int) -> tuple[list, VGroup]:
        """Row i of Q times column j of K^T: its pairs, and the entry (at `self.zoom`, to be `placed`)."""
        tr = self.trace
        q = entries_tex(tr.queries, 3)[i]
        k = [row[j] for row in entries_tex(tr.keys_t, 3)]
        result = entries_tex(tr.dots, SCORE_PLACES)[i][j]
        return self.zoomed(paired_terms(q, k, theme().query, theme().key), dot_result(q, k, result))

    def blend_working(self, i: int) -> tuple[list, VGroup]:
        """Row i of the weights times V: its terms word by word, and the output row (to be `placed`)."""
        tr = self.trace
        w = entries_tex(tr.weights, WEIGHT_PLACES)[i]
        v = entries_tex(tr.values, 3)
        out = entries_tex(tr.outputs, WEIGHT_PLACES)[i]
        return self.zoomed(blend_terms(w, v, theme().value), blend_result(w, v, out, theme().output))

    def zoomed(self, terms: list, result) -> tuple[list, VGroup]:
        for part in [*terms, result]:
            part.scale(self.zoom)
        return terms, result

    @staticmethod
    def placed(terms: list, result, room: Room, kept: int | None = None) -> Working:
        """A working of `terms` and `result` flowed in `room`; where `kept` is fewer than the terms, the first
        and the last of them with '⋯' between (`elided`) and a note under them saying which '⋯' stands for."""
        shown = elided(terms, kept or len(terms))
        flow([*shown, result], room.width)
        note = left_out(shown, len(terms), room.width)
        if note:
            note.next_to(VGroup(*shown, result), DOWN, buff=LINE_GAP, aligned_edge=LEFT)
        working = Working(shown, result, note)
        working.shift(room.at - working.get_corner(UL))
        return centred(working) if room.centred else working

    def workings(self) -> None:
        """The entries worked out: every dot product of the first row (storyboard: one query's row whole), every
        output row (`worked_out`)."""
        m, n = self.trace.dots.shape
        pairs = [(0, j) for j in range(n)]
        self.zoom = self.zoom1
        shown = [self.q, *self.first_signs, self.kt, self.columns, self.dots]
        made = [self.dot_working(i, j) for i, j in pairs]
        self.dot_workings = dict(zip(pairs, self.worked_out(made, self.first_rooms, shown)))
        self.zoom = self.zoom2
        shown = [self.weights, *self.second_signs, self.value_names, self.v, self.outputs]
        self.blend_workings = self.worked_out(
            [self.blend_working(i) for i in range(m)], self.second_rooms, shown
        )

    def worked_out(self, made: list, rooms: list[Room], shown: list) -> list[Working]:
        """The workings `made` (terms and result each), all placed in the first of `rooms` where they keep on the
        stage and clear of `shown` with every term; else with as many as find room (the first and the last,
        '⋯' between, two at least); none where even that does not fit."""
        count = len(made[0][0])
        for kept in range(count, min(count, 2) - 1, -1):
            for room in rooms:
                workings = [self.placed(terms, result, room, kept) for terms, result in made]
                if self.fits(*workings) and all(fit.apart(w, p) for w in workings for p in shown):
                    return workings
        return []

    def first_product(self) -> None:
        """Q K^T as a table: K^T on top (its words under it), Q at the left, the dot products under K^T.

        Tried with every coordinate and the words, then without the words (a dash of each word's colour),
        then with fewer coordinates shown, until it fits."""
        tr = self.trace
        d = tr.keys.shape[1]
        entries = max(widest(tr.keys_t, 3), widest(tr.dots, SCORE_PLACES), widest(tr.scores, SCORE_PLACES))
        named = max(n.width for n in self.names) + NAME_GAP
        layouts = [
            (max(entries + COLUMN_GAP, named if words else 0), None if shown == d else shown, words)
            for shown in range(d, 0, -1)
            for words in (True, False)
        ]
        self.zoom = 1
        fit.first_that_fits(layouts, lambda layout: self.fits(*self.place_first(*layout)))

    def place_first(self, pitch: float, shown: int | None, words: bool) -> tuple[VGroup, ...]:
        """Q K^T laid out with columns `pitch` apart, `shown` coordinates (None: all), words or dashes under
        K^T; what must fit."""
        tr = self.trace
        self.q = NamedMatrix("Q", tr.queries, theme().query, cols=shown)
        self.kt = NamedMatrix(KT, tr.keys_t, theme().key, pitch=pitch, rows=shown)
        self.dots = NamedMatrix(rf"Q {KT}", tr.dots, theme().text, SCORE_PLACES, pitch=pitch)
        self.scores = NamedMatrix(rf"Q {KT} / \sqrt{{d}}", tr.scores, theme().text, SCORE_PLACES, pitch=pitch)
        side = max(self.q.width, self.divide_tex().width)
        self.kt.align_to([STAGE.body_left + side + SIDE_GAP, self.top_y, 0], UL)
        self.columns = self.column_names(words)
        for m in (self.dots, self.scores):
            align_columns(m, self.kt)
            under(m, self.columns)
        clear_of(VGroup(self.kt, self.columns, self.dots, self.scores), STAGE.body_left + side + SIDE_GAP)
        self.q.align_to([STAGE.body_left, 0, 0], LEFT)
        align_rows(self.q, self.dots)
        self.divide_label = self.divide_tex().next_to(self.q, UP, buff=0.3).align_to(self.q, LEFT)
        self.first_signs = VGroup()  # a table needs no signs
        self.first_rooms = [self.beside(VGroup(self.kt, self.columns, self.dots), self.dots)]
        return self.kt, self.columns, self.scores, self.q

    def column_names(self, words: bool) -> VGroup:
        """Each word's name under its column of K^T, or (`words` False) a dash in its colour."""
        marks = VGroup()
        for name, column in zip(self.names, self.kt.matrix.get_columns()):
            mark = name.copy() if words else Line(ORIGIN, SWATCH * RIGHT, color=name.color, stroke_width=6)
            marks.add(mark.next_to(self.kt.matrix, DOWN, buff=0.15).set_x(column.get_x()))
        if words:
            on_one_baseline(marks)
        return marks

    def second_product(self) -> None:
        """weights V as a table: V on top, the weights at the left, the outputs
        under V; tried with every word, then with fewer words shown, until it fits."""
        tr = self.trace
        n = len(self.example.tokens)
        pitch = max(widest(tr.values, 3), widest(tr.outputs, WEIGHT_PLACES)) + COLUMN_GAP
        layouts = [None if shown == n else shown for shown in range(n, 0, -1)]
        fit.first_that_fits(layouts, lambda shown: self.fits(*self.place_second(pitch, shown)))

    def place_second(self, pitch: float, shown: int | None) -> tuple[VGroup, ...]:
        """weights V laid out with columns `pitch` apart and `shown` words (None: all), each word left of its
        row of V; what must fit."""
        tr = self.trace
        self.shown_words = shown or len(self.example.tokens)
        self.value_names = VGroup(
            *[fit.name(t, NAMES_WIDTH) for t in self.example.tokens[: self.shown_words]]
        )
        self.second_signs = VGroup()
        self.weights = NamedMatrix(self.words["weights"], tr.weights, theme().text, cols=shown)
        self.v = NamedMatrix("V", tr.values, theme().value, pitch=pitch, rows=shown)
        self.outputs = NamedMatrix(self.words["outputs"], tr.outputs, theme().output, pitch=pitch)
        left = self.weights
        room = max(n.width for n in self.value_names) + 0.15
        self.v.align_to([STAGE.body_left + left.width + SIDE_GAP + room, self.top_y, 0], UL)
        align_columns(self.outputs, self.v)
        under(self.outputs, self.v)
        clear_of(VGroup(self.v, self.outputs), STAGE.body_left + left.width + SIDE_GAP)
        left.align_to([STAGE.body_left, 0, 0], LEFT)
        align_rows(self.weights, self.outputs)
        self.place_value_names()
        self.second_rooms = [self.beside(VGroup(self.v, self.outputs), self.outputs)]
        return self.v, self.outputs, self.weights, self.value_names

    def closing(self) -> None:
        """The closing picture: Q × K^T = Q K^T on one line, '÷ √d, row softmax' down to the weights, then
        weights × V = outputs (the outputs matrix itself, moved there), each matrix a block of its shape,
        the squares as large as fits (at most BLOCK_CELL)."""
        cells = list(shrinking(BLOCK_CELL, 0.9, 0.1))
        fit.largest_that_fits(
            cells, lambda cell: self.fits(*self.place_closing(cell)) and self.sizes_framable()
        )

    def sizes_framable(self) -> bool:
        """Whether a frame round any block's size stays whole above the caption band (review C9b: cut to the band,
        the frame round V's '3' ran through the digit)."""
        lowest = min(block.dims.get_bottom()[1] for block in self.blocks)
        return lowest - SIZE_BUFF - FRAME_STROKE * STROKE_UNIT / 2 >= STAGE.bottom

    def place_closing(self, cell: float) -> tuple[VGroup, ...]:
        """The closing picture with squares `cell` wide; what must fit."""
        tr = self.trace
        (q, kt, qk), (w, v, __) = tr.products
        blocks = [
            ShapeBlock("Q", q, theme().query, cell, shared=2),
            ShapeBlock(KT, kt, theme().key, cell, shared=0),
            ShapeBlock(rf"Q {KT}", qk, theme().text, cell),  # what Q × K^T equals: divided on the way down
            ShapeBlock(self.words["weights"], w, theme().text, cell, shared=2),
            ShapeBlock("V", v, theme().value, cell, shared=0),
        ]
        signs = [c.math(sign, role="body", color=theme().muted) for sign in (r"\times", "=", r"\times", "=")]
        outputs = self.outputs.copy().scale(1 / self.zoom2)  # back at the number size, beside the shapes
        first = level(blocks[0], signs[0], blocks[1], signs[1], blocks[2])
        first.align_to([STAGE.body_left, self.top_y, 0], UL)
        second = level(blocks[3], signs[2], blocks[4], signs[3], outputs)
        second.shift(RIGHT * (blocks[2].block.get_x() - blocks[3].block.get_x()))
        above = [p for p in first if p.get_right()[0] > second.get_left()[0]]  # what line 2 sits under
        second.shift(UP * (min(p.get_bottom()[1] for p in above) - ROW_GAP - second.get_top()[1]))
        top, bottom = blocks[2].dims.get_bottom()[1] - 0.1, blocks[3].name.get_top()[1] + 0.1
        self.softmax_arrow = pointer([0, top, 0], [0, bottom, 0], theme().muted, buff=0)
        self.softmax_arrow.set_x(blocks[2].block.get_x())
        self.softmax_label = VGroup(
            c.math(r"\div \sqrt{d},", role="label", color=theme().muted),
            c.text(_("row softmax"), role="label", color=theme().muted),
        ).arrange(RIGHT, buff=0.18, aligned_edge=DOWN)
        self.softmax_label.next_to(self.softmax_arrow, RIGHT, buff=0.15)
        self.softmax_label.set_y((blocks[2].get_bottom()[1] + second.get_top()[1]) / 2)
        self.blocks, self.signs, self.end_outputs = blocks, signs, outputs
        self.shapes = VGroup(*blocks, *signs, self.softmax_arrow, self.softmax_label)
        return self.shapes, self.end_outputs

    @staticmethod
    def beside(table: VGroup, product: NamedMatrix) -> Room:
        """Where the working of a table's entries goes: on the table's right, from its product's top."""
        left = table.get_right()[0] + SIDE_GAP
        return Room([left, product.get_top()[1], 0], -STAGE.body_left - left)

    @staticmethod
    def fits(*parts) -> bool:
        """Whether `parts` keep as far in from the stage's right edge as the body grid from its left, and just
        above its bottom."""
        group = VGroup(*parts)
        return group.get_right()[0] <= -STAGE.body_left and group.get_bottom()[1] >= STAGE.bottom + 0.02


def signs() -> VGroup:
    """'×' and '=' for a product written on one line."""
    return VGroup(*[c.math(sign, color=theme().muted) for sign in (r"\times", "=")])


def rooms(whole: VGroup, first: list, second: VGroup | None) -> list[Room]:
    """Where a product's working may go, best first: under the product (`whole`), across the stage and centred;
    where it is wrapped, beside its second line ('= C', `second`) too: on its left or its right, under whatever
    of the first line (`first`'s parts) stands over that side."""
    found = [Room([STAGE.body_left, whole.get_bottom()[1] - WORK_GAP, 0], -2 * STAGE.body_left, centred=True)]
    if second is None:
        return found
    for left, right in (
        (STAGE.body_left, second.get_left()[0] - SIDE_GAP),
        (second.get_right()[0] + SIDE_GAP, -STAGE.body_left),
    ):
        over = [p.get_bottom()[1] for p in first if p.get_left()[0] < right and p.get_right()[0] > left]
        top = min(over, default=second.get_top()[1] + WORK_GAP) - WORK_GAP
        if right > left:
            found.append(Room([left, top, 0], right - left))
    return found


def wrap(second: VGroup, above, times) -> VGroup:
    """A product's second line, '= C' (`second`, its sign first), WRAP_GAP under `above` ('A × B'), its '=' under
    the '×' (`times`), or under the first line's start where it would run past that line's end: the signs of a
    product too wide for one line kept."""
    second.next_to(above, DOWN, buff=WRAP_GAP)
    second.shift(RIGHT * (times.get_x() - second[0].get_x()))
    if second.get_right()[0] > above.get_right()[0]:
        second.shift(RIGHT * (above.get_left()[0] - second.get_left()[0]))
    return second


def entry_text(working: Working) -> str:
    """'2×0 + 0×1 + ... = 4' for a caption, from a dot product's working as drawn ('…' for terms left out), as
    the language writes it."""
    pairs = " + ".join(
        "…" if t.index is None else f"{said(t.pair[0].tex_string)}×{said(t.pair[1].tex_string)}"
        for t in working.terms
    )
    result = working.result
    return f"{pairs} {'=' if result[0].tex_string == '=' else '≈'} {said(result[1].tex_string)}"


def left_out(terms: list, count: int, width: float):
    """The note saying which of `count` terms the '⋯' among `terms` stands for (`elided`), wrapped within
    `width`, or None."""
    dots = next((t for t in terms if t.index is None), None)
    if dots is None:
        return None
    places = dots.stands_for
    first, last = places[0] + 1, places[-1] + 1
    note = (
        _(LEFT_OUT[0], first=first, count=count)
        if first == last
        else _(LEFT_OUT[1], first=first, last=last, count=count)
    )
    return fit.wrap_within(note, width, role="small", color=theme().muted)


def shape_text(shape) -> str:
    """'2 × 3', for captions."""
    return " × ".join(str(n) for n in shape)


class ShapeBlock(VGroup):
    """A matrix drawn as its shape: its name above, a square per entry, 'rows × columns' below (`.dims`, the
    three parts; `shared` names the one, 0 or 2, that must match its neighbour's, lit at the end)."""

    def __init__(self, name: str, shape, color: str, cell: float, shared: int | None = None):
        super().__init__()
        rows, cols = shape
        self.block = VGroup(
            *[
                Rectangle(width=cell, height=cell, stroke_color=color, stroke_width=1.5)
                .set_fill(color, opacity=0.2)
                .move_to([j * cell, -i * cell, 0])
                for i in range(rows)
                for j in range(cols)
            ]
        )
        self.name = name_of(name, "body", color).next_to(self.block, UP, 0.15, aligned_edge=LEFT)
        # a thick space each side of the '×': room for the frame round the size either side shares (review V8a)
        self.dims = c.math(str(rows), r"\;\times\;", str(cols), role="body", color=theme().muted)
        self.dims.next_to(self.block, DOWN, buff=DIMS_GAP, aligned_edge=LEFT)  # on the left, as a name
        self.shared = shared
        self.add(self.block, self.name, self.dims)

    def light_shared(self):
        """Animations lighting the dimension this block shares with its neighbour, and framing it while lit."""
        size = self.dims[self.shared]
        return AnimationGroup(size.animate.set_color(theme().text), framed(size, buff=SIZE_BUFF))


def query_row(index: int, printed: list[str]):
    """'q_1 = [2, 0, 0, 0]', the entries printed as Q prints them (`.entries`: the numbers, for the move
    into Q)."""
    parts = [f"q_{{{index}}} =", "["]
    for j, entry in enumerate(printed):
        parts += [GAP, entry] if j else [entry]
    formula = c.math(*parts, "]", color=theme().query)
    formula.entries = VGroup(*formula[2::2])
    return formula


def align_columns(matrix: NamedMatrix, above: NamedMatrix) -> None:
    """Move `matrix` sideways so its columns sit under `above`'s (both built with one pitch; manim aligns
    a matrix's entries on their right edges)."""
    shift = above.matrix.get_columns()[0].get_right()[0] - matrix.matrix.get_columns()[0].get_right()[0]
    matrix.shift(RIGHT * shift)


def align_rows(matrix: NamedMatrix, beside: NamedMatrix) -> None:
    """Move `matrix` up or down so its rows are level with `beside`'s (entries sit on their rows' bottoms)."""
    matrix.shift(
        UP * (beside.matrix.get_rows()[0].get_bottom()[1] - matrix.matrix.get_rows()[0].get_bottom()[1])
    )


def under(matrix: NamedMatrix, above) -> None:
    """Put `matrix`'s label STACK_GAP under `above`."""
    matrix.shift(UP * (above.get_bottom()[1] - STACK_GAP - matrix.get_top()[1]))


def clear_of(group: VGroup, x: float) -> None:
    """Move `group` right until its left edge is at `x` or right of it (a product's first column may be
    wider than its factor's)."""
    group.shift(RIGHT * max(0.0, x - group.get_left()[0]))


def middle(part):
    """What a part of the closing picture is levelled by: a block's squares, a matrix's entries, or itself."""
    return getattr(part, "block", None) or getattr(part, "matrix", None) or part


def level(*parts) -> VGroup:
    """`parts` left to right, the middles of their squares or entries on one level."""
    line = VGroup(*parts).arrange(RIGHT, buff=BLOCK_GAP)
    for part in parts[1:]:
        part.shift(UP * (middle(parts[0]).get_y() - middle(part).get_y()))
    return line


def shrinking(start: float, factor: float, least: float):
    """`start`, then each time `factor` times the one before, down to the first below `least`."""
    size = start
    while True:
        yield size
        if size < least:
            return
        size *= factor


def caption_vector(values, places: int) -> str:
    """A row as its caption says it: the numbers the grid prints, as the language writes them."""
    return said_vector(fmt(v, places) for v in values)


def word_tex(words: str) -> str:
    r"""A matrix's name in words, '\text{weights}' (`matrices.name_of` sets words TeX cannot in the text face)."""
    return rf"\text{{{words}}}"


def row_sums(weights) -> VGroup:
    r"""'Σ = 1' beside each row of weights: the sum is 1 (the exact value, as every quantity is printed), and
    '≈' when the row's printed weights do not add up to it exactly; an upright Σ in the numbers' sans face
    (`\mathsf`): review round 5 read the slanted one as serif beside the upright digits."""
    sums = []
    for row in np.asarray(weights):
        printed = sum(float(fmt(w, WEIGHT_PLACES)) for w in row)
        sign = "=" if fmt(printed, WEIGHT_PLACES) == fmt(row.sum(), WEIGHT_PLACES) else r"\approx"
        sums.append(c.math(rf"\mathsf{{\Sigma}} {sign} {fmt(row.sum(), WEIGHT_PLACES)}", color=theme().muted))
    return VGroup(*sums)
