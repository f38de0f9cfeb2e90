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
    AnimationGroup,
    Axes,
    Create,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Line,
    Rectangle,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Text,
    VGroup,
    VMobject,
    linear,
)
from manim.utils.rate_functions import smooth, squish_rate_func

from attention import examples
from attention.training import PAIRS, STEPS, TRAINING_EXAMPLES, WORDS, train_head
from i18n import _
from i18n.words import quoted, said
from scenes.kit import components as c
from scenes.kit.arithmetic import WEIGHT_PLACES, fmt, vector_math
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import in_tex, label_tex
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_STROKE, TEXT_FRAME, framed, pulsed
from scenes.kit.formula_slot import formula_slot, pin
from scenes.kit.palette import (
    FAINT,
    coloured_names,
    cycle,
    delta_e,
    generated,
    lab,
    neutral,
    off_roles,
    rgb,
    theme,
    token_color,
)
from scenes.kit.stage import STAGE

UNDER_STRIP = 0.3  # from the formula strip to the picture (room under the bars: see HELD_OUT_GAP)
UNDER_QUERY = 0.25  # from the query to the cards (the room left under the bars: see HELD_OUT_GAP)
CARD = (1.45, 1.05)  # a word and its value
NAME_BASELINE, VALUE_BASELINE = 0.09, -0.37  # in a card, from its centre
CARD_GAP = 0.2
BAR_WIDTH = 1.0
GHOST_WIDTH, AFTER_WIDTH = 0.4, 0.5  # trained, a bar stands beside its outlined ghost (the weight before)
GHOST_STROKE = 2  # the outline of a bar from before training
GHOST_BUFF = 0.08  # ... its weight, small and muted, this far over it
SWATCH = (GHOST_WIDTH, 0.24)  # the legend's outlined bar: as wide as those it stands for, a capital high
PAIR_GAP = 0.3  # between them: a bar's number, wider than the bar, stays clear of the ghost beside it
BAR_HEIGHT = 2.25  # a weight of 1 (room under the bars for the held-out line)
# a bar at least 2 px high at 480p: a weight over no bar seen read as the old bar's beside it (review B10: 0.001
# over a trained bar 0.1 px high)
LEAST_BAR = 2 * STAGE.frame_height / 480
BAR_DROP = (
    0.6  # from the cards to the top of a bar of weight 1: its number (and a frame round it) stays clear
)
WORD_GAP = 0.1  # from the bars' baseline to the words under it
BAR_FRAME_BUFF = 0.15  # round a bar, its weight and its word, the frame (across the axis, never along it)
# from those words to the line of held-out scores: a bar's frame round its word clear of the line
HELD_OUT_GAP = BAR_FRAME_BUFF + FRAME_STROKE * STROKE_UNIT + 0.06
PLOT_BOX = (5.0, 3.25)  # the loss curve's axes (its labels' frame clear of the held-out line under it)
SMALL_PLOT = (3.6, 1.2)  # its axes again in the closing frame
PLOT_INSET = 0.6  # from the axes' right end to the stage's edge: room for the last loss and step
CELL = (1.15, 0.7)  # a cell of the learned grid
READABLE = (
    4.6  # WCAG contrast of a cell's number with its shade (4.5 is what text needs), whichever ink it takes
)
TONES = 64  # shades on the grid's ramp
GRID_PLACES = 1  # the learned scores, to one decimal
INSET = 0.06  # a diagonal cell's frame, inside it, in the background's colour: clear on the brightest cells
CLOSING_GAP = 0.6  # from the grid to what is drawn beside it
LABEL_GAP = 0.15  # from the y axis' top to 'loss' over it
TICK_ARM = 0.1  # how far a tick reaches either side of its axis (manim's tick_size)
# from an axis to its labels (the loss's top value and 'loss' left of the y axis, 'step' and its ends under the x
# axis): the labels' frame clear of the ticks (review C9c: the frame on 'step ... 200' ran 3 px under them)
TICK_LABEL_GAP = TICK_ARM + TEXT_FRAME + FRAME_STROKE * STROKE_UNIT + 0.1
# the last loss fades in over this part of the curve's drawing: it is drawn by then (smooth: 96% at 0.8)
ARRIVES = (0.8, 1.0)
MIN_RUN = 1.0  # the shortest a framed part takes, however short its caption
LINE_IN = 0.6  # a line read by its caption fades in as it starts
TASK_ZOOM = 1.4  # the task's cards while it is the whole picture (its words a role up), against theirs beside the bars
TASK_GAP = 0.45  # ... the words it is drawn from this far under its cards
SETTLE_SECONDS = 1.6  # it shrinks to its place
SWAP_SECONDS = 1.5  # the lookup fading out as the learned grid fades in


class TrainedHead(ChapterScene):
    """A lookup; the weights before training, the loss falling, the weights after, W_Q W_K^T and how one of
    its rows gives the trained weights, and a closing frame of all of it."""

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
        self.enlarge_task()
        query, arrow, cards, vocabulary = self.large
        self.play(FadeIn(self.heading), FadeIn(self.strip.dimmed()), run_time=1)
        self.show(
            Succession(
                LaggedStart(*[FadeIn(card, shift=DOWN * 0.2) for card in cards], lag_ratio=0.2),
                FadeIn(vocabulary),
                FadeIn(query),
            ),
            run_time=3,
            caption=_(
                "A task: %(pairs)s of %(words)s words, each with a value; a query names one of them.",
                pairs=PAIRS,
                words=len(WORDS),
            ),
        )
        answer = self.example.answer
        caption = _("The answer is that word's value, %(value)s here.", value=self.example.values[answer])
        self.show(Succession(framed(cards[answer]), FadeIn(arrow)), **self.reading(caption))
        self.say(_("Nobody tells the head where to look."))

    def before(self) -> None:
        self.turn_to("Before training")
        self.play(self.settling(), run_time=SETTLE_SECONDS)
        ex = self.example
        weights = ex.weights_before
        low, high = int(np.argmin(weights)), int(np.argmax(weights))
        self.show(  # the bars, then all four framed as the caption calls them near uniform
            Succession(
                FadeIn(self.bars_before, self.baseline, self.bar_words), self.bar_framed(self.bars_before)
            ),
            self.strip.light("exp"),
            **self.reading(_("From random query and key matrices, its weights are near uniform:")),
        )
        caption = _(
            "from %(low)s to %(high)s.",
            low=said(fmt(weights[low], WEIGHT_PLACES)),
            high=said(fmt(weights[high], WEIGHT_PLACES)),
        )
        framed_in_turn = Succession(
            self.bar_framed(self.bars_before[low]), self.bar_framed(self.bars_before[high])
        )
        self.show(framed_in_turn, **self.reading(caption))  # the lowest, then the highest, as they are read
        caption = (
            _("A lookup is right when its largest weight is on the query's word: here it is.")
            if high == ex.answer
            else _(
                "A lookup is right when its largest weight is on the query's word: here %(word)s has it.",
                word=quoted(ex.words[high]),
            )
        )
        self.show(  # the query's word, then the largest weight, as they are read
            Succession(framed(self.cards[ex.answer]), self.bar_framed(self.bars_before[high])),
            **self.reading(caption),
        )
        caption = _(
            "On %(count)s lookups it never sees, it is right %(accuracy)s of the time; chance is %(chance)s.",
            count=len(self.head.held_out),
            accuracy=percent(self.head.accuracy_before),
            chance=percent(1 / PAIRS),
        )
        self.read_line(self.score_before, self.score_before.parts[:2], caption)

    def training(self) -> None:
        self.turn_to("Training", self.vocabulary)  # the axes take its place
        first, last = (said(fmt(x, WEIGHT_PLACES)) for x in (self.head.losses[0], self.head.losses[-1]))
        plot = self.plot
        caption = _(
            "%(steps)s steps of gradient descent on %(count)s lookups, judged on the value alone:",
            steps=STEPS,
            count=TRAINING_EXAMPLES,
        )
        self.show(  # the steps along the x axis, then the loss (how far the value is from the right one) up the y
            Succession(
                FadeIn(plot.frame, plot.ends[0]),
                text_framed(VGroup(plot.names[0], plot.names[3])),
                text_framed(VGroup(plot.names[1], plot.ends[0])),
            ),
            **self.reading(caption),
        )
        self.show(  # the last loss as the curve reaches it (review B10: a second before)
            Create(plot.curve),
            FadeIn(plot.ends[1], rate_func=squish_rate_func(smooth, *ARRIVES)),
            run_time=2.5,
            caption=_("the loss falls from %(first)s to %(last)s.", first=first, last=last),
        )

    def after(self) -> None:
        self.turn_to("After training")
        ex = self.example
        caption = _(
            "Trained: %(weight)s on %(word)s, the word the query names; the outlined bars are from before.",
            weight=said(fmt(ex.weights_after[ex.answer], WEIGHT_PLACES)),
            word=quoted(ex.query),
        )
        numbers_before = VGroup(*[number for _, number in self.bars_before])
        numbers_after = VGroup(*[number for _, number in self.bars_after])
        # the old numbers go over the old bars, left faint beside the new (never a digit morphing into another),
        # out of the way before the bars change; the new numbers come as they change
        self.show(
            FadeOut(self.score_before),
            FadeIn(self.ghosts, self.ghost_note),
            *[
                ReplacementTransform(a[0], b[0], rate_func=squish_rate_func(smooth, 0.25, 1))
                for a, b in zip(self.bars_before, self.bars_after)
            ],
            ReplacementTransform(
                numbers_before, self.ghost_values, rate_func=squish_rate_func(smooth, 0, 0.4)
            ),
            FadeIn(numbers_after, rate_func=squish_rate_func(smooth, 0.5, 1)),
            self.strip.light("blend"),
            run_time=2,
            caption=caption,
        )
        self.play(  # the trained bar, then the faint ones as the caption names them (review 9: one 4.5 s frame)
            Succession(
                self.bar_framed(self.bars_after[ex.answer]),
                # the bars and the note naming them; the bars lit, not framed: a frame round them and their words
                # would cross the trained bar beside the last
                AnimationGroup(lit(VGroup(self.ghosts, self.ghost_values)), text_framed(self.ghost_note)),
            ),
            run_time=max(2 * MIN_RUN, self.caption_time(caption) - 2),
        )
        caption = _(
            "On the %(count)s unseen lookups: right %(accuracy)s of the time, %(weight)s of the weight on the "
            "right word.",
            count=len(self.head.held_out),
            accuracy=percent(self.head.accuracy),
            weight=said(fmt(self.head.mean_weight, WEIGHT_PLACES)),
        )
        self.read_line(self.score_after, self.score_after.parts[::2], caption)

    def learned(self) -> None:
        self.wait_for_reader()
        self.beat("What it learned")
        gone = VGroup(  # the grid fades in as these fade out (review V4: a second of empty body between them)
            self.strip,
            self.cards,
            self.query_line,
            self.answer,
            self.bars_after,
            self.ghosts,
            self.ghost_values,
            self.ghost_note,
            self.baseline,
            self.bar_words,
            self.score_after,
            self.plot,
        )
        caption = _(
            "The query and key matrices' product, for all %(count)s words: how much each query word scores each "
            "key word.",
            count=len(WORDS),
        )
        cells, keys, queries = self.grid
        first = VGroup(queries[0], *cells[: len(WORDS)])  # one query word's row: its score for every key word
        self.show(
            crossfade(gone, VGroup(self.grid_formula, self.grid)), run_time=SWAP_SECONDS, caption=caption
        )
        self.play(framed(first), run_time=max(MIN_RUN, self.caption_time(caption) - SWAP_SECONDS))
        ex = self.example
        caption = _(
            "The row of %(word)s, for this lookup's words, divided by √%(width)s and softmaxed: the trained weights.",
            word=quoted(ex.query),
            width=self.head.w_q.shape[1],
        )
        self.show(
            *[framed(cell) for cell in self.row_cells],
            Succession(*[FadeIn(line) for line in self.working]),
            **self.reading(caption),
        )
        caption = _("The diagonal stands out: each word's query finds its own key.")
        self.show(FadeIn(self.diagonal), run_time=0.8, caption=caption)
        cells = [
            self.grid[0][a * len(WORDS) + a] for a in range(len(WORDS))
        ]  # each word's own, down the diagonal
        run_time = max(MIN_RUN, self.caption_time(caption) - 0.8)
        lag = max(0.0, (run_time / MIN_RUN - 1) / (len(cells) - 1))  # each framing lasts a second, or the run
        self.play(LaggedStart(*[framed(cell) for cell in cells], lag_ratio=min(1.0, lag)), run_time=run_time)

    def summary(self) -> None:
        self.turn_to("Summary", self.working)
        head = self.head
        caption = _(
            "Trained, not typed: from the answers alone, the loss fell and the head went from %(before)s to "
            "%(after)s right.",
            before=percent(head.accuracy_before),
            after=percent(head.accuracy),
        )
        small = self.small_plot
        # the curve drawn over the middle half of the run, the last loss as it arrives
        drawn = LaggedStart(
            FadeIn(small.frame, small.ends[0]), Create(small.curve), FadeIn(self.closing), lag_ratio=0.5
        )
        last = squish_rate_func(smooth, *(0.25 + x / 2 for x in ARRIVES))
        self.show(
            drawn,
            FadeIn(small.ends[1], rate_func=last),
            **self.reading(caption),
            hold=1.5,
        )

    def enlarge_task(self) -> None:
        """The task large while it is the whole picture, in the roles a size up (`large`: query, answer, cards, the
        words drawn from under the cards; review V4: 9 px words over an empty body until the bars came);
        `settling` turns it into the task at home, where the bars leave it less room."""
        ex, t = self.example, theme()
        query = label_tex(_("query: %(word)s", word=ex.query), role="title", color=t.query)
        answer = c.math(rf"\rightarrow {ex.values[ex.answer]}", role="title", color=t.value)
        answer.next_to(query, RIGHT, buff=0.3 * TASK_ZOOM)
        cards = VGroup(
            *[card(w, v, self.colours[w], TASK_ZOOM, "title", "title") for w, v in zip(ex.words, ex.values)]
        )
        cards.arrange(RIGHT, buff=CARD_GAP * TASK_ZOOM).next_to(query, DOWN, buff=UNDER_QUERY * TASK_ZOOM)
        cards.align_to(query, LEFT)
        vocabulary = words_line(_("from:"), WORDS, self.colours, role="body")
        vocabulary.next_to(cards, DOWN, buff=TASK_GAP).align_to(cards, LEFT)
        self.large = VGroup(query, answer, cards, vocabulary)
        self.large.move_to([STAGE.body_left, (self.top + STAGE.bottom) / 2, 0], aligned_edge=LEFT)

    def settling(self) -> AnimationGroup:
        """The large task becoming the task at home: the query, answer and cards first, while the words drawn from
        go right under them, then those words up beside the cards (in one move they would cross the cards)."""
        query, answer, cards, vocabulary = self.large
        first = squish_rate_func(smooth, 0, 0.5)
        return AnimationGroup(
            ReplacementTransform(query, self.query_line, rate_func=first),
            ReplacementTransform(answer, self.answer, rate_func=first),
            ReplacementTransform(cards, self.cards, rate_func=first),
            ReplacementTransform(
                vocabulary, self.vocabulary, path_func=across_then_up(vocabulary, self.vocabulary)
            ),
        )

    def read_line(self, line, parts, caption: str) -> None:
        """`line` in as `caption` starts (review F10: over a third of the caption, "right 23%" was read 1.5 s before
        its line could be), then each of its `parts` lit in turn while the rest is read."""
        run_time = self.reading(caption)["run_time"]
        each = max(MIN_RUN, (run_time - LINE_IN) / len(parts))
        self.show(
            Succession(FadeIn(line, run_time=LINE_IN), *[lit(part).set_run_time(each) for part in parts]),
            caption=caption,
        )

    def reading(self, caption: str) -> dict:
        """`show` options playing the animations for as long as `caption` is read (or spoken)."""
        return {"caption": caption, "run_time": max(MIN_RUN, self.caption_time(caption))}

    # building and layout

    def build(self) -> None:
        self.head = self.inputs()
        self.example = self.head.held_out[0]
        self.colours = lookup_colours(self.example.words)
        self.heading = c.chapter_title(_(self.title), _("Trained in numpy while this video was made"))
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        self.top = self.strip.get_bottom()[1] - UNDER_STRIP
        self.build_lookup()
        self.plot = LossPlot(self.head.losses, PLOT_BOX)
        self.plot.move_to([STAGE.right - PLOT_INSET, self.top - 0.4, 0], aligned_edge=UR)
        self.build_grid()
        self.build_working()
        self.build_closing()

    def build_lookup(self) -> None:
        """The example's cards (word over value), the query, the bars before and after, the held-out scores."""
        ex, t = self.example, theme()
        self.query_line = label_tex(_("query: %(word)s", word=ex.query), role="body", color=t.query)
        self.query_line.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        self.cards = VGroup(*[card(w, v, self.colours[w]) for w, v in zip(ex.words, ex.values)])
        self.cards.arrange(RIGHT, buff=CARD_GAP).next_to(
            self.query_line, DOWN, buff=UNDER_QUERY, aligned_edge=LEFT
        )
        self.vocabulary = words_line(
            _("from:"), WORDS, self.colours
        )  # the six each lookup draws its four from
        self.vocabulary.next_to(self.cards, RIGHT, buff=0.5, aligned_edge=DOWN)
        base = self.cards.get_bottom()[1] - BAR_DROP - BAR_HEIGHT
        self.bars_before = bars(ex.weights_before, self.cards, base, self.colours, ex.words)
        pair = (
            GHOST_WIDTH + PAIR_GAP + AFTER_WIDTH
        )  # a ghost on the left, its bar after training on the right
        after = bars(
            ex.weights_after, self.cards, base, self.colours, ex.words, AFTER_WIDTH, (pair - AFTER_WIDTH) / 2
        )
        self.bars_after = after
        self.ghosts = VGroup(  # the heights before training, outlined for comparison
            *[
                outlined(bar.copy().stretch_to_fit_width(GHOST_WIDTH)).set_x(
                    card.get_x() - (pair - GHOST_WIDTH) / 2
                )
                for (bar, __), card in zip(self.bars_before, self.cards)
            ]
        )
        # each old weight over its old bar (review B10: a new one beside an old bar, over a new bar too thin to
        # see, read as the old bar's)
        self.ghost_values = VGroup(
            *[
                c.math(fmt(w, WEIGHT_PLACES), role="small", color=t.muted).next_to(ghost, UP, buff=GHOST_BUFF)
                for w, ghost in zip(ex.weights_before, self.ghosts)
            ]
        )
        self.answer = c.math(rf"\rightarrow {ex.values[ex.answer]}", color=t.value)
        self.answer.next_to(self.query_line, RIGHT, buff=0.3)
        self.baseline, self.bar_words = bar_axis(self.cards, base, ex.words, self.colours)
        self.ghost_note = ghost_legend(_("before training"))
        self.ghost_note.next_to(self.answer, RIGHT, buff=0.8).align_to(self.query_line, DOWN)
        below = self.bar_words.get_bottom()[1] - HELD_OUT_GAP
        self.score_before = self.held_out_line(self.head.accuracy_before, self.head.mean_weight_before, below)
        self.score_after = self.held_out_line(self.head.accuracy, self.head.mean_weight, below)

    def bar_framed(self, part) -> FadeIn:
        """`framed` round a bar and its weight (or all of them) and the words under them, BAR_FRAME_BUFF clear of
        the digits and the words: across the axis, never along it (review V7: 4 px over the digits, across the axis
        under the bar; review C9c: cut off at the axis, its foot ran along it)."""
        left, right = part.get_left()[0], part.get_right()[0]
        words = [word for word in self.bar_words if left <= word.get_x() <= right]
        return framed(VGroup(part, *words), buff=BAR_FRAME_BUFF)

    def held_out_line(self, accuracy: float, weight: float, top: float) -> Text:
        """What the head scores on the lookups it never saw, from `top` down (under the bars): how often it is right
        beside chance (one word in PAIRS), and its mean weight on the right word. One text, so one baseline and
        single spaces (review J9: three texts lined up by their feet set "(chance 25%)," 3 px low, two spaces
        apart); its `parts`, lit in turn as the captions read them (a frame round one would cross the next)."""
        parts = [
            _("unseen: right %(accuracy)s", accuracy=percent(accuracy)),
            _("(chance %(chance)s),", chance=percent(1 / PAIRS)),
            _("mean weight on the right word %(weight)s", weight=said(fmt(weight, WEIGHT_PLACES))),
        ]
        line = c.text(" ".join(parts), role="small", color=theme().muted)
        ends = np.cumsum([0, *(len(c.text(part, role="small")) for part in parts)])  # glyphs: all but spaces
        line.parts = [line[int(a) : int(b)] for a, b in zip(ends, ends[1:])]
        line.move_to([STAGE.body_left, top, 0], aligned_edge=UL)
        return line.shift(UP * max(0.0, STAGE.bottom - line.get_bottom()[1]))  # Chinese brackets reach lower

    def build_grid(self) -> None:
        """W_Q W_K^T as a grid of cells with their numbers, query words down, key words across, each cell as
        bright as its score is high (one neutral ramp: no role's colour, and brightest where the weight goes)."""
        t, scores = theme(), self.head.bilinear
        low, high = float(scores.min()), float(scores.max())
        cells = VGroup()
        for a, row in enumerate(scores):
            for b, v in enumerate(row):
                fill, ink = shade((float(v) - low) / (high - low))
                cell = Rectangle(width=CELL[0], height=CELL[1], stroke_color=t.grid, stroke_width=1)
                cell.set_fill(fill, opacity=1).move_to([b * CELL[0], -a * CELL[1], 0])
                cells.add(VGroup(cell, c.math(fmt(v, GRID_PLACES), role="small", color=ink).move_to(cell)))
        keys = VGroup(*[c.text(w, role="label", color=self.colours[w]) for w in WORDS])
        for name, b in zip(keys, range(len(WORDS))):  # all on one baseline, over their columns
            on_baseline(name.set_x(cells[b].get_x()), cells[b].get_top()[1] + 0.15)
        queries = VGroup(*[c.text(w, role="label", color=self.colours[w]) for w in WORDS])
        cap = c.text("H", role="label").height
        for name, a in zip(
            queries, range(len(WORDS))
        ):  # each on a baseline that centres a capital on its row
            row = cells[a * len(WORDS)]
            on_baseline(name.next_to(row, LEFT, buff=0.2), row.get_y() - cap / 2)
        self.grid = VGroup(cells, keys, queries)
        self.grid_formula = symbol_and_words(
            r"W_Q W_K^{\top}:", _("query word (down) by key word (across)"), role="small"
        )
        self.grid_formula.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        self.grid.next_to(self.grid_formula, DOWN, buff=0.4).set_x(STAGE.body_left, LEFT)
        self.diagonal = VGroup(
            *[
                SurroundingRectangle(
                    cells[a * len(WORDS) + a], color=t.background, buff=-INSET, stroke_width=3
                )
                for a in range(len(WORDS))
            ]
        )

    def build_working(self) -> None:
        """Right of the grid: the query's row, for the lookup's words in its order, divided by √d and softmaxed,
        is the trained weights the bars showed (softmax of the rounded scores, so '≈')."""
        ex = self.example
        query = WORDS.index(ex.query)
        columns = [WORDS.index(w) for w in ex.words]
        cells = self.grid[0]
        self.row_cells = [cells[query * len(WORDS) + b] for b in columns]
        row = [self.head.bilinear[query, b] for b in columns]
        d = self.head.w_q.shape[1]
        self.working = VGroup(
            words_line(_("row %(word)s, keys", word=quoted(ex.query)), ex.words, self.colours),
            c.math(
                rf"\mathrm{{softmax}}\big({vector_math(row, GRID_PLACES)} / \sqrt{{{d}}}\big)", role="small"
            ),
            c.math(rf"\approx {vector_math(ex.weights_after, WEIGHT_PLACES)}", role="small"),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.3)
        self.working.next_to(self.grid, RIGHT, buff=CLOSING_GAP).align_to(self.grid[0], UP)

    def build_closing(self) -> None:
        """The last frame beside the grid: the loss curve again, small, how often it was right before and after
        against chance, and what trained it."""
        t, head = theme(), self.head
        self.small_plot = LossPlot(head.losses, SMALL_PLOT)
        self.small_plot.next_to(self.grid, RIGHT, buff=CLOSING_GAP).align_to(self.grid[0], UP)
        self.closing = VGroup(
            c.text(_("right on unseen lookups:"), role="small", color=t.muted),
            c.text(
                _(
                    "%(before)s → %(after)s (chance %(chance)s)",
                    before=percent(head.accuracy_before),
                    after=percent(head.accuracy),
                    chance=percent(1 / PAIRS),
                ),
                role="label",
            ),
            c.text(_("trained on the answers alone"), role="small", color=t.muted),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        self.closing.next_to(self.small_plot, DOWN, buff=0.35).set_x(self.working.get_left()[0], LEFT)


class LossPlot(VGroup):
    """The training loss at every step: axes (`frame`), their names (`names`: step, loss, 0, STEPS), the curve
    and the first and last loss printed at its ends (`ends`)."""

    def __init__(self, losses, box: tuple[float, float]):
        t = theme()
        top = float(np.ceil(max(losses) * 2) / 2)
        self.axes = Axes(
            x_range=[0, STEPS, STEPS // 4],
            y_range=[0, top, 0.5],
            x_length=box[0],
            y_length=box[1],
            axis_config={"color": t.muted, "stroke_width": 2, "include_tip": False},
            tips=False,
        )
        self.names = VGroup(
            c.text(_("step"), role="small", color=t.muted).next_to(
                self.axes.x_axis, DOWN, buff=TICK_LABEL_GAP
            ),
            c.text(_("loss"), role="small", color=t.muted),  # over the axis' top left: not on its end
            c.math("0", role="small", color=t.muted).next_to(self.axes.c2p(0, 0), DOWN, buff=TICK_LABEL_GAP),
            c.math(str(STEPS), role="small", color=t.muted).next_to(
                self.axes.c2p(STEPS, 0), DOWN, buff=TICK_LABEL_GAP
            ),
        )
        self.frame = VGroup(self.axes, self.names)
        self.curve = VMobject(color=t.text, stroke_width=4).set_points_as_corners(
            [self.axes.c2p(k, loss) for k, loss in enumerate(losses)]
        )
        self.ends = VGroup(
            c.math(fmt(losses[0], WEIGHT_PLACES))  # as a tick label: clear of the curve and the ticks
            .next_to(self.axes.y_axis, LEFT, buff=TICK_LABEL_GAP)
            .set_y(self.axes.c2p(0, losses[0])[1]),
            c.math(fmt(losses[-1], WEIGHT_PLACES)).next_to(self.axes.c2p(STEPS, losses[-1]), UP, buff=0.2),
        )
        top = (
            max(self.axes.y_axis.get_top()[1], self.ends[0].get_top()[1]) + LABEL_GAP
        )  # over the first loss too
        self.names[1].move_to([self.ends[0].get_right()[0], top, 0], aligned_edge=DOWN + RIGHT)
        super().__init__(self.frame, self.curve, self.ends)


def across_then_up(start, end):
    """A `path_func` taking `start` to `end` (scaled evenly on the way) across first, then up or down: the whole
    way across by half time, then the whole way up."""
    dx, dy = (end.get_center() - start.get_center())[:2]

    def path(points, targets, alpha: float):
        bend = np.array([dx * (min(1.0, 2 * alpha) - alpha), dy * (max(0.0, 2 * alpha - 1) - alpha), 0])
        return points + (targets - points) * alpha + bend

    return path


def crossfade(gone, coming) -> LaggedStart:
    """`gone` fading out as `coming` fades in, overlapping by half: never both faint for long (review V4: a second
    of empty body), evenly (a fade that eases changes the middle frames by more than a pop does)."""
    return LaggedStart(FadeOut(gone, rate_func=linear), FadeIn(coming, rate_func=linear), lag_ratio=0.5)


def shade(share: float) -> tuple[str, str]:
    """A share from 0 to 1 as a neutral tone, from the grid lines' grey (0) to the text's colour (1), and the
    ink (the text's or the background's colour) its number reads best in: the nearest tone on the ramp where
    that ink reads (mid-greys, where neither would, are skipped)."""
    t = theme()
    for u in sorted(np.linspace(0, 1, TONES + 1), key=lambda u: abs(u - share)):
        fill = neutral(u)
        ink = max((t.text, t.background), key=lambda i: contrast(i, fill))
        if contrast(ink, fill) >= READABLE:
            return fill, ink
    raise ValueError(f"theme {t.name}: no tone between its grid and text colours carries a number")


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours '#RRGGBB', from 1 to 21."""
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def luminance(colour: str) -> float:
    """WCAG relative luminance of '#RRGGBB'."""
    c = rgb(colour)
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def words_line(prefix: str, words, colours: dict[str, str], role: str = "small") -> Text:
    """`prefix`, muted, then `words`, each in its colour, as one text (`components.coloured`)."""
    line = " ".join([prefix, *words])
    return c.coloured(line, words, colours, role=role, color=theme().muted, after=len(prefix))


def card(
    word: str, value: str, colour: str, zoom: float = 1, role: str = "body", digits: str = "number"
) -> VGroup:
    """A word over its value, on a quiet panel."""
    back = c.panel(CARD[0] * zoom, CARD[1] * zoom)
    name = on_baseline(
        c.text(word, role=role, color=colour), NAME_BASELINE * zoom
    )  # every card's on one line
    shown = c.math(value, role=digits, color=theme().value)
    shown.shift(UP * (VALUE_BASELINE * zoom - shown.get_bottom()[1]))  # digits stand on their baseline
    return VGroup(back, name, shown)


def on_baseline(text: Text, y: float) -> Text:
    """`text` moved up or down so that its baseline (where letters without a descender stand) is at `y`:
    lined up by their boxes, a word with a descender ("dog") would stand higher than its neighbours."""
    return text.shift(UP * (y - baseline(text)))


def baseline(text: Text) -> float:
    """Where `text`'s letters without a descender stand."""
    probe = c.text("H" + text.original_text, role=text.role)  # "H" stands on the baseline
    return text.get_bottom()[1] + probe[0].get_bottom()[1] - probe[1:].get_bottom()[1]


def bars(
    weights, cards: VGroup, base: float, colours: dict[str, str], words, width=BAR_WIDTH, shift=0.0
) -> VGroup:
    """A bar under each card (`shift` right of its middle), as high as its weight, the weight printed above it."""
    group = VGroup()
    for w, holder, word in zip(weights, cards, words):
        height = max(float(w) * BAR_HEIGHT, LEAST_BAR)
        bar = Rectangle(
            width=width, height=height, stroke_width=0, fill_color=colours[word], fill_opacity=0.9
        )
        bar.move_to([holder.get_x() + shift, base + height / 2, 0])
        group.add(VGroup(bar, c.math(fmt(w, WEIGHT_PLACES)).next_to(bar, UP, buff=0.12)))
    return group


def bar_axis(cards: VGroup, base: float, words, colours: dict[str, str]) -> tuple[Line, VGroup]:
    """The bars' baseline under the cards, and each card's word under it (on one baseline, in its colour): the
    bars say whose they are without looking up to the cards."""
    line = Line(
        [cards.get_left()[0], base, 0], [cards.get_right()[0], base, 0], color=theme().muted, stroke_width=2
    )
    cap = c.text("H", role="small").height
    names = VGroup(
        *[
            on_baseline(
                c.text(w, role="small", color=colours[w]).set_x(holder.get_x()), base - WORD_GAP - cap
            )
            for w, holder in zip(words, cards)
        ]
    )
    return line, names


def text_framed(part) -> FadeIn:
    """`framed` round text (the loss chart's labels, the legend), the kit's TEXT_FRAME clear of it."""
    return framed(part, buff=TEXT_FRAME)


def lit(part) -> Indicate:
    """`part` lit in the text's colour and back, where a frame round it would cross its neighbours."""
    return pulsed(part, scale_factor=1)


def percent(share: float) -> str:
    """'23%', as the language writes it (German '23 %')."""
    return _("%(percent)s%%", percent=round(100 * share))


def outlined(bar: Rectangle) -> Rectangle:
    """A bar from before training: its outline in its colour over a faint fill (review 4: at 480p a faint fill
    alone read as a dark block), beside the trained bar's solid one."""
    return bar.set_fill(opacity=FAINT).set_stroke(bar.get_fill_color(), width=GHOST_STROKE, opacity=1)


def ghost_legend(words: str) -> VGroup:
    """An outlined swatch, as wide as the bars from before and drawn as they are, on the baseline of what they
    are: 'before training' (review J9: a box narrower than tall, down to the descenders, read as a glyph the face
    lacks)."""
    t = theme()
    name = c.text(words, role="small", color=t.muted)
    swatch = Rectangle(width=SWATCH[0], height=SWATCH[1], stroke_color=t.muted, stroke_width=GHOST_STROKE)
    swatch.set_fill(t.muted, opacity=FAINT).next_to(name, LEFT, buff=0.15).set_y(baseline(name), DOWN)
    return VGroup(swatch, name)


def symbol_and_words(tex: str, words: str, role: str) -> VGroup:
    """A formula's symbol, then words after it: one formula where TeX can set the words, else the words in the
    text face beside it (Chinese)."""
    if in_tex(words):
        return c.math(rf"{tex}\ \text{{{words}}}", role=role)
    symbol, text = c.math(tex, role=role), label_tex(words, role=role)
    return VGroup(symbol, text.next_to(symbol, RIGHT, buff=0.15).align_to(symbol, DOWN))


def lookup_colours(together) -> dict[str, str]:
    """Each of the task's WORDS in its colour: a word some table of the example names keeps its own; the others
    take colours none of the example's names has (the theme's, then generated ones; review 7: "cat" took
    "river"'s pink), those drawn `together` each the one farthest (CIE76) from the colours already among them,
    then from the roles drawn beside them, so that no two look alike."""
    t, names = theme(), coloured_names(examples.current())
    colours = {w: token_color(w) for w in WORDS if w in names}
    taken = {token_color(n) for n in names}
    extra = [col for col in generated(t, len(names) + len(WORDS)) if col not in taken]
    shunned = [col for col in extra if not off_roles(lab(col)[None], t)[0]]  # generated past the roles' room
    pool = [col for col in (*cycle(t), *extra) if col not in taken and col not in shunned]
    pool += shunned[: max(0, len(WORDS) - len(colours) - len(pool))]  # only if the others run out
    roles = [t.query, t.key, t.value, t.output]  # drawn beside them: the query, the values, the loss curve
    for word in [*together, *WORDS]:
        if word in colours:
            continue
        beside = [colours[w] for w in together if w in colours]
        pick = max(pool, key=lambda col: apart_from(col, beside, roles)) if word in together else pool[0]
        colours[word] = pick
        pool.remove(pick)
    return {w: colours[w] for w in WORDS}


def apart_from(colour: str, beside, roles) -> tuple[float, float]:
    """How far (CIE76) `colour` is from the nearest of the words' colours `beside` it, then of the `roles`."""
    return tuple(
        min((delta_e(colour, other) for other in group), default=np.inf) for group in (beside, roles)
    )
