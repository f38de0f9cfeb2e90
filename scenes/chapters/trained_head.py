"""Beyond the sources: a head that learns where to look, trained in numpy while the chapter renders.

The task is a lookup (`attention.training`): four words, each paired with a value, and a query naming one of
them; the answer is that word's value. One head starts from small random W_Q and W_K, so its weights are near
uniform; gradient descent on the value alone (nobody says where to look) drives the loss down, and on lookups
it never saw the head puts most of its weight on the word the query names. What it learned is drawn as
W_Q W_K^T, a score for every query word against every key word: its diagonal stands out.
"""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    Axes,
    Create,
    FadeIn,
    FadeOut,
    LaggedStart,
    Rectangle,
    Succession,
    SurroundingRectangle,
    VGroup,
    VMobject,
)

from attention.examples.story import count
from attention.training import PAIRS, STEPS, TRAINING_EXAMPLES, WORDS, train_head
from scenes.kit import components as c
from scenes.kit.arithmetic import WEIGHT_PLACES, fmt
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import framed
from scenes.kit.formula_slot import formula_slot, pin
from scenes.kit.palette import distinct_word_colors, signed_shade, theme
from scenes.kit.stage import STAGE

UNDER_STRIP = 0.45  # from the formula strip to the picture
CARD = (1.45, 1.15)  # a word and its value
CARD_GAP = 0.2
BAR_WIDTH = 1.0
BAR_HEIGHT = 2.5  # a weight of 1
BAR_DROP = 0.45  # from the cards to the highest a bar (and its number) may reach
HELD_OUT_GAP = 0.3  # from the bars' baseline to the line of held-out scores
PLOT_BOX = (5.0, 3.4)  # the loss curve's axes
PLOT_INSET = 0.6  # from the axes' right end to the stage's edge: room for the last loss and step
CELL = (1.15, 0.7)  # a cell of the learned grid
BRIGHT = 0.55  # a cell shaded beyond this share of the largest score prints its number dark
GRID_PLACES = 1  # the learned scores, to one decimal
CLOSING_GAP = 0.8  # from the grid to the closing lines beside it
LABEL_GAP = 0.15  # from the y axis to the first loss, printed left of it as a tick label is
MIN_RUN = 1.0  # the shortest a framed part takes, however short its caption


class TrainedHead(ChapterScene):
    """A lookup; the weights before training, the loss falling, the weights after, and W_Q W_K^T."""

    def inputs(self):
        return train_head()  # no example table: the task and its training are the chapter's own

    def construct(self):
        self.build()
        self.the_task()
        self.before()
        self.training()
        self.after()
        self.learned()
        self.summary()

    # the beats

    def the_task(self) -> None:
        self.beat("The task")
        self.play(FadeIn(self.heading), FadeIn(self.strip.dimmed()), run_time=1)
        self.show(
            LaggedStart(*[FadeIn(card, shift=DOWN * 0.2) for card in self.cards], lag_ratio=0.2),
            run_time=1.4,
            caption=f"A task: {count(PAIRS)} words, each with a value; a query names one of them.",
        )
        self.show(
            FadeIn(self.query_line),
            run_time=0.8,
            caption="The answer is that word's value. Nobody tells the head where to look.",
        )

    def before(self) -> None:
        self.turn_to("Before training")
        weights = self.example.weights_before
        low, high = int(np.argmin(weights)), int(np.argmax(weights))
        self.show(
            FadeIn(self.bars_before),
            self.strip.light("exp"),
            run_time=1.2,
            caption="From random W_Q and W_K, its weights are near uniform:",
        )
        caption = f"from {fmt(weights[low], WEIGHT_PLACES)} to {fmt(weights[high], WEIGHT_PLACES)}."
        framed_in_turn = Succession(framed(self.bars_before[low]), framed(self.bars_before[high]))
        self.show(framed_in_turn, **self.reading(caption))  # the lowest, then the highest, as they are read
        caption = (
            f"On {len(self.head.held_out)} lookups it never sees, it is right "
            f"{percent(self.head.accuracy_before)} of the time."
        )
        self.show(
            Succession(FadeIn(self.score_before), framed(self.score_before[0])), **self.reading(caption)
        )

    def training(self) -> None:
        self.turn_to("Training")
        first, last = (fmt(x, WEIGHT_PLACES) for x in (self.head.losses[0], self.head.losses[-1]))
        step, loss = self.plot[1][0], self.plot[1][1]
        caption = (
            f"{STEPS} steps of gradient descent on {TRAINING_EXAMPLES} lookups, judged on the value alone:"
        )
        self.show(  # the steps along the x axis, then the loss (how far the value is from the right one) up the y
            Succession(
                FadeIn(self.plot, self.loss_ends[0]),
                framed(VGroup(step, self.plot[1][3])),
                framed(VGroup(loss, self.loss_ends[0])),
            ),
            **self.reading(caption),
        )
        self.show(
            Create(self.curve),
            FadeIn(self.loss_ends[1]),
            run_time=2.5,
            caption=f"the loss falls from {first} to {last}.",
        )

    def after(self) -> None:
        self.turn_to("After training")
        weight = fmt(self.example.weights_after[self.example.answer], WEIGHT_PLACES)
        caption = f"Trained: {weight} on “{self.example.query}”, the word the query names."
        self.show(
            FadeOut(self.score_before),
            *[a.animate.become(b) for a, b in zip(self.bars_before, self.bars_after)],
            self.strip.light("blend"),
            run_time=1.5,
            caption=caption,
        )
        answer = self.example.answer
        self.play(
            Succession(framed(self.bars_before[answer]), FadeIn(self.answer)),
            run_time=max(MIN_RUN, self.caption_time(caption) - 1.5),
        )
        caption = (
            f"On the {len(self.head.held_out)} unseen lookups: right {percent(self.head.accuracy)} of the "
            f"time, {fmt(self.head.mean_weight, WEIGHT_PLACES)} of the weight on the right word."
        )
        self.show(
            Succession(FadeIn(self.score_after), framed(self.score_after[0]), framed(self.score_after[1])),
            **self.reading(caption),
        )

    def learned(self) -> None:
        self.turn_to(
            "What it learned",
            self.strip,
            self.cards,
            self.query_line,
            self.answer,
            self.bars_before,
            self.score_after,
            self.plot,
            self.curve,
            self.loss_ends,
        )
        caption = "W_Q W_K^T: how much each query word scores each key word."
        cells, keys, queries = self.grid
        first = VGroup(queries[0], *cells[: len(WORDS)])  # one query word's row: its score for every key word
        self.show(
            Succession(FadeIn(self.grid_formula, self.grid), framed(first)),
            **self.reading(caption),
        )
        self.show(
            FadeIn(self.diagonal),
            run_time=0.8,
            caption="The diagonal stands out: each word's query finds its own key.",
        )

    def summary(self) -> None:
        self.turn_to("Summary")
        self.show(
            FadeIn(self.closing),
            run_time=1,
            caption="Trained, not typed: the head found where to look from the answers alone.",
            hold=1.5,
        )

    def reading(self, caption: str) -> dict:
        """`show` options playing the animations for as long as `caption` is read (or spoken)."""
        return {"caption": caption, "run_time": max(MIN_RUN, self.caption_time(caption))}

    # building and layout

    def build(self) -> None:
        self.head = head = self.inputs()
        self.example = head.held_out[0]
        self.colours = distinct_word_colors(WORDS, self.example.words)
        self.heading = c.chapter_title(self.title, "Trained in numpy while this video was made")
        self.strip = pin(formula_slot(), self.heading)
        self.top = self.strip.get_bottom()[1] - UNDER_STRIP
        self.build_lookup()
        self.build_plot()
        self.build_grid()
        self.closing = VGroup(
            *[
                c.text(line, role="label", color=theme().muted)
                for line in (
                    "one head, a random start,",
                    "trained on the answers alone,",
                    "finds the matching word.",
                )
            ]
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        self.closing.next_to(self.grid, RIGHT, buff=CLOSING_GAP).align_to(self.grid[0], UP)

    def build_lookup(self) -> None:
        """The example's cards (word over value), the query, the bars before and after, the held-out scores."""
        ex, t = self.example, theme()
        self.query_line = c.math(rf"\text{{query: }} \text{{{ex.query}}}", color=t.query)
        self.query_line.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        self.cards = VGroup(*[card(w, v, self.colours[w]) for w, v in zip(ex.words, ex.values)])
        self.cards.arrange(RIGHT, buff=CARD_GAP).next_to(self.query_line, DOWN, buff=0.35, aligned_edge=LEFT)
        base = self.cards.get_bottom()[1] - BAR_DROP - BAR_HEIGHT
        self.bars_before = bars(ex.weights_before, self.cards, base, self.colours, ex.words)
        self.bars_after = bars(ex.weights_after, self.cards, base, self.colours, ex.words)
        self.answer = c.math(rf"\rightarrow {ex.values[ex.answer]}", color=t.value)
        self.answer.next_to(self.query_line, RIGHT, buff=0.3)
        self.score_before = self.held_out_line(self.head.accuracy_before, self.head.mean_weight_before, base)
        self.score_after = self.held_out_line(self.head.accuracy, self.head.mean_weight, base)

    def held_out_line(self, accuracy: float, weight: float, base: float) -> VGroup:
        """What the head scores on the lookups it never saw, under the bars' baseline: how often it is right,
        and its mean weight on the right word (two parts, framed in turn as the captions read them)."""
        muted = theme().muted
        line = VGroup(
            c.text(f"unseen: right {percent(accuracy)},", role="small", color=muted),
            c.text(f"mean weight on the right word {fmt(weight, WEIGHT_PLACES)}", role="small", color=muted),
        ).arrange(RIGHT, buff=0.15, aligned_edge=DOWN)
        return line.move_to([STAGE.body_left, base - HELD_OUT_GAP, 0], aligned_edge=UL)

    def build_plot(self) -> None:
        """The training loss at every step, on axes right of the lookup."""
        losses, t = self.head.losses, theme()
        top = float(np.ceil(max(losses) * 2) / 2)
        self.axes = Axes(
            x_range=[0, STEPS, STEPS // 4],
            y_range=[0, top, 0.5],
            x_length=PLOT_BOX[0],
            y_length=PLOT_BOX[1],
            axis_config={"color": t.muted, "stroke_width": 2, "include_tip": False},
            tips=False,
        )
        self.axes.move_to([STAGE.right - PLOT_INSET, self.top - 0.4, 0], aligned_edge=UR)
        names = VGroup(
            c.text("step", role="small", color=t.muted).next_to(self.axes.x_axis, DOWN, buff=0.2),
            c.text("loss", role="small", color=t.muted).next_to(self.axes.y_axis, UP, buff=0.15),
            c.math("0", role="small", color=t.muted).next_to(self.axes.c2p(0, 0), DOWN, buff=0.2),
            c.math(str(STEPS), role="small", color=t.muted).next_to(self.axes.c2p(STEPS, 0), DOWN, buff=0.2),
        )
        self.plot = VGroup(self.axes, names)
        self.curve = VMobject(color=t.output, stroke_width=4).set_points_as_corners(
            [self.axes.c2p(k, loss) for k, loss in enumerate(losses)]
        )
        self.loss_ends = VGroup(
            c.math(
                fmt(losses[0], WEIGHT_PLACES), color=t.output
            ).next_to(  # as a tick label: clear of the curve
                self.axes.c2p(0, losses[0]), LEFT, buff=LABEL_GAP
            ),
            c.math(fmt(losses[-1], WEIGHT_PLACES), color=t.output).next_to(
                self.axes.c2p(STEPS, losses[-1]), UP, buff=0.2
            ),
        )

    def build_grid(self) -> None:
        """W_Q W_K^T as a grid of shaded cells with their numbers, query words down, key words across."""
        t, scores = theme(), self.head.bilinear
        top = float(np.abs(scores).max())
        cells = VGroup()
        for a, row in enumerate(scores):
            for b, v in enumerate(row):
                cell = Rectangle(width=CELL[0], height=CELL[1], stroke_color=t.grid, stroke_width=1)
                cell.set_fill(signed_shade(v, top), opacity=1).move_to([b * CELL[0], -a * CELL[1], 0])
                ink = t.background if abs(v) > BRIGHT * top else t.text
                cells.add(VGroup(cell, c.math(fmt(v, GRID_PLACES), role="small", color=ink).move_to(cell)))
        keys = VGroup(*[c.text(w, role="label", color=self.colours[w]) for w in WORDS])
        for name, b in zip(keys, range(len(WORDS))):
            name.next_to(cells[b], UP, buff=0.15)
        queries = VGroup(*[c.text(w, role="label", color=self.colours[w]) for w in WORDS])
        for name, a in zip(queries, range(len(WORDS))):
            name.next_to(cells[a * len(WORDS)], LEFT, buff=0.2)
        self.grid = VGroup(cells, keys, queries)
        self.grid_formula = c.math(
            r"W_Q W_K^{\top}:\ \text{query word (down) by key word (across)}", role="small"
        )
        self.grid_formula.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        self.grid.next_to(self.grid_formula, DOWN, buff=0.4).set_x(STAGE.body_left, LEFT)
        self.diagonal = VGroup(
            *[
                SurroundingRectangle(cells[a * len(WORDS) + a], color=t.text, buff=0.02, stroke_width=3)
                for a in range(len(WORDS))
            ]
        )


def card(word: str, value: str, colour: str) -> VGroup:
    """A word over its value, on a quiet panel."""
    back = c.panel(*CARD)
    name = c.text(word, role="body", color=colour)
    shown = c.math(value, color=theme().value)
    VGroup(name, shown).arrange(DOWN, buff=0.2).move_to(back)
    return VGroup(back, name, shown)


def bars(weights, cards: VGroup, base: float, colours: dict[str, str], words) -> VGroup:
    """A bar under each card, as high as its weight, the weight printed above it."""
    group = VGroup()
    for w, holder, word in zip(weights, cards, words):
        height = max(float(w), 1e-3) * BAR_HEIGHT
        bar = Rectangle(
            width=BAR_WIDTH, height=height, stroke_width=0, fill_color=colours[word], fill_opacity=0.9
        )
        bar.move_to([holder.get_x(), base + height / 2, 0])
        group.add(VGroup(bar, c.math(fmt(w, WEIGHT_PLACES)).next_to(bar, UP, buff=0.12)))
    return group


def percent(share: float) -> str:
    """'23%'."""
    return f"{round(100 * share)}%"
