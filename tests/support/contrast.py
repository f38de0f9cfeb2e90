"""WCAG 2 contrast, for the tests that measure it (theme colours, page styles, text in the browser, text in
the chapters' frames).

In a frame (`inks`), a glyph is seen as the camera composites it: its backdrop is the background with every
filled shape drawn before it (in the camera's order, z_index included) that covers it (the shape's box holds
the glyph's box and its fill the glyph's centre: a panel, a cell, not an arrow's tip under one letter) laid
over it in turn; the glyph's fill, at its opacity, goes over that; then every filled shape drawn after
it that covers it (a veil: a sheet of the background's colour, or anything else) goes over both. Colours are
composited in sRGB, as cairo paints them. No pixel is rendered: the mobjects' colours and outlines suffice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from manim import VMobject

READ = 4.5  # WCAG 2.x AA for text: what is drawn in full is read
DIMMED = 3.0  # what is dimmed (a lower opacity, a veil over it) still carries meaning
HIDDEN = 0.05  # a glyph showing less of its colour than this is gone, not dimmed
FULL = 1 - 1e-3  # a glyph showing this much of its colour is drawn in full


def channels(colour: str) -> list[float]:
    """'#rrggbb' as three channels in 0..1."""
    return [int(colour.lstrip("#")[k : k + 2], 16) / 255 for k in (0, 2, 4)]


def luminance(rgb: Sequence[float]) -> float:
    """WCAG relative luminance of an sRGB colour whose channels are in 0..1."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: Sequence[float], b: Sequence[float]) -> float:
    """The WCAG contrast ratio of two sRGB colours (channels in 0..1), from 1 to 21."""
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@dataclass(frozen=True)
class Ink:
    """A glyph as seen: its contrast with its backdrop, and how much of its colour comes through (its opacity,
    less what the shapes drawn over it take away)."""

    contrast: float
    shown: float


def inks(leaves: list, glyphs: set[int], background: Sequence[float]) -> dict[int, Ink]:
    """Each glyph of `leaves` (the camera's leaves in painting order; `glyphs`: the ids of those of texts) as
    seen over `background` (sRGB, 0..1), by id. Glyphs of one colour over and under the same shapes are seen
    alike, and worked out once."""
    shapes = [(i, leaf) for i, leaf in enumerate(leaves) if id(leaf) not in glyphs and filled(leaf)]
    drawn = [(i, leaf) for i, leaf in enumerate(leaves) if id(leaf) in glyphs and filled(leaf)]
    lows = np.array([leaf.points.min(axis=0)[:2] for _, leaf in drawn]).reshape(-1, 2)
    highs = np.array([leaf.points.max(axis=0)[:2] for _, leaf in drawn]).reshape(-1, 2)
    covers = np.array([covering(shape, lows, highs) for _, shape in shapes]).reshape(len(shapes), len(drawn))
    found, alike = {}, {}
    for k, (i, glyph) in enumerate(drawn):
        over = tuple(int(n) for n in np.flatnonzero(covers[:, k]))
        key = (tuple(glyph.get_fill_rgbas()[0]), over, sum(shapes[n][0] < i for n in over))
        if key not in alike:
            below, above = [shapes[n][1] for n in over[: key[2]]], [shapes[n][1] for n in over[key[2] :]]
            alike[key] = seen(glyph, below, above, np.asarray(background, dtype=float))
        found[id(glyph)] = alike[key]
    return found


def seen(glyph: VMobject, below: list, above: list, background: np.ndarray) -> Ink:
    """`glyph` over `below` (laid on `background` in turn) and under `above`."""
    backdrop = composite(background, below)
    colour, opacity = fill(glyph)
    ink = composite(opacity * colour + (1 - opacity) * backdrop, above)
    shown = opacity * float(np.prod([1 - fill(shape)[1] for shape in above]))
    return Ink(ratio(ink, composite(backdrop, above)), shown)


def composite(under: np.ndarray, shapes: list) -> np.ndarray:
    """`shapes`' fills laid over the colour `under` in turn."""
    for shape in shapes:
        colour, opacity = fill(shape)
        under = opacity * colour + (1 - opacity) * under
    return under


def fill(shape: VMobject) -> tuple[np.ndarray, float]:
    """A shape's fill colour (sRGB, 0..1) and opacity."""
    rgba = shape.get_fill_rgbas()[0]
    return np.asarray(rgba[:3], dtype=float), float(rgba[3])


def filled(leaf) -> bool:
    """Whether `leaf` paints a fill (not only a stroke)."""
    return isinstance(leaf, VMobject) and len(leaf.points) >= 4 and leaf.get_fill_opacity() > 0


def covering(shape: VMobject, lows: np.ndarray, highs: np.ndarray) -> np.ndarray:
    """Which boxes (corners `lows` and `highs`, x and y) `shape` covers: its box holds them, and their centres
    lie in its fill by the nonzero winding rule cairo fills by, on its outline's chords (each curve from anchor
    to anchor, each subpath closed)."""
    low, high = shape.points.min(axis=0)[:2], shape.points.max(axis=0)[:2]
    inside = np.all((lows >= low - 1e-6) & (highs <= high + 1e-6), axis=1)
    if not inside.any():
        return inside
    points = (lows + highs) / 2
    starts, ends = [shape.points[0::4, :2]], [shape.points[3::4, :2]]
    for path in shape.get_subpaths():
        starts.append(path[-1:, :2])
        ends.append(path[:1, :2])
    a, b, p = np.vstack(starts)[None], np.vstack(ends)[None], points[inside][:, None]
    cross = (b[..., 0] - a[..., 0]) * (p[..., 1] - a[..., 1]) - (p[..., 0] - a[..., 0]) * (
        b[..., 1] - a[..., 1]
    )
    up = (a[..., 1] <= p[..., 1]) & (b[..., 1] > p[..., 1]) & (cross > 0)
    down = (a[..., 1] > p[..., 1]) & (b[..., 1] <= p[..., 1]) & (cross < 0)
    inside[inside] = up.sum(axis=1) != down.sum(axis=1)
    return inside
