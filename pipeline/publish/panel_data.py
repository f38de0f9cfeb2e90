"""What the page's interactive panels show, computed by `attention/` and printed by the lecture's formatting.

The drag panel's query snaps to a grid; every point of it is exported here (weights, the worked example, the
context arrow), so the page only looks strings up. The gain knob moves in steps of 0.1 (the video prints g to
one place) and is exported the same way. The query editor takes any typed number, so its formulas are ported
to JavaScript (`web/js/attention.js`); what it needs from here is the example and the lecture's constants.
"""

from __future__ import annotations

import re

import numpy as np

from attention import attend, examples, weights_at_gain
from attention.sweeps import GAIN_RANGE, log10_smallest_weight, log10_top_sensitivity, log_saturation_sweep
from i18n import _, numbers
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    SUPERSCRIPT,
    WEIGHT_PLACES,
    Working,
    coords,
    coords_text,
    decimals,
    fmt,
    fmt_input,
    sci,
    text_minus,
)
from scenes.kit.palette import theme, token_color

# Without manim (the render command's own process never imports it), so these two copy the chapters' own;
# tests/page/test_panels.py checks they agree: three_token_drag.EXP_PLACES, blend_by_weight.EXP_PLACES.
EXP_PLACES = 2  # source 000 prints exponentials and their sum to two places
BLEND_EXP_PLACES = 3  # source 003 to three
SNAP = 0.25  # the drag panel's grid step: the × snaps to it, an arrow key moves it by one step
PLANE_MARGIN = 0.6  # as the video's plane: room round the keys and the path, then whole units
NAME_ROOM = (
    0.9  # the drag plane's: a key's name fits over or under its tip with the × on it (ring 0.33, name 0.4)
)
GAIN_STEP = 0.1
SWEEP_POINTS = 181
QUERY_LIMIT = 10.0  # the query editor takes entries in [-10, 10] ...
MAX_SCORE = 46.0  # ... or fewer: e^46 < 1e21 still prints in full, in Python and JavaScript alike
SCIENTIFIC = re.compile(r" \\times 10\^\{(-?\d+)\}")  # how scientific notation is typeset (arithmetic.SCI)
TEX_TO_TEXT = ((r"\approx", "≈"), (r"\ldots", "…"), (r"\sqrt{", "√"), ("^{", "^"), ("}", ""))
LISTED = re.compile(r"(?<=\d),(?= *[−-]?\d)")  # a comma between two listed numbers ('[1.5, −2]')


def panels() -> dict:
    """Everything the three panels need, for the active example and theme (see `scene_render.use_look`)."""
    current = examples.current()
    return {
        "theme": _theme(),
        "drag": drag(current.drag),
        "query": query(current.blend),
        "gain": gain(current.blend),
    }


def _theme() -> dict:
    t = theme()
    roles = ("background", "text", "muted", "grid", "panel", "query", "key", "value", "output")
    return {role: getattr(t, role) for role in roles}


def plane_range(points, margin: float = PLANE_MARGIN) -> list[list[float]]:
    """[[x_lo, x_hi], [y_lo, y_hi]]: whole units holding the origin and every point with `margin`."""
    pts = np.vstack([np.zeros((1, 2)), np.asarray(points, dtype=float)])
    lo, hi = np.floor(pts.min(axis=0) - margin), np.ceil(pts.max(axis=0) + margin)
    return [[float(lo[0]), float(hi[0])], [float(lo[1]), float(hi[1])]]


def drag(example) -> dict:
    """The plane, the keys and, for every grid point, what the panel shows with the query there."""
    rooms = plane_range(example.keys, NAME_ROOM), plane_range(example.path)  # names are the keys' alone
    bounds = [[min(r[axis][0] for r in rooms), max(r[axis][1] for r in rooms)] for axis in (0, 1)]
    (x_lo, x_hi), (y_lo, y_hi) = bounds
    xs = np.round(np.arange(x_lo, x_hi + SNAP / 2, SNAP), 10)
    ys = np.round(np.arange(y_lo, y_hi + SNAP / 2, SNAP), 10)
    return {
        "tokens": list(example.tokens),
        "colours": [token_color(t) for t in example.tokens],
        "keys": example.keys.tolist(),
        "range": bounds,
        "step": SNAP,
        "start": example.query.tolist(),
        "points": {
            **{f"{fmt_input(x)},{fmt_input(y)}": drag_point(example, (x, y)) for x in xs for y in ys},
            # the example's own query, off the grid maybe: where the panel opens, as the video
            ",".join(map(fmt_input, example.query)): drag_point(example, example.query),
        },
    }


def drag_point(example, query) -> dict:
    """The weights (scaled and not), the worked example and the context arrow for one query."""
    trace, raw = attend(query, example.keys), attend(query, example.keys, scaled=False)
    working = Working(trace, EXP_PLACES)  # the chapter's rows: each quantity to one number of places
    return {
        "q": coords_text(trace.query),
        "weights": [fmt(w, WEIGHT_PLACES) for w in trace.weights],
        "unscaled": [fmt(w, WEIGHT_PLACES) for w in raw.weights],
        "dots": [_text(row) for row in working.dots()],
        "scores": [_text(row) for row in working.scores()],
        "exps": [_text(row) for row in working.exps()],
        "sum": _text(working.total()),
        "ratios": [_text(row) for row in working.ratios()],
        "output": [round(float(v), 6) for v in trace.output],
        "bars": [round(float(w), 6) for w in trace.weights],
        "unscaled_bars": [round(float(w), 6) for w in raw.weights],
    }


def query(example) -> dict:
    """The width-d example for the query editor: tokens, keys, values, the lecture's queries, the constants."""
    return {
        "tokens": list(example.tokens),
        "colours": [token_color(t) for t in example.tokens],
        "keys": example.keys.tolist(),
        "values": example.values.tolist(),
        "queries": example.queries.tolist(),
        "range": query_range(example),
        "range_text": [local(text_minus(fmt_input(v))) for v in query_range(example)],
        "labels": _query_labels(example.queries),
        "plane": plane_range(example.values),
        "places": {"score": SCORE_PLACES, "weight": WEIGHT_PLACES, "exp": BLEND_EXP_PLACES},
    }


def _query_labels(queries) -> list[str]:
    """The buttons that take the lecture's queries: 'First query (1, 0)', 'Refocused query ...', 'Query 3 ...'."""
    named = [
        _("First query %(q)s"),
        _("Refocused query %(q)s"),
    ]  # the lecture's two (an example may bring more)
    labels = [name % {"q": local(coords(q))} for name, q in zip(named, queries)]
    more = enumerate(queries[len(named) :], start=len(named) + 1)
    return labels + [_("Query %(number)s %(q)s", number=k, q=local(coords(q))) for k, q in more]


def local(text: str) -> str:
    """An English-form text of numbers ('[1.5, −2]', 'e^2.828 ≈ 16.92') as the active language writes them:
    '[1,5; −2]' in German (i18n.numbers; js/strings.js does the same to what the panels compute)."""
    sign = numbers.decimal_sign()
    if sign == ".":
        return text
    return numbers.POINT.sub(sign, LISTED.sub(numbers.separator().rstrip(), text))


def query_range(example) -> list[float]:
    """The entries the editor accepts: up to ±10, less where a score could pass MAX_SCORE."""
    reach = float(np.abs(example.keys).sum(axis=1).max()) / np.sqrt(example.keys.shape[1])
    limit = min(QUERY_LIMIT, MAX_SCORE / reach) if reach else QUERY_LIMIT
    return [-limit, limit]


def gain(example) -> dict:
    """The unscaled scores' gain knob: weights and smallest weight per step of g, and the w(1 − w) curve."""
    scores = example.trace(0, scaled=False).scores
    steps = np.round(np.arange(GAIN_RANGE[0], GAIN_RANGE[1] + GAIN_STEP / 2, GAIN_STEP), 10)
    sweep = log_saturation_sweep(scores, np.linspace(*GAIN_RANGE, SWEEP_POINTS))
    return {
        "tokens": list(example.tokens),
        "colours": [token_color(t) for t in example.tokens],
        "range": list(GAIN_RANGE),
        "step": GAIN_STEP,
        "curve": [[float(g), float(v)] for g, v in zip(sweep.gains, sweep.log10_top_sensitivity)],
        "points": {f"{g:.1f}": gain_point(scores, g) for g in steps},
    }


def gain_point(scores, g: float) -> dict:
    """The bars, their values, the smallest weight and w(1 − w) of the top one at gain `g`."""
    weights = weights_at_gain(scores, g)
    log_top = log10_top_sensitivity(scores, g)
    return {
        "g": f"{g:.1f}",
        "weights": decimals(weights),  # as the video's bars: '0.000', never '0' for a positive weight
        "bars": [round(float(w), 6) for w in weights],
        "smallest": sci(log10_smallest_weight(scores, g)),
        "sensitivity": sci(log_top),
        "log_sensitivity": float(log_top),
    }


def _text(tex: str) -> str:
    """The lecture's TeX arithmetic as plain text: ≈ for \\approx, … for \\ldots, √2 for \\sqrt{2}, e^2 for e^{2},
    2.73 × 10³⁴⁷ for 2.73 \\times 10^{347}, and the minus sign TeX draws for '-' (−2, not a hyphen)."""
    tex = SCIENTIFIC.sub(lambda m: " × 10" + m[1].translate(SUPERSCRIPT), tex)
    for old, new in TEX_TO_TEXT:
        tex = tex.replace(old, new)
    return text_minus(tex)
