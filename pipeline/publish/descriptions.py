"""The audio description tracks (WCAG 1.2.5): a `kind="descriptions"` WebVTT file beside each chapter's video
and the lecture's, one cue per beat saying what its picture draws (`beat_text.shown`, found by the beat's name),
for a screen reader to speak, or a player to show, while the beat plays.

They are made when the page is (`web_page.pages`), from the beats tracks the render wrote (a chapter rendered
without beats has none), the lecture's beats matched to the chapters' by name: a cue spans its beat, from its
first frame to the frame after its last, rounded inward to the millisecond, so every cue lies inside its video
and none overlaps the next. Each chapter's are in its words' language (`dependencies.language_of`: the render's where
the chapter is translated, else English), and so are its beats' names as shown (`label`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil, floor
from pathlib import Path

import i18n
from pipeline import outputs
from pipeline.frames import captions
from pipeline.plan import dependencies
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, lecture, present_page
from scenes.chapters.registry import Chapter

SUFFIX = ".descriptions.vtt"
KIND = "descriptions"
LABEL = "English descriptions"  # an English render's track's label
VIDEO_FORMATS = ("mp4", "webm")  # a chapter's video the page plays, in order of preference


@dataclass(frozen=True)
class Described:
    """One beat of a video: its name (the chapter's, English), times (frame-exact seconds), its narration lines,
    what it draws, its name as shown (`label`) and the language of these two."""

    name: str
    start: Fraction
    end: Fraction
    lines: list[str]
    shown: str
    label: str = ""
    lang: str = i18n.SOURCE


def track(video: Path) -> Path:
    """The descriptions file beside a video: 02-ThreeTokenDrag.mp4 -> 02-ThreeTokenDrag.descriptions.vtt."""
    return video.with_name(video.stem + SUFFIX)


def chapter_beats(video: Path, chapter: Chapter, settings: RenderSettings) -> list[Described]:
    """The beats of `chapter`'s `video` (from its beats track), each with its lines and what it draws; none
    without a beats track."""
    cues = present_page.read_cues(present_page.beats_track(video))
    beats = [_framed(c.start, c.end, settings.fps, Described(c.text, 0, 0, [], "")) for c in cues]
    said = beat_text.lines_by_beat(beats, captions.read(video.with_suffix(".srt")))
    layout = outputs.layout_facts(outputs.chapter_files(video.parent, chapter.slug, lecture.FORMAT).layout)
    lang, named = dependencies.language_of(chapter, settings.lang), [b.name for b in beats]
    shown = beat_text.shown(chapter.name, named, said, settings, layout, lang)
    labels = beat_text.names(chapter, named, settings, lang)
    return [
        Described(b.name, b.start, b.end, lines, what, label, lang)
        for b, lines, what, label in zip(beats, said, shown, labels)
    ]


def tracks(
    folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings
) -> dict[Path, list[Described]]:
    """Video -> its described beats, for each chapter's video in `folder` with beats (its MP4, else its WebM),
    and the lecture's when its beats track names each of theirs in order, as the lecture names them
    (`lecture.cue_texts`): a lecture joined before a chapter's beats were renamed or reordered gets no
    descriptions, rather than each at another beat's place."""
    found = {}
    for chapter in chapters:
        videos = [outputs.chapter_files(folder, chapter.slug, f).video for f in VIDEO_FORMATS]
        video = next((v for v in videos if v.is_file()), None)
        if video is not None:
            found[video] = chapter_beats(video, chapter, settings)
    whole = lecture.files(folder).video
    cues = present_page.read_cues(present_page.beats_track(whole))
    every = [beat for beats in found.values() for beat in beats]
    named = len(found) == len(chapters) and lecture.cue_texts(chapters, settings, list(found.values()))
    if cues and [c.text for c in cues] == named:
        found[whole] = [_framed(c.start, c.end, settings.fps, b) for c, b in zip(cues, every)]
    return {video: beats for video, beats in found.items() if beats}


def files(described: dict[Path, list[Described]]) -> dict[str, str]:
    """The descriptions files (name -> text) of `tracks`' videos."""
    return {track(video).name: as_vtt(beats) for video, beats in described.items()}


def cues(beats: list[Described]) -> list[list]:
    """The cues as the page carries them: [[start, end, text], ...], times in seconds as in the file."""
    return [[ceil(b.start * 1000) / 1000, floor(b.end * 1000) / 1000, b.shown] for b in beats if b.shown]


def as_vtt(beats: list[Described]) -> str:
    """WebVTT: the header, then a cue per beat that draws something, numbered, its times rounded inward."""
    cues = [
        f"{number}\n{_time(ceil(b.start * 1000))} --> {_time(floor(b.end * 1000))}\n{_escaped(b.shown)}\n"
        for number, b in enumerate((b for b in beats if b.shown), start=1)
    ]
    return "\n".join(("WEBVTT\n", *cues))


def _framed(start, end, fps: int, beat: Described) -> Described:
    """`beat` at the millisecond times `start` and `end`, moved to the frame boundaries they round."""
    return replace(beat, start=Fraction(round(start * fps), fps), end=Fraction(round(end * fps), fps))


def _time(millis: int) -> str:
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    seconds, millis = divmod(millis, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def _escaped(text: str) -> str:
    """Cue text as WebVTT needs it: &, < and > escaped, on one line."""
    return " ".join(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").split())
