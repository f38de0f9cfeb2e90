"""Default examples of the three chapters beyond the sources: all queries at once, causal mask, multi-head.

The matrix chapter has no example of its own: it stacks the blend example's queries (chapters 3-5).
Each class validates like those in `sources.py`; errors name the field as `<table>.<field>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from attention.heads import MultiHeadTrace, attend_heads
from attention.masking import MaskedTrace, attend_causal
from attention.matrix import MatrixTrace, attend_all
from attention.validation import as_array, frozen, names, same_count, same_width

if TYPE_CHECKING:
    from attention.examples.sources import BlendExample


def all_queries(blend: BlendExample) -> MatrixTrace:
    """The matrix chapter: the blend example's queries as the rows of Q, its keys and values."""
    return attend_all(blend.queries, blend.keys, blend.values)


@dataclass(frozen=True)
class CausalExample:
    """A sentence in reading order: keys, 2-D values, and one query per word (by default its key)."""

    tokens: tuple[str, ...]
    keys: np.ndarray  # (n, d)
    values: np.ndarray  # (n, 2)
    queries: np.ndarray | None = None  # (n, d); None: queries = keys

    def __post_init__(self):
        keys = as_array("causal.keys", self.keys, 2)
        values = as_array("causal.values", self.values, 2)
        queries = keys if self.queries is None else as_array("causal.queries", self.queries, 2)
        if len(keys) < 2:
            raise ValueError("causal.keys: expected at least 2 words, so that one comes after another")
        same_count("causal.keys", keys, "causal.values", values)
        same_count("causal.keys", keys, "causal.queries", queries)
        same_width("causal.keys", keys, "causal.queries", queries)
        if values.shape[1] != 2:
            raise ValueError(
                f"causal.values: expected 2-D vectors for the plane, got width {values.shape[1]}"
            )
        object.__setattr__(self, "tokens", names("causal.tokens", self.tokens, len(keys)))
        object.__setattr__(self, "keys", frozen(keys))
        object.__setattr__(self, "values", frozen(values))
        object.__setattr__(self, "queries", frozen(queries))

    def trace(self) -> MaskedTrace:
        """Self-attention under the causal mask, beside the unmasked version."""
        return attend_causal(self.queries, self.keys, self.values)


@dataclass(frozen=True)
class HeadsExample:
    """Keys (the values are the keys), one query, and a number of heads that splits the width evenly."""

    tokens: tuple[str, ...]
    keys: np.ndarray  # (n, d), d divisible by count
    query: np.ndarray  # (d,)
    count: int  # the number of heads, at least 2

    def __post_init__(self):
        keys = as_array("heads.keys", self.keys, 2)
        query = as_array("heads.query", self.query, 1)
        same_width("heads.keys", keys, "heads.query", query)
        count = self.count
        if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or count < 2:
            raise ValueError(f"heads.count: expected a whole number of heads, at least 2, got {count!r}")
        if keys.shape[1] % count:
            raise ValueError(f"heads.count: width {keys.shape[1]} does not split evenly into {count} heads")
        object.__setattr__(self, "tokens", names("heads.tokens", self.tokens, len(keys)))
        object.__setattr__(self, "keys", frozen(keys))
        object.__setattr__(self, "query", frozen(query))
        object.__setattr__(self, "count", int(count))

    def trace(self) -> MultiHeadTrace:
        """The query over every head and over one full-width head."""
        return attend_heads(self.query, self.keys, heads=self.count)


DEFAULT_CAUSAL = CausalExample(
    tokens=("the", "cat", "sat"),
    keys=[[2, 0, 0, 0], [0, 2, 0, 0], [1, 1, 0, 0]],
    values=[[1, 0], [0, 0], [0, 1]],
)

DEFAULT_HEADS = HeadsExample(
    tokens=("the", "cat", "sat"),
    keys=[[2, 0, 0, 0], [0, 2, 0, 2], [1, 1, 2, 0]],
    query=[2, 0, 0, 2],
    count=2,
)
