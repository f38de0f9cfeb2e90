"""WebVTT cue times read exactly (webvtt-py's own `start_in_seconds` drops the milliseconds)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import webvtt


def seconds(stamp: str) -> Fraction:
    """'HH:MM:SS.mmm' in seconds."""
    hours, minutes, rest = stamp.split(":")
    return (int(hours) * 60 + int(minutes)) * 60 + Fraction(rest)


def cue_times(path: Path) -> list[tuple[Fraction, Fraction]]:
    """Each cue's start and end in `path`, in seconds."""
    return [(seconds(cue.start), seconds(cue.end)) for cue in webvtt.read(str(path))]
