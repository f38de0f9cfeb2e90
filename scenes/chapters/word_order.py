"""Beyond the sources: word order. Attention alone sees a set of words; position is put back two ways.

Chapter 3's query over its words in another order (the last word first): each weight moves with its word and
the output stays. The causal sentence without its mask, as a grid of weights whose rows and columns move with
their words when they are reordered: each word keeps its weights and its output. Then sinusoidal
encodings (a table at width 4, stripes for many positions and widths, added to the lecture's embeddings) and
rotary position: q and k turned by their positions, a score that depends only on the offset. The numbers are
`attention.positions`'.
"""

from __future__ import annotations

import functools
from collections import Counter

import numpy as np
from manim import (
    DL,
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    AnimationGroup,
    Arc,
    FadeIn,
    FadeOut,
    LaggedStart,
    Rectangle,
    Restore,
    Rotate,
    Succession,
    SurroundingRectangle,
    VGroup,
    linear,
    smooth,
    squish_rate_func,
    there_and_back,
)

from attention import examples
from attention.positions import (
    PE_WIDTH,
    ROPE_KEY,
    ROPE_QUERY,
    ROPE_STEP,
    STRIPES,
    rotary_table,
    shuffle_query,
    shuffle_sentence,
    sinusoidal,
    with_positions,
)
from attention.projections import DEFAULT_PROJECTIONS
from i18n import _, ngettext
from i18n.words import count, quoted, said, said_point, said_vector
from scenes.chapters.registry import find
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    fmt,
    fmt_column,
    fmt_input,
    vector_tex,
)
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import WeightBars
from scenes.kit.chapter import CLEAR_SECONDS, ChapterScene
from scenes.kit.emphasis import FRAME_CORNER, FRAME_REACH, FRAME_STROKE, framed, up_hold_down
from scenes.kit.formula_slot import formula_slot, formula_word, pin
from scenes.kit.grids import AttentionGrid
from scenes.kit.matrices import NamedMatrix
from scenes.kit.palette import DIM, neutral, theme, token_colors, word_colors
from scenes.kit.planes import plane, plane_arrow
from scenes.kit.stage import STAGE

UNDER_STRIP = 0.45  # from the formula strip (or the line in its place) to the picture
UNDER_FORMULA = 0.2  # from a formula taller than the strip to the picture
BAR_HEIGHT = 3.0  # a weight of 1, as first built (then as tall as the stage lets it)
BARS_DROP = 0.9  # from the query to the top of the tallest bar
BARS_FOOT = 0.1  # from the stage's bottom up to the bars' names
BARS_WIDTH = 8.0  # the bars' row, shared by the words
GRID_SIZE = 3.6  # the sentence's weight grid's longer side, at least (cells holding numbers may need more)
HEADER_GAP = 0.3  # between two column names of the sentence's grid, each over its own column
FOOT_CLEAR = 0.05  # a grown picture ends this far above the stage's foot: a cell's stroke drew into the band
GROWTH = 1.6  # the most the sentence's grid and a picture of the poster grow to take the stage
OUTPUT_GAP = 0.6  # from the grid's last column to its rows' outputs
STRIPES_GAP = 0.6  # from the table to the stripes beside it, which take the rest of the stage
AXIS_GAP = 0.2  # from the stripes to their axes' names: a column's frame 4 px clear of them at 480p (was 3)
KEY_GAP = 0.12  # from a key's swatch to its number, and between its entries
KEY_SWATCH = 0.25
MATRIX_GAP = 0.35  # between a matrix and the sign beside it
SUM_GAP = 0.2  # from PE down to the sum under it
ROPE_RANGE = 2.5  # the plane runs from -ROPE_RANGE to ROPE_RANGE on both axes (as tall as the stage)
TABLE_GAP = 0.8  # between the plane and the table of scores, at the least
TABLE_SCALE = 1.25  # the table of scores beside a plane as tall as the stage (or less: the plane's height)
POSTER_HEIGHT = 4.2  # each picture of the poster: the reordered grid, the stripes, the last turn
POSTER_GAP = 0.5  # between the poster's pictures, at the least
SHRINK_TRIES = 6  # the poster's shaded grid made smaller this many times at most to fit its height
LEAST_STRIPES = 2.5  # the poster's stripes at least this wide: a grid that would leave less goes unnumbered
LINE_GAP = 0.3  # from a poster picture to its line
TIP_GAP = 0.3  # from an arrow's tip to its name
ARC_RADIUS = 0.6  # the arc of the turn between q and k
SUMMARY_SECONDS = 3.0  # the summary's move: the table out, the plane to its place, the poster's pictures in
PLANE_MOVE = (0.05, 0.65)  # when the plane moves, in fractions of SUMMARY_SECONDS
FADE = 0.35  # a fade's share of SUMMARY_SECONDS in the summary
IN_VIEW = 0.5  # the share of a picture's fade onto an empty stage played before its caption starts: half in
RIM_STROKE = 11  # a stripes column's frame: its line between rims of the background's colour
TURN = "\x1f"  # where the offsets' sentence turns from how far apart to where they stand (unseen)


class WordOrder(ChapterScene):
    """Reordered words change nothing but the order; sinusoidal and rotary encodings put position back."""

    def inputs(self):
        return examples.current().blend, examples.current().causal

    def construct(self):
        self.build()
        self.another_order()
        self.a_set()
        self.stripes()
        self.rotary()
        self.summary()

    # the beats

    def another_order(self) -> None:
        self.beat("Words in another order")
        sq = self.query_shuffle
        # the query with the heading: the body was empty for 1.4 s (review V8b)
        self.play(FadeIn(self.heading), FadeIn(self.strip.dimmed()), FadeIn(self.query_line), run_time=1)
        caption = _(
            "Chapter %(number)s's query: a weight per word, and the output.",
            number=find("ScoreEveryWord").number,
        )
        self.show(
            FadeIn(self.bars),
            FadeIn(self.output_line),
            self.strip.light("blend"),
            run_time=1.2,
            caption=caption,
        )
        self.play(  # the weights, then the output, as the caption names them (review V8b: a 3.1 s still)
            Succession(framed(self.bars), framed(self.output_line, theme().output)),
            run_time=max(2.0, self.caption_time(caption) - 1.2),
        )
        self.reorder(
            self.bar_columns, 0, sq, _("Reorder the words: %(words)s.", words=_(", ").join(sq.order))
        )
        self.show(
            LaggedStart(*[framed(column) for column in self.bar_columns], lag_ratio=0.5),
            run_time=2,
            caption=_("Each weight moves with its word;"),
        )
        stays = _("the output stays %(output)s.", output=said_vector(self.output_printed))
        self.show(  # frames, not pulses: a scaled vector would run into its "="; the line, then the vector it says
            Succession(framed(self.output_line, theme().output), framed(self.output_line[1], theme().output)),
            run_time=max(2.0, self.caption_time(stays)),
            caption=stays,
        )

    def a_set(self) -> None:
        self.turn_to("A set, not a sentence", self.query_line, self.bars, self.output_line)
        ss = self.sentence_shuffle
        caption = _(
            "Every word of %(sentence)s attends to every word: a row of weights, its output.",
            sentence=quoted(" ".join(ss.tokens)),
        )
        left = self.bring_in(
            self.strip.light(),
            FadeIn(self.sentence_grid),
            LaggedStart(*[FadeIn(out) for out in self.sentence_outputs], lag_ratio=0.2),
            run_time=1.4,
            caption=caption,
        )
        grid = self.sentence_grid
        self.play(  # the first row's weights, then its output, as the caption names them (review V5: a 3.6 s still)
            Succession(framed(VGroup(*grid.row(0))), framed(self.sentence_outputs[0], theme().output)),
            run_time=max(2.0, left),
        )
        reordered = _(
            "Reordered, %(sentence)s: each word's row moves with it,", sentence=quoted(" ".join(ss.order))
        )
        self.reorder(self.sentence_rows, 1, ss, reordered)
        self.reorder(
            self.sentence_columns,
            0,
            ss,
            _("and its column too: each word keeps its weights and its output."),
            self.column_rises,
        )
        self.play(LaggedStart(*[framed(out, theme().output) for out in self.sentence_outputs], lag_ratio=0.5))
        self.say(_("Attention alone sees a set, not an order."), hold=0.5)

    def stripes(self) -> None:
        self.turn_to("Positions as stripes", self.strip, self.sentence_grid, self.sentence_outputs)
        left = self.bring_in(
            FadeIn(self.pe_formula),
            FadeIn(self.pe_table),
            run_time=1.2,
            caption=_("Sinusoidal position: add to each x a row of sines and cosines of its position p."),
        )
        # while the caption is read: the rows it speaks of, framed wider than the table (review V8b: 3 px from "p")
        margin = Rectangle(width=self.pe_table.width + 0.16, height=self.pe_table.height, stroke_opacity=0)
        self.play(framed(VGroup(self.pe_table, margin.move_to(self.pe_table))), run_time=max(2.0, left))
        patterns = _(
            "For %(positions)s positions at width %(width)s: each position its own pattern.",
            positions=STRIPES[0],
            width=STRIPES[1],
        )
        self.show(FadeIn(self.stripe_picture), run_time=1.2, caption=patterns)
        cells, count = self.stripe_picture[0], STRIPES[0]
        self.play(  # two positions' own patterns, as the caption ends (review V8b: a 3.4 s still)
            Succession(
                *[
                    rimmed(VGroup(*cells[p::count]))  # its column
                    for p in (count // 4, count // 2)
                ]
            ),
            run_time=max(2.0, self.caption_time(patterns) - 1.2),
        )
        self.clear_away(self.pe_table, self.stripe_picture)
        added = _(
            "Added to the embeddings X of chapter %(number)s's words, they mark where each word stands.",
            number=find("Projections").number,
        )
        left = self.bring_in(FadeIn(self.sum_picture), run_time=1.2, caption=added)
        names, (x, *_rest, total), note = self.sum_picture
        self.play(  # X with its words and their source, then the sum, as the caption names them (review V8b: a still)
            Succession(framed(VGroup(names, x)), framed(note), framed(total)),
            run_time=max(2.0, left) + 1,
        )

    def rotary(self) -> None:
        self.turn_to("Rotary positions", self.pe_formula, self.sum_picture)
        step = said(fmt_input(ROPE_STEP))
        self.bring_in(
            FadeIn(self.rope_formula),
            FadeIn(self.rope_plane),
            FadeIn(self.ties),
            FadeIn(self.rope_header),
            run_time=1.2,
            caption=_("Rotary position turns q by m × %(step)s° and k by n × %(step)s°.", step=step),
        )
        self.play(  # while the caption is read: the two arrows it turns
            LaggedStart(
                framed(self.q_arrow, theme().query), framed(self.k_arrow, theme().key), lag_ratio=0.6
            ),
            run_time=2.5,
        )
        self.follow(self.ties, self.tie)
        turned, said_at, reading = (0, 0), 0.0, 0.0
        for k, (score, row, caption) in enumerate(zip(self.rope, self.rope_rows, self.rope_captions())):
            m, n = score.positions
            if caption:
                said_at, reading = self.time, self.caption_time(caption)
            self.show(
                Rotate(self.q_arrow, np.radians((m - turned[0]) * ROPE_STEP), about_point=self.origin),
                Rotate(self.k_arrow, np.radians((n - turned[1]) * ROPE_STEP), about_point=self.origin),
                FadeIn(row),
                run_time=1.2,
                caption=caption,
            )
            turned = (m, n)
            same = [i for i, r in enumerate(self.rope) if r.offset == score.offset]
            # the scores the caption reads, equal ones side by side, while it is read (review V8b: stills of 3-3.9 s)
            if k == same[-1]:
                rest = said_at + reading - self.time
                self.play(*[framed(self.rope_rows[i]) for i in same], run_time=max(1.5, rest))
        self.unfollow(self.ties)
        sentence = _(
            "A score depends on how far apart two words are,%(then)s not where they stand.", then=TURN
        )
        apart_words, rest = sentence.split(TURN)
        self.say(apart_words + rest)
        reading, share = self.caption_time(apart_words + rest), len(apart_words) / len(apart_words + rest)
        positions, offsets, scores = self.rope_columns
        self.play(framed(VGroup(offsets, scores), buff=0.2), run_time=share * reading)  # read: how far apart
        self.play(  # then: not where they stand
            positions.animate(rate_func=there_and_back).set_opacity(DIM), run_time=(1 - share) * reading
        )

    def summary(self) -> None:
        """The table leaves as the last turn moves to its place in the poster, the chapter's other two points
        coming in where it has passed, each with its line (review V5: the plane stood alone for 2 s)."""
        self.turn_to("Summary")
        grid, stripes_, lines = self.poster
        origin, growth = self.origin, self.poster_turn[1]
        at = {name: squish_rate_func(linear, *times) for name, times in self.summary_times().items()}
        self.follow(self.ties, self.tie)
        self.show(
            FadeOut(self.rope_formula, self.rope_table(), rate_func=at["table"]),
            *[
                part.animate(rate_func=squish_rate_func(smooth, *PLANE_MOVE))
                .scale(growth, about_point=origin)
                .shift(self.poster_turn[0] - origin)
                for part in (self.rope_axes, self.q_arrow, self.k_arrow)
            ],
            *[
                FadeIn(VGroup(picture, line), rate_func=at[name])
                for name, picture, line in zip(("grid", "stripes", "turn"), (grid, stripes_, VGroup()), lines)
            ],
            run_time=SUMMARY_SECONDS,
            caption=_("Attention sees a set; position goes into x as stripes, or into q and k as a turn."),
        )
        self.unfollow(self.ties)
        self.wait(1.5)

    # what the beats play

    def rope_table(self) -> VGroup:
        """The rotary beat's table beside the plane: q and k, the positions, offsets and scores."""
        return VGroup(self.rope_names, self.rope_header, *self.rope_rows)

    def plane_box(self, t: float) -> np.ndarray:
        """The rotary plane's box (its lower-left and upper-right corners) at fraction `t` of the summary's move."""
        axes = self.rope_axes
        origin, (turn, growth) = axes.c2p(0, 0), self.poster_turn
        start = np.array([axes.get_corner(DL), axes.get_corner(UR)])
        end = origin + growth * (start - origin) + (turn - origin)
        return start + squish_rate_func(smooth, *PLANE_MOVE)(t) * (end - start)

    def summary_times(self) -> dict[str, tuple[float, float]]:
        """When (fractions of SUMMARY_SECONDS) the table fades out, gone before the moving plane reaches it, and
        each picture of the poster fades in with its line, once the plane has passed its place (the plane's own
        line as it arrives)."""
        times = np.linspace(0, 1, 101)
        table = self.rope_table().get_left()[0]
        gone = max([FADE / 2, *[t for t in times if self.plane_box(t)[1][0] <= table]])
        grid, stripes_, _lines = self.poster

        def passed(picture) -> float:
            start = next((t for t in times if self.plane_box(t)[0][0] >= picture.get_right()[0]), 1)
            return float(min(start, 1 - FADE))

        return {
            "table": (0, float(min(gone, FADE))),
            "grid": (passed(grid), passed(grid) + FADE),
            "stripes": (passed(stripes_), passed(stripes_) + FADE),
            "turn": (1 - FADE, 1),
        }

    def bring_in(self, *animations, caption: str, run_time: float) -> float:
        """Play `animations`, a picture coming onto an empty stage, with `caption` starting once it is half in
        (review F10: three cues started with the fade, a second before their picture could be seen); returns how
        long the caption is still read once they end."""
        offset = IN_VIEW * run_time
        self.show(*animations, caption=caption, run_time=run_time, subcaption_offset=offset)
        return offset + self.caption_time(caption) - run_time

    def clear_away(self, *mobjects) -> None:
        """Fade `mobjects` out once the caption about them has been read (never under its words)."""
        self.wait_for_reader()
        self.play(FadeOut(*mobjects), run_time=CLEAR_SECONDS, rate_func=linear)

    def tie(self) -> None:
        """The names q and k just beyond their arrows' tips, and the arc of the turn from q to k."""
        q_tip, k_tip, arc = self.ties
        angles, radius = [], min(ARC_RADIUS, np.linalg.norm(self.k_arrow.get_end() - self.origin) / 2)
        for label, arrow in ((q_tip, self.q_arrow), (k_tip, self.k_arrow)):
            along = arrow.get_end() - self.origin
            label.move_to(arrow.get_end() + along / np.linalg.norm(along) * TIP_GAP)
            angles.append(np.arctan2(along[1], along[0]))
        between = (angles[1] - angles[0] + np.pi) % (2 * np.pi) - np.pi
        arc.become(
            Arc(radius, angles[0], between, arc_center=self.origin, color=theme().muted, stroke_width=3)
        )

    def rope_captions(self) -> list[str | None]:
        """A caption for the first pair of each offset, saying the score of every pair with that offset (the
        others turn while it is read): equal offsets, equal scores."""
        captions = []
        for k, score in enumerate(self.rope):
            same = [i for i, r in enumerate(self.rope) if r.offset == score.offset]
            value = said(self.rope_printed[k])
            if same[0] != k:
                captions.append(None)
            elif len(same) == 1:
                captions.append(
                    _(
                        "Both at position %(position)s: q · k = %(score)s.",
                        position=score.positions[0],
                        score=value,
                    )
                )
            else:  # equal offsets, equal scores
                places = [said_point(str(p) for p in self.rope[i].positions) for i in same]
                captions.append(apart(score.offset, places, value))
        return captions

    def reorder(self, lines: list[VGroup], axis: int, shuffle, caption: str, rises=None) -> None:
        """Each word's line (a row: `axis` 1, or a column: 0, of bars or of a grid) to its place in `shuffle`'s
        order, under `caption`:
        the others (the last word's, to the front) fade out, the lines that move by the common step slide there
        together, and the others fade in again at their place: no line's numbers cross another's. Parts are
        moved one by one (they are the grid's, on the scene already: a line animated whole would be added). A
        column's name (its first part) rises by its `rises` entry (a grid's names laid out again in the new order,
        `column_rises`), else takes the height of the name it replaces (bars' names stand on one row)."""
        ss, along, across = shuffle, np.eye(3)[axis], np.eye(3)[1 - axis]
        slots = [line.get_center()[axis] for line in lines]
        steps = [slots[ss.order.index(word)] - at for word, at in zip(ss.tokens, slots)]
        names = [line[0].get_bottom()[1] if axis == 0 else 0.0 for line in lines]  # rows' names stay in line
        aside = rises or [names[ss.order.index(word)] - at for word, at in zip(ss.tokens, names)]
        common = Counter(round(step, 6) for step in steps if round(step, 6)).most_common(1)[0][0]
        moves = [
            (part, step, along * step + (across * off if k == 0 else 0))
            for line, step, off in zip(lines, steps, aside)
            for k, part in enumerate(line)
        ]
        slides = [part.animate.shift(by) for part, step, by in moves if round(step, 6) == common]
        jumps = [(part.save_state(), by) for part, step, by in moves if round(step, 6) not in (0, common)]
        self.show(  # out of the way first: the sliding lines pass where they were
            Succession(
                AnimationGroup(*[part.animate.set_opacity(0) for part, _ in jumps]), AnimationGroup(*slides)
            ),
            run_time=1.6,
            caption=caption,
        )
        for part, by in jumps:  # unseen: to its place, as it looked
            part.restore().shift(by).save_state().set_opacity(0)
        self.play(*[Restore(part) for part, _ in jumps], run_time=0.8)

    # building and layout

    def build(self) -> None:
        blend, causal = self.inputs()
        self.heading = c.chapter_title(_(self.title), _("Attention sees a set; position has to be put back"))
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        self.top = self.strip.get_bottom()[1] - UNDER_STRIP
        self.query_shuffle = shuffle_query(blend)
        self.sentence_shuffle = shuffle_sentence(causal)
        self.build_bars(blend)
        self.build_sentence()
        self.build_positions()
        self.build_rotary()
        self.build_poster()

    def build_bars(self, blend) -> None:
        """The query on top, the weights as bars, the tallest as tall as the stage lets it (their names just
        above its bottom; the weights are small beside a bar of 1), the output beside them; centred on the
        stage."""
        sq = self.query_shuffle
        self.query_line = c.math(r"q = " + vector_tex(blend.queries[0], None), color=theme().query)
        self.query_line.set_y(self.top - self.query_line.height / 2)
        spacing = BARS_WIDTH / len(sq.tokens)
        bars = WeightBars(sq.tokens, sq.before.weights, BAR_HEIGHT, spacing=spacing, show_total=False)
        names = bars.baseline.get_y() - bars.labels.get_bottom()[1]  # the names' depth under the baseline
        baseline = STAGE.bottom + BARS_FOOT + names
        room = self.query_line.get_bottom()[1] - BARS_DROP - baseline  # the tallest bar's, and its number's
        height = room / max(sq.before.weights)  # a weight of 1's: the tallest bar takes the room
        self.bars = WeightBars(sq.tokens, sq.before.weights, height, spacing=spacing, show_total=False)
        self.bars.shift(UP * (baseline - self.bars.baseline.get_y())).set_x(STAGE.body_left, LEFT)
        self.bar_columns = [
            VGroup(bar, value, label)
            for bar, value, label in zip(self.bars.bars, self.bars.values, self.bars.labels)
        ]
        self.output_printed = [fmt(v, WEIGHT_PLACES) for v in sq.before.output]
        word = formula_word(_("output"), "output")  # English where TeX cannot set the word
        self.output_line = c.math(
            rf"\text{{{word}}} = ", f"[{', '.join(self.output_printed)}]", color=theme().output
        )
        self.output_line.next_to(self.bars.baseline, RIGHT, buff=OUTPUT_GAP).set_y(
            self.bars.bars.get_center()[1]
        )
        fit.shrink_to(self.output_line, width=-STAGE.body_left - self.output_line.get_left()[0])
        self.query_line.align_to(self.bars, LEFT)
        row = VGroup(self.bars, self.output_line)
        VGroup(self.query_line, row).shift(LEFT * row.get_x())  # the stage's middle

    def build_sentence(self) -> None:
        """The sentence's weight grid (no mask: every word attends to every word), each row's output beside it;
        each word's row (its name, cells, numbers and output) and column (its name, cells and numbers)."""
        ss = self.sentence_shuffle
        header = max(c.text(word, role="label").width for word in ss.tokens) + HEADER_GAP
        for size in (max(GRID_SIZE, len(ss.tokens) * header), GRID_SIZE):  # no name wider than its column
            grid, outputs = self.sentence_picture(size)
            if fits_stage(VGroup(grid, *outputs), self.top):
                break
        names_over_columns(grid, ss.tokens)  # too tall so: the long names cut to their columns
        self.sentence_grid, self.sentence_outputs = grid, VGroup(*outputs)
        n = len(ss.tokens)
        self.sentence_rows = [
            VGroup(grid.row_labels[i], *grid.row(i), *grid.row_numbers(i), outputs[i]) for i in range(n)
        ]
        self.sentence_columns = [
            VGroup(grid.col_labels[j], *grid.cells[j::n], *grid.numbers[j::n]) for j in range(n)
        ]
        rises = column_rises(grid, [ss.order.index(word) for word in ss.tokens])  # laid out at its own size
        picture = VGroup(grid, self.sentence_outputs)
        growth = grown(picture, STAGE.right - STAGE.body_left, self.top - STAGE.bottom - FOOT_CLEAR)
        picture.scale(growth).move_to([(STAGE.body_left + STAGE.right) / 2, self.top, 0], aligned_edge=UP)
        self.column_rises = [rise * growth for rise in rises]

    def sentence_picture(self, size: float) -> tuple[AttentionGrid, list]:
        """The sentence's grid at `size` under the strip at the stage's left, each row's output beside it."""
        ss, t = self.sentence_shuffle, theme()
        grid = AttentionGrid(ss.before, rows=ss.tokens, cols=ss.tokens, size=size).show_weights()
        grid.remove(grid.sums, grid.sum_header)  # every row sums to 1: the outputs take their place
        grid.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        outputs = [c.math(vector_tex(o), color=t.output) for o in ss.before.outputs]
        left = grid.cells.get_right()[0] + OUTPUT_GAP
        scale = min(1.0, (STAGE.right - left) / max(o.width for o in outputs))
        for i, out in enumerate(outputs):
            out.scale(scale).set_x(left, LEFT).set_y(grid.row(i).get_y())
        header = c.text(_("output"), role="label", color=t.output).set_x(left, LEFT)
        grid.add(header.align_to(grid.col_labels, DOWN))
        return grid, outputs

    def build_positions(self) -> None:
        """The sinusoidal formula (at the body size: its exponent 2i/d is a superscript), its table at PE_WIDTH
        beside the stripes, and X + PE, each as large as the stage under the formula lets it (at most GROWTH)."""
        self.pe_formula = c.math(
            r"PE(p, 2i) = \sin\!\left(p / 10000^{2i/d}\right),\quad "
            r"PE(p, 2i{+}1) = \cos\!\left(p / 10000^{2i/d}\right)",
            role="body",
        )
        # from the strip's top down: centred, its tall parentheses rose to 5 px under the subtitle (review 8)
        self.pe_formula.move_to(self.strip, aligned_edge=UL)
        top = min(self.top, self.pe_formula.get_bottom()[1] - UNDER_FORMULA)
        x = DEFAULT_PROJECTIONS.embeddings
        pe = sinusoidal(np.arange(len(x)), PE_WIDTH)
        named = token_colors(
            examples.current(), theme()
        )  # every table's names: "a" as Projections colours it
        colours = word_colors(DEFAULT_PROJECTIONS.tokens, named)
        source = _("Words and X from chapter %(number)s", number=find("Projections").number)
        self.sum_picture = positioned(colours, x, pe, with_positions(x), source)
        growth = grown(self.sum_picture, -2 * STAGE.body_left, top - STAGE.bottom - FOOT_CLEAR)
        self.sum_picture.scale(growth).move_to([0, top, 0], aligned_edge=UP)
        self.pe_table = NamedMatrix("PE", pe, theme().text)
        rows = [c.text(f"p = {p}", role="label", color=theme().muted) for p in range(len(pe))]
        for label, row in zip(rows, self.pe_table.matrix.get_rows()):
            label.next_to(self.pe_table.matrix, LEFT, buff=0.25).set_y(row.get_y())
        self.pe_table.add(*rows)
        self.pe_table.scale(growth).move_to([STAGE.body_left, top, 0], aligned_edge=UL)
        left = self.pe_table.get_right()[0] + STRIPES_GAP
        pe_many = sinusoidal(np.arange(STRIPES[0]), STRIPES[1])
        self.stripe_picture = stripes(pe_many, -STAGE.body_left - left, top - STAGE.bottom)
        self.stripe_picture.move_to([-STAGE.body_left, top, 0], aligned_edge=UR)
        on_pixels(self.stripe_picture[0], self.camera)

    @property
    def origin(self) -> np.ndarray:
        """The rotary plane's origin, where it stands (it moves into the poster)."""
        return self.rope_axes.c2p(0, 0)

    def build_poster(self) -> None:
        """The chapter's three points side by side, each over its line: the reordered sentence's grid (its
        numbers where the stage has room), the stripes in what the grid and the plane leave, and where the plane
        goes (its place and growth: the plane itself moves there, in its last turn); the gaps between even."""
        ss = self.sentence_shuffle
        words = (
            _("Attention alone:\na set of words."),
            _("Sinusoidal:\nposition added to x."),
            _("Rotary: q and k\nturned by it."),
        )
        lines = VGroup(*[c.text(line, role="label", color=theme().text) for line in words])
        # as high as the stage leaves over the lines under them (a two-line title lowers the top)
        height = min(POSTER_HEIGHT, self.top - STAGE.bottom - LINE_GAP - max(line.height for line in lines))
        # what the plane (square, as high as the poster) and the gaps leave to the grid and the stripes
        room = STAGE.right - STAGE.body_left - height - 2 * POSTER_GAP
        grid = poster_grid(ss, room - LEAST_STRIPES, height)
        pe_many = sinusoidal(np.arange(STRIPES[0]), STRIPES[1])
        pictures = [grid, stripes(pe_many, min(room - grid.width, height * 1.2), height)]
        sizes = [p.width for p in pictures] + [height]
        widths = [max(size, line.width) for size, line in zip(sizes, lines)]
        gap = (STAGE.right - STAGE.body_left - sum(widths)) / 2
        lefts = STAGE.body_left + np.cumsum([0, widths[0] + gap, widths[1] + gap])
        centres = [left + width / 2 for left, width in zip(lefts, widths)]
        for picture, x in zip(pictures, centres):
            picture.move_to([x, self.top, 0], aligned_edge=UP)
        on_pixels(pictures[1][0], self.camera)  # the stripes
        turn = np.array([centres[2], self.top - height / 2, 0])
        self.poster_turn = turn, height / self.rope_axes.height
        foot = min(p.get_bottom()[1] for p in pictures) - LINE_GAP
        for line, x in zip(lines, centres):
            line.move_to([x, foot, 0], aligned_edge=UP)
        self.poster = (*pictures, lines)

    def build_rotary(self) -> None:
        """The plane with q and k, and the table of positions, offsets and scores."""
        self.rope_formula = c.math(
            rf"q_m = R(m\theta)\,q,\quad k_n = R(n\theta)\,k,\quad \theta = {fmt_input(ROPE_STEP)}^\circ",
            role="small",
        )
        self.rope_formula.move_to(self.strip, aligned_edge=LEFT)
        self.rope = rotary_table()
        self.rope_printed = fmt_column([r.score for r in self.rope], SCORE_PLACES)
        unit = (self.top - STAGE.bottom) / (2 * ROPE_RANGE)  # as tall as the stage
        axes = plane((-ROPE_RANGE, -ROPE_RANGE), (ROPE_RANGE, ROPE_RANGE), 1.0, unit)
        axes.move_to([STAGE.body_left, self.top, 0], aligned_edge=UL)
        self.q_arrow = plane_arrow(axes, ROPE_QUERY, theme().query)
        self.k_arrow = plane_arrow(axes, ROPE_KEY, theme().key)
        names = VGroup(
            c.math(rf"q = {vector_tex(ROPE_QUERY, None)}", role="label", color=theme().query),
            c.math(rf"k = {vector_tex(ROPE_KEY, None)}", role="label", color=theme().key),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.15)
        self.rope_axes, self.rope_names = axes, names
        self.rope_plane = VGroup(axes, self.q_arrow, self.k_arrow, names)
        self.ties = VGroup(
            c.math("q", role="label", color=theme().query),
            c.math("k", role="label", color=theme().key),
            Arc(),
        )
        self.tie()
        header = [c.math(r"(m, n)"), c.math(r"n - m"), c.math(r"q_m \cdot k_n")]
        cells = [
            [c.math(f"({m}, {n})"), c.math(str(r.offset)), c.math(p)]
            for r, p in zip(self.rope, self.rope_printed)
            for m, n in [r.positions]
        ]
        table = c.Grid(*[VGroup(*column) for column in zip(header, *cells)], col_buff=0.7, row_buff=0.25)
        for cell in table.columns[1]:
            cell.set_color(theme().muted)
        # the table larger (its numbers only: one size per role), its last row's frame above the caption band
        room = axes.height - names.height - TABLE_GAP - FRAME_REACH
        table.scale(min(TABLE_SCALE, room / table.height)).next_to(
            names, DOWN, buff=TABLE_GAP, aligned_edge=LEFT
        )
        beside = VGroup(names, table)  # centred in the stage the plane leaves
        left = axes.get_right()[0] + TABLE_GAP
        beside.set_x(max(left + beside.width / 2, (left + STAGE.right) / 2)).align_to(axes, UP)
        self.rope_header = VGroup(*[column[0] for column in table.columns])
        self.rope_rows = [table.row(i + 1) for i in range(len(self.rope))]
        self.rope_columns = table.columns


def fits_stage(picture, top: float) -> bool:
    """Whether `picture` stands within the stage's width and between `top` and the stage's bottom."""
    return picture.width <= STAGE.right - STAGE.body_left and picture.height <= top - STAGE.bottom


def grown(picture, width: float, height: float) -> float:
    """How much `picture` grows to fill `width` by `height` (at most GROWTH, never shrinking): a few words'
    grid or a plane left half the stage empty at the smallest digits (review 4)."""
    return min(GROWTH, max(1.0, min(width / picture.width, height / picture.height)))


def poster_grid(ss, width: float, height: float) -> AttentionGrid:
    """The reordered sentence's weights in its new order, with their numbers where they fit `width` and the
    poster's `height`, else shaded only, its cells smaller where staggered names would make it taller than the
    poster; its column names on one row where they fit (`names_over_columns`)."""
    grid = AttentionGrid(ss.after, rows=ss.order, cols=ss.order, size=height * 0.8).show_weights()
    grid.remove(grid.sums, grid.sum_header)  # every row sums to 1
    grid = names_over_columns(grid, ss.order)
    if grid.width <= width and grid.height <= height:
        return grid
    size = min(width * 0.6, height * 0.8)
    grid = shaded(ss, size)
    # narrower cells may stagger the names onto more rows: shrink until it fits
    for _tried in range(SHRINK_TRIES):
        if grid.height <= height:
            break
        size -= max(grid.height - height, 0.1)
        grid = shaded(ss, size)
    return grid


def shaded(ss, size: float) -> AttentionGrid:
    """The reordered sentence's weights, shaded only, `size` its cells' longer side."""
    grid = AttentionGrid(ss.after, rows=ss.order, cols=ss.order, size=size, numbers=False).show_weights()
    return names_over_columns(grid, ss.order)


def names_over_columns(grid: AttentionGrid, tokens) -> AttentionGrid:
    """`grid`'s column names on one row, each cut to its column less HEADER_GAP (never below three letters; the
    rows' names give them whole, in the same order): wider, one read into the next ('flooded the'), staggered,
    they did not read as a grid's header (review 5). As the grid placed them where even cut names meet."""
    names = [fit.name(t, max(grid.col_pitch - HEADER_GAP, fit.least_width(t))) for t in tokens]
    if grid.place_column_names(names, range(len(names)), rows=1):
        grid.col_labels.submobjects = names
    return grid


def column_rises(grid: AttentionGrid, slots: list[int]) -> list[float]:
    """How far each column's name rises or drops once the columns stand in their new `slots` (name j's column
    goes to slots[j]), the names laid out again as the grid lays them out (`place_column_names`: a name raised
    a row only where it would meet another): taking the height of the name it replaced, a long name met its
    neighbours (corpus sweep, a 24-letter name among Greek ones)."""
    moved = [name.copy() for name in grid.col_labels]
    grid.place_column_names(moved, slots)
    return [new.get_bottom()[1] - old.get_bottom()[1] for new, old in zip(moved, grid.col_labels)]


def apart(offset: int, places: list[str], score: str) -> str:
    """'One apart, at (1, 2) and (4, 5): 0.732 both times.': the pairs `offset` apart, as said, and their one
    score; the count spelled out, and the sentence starting with a capital whatever the language's count word."""
    n, pairs = abs(offset), functools.reduce(both, places)
    sentence = ngettext(
        "%(count)s apart, at %(places)s: %(score)s both times.",
        "%(count)s apart, at %(places)s: %(score)s both times.",
        n,
        count=count(n),
        places=pairs,
        score=score,
    )
    return sentence[:1].upper() + sentence[1:]


def both(first: str, second: str) -> str:
    """'(1, 2) and (4, 5)'."""
    return _("%(first)s and %(second)s", first=first, second=second)


def stripes(pe: np.ndarray, width: float, height: float) -> VGroup:
    """`pe` as cells, a column per position (position 0 on the left) and a row per coordinate (the cells row by
    row: coordinate j's at position p is cell j * positions + p), on a neutral ramp (no role's colour: an encoding
    is neither a query nor a key) with its key above them; the axes named with their counts (review C9c: the
    caption's "48 positions at width 16" was nowhere on the picture); `width` by `height` in all. The cells meet
    edge to edge: once placed, `on_pixels` puts their edges on the frame's pixels."""
    t = theme()
    along = c.text(_("%(count)s positions p →", count=pe.shape[0]), role="small", color=t.muted)
    down = c.text(_("%(count)s coordinates →", count=pe.shape[1]), role="small", color=t.muted).rotate(
        -np.pi / 2
    )
    key = ramp_key()
    columns = width - down.width - AXIS_GAP
    rows = height - key.height - along.height - 2 * AXIS_GAP
    across, down_by = columns / pe.shape[0], rows / pe.shape[1]  # a cell's place
    cells = VGroup(  # a row of cells per coordinate, top down
        *[
            Rectangle(
                width=across, height=down_by, stroke_width=0, fill_color=tone(v), fill_opacity=1
            ).move_to([p * across, -j * down_by, 0], aligned_edge=UL)
            for j, row in enumerate(pe.T)
            for p, v in enumerate(row)
        ]
    )
    along.next_to(cells, DOWN, buff=AXIS_GAP).align_to(cells, LEFT)
    down.next_to(cells, LEFT, buff=AXIS_GAP).align_to(cells, UP)
    key.next_to(cells, UP, buff=AXIS_GAP).align_to(cells, RIGHT)
    return VGroup(cells, along, down, key)


def rimmed(part) -> FadeIn:
    """`framed` for a part of the stripes: its line between two rims of the background's colour, so that it reads
    over every stripe, light or dark (review F10: a frame in the text's colour vanished over the light stripes)."""
    t, buff = theme(), RIM_STROKE * STROKE_UNIT / 2  # the rim's inner edge on the part's
    rim, line = (
        SurroundingRectangle(part, color=colour, buff=buff, corner_radius=FRAME_CORNER, stroke_width=width)
        for colour, width in ((t.background, RIM_STROKE), (t.text, FRAME_STROKE))
    )
    return FadeIn(VGroup(rim, line), rate_func=up_hold_down, remover=True)


def on_pixels(cells, camera) -> None:
    """Each of `cells` (rectangles meeting edge to edge) with its edges moved to the nearest pixel edge of
    `camera`'s frame, so that neighbours share an edge there: every pixel is one cell's, none drawn half by two.
    Cells reaching under their neighbours left no seam still, but showed their overlaps as lines while they faded
    (the overlap drawn twice), and 2 px marks where corners met at 480p (review round 9)."""
    per_unit = camera.pixel_height / camera.frame_height
    left = camera.frame_center[0] - camera.frame_width / 2
    top = camera.frame_center[1] + camera.frame_height / 2

    def snapped(at: float, edge: float) -> float:
        return edge + round((at - edge) * per_unit) / per_unit

    for cell in cells:
        (x0, y0, _), (x1, y1, _) = cell.get_corner(DL), cell.get_corner(UR)
        x0, x1, y0, y1 = snapped(x0, left), snapped(x1, left), snapped(y0, top), snapped(y1, top)
        cell.stretch_to_fit_width(x1 - x0).stretch_to_fit_height(y1 - y0).move_to(
            [x0, y0, 0], aligned_edge=DL
        )


def tone(value: float) -> str:
    """A number from -1 to 1 on the neutral ramp: the grid lines' grey at -1 to the text's colour at 1."""
    return neutral((np.clip(float(value), -1, 1) + 1) / 2)


def ramp_key() -> VGroup:
    """'−1 ▮ 0 ▮ +1': a swatch of each tone with its number."""
    entries = [
        VGroup(
            Rectangle(
                width=KEY_SWATCH, height=KEY_SWATCH, stroke_width=0, fill_color=tone(v), fill_opacity=1
            ),
            c.math(label, role="label", color=theme().muted),
        ).arrange(RIGHT, buff=KEY_GAP)
        for v, label in ((-1, "-1"), (0, "0"), (1, "+1"))
    ]
    return VGroup(*entries).arrange(RIGHT, buff=3 * KEY_GAP)


def positioned(colours: dict[str, str], x, pe, total, source: str) -> VGroup:
    """X + PE, and under PE, = X + PE (one row of three matrices is wider than the stage); each row of X
    beside its word (the keys of `colours`, in its colour), and under them where X and its words come from
    (`source`): they are another chapter's, a fourth word among them (review V8b)."""
    t = theme()
    mx, mpe, mtotal = (
        NamedMatrix(name, values, colour)
        for name, values, colour in (("X", x, t.text), ("PE", pe, t.muted), (r"X + PE", total, t.text))
    )
    mtotal.remove(mtotal.label)  # said beside it instead: two rows of matrices need the height
    plus, equals = c.math("+"), c.math(r"X + PE \;=")
    VGroup(mx, plus, mpe).arrange(RIGHT, buff=MATRIX_GAP)
    plus.set_y(mx.matrix.get_y())
    mtotal.next_to(mpe, DOWN, buff=SUM_GAP).align_to(mpe, LEFT)
    equals.next_to(mtotal.matrix, LEFT, buff=MATRIX_GAP)
    names = VGroup(*[c.text(w, role="label", color=colour) for w, colour in colours.items()])
    for name, row in zip(names, mx.matrix.get_rows()):
        name.next_to(mx.matrix, LEFT, buff=0.3).set_y(row.get_y())
    words = VGroup(names, mx)  # the note as wide, under them, its right edge clear of "X + PE ="
    note = fit.wrap_within(source, words.width, role="label", color=t.muted)
    note.next_to(words, DOWN, buff=SUM_GAP).set_x(equals.get_left()[0] - MATRIX_GAP, RIGHT)
    return VGroup(names, VGroup(mx, plus, mpe, equals, mtotal), note)
