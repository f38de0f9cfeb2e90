"""Blend by weight (source 003): softmax weights that sum to 1 multiply the values."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UL,
    UP,
    UR,
    Arrow,
    Create,
    DashedLine,
    Dot,
    FadeIn,
    FadeOut,
    GrowArrow,
    GrowFromPoint,
    LaggedStart,
    ReplacementTransform,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
    Write,
)

from attention import examples
from attention.examples.story import count
from i18n import _, ngettext
from i18n.words import said, said_vector
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    Relation,
    Tex,
    exp_column,
    exp_ratio_tex,
    exp_sum_tex,
    exp_text,
    fmt_column,
    fmt_input,
    plain,
    sign,
    tex_sign,
    vector_tex,
)
from scenes.kit.arrows import STROKE_UNIT, vector
from scenes.kit.bars import WeightBars, baseline_of, stand_on
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_BUFF, FRAME_STROKE, TEXT_FRAME, framed, up_hold_down
from scenes.kit.formula_slot import formula_slot, formula_word, pin
from scenes.kit.magnifier import Magnifier
from scenes.kit.palette import DIM, theme, token_color
from scenes.kit.stage import STAGE
from scenes.kit.value_plane import NAME_WIDTH as PLANE_NAME_WIDTH
from scenes.kit.value_plane import SHORTEST, TERM_WIDTH, ValuePlane, blend_rows, drop_crowded_values, place
from scenes.kit.vector_rows import one_size, output_tex

EXP_PLACES = 3  # source 003 prints exponentials and their sum to three places
PLANE_BOX = (6.0, 5.5)  # the most the values' plane may cover
PLANE_TOP_RIGHT = np.array([STAGE.right - 0.7, 1.8, 0])  # where the values' plane's top right corner is
STAGE_WIDTH = 13.4  # from STAGE.body_left to the right edge of what may be drawn
BAR_SPACING = 3.9  # the bars' width, shared by the tokens, at the least
VALUE_ROOM = 0.35  # between two neighbouring weights printed over their bars, at the least
BARS_WIDEST = 6.0  # the bars may spread to this width so that their names are whole
NAME_SPACE = 0.15  # between two neighbouring names under the bars
BARS_BELOW = 0.5  # between the sum line and the bars under it, where they do not fit beside the table
TOTAL_BUFF = (
    0.15  # round the bars' 'sum of weights' line, the frame drawn round it (review V7: 0.1 hugged it)
)
OUTPUT_BUFF = 0.2  # round the output line, its frame
SECOND_GAP = (
    0.3 - OUTPUT_BUFF / 2
)  # between the lines beside the plane, the output's two OUTPUT_BUFF more: as tall
BAR_HEIGHT = 1.8  # the height of a weight of 1
NAME_WIDTH = 1.6  # a token's name in the table is cut to this width
VALUES_SECONDS = 2.5  # the values' arrows grow from the origin one after another
VALUE_WIDTH = 6  # stroke of a value's arrow: three times the axes', so one along an axis is not taken for it
VALUE_DOT = 0.1  # radius of the dot drawn for a zero value
NAME_GAP = 0.12  # between a value's word and its coordinates
LABEL_GAP = 0.15  # between a value's tip and its label, and round the label when it is checked for clearance
LABEL_REACH = 2  # a value's label stands at most this many of its lines (with their gaps) beyond LABEL_GAP
LABEL_STEP = 0.05  # the grid a value's label's place is looked for on
OUTPUT_STROKE = 12  # the output's arrow, the chapter's point: the thickest on the plane (a term's is 7)
HEADS_OVER = 4  # the plane's heads are drawn from this z-index up, over every shaft (1 to 3)
FRAME_UNDER = -1  # the output's frame: under everything on the plane (axes, grid, labels: 0; arrows: 1 up)
OPEN_HEAD = 3  # the output's head drawn as an outline this wide where a term's as large ends at its tip
HEAD_ROOM = 0.06  # between the output's head and a term's ending at its tip, drawn short of it (3 px at 480p)
HEAD_STEP = 0.01  # the step a term ending at the output's tip is drawn shorter by, until its head is clear
HALO = 8  # round the output's arrow, the background's colour this much wider: it stands off what it lies on
CLOSE_UP_BELOW = 1.2  # an output's arrow shorter than this (scene units) is also drawn magnified
CLOSE_UP, CLOSE_UP_MARGIN = (2.0, 1.6, 1.3), 0.3  # the magnified square's sides, the largest free first; the
# room round the arrow in it, a share of the side
CLOSE_UP_STEP, CLOSE_UP_GAP = 0.1, 0.25  # the grid its place is looked for on; its room from what is drawn
CLOSE_UP_GAIN = 2  # it draws the arrow at least this many times larger, or not at all


class BlendByWeight(ChapterScene):
    """Scores -> exponentials -> weights (bars) -> weights times values -> one output vector."""

    def inputs(self):
        return examples.current().blend

    def construct(self):
        self.build()
        self.scores()
        self.exponentiate()
        self.normalise()
        self.blend()
        self.distinguish()

    def scores(self) -> None:
        self.beat("Scores from the last step")
        self.play(FadeIn(self.heading), FadeIn(self.strip.dimmed()), run_time=1)
        caption = _("Softmax turns scores into weights; the weights then mix the values.")
        self.show(
            LaggedStart(*[FadeIn(part, shift=RIGHT * 0.2) for part in self.roadmap], lag_ratio=0.25),
            run_time=1.6,
            caption=caption,
        )
        self.read_along(self.roadmap[::2], caption, 1.6)  # its steps framed as read (was a 3 s still)
        self.play(
            FadeOut(self.roadmap), run_time=0.5
        )  # gone before the scores come where it stood (review V7)
        self.show(
            FadeIn(self.names),
            FadeIn(self.score_cells),
            run_time=1,
            caption=_("Start from the scores of the last chapter."),
            hold=2,
        )

    def exponentiate(self) -> None:
        self.beat("Exponentiate")
        self.show(
            LaggedStart(*[FadeIn(e, shift=RIGHT * 0.2) for e in self.exp_cells], lag_ratio=0.4),
            self.strip.light("exp"),
            run_time=1.6,
            caption=_("Exponentiate each score: every result is positive."),
            hold=0.8,
        )
        (sum_row,) = self.sum_line.relations
        exp_sum, sum_sign = sum_row.result, sum_row.sign
        self.show(
            Write(self.sum_line),
            run_time=1.2,
            caption=(
                _("Their sum is %(sum)s.", sum=said(plain(exp_sum)))
                if sum_sign == "="
                else _("Their sum is about %(sum)s.", sum=said(plain(exp_sum)))
            ),
            hold=1,
        )

    def normalise(self) -> None:
        self.beat("Divide by the sum")
        self.show(
            LaggedStart(*[FadeIn(r, shift=RIGHT * 0.2) for r in self.ratio_cells], lag_ratio=0.4),
            run_time=1.6,
            caption=_("Divide each by the sum: these are the weights."),
        )
        self.show(
            FadeIn(self.bars),
            run_time=1.2,
            caption=_(
                "The weights sum to 1: as printed, %(total)s.",
                total=said(self.bars.total.relations[0].result),
            ),
        )
        self.play(FadeIn(self.total_box), run_time=0.8)
        self.wait(2)

    def blend(self) -> None:
        self.beat("Weights times values")
        tr = self.trace
        total = VGroup(self.total_box, self.bars.total_label, self.bars.total)
        self.play(
            FadeOut(self.table),
            FadeOut(self.sum_line),
            FadeOut(total),
            self.strip.light("blend"),
            run_time=0.8,
        )
        self.bars.remove(self.bars.total_label, self.bars.total)
        # dimmed beside the plane, each bar lit as its weight scales its value
        self.play(self.bars.animate.move_to(self.slot).set_opacity(DIM), run_time=1)
        origin = self.plane.plane.c2p(0, 0)
        caption = values_caption(tr.values)
        self.show(
            FadeIn(self.plane.plane),
            LaggedStart(*[GrowFromPoint(mark, origin) for mark in self.plane.marks], lag_ratio=0.7),
            run_time=VALUES_SECONDS,
            caption=caption,
        )
        self.read_along(
            [mark[1] for mark in self.plane.marks], caption, VALUES_SECONDS
        )  # the list, label by label
        self.say(_("Each weight scales its value; the scaled values add up, tip to tail."))
        for i, (row_name, row_cell) in enumerate(zip(*self.rows.columns)):
            bar = self.bars.bars[i]
            self.play(
                VGroup(bar, *self.bar_values[i : i + 1], self.bars.labels[i]).animate.set_opacity(1),
                FadeIn(row_name),
                Write(row_cell),
                *scaled_value(self.plane, i, tr.weights[i]),
                run_time=1.1,
            )
        self.play(GrowArrow(self.plane.output), Write(self.output_line), run_time=1.2)
        self.wait(1)

    def read_along(self, parts, caption: str, spent: float) -> None:
        """`parts` framed one after another over what is left of `caption`'s time (`spent` of it gone), so the
        picture follows the words rather than standing still under them."""
        self.play(
            LaggedStart(*[framed(p) for p in parts], lag_ratio=1),
            run_time=max(1.0, self.caption_time(caption) - spent - 0.3),
        )

    def distinguish(self) -> None:
        tr = self.trace
        self.beat(f"A vector, not {count(len(tr.weights))} weights")
        caption = _(
            "The output %(output)s is one vector in the values' plane,",
            output=said_vector(r.result for r in self.output_line.relations),
        )
        # the output's head, drawn open over a term's, filled as the terms recede (open over a value's to the end)
        shut = [self.plane.output.tip.animate.set_fill(opacity=1)] if self.shut_head else []
        self.show(
            Create(self.coordinates.lines),
            FadeIn(self.coordinates.numbers),
            FadeIn(self.output_box),
            FadeIn(self.counts[1]),
            self.receded.animate.set_opacity(DIM),
            *shut,
            run_time=1.2,
            caption=caption,
        )
        # while the caption is read: the arrow, then its coordinates one by one
        rest = max(self.caption_time(caption) - 1.2, 1.5)
        close = [FadeIn(self.close_up)] if self.close_up else []  # a short output, magnified beside the plane
        self.play(framed_along(self.plane.output), *close, run_time=rest / 2)
        numbers = [framed(n, theme().output) for n in self.coordinates.numbers]
        self.play(LaggedStart(*numbers, lag_ratio=1), run_time=rest / 2)
        self.show(
            FadeIn(self.counts[0]),
            framed(self.bars, buff=TEXT_FRAME),  # review T9: 3 px under the names at 480p with FRAME_BUFF
            self.strip.light(),
            run_time=2,
            caption=ngettext(
                "not the %(num)s weight that mixed it.",
                "not the %(num)s weights that mixed it.",
                len(tr.weights),
            ),
            hold=1,
        )

    # layout: made once by build(), before any beat plays

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.trace = self.example.trace(0)
        tr, tokens = self.trace, self.example.tokens
        self.heading = c.chapter_title(_(self.title), _("Softmax weights sum to one and multiply the values"))
        self.strip = pin(formula_slot(output=_("output")), self.heading)
        names = fit.names(tokens, NAME_WIDTH)
        scores = fmt_column(tr.scores, SCORE_PLACES)
        score_cells = [c.math(f"s = {s}") for s in scores]
        exps = exp_column(tr.scores, EXP_PLACES)  # one format down the column, in the sum and the ratios too
        exp_cells = [c.math(exp_cell(printed, s, exps)) for printed, s in zip(scores, tr.scores)]
        ratio_cells = [
            c.math(exp_ratio_tex(s, tr.log_exp_sum, w, exps, WEIGHT_PLACES))
            for s, w in zip(tr.scores, tr.weights)
        ]
        self.table = level_rows(
            c.Grid(names, score_cells, exp_cells, ratio_cells, col_buff=0.6, row_buff=0.3)
        )
        self.names, self.score_cells, self.exp_cells, self.ratio_cells = self.table.columns
        total = formula_word(_("sum"), "sum")
        self.sum_line = c.math(rf"\text{{{total}}} = " + exp_sum_tex(tr.scores, tr.log_exp_sum, exps))
        self.bars = WeightBars(
            tokens,
            tr.weights,
            height=BAR_HEIGHT,
            spacing=bar_pitch(tokens, tr.weights),
            total_words=_("sum of weights"),
        )
        self.bar_values = drop_crowded_values(self.bars)
        self.plane = ValuePlane(tokens, tr.values, *PLANE_BOX).set_blend(tr.weights)
        value_marks(self.plane, tokens)
        self.receded = stand_out(self.plane)
        end_short(self.plane)
        self.shut_head = layer(self.plane)
        self.rows = blend_rows(tr, tokens)
        terms = [r for cell in self.rows.columns[1] for r in cell.relations]
        self.output_line = c.math(output_tex(terms, tr.output, _("output")), color=theme().output)
        self.counts = (
            c.text(
                ngettext("%(num)s weight, summing to 1", "%(num)s weights, summing to 1", len(tokens)),
                role="label",
                color=theme().muted,
            ),
            c.text(_("1 vector, 2 coordinates"), role="label", color=theme().output),
        )
        self.roadmap = roadmap()
        self.layout()
        texts = [*self.rows.columns[1], self.output_line, *self.counts]
        self.coordinates = CoordinateMarks(self.plane, tr.output, self.output_line.relations, texts)
        beside = [self.slot, self.rows, self.output_line, *self.counts]
        place_value_labels(self.plane, self.coordinates, beside)  # the coordinates take their feet first
        one_size(self.coordinates, self.factor)
        self.total_box = SurroundingRectangle(
            VGroup(self.bars.total_label, self.bars.total), color=theme().text, buff=TOTAL_BUFF
        )
        self.output_box = SurroundingRectangle(self.output_line, color=theme().output, buff=OUTPUT_BUFF)
        shown = [
            self.heading,
            self.strip,
            self.slot,
            *self.counts,
            self.rows,
            self.output_box,
            self.coordinates,
        ]
        self.close_up = close_up(self.plane, tr.output, [*shown, *self.plane.marks, self.plane.plane])

    def layout(self) -> None:
        """Table and sum under the formula strip with the bars beside them (under them if beside they would
        shrink everything more); later the bars, the rows w_i v_i and the output left of the values' plane.
        All shrink by one factor if either is too large (every text with them, so each role keeps one size;
        the strip keeps its small size, the least)."""
        top = self.strip.get_bottom()[1] - 0.35
        self.plane.shift(PLANE_TOP_RIGHT - self.plane.plane.get_corner(UR))
        softmax = VGroup(self.table, self.sum_line).arrange(DOWN, aligned_edge=LEFT, buff=0.45)
        self.sum_line.align_to(self.exp_cells, LEFT)
        self.slot = self.bars.copy()  # where the bars stand beside the plane
        self.slot.remove(*self.slot.submobjects[-2:])  # no total beside the plane
        second = VGroup(self.slot, self.counts[0], self.rows, self.output_line, self.counts[1])
        second.arrange(DOWN, aligned_edge=LEFT, buff=SECOND_GAP)
        VGroup(*second[1:]).shift(DOWN * TEXT_FRAME / 2)  # room for the bars' frame (review T9)
        VGroup(self.output_line, self.counts[1]).shift(DOWN * OUTPUT_BUFF)  # room for the output's frame
        self.counts[1].shift(DOWN * OUTPUT_BUFF)
        room = top - STAGE.bottom
        rest = min(1, (self.plane.get_left()[0] - 0.4 - STAGE.body_left) / second.width, room / second.height)
        w, h, bars = softmax.width, softmax.height, self.bars
        beside = min(STAGE_WIDTH / (w + 0.8 + bars.width), room / max(h, bars.height))
        below = min(STAGE_WIDTH / max(w, bars.width), room / (h + BARS_BELOW + bars.height + 2 * TOTAL_BUFF))
        if min(rest, beside) >= min(rest, below):  # beside, unless it shrinks everything more
            way, gap, edge, fits = RIGHT, 0.8, UP, beside
        else:
            way, gap, edge, fits = DOWN, BARS_BELOW, LEFT, below
        first = VGroup(softmax, bars.copy()).arrange(way, buff=gap, aligned_edge=edge)
        self.factor = min(rest, fits)
        for group in (first, second):
            group.scale(self.factor).move_to([STAGE.body_left, top, 0], aligned_edge=UL)
        self.roadmap.scale(self.factor).move_to(first).set_x(0)
        self.bars.replace(first[1])
        one_size(VGroup(softmax, self.bars, second, self.plane, self.roadmap), self.factor)
        pin(self.strip, self.heading)
        self.bars.max_height *= self.factor


def values_caption(values) -> str:
    """'The values live in their own plane: [1, 0], [0, 1], [0, 0].': the list last, so that a caption too long
    for one cue is cut at the colon, not inside the list (review 7: '…[−0.9, 1.15],' / '[−1.05, 0.35] live…')."""
    listed = _(", ").join(said_vector(fmt_input(x) for x in v) for v in values)
    return _("The values live in their own plane: %(values)s.", values=listed)


def level_rows(table: c.Grid) -> c.Grid:
    """Each row's cells on the baseline of its score: the grid centres them, and an exponential stood
    low by half its exponent (review V7: three baselines, 6 px apart at 1080p). The exponential's 'e' and the
    weight's last digit stand on it."""
    for i in range(len(table.columns[0])):
        name, score, exp, ratio = table.row(i)
        line = baseline_of(score)
        name.shift(UP * (line - baseline_of(name)))
        exp.shift(UP * (line - baseline_of(exp)))
        stand_on(ratio, line)
    return table


def exp_cell(printed: str, score: float, places: int) -> Tex:
    """'e^{0.178} ≈ 1.194': e to the score as its cell prints it, rounded to the column's `places` (review 7:
    '0.178…' for 0.1775 read as 'and more'), '=' only where that printed exponent gives the printed result
    exactly."""
    result = exp_text(score, places)
    rel = Relation((printed,), "exp", "=" if sign("exp", [printed], result) == "=" else "≈", result)
    return Tex(f"e^{{{printed}}} {tex_sign(rel)} {result}", [rel])


def stand_out(plane: ValuePlane) -> VGroup:
    """The output's arrow made the clearest on `plane`: the thickest, drawn over the terms, in a halo of the
    background's colour where it lies on them (review 7: under a longer term and as thin, its head on the
    chain, the chapter's point was the hardest thing to see). Returns what recedes once the output is named:
    the terms drawn (one too short to show stays hidden; the values' arrows stay, a name's tip over a name
    would show through them)."""
    output = plane.output
    start, end = output.get_start(), output.get_end()
    if output.get_stroke_opacity() > 0:  # not an output too short to show
        output.become(output_arrow(start, end))
    plane.remove(output).add(output)  # over the terms and the values
    return VGroup(*[term for term in plane.terms if term.get_stroke_opacity() > 0])


def end_short(plane: ValuePlane) -> None:
    """A term ending at the output's tip (the chain's last) drawn just short of it, its head HEAD_ROOM clear of the
    output's (review T9: the default 'sat' term's head lay on the output's, one blot at 480p), where it keeps half
    its length and points another way (one pointing the output's way is its head drawn twice). `.short_by`: how
    far short of the end it stands for (as the rows print it) each term's drawn end is."""
    output = plane.output
    for term in plane.terms:
        term.short_by = np.zeros(3)
    if not isinstance(output, Arrow) or output.get_stroke_opacity() == 0:
        return
    for term in plane.terms:
        start, end = term.get_start(), term.get_end()
        way = unit(end - start)
        at_tip = np.linalg.norm(end - output.get_end()) <= output.tip.length / 2
        if (
            term.get_stroke_opacity() == 0
            or not at_tip
            or np.dot(way, unit(output.tip.vector)) > np.cos(np.radians(5))
        ):
            continue
        for back in np.arange(HEAD_STEP, np.linalg.norm(end - start) / 2, HEAD_STEP):
            shorter = vector(start, end - way * back, term.get_color(), TERM_WIDTH)
            if heads_apart(shorter.tip, output.tip, HEAD_ROOM):
                place(term, start, shorter.get_end(), TERM_WIDTH)
                term.short_by = end - term.get_end()
                break


def heads_apart(a, b, gap: float) -> bool:
    """Whether the heads `a` and `b` (triangles) stand `gap` apart at least: their outlines that far apart, and no
    corner of one inside the other."""
    corners = [tip.get_vertices()[:, :2] for tip in (a, b)]
    one, other = [outline(c3) for c3 in corners]
    near = np.linalg.norm(one[:, None] - other[None], axis=2).min()
    return near >= gap and not inside(corners[0], corners[1]) and not inside(corners[1], corners[0])


def outline(corners, points: int = 20) -> np.ndarray:
    """Points along the sides of the polygon `corners`."""
    t = np.linspace(0, 1, points)[:, None]
    return np.vstack([p + (q - p) * t for p, q in zip(corners, np.roll(corners, -1, axis=0))])


def inside(points, triangle) -> bool:
    """Whether any of `points` lies inside `triangle` (its three corners)."""
    sides = np.array(
        [
            (q - p)[0] * (points - p)[:, 1] - (q - p)[1] * (points - p)[:, 0]
            for p, q in zip(triangle, np.roll(triangle, -1, axis=0))
        ]
    )
    return bool(np.any(np.all(sides > 0, axis=0) | np.all(sides < 0, axis=0)))


def layer(plane: ValuePlane) -> bool:
    """The plane's arrows over whatever else is drawn on it (the output's dashed coordinates ran along a term and
    over its head), their shafts values, then terms, then the output, and every head over every shaft, the
    larger first: the last term ends where the output does, and its head lay under the output's; a term's head
    on the output's shaft, or at its tip, shows. A value's head that a term's would hide (`hides`) is drawn over
    it. The output's head is drawn open (an outline) where it would hide a term's or a value's; whether it
    must be filled again as the terms recede (it hides no value's head) returned."""
    values = [mark[0] for mark in plane.marks]  # an arrow, or the zero value's dot
    for z, shapes in enumerate((values, plane.terms, [plane.output]), start=1):
        for shape in shapes:
            shape.set_z_index(z)
    heads = [arrow.tip for arrow in (*values, *plane.terms, plane.output) if isinstance(arrow, Arrow)]
    by_size = sorted(
        heads, key=lambda tip: -round(tip.length, 3)
    )  # the output's last of equal ones (the list's)
    for z, tip in enumerate(by_size, start=HEADS_OVER):
        tip.set_z_index(z)
    value_heads = [value.tip for value in values if isinstance(value, Arrow)]
    for tip in value_heads:  # corpus-06: the heaviest term ended just short of its value's tip, over its head
        over = [term.tip.z_index for term in plane.terms if hides(term.tip, tip)]
        if over:
            tip.set_z_index(max(over) + 0.5)
    if not isinstance(plane.output, Arrow):
        return False
    hidden_values = any(hides(plane.output.tip, tip) for tip in value_heads)
    if hidden_values or any(hides(plane.output.tip, term.tip) for term in plane.terms):
        plane.output.tip.set_fill(opacity=0).set_stroke(theme().output, OPEN_HEAD, opacity=1)
        return not hidden_values
    return False


def hides(head, other) -> bool:
    """Whether `head` hides `other`, a head drawn under it: at its tip, about as large (a larger one shows round
    it), and not the same head drawn twice (one pointing within 5° of it, its point within a tenth of the head:
    a weight near 1 makes a term its value). Corpus-23's '猫' term showed a wing under the output's, pointing
    another way; corpus-06's 'αλφα' value showed 44% of its head beyond the output's, pointing its way."""
    if not other.has_points() or other.get_fill_opacity() == 0 or other.z_index >= head.z_index:
        return False
    turn = np.degrees(np.arccos(np.clip(np.dot(unit(head.vector), unit(other.vector)), -1, 1)))
    apart = np.linalg.norm(head.tip_point - other.tip_point)
    twice = turn <= 5 and apart <= head.length / 10
    return bool(apart < head.length / 2 and not twice and other.length <= 1.1 * head.length)


def unit(v) -> np.ndarray:
    return np.asarray(v, dtype=float) / (np.linalg.norm(v) or 1)


def output_arrow(start, end) -> Arrow:
    """The output's vector from `start` to `end`, OUTPUT_STROKE wide however short, its shaft in a halo of the
    background's colour (round its head, the halo hid a term's head ending just beyond it: corpus-02)."""
    shaft = vector(start, end, theme().output, OUTPUT_STROKE)
    return shaft.set_stroke(theme().background, OUTPUT_STROKE + HALO, background=True, family=False)


def close_up(plane: ValuePlane, output, shown) -> Magnifier | None:
    """A short output's arrow magnified (review 7: among longer values and terms, a stub was the hardest thing to
    see): a square round the origin and its tip outlined on `plane` in the output's colour, and the same square
    drawn as large as one of CLOSE_UP has a free place, nearest it and clear of everything `shown`, with the
    axes across it and the output's arrow in its halo. None for an output long enough, zero, or with no free
    place that magnifies it CLOSE_UP_GAIN times."""
    axes, tip = plane.plane, np.asarray(output, dtype=float)
    start, end = axes.c2p(0, 0), axes.c2p(*tip)
    if not SHORTEST < np.linalg.norm(end - start) < CLOSE_UP_BELOW:
        return None
    unit = axes.c2p(1, 0)[0] - start[0]  # scene units per plane unit
    boxes = [fit.box(m) for m in shown]
    views = (Magnifier(axes, [tip], side, CLOSE_UP_MARGIN, side * CLOSE_UP_MARGIN / 2) for side in CLOSE_UP)
    large = (view for view in views if view.magnify >= CLOSE_UP_GAIN * unit)
    found = ((view, free_spot(view.panel.width, view.frame.get_center(), boxes)) for view in large)
    view, spot = next(((view, spot) for view, spot in found if spot is not None), (None, None))
    if view is None:
        return None
    view.place(spot)
    view.view.add(view.axes().set_stroke(theme().muted, 1.5), output_arrow(view.at([0, 0]), view.at(tip)))
    for outline in (view.frame, view.panel):
        outline.set_stroke(theme().output, 1.5)
    return view


def free_spot(side: float, near, boxes) -> np.ndarray | None:
    """The centre nearest `near`, on a grid of CLOSE_UP_STEP, where a square `side` wide lies inside the stage
    (right of the body grid) CLOSE_UP_GAP clear of every one of `boxes`; None if there is none."""
    half = np.array([side, side]) / 2
    xs = np.arange(STAGE.body_left + half[0], fit.LABEL_RIGHT - half[0], CLOSE_UP_STEP)
    ys = np.arange(STAGE.bottom + half[1], STAGE.top - half[1], CLOSE_UP_STEP)
    spots = [np.array([x, y]) for x in xs for y in ys]
    clear = [
        p
        for p in spots
        if all(fit.boxes_apart(np.array([p - half, p + half]), b, CLOSE_UP_GAP) for b in boxes)
    ]
    if not clear:
        return None
    best = min(clear, key=lambda p: float(np.linalg.norm(p - np.asarray(near)[:2])))
    return np.array([*best, 0])


def scaled_value(plane: ValuePlane, i: int, weight: float) -> list:
    """Value `i` scaled by its `weight` into its term: a copy of its arrow shrinks along it, taking its word's colour,
    then slides tail first to its place in the chain (review D10: grown from its bar's top, a short term flew as
    an 8 px speck across its bar's weight); one too short to draw shrinks to nothing. Nothing for a zero
    value, whose term is nothing."""
    value, term = plane.marks[i][0], plane.terms[i]
    if not isinstance(value, Arrow):
        return []
    ghost = value.copy().set_z_index(term.z_index)  # layered as the term it becomes
    ghost.tip.set_z_index(term.tip.z_index)
    shrunk = ghost.copy().scale(weight, about_point=plane.plane.c2p(0, 0)).set_color(term.get_color())
    if term.get_stroke_opacity() == 0:
        return [Transform(ghost, shrunk.set_opacity(0), remover=True)]
    return [Succession(Transform(ghost, shrunk), ReplacementTransform(ghost, term))]


def framed_along(arrow) -> FadeIn:
    """`framed` round `arrow` in the output's colour, its frame a pill turned with it and drawn under everything on
    the plane (review D10: upright round the output, it ran along the x axis and over the terms)."""
    angle, centre = arrow.get_angle(), arrow.get_center()
    upright = arrow.copy().rotate(-angle, about_point=centre)
    round_end = upright.height / 2 + FRAME_BUFF  # its ends round: its corners keep off the labels by the ends
    box = SurroundingRectangle(
        upright, color=theme().output, buff=FRAME_BUFF, corner_radius=round_end, stroke_width=FRAME_STROKE
    )
    box.rotate(angle, about_point=centre).set_z_index(FRAME_UNDER)
    return FadeIn(box, rate_func=up_hold_down, remover=True)


def bar_pitch(tokens, weights) -> float:
    """The distance between the bars' centres: BAR_SPACING shared by the tokens, or more, so that neighbouring
    weights keep VALUE_ROOM apart and the names are whole while the bars are at most BARS_WIDEST wide (review
    round 6: with four tokens the weights touched and "queen" was cut)."""
    value = max(c.number(w).width for w in weights) + VALUE_ROOM
    name = min(max(c.text(t, role="label").width for t in tokens) + NAME_SPACE, BARS_WIDEST / len(tokens))
    return max(BAR_SPACING / len(tokens), value, name)


def value_marks(plane: ValuePlane, tokens) -> None:
    """Each value drawn as a value: an arrow in the values' colour from the origin (a dot for the zero vector),
    thick and above the axes, labelled with its word (in the word's colour) and its coordinates as the rows
    print them, '[1, 0]' (in the values' colour). The words' colours stay with the weights and the terms."""
    origin = plane.plane.c2p(0, 0)
    marks = []
    for token, value in zip(tokens, plane.values_xy):
        if np.allclose(value, 0):
            shape = Dot(origin, radius=VALUE_DOT, color=theme().value)
        else:
            shape = vector(origin, plane.plane.c2p(*value), theme().value, VALUE_WIDTH)
        name = fit.clip(token, PLANE_NAME_WIDTH, color=token_color(token))
        label = VGroup(name, c.math(vector_tex(value, None), color=theme().value)).arrange(
            RIGHT, buff=NAME_GAP
        )
        marks.append(VGroup(shape, label.move_to(origin)))
    plane.marks.submobjects = marks


def place_value_labels(plane: ValuePlane, coordinates: CoordinateMarks, texts) -> None:
    """Put each value's label near its tip, clear of the axes, of every arrow drawn on the plane at its full width
    (the output's halo too: review V7), of the output's `coordinates` (dashed lines and numbers), of the `texts`
    beside the plane (issue 29: a value far down left put its word on a row w_i v_i), of the labels placed before
    it and inside the safe area. It takes the nearest clear place (`place_nearest`) for 'word [x, y]' on one
    line, else the word over its coordinates, else the word alone (the rows beside the plane and the caption
    give the coordinates), a step further out if it must; the least crowded place if none is clear even for it.
    A place is looked for on a fine grid, so a layout a little smaller moves a label a little, and its
    coordinates go to a second line before they go at all (issue 30: one-axis values lost a coordinate at one
    scale and kept it at the next, a few percent apart)."""
    axes = plane.plane
    points = drawn_points(plane, coordinates.lines)
    placed = [fit.box(m) for m in [*coordinates.numbers, *texts]]
    for mark, value in zip(plane.marks, plane.values_xy):
        label, numbers = mark[1], mark[1][1]
        tip, way = axes.c2p(*value), (-1, -1) if np.allclose(value, 0) else value
        line = label.arrange(RIGHT, buff=NAME_GAP)  # one_size scaled each part about its own centre
        reach = LABEL_GAP + LABEL_REACH * (line.height + LABEL_GAP)
        if not place_nearest(label, tip, way, points, placed, reach):
            label.arrange(DOWN, aligned_edge=LEFT, buff=NAME_GAP)
            if not place_nearest(label, tip, way, points, placed, reach):
                label.remove(numbers)
                place_nearest(label, tip, way, points, placed, reach + label.height + LABEL_GAP)
        placed.append(fit.box(label))


def place_nearest(label, tip, way, points: np.ndarray, placed: list[np.ndarray], reach: float) -> bool:
    """Move `label` to the place nearest `tip` (`offsets`: its box LABEL_GAP to `reach` from it; among places as
    near, the one most in the direction `way`, then the highest, then the rightmost) inside the safe area, clear
    of `points` (lines) and the `placed` boxes (texts); whether there is one. Where none is clear, the least
    crowded: the fewest texts near, then the fewest points."""
    half, tip = np.array([label.width, label.height]) / 2, np.asarray(tip, dtype=float)[:2]
    centres = tip + np.stack(np.meshgrid(*[offsets(h, reach) for h in half]), axis=-1).reshape(-1, 2)
    low, high = centres - half, centres + half
    gap = np.linalg.norm(tip - np.clip(tip, low, high), axis=1).round(6)
    near = (gap >= LABEL_GAP - 1e-6) & (gap <= reach)
    centres, low, high, gap = centres[near], low[near], high[near], gap[near]
    outside = (low[:, 0] < -fit.LABEL_RIGHT) | (high[:, 0] > fit.LABEL_RIGHT)
    outside |= (low[:, 1] < STAGE.bottom) | (high[:, 1] > STAGE.top)
    boxes = np.stack([low, high], axis=1)
    texts = sum(
        (~fit.clear_of(boxes, boxes=[b], margin=LABEL_GAP) for b in placed), np.zeros(len(boxes), int)
    )
    g = LABEL_GAP / 2
    ahead = points[np.all(np.abs(points - tip) < 2 * half + reach + g, axis=1)]  # those a place may come near
    inside = (ahead[None] > low[:, None] - g) & (ahead[None] < high[:, None] + g)
    lines = np.all(inside, axis=2).sum(axis=1)
    toward = ((centres - tip) @ unit(way[:2]) / np.linalg.norm(centres - tip, axis=1)).round(6)
    best = np.lexsort((-centres[:, 0], -centres[:, 1], -toward, gap, lines, texts, outside))[0]
    label.move_to([*centres[best], 0])
    return not (outside[best] or texts[best] or lines[best])


def offsets(half: float, reach: float) -> np.ndarray:
    """Where a label `half` wide (or high) may be centred along one axis from a tip: spanning it, or with its near
    edge LABEL_GAP, then a LABEL_STEP more and so on up to `reach`, beyond it on either side. Measured from the
    tip, the same on both sides, so that places as near are found as near (a grid from the tip made 'above'
    and 'below' take turns as a layout grew)."""
    spanning = np.arange(0, half, LABEL_STEP)
    beyond = half + np.arange(LABEL_GAP, reach + LABEL_STEP / 2, LABEL_STEP)
    return np.concatenate([-beyond[::-1], -spanning[:0:-1], spanning, beyond])


def drawn_points(plane: ValuePlane, dashed=()) -> np.ndarray:
    """`plane_points` with the edges of every arrow's shaft at its width (the output's halo's) and every head's
    outline: a label clear of them is clear of what is drawn, not only of its middle line."""
    arrows = [m[0] for m in plane.marks if isinstance(m[0], Arrow)]
    arrows += [a for a in (*plane.terms, plane.output) if a.get_stroke_opacity() > 0]
    lines = []
    for arrow in arrows:
        start, end = arrow.get_start(), arrow.get_end()
        width = max(arrow.get_stroke_width(), arrow.get_stroke_width(background=True)) * STROKE_UNIT
        side = np.cross(unit(end - start), [0, 0, 1]) * width / 2
        lines += [(start + side, end + side), (start - side, end - side)]
        corners = arrow.tip.get_anchors()
        lines += list(zip(corners, np.roll(corners, 1, axis=0)))
    # points along each, none further apart than LABEL_STEP
    points = [
        a + (b - a) * np.linspace(0, 1, int(np.linalg.norm(b - a) / LABEL_STEP) + 2)[:, None]
        for a, b in lines
    ]
    return np.vstack([plane_points(plane, dashed), *[p[:, :2] for p in points]])


def plane_points(plane: ValuePlane, dashed=()) -> np.ndarray:
    """Points along what is drawn on the plane (axes, the values' arrows and dots, the terms, the output and
    the `dashed` lines), in scene x and y: what a label beside them should not cover."""
    axes = plane.plane
    lo, hi = (axes.p2c(axes.get_corner(corner)) for corner in (DOWN + LEFT, UP + RIGHT))
    lines = [(axes.c2p(lo[0], 0), axes.c2p(hi[0], 0)), (axes.c2p(0, lo[1]), axes.c2p(0, hi[1]))]
    lines += [(m[0].get_start(), m[0].get_end()) for m in plane.marks if not isinstance(m[0], Dot)]
    shown = [a for a in (*plane.terms, plane.output) if a.get_stroke_opacity() > 0]
    lines += [(a.get_start(), a.get_end()) for a in (*shown, *dashed)]
    points = [a + (b - a) * t for a, b in lines for t in np.linspace(0, 1, 60)]
    points += [m[0].get_center() for m in plane.marks if isinstance(m[0], Dot)]
    return np.array(points)[:, :2]


def head_corners(plane: ValuePlane) -> np.ndarray:
    """The corners of the heads drawn on `plane`, in scene x and y: a coordinate printed at its foot stays off them
    (review V7: a coordinate stood under the head of the term ending there)."""
    arrows = [m[0] for m in plane.marks] + [
        a for a in (*plane.terms, plane.output) if a.get_stroke_opacity() > 0
    ]
    return np.array([p[:2] for a in arrows if isinstance(a, Arrow) for p in a.tip.get_anchors()]).reshape(
        -1, 2
    )


def place_least_crowded(
    label, point, way, points: np.ndarray, placed: list[np.ndarray], rings: int = 3
) -> None:
    """`label` beside `point`: the first place inside the safe area that is clear of `points` and of the
    `placed` boxes, going round `point` from the direction `way`, then the same further out (on `rings` rings);
    the least crowded place (`crowding`) if none is clear."""
    way = np.asarray(way, dtype=float) / np.linalg.norm(way)
    compass = [
        np.array([np.cos(a), np.sin(a), 0]).round() for a in np.linspace(0, 2 * np.pi, 8, endpoint=False)
    ]
    sides = sorted(compass, key=lambda side: -np.dot(side, way) / np.linalg.norm(side))  # its way first
    buffs = [LABEL_GAP + k * (label.height + LABEL_GAP) for k in range(rings)]  # further out where crowded
    places = [(side, buff) for buff in buffs for side in sides]
    side, buff = min(places, key=lambda p: crowding(label.next_to(point, p[0], buff=p[1]), points, placed))
    label.next_to(point, side, buff=buff)


def crowding(label, points: np.ndarray, placed: list[np.ndarray]) -> tuple[int, int, int]:
    """How badly `label` is placed, worst first: whether it leaves the safe area, how many `placed` boxes
    (texts) it comes near, how many `points` (lines) it comes near."""
    (x0, y0), (x1, y1) = box = fit.box(label)
    inside = -fit.LABEL_RIGHT <= x0 and x1 <= fit.LABEL_RIGHT and STAGE.bottom <= y0 and y1 <= STAGE.top
    g = LABEL_GAP / 2
    near = (
        (points[:, 0] > x0 - g) & (points[:, 0] < x1 + g) & (points[:, 1] > y0 - g) & (points[:, 1] < y1 + g)
    )
    texts = sum(not fit.boxes_apart(box, other, LABEL_GAP) for other in placed)
    return (0 if inside else 1, texts, int(near.sum()))


def roadmap() -> VGroup:
    """'scores → weights → output': the chapter's steps, each word in its colour, shown under the first
    caption."""
    words = (
        (_("scores"), theme().text),
        (_("weights"), theme().text),
        (_("weights × values"), theme().value),
    )
    parts = [c.text(word, role="body", color=color) for word, color in words]
    parts.append(c.text(_("one output"), role="body", color=theme().output))
    arrows = [c.text("→", role="body", color=theme().muted) for _ in parts[1:]]
    line = [parts[0]] + [m for pair in zip(arrows, parts[1:]) for m in pair]
    return VGroup(*line).arrange(RIGHT, buff=0.3)


def joins(arrow, line) -> bool:
    """Whether `arrow` runs from one end of `line` to the other (review V7: the default's dashed coordinate line
    ran down the 'sat' term, the last of the chain, which ends on the output's tip straight over its foot)."""
    ends = np.array([arrow.get_start(), arrow.get_end() + getattr(arrow, "short_by", 0)])
    return any(
        np.allclose(ends, pair, atol=0.02)
        for pair in ([line.get_start(), line.get_end()], [line.get_end(), line.get_start()])
    )


class CoordinateMarks(VGroup):
    """Dashed lines from the output's tip to both axes (`lines`), each ending at its coordinate printed on
    the axis (`numbers`, as the output line prints them: `relations`, one per coordinate), clear of the
    `texts` beside the plane and of the arrows and lines on it (the values' labels are placed after them,
    clear of them)."""

    def __init__(self, plane: ValuePlane, point, relations, texts):
        super().__init__()
        axes, tip = plane.plane, plane.plane.c2p(*point)
        feet = (axes.c2p(point[0], 0), axes.c2p(0, point[1]))
        self.lines = VGroup(*[DashedLine(tip, f, color=theme().output, stroke_width=2) for f in feet])
        for line in self.lines:  # a term that joins the tip to its foot draws the line already
            if any(joins(term, line) for term in plane.terms if term.get_stroke_opacity() > 0):
                line.set_stroke(opacity=0)  # kept: its foot places the number
        # below the x axis (above it for a tip below), left of the y axis (right of it for a tip on the left)
        sides = (DOWN if point[1] >= 0 else UP, LEFT if point[0] >= 0 else RIGHT)
        self.numbers = VGroup()
        points = np.vstack([plane_points(plane, self.lines), head_corners(plane)])
        for foot, side, rel in zip(feet, sides, relations):
            number = c.math(rel.result, color=theme().output)
            place_least_crowded(number, foot, side, points, [fit.box(m) for m in [*texts, *self.numbers]])
            self.numbers.add(number)
        self.add(self.lines, self.numbers)
