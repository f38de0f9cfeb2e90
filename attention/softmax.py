"""Numerically stable softmax and its local sensitivity."""

from __future__ import annotations

import numpy as np

from .validation import as_array


def softmax(scores, axis: int = -1) -> np.ndarray:
    """w_i = exp(s_i - max s) / sum_j exp(s_j - max s): the shift keeps exp from overflowing."""
    s = np.asarray(scores, dtype=float)
    shifted = s - np.max(s, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def raw_exponentials(scores) -> np.ndarray:
    """exp(s_i) without the shift, as the sources show them (inf where s_i > ~709: see `log_exp_sum`)."""
    with np.errstate(over="ignore"):
        return np.exp(np.asarray(scores, dtype=float))


def log_exp_sum(scores) -> float:
    """ln(sum_i exp(s_i)), with the max shifted out: finite for any finite scores, where the sum of
    `raw_exponentials` overflows (e^710 is beyond float64), so a sum like e^800 + e^790 can still be printed."""
    s = np.asarray(scores, dtype=float)
    top = float(np.max(s))
    return top + float(np.log(np.sum(np.exp(s - top))))


def jacobian(weights) -> np.ndarray:
    """d w_i / d s_j = w_i (delta_ij - w_j): the softmax's local sensitivity matrix."""
    w = as_array("weights", weights, 1)
    return np.diag(w) - np.outer(w, w)


def sensitivity(weights) -> np.ndarray:
    """The Jacobian's diagonal, w_i (1 - w_i): how fast each weight moves with its own score."""
    w = as_array("weights", weights, 1)
    return w * (1.0 - w)
