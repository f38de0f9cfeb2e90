"""Beyond the sources: multi-head attention, several narrow heads each with its own slice and divisor.

Laid out as one table whose columns are the words: q beside K^T (a key per column, a coordinate per row, so
a head's slice is a band of rows), then one row of weights per head under the same columns. The names are
written once, as column heads cut to the column's width; the concatenation replaces q and K^T on a later beat.
"""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Circumscribe,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    Line,
    Matrix,
    Rectangle,
    SurroundingRectangle,
    VGroup,
    Write,
)

from attention import examples
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, fmt, fmt_input, relation, vector_math, vector_tex
from scenes.chapter import BODY_LEFT, STAGE_BOTTOM, ChapterScene
from scenes.numbers import SansTex
from scenes.palette import tex_size, theme, token_color

DIMMED = 0.3  # opacity of what is not being explained
ROW = 0.44  # distance between the coordinates (rows) of q and K^T
WEIGHT_ROW = 0.62  # distance between the rows of weights
GAP = 0.35  # between a column's widest entry and the next column's
BAR = 0.09  # height of the bar under a weight
RIGHT_EDGE = 6.8  # x the table ends left of
ELLIPSIS = "…"


def head_color(h: int) -> str:
    """Head h's colour, from the end of the token cycle."""
    cycle = theme().tokens
    return cycle[-1 - h % len(cycle)]


def divisor_tex(width: int, divisor: float) -> str:
    r"""'\sqrt{width}', then '=' or '\approx' and the divisor to SCORE_PLACES."""
    return rf"\sqrt{{{width}}} {relation(divisor, SCORE_PLACES)} {fmt(divisor, SCORE_PLACES)}"


def specialise(trace) -> bool:
    """Whether each head picks its own word (its largest weight on a word no other head's is on)."""
    return len({int(h.trace.weights.argmax()) for h in trace.heads}) == len(trace.heads)


def caveat_text(trace) -> str:
    """That heads need not specialise, and whether this example's do."""
    here = "this example is built so that they do" if specialise(trace) else "here they do not"
    return f"Heads need not specialise: {here}."


def caveat_label(trace) -> str:
    """The caveat in short, for the picture."""
    return f"heads need not specialise (here they {'do' if specialise(trace) else 'do not'})"


def column_head(token: str, width: float):
    """The token's name as a label at most `width` wide: cut, with an ellipsis, never shrunk."""
    name = c.text(token, role="label", color=token_color(token))
    keep = len(token)
    while name.width > width and keep > 1:
        keep -= 1
        name = c.text(token[:keep] + ELLIPSIS, role="label", color=token_color(token))
    return name


class WeightRow(VGroup):
    """One head's weights in a row, each number centred on its word's column with a bar under it as long as
    the weight (a weight of 1 spans the column)."""

    def __init__(self, weights, tokens, xs, width: float):
        super().__init__()
        self.values = [c.number(float(w)) for w in weights]
        self.bars = VGroup()
        for value, w, token, x in zip(self.values, weights, tokens, xs):
            value.move_to([x, 0, 0])
            bar = Rectangle(
                width=max(float(w), 1e-3) * width,
                height=BAR,
                stroke_width=0,
                fill_opacity=0.9,
                fill_color=token_color(token),
            )
            self.bars.add(bar.next_to(value, DOWN, buff=0.08).set_x(x - width / 2, LEFT))
        self.cells = [VGroup(v, b) for v, b in zip(self.values, self.bars)]
        self.add(*self.values, self.bars)

    def shown_values(self) -> list[float]:
        return [round(v.get_value(), v.num_decimal_places) for v in self.values]


def column_matrix(rows, color: str, pitch: float = 1.0) -> Matrix:
    """A matrix of inputs (as typed) with its columns `pitch` apart and its rows ROW apart."""
    return Matrix(
        [[fmt_input(v) for v in row] for row in rows],
        v_buff=ROW,
        h_buff=pitch,
        bracket_h_buff=0.2,
        element_alignment_corner=[0, 0, 0],
        element_to_mobject=SansTex,
        element_to_mobject_config={"font_size": tex_size("number"), "color": color},
        bracket_config={"color": color},
    )


class MultiHead(ChapterScene):
    """One full-width head cannot choose; narrow heads, each on its own slice, each pick a word."""

    def inputs(self):
        return examples.current().heads

    def construct(self):
        self.build()
        self.one_head()
        self.split()
        self.per_head()
        self.concatenate()
        self.caveat()

    def build(self) -> None:
        self.example = ex = self.inputs()
        self.trace = tr = ex.trace()
        self.heading = c.chapter_title(self.title, "Several attention patterns over the same words at once")
        self.query_vector = column_matrix([[x] for x in ex.query], theme().query)
        self.query_name = c.math("q", color=theme().query)
        self.key_name = c.math("K^T", color=theme().key)
        self.head_labels = [
            c.text(f"head {i + 1}", role="label", color=head_color(i)) for i in range(len(tr.heads))
        ]
        self.single_label = c.math(
            rf"\text{{one head: }} \div {divisor_tex(tr.single.width, tr.single.divisor)}", role="label"
        )
        self.row_labels = [
            c.math(
                rf"\text{{head {i + 1}: }} \div {divisor_tex(tr.head_width, h.trace.divisor)}", role="label"
            ).set_color(head_color(i))
            for i, h in enumerate(tr.heads)
        ]
        self.head_outputs = [c.VectorReadout(h.trace.output, color=theme().output) for h in tr.heads]
        self.concat = VGroup(
            c.text("concatenated", role="label", color=theme().output),
            c.math(vector_math(tr.concatenated), color=theme().output),
        ).arrange(RIGHT, buff=0.25)
        self.projection = c.text("then a learned output projection", role="small", color=theme().muted)
        self.note = c.text(caveat_label(tr), role="small", color=theme().muted)
        self.layout()

    def pitch(self, room: float) -> float:
        """The distance between the words' columns: the widest key entry or weight and a gap, widened to
        show more of the longest name while `room` (the width left for the columns) allows."""
        widest = max(
            [SansTex(fmt_input(x), font_size=tex_size("number")).width for x in self.example.keys.flat]
            + [c.number(0.5).width]
        )
        name = max(c.text(t, role="label").width for t in self.example.tokens) + 0.2
        return max(widest + GAP, min(name, room / len(self.example.tokens)))

    def layout(self) -> None:
        ex, tr = self.example, self.trace
        top = self.heading.get_bottom()[1] - 0.35
        inside = max(lab.width for lab in self.head_labels) + 0.35 + self.query_vector.width + 0.45
        row_labels = max(lab.width for lab in [self.single_label, *self.row_labels]) + 0.4
        keys_left = BODY_LEFT + max(inside, row_labels)
        pitch = self.pitch(RIGHT_EDGE - keys_left - self.key_name.width - 0.6)
        self.keys = column_matrix(ex.keys.T, theme().key, pitch)
        self.keys.next_to([keys_left, 0, 0], RIGHT, buff=0).align_to([0, top - 0.5, 0], UP)
        self.query_vector.next_to(self.keys, LEFT, buff=0.45)
        self.xs = [col.get_x() for col in self.keys.get_columns()]
        self.names = VGroup(*[column_head(t, pitch - 0.12) for t in ex.tokens])
        for name, x in zip(self.names, self.xs):
            name.move_to([x, top, 0], aligned_edge=UP).set_x(x)
        self.query_name.next_to(self.query_vector, UP, buff=0.12)
        self.key_name.next_to(self.keys, RIGHT, buff=0.2)
        self.slices = VGroup(*[self.slice_box(i, h.coordinates) for i, h in enumerate(tr.heads)])
        for label, box in zip(self.head_labels, self.slices):
            label.set_x(BODY_LEFT, LEFT).set_y(box.get_y())
        width = pitch - GAP / 2
        self.single = WeightRow(tr.single.weights, ex.tokens, self.xs, width)
        self.head_rows = [WeightRow(h.trace.weights, ex.tokens, self.xs, width) for h in tr.heads]
        first = self.keys.get_bottom()[1] - 0.45
        for i, (row, label) in enumerate(
            zip([self.single, *self.head_rows], [self.single_label, *self.row_labels])
        ):
            row.shift(UP * (first - i * WEIGHT_ROW - row.values[0].get_top()[1]))
            label.set_x(BODY_LEFT, LEFT).set_y(row.values[0].get_y())
        self.inputs_shown = VGroup(self.query_vector, self.keys, self.query_name, self.key_name)
        self.table = VGroup(self.single, self.single_label, *self.head_rows, *self.row_labels)
        self.rise = self.keys.get_top()[1] - 0.1 - self.single.values[0].get_top()[1]
        self.layout_results()

    def layout_results(self) -> None:
        """The heads' outputs side by side, the concatenation and the projection, under the risen table."""
        outputs = VGroup(*self.head_outputs).arrange(RIGHT, buff=0.6)
        self.underlines = VGroup(
            *[
                Line(
                    o.get_corner(DOWN + LEFT), o.get_corner(DOWN + RIGHT), color=head_color(i), stroke_width=4
                ).shift(DOWN * 0.1)
                for i, o in enumerate(self.head_outputs)
            ]
        )
        results = VGroup(VGroup(outputs, self.underlines), self.concat, self.projection, self.note)
        results.arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        top = self.table.get_bottom()[1] + self.rise - 0.4
        results.next_to([BODY_LEFT, top, 0], DOWN + RIGHT, buff=0).set_x(BODY_LEFT, LEFT)
        self.results = results
        assert results.get_bottom()[1] >= STAGE_BOTTOM, "MultiHead: the results run off the stage"

    def slice_box(self, h: int, coordinates: slice):
        """A band round head h's coordinates in q and in every key (rows of q and K^T)."""
        rows = [
            m.get_rows()[k]
            for m in (self.query_vector, self.keys)
            for k in range(coordinates.start, coordinates.stop)
        ]
        return SurroundingRectangle(VGroup(*rows), color=head_color(h), buff=0.07, stroke_width=3)

    def coordinate_entries(self) -> list[tuple[object, int]]:
        """Every entry of q and K^T with its coordinate (its row)."""
        return [
            (e, k) for m in (self.query_vector, self.keys) for k, row in enumerate(m.get_rows()) for e in row
        ]

    def one_head(self) -> None:
        self.beat("One head cannot choose")
        tr = self.trace.single
        self.show(
            FadeIn(self.heading),
            FadeIn(self.names),
            FadeIn(self.inputs_shown),
            run_time=1.2,
            caption=f"{len(self.example.tokens)} words and one query, all of width {tr.width}.",
        )
        self.show(
            FadeIn(self.single_label),
            FadeIn(self.single),
            run_time=1.2,
            caption=f"One head over all coordinates: dots {vector_tex(tr.dots, SCORE_PLACES)}, "
            f"scores {vector_tex(tr.scores, SCORE_PLACES)}, weights {vector_tex(tr.weights)}.",
        )
        self.show(self.inputs_shown.animate.set_opacity(DIMMED), run_time=2)  # while it is read: the weights
        self.say("Its weights are an average of what the query wants: it cannot pick one word.", hold=2)

    def split(self) -> None:
        self.beat("Each head its own slice")
        heads = self.trace.heads
        self.show(
            Create(self.slices),
            FadeIn(VGroup(*self.head_labels)),
            self.inputs_shown.animate.set_opacity(1),
            VGroup(self.single, self.single_label).animate.set_opacity(DIMMED),
            run_time=1.2,
            caption=f"Split into {len(heads)} heads, each projecting onto its own coordinates.",
        )
        self.show(
            *[FadeIn(label) for label in self.row_labels],
            run_time=1,
            caption=f"Each head is {self.trace.head_width} wide, so it divides by √{self.trace.head_width}.",
            hold=1.5,
        )

    def focus(self, h: int | None) -> list:
        """Animations lighting head h's coordinates, band and labels and dimming the other heads' (None: all)."""
        heads = self.trace.heads

        def mine(k: int) -> bool:
            return h is None or heads[h].coordinates.start <= k < heads[h].coordinates.stop

        return [
            *[e.animate.set_opacity(1 if mine(k) else DIMMED) for e, k in self.coordinate_entries()],
            *[
                box.animate.set_stroke(opacity=1 if h in (None, i) else DIMMED)
                for i, box in enumerate(self.slices)
            ],
            *[
                lab.animate.set_opacity(1 if h in (None, i) else DIMMED)
                for labels in (self.head_labels, self.row_labels)
                for i, lab in enumerate(labels)
            ],
        ]

    def per_head(self) -> None:
        self.beat("Two patterns at once")
        for i, (head, row) in enumerate(zip(self.trace.heads, self.head_rows)):
            top = int(head.trace.weights.argmax())
            self.show(
                FadeIn(row),
                *self.focus(i),
                *[self.head_rows[j].animate.set_opacity(DIMMED) for j in range(i)],
                run_time=1,
                caption=f"Head {i + 1}: scores {vector_tex(head.trace.scores, SCORE_PLACES)}, "
                f"weights {vector_tex(head.trace.weights)}: it looks at “{self.example.tokens[top]}”.",
            )
            self.show(
                Indicate(row.cells[top], color=row.bars[top].get_fill_color(), scale_factor=1.15),
                run_time=1.5,
            )
        self.wait_for_reader()
        self.show(*self.focus(None), *[r.animate.set_opacity(1) for r in self.head_rows], run_time=0.8)

    def concatenate(self) -> None:
        self.beat("Concatenate, then project")
        self.show(
            FadeOut(self.inputs_shown),
            FadeOut(self.slices),
            FadeOut(VGroup(*self.head_labels)),
            self.table.animate.shift(UP * self.rise),
            run_time=1.2,
            caption="Each head blends its own slice of the values.",
        )
        self.show(
            *[FadeIn(o) for o in self.head_outputs],
            Create(self.underlines),
            run_time=1,
        )
        self.show(
            Write(self.concat),
            run_time=2,
            caption=f"The outputs are put side by side: {vector_tex(self.trace.concatenated)}.",
        )
        self.show(
            FadeIn(self.projection),
            run_time=1.5,
            caption="A learned output projection then mixes the heads into one vector of the model's width.",
        )
        self.show(Circumscribe(VGroup(self.concat, self.projection), color=theme().muted), run_time=2)

    def caveat(self) -> None:
        self.beat("Heads need not specialise")
        self.show(
            FadeIn(self.note),
            VGroup(self.single, self.single_label).animate.set_opacity(1),
            run_time=1,
            caption=caveat_text(self.trace),
        )
        picks = [row.cells[int(h.trace.weights.argmax())] for h, row in zip(self.trace.heads, self.head_rows)]
        self.show(
            *[Indicate(cell, color=cell[1].get_fill_color(), scale_factor=1.15) for cell in picks],
            run_time=1.5,
            hold=1.5,
        )
