"""Beyond the sources: where q, k and v come from, each word's embedding x times three learned matrices.

Drawn as a multiplication table: the matrices W_Q, W_K, W_V on top, the embeddings X (a row x per word) at the
bottom left, and under each matrix its product with X, row i (word i's vector) level with x_i and entry j under
the matrix's column j. The numbers are `attention.projections.DEFAULT_PROJECTIONS`: the lecture's own words,
whose keys and values are those of chapters 3-5; an example file gives its vectors directly, so with one whose
[blend] they do not make, the chapter says so instead of claiming them.
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
    FadeIn,
    FadeOut,
    LaggedStart,
    Rectangle,
    Succession,
    SurroundingRectangle,
    VGroup,
    linear,
)

from attention import examples
from attention.projections import DEFAULT_PROJECTIONS, equal_keys
from i18n import _, ngettext
from i18n.words import quoted, said, said_list, said_vector
from scenes.chapters.registry import find
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import WEIGHT_PLACES, fmt, fmt_input
from scenes.kit.bars import baseline_of
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import TEXT_FRAME, framed, pulsed
from scenes.kit.formula_slot import LitFormula, formula_word
from scenes.kit.matrices import COLUMN_GAP, ROW_PITCH, NamedMatrix, entries_tex, widest
from scenes.kit.palette import DIM, theme, token_colors, word_colors
from scenes.kit.stage import STAGE
from scenes.kit.worked import blend_result, blend_terms, dot_result, flow, paired_terms

FORMULA_INSET = 0.3  # from the formula's right end to the stage's edge
UNDER_HEADING = 0.2  # from the subtitle to the matrices' names
TABLE_GAP = 0.7  # between neighbouring columns of the table (X, Q, K, V)
NAME_BUFF = 0.07  # under a product's name, to the product it names
# over a product's name, to the matrix above (review 4: 0.07 read as touching its bracket), and room there for
# a frame round that matrix (`MATRIX_FRAME`) 4 px clear of the name at 480p
NAME_CLEAR = 0.21
# round a whole matrix with its name: its stroke 4 px clear of the name and of the brackets' corners at 480p (review
# E10: FRAME_BUFF left 2 px), and 4 px clear of the subtitle over W_Q (UNDER_HEADING)
MATRIX_FRAME = 0.1
NAME_GAP = 0.2  # between a word and its row (of X, or of the products on their right)
WORK_GAP = 0.2  # from the table to the line of working under it
# round a row picked out in the table, across: 4 px from its digits at 480p, 6 from the brackets (review C9b: 0.06
# left 2-3 px to the leading digit); up and down, its frame is a row's pitch tall (`row_span`)
BOX_BUFF = 0.1
HEADER_GAP = 0.4  # between V's name and the weights' header on its line
PLUS_ROOM = 0.1  # more after a term's '+' than TeX leaves ...
TERM_ROOM = 0.3  # ... and between the terms of the weighted sum: a frame round one stays clear of the next
COLUMN_SECONDS = 1.5  # each column of the worked product after the first, at least
SWAP_SECONDS = 0.4  # a column's working out, and its entry in
LIFT_SECONDS = 0.8  # the table moving up into the matrices' place
CODEC_BLOCK = 4  # pixels: H.264's smallest transform block, along x (see `on_blocks`)
BRACKET_STROKE = 0.036  # scene units: a bracket's upright stroke as drawn (1.8 px at 480p)

PRODUCTS = (r"Q = X\,W_Q", r"K = X\,W_K", r"V = X\,W_V")  # each product's name, over it as it comes in
FORMULA = (  # the line under the title; each product lit while it is shown
    (r"q = x\,W_Q", "Q"),
    (r",\quad", None),
    (r"k = x\,W_K", "K"),
    (r",\quad", None),
    (r"v = x\,W_V", "V"),
)


class Projections(ChapterScene):
    """One vector x per word; q = x W_Q, k = x W_K, v = x W_V; why keys and values are separate."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.one_vector()
        self.three_matrices()
        self.row_times_matrix()
        self.values_and_queries()
        self.the_vectors_you_know()
        self.matched_alike()
        self.summary()

    # the beats

    def one_vector(self) -> None:
        self.beat("One word, one vector")
        self.show(
            FadeIn(self.heading),
            FadeIn(self.formula.dimmed()),
            run_time=1,
            caption=_("A word reaches attention as one vector x, its embedding."),
        )
        self.play(FadeIn(self.names), FadeIn(self.x), run_time=1.2)  # while the caption is read
        words, width = self.p.embeddings.shape
        caption = ngettext(
            "%(num)s word, %(width)s numbers each; stacked, its row makes X.",
            "%(num)s words, %(width)s numbers each; stacked, their rows make X.",
            words,
            width=width,
        )
        self.show(  # each word's row framed in turn, inside the brackets, as it is read (review round 4: 3.4 s still)
            LaggedStart(*[framed(row_span(self.x, i), buff=0) for i in range(words)], lag_ratio=1),
            run_time=self.caption_time(caption),
            rate_func=linear,
            caption=caption,
        )

    def three_matrices(self) -> None:
        self.beat("Three learned matrices")
        caption = _("Three learned matrices turn that one x into a query, a key and a value.")
        named = (
            ("Q",),
            ("Q", "K"),
            (),
        )  # each matrix comes in with its product lit in the formula, as it is named
        self.show(  # (review round 4: the three came in at once, then 7 s stood still under two captions)
            Succession(
                *[
                    AnimationGroup(FadeIn(w, shift=DOWN * 0.2), self.formula.light(*lit))
                    for w, lit in zip(self.ws, named)
                ]
            ),
            run_time=self.caption_time(caption),
            caption=caption,
        )
        roles = (theme().query, theme().key, theme().value)
        self.show(  # the numbers framed, matrix by matrix, as the caption speaks of them
            LaggedStart(*[framed(w.matrix, col) for w, col in zip(self.ws, roles)], lag_ratio=1),
            run_time=self.caption_time(self.chosen_text),
            rate_func=linear,
            caption=self.chosen_text,
        )

    def row_times_matrix(self) -> None:
        self.beat("Row times matrix")
        row = self.p.tokens.index(self.worked)
        self.show(
            *self.rows_lit(row, self.x),
            *self.columns_lit(self.w_k, 0),  # W_Q and W_V not dimmed: not yet used (see values_and_queries)
            self.formula.light("K"),
            FadeIn(self.product_names[1]),
            run_time=1,
            caption=_(
                "The key of %(word)s is its x times the key matrix, one column per entry.",
                word=quoted(self.worked),
            ),
        )
        self.show(
            *self.columns_lit(self.w_k, 0),
            LaggedStart(*self.pairs(row, 0), lag_ratio=0.5),
            run_time=2.5,
            caption=_("Pair the entries, multiply, and add."),
        )
        self.show(FadeIn(self.workings[0][-1]), FadeIn(self.k.matrix.get_rows()[row][0]), run_time=0.6)
        # the other columns quicker, under one caption that reads their entries as they come (review E10: three
        # captions alike, "Column 2/3/4 ... gives 0", made 26 s of one beat read as a loop)
        rest = range(1, len(self.workings))
        caption = _(
            "The same for columns %(first)s to %(last)s: pair, multiply, add; they give %(entries)s.",
            first=rest[0] + 1,
            last=rest[-1] + 1,
            entries=said_list(self.worked_entries[1:]),
        )
        each = max(COLUMN_SECONDS, self.caption_time(caption) / len(rest))
        for j in rest:  # the last column's working goes before this one's comes in its place
            self.show(
                FadeOut(self.workings[j - 1]),
                run_time=SWAP_SECONDS,
                rate_func=linear,  # linear: no one-frame jump
                caption=caption if j == rest[0] else None,
            )
            self.play(
                *self.columns_lit(self.w_k, j),
                LaggedStart(*self.pairs(row, j), lag_ratio=0.25),
                run_time=each - 2 * SWAP_SECONDS,
            )
            self.play(
                FadeIn(self.workings[j][-1]), FadeIn(self.k.matrix.get_rows()[row][j]), run_time=SWAP_SECONDS
            )
        working = self.workings[-1]
        key = said_vector(fmt_input(v) for v in self.p.key(self.worked).result)
        self.show(
            *self.columns_lit(self.w_k, None),
            FadeIn(self.k.matrix.get_brackets()),
            run_time=0.6,
            caption=_("So the key of %(word)s is %(key)s.", word=quoted(self.worked), key=key),
            hold=0.5,
        )
        rest = [e for i, r in enumerate(self.k.matrix.get_rows()) if i != row for e in r]
        self.show(
            FadeOut(working),
            *self.rows_lit(None, self.x),
            LaggedStart(*[FadeIn(e) for e in rest], lag_ratio=0.05),
            run_time=1.2,
            caption=_("Every row of X times the key matrix: every word's key."),
            hold=0.5,
        )

    def values_and_queries(self) -> None:
        self.beat("Values and queries")
        self.show(  # a matrix dims once it has been used (before, dimmed digits read hard at 480p: review round 4)
            self.w_k.animate.set_opacity(DIM),
            FadeIn(self.v, self.product_names[2], self.row_words),
            self.formula.light("V"),
            run_time=1.2,
            caption=_("Times the value matrix, the same rows give the values;"),
        )
        self.show(
            self.w_v.animate.set_opacity(DIM),
            FadeIn(self.q, self.product_names[0]),
            self.formula.light("Q"),
            run_time=1.2,
            caption=_("times the query matrix, the queries."),
            hold=0.5,
        )
        self.show(*[w.animate.set_opacity(1) for w in self.ws], self.formula.light(), run_time=0.6)

    def the_vectors_you_know(self) -> None:
        self.beat("The vectors you know")
        n = len(self.known_boxes) // 2  # a word's key box, then (n on) its value box
        per_word = [FadeIn(VGroup(self.known_boxes[j], self.known_boxes[j + n])) for j in range(n)]
        self.show(  # each word's k and v framed as the caption names it (review 9: a 4 s still after all at once)
            FadeIn(self.known_note),
            *([LaggedStart(*per_word, lag_ratio=0.6)] if per_word else []),
            run_time=max(1.0, 0.8 * self.caption_time(self.known_text)),
            caption=self.known_text,
            hold=0.5,
        )
        if self.asked:  # the old note gone before the new one comes (review 4: 0.3 s of one over the other)
            self.play(FadeOut(self.known_boxes), FadeOut(self.known_note), run_time=0.4, rate_func=linear)
            self.show(FadeIn(self.asked_boxes), FadeIn(self.asked_note), run_time=1, caption=self.asked_text)
            # the query matrix framed while the caption names it (a 4.6 s still once the note stayed for it)
            self.play(
                framed(self.w_q, buff=MATRIX_FRAME), run_time=max(1.5, self.caption_time(self.asked_text) - 1)
            )

    def matched_alike(self) -> None:
        # the note, its frames and the matrices it names stay until its caption ends (review C9b: W_Q left under
        # "... times the query matrix; chapter 5's, of 'cat'")
        note = (self.asked_boxes, self.asked_note) if self.asked else (self.known_boxes, self.known_note)
        self.turn_to("Matched alike, passed on apart", *note, self.ws)
        a, b = self.pair
        caption = _(
            "%(first)s and %(second)s have equal keys but different values.",
            first=quoted(a),
            second=quoted(b),
        )
        self.show(  # up where they were as the caption starts, the keys framed on the way, then the values as it
            # reads them (review C9b: the values unlit; 2 s with no caption while the table moved; review E10: the
            # keys framed 1.4 s after "equal keys" was read)
            Succession(
                AnimationGroup(
                    self.table.animate.shift(UP * self.lift),
                    FadeIn(self.key_boxes, shift=UP * self.lift),
                    run_time=LIFT_SECONDS,
                ),
                FadeIn(self.value_boxes, run_time=max(1.0, self.caption_time(caption) - LIFT_SECONDS)),
            ),
            caption=caption,
        )
        self.show(
            FadeIn(self.query_box),
            FadeIn(self.weights),
            run_time=1.2,
            caption=self.weights_text,
        )
        alike = [self.weights[1 + self.p.tokens.index(t)] for t in self.pair]
        self.play(LaggedStart(*[framed(w) for w in alike], lag_ratio=0.5), run_time=2, rate_func=linear)
        self.show(
            LaggedStart(*[FadeIn(t) for t in self.blend[1:-1]], lag_ratio=0.3),
            run_time=1.8,
            caption=self.passed_text[0],
        )
        self.play(framed(self.passed_terms[0], theme().value, TEXT_FRAME), run_time=1)  # as its term is read
        self.show(
            framed(self.passed_terms[1], theme().value, TEXT_FRAME), run_time=1, caption=self.passed_text[1]
        )
        self.show(FadeIn(self.blend[0]), FadeIn(self.blend[-1]), run_time=0.8, caption=self.output_text)
        self.show(pulsed(self.blend[-1], theme().output), run_time=1, hold=0.5)

    def summary(self) -> None:
        self.beat("Summary")
        caption = _("One x, three matrices: a query to ask, a key to be matched, a value to pass on.")
        self.show(
            FadeOut(self.key_boxes, self.value_boxes, self.query_box),
            FadeIn(self.closing),
            self.formula.light(),
            run_time=1,
            caption=caption,
        )
        # while the caption is read: X, then each product as it is named, each framed with its name
        colours = (theme().text, theme().query, theme().key, theme().value)
        self.play(
            LaggedStart(
                *[framed(m, col, MATRIX_FRAME) for m, col in zip(self.named_products(), colours)], lag_ratio=1
            ),
            run_time=max(self.caption_time(caption) - 1, 2),
            rate_func=linear,
        )
        self.wait(1)

    # what the beats play

    def rows_lit(self, i: int | None, *matrices: NamedMatrix) -> list:
        """Row i of each matrix and its word lit (every row when i is None), the others dimmed."""
        parts = [list(zip(m.matrix.get_rows(), self.names)) for m in matrices]
        return [
            part.animate.set_opacity(1 if i is None or k == i else DIM)
            for rows in parts
            for k, pair in enumerate(rows)
            for part in pair
        ]

    def pairs(self, row: int, j: int) -> list[AnimationGroup]:
        """Column j's working, term by term, each fading in where it stands while the two entries it multiplies
        (of the worked word's x and of W_K's column j) are framed."""
        return [
            AnimationGroup(
                FadeIn(term),
                framed(self.x.matrix.get_rows()[row][i]),
                framed(self.w_k.matrix.get_columns()[j][i], theme().key),
            )
            for i, term in enumerate(self.workings[j][:-1])
        ]

    def named_products(self) -> list[VGroup]:
        """X and each product with its name over it: what the summary frames (review 4: a frame round a matrix
        alone cut through the name just above it)."""
        return [VGroup(self.x), *[VGroup(n, m) for n, m in zip(self.product_names, (self.q, self.k, self.v))]]

    @staticmethod
    def columns_lit(matrix: NamedMatrix, j: int | None) -> list:
        """Column j of `matrix` lit (every column when j is None), the others dimmed."""
        return [
            column.animate.set_opacity(1 if j is None or k == j else DIM)
            for k, column in enumerate(matrix.matrix.get_columns())
        ]

    # building and layout

    def build(self) -> None:
        self.example = self.inputs()
        p = self.p = DEFAULT_PROJECTIONS
        self.heading = c.chapter_title(_(self.title), _("One vector per word, three matrices"))
        self.formula = LitFormula(FORMULA, role="small")  # beside the title: the table needs the height
        self.formula.align_to(self.heading, UP).set_x(STAGE.right - FORMULA_INSET, RIGHT)
        # every table's names read: "a" takes a colour none of them has
        colours = word_colors(p.tokens, token_colors(examples.current(), theme()))
        self.names = VGroup(*[c.text(t, role="label", color=colours[t]) for t in p.tokens])
        self.x = NamedMatrix("X", p.embeddings, theme().text)
        self.w_q, self.q = self.product("Q", p.w_q, p.queries, theme().query)
        self.w_k, self.k = self.product("K", p.w_k, p.keys, theme().key)
        self.w_v, self.v = self.product("V", p.w_v, p.values, theme().value)
        self.ws = VGroup(self.w_q, self.w_k, self.w_v)
        roles = (theme().query, theme().key, theme().value)
        self.product_names = VGroup(
            *[c.math(tex, role="small", color=col) for tex, col in zip(PRODUCTS, roles)]
        )
        self.row_words = self.names.copy().set_opacity(1)  # the products' rows named on their right too
        self.layout()
        self.matches = p.makes(self.example)
        self.worked = p.tokens[0]
        self.workings = self.key_workings()
        self.chosen_text = (
            _("Small whole numbers, chosen to give vectors you know.")
            if self.matches
            else _("Small whole numbers, chosen for the lecture's own words.")
        )
        self.known()
        self.asking()
        self.separate()
        self.lifted()

    def product(self, name: str, w, result, color: str) -> tuple[NamedMatrix, NamedMatrix]:
        """W_name on top of X W_name, one pitch for both so their columns line up."""
        pitch = max(widest(w, 3), widest(result, 3)) + COLUMN_GAP
        top = NamedMatrix(f"W_{name}", w, color, pitch=pitch)
        bottom = NamedMatrix(name, result, color, pitch=pitch)
        bottom.remove(bottom.label)  # named by `product_names`, in the gap above it
        return top, bottom

    def layout(self) -> None:
        """The matrices in a row under the heading, each product under its matrix (right edges of columns lined
        up), X level with the products and its words on its left."""
        top = self.heading.get_bottom()[1] - UNDER_HEADING
        self.names.arrange(DOWN, aligned_edge=LEFT).set_x(STAGE.body_left, LEFT)
        left = STAGE.body_left + self.names.width + NAME_GAP
        self.x.align_to([left, 0, 0], LEFT)
        left = self.x.get_right()[0] + TABLE_GAP
        gap = self.product_names.height + NAME_BUFF + NAME_CLEAR
        for w, result, name in zip(self.ws, (self.q, self.k, self.v), self.product_names):
            w.align_to([left, top, 0], UL)
            result.next_to(w, DOWN, buff=gap).align_to(w, LEFT)
            name.next_to(result, UP, buff=NAME_BUFF).align_to(result, LEFT)
            result.matrix.shift(
                RIGHT * (w.matrix.get_columns()[0].get_x() - result.matrix.get_columns()[0].get_x())
            )
            # centred where wider than its product: on its left edge, V's reached over to the words on its right
            if name.width > result.width:
                name.set_x(result.get_x())
            left = max(w.get_right()[0], result.get_right()[0]) + TABLE_GAP
        for m in (self.x, self.q, self.k, self.v):
            m.shift(UP * (self.q.matrix.get_y() - m.matrix.get_y()))
        # clear of V's frame in the summary, and of V's name by HEADER_GAP: the weights' header starts where the
        # words start, right over them, on V's name's line (review V7: 22 px apart at 1080p read as one line)
        left = max(self.v.get_right()[0] + NAME_GAP, self.product_names[2].get_right()[0] + HEADER_GAP)
        for name, word, row in zip(self.names, self.row_words, self.x.matrix.get_rows()):
            name.set_y(row.get_y())
            word.set_y(row.get_y()).set_x(left, LEFT)
        for group in ((self.x,), (self.w_q, self.q), (self.w_k, self.k), (self.w_v, self.v)):
            on_blocks(self.camera.pixel_width, self.camera.pixel_height, *group)

    def key_workings(self) -> list[VGroup]:
        """The worked word's x times each column of W_K, pair by pair, then the entry; under the table (nearer it
        where the gap would put it in the caption band)."""
        row = self.p.key(self.worked)
        x = entries_tex([row.row], 3)[0]
        self.worked_entries = entries_tex([row.result], 3)[0]  # the key's entries, as its working prints them
        lines = []
        for j, column in enumerate(entries_tex(row.matrix.T, 3)):
            result = self.worked_entries[j]
            parts = [*paired_terms(x, column, theme().text, theme().key), dot_result(x, column, result)]
            line = flow(parts, STAGE.right - STAGE.body_left).shift(self.work_corner())
            lines.append(line.shift(UP * max(0.0, STAGE.bottom - line.get_bottom()[1])))  # above the band
        return lines

    def work_corner(self) -> np.ndarray:
        return np.array([STAGE.body_left, self.x.get_bottom()[1] - WORK_GAP, 0])

    def note(self, words: str) -> c.Text:
        """A muted line under the table, on the body grid, above the caption band (Chinese glyphs reach lower)."""
        line = c.text(words, role="label", color=theme().muted)
        line.set_x(STAGE.body_left, LEFT).set_y(self.work_corner()[1] - line.height / 2)
        return line.shift(UP * max(0.0, STAGE.bottom - line.get_bottom()[1]))

    def known(self) -> None:
        """The keys and values the earlier chapters used, framed, and what the picture says of them."""
        blend = self.example
        rows = [self.p.tokens.index(t) for t in blend.tokens if t in self.p.tokens] if self.matches else []
        self.known_boxes = VGroup(
            *[self.row_box(m, i) for m in (self.k, self.v) for i in rows],
        )
        first, last = find("ScoreEveryWord").number, find("Refocus").number
        words = _(", ").join(quoted(t) for t in blend.tokens)  # the language's separator (Chinese: 、)
        if self.matches:
            self.known_text = _(
                "%(words)s: exactly the keys and values of chapters %(first)s to %(last)s.",
                words=words,
                first=first,
                last=last,
            )
            self.known_note = self.note(
                _(
                    "k and v of %(words)s: exactly chapters %(first)s–%(last)s's",
                    words=words,
                    first=first,
                    last=last,
                )
            )
        else:
            self.known_text = _("These are the lecture's own words: your example gives its vectors directly.")
            self.known_note = self.note(_("the lecture's own words: your example gives its vectors directly"))

    def asking(self) -> None:
        """Whose x W_Q each earlier query is (none when the example's queries are not the lecture's)."""
        self.asked = []
        if self.matches:
            self.asked = [self.p.asking(q) for q in self.example.queries]
        first, then = find("ScoreEveryWord").number, find("Refocus").number
        self.asked_boxes = VGroup(*[self.row_box(self.q, self.p.tokens.index(w)) for w in self.asked])
        if self.asked:
            words = {
                "first": first,
                "then": then,
                "word": quoted(self.asked[0]),
                "last": quoted(self.asked[-1]),
            }
            self.asked_text = _(
                "Chapter %(first)s's query is the x of %(word)s times the query matrix; "
                "chapter %(then)s's, of %(last)s.",
                **words,
            )
            self.asked_note = self.note(
                _("chapter %(first)s's query: %(word)s asking; chapter %(then)s's: %(last)s", **words)
            )

    def separate(self) -> None:
        """Two words matched alike but passing on different things: a query's weights and the output."""
        self.pair = a, b = equal_keys(self.p)[0]
        trace = self.p.attend(a, self.p.tokens)
        rows = [self.p.tokens.index(t) for t in self.pair]
        self.key_boxes = VGroup(*[self.row_box(self.k, i) for i in rows])
        self.value_boxes = VGroup(*[self.row_box(self.v, i) for i in rows])
        self.query_box = self.row_box(self.q, rows[0])
        printed = [fmt(w, WEIGHT_PLACES) for w in trace.weights]
        # whose query made them said on screen too (review round 4), over the words and the weights, on as many
        # lines as that takes, from the words' left edge (review J9: it started 25 px right of it at 1080p), its
        # last line a row's pitch over the first row, as a table's header (it stood a line higher, over V's name)
        left = self.row_words.get_left()[0]
        header = fit.wrap_within(
            _("weights for %(word)s", word=quoted(a)), STAGE.right - left, role="label", color=theme().muted
        )
        self.weights = VGroup(header, *[c.math(w) for w in printed])
        for w, row in zip(self.weights[1:], self.v.matrix.get_rows()):
            w.set_y(row.get_y()).set_x(self.row_words.get_right()[0] + TABLE_GAP, LEFT)
        self.weights[1:].shift(LEFT * max(0, self.weights[1:].get_right()[0] - STAGE.right))
        header.set_x(left, LEFT).shift(
            UP * (baseline_of(self.row_words[0]) + ROW_PITCH - baseline_of(last_line(header)))
        )
        values = entries_tex(trace.values, 3)
        output = entries_tex([trace.output], WEIGHT_PLACES)[0]
        parts = [
            c.math(rf"\text{{{formula_word(_('output'), 'output')}}} =", color=theme().output),
            *spaced_plus(blend_terms(printed, values, theme().value)),
            blend_result(printed, values, output, theme().output),
        ]
        self.blend = flow(parts, STAGE.right - STAGE.body_left, gap=TERM_ROOM)
        terms = [f"{said(printed[i])} × {said_vector(values[i])}" for i in rows]  # as the blend prints them
        self.weights_text = _(
            "Any query weighs them alike; the query of %(word)s gives both %(weight)s.",
            word=quoted(a),
            weight=said(printed[rows[0]]),
        )
        self.passed_text = (
            _("But %(word)s passes on %(term)s,", word=quoted(a), term=terms[0]),
            _("%(word)s %(term)s.", word=quoted(b), term=terms[1]),
        )  # each read as it is framed
        self.passed_terms = [VGroup(*self.blend[1 + i][-3:]) for i in rows]  # w × [v], without its '+'
        self.output_text = _("The output: %(output)s.", output=said_vector(output))

    def lifted(self) -> None:
        """Once W_Q, W_K and W_V are gone, the table moves up into their place (review round 4: the top half stood
        empty 8 s): what is drawn round it then is built where it will be, the blend and the closing note under it."""
        self.table = VGroup(self.names, self.x, self.q, self.k, self.v, self.product_names, self.row_words)
        self.lift = self.ws.get_top()[1] - VGroup(self.table, self.weights).get_top()[1]
        VGroup(self.key_boxes, self.value_boxes, self.query_box, self.weights).shift(UP * self.lift)
        top = self.work_corner()[1] + self.lift
        self.blend.set_x(STAGE.body_left, LEFT).shift(UP * (top - self.blend.get_top()[1]))
        self.closing = c.text(
            _("key: what a word is matched on  ·  value: what it passes on"),
            role="label",
            color=theme().muted,
        )
        self.closing.set_x(STAGE.body_left, LEFT).next_to(self.blend, DOWN, buff=WORK_GAP, coor_mask=UP)

    def row_box(self, matrix: NamedMatrix, i: int):
        return SurroundingRectangle(row_span(matrix, i), color=theme().muted, buff=0, stroke_width=2)


def last_line(text) -> VGroup:
    """The glyphs of a wrapped text's last line (a text's glyphs are its characters but spaces, in order)."""
    return VGroup(*text[-len("".join(text.original_text.split("\n")[-1].split())) :])


def spaced_plus(terms: list) -> list:
    """`terms` ('w × [v]', '+ w × [v]', ...) with PLUS_ROOM more after each '+': a term's frame (round 'w × [v]')
    stays clear of its '+', which belongs with the sum (review V7: it took the '+' in and met the term before)."""
    for term in terms[1:]:
        VGroup(*term[1:]).shift(RIGHT * PLUS_ROOM)
    return terms


def row_span(matrix: NamedMatrix, i: int) -> Rectangle:
    """An undrawn rectangle over row `i` of `matrix`, as wide as all its rows (BOX_BUFF beyond the entries), as
    tall as a row's pitch: a frame round it lines up with the other rows' (review V7: frames fitted to each row's
    ink were ragged on the left and touched the leading digits), and neighbouring rows' frames share an edge
    (review J9: 0.07 over and under the digits left 3 px at 480p, and frames 4 px apart read as doubled lines)."""
    entries = matrix.matrix.get_entries()
    span = Rectangle(width=entries.width + 2 * BOX_BUFF, height=ROW_PITCH, stroke_opacity=0)
    return span.move_to([entries.get_x(), matrix.matrix.get_rows()[i].get_y(), 0])


def on_blocks(pixel_width: int, pixel_height: int, *matrices: NamedMatrix) -> None:
    """Shift the opening brackets of `matrices` together, and their closing brackets together (each by less than
    half a block), so that each bracket's upright stroke lies inside one of the encoder's 4-pixel blocks of a
    frame `pixel_width` x `pixel_height` framed as the stage frames it: a bright thin stroke split across two
    blocks is coded differently frame by frame (I, P, B), and the still picture flickered a pixel wide beside
    it (review round 5: the right bracket of X W_Q, 40-72 s at 480p). Under 2 pixels, the shifts leave the
    layout as it is. A stroke too wide for one block (at 1080p and above) is left where it is."""
    per_unit = pixel_height / STAGE.frame_height  # the stage's frame: centred on x = 0
    left_edge = -pixel_width / per_unit / 2
    stroke = BRACKET_STROKE * per_unit
    if stroke > CODEC_BLOCK - 1:
        return
    for side in (0, 1):  # opening, closing
        brackets = [m.matrix.get_brackets()[side] for m in matrices]
        edges = [((b.get_right() if side else b.get_left())[0] - left_edge) * per_unit for b in brackets]
        strokes = [(e - stroke, e) if side else (e, e + stroke) for e in edges]

        def split(shift: float, strokes=strokes) -> int:  # strokes whose lit pixels fall in two blocks
            return sum(
                np.floor((lo + shift) // 1 / CODEC_BLOCK) != np.floor((np.ceil(hi + shift) - 1) / CODEC_BLOCK)
                for lo, hi in strokes
            )

        shifts = sorted(np.linspace(-CODEC_BLOCK / 2, CODEC_BLOCK / 2, 81), key=abs)
        best = min(shifts, key=lambda shift: (split(shift), abs(shift)))
        for b in brackets:
            b.shift(RIGHT * best / per_unit)
