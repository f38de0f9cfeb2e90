"""Beyond the sources: all queries at once, softmax(Q K^T / sqrt(d)) V as two matrix products."""

from __future__ import annotations

from manim import (
    DOWN,
    RIGHT,
    UP,
    FadeIn,
    FadeOut,
    ReplacementTransform,
    VGroup,
    Write,
)

from attention import examples
from attention.beyond_examples import all_queries
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, WEIGHT_PLACES, fmt, relation, vector_tex
from scenes.chapter import ChapterScene
from scenes.formula_slot import LitFormula
from scenes.matrices import NamedMatrix, row_sums, shape_tex
from scenes.palette import theme, token_color

WIDTH = 13.4  # widest a row of matrices may be (the drawing area is 13.6 wide)
TOP_ZONE = (-1.2, 2.45)  # the y range the first product fills (Q K^T), at most
BOTTOM_ZONE = (-3.75, -1.35)  # and the second (weights times V)
DIMMED = 0.3  # opacity of what is not being explained

MATRIX_FORMULA = (  # the formula line's parts, each lit while its step is shown
    (r"\text{outputs} =", "outputs"),
    (r"\mathrm{softmax}\Bigl(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    (r"\Bigr)", "softmax"),
    ("V", "V"),
)


def operator(symbol: str):
    return c.math(symbol, color=theme().muted)


def shape_text(shape) -> str:
    """'2 × 3', for captions."""
    return " × ".join(str(n) for n in shape)


def shape_chain_tex(trace) -> str:
    r"""'(2 \times 4)(4 \times 3) \to 2 \times 3 \text{ scores} \to \text{row softmax} \to ...'."""
    (q, kt, qk), (w, v, out) = trace.products
    return (
        rf"({shape_tex(q)})({shape_tex(kt)}) \to {shape_tex(qk)} \text{{ scores}} \to \text{{row softmax}}"
        rf" \to ({shape_tex(w)})({shape_tex(v)}) \to {shape_tex(out)} \text{{ outputs}}"
    )


def fit_zone(row: VGroup, zone: tuple[float, float]) -> VGroup:
    """`row` shrunk (never grown) to fit the drawing width and the height of `zone`, centred in it."""
    c.fit_width(row, WIDTH)
    if row.height > zone[1] - zone[0]:
        row.scale_to_fit_height(zone[1] - zone[0])
    return row.move_to([0, sum(zone) / 2, 0])


class AllQueriesAtOnce(ChapterScene):
    """Stack the queries as Q: one product gives every score, a row softmax every weight, one more every output."""

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
        self.formula = LitFormula(MATRIX_FORMULA)
        self.q = NamedMatrix("Q", tr.queries, theme().query)
        self.kt = NamedMatrix("K^T", tr.keys_t, theme().key)
        self.columns = VGroup(
            *[c.text(t, role="label", color=token_color(t)) for t in ex.tokens]
        )  # under K^T's columns: one per word
        self.dots = NamedMatrix("Q K^T", tr.dots, theme().text, SCORE_PLACES)
        self.scores = NamedMatrix(r"Q K^T / \sqrt{d}", tr.scores, theme().text, SCORE_PLACES)
        self.weights = NamedMatrix(r"\text{weights}", tr.weights, theme().text)
        self.sums = row_sums(tr.weights, WEIGHT_PLACES)
        self.v = NamedMatrix("V", tr.values, theme().value)
        self.outputs = NamedMatrix(r"\text{outputs}", tr.outputs, theme().output)
        self.times = (operator(r"\cdot"), operator(r"\cdot"))
        self.equals = (operator("="), operator("="))
        divisor = rf"\sqrt{{{tr.keys.shape[1]}}} {relation(tr.divisor, SCORE_PLACES)} {fmt(tr.divisor, SCORE_PLACES)}"
        self.divide_label = c.math(rf"\div {divisor}", role="label", color=theme().muted)
        self.chain = c.math(shape_chain_tex(tr), role="label", color=theme().muted)
        self.layout()

    def layout(self) -> None:
        self.formula.next_to(self.heading, RIGHT, buff=0.5).align_to(self.heading, UP)
        self.place_columns()
        top = VGroup(self.q, self.times[0], VGroup(self.kt, self.columns), self.equals[0])
        VGroup(*top, self.dots).arrange(RIGHT, buff=0.3)
        self.scores.shift(self.dots.matrix.get_left() - self.scores.matrix.get_left())  # divided in place
        self.divide_label.next_to(self.scores, RIGHT, buff=0.3)
        fit_zone(VGroup(top, self.dots, self.scores, self.divide_label), TOP_ZONE)
        self.sums.next_to(self.weights, RIGHT, buff=0.25)
        for total, entry in zip(self.sums, self.weights.matrix.get_rows()):
            total.set_y(entry.get_y())
        bottom = VGroup(VGroup(self.weights, self.sums), self.times[1], self.v, self.equals[1], self.outputs)
        fit_zone(bottom.arrange(RIGHT, buff=0.3), BOTTOM_ZONE)
        c.fit_width(self.chain, WIDTH).move_to([0, sum(TOP_ZONE) / 2, 0])
        self.top, self.bottom = top, bottom

    def place_columns(self) -> None:
        """Each word's name under its column of K^T, shrunk to the column's pitch."""
        columns = self.kt.matrix.get_columns()
        pitch = columns[1].get_x() - columns[0].get_x() if len(columns) > 1 else 1.0
        for name, column in zip(self.columns, columns):
            c.fit_width(name, pitch - 0.08)
            name.next_to(self.kt.matrix, DOWN, buff=0.15).set_x(column.get_x())

    def rows_lit(self, i: int | None, *matrices: NamedMatrix) -> list:
        """Animations lighting row i of each of `matrices` (every row when i is None), dimming the others."""
        return [
            row.animate.set_opacity(1 if i is None or k == i else DIMMED)
            for m in matrices
            for k, row in enumerate(m.matrix.get_rows())
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
            FadeIn(self.times[0]),
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
            FadeIn(self.equals[0]),
            FadeIn(self.dots),
            run_time=1.2,
            caption=f"Q times K transposed gives a {shape_text(tr.dots.shape)} grid of dot products.",
        )
        for i, name in enumerate(("first", "second")[: len(tr.queries)]):
            self.show(
                *self.rows_lit(i, self.q, self.dots),
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
            ReplacementTransform(self.scores.copy(), self.weights),
            self.formula.light("softmax", "Q", "K", "scale"),
            self.top.animate.set_opacity(DIMMED),
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
        self.show(
            FadeIn(self.times[1]),
            FadeIn(self.v),
            self.formula.light("softmax", "Q", "K", "scale", "V"),
            self.scores.animate.set_opacity(DIMMED),
            self.divide_label.animate.set_opacity(DIMMED),
            run_time=1,
            caption="Multiply by V, one row per value.",
        )
        self.show(
            FadeIn(self.equals[1]),
            FadeIn(self.outputs),
            self.formula.light(),
            run_time=1.2,
            caption=f"Row i is query i's output: {', '.join(vector_tex(o) for o in tr.outputs)}.",
            hold=2.5,
        )

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            FadeOut(self.top, self.scores, self.divide_label),
            Write(self.chain),
            run_time=1.5,
            caption="Two matrix products and a row softmax: every query in one pass.",
        )
        self.say("Track the shapes: they say what multiplies what.", hold=4)
