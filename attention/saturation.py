"""How softmax saturates as the gaps between scores grow (the gain knob)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .softmax import jacobian, sensitivity, softmax
from .validation import as_array, frozen, positive


@dataclass(frozen=True)
class SaturationTrace:
    """Weights and sensitivities of softmax(gain * scores) for each gain."""

    scores: np.ndarray  # (n,) the scores at gain 1
    gains: np.ndarray  # (g,)
    weights: np.ndarray  # (g, n)
    top_sensitivity: np.ndarray  # (g,) w_top (1 - w_top)
    jacobian_norm: np.ndarray  # (g,) Frobenius norm of the softmax Jacobian
    min_weight: np.ndarray  # (g,) the smallest weight, positive for finite scores


def weights_at_gain(scores, gain: float) -> np.ndarray:
    """softmax(gain * s): multiplying the scores multiplies every gap between them."""
    s = as_array("scores", scores, 1)
    return softmax(positive("gain", gain) * s)


def saturation_at(scores, gain: float) -> tuple[np.ndarray, float, float, float]:
    """(weights, top sensitivity, Jacobian norm, smallest weight) at one gain."""
    w = weights_at_gain(scores, gain)
    top = int(np.argmax(w))
    return w, float(sensitivity(w)[top]), float(np.linalg.norm(jacobian(w))), float(np.min(w))


def saturation_sweep(scores, gains) -> SaturationTrace:
    """Evaluate `saturation_at` over a range of gains."""
    s = as_array("scores", scores, 1)
    g = as_array("gains", gains, 1)
    rows = [saturation_at(s, gain) for gain in g]
    return SaturationTrace(
        scores=frozen(s),
        gains=frozen(g),
        weights=frozen(np.array([r[0] for r in rows])),
        top_sensitivity=frozen(np.array([r[1] for r in rows])),
        jacobian_norm=frozen(np.array([r[2] for r in rows])),
        min_weight=frozen(np.array([r[3] for r in rows])),
    )
