"""The lecture's example data, from the two source explainers.

Scenes read examples only through `current()`, the one seam a user-supplied
example file can later replace (via `use()`).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .trace import AttentionTrace, attend
from .validation import as_array, frozen, same_count, same_width


def _tokens(name: str, tokens, count: int) -> tuple[str, ...]:
    tokens = tuple(str(t) for t in tokens)
    if len(tokens) != count:
        raise ValueError(f"{name}: expected {count} names, one per row of vectors, got {len(tokens)}")
    return tokens


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
        object.__setattr__(self, "tokens", _tokens("drag.tokens", self.tokens, len(keys)))
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
        object.__setattr__(self, "tokens", _tokens("blend.tokens", self.tokens, len(keys)))
        object.__setattr__(self, "keys", frozen(keys))
        object.__setattr__(self, "values", frozen(values))
        object.__setattr__(self, "queries", frozen(queries))

    def trace(self, step: int = 0, *, scaled: bool = True) -> AttentionTrace:
        """Attention of query number `step`; `scaled=False` gives the unscaled variant."""
        return attend(self.queries[step], self.keys, self.values, scaled=scaled)


@dataclass(frozen=True)
class Examples:
    """Every example the lecture uses."""

    drag: DragExample
    blend: BlendExample


DEFAULT = Examples(
    drag=DragExample(
        tokens=("the", "cat", "sat"),
        keys=[[2, 0], [0, 2], [1, 1]],
        query=[2, 0],
        # onto "the", over to "cat", to the diagonal (all dot products equal), and back
        path=[[1, -0.4], [2, 0], [0, 2], [0.7, 0.7], [2, 0]],
    ),
    blend=BlendExample(
        tokens=("the", "sat", "cat"),
        keys=[[2, 0, 0, 0], [1, 1, 0, 0], [0, 2, 0, 0]],
        values=[[1, 0], [0, 1], [0, 0]],
        queries=[[2, 0, 0, 0], [0, 2, 0, 0]],
    ),
)

_active: Examples = DEFAULT


def current() -> Examples:
    """The examples the scenes should show: the default, or what `use()` installed."""
    return _active


def use(examples: Examples) -> None:
    """Replace the examples every scene reads (e.g. from a user's example file)."""
    global _active
    if not isinstance(examples, Examples):
        raise ValueError(f"examples: expected an Examples object, got {type(examples).__name__}")
    _active = examples
