"""The examples of the two source explainers: the drag (source 000), the blend and the cross-attention pair.

Each class validates its arrays on construction; errors name the field as `<table>.<field>`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from attention.trace import AttentionTrace, GridTrace, attend, attend_grid
from attention.validation import as_array, frozen, names, same_count, same_width


@dataclass(frozen=True)
class DragExample:
    """Source 000: 2-D keys (the values are the keys), a worked-example query, a drag path."""

    tokens: tuple[str, ...]
    keys: np.ndarray  # (n, 2)
    query: np.ndarray  # (2,) the worked example's query
    path: np.ndarray  # (p, 2) points the dragged query passes through, in order

    def __post_init__(self):
        keys = as_array("drag.keys", self.keys, 2)
        if keys.shape[1] != 2:
            raise ValueError(f"drag.keys: expected 2-D vectors for the plane, got width {keys.shape[1]}")
        query = as_array("drag.query", self.query, 1)
        path = as_array("drag.path", self.path, 2)
        same_width("drag.keys", keys, "drag.query", query)
        same_width("drag.keys", keys, "drag.path", path)
        object.__setattr__(self, "tokens", names("drag.tokens", self.tokens, len(keys)))
        object.__setattr__(self, "keys", frozen(keys))
        object.__setattr__(self, "query", frozen(query))
        object.__setattr__(self, "path", frozen(path))

    def trace(self, query=None) -> AttentionTrace:
        """Attention of `query` (default: the worked example's) over the keys, values = keys."""
        return attend(self.query if query is None else query, self.keys)


@dataclass(frozen=True)
class BlendExample:
    """Source 003: keys of width d, 2-D values, and a sequence of queries (first, then refocused)."""

    tokens: tuple[str, ...]
    keys: np.ndarray  # (n, d)
    values: np.ndarray  # (n, 2)
    queries: np.ndarray  # (m, d)

    def __post_init__(self):
        keys = as_array("blend.keys", self.keys, 2)
        values = as_array("blend.values", self.values, 2)
        queries = as_array("blend.queries", self.queries, 2)
        same_count("blend.keys", keys, "blend.values", values)
        same_width("blend.keys", keys, "blend.queries", queries)
        if values.shape[1] != 2:
            raise ValueError(f"blend.values: expected 2-D vectors for the plane, got width {values.shape[1]}")
        object.__setattr__(self, "tokens", names("blend.tokens", self.tokens, len(keys)))
        object.__setattr__(self, "keys", frozen(keys))
        object.__setattr__(self, "values", frozen(values))
        object.__setattr__(self, "queries", frozen(queries))

    def trace(self, step: int = 0, *, scaled: bool = True) -> AttentionTrace:
        """Attention of query number `step`; `scaled=False` gives the unscaled variant."""
        return attend(self.queries[step], self.keys, self.values, scaled=scaled)


@dataclass(frozen=True)
class CrossExample:
    """An encoder-decoder pair: source positions (keys, values, their own queries) and decoder queries.

    `cross()` is cross-attention (one row per decoder step); `self_attention()` lets the
    source attend to itself, optionally lengthened with generated positions.
    """

    source_tokens: tuple[str, ...]
    keys: np.ndarray  # (n, d) encoder keys
    values: np.ndarray  # (n, dv) encoder values
    self_queries: np.ndarray  # (n, d) each source position's own query
    target_tokens: tuple[str, ...]
    queries: np.ndarray  # (m, d) decoder queries, one per output step

    def __post_init__(self):
        keys = as_array("cross.keys", self.keys, 2)
        values = as_array("cross.values", self.values, 2)
        self_queries = as_array("cross.self_queries", self.self_queries, 2)
        queries = as_array("cross.queries", self.queries, 2)
        same_count("cross.keys", keys, "cross.values", values)
        same_count("cross.keys", keys, "cross.self_queries", self_queries)
        same_width("cross.keys", keys, "cross.self_queries", self_queries)
        same_width("cross.keys", keys, "cross.queries", queries)
        object.__setattr__(self, "source_tokens", names("cross.source_tokens", self.source_tokens, len(keys)))
        object.__setattr__(
            self, "target_tokens", names("cross.target_tokens", self.target_tokens, len(queries))
        )
        for name, array in (
            ("keys", keys),
            ("values", values),
            ("self_queries", self_queries),
            ("queries", queries),
        ):
            object.__setattr__(self, name, frozen(array))

    def cross(self) -> GridTrace:
        """Every decoder query against the encoder keys and values, in one call."""
        return attend_grid(self.queries, self.keys, self.values)

    def self_attention(self, length: int | None = None) -> GridTrace:
        """The source attending to itself; `length` > n appends generated positions (see `lengthen`)."""
        rows = np.hstack([self.self_queries, self.keys, self.values])
        rows = lengthen("length", rows, len(rows) if length is None else length)
        d = self.keys.shape[1]
        return attend_grid(rows[:, :d], rows[:, d : 2 * d], rows[:, 2 * d :])


def lengthen(name: str, rows: np.ndarray, length: int, seed: int = 0) -> np.ndarray:
    """`rows` followed by seeded standard-normal rows up to `length` rows in all.

    Deterministic, and a shorter result is always the start of a longer one.
    """
    if isinstance(length, bool) or not isinstance(length, (int, np.integer)) or length < len(rows):
        raise ValueError(f"{name}: expected a whole number of at least {len(rows)} positions, got {length!r}")
    extra = np.random.default_rng(seed).standard_normal((int(length) - len(rows), rows.shape[1]))
    return np.vstack([rows, extra])


DEFAULT_CROSS = CrossExample(
    source_tokens=("the", "cat", "sat", "down"),
    keys=[[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 1], [0, 0, 1, 2]],
    values=[[1, 0], [0, 1], [1, 1], [0, 0]],
    self_queries=[[2, 0, 0, 0], [1, 2, 0, 0], [0, 2, 2, 0], [0, 0, 1, 2]],
    target_tokens=("le", "chat", "s'assit"),
    queries=[[3, 0, 0, 0], [1, 3, 0, 0], [0, 0, 2, 2]],
)
