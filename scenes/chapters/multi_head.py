"""Beyond the sources: multi-head attention, several narrow heads each with its own slice and divisor.

Laid out as one table whose columns are the words: q beside K^T (a key per column, a coordinate per row, so
a head's slice is a band of rows; the values are the keys, so K^T is V^T too), then work rows (a head's dot
products and scores, later its blend, one row per coordinate of its slice) and one row of weights per head,
all under the same columns. Each blend lands in the concatenated output, a column beside K^T at the rows of
its head's coordinates. The whole table shrinks by one factor when an example's numbers do not fit.
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
    LaggedStart,
    Matrix,
    Rectangle,
    ReplacementTransform,
    SurroundingRectangle,
    VGroup,
)

from attention import examples
from scenes.kit import components as c
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    Relation,
    fmt,
    fmt_column,
    fmt_input,
    relation,
    sign,
)
from scenes.kit.chapter import ChapterScene
from scenes.kit.formula_slot import LitFormula, pin
from scenes.kit.grids import grid_places
from scenes.kit.numbers import SansTex
from scenes.kit.palette import tex_size, theme, token_color
from scenes.kit.stage import STAGE

DIMMED = 0.3  # opacity of what is not being explained
ROW = 0.44  # distance between the coordinates (rows) of q and K^T
LINE = 0.52  # distance between the work rows and the rows of weights
GAP = 0.35  # between a column's widest entry and the next column's
BAR = 0.08  # height of the bar under a weight
RIGHT_EDGE = 6.8  # x the table ends left of
WIDEST_PITCH = 2.4  # the columns spread out to fill the width, this far apart at most
ELLIPSIS = "…"
# head colours, per theme: apart from every token and role colour (tests/chapters/test_multi_head.py measures them)
HEAD_COLOURS = {"dark": ("#11AADD", "#D9B38C", "#FF00FF"), "light": ("#0077BB", "#661155", "#0000FF")}
FORMULA = (  # one head's formula and the heads' concatenation, each part lit while its step is shown
    (r"\mathrm{head}_h =", "head"),
    (r"\mathrm{softmax}(", "softmax"),
    ("q_h", "q"),
    (r"K_h^{\top}", "K"),
    (r"/\sqrt{d_h}", "scale"),
    (")", "softmax"),
    ("V_h", "V"),
    (r",\quad \text{output} = [\mathrm{head}_1, \ldots, \mathrm{head}_H]", "outputs"),
    ("W^O", "project"),
)


def head_color(h: int) -> str:
    """Head h's colour (0-based), in the active theme."""
    colours = HEAD_COLOURS[theme().name]
    return colours[h % len(colours)]


def divisor_tex(width: int, divisor: float) -> str:
    r"""'\sqrt{width}', then '=' or '\approx' and the divisor to SCORE_PLACES."""
    return rf"\sqrt{{{width}}} {relation(divisor, SCORE_PLACES)} {fmt(divisor, SCORE_PLACES)}"


def printed(values, places: int) -> list[str]:
    """`values` as one column of cells prints them: one format, fewer decimals for large numbers."""
    return fmt_column(values, grid_places(values, places))


def listed(strings) -> str:
    return f"[{', '.join(strings)}]"


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


def tie_text(tokens, weights) -> str:
    """What the single head's two largest weights say: a tie, or how close they come."""
    first, second = sorted(range(len(weights)), key=lambda i: -weights[i])[:2]
    a, b = (f"{weights[i]:.{WEIGHT_PLACES}f}" for i in (first, second))
    if a == b:
        pair = f"“{tokens[first]}” and “{tokens[second]}”"
        return f"{pair} tie at {a}: summed over every coordinate, their dots are equal."
    return f"Its two largest weights: “{tokens[first]}” {a}, “{tokens[second]}” {b}."


def column_head(token: str, width: float):
    """The token's name as a label at most `width` wide: cut, with an ellipsis, never shrunk."""
    name = c.text(token, role="label", color=token_color(token))
    keep = len(token)
    while name.width > width and keep > 1:
        keep -= 1
        name = c.text(token[:keep] + ELLIPSIS, role="label", color=token_color(token))
    return name


def term_tex(weight: str, value: float) -> str:
    r"""'w \cdot v' (a weight times a value, as printed), a negative value in brackets."""
    shown = fmt_input(value)
    return rf"{weight} \cdot {f'({shown})' if shown.startswith('-') else shown}"


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
            self.bars.add(bar.next_to(value, DOWN, buff=0.07).set_x(x - width / 2, LEFT))
        self.cells = [VGroup(v, b) for v, b in zip(self.values, self.bars)]
        self.add(*self.values, self.bars)

    def shown_values(self) -> list[float]:
        return [round(v.get_value(), v.num_decimal_places) for v in self.values]


class BlendRow(VGroup):
    """One coordinate of a head's output: w_i times that coordinate of v_i, a term under each word, summed
    into the output's coordinate at the right ('=' only when the printed terms give it exactly)."""

    def __init__(self, label, weights, values, output: str):
        super().__init__()
        weights = [f"{float(w):.{WEIGHT_PLACES}f}" for w in weights]
        self.label = label
        self.terms = [c.math(term_tex(w, v)) for w, v in zip(weights, values)]
        self.pluses = [c.math("+") for _ in self.terms[1:]]
        operands = tuple(x for w, v in zip(weights, values) for x in (w, fmt_input(v)))
        mark = sign("dot", operands, output)
        self.result = c.math(mark, output, color=theme().output)
        self.result.relations = (Relation(operands, "dot", "=" if mark == "=" else "≈", output),)
        self.add(label, *self.terms, *self.pluses, self.result)

    def place(self, xs, y: float, result_x: float) -> None:
        """Terms on the columns `xs`, pluses between them, the result's number centred on `result_x`."""
        self.label.set_x(STAGE.body_left, LEFT).set_y(y)
        for term, x in zip(self.terms, xs):
            term.move_to([x, y, 0])
        for plus, a, b in zip(self.pluses, xs, xs[1:]):
            plus.move_to([(a + b) / 2, y, 0])
        self.result.shift([result_x - self.result[1].get_x(), y - self.result.get_y(), 0])


def column_matrix(rows, color: str, pitch: float = 1.0) -> Matrix:
    """A matrix of printed entries with its columns `pitch` apart and its rows ROW apart."""
    return Matrix(
        rows,
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
        self.blend()
        self.concatenate()
        self.caveat()

    # building

    def build(self) -> None:
        self.example = ex = self.inputs()
        self.trace = tr = ex.trace()
        self.traces = [tr.single, *[h.trace for h in tr.heads]]  # 0: the single head, then each head
        self.heading = c.chapter_title(self.title, "Several attention patterns over the same words at once")
        self.formula = pin(LitFormula(FORMULA, role="small").dimmed(), self.heading)
        self.query_vector = column_matrix([[fmt_input(x)] for x in ex.query], theme().query)
        self.query_name = c.math("q", color=theme().query)
        self.key_name = c.math(r"K^{\top}", color=theme().key)
        self.value_name = c.math(r"= V^{\top}", color=theme().value)
        self.head_labels = [
            c.text(f"head {i + 1}", role="label", color=head_color(i)) for i in range(len(tr.heads))
        ]
        self.weight_labels = [
            c.text("one head", role="label"),
            *[c.text(f"head {i + 1}", role="label", color=head_color(i)) for i in range(len(tr.heads))],
        ]
        self.dots = [self.printed_row(t.dots) for t in self.traces]
        self.scores = [self.printed_row(t.scores) for t in self.traces]
        self.dot_labels = [
            c.math(r"q \cdot k_i", role="label", color=self.colour(k)) for k in range(len(self.traces))
        ]
        self.score_labels = [
            c.math(rf"\div {divisor_tex(t.width, t.divisor)}", role="label", color=self.colour(k))
            for k, t in enumerate(self.traces)
        ]
        self.outputs = printed(tr.concatenated, WEIGHT_PLACES)
        self.concat = column_matrix([[x] for x in self.outputs], theme().output)
        self.concat_name = c.text("concatenated", role="label", color=theme().output)
        self.blends = [self.blend_rows(i) for i in range(len(tr.heads))]
        self.projection = c.text(
            "then a learned output projection mixes the heads", role="label", color=theme().muted
        )
        self.note = c.text(caveat_label(tr), role="label", color=theme().muted)
        self.layout()

    def colour(self, k: int) -> str:
        """The colour of trace k's rows: the text's for the single head, else the head's."""
        return theme().text if k == 0 else head_color(k - 1)

    def printed_row(self, values) -> VGroup:
        return VGroup(*[c.math(s) for s in printed(values, SCORE_PLACES)])

    def blend_rows(self, i: int) -> list[BlendRow]:
        """Head i's blend, a row per coordinate of its slice."""
        head = self.trace.heads[i]
        rows = []
        for local, k in enumerate(range(head.coordinates.start, head.coordinates.stop)):
            label = c.math(rf"w_i\, v_{{i,{k + 1}}}", role="label", color=head_color(i))
            rows.append(BlendRow(label, head.trace.weights, head.trace.values[:, local], self.outputs[k]))
        return rows

    def pitch(self) -> float:
        """The distance between the words' columns: the widest cell and a gap, or a blend term with its plus
        sign; widened up to WIDEST_PITCH while the width left of K^T's name and the output allows."""
        keys = [SansTex(fmt_input(x), font_size=tex_size("number")).width for x in self.example.keys.flat]
        cells = [m.width for row in [*self.dots, *self.scores] for m in row] + [c.number(0.5).width]
        plus = c.math("+").width
        terms = [t.width + plus + 0.3 for rows in self.blends for r in rows for t in r.terms]
        least = max(max(keys + cells) + GAP, max(terms))
        beside = (
            0.55
            + max(self.key_name.width, self.value_name.width)
            + max(self.concat.width, self.concat_name.width)
        )
        room = (RIGHT_EDGE - beside - self.left_of_keys()) / len(self.example.tokens)
        return max(least, min(room, WIDEST_PITCH))

    def left_of_keys(self) -> float:
        """Where the first column of K^T may start: right of every row label, and of a head's label and q."""
        labels = [*self.weight_labels, *self.dot_labels, *self.score_labels]
        labels += [r.label for rows in self.blends for r in rows]
        beside = max(lab.width for lab in self.head_labels) + 0.3 + self.query_vector.width + 0.3
        return STAGE.body_left + max(beside, max(lab.width for lab in labels) + 0.4)

    def layout(self) -> None:
        top = self.formula.get_bottom()[1] - 0.3
        pitch = self.pitch()
        self.place_inputs(top, pitch)
        self.place_output()
        for label, box in zip(self.head_labels, self.slice_rows()):
            label.set_x(STAGE.body_left, LEFT).set_y(box.get_y())
        self.place_rows(pitch)
        self.fit(top)

    def place_inputs(self, top: float, pitch: float) -> None:
        """q and K^T under the words' names, K^T's name beside it; the first name clear of q's."""
        ex = self.example
        self.keys = column_matrix([[fmt_input(x) for x in row] for row in ex.keys.T], theme().key, pitch)
        self.keys.next_to([self.left_of_keys(), 0, 0], RIGHT, buff=0).align_to([0, top - 0.45, 0], UP)
        self.query_vector.next_to(self.keys, LEFT, buff=0.3)
        self.xs = [col.get_x() for col in self.keys.get_columns()]
        self.query_name.move_to([self.query_vector.get_x(), top, 0], aligned_edge=UP)
        first = 2 * (self.xs[0] - self.query_name.get_right()[0] - 0.15)
        widths = [min(pitch, first) - 0.12, *[pitch - 0.12] * (len(ex.tokens) - 1)]
        self.names = VGroup(*[column_head(t, w) for t, w in zip(ex.tokens, widths)])
        for name, x in zip(self.names, self.xs):
            name.move_to([x, top, 0], aligned_edge=UP).set_x(x)
        self.query_name.set_y(self.names.get_y())
        self.key_name.next_to(self.keys, RIGHT, buff=0.2).align_to(self.keys, UP)
        self.value_name.next_to(self.key_name, DOWN, buff=0.15, aligned_edge=LEFT)

    def place_output(self) -> None:
        """The concatenated output beside K^T's name, its rows level with K^T's, far enough right that each
        blend's result clears the blend's last term."""
        rows = [r for head in self.blends for r in head]
        terms = max(t.width for r in rows for t in r.terms) / 2 + 0.25
        result = max(r.result[1].get_x() - r.result.get_left()[0] for r in rows)
        least = self.xs[-1] + terms + result - self.concat.width / 2
        left = max(VGroup(self.key_name, self.value_name).get_right()[0] + 0.35, least)
        self.concat.next_to([left, 0, 0], RIGHT, buff=0)
        self.concat.shift(UP * (self.keys.get_rows()[0].get_y() - self.concat.get_rows()[0].get_y()))
        self.concat_name.move_to([self.concat.get_x(), self.names.get_y(), 0]).align_to(self.concat, LEFT)

    def place_rows(self, pitch: float) -> None:
        """The work rows under K^T, then a row of weights per head; the closing lines in the work rows."""
        first = min(self.keys.get_bottom()[1], self.value_name.get_bottom()[1]) - 0.25 - LINE / 2
        work = max(2, self.trace.head_width)
        ys = [first - k * LINE for k in range(work + len(self.traces))]
        weight_ys = ys[work:]
        for k in range(len(self.traces)):
            for cells, label, y in (
                (self.dots[k], self.dot_labels[k], ys[0]),
                (self.scores[k], self.score_labels[k], ys[1]),
            ):
                for cell, x in zip(cells, self.xs):
                    cell.move_to([x, y, 0])
                label.set_x(STAGE.body_left, LEFT).set_y(y)
        result_x = self.concat.get_x()
        for rows in self.blends:
            for row, y in zip(rows, ys):
                row.place(self.xs, y, result_x)
        width = pitch - GAP / 2
        self.weight_rows = [WeightRow(t.weights, self.example.tokens, self.xs, width) for t in self.traces]
        for row, label, y in zip(self.weight_rows, self.weight_labels, weight_ys):
            row.shift(UP * (y - row.values[0].get_y()))
            label.set_x(STAGE.body_left, LEFT).set_y(y)
        self.projection.set_x(STAGE.body_left, LEFT).set_y(ys[0])
        self.note.set_x(STAGE.body_left, LEFT).set_y(ys[1])

    def fit(self, top: float) -> None:
        """Everything under the formula shrunk by one factor, about its top left, if it runs past the right
        edge or the stage's bottom (every text with it, so each role keeps one size)."""
        content = VGroup(
            self.names, self.query_vector, self.query_name, self.keys, self.key_name, self.value_name,
            self.concat, self.concat_name, *self.head_labels, *self.weight_labels, *self.weight_rows,
            *self.dots, *self.scores, *self.dot_labels, *self.score_labels,
            *[r for rows in self.blends for r in rows], self.projection, self.note,
        )  # fmt: skip
        self.factor = min(
            1.0,
            (RIGHT_EDGE - STAGE.body_left) / (content.get_right()[0] - STAGE.body_left),
            (top - STAGE.bottom) / (top - content.get_bottom()[1]),
        )
        if self.factor < 1:
            content.scale(self.factor, about_point=[STAGE.body_left, top, 0])
            self.xs = [col.get_x() for col in self.keys.get_columns()]
        self.slices = VGroup(*[self.slice_box(i) for i in range(len(self.trace.heads))])
        self.out_slices = VGroup(*[self.out_box(i) for i in range(len(self.trace.heads))])

    def slice_rows(self) -> list[VGroup]:
        """Per head, the rows of q and K^T of its coordinates."""
        return [
            VGroup(*[m.get_rows()[k] for m in (self.query_vector, self.keys) for k in range(*self.span(i))])
            for i in range(len(self.trace.heads))
        ]

    def span(self, i: int) -> tuple[int, int]:
        coordinates = self.trace.heads[i].coordinates
        return coordinates.start, coordinates.stop

    def slice_box(self, i: int):
        """A band round head i's coordinates in q and in every key (rows of q and K^T)."""
        return SurroundingRectangle(self.slice_rows()[i], color=head_color(i), buff=0.07, stroke_width=3)

    def out_box(self, i: int):
        """A band round head i's coordinates of the concatenated output."""
        rows = VGroup(*[self.concat.get_rows()[k] for k in range(*self.span(i))])
        return SurroundingRectangle(rows, color=head_color(i), buff=0.07, stroke_width=3)

    def coordinate_entries(self) -> list[tuple[object, int]]:
        """Every entry of q and K^T with its coordinate (its row)."""
        return [
            (e, k) for m in (self.query_vector, self.keys) for k, row in enumerate(m.get_rows()) for e in row
        ]

    # the beats

    def one_head(self) -> None:
        self.beat("One head cannot choose")
        tr = self.trace.single
        self.show(
            FadeIn(self.heading),
            FadeIn(self.formula),
            FadeIn(self.names),
            FadeIn(VGroup(self.query_vector, self.keys, self.query_name, self.key_name)),
            run_time=1.2,
            caption=f"{len(self.example.tokens)} words and one query, all of width {tr.width}.",
        )
        self.work_row(0, f"One head reads all {tr.width} coordinates: dots ")
        self.weights_row(0, f"Softmax gives its weights {listed(self.weight_strings(0))}.")
        self.tie()

    def weight_strings(self, k: int) -> list[str]:
        return [f"{w:.{WEIGHT_PLACES}f}" for w in self.traces[k].weights]

    def work_row(self, k: int, opening: str) -> None:
        """Trace k's dot products, then its scores, in the work rows; one caption for both."""
        dots, scores = (printed(v, SCORE_PLACES) for v in (self.traces[k].dots, self.traces[k].scores))
        self.show(
            FadeIn(self.dot_labels[k]),
            LaggedStart(*[FadeIn(cell, shift=DOWN * 0.15) for cell in self.dots[k]], lag_ratio=0.3),
            self.formula.light("q", "K"),
            run_time=1.5,
            caption=f"{opening}{listed(dots)}, ÷ √{self.traces[k].width}: scores {listed(scores)}.",
        )
        self.show(
            FadeIn(self.score_labels[k]),
            LaggedStart(*[FadeIn(cell, shift=DOWN * 0.15) for cell in self.scores[k]], lag_ratio=0.3),
            self.formula.light("scale"),
            run_time=1.5,
        )

    def weights_row(self, k: int, caption: str) -> None:
        self.show(
            FadeIn(self.weight_labels[k]),
            FadeIn(self.weight_rows[k]),
            self.formula.light("softmax"),
            run_time=1.2,
            caption=caption,
        )

    def tie(self) -> None:
        """Single out the single head's two largest weights, their dots and scores, and the entries of q and
        K^T whose products make those dots; dim the rest."""
        weights = self.traces[0].weights
        top = sorted(range(len(weights)), key=lambda i: -weights[i])[:2]
        rest = [i for i in range(len(weights)) if i not in top]
        columns = [VGroup(self.dots[0][i], self.scores[0][i], self.weight_rows[0].cells[i]) for i in top]
        self.tie_box = VGroup(*[SurroundingRectangle(col, color=theme().text, buff=0.08) for col in columns])
        dim = [m for i in rest for m in (self.dots[0][i], self.scores[0][i], self.weight_rows[0].cells[i])]
        self.show(
            Create(self.tie_box),
            *[m.animate.set_opacity(DIMMED) for m in dim],
            *[e.animate.set_opacity(1 if used else DIMMED) for e, used in self.products_of(top)],
            run_time=1.2,
            caption=tie_text(self.example.tokens, weights),
            hold=2,
        )

    def products_of(self, columns) -> list[tuple[object, bool]]:
        """Every entry of q and K^T, and whether it is in a non-zero product q_k k_jk of one of `columns`."""
        q, keys = self.example.query, self.example.keys
        used = {(j, k) for j in columns for k in range(len(q)) if q[k] * keys[j, k] != 0}
        rows = {k for _, k in used}
        found = [(e, k in rows) for k, e in enumerate(self.query_vector.get_entries())]
        entries = self.keys.get_entries()
        width = len(self.example.tokens)
        found += [(e, (n % width, n // width) in used) for n, e in enumerate(entries)]
        return found

    def split(self) -> None:
        self.beat("Each head its own slice")
        heads = self.trace.heads
        self.show(
            FadeOut(self.tie_box),
            FadeOut(VGroup(self.dots[0], self.scores[0], self.dot_labels[0], self.score_labels[0])),
            *[e.animate.set_opacity(1) for e, _ in self.coordinate_entries()],
            VGroup(self.weight_rows[0], self.weight_labels[0]).animate.set_opacity(DIMMED),
            Create(self.slices),
            FadeIn(VGroup(*self.head_labels)),
            self.formula.light("q", "K"),
            run_time=1.2,
            caption=f"Split into {len(heads)} heads, each projecting onto its own coordinates.",
        )
        self.show(
            self.formula.light("scale"),
            run_time=1,
            caption=f"Each head is {self.trace.head_width} wide, so it divides by √{self.trace.head_width}.",
            hold=1,
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
                for i, lab in enumerate(self.head_labels)
            ],
        ]

    def per_head(self) -> None:
        self.beat("Two patterns at once")
        for i, head in enumerate(self.trace.heads):
            k = i + 1
            if i:
                self.play(
                    FadeOut(VGroup(self.dots[i], self.scores[i], self.dot_labels[i], self.score_labels[i])),
                    run_time=0.5,
                )
            start, stop = head.coordinates.start + 1, head.coordinates.stop
            where = f"coordinate {start}" if start == stop else f"coordinates {start}-{stop}"
            self.play(*self.focus(i), *[self.dim_row(j) for j in range(1, k)], run_time=0.6)
            self.work_row(k, f"Head {k} reads {where}: dots ")
            top = int(head.trace.weights.argmax())
            self.weights_row(
                k, f"Its weights {listed(self.weight_strings(k))}: it looks at “{self.example.tokens[top]}”."
            )
            row = self.weight_rows[k]
            self.show(
                Indicate(row.cells[top], color=row.bars[top].get_fill_color(), scale_factor=1.15), run_time=1
            )
        last = len(self.trace.heads)
        self.show(
            FadeOut(
                VGroup(self.dots[last], self.scores[last], self.dot_labels[last], self.score_labels[last])
            ),
            *self.focus(None),
            *[self.dim_row(j, 1) for j in range(1, last + 1)],
            run_time=0.8,
        )

    def dim_row(self, k: int, opacity: float = DIMMED):
        return VGroup(self.weight_rows[k], self.weight_labels[k]).animate.set_opacity(opacity)

    def blend(self) -> None:
        self.beat("Each head blends its values")
        self.show(
            FadeIn(self.value_name, shift=DOWN * 0.1),
            self.formula.light("V", "head"),
            run_time=1,
            caption="Here the values are the keys (Vᵀ = Kᵀ): each head blends its own slice of them.",
        )
        values = VGroup(self.keys, self.key_name, self.value_name)
        self.show(Circumscribe(values, color=theme().value, buff=0.1), run_time=2)
        heads = self.trace.heads
        for i, rows in enumerate(self.blends):
            others = [self.dim_row(j + 1, 1 if j == i else DIMMED) for j in range(len(heads))]
            self.show(
                *self.focus(i),
                *others,
                LaggedStart(*[FadeIn(r) for r in rows], lag_ratio=0.4),
                run_time=1.5,
                caption=self.blend_caption(i),
            )
            self.show(
                *[
                    ReplacementTransform(r.result[1], self.concat.get_rows()[k][0])
                    for r, k in zip(rows, range(*self.span(i)))
                ],
                *[FadeOut(VGroup(r.label, *r.terms, *r.pluses, r.result[0])) for r in rows],
                Create(self.out_slices[i]),
                run_time=1.2,
            )

    def blend_caption(self, i: int) -> str:
        shown = listed(self.outputs[slice(*self.span(i))])
        if i:
            return f"Head {i + 1} likewise: {shown}."
        return f"Head 1: each weight times its word's value, summed per coordinate: {shown}."

    def concatenate(self) -> None:
        self.beat("Concatenate, then project")
        self.show(
            FadeIn(self.concat.get_brackets()),
            FadeIn(self.concat_name),
            *self.focus(None),
            *[self.dim_row(j, 1) for j in range(1, len(self.traces))],
            self.formula.light("outputs"),
            run_time=1.2,
            caption=f"The heads' outputs, one after another: {listed(self.outputs)}.",
        )
        self.show(
            FadeIn(self.projection),
            self.formula.light("project"),
            run_time=1.2,
            caption="A learned output projection then mixes the heads into one vector of the model's width.",
        )
        self.show(Circumscribe(self.concat, color=theme().output, buff=0.1), run_time=1.5)

    def caveat(self) -> None:
        self.beat("Heads need not specialise")
        self.show(
            FadeIn(self.note),
            VGroup(self.weight_rows[0], self.weight_labels[0]).animate.set_opacity(1),
            self.formula.light(),
            run_time=1,
            caption=caveat_text(self.trace),
        )
        picks = [
            self.weight_rows[i + 1].cells[int(h.trace.weights.argmax())]
            for i, h in enumerate(self.trace.heads)
        ]
        self.show(
            *[Indicate(cell, color=cell[1].get_fill_color(), scale_factor=1.15) for cell in picks],
            run_time=1.5,
            hold=1.5,
        )
