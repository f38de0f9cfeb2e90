"""Captions: manim's SubRip (.srt) subtitles as WebVTT (.vtt) for browsers, and joined for the full lecture."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import timedelta
from pathlib import Path

import srt

MILLISECOND = timedelta(milliseconds=1)


def web_captions(subtitles: Path) -> Path:
    """The WebVTT file beside an .srt file: 02-ThreeTokenDrag.srt -> 02-ThreeTokenDrag.vtt."""
    return subtitles.with_suffix(".vtt")


def read(path: Path) -> list[srt.Subtitle]:
    """The subtitles of an .srt file; none when there is no file."""
    return list(srt.parse(path.read_text(encoding="utf-8"))) if path.is_file() else []


def as_srt(subtitles: list[srt.Subtitle]) -> str:
    """SubRip text, cues numbered from 1."""
    return srt.compose(subtitles, reindex=True)


def as_vtt(subtitles: list[srt.Subtitle]) -> str:
    """WebVTT text: the header, then each cue's number, times and text."""
    cues = (
        f"{number}\n{_vtt_time(s.start)} --> {_vtt_time(s.end)}\n{cue_text(s.content)}\n"
        for number, s in enumerate(subtitles, start=1)
    )
    return "\n".join(("WEBVTT\n", *cues))


def shifted(parts: Iterable[tuple[list[srt.Subtitle], timedelta]]) -> list[srt.Subtitle]:
    """The subtitles of several parts played one after another: each part's moved later by its offset."""
    return [
        srt.Subtitle(0, s.start + offset, s.end + offset, s.content)
        for subtitles, offset in parts
        for s in subtitles
    ]


def cue_text(text: str) -> str:
    """WebVTT cue text: the text with WebVTT's markup characters escaped and no blank line (which would end the cue)."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"\n\s*\n", "\n", escaped.strip())


def _vtt_time(moment: timedelta) -> str:
    """'HH:MM:SS.mmm', rounded to the millisecond."""
    millis = round(moment / MILLISECOND)
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    seconds, millis = divmod(millis, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"
