"""Word order: attention alone sees a set of words, so position has to be put back into the vectors.

Shuffling the words permutes the weights and the outputs with them and changes nothing else; sinusoidal
encodings add a position signal to each embedding; rotary encodings (RoPE) turn q and k by their
positions, so that a score depends only on how far apart the two words are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .trace import AttentionTrace, GridTrace, attend, attend_grid
from .validation import as_array, frozen

if TYPE_CHECKING:
    from .examples import BlendExample, CausalExample

ROPE_STEP = 30.0  # degrees each position turns q and k by
ROPE_QUERY, ROPE_KEY = (2.0, 0.0), (1.0, 1.0)  # the storyboard's pair, turned to several positions
ROPE_PAIRS = ((1, 1), (1, 2), (4, 5), (1, 3), (4, 6))  # (query's, key's) positions: offsets 0, 1, 1, 2, 2
PE_WIDTH = 4  # the sinusoidal table's width, as wide as the lecture's embeddings
STRIPES = (48, 16)  # the encodings drawn as stripes: this many positions, each this many numbers wide


def last_first(tokens) -> tuple[str, ...]:
    """The words in another order, the last one moved to the front: (cat, the, sat) for (the, sat, cat)."""
    tokens = tuple(tokens)
    return tokens[-1:] + tokens[:-1]


def permutation(tokens, order) -> tuple[int, ...]:
    """Where each word of `order` was in `tokens`, refusing anything but a reordering of the same words."""
    tokens, order = tuple(tokens), tuple(order)
    if sorted(tokens) != sorted(order):
        raise ValueError(f"order: expected the words {list(tokens)} in some order, got {list(order)}")
    return tuple(tokens.index(word) for word in order)


@dataclass(frozen=True)
class ShuffledQuery:
    """One query over the same words in two orders: the weights move with their words, the output stays."""

    tokens: tuple[str, ...]  # the original order
    order: tuple[str, ...]  # the new order
    before: AttentionTrace
    after: AttentionTrace


def shuffle_query(blend: BlendExample, order=None, step: int = 0) -> ShuffledQuery:
    """Query number `step` of the blend example over its words, then over the words in `order` (by default
    the last word first)."""
    order = last_first(blend.tokens) if order is None else order
    rows = list(permutation(blend.tokens, order))
    query = blend.queries[step]
    return ShuffledQuery(
        tokens=blend.tokens,
        order=tuple(order),
        before=attend(query, blend.keys, blend.values),
        after=attend(query, blend.keys[rows], blend.values[rows]),
    )


@dataclass(frozen=True)
class ShuffledSentence:
    """Self-attention over a sentence and over its words reordered: each word's output is unchanged."""

    tokens: tuple[str, ...]
    order: tuple[str, ...]
    before: GridTrace
    after: GridTrace  # row i belongs to order[i]


def shuffle_sentence(causal: CausalExample, order=None) -> ShuffledSentence:
    """Every word of the causal example attending to every word (no mask), in both orders (by default the
    last word first)."""
    order = last_first(causal.tokens) if order is None else order
    rows = list(permutation(causal.tokens, order))
    return ShuffledSentence(
        tokens=causal.tokens,
        order=tuple(order),
        before=attend_grid(causal.queries, causal.keys, causal.values),
        after=attend_grid(causal.queries[rows], causal.keys[rows], causal.values[rows]),
    )


def sinusoidal(positions, width: int, base: float = 10000.0) -> np.ndarray:
    """PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)): one row per position.

    Each pair of coordinates turns at its own rate, fast to slow, so every position gets its own row.
    """
    if isinstance(width, bool) or not isinstance(width, (int, np.integer)) or width < 2 or width % 2:
        raise ValueError(f"width: expected an even whole number of at least 2, got {width!r}")
    p = as_array("positions", positions, 1)
    rates = base ** (-np.arange(0, width, 2) / width)
    angles = np.outer(p, rates)
    pe = np.empty((len(p), int(width)))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return frozen(pe)


def with_positions(embeddings) -> np.ndarray:
    """Each embedding plus the encoding of its position (0, 1, 2, ...): what attention then reads."""
    x = as_array("embeddings", embeddings, 2)
    return frozen(x + sinusoidal(np.arange(len(x)), x.shape[1]))


def rotate(vector, degrees: float) -> np.ndarray:
    """A 2-D vector turned counter-clockwise by `degrees`."""
    v = as_array("vector", vector, 1)
    if v.shape != (2,):
        raise ValueError(f"vector: expected a 2-D vector, got width {v.shape[0]}")
    a = np.radians(degrees)
    return frozen([v[0] * np.cos(a) - v[1] * np.sin(a), v[0] * np.sin(a) + v[1] * np.cos(a)])


@dataclass(frozen=True)
class RotaryScore:
    """q at one position and k at another, each turned by position x step; their dot product (unscaled)."""

    query: np.ndarray  # (2,) before turning
    key: np.ndarray  # (2,)
    positions: tuple[int, int]  # (query's, key's)
    turned_query: np.ndarray  # (2,)
    turned_key: np.ndarray  # (2,)
    score: float  # depends only on the offset: the angle between them changes by offset x step

    @property
    def offset(self) -> int:
        return self.positions[1] - self.positions[0]


def rotary_score(query, key, positions: tuple[int, int], step: float = ROPE_STEP) -> RotaryScore:
    """RoPE in 2-D: q turned by m x step, k by n x step, score = their dot product."""
    m, n = positions
    q, k = rotate(query, m * step), rotate(key, n * step)
    return RotaryScore(
        query=frozen(query),
        key=frozen(key),
        positions=(int(m), int(n)),
        turned_query=q,
        turned_key=k,
        score=float(q @ k),
    )


def rotary_table() -> list[RotaryScore]:
    """The storyboard's q and k at each pair of ROPE_PAIRS: the chapter's table of scores by offset."""
    return [rotary_score(ROPE_QUERY, ROPE_KEY, pair) for pair in ROPE_PAIRS]
