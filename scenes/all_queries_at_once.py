"""Beyond the sources: all queries at once, softmax(Q K^T / sqrt(d)) V as two matrix products."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UP, Arrow, FadeIn, FadeOut, ReplacementTransform, VGroup, Write

from attention import examples
from attention.beyond_examples import all_queries
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, fmt, relation, vector_tex
from scenes.chapter import ChapterScene
from scenes.matrices import NamedMatrix, shape_tex
from scenes.palette import theme

WIDTH = 13.4  # widest a row of matrices may be (the drawing area is 13.6 wide)


def operator(symbol: str):
    return c.math(symbol, size=40, color=theme().muted)


def shape_text(shape) -> str:
    """'2 × 3', for captions."""
    return " × ".join(str(n) for n in shape)


def shape_chain_tex(trace) -> str:
    r"""'(2 \times 4)(4 \times 3) \to 2 \times 3 \to \text{row softmax} \to (2 \times 3)(3 \times 2) \to 2 \times 2'."""
    (q, kt, qk), (w, v, out) = trace.products
    return (
        rf"({shape_tex(q)})({shape_tex(kt)}) \to {shape_tex(qk)} \text{{ scores}} \to \text{{row softmax}}"
        rf" \to ({shape_tex(w)})({shape_tex(v)}) \to {shape_tex(out)} \text{{ outputs}}"
    )


def fit_row(*parts, buff: float = 0.3) -> VGroup:
    """`parts` side by side, shrunk to fit the drawing area's width."""
    row = VGroup(*parts).arrange(RIGHT, buff=buff)
    return c.fit_width(row, WIDTH)


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
        self.example = self.inputs()
        tr = self.trace = all_queries(self.example)
        self.heading = c.chapter_title(self.title, "Every query at once: the matrix form code computes")
        self.q = NamedMatrix("Q", tr.queries, theme().query)
        self.kt = NamedMatrix("K^T", tr.keys_t, theme().key)
        self.dots = NamedMatrix("Q K^T", tr.dots, theme().text, SCORE_PLACES)
        self.scores = NamedMatrix(r"Q K^T / \sqrt{d}", tr.scores, theme().text, SCORE_PLACES)
        self.weights = NamedMatrix(r"\text{weights}", tr.weights, theme().text)
        self.v = NamedMatrix("V", tr.values, theme().value)
        self.outputs = NamedMatrix(r"\text{outputs}", tr.outputs, theme().output)
        self.times = (operator(r"\cdot"), operator(r"\cdot"))
        self.equals = (operator("="), operator("="))
        divisor = rf"\sqrt{{{tr.keys.shape[1]}}} {relation(tr.divisor, SCORE_PLACES)} {fmt(tr.divisor, SCORE_PLACES)}"
        self.divide_arrow = Arrow(LEFT, RIGHT, color=theme().muted, buff=0).scale(0.6)
        self.divide_label = c.math(rf"\div {divisor}", size=28, color=theme().muted)
        self.formula = c.math(r"\text{outputs} = \mathrm{softmax}\!\left(Q K^T / \sqrt{d}\right) V", size=36)
        self.chain = c.math(shape_chain_tex(tr), size=26, color=theme().muted)
        self.layout()

    def layout(self) -> None:
        top = fit_row(
            self.q, self.times[0], self.kt, self.equals[0], self.dots, self.divide_arrow, self.scores
        )
        top.next_to(self.heading, DOWN, buff=0.35).set_x(0)
        self.divide_label.next_to(self.divide_arrow, UP, buff=0.1)
        bottom = fit_row(self.weights, self.times[1], self.v, self.equals[1], self.outputs)
        bottom.to_edge(DOWN, buff=0.5)
        self.summary_block = VGroup(self.formula, self.chain).arrange(DOWN, buff=0.3)
        c.fit_width(self.summary_block, WIDTH).move_to(top)
        self.top, self.bottom = top, bottom

    def stack(self) -> None:
        self.beat("Stack the queries")
        m = len(self.trace.queries)
        self.show(FadeIn(self.heading), run_time=0.8)
        self.show(
            FadeIn(self.q),
            run_time=1,
            caption=f"Write the {m} queries of the last chapters as the rows of one matrix Q.",
            hold=1,
        )
        self.show(
            FadeIn(self.times[0]),
            FadeIn(self.kt),
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
        self.say(
            f"Row 1 is the first query's dot products {vector_tex(tr.dots[0], SCORE_PLACES)}, "
            f"row 2 the second's {vector_tex(tr.dots[1], SCORE_PLACES)}.",
            hold=2.5,
        )

    def divide(self) -> None:
        self.beat("Divide by the square root of d")
        tr = self.trace
        self.show(
            FadeIn(self.divide_arrow),
            FadeIn(self.divide_label),
            FadeIn(self.scores),
            run_time=1.2,
            caption=f"Divide every entry by √{tr.keys.shape[1]} at once, as each query did alone.",
            hold=2,
        )

    def row_softmax(self) -> None:
        self.beat("Softmax row by row")
        self.show(
            ReplacementTransform(self.scores.copy(), self.weights),
            run_time=1.5,
            caption="Softmax each row on its own: every query gets weights that sum to 1.",
            hold=1,
        )
        self.say(f"The first row is {vector_tex(self.trace.weights[0])}, as before.", hold=2)

    def outputs_at_once(self) -> None:
        self.beat("Every output at once")
        tr = self.trace
        self.show(
            FadeIn(self.times[1]),
            FadeIn(self.v),
            run_time=1,
            caption="Multiply by V, one row per value.",
        )
        self.show(
            FadeIn(self.equals[1]),
            FadeIn(self.outputs),
            run_time=1.2,
            caption=f"Row i is query i's output: {', '.join(vector_tex(o) for o in tr.outputs)}.",
            hold=2.5,
        )

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            FadeOut(self.top, self.divide_label),
            Write(self.summary_block),
            run_time=1.5,
            caption="Two matrix products and a row softmax: every query in one pass.",
        )
        self.say("Track the shapes: they say what multiplies what.", hold=4)
