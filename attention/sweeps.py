"""Saturation in log space: the smallest weight and the top weight's sensitivity as base-10
logarithms, exact even where the numbers themselves underflow float64 (below about 1e-308).

`saturation.saturation_at` gives the same quantities as plain floats; for large score gaps
those round to exactly 0, which would contradict what the lecture shows: they never are.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .validation import as_array, frozen, positive

LN10 = np.log(10.0)


def log_softmax(scores) -> np.ndarray:
    """log w_i = s_i - log sum_j exp(s_j), shifted by the max so it never overflows."""
    s = as_array("scores", scores, 1)
    m = s.max()
    return s - (m + np.log(np.sum(np.exp(s - m))))


def _logsumexp(x: np.ndarray) -> float:
    m = x.max()
    return float(m + np.log(np.sum(np.exp(x - m))))


def log10_smallest_weight(scores, gain: float) -> float:
    """log10 of min_i softmax(gain * s)_i: finite for every finite score vector."""
    return float(np.min(log_softmax(positive("gain", gain) * as_array("scores", scores, 1))) / LN10)


def log10_top_sensitivity(scores, gain: float) -> float:
    """log10 of w_top (1 - w_top), with 1 - w_top taken as the sum of the other weights.

    -inf for a single score (its weight is always 1, so nothing can change it).
    """
    logw = log_softmax(positive("gain", gain) * as_array("scores", scores, 1))
    top = int(np.argmax(logw))
    others = np.delete(logw, top)
    if others.size == 0:
        return float("-inf")
    return float((logw[top] + _logsumexp(others)) / LN10)


@dataclass(frozen=True)
class LogSaturation:
    """log10 of the smallest weight and of the top weight's sensitivity, for each gain."""

    scores: np.ndarray  # (n,) the scores at gain 1
    gains: np.ndarray  # (g,)
    log10_smallest: np.ndarray  # (g,)
    log10_top_sensitivity: np.ndarray  # (g,)


def log_saturation_sweep(scores, gains) -> LogSaturation:
    """Evaluate both logarithms over a range of gains."""
    s = as_array("scores", scores, 1)
    g = as_array("gains", gains, 1)
    return LogSaturation(
        scores=frozen(s),
        gains=frozen(g),
        log10_smallest=frozen([log10_smallest_weight(s, x) for x in g]),
        log10_top_sensitivity=frozen([log10_top_sensitivity(s, x) for x in g]),
    )
