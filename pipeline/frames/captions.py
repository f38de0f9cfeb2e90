"""Captions: manim's SubRip (.srt) subtitles fitted to their video, as WebVTT (.vtt) for browsers, and joined for
the full lecture.

Fitted means what players need to show one caption at a time: cues in order, each ending
where the next begins at the latest, none beyond the video's end (a cue is cut there, and
one that would start at or after it is dropped), and times rounded inward to the
millisecond (starts up, ends down), so a cue never begins before its first frame. A cue
longer than two lines (`narration.cues`) is shown as consecutive cues, its time shared by their
lengths (chapters split their captions so already), and each cue is written as its lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import timedelta
from fractions import Fraction
from math import ceil, floor
from pathlib import Path

import srt

from narration import cues as lines_of

MILLISECOND = timedelta(milliseconds=1)


def web_captions(subtitles: Path) -> Path:
    """The WebVTT file beside an .srt file: 02-ThreeTokenDrag.srt -> 02-ThreeTokenDrag.vtt."""
    return subtitles.with_suffix(".vtt")


def read(path: Path) -> list[srt.Subtitle]:
    """The subtitles of an .srt file; none when there is no file."""
    return list(srt.parse(path.read_text(encoding="utf-8"))) if path.is_file() else []


def as_srt(subtitles: list[srt.Subtitle]) -> str:
    """SubRip text, cues numbered from 1, each as its lines."""
    return srt.compose([_broken(s) for s in subtitles], reindex=True)


def as_vtt(subtitles: list[srt.Subtitle]) -> str:
    """WebVTT text: the header, then each cue's number, times and text."""
    cues = (
        f"{number}\n{_vtt_time(s.start)} --> {_vtt_time(s.end)}\n{cue_text(_broken(s).content)}\n"
        for number, s in enumerate(subtitles, start=1)
    )
    return "\n".join(("WEBVTT\n", *cues))


def fitted(subtitles: list[srt.Subtitle], length: Fraction) -> list[srt.Subtitle]:
    """The subtitles inside a video of `length` seconds: ordered, never overlapping, times inward to the ms."""
    ordered, end = sorted((p for s in subtitles for p in _pieces(s)), key=lambda s: s.start), _moment(length)
    nexts = [s.start for s in ordered[1:]] + [end]
    cues = [
        srt.Subtitle(0, _millis(s.start, ceil), _millis(min(s.end, following, end), floor), s.content)
        for s, following in zip(ordered, nexts)
    ]
    return [cue for cue in cues if cue.start < cue.end]


def _pieces(cue: srt.Subtitle) -> list[srt.Subtitle]:
    """`cue` as consecutive cues that fit two lines, its time shared by their lengths."""
    texts = lines_of.split(cue.content)
    if len(texts) <= 1:
        return [cue]
    total, start, pieces, done = sum(map(len, texts)), cue.start, [], 0
    for text in texts:
        done += len(text)
        end = cue.start + (cue.end - cue.start) * done / total
        pieces.append(srt.Subtitle(0, start, end, text))
        start = end
    return pieces


def _broken(cue: srt.Subtitle) -> srt.Subtitle:
    """`cue` with its text as its lines."""
    return srt.Subtitle(cue.index, cue.start, cue.end, "\n".join(lines_of.lines(cue.content)))


def shifted(parts: Iterable[tuple[list[srt.Subtitle], Fraction, Fraction]]) -> list[srt.Subtitle]:
    """The subtitles of parts played one after another, each part's (subtitles, start, length in seconds)
    fitted to its length and moved later by its start, and the whole fitted again."""
    moved, end = [], Fraction(0)
    for subtitles, start, length in parts:
        offset, end = _moment(start), start + length
        moved += [
            srt.Subtitle(0, s.start + offset, s.end + offset, s.content) for s in fitted(subtitles, length)
        ]
    return fitted(moved, end)


def cue_text(text: str) -> str:
    """WebVTT cue text: the text with WebVTT's markup characters escaped and no blank line (which would end the cue)."""
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"\n\s*\n", "\n", escaped.strip())


def _moment(seconds: Fraction) -> timedelta:
    """`seconds` as a timedelta (to the microsecond)."""
    return timedelta(microseconds=round(Fraction(seconds) * 1_000_000))


def _millis(moment: timedelta, rounding) -> timedelta:
    """`moment` rounded to the millisecond by `rounding` (ceil or floor)."""
    return rounding(moment / MILLISECOND) * MILLISECOND


def _vtt_time(moment: timedelta) -> str:
    """'HH:MM:SS.mmm', rounded to the millisecond."""
    millis = round(moment / MILLISECOND)
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    seconds, millis = divmod(millis, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"
