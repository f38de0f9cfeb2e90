"""Cues read exactly: WebVTT cue times (webvtt-py's own `start_in_seconds` drops the milliseconds), and the cues
of a caption track inside a video; where a sound speaks, cue by cue."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import webvtt
from scipy.ndimage import maximum_filter1d

SPEAKING = 0.02  # an envelope above this (in full scale) is speech: espeak's pauses fall far below it
NEAR = 0.1  # seconds: speech this close to a cue counts as inside it (its consonants, the encoder's spread)


def seconds(stamp: str) -> Fraction:
    """'HH:MM:SS.mmm' in seconds."""
    hours, minutes, rest = stamp.split(":")
    return (int(hours) * 60 + int(minutes)) * 60 + Fraction(rest)


def cue_times(path: Path) -> list[tuple[Fraction, Fraction]]:
    """Each cue's start and end in `path`, in seconds."""
    return [(seconds(cue.start), seconds(cue.end)) for cue in webvtt.read(str(path))]


def embedded(video: Path) -> list[tuple[Fraction, Fraction, str]]:
    """The cues of a video's caption track (start, end in seconds, text), as FFmpeg's decoder reads them
    (what VLC and other players show); [] when it has no caption track."""
    with av.open(str(video)) as container:
        if not container.streams.subtitles:
            return []
        found = []
        for packet in container.demux(container.streams.subtitles[0]):
            for subtitle in packet.decode() if packet.size else ():
                text = subtitle.ass.decode("utf-8").split(",", 8)[8]  # an ASS event: 8 fields, then the text
                start = packet.pts * packet.time_base
                found.append((start, start + packet.duration * packet.time_base, text.replace("\\N", "\n")))
        return found


def speaking(samples: np.ndarray, rate: int) -> np.ndarray:
    """Whether each sample lies in speech: the loudness over 10 ms windows above SPEAKING."""
    return maximum_filter1d(np.abs(samples), rate // 100) > SPEAKING


def captioned(length: int, rate: int, times) -> np.ndarray:
    """Whether each of `length` samples lies within NEAR of a cue (`times`: start, end in seconds)."""
    inside = np.zeros(length, dtype=bool)
    for start, end in times:
        inside[max(round((start - NEAR) * rate), 0) : round((end + NEAR) * rate)] = True
    return inside
