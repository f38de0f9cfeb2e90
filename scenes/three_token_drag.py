"""Chapter 2, the three-token drag (source 000): a query moves among three keys."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    ArcBetweenPoints,
    Create,
    FadeIn,
    FadeOut,
    GrowArrow,
    MoveAlongPath,
    TracedPath,
    VGroup,
    smooth,
)

from attention import attend, examples
from scenes import components as c
from scenes.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    coords,
    division_tex,
    dot_product_tex,
    exp_tex,
    fmt,
    ratio_tex,
    relation,
    sum_tex,
)
from scenes.chapter import STAGE_BOTTOM, ChapterScene, reading_time
from scenes.formula_slot import formula_slot, pin
from scenes.palette import MIN_PX, SIZES, theme, token_color
from scenes.vector_rows import one_size

EXP_PLACES = 2  # source 000 prints exponentials and their sum to two places
SUM_TERMS_PER_LINE = 3  # the worked sum of exponentials breaks onto a new line after this many terms
PLANE_BOX = (5.3, 4.6)  # width, height available to the plane
PLANE_CENTER = np.array([-4.1, -0.8, 0])
BARS_BASELINE = np.array([2.9, -0.22, 0])  # the live bars stand on this point (tallest: BAR_HEIGHT)
BAR_HEIGHT = 1.6
GLOSSARY_TOP_LEFT = np.array([0.4, -1.45, 0])  # the symbols' legend builds up below the bars
RIGHT_LEFT, RIGHT_EDGE = -1.2, 6.9  # the worked example and the comparison use x in this range
NAME_WIDTH = 1.6  # a token's name in the worked example is cut to this width
LABEL_GAP = 0.3  # between the cross and its label
PLANE_RIGHT = RIGHT_LEFT - 0.15  # the plane's labels stay left of this x, clear of the worked example
MINI_SPACING, MINI_GAP = 0.95, 0.6  # the comparison's bars: at most this far apart; between the two sets
MINI_HEIGHT = 1.5  # the comparison's bars: the height of a weight of 1 (lower if the stage is short)
LEG_SECONDS = 3.0
BEND = 0.6  # radians of curvature on each leg of the drag, so the path is a curve
NEAREST_MARGIN = 0.1  # a key nearer the cross than every other by this much is "the nearest"
ALIGNED = 0.99  # a key whose cosine with the query is at least this points along it
UNRELATED = 0.05  # a key whose cosine is within this of 0 points in an unrelated direction
PAYOFF = (
    "The payoff: not one RNN hidden state for a whole sequence (chapter 1), "
    "but a fresh, query-specific blend of all of it, recomputed on demand."
)


class LiveAttention(VGroup):
    """The plane, keys, query cross, weight bars and context arrow, kept in step with numpy."""

    def __init__(self, example):
        super().__init__()
        self.example = example
        self.plane = c.vector_plane(np.vstack([example.keys, example.path]))
        self.plane.scale_to_fit_width(PLANE_BOX[0])
        if self.plane.height > PLANE_BOX[1]:
            self.plane.scale_to_fit_height(PLANE_BOX[1])
        self.plane.move_to(PLANE_CENTER)
        self.keys = VGroup(
            *[c.plane_arrow(self.plane, k, token_color(t)) for t, k in zip(example.tokens, example.keys)]
        )
        self.key_labels = VGroup()
        for t, k in zip(example.tokens, example.keys):
            label = c.arrow_label(self.plane, k, t, token_color(t))
            self.key_labels.add(c.clear_of(label, self.plane.c2p(*k), self.key_labels, right=PLANE_RIGHT))
        self.cross = c.cross_marker().move_to(self.plane.c2p(*example.path[0]))
        self.bars = c.WeightBars(example.tokens, self.trace().weights, height=BAR_HEIGHT)
        self.bars.shift(BARS_BASELINE - self.bars.baseline.get_center())
        self.context = c.plane_arrow(self.plane, self.trace().output, theme().output, width=6)
        self.glossary = glossary(self.trace().width)
        self.add(self.plane, self.keys, self.key_labels, self.context, self.cross, self.bars)

    def query(self) -> np.ndarray:
        """The query vector under the cross, in plane coordinates."""
        return np.array(self.plane.p2c(self.cross.get_center())[:2])

    def trace(self):
        return attend(self.query(), self.example.keys)

    def refresh(self) -> LiveAttention:
        """Recompute attention for the cross's position and update bars and context arrow."""
        trace = self.trace()
        self.bars.set_weights(trace.weights)
        self.context.put_start_and_end_on(self.plane.c2p(0, 0), self.plane.c2p(*trace.output))
        return self

    def move_query_to(self, point) -> LiveAttention:
        self.cross.move_to(self.plane.c2p(*point))
        return self.refresh()


def describe(tokens, trace) -> str:
    """A caption for the weights at a stop of the drag (for equal weights, why: not the nearest key)."""
    weights = trace.weights
    if np.ptp(weights) < 0.01:
        equal = f"Equal q · k_i here, so each weight is {fmt(weights[0], WEIGHT_PLACES)}"
        distances = np.linalg.norm(trace.keys - trace.query, axis=1)
        nearest = int(np.argmin(distances))
        if np.sum(distances < distances[nearest] + NEAREST_MARGIN) > 1:
            return f"{equal}: dot products set the weights."
        return f"{equal}, though the cross is nearest “{tokens[nearest]}”: dot products, not distance."
    top = int(np.argmax(weights))
    return f"Near “{tokens[top]}”, “{tokens[top]}” gets the most weight: {fmt(weights[top], WEIGHT_PLACES)}."


def glossary(width: int) -> c.Grid:
    """The symbols' legend, one row each (faded in where each is first used): k_i, q, d, w_i, context."""
    rows = [
        (r"k_i", "key of token i (an arrow)", theme().text),
        (r"q", "query (×): what is looking", theme().query),
        (rf"d = {width}", "dimension of q and the keys", theme().text),
        (r"w_i", "weight on token i (a bar)", theme().text),
        (r"\text{context}", "= Σ wᵢ vᵢ, the output; here vᵢ = kᵢ", theme().output),
    ]
    symbols = [c.math(tex, color=color) for tex, _, color in rows]
    meanings = [c.text(meaning, role="small", color=theme().muted) for _, meaning, _ in rows]
    table = c.Grid(symbols, meanings, col_buff=0.3, row_buff=0.16)
    for symbol, meaning in zip(symbols, meanings):
        symbol.match_y(meaning)
    return table.move_to(GLOSSARY_TOP_LEFT, aligned_edge=UL)


def ranked(weights) -> np.ndarray:
    """Token indices from the largest weight to the smallest."""
    return np.argsort(weights, kind="stable")[::-1]


def outcomes(weights) -> tuple[str, str]:
    """What the largest and the smallest weight amount to: ('dominates', 'gets almost none')."""
    order = ranked(weights)
    lead = "dominates" if weights[order[0]] > 0.5 else "leads"
    last = "gets almost none" if weights[order[-1]] < 0.1 else "gets the least"
    return lead, last


def cosines(trace) -> np.ndarray:
    """The cosine of the angle between the query and each key (0 for a zero vector)."""
    lengths = np.linalg.norm(trace.keys, axis=1) * np.linalg.norm(trace.query)
    return np.divide(trace.dots, lengths, out=np.zeros_like(trace.dots), where=lengths > 0)


def overlap(cosine: float, least: bool) -> str:
    """How a key's direction relates to the query's, from their cosine."""
    if cosine > UNRELATED and least:
        return "it overlaps the query's direction least"
    if cosine >= ALIGNED:
        return "it points along the query's direction"
    if cosine > UNRELATED:
        return "it partly overlaps the query's direction"
    if cosine >= -UNRELATED:
        return "it points in an unrelated direction"
    return "it points away from the query's direction"


def reasons(tokens, trace) -> str:
    """'“the” dominates; “sat” keeps a share because its vector partly overlaps the query's direction;
    “cat” gets almost none because it points in an unrelated direction.'

    The order comes from the weights (which follow q · k_i); each reason from that key's cosine with q.
    """
    w, cos = trace.weights, cosines(trace)
    if np.ptp(w) < 0.01:
        return "Every key overlaps the query's direction equally, so the weights are equal."
    order = ranked(w)
    lead, last = outcomes(w)
    parts = [f"“{tokens[order[0]]}” {lead}"]
    for i in order[1:-1]:
        link = "because" if cos[i] > UNRELATED else "though"
        parts.append(f"“{tokens[i]}” keeps a share {link} {overlap(cos[i], least=False)}")
    parts.append(f"“{tokens[order[-1]]}” {last} because {overlap(cos[order[-1]], least=True)}")
    return "; ".join(parts) + "."


def verdict(tokens, trace) -> str:
    """The worked example's conclusion as a short label: 'At q = (2, 0): “the” dominates, ...'."""
    w = trace.weights
    if np.ptp(w) < 0.01:
        return f"At q = {coords(trace.query)}: equal weights."
    order = ranked(w)
    lead, last = outcomes(w)
    middle = [f"“{tokens[i]}” keeps a share" for i in order[1:-1]]
    if len(middle) > 1:
        middle = [f"{len(middle)} others keep a share"]
    parts = [f"“{tokens[order[0]]}” {lead}", *middle, f"“{tokens[order[-1]]}” {last}"]
    return f"At q = {coords(trace.query)}: " + ", ".join(parts) + "."


def against_blend(trace, blend) -> str:
    """Why chapter 4's top weight differs from this one: its width d, and so its divisor √d."""
    here, there = (f"{fmt(t.weights.max(), WEIGHT_PLACES)}" for t in (trace, blend))
    divisor = f"{relation(blend.divisor, SCORE_PLACES, tex=False)} {fmt(blend.divisor, SCORE_PLACES)}"
    if trace.dots.shape == blend.dots.shape and np.allclose(np.sort(trace.dots), np.sort(blend.dots)):
        dots = ", ".join(fmt(x, SCORE_PLACES) for x in np.sort(trace.dots)[::-1])
        return (
            f"Chapter 4 has the same dot products {dots} but d = {blend.width}, so ÷ √{blend.width} "
            f"{divisor}: top weight {there} there, {here} here."
        )
    return f"Chapter 4's d = {blend.width} divides by √{blend.width} {divisor}: top weight {there} there, {here} here."


class ThreeTokenDrag(ChapterScene):
    """A query (×) is dragged among the keys "the", "cat" and "sat"; the weights follow."""

    def inputs(self):
        return examples.current().drag

    def construct(self):
        self.build()
        self.introduce()
        self.drag()
        self.worked_example()
        self.why_scale()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.heading = c.chapter_title(self.title, "A query looks at three keys and blends them by weight")
        self.live = LiveAttention(self.example).refresh()
        self.strip = pin(formula_slot(), self.heading)

    def introduce(self) -> None:
        self.beat("Keys in a plane")
        live, rows = self.live, self.live.glossary.row
        self.show(
            FadeIn(self.heading),
            Create(live.plane),
            run_time=1.5,
            caption="Three tokens sit at fixed points; each arrow is a key vector k_i, one per token i.",
        )
        self.play(
            *[GrowArrow(k) for k in live.keys],
            *[FadeIn(label) for label in live.key_labels],
            FadeIn(rows(0)),
            run_time=1.5,
        )
        d = live.trace().width
        self.show(
            FadeIn(live.cross, scale=2),
            FadeIn(rows(1)),
            FadeIn(rows(2)),
            run_time=1,
            caption=f"The cross is the query q: what is looking. q and each k_i have d = {d} numbers "
            "(d is the dimension).",
        )
        self.show(
            FadeIn(self.strip),
            FadeIn(live.bars),
            GrowArrow(live.context),
            FadeIn(rows(3)),
            FadeIn(rows(4)),
            run_time=1.5,
            caption="score_i compares q with k_i; w_i sum to 1; the context blends the values (here, the keys) "
            "by weight.",
            hold=0.5,
        )

    def drag(self) -> None:
        self.beat("Drag the query")
        live = self.live
        self.follow(live)
        trail = TracedPath(
            live.context.get_end,
            stroke_color=theme().output,
            stroke_width=4,
            dissipating_time=1.2,
            stroke_opacity=[0, 0.8],
        )
        self.add(trail)
        legs = list(zip(self.example.path[:-1], self.example.path[1:]))
        for start, end in legs[:-1]:
            self.play(MoveAlongPath(live.cross, self.leg(start, end)), run_time=LEG_SECONDS, rate_func=smooth)
            self.say(describe(self.example.tokens, live.trace()))
        # the last leg carries the payoff, and lasts as long as it takes to read
        self.show(
            MoveAlongPath(live.cross, self.leg(*legs[-1])),
            caption=PAYOFF,
            run_time=max(LEG_SECONDS, reading_time(PAYOFF)),
            rate_func=smooth,
        )
        self.unfollow(live)
        self.play(FadeOut(trail), run_time=0.3)
        self.remove(trail)

    def leg(self, start, end) -> ArcBetweenPoints:
        """The curved path of the query from `start` to `end` (plane coordinates)."""
        return ArcBetweenPoints(self.live.plane.c2p(*start), self.live.plane.c2p(*end), angle=BEND)

    def worked_example(self) -> None:
        self.beat("Worked example")
        live = self.live
        trace = self.example.trace()
        q_label = c.text(f"q = {coords(trace.query)}", role="label", color=theme().query)
        self.steps = self.step_table(trace)
        blocks = self.steps
        self.show(
            live.animate.move_query_to(self.example.query),
            run_time=0.8,
            caption=f"Stop at q = {coords(trace.query)}. Step 1: q · k_i for every key.",
        )
        q_label.next_to(live.cross, DOWN, buff=LABEL_GAP)
        c.clear_of(q_label, live.cross.get_center(), live.key_labels, right=PLANE_RIGHT)
        self.play(
            FadeIn(q_label),
            FadeOut(live.bars),
            FadeOut(live.glossary),
            self.strip.light("dot"),
            run_time=0.6,
        )
        captions = (
            None,  # step 1's caption came with the stop
            f"Step 2: divide by √d = √{trace.width} {relation(trace.divisor, SCORE_PLACES, tex=False)} "
            f"{fmt(trace.divisor, SCORE_PLACES)} to get score_i.",
            "Step 3: softmax (exponentiate, sum, divide) gives w_i.",
        )
        for i, (block, caption, term) in enumerate(zip(blocks, captions, ("dot", "scale", "exp"))):
            done = [FadeOut(VGroup(*blocks[:2]))] if i == 2 and self.in_place else []
            self.show(
                *done,
                FadeIn(block, shift=0.2 * DOWN),
                self.strip.light(term),
                run_time=1.2,
                caption=caption,
                hold=1.2,
            )
        self.show(
            FadeIn(self.verdict),
            self.strip.light(),
            run_time=0.8,
            caption=reasons(self.example.tokens, trace),
            hold=1,
        )

    def step_table(self, trace) -> list[VGroup]:
        """The three steps of the worked example, as blocks of checkable arithmetic, and the verdict under
        them, below the formula strip and right of the plane. Step 3 goes under steps 1 and 2, or in their
        place (`in_place`) when the three do not fit one above the other; the arithmetic is drawn smaller,
        all of it alike, if it still does not fit (names and headers keep their sizes)."""
        width = RIGHT_EDGE - RIGHT_LEFT
        self.verdict = c.paragraph_within(verdict(self.example.tokens, trace), width, "small")
        top = self.strip.get_bottom()[1] - 0.25
        room = (width, top - STAGE_BOTTOM - self.verdict.height - 0.2)
        self.in_place = False
        table = self.steps_at(trace, 1.0)
        self.in_place = table.height > room[1]
        self.table_factor, table = 1.0, self.steps_at(trace, 1.0)
        for _ in range(4):  # names and headers keep their size, so the fit takes a few rounds
            fit = min(room[0] / table.width, room[1] / table.height)
            if fit >= 1:
                break
            self.table_factor = max(MIN_PX / SIZES["number"], self.table_factor * fit * 0.99)
            table = self.steps_at(trace, self.table_factor)
        table.move_to([RIGHT_LEFT, top, 0], aligned_edge=UL)
        self.verdict.next_to(table, DOWN, buff=0.2).align_to(table, LEFT)
        return list(table)

    def steps_at(self, trace, factor: float) -> VGroup:
        """The three steps, their arithmetic at `factor` times its size."""
        d = trace.width

        def names() -> list:
            return [c.clipped(t, NAME_WIDTH, color=token_color(t)) for t in self.example.tokens]

        def cells(rows) -> list:
            made = [c.math(row) for row in rows]
            one_size(VGroup(*made), factor)
            return made

        dots = [dot_product_tex(trace.query, k, x) for k, x in zip(trace.keys, trace.dots)]
        scaled = [division_tex(x, rf"\sqrt{{{d}}}", s) for x, s in zip(trace.dots, trace.scores)]
        exps = [exp_tex(s, e, SCORE_PLACES, EXP_PLACES) for s, e in zip(trace.scores, trace.exps)]
        ratios = [
            ratio_tex(e, trace.exp_sum, w, EXP_PLACES, WEIGHT_PLACES)
            for e, w in zip(trace.exps, trace.weights)
        ]
        top = c.Grid(names(), cells(dots), cells(scaled), col_buff=0.35, row_buff=0.15)
        bottom = c.Grid(names(), cells(exps), cells(ratios), col_buff=0.35, row_buff=0.15)
        top_names, top_dots, top_scaled = top.columns
        exps_column = bottom.columns[1]

        def header(s: str, cell):
            return (
                c.text(s, role="small", color=theme().muted).next_to(cell, UP, buff=0.2).align_to(cell, LEFT)
            )

        step1 = VGroup(header("1  dot products q · kᵢ", top_names[0]), *top_names, *top_dots)
        head2 = header(
            f"2  scoreᵢ = ÷ √{d} {relation(trace.divisor, SCORE_PLACES, tex=False)} {fmt(trace.divisor, SCORE_PLACES)}",
            top_scaled[0],
        )
        head2.shift(RIGHT * max(0.0, step1[0].get_right()[0] + 0.3 - head2.get_left()[0]))
        step2 = VGroup(head2.set_y(step1[0].get_y()), *top_scaled)
        (total,) = cells(
            [r"\text{sum} = " + sum_tex(trace.exps, trace.exp_sum, EXP_PLACES, SUM_TERMS_PER_LINE)]
        )
        step3 = VGroup(
            header("3  wᵢ: exponentiate, sum, divide", bottom.columns[0][0]),
            bottom,
            total.next_to(bottom, DOWN, buff=0.25).align_to(exps_column[0], LEFT),
        )
        if self.in_place:
            step3.move_to(VGroup(step1, step2), aligned_edge=UL)
        else:
            step3.next_to(VGroup(step1, step2), DOWN, buff=0.25).align_to(step1, LEFT)
        return VGroup(step1, step2, step3)

    def why_scale(self) -> None:
        self.beat("Why divide by the square root of d")
        trace = self.live.trace()
        unscaled = attend(self.example.query, self.example.keys, scaled=False)
        top = [RIGHT_LEFT, self.strip.get_bottom()[1] - 0.3, 0]
        self.play(
            FadeOut(VGroup(*self.steps[2 if self.in_place else 0 :])),
            self.verdict.animate.move_to(top, aligned_edge=UL),
            run_time=1,
        )
        note = c.paragraph_within(
            "Dot products grow with d; without ÷ √d, softmax saturates toward one-hot.",
            RIGHT_EDGE - RIGHT_LEFT,
            role="small",
            color=theme().muted,
        )
        verdict_bottom = top[1] - self.verdict.height
        height = MINI_HEIGHT
        for _ in range(3):  # again with lower bars while the comparison reaches below the stage
            scaled_bars = self.mini_bars(trace.weights, f"÷ √{trace.width}  (what attention does)", height)
            raw_bars = self.mini_bars(unscaled.weights, "no scaling", height)
            pair = VGroup(scaled_bars, raw_bars).arrange(RIGHT, buff=MINI_GAP, aligned_edge=DOWN)
            pair.move_to([RIGHT_LEFT, verdict_bottom - 0.45, 0], aligned_edge=UL)
            note.next_to(pair, DOWN, buff=0.35).align_to(pair, LEFT)
            if note.get_bottom()[1] >= STAGE_BOTTOM:
                break
            height -= STAGE_BOTTOM + 0.05 - note.get_bottom()[1]
        self.show(
            FadeIn(scaled_bars),
            FadeIn(raw_bars),
            FadeIn(note),
            run_time=1.2,
            caption=against_blend(trace, examples.current().blend.trace(0)),
            hold=3,
        )
        self.summary = VGroup(self.verdict, pair, note)

    def mini_bars(self, weights, label: str, height: float) -> VGroup:
        """Bars of `weights` `height` high for a weight of 1, `label` under them: two sets side by side
        within the comparison's width (without their values when those do not fit between the bars)."""
        tokens = self.example.tokens
        spacing = min(MINI_SPACING, (RIGHT_EDGE - RIGHT_LEFT - MINI_GAP) / 2 / len(tokens))
        bars = c.WeightBars(
            tokens,
            weights,
            height=height,
            bar_width=min(0.5, 0.6 * spacing),
            spacing=spacing,
            show_total=False,
        )
        if max(v.width for v in bars.values) > spacing - 0.1:
            bars.remove(bars.values)
        caption = c.paragraph_within(label, bars.width, role="small", color=theme().muted)
        return VGroup(bars, caption.next_to(bars, DOWN, buff=0.2))
