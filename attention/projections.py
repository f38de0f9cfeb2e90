"""Where queries, keys and values come from: each word's embedding x times three learned matrices.

q = x W_Q, k = x W_K, v = x W_V. The default matrices are small integers chosen so that the keys and
values are exactly those of chapters 3-5, and the queries exactly those chapters' queries (and the
causal mask's, where each word's query is its key). After several heads, W^O mixes their outputs.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .heads import MultiHeadTrace
from .trace import AttentionTrace, attend
from .validation import as_array, frozen, names


@dataclass(frozen=True)
class RowTimesMatrix:
    """A row times a matrix, kept as drawn: entry j of the result is the row's dot product with column j."""

    row: np.ndarray  # (k,)
    matrix: np.ndarray  # (k, m)
    terms: np.ndarray  # (m, k) terms[j, i] = row[i] * matrix[i, j], the products that sum to entry j
    result: np.ndarray  # (m,)


def row_times(row, matrix) -> RowTimesMatrix:
    """x W with every product of every column's dot product kept, so each entry can be shown as its sum."""
    x = as_array("row", row, 1)
    w = as_array("matrix", matrix, 2)
    if w.shape[0] != x.shape[0]:
        raise ValueError(f"matrix: expected {x.shape[0]} rows, one per entry of the row, got {w.shape[0]}")
    terms = w.T * x
    return RowTimesMatrix(row=frozen(x), matrix=frozen(w), terms=frozen(terms), result=frozen(terms.sum(1)))


@dataclass(frozen=True)
class Projections:
    """Words' embeddings (one row x each) and the matrices that make each word's query, key and value."""

    tokens: tuple[str, ...]
    embeddings: np.ndarray  # (n, d)
    w_q: np.ndarray  # (d, d_k)
    w_k: np.ndarray  # (d, d_k)
    w_v: np.ndarray  # (d, d_v)

    def __post_init__(self):
        x = as_array("projections.embeddings", self.embeddings, 2)
        for field in ("w_q", "w_k", "w_v"):
            matrix = as_array(f"projections.{field}", getattr(self, field), 2)
            if matrix.shape[0] != x.shape[1]:
                raise ValueError(
                    f"projections.{field}: expected {x.shape[1]} rows, one per embedding coordinate, "
                    f"got {matrix.shape[0]}"
                )
            object.__setattr__(self, field, frozen(matrix))
        if self.w_q.shape[1] != self.w_k.shape[1]:
            raise ValueError(
                f"projections.w_k: expected {self.w_q.shape[1]} columns to match w_q, got {self.w_k.shape[1]}"
            )
        object.__setattr__(self, "tokens", names("projections.tokens", self.tokens, len(x)))
        object.__setattr__(self, "embeddings", frozen(x))

    def embedding(self, word: str) -> np.ndarray:
        return self.embeddings[self._index(word)]

    def query(self, word: str) -> RowTimesMatrix:
        return row_times(self.embedding(word), self.w_q)

    def key(self, word: str) -> RowTimesMatrix:
        return row_times(self.embedding(word), self.w_k)

    def value(self, word: str) -> RowTimesMatrix:
        return row_times(self.embedding(word), self.w_v)

    @property
    def queries(self) -> np.ndarray:
        return self.embeddings @ self.w_q

    @property
    def keys(self) -> np.ndarray:
        return self.embeddings @ self.w_k

    @property
    def values(self) -> np.ndarray:
        return self.embeddings @ self.w_v

    def asking(self, query) -> str:
        """The first word whose x W_Q is `query`: whose question an example's query is."""
        q = as_array("query", query, 1)
        for word, row in zip(self.tokens, self.queries):
            if row.shape == q.shape and np.array_equal(row, q):
                return word
        raise ValueError(f"query: no word's x W_Q is {q.tolist()}")

    def makes(self, blend) -> bool:
        """Whether these words and matrices make `blend`'s keys, values and queries (an example's [blend]): each
        word's key and value, and each query some word's x W_Q (the lecture's example does; a lecturer's need
        not)."""
        if not set(blend.tokens) <= set(self.tokens):
            return False
        rows = [self.tokens.index(t) for t in blend.tokens]
        same = np.array_equal(self.keys[rows], blend.keys) and np.array_equal(self.values[rows], blend.values)
        return same and all(any(np.array_equal(q, row) for row in self.queries) for q in blend.queries)

    def attend(self, query_word: str, words) -> AttentionTrace:
        """`query_word`'s query over `words`' keys and values, as every chapter attends."""
        rows = [self._index(w) for w in words]
        return attend(self.queries[self._index(query_word)], self.keys[rows], self.values[rows])

    def _index(self, word: str) -> int:
        if word not in self.tokens:
            raise ValueError(f"word: expected one of {list(self.tokens)}, got {word!r}")
        return self.tokens.index(word)


def equal_keys(projections: Projections) -> tuple[tuple[str, str], ...]:
    """Pairs of words matched alike (equal keys) that pass on different things (different values)."""
    k, v, t = projections.keys, projections.values, projections.tokens
    return tuple(
        (t[i], t[j])
        for i in range(len(t))
        for j in range(i + 1, len(t))
        if np.array_equal(k[i], k[j]) and not np.array_equal(v[i], v[j])
    )


# Chapter 3's words in its order, then "a": matched like "the" (the same key), passing on something else.
DEFAULT_PROJECTIONS = Projections(
    tokens=("the", "cat", "sat", "a"),
    embeddings=[[1, 1, 0, 0], [0, 2, 0, 2], [0, 0, 1, 1], [0, 0, 2, 0]],
    w_q=[[2, -1, 0, 0], [0, 1, 0, 0], [1, 1, 0, 0], [0, 0, 0, 0]],
    w_k=[[2, 0, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]],
    w_v=[[1, 0], [0, 0], [0, 1], [0, 0]],
)

# Multi-head's output matrix: each output coordinate adds one coordinate of each head, so it mixes them.
W_O = ((1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 0, 1), (0, 1, 1, 0))


def output_projection(heads: MultiHeadTrace, w_o=W_O) -> RowTimesMatrix:
    """The heads' outputs side by side, times W^O: how several heads become one vector again."""
    return row_times(heads.concatenated, as_array("w_o", w_o, 2))
