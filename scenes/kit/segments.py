"""Segments sampled as points: an arrow's shaft, a leader, a line to a magnified view. What must keep clear of a
segment (a label, another line) is tested at SAMPLES points along it, the same way wherever it is asked
(ScoreEveryWord's compass names and leaders, Refocus' magnified view and its links)."""

from __future__ import annotations

import numpy as np

from scenes.kit import fit

SAMPLES = 40  # points along a segment that what keeps clear of it is tested at


def of(marks) -> np.ndarray:
    """The start and end (x, y) of each of `marks` (lines or arrows), as an n x 2 x 2 array."""
    return np.array([[m.get_start()[:2], m.get_end()[:2]] for m in marks]).reshape(-1, 2, 2)


def sampled(start, end) -> np.ndarray:
    """SAMPLES points (x, y) from `start` to `end` (x, y and maybe z), as numpy's linspace places them."""
    return np.linspace(np.asarray(start, dtype=float), np.asarray(end, dtype=float), SAMPLES)[:, :2]


def near(areas, start, end, margin: float = 0) -> np.ndarray:
    """For each of the boxes `areas` (n x [[left, bottom], [right, top]]), whether one of the points `sampled` from
    `start` to `end` lies in it widened by `margin`: what `fit.clear_of` says is not clear of them, found by
    bisection along the segment (its points run one way in x and in y), not by testing each point in each box:
    layouts ask it of thousands of places at once."""
    points = sampled(start, end)
    areas = np.asarray(areas, dtype=float).reshape(-1, 2, 2)
    first, last = np.zeros(len(areas), dtype=int), np.full(len(areas), SAMPLES - 1)
    for axis in (0, 1):
        values, low, high = points[:, axis], areas[:, 0, axis] - margin, areas[:, 1, axis] + margin
        if values[-1] >= values[0]:
            if np.any(np.diff(values) < 0):  # rounding may not run one way: each point tested
                return ~fit.clear_of(areas, points, margin=margin)
            first = np.maximum(first, np.searchsorted(values, low, side="left"))
            last = np.minimum(last, np.searchsorted(values, high, side="right") - 1)
        else:
            back = values[::-1]
            if np.any(np.diff(back) < 0):
                return ~fit.clear_of(areas, points, margin=margin)
            first = np.maximum(first, SAMPLES - np.searchsorted(back, high, side="right"))
            last = np.minimum(last, SAMPLES - 1 - np.searchsorted(back, low, side="left"))
    return first <= last


def gap(points, others) -> float:
    """The least distance between any of `points` and any of `others` (rows of x, y and maybe z; infinite for
    none)."""
    if not len(points) or not len(others):
        return np.inf
    points, others = (np.asarray(p, dtype=float)[:, :2] for p in (points, others))
    return float(np.linalg.norm(points[:, None] - others[None], axis=2).min())


def gaps_to(points, segments) -> np.ndarray:
    """For each of `segments` (n x [start, end], each x, y), the least distance from `points` (rows of x, y) to
    it."""
    segments = np.asarray(segments, dtype=float).reshape(-1, 2, 2)
    if not len(segments):
        return np.zeros(0)
    points = np.asarray(points, dtype=float)[None, :, :2]
    start, along = segments[:, None, 0], segments[:, None, 1] - segments[:, None, 0]
    length = np.maximum(np.sum(along * along, axis=2, keepdims=True), 1e-12)
    t = np.clip(np.sum((points - start) * along, axis=2, keepdims=True) / length, 0, 1)
    return np.min(np.linalg.norm(points - (start + t * along), axis=2), axis=1)


def crosses(ends, others) -> bool:
    """Whether the segment between `ends` (two points, x, y) crosses the one between `others` (each passing
    between the other's ends; touching is no crossing)."""
    a, b, c, d = (np.asarray(end, dtype=float)[:2] for end in (*ends, *others))

    def side(p, q, r) -> float:  # > 0 where r is left of the way from p to q
        return float((q - p)[0] * (r - p)[1] - (q - p)[1] * (r - p)[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0
