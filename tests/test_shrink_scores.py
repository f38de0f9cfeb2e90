"""ShrinkScores: histograms and statistics on screen equal the numpy variance experiment."""

import numpy as np
import pytest
from manim import DecimalNumber

from attention import histogram, softmax, variance_experiment
from scenes import components as c
from scenes.arithmetic import fmt
from scenes.plots import Histogram
from scenes.shrink_scores import HIST_SIZE, STAT_PLACES, ShrinkScores, caveat_example, divisor_tex, shown_stat
from tests.snapshot import assert_matches_snapshot, built, last_frame

FRAME = (14.22 / 2, 4.0)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(ShrinkScores, tmp_path_factory.mktemp("media"))


def test_samples_are_the_seeded_experiment(scene):
    for ours, fresh in zip(scene.samples, variance_experiment()):
        np.testing.assert_array_equal(ours.raw, fresh.raw)
    assert [s.width for s in scene.samples] == [4, 16, 64]


@pytest.mark.parametrize("column", ["raw", "scaled"])
def test_bar_heights_are_the_histogram_fractions(scene, column):
    col = getattr(scene, column)
    peak = max(histogram(getattr(s, column), col.edges).max() for s in scene.samples)
    for sample, hist in zip(scene.samples, col.histograms):
        fractions = histogram(getattr(sample, column), col.edges)
        np.testing.assert_array_equal(hist.fractions, fractions)
        expected = np.maximum(fractions / peak * HIST_SIZE[1], c.MIN_BAR)
        np.testing.assert_allclose(hist.heights(), expected, rtol=1e-6)
        np.testing.assert_allclose([b.get_bottom()[1] for b in hist.bars], hist.axis.get_y(), atol=1e-6)


def test_raw_spread_grows_with_width_and_scaled_spread_matches(scene):
    def occupied(h):
        return np.ptp(np.flatnonzero(h.fractions > 0.01))

    raw = [occupied(h) for h in scene.raw.histograms]
    assert raw[0] < raw[1] < raw[2]
    scaled = [occupied(h) for h in scene.scaled.histograms]
    assert max(scaled) - min(scaled) <= 2


@pytest.mark.parametrize(
    "column, mean, var", [("raw", "raw_mean", "raw_var"), ("scaled", "scaled_mean", "scaled_var")]
)
def test_statistics_on_screen_are_the_sample_statistics(scene, column, mean, var):
    for sample, line in zip(scene.samples, getattr(scene, column).stats):
        numbers = [m.get_value() for m in line if isinstance(m, DecimalNumber)]
        assert numbers == [
            round(getattr(sample, mean), STAT_PLACES),
            round(getattr(sample, var), STAT_PLACES),
        ]


def test_shown_variances_follow_the_argument(scene):
    for sample, raw, scaled in zip(scene.samples, scene.raw.stats, scene.scaled.stats):
        assert abs(raw[3].get_value() / sample.width - 1) < 0.05
        assert abs(scaled[3].get_value() - 1) < 0.05


def test_negative_zero_is_shown_as_zero():
    assert str(shown_stat(-0.0004)) == "0.0"


def test_divisors_on_screen(scene):
    tex = [m.tex_string for m in scene.roots]
    assert tex == [r"\sqrt{4} = 2", r"\sqrt{64} = 8"]
    labels = [arrow[1].tex_string for arrow in scene.arrows]
    assert labels == [r"\div \sqrt{4} = 2", r"\div \sqrt{16} = 4", r"\div \sqrt{64} = 8"]
    assert divisor_tex(8) == r"\sqrt{8} \approx 2.828"


def test_caveat_marks_sit_at_the_extreme_scaled_scores(scene):
    high, low, weights = caveat_example(scene.samples)
    widest = scene.samples[-1].scaled
    assert (high, low) == (widest.max(), widest.min())
    hist = scene.scaled.histograms[-1]
    for mark, value in zip(scene.extremes, (high, low)):
        assert mark[1].tex_string == fmt(value, STAT_PLACES)
        assert mark[0].get_x() == pytest.approx(hist.x_of(value))
    # the weights in the caption follow from the rounded scores it shows
    shown = softmax([round(high, STAT_PLACES), round(low, STAT_PLACES)])
    assert [fmt(w, 3) for w in shown] == [fmt(w, 3) for w in weights]


def test_histogram_places_bins_on_its_axis():
    edges = np.linspace(-2, 2, 5)
    hist = Histogram([0.1, 0.4, 0.4, 0.1], edges, width=4, height=2).shift([1, 1, 0])
    np.testing.assert_allclose(hist.heights(), [0.5, 2, 2, 0.5])
    np.testing.assert_allclose([b.get_x() for b in hist.bars], [-0.5, 0.5, 1.5, 2.5])
    assert hist.x_of(0) == pytest.approx(1)


def test_everything_fits_in_the_frame(scene):
    everything = [
        scene.heading,
        scene.rule,
        scene.roots,
        scene.raw,
        scene.scaled,
        scene.headers,
        scene.row_labels,
        scene.arrows,
        scene.note,
        scene.warning,
        scene.extremes,
    ]
    for mob in everything:
        assert abs(mob.get_left()[0]) <= FRAME[0] and abs(mob.get_right()[0]) <= FRAME[0]
        assert abs(mob.get_top()[1]) <= FRAME[1] and abs(mob.get_bottom()[1]) <= FRAME[1]


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("ShrinkScores", last_frame(ShrinkScores, tmp_path))
