"""A head trained in numpy: deterministic, the loss falls, and it learns to look at the matching word."""

import numpy as np
import pytest

from attention import training
from attention.training import PAIRS, STEPS, VALUES, WORDS, train_head


@pytest.fixture(scope="module")
def head():
    return train_head()


def test_two_runs_give_identical_arrays(head):
    again = train_head.__wrapped__()  # not the cached result: a second run from scratch
    assert again.losses == head.losses
    np.testing.assert_array_equal(again.w_q, head.w_q)
    np.testing.assert_array_equal(again.bilinear, head.bilinear)
    for a, b in zip(again.held_out, head.held_out):
        assert (a.words, a.values, a.query, a.answer) == (b.words, b.values, b.query, b.answer)
        np.testing.assert_array_equal(a.weights_after, b.weights_after)


def test_the_weights_start_near_uniform(head):
    before = np.array([lookup.weights_before for lookup in head.held_out])
    assert np.abs(before - 1 / PAIRS).max() < 0.1
    assert head.mean_weight_before == pytest.approx(1 / PAIRS, abs=0.03)


def test_the_loss_falls(head):
    assert len(head.losses) == STEPS + 1
    assert head.losses[0] == pytest.approx(np.log(PAIRS), abs=0.05)  # a uniform guess among 4 values
    assert all(later < earlier for earlier, later in zip(head.losses, head.losses[1:]))
    assert head.losses[-1] < 0.1 * head.losses[0]


def test_it_finds_the_matching_word_on_examples_it_never_saw(head):
    assert head.accuracy_before < 0.5
    assert head.accuracy >= 0.95  # chance: 1 in 4
    assert head.mean_weight > 0.9
    after = np.array([lookup.weights_after for lookup in head.held_out])
    answers = [lookup.answer for lookup in head.held_out]
    assert np.mean(after[np.arange(len(after)), answers]) == pytest.approx(head.mean_weight)


def test_held_out_examples_are_not_training_examples():
    rng = np.random.default_rng(training.SEED)
    seen = training.sample(rng, training.TRAINING_EXAMPLES)
    held_out = training.unseen(rng, training.HELD_OUT_EXAMPLES, seen)
    known = {training._signature(seen, i) for i in range(len(seen.words))}
    assert len(held_out.words) == training.HELD_OUT_EXAMPLES
    assert not any(training._signature(held_out, i) in known for i in range(len(held_out.words)))


def test_a_held_out_lookup_reads_as_words_and_values(head):
    lookup = head.held_out[0]
    assert len(lookup.words) == len(set(lookup.words)) == PAIRS
    assert set(lookup.words) <= set(WORDS) and set(lookup.values) <= set(VALUES)
    assert lookup.words[lookup.answer] == lookup.query
    assert lookup.weights_after.argmax() == lookup.answer


def test_w_q_w_k_learned_to_match_each_word_with_itself(head):
    grid = head.bilinear
    assert grid.shape == (len(WORDS), len(WORDS))
    np.testing.assert_array_equal(grid.argmax(axis=1), np.arange(len(WORDS)))
    assert np.diag(grid).min() > 5 and grid[~np.eye(len(WORDS), dtype=bool)].max() < 5


def test_the_gradients_are_the_losses_slopes():
    rng = np.random.default_rng(1)
    lookups = training.sample(rng, 8)
    w_q, w_k = rng.normal(0, 0.5, (2, len(WORDS), len(WORDS)))
    grad_q, grad_k = training.gradients(w_q, w_k, lookups)
    h = 1e-6
    for matrix, grad in ((w_q, grad_q), (w_k, grad_k)):
        for index in [(0, 0), (2, 3), (5, 1)]:
            bumped = [m.copy() for m in (w_q, w_k)]
            which = 0 if matrix is w_q else 1
            bumped[which][index] += h
            up = training.loss(training.attention_weights(*bumped, lookups), lookups)
            bumped[which][index] -= 2 * h
            down = training.loss(training.attention_weights(*bumped, lookups), lookups)
            assert grad[index] == pytest.approx((up - down) / (2 * h), abs=1e-6)
