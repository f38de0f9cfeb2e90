"""attention.sweeps: saturation in log space agrees with the plain floats and never underflows."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from attention import saturation_at, saturation_sweep, softmax
from attention.sweeps import log10_smallest_weight, log10_top_sensitivity, log_saturation_sweep, log_softmax

finite_scores = st.lists(st.floats(-1e4, 1e4), min_size=2, max_size=6)


@given(finite_scores)
def test_log_softmax_is_the_log_of_softmax(scores):
    logw = log_softmax(scores)
    assert np.all(np.isfinite(logw))
    np.testing.assert_allclose(np.exp(logw), softmax(scores), atol=1e-12)


@pytest.mark.parametrize("gain", [1, 2.5, 10])
def test_agrees_with_saturation_at_where_floats_suffice(gain):
    plain = saturation_at([4, 2, 0], gain)
    assert 10 ** log10_smallest_weight([4, 2, 0], gain) == pytest.approx(plain.min_weight, rel=1e-9)
    assert 10 ** log10_top_sensitivity([4, 2, 0], gain) == pytest.approx(plain.top_sensitivity, rel=1e-6)


def test_known_values():
    # softmax(10 * [4, 2, 0]): the smallest weight is e^-40 / (1 + e^-20 + e^-40)
    assert log10_smallest_weight([4, 2, 0], 10) == pytest.approx(-40 / np.log(10), abs=1e-9)
    assert log10_top_sensitivity([1, 1], 3) == pytest.approx(np.log10(0.25))


def test_stays_finite_where_the_weights_underflow():
    scores = [1000, 0, -1000]
    assert saturation_at(scores, 10).min_weight == 0.0  # plain floats give exactly 0 ...
    assert log10_smallest_weight(scores, 10) == pytest.approx(-20000 / np.log(10))  # ... the log does not
    assert saturation_at(scores, 10).top_sensitivity == 0.0
    assert np.isfinite(log10_top_sensitivity(scores, 10))


def test_a_single_score_cannot_be_moved():
    assert log10_top_sensitivity([3], 5) == float("-inf")
    assert log10_smallest_weight([3], 5) == 0.0


def test_sweep_falls_with_the_gain_and_matches_the_plain_sweep():
    gains = np.linspace(1, 10, 19)
    logs = log_saturation_sweep([4, 2, 0], gains)
    plain = saturation_sweep([4, 2, 0], gains)
    assert np.all(np.diff(logs.log10_smallest) < 0) and np.all(np.diff(logs.log10_top_sensitivity) < 0)
    np.testing.assert_allclose(10**logs.log10_smallest, plain.min_weight, rtol=1e-9)
    np.testing.assert_allclose(10**logs.log10_top_sensitivity, plain.top_sensitivity, rtol=1e-6)
    with pytest.raises(ValueError):
        logs.gains[0] = 2.0


@pytest.mark.parametrize("gain", [0, -1, float("nan")])
def test_gain_must_be_positive(gain):
    with pytest.raises(ValueError, match="gain"):
        log10_smallest_weight([1, 0], gain)
