"""Cues read exactly: WebVTT cue times (webvtt-py's own `start_in_seconds` drops the milliseconds), and the cues
of a caption track inside a video."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import webvtt


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
