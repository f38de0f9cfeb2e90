"""Every number of the storyboard's "Beyond the sources", at the storyboard's rounding, and the traces' shapes."""

import numpy as np
import pytest

from attention import DEFAULT, attend
from attention.examples.beyond import DEFAULT_CAUSAL, DEFAULT_HEADS, all_queries


def r(values, places=3):
    return np.round(np.asarray(values, dtype=float), places).tolist()


@pytest.fixture
def matrix():
    return all_queries(DEFAULT.blend)


def by_word(rows):
    """Each row's numbers by word (a column per word of the blend example), as the storyboard names them."""
    return [dict(zip(DEFAULT.blend.tokens, row)) for row in r(rows)]


def test_matrix_inputs(matrix):
    assert r(matrix.queries) == [[2, 0, 0, 0], [0, 2, 0, 0]]
    assert dict(zip(DEFAULT.blend.tokens, r(matrix.values))) == {"the": [1, 0], "sat": [0, 1], "cat": [0, 0]}


def test_matrix_dots_divisor_and_scores(matrix):
    assert by_word(matrix.dots) == [{"the": 4, "sat": 2, "cat": 0}, {"the": 0, "sat": 2, "cat": 4}]
    assert matrix.divisor == 2
    assert by_word(matrix.scores) == [{"the": 2, "sat": 1, "cat": 0}, {"the": 0, "sat": 1, "cat": 2}]


def test_matrix_weights_and_outputs(matrix):
    assert by_word(matrix.weights) == [
        {"the": 0.665, "sat": 0.245, "cat": 0.090},
        {"the": 0.090, "sat": 0.245, "cat": 0.665},
    ]
    assert r(matrix.outputs) == [[0.665, 0.245], [0.090, 0.245]]


def test_matrix_outputs_are_chapters_four_and_five(matrix):
    for step in (0, 1):
        np.testing.assert_allclose(matrix.outputs[step], DEFAULT.blend.trace(step).output, atol=1e-15)
        np.testing.assert_allclose(matrix.weights[step], DEFAULT.blend.trace(step).weights, atol=1e-15)


def test_matrix_shapes(matrix):
    assert matrix.shapes == {
        "Q": (2, 4),
        "K^T": (4, 3),
        "Q K^T": (2, 3),
        "scores": (2, 3),
        "weights": (2, 3),
        "V": (3, 2),
        "outputs": (2, 2),
    }
    assert matrix.products == (((2, 4), (4, 3), (2, 3)), ((2, 3), (3, 2), (2, 2)))


@pytest.fixture
def causal():
    return DEFAULT_CAUSAL.trace()


def test_causal_example_in_sentence_order():
    assert DEFAULT_CAUSAL.tokens == ("the", "cat", "sat")
    assert r(DEFAULT_CAUSAL.queries) == r(DEFAULT_CAUSAL.keys)
    assert r(DEFAULT_CAUSAL.values) == [[1, 0], [0, 0], [0, 1]]


def test_causal_example_keeps_each_words_vectors_from_chapters_three_to_five():
    blend = DEFAULT.blend
    for i, word in enumerate(DEFAULT_CAUSAL.tokens):
        j = blend.tokens.index(word)
        assert r(DEFAULT_CAUSAL.keys[i]) == r(blend.keys[j])
        assert r(DEFAULT_CAUSAL.values[i]) == r(blend.values[j])


def test_causal_scores(causal):
    assert causal.unmasked.divisor == 2
    assert r(causal.unmasked.scores) == [[2, 0, 1], [0, 2, 1], [1, 1, 1]]


def test_causal_unmasked_rows_look_ahead(causal):
    assert r(causal.unmasked.weights) == [[0.665, 0.090, 0.245], [0.090, 0.665, 0.245], [0.333, 0.333, 0.333]]


def test_causal_masked_rows(causal):
    assert r(causal.weights) == [[1, 0, 0], [0.119, 0.881, 0], [0.333, 0.333, 0.333]]
    np.testing.assert_allclose(causal.weights.sum(axis=1), 1, atol=1e-15)


def test_causal_masked_cells_are_exactly_zero_and_minus_infinity(causal):
    above = np.triu(np.ones((3, 3), dtype=bool), k=1)
    assert causal.mask.tolist() == above.tolist()
    assert np.all(causal.weights[above] == 0.0)
    assert np.all(causal.masked_scores[above] == -np.inf)
    np.testing.assert_array_equal(causal.masked_scores[~above], causal.unmasked.scores[~above])


def test_causal_last_row_is_unchanged(causal):
    np.testing.assert_array_equal(causal.weights[2], causal.unmasked.weights[2])


def test_causal_outputs(causal):
    assert r(causal.outputs) == [[1, 0], [0.119, 0], [0.333, 0.333]]


def test_causal_rows_equal_attention_over_the_words_so_far(causal):
    for i in range(3):
        seen = attend(DEFAULT_CAUSAL.queries[i], DEFAULT_CAUSAL.keys[: i + 1], DEFAULT_CAUSAL.values[: i + 1])
        np.testing.assert_allclose(causal.weights[i, : i + 1], seen.weights, atol=1e-15)
        np.testing.assert_allclose(causal.outputs[i], seen.output, atol=1e-15)


@pytest.fixture
def heads():
    return DEFAULT_HEADS.trace()


def test_heads_example():
    assert DEFAULT_HEADS.tokens == ("the", "cat", "sat")
    assert r(DEFAULT_HEADS.keys) == [[2, 0, 0, 0], [0, 2, 0, 2], [1, 1, 2, 0]]
    assert r(DEFAULT_HEADS.query) == [2, 0, 0, 2]
    assert DEFAULT_HEADS.count == 2


def test_single_head_cannot_pick(heads):
    assert r(heads.single.dots) == [4, 4, 2]
    assert heads.single.divisor == 2
    assert r(heads.single.scores) == [2, 2, 1]
    assert r(heads.single.weights) == [0.422, 0.422, 0.155]


def test_each_head_divides_by_the_root_of_its_width(heads):
    assert heads.head_width == 2
    assert [round(h.trace.divisor, 3) for h in heads.heads] == [1.414, 1.414]
    assert [h.coordinates for h in heads.heads] == [slice(0, 2), slice(2, 4)]


def test_head_one_looks_at_the(heads):
    one = heads.heads[0].trace
    assert r(one.dots) == [4, 0, 2]
    assert r(one.scores) == [2.828, 0, 1.414]
    assert r(one.weights) == [0.768, 0.045, 0.187]
    assert r(one.output) == [1.723, 0.277]


def test_head_one_is_chapter_two(heads):
    np.testing.assert_allclose(heads.heads[0].trace.weights, DEFAULT.drag.trace().weights, atol=1e-15)


def test_head_two_looks_at_cat(heads):
    two = heads.heads[1].trace
    assert r(two.dots) == [0, 4, 0]
    assert r(two.scores) == [0, 2.828, 0]
    assert r(two.weights) == [0.053, 0.894, 0.053]
    assert r(two.output) == [0.106, 1.789]


def test_heads_concatenated(heads):
    assert r(heads.concatenated) == [1.723, 0.277, 0.106, 1.789]
    assert heads.concatenated.shape == (4,)
