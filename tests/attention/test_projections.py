"""Where q, k and v come from: the embeddings and matrices give chapters 3-5's vectors exactly, and W^O."""

import numpy as np
import pytest

from attention import DEFAULT
from attention.examples.beyond import DEFAULT_CAUSAL, DEFAULT_HEADS
from attention.projections import (
    DEFAULT_PROJECTIONS,
    W_O,
    Projections,
    equal_keys,
    output_projection,
    row_times,
)

P = DEFAULT_PROJECTIONS
WORDS = DEFAULT.blend.tokens  # chapter 3's words, in its order


def r(values, places=3):
    return np.round(np.asarray(values, dtype=float), places).tolist()


def test_the_embeddings_and_matrices_are_small_integers():
    assert (
        sorted(P.tokens) == sorted(("the", "cat", "sat", "a")) and P.tokens[-1] == "a"
    )  # chapter 3's, then "a"
    assert P.embeddings.shape == (4, 4)
    assert (P.w_q.shape, P.w_k.shape, P.w_v.shape) == ((4, 4), (4, 4), (4, 2))
    for array in (P.embeddings, P.w_q, P.w_k, P.w_v):
        assert np.array_equal(array, np.round(array)) and np.abs(array).max() <= 2


def test_keys_and_values_are_exactly_chapters_three_to_five():
    rows = [P.tokens.index(word) for word in WORDS]
    np.testing.assert_array_equal(P.keys[rows], DEFAULT.blend.keys)
    np.testing.assert_array_equal(P.values[rows], DEFAULT.blend.values)
    assert dict(zip(WORDS, r(P.keys[rows]))) == {
        "the": [2, 0, 0, 0],
        "sat": [1, 1, 0, 0],
        "cat": [0, 2, 0, 0],
    }
    assert dict(zip(WORDS, r(P.values[rows]))) == {"the": [1, 0], "sat": [0, 1], "cat": [0, 0]}


def test_chapter_three_asks_for_the_and_chapter_five_for_cat():
    assert P.asking(DEFAULT.blend.queries[0]) == "the"
    assert P.asking(DEFAULT.blend.queries[1]) == "cat"
    np.testing.assert_array_equal(P.query("the").result, [2, 0, 0, 0])
    np.testing.assert_array_equal(P.query("cat").result, [0, 2, 0, 0])


def test_queries_are_the_causal_masks_each_word_its_own_key():
    for i, word in enumerate(DEFAULT_CAUSAL.tokens):
        np.testing.assert_array_equal(P.query(word).result, DEFAULT_CAUSAL.queries[i])


def test_w_q_differs_from_w_k_and_so_does_as_query():
    assert not np.array_equal(P.w_q, P.w_k)
    assert r(P.query("a").result) == [2, 2, 0, 0]
    assert r(P.key("a").result) == [2, 0, 0, 0]


def test_no_word_asks_an_unknown_query():
    with pytest.raises(ValueError, match="no word's x W_Q"):
        P.asking([0, 0, 2, 0])


def test_row_times_matrix_keeps_each_entrys_products():
    product = P.key("sat")
    assert r(product.row) == [0, 0, 1, 1]
    assert product.terms.shape == (4, 4)
    assert r(product.terms[0]) == [0, 0, 1, 0]  # column 1 of W_K: 0*2 + 0*0 + 1*1 + 1*0
    assert r(product.terms[1]) == [0, 0, 0, 1]
    assert r(product.result) == [1, 1, 0, 0]
    np.testing.assert_array_equal(product.terms.sum(axis=1), product.row @ product.matrix)


def test_row_times_refuses_mismatched_widths():
    with pytest.raises(ValueError, match="matrix: expected 3 rows"):
        row_times([1, 2, 3], [[1, 0], [0, 1]])


def test_projections_refuse_matrices_of_the_wrong_height():
    with pytest.raises(ValueError, match="projections.w_v: expected 2 rows"):
        Projections(tokens=("x",), embeddings=[[1, 0]], w_q=[[1], [0]], w_k=[[1], [0]], w_v=[[1]])


def test_the_and_a_have_equal_keys_and_different_values():
    assert equal_keys(P) == (("the", "a"),)
    assert r(P.value("the").result) == [1, 0]
    assert r(P.value("a").result) == [0, 2]


def test_equal_keys_give_equal_weights_and_different_contributions():
    trace = P.attend("the", P.tokens)  # chapter 3's query over its words and "a"

    def per_word(values):
        return dict(zip(P.tokens, r(values)))

    assert per_word(trace.dots) == {"the": 4, "sat": 2, "cat": 0, "a": 4}
    assert per_word(trace.scores) == {"the": 2, "sat": 1, "cat": 0, "a": 2}
    assert per_word(trace.weights) == {"the": 0.399, "sat": 0.147, "cat": 0.054, "a": 0.399}
    assert trace.weights[P.tokens.index("the")] == trace.weights[P.tokens.index("a")]
    assert per_word(trace.terms) == {"the": [0.399, 0], "sat": [0, 0.147], "cat": [0, 0], "a": [0, 0.799]}
    assert r(trace.output) == [0.399, 0.946]


def test_attending_over_chapter_three_words_is_chapter_four():
    trace = P.attend("the", WORDS)
    np.testing.assert_array_equal(trace.weights, DEFAULT.blend.trace(0).weights)
    assert r(trace.output) == [0.665, 0.245]


def test_output_projection_mixes_the_heads():
    product = output_projection(DEFAULT_HEADS.trace())
    assert r(product.row) == [1.723, 0.277, 0.106, 1.789]
    assert r(product.matrix) == r(W_O)
    assert r(product.result) == [1.828, 2.066, 3.511, 0.383]
    assert r(product.terms[0]) == [1.723, 0, 0.106, 0]  # head 1's first coordinate plus head 2's


def test_they_make_the_lectures_blend_and_no_other():
    assert P.makes(DEFAULT.blend)
    blend = DEFAULT.blend
    moved = type(blend)(blend.tokens, blend.keys + 1, blend.values, blend.queries)
    assert not P.makes(moved)
    renamed = type(blend)(("dog", *blend.tokens[1:]), blend.keys, blend.values, blend.queries)
    assert not P.makes(renamed)
