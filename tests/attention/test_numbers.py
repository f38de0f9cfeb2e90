"""Every number of the storyboard, computed by `attention` and rounded as the sources round."""

import numpy as np
import pytest

from attention import DEFAULT, attend, divisor_for


def r(values, places):
    return [round(float(v), places) for v in np.atleast_1d(values)]


@pytest.fixture
def drag():
    return DEFAULT.drag.trace()


def test_three_token_dot_products(drag):
    assert r(drag.dots, 3) == [4, 0, 2]


def test_three_token_divisor_and_scores(drag):
    assert round(drag.divisor, 3) == 1.414
    assert r(drag.scores, 3) == [2.828, 0, 1.414]


def test_three_token_exponentials_and_sum(drag):
    assert r(drag.exps, 2) == [16.92, 1, 4.11]
    assert round(drag.exp_sum, 2) == 22.03


def test_three_token_weights(drag):
    assert r(drag.weights, 3) == [0.768, 0.045, 0.187]


def test_three_token_diagonal_is_even():
    trace = DEFAULT.drag.trace([0.7, 0.7])
    assert r(trace.weights, 3) == [0.333, 0.333, 0.333]


def test_three_token_context_is_weighted_blend_of_keys(drag):
    np.testing.assert_allclose(drag.output, drag.weights @ DEFAULT.drag.keys)


@pytest.fixture
def blend():
    return DEFAULT.blend.trace(0)


def per_word(values, places):
    """The blend example's numbers by word: the storyboard names each word's, whatever order lists them."""
    return dict(zip(DEFAULT.blend.tokens, r(values, places)))


def test_the_blend_words_stand_in_reading_order_as_the_drag_s_and_the_causal_mask_s():
    assert DEFAULT.blend.tokens == DEFAULT.drag.tokens == ("the", "cat", "sat")


def test_width_four_dots_and_scores(blend):
    assert per_word(blend.dots, 3) == {"the": 4, "sat": 2, "cat": 0}
    assert blend.divisor == 2
    assert per_word(blend.scores, 3) == {"the": 2, "sat": 1, "cat": 0}


def test_width_four_exponentials_sum_and_weights(blend):
    assert per_word(blend.exps, 3) == {"the": 7.389, "sat": 2.718, "cat": 1}
    assert round(blend.exp_sum, 3) == 11.107
    assert per_word(blend.weights, 3) == {"the": 0.665, "sat": 0.245, "cat": 0.090}


def test_width_four_terms_and_output(blend):
    np.testing.assert_allclose(blend.terms.sum(axis=0), blend.output)
    assert r(blend.output, 3) == [0.665, 0.245]


def test_refocused_query():
    trace = DEFAULT.blend.trace(1)
    assert per_word(trace.scores, 3) == {"the": 0, "sat": 1, "cat": 2}
    assert per_word(trace.weights, 3) == {"the": 0.090, "sat": 0.245, "cat": 0.665}
    assert r(trace.output, 3) == [0.090, 0.245]


def test_unscaled_weights():
    trace = DEFAULT.blend.trace(0, scaled=False)
    assert trace.divisor == 1
    assert per_word(trace.weights, 3) == {"the": 0.867, "sat": 0.117, "cat": 0.016}


def test_explicit_divisor_matches_flag():
    keys = DEFAULT.blend.keys
    np.testing.assert_allclose(
        attend([2, 0, 0, 0], keys, divisor=1).weights, attend([2, 0, 0, 0], keys, scaled=False).weights
    )


@pytest.mark.parametrize("width, divisor", [(4, 2), (64, 8)])
def test_divisor_is_sqrt_of_width(width, divisor):
    assert divisor_for(width) == divisor
    assert attend(np.ones(width), np.ones((1, width))).divisor == divisor
