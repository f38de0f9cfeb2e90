"""Keep source positions available: cross- and self-attention grids, and their cost."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
from babel.numbers import format_decimal
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    AnimationGroup,
    Cutout,
    FadeIn,
    FadeOut,
    Indicate,
    LaggedStart,
    Rectangle,
    ReplacementTransform,
    Square,
    SurroundingRectangle,
    Text,
    Transform,
    VGroup,
    Write,
)
from manim.utils.rate_functions import there_and_back

import i18n
from attention import examples
from i18n import _, ngettext
from i18n.words import N_, quoted, said
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import SCORE_PLACES, division_parts, fmt, relation, vector_math
from scenes.kit.chapter import FIRST_HALF, SECOND_HALF, ChapterScene
from scenes.kit.emphasis import framed_in_turn, pulsed, pulsed_each
from scenes.kit.formula_slot import formula_word
from scenes.kit.grids import RELATION_GAP, AttentionGrid, padded, veil
from scenes.kit.palette import VEIL, scaled_color, theme
from scenes.kit.stage import STAGE

GRID_CENTER = np.array([-2.2, -0.5, 0])
CROSS_SIZE = 4.4  # the cross-attention grid's longer side, at most...
CROSS_PITCH = 1.1  # ... and its cells' pitch at most (few tokens: the grid stays clear of the captions)
SELF_SIZE = 3.8  # the self-attention grid's side, at most...
SELF_PITCH = 0.95  # ... and its cells' pitch at most: room for a weight and a name
SELF_PAD = 0.12  # room each side of a weight in its cell (review C9b: 1-2 px at 480p), and between the names over them
SIDE_CENTER = np.array([4.2, -0.3, 0])
SIDE_GAP = 0.4  # at least this between the grid and the worked score beside it
NOTE_CHARS = range(
    26, 15, -2
)  # the note under the formula: its line length, shorter in turn beside a wide grid
UNDER_TITLE = 0.25  # a grid's captions stay this far below the subtitle
PAIR_GAP = 0.4  # at least this between the cross- and the self-attention grid side by side
SIDE_RIGHT = STAGE.right - 0.2  # the worked score, and a grid on the right, end left of this x
SIDE_LEAST = (
    4.0  # the narrowest the side panel beside the cross grid may be (w_ij = softmax_j(score_ij): 3.97)
)
CROSS_ROOM = SIDE_RIGHT - SIDE_GAP - SIDE_LEAST - STAGE.body_left  # the cross grid's widest, names and all
WORKED_FLOOR = STAGE.bottom + 0.5  # ... and the worked score above this y
SLOT_Y = -0.2
BREAK_BUFF = 0.15  # a formula too wide for the side panel: its second line this far under the first...
INDENT = 0.4  # ... and indented this far, room allowing
LABEL_BUFF = 0.3  # between a grid and its label
GROWTH = (1, 2, 4, 8)  # the cost beat lengthens the source to these multiples of its length
COST_CORNER = np.array([-5.6, 2.45, 0])  # top-left corner of the cost grid, which grows right and down
COST_SIZE = 5.9  # side of the largest cost grid: every cost grid has cells of its pitch
COST_FILL = 0.55  # opacity of a cost cell: each is one score to compute, whatever its weight
COUNT_AT = np.array([0.75, 1.6, 0])
SUMMARY_SIZE = 3.2  # the cost grid's side in the closing picture, at most
COUNT_BUFF = 0.3  # the count under it, and the caveat beside a tall grid under that, this far apart
STEP_SECONDS = 2.2
SHUTTER_MARGIN = 0.05  # a rolling number's shutters reach this far past its path


GAP = r",\;\; "  # between a vector's entries in a formula, as `vector_math` writes it
SPACE = r"\;\; "  # ... the part of it after the comma
WEIGHT_NOTE = N_("each row's scores made into weights: every row sums to 1")  # what a weight is, under it
CAVEAT = N_("access ≠ recall: no guarantee of useful matching or perfect recall")
CAVEAT_BOTTOM = STAGE.bottom + 0.55  # the caveat line ends above this y, clear of a paused player's controls
SUM_ROOM = 0.15  # more between a row's last cell and its sum than the kit's grid leaves
CAVEAT_CLEAR = 0.15  # between the caveat and a grid or tag over it


class SourcePositions(ChapterScene):
    """Decoder queries score every encoder position (a grid), row by row; self-attention; cost."""

    def inputs(self):
        return examples.current().cross

    def construct(self):
        self.build()
        self.cross_scores()
        self.one_score()
        self.softmax_rows()
        self.self_attention()
        self.cost()
        self.caveat()

    def cross_scores(self) -> None:
        self.beat("Cross-attention scores")
        self.play(FadeIn(self.heading), run_time=1)
        self.show(
            FadeIn(self.cross),
            FadeIn(self.cross_axes),
            run_time=1.5,
            caption=_(
                "Cross-attention: each decoder step (a row) has a query; each source word (a column) "
                "has a key from the encoder."
            ),
        )
        # each name pulsed where it stands (review E10: pulsed as one group, the row names moved apart, a jump)
        queries, keys = self.cross_axes[1], self.cross_axes[0]
        self.play(pulsed(queries), pulsed_each(self.cross.row_labels), run_time=1.5)
        self.wait_for_cue(2)  # the columns, as the caption comes to them
        self.play(pulsed(keys), pulsed_each(self.cross.col_labels), run_time=2)

    def one_score(self) -> None:
        self.beat("One cell, one score")
        i, j = self.focus
        q_line, k_line, *steps = self.worked
        self.show(
            FadeIn(self.spot),
            FadeIn(self.cell_box),
            Write(
                VGroup(*[m for m in self.side if m not in self.covered])
            ),  # what the working will cover waits
            run_time=1.5,
            caption=_("Every cell is one score: that decoder query against that source position."),
        )
        # each vector comes in under the last while its word is lit on the grid (none flies over text)
        for line, label in ((q_line, self.cross.row_labels[i]), (k_line, self.cross.col_labels[j])):
            self.play(FadeIn(line, shift=DOWN * 0.2), Indicate(label, color=theme().text), run_time=1)
        trace = self.cross.trace
        for k, step in enumerate(steps):  # the dot product, then the division (or both in one line)
            self.show(
                FadeIn(step, shift=DOWN * 0.2),
                run_time=0.8,
                caption=None
                if k
                else _(
                    "Their dot product, %(dot)s, divided by the square root of %(width)s: the score in this cell.",
                    dot=said(fmt(trace.dots[i, j], SCORE_PLACES)),
                    width=trace.keys.shape[1],
                ),
            )
        self.play(pulsed(self.cross.numbers[i * self.cross.trace.shape[1] + j]), run_time=1)
        self.wait_for_reader()  # the cell stays lit while its caption reads "this cell" (review B10)
        self.play(FadeOut(self.spot), FadeOut(self.cell_box), run_time=0.8)

    def softmax_rows(self) -> None:
        self.beat("Each row its own softmax")
        m = self.cross.trace.shape[0]
        box = SurroundingRectangle(self.cross.row(0), color=theme().query, buff=0.06)
        veils = [veil(self.cross.row_band(i)) for i in range(m)]
        names = self.example.target_tokens
        self.show(
            FadeOut(self.worked, rate_func=FIRST_HALF),
            *[FadeIn(m) for m in self.covered],
            FadeIn(box),
            *[FadeIn(v) for v in veils[1:]],
            FadeOut(self.side, rate_func=FIRST_HALF),  # one after the other: they stand in one place
            FadeIn(self.weight_side, rate_func=SECOND_HALF),
            run_time=0.8,
            caption=_(
                "Each row is turned into weights on its own, by a softmax: first the row of %(word)s.",
                word=quoted(names[0]),
            ),
        )
        for i in range(m):
            if i:  # each row's turn has its own caption, the last one's too
                self.show(
                    box.animate.move_to(self.cross.row(i)),
                    FadeOut(veils[i]),
                    FadeIn(veils[i - 1]),
                    run_time=0.5,
                    caption=_(
                        "Then %(word)s: its scores become weights that sum to 1.", word=quoted(names[i])
                    ),
                )
            self.play(*self.weigh_row(i), run_time=1.2)
            self.wait(STEP_SECONDS - 1.7)
        self.show(
            FadeOut(box),
            *[FadeOut(v) for v in veils[:-1]],
            run_time=0.5,
            caption=_("Every row sums to 1, and every decoder step gets a different blend of the source."),
        )
        # each sum brightened where it stands, on its row (review V7: pulsed as one, the outer ones left their rows)
        self.show(pulsed_each(self.cross.sums, theme().query), run_time=1.5, hold=1)

    def self_attention(self) -> None:
        pair = self.pair
        # the panel gone before the grid moves over its place; a cross grid the square replaces gone before the
        # square's caption (review E10: it stood 1.1 s into it), the square coming right after (review V7: 1.1 s of an
        # empty stage between them)
        self.turn_to("Self-attention", self.weight_side, *([] if pair.beside else [self.cross_view]))
        if pair.beside:
            self.play(
                self.cross_view.animate.set_y(pair.cross_y).align_to([STAGE.body_left, 0, 0], LEFT),
                run_time=1.2,
            )
        self.show(
            FadeIn(self.square),
            FadeIn(pair.labels),
            run_time=1.2,
            caption=ngettext(
                "Self-attention: the %(num)s source word supplies the queries, keys and values, so the grid is "
                "square.",
                "Self-attention: the %(num)s source words supply the queries, keys and values, so the grid is "
                "square.",
                len(self.example.source_tokens),
            ),
        )
        self.play(
            pulsed_each(self.self_grid.row_labels, theme().query),
            pulsed_each(self.self_grid.col_labels, theme().key),
            run_time=1.5,
        )
        self.wait(1.5)

    def cost(self) -> None:
        self.beat("The cost grows")
        first = self.grown[0]
        grid = self.self_grid
        caption = _("Every query scores every key: n queries × n keys cells of work.")
        # the weights grid stays as it is, its names and weights readable, through the caption's first half (review
        # E10: shrunk at once to 40 px at 480p, it stood alone in an empty stage for 7 s), then shrinks into the
        # corner, its weights with it, as the count comes: these cells stay as the sentence's corner
        self.show(
            FadeOut(
                VGroup(
                    *([self.cross, self.cross_axes] if self.pair.beside else []),
                    self.pair.labels,
                    self.self_axes,
                    grid.sums,
                    grid.sum_header,
                )
            ),
            run_time=0.8,
            caption=caption,
        )
        self.wait(max(0.0, self.caption_time(caption) / 2 - 0.8))
        named = VGroup(grid.numbers, grid.row_labels, grid.col_labels)
        ratio, centre = first.cells.width / grid.cells.width, grid.cells.get_center()
        into = first.cells.get_center() + ratio * (named.get_center() - centre)  # shrunk with the cells
        self.play(
            Transform(grid.cells, first.cells),
            FadeOut(named, target_position=into, scale=ratio),
            FadeIn(self.counts[0]),
            run_time=1.2,
        )
        self.play(
            FadeIn(self.sentence),
            FadeIn(self.sentence_key),
            FadeIn(self.cell_key),
            FadeIn(self.history[0]),
            run_time=0.8,
        )
        self.wait(1)
        steps = (self.counts, self.counts[1:], self.history[1:])
        for grid, shells, count, new_count, line in zip(self.grown[1:], self.shells, *steps):
            shutters = window(count, new_count)
            self.add(shutters)
            self.show(
                grow(shells),
                roll(count, new_count),
                FadeIn(line, shift=DOWN * 0.15),
                run_time=1.5,
                caption=_(
                    "%(positions)s positions: %(scores)s scores.",
                    positions=whole(grid.trace.shape[0]),
                    scores=whole(grid.trace.weights.size),
                ),
                hold=0.8,
            )
            self.remove(shutters, *new_count.submobjects)
            self.add(new_count)  # whole again, drawn as it was: the parts as one count

    def caveat(self) -> None:
        summary = self.summary
        cost = VGroup(self.self_grid.cells, *self.additions)
        self.cross_view.move_to(summary.cross)
        # every line of words leaves (once the last count has been read) before the grid moves, so it crosses
        # none; its count comes back under it. The sentence's outline leaves with its legend (review C9b: a white
        # square unexplained in the corner of the small grid)
        self.turn_to(
            "Access is not recall",
            self.sentence,
            self.sentence_key,
            self.cell_key,
            self.history,
            self.counts[-1],
        )
        # the side-by-side picture comes with the caption that names it, the cost grid into its corner first (issue
        # 30: 2.2 s of it moving under no caption); each half is framed as its cue is read
        self.show(
            cost.animate(rate_func=FIRST_HALF)
            .scale_to_fit_width(summary.size)
            .move_to(summary.corner, aligned_edge=UP + RIGHT),
            *[
                FadeIn(part, rate_func=SECOND_HALF)
                for part in (summary.count, self.cross_view, *summary.tags)
            ],
            run_time=2.4,
            caption=_(
                "Side by side: every decoder step reaches every source position, and the cost of all the scores."
            ),
        )
        shown = self.shown_cues()
        halfway = (
            shown[1][0] if len(shown) > 1 else (self.time + shown[-1][1]) / 2
        )  # one cue: half its time each
        self.play(
            framed_in_turn([self.cross, VGroup(cost, summary.count)], [halfway, shown[-1][1]], self.time)
        )
        self.show(
            FadeIn(self.note, shift=UP * 0.2),
            run_time=1,
            caption=_(
                "Being able to reach every position does not guarantee useful matching or "
                "perfect recall, and scoring more positions costs more work."
            ),
        )
        self.wait_for_cue(2)  # the cost, as the caption comes to it
        self.show(swelled(VGroup(cost, summary.count)), run_time=1.5)

    def weigh_row(self, i: int) -> list:
        """Animations turning row i's scores into weights: the scores fade out, then the weights and the row's
        sum fade in where they stood (no digit morphs into another) while the cells take their shading."""
        grid = self.cross
        scores = grid.row_numbers(i).copy()
        before = [cell.get_fill_opacity() for cell in grid.row(i)]
        first = not grid.weighted.any()
        grid.show_weights([i])
        after = [cell.get_fill_opacity() for cell in grid.row(i)]
        for cell, opacity in zip(grid.row(i), before):
            cell.set_fill(opacity=opacity)
        self.add(scores)
        weights = VGroup(*grid.row_numbers(i), grid.sums[i], *([grid.sum_header] if first else []))
        return [
            FadeOut(scores, rate_func=FIRST_HALF),
            FadeIn(weights, rate_func=SECOND_HALF),
            *[cell.animate.set_fill(opacity=opacity) for cell, opacity in zip(grid.row(i), after)],
        ]

    def build(self) -> None:
        """Create every mobject and lay out every picture (without playing anything)."""
        self.example = self.inputs()
        ex = self.example
        self.heading = c.chapter_title(
            _(self.title), _("Every decoder step can look at every source position")
        )
        self.cross = roomy_sums(
            AttentionGrid(
                ex.cross(),
                rows=ex.target_tokens,
                cols=ex.source_tokens,
                size=min(CROSS_SIZE, CROSS_PITCH * max(len(ex.target_tokens), len(ex.source_tokens))),
                row_color=theme().query,
                label_width=np.inf,
                sum_word=_("sum"),
            )
        )
        axes = (_("encoder keys: source positions"), _("decoder queries"))
        excess = VGroup(self.cross, self.grid_axes(self.cross, *axes)).width - CROSS_ROOM
        if excess > 0:  # the names take the room the side panel leaves (never below three letters)
            self.cross.cut_row_labels(self.cross.row_labels.width - excess)
        self.cross.move_to(GRID_CENTER)
        self.cross_axes = self.grid_axes(self.cross, *axes)
        self.cross_view = VGroup(self.cross, self.cross_axes)
        self.cross_view.shift(
            RIGHT * max(0.0, STAGE.body_left - self.cross_view.get_left()[0])
        )  # a wide grid starts on the body grid
        # a tall one (names over its columns on two rows) lower, its caption under the subtitle (issue 29)
        self.cross_view.shift(DOWN * max(0.0, self.cross_view.get_top()[1] - self.ceiling()))
        trace = self.cross.trace
        score = formula_word(_("score"), "score")
        formula = rf"\text{{{score}}}", rf"= \frac{{q_i \cdot k_j}}{{\sqrt{{{trace.keys.shape[1]}}}}}"
        self.side = self.side_panel(formula, score_note(trace))
        self.formula_note = self.side[1]
        weight = r"w_{ij}", rf"= \text{{softmax}}_j(\text{{{score}}}_{{ij}})"
        self.weight_side = self.side_panel(weight, _(WEIGHT_NOTE), at=self.side)
        self.build_worked()
        self.self_grid = roomy_sums(
            padded(AttentionGrid, SELF_PAD)(
                ex.self_attention(),
                rows=ex.source_tokens,
                cols=ex.source_tokens,
                size=min(SELF_SIZE, SELF_PITCH * len(ex.source_tokens)),
                sum_word=_("sum"),
            ).show_weights()
        )
        self.self_axes = self.grid_axes(self.self_grid, _("keys"), _("queries"))
        self.square = VGroup(self.self_grid, self.self_axes)
        weighed = VGroup(self.cross.copy().show_weights(), self.cross_axes.copy())  # as it stands by then
        self.pair = self.lay_out_pair(weighed)
        self.build_cost()
        self.note = c.text(_(CAVEAT), role="small", color=theme().muted).set_y(CAVEAT_BOTTOM, DOWN)
        self.note.set_x(STAGE.body_left, LEFT)  # on the body grid, as the notes over it (review V7: centred)
        self.summary = self.lay_out_summary(weighed)
        facts = {"square_beside": bool(self.pair.beside), "caveat_under": self.summary.caveat_under}
        self.layout_facts = facts  # for drawn.py

    def side_panel(self, formula: tuple[str, str], words: str, at: VGroup | None = None) -> VGroup:
        """`formula` (its two parts, `broken` to fit) and `words` (what it means, `notes`) under it, right of the cross
        grid (or with its top left corner at `at`'s); beside a wide grid the note's lines are shortened until the
        panel ends left of SIDE_RIGHT."""
        clear_of = self.cross_view.get_right()[0] + SIDE_GAP

        def panel(note) -> VGroup:
            side = (
                VGroup(broken(*formula, room, role="body"), note)
                .arrange(DOWN, buff=0.35)
                .move_to(SIDE_CENTER)
            )
            if at is not None:
                return side.align_to(at, UP + LEFT)
            return side.shift(RIGHT * max(0.0, clear_of - side.get_left()[0]))

        room = min(SIDE_RIGHT - clear_of, 2 * (SIDE_RIGHT - SIDE_CENTER[0]))  # centred or pushed right
        if at is not None:
            room = SIDE_RIGHT - at.get_left()[0]
        return fit.first_that_fits(
            map(panel, notes(words, room)), lambda side: side.get_right()[0] <= SIDE_RIGHT
        )

    def build_worked(self) -> None:
        """One cell's score worked out: its query, its key, their dot product and the division, under the
        side panel; a tall one covers the note (`covered`), is raised, and loses a line if it must."""
        trace = self.cross.trace
        i, j = self.focus = focus_cell(trace)
        d = trace.keys.shape[1]
        dot, score = trace.dots[i, j], trace.scores[i, j]
        room = SIDE_RIGHT - self.side.get_left()[0]
        lines = [
            self.named(vector_lines("q", trace.queries[i], theme().query, room), i, 0, room),
            self.named(vector_lines("k", trace.keys[j], theme().key, room), j, 1, room),
            c.math(rf"q \cdot k {relation(dot, SCORE_PLACES)} {fmt(dot, SCORE_PLACES)}"),
            broken(*division_parts(dot, rf"\sqrt{{{d}}}", score), room),
        ]
        self.worked = VGroup(*lines).arrange(DOWN, aligned_edge=LEFT, buff=0.25)
        self.worked.next_to(self.side, DOWN, buff=0.4).align_to(self.side, LEFT)
        self.covered = []  # what the worked score stands on while it is shown
        if self.worked.get_bottom()[1] < WORKED_FLOOR:  # a tall example: in the note's place
            self.covered = [self.formula_note]
            self.worked.next_to(self.side[0], DOWN, buff=0.35).align_to(self.side, LEFT)
        lift = min(WORKED_FLOOR - self.worked.get_bottom()[1], self.ceiling() - self.side.get_top()[1])
        VGroup(self.side, self.worked).shift(UP * max(0.0, lift))  # taller still: up, as far as the subtitle
        if self.worked.get_bottom()[1] < WORKED_FLOOR:  # still too tall: one line fewer
            if lines[2].width + 0.5 + lines[3].width <= room:
                lines[3].next_to(lines[2], RIGHT, buff=0.5)
            else:  # the dot product only as the division's numerator
                self.worked.remove(lines[2])
                lines[3].next_to(lines[1], DOWN, buff=0.25).align_to(lines[0], LEFT)
        cell = self.cross.row(i)[j]
        self.spot = spotlight(self.cross_view, cell, self.cross.row_labels[i], self.cross.col_labels[j])
        self.cell_box = SurroundingRectangle(cell, color=theme().text, buff=0.03)

    def named(self, vector, k: int, axis: int, room: float) -> VGroup:
        """`vector` followed by the name of the grid's row k (axis 0) or column k (axis 1), in its colour, if
        that fits in `room` (the name is lit on the grid meanwhile anyway)."""
        label = (self.cross.row_labels, self.cross.col_labels)[axis][k]
        name = c.text(f"({label.text})", role="label", color=label.get_color())
        line = VGroup(vector, name).arrange(RIGHT, buff=0.2)
        return line if line.width <= room else VGroup(vector)

    def lay_out_pair(self, cross: VGroup) -> Pair:
        """The self-attention square on the right with the cross-attention grid (`cross`: a copy as it stands
        by then) beside it on the left, if both fit; else the square alone on the left. Under each, its label,
        if it stays above the caption band."""
        beside = cross.width + PAIR_GAP + self.square.width <= SIDE_RIGHT - STAGE.body_left
        labels = [
            axis_caption(_("self-attention: queries, keys and\nvalues all from one sequence"), theme().muted)
        ]
        edge, side = (SIDE_RIGHT, RIGHT) if beside else (STAGE.body_left, LEFT)
        self.square.set_y(self.slot_y(self.square, labels[0])).align_to([edge, 0, 0], side)
        cross_y = None
        if beside:
            labels.append(
                axis_caption(_("cross-attention: decoder queries,\nencoder keys and values"), theme().muted)
            )
            cross_y = self.slot_y(cross, labels[1])
            cross = cross.copy().set_y(cross_y).align_to([STAGE.body_left, 0, 0], LEFT)
        for label, grid in zip(labels, (self.square, cross)):
            label.next_to(grid, DOWN, buff=LABEL_BUFF)
            label.shift(LEFT * max(0.0, label.get_right()[0] - SIDE_RIGHT))  # wider than a grid on the right
            label.shift(
                RIGHT * max(0.0, STAGE.body_left - label.get_left()[0])
            )  # ... or on the left: on the grid
        shown = VGroup(
            *[label for label in labels if label.get_bottom()[1] >= STAGE.bottom]
        )  # a tall grid: none
        return Pair(beside, cross_y, shown)

    def build_cost(self) -> None:
        """Self-attention over ever longer sources at one cell size, so the work grows as area. A cell is a score
        q·k/√d, neither a query nor a key: in the scaled scores' colour, as ShrinkScores and WhereItBreaks draw
        them (issue 30: the cells were in the keys' colour)."""
        n = len(self.example.source_tokens)
        pitch = COST_SIZE / (n * GROWTH[-1])
        self.grown = []
        for k in GROWTH:
            grid = AttentionGrid(self.example.self_attention(n * k), size=pitch * n * k, numbers=False)
            grid.cells.set_fill(scaled_color(), opacity=COST_FILL)
            self.grown.append(grid.move_to(COST_CORNER, aligned_edge=UL))
        first = self.grown[0]
        self.sentence = SurroundingRectangle(first.cells, color=theme().text, buff=0.03).set_z_index(1)
        marker = Square(0.28, color=theme().text, stroke_width=3)
        # the legend's two lines in one face, as c.legend sets them: the first puts words beside numbers
        sentence = filled(_("the sentence: %(rows)s × %(columns)s scores"), {"rows": n, "columns": n})
        self.sentence_key = VGroup(VGroup(marker, one_face(sentence)).arrange(RIGHT, buff=0.15))
        cell = Square(0.28, stroke_width=0, fill_color=scaled_color(), fill_opacity=COST_FILL)
        each = one_face(filled(_("one score each"), {}))
        self.cell_key = VGroup(VGroup(cell, each).arrange(RIGHT, buff=0.15))
        keys = VGroup(self.sentence_key, self.cell_key).arrange(DOWN, aligned_edge=LEFT, buff=0.2)
        keys.next_to(COUNT_AT, DOWN, buff=0.9).align_to(COUNT_AT, LEFT)
        self.counts = [ScoreCount(g.trace).move_to(COUNT_AT, aligned_edge=LEFT) for g in self.grown]
        sizes = [g.trace.shape[0] for g in self.grown]
        self.additions = [g.beyond(n, n) for g, n in zip(self.grown[1:], sizes)]  # what each growth adds
        self.shells = [shells(g, n) for g, n in zip(self.grown[1:], sizes)]  # ... ring by ring
        traces = [g.trace for g in self.grown]
        self.history = VGroup(
            *[count_line(g.trace, before) for g, before in zip(self.grown, [None, *traces])]
        )
        self.history.arrange(DOWN, aligned_edge=LEFT, buff=0.12).next_to(keys, DOWN, buff=0.5)
        self.history.align_to(keys, LEFT)
        step = max(line.height for line in self.history) + 0.12  # baselines evenly apart: '(×4)' hangs lower
        for k, line in enumerate(self.history):
            line.shift(UP * (self.history[0][0].get_bottom()[1] - k * step - line[0].get_bottom()[1]))
        growths = [line[-1] for line in self.history[1:]]  # each '(×4)' in one column (review J9: ragged)
        column = max(growth.get_left()[0] for growth in growths)
        for growth in growths:
            growth.set_x(column, LEFT)

    def lay_out_summary(self, cross: VGroup) -> Summary:
        """The closing picture: the cross-attention grid (`cross`: a copy as it stands by then) on the left
        under the subtitle, its tag under it if that clears the caveat; the cost grid small in the top right
        corner, the last count under it (on two lines beside a wide grid); the caveat under everything, or where
        the grid leaves it no room there, on lines right of the grid (it replaces `note`), under the count and a
        cost grid smaller if it must be."""
        cross = cross.copy().set_y(SLOT_Y + 0.5).align_to([STAGE.body_left, 0, 0], LEFT)
        cross.shift(DOWN * max(0.0, cross.get_top()[1] - self.ceiling()))
        tag = axis_caption(_("each decoder step: its own row of weights"), theme().muted).next_to(
            cross, DOWN, buff=0.3
        )
        tag.set_x(STAGE.body_left, LEFT)
        corner = np.array([SIDE_RIGHT, self.ceiling(), 0])
        room = SIDE_RIGHT - cross.get_right()[0] - SIDE_GAP
        count = self.counts[-1].copy()
        if count.width > room:  # beside a wide grid: on two lines, the scores on the second
            last = count.submobjects.index(count.numbers[-1])
            VGroup(VGroup(*count[:last]), VGroup(*count[last:])).arrange(DOWN, aligned_edge=RIGHT, buff=0.15)
        size = SUMMARY_SIZE
        beside = bool(cross.get_bottom()[1] < self.note.get_top()[1] + CAVEAT_CLEAR)
        if beside:  # a tall grid: the caveat beside it
            self.note = caveat_within(room).set_y(CAVEAT_BOTTOM, DOWN).set_x(SIDE_RIGHT, RIGHT)
            size = min(size, corner[1] - self.note.get_top()[1] - 2 * COUNT_BUFF - count.height)
        cost = VGroup(self.grown[0].cells, *self.additions).copy()
        cost.scale_to_fit_width(size).move_to(corner, aligned_edge=UP + RIGHT)
        count.next_to(cost, DOWN, buff=COUNT_BUFF).set_x(SIDE_RIGHT, RIGHT)
        clear = fit.apart(tag, self.note, CAVEAT_CLEAR) and tag.get_bottom()[1] > STAGE.bottom
        tags = [tag] if clear else []  # a tall grid: no room for the tag
        return Summary(cross, corner, size, count, tags, not beside)

    def grid_axes(self, grid: AttentionGrid, top: str, side: str) -> VGroup:
        """Role captions: keys along the top, over the columns' names and the sums' header (German corpus-05: a
        caption wider than the columns lay on 'Summe'), queries down the left side."""
        above = axis_caption(top, theme().key).next_to(
            VGroup(grid.col_labels, grid.sum_header), UP, buff=0.25
        )
        above.set_x(grid.col_labels.get_x())
        left = axis_caption(side, theme().query).rotate(np.pi / 2).next_to(grid.row_labels, LEFT, buff=0.25)
        return VGroup(above, left)

    def slot_y(self, grid: VGroup, label) -> float:
        """Where `grid` is centred, `label` under it: at SLOT_Y, raised (no higher than the ceiling) to keep
        the label above the captions; a grid taller than SLOT_Y leaves room for lowered until it stands under the
        ceiling (German corpus-05: the cross grid's caption lay on the subtitle)."""
        bottom = SLOT_Y - grid.height / 2 - LABEL_BUFF - label.height
        room = self.ceiling() - (SLOT_Y + grid.height / 2)
        return min(SLOT_Y + max(0.0, min(STAGE.bottom - bottom, room)), self.ceiling() - grid.height / 2)

    def ceiling(self) -> float:
        """The highest a grid or the side panel may reach: UNDER_TITLE below the subtitle."""
        return self.heading.get_bottom()[1] - UNDER_TITLE


@dataclass
class Pair:
    """The self-attention picture: whether the cross-attention grid stays beside the square (centred at
    `cross_y`) or leaves, and the grids' labels that fit."""

    beside: bool
    cross_y: float | None
    labels: VGroup


@dataclass
class Summary:
    """The closing picture: the cross-attention grid where it comes back (a copy in place), the corner the
    cost grid shrinks into and its side there, the last count as it ends there, and the tags that fit."""

    cross: VGroup
    corner: np.ndarray
    size: float
    count: VGroup
    tags: list
    caveat_under: bool  # the caveat under everything, not right of a tall grid


def broken(head: str, tail: str, room: float, role: str = "number"):
    """The formula `head tail` on one line, or, wider than `room`, `tail` (from its relation on) under `head`,
    indented as far as `room` lets it: beside a grid as wide as the stage allows, German's 'Score' or a full-range
    number ran off the stage (corpus-17, -19, -23)."""
    whole = c.math(head, tail, role=role)
    if whole.width <= room:
        return whole
    first, second = c.math(head, role=role), c.math(tail, role=role)
    second.next_to(first, DOWN, buff=BREAK_BUFF).align_to(first, LEFT)
    return VGroup(first, second.shift(RIGHT * max(0.0, min(INDENT, room - second.width))))


def roomy_sums(grid: AttentionGrid) -> AttentionGrid:
    """`grid` with its row sums and their header SUM_ROOM further right: '≈1.000' stood 2-6 px from the last
    cell and from the frame round its row (review V7), and a pulse grows it towards them. Each sum's sign is
    spaced as TeX spaces a relation (review J9: the ≈ stood 6 px from its 1 at 1080p), its header over its number."""
    for total in grid.sums:
        total.spaced(RELATION_GAP)
    grid.sum_header.align_to(grid.sums[0].number, RIGHT)
    VGroup(grid.sums, grid.sum_header).shift(RIGHT * SUM_ROOM)
    return grid


def axis_caption(content: str, color: str) -> VGroup:
    return c.text(content, role="small", color=color)


def caveat_within(width: float):
    """The caveat on as few lines as keep it `width` wide (issue 29: under a tall grid it lay over the grid's
    last row; beside it, it takes the lines the side panels' notes do)."""
    return fit.first_that_fits(notes(_(CAVEAT), width), lambda note: note.width <= width)


def notes(words: str, width: float) -> Iterator[Text]:
    """`words` small and muted, in lines of each of NOTE_CHARS characters in turn, then wrapped to `width`
    (where glyphs are wider than the characters count: Chinese)."""
    for chars in NOTE_CHARS:
        yield c.paragraph(words, chars, role="small", color=theme().muted)
    yield fit.wrap_within(words, width, role="small", color=theme().muted)


def score_note(trace) -> str:
    """What a score is, under the formula."""
    return _(
        "one score for each decoder query q and encoder key k; √%(width)s = %(root)s",
        width=trace.keys.shape[1],
        root=said(fmt(trace.divisor, SCORE_PLACES)),
    )


def count_line(trace, before) -> VGroup:
    """'8 positions: 64 scores (×4)' against the size `before` (none for the first), for the list of
    sizes seen so far, in one face (`one_face`)."""
    values = {"positions": trace.shape[0], "scores": trace.weights.size}
    pieces = filled(_("%(positions)s positions: %(scores)s scores"), values)
    if before is not None:
        growth = fmt(trace.weights.size / before.weights.size, 1)
        pieces.append(Piece(rf"\quad(\times {growth})", f"  (×{growth})", theme().text))
    return one_face(pieces, role="small")


def whole(n: int) -> str:
    """A count as the active language writes it: '1,024', German '1.024'."""
    return format_decimal(n, locale=i18n.language())


class Piece(NamedTuple):
    """A run of a line set in one face: as LaTeX sets it, as printed (a number's: `ScoreCount.shown`), in its colour."""

    tex: str
    text: str
    colour: str


PLACEHOLDER = re.compile(r"%\((\w+)\)s")
SIGNS = {"×": r"\times", "=": "="}  # the signs among a line's words, as LaTeX sets them


def filled(template: str, values: dict, colours: dict | None = None) -> list[Piece]:
    """`template` (translated: '%(queries)s queries × %(keys)s keys = %(scores)s scores') as pieces, its runs of
    words muted and each placeholder the whole number `values` has for it, in its colour in `colours`."""
    colours = colours or {}
    pieces = []
    for k, run in enumerate(PLACEHOLDER.split(template)):
        if k % 2:  # a placeholder's name
            printed = whole(values[run])  # '1,024', German '1.024': braced in LaTeX, never a decimal sign
            pieces.append(Piece(re.sub(r"(\D)", r"{\1}", printed), printed, colours.get(run, theme().muted)))
        elif run:
            pieces.append(Piece(words_tex(run), run, theme().muted))
    return pieces


def words_tex(words: str) -> str:
    r"""' queries × ' as LaTeX sets it: the words in \text (their spaces kept), the signs in math."""
    runs = re.split(r"\s*([×=])\s*", words)
    return " ".join(SIGNS[run] if k % 2 else rf"\text{{{run}}}" for k, run in enumerate(runs) if run)


def one_face(pieces: list[Piece], role: str = "label") -> VGroup:
    r"""A line of the code's words beside numbers in one face (docs/themes-and-type.md), each piece a part of its
    own: typeset whole by LaTeX, the words as \text (Chinese ones in the CJK face: `numbers.CJK_TEX`)."""
    parts = list(c.math(*[p.tex for p in pieces], role=role))
    for part, piece in zip(parts, pieces):
        part.set_color(piece.colour).role = role
    return VGroup(*parts)


def vector_lines(name: str, values, color: str, room: float):
    """'q = [..]' as typed, on one line if it fits in `room`, else broken after commas into as few lines as
    fit (each line after the first starts under the first entry)."""
    line = c.math(rf"{name} = {vector_math(values, None)}", color=color)
    if line.width <= room or len(values) < 2:
        return line
    entries = vector_math(values, None)[1:-1].split(GAP)
    pieces = [entry + ("," if i < len(entries) - 1 else "]") for i, entry in enumerate(entries)]
    head = rf"{name} = ["
    probe = c.math(head, pieces[0], *[SPACE + p for p in pieces[1:]], color=color)  # each piece on one line
    indent = probe[1].get_left()[0] - probe[0].get_left()[0]
    starts, left = [0], probe[0].get_left()[0]
    for i in range(1, len(pieces)):
        if probe[1 + i].get_right()[0] - left > room:
            starts.append(i)
            left = probe[1 + i].get_left()[0] - indent
    bounds = zip(starts, [*starts[1:], len(pieces)])
    lines = [c.math((head if a == 0 else "") + SPACE.join(pieces[a:b]), color=color) for a, b in bounds]
    for before, after in zip(lines, lines[1:]):
        after.next_to(before, DOWN, buff=0.15).align_to(lines[0], LEFT).shift(RIGHT * indent)
    return VGroup(*lines)


def focus_cell(trace) -> tuple[int, int]:
    """The cell singled out to show what a score is: the second decoder step (if any) against the key
    it scores highest."""
    i = min(1, trace.shape[0] - 1)
    return i, int(np.argmax(trace.scores[i]))


def spotlight(around, *holes) -> Cutout:
    """A veil over `around` with windows left clear over `holes`."""
    sheet = Rectangle(width=around.width + 0.3, height=around.height + 0.3).move_to(around)
    windows = [Rectangle(width=h.width + 0.08, height=h.height + 0.08).move_to(h) for h in holes]
    return Cutout(sheet, *windows, stroke_width=0, fill_color=theme().background, fill_opacity=VEIL)


def shells(grid: AttentionGrid, n: int) -> list[VGroup]:
    """The cells of `grid` outside its top-left n x n corner, ring by ring outwards (ring k: the cells whose
    row or column is k, the other no greater)."""
    m = grid.trace.shape[1]
    rings: dict[int, list] = {}
    for k, cell in enumerate(grid.cells):
        ring = max(k // m, k % m)
        if ring >= n:
            rings.setdefault(ring, []).append(cell)
    return [VGroup(*rings[k]) for k in sorted(rings)]


def grow(rings: list[VGroup]) -> AnimationGroup:
    """The rings fade in one after another from the corner outwards, so the grid is seen to grow (all at
    once, the new cells would pass through a dim sheet over the whole new area)."""
    return LaggedStart(*[FadeIn(ring) for ring in rings], lag_ratio=0.35)


class ScoreCount(VGroup):
    """'4 queries × 4 keys = 16 scores' in one face (`one_face`: LaTeX's, as the list of sizes under it and its
    legend), each number and each run of words a part of its own: the numbers leave and
    come in by themselves as the count rolls (issue 30: it was set in the words' face beside LaTeX numbers)."""

    def __init__(self, trace):
        super().__init__()
        values = {"queries": trace.shape[0], "keys": trace.shape[1], "scores": trace.weights.size}
        colours = {"queries": theme().query, "keys": theme().key, "scores": theme().text}
        pieces = filled(_("%(queries)s queries × %(keys)s keys = %(scores)s scores"), values, colours)
        self.add(*one_face(pieces))
        numbered = [(piece, part) for piece, part in zip(pieces, self) if piece.text[0].isdigit()]
        self.printed = [piece.text for piece, _part in numbered]
        self.numbers = [part for _piece, part in numbered]

    def shown(self) -> tuple[int, int, int]:
        """The numbers as printed (their digits: '1,024', German '1.024')."""
        return tuple(int(re.sub(r"\D", "", printed)) for printed in self.printed)


def lift_of(count: ScoreCount) -> float:
    """How far a number rises as the count rolls: a line and a little, so the old and the new never touch."""
    return count.height * 1.2


def window(count: ScoreCount, new: ScoreCount) -> VGroup:
    """Shutters in the background colour over and under the count's line where its numbers roll (`roll`): a
    number is seen only in its line, going or coming, as an odometer's; seen whole above and below the line, the
    old and the new read as fractions (issue 30: '4 over 8 queries')."""
    top = max(count.get_top()[1], new.get_top()[1])
    bottom = min(count.get_bottom()[1], new.get_bottom()[1])
    height = lift_of(count) + SHUTTER_MARGIN
    shutters = VGroup()
    for old, fresh in zip(count.numbers, new.numbers):  # each goes from the one's centre to the other's
        reach = max(old.width, fresh.width) / 2 + SHUTTER_MARGIN
        left, right = min(old.get_x(), fresh.get_x()) - reach, max(old.get_x(), fresh.get_x()) + reach
        for edge, side in ((top, DOWN), (bottom, UP)):
            shutter = Rectangle(width=right - left, height=height, stroke_width=0)
            shutter.set_fill(theme().background, opacity=1)
            shutters.add(shutter.move_to([(left + right) / 2, edge, 0], aligned_edge=side))
    return shutters.set_z_index(1)


def swelled(part, factor: float = 1.05) -> Transform:
    """`pulsed`, growing left and down from the top right corner: the cost grid and its count end at SIDE_RIGHT, and
    grown about their middle the count reached past the title-safe edge (review V4: 26 px from the frame's)."""
    grown = part.copy().scale(factor, about_edge=UR).set_color(theme().text)
    return Transform(part, grown, rate_func=there_and_back)


def roll(count: ScoreCount, new: ScoreCount) -> AnimationGroup:
    """`count` becomes `new` as an odometer turns, all at once: the words slide to their new places while each
    old number rises out of its slot and the new one rises in from below, a line apart (never overprinting),
    so that some number always stands in every slot (review V4: in turns, single frames read 'queries × keys =
    scores' with no numbers); seen through a `window`."""
    lift = UP * lift_of(count)
    moves = []
    for old, fresh in zip(count.submobjects, new.submobjects):
        if any(old is number for number in count.numbers):
            way = fresh.get_center() - old.get_center() + lift  # with its slot, and up a line
            moves += [FadeOut(old, shift=way), FadeIn(fresh, shift=way)]
        else:
            moves.append(ReplacementTransform(old, fresh))
    return AnimationGroup(*moves)
