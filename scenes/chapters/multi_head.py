"""Beyond the sources: multi-head attention, several narrow heads each with its own slice and divisor.

Laid out as one table whose columns are the words: q beside K^T (a key per column, a coordinate per row, so
a head's slice is a band of rows; the values are the keys, so K^T is V^T too), then work rows under the same
columns (a reading's dot products and scores, later a head's blend, one row per coordinate of its slice).
Under them, each reading's weights (the full-width head's, then each narrow head's) are a small bar chart of
their own, the charts side by side. Each blend lands in the concatenated output, a column beside K^T at the
rows of its head's coordinates. The whole table shrinks by one factor when an example's numbers do not fit.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

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
    FadeTransform,
    GrowFromEdge,
    Indicate,
    LaggedStart,
    Line,
    Matrix,
    Mobject,
    Rectangle,
    ReplacementTransform,
    Square,
    Succession,
    SurroundingRectangle,
    Union,
    VGroup,
    VMobject,
    linear,
)

from attention import examples
from attention.examples.story import changed_words, leaders, reordered, specialise
from i18n import _
from i18n.words import quoted, said, said_vector
from scenes.kit import components as c
from scenes.kit import fit
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
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import MIN_BAR, NAME_BUFF, WeightBars, staggered_names
from scenes.kit.chapter import FIRST_HALF, SECOND_HALF, ChapterScene
from scenes.kit.emphasis import FRAME_STROKE, TEXT_FRAME, framed, pulsed, up_hold_down
from scenes.kit.formula_slot import LitFormula, formula_word
from scenes.kit.grids import grid_places
from scenes.kit.matrices import seamless
from scenes.kit.numbers import SansTex
from scenes.kit.palette import (
    APART,
    DIM,
    coloured_names,
    delta_e,
    hue_difference,
    lab,
    lab_of,
    tex_size,
    theme,
    token_color,
    token_palette,
)
from scenes.kit.stage import STAGE
from scenes.kit.themes import CVD_APART, DEFICIENCIES, simulate

ROW = 0.40  # distance between the coordinates (rows) of q and K^T
HEAD_GAP = 0.18  # more between the last row of a head and the next head's first: room for both heads' bands
TABLE_IN = 1.6  # seconds: the formula out of the stage's middle, then in at its place with the table
# its caption starts once the table is half in (review F10: "new vectors" read 1.3 s before the keys could be seen)
TABLE_HALF_IN = 0.75 * TABLE_IN
HALF_IN = 0.4  # the title and formula half in (of 0.8 s) when the first caption starts
# a head's band round its rows, as wide as the matrix's widest entry and BAND_PAD more on each side (review round
# 6: the digits touched it at 1080p; review 5: a band round narrower rows was narrower than its neighbour's), up and
# down to BAND_SEAM short of midway to the next head's row (review V8b: 2-3 px from the digits and 1 px from the
# next band at 480p; now 5 px and 4 px); scaled with the table
BAND_PAD, BAND_SEAM = 0.14, 0.09
BRACKET_SIDE, BRACKET_END = 0.3, 0.175  # a matrix's brackets from its entries: room for a band inside them
LINE = 0.46  # distance between two work rows
# W^O's box and its grid, 3 px or more at 1080p, the grid muted and dimmed yet 3:1 on the background (review 5:
# 1 px lines at 15% of the text's colour)
BOX_STROKE, GRID_STROKE = 3, 2.5
GAP = 0.35  # between a column's widest entry and the next column's
RESULT_GAP = 0.25  # between the blends' widest last term and their results
# each reading's weights are a small bar chart (a bar per word on one baseline, its weight above it, its word
# under it, its title above): the charts side by side under the work rows, in rows of charts if they do not fit
# in one; a bar's height for a weight of 1 is as tall as the room under the work rows allows, from BAR_SHORTEST
# (then the table shrinks) to as tall as makes the tallest bar BAR_TALL as drawn (a table that shrinks is laid out
# taller by as much; review 5: a weight of 1 capped at BAR_TALL left the river example's 0.415 bar 25 px tall
# over an empty lower third)
BAR_TALL, BAR_SHORTEST = 1.6, 0.4
SPACING = 1.2  # between the centres of a chart's bars, at most; at least a weight's width and VALUE_GAP
VALUE_GAP = 0.18  # between two neighbouring weights printed above their bars
BAR_SHARE = 0.6  # a bar's width, as a share of the distance between bars
CHART_GAP = 0.5  # between two charts side by side (between one's baseline and the next one's)
NAME_GAP = 0.09  # between a chart's baseline and the words under it: 4.6 px at 480p
NAME_SPACE = 0.1  # between two words under a chart on one row
NAME_DROP = 0.38  # a lower row of words under a chart: a word's height and a gap
NAME_ROWS = 3  # the most rows of words under a chart
FRAME_OUT = TEXT_FRAME + FRAME_STROKE * STROKE_UNIT / 2  # from a weight's glyphs to its frame's outer edge
# between a bar and its weight above it: room for a frame round the weight, its stroke 4 px clear of the bar at
# 480p, 9 at 1080p (review J9: 2 px, the tie's frame 5 px over the bars at 1080p)
VALUE_BUFF = FRAME_OUT + 0.08
TIE_GAP = 0.08  # between two weights framed as one, one over the other
TITLE_GAP = FRAME_OUT + 0.07  # between a chart's title and its highest weight: a frame round it 3.5 px clear
# between the charts' titles and the work rows above them (review 4: 3-4 px; 11 px, a frame round the dots 4 px
# clear of the title: the rest gave the frames round the weights their room over the bars), and two rows of charts
WEIGHT_GAP = 0.22
FRAMES = 1.2  # seconds a frame round the words a head looks at stays, at the end of the caption naming them
BARS_IN = 1.5  # seconds in which a chart's bars come in, one after another, as its caption starts
TABLE_RIGHT = STAGE.right - 0.7  # x the table ends left of
TABLE_GAP = 0.2  # between the title and formula and the words' names at the table's top
NOTE_ROOM = 3.0  # the caveat goes beside the charts if it has this much width there, else under them
NOTE_GAP = 0.4  # between the charts and the caveat beside them
LEGEND_GAP = 0.25  # between the charts (or the caveat under them) and the legend of cut names under them
WIDEST_PITCH = 2.4  # the columns spread out to fill the width, this far apart at most
# the formula first stands alone in the stage's middle, this many times its size beside the title at most (less
# where the stage is narrower), while its caption reads it (issue 30: its scripts were 6 px at 480p beside the title)
READ_ZOOM = 1.8
PARK_GAP = 0.35  # between the formula parked right of K^T and what is under it
PARK_SIDE = 0.25  # between K^T's name and the formula parked right of it: 29 px at 1080p
# parked (filling the right third) only if this many times its size beside the title, or more
PARK_LEAST = 1.0
READ_ORDER = (("head",), ("softmax", "q", "K"), ("scale",), ("V",), ("outputs",), ("project",))  # lit in turn


def formula(narrow: bool = False) -> tuple[tuple[str, str], ...]:
    """One head's formula and the heads' concatenation, each part lit while its step is shown: two lines aligned
    at '=', beside the title (as Projections' formula), so that the table and the charts under it have the
    height; its words in the active language where its TeX can set them (`formula_word`); its index h at text
    size (as a script, the kit's 80 %, its x-height was 7.7 px at 480p beside the title: review V8b; the capital,
    digit and ⊤ scripts stand 11 px high as scripts). `narrow`: for the room right of K^T, each equation on two
    lines broken after its '=', so that no bracket is broken (review V8b: "softmax(" stood a line above its
    argument; review J9: "[head_1," a line above "…, head_H]"), the softmax of a fraction."""
    word = formula_word(_("head"), "head")  # outside the f-string, where Babel finds it
    head = rf"\mathrm{{{word}}}"
    output = formula_word(_("output"), "output")
    h = r"{\textstyle h}"
    heads = rf"[{head}_1, \ldots, {head}_H]"
    root = rf"\sqrt{{\smash[b]{{d_{h}}}}}"  # its radical as for d alone (for h's depth it was 36 px high on a line)
    q, keys, values = (f"q_{h}", "q"), (rf"K_{h}^{{\top}}", "K"), (f"V_{h}", "V")
    project = ("W^O", "project")
    if narrow:
        return (
            (rf"& {head}_{h} =", "head"),
            (r"\\ & \mathrm{softmax}\!\left(\dfrac{", "softmax"),
            q,
            keys,
            (rf"}}{{\sqrt{{d_{h}}}}}", "scale"),
            (r"\right)\!", "softmax"),
            values,
            (rf"\\ & \text{{{output}}} = \\ & {heads}", "outputs"),
            project,
        )
    return (  # its lines 3 pt closer than TeX sets them: the table gets the room, V_h's h 3 px over W^O's O at 480p
        (rf"{head}_{h} &=", "head"),
        (r"\mathrm{softmax}(", "softmax"),
        q,
        keys,
        (rf"/{root}", "scale"),
        (")", "softmax"),
        values,
        (rf"\\[-3pt] \text{{{output}}} &= {heads}", "outputs"),
        project,
    )


class MultiHead(ChapterScene):
    """One full-width head cannot choose; narrow heads, each on its own slice, each pick a word.

    `single` is the full-width head's rows (a `Reading`), `heads` each narrow head (a `Head`: its slice,
    label, rows, blend and bands); `readings` is the single head's rows, then each head's."""

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

    # the beats

    def one_head(self) -> None:
        self.beat("One head cannot choose")
        single = self.single
        self.read_formula()
        table = [self.names, self.query_vector, self.keys, self.query_name, self.key_name, self.warning]
        if fit.cut(self.names):  # else with the charts that cut names
            table.append(self.legend)
        opening = opening_text(self.example, self.changed)
        self.show(  # out, then in its place with the table (moved, its two lines crossed as they became four)
            FadeOut(self.read, rate_func=FIRST_HALF),
            FadeIn(VGroup(self.where, *table), rate_func=SECOND_HALF),
            run_time=TABLE_IN,
            caption=opening,
            subcaption_offset=TABLE_HALF_IN,
        )
        # the columns the warning names, lit while its caption is read (review V5: 1 s of 3.6)
        if self.changed:
            self.play(
                *[
                    Indicate(column, color=theme().text, scale_factor=1, rate_func=up_hold_down)
                    for column in self.changed_columns()
                ],
                run_time=max(1.5, self.caption_time(opening) + TABLE_HALF_IN - TABLE_IN),
            )
        if self.reordered:
            words = _(", ").join(self.example.tokens)
            self.say(_("The last chapter's words, in another order: %(words)s.", words=words))
        self.wait_for_reader()  # the warning stays while a caption reads it
        self.show(FadeOut(self.warning), run_time=0.5)
        dots = said_vector(printed(single.trace.dots, SCORE_PLACES))
        self.work_row(
            single,
            _(
                "One head reads all %(width)s coordinates: dots %(dots)s.",
                width=single.trace.width,
                dots=dots,
            ),
        )
        weights = said_vector(weight_strings(single.trace))
        self.weights_row(
            single, _("Softmax gives its weights %(weights)s.", weights=weights), chart=self.opening
        )
        self.tie()

    def split(self) -> None:
        self.beat("Each head its own slice")
        self.show(
            FadeOut(self.tie_box),
            FadeOut(self.single.work()),
            *[e.animate.set_opacity(1).set_color(color) for e, color in self.entry_colours()],
            ReplacementTransform(self.opening, self.single.weights.set_opacity(DIM)),  # to the heads' scale
            self.single.weight_label.animate.set_opacity(DIM),
            Create(VGroup(*[head.band for head in self.heads])),
            FadeIn(VGroup(*[head.label for head in self.heads])),
            self.light("q", "K"),
            run_time=1.2,
            caption=_(
                "Split into %(count)s heads, each projecting onto its own coordinates.", count=len(self.heads)
            ),
        )
        width = self.trace.head_width
        self.show(  # its divisor written where the heads' work rows come (review V8b: said 12 s before shown)
            FadeIn(self.divides, shift=DOWN * 0.1),
            self.light("scale"),
            run_time=1,
            caption=_("Each head is %(width)s wide, so it divides by √%(width)s.", width=width),
        )
        self.wait_for_reader()  # the divisor stays while its caption is read

    def per_head(self) -> None:
        self.beat("Two patterns at once")
        for i, head in enumerate(self.heads):  # (review V6: 2.4 s between two heads' captions)
            earlier = [h.reading.weight_line().animate.set_opacity(DIM) for h in self.heads[:i]]
            gone = [FadeOut(self.heads[i - 1].reading.work() if i else self.divides)]
            self.play(*gone, *self.focus(head), *earlier, run_time=0.6)
            reading = head.reading
            self.work_row(reading, reads_text(i, head.coordinates, reading.trace))
            weights = reading.trace.weights
            self.weights_row(
                reading,
                _(
                    "Its weights %(weights)s: %(looks)s.",
                    weights=said_vector(weight_strings(reading.trace)),
                    looks=looks(self.example.tokens, weights),
                ),
                [weight_frame(reading.weights, j) for j in leaders(weights)],
            )
        self.show(
            FadeOut(self.heads[-1].reading.work()),
            *self.focus(None),
            *[h.reading.weight_line().animate.set_opacity(1) for h in self.heads],
            run_time=0.6,
        )

    def blend(self) -> None:
        self.beat("Each head blends its values")
        self.show(
            FadeIn(self.value_name, shift=DOWN * 0.1, rate_func=SECOND_HALF),  # once the formula has gone
            self.unpark("V", "head"),
            run_time=1,
            caption=_("Here the values are the keys: each head blends its own slice of them."),
        )
        values = VGroup(self.keys, self.key_name, self.value_name)
        self.show(framed(values, theme().value, buff=0.1), run_time=2)
        for i, head in enumerate(self.heads):
            others = [
                h.reading.weight_line().animate.set_opacity(1 if h is head else DIM) for h in self.heads
            ]
            caption = self.blend_caption(i)
            terms = [FadeIn(VGroup(r.label, *r.terms, *r.pluses), shift=RIGHT * 0.2) for r in head.blends]
            self.show(  # the rows of products come in as the caption reads them; the band round the last
                *self.focus(
                    head
                ),  # head's result, now landed, drawn with them (review V6: 1.7 s between captions)
                *others,
                spread(terms, self.paced(caption)),
                *self.landed(i),
                caption=caption,
            )
            part = said_vector(self.outputs[head.coordinates.start : head.coordinates.stop])
            caption = _("Summed per coordinate: %(outputs)s.", outputs=part)
            # one sum after another, with no pause between (review C9c: a 3 s still)
            paced = self.paced(caption)
            self.show(
                spread(
                    [FadeIn(r.result, shift=LEFT * 0.3) for r in head.blends],
                    paced,
                    each=paced / len(head.blends),
                ),
                caption=caption,
            )
            self.wait_for_reader()  # the working stays until its caption has been read
            self.show(
                *[
                    FadeTransform(r.result[1], self.concat.get_rows()[k][0])  # moved: no glyph morphs
                    for r, k in zip(head.blends, head.coordinates)
                ],
                *[FadeOut(VGroup(r.label, *r.terms, *r.pluses, r.result[0])) for r in head.blends],
                run_time=0.7,
            )

    def concatenate(self) -> None:
        self.beat("Concatenate, then project")
        self.show(
            FadeIn(self.concat.get_brackets()),
            FadeIn(self.concat_name),
            *self.focus(None),
            *[h.reading.weight_line().animate.set_opacity(1) for h in self.heads],
            self.light("outputs"),
            *self.landed(len(self.heads)),
            run_time=1.2,
            caption=_(
                "The heads' outputs, one after another, make one vector of %(count)s.",
                count=len(self.outputs),
            ),
        )
        for i, head in enumerate(self.heads):  # each head's part framed in turn, as its caption reads it
            part = VGroup(*[self.concat.get_rows()[k] for k in head.coordinates])
            caption = _(
                "Head %(number)s gives %(outputs)s.",
                number=i + 1,
                outputs=said_vector(self.outputs[head.coordinates.start : head.coordinates.stop]),
            )
            self.show(framed(part, head.color), run_time=1.2, caption=caption)
            self.play(  # then its numbers, one by one, as the caption reads them
                spread(
                    [  # a wash behind the entry, its digits lit in the text colour: nothing grows
                        AnimationGroup(
                            FadeIn(
                                wash(row, head.out_band, head.color), rate_func=up_hold_down, remover=True
                            ),
                            Indicate(row, color=theme().text, scale_factor=1),
                        )
                        for row in part
                    ],
                    max(1, self.caption_time(caption) - 1.2),
                    each=1.2,
                )
            )
        project = self.projection
        self.show(  # the concatenated column written as a row, where nothing is in the way
            FadeIn(project.row, shift=DOWN * 0.2),
            Indicate(self.concat.get_entries(), color=theme().text, scale_factor=1),
            self.light("project"),
            run_time=1.2,
            caption=_("A learned projection, the box, mixes the heads into one vector."),
        )
        self.play(
            LaggedStart(FadeIn(VGroup(project.times, project.box)), FadeIn(project.result), lag_ratio=0.6),
            run_time=1.5,
        )

    def caveat(self) -> None:
        self.beat("Heads need not specialise")
        moves = [
            self.single.weight_line().animate.set_opacity(1).shift(LEFT * self.aside),
            *[h.reading.weight_line().animate.shift(LEFT * self.aside) for h in self.heads],
        ]
        self.show(  # the charts to their place beside it, then it
            LaggedStart(AnimationGroup(*moves), FadeIn(self.note), lag_ratio=1),
            self.light(),
            run_time=1.6,
            caption=caveat_text(self.trace),
        )
        picks = [
            weight_frame(h.reading.weights, j) for h in self.heads for j in leaders(h.reading.trace.weights)
        ]
        self.show(*picks, run_time=1.5)

    # what the beats play

    def read_formula(self) -> None:
        """The formula large in the empty stage, its parts lit in turn as its caption reads them; it then goes to
        its place right of K^T or beside the title (the opening's first play), where each step lights its parts."""
        caption = _(
            "Each head attends over its own slice, divided by the root of its width; Wᴼ mixes the joined heads."
        )
        # the caption once they are half in, not over a black frame (review F10)
        self.show(
            FadeIn(self.heading), FadeIn(self.read), run_time=0.8, caption=caption, subcaption_offset=HALF_IN
        )
        # linear, each as long as the reading allows: large glyphs lit in 0.6 s popped
        steps = [self.read.light(*names, rate_func=linear) for names in [*READ_ORDER, ()]]
        total = max(len(steps) * 0.6, self.caption_time(caption) + HALF_IN - 0.8)
        # one after another, each from where the one before left the parts (a lagged group took every step's
        # start at once, so each step put back what the one before had lit: review V7's pops at 1.6-5.7 s)
        self.play(Succession(*steps, run_time=total))

    def work_row(self, reading: Reading, caption: str) -> None:
        """A reading's dot products, cell by cell as their caption (which reads them) is said, then its scores
        with theirs."""
        tr = reading.trace
        self.show(
            FadeIn(reading.dot_label),
            spread([FadeIn(cell, shift=DOWN * 0.15) for cell in reading.dots], self.paced(caption)),
            self.light("q", "K"),
            caption=caption,
        )
        scores = said_vector(printed(tr.scores, SCORE_PLACES))
        caption = _("Divided by √%(width)s: scores %(scores)s.", width=tr.width, scores=scores)
        self.show(
            FadeIn(reading.score_label),
            spread([FadeIn(cell, shift=DOWN * 0.15) for cell in reading.scores], self.paced(caption)),
            self.light("scale"),
            caption=caption,
        )

    def weights_row(
        self, reading: Reading, caption: str, frames: list = (), chart: WeightChart | None = None
    ) -> None:
        """A reading's chart (`chart`, else its own): its title, baseline and words, then each bar growing, all of
        them while the caption starts: its numbers end it, so each bar is there before its number is read (review
        4: 'sat' came at 23 s of the 18.1-25.0 caption); `frames` (round the weights it looks at) end the caption,
        which names them."""
        row = chart or reading.weights
        legend = [] if self.legend in self.mobjects else [FadeIn(self.legend)]  # the cut names come with them
        self.show(
            FadeIn(reading.weight_label),
            *legend,
            AnimationGroup(  # the baseline and the words, then the bars within BARS_IN
                FadeIn(row.axis(), run_time=0.6),
                spread([row.cell_in(j) for j in range(len(row.values))], BARS_IN),
            ),
            self.light("softmax"),
            caption=caption,
        )
        rest = self.caption_time(caption) - BARS_IN - (FRAMES if frames else 0)
        # then each weight pulsed in turn as the caption reads it (it held still for 5 s: test_pops)
        if rest > 1:
            self.play(spread([pulsed(value) for value in row.values], rest, each=min(1.0, rest)))
        if frames:
            self.play(*frames, run_time=FRAMES)

    def paced(self, caption: str) -> float:
        """How long what a caption reads takes to come in: most of the caption's time."""
        return max(1.2, 0.75 * self.caption_time(caption))

    def tie(self) -> None:
        """Single out the single head's largest weights (`singled_out`), their dots and scores, and the entries
        of q and K^T whose products make those dots; dim the rest."""
        single = self.single
        weights = single.trace.weights
        top = singled_out(weights)
        rest = [i for i in range(len(weights)) if i not in top]
        columns = [VGroup(single.dots[i], single.scores[i]) for i in top]
        # the weights alone, neighbours in one frame: round bar, weight and word it crossed the axis (review C9c)
        self.tie_box = VGroup(
            *[SurroundingRectangle(col, color=theme().text, buff=TEXT_FRAME) for col in columns],
            *[step_frame([self.opening.values[i] for i in run], theme().text) for run in runs(top)],
        )
        dim = [m for i in rest for m in (single.dots[i], single.scores[i], self.opening.cells[i])]
        every = every_product(self.example.query, self.example.keys, top)
        said, why = tie_text(self.example.tokens, weights, every)
        self.show(
            Create(self.tie_box), *[m.animate.set_opacity(DIM) for m in dim], run_time=1.2, caption=said
        )
        self.show(  # then what makes their dots: the entries of q and K^T in non-zero products
            *[  # lit in the text's colour: dimmed alone, DIM is too faint to tell them (review 5)
                e.animate.set_color(theme().text) if used else e.animate.set_opacity(DIM)
                for e, used in self.products_of(top)
            ],
            *[Indicate(single.dots[i], color=theme().text, scale_factor=1.1) for i in top],
            run_time=max(1.5, 0.8 * self.caption_time(why)),
            caption=why,
        )

    def products_of(self, columns) -> list[tuple[Mobject, bool]]:
        """Every entry of q and K^T, and whether it is in a non-zero product q_k k_jk of one of `columns`."""
        q, keys = self.example.query, self.example.keys
        used = {(j, k) for j in columns for k in range(len(q)) if q[k] * keys[j, k] != 0}
        rows = {k for _, k in used}
        found = [(e, k in rows) for k, e in enumerate(self.query_vector.get_entries())]
        entries = self.keys.get_entries()
        width = len(self.example.tokens)
        found += [(e, (n % width, n // width) in used) for n, e in enumerate(entries)]
        return found

    def focus(self, head: Head | None) -> list:
        """Animations lighting `head`'s coordinates, band and label and dimming the other heads' (None: all)."""

        def lit(h: Head) -> bool:
            return head is None or h is head

        return [
            *[
                e.animate.set_opacity(1 if head is None or k in head.coordinates else DIM)
                for e, k in self.coordinate_entries()
            ],
            *[h.band.animate.set_stroke(opacity=1 if lit(h) else DIM) for h in self.heads],
            *[h.label.animate.set_opacity(1 if lit(h) else DIM) for h in self.heads],
        ]

    def entry_colours(self) -> list[tuple[Mobject, str]]:
        """Every entry of q and K^T with its own colour (the tie lights some in the text's)."""
        return [(e, theme().query) for e in self.query_vector.get_entries()] + [
            (e, theme().key) for e in self.keys.get_entries()
        ]

    def coordinate_entries(self) -> list[tuple[Mobject, int]]:
        """Every entry of q and K^T with its coordinate (its row)."""
        return [
            (e, k) for m in (self.query_vector, self.keys) for k, row in enumerate(m.get_rows()) for e in row
        ]

    def landed(self, i: int) -> list:
        """The band round head i - 1's part of the output (0-based; none for i = 0), drawn once its result has
        landed there, never through the move (review V4: the band's edge through '1.723')."""
        return [Create(self.heads[i - 1].out_band, run_time=0.4)] if i else []

    def blend_caption(self, i: int) -> str:
        """The caption over head i's products (0-based): what each row multiplies."""
        if i:
            return _("Head %(number)s likewise, with its own weights and slice.", number=i + 1)
        return _("Head 1 multiplies each weight by its word's value, a row per coordinate.")

    # building and layout

    def build(self, stretch: float = 1.0, grow: float = 1.0, tries: int = 5) -> None:
        """Make and lay out everything; `stretch`: how much wider and taller than the stage the charts may be
        laid out, for a table that then shrinks by 1 / `stretch` (see `layout`); `grow`: how much larger the gaps
        round the charts' weights and titles are laid out, for a table that shrinks by 1 / `grow`."""
        self.example = ex = self.inputs()
        self.trace = tr = ex.trace()
        self.heading = c.chapter_title(_(self.title), _("Several patterns over the same words"))
        # in body type, the lecture's formula size, not the strip's small one: its scripts were 8 px at 480p
        # (review round 3); beside the title, ending where the table does
        self.formula = LitFormula(formula(), role="body").dimmed()
        self.formula.align_to(self.heading, UP).set_x(TABLE_RIGHT, RIGHT)
        self.parked = LitFormula(formula(narrow=True), role="body").dimmed()
        self.starts = tuple(h.coordinates.start for h in tr.heads[1:])  # the rows a head's gap comes before
        self.query_vector = column_matrix(
            [[fmt_input(x)] for x in ex.query], theme().query, heads=self.starts
        )
        self.query_name = c.math("q", color=theme().query)
        self.key_name = c.math(r"K^{\top}", color=theme().key)
        self.value_name = c.math(r"= V^{\top}", color=theme().value)
        self.outputs = printed(tr.concatenated, WEIGHT_PLACES)
        self.single = Reading.of(tr.single, theme().text, c.text(_("one head"), role="label"))
        first = tr.heads[0].trace
        divisor = rf"d_h = {first.width},\quad \div {divisor_tex(first.width, first.divisor)}"
        self.divides = c.math(divisor, role="label", color=theme().text)  # every head's, the heads as wide
        colours = head_colors(len(tr.heads), ex.tokens)
        self.heads = [
            Head.of(i, h, self.outputs, colour) for i, (h, colour) in enumerate(zip(tr.heads, colours))
        ]
        self.readings = [self.single, *[h.reading for h in self.heads]]
        self.concat = column_matrix([[x] for x in self.outputs], theme().output, heads=self.starts)
        self.concat_name = c.text(_("concatenated"), role="label", color=theme().output)
        self.projection = Projection(self.outputs, side=2 * LINE - 0.2)  # about as tall as two work rows
        self.note = c.text(caveat_label(tr), role="label", color=theme().muted)
        self.changed = changed_words(ex, examples.current().blend)
        self.reordered = reordered(ex.tokens, words_before())
        label = warning_text(self.changed, self.reordered)
        self.warning = c.text(label, role="label", color=theme().muted) if label else VGroup()
        self.layout(stretch, grow)
        self.read = self.reading_formula()
        # a table that shrinks for its width: once more, the charts laid out for the room the shrink leaves them;
        # else, while it shrinks (for its height, or by more than the stretch foresaw), the gaps round the weights
        # laid out as much larger, a few tries (the shrink deepens a little each time): the frames round weights,
        # drawn at play time at the stage's size, keep their room (issue 30: shrunk to 0.557, German corpus-15's
        # tie frame crossed a bar and met the title over it; English corpus-20, shrunk for its height, too)
        if stretch == 1 and self.factor < 1 and self.too_wide:
            self.build(1 / self.factor, 1 / self.factor, tries)
        elif tries and self.factor * grow < 0.995:
            self.build(stretch, 1 / self.factor, tries - 1)

    def layout(self, stretch: float = 1.0, grow: float = 1.0) -> None:
        """The table under the formula, then shrunk to fit if it must (`fit_table`). A table that shrinks for
        its width leaves room under it: laid out again with `stretch` (1 / that shrink), the charts of weights
        spread into a width and a depth that the shrink brings back to the stage's; `grow`: see `build`."""
        top = VGroup(self.heading, self.formula).get_bottom()[1] - TABLE_GAP
        self.stretch, self.grow, self.table_top = stretch, grow, top
        pitch = self.pitch()
        self.place_inputs(top, pitch)
        self.place_output()
        for head in self.heads:
            head.label.set_x(STAGE.body_left, LEFT).set_y(VGroup(*self.slice_rows(head)[1]).get_y())
        self.place_rows(pitch)
        self.fit_table(top)
        self.park()

    def pitch(self) -> float:
        """The distance between the words' columns: the widest cell and a gap, or a blend term with its plus
        sign; widened up to WIDEST_PITCH while the width left of K^T's name and the output allows."""
        keys = [SansTex(fmt_input(x), font_size=tex_size("number")).width for x in self.example.keys.flat]
        cells = [m.width for r in self.readings for row in (r.dots, r.scores) for m in row]
        plus = c.math("+").width
        terms = [t.width + plus + 0.3 for h in self.heads for r in h.blends for t in r.terms]
        least = max(max(keys + cells) + GAP, max(terms))
        beside = (
            0.55
            + max(self.key_name.width, self.value_name.width)
            + max(self.concat.width, self.concat_name.width)
        )
        room = (TABLE_RIGHT - beside - self.left_of_keys()) / len(self.example.tokens)
        return max(least, min(room, WIDEST_PITCH))

    def left_of_keys(self) -> float:
        """Where the first column of K^T may start: right of every row label, and of a head's label and q."""
        labels = [r.dot_label for r in self.readings] + [r.score_label for r in self.readings]
        labels += [r.label for h in self.heads for r in h.blends]
        beside = max(h.label.width for h in self.heads) + 0.3 + self.query_vector.width + 0.3
        return STAGE.body_left + max(beside, max(lab.width for lab in labels) + 0.4)

    def place_inputs(self, top: float, pitch: float) -> None:
        """q and K^T under the words' names, K^T's name beside it; the first name clear of q's."""
        ex = self.example
        keys = [[fmt_input(x) for x in row] for row in ex.keys.T]
        self.keys = column_matrix(keys, theme().key, pitch, heads=self.starts)
        self.keys.next_to([self.left_of_keys(), 0, 0], RIGHT, buff=0).align_to([0, top - 0.45, 0], UP)
        self.query_vector.next_to(self.keys, LEFT, buff=0.3)
        self.xs = [col.get_x() for col in self.keys.get_columns()]
        self.query_name.move_to([self.query_vector.get_x(), top, 0], aligned_edge=UP)
        first = 2 * (self.xs[0] - self.query_name.get_right()[0] - 0.15)
        widths = [min(pitch, first) - 0.12, *[pitch - 0.12] * (len(ex.tokens) - 1)]
        self.names = VGroup(*fit.distinct_names(ex.tokens, widths))
        for name, x in zip(self.names, self.xs):
            name.move_to([x, top, 0], aligned_edge=UP).set_x(x)
        self.query_name.set_y(self.names.get_y())
        self.key_name.next_to(self.keys, RIGHT, buff=0.2).align_to(self.keys, UP)
        self.value_name.next_to(self.key_name, DOWN, buff=0.15, aligned_edge=LEFT)

    def place_output(self) -> None:
        """The concatenated output beside K^T's name, its rows level with K^T's."""
        left = VGroup(self.key_name, self.value_name).get_right()[0] + 0.35
        self.concat.next_to([left, 0, 0], RIGHT, buff=0)
        self.concat.shift(UP * (self.keys.get_rows()[0].get_y() - self.concat.get_rows()[0].get_y()))
        self.concat_name.move_to([self.concat.get_x(), self.names.get_y(), 0]).align_to(self.concat, LEFT)

    def place_rows(self, pitch: float) -> None:
        """The work rows under K^T (a reading's dots and scores, a head's blend), then the charts of weights."""
        first = min(self.keys.get_bottom()[1], self.value_name.get_bottom()[1]) - 0.12 - LINE / 2
        work = max(2, self.trace.head_width)
        ys = [first - k * LINE for k in range(work)]
        for reading in self.readings:
            for cells, label, y in (
                (reading.dots, reading.dot_label, ys[0]),
                (reading.scores, reading.score_label, ys[1]),
            ):
                for cell, x in zip(cells, self.xs):
                    cell.move_to([x, y, 0])
                label.set_x(STAGE.body_left, LEFT).set_y(y)
        self.divides.set_x(STAGE.body_left, LEFT).set_y(ys[0])
        blends = [r for h in self.heads for r in h.blends]
        result_left = self.xs[-1] + max(r.terms[-1].width for r in blends) / 2 + RESULT_GAP  # one column
        for head in self.heads:
            for row, y in zip(head.blends, ys):
                row.place(self.xs, y, result_left)
        under = min(self.keys.get_bottom()[1], self.value_name.get_bottom()[1]) - 0.15  # clear of K^T's rows
        self.projection.move_to([STAGE.body_left, under, 0], aligned_edge=UL)
        above = [r.work() for r in self.readings] + [r for h in self.heads for r in h.blends]
        self.place_charts(VGroup(*above, self.projection).get_bottom()[1] - WEIGHT_GAP * self.grow)
        label = warning_text(self.changed, self.reordered)
        if label:
            self.warning = fit.wrap_within(
                label, TABLE_RIGHT - STAGE.body_left, role="label", color=theme().muted
            )
            self.warning.set_x(STAGE.body_left, LEFT).set_y(ys[0])
            if self.warning.height > LINE:  # wrapped: down from where one line stands, clear of K^T's rows
                self.warning.align_to([0, ys[0] + LINE / 2, 0], UP)

    def place_charts(self, top: float) -> None:
        """The readings' charts of weights under `top`, side by side from the body's left: in one row if they fit
        with the weights printed apart (the caveat beside them if it has NOTE_ROOM there, else under them), or
        with neighbouring weights a line apart in height (staggered: bars closer than a number's width), else two
        to a row or as many as half of them; each chart's title above it, a row's titles on one line; the bars as
        tall as the room down to the stage's bottom allows (one scale for every chart)."""
        tokens, readings = self.example.tokens, self.readings
        n, k = len(tokens), len(readings)
        width = (TABLE_RIGHT - STAGE.body_left) * self.stretch  # what the shrink brings back to the stage's
        bottom = self.table_top - (self.table_top - STAGE.bottom) * self.stretch
        least = c.number(0.5).width + VALUE_GAP  # neighbouring weights on one line keep this far apart
        # two charts' weights side by side keep VALUE_BUFF apart once shrunk, bars however close (issue 30: English
        # corpus-20's frame round a chart's first weight came 1.7 px from the weight left of it at 480p)
        gap = max(CHART_GAP, VALUE_BUFF * self.grow + least / 2 - VALUE_GAP)

        def spacing(count: int, room: float) -> float:
            """The distance between bars with `count` charts side by side in `room`."""
            return min(SPACING, (room - (count - 1) * gap) / (count * n))

        note_room = max(NOTE_ROOM, bracket_width(self.trace)) + NOTE_GAP  # its bracket whole on a line
        beside = spacing(k, width - note_room) >= least
        per_row = k if beside or 2 * spacing(k, width) >= least else -(-k // 2)
        apart = max(least / 2, spacing(per_row, width - (note_room if beside else 0)))
        buff = VALUE_BUFF * self.grow  # once shrunk, VALUE_BUFF (see `build`)
        title_gap = TITLE_GAP * self.grow
        charts = [
            WeightChart(
                r.trace.weights,
                tokens,
                1.0,
                apart,
                i * n,
                buff,
                runs(singled_out(r.trace.weights)) if i == 0 else (),
            )
            for i, r in enumerate(readings)
        ]
        rows = [list(range(i, min(i + per_row, k))) for i in range(0, k, per_row)]
        right = STAGE.body_left + per_row * n * apart + (per_row - 1) * gap + NOTE_GAP
        if beside:  # beside the charts, wrapped to the room there
            self.note = caveat_note(self.trace, STAGE.body_left + width - right)
        # the lowest a chart's word may reach: room under it for a frame round its cell, and for the caveat
        shown = [*self.names, *[name for chart in charts for name in chart.labels]]
        self.legend = fit.legend(shown, width)
        under = self.legend.height + LEGEND_GAP if len(self.legend) else 0
        floor = bottom + (0 if beside else self.note.height + 0.3) + under
        title = max(r.weight_label.height for r in readings) + title_gap

        def height(tall: float) -> float:
            """How high the rows of charts are with bars `tall` for a weight of 1, titles and gaps included."""
            rows_high = [title + max(charts[i].height_at(tall) for i in row) for row in rows]
            return sum(rows_high) + WEIGHT_GAP * self.grow * (len(rows) - 1)

        most = (
            BAR_TALL * self.stretch / max(max(r.trace.weights) for r in readings)
        )  # BAR_TALL once shrunk back
        tall = tallest(lambda t: height(t) <= top - floor, BAR_SHORTEST, most)
        for reading, chart in zip(readings, charts):
            chart.stand(tall)
            reading.weights = chart
        for row in rows:
            peak = max(charts[i].values.get_top()[1] - charts[i].baseline.get_y() for i in row)
            base = top - title - peak  # the baseline of the row's charts
            for place, i in enumerate(row):
                chart = charts[i]
                left = STAGE.body_left + place * (n * apart + gap)
                chart.shift([left, base, 0] - chart.baseline.get_left())
                title_at = [chart.baseline.get_x(), base + peak + title_gap, 0]  # centred over the chart
                readings[i].weight_label.move_to(title_at, aligned_edge=DOWN)
            top = min(charts[i].get_bottom()[1] for i in row) - WEIGHT_GAP * self.grow
        self.opening = opening_chart(charts[0], [charts[i] for i in rows[0]])
        last = VGroup(*[charts[i] for i in rows[-1]])
        if beside:  # at the foot of the charts, clear of the projection's "n × n, learned" above
            self.note.move_to([right, last.get_bottom()[1], 0], aligned_edge=DOWN + LEFT)
        else:  # under them
            self.note.set_x(STAGE.body_left, LEFT).align_to([0, last.get_bottom()[1] - 0.3, 0], UP)
        self.legend.move_to(  # the cut names whole, under everything
            [STAGE.body_left, VGroup(last, self.note).get_bottom()[1] - LEGEND_GAP, 0], aligned_edge=UL
        )
        # until the caveat takes its room beside them, the charts stand in the middle of the width (review J9: the
        # right 30 % stood empty from the blend on); `aside`: how far right of their place beside the caveat
        lines = VGroup(self.opening, *[r.weight_line() for r in readings])
        room = STAGE.body_left + width - lines.get_right()[0] - (lines.get_left()[0] - STAGE.body_left)
        self.aside = room / 2 if beside else 0.0
        lines.shift(RIGHT * self.aside)

    def fit_table(self, top: float) -> None:
        """Everything under the formula shrunk by one factor, keeping its top left, if it runs past
        TABLE_RIGHT or the stage's bottom (every text with it, so each role keeps one size); then the bands
        round each head's rows."""
        content = VGroup(
            self.names, self.query_vector, self.query_name, self.keys, self.key_name, self.value_name,
            self.concat, self.concat_name, *[h.label for h in self.heads],
            *[VGroup(r.weight_label, r.weights, r.work()) for r in self.readings], self.opening,
            *[r for h in self.heads for r in h.blends], self.projection, self.note, self.warning, self.legend,
            self.divides,
        )  # fmt: skip
        corner, width = content.get_corner(UL), content.width
        self.too_wide = (TABLE_RIGHT - STAGE.body_left) / width < (top - STAGE.bottom) / content.height
        fit.shrink_to(content, width=TABLE_RIGHT - STAGE.body_left, height=top - STAGE.bottom)
        self.factor = content.width / width
        self.aside *= self.factor
        if self.factor < 1:
            content.move_to(corner, aligned_edge=UL)
            self.xs = [col.get_x() for col in self.keys.get_columns()]
        for head in self.heads:  # a band inside each matrix's brackets, never across them
            head.band = VGroup(
                *[band(m, head.coordinates, head.color, self.factor) for m in (self.query_vector, self.keys)]
            )
            head.out_band = band(self.concat, head.coordinates, head.color, self.factor)

    def park(self) -> None:
        """The formula's place until the blend needs the room right of K^T: there, each equation on two lines
        (`formula`), as large as the room allows up to READ_ZOOM, in the room's middle (review V6: the right third
        stood empty for 74 s while the formula beside the title was small); beside the title from the start where
        it would be no larger there (`where`: the formula the steps light)."""
        left = self.key_name.get_right()[0] + PARK_SIDE  # "= V^T" comes under K^T's name once it has gone
        top = self.heading.get_top()[1]
        under = [m for r in self.readings for m in (r.weight_label, r.weights)] + [self.legend, self.warning]
        below = [m.get_top()[1] for m in under if len(m) and m.get_right()[0] > left]
        bottom = max(below, default=STAGE.bottom) + PARK_GAP
        zoom = min(READ_ZOOM, (TABLE_RIGHT - left) / self.parked.width, (top - bottom) / self.parked.height)
        self.parked.scale(zoom).move_to([TABLE_RIGHT, (top + bottom) / 2, 0], aligned_edge=RIGHT)
        self.where = self.parked if zoom > PARK_LEAST else self.formula

    def reading_formula(self) -> LitFormula:
        """The formula as it is first read: on two lines (review V8b: on four, "softmax(" stood a line above its
        argument), alone in the stage's middle, as large as fits up to READ_ZOOM times body type."""
        read = LitFormula(formula(), role="body").dimmed()
        width, height = 2 * -STAGE.body_left, self.heading.get_bottom()[1] - STAGE.bottom - 2 * PARK_GAP
        read.scale(min(READ_ZOOM, width / read.width, height / read.height))
        return read.move_to([0, (self.heading.get_bottom()[1] + STAGE.bottom) / 2, 0])

    def light(self, *names: str) -> AnimationGroup:
        """Light the formula's parts `names` (none: all of them) where it stands now."""
        return self.where.light(*names)

    def unpark(self, *names: str) -> AnimationGroup:
        """The formula from beside K^T to its place beside the title, the parts `names` lit there: out, then in
        (moved, its four lines crossed as they became two)."""
        if self.where is self.formula:
            return self.light(*names)
        for part, name in zip(self.formula.formula, self.formula.names):
            part.set_opacity(1 if name in names else DIM)
        self.where = self.formula
        return AnimationGroup(
            FadeOut(self.parked, rate_func=FIRST_HALF), FadeIn(self.formula, rate_func=SECOND_HALF)
        )

    def changed_columns(self) -> list[VGroup]:
        """The columns of K^T (with their names) of the words whose vectors are new in this chapter."""
        tokens = list(self.example.tokens)
        columns = self.keys.get_columns()
        return [VGroup(columns[tokens.index(t)], self.names[tokens.index(t)]) for t in self.changed]

    def slice_rows(self, head: Head) -> list[list[Mobject]]:
        """The rows of `head`'s coordinates in q, then in K^T."""
        return [[m.get_rows()[k] for k in head.coordinates] for m in (self.query_vector, self.keys)]


@dataclass
class Reading:
    """One attention pattern's rows under the words (the single head's, or a narrow head's): its dot
    products and scores with their labels, and its weights (placed by the layout) with theirs."""

    trace: object  # the AttentionTrace it shows
    dots: VGroup
    scores: VGroup
    dot_label: Mobject
    score_label: Mobject
    weight_label: Mobject
    weights: WeightChart | None = None

    @classmethod
    def of(cls, trace, color: str, weight_label: Mobject) -> Reading:
        return cls(
            trace=trace,
            dots=printed_row(trace.dots),
            scores=printed_row(trace.scores),
            dot_label=c.math(r"q \cdot k_i", role="label", color=color),
            score_label=c.math(rf"\div {divisor_tex(trace.width, trace.divisor)}", role="label", color=color),
            weight_label=weight_label,
        )

    def work(self) -> VGroup:
        """Its work rows: dots and scores with their labels."""
        return VGroup(self.dots, self.scores, self.dot_label, self.score_label)

    def weight_line(self) -> VGroup:
        """Its row of weights with its label."""
        return VGroup(self.weights, self.weight_label)


@dataclass
class Head:
    """A narrow head: its coordinates (0-based), its label beside its slice, its `Reading`, its blend (a row
    per coordinate of its slice), and the bands round its slice of q and K^T and of the output."""

    coordinates: range
    color: str
    label: Mobject
    reading: Reading
    blends: list[BlendRow]
    band: Mobject | None = None
    out_band: Mobject | None = None

    @classmethod
    def of(cls, i: int, head, outputs: list[str], color: str) -> Head:
        """Head i (0-based) in `color`, from the trace's `head`; `outputs`: the concatenated output, as printed."""
        return cls(
            coordinates=range(head.coordinates.start, head.coordinates.stop),
            color=color,
            label=c.text(_("head %(number)s", number=i + 1), role="label", color=color),
            reading=Reading.of(
                head.trace, color, c.text(_("head %(number)s", number=i + 1), role="label", color=color)
            ),
            blends=blend_rows(head, color, outputs),
        )


def head_colors(count: int, tokens) -> list[str]:
    """The heads' colours: each, of the theme's head colours and the token colours no word of the lecture has,
    the one most unlike the words' colours in view and the heads' before it (`unlike`; issue 30: head 1's salmon
    beside "the"'s orchid), among those told apart from them and from the roles, text and muted colours, also
    by a colour-blind viewer (`told_apart`) where any is."""
    t = theme()
    view = [token_color(w) for w in tokens]
    taken = {token_color(w) for w in coloured_names(examples.current())} | set(view)
    offered = dict.fromkeys([*t.heads, *token_palette(t, len(taken) + len(t.tokens) + count)])
    pool = [colour for colour in offered if colour not in taken]
    fixed = [*t.roles().values(), t.text, t.muted, *view]
    chosen: list[str] = []
    while len(chosen) < count:
        free = [colour for colour in pool if colour not in chosen]
        apart = [colour for colour in free if all(told_apart(colour, o) for o in [*fixed, *chosen])]
        chosen.append(max(apart or free, key=lambda colour: min(unlike(colour, o) for o in [*view, *chosen])))
    return chosen


def unlike(a: str, b: str) -> float:
    """How unlike two colours look: CIE76 ΔE with the hue difference counted once more (a pale salmon and a
    saturated orchid are far apart in ΔE, yet read as one pink)."""
    return float(np.hypot(delta_e(a, b), hue_difference(lab(a), lab(b))))


def told_apart(a: str, b: str) -> bool:
    """Whether two colours are APART, and CVD_APART as each dichromat sees them (as a theme's meanings must be)."""
    return delta_e(a, b) > APART and all(
        np.linalg.norm(lab_of(simulate(a, d)) - lab_of(simulate(b, d))) >= CVD_APART for d in DEFICIENCIES
    )


def divisor_tex(width: int, divisor: float) -> str:
    r"""'\sqrt{width}', then '=' or '\approx' and the divisor to SCORE_PLACES."""
    return rf"\sqrt{{{width}}} {relation(divisor, SCORE_PLACES)} {fmt(divisor, SCORE_PLACES)}"


def printed(values, places: int) -> list[str]:
    """`values` as one column of cells prints them: one format, fewer decimals for large numbers."""
    return fmt_column(values, grid_places(values, places))


def printed_row(values) -> VGroup:
    return VGroup(*[c.math(s) for s in printed(values, SCORE_PLACES)])


def spread(animations: list, total: float, each: float = 0.6):
    """`animations` one after another over `total` seconds, each taking `each` (or all of `total` if alone),
    so that what a caption reads comes in as it reads it."""
    if len(animations) == 1:
        return animations[0].set_run_time(total)
    each = min(each, total)
    lag = (total / each - 1) / (len(animations) - 1)
    return LaggedStart(*animations, lag_ratio=lag, run_time=total)


def tallest(fits, low: float, high: float) -> float:
    """The largest height in [`low`, `high`] that `fits` (a test that holds up to some height), to a thousandth
    (`low` when none does): stepping down by hundredths lost up to one, 1 px of a bar at 480p."""
    if fits(high):
        return high
    while high - low > 1e-3:
        middle = (low + high) / 2
        low, high = (middle, high) if fits(middle) else (low, middle)
    return low


def band(matrix: Matrix, coordinates: range, color: str, scale: float) -> Rectangle:
    """A head's band round the rows `coordinates` of `matrix` (drawn at `scale` of its size): every band of a
    matrix as wide, clear of the widest entry and of the brackets alike at any scale (review 5: the river
    example's shrunk table put head 2's band 0.09 from q's bracket, round wider rows than head 1's)."""
    rows, entries = matrix.get_rows(), matrix.get_entries()
    reach = (ROW + HEAD_GAP - BAND_SEAM) * scale / 2  # from a row's centre, up or down
    top, bottom = rows[coordinates.start].get_y() + reach, rows[coordinates.stop - 1].get_y() - reach
    shape = Rectangle(
        width=entries.width + 2 * BAND_PAD * scale, height=top - bottom, color=color, stroke_width=3
    )
    return shape.move_to([entries.get_x(), (top + bottom) / 2, 0])


def wash(row: Mobject, band: Mobject, color: str) -> Rectangle:
    """A wash of `color` behind `row` (an entry of the concatenated output), across the inside of its head's
    `band` and no higher than the row: it lights the entry without moving a glyph (review round 5: a pulsed
    0.106 grew over its band)."""
    inside = band.width - 0.08  # clear of the band's stroke
    shade = Rectangle(
        width=inside, height=row.height + 0.08, stroke_width=0, fill_color=color, fill_opacity=0.6
    )
    return shade.move_to([band.get_x(), row.get_y(), 0]).set_z_index(-1)


def runs(indices) -> list[list[int]]:
    """`indices` sorted, in runs of consecutive ones: [2, 0, 1, 5] gives [[0, 1, 2], [5]]."""
    found: list[list[int]] = []
    for i in sorted(indices):
        if found and i == found[-1][-1] + 1:
            found[-1].append(i)
        else:
            found.append([i])
    return found


def quoted_list(words) -> str:
    """'“cat” and “sat”', '“a”, “b” and “c”', in the active language's marks and joins."""
    marks = [quoted(w) for w in words]
    if len(marks) == 1:
        return marks[0]
    return _("%(first)s and %(second)s", first=_(", ").join(marks[:-1]), second=marks[-1])


def reads_text(i: int, coordinates: range, trace) -> str:
    """Head i's first caption (0-based): the coordinates it reads, and its dots."""
    start, stop, dots = (
        coordinates.start + 1,
        coordinates.stop,
        said_vector(printed(trace.dots, SCORE_PLACES)),
    )
    if start == stop:
        return _(
            "Head %(number)s reads coordinate %(start)s: dots %(dots)s.", number=i + 1, start=start, dots=dots
        )
    return _(
        "Head %(number)s reads coordinates %(start)s-%(stop)s: dots %(dots)s.",
        number=i + 1,
        start=start,
        stop=stop,
        dots=dots,
    )


def warning_text(changed: list[str], reordered: bool) -> str:
    """The warning in short, as drawn: the words with new vectors, and whether they are the last chapter's words
    in another order ('' when there is nothing to warn of), in the active language."""
    parts = [_("new vectors here for %(words)s", words=quoted_list(changed))] if changed else []
    return _("; ").join(parts + ([_("the last chapter's words, in another order")] if reordered else []))


def weight_strings(trace) -> list[str]:
    return [f"{w:.{WEIGHT_PLACES}f}" for w in trace.weights]


def looks(tokens, weights) -> str:
    """'it looks at “money”' when one word's weight leads the others by LEAD, else 'it spreads over “money”
    and “loan”' (or 'over every word')."""
    near = leaders(weights)
    if len(near) == 1:
        return _("it looks at %(word)s", word=quoted(tokens[near[0]]))
    if len(near) == len(tokens):
        return _("it spreads over every word")
    return _("it spreads over %(words)s", words=quoted_list([tokens[j] for j in near]))


def opening_text(example, changed: list[str]) -> str:
    """The first caption: the words and the query; a warning when words of earlier chapters get new vectors."""
    width = len(example.query)
    if not changed:
        return _(
            "%(count)s words and one query, all of width %(width)s.", count=len(example.tokens), width=width
        )
    return _(
        "The same words, but %(words)s get new vectors of width %(width)s here.",
        words=quoted_list(changed),
        width=width,
    )


def words_before() -> tuple[str, ...]:
    """The words CausalMask, the chapter before, shows: maybe these in another order."""
    return examples.current().causal.tokens


def caveat_text(trace) -> str:
    """That heads need not specialise, and whether this example's do."""
    if specialise(trace):
        return _("Heads need not specialise: this example is built so that they do.")
    return _("Heads need not specialise: here they do not.")


def caveat_note(trace, width: float) -> Mobject:
    """The caveat in short, within `width`: on one line if it fits, else with its bracket on a line of its own,
    whole if it fits ('(here they do / not)' read badly: review 5), and the rest wrapped to the most characters a
    line that fit."""
    label = caveat_label(trace)
    parts = re.split(r"\s*(?=[(（])", label, maxsplit=1)  # before its bracket, as a language writes it
    wraps = range(max(map(len, parts)), 1, -1)  # down to two characters a line: Chinese has short words
    candidates = [[label]]
    candidates += [[*textwrap.wrap(parts[0], n), *parts[1:]] for n in wraps]
    candidates += [[x for p in parts for x in textwrap.wrap(p, n)] for n in wraps]
    for lines in candidates:
        note = c.text("\n".join(lines), role="label", color=theme().muted)
        # a room measured as the note is (`bracket_width`), give or take rounding
        if note.width <= width + 1e-6:
            break
    return note


def bracket_width(trace) -> float:
    """The width of the caveat's bracketed part, '(here they do not)', and a margin (Pango may set a text of
    several lines 0.01 wider than its widest line alone): the least a note beside the charts needs."""
    bracket = re.split(r"\s*(?=[(（])", caveat_label(trace), maxsplit=1)[-1]
    return c.width_of(bracket, role="label") + 0.05


def caveat_label(trace) -> str:
    """The caveat in short, for the picture."""
    if specialise(trace):
        return _("heads need not specialise (here they do)")
    return _("heads need not specialise (here they do not)")


def singled_out(weights) -> list[int]:
    """The single head's weights its tie beat singles out, largest first: every one printed as the largest
    is (a tie, of two or more), else the two largest."""
    order = sorted(range(len(weights)), key=lambda i: -weights[i])
    printed = [f"{weights[i]:.{WEIGHT_PLACES}f}" for i in order]
    tied = [i for i, shown in zip(order, printed) if shown == printed[0]]
    return tied if len(tied) > 1 else order[:2]


def every_product(query, keys, columns) -> bool:
    """Whether every product q_k k_jk of the dots of `columns` (words j) is non-zero: then every entry of q and
    of their keys is lit."""
    return all(query[k] * keys[j, k] != 0 for j in columns for k in range(len(query)))


def tie_text(tokens, weights, every: bool = False) -> tuple[str, str]:
    """What the single head's largest weights say (a tie of every word that has it, or how close the two
    largest come), then where their dots come from: two captions. `every`: each of their products is non-zero,
    so every entry of q and of their keys stays lit (nothing to point at: the caption says why)."""
    chosen = singled_out(weights)
    printed = [said(f"{weights[i]:.{WEIGHT_PLACES}f}") for i in chosen]
    names = [tokens[i] for i in chosen]
    if len(set(printed)) == 1:
        tied = _("%(words)s tie at %(weight)s.", words=quoted_list(names), weight=printed[0])
        return tied, _("Summed over every coordinate, their dots are equal.")
    largest = _(
        "Its two largest weights: %(first)s %(first_weight)s, %(second)s %(second_weight)s.",
        first=quoted(names[0]),
        first_weight=printed[0],
        second=quoted(names[1]),
        second_weight=printed[1],
    )
    if every:
        return largest, _("Their dots use every coordinate: no entry of q or of their keys is zero.")
    return largest, _("Their dots come from the entries of q and Kᵀ left lit.")


def term_tex(weight: str, value: float) -> str:
    r"""'w \cdot v' (a weight times a value, as printed), a negative value in brackets."""
    shown = fmt_input(value)
    return rf"{weight} \cdot {f'({shown})' if shown.startswith('-') else shown}"


def blend_rows(head, color: str, outputs: list[str]) -> list[BlendRow]:
    """A head's blend, a row per coordinate of its slice (`outputs`: the concatenated output, as printed)."""
    rows = []
    for local, k in enumerate(range(head.coordinates.start, head.coordinates.stop)):
        label = c.math(rf"w_i\, v_{{i,{k + 1}}}", role="label", color=color)
        rows.append(BlendRow(label, head.trace.weights, head.trace.values[:, local], outputs[k]))
    return rows


def column_matrix(rows, color: str, pitch: float = 1.0, heads: tuple[int, ...] = ()) -> Matrix:
    """A matrix of printed entries with its columns `pitch` apart and its rows ROW apart, HEAD_GAP more before
    each row in `heads` (a head's first but the first head's), its brackets whole."""
    matrix = Matrix(
        rows,
        v_buff=ROW,
        h_buff=pitch,
        bracket_h_buff=BRACKET_SIDE,
        bracket_v_buff=BRACKET_END,
        element_alignment_corner=[0, 0, 0],
        element_to_mobject=SansTex,
        element_to_mobject_config={"font_size": tex_size("number"), "color": color},
        bracket_config={"color": color},
    )
    for k, row in enumerate(matrix.get_rows()):
        row.shift(DOWN * HEAD_GAP * sum(k >= first for first in heads))
    entries = matrix.get_entries()
    matrix.get_brackets().stretch_to_fit_height(entries.height + 2 * BRACKET_END).set_y(entries.get_y())
    return seamless(matrix)


class WeightChart(WeightBars):
    """One reading's weights as a small bar chart, as every chapter draws weights: a bar per word on one
    baseline, `spacing` apart, in its word's colour and `tall` high for a weight of 1, its weight printed above
    it and its word under it (`WeightBars`, with no total). When the bars are closer than a number's width, each
    weight clears its neighbours' bars too and stands above the weight before it (`floors`). The words stand on
    the fewest staggered rows on which none is cut below `fit.LEAST_LETTERS` letters, word j on row (`first` + j)
    mod rows (`first`: the words of the charts before it, so that neighbouring charts' words alternate too).
    `buff`: between a bar and its weight above it; `together`: runs of neighbouring weights framed as one (the tie's).
    `cells[j]`: word j's bar, weight and name."""

    def __init__(
        self,
        weights,
        tokens,
        tall: float,
        spacing: float,
        first: int = 0,
        buff: float = VALUE_BUFF,
        together=(),
    ):
        super().__init__(
            tokens, weights, height=tall, bar_width=BAR_SHARE * spacing, spacing=spacing, show_total=False
        )
        self.weights = [float(w) for w in weights]
        self.buff, self.together = buff, together
        least = max(fit.least_width(t) for t in tokens)
        rows = fit.first_that_fits(range(1, NAME_ROWS + 1), lambda r: r * spacing - NAME_SPACE >= least)
        names = fit.distinct_names(tokens, rows * spacing - NAME_SPACE)
        staggered_names(self, names, rows, NAME_DROP, first)
        self.labels.shift(
            UP * (NAME_BUFF - NAME_GAP)
        )  # WeightBars hangs its words NAME_BUFF under the baseline
        self.cells = [VGroup(b, v, n) for b, v, n in zip(self.bars, self.values, self.labels)]
        self.stand(tall)

    def floors(self, tall: float) -> list[float]:
        """How high above the baseline each weight's number stands with bars `tall` for a weight of 1: `buff` over
        every bar less than `buff` from it sideways and, if need be, over every weight before it that stands less
        than `buff` from it sideways (TIE_GAP if the two are framed as one), so that a frame round one weight, or
        round a run framed together, keeps 4 px at 480p from every other number and every bar (issue 30: German
        corpus-15's and English corpus-20's frames crossed the neighbouring numbers)."""
        floors: list[float] = []
        for j, value in enumerate(self.values):
            bars = [k for k, bar in enumerate(self.bars) if beside(value, bar, self.buff)]
            floor = max(max(self.weights[k] for k in bars), MIN_BAR) * tall + self.buff
            rooms = [(k, self.room(j, k)) for k in range(j)]
            before = [(k, room) for k, room in rooms if beside(value, self.values[k], room)]
            # exactly `room` apart is apart: rounding must not decide (zh corpus-06's 0.006 rose by a line)
            while clash := [
                floors[k] + self.values[k].height + room
                for k, room in before
                if floors[k] - value.height - room + fit.HAIR
                < floor
                < floors[k] + self.values[k].height + room - fit.HAIR
            ]:
                floor = max(clash)
            floors.append(floor)
        return floors

    def room(self, j: int, k: int) -> float:
        """How far apart weights j and k keep: TIE_GAP if they are framed as one, else `buff`."""
        return TIE_GAP if any(j in run and k in run for run in self.together) else self.buff

    def peak_at(self, tall: float) -> float:
        """How high its highest number reaches over the baseline with bars `tall` for a weight of 1."""
        return max(f + v.height for f, v in zip(self.floors(tall), self.values))

    def height_at(self, tall: float) -> float:
        """How high the chart is with bars `tall` for a weight of 1: its highest number over its words."""
        return self.peak_at(tall) + self.baseline.get_y() - self.labels.get_bottom()[1]

    def stand(self, tall: float) -> None:
        """Bars `tall` for a weight of 1, each weight's number at its floor (see `floors`)."""
        self.max_height = self.tall = tall
        self.set_weights(self.weights)
        base = self.baseline.get_y()
        for value, floor in zip(self.values, self.floors(tall)):
            value.shift(UP * (base + floor - value.get_bottom()[1]))

    def axis(self) -> VGroup:
        """The baseline and the words under it: what the bars stand on."""
        return VGroup(self.baseline, self.labels)

    def cell_in(self, j: int) -> AnimationGroup:
        """Word j's weight coming in: its bar growing up from the baseline, its number above it."""
        return AnimationGroup(GrowFromEdge(self.bars[j], DOWN), FadeIn(self.values[j], shift=UP * 0.1))


def opening_chart(single: WeightChart, row: list[WeightChart]) -> WeightChart:
    """The single head's chart as it first stands alone under the work rows: its bars on a scale of their own, its
    tallest as tall as the tallest of its row of charts and its numbers no higher (review C9c: on the heads'
    common scale its largest weight was a 27 px bar beside their 61 px); it takes the common scale as the heads come."""
    peak = max(chart.peak_at(chart.tall) for chart in row)
    most = single.tall * max(max(chart.weights) for chart in row) / max(single.weights)
    opening = single.copy()
    opening.stand(tallest(lambda t: single.peak_at(t) <= peak + 1e-9, single.tall, most))
    return opening


def weight_frame(chart: WeightChart, j: int) -> Mobject:
    """A frame in its bar's colour round weight j of `chart`: round the number alone, TEXT_FRAME from its digits
    and clear of its bar (review C9c: round bar, number and word it crossed the axis, 2 px over the number)."""
    return framed(chart.values[j], chart.bars[j].get_fill_color(), buff=TEXT_FRAME)


def beside(a: Mobject, b: Mobject, room: float) -> bool:
    """Whether `a` and `b` stand less than `room` apart sideways."""
    return a.get_left()[0] - room < b.get_right()[0] and b.get_left()[0] < a.get_right()[0] + room


def step_frame(parts, color: str) -> VMobject:
    """One frame round `parts` (neighbours, left to right): a box TEXT_FRAME round each and the room two neighbours'
    boxes share in height, drawn as one outline, each box hugging its own part (issue 30: one box round weights at
    different heights crossed the taller bar, corpus-09, -15 and -16); boxes that share no height stay apart."""
    boxes = [SurroundingRectangle(part, buff=TEXT_FRAME) for part in parts]
    bridges = [bridge for a, b in zip(boxes, boxes[1:]) if (bridge := between(a, b))]
    if len(boxes) == 1:
        return boxes[0].set_stroke(color, FRAME_STROKE)
    return Union(*boxes, *bridges, color=color, stroke_width=FRAME_STROKE)


def between(a: Mobject, b: Mobject) -> Rectangle | None:
    """The room from box `a`'s centre to box `b`'s at the height both span, if they share one."""
    bottom, top = max(a.get_bottom()[1], b.get_bottom()[1]), min(a.get_top()[1], b.get_top()[1])
    if top <= bottom:
        return None
    room = Rectangle(width=abs(b.get_x() - a.get_x()), height=top - bottom)
    return room.move_to([(a.get_x() + b.get_x()) / 2, (top + bottom) / 2, 0])


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

    def place(self, xs, y: float, result_left: float) -> None:
        """Terms on the columns `xs`, pluses between them, the result from `result_left` (review V8b: it stood
        75 px right of the sum, under the output's column)."""
        self.label.set_x(STAGE.body_left, LEFT).set_y(y)
        for term, x in zip(self.terms, xs):
            term.move_to([x, y, 0])
        for plus, a, b in zip(self.pluses, xs, xs[1:]):
            plus.move_to([(a + b) / 2, y, 0])
        self.result.next_to([result_left, y, 0], RIGHT, buff=0).set_y(y)


class Projection(VGroup):
    """The output projection drawn: the concatenated heads as a row, times W^O (a square box of as many rows
    and columns as the row has entries, learned: no numbers), giving the output, said in one phrase to be as many
    numbers, each a mix of all the row's (review 7: a row of empty cells read as unfinished; issue 30: "output"
    over "four numbers" read as two labels)."""

    def __init__(self, outputs: list[str], side: float):
        super().__init__()
        n = len(outputs)
        pitch = max(SansTex(x, font_size=tex_size("number")).width for x in outputs) + GAP
        self.row = column_matrix([outputs], theme().output, pitch=pitch)
        self.entries = self.row.get_entries()
        self.times = c.math(r"\times")
        grid = VGroup(
            *[Line([0, k * side / n, 0], [side, k * side / n, 0]) for k in range(1, n)],
            *[Line([k * side / n, 0, 0], [k * side / n, side, 0]) for k in range(1, n)],
        ).set_stroke(theme().muted, width=GRID_STROKE, opacity=DIM)  # the entries it learns, unknown here
        square = Square(side, color=theme().text, stroke_width=BOX_STROKE).move_to(grid)
        name = c.math("W^O", color=theme().text)
        size = c.text(_("%(count)s × %(count)s, learned", count=n), role="label", color=theme().muted)
        VGroup(name, size).arrange(DOWN, aligned_edge=LEFT, buff=0.08).next_to(square, RIGHT, buff=0.15)
        self.box = VGroup(square, grid, name, size)  # the name and its size centred beside the square
        said = VGroup(  # its numbers depend on W^O, which is not given: named and counted, and what each is
            c.text(_("output: %(count)s numbers", count=n), role="label", color=theme().output),
            c.text(_("each a mix of all %(count)s", count=n), role="label", color=theme().muted),
        ).arrange(DOWN, aligned_edge=LEFT, buff=0.08)
        self.result = VGroup(c.math("="), said)
        self.result.arrange(RIGHT, buff=0.2)
        VGroup(self.row, self.times, self.box, self.result).arrange(RIGHT, buff=0.25)
        self.add(self.row, self.times, self.box, self.result)
