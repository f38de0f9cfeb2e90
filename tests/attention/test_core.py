"""Behaviour of the attention core: grids, stability, saturation, variance, validation."""

import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from attention import (
    attend,
    attend_grid,
    histogram,
    jacobian,
    saturation_sweep,
    sensitivity,
    softmax,
    variance_experiment,
    weights_at_gain,
)

finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
scores_1d = arrays(float, st.integers(1, 12), elements=finite)
moderate = arrays(float, st.integers(1, 12), elements=st.floats(-300, 300))


@given(scores_1d)
def test_softmax_sums_to_one_and_is_finite(scores):
    w = softmax(scores)
    assert np.all(np.isfinite(w))
    assert np.all(w >= 0)
    assert abs(w.sum() - 1) < 1e-9


@given(moderate)
def test_softmax_all_positive_within_representable_gaps(scores):
    assert np.all(softmax(scores) > 0)


@given(moderate, st.floats(-1e3, 1e3))
def test_softmax_invariant_to_shift(scores, c):
    np.testing.assert_allclose(softmax(scores + c), softmax(scores), atol=1e-9)


def test_softmax_extreme_scores():
    w = softmax([1e6, -1e6, 0.0])
    assert np.all(np.isfinite(w))
    assert w.tolist() == [1.0, 0.0, 0.0]


@settings(max_examples=60)
@given(st.integers(1, 6), st.integers(1, 5), st.integers(1, 4), st.integers(0, 2**31 - 1))
def test_output_in_convex_hull_of_values(n, d, dv, seed):
    rng = np.random.default_rng(seed)
    keys, values, q = rng.normal(size=(n, d)) * 5, rng.normal(size=(n, dv)), rng.normal(size=d) * 5
    trace = attend(q, keys, values)
    assert np.all(trace.weights > 0) and abs(trace.weights.sum() - 1) < 1e-12
    # a convex combination lies within each coordinate's range of the values
    assert np.all(trace.output >= values.min(axis=0) - 1e-12)
    assert np.all(trace.output <= values.max(axis=0) + 1e-12)
    np.testing.assert_allclose(trace.output, trace.weights @ values)


def test_grid_rows_equal_single_query_traces():
    rng = np.random.default_rng(1)
    queries, keys, values = rng.normal(size=(3, 4)), rng.normal(size=(5, 4)), rng.normal(size=(5, 2))
    grid = attend_grid(queries, keys, values)
    assert grid.shape == (3, 5)
    np.testing.assert_allclose(grid.weights.sum(axis=1), 1)
    for i in range(3):
        row = grid.row(i)
        np.testing.assert_allclose(grid.weights[i], row.weights)
        np.testing.assert_allclose(grid.outputs[i], row.output)


def test_self_attention_grid_is_square():
    seq = np.eye(4)
    assert attend_grid(seq, seq, seq).shape == (4, 4)


def test_trace_is_read_only():
    trace = attend([1, 0], [[1, 0], [0, 1]])
    with pytest.raises(ValueError):
        trace.weights[0] = 0.5
    with pytest.raises(AttributeError):
        trace.divisor = 3


def test_jacobian_and_sensitivity():
    w = softmax([2.0, 1.0, 0.0])
    jac = jacobian(w)
    np.testing.assert_allclose(np.diag(jac), sensitivity(w))
    np.testing.assert_allclose(jac.sum(axis=1), 0, atol=1e-12)
    eps = 1e-6
    numeric = (softmax([2.0 + eps, 1.0, 0.0]) - softmax([2.0 - eps, 1.0, 0.0])) / (2 * eps)
    np.testing.assert_allclose(jac[:, 0], numeric, atol=1e-8)


def test_saturation_concentrates_but_stays_positive():
    sweep = saturation_sweep([4.0, 2.0, 0.0], np.linspace(1, 10, 19))
    np.testing.assert_allclose(sweep.weights[0], weights_at_gain([4, 2, 0], 1))
    assert round(float(sweep.weights[0][0]), 3) == 0.867
    assert np.all(np.diff(sweep.weights[:, 0]) > 0), "top weight grows with the gain"
    assert np.all(np.diff(sweep.top_sensitivity) < 0), "sensitivity shrinks with the gain"
    assert np.all(np.diff(sweep.jacobian_norm) < 0)
    assert np.all(sweep.min_weight > 0)
    assert sweep.min_weight[-1] < 1e-15


def test_variance_grows_with_width_and_scaling_undoes_it():
    samples = variance_experiment((4, 16, 64), n_samples=4000, seed=0)
    for s in samples:
        assert abs(s.raw_var / s.width - 1) < 0.15
        assert abs(s.scaled_var - 1) < 0.15
        np.testing.assert_allclose(s.raw_var, np.var(s.raw))
        np.testing.assert_allclose(s.scaled, s.raw / np.sqrt(s.width))
    assert samples[0].raw_var < samples[1].raw_var < samples[2].raw_var


def test_variance_experiment_is_seeded():
    a = variance_experiment((4,), n_samples=50, seed=3)[0]
    b = variance_experiment((4,), n_samples=50, seed=3)[0]
    np.testing.assert_array_equal(a.raw, b.raw)


def test_histogram_fractions_sum_to_one():
    fractions = histogram(np.array([-10.0, 0.0, 0.5, 10.0]), np.linspace(-1, 1, 5))
    assert fractions.sum() == pytest.approx(1)


@pytest.mark.parametrize(
    "call, fragment",
    [
        (lambda: attend([1, 0, 0], [[1, 0], [0, 1]]), "keys: expected width 3"),
        (lambda: attend([[1, 0]], [[1, 0]]), "query: expected a vector"),
        (lambda: attend([1, 0], [1, 0]), "keys: expected a matrix"),
        (lambda: attend([], [[1, 0]]), "query: expected at least one entry"),
        (lambda: attend([1, 0], np.zeros((0, 2))), "keys: expected at least one entry"),
        (lambda: attend([np.nan, 0], [[1, 0]]), "query: expected finite numbers"),
        (lambda: attend([1, 0], [[np.inf, 0]]), "keys: expected finite numbers"),
        (lambda: attend([1, 0], [[1, 0]], [[1], [2]]), "values: expected 1 rows"),
        (lambda: attend([1, 0], [[1, 0]], divisor=0), "divisor: expected a finite number above 0"),
        (lambda: attend(["a", "b"], [[1, 0]]), "query: expected numbers"),
        (lambda: attend_grid([1, 0], [[1, 0]]), "queries: expected a matrix"),
        (lambda: weights_at_gain([1, 2], -1), "gain: expected a finite number above 0"),
        (lambda: variance_experiment((0,)), "width: expected a whole number"),
        (lambda: variance_experiment(()), "widths: expected at least one"),
    ],
)
def test_bad_input_names_the_argument(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()


def test_importing_attention_does_not_import_manim():
    code = "import sys, attention; sys.exit(1 if 'manim' in sys.modules else 0)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_large_scores_keep_a_finite_log_sum_and_saturated_weights():
    from attention.softmax import log_exp_sum

    trace = attend([100, 100], [[100, 100], [100, 99], [-100, 0]])
    assert np.isinf(trace.exp_sum)  # e^14142 is beyond float64
    assert trace.log_exp_sum == pytest.approx(trace.scores[0])  # the top term is all of the sum
    np.testing.assert_allclose(trace.weights, [1, 0, 0], atol=1e-30)
    assert log_exp_sum([0, np.log(3)]) == pytest.approx(np.log(4))
