"""present.html and speaker.html: the whole lecture played beat by beat, full-window, and the speaker's view
(the picture on the screen now and the next beat's, the notes, the elapsed time) in a second window that stays in
step with it.

The beats are read from `lecture.beats.vtt` (one cue per beat, at the lecture's times) and the chapters from
lecture.mp4's chapter marks; each beat's times become frame numbers at the folder's frame rate (cue times are
milliseconds, finer than half a frame up to 500 fps), so the page can stop on a beat's last frame exactly.
Everything rides in the pages as JSON: a page opened from disk may not load a track file.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path

from pipeline.frames import captions
from pipeline.publish import lecture, video_join

BEATS_SUFFIX = (
    ".beats.vtt"  # NN-Name.beats.vtt beside each chapter's video, lecture.beats.vtt beside the lecture
)
TIME = r"(?:(\d+):)?(\d\d):(\d\d)\.(\d{3})"
CUE = re.compile(rf"^{TIME} --> {TIME}[^\n]*\n(.*?)(?:\n\n|\Z)", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Cue:
    """A cue of a WebVTT file: times in seconds, and its text (markup characters unescaped)."""

    start: Fraction
    end: Fraction
    text: str


@dataclass(frozen=True)
class Beat:
    """One beat of the lecture: its chapter (position in the lecture, from 0), name, first frame, the frame after
    its last, its poster (its still, a file beside the lecture), the captions shown during it, and the lecturer's
    note for it (a course file's, else empty)."""

    chapter: int
    name: str
    start: int
    end: int
    poster: str
    notes: list[str]
    speaker_note: str = ""


def beats_track(video: Path) -> Path:
    """The beats' WebVTT chapters track beside a video: 02-ThreeTokenDrag.mp4 -> 02-ThreeTokenDrag.beats.vtt."""
    return video.with_name(video.stem + BEATS_SUFFIX)


def poster(slug: str, index: int) -> str:
    """The file name of a chapter's beat poster: its beat `index` (from 0) -> '02-ThreeTokenDrag.beat-01.png'."""
    return f"{slug}.beat-{index + 1:02d}.png"


def read_cues(path: Path) -> list[Cue]:
    """The cues of a WebVTT file, in file order; none when there is no file."""
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    return [
        Cue(_seconds(m.groups()[:4]), _seconds(m.groups()[4:8]), _unescape(m[9].strip()))
        for m in CUE.finditer(text)
    ]


def lecture_beats(
    folder: Path, slugs: list[str], fps: int, notes: dict[str, dict[str, str]] | None = None
) -> tuple[list[dict], list[Beat]] | None:
    """The lecture's chapters ({title, first: its first beat's index}) and beats, for the chapters `slugs` in the
    lecture's order, with the lecturer's `notes` (chapter slug -> beat name -> note); None without a readable
    lecture.mp4 with a mark per chapter and its beats track."""
    target = lecture.files(folder)
    marks = video_join.marks(target.video)
    cues = read_cues(beats_track(target.video))
    if not marks or len(marks) != len(slugs) or not cues:
        return None
    starts = [round(m.start * fps) for m in marks]
    subtitles = [
        (s.start.total_seconds() * fps, s.end.total_seconds() * fps, s.content)
        for s in captions.read(target.subtitles)
    ]
    chapters, found = [{"title": m.title, "first": None} for m in marks], []
    for cue in cues:
        start, end = round(cue.start * fps), round(cue.end * fps)
        chapter = bisect_right(starts, start) - 1
        within = sum(b.chapter == chapter for b in found)  # the beat's index in its chapter
        if within == 0:
            chapters[chapter]["first"] = len(found)
        name = _beat_name(cue.text, marks[chapter].title)
        said = [text for first, last, text in subtitles if first < end and last > start]
        own = (notes or {}).get(slugs[chapter], {}).get(name, "")
        found.append(Beat(chapter, name, start, end, poster(slugs[chapter], within), said, own))
    return chapters, found


def data(
    folder: Path, slugs: list[str], fps: int, notes: dict[str, dict[str, str]] | None = None
) -> dict | None:
    """What present.html and speaker.html need, as JSON-ready data (`notes` as `lecture_beats` takes them); None
    when the lecture has no beats."""
    read = lecture_beats(folder, slugs, fps, notes)
    if read is None:
        return None
    chapters, beats = read
    cues = captions.read(lecture.files(folder).subtitles)
    return {
        "fps": fps,
        "chapters": chapters,
        "beats": [asdict(b) for b in beats],
        "captions": [[s.start.total_seconds(), s.end.total_seconds(), s.content] for s in cues],
    }


def _beat_name(text: str, chapter_title: str) -> str:
    """A beat's own name: the lecture's cue text without its chapter's title in front ('Title: name')."""
    return text.removeprefix(f"{chapter_title}: ")


def _seconds(parts) -> Fraction:
    hours, minutes, seconds, millis = (int(p or 0) for p in parts)
    return Fraction(((hours * 60 + minutes) * 60 + seconds) * 1000 + millis, 1000)


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
