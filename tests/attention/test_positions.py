"""Word order: shuffles change nothing but the order, sinusoidal encodings, rotary scores by offset."""

import numpy as np
import pytest

from attention import DEFAULT
from attention.examples.beyond import DEFAULT_CAUSAL
from attention.positions import (
    last_first,
    permutation,
    rotary_score,
    rotary_table,
    rotate,
    shuffle_query,
    shuffle_sentence,
    sinusoidal,
    with_positions,
)

SHUFFLED = ("cat", "the", "sat")  # chapter 3's words (and the causal mask's) in another order


def r(values, places=3):
    return np.round(np.asarray(values, dtype=float), places).tolist()


def test_the_weights_follow_the_words():
    shuffle = shuffle_query(DEFAULT.blend)
    assert shuffle.tokens == ("the", "cat", "sat") and shuffle.order == ("sat", "the", "cat")
    assert dict(zip(shuffle.tokens, r(shuffle.before.weights))) == {"the": 0.665, "cat": 0.090, "sat": 0.245}
    assert r(shuffle.after.weights) == [0.245, 0.665, 0.090]
    assert r(shuffle.after.output) == [0.665, 0.245]
    np.testing.assert_allclose(shuffle.after.output, shuffle.before.output, atol=1e-15)


@pytest.mark.parametrize("order", [("cat", "sat", "the"), ("sat", "the", "cat"), ("the", "sat", "cat")])
def test_any_order_gives_each_word_the_same_weight(order):
    shuffle = shuffle_query(DEFAULT.blend, order, step=1)
    for i, word in enumerate(order):
        assert shuffle.after.weights[i] == pytest.approx(shuffle.before.weights[shuffle.tokens.index(word)])
    np.testing.assert_allclose(shuffle.after.output, shuffle.before.output, atol=1e-15)


def test_self_attention_outputs_are_permuted_with_the_words():
    shuffle = shuffle_sentence(DEFAULT_CAUSAL, SHUFFLED)
    rows = list(permutation(DEFAULT_CAUSAL.tokens, SHUFFLED))
    assert rows == [1, 0, 2]
    np.testing.assert_allclose(shuffle.after.outputs, shuffle.before.outputs[rows], atol=1e-15)
    assert r(shuffle.after.outputs) == [[0.090, 0.245], [0.665, 0.245], [0.333, 0.333]]


def test_an_order_of_other_words_is_refused():
    with pytest.raises(ValueError, match="order: expected the words"):
        shuffle_query(DEFAULT.blend, ("cat", "the", "dog"))


def test_sinusoidal_at_width_four():
    assert r(sinusoidal(range(4), 4)) == [
        [0, 1, 0, 1],
        [0.841, 0.540, 0.010, 1.000],
        [0.909, -0.416, 0.020, 1.000],
        [0.141, -0.990, 0.030, 1.000],
    ]


def test_sinusoidal_for_any_positions_and_width():
    pe = sinusoidal(np.arange(50), 16)
    assert pe.shape == (50, 16)
    np.testing.assert_allclose(pe[:, 0::2] ** 2 + pe[:, 1::2] ** 2, 1)  # each pair is a point on a circle
    assert len({tuple(row) for row in np.round(pe, 6)}) == 50  # every position its own row
    np.testing.assert_allclose(pe[7, 4:6], [np.sin(7 / 10000 ** (4 / 16)), np.cos(7 / 10000 ** (4 / 16))])


@pytest.mark.parametrize("width", [0, 3, 2.0, True])
def test_sinusoidal_refuses_odd_or_non_whole_widths(width):
    with pytest.raises(ValueError, match="width: expected an even whole number"):
        sinusoidal(range(3), width)


def test_positions_are_added_to_the_embeddings():
    x = [[1, 1, 0, 0], [0, 0, 1, 1]]
    assert r(with_positions(x)) == [[1, 2, 0, 1], [0.841, 0.540, 1.010, 2.000]]


def test_rope_uses_the_drag_examples_query_and_sat():
    assert r(DEFAULT.drag.query) == [2, 0]
    assert r(DEFAULT.drag.keys[DEFAULT.drag.tokens.index("sat")]) == [1, 1]


@pytest.mark.parametrize(
    "positions, score",
    [((1, 1), 2.000), ((1, 2), 0.732), ((4, 5), 0.732), ((1, 3), -0.732), ((4, 6), -0.732)],
)
def test_rope_scores(positions, score):
    result = rotary_score([2, 0], [1, 1], positions)
    assert round(result.score, 3) == score
    assert result.offset == positions[1] - positions[0]


@pytest.mark.parametrize("offset", [-3, 0, 1, 2, 5])
def test_rope_score_depends_only_on_the_offset(offset):
    scores = [rotary_score([2, 0], [1, 1], (m, m + offset)).score for m in range(12)]
    np.testing.assert_allclose(scores, scores[0], atol=1e-12)


def test_rope_turns_by_thirty_degrees_a_position():
    result = rotary_score([2, 0], [1, 1], (1, 2))
    assert r(result.turned_query) == [1.732, 1]
    assert r(result.turned_key) == r(rotate([1, 1], 60))
    assert r(rotate([1, 0], 90)) == [0, 1]


def test_rotate_refuses_other_widths():
    with pytest.raises(ValueError, match="expected a 2-D vector"):
        rotate([1, 0, 0], 30)


def test_another_order_moves_the_last_word_to_the_front():
    assert last_first(("the", "sat", "cat")) == SHUFFLED
    assert last_first(("a", "b")) == ("b", "a")


def test_the_rotary_table_is_the_storyboards_pairs():
    table = rotary_table()
    assert [r.positions for r in table] == [(1, 1), (1, 2), (4, 5), (1, 3), (4, 6)]
    assert [round(r.score, 3) for r in table] == [2.0, 0.732, 0.732, -0.732, -0.732]
