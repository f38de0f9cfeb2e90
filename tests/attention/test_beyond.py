"""Behaviour of the matrix, masked and multi-head traces and of the chapters' examples: properties and errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attention import attend, softmax
from attention.examples.beyond import DEFAULT_CAUSAL, DEFAULT_HEADS, CausalExample, HeadsExample
from attention.heads import attend_heads, head_slices
from attention.masking import attend_causal, attend_masked, causal_mask, masked_softmax
from attention.matrix import attend_all

shapes = st.tuples(st.integers(1, 6), st.integers(1, 6))
extreme = st.floats(-1e308, 1e308, allow_nan=False, allow_infinity=False)
tiny = st.floats(-1e-300, 1e-300, allow_nan=False, allow_infinity=False)


@st.composite
def scores_and_mask(draw, elements=extreme):
    """A score matrix and a mask that leaves at least one entry of every row visible."""
    m, n = draw(shapes)
    scores = draw(arrays(float, (m, n), elements=elements))
    mask = draw(arrays(bool, (m, n)))
    keep = draw(arrays(np.intp, m, elements=st.integers(0, n - 1)))
    mask[np.arange(m), keep] = False
    return scores, mask


@given(scores_and_mask())
def test_masked_weights_are_exactly_zero(case):
    scores, mask = case
    assert np.all(masked_softmax(scores, mask)[mask] == 0.0)


@given(st.one_of(scores_and_mask(), scores_and_mask(tiny)))
def test_masked_rows_sum_to_one_and_are_never_nan(case):
    weights = masked_softmax(*case)
    assert np.all(np.isfinite(weights)) and np.all(weights >= 0)
    np.testing.assert_allclose(weights.sum(axis=1), 1, atol=1e-12)


@given(shapes.flatmap(lambda s: arrays(float, s, elements=st.floats(-1e6, 1e6))))
def test_an_all_false_mask_changes_nothing(scores):
    np.testing.assert_array_equal(
        masked_softmax(scores, np.zeros(scores.shape, bool)), softmax(scores, axis=1)
    )


@settings(max_examples=50)
@given(st.integers(1, 6), st.integers(1, 5), st.integers(1, 4), st.integers(0, 2**31 - 1))
def test_matrix_rows_are_single_query_traces(m, d, dv, seed):
    rng = np.random.default_rng(seed)
    q, k, v = rng.normal(size=(m, d)) * 3, rng.normal(size=(4, d)) * 3, rng.normal(size=(4, dv))
    trace = attend_all(q, k, v)
    for i in range(m):
        row = attend(q[i], k, v)
        assert trace.row(i).divisor == row.divisor
        np.testing.assert_allclose(trace.dots[i], row.dots, atol=1e-12)
        np.testing.assert_allclose(trace.scores[i], row.scores, atol=1e-12)
        np.testing.assert_allclose(trace.weights[i], row.weights, atol=1e-12)
        np.testing.assert_allclose(trace.outputs[i], row.output, atol=1e-12)
    assert trace.products == (((m, d), (d, 4), (m, 4)), ((m, 4), (4, dv), (m, dv)))


@settings(max_examples=50)
@given(st.integers(1, 6), st.integers(1, 5), st.integers(0, 2**31 - 1))
def test_causal_rows_read_only_the_positions_so_far(n, d, seed):
    rng = np.random.default_rng(seed)
    x, v = rng.normal(size=(n, d)) * 3, rng.normal(size=(n, 2))
    trace = attend_causal(x, x, v)
    for i in range(n):
        seen = attend(x[i], x[: i + 1], v[: i + 1], divisor=np.sqrt(d))
        np.testing.assert_allclose(trace.weights[i, : i + 1], seen.weights, atol=1e-12)
        assert np.all(trace.weights[i, i + 1 :] == 0.0)
        np.testing.assert_allclose(trace.outputs[i], seen.output, atol=1e-12)
    np.testing.assert_array_equal(trace.unmasked.weights, attend_all(x, x, v).weights)


@settings(max_examples=50)
@given(st.integers(1, 4), st.integers(1, 3), st.integers(1, 5), st.integers(0, 2**31 - 1))
def test_heads_are_attention_over_their_slices(heads, d_head, n, seed):
    rng = np.random.default_rng(seed)
    q, k = rng.normal(size=heads * d_head), rng.normal(size=(n, heads * d_head))
    trace = attend_heads(q, k, heads=heads)
    assert len(trace.heads) == heads and trace.head_width == d_head
    for h, head in enumerate(trace.heads):
        part = slice(h * d_head, (h + 1) * d_head)
        expected = attend(q[part], k[:, part])
        assert head.trace.divisor == pytest.approx(np.sqrt(d_head))
        np.testing.assert_allclose(head.trace.weights, expected.weights, atol=1e-12)
    np.testing.assert_allclose(trace.concatenated, np.concatenate([h.trace.output for h in trace.heads]))
    np.testing.assert_allclose(trace.single.weights, attend(q, k).weights)


def test_causal_mask():
    assert causal_mask(3).tolist() == [[False, True, True], [False, False, True], [False, False, False]]
    assert causal_mask(1).tolist() == [[False]]


def test_heads_split_values_of_another_width():
    trace = attend_heads([1, 0, 0, 1], np.eye(4)[:3], [[1, 2], [3, 4], [5, 6]], heads=2)
    assert [h.trace.values.shape for h in trace.heads] == [(3, 1), (3, 1)]
    assert trace.concatenated.shape == (2,)


def test_traces_are_read_only():
    causal, heads = DEFAULT_CAUSAL.trace(), DEFAULT_HEADS.trace()
    for array in (causal.mask, causal.masked_scores, causal.weights, causal.outputs, heads.concatenated):
        with pytest.raises(ValueError):
            array[0] = 1


@pytest.mark.parametrize(
    "call, fragment",
    [
        (lambda: masked_softmax([[1, 2], [3, 4]], [[True, True], [False, True]]), "row 0 hides every key"),
        (lambda: masked_softmax([[1, 2]], [[0, 1]]), "mask: expected True/False"),
        (lambda: masked_softmax([[1, 2]], [[False]]), r"mask: expected shape \(1, 2\)"),
        (lambda: masked_softmax([[1, np.nan]], [[False, False]]), "scores: expected finite"),
        (lambda: attend_masked([[1, 0]], [[1, 0]], mask=[[True]]), "row 0 hides every key"),
        (lambda: attend_causal([[1, 0]], [[1, 0], [0, 1]]), "keys: expected 1 rows"),
        (lambda: causal_mask(0), "n: expected a whole number"),
        (lambda: causal_mask(True), "n: expected a whole number"),
        (lambda: head_slices(4, 3), "heads: key width 4 does not split evenly into 3 heads"),
        (lambda: head_slices(4, 0), "heads: expected a whole number"),
        (lambda: head_slices(4, 2.0), "heads: expected a whole number"),
        (lambda: attend_heads([1, 0, 0, 0], np.eye(4), np.eye(4)[:, :3], heads=2), "value width 3"),
        (lambda: attend_heads([1, 0, 0], np.eye(4), heads=2), "keys: expected width 3"),
    ],
)
def test_bad_input_is_refused(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


def test_masked_softmax_of_a_huge_gap_warns_of_nothing(recwarn):
    weights = masked_softmax([[1e308, -1e308, 0.0]], [[False, False, True]])
    assert weights.tolist() == [[1.0, 0.0, 0.0]]
    assert not recwarn.list


CAUSAL = dict(tokens=["the", "cat"], keys=[[1, 0], [0, 1]], values=[[1, 0], [0, 1]])
HEADS = dict(tokens=["a", "b"], keys=[[1, 0, 0, 1], [0, 1, 1, 0]], query=[1, 0, 0, 1], count=2)


def test_causal_queries_default_to_the_keys_and_can_be_given():
    assert CausalExample(**CAUSAL).queries.tolist() == CAUSAL["keys"]
    given_queries = CausalExample(**CAUSAL, queries=[[0, 1], [1, 0]])
    assert given_queries.queries.tolist() == [[0, 1], [1, 0]]
    assert given_queries.trace().weights[0].tolist() == [1.0, 0.0]


@pytest.mark.parametrize(
    "change, fragment",
    [
        (dict(tokens=["the"]), "causal.tokens: expected 2 names"),
        (dict(keys=[[1, 0]], values=[[1, 0]], tokens=["a"]), "causal.keys: expected at least 2 words"),
        (dict(values=[[1, 0]]), "causal.values: expected 2 rows"),
        (dict(values=[[1, 0, 0], [0, 1, 0]]), "causal.values: expected 2-D vectors"),
        (dict(queries=[[1, 0]]), "causal.queries: expected 2 rows"),
        (dict(queries=[[1, 0, 0], [0, 1, 0]]), "causal.queries: expected width 2"),
        (dict(keys=[[1, "x"], [0, 1]]), "causal.keys: expected numbers"),
    ],
)
def test_bad_causal_example(change, fragment):
    with pytest.raises(ValueError, match=fragment):
        CausalExample(**{**CAUSAL, **change})


@pytest.mark.parametrize(
    "change, fragment",
    [
        (dict(count=3), "heads.count: width 4 does not split evenly into 3 heads"),
        (dict(count=1), "heads.count: expected a whole number of heads, at least 2"),
        (dict(count=True), "heads.count: expected a whole number"),
        (dict(count=2.0), "heads.count: expected a whole number"),
        (dict(query=[1, 0]), "heads.query: expected width 4"),
        (dict(tokens=["a", "b", "c"]), "heads.tokens: expected 2 names"),
        (dict(keys=[1, 0, 0, 1]), r"heads.keys: expected a matrix"),
    ],
)
def test_bad_heads_example(change, fragment):
    with pytest.raises(ValueError, match=fragment):
        HeadsExample(**{**HEADS, **change})


def test_examples_are_frozen():
    with pytest.raises(AttributeError):
        DEFAULT_HEADS.count = 4
    with pytest.raises(ValueError):
        DEFAULT_CAUSAL.keys[0, 0] = 5
