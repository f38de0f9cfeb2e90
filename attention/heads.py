"""Multi-head attention, with the simplest projection: head h reads its own contiguous slice of coordinates.

Each head divides by sqrt(d_head), blends its own slice of the values, and the heads' outputs are
concatenated (a learned output projection would then mix them; here it is the identity).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .trace import AttentionTrace, attend
from .validation import as_array, frozen, same_count, same_width


def head_slices(width: int, heads: int, of: str = "key") -> tuple[slice, ...]:
    """The coordinates of each head: `heads` contiguous slices of width // heads, refusing uneven splits.

    `of` names the vectors being split ("key", "value") in the error.
    """
    if isinstance(heads, bool) or not isinstance(heads, (int, np.integer)) or heads < 1:
        raise ValueError(f"heads: expected a whole number of heads, at least 1, got {heads!r}")
    if width % heads:
        raise ValueError(f"heads: {of} width {width} does not split evenly into {heads} heads")
    size = width // heads
    return tuple(slice(h * size, (h + 1) * size) for h in range(int(heads)))


@dataclass(frozen=True)
class HeadTrace:
    """One head: the coordinates it projects onto, and attention within them (divisor sqrt(d_head))."""

    coordinates: slice  # 0-based, half-open: head 1 of a width-4, 2-head split is slice(0, 2)
    trace: AttentionTrace  # of the projected query, keys and values


@dataclass(frozen=True)
class MultiHeadTrace:
    """One query seen by a single full-width head and by several narrow heads, side by side."""

    single: AttentionTrace  # one head over every coordinate, divisor sqrt(d)
    heads: tuple[HeadTrace, ...]
    concatenated: np.ndarray  # (dv,) the heads' outputs one after another

    @property
    def head_width(self) -> int:
        return self.heads[0].trace.width


def attend_heads(query, keys, values=None, *, heads: int) -> MultiHeadTrace:
    """Attention of one query split over `heads` heads, beside the single-head version; values default to keys.

    The widths of both keys and values must split evenly into the heads.
    """
    q = as_array("query", query, 1)
    k = as_array("keys", keys, 2)
    v = k if values is None else as_array("values", values, 2)
    same_width("query", q, "keys", k)
    same_count("keys", k, "values", v)
    key_slices = head_slices(k.shape[1], heads, "key")
    value_slices = head_slices(v.shape[1], heads, "value")
    per_head = tuple(
        HeadTrace(coordinates=ks, trace=attend(q[ks], k[:, ks], v[:, vs]))
        for ks, vs in zip(key_slices, value_slices)
    )
    return MultiHeadTrace(
        single=attend(q, k, v),
        heads=per_head,
        concatenated=frozen(np.concatenate([h.trace.output for h in per_head])),
    )
