"""The narration track: each cue's speech at its start, at -16 LUFS with true peaks at most -1 dBTP."""

from datetime import timedelta

import numpy as np
import pyloudnorm
import srt
from scipy.ndimage import maximum_filter1d, uniform_filter1d

from narration import track
from narration.speech import RATE


class Clips:
    """Stands in for a voice: a cue's speech is a tone as many tenths of a second long as the cue has letters."""

    def samples(self, cue: str) -> np.ndarray:
        t = np.arange(len(cue) * RATE // 10) / RATE
        return (0.9 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)


def cue(start: float, end: float, text: str) -> srt.Subtitle:
    return srt.Subtitle(0, timedelta(seconds=start), timedelta(seconds=end), text)


def loud_spans(samples: np.ndarray) -> list[tuple[float, float]]:
    """Where the track is not silent, as (start, end) seconds."""
    loud = maximum_filter1d(np.abs(samples), RATE // 200) > 1e-3  # the envelope over 5 ms
    edges = np.flatnonzero(np.diff(loud.astype(int))) + 1
    bounds = [0, *edges, len(samples)]
    return [(a / RATE, b / RATE) for a, b in zip(bounds, bounds[1:]) if loud[a]]


def test_each_cue_speaks_at_its_start_for_its_length_and_the_track_is_the_video_s_length():
    mixed = track.mixed([cue(1.0, 1.5, "hello"), cue(3.0, 3.2, "hi")], Clips(), 5.0)
    assert len(mixed) == 5 * RATE
    spans = loud_spans(mixed)
    assert [(round(a, 2), round(b, 2)) for a, b in spans] == [(1.0, 1.5), (3.0, 3.2)]


def test_the_level_is_minus_16_lufs_and_true_peaks_stay_below_minus_1_dbtp():
    rng = np.random.default_rng(1)
    for scale in (0.01, 0.3, 1.0):  # a quiet voice, a normal one, one clipping
        speech = (rng.standard_normal(10 * RATE) * scale).clip(-1, 1).astype(np.float32)
        speech[::4000] = 1.0  # sharp peaks
        levelled = track.levelled(speech)
        assert abs(pyloudnorm.Meter(RATE).integrated_loudness(levelled.astype(float)) - track.LOUDNESS) < 0.5
        assert track.true_peak(levelled) <= track.PEAK - track.CODEC_HEADROOM + 0.1


def test_silence_stays_silent():
    assert not np.any(track.levelled(np.zeros(RATE, dtype=np.float32)))


def test_more_headroom_makes_the_track_quieter_before_it_squeezes_its_peaks():
    """Asked for 0.5 dB more headroom (encoding overshot), the track is 0.5 LU quieter and limited no harder:
    it is the same track scaled down; beyond LOUDNESS_SLACK the rest lowers the limiter's ceiling."""
    rng = np.random.default_rng(2)
    speech = (rng.standard_normal(10 * RATE) * 0.2).clip(-1, 1).astype(np.float32)
    speech[::4000] = 1.0
    meter = pyloudnorm.Meter(RATE)
    usual = track.levelled(speech)
    quieter = track.levelled(speech, track.CODEC_HEADROOM + 0.5)
    assert (
        abs(meter.integrated_loudness(quieter.astype(float)) - (track.LOUDNESS - 0.5)) < track.LEVEL_TOLERANCE
    )
    ratio = quieter[np.abs(usual) > 0.05] / usual[np.abs(usual) > 0.05]
    assert np.allclose(ratio, ratio.mean(), rtol=0.05)  # one gain throughout: no peak squeezed more
    far = track.levelled(speech, track.CODEC_HEADROOM + 3)
    assert meter.integrated_loudness(far.astype(float)) >= track.LOUDNESS - track.LOUDNESS_SLACK - 0.3
    assert track.true_peak(far) <= track.PEAK - track.CODEC_HEADROOM - 3 + 0.1


def test_the_limiter_s_cut_worked_out_round_its_peaks_is_the_cut_worked_out_everywhere():
    """`_smoothed` filters only round the cut samples: the same cut as filtering the whole track, edges included."""
    rng = np.random.default_rng(3)
    window = 2 * max(int(track.LIMITER_WINDOW * RATE), 1) + 1
    for length in (window, 3 * RATE):
        cut = np.ones(length)
        places = np.r_[0, length - 1, rng.integers(0, length, 40)]
        cut[places] = rng.uniform(0.3, 1, len(places))
        whole = uniform_filter1d(-maximum_filter1d(-cut, window), window)
        assert np.allclose(np.minimum(track._smoothed(cut), 1), np.minimum(whole, 1), rtol=0, atol=1e-12)
