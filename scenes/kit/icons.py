"""QuickVersion's thumbnails: each chapter's own picture in small, drawn from the lecture's examples.

Every icon is a function of the examples (`Examples`) returning a VGroup without numbers (too small to
read); QuickVersion scales it into its card.
"""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, ORIGIN, RIGHT, UP, Arrow, Circle, Dot, Line, Square, VGroup, VMobject

from attention import Examples, histogram, variance_experiment
from attention.examples.beyond import all_queries
from attention.sweeps import GAIN_RANGE, log_saturation_sweep
from scenes.kit.bars import WeightBars
from scenes.kit.grids import AttentionGrid
from scenes.kit.matrices import as_grid_trace, cross_out
from scenes.kit.palette import raw_color, theme, token_color
from scenes.kit.planes import cross_marker, plane_arrow, vector_plane
from scenes.kit.plots import Histogram, decades

CELL = 0.22  # side of one matrix cell in the matrix icons
SHADE_FLOOR = 0.15  # a cell's opacity is at least this, so a zero entry still shows its cell


def bar_icon(tokens, weights) -> VGroup:
    """Bars only (no numbers), one per token, in the tokens' colours."""
    bars = WeightBars(tokens, weights, height=0.9, bar_width=0.3, spacing=0.42, show_total=False)
    return bars.remove(bars.values, bars.labels)


def cell_block(values, color: str, top: float | None = None) -> VGroup:
    """A matrix as a block of cells shaded by |entry| / `top` (default: its largest |entry|), bracketed."""
    values = np.atleast_2d(np.asarray(values, dtype=float))
    top = top or float(np.abs(values).max()) or 1.0
    cells = VGroup(
        *[
            Square(CELL * 0.9, stroke_width=0, fill_color=color).set_fill(
                opacity=SHADE_FLOOR + (1 - SHADE_FLOOR) * min(abs(v) / top, 1)
            )
            for v in values.flat
        ]
    ).arrange_in_grid(*values.shape, buff=CELL * 0.1)
    return VGroup(cells, brackets(cells))


def brackets(block) -> VGroup:
    """Square brackets either side of `block`."""
    h, w, lip = block.height / 2 + 0.04, block.width / 2 + 0.06, 0.06
    x, y = block.get_x(), block.get_y()
    sides = [
        [[x - w + lip, y + h, 0], [x - w, y + h, 0], [x - w, y - h, 0], [x - w + lip, y - h, 0]],
        [[x + w - lip, y + h, 0], [x + w, y + h, 0], [x + w, y - h, 0], [x + w - lip, y - h, 0]],
    ]
    return VGroup(
        *[VMobject(stroke_color=theme().muted, stroke_width=2).set_points_as_corners(s) for s in sides]
    )


def fixed_context_icon(ex: Examples) -> VGroup:
    """One summary box feeding every output step."""
    box = Square(0.4, color=theme().muted, fill_color=theme().panel, fill_opacity=1, stroke_width=3)
    steps = VGroup(*[Circle(0.1, color=theme().output, fill_opacity=0.9, stroke_width=0) for _ in range(3)])
    steps.arrange(DOWN, buff=0.16).next_to(box, RIGHT, buff=0.8)
    arrows = VGroup(
        *[
            Arrow(
                box.get_right(),
                s.get_left(),
                buff=0.05,
                color=theme().muted,
                stroke_width=3,
                max_tip_length_to_length_ratio=0.25,
            )
            for s in steps
        ]
    )
    return VGroup(arrows, box, steps)


def drag_icon(ex: Examples) -> VGroup:
    """The drag's plane: key arrows, the worked query's cross and its context arrow."""
    drag = ex.drag
    plane = vector_plane(drag.keys, unit=0.5, margin=0.3)
    keys = VGroup(*[plane_arrow(plane, k, token_color(t), width=3) for t, k in zip(drag.tokens, drag.keys)])
    context = plane_arrow(plane, drag.trace().output, theme().output, width=4)
    cross = cross_marker(size=0.2).move_to(plane.c2p(*drag.query))
    return VGroup(plane, keys, context, cross)


def score_icon(ex: Examples) -> VGroup:
    """The query's row above the key rows, each key's score as a bar beside it (chapter 3's table)."""
    blend = ex.blend
    trace = blend.trace(0)
    top = float(np.abs(np.vstack([blend.keys, trace.query])).max()) or 1.0
    query = cell_block(trace.query, theme().query, top)
    keys = VGroup(*[cell_block(k, token_color(t), top) for t, k in zip(blend.tokens, blend.keys)])
    keys.arrange(DOWN, buff=0.06)
    reach = float(np.abs(trace.scores).max()) or 1.0
    bars = VGroup()
    for key, token, score in zip(keys, blend.tokens, trace.scores):
        length = max(abs(score) / reach, 0.02)
        bar = Line(ORIGIN, RIGHT * length, color=token_color(token), stroke_width=8)
        bars.add(bar.next_to(key, RIGHT, buff=0.25).set_y(key.get_y()))
    bars.align_to(bars[0], LEFT)
    return VGroup(query.next_to(keys, UP, buff=0.14).align_to(keys, LEFT), keys, bars)


def blend_icon(ex: Examples) -> VGroup:
    """The first query's weight bars and the output they blend, an arrow in the values' plane."""
    blend = ex.blend
    trace = blend.trace(0)
    plane = vector_plane(blend.values, unit=0.5, margin=0.3)
    output = plane_arrow(plane, trace.output, theme().output, width=4)
    return VGroup(bar_icon(blend.tokens, trace.weights), VGroup(plane, output)).arrange(RIGHT, buff=0.3)


def refocus_icon(ex: Examples) -> VGroup:
    """The first query's weights, an arrow, the new query's weights."""
    blend = ex.blend
    before, after = (
        bar_icon(blend.tokens, blend.trace(0).weights),
        bar_icon(blend.tokens, blend.trace(1).weights),
    )
    arrow = Arrow(LEFT * 0.25, RIGHT * 0.25, buff=0, color=theme().query, stroke_width=4)
    return VGroup(before, arrow, after).arrange(RIGHT, buff=0.12)


def matrix_icon(ex: Examples) -> VGroup:
    """Q times K transposed gives every score at once: the three matrices of chapter 6, as cell blocks."""
    trace = all_queries(ex.blend)
    top = float(np.abs(np.vstack([trace.queries, trace.keys])).max()) or 1.0
    q = cell_block(trace.queries, theme().query, top)
    kt = cell_block(trace.keys_t, theme().key, top)
    scores = cell_block(trace.weights, theme().text, 1.0)
    arrow = Arrow(LEFT * 0.2, RIGHT * 0.2, buff=0, color=theme().muted, stroke_width=3)
    return VGroup(q, kt, arrow, scores).arrange(RIGHT, buff=0.12)


def grid_icon(ex: Examples) -> VGroup:
    """The cross-attention weight grid, shaded by weight, without numbers."""
    return AttentionGrid(ex.cross.cross(), numbers=False, size=1.0).show_weights()


def mask_icon(ex: Examples) -> VGroup:
    """The causal weight grid, its hidden cells greyed and crossed out."""
    masked = ex.causal.trace()
    grid = AttentionGrid(as_grid_trace(masked), numbers=False, size=1.0).show_weights()
    hidden = [cell for cell, h in zip(grid.cells, masked.mask.flat) if h]
    for cell in hidden:
        cell.set_fill(theme().grid, opacity=1)
    return grid.add(*[cross_out(cell) for cell in hidden])


def scale_icon(ex: Examples) -> VGroup:
    """Wide raw dot products behind the same samples divided by sqrt(d), on one axis."""
    widest = variance_experiment()[-1]
    edges = np.linspace(widest.raw.min(), widest.raw.max(), 24)
    raw, scaled = histogram(widest.raw, edges), histogram(widest.scaled, edges)
    return VGroup(
        Histogram(raw, edges, width=1.6, height=0.7, color=raw_color()),  # as ShrinkScores draws them
        Histogram(scaled, edges, width=1.6, height=0.7, color=theme().scaled),
    )


def heads_icon(ex: Examples) -> VGroup:
    """Each head's weights side by side."""
    heads = ex.heads
    bars = [bar_icon(heads.tokens, h.trace.weights) for h in heads.trace().heads]
    return VGroup(*bars).arrange(RIGHT, buff=0.3)


def saturation_icon(ex: Examples) -> VGroup:
    """The top weight's sensitivity falling (log scale) as the gain grows."""
    blend = ex.blend
    sweep = log_saturation_sweep(blend.trace(0, scaled=False).scores, np.linspace(*GAIN_RANGE, 40))
    lo, hi, _ = decades(sweep.log10_top_sensitivity)
    xs = (sweep.gains - sweep.gains[0]) / np.ptp(sweep.gains) * 1.6
    ys = (np.maximum(sweep.log10_top_sensitivity, lo) - lo) / (hi - lo) * 0.8
    curve = VMobject(stroke_color=theme().output, stroke_width=3).set_points_as_corners(
        [[x, y, 0] for x, y in zip(xs, ys)]
    )
    axes = VGroup(Line([0, 0, 0], [1.6, 0, 0]), Line([0, 0, 0], [0, 0.8, 0])).set_stroke(theme().muted, 2)
    return VGroup(axes, curve, Dot([xs[-1], ys[-1], 0], radius=0.05, color=theme().text))


ICONS = {  # each chapter's icon, by the chapter's Scene class name
    "FixedContext": fixed_context_icon,
    "ThreeTokenDrag": drag_icon,
    "ScoreEveryWord": score_icon,
    "BlendByWeight": blend_icon,
    "Refocus": refocus_icon,
    "AllQueriesAtOnce": matrix_icon,
    "SourcePositions": grid_icon,
    "CausalMask": mask_icon,
    "ShrinkScores": scale_icon,
    "MultiHead": heads_icon,
    "WhereItBreaks": saturation_icon,
}
