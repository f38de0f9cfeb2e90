"""Beyond the sources: the causal mask, so that a decoder's words never read the words after them."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    AnimationGroup,
    Create,
    FadeIn,
    FadeOut,
    LaggedStart,
    Polygon,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
)
from manim.utils.rate_functions import linear, smooth, squish_rate_func

from attention import examples
from attention.examples import story
from attention.sweeps import GAIN_RANGE, log10_smallest_weight
from i18n import _
from i18n.words import quoted, said, said_vector
from scenes.chapters.registry import find
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    WEIGHT_PLACES,
    Relation,
    decimals,
    fmt,
    fmt_input,
    one_format,
    plain,
    scientific,
    sign,
    vector_math,
)
from scenes.kit.bars import baseline_of
from scenes.kit.chapter import FIRST_HALF, SECOND_HALF, ChapterScene
from scenes.kit.emphasis import FRAME_STROKE, TEXT_FRAME, framed, pulsed, pulsed_each
from scenes.kit.formula_slot import LitFormula
from scenes.kit.grids import NUMBER_PAD, ROW_LABELS_WIDTH, AttentionGrid, cell_number, padded
from scenes.kit.matrices import MaskedGrid, masked_swatch, row_veils
from scenes.kit.palette import DIM, VEIL, theme
from scenes.kit.stage import STAGE

GRID_SIZE = 4.3  # the cells' longer side first tried, then as much as the room under the heading allows
GRID_ATTEMPTS = 3  # grids built at most to find that size
# room each side of a cell's widest number, the most first: the first that leaves the right-hand column its
# tables and the grids side by side (else the kit's least)
CELL_PADS = (0.1, 0.08, 0.06, NUMBER_PAD)
GRID_CENTER = LEFT * 2.8 + DOWN * 0.45
GRID_LEFT = STAGE.left + 0.2  # the grid's labels stay right of this x
UNDER_TITLE = 0.25  # the grid's captions stay this far below the subtitle
# 'queries ↓' on the keys' line (issue 34: German 'Abfragen ↓' beside the column names took the cells' room),
# this far before the keys' caption, which ends at least AXES_CLEAR before the formula; else beside the names
AXES_GAP = 0.3
AXES_CLEAR = 0.3
SIDE_LEFT = 0.6  # x where the right-hand column of text starts, or further right beside a wide grid
SIDE_GAP = 0.45  # between the grid's sums and the right-hand column
SIDE_GAP_LEAST = 0.15  # ... where its tables would reach past COLUMN_RIGHT (German vectors, six words)
TABLE_INDENT = 0.2  # the values and outputs under their titles, where the column has room
PAIR_GAP = 0.45  # between the open grid's sums and the masked grid beside it
# the formula's gap under the subtitle, and at least its gap over what stands under it (the masked grid's column
# names, the values' title): 20 px at 1080p (review J9: 15 px and 14-17 px read as squeezed)
FORMULA_ROOM = 0.15
CLEAR = 0.05  # at least this between the legend and the stage's bottom
# between the masked grid and its legend: a line of labels under the grids (what each shows) stands between
LEGEND_GAP = 0.6
COLUMN_RIGHT = STAGE.right - 0.1  # the right-hand column ends left of this x
# the right-hand column's layouts, tried in turn until its tables fit: the widest a token's name may be in
# the values and outputs (longer names are cut short), whether the weights stand beside the values, and the
# widest the grids' row labels may be (0: three letters), the room the grids leave the column
COLUMN_LAYOUTS = (
    (1.4, True, ROW_LABELS_WIDTH),
    (1.4, False, ROW_LABELS_WIDTH),
    (0.9, False, ROW_LABELS_WIDTH),
    (0.6, False, ROW_LABELS_WIDTH),
    (0.6, False, 0),
)
TERM_GAP = 0.25  # between 'w ×' and the value it multiplies (review V6: 0.15 read as '0.333×[1, 0]')
CLEAR_OF_TABLES = 0.2  # at least this between e^-inf = 0 (and the finite gap's weight) and the tables
# between the rows of a table one of which is framed: the frame's buff and stroke, and room to the next row
FRAMED_ROW_GAP = 0.19
# between a frame round cells of a grid and their edges: its stroke 4 px at 480p clear of the sums 0.1 beside the
# cells (review J9: 6-7 px at 1080p) and of the cells beside them
CELL_FRAME = 0.01
MIN_RUN = 1.0  # the shortest a framed part or a term coming in takes, however short its caption
# the cell singled out when every query meets every key: the second word's query, the first key
FOCUS_CELL = (1, 0)
MASKED_FORMULA = (  # the formula line's parts, each lit while its step is shown
    (r"\mathrm{softmax}\Bigl(", "softmax"),
    ("Q", "Q"),
    (r"K^{\top}", "K"),
    (r"/\sqrt{d}", "scale"),
    ("+ M", "mask"),
    (r"\Bigr)", "softmax"),
    ("V", "V"),
)
SCORES = ("Q", "K", "scale")
INFINITY_HEIGHT = 0.85  # minus infinity's ∞ this tall beside a digit of the cells' numbers
SCI_PLACES = 2  # the finite gap's smallest weight, as "Where it breaks" prints it
FIRST_THIRD = squish_rate_func(smooth, 0, 1 / 3)
SECOND_THIRD = squish_rate_func(smooth, 1 / 3, 2 / 3)
SWAP_ARC = math.pi / 3  # rows and columns trading places pass beside each other, not through
SUM_FILL = 0.9  # at most this much of a cell's width for 'score + entry of M'
COLUMN_GAP = 0.2  # a sum written in a column: its score this far over '−∞' (0.06 read as −∞ to the power 0)
OPERATOR_GAP = (
    0.1  # between a sum's score, its operator and M's entry on one line: '2 + 0', '2 −∞' read as sums
)


class CausalMask(ChapterScene):
    """Self-attention over a sentence; the mask M (0, or minus infinity above the diagonal) added to the scores;
    the weights without and with it side by side, row by row: masked weights exactly 0, rows still sum to 1;
    each output the sum of its row's weights times the values, so only of the words up to it."""

    def inputs(self):
        return examples.current().causal

    def construct(self):
        self.build()
        self.self_attention()
        self.without_mask()
        self.hide_the_future()
        self.renormalise()
        self.outputs_beat()
        self.exactly_zero()
        self.summary()

    # the beats

    def self_attention(self) -> None:
        self.beat("A sentence reads itself")
        tokens, intro = self.example.tokens, self.intro
        self.show(FadeIn(self.heading), FadeIn(self.formula.dimmed()), run_time=0.8)
        reordered = self.order != sorted(self.order)
        keys = self.earlier_keys if reordered else self.axes[0]  # "in reading order" only once they are
        caption = _(
            "Self-attention over %(sentence)s: each cell scores one query against one key.",
            sentence=quoted(" ".join(tokens)),
        )
        self.show(
            FadeIn(intro),
            FadeIn(keys),
            FadeIn(self.axes[1]),
            FadeIn(self.labels["scores"]),
            self.formula.light(*SCORES),
            run_time=1.2,
            caption=caption,
        )
        self.add(self.open_veils.set_fill(opacity=0))
        i, j = self.focus_cell()
        self.play(  # a cell, then the query and the key it scores, as the caption names them (review V6: 3 s still);
            # the words pulsed, not framed: a frame with room round them would meet the cells (review C9c: 1-2 px)
            Succession(
                AnimationGroup(Create(self.meeting), *veiled(self.open_veils, self.order[i])),
                pulsed(intro.row_labels[i]),
                pulsed(intro.col_labels[j]),
            ),
            run_time=max(MIN_RUN * 3, self.caption_time(caption) - 1.2),
        )
        # the grid whole again under its frame and the veils: the play left its pulsed words in a group of its own
        # over the veils, and the next would add the grid back over them (all rows lit in one frame, the pop test)
        self.add(intro, self.meeting, self.open_veils)
        in_reading_order = (
            [FadeOut(self.earlier_keys), FadeIn(self.axes[0].set_color(theme().text))]
            if reordered
            else [self.axes[0].animate.set_color(theme().text)]
        )
        self.show(
            FadeOut(self.meeting),
            Transform(intro, self.open_grid, path_arc=SWAP_ARC),
            *in_reading_order,
            *veiled(self.open_veils, None),
            run_time=1.2,
            caption=_("The keys now stand in sentence order: the mask relies on it.")
            if reordered
            else _("The keys stand in sentence order: the mask relies on it."),
        )
        self.remove(self.open_veils, intro)
        self.add(self.open_grid)

    def without_mask(self) -> None:
        self.beat("Without a mask")
        first = self.example.tokens[0]
        weighted = self.unmasked
        caption = _("Softmax turns each row of scores into weights.")
        if self.paired:  # the scores stay on the left; beside them a grid their softmax fills, row by row
            weighted.numbers.set_opacity(0)  # no copy of the scores under "without the mask"
            self.show(
                FadeIn(VGroup(weighted.cells, weighted.col_labels), shift=RIGHT * PAIR_GAP),
                FadeIn(self.labels["softmax"]),
                self.formula.light("softmax", *SCORES),
                run_time=1,
                caption=caption,
            )
            self.remove(*weighted.get_family())
            self.add(weighted)
        last = len(self.example.tokens) - 1
        for i in range(last + 1):
            after = weighted.copy().show_weights([i])
            after.row_numbers(i).set_opacity(1)
            lit = [self.formula.light("softmax", *SCORES), self.axes[0].animate.set_color(theme().muted)]
            caption = None if self.paired or i else caption
            swaps = [] if self.paired else self.in_place_labels(i, last)
            self.recast(
                [(weighted, after)], *(lit if i == 0 else []), *swaps, row=i, run_time=0.8, caption=caption
            )
            weighted = self.unmasked = after
        if not self.paired:  # it turned in the open grid's place
            self.open_grid = weighted
        weights = said_vector(decimals(self.trace.unmasked.weights[0]))
        caption = _("%(word)s gets %(weights)s.", word=quoted(first), weights=weights)
        cells = weighted.row(0)  # each weight as the caption reads it, then the row it reads as one vector
        self.show(
            Succession(*[framed(cell, buff=CELL_FRAME) for cell in cells], framed(cells, buff=CELL_FRAME)),
            **self.reading(caption),
        )
        first_row, block = self.future[0], self.future[-1]
        caption = _("So %(word)s would read later words, not yet written by a decoder.", word=quoted(first))
        n = len(self.example.tokens)
        later = VGroup(*[weighted.col_labels[k] for k in self.masked_grid.hidden_cells() if k < n])
        self.show(  # the cells, then the later words they weigh, as the caption names them (a 3 s still)
            # the words pulsed: a frame with room would meet the cells
            Succession(Create(first_row), pulsed_each(later)),
            run_time=max(MIN_RUN * 2, self.caption_time(caption)),
            caption=caption,
        )
        # the row's frame grows round the block (review J9: a frame per cell, 4-5 px apart, read double)
        if block is not first_row:
            self.show(
                ReplacementTransform(first_row, block),
                run_time=1,
                caption=_("So would every cell above the diagonal."),
            )

    def hide_the_future(self) -> None:
        self.beat("Hide the future")
        if self.paired:  # the scores stay; their softmax without the mask gives way to the mask
            weighted = self.unmasked
            leaving = [part for part in weighted.submobjects if part is not weighted.row_labels]
            leaving.append(self.labels["softmax"])
        else:
            leaving = [self.open_parts(), self.labels["without"]]
        caption = _("The mask M: 0 on and below the diagonal, minus infinity above it.")
        zeros, infinities = self.mask_zeros, self.mask_picture.infinities
        self.show(
            FadeOut(self.future[-1], rate_func=FIRST_HALF),
            *[FadeOut(part, rate_func=FIRST_HALF) for part in leaving],
            FadeIn(VGroup(self.mask_picture, self.mask_zeros, self.labels["mask"]), rate_func=SECOND_HALF),
            self.formula.light("mask"),
            run_time=1.2,
            caption=caption,
        )
        self.play(  # its zeros, then its minus infinities, as the caption names them (review V6: a 3.6 s still)
            Succession(
                *[
                    AnimationGroup(*[framed(m, buff=TEXT_FRAME) for m in marks])
                    for marks in (zeros, infinities)
                ]
            ),
            run_time=max(MIN_RUN * 2, self.caption_time(caption) - 1.2),
        )
        if self.paired:
            self.remove(*self.unmasked.get_family())
        self.add_scores()

    def renormalise(self) -> None:
        self.beat("Softmax of what is left")
        ex, tr = self.example, self.trace
        last = len(ex.tokens) - 1
        w = [[said(p) for p in decimals(row)] for row in tr.weights]
        words = [quoted(t) for t in ex.tokens]
        focus = {  # what the row's caption reads, and (after its row turns) the parts it names, in turn
            0: (
                _(
                    "Now %(word)s reads only itself: %(weight)s; the rest get 0.",
                    word=words[0],
                    weight=w[0][0],
                ),
                0,
            ),
            1: (
                _(
                    "%(word)s reads %(first)s and itself: %(first_weight)s and %(own_weight)s.",
                    word=words[1],
                    first=words[0],
                    first_weight=w[1][0],
                    own_weight=w[1][1],
                ),
                1,
            ),
            last: (_("The last word, %(word)s, is unchanged: nothing comes after it.", word=words[-1]), None),
        }
        if self.paired:  # the scores on the left turn back into the weights without the mask, all as labelled
            self.unmask_left()
        self.add(self.pair_veils.set_fill(opacity=0))
        for i in range(len(ex.tokens)):
            first = [
                self.formula.light("softmax", *SCORES, "mask"),
                FadeOut(self.labels["sum"], rate_func=FIRST_HALF),
                *[FadeIn(m, rate_func=SECOND_HALF) for m in (self.labels["turning"], self.legend)],
            ]
            caption, upto = focus.get(i, (None, None))
            self.recast_row(
                i, *veiled(self.pair_veils, i), *(first if i == 0 else []), caption=caption, run_time=1.2
            )
            if caption:
                parts = [framed(part, buff=CELL_FRAME) for part in self.named_parts(i, upto)]
                self.play(Succession(*parts), run_time=max(1.0, self.caption_time(caption) - 1.2))
        self.show(
            *veiled(self.pair_veils, None),
            pulsed_each(self.masked_grid.sums),  # pulsed: a frame with room round them would meet the cells
            FadeOut(self.labels["turning"], rate_func=FIRST_HALF),
            FadeIn(self.labels["with"], rate_func=SECOND_HALF),
            run_time=1.5,
            caption=_("Every row still sums to 1."),
        )
        self.remove(self.pair_veils)

    def in_place_labels(self, i: int, last: int) -> list:
        """The open grid's label as its row i turns to weights in its own place (no room for a grid beside it):
        'scores' gives way to 'scores → weights' as the first row turns, that to 'without the mask' as the last."""
        swaps = [("scores", "weighing")] if i == 0 else []
        swaps += [("weighing", "without")] if i == last else []
        return [
            anim
            for old, new in swaps
            for anim in (
                FadeOut(self.labels[old], rate_func=FIRST_HALF),
                FadeIn(self.labels[new], rate_func=SECOND_HALF),
            )
        ]

    def unmask_left(self) -> None:
        """The grid on the left, every row at once, from the scores to the weights without the mask (as the
        viewer saw them beside the scores), its label with it: what it shows while the right turns row by row."""
        after = self.open_grid.copy().show_weights()
        self.recast(
            [(self.open_grid, after)],
            self.formula.light("softmax", *SCORES),
            FadeOut(self.labels["scores"], rate_func=FIRST_HALF),
            FadeIn(self.labels["without"], rate_func=SECOND_HALF),
            **self.reading(_("On the left, the weights without the mask again, to compare.")),
        )
        self.open_grid = after

    def outputs_beat(self) -> None:
        self.beat("Outputs")
        ex = self.example
        masked, rows = self.masked_grid, range(len(ex.tokens))
        values = [  # word by word, as the caption is read (six words at once were a pop)
            in_turn(FadeIn(self.values_title), *[FadeIn(self.values.row(k)) for k in rows]),
            self.formula.light("V"),
        ]
        if not self.paired:
            self.remove(self.open_grid.row_labels)
            masked.row_labels.set_opacity(1)
            self.show(
                *values, **self.reading(_("Each word also has a value; an output sums weights times values."))
            )
        else:  # the grid on the left gone before the masked one moves into its place (review 7), but for its row
            # labels, which name the rows of both (review V6: the masked grid stood without them), the masked
            # grid's own in their place once it is there; then the values under their own caption (review V6:
            # named 3 s before they came)
            parts = VGroup(*[part for part in masked.submobjects if part is not masked.row_labels])
            leaving = [part for part in self.open_grid.submobjects if part is not self.open_grid.row_labels]
            self.show(
                FadeOut(VGroup(*leaving, self.labels["without"]), rate_func=FIRST_HALF),
                VGroup(parts, self.legend, self.labels["with"])
                .animate(rate_func=SECOND_HALF)
                .shift(-self.apart),
                **self.reading(_("The masked weights move left, into the place of those without the mask.")),
            )
            self.remove(self.open_grid.row_labels)
            masked.row_labels.shift(-self.apart).set_opacity(1)
            self.show(
                *values, **self.reading(_("Beside them, the values: an output sums weights times values."))
            )
        self.add(self.veils.set_fill(opacity=0))
        for worked in self.worked:
            self.work_out(worked)
        values = VGroup(self.values_title, self.values)
        if self.stacked:  # the worked rows stand in the outputs already; the others come in
            worked = {w.row for w in self.worked}
            self.remove(*[w.line for w in self.worked])
            rest = [self.outputs.row(k) for k in range(len(ex.tokens)) if k not in worked]
            VGroup(*rest).set_opacity(0)
            self.add(self.outputs)
            outputs = [in_turn(*[row.animate.set_opacity(1) for row in rest])] if rest else []
        else:
            parts = [FadeIn(self.outputs_title), *[FadeIn(self.outputs.row(k)) for k in rows]]
            outputs = [in_turn(*parts, rate_func=SECOND_HALF)]
        caption = _("Each output blends only its own and earlier values.")
        lead = (
            MIN_RUN if self.stacked else max(MIN_RUN, self.caption_time(caption) / 2)
        )  # the outputs coming in
        self.show(
            *veiled(self.veils, None),
            *(self.values_seen(None) if self.stacked else [FadeOut(values, rate_func=FIRST_HALF)]),
            *outputs,
            self.formula.light(),
            run_time=lead,
            caption=caption,
        )
        if not self.stacked:
            self.remove(*values.get_family())  # lighting its rows took the table apart
        self.play(  # then each output with the weights it blends by, as the caption is read (review V6: a 3 s still);
            # each at least MIN_RUN: half that faded its frames in over 2-3 frames (a pop at 90.1 s, narrated)
            Succession(*[AnimationGroup(*self.blend_frames(i)) for i in rows]),
            run_time=max(MIN_RUN * len(rows), self.caption_time(caption) - lead),
        )

    def exactly_zero(self) -> None:
        self.beat("Exactly zero")
        crosses = self.masked_grid.crosses
        masked, finite = self.comparison
        if self.over_values:  # they leave their place to e^-inf = 0 and the finite gap's weight
            self.play(FadeOut(self.values_title, self.values), run_time=0.5)
        # faded in (written, its first frame drew a stray speck: review F10), then framed as the crosses light,
        # while the caption reads (review V4: 4 s still)
        self.show(
            Succession(
                FadeIn(masked),
                AnimationGroup(crosses.animate.set_color(theme().text), framed(masked[1], buff=TEXT_FRAME)),
            ),
            **self.reading(_("A masked weight is exp of minus infinity: exactly 0.")),
        )
        chapter, weight = quoted(_(find("WhereItBreaks").title)), said(plain(finite_gap_tex()))
        caption = (
            _(
                "In %(chapter)s, finite scores, however far apart, still left a tiny weight: %(weight)s.",
                chapter=chapter,
                weight=weight,
            )
            if finite_gap_is_tiny()
            else _(
                "In %(chapter)s, finite scores left every weight above 0: %(weight)s.",
                chapter=chapter,
                weight=weight,
            )
        )
        self.show(
            crosses.animate.set_color(theme().muted),
            # in; then framed as the caption reads them: "a finite gap", its weight
            Succession(
                FadeIn(finite),
                *[AnimationGroup(framed(part, buff=TEXT_FRAME), run_time=2) for part in self.finite_parts],
            ),
            **self.reading(caption),
        )

    def summary(self) -> None:
        self.beat("Summary")
        self.show(
            self.formula.light("softmax", *SCORES, "mask"),
            *veiled(self.veils, 0),
            *self.outputs_seen(0),
            run_time=1,
            caption=_("Mask, then softmax: each word reads only itself and earlier words."),
        )
        for i in range(1, len(self.example.tokens)):
            self.play(*veiled(self.veils, i), *self.outputs_seen(i), run_time=0.8)
        self.play(self.formula.light(), *veiled(self.veils, None), *self.outputs_seen(None), run_time=1)
        self.remove(self.veils)

    # what the beats play

    def add_scores(self) -> None:
        """Scores + M, row by row as the caption is read (all at once, a six-word grid's 36 cells popped in):
        each score comes into its cell (its row framed in the grid on the left, where it shows them: copies flying
        across, review C9c saw them cross the cells' borders) and joins M's entry, 's + 0' or 's −∞' (`cell_sum`:
        the sums are in the cells, so no '+' stands between the grids; review 4 read it as floating); then each
        sum becomes its score or minus infinity, the part that stays moving into place (a fade out then in left
        the grid blank for half a second)."""
        masked, picture = self.masked_grid, self.mask_picture
        entries, sums = self.scores_plus_mask()
        picture.infinities.set_opacity(0)
        self.remove(self.mask_zeros)
        self.add(*entries)
        cells = [
            AnimationGroup(
                FadeIn(VGroup(total[0], total[1]), rate_func=SECOND_HALF),
                ReplacementTransform(entry, total[2]),
            )
            for entry, total in zip(entries, sums)
        ]
        n = len(self.example.tokens)
        rows = [
            AnimationGroup(
                *cells[i * n : (i + 1) * n],
                *([framed(self.open_grid.row(i), buff=CELL_FRAME)] if self.paired else []),
            )
            for i in range(n)
        ]
        self.show(
            FadeOut(self.labels["mask"], rate_func=FIRST_THIRD),  # the grid is a sum from its first row on
            FadeIn(self.labels["sum"], rate_func=SECOND_THIRD),
            Succession(*rows),  # row by row, one frame at a time
            **self.reading(_("Added to the scores, it makes those above the diagonal minus infinity.")),
        )
        result = marks(masked).copy()
        kept, gone, targets = sum_results(sums, result, masked.mask)
        caption = _("Each sum is its score, or minus infinity.")
        self.show(
            ReplacementTransform(kept, targets),
            FadeOut(gone, rate_func=FIRST_HALF),
            FadeIn(
                VGroup(*result[1:3], *result[4:]), rate_func=SECOND_HALF
            ),  # the sums, their header, crosses
            caption=caption,
            run_time=max(1.5, self.caption_time(caption)),  # each half slow enough that no frame jumps
        )
        self.remove(picture, result, targets, *sums.get_family())
        self.add(masked)

    def scores_plus_mask(self) -> tuple[VGroup, VGroup]:
        """Per cell: a copy of M's entry where M shows it; and the cell's score and that entry as their sum in the
        cell, 's + 0' or 's + (-inf)'."""
        masked = self.masked_grid
        zeros = iter([*self.mask_zeros])
        infinities = iter([*self.mask_picture.infinities])
        scores = self.open_grid.copy().show_scores()
        entries, sums = VGroup(), VGroup()
        for k, cell in enumerate(masked.cells):
            hidden = bool(masked.mask.flat[k])
            entry = (next(infinities) if hidden else next(zeros)).copy().set_opacity(1)
            entries.add(entry)
            sums.add(cell_sum(scores.numbers[k].copy(), entry.copy(), hidden, cell))
        return entries, sums

    def work_out(self, worked: WorkedRow) -> None:
        """Row i's output as one caption reads it (review V4: a caption per term made this the lecture's slowest
        minute): the row lit, its terms coming in one by one (each weight framed in the grid, its value in the
        values), then the output as the caption reaches it; each part at least MIN_RUN."""
        i = worked.row
        caption, output = self.blend_caption(i)
        steps = [self.term_step(worked, j) for j in range(i + 1)]
        lead = [*veiled(self.veils, i), *self.values_seen(i)]
        if self.stacked and worked is self.worked[0]:  # the outputs grow under their title, row by row
            lead.append(FadeIn(self.outputs_title))
        run_time = max(self.caption_time(caption), MIN_RUN * (len(steps) + 2))
        named = caption.rfind(output) / len(caption) if output in caption else 1  # where the caption says it
        at = float(np.clip(named * run_time, MIN_RUN * (len(steps) + 1), run_time - MIN_RUN))
        each = (at - MIN_RUN) / len(steps)
        total = Succession(  # a linear fade: a steep one popped the line in (the pop test, 69.7 s)
            FadeIn(worked.line, rate_func=linear),
            framed(worked.line[1], buff=TEXT_FRAME),
            run_time=run_time - at,
        )
        self.show(
            Succession(
                AnimationGroup(*lead, run_time=MIN_RUN),
                *[AnimationGroup(step, run_time=each) for step in steps],
                total,
            ),
            run_time=run_time,
            caption=caption,
        )
        self.wait_for_reader()  # the working stays while its caption reads it
        leaving = worked.terms if self.stacked else worked.shown  # stacked: the output stays in its row
        if len(leaving):
            self.play(FadeOut(leaving), run_time=0.5)

    def blend_frames(self, i: int) -> list:
        """Frames round output i and round the weights it blends by (its own and the earlier words'), and round
        those words' values where they stand."""
        texts = [self.outputs.row(i)]
        if self.stacked:
            texts.append(VGroup(*[self.values.row(k) for k in range(i + 1)]))
        return [
            framed(VGroup(*self.masked_grid.row(i)[: i + 1]), buff=CELL_FRAME),
            *[framed(t, buff=TEXT_FRAME) for t in texts],
        ]

    def blend_caption(self, i: int) -> tuple[str, str]:
        """Row i's caption, reading its blend, and its output as the caption writes it ('[0.119, 0.000]'); the
        first word's output is its own value, which the caption names instead."""
        name = quoted(self.example.tokens[i])
        output = said_vector(one_format(self.trace.outputs)[i])
        if i == 0:
            return _("%(word)s reads only itself: its output is its own value.", word=name), output
        if i == len(self.example.tokens) - 1:
            return _(
                "%(word)s is last: it blends every value into %(output)s.", word=name, output=output
            ), output
        return _("%(word)s blends the values up to itself into %(output)s.", word=name, output=output), output

    def term_step(self, worked: WorkedRow, j: int) -> AnimationGroup:
        """Term j of a worked row coming in: its 'w ×' beside the value (if the column has room for it), its
        weight framed in the masked grid, its value framed in the values."""
        term = worked.terms[j : j + 1]
        return AnimationGroup(
            *[FadeIn(t, rate_func=FIRST_THIRD) for t in term],
            framed(self.masked_grid.row(worked.row)[j], buff=CELL_FRAME),
            framed(VGroup(self.values.row(j), *term), buff=TEXT_FRAME),
        )

    def reading(self, caption: str) -> dict:
        """`show` options playing the animations for as long as `caption` is read (or spoken)."""
        return {"caption": caption, "run_time": max(MIN_RUN, self.caption_time(caption))}

    def named_parts(self, i: int, upto: int | None) -> list:
        """What row i's caption names, in the order it names it: with `upto`, the masked row's cells up to that
        one, then (if any) the masked cells after it together; without, the row without and with the mask."""
        if upto is None:
            return [self.open_grid.row(i), self.masked_grid.row(i)]
        cells = self.masked_grid.row(i)
        return [*cells[: upto + 1], *([cells[upto + 1 :]] if len(cells) > upto + 1 else [])]

    def recast_row(self, i: int, *others, **options) -> None:
        """Row i of the masked grid turns from its scores (and minus infinities) to its weights."""
        after = weigh(self.masked_grid.copy(), i)
        self.recast([(self.masked_grid, after)], *others, row=i, **options)
        self.masked_grid = after

    def recast(self, turns: list, *others, row: int | None = None, **options) -> None:
        """Put each `after` of `turns` (grid, after: a grid with `grid`'s cells and labels) in its grid's
        place: the grid's numbers and marks (of row `row` only, if given) fade out, then `after`'s fade in (no
        digit morphs into another), while the cells take on `after`'s shading; `others` play alongside,
        `options` go to `show`. Copies play the change, so no grid is split up by the scene."""
        changes, staged = [], []
        for grid, after in turns:
            cells = unseen_fill_as(grid.cells.copy(), after.cells)
            rows = range(grid.trace.shape[0])
            kept = [] if row is None else [row_marks(grid, k) for k in rows if k != row]
            still = VGroup(grid.row_labels, grid.col_labels, *kept).copy()
            old, new = (marks(g) if row is None else row_marks(g, row) for g in (grid, after))
            old, new = old.copy(), new.copy()
            self.replace(grid, cells)
            self.add(still, old)
            changes += [
                Transform(cells, after.cells.copy()),
                FadeOut(old, rate_func=FIRST_HALF),
                FadeIn(new, rate_func=SECOND_HALF),
            ]
            staged.append((cells, after, still, new))
        self.show(*changes, *others, **options)
        for cells, after, still, new in staged:
            self.replace(cells, after)
            self.remove(still, new)

    def open_parts(self) -> VGroup:
        """The grid without the mask, but for its row labels (which the masked grid's rows share)."""
        grid = self.open_grid
        self.remove(grid)
        parts = VGroup(*[part for part in grid.submobjects if part is not grid.row_labels])
        self.add(grid.row_labels, parts)
        return parts

    def values_seen(self, i: int | None) -> list:
        """Animations lighting the values row i reads (words 0..i) and dimming the rest (None: all lit)."""
        rows = range(len(self.example.tokens))
        return [self.values.row(k).animate.set_opacity(1 if i is None or k <= i else DIM) for k in rows]

    def outputs_seen(self, i: int | None) -> list:
        """Animations lighting output i and dimming the others (None: all lit)."""
        rows = range(len(self.example.tokens))
        return [self.outputs.row(k).animate.set_opacity(1 if i in (None, k) else DIM) for k in rows]

    def focus_cell(self) -> tuple[int, int]:
        return min(FOCUS_CELL[0], len(self.example.tokens) - 1), FOCUS_CELL[1]

    def visible_cells(self) -> list[int]:
        """Indices (row after row) of the cells on and below the diagonal."""
        return [int(k) for k in np.flatnonzero(~self.masked_grid.mask)]

    def read_rows(self) -> list[int]:
        """The rows whose outputs are worked out on screen: the first two words' and the last's."""
        return sorted({0, 1, len(self.example.tokens) - 1})

    # building and layout

    def build(self) -> None:
        self.example = ex = self.inputs()
        self.trace = ex.trace()
        self.heading = c.chapter_title(_(self.title), _("A decoder must not read the words that come after"))
        self.axes = VGroup(
            c.text(_("keys, in reading order →"), role="small", color=theme().muted),
            c.text(_("queries ↓"), role="small", color=theme().muted),
        )
        self.legend = c.legend((masked_swatch(), _("masked: weight exactly 0")))
        self.formula = LitFormula(MASKED_FORMULA)
        # the roomiest cells that leave the right-hand column its tables, and the grids side by side where the
        # least room lets them stand so
        self.comparisons, self.tables = {}, {}  # built once, moved from layout to layout
        least = self.grids_for(NUMBER_PAD)
        for self.pad in CELL_PADS:  # the least pad's grids as built first: each grid built once per pad
            pairs, self.open_grid, self.masked_grid = (
                least if self.pad == NUMBER_PAD else self.grids_for(self.pad)
            )
            if (pairs or not least[0]) and self.column_fits(
                fit.first_that_fits(COLUMN_LAYOUTS, self.column_fits)
            ):
                break
        self.veils = row_veils(self.masked_grid)
        self.open_veils = row_veils(self.open_grid)
        i, j = self.focus_cell()
        self.place_pair()
        self.order = self.earlier_order()
        self.intro = in_order(self.open_grid, self.order)
        self.earlier_keys = c.text(_("keys →"), role="small", color=theme().muted)
        self.earlier_keys.move_to(self.axes[0], aligned_edge=LEFT)  # the header while they stand as before
        cell = self.intro.cells[i * len(ex.tokens) + j]  # where it stands before the words take their order
        self.meeting = SurroundingRectangle(cell, color=theme().text, buff=0.02)
        self.future = self.future_frames()
        self.layout_facts = {"paired": bool(self.paired), "stacked": bool(self.stacked)}  # for drawn.py

    def grids_for(self, pad: float) -> tuple[bool, AttentionGrid, MaskedGrid]:
        """The grids, their cells `pad` round their widest numbers, in place (`place_grids`): whether the masked
        one fits beside the open one, and the two. The masked grid is built once the open one has shown the
        size they take."""
        size = GRID_SIZE
        self.open_grid = self.built_grid(AttentionGrid, self.trace.unmasked, size, pad)
        under = self.heading.get_bottom()[1]
        top = (
            min(  # the grid's names: under the axis caption under the subtitle, and under the formula beside
                under - UNDER_TITLE - self.axes[0].height - 0.2,
                under - FORMULA_ROOM - self.formula.height - FORMULA_ROOM,
            )
        )
        # as tall as the room allows: taller rows (round-3 item: cells too small), or shorter down to ROW_PITCH
        # (names on staggered rows); again where the names took other rows at that size
        for attempt in range(GRID_ATTEMPTS):
            excess = self.open_grid.height - (top - (STAGE.bottom + CLEAR + self.legend.height + LEGEND_GAP))
            if -2 * CLEAR <= excess <= 0 or attempt == GRID_ATTEMPTS - 1:
                break
            size -= excess + CLEAR  # the last row's cell is shorter than its pitch: CLEAR more
            self.open_grid = self.built_grid(AttentionGrid, self.trace.unmasked, size, pad)
        self.masked_grid = legible_infinities(self.built_grid(MaskedGrid, self.trace, size, pad))
        self.place_grids()
        return self.pairs(), self.open_grid, self.masked_grid

    def built_grid(self, kind: type[AttentionGrid], trace, size: float, pad: float) -> AttentionGrid:
        """A grid of `kind` (without or with the mask) over `trace`, `size` its longer side, at GRID_CENTER, its
        cells `pad` round their widest numbers."""
        tokens = self.example.tokens
        grid = padded(kind, pad)(trace, rows=tokens, cols=tokens, size=size)
        return grid.set_sums(_("sum")).move_to(GRID_CENTER)

    def earlier_order(self) -> list[int]:
        """Where each word stood in chapters 3 to 5's sentence, if it had the same words in another order;
        else where it stands now."""
        tokens, before = self.example.tokens, examples.current().blend.tokens
        if len(set(tokens)) < len(tokens) or sorted(before) != sorted(tokens):
            return list(range(len(tokens)))
        return [list(before).index(t) for t in tokens]

    def future_frames(self) -> list[Polygon]:
        """Frames round the cells above the diagonal of the weights without the mask: the first row's, then (with
        more than two words) one round them all, which it becomes."""
        last = len(self.example.tokens) - 1
        return [run_frame(self.unmasked, last, lowest) for lowest in sorted({0, last - 1})]

    def place_pair(self) -> None:
        """The masked grid beside the open one, rows level (`paired`; in its place if that does not fit): the
        scores stay on the left while the weights without the mask, then the mask M, then scores + M stand on
        the right; then the weights without and with the mask side by side. Under each what it shows; veils
        across both grids' rows. The outputs beat moves the masked grid back (`apart`)."""
        grid, masked = self.open_grid, self.masked_grid
        self.apart = RIGHT * (grid.get_right()[0] + PAIR_GAP - masked.cells.get_left()[0])
        self.paired = self.pairs()
        if not self.paired:
            self.apart = 0 * RIGHT
        masked.row_labels.set_opacity(0)  # the open grid's row labels name the rows of both
        VGroup(masked, self.legend).shift(self.apart)
        self.unmasked = grid  # the weights without the mask: beside the scores if paired, else in their place
        if self.paired:
            self.unmasked = grid.copy().shift(self.apart)
            self.unmasked.row_labels.set_opacity(0)
        self.mask_picture, self.mask_zeros = mask_of(masked)
        self.labels = {  # once the mask is added: its rows turning to weights one by one (the rows below still
            # scores + M), then all of them weights
            "mask": self.under(self.mask_picture, _("the mask M")),
            "sum": self.under(masked, _("scores + M")),
            "turning": self.under(masked, _("scores + M → weights")),
            "with": self.under(masked, _("with the mask")),
        }
        left = {
            "scores": (grid, _("scores")),
            "softmax": (
                masked,
                _("without the mask"),
            ),  # paired: the grid beside the scores, filled row by row
            # not paired: the scores turning to weights in their place
            "weighing": (grid, _("scores → weights")),
            "without": (grid, _("without the mask")),
        }
        for key, (under, words) in left.items():
            self.labels[key] = self.under(under, words)
        self.pair_veils = span_veils(grid, masked).set_z_index(1)  # above the rows that change under them

    def pairs(self) -> bool:
        """Whether the masked grid fits beside the open one, rows level, under the formula (`place_pair`)."""
        formula_bottom = (
            self.heading.get_bottom()[1] - FORMULA_ROOM - self.formula.height
        )  # as `layout` puts it
        top = self.masked_grid.get_top()[1]
        return self.pair_right() <= COLUMN_RIGHT and formula_bottom >= top + FORMULA_ROOM - 1e-9

    def under(self, grid: AttentionGrid, words: str):
        """`words` under `grid`'s cells, halfway between the grids and the legend under the masked grid (rows level:
        a line of labels under both), on one baseline whatever their letters."""
        label = c.text(words, role="small", color=theme().muted)
        between = (self.masked_grid.get_bottom()[1] + self.legend.get_top()[1]) / 2
        # each label on the line a capital centred there stands on (review J9: centred, 4 px out of line)
        line = baseline_of(c.text("M", role="small").set_y(between))
        return label.align_to(grid.cells, LEFT).shift(UP * (line - baseline_of(label)))

    def column_fits(self, layout: tuple[float, bool, float]) -> bool:
        """Lay out the right-hand column with names at most `width` wide and (if `weights`) each worked-out
        row's weights beside the values; whether its tables (all but the formula) then fit."""
        width, weights, label_width = layout
        for grid in (self.open_grid, self.masked_grid):
            if grid.label_width != label_width:
                grid.cut_row_labels(label_width)
        terms = {i: self.weight_terms(i) if weights else VGroup() for i in self.read_rows()}
        room = max((t.width for row in terms.values() for t in row), default=0)
        if (
            width,
            room,
        ) not in self.tables:  # the same tables at every pad: built once, placed by each layout
            self.tables[width, room] = self.value_rows(width, room), self.output_rows(width, room)
        self.values, self.outputs = self.tables[width, room]
        self.layout(terms)
        tables = VGroup(*self.column[1:], *[w.line for w in self.worked])
        return tables.get_right()[0] <= COLUMN_RIGHT + 1e-9 and self.placed_comparison  # to rounding

    def weight_terms(self, i: int) -> VGroup:
        """Row i's weight of each word up to i, as 'w ×', to stand left of the word's value: each to WEIGHT_PLACES,
        as the grid prints it (a weight of 1 as '1.000 ×' beside the others, never '1 ×')."""
        return VGroup(
            *[c.math(w, r"\times") for w in decimals(self.trace.weights[i, : i + 1], WEIGHT_PLACES)]
        )

    def value_rows(self, width: float, room: float) -> c.Grid:
        """'the [1, 0]' for each word (names cut to `width`): its value, with `room` left of the vector for
        the weight it is multiplied by."""
        names = [fit.name(t, width) for t in self.example.tokens]
        vectors = [c.math(vector_math(v, None), color=theme().value) for v in self.trace.unmasked.values]
        return c.Grid(names, vectors, col_buff=vector_gap(room), row_buff=FRAMED_ROW_GAP)

    def output_rows(self, width: float, room: float) -> c.Grid:
        """'the [1.000, 0.000]' for each word (names cut to `width`): its masked output (`.relations`: the weights
        times the values); its vectors where the values' stand (`room` left of them), the tables under each other
        one table (review J9: two systems of columns, the names 170 px and 20 px from their vectors)."""
        tokens, tr = self.example.tokens, self.trace
        names = [fit.name(t, width) for t in tokens]
        printed = one_format(tr.outputs)
        vectors = [c.math(printed_vector(p), color=theme().output) for p in printed]
        for i, vector in enumerate(vectors):
            weights, values = tr.weights[i, : i + 1], tr.unmasked.values[: i + 1]
            vector.relations = tuple(blend_relations(weights, values, printed[i]))
        return c.Grid(names, vectors, col_buff=vector_gap(room), row_buff=FRAMED_ROW_GAP)

    def layout(self, terms: dict[int, VGroup]) -> None:
        """The grids, their captions and legend; the right-hand column (formula, values, outputs; the
        outputs under the values if they fit there, `stacked`, else in their place); each worked-out row's
        `terms` beside the values and its output line under them; 'e^-inf = 0' where it is clear."""
        self.place_grids()
        grid = self.open_grid
        keys, queries = self.axes
        keys.next_to(heads(grid, self.masked_grid), UP, buff=0.2).align_to(grid.cells, LEFT)
        if self.queries_on_keys_line:  # over the row labels, the keys after it
            queries.set_x(STAGE.body_left, LEFT).shift(UP * (baseline_of(keys) - baseline_of(queries)))
            keys.set_x(max(grid.cells.get_left()[0], queries.get_right()[0] + AXES_GAP), LEFT)
        else:  # beside the column names, clear of the row veils
            queries.align_to(grid.col_labels, DOWN).set_x(STAGE.body_left, LEFT)
        self.legend.next_to(self.masked_grid, DOWN, buff=LEGEND_GAP).align_to(grid.cells, LEFT)
        self.values_title = c.text(_("values"), role="label", color=theme().value)
        # the column SIDE_GAP right of the grid's sums, down to SIDE_GAP_LEAST where its tables reach its edge
        widest = max(table.width for table in (self.values, self.outputs))
        gap = float(np.clip(COLUMN_RIGHT - widest - grid.get_right()[0], SIDE_GAP_LEAST, SIDE_GAP))
        left = max(SIDE_LEFT, grid.get_right()[0] + gap)
        self.side_gap = left - grid.get_right()[0]
        titles = (
            c.text(_("outputs: Σ weight × value"), role="label", color=theme().output),
            c.text(_("outputs"), role="label", color=theme().output),  # beside a wide grid
        )
        self.outputs_title = fit.first_that_fits(titles, lambda title: left + title.width <= COLUMN_RIGHT)
        values = VGroup(self.values_title, self.values).arrange(DOWN, aligned_edge=LEFT, buff=FRAMED_ROW_GAP)
        VGroup(self.formula, values).arrange(DOWN, aligned_edge=LEFT, buff=FORMULA_ROOM)
        column = VGroup(self.formula, self.values_title, self.values)
        outputs = VGroup(self.outputs_title, self.outputs).arrange(
            DOWN, aligned_edge=LEFT, buff=FRAMED_ROW_GAP
        )
        # the tables indented under their titles, less where the column's edge is near (German vectors are wider)
        for table in (self.values, self.outputs):
            table.shift(RIGHT * float(np.clip(COLUMN_RIGHT - left - widest, 0, TABLE_INDENT)))
        column.next_to(self.heading, DOWN, buff=FORMULA_ROOM).align_to([left, 0, 0], LEFT)
        self.formula.shift(LEFT * max(0.0, self.formula.get_right()[0] - COLUMN_RIGHT))  # beside a wide grid
        outputs.next_to(self.values, DOWN, buff=0.25).align_to(self.values_title, LEFT)
        self.stacked = outputs.get_bottom()[1] >= STAGE.bottom
        if not self.stacked:  # the outputs take the values' place once every row has been read
            outputs.align_to(self.values_title, UP)
        self.worked = [WorkedRow(i, terms[i], self.outputs.row(i).copy()) for i in self.read_rows()]
        for worked in self.worked:
            for term, vector in zip(worked.terms, self.values.columns[1]):
                term.next_to(vector, LEFT, buff=TERM_GAP)
            # under the values, which the outputs replace; else in its row of the outputs
            if not self.stacked:
                worked.line.next_to(self.values, DOWN, buff=0.3).align_to(self.values, LEFT)
        self.column = VGroup(*column, *outputs)
        self.place_comparison()

    def place_comparison(self) -> None:
        """'e^-inf = 0' and the finite gap's weight, for the last beats: in the values' place, which they leave
        then (`over_values`), if the outputs stand under them; else under the outputs, or beside the legend
        (one row level with it, or both rows on its line), or beside the outputs; `placed_comparison`, whether
        one of these is clear of what stands then (the outputs, the values if they stay, the masked grid and its
        legend) and on the stage."""
        outputs = VGroup(self.outputs_title, self.outputs)
        values = VGroup(self.values_title, self.values)

        def beside_legend(z, row: int):
            z.next_to(self.legend, RIGHT, buff=0.6)
            return z.shift(UP * (self.legend.get_y() - z[row].get_y()))

        def under_outputs(z):
            return z.next_to(outputs, DOWN, buff=CLEAR_OF_TABLES).align_to(outputs, LEFT)

        places = (  # each a place, whether the values leave it, and how its rows stand (see comparison_rows);
            # the values' place last: the poster keeps V where it can, so its outputs can be checked (review 7)
            (under_outputs, False, "table"),
            (lambda z: beside_legend(z, 0), False, "table"),
            (lambda z: beside_legend(z, 1), False, "table"),
            (lambda z: beside_legend(z, 0), False, "line"),
            (under_outputs, False, "stacked"),
            (lambda z: z.next_to(outputs, RIGHT, buff=0.4).align_to(outputs, DOWN), False, "table"),
            (lambda z: z.align_to(self.values_title, UL), True, "table"),
            (under_outputs, False, "stacked, tight"),  # zh corpus-17: six wide words, their cells and rows
        )

        def clear(candidate) -> bool:
            place, over_values, shape = candidate
            if shape not in self.comparisons:
                self.comparisons[shape] = self.comparison_rows(shape)
            self.comparison = z = place(self.comparisons[shape])
            near = standing + ([values_box] if self.stacked and not over_values else [])
            inside = z.get_bottom()[1] >= STAGE.bottom and z.get_right()[0] <= COLUMN_RIGHT
            return inside and all(apart(z, block, gap) for block, gap in near)

        # what stands in the last beats (the grid at home), each with the room the comparison leaves it: the
        # grid as much as the tables beside it do
        standing = [(fit.box(outputs), CLEAR_OF_TABLES), (fit.box(self.legend), CLEAR_OF_TABLES)]
        standing.append(
            (fit.box(self.masked_grid), min(CLEAR_OF_TABLES, self.side_gap - 1e-9))
        )  # to rounding
        values_box = (fit.box(values), CLEAR_OF_TABLES)

        chosen = fit.first_that_fits(places, clear)
        self.placed_comparison = clear(chosen)
        self.over_values = chosen[1] and self.stacked
        # what the finite gap's caption frames in turn: its label, then its number; one over the other, both
        self.finite_parts = (
            [self.comparison[1]] if chosen[2].startswith("stacked") else list(self.comparison[1])
        )

    def comparison_rows(self, shape: str = "table") -> VGroup:
        """'masked weight:  exp(-inf) = 0' and 'with finite scores:  m x 10^e' (the smallest weight "Where it
        breaks" left at its last gain stop, however far apart its scores): one over the other, labels and
        numbers in two columns ("table"), side by side ("line"), or each label over its number ("stacked", the
        narrowest; "stacked, tight" the lowest). The labels in the words' face, as every label (review 5: in
        TeX's beside "with the mask" they read as two faces), on their numbers' baselines; minus infinity at the
        numbers' size, not an exponent's (review 5: 15 px at 1080p)."""
        words = (_("masked weight:"), _("with finite scores:"))
        labels = [c.text(w, role="small", color=theme().muted) for w in words]
        numbers = [c.math(r"\exp(-\infty) = 0"), c.math(finite_gap_tex())]
        if shape.startswith(
            "stacked"
        ):  # "stacked, tight": where nothing else fits, frames nearer the next row, each number just under its
            # label (zh corpus-17: with its exponent as large as its digits, 1 px into the caption band)
            tight = shape != "stacked"
            rows = [
                VGroup(*pair).arrange(DOWN, buff=0.03 if tight else 0.1, aligned_edge=LEFT)
                for pair in zip(labels, numbers)
            ]
            return VGroup(*rows).arrange(DOWN, buff=0.12 if tight else FRAMED_ROW_GAP, aligned_edge=LEFT)
        if shape == "line":
            shown = VGroup(
                *[VGroup(*pair).arrange(RIGHT, buff=FRAMED_ROW_GAP) for pair in zip(labels, numbers)]
            )
            shown.arrange(RIGHT, buff=0.6)
        else:
            # rows FRAMED_ROW_GAP apart: a frame round one clear of the other
            table = c.Grid(labels, numbers, col_buff=0.2, row_buff=FRAMED_ROW_GAP)
            shown = VGroup(table.row(0), table.row(1))
        for label, number in zip(
            labels, numbers
        ):  # the words on the number's baseline (its first glyph's foot)
            label.shift(UP * (baseline_of(number) - baseline_of(label)))
        return shown

    def place_grids(self) -> None:
        """Both grids at GRID_CENTER, moved right to keep their labels on the stage (and 'queries ↓' beside the
        column names, where the keys' line has no room for it: `queries_on_keys_line`) and down to keep their
        captions under the subtitle (a grid of six words) and their names under the formula (staggered)."""
        grid = self.open_grid
        shift = self.sideways(STAGE.body_left - grid.get_left()[0])  # the row labels under 'queries ↓'
        self.queries_on_keys_line = self.keys_line_end() + AXES_CLEAR <= self.formula_left_at_least(
            grid.get_right()[0] + shift[0]
        )
        if not self.queries_on_keys_line:
            shift = self.sideways(STAGE.body_left + self.axes[1].width + 0.2 - grid.cells.get_left()[0])
        caption_top = (
            heads(grid, self.masked_grid).get_top()[1] + 0.2 + max(axis.height for axis in self.axes)
        )
        formula_bottom = self.heading.get_bottom()[1] - FORMULA_ROOM - self.formula.height
        above_legend = grid.get_bottom()[1] - LEGEND_GAP - self.legend.height - STAGE.bottom - CLEAR
        shift += DOWN * max(
            0.0,
            caption_top - (self.heading.get_bottom()[1] - UNDER_TITLE),
            # the masked grid's names under the formula beside it, if the legend stays on the stage
            min(grid.get_top()[1] + FORMULA_ROOM - formula_bottom, above_legend),
        )
        for each in (self.open_grid, self.masked_grid):
            each.shift(shift)

    def sideways(self, room: float) -> np.ndarray:
        """How far the grids move right to keep their labels on the stage, and `room` left of the cells (for
        'queries ↓' beside the names); or left, as far as the masked grid needs beside the open one."""
        grid = self.open_grid
        shift = RIGHT * max(0.0, GRID_LEFT - grid.get_left()[0], room)
        if not shift[0]:  # room to spare on the left
            spare = min(grid.get_left()[0] - GRID_LEFT, -room)
            shift = LEFT * min(spare, max(0.0, self.pair_right() - COLUMN_RIGHT))
        return shift

    def keys_line_end(self) -> float:
        """Where 'queries ↓' and the keys' caption after it end, on one line from the body's left edge."""
        return STAGE.body_left + self.axes[1].width + AXES_GAP + self.axes[0].width

    def formula_left_at_least(self, grid_right: float) -> float:
        """The least x the formula may start at (as `layout` puts it) beside a grid ending at `grid_right`."""
        return min(max(SIDE_LEFT, grid_right + SIDE_GAP_LEAST), COLUMN_RIGHT - self.formula.width)

    def pair_right(self) -> float:
        """Where the masked grid (or the legend under it) would end, beside the open grid: see `place_pair`."""
        grid = self.open_grid
        width = max(
            grid.get_right()[0] - grid.cells.get_left()[0], self.legend.width
        )  # the legend starts where it does
        return grid.get_right()[0] + PAIR_GAP + width


@dataclass
class WorkedRow:
    """A row whose output is worked out on screen, beside the values: its index, the weights it multiplies
    them by ('w ×' left of each value up to it; none when the column has no room for them, the grid's row
    shows them) and its output line, in its row of the outputs when they stand under the values (it stays
    there), else under the values; `shown`, both, as they come and go."""

    row: int
    terms: VGroup
    line: VGroup
    shown: VGroup = field(init=False)

    def __post_init__(self):
        self.shown = VGroup(self.terms, self.line)


def vector_gap(room: float) -> float:
    """Between a table's names and its vectors: `room` for a weight 'w ×' and TERM_GAP either side of it; TERM_GAP
    where no weight stands there (German and Chinese six-word tables need the width)."""
    return room + 2 * TERM_GAP if room else TERM_GAP


def in_turn(*animations, **options) -> LaggedStart:
    """`animations` one after another, each starting halfway through the one before (rows coming in in reading
    order, never all at once)."""
    return LaggedStart(*animations, lag_ratio=0.5, **options)


def veiled(veils: VGroup, i: int | None) -> list:
    """Animations veiling every row but row i (None: no row veiled)."""
    return [v.animate.set_fill(opacity=0 if i in (None, k) else VEIL) for k, v in enumerate(veils)]


def run_frame(grid: AttentionGrid, rows: int, lowest: int) -> Polygon:
    """One frame round the cells above the diagonal in rows 0 to `lowest` of `grid`, CELL_FRAME out from their
    edges: a staircase with a step's corners for each of the first `rows` rows (those below `lowest` on its bottom
    edge), so that a frame round fewer rows turns into one round more corner by corner, never across a cell."""
    n, b = grid.trace.shape[1], CELL_FRAME
    lefts = [grid.cells[r * n + r + 1].get_left()[0] - b for r in range(rows)]
    bottoms = [grid.cells[min(r, lowest) * n].get_bottom()[1] - b for r in range(rows)]
    right, top = grid.cells.get_right()[0] + b, grid.cells[0].get_top()[1] + b
    corners = [(lefts[0], top), (right, top), (right, bottoms[-1])]
    for k in reversed(range(rows)):  # up the steps, from the last row's left end
        corners.append((lefts[k], bottoms[k]))
        if k:
            corners.append((lefts[k], bottoms[k - 1]))
    return Polygon(
        *[np.array([x, y, 0.0]) for x, y in corners], color=theme().text, stroke_width=FRAME_STROKE
    )


def finite_gap_is_tiny() -> bool:
    """Whether the smallest weight at the gain knob's last stop in "Where it breaks" was tiny (else not even that)."""
    scores = examples.current().blend.trace(0, scaled=False).scores
    return story.tiny_weight(story.saturated(scores).min_weight)


def apart(a, b, gap: float) -> bool:
    """Whether `a` and `b` (mobjects, or their `fit.box`es: measured once, compared often) are at least `gap`
    apart, side by side or one above the other."""
    a, b = (x if isinstance(x, np.ndarray) else fit.box(x) for x in (a, b))
    return bool((a[1] + gap <= b[0]).any() or (b[1] + gap <= a[0]).any())


def finite_gap_tex() -> str:
    """The smallest weight "Where it breaks" shows at its last gain stop, 'm \\times 10^{e}' (as its readout)."""
    scores = examples.current().blend.trace(0, scaled=False).scores
    return scientific(log10_smallest_weight(scores, GAIN_RANGE[1]), SCI_PLACES)


def marks(grid: AttentionGrid) -> VGroup:
    """What a grid writes in and beside its cells (numbers, sums and their header; a masked grid's minus
    infinities and crosses): what changes when the grid shows something else."""
    parts = [grid.numbers, grid.sums, grid.sum_header]
    if isinstance(grid, MaskedGrid):
        parts += [grid.infinities, grid.crosses]
    return VGroup(*parts)


def blend_relations(weights, values, printed) -> list:
    """Per coordinate, the output (`printed`, as its vector prints it) as the weights (as printed) times the
    values (as typed), summed: '=' only where those give it exactly."""
    weights = [fmt(w, WEIGHT_PLACES) for w in weights]
    relations = []
    for k, result in enumerate(printed):
        terms = tuple(t for w, v in zip(weights, values[:, k]) for t in (w, fmt_input(v)))
        relations.append(Relation(terms, "dot", sign("dot", terms, result, tex=False), result))
    return relations


def printed_vector(printed) -> str:
    """'[0.100,\\;\\; 0.000]' for a formula, from its entries as printed (as `vector_math` spaces them)."""
    return "[" + r",\;\; ".join(printed) + "]"


def in_order(grid: AttentionGrid, order: list[int]) -> AttentionGrid:
    """A copy of `grid` with row and column i (labels, cells, numbers) where row and column order[i] stand. The
    columns' names are laid out again in their new order, as the grid lays them out (`place_names_round_sums`:
    a name raised a row only where it would meet another), so none overlaps whatever the order (issue 29: six
    Greek names met on one row; a long name taking a short one's low place met its neighbours)."""
    shown = grid.copy()
    shown.place_names_round_sums(list(shown.col_labels), order)  # over its cells before they move
    n = len(order)
    for k in range(n * n):
        to = grid.cells[order[k // n] * n + order[k % n]].get_center() - grid.cells[k].get_center()
        VGroup(shown.cells[k], shown.numbers[k]).shift(to)
    for i, name in enumerate(shown.row_labels):
        name.shift(UP * (grid.row(order[i]).get_y() - grid.row(i).get_y()))
    return shown


def heads(*grids: AttentionGrid) -> VGroup:
    """The grids' column names and sums' headers (raised a row where the names' line is full): what the keys'
    caption stands over."""
    return VGroup(*[part for grid in grids for part in (grid.col_labels, grid.sum_header)])


def cell_sum(score, entry, hidden: bool, cell) -> VGroup:
    """'score + entry' in `cell` as a lecturer writes it, never shrunk below its parts' sizes: 's + 0', and for
    minus infinity 's −∞', M's entry itself after the score, its minus the operation (review 4: 's + −∞', in a
    column '0 / + −∞', read awkwardly); on one line where that fits SUM_FILL of the cell, else as a sum written
    in a column, the score over '+ 0' or '−∞', right-aligned, as far under it as SUM_FILL of the cell's height
    lets them stand, up to COLUMN_GAP. Its parts: score, operator ('+'; nothing before minus infinity), entry."""
    operator = VGroup() if hidden else c.math("+", role="small")
    written = [score, entry] if hidden else [score, operator, entry]
    line = VGroup(*written).arrange(RIGHT, buff=OPERATOR_GAP)
    if line.width > SUM_FILL * cell.width:
        added = VGroup(*written[1:]).arrange(RIGHT, buff=0.12)
        gap = np.clip(SUM_FILL * cell.height - score.height - added.height, 0.06, COLUMN_GAP)
        VGroup(score, added).arrange(DOWN, buff=gap, aligned_edge=RIGHT)
    if hidden:  # its empty operator where the entry begins
        operator.move_to(entry.get_left())
    return VGroup(score, operator, entry).move_to(cell)


def sum_results(sums: VGroup, result: VGroup, mask: np.ndarray) -> tuple[VGroup, VGroup, VGroup]:
    """Per cell of scores + M, what stays of its sum (its score, or M's minus infinity), what goes (the rest), and
    where what stays ends up: the cell's number or minus infinity in `result` (`marks` of the masked grid)."""
    numbers, infinities = result[0], iter(result[3])
    kept, gone, targets = VGroup(), VGroup(), VGroup()
    for total, hidden, number in zip(sums, mask.flat, numbers):
        score, operator, entry = total
        kept.add(entry if hidden else score)
        gone.add(score if hidden else VGroup(operator, entry))
        targets.add(next(infinities) if hidden else number)
    return kept, gone, targets


def legible_infinities(grid: MaskedGrid) -> MaskedGrid:
    """`grid` with its minus infinities as readable as its digits: the chapter's key symbol, in the digits'
    colour, its ∞ INFINITY_HEIGHT of a digit's height (review 5: 15 px in grey beside 27 px digits at 1080p)."""
    digit = cell_number().show(0, 0).height
    for mark in grid.infinities:
        mark.scale(INFINITY_HEIGHT * digit / mark[0][1].height).set_color(theme().text)
    return grid


def mask_of(grid: MaskedGrid) -> tuple[MaskedGrid, VGroup]:
    """`grid` drawn as the mask M: its cells and minus infinity above the diagonal; and apart (to fade out
    when the scores take their place), the 0 in every cell on and below it."""
    mask = grid.copy().show_scores()
    visible = np.flatnonzero(~grid.mask)
    zeros = VGroup(*[mask.numbers[k].copy().show(0, 0) for k in visible])
    for k in visible:
        mask.numbers[k].set_opacity(0)
    return mask, zeros


def weigh(grid: MaskedGrid, row: int) -> MaskedGrid:
    """`grid`, showing the weights of the rows before `row` and the others' scores (hidden cells minus
    infinity), with row `row`'s weights too (its hidden cells crossed out): the masked softmax taken row by
    row, one row's numbers changed at a time. Row 0 starts from the scores whatever the grid showed."""
    if row == 0:
        grid.show_scores()
    AttentionGrid.show_weights(grid, [row])
    n = grid.trace.shape[1]
    for j, k in enumerate(grid.hidden_cells()):
        if row == 0 or k // n == row:
            grid.numbers[k].set_opacity(0)
        if k // n == row:
            grid.cells[k].set_fill(theme().grid, opacity=1)
            grid.infinities[j].set_opacity(0)
            grid.crosses[j].set_opacity(1)
    return grid


def unseen_fill_as(cells: VGroup, targets: VGroup) -> VGroup:
    """`cells`, each whose fill is unseen (opacity 0) given its target's fill colour, still unseen: a cell
    turning grey passes through no other cell's tint on its way (a masked cell flashed its word's colour)."""
    for cell, target in zip(cells, targets):
        if cell.get_fill_opacity() == 0:
            cell.set_fill(target.get_fill_color(), opacity=0)
    return cells


def row_marks(grid: AttentionGrid, i: int) -> VGroup:
    """What a grid writes in and beside row i (the sums' header goes with the first row)."""
    parts = [*grid.row_numbers(i), *grid.sums[i : i + 1], *([grid.sum_header] if i == 0 else [])]
    if isinstance(grid, MaskedGrid):
        n = grid.trace.shape[1]
        hidden = [j for j, k in enumerate(grid.hidden_cells()) if k // n == i]
        parts += [grid.infinities[j] for j in hidden] + [grid.crosses[j] for j in hidden]
    return VGroup(*parts)


def span_veils(left: AttentionGrid, right: AttentionGrid) -> VGroup:
    """One veil per row reaching across both grids (rows level), from `left`'s row labels to `right`'s sums, on
    the stage (issue 34: in Chinese the sums ended at the column's edge, the veils' margin past the stage's)."""
    veils = row_veils(left)
    edge = min(max(v.get_right()[0] for v in row_veils(right)), STAGE.right)
    for veil in veils:
        start = veil.get_left()[0]
        veil.stretch_to_fit_width(edge - start).align_to(np.array([start, 0, 0]), LEFT)
    return veils
