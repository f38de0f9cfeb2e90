"""One attention head that learns where to look, trained in plain numpy with hand-written gradients.

The task is a lookup: a few words, each paired with a value, and a query that is one of the words; the
answer is that word's value. Words are one-hot embeddings, so W_Q W_K^T is a words x words grid: entry
(a, b) is how much a query "a" likes a key "b". The values are one-hot too and fixed (W_V = I), so the
output, the weighted sum of the values, is a distribution over the values; the loss is its
cross-entropy with the right value. Nobody tells the head where to look: only the value is checked.

Everything is seeded, and every product is an `einsum` (numpy's own loops, not BLAS), so two runs give
identical arrays and neither a thread count nor a BLAS build can change them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from .softmax import softmax
from .validation import frozen

WORDS = ("cat", "dog", "owl", "fox", "bee", "elk")  # the keys and queries, one-hot
VALUES = ("1", "2", "3", "4")  # what each word in an example is paired with, one-hot
PAIRS = 4  # words per example, each with a different value
SEED = 33
STEPS = 200
LEARNING_RATE = 0.5
TRAINING_EXAMPLES = 200
HELD_OUT_EXAMPLES = 100
INITIAL_SCALE = 0.3  # small random W_Q, W_K: every score near 0, so the weights start near uniform


@dataclass(frozen=True)
class Lookups:
    """Lookup examples, one per row: which words, their values, and which position the query matches."""

    words: np.ndarray  # (m, PAIRS) indices into WORDS, distinct within a row
    values: np.ndarray  # (m, PAIRS) indices into VALUES, distinct within a row
    answers: np.ndarray  # (m,) the position whose word is the query

    @property
    def queries(self) -> np.ndarray:
        return self.words[np.arange(len(self.words)), self.answers]

    @property
    def right_values(self) -> np.ndarray:
        return self.values[np.arange(len(self.values)), self.answers]


@dataclass(frozen=True)
class Lookup:
    """One held-out example as a scene shows it: words, values, query, and the head's weights."""

    words: tuple[str, ...]
    values: tuple[str, ...]
    query: str
    answer: int  # the position of the query's word
    weights_before: np.ndarray  # (PAIRS,) with the initial W_Q, W_K: near uniform
    weights_after: np.ndarray  # (PAIRS,) after training: most on position `answer`


@dataclass(frozen=True)
class TrainedHead:
    """What training did: the loss at every step, the weights before and after, and what it learned."""

    losses: tuple[float, ...]  # the training loss before each step, then after the last (STEPS + 1)
    held_out: tuple[Lookup, ...]  # examples it never saw
    accuracy_before: float  # held-out examples whose retrieved value is right, with the initial weights
    accuracy: float  # the same after training
    mean_weight_before: float  # mean weight on the right word, held out, before training
    mean_weight: float  # the same after training
    w_q: np.ndarray  # (words, d_k) trained
    w_k: np.ndarray  # (words, d_k) trained
    bilinear: np.ndarray  # (words, words) W_Q W_K^T: how much query word a scores key word b


def sample(rng: np.random.Generator, count: int) -> Lookups:
    """`count` random lookups: PAIRS different words, PAIRS different values, a query among the words."""
    words = np.array([rng.permutation(len(WORDS))[:PAIRS] for _ in range(count)])
    values = np.array([rng.permutation(len(VALUES))[:PAIRS] for _ in range(count)])
    return Lookups(words=words, values=values, answers=rng.integers(0, PAIRS, count))


def unseen(rng: np.random.Generator, count: int, seen: Lookups) -> Lookups:
    """`count` random lookups none of which is among `seen` (same words, values and query)."""
    known = {_signature(seen, i) for i in range(len(seen.words))}
    rows: list[tuple] = []
    while len(rows) < count:
        pool = sample(rng, count)
        rows += [_signature(pool, i) for i in range(count) if _signature(pool, i) not in known]
    words, values, answers = zip(*rows[:count])
    return Lookups(words=np.array(words), values=np.array(values), answers=np.array(answers))


def _signature(lookups: Lookups, i: int) -> tuple:
    return (tuple(lookups.words[i]), tuple(lookups.values[i]), int(lookups.answers[i]))


def attention_weights(w_q: np.ndarray, w_k: np.ndarray, lookups: Lookups) -> np.ndarray:
    """(m, PAIRS) softmax(q . k_i / sqrt(d_k)), q the query word's row of W_Q, k_i each word's row of W_K."""
    q = w_q[lookups.queries]  # (m, d_k): a one-hot row times W_Q picks out that row
    k = w_k[lookups.words]  # (m, PAIRS, d_k)
    return softmax(np.einsum("mnd,md->mn", k, q) / np.sqrt(w_q.shape[1]), axis=1)


def retrieved(weights: np.ndarray, lookups: Lookups) -> np.ndarray:
    """(m, values) the output: sum_i w_i v_i with one-hot values, a distribution over the values."""
    onehot = np.eye(len(VALUES))[lookups.values]  # (m, PAIRS, values)
    return np.einsum("mn,mnv->mv", weights, onehot)


def loss(weights: np.ndarray, lookups: Lookups) -> float:
    """Mean cross-entropy of the retrieved value: -log(output[right value])."""
    output = retrieved(weights, lookups)
    return float(-np.mean(np.log(output[np.arange(len(output)), lookups.right_values])))


def gradients(w_q: np.ndarray, w_k: np.ndarray, lookups: Lookups) -> tuple[np.ndarray, np.ndarray]:
    """d loss / d W_Q and d loss / d W_K, by hand.

    With p the output's share of the right value, d loss / d score_i = w_i - w_i [v_i is right] / p; a
    score is q . k_i / sqrt(d_k), so its gradient flows to q (times k_i) and to k_i (times q), and from
    there to the rows of W_Q and W_K the one-hot words picked.
    """
    m, d_k = len(lookups.words), w_q.shape[1]
    weights = attention_weights(w_q, w_k, lookups)
    right = lookups.values == lookups.right_values[:, None]  # (m, PAIRS)
    p = np.sum(weights * right, axis=1, keepdims=True)
    g = (weights - weights * right / p) / (m * np.sqrt(d_k))  # d mean loss / d dot product
    q = w_q[lookups.queries]
    k = w_k[lookups.words]
    grad_q, grad_k = np.zeros_like(w_q), np.zeros_like(w_k)
    np.add.at(grad_q, lookups.queries, np.einsum("mn,mnd->md", g, k))
    np.add.at(grad_k, lookups.words, np.einsum("mn,md->mnd", g, q))
    return grad_q, grad_k


def summary(w_q: np.ndarray, w_k: np.ndarray, lookups: Lookups) -> tuple[float, float]:
    """(accuracy, mean weight on the right word): right when the largest retrieved share is the right value."""
    weights = attention_weights(w_q, w_k, lookups)
    picked = np.argmax(retrieved(weights, lookups), axis=1)
    on_right = weights[np.arange(len(weights)), lookups.answers]
    return float(np.mean(picked == lookups.right_values)), float(np.mean(on_right))


@cache
def train_head(seed: int = SEED, steps: int = STEPS) -> TrainedHead:
    """Plain gradient descent on a fixed training set, then the result measured on held-out lookups."""
    rng = np.random.default_rng(seed)
    training = sample(rng, TRAINING_EXAMPLES)
    held_out = unseen(rng, HELD_OUT_EXAMPLES, training)
    w_q = rng.normal(0.0, INITIAL_SCALE, (len(WORDS), len(WORDS)))
    w_k = rng.normal(0.0, INITIAL_SCALE, (len(WORDS), len(WORDS)))
    before = attention_weights(w_q, w_k, held_out)
    accuracy_before, mean_weight_before = summary(w_q, w_k, held_out)
    losses = []
    for _ in range(steps):
        losses.append(loss(attention_weights(w_q, w_k, training), training))
        grad_q, grad_k = gradients(w_q, w_k, training)
        w_q, w_k = w_q - LEARNING_RATE * grad_q, w_k - LEARNING_RATE * grad_k
    losses.append(loss(attention_weights(w_q, w_k, training), training))
    after = attention_weights(w_q, w_k, held_out)
    accuracy, mean_weight = summary(w_q, w_k, held_out)
    return TrainedHead(
        losses=tuple(losses),
        held_out=tuple(_lookup(held_out, i, before[i], after[i]) for i in range(len(held_out.words))),
        accuracy_before=accuracy_before,
        accuracy=accuracy,
        mean_weight_before=mean_weight_before,
        mean_weight=mean_weight,
        w_q=frozen(w_q),
        w_k=frozen(w_k),
        bilinear=frozen(np.einsum("ad,bd->ab", w_q, w_k)),
    )


def _lookup(lookups: Lookups, i: int, before: np.ndarray, after: np.ndarray) -> Lookup:
    return Lookup(
        words=tuple(WORDS[w] for w in lookups.words[i]),
        values=tuple(VALUES[v] for v in lookups.values[i]),
        query=WORDS[lookups.queries[i]],
        answer=int(lookups.answers[i]),
        weights_before=frozen(before),
        weights_after=frozen(after),
    )
