"""The values' plane of chapters 4 and 5: one arrow per value, the terms w_i v_i tip to tail, the output."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, Arrow, Dot, NumberPlane, VGroup

from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import scaled_rows
from scenes.kit.arrows import vector as arrow  # a value, a term and the output are vectors in the plane
from scenes.kit.bars import WeightBars
from scenes.kit.palette import theme, token_color
from scenes.kit.planes import plane
from scenes.kit.stage import STAGE

STEPS = (1, 2, 2.5, 5)  # grid steps are these times a power of ten
MOST_LINES = 6  # grid lines along the longer side, at most
SHORTEST = 0.06  # scene units: a term shorter than this is drawn as nothing (it adds next to nothing)
TERM_WIDTH, OUTPUT_WIDTH = 7, 8  # stroke widths of the terms' arrows and of the output's
NAME_WIDTH = 1.6  # a token's name beside its row w_i v_i or its value's arrow is cut to this width
LABEL_GAP = 0.2  # between a value's tip and its name
FARTHEST = 3  # a name with no clear place LABEL_GAP from its tip is looked for up to this many times as far
# (corpus-22: three values pointing one way put 'λόγος' over 'Ωμέγα')


def grid_step(span: float) -> float:
    """The smallest round step (1, 2, 2.5 or 5 times a power of ten) giving at most MOST_LINES lines."""
    power = 10.0 ** np.floor(np.log10(max(span, 1e-9) / MOST_LINES))
    return next(s * power * k for k in (1, 10) for s in STEPS if span / (s * power * k) <= MOST_LINES)


def fitted_plane(points, width: float, height: float) -> NumberPlane:
    """A plane holding the origin and `points` with a margin, one scale on both axes, inside width x height."""
    pts = np.vstack([np.zeros((1, 2)), np.asarray(points, dtype=float)])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = max(float(np.max(hi - lo)), 1e-9)
    step = grid_step(span * 1.3)
    lo = np.floor((lo - 0.15 * span) / step) * step
    hi = np.ceil((hi + 0.15 * span) / step) * step
    unit = min(width / (hi[0] - lo[0]), height / (hi[1] - lo[1]))
    return plane(lo, hi, step, unit)


class ValuePlane(VGroup):
    """The values as arrows in their plane; `set_blend(weights)` draws each w_i v_i as an arrow, tip to
    tail, and the output arrow from the origin to their sum. Fits inside `width` x `height`. Each value is
    named as `names` (the chapter's cut forms, one per name: those its legend gives whole), else as
    `cut_names` cuts them."""

    def __init__(self, tokens, values, width: float, height: float, names=None):
        super().__init__()
        self.values_xy = np.asarray(values, dtype=float)
        self.plane = fitted_plane(self.values_xy, width, height)
        shown = names or cut_names(tokens)
        self.marks = VGroup(
            *[self._value_mark(t, n.copy(), v) for t, n, v in zip(tokens, shown, self.values_xy)]
        )
        origin = self.plane.c2p(0, 0)
        self.terms = VGroup(*[arrow(origin, origin + LEFT, token_color(t), TERM_WIDTH) for t in tokens])
        self.output = arrow(origin, origin + LEFT, theme().output, OUTPUT_WIDTH)
        self.add(self.plane, self.marks, self.terms, self.output)

    def clear_labels(self, texts=()) -> ValuePlane:
        """Move the values' names clear of each other, of the other values' arrowheads (a name on a tip is
        unreadable), of the axes (a value along one put its name on it: review 5), of the `texts` round the plane
        (corpus-21: '学生' over the same name under Refocus' bars) and inside the frame, above the caption band
        (once the plane is in place; a value pointing down put its name in the band): near its tip, else farther
        out (FARTHEST)."""
        heads = [getattr(m[0], "tip", m[0]) for m in self.marks]  # a zero value's dot is its own head
        axes = [self.plane.x_axis, self.plane.y_axis]
        for i, (mark, value) in enumerate(zip(self.marks, self.values_xy)):
            others = [m[1] for m in self.marks[:i]] + heads[:i] + heads[i + 1 :] + axes + list(texts)
            for reach in range(1, FARTHEST + 1):  # farther out where no place near its tip is clear
                fit.place_clear(
                    mark[1], self.plane.c2p(*value), others, LABEL_GAP * reach, bottom=STAGE.bottom
                )
                above = mark[1].get_bottom()[1] >= STAGE.bottom
                if above and all(fit.apart(mark[1], other) for other in others):
                    break
        return self

    @property
    def base(self) -> VGroup:
        """The plane and the value arrows, without the blend."""
        return VGroup(self.plane, self.marks)

    def _value_mark(self, token: str, label, vector) -> VGroup:
        """A faint arrow to a value vector (a dot for the zero vector), labelled with its token's name `label`."""
        color = token_color(token)
        if np.allclose(vector, 0):
            mark = Dot(self.plane.c2p(0, 0), radius=0.09, color=color)
            return VGroup(mark, label.next_to(mark, DOWN + LEFT, buff=0.1))
        mark = arrow(self.plane.c2p(0, 0), self.plane.c2p(*vector), color, 4).set_opacity(0.5)
        direction = np.array([*vector, 0]) / np.linalg.norm(vector)
        return VGroup(mark, label.next_to(self.plane.c2p(*vector), direction, buff=0.2))

    def term_ends(self, weights) -> np.ndarray:
        """Where each term's arrow ends, in plane coordinates: the running sums of w_i v_i."""
        return np.cumsum(np.asarray(weights, dtype=float)[:, None] * self.values_xy, axis=0)

    def set_blend(self, weights) -> ValuePlane:
        """Put each term's arrow from the previous tip to its own, and the output arrow to the last tip."""
        ends = self.term_ends(weights)
        starts = np.vstack([np.zeros((1, 2)), ends[:-1]])
        for term, start, end in zip(self.terms, starts, ends):
            place(term, self.plane.c2p(*start), self.plane.c2p(*end), TERM_WIDTH)
        place(self.output, self.plane.c2p(0, 0), self.plane.c2p(*ends[-1]), OUTPUT_WIDTH)
        return self

    def output_point(self) -> np.ndarray:
        """The output arrow's tip in plane coordinates."""
        return np.array(self.plane.p2c(self.output.get_end())[:2])


def place(mark: Arrow, start, end, width: float) -> None:
    """Redraw `mark` from `start` to `end` (its tip sized for its new length); one too short to show is
    made invisible where it was."""
    if np.linalg.norm(np.asarray(end) - np.asarray(start)) < SHORTEST:
        mark.set_stroke(opacity=0).set_fill(opacity=0)
        return
    mark.become(arrow(start, end, mark.get_color(), width))


def cut_names(tokens) -> list:
    """The tokens' names as the plane and the rows w_i v_i show them where the chapter gives none: each cut to
    NAME_WIDTH, no two alike (`fit.distinct_names`; issue 29: 'f…' for 'fever' and 'fatigue')."""
    return fit.distinct_names(tokens, NAME_WIDTH)


def blend_rows(trace, tokens, names=None) -> c.Grid:
    """'0.500 × [1, 0] = [0.500, 0.000]' for each token: weight times value, from the printed weight, every
    product in the column's one format as the query panel prints them (columns: names, products; each
    product's relations are its `relations`). Each row is named as `names` (the chapter's cut forms), else as
    `cut_names` cuts them."""
    shown = [n.copy() for n in names or cut_names(tokens)]
    cells = [c.math(row) for row in scaled_rows(trace.weights, trace.values)]
    return c.Grid(shown, cells, row_buff=0.22)


def drop_crowded_values(bars: WeightBars) -> list:
    """The values drawn above `bars`: all of them, or none when the widest does not fit between two bars
    (the weights are printed beside the bars too, in the table and the rows w_i v_i)."""
    spacing = bars.bars[1].get_x() - bars.bars[0].get_x() if len(bars.bars) > 1 else np.inf
    if max(value.width for value in bars.values) <= spacing - 0.08:
        return list(bars.values)
    bars.remove(bars.values)
    return []
