"""Beyond the sources: all queries at once, softmax(Q K^T / sqrt(d)) V as two matrix products."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    FadeIn,
    FadeOut,
    Line,
    ReplacementTransform,
    VGroup,
    Write,
)

from attention import examples
from attention.beyond_examples import all_queries
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, WEIGHT_PLACES, fmt, relation, vector_tex
from scenes.chapter import BODY_LEFT, ChapterScene
from scenes.formula_slot import LitFormula
from scenes.matrices import COLUMN_GAP, NamedMatrix, row_sums, shape_tex, widest
from scenes.palette import theme, token_color

RIGHT_EDGE = -BODY_LEFT  # nothing reaches right of this x (as far from the stage's edge as the body grid)
BOTTOM = -3.78  # nor below this y (the caption band starts at -3.8)
FORMULA_GAP = 0.18  # from the subtitle to the formula under it
UNDER_FORMULA = 0.25  # from the formula's bottom to the top of the matrices
SIDE_GAP = 0.45  # between the left-hand matrix of a product and the other two
STACK_GAP = 0.2  # between a matrix and the label of the one under it
NAME_GAP = 0.15  # least space between two words under neighbouring columns
SWATCH = 0.3  # length of the coloured dash under a column when its word does not fit
DIMMED = 0.3  # opacity of what is not being explained

MATRIX_FORMULA = (  # the formula line's parts, each lit while its step is shown
    (r"\text{outputs} =", "outputs"),
    (r"\mathrm{softmax}(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    (r")", "softmax"),
    ("V", "V"),
)


def shape_text(shape) -> str:
    """'2 × 3', for captions."""
    return " × ".join(str(n) for n in shape)


def shape_chain_tex(trace) -> tuple[str, str]:
    r"""The two products' shapes, a line each: '(2 \times 4)(4 \times 3) \to 2 \times 3 \text{ scores}'
    and '\to \text{row softmax} \to (2 \times 3)(3 \times 2) \to 2 \times 2 \text{ outputs}'."""
    (q, kt, qk), (w, v, out) = trace.products
    return (
        rf"({shape_tex(q)})({shape_tex(kt)}) \to {shape_tex(qk)} \text{{ scores}}",
        rf"\to \text{{row softmax}} \to ({shape_tex(w)})({shape_tex(v)}) \to {shape_tex(out)} \text{{ outputs}}",
    )


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


def under(matrix: NamedMatrix, above, buff: float = STACK_GAP) -> None:
    """Put `matrix`'s label `buff` under `above`."""
    matrix.shift(UP * (above.get_bottom()[1] - buff - matrix.get_top()[1]))


def clear_of(group: VGroup, x: float) -> None:
    """Move `group` right until its left edge is at `x` or right of it (a product's first column may be
    wider than its factor's)."""
    group.shift(RIGHT * max(0.0, x - group.get_left()[0]))


class AllQueriesAtOnce(ChapterScene):
    """Stack the queries as Q: one product gives every score, a row softmax every weight, one more every output.

    Each product is laid out as a multiplication table: the right factor on top, the left factor at the
    bottom left, the product under the right factor, so entry (i, j) sits level with row i of the left
    factor and under column j of the right one. Every entry is drawn at the number size; where a product
    would not fit, the shared coordinates are cut (the first ones shown, then dots).
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

    def build(self) -> None:
        self.example = ex = self.inputs()
        tr = self.trace = all_queries(ex)
        self.heading = c.chapter_title(self.title, "The matrix form that code computes")
        self.formula = LitFormula(MATRIX_FORMULA, role="small")  # under the title, as the one-query strip
        self.formula.next_to(self.heading, DOWN, buff=FORMULA_GAP, aligned_edge=LEFT)
        self.left_x = BODY_LEFT
        self.top_y = self.formula.get_bottom()[1] - UNDER_FORMULA
        divisor = rf"\sqrt{{{tr.keys.shape[1]}}} {relation(tr.divisor, SCORE_PLACES)} {fmt(tr.divisor, SCORE_PLACES)}"
        self.divide_label = c.math(rf"\div {divisor}", role="label", color=theme().muted)
        self.names = [c.text(t, role="label", color=token_color(t)) for t in ex.tokens]
        self.first_product()
        self.second_product()
        self.chain = VGroup(
            *[c.math(line, role="label", color=theme().muted) for line in shape_chain_tex(tr)]
        )
        self.chain.arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        self.chain.align_to([self.left_x, self.top_y, 0], UL)

    def fits(self, *parts) -> bool:
        """Whether `parts` lie right of the body's left edge, left of RIGHT_EDGE and above BOTTOM."""
        group = VGroup(*parts)
        return group.get_right()[0] <= RIGHT_EDGE and group.get_bottom()[1] >= BOTTOM

    def first_product(self) -> None:
        """Q K^T as a table: K^T on top (its words under it), Q at the left, the dot products under K^T.

        Tried with every coordinate and the words, then without the words (a dash of each word's colour),
        then with fewer coordinates shown, until it fits."""
        tr = self.trace
        d = tr.keys.shape[1]
        entries = max(widest(tr.keys_t, 3), widest(tr.dots, SCORE_PLACES), widest(tr.scores, SCORE_PLACES))
        named = max(n.width for n in self.names) + NAME_GAP
        for shown in range(d, 0, -1):
            for words in (True, False):
                pitch = max(entries + COLUMN_GAP, named if words else 0)
                self.place_first(pitch, None if shown == d else shown, words)
                if self.fits(self.kt, self.columns, self.scores, self.q):
                    return

    def place_first(self, pitch: float, shown: int | None, words: bool) -> None:
        tr = self.trace
        self.q = NamedMatrix("Q", tr.queries, theme().query, cols=shown)
        self.kt = NamedMatrix("K^T", tr.keys_t, theme().key, pitch=pitch, rows=shown)
        self.dots = NamedMatrix("Q K^T", tr.dots, theme().text, SCORE_PLACES, pitch=pitch)
        self.scores = NamedMatrix(r"Q K^T / \sqrt{d}", tr.scores, theme().text, SCORE_PLACES, pitch=pitch)
        side = max(self.q.width, self.divide_label.width)
        self.kt.align_to([self.left_x + side + SIDE_GAP, self.top_y, 0], UL)
        self.columns = self.column_names(words)
        for m in (self.dots, self.scores):
            align_columns(m, self.kt)
            under(m, self.columns)
        clear_of(VGroup(self.kt, self.columns, self.dots, self.scores), self.left_x + side + SIDE_GAP)
        self.q.align_to([self.left_x, 0, 0], LEFT)
        align_rows(self.q, self.dots)
        self.divide_label.next_to(self.q, UP, buff=0.3).align_to(self.q, LEFT)

    def column_names(self, words: bool) -> VGroup:
        """Each word's name under its column of K^T, or (`words` False) a dash in its colour."""
        marks = VGroup()
        for name, column in zip(self.names, self.kt.matrix.get_columns()):
            mark = name.copy() if words else Line(ORIGIN, SWATCH * RIGHT, color=name.color, stroke_width=6)
            marks.add(mark.next_to(self.kt.matrix, DOWN, buff=0.15).set_x(column.get_x()))
        return marks

    def second_product(self) -> None:
        """weights V as a table: V on top, the weights (their row sums beside) at the left, the outputs
        under V; tried with every word, then with fewer words shown, until it fits."""
        tr = self.trace
        n = len(self.example.tokens)
        pitch = max(widest(tr.values, 3), widest(tr.outputs, WEIGHT_PLACES)) + COLUMN_GAP
        for shown in range(n, 0, -1):
            self.place_second(pitch, None if shown == n else shown)
            if self.fits(self.v, self.outputs, self.weights):
                return

    def place_second(self, pitch: float, shown: int | None) -> None:
        tr = self.trace
        self.weights = NamedMatrix(r"\text{weights}", tr.weights, theme().text, cols=shown)
        self.sums = row_sums(tr.weights, WEIGHT_PLACES)
        self.v = NamedMatrix("V", tr.values, theme().value, pitch=pitch, rows=shown)
        self.outputs = NamedMatrix(r"\text{outputs}", tr.outputs, theme().output, pitch=pitch)
        self.sums.next_to(self.weights.matrix, RIGHT, buff=0.25)
        for total, entry in zip(self.sums, self.weights.matrix.get_rows()):
            total.set_y(entry.get_y())
        left = VGroup(self.weights, self.sums)
        self.v.align_to([self.left_x + left.width + SIDE_GAP, self.top_y, 0], UL)
        align_columns(self.outputs, self.v)
        under(self.outputs, self.v)
        clear_of(VGroup(self.v, self.outputs), self.left_x + left.width + SIDE_GAP)
        left.align_to([self.left_x, 0, 0], LEFT)
        align_rows(self.weights, self.outputs)
        for total, entry in zip(self.sums, self.weights.matrix.get_rows()):
            total.set_y(entry.get_y())

    def rows_lit(self, i: int | None, *matrices: NamedMatrix) -> list:
        """Animations lighting row i of each of `matrices` (every row when i is None), dimming the others."""
        return [
            row.animate.set_opacity(1 if i is None or k == i else DIMMED)
            for m in matrices
            for k, row in enumerate(m.matrix.get_rows())
        ]

    def columns_lit(self, j: int | None) -> list:
        """Animations lighting column j of K^T and its word (every column when j is None), dimming the others."""
        pairs = zip(self.kt.matrix.get_columns(), self.columns)
        return [
            part.animate.set_opacity(1 if j is None or k == j else DIMMED)
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
            *[e.animate.set_opacity(1 if k == i * n + j else DIMMED) for k, e in enumerate(entries)],
        ]

    def stack(self) -> None:
        self.beat("Stack the queries")
        m = len(self.trace.queries)
        self.show(FadeIn(self.heading), FadeIn(self.formula.dimmed()), run_time=0.8)
        self.show(
            FadeIn(self.q),
            self.formula.light("Q"),
            run_time=1,
            caption=f"Write the {m} queries of the last chapters as the rows of one matrix Q.",
            hold=1,
        )
        self.show(
            FadeIn(self.kt),
            FadeIn(self.columns),
            self.formula.light("Q", "K"),
            run_time=1,
            caption="The keys become the columns of K transposed: one column per word.",
            hold=1,
        )

    def one_product(self) -> None:
        self.beat("One product, every dot product")
        tr = self.trace
        self.show(
            FadeIn(self.dots),
            run_time=1.2,
            caption=f"Q times K transposed gives a {shape_text(tr.dots.shape)} grid of dot products.",
        )
        last = tr.dots.shape[1] - 1
        self.show(
            *self.entry_lit(0, 0),
            run_time=1.5,
            caption="Each entry is a row of Q times a column of K transposed.",
        )
        self.show(
            *self.entry_lit(len(tr.queries) - 1, last), run_time=1.5
        )  # another entry, its own row and column
        for i, name in enumerate(("first", "second")[: len(tr.queries)]):
            self.show(
                *self.rows_lit(i, self.q, self.dots),
                *self.columns_lit(None),
                run_time=0.8,
                caption=f"Row {i + 1}: the {name} query's dot products {vector_tex(tr.dots[i], SCORE_PLACES)}.",
            )
        self.show(*self.rows_lit(None, self.q, self.dots), run_time=0.8)

    def divide(self) -> None:
        self.beat("Divide by the square root of d")
        tr = self.trace
        self.show(
            ReplacementTransform(self.dots, self.scores),
            FadeIn(self.divide_label),
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption=f"Divide every entry by √{tr.keys.shape[1]} at once, as each query did alone.",
            hold=1.5,
        )

    def row_softmax(self) -> None:
        self.beat("Softmax row by row")
        self.show(
            FadeOut(self.q, self.kt, self.columns, self.divide_label),
            self.scores.animate.align_to([self.left_x, self.top_y, 0], UL),
            run_time=1,
        )
        self.show(
            ReplacementTransform(self.scores.copy(), self.weights),
            self.formula.light("softmax", "Q", "K", "scale"),
            run_time=1.5,
            caption="Softmax each row on its own: every query gets weights that sum to 1.",
        )
        self.show(FadeIn(self.sums), run_time=0.8, hold=0.5)
        self.show(
            *self.rows_lit(0, self.scores, self.weights),
            run_time=0.8,
            caption=f"The first row is {vector_tex(self.trace.weights[0])}, as before.",
            hold=1.5,
        )
        self.show(*self.rows_lit(None, self.scores, self.weights), run_time=0.8)

    def outputs_at_once(self) -> None:
        self.beat("Every output at once")
        tr = self.trace
        self.show(FadeOut(self.scores), run_time=0.6)
        self.show(
            FadeIn(self.v),
            self.formula.light("softmax", "Q", "K", "scale", "V"),
            run_time=1,
            caption="Multiply by V, one row per value.",
        )
        self.show(
            FadeIn(self.outputs),
            self.formula.light(),
            run_time=1.2,
            caption="Row i of the weights times V gives row i of the outputs: query i's output.",
        )
        for i, name in enumerate(("first", "second")[: len(tr.queries)]):
            self.show(
                *self.rows_lit(i, self.weights, self.outputs),
                self.sums[i].animate.set_opacity(1),
                self.sums[1 - i].animate.set_opacity(DIMMED),
                run_time=1.5,
                caption=f"Row {i + 1}: the {name} query's output {vector_tex(tr.outputs[i])}.",
            )
        self.show(
            *self.rows_lit(None, self.weights, self.outputs), self.sums.animate.set_opacity(1), run_time=0.8
        )

    def summary(self) -> None:
        self.beat("Summary")
        first, second = self.chain
        self.show(
            FadeOut(self.weights, self.sums, self.v),
            self.outputs.animate.next_to(self.chain, DOWN, buff=0.4).align_to(self.chain, LEFT),
            Write(first),
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption="Two matrix products and a row softmax: every query in one pass.",
        )
        self.show(Write(second), self.formula.light(), run_time=1.5)
        self.say("Track the shapes: they say what multiplies what.", hold=2)
