"""How softmax saturates as the gaps between scores grow (the gain knob).

Two forms of the same quantities: `saturation_at` / `saturation_sweep` as plain floats, and
`log_saturation_sweep` as base-10 logarithms, exact even where the numbers themselves underflow
float64 (below about 1e-308). For large score gaps the plain floats round to exactly 0, which
would contradict what the lecture shows: they never are. The scenes use the logarithms.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .softmax import jacobian, sensitivity, softmax
from .validation import as_array, frozen, positive

LN10 = np.log(10.0)
GAIN_RANGE = (1.0, 10.0)  # the gains the lecture sweeps: from the scores as they are to ten times their gaps


def weights_at_gain(scores, gain: float) -> np.ndarray:
    """softmax(gain * s): multiplying the scores multiplies every gap between them."""
    s = as_array("scores", scores, 1)
    return softmax(positive("gain", gain) * s)


@dataclass(frozen=True)
class Saturation:
    """softmax(gain * scores) at one gain, as plain floats."""

    weights: np.ndarray  # (n,)
    top_sensitivity: float  # w_top (1 - w_top)
    jacobian_norm: float  # Frobenius norm of the softmax Jacobian
    min_weight: float  # the smallest weight, positive for finite scores (until it underflows)


def saturation_at(scores, gain: float) -> Saturation:
    """The weights, top sensitivity, Jacobian norm and smallest weight at one gain."""
    w = weights_at_gain(scores, gain)
    top = int(np.argmax(w))
    return Saturation(
        weights=frozen(w),
        top_sensitivity=float(sensitivity(w)[top]),
        jacobian_norm=float(np.linalg.norm(jacobian(w))),
        min_weight=float(np.min(w)),
    )


@dataclass(frozen=True)
class SaturationTrace:
    """Weights and sensitivities of softmax(gain * scores) for each gain."""

    scores: np.ndarray  # (n,) the scores at gain 1
    gains: np.ndarray  # (g,)
    weights: np.ndarray  # (g, n)
    top_sensitivity: np.ndarray  # (g,) w_top (1 - w_top)
    jacobian_norm: np.ndarray  # (g,) Frobenius norm of the softmax Jacobian
    min_weight: np.ndarray  # (g,) the smallest weight, positive for finite scores


def saturation_sweep(scores, gains) -> SaturationTrace:
    """Evaluate `saturation_at` over a range of gains."""
    s = as_array("scores", scores, 1)
    g = as_array("gains", gains, 1)
    rows = [saturation_at(s, gain) for gain in g]
    return SaturationTrace(
        scores=frozen(s),
        gains=frozen(g),
        weights=frozen(np.array([r.weights for r in rows])),
        top_sensitivity=frozen(np.array([r.top_sensitivity for r in rows])),
        jacobian_norm=frozen(np.array([r.jacobian_norm for r in rows])),
        min_weight=frozen(np.array([r.min_weight for r in rows])),
    )


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
