"""A chapter's narration track: each cue's speech placed at the cue's start, as long as the video, at the
broadcast level for speech online: LOUDNESS integrated (ITU-R BS.1770, pyloudnorm) with true peaks at most
PEAK (measured on the signal upsampled fourfold, as BS.1770 does), whatever the voice or recording."""

from __future__ import annotations

import numpy as np
import pyloudnorm
from scipy.ndimage import maximum_filter1d, uniform_filter1d
from scipy.signal import resample_poly

from narration.speech import RATE, Speech

LOUDNESS = -16.0  # LUFS
PEAK = -1.0  # dBTP
OVERSAMPLING = 4
LIMITER_WINDOW = 0.005  # seconds over which the limiter's gain changes
CODEC_HEADROOM = 1.0  # dB below PEAK the track is limited to before encoding first raises its peaks


def mixed(cues: list, speech: Speech, seconds: float, headroom: float = CODEC_HEADROOM) -> np.ndarray:
    """The samples at RATE of a track `seconds` long with each cue's (srt.Subtitle) speech at its start,
    levelled, its true peaks `headroom` dB under PEAK (what encoding adds is checked after it)."""
    track = np.zeros(round(seconds * RATE), dtype=np.float32)
    for cue in cues:
        start = round(cue.start.total_seconds() * RATE)
        clip = speech.samples(cue.content)[: max(len(track) - start, 0)]
        track[start : start + len(clip)] += clip
    return levelled(track, headroom)


def levelled(samples: np.ndarray, headroom: float = CODEC_HEADROOM) -> np.ndarray:
    """`samples` at LOUDNESS, their true peaks limited to `headroom` dB under PEAK (silence stays silent)."""
    if len(samples) < RATE // 2 or not np.any(samples):  # BS.1770 gates 400 ms blocks: too short to measure
        return samples
    meter = pyloudnorm.Meter(RATE)
    for _ in range(3):  # limiting lowers the loudness a little: level, limit, and measure again
        loudness = meter.integrated_loudness(samples.astype(np.float64))
        if not np.isfinite(loudness):
            return samples
        samples = _limited(samples * np.float32(10 ** ((LOUDNESS - loudness) / 20)), PEAK - headroom)
    return samples


def true_peak(samples: np.ndarray) -> float:
    """The highest sample of the signal upsampled OVERSAMPLING times, in dBTP."""
    peak = np.abs(resample_poly(samples, OVERSAMPLING, 1)).max(initial=0)
    return 20 * np.log10(peak) if peak > 0 else -np.inf


def _limited(samples: np.ndarray, peak: float) -> np.ndarray:
    """`samples` with a smoothly varying gain that keeps their true peaks at or below `peak` dBTP."""
    ceiling = 10 ** (peak / 20)
    envelope = np.abs(resample_poly(samples, OVERSAMPLING, 1)).reshape(-1, OVERSAMPLING).max(axis=1)
    if envelope.max(initial=0) <= ceiling:
        return samples
    window = max(int(LIMITER_WINDOW * RATE), 1)
    gain = np.minimum(1.0, ceiling / np.maximum(envelope, 1e-9))
    gain = uniform_filter1d(-maximum_filter1d(-gain, 2 * window + 1), 2 * window + 1)  # lowest gain, smoothed
    return (samples * np.minimum(gain, 1.0)).astype(np.float32)
