"""Masked attention: hidden scores become minus infinity before a stable softmax, so their weights are 0.

A mask is a boolean matrix shaped like the scores, True where a query may NOT look.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .matrix import MatrixTrace, attend_all
from .validation import as_array, frozen, same_count


def causal_mask(n: int) -> np.ndarray:
    """The (n, n) decoder mask: True above the diagonal, where a position would read a later one."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"n: expected a whole number of positions, at least 1, got {n!r}")
    return np.triu(np.ones((int(n), int(n)), dtype=bool), k=1)


def as_mask(mask, shape: tuple[int, ...]) -> np.ndarray:
    """`mask` as a boolean array of `shape`, refusing other types, other shapes and fully masked rows."""
    array = np.asarray(mask)
    if array.dtype != bool:
        raise ValueError(f"mask: expected True/False values (True = hidden), got dtype {array.dtype}")
    if array.shape != shape:
        raise ValueError(f"mask: expected shape {shape}, the scores' shape, got {array.shape}")
    full = np.flatnonzero(array.all(axis=-1))
    if full.size:
        raise ValueError(f"mask: row {full[0]} hides every key, so its weights cannot sum to 1")
    return array


def masked_scores(scores, mask) -> np.ndarray:
    """The scores with every hidden entry set to minus infinity."""
    s = as_array("scores", scores, 2)
    return np.where(as_mask(mask, s.shape), -np.inf, s)


def masked_softmax(scores, mask) -> np.ndarray:
    """Row-wise softmax of the scores with hidden entries at minus infinity: their weights are exactly 0.

    Each row is shifted by its largest visible score, so exp never overflows and never sees NaN.
    """
    s = masked_scores(scores, mask)
    top = np.max(s, axis=1, keepdims=True)  # finite: every row has a visible score
    with np.errstate(over="ignore"):  # a gap beyond the float range becomes -inf, weight 0
        e = np.exp(s - top)
    return e / np.sum(e, axis=1, keepdims=True)


@dataclass(frozen=True)
class MaskedTrace:
    """Masked attention beside the unmasked trace it changes (same Q, K, V, dots, divisor, scores)."""

    unmasked: MatrixTrace  # scores, weights and outputs without the mask
    mask: np.ndarray  # (m, n) True where hidden
    masked_scores: np.ndarray  # (m, n) scores, -inf where hidden
    weights: np.ndarray  # (m, n) exactly 0 where hidden, each row sums to 1
    outputs: np.ndarray  # (m, dv) weights @ V

    @property
    def shape(self) -> tuple[int, int]:
        return self.mask.shape


def attend_masked(queries, keys, values=None, *, mask, scaled: bool = True) -> MaskedTrace:
    """softmax(mask(Q K^T / sqrt(d))) V, keeping the unmasked trace; values default to the keys."""
    unmasked = attend_all(queries, keys, values, scaled=scaled)
    hidden = as_mask(mask, unmasked.scores.shape)
    weights = masked_softmax(unmasked.scores, hidden)
    return MaskedTrace(
        unmasked=unmasked,
        mask=frozen_mask(hidden),
        masked_scores=frozen(masked_scores(unmasked.scores, hidden)),
        weights=frozen(weights),
        outputs=frozen(weights @ unmasked.values),
    )


def attend_causal(queries, keys, values=None, *, scaled: bool = True) -> MaskedTrace:
    """Self-attention under the causal mask: position i reads positions 0..i only."""
    q = as_array("queries", queries, 2)
    same_count("queries", q, "keys", as_array("keys", keys, 2))
    return attend_masked(q, keys, values, mask=causal_mask(len(q)), scaled=scaled)


def frozen_mask(mask: np.ndarray) -> np.ndarray:
    """A read-only boolean copy of `mask`."""
    mask = np.array(mask, dtype=bool)
    mask.setflags(write=False)
    return mask
