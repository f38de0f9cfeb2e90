"""A chapter's narration track: each cue's speech placed at the cue's start, as long as the video, at the
broadcast level for speech online: LOUDNESS integrated (ITU-R BS.1770, pyloudnorm) with true peaks at most
PEAK (measured on the signal upsampled fourfold, as BS.1770 does), whatever the voice or recording.

pyloudnorm and scipy are imported where they are used: importing them takes a second, which every render
process (and each of its workers) would pay, though only a narrated chapter's track needs them."""

from __future__ import annotations

import functools

import numpy as np

from narration.speech import RATE, Speech

LOUDNESS = -16.0  # LUFS
LOUDNESS_SLACK = 0.7  # LU quieter a track may be mixed to keep encoding under PEAK (+ tolerance: within 1 LU)
LEVEL_TOLERANCE = 0.2  # LU off LOUDNESS after limiting that makes the track levelled once more
LEVEL_PASSES = 4  # limiter runs at most, each aimed closer to LOUDNESS
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
    """`samples` at LOUDNESS, their true peaks limited to `headroom` dB under PEAK (silence stays silent).

    Headroom beyond CODEC_HEADROOM (asked for when encoding overshot) first makes the whole track quieter, by
    up to LOUDNESS_SLACK, and only the rest lowers the limiter's ceiling: a voice is not squeezed flat."""
    if len(samples) < RATE // 2 or not np.any(samples):  # BS.1770 gates 400 ms blocks: too short to measure
        return samples
    import pyloudnorm

    quieter = min(max(headroom - CODEC_HEADROOM, 0), LOUDNESS_SLACK)
    target, ceiling = LOUDNESS - quieter, PEAK - headroom
    meter = pyloudnorm.Meter(RATE)
    loudness = meter.integrated_loudness(samples.astype(np.float64))
    if not np.isfinite(loudness):
        return samples
    envelope, gain, result = _envelope(samples), target - loudness, samples
    tried: list[tuple[float, float]] = []  # (gain, loudness after limiting)
    for _ in range(LEVEL_PASSES):  # limiting takes loudness away, more the louder: aim again (secant method)
        result = _limited(samples, envelope, gain, ceiling)
        tried.append((gain, meter.integrated_loudness(result.astype(np.float64))))
        if abs(target - tried[-1][1]) <= LEVEL_TOLERANCE:
            break
        slope = 1.0 if len(tried) == 1 else (tried[-1][1] - tried[-2][1]) / (tried[-1][0] - tried[-2][0])
        gain += (target - tried[-1][1]) / min(max(slope, 0.1), 1.0)
    return result


def true_peak(samples: np.ndarray) -> float:
    """The highest sample of the signal upsampled OVERSAMPLING times, in dBTP."""
    peak = _envelope(samples).max(initial=0)
    return 20 * np.log10(peak) if peak > 0 else -np.inf


def _envelope(samples: np.ndarray) -> np.ndarray:
    """Each sample's true peak: the largest magnitude of the signal upsampled OVERSAMPLING times around it."""
    from scipy.signal import resample_poly

    upsampled = np.abs(resample_poly(samples, OVERSAMPLING, 1))
    return functools.reduce(np.maximum, (upsampled[i::OVERSAMPLING] for i in range(OVERSAMPLING)))


def _limited(samples: np.ndarray, envelope: np.ndarray, gain: float, peak: float) -> np.ndarray:
    """`samples` made `gain` dB louder, with a smoothly varying cut that keeps their true peaks (`envelope`,
    before the gain) at or below `peak` dBTP."""
    scale = 10 ** (gain / 20)
    cut = np.minimum(1.0, 10 ** (peak / 20) / np.maximum(envelope * scale, 1e-9))
    if cut.min(initial=1) >= 1:
        return (samples * scale).astype(np.float32)
    return (samples * scale * np.minimum(_smoothed(cut), 1.0)).astype(np.float32)


def _smoothed(cut: np.ndarray) -> np.ndarray:
    """Each peak's `cut` spread over the limiter's window and smoothed over it again. Only where a sample is cut
    (speech: round its loudest syllables) is it worked out: a window further off, the cut stays 1."""
    from scipy.ndimage import maximum_filter1d, uniform_filter1d

    window = 2 * max(int(LIMITER_WINDOW * RATE), 1) + 1
    below = np.flatnonzero(cut < 1)
    apart = np.flatnonzero(np.diff(below) > 4 * window)  # runs of cuts a clear stretch apart
    smoothed = np.ones_like(cut)
    for first, last in zip(below[np.r_[0, apart + 1]], below[np.r_[apart, len(below) - 1]]):
        start, stop = max(first - 2 * window, 0), min(last + 2 * window + 1, len(cut))  # the filters' reach
        smoothed[start:stop] = uniform_filter1d(-maximum_filter1d(-cut[start:stop], window), window)
    return smoothed
