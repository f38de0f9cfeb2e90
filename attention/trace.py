"""Scaled dot-product attention, returning every intermediate value the lecture shows."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .softmax import log_exp_sum, raw_exponentials, softmax
from .validation import as_array, frozen, positive, same_count, same_width


@dataclass(frozen=True)
class AttentionTrace:
    """One query attending over n keys: dots -> scores -> exps -> weights -> output."""

    query: np.ndarray  # (d,)
    keys: np.ndarray  # (n, d)
    values: np.ndarray  # (n, dv)
    dots: np.ndarray  # (n,) q . k_i
    divisor: float  # sqrt(d), or 1 when unscaled
    scores: np.ndarray  # (n,) dots / divisor
    exps: np.ndarray  # (n,) exp(score_i), unshifted as in the sources
    exp_sum: float  # sum of exps (inf once one overflows)
    log_exp_sum: float  # ln(exp_sum), finite for any finite scores: how large sums are printed
    weights: np.ndarray  # (n,) softmax(scores), computed stably
    terms: np.ndarray  # (n, dv) w_i * v_i
    output: np.ndarray  # (dv,) sum of terms

    @property
    def width(self) -> int:
        return self.keys.shape[1]


@dataclass(frozen=True)
class GridTrace:
    """Several queries against the same keys: one row of scores and weights per query."""

    queries: np.ndarray  # (m, d)
    keys: np.ndarray  # (n, d)
    values: np.ndarray  # (n, dv)
    dots: np.ndarray  # (m, n)
    divisor: float
    scores: np.ndarray  # (m, n)
    weights: np.ndarray  # (m, n), each row sums to 1
    outputs: np.ndarray  # (m, dv)

    @property
    def shape(self) -> tuple[int, int]:
        return self.scores.shape

    def row(self, i: int) -> AttentionTrace:
        """The full single-query trace of row i."""
        return attend(self.queries[i], self.keys, self.values, divisor=self.divisor)


def divisor_for(width: int, scaled: bool = True) -> float:
    """sqrt(d) for scaled attention, 1 for the unscaled variant."""
    return float(np.sqrt(width)) if scaled else 1.0


def attend(query, keys, values=None, *, scaled: bool = True, divisor: float | None = None) -> AttentionTrace:
    """softmax(q . K^T / sqrt(d)) V for one query; values default to the keys.

    `scaled=False` divides by 1; an explicit `divisor` overrides both.
    """
    q = as_array("query", query, 1)
    k = as_array("keys", keys, 2)
    v = k if values is None else as_array("values", values, 2)
    same_width("query", q, "keys", k)
    same_count("keys", k, "values", v)
    div = divisor_for(k.shape[1], scaled) if divisor is None else positive("divisor", divisor)
    dots = k @ q
    scores = dots / div
    exps = raw_exponentials(scores)
    weights = softmax(scores)
    terms = weights[:, None] * v
    return AttentionTrace(
        query=frozen(q),
        keys=frozen(k),
        values=frozen(v),
        dots=frozen(dots),
        divisor=div,
        scores=frozen(scores),
        exps=frozen(exps),
        exp_sum=float(np.sum(exps)),
        log_exp_sum=log_exp_sum(scores),
        weights=frozen(weights),
        terms=frozen(terms),
        output=frozen(terms.sum(axis=0)),
    )


def attend_grid(
    queries, keys, values=None, *, scaled: bool = True, divisor: float | None = None
) -> GridTrace:
    """softmax(Q K^T / sqrt(d)) V for many queries at once (cross- or self-attention)."""
    q = as_array("queries", queries, 2)
    k = as_array("keys", keys, 2)
    v = k if values is None else as_array("values", values, 2)
    same_width("queries", q, "keys", k)
    same_count("keys", k, "values", v)
    div = divisor_for(k.shape[1], scaled) if divisor is None else positive("divisor", divisor)
    dots = q @ k.T
    scores = dots / div
    weights = softmax(scores, axis=1)
    return GridTrace(
        queries=frozen(q),
        keys=frozen(k),
        values=frozen(v),
        dots=frozen(dots),
        divisor=div,
        scores=frozen(scores),
        weights=frozen(weights),
        outputs=frozen(weights @ v),
    )
