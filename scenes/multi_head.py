"""Beyond the sources: multi-head attention, several narrow heads each with its own slice and divisor."""

from __future__ import annotations

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    Circumscribe,
    Create,
    FadeIn,
    Indicate,
    SurroundingRectangle,
    VGroup,
    Write,
)

from attention import examples
from scenes import components as c
from scenes.arithmetic import SCORE_PLACES, fmt, relation, vector_math, vector_tex
from scenes.chapter import BODY_LEFT, ChapterScene
from scenes.matrices import row_vector
from scenes.palette import theme, token_color

BARS = {"height": 1.0, "bar_width": 0.45, "show_total": False}
SIDE_LEFT = 0.0  # x where the heads' column starts
SIDE_WIDTH = 6.8  # the heads' column is at most this wide
DIMMED = 0.3  # opacity of what is not being explained
BOTTOM = -3.75  # lowest y a block may reach
SIDE_HEIGHT = 6.1  # and at most this high (from under the heading to the bottom of the drawing area)


def head_color(h: int) -> str:
    """Head h's colour, from the end of the token cycle."""
    cycle = theme().tokens
    return cycle[-1 - h % len(cycle)]


def divisor_tex(width: int, divisor: float) -> str:
    r"""'\sqrt{width}', then '=' or '\approx' and the divisor to SCORE_PLACES."""
    return rf"\sqrt{{{width}}} {relation(divisor, SCORE_PLACES)} {fmt(divisor, SCORE_PLACES)}"


def span(coordinates: slice) -> str:
    """'coordinates 1-2' (1-based, as a person counts)."""
    first, last = coordinates.start + 1, coordinates.stop
    return f"coordinate {first}" if first == last else f"coordinates {first}–{last}"


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
        self.vectors = [row_vector(k, theme().key) for k in ex.keys]
        names = [c.text(t, role="label", color=token_color(t)) for t in ex.tokens]
        self.keys = c.Grid(names, self.vectors, col_buff=0.3, row_buff=0.12)
        self.query_vector = row_vector(ex.query, theme().query)
        self.query = VGroup(c.math("q =", color=theme().query), self.query_vector).arrange(RIGHT, buff=0.15)
        self.single = c.WeightBars(ex.tokens, tr.single.weights, spacing=1.1, **BARS)
        self.single_label = c.math(
            rf"\text{{one head: }} \div {divisor_tex(tr.single.width, tr.single.divisor)}", role="label"
        )
        spacing = min(0.9, SIDE_WIDTH / (len(tr.heads) * len(ex.tokens) + len(tr.heads)))
        self.head_bars = [c.WeightBars(ex.tokens, h.trace.weights, spacing=spacing, **BARS) for h in tr.heads]
        self.head_labels = [
            c.text(f"head {i + 1}\n{span(h.coordinates)}", role="label", color=head_color(i))
            for i, h in enumerate(tr.heads)
        ]
        self.head_outputs = [c.VectorReadout(h.trace.output, color=theme().output) for h in tr.heads]
        self.head_divisor = c.math(
            rf"\text{{each head: }} \div {divisor_tex(tr.head_width, tr.heads[0].trace.divisor)}",
            role="label",
        )
        self.concat = VGroup(
            c.text("concatenated", role="label", color=theme().output),
            c.math(vector_math(tr.concatenated), color=theme().output),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.12)
        self.projection = c.text("then a learned output projection", role="small", color=theme().muted)
        self.note = c.text(caveat_label(tr), role="small", color=theme().muted)
        self.layout()

    def slice_box(self, h: int, coordinates: slice):
        """A box round head h's coordinates in the query and every key."""
        entries = [e for m in (self.query_vector, *self.vectors) for e in m.get_entries()[coordinates]]
        return SurroundingRectangle(VGroup(*entries), color=head_color(h), buff=0.08, stroke_width=3)

    def layout(self) -> None:
        left = VGroup(self.query, self.keys).arrange(DOWN, aligned_edge=RIGHT, buff=0.3)
        left.next_to(self.heading, DOWN, buff=0.35).set_x(BODY_LEFT, LEFT)
        self.single_label.next_to(left, DOWN, buff=0.3).set_x(BODY_LEFT, LEFT)
        self.single.next_to(self.single_label, DOWN, buff=0.45).align_to(left, LEFT)
        self.fit_left(VGroup(left, self.single_label, self.single))
        self.query[0].set_x(BODY_LEFT, LEFT)  # 'q =' on the body grid, its vector over the keys
        self.slices = VGroup(*[self.slice_box(i, h.coordinates) for i, h in enumerate(self.trace.heads)])
        heads = VGroup(
            *[VGroup(*parts) for parts in zip(self.head_labels, self.head_bars, self.head_outputs)]
        )
        for (
            label,
            bars,
            out,
        ) in heads:  # the baseline a fixed drop under the label, whatever the bars' heights
            bars.shift(label.get_bottom() + DOWN * (BARS["height"] + 0.5) - bars.baseline.get_center())
            out.next_to(bars.labels, DOWN, buff=0.3).set_x(label.get_x())
        heads.arrange(RIGHT, buff=0.4, aligned_edge=UP)
        column = VGroup(self.head_divisor, heads, self.concat, self.projection, self.note)
        column.arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        c.fit_width(column, SIDE_WIDTH)
        if column.height > SIDE_HEIGHT:
            column.scale_to_fit_height(SIDE_HEIGHT)
        column.next_to(self.heading, DOWN, buff=0.35).set_x(SIDE_LEFT + column.width / 2)
        self.left, self.column = left, column

    @staticmethod
    def fit_left(block: VGroup) -> None:
        """Shrink the left-hand block (a wide or long example's) to end above the bottom and left of the heads."""
        corner = block.get_corner(UL)
        scale = min(
            1.0,
            (corner[1] - BOTTOM) / block.height,
            (SIDE_LEFT - 0.3 - corner[0]) / block.width,
        )
        block.scale(scale, about_point=corner)

    def one_head(self) -> None:
        self.beat("One head cannot choose")
        tr = self.trace.single
        self.show(
            FadeIn(self.heading),
            FadeIn(self.left),
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
        self.show(self.left.animate.set_opacity(DIMMED), run_time=2)  # while it is read: the bars alone
        self.say("Its weights are an average of what the query wants: it cannot pick one word.", hold=2)

    def split(self) -> None:
        self.beat("Each head its own slice")
        heads = self.trace.heads
        self.show(
            Create(self.slices),
            FadeIn(VGroup(*self.head_labels)),
            self.left.animate.set_opacity(1),
            VGroup(self.single, self.single_label).animate.set_opacity(DIMMED),
            run_time=1.2,
            caption=f"Split into {len(heads)} heads, each projecting onto its own coordinates.",
        )
        self.show(
            FadeIn(self.head_divisor),
            run_time=1,
            caption=f"Each head is {self.trace.head_width} wide, so it divides by √{self.trace.head_width}.",
            hold=1.5,
        )

    def focus(self, h: int | None) -> list:
        """Animations lighting head h's coordinates, box and label and dimming the other heads' (None: all lit)."""
        heads = self.trace.heads
        entries = [(e, k) for m in (self.query_vector, *self.vectors) for k, e in enumerate(m.get_entries())]
        mine = (
            (lambda k: True)
            if h is None
            else (lambda k: heads[h].coordinates.start <= k < heads[h].coordinates.stop)
        )
        return [
            *[e.animate.set_opacity(1 if mine(k) else DIMMED) for e, k in entries],
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
        for i, (head, bars) in enumerate(zip(self.trace.heads, self.head_bars)):
            top = int(head.trace.weights.argmax())
            self.show(
                FadeIn(bars),
                *self.focus(i),
                *[self.head_bars[j].animate.set_opacity(DIMMED) for j in range(i)],
                run_time=1,
                caption=f"Head {i + 1}: scores {vector_tex(head.trace.scores, SCORE_PLACES)}, "
                f"weights {vector_tex(head.trace.weights)}: it looks at “{self.example.tokens[top]}”.",
            )
            self.show(
                Indicate(bars.bars[top], color=bars.bars[top].get_fill_color(), scale_factor=1.15),
                run_time=1.5,
            )  # the word it picks
        self.wait_for_reader()
        self.show(*self.focus(None), *[b.animate.set_opacity(1) for b in self.head_bars], run_time=0.8)

    def concatenate(self) -> None:
        self.beat("Concatenate, then project")
        self.show(
            *[FadeIn(o) for o in self.head_outputs],
            run_time=1,
            caption="Each head blends its own slice of the values.",
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
        picks = [
            bars.bars[int(h.trace.weights.argmax())] for h, bars in zip(self.trace.heads, self.head_bars)
        ]
        self.show(
            *[Indicate(bar, color=bar.get_fill_color(), scale_factor=1.15) for bar in picks],
            run_time=1.5,
            hold=1.5,
        )
