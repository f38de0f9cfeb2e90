"""Beyond the sources: all queries at once, softmax(Q K^T / sqrt(d)) V as two matrix products."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    ORIGIN,
    RIGHT,
    UL,
    UP,
    Arrow,
    FadeIn,
    FadeOut,
    Line,
    Rectangle,
    Transform,
    VGroup,
)
from manim.utils.rate_functions import smooth, squish_rate_func

from attention import examples
from attention.examples.beyond import all_queries
from scenes.kit import components as c
from scenes.kit.arithmetic import SCORE_PLACES, WEIGHT_PLACES, fmt, relation, vector_tex
from scenes.kit.chapter import ChapterScene
from scenes.kit.formula_slot import LitFormula
from scenes.kit.matrices import COLUMN_GAP, DOTS, NamedMatrix, entries_tex, row_sums, widest
from scenes.kit.palette import theme, token_color
from scenes.kit.stage import STAGE
from scenes.kit.vector_rows import GAP

RIGHT_EDGE = (
    -STAGE.body_left
)  # nothing reaches right of this x (as far from the stage's edge as the body grid)
BOTTOM = -3.78  # nor below this y (the caption band starts at -3.8)
FORMULA_GAP = 0.18  # from the subtitle to the formula under it
UNDER_FORMULA = 0.25  # from the formula's bottom to the top of the matrices
SIDE_GAP = 0.45  # between the left-hand matrix of a product and the other two
STACK_GAP = 0.2  # between a matrix and the label of the one under it
NAME_GAP = 0.15  # least space between two words under neighbouring columns
SWATCH = 0.3  # length of the coloured dash under a column when its word does not fit
DIMMED = 0.3  # opacity of what is not being explained
BLOCK_CELL = 0.8  # largest side of an entry's square in the closing picture of the shapes (smaller to fit)
BLOCK_GAP = 0.3  # between a block and the sign beside it
ROW_GAP = 0.8  # between the closing picture's two products, for the row softmax arrow
FIRST_HALF = squish_rate_func(smooth, 0, 0.5)
SECOND_HALF = squish_rate_func(smooth, 0.5, 1)

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
        self.name = c.math(name, role="body", color=color).next_to(self.block, UP, 0.15, aligned_edge=LEFT)
        self.dims = c.math(str(rows), r"\times", str(cols), role="body", color=theme().muted)
        self.dims.next_to(
            self.block, DOWN, buff=0.15, aligned_edge=LEFT
        )  # on the block's left, as a matrix's name
        self.shared = shared
        self.add(self.block, self.name, self.dims)

    def light_shared(self):
        """An animation lighting the dimension this block shares with its neighbour."""
        return self.dims[self.shared].animate.set_color(theme().text)


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


def under(matrix: NamedMatrix, above, buff: float = STACK_GAP) -> None:
    """Put `matrix`'s label `buff` under `above`."""
    matrix.shift(UP * (above.get_bottom()[1] - buff - matrix.get_top()[1]))


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
        self.left_x = STAGE.body_left
        self.top_y = self.formula.get_bottom()[1] - UNDER_FORMULA
        divisor = rf"\sqrt{{{tr.keys.shape[1]}}} {relation(tr.divisor, SCORE_PLACES)} {fmt(tr.divisor, SCORE_PLACES)}"
        self.divide_label = c.math(rf"\div {divisor}", role="label", color=theme().muted)
        self.names = [c.text(t, role="label", color=token_color(t)) for t in ex.tokens]
        self.first_product()
        self.second_product()
        printed = entries_tex(tr.queries, 3)
        self.query_rows = VGroup(*[query_row(i + 1, row) for i, row in enumerate(printed)])
        self.query_rows.arrange(DOWN, aligned_edge=LEFT, buff=0.3).move_to(UP * 0.3)
        self.closing()

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

    def closing(self) -> None:
        """The closing picture: Q × K^T = scores on one line, the row softmax down to the weights, then
        weights × V = outputs (the outputs matrix itself, moved there), each matrix a block of its shape,
        the squares as large as fits (at most BLOCK_CELL)."""
        cell = BLOCK_CELL
        while True:
            self.place_closing(cell)
            if self.fits(self.shapes, self.end_outputs) or cell < 0.1:
                return
            cell *= 0.9

    def place_closing(self, cell: float) -> None:
        tr = self.trace
        (q, kt, qk), (w, v, _) = tr.products
        blocks = [
            ShapeBlock("Q", q, theme().query, cell, shared=2),
            ShapeBlock(r"K^{\top}", kt, theme().key, cell, shared=0),
            ShapeBlock(r"Q K^{\top} / \sqrt{d}", qk, theme().text, cell),
            ShapeBlock(r"\text{weights}", w, theme().text, cell, shared=2),
            ShapeBlock("V", v, theme().value, cell, shared=0),
        ]
        signs = [c.math(sign, role="body", color=theme().muted) for sign in (r"\times", "=", r"\times", "=")]
        outputs = self.outputs.copy()
        first = level(blocks[0], signs[0], blocks[1], signs[1], blocks[2])
        first.align_to([self.left_x, self.top_y, 0], UL)
        second = level(blocks[3], signs[2], blocks[4], signs[3], outputs)
        second.shift(RIGHT * (blocks[2].block.get_x() - blocks[3].block.get_x()))
        above = [p for p in first if p.get_right()[0] > second.get_left()[0]]  # what line 2 sits under
        second.shift(UP * (min(p.get_bottom()[1] for p in above) - ROW_GAP - second.get_top()[1]))
        top, bottom = blocks[2].dims.get_bottom()[1] - 0.1, blocks[3].name.get_top()[1] + 0.1
        self.softmax_arrow = Arrow([0, top, 0], [0, bottom, 0], buff=0, color=theme().muted, stroke_width=3)
        self.softmax_arrow.set_x(blocks[2].block.get_x())
        self.softmax_label = c.text("row softmax", role="label", color=theme().muted)
        self.softmax_label.next_to(self.softmax_arrow, RIGHT, buff=0.15)
        self.softmax_label.set_y((blocks[2].get_bottom()[1] + second.get_top()[1]) / 2)
        self.blocks, self.signs, self.end_outputs = blocks, signs, outputs
        self.shapes = VGroup(*blocks, *signs, self.softmax_arrow, self.softmax_label)

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
        self.show(
            FadeIn(self.heading),
            FadeIn(self.formula.dimmed()),
            FadeIn(self.query_rows),
            run_time=0.8,
            caption=f"The {m} queries of the last chapters, each a row of numbers.",
        )
        self.show(
            *self.into_q(),
            self.formula.light("Q"),
            run_time=1.2,
            caption="Write them as the rows of one matrix Q.",
            hold=1,
        )
        self.remove(*self.query_rows.get_family())  # the moved numbers too, now loose in the scene
        self.add(self.q)
        self.show(
            FadeIn(self.kt),
            FadeIn(self.columns),
            self.formula.light("Q", "K"),
            run_time=1,
            caption="The keys become the columns of K transposed: one column per word.",
            hold=1,
        )

    def into_q(self) -> list:
        """Animations moving each query's numbers into its row of Q (those Q cuts fade), fading the rest in."""
        moves, dropped = [], []
        for vector, row in zip(self.query_rows, self.q.matrix.get_rows()):
            targets = [e for e in row if e.tex_string not in DOTS]
            moves += [Transform(e, t.copy()) for e, t in zip(vector.entries, targets)]
            dropped += [p for p in vector if p not in vector.entries[: len(targets)]]
        kept = [e for e in self.q.matrix.get_entries() if e.tex_string in DOTS]
        frame = VGroup(*self.q.matrix.get_brackets(), self.q.label, *kept)
        return [*moves, FadeOut(VGroup(*dropped)), FadeIn(frame)]

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
        self.refill(
            self.dots,
            self.scores,
            FadeIn(self.divide_label),
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption=f"Divide every entry by √{tr.keys.shape[1]} at once, as each query did alone.",
            hold=1.5,
        )

    def refill(self, old: NamedMatrix, new: NamedMatrix, *others, **options) -> None:
        """Put `new` (one shape) in `old`'s place: `old`'s numbers and name fade out, then `new`'s fade in (no
        digit morphs into another), while the brackets move to `new`'s; `others` play alongside, `options`
        go to `show`. Copies play the change, so neither matrix is split up by the scene."""
        brackets = old.matrix.get_brackets().copy()
        words = VGroup(*old.matrix.get_entries(), old.label).copy()
        fresh = VGroup(*new.matrix.get_entries(), new.label).copy()
        if old in self.mobjects:
            self.replace(old, brackets)
        else:  # not on screen, or in pieces (lighting its rows takes it apart)
            self.remove(*old.get_family())
            self.add(brackets)
        self.add(words)
        self.show(
            Transform(brackets, new.matrix.get_brackets().copy()),
            FadeOut(words, rate_func=FIRST_HALF),
            FadeIn(fresh, rate_func=SECOND_HALF),
            *others,
            **options,
        )
        self.replace(brackets, new)
        self.remove(fresh)

    def row_softmax(self) -> None:
        self.beat("Softmax row by row")
        self.show(
            FadeOut(self.q, self.kt, self.columns, self.divide_label),
            self.scores.animate.align_to([self.left_x, self.top_y, 0], UL),
            run_time=1,
        )
        self.refill(
            self.scores.copy(),
            self.weights,
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
        first, second = self.blocks[:3] + self.signs[:2], self.blocks[3:] + self.signs[2:]
        self.show(
            FadeOut(self.weights, self.sums, self.v),
            self.outputs.animate.move_to(self.end_outputs),
            *[FadeIn(part) for part in first],
            self.formula.light("Q", "K", "scale"),
            run_time=1.5,
            caption="Two matrix products and a row softmax: every query in one pass.",
        )
        self.show(
            FadeIn(self.softmax_arrow),
            FadeIn(self.softmax_label),
            *[FadeIn(part) for part in second],
            self.formula.light(),
            run_time=1.5,
        )
        shared = [b for b in self.blocks if b.shared is not None]
        self.show(
            *[b.light_shared() for b in shared],
            run_time=1,
            caption="Track the shapes: each product's inner sizes match, and they say what multiplies what.",
            hold=2,
        )
