"""The cross-attention example: validation, one grid per call, deterministic lengthening."""

import numpy as np
import pytest

from attention import attend, examples
from attention.examples import DEFAULT_CROSS, CrossExample, lengthen

GOOD = dict(
    source_tokens=("a", "b"),
    keys=[[1, 0], [0, 1]],
    values=[[1], [2]],
    self_queries=[[1, 1], [0, 1]],
    target_tokens=("x",),
    queries=[[2, 0]],
)


def test_default_examples_include_the_cross_example():
    assert examples.DEFAULT.cross is DEFAULT_CROSS
    assert examples.current().cross.source_tokens == ("the", "cat", "sat", "down")


def test_examples_without_a_cross_example_get_the_default():
    ex = examples.Examples(drag=examples.DEFAULT.drag, blend=examples.DEFAULT.blend)
    assert ex.cross is DEFAULT_CROSS


def test_cross_grid_has_one_row_per_step_each_summing_to_one():
    ex = DEFAULT_CROSS
    grid = ex.cross()
    assert grid.shape == (len(ex.target_tokens), len(ex.source_tokens))
    np.testing.assert_allclose(grid.weights.sum(axis=1), 1)
    for i, query in enumerate(ex.queries):
        np.testing.assert_allclose(grid.weights[i], attend(query, ex.keys, ex.values).weights)


def test_each_decoder_step_favours_its_own_source_words():
    grid = DEFAULT_CROSS.cross()
    assert np.argmax(grid.weights[0]) == 0  # "le" reads "the"
    assert np.argmax(grid.weights[1]) == 1  # "chat" reads "cat"
    assert grid.weights[2, 2] == pytest.approx(grid.weights[2, 3])  # "s'assit" splits over "sat", "down"
    assert len({tuple(np.round(row, 6)) for row in grid.weights}) == 3  # a different blend per step


def test_self_attention_is_square_and_uses_the_source_only():
    ex = DEFAULT_CROSS
    grid = ex.self_attention()
    n = len(ex.source_tokens)
    assert grid.shape == (n, n)
    np.testing.assert_array_equal(grid.queries, ex.self_queries)
    np.testing.assert_array_equal(grid.keys, ex.keys)
    np.testing.assert_allclose(grid.weights.sum(axis=1), 1)


@pytest.mark.parametrize("length", [4, 8, 16, 33])
def test_lengthened_self_attention_keeps_the_source_first(length):
    grid = DEFAULT_CROSS.self_attention(length)
    assert grid.shape == (length, length)
    np.testing.assert_array_equal(grid.keys[:4], DEFAULT_CROSS.keys)
    np.testing.assert_array_equal(grid.values[:4], DEFAULT_CROSS.values)
    np.testing.assert_allclose(grid.weights.sum(axis=1), 1)


def test_lengthen_is_deterministic_and_prefix_stable():
    rows = np.ones((2, 3))
    long = lengthen("n", rows, 20)
    np.testing.assert_array_equal(long, lengthen("n", rows, 20))
    np.testing.assert_array_equal(lengthen("n", rows, 9), long[:9])
    assert np.all(np.isfinite(long)) and long[2:].std() > 0.5


@pytest.mark.parametrize("length", [3, 2.5, "8", True, None])
def test_lengthen_refuses_bad_lengths(length):
    with pytest.raises(ValueError, match="n: expected a whole number of at least 4"):
        lengthen("n", np.zeros((4, 2)), length)


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(keys=[[1, 0, 0], [0, 1, 0]]), "cross.self_queries: expected width 3"),
        (dict(values=[[1], [2], [3]]), "cross.values: expected 2 rows"),
        (dict(self_queries=[[1, 1]]), "cross.self_queries: expected 2 rows"),
        (dict(queries=[[2, 0, 1]]), "cross.queries: expected width 2"),
        (dict(source_tokens=("a",)), "cross.source_tokens: expected 2 names"),
        (dict(target_tokens=("x", "y")), "cross.target_tokens: expected 1 names"),
        (dict(queries=[[np.nan, 0]]), "cross.queries: expected finite numbers"),
        (dict(keys=[["a", 0], [0, 1]]), "cross.keys: expected numbers"),
    ],
)
def test_bad_cross_examples_are_refused(change, message):
    with pytest.raises(ValueError, match=message):
        CrossExample(**{**GOOD, **change})


def test_cross_example_arrays_are_read_only():
    ex = CrossExample(**GOOD)
    with pytest.raises(ValueError):
        ex.keys[0, 0] = 5
    assert ex.source_tokens == ("a", "b") and ex.target_tokens == ("x",)
