"""The full lecture: every chapter's MP4 joined in viewing order, with a chapter mark per chapter and the
chapters' captions at their offsets.

It is joined only when every registered chapter has an up-to-date MP4 in the folder, and
only when the lecture is out of date: the manifest keeps an entry for it (slug 'lecture')
whose inputs are the chapters' entries (their hashes and file sizes), their titles and
the code that writes the lecture; a missing or unreadable lecture.mp4 is joined again.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, replace
from pathlib import Path

import av

import i18n
from attention import Examples
from i18n import words
from pipeline import outputs
from pipeline.frames import beats, captions, video
from pipeline.plan import dependencies
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import drawn, video_join
from scenes.chapters.registry import Chapter, shown_title

SLUG = "lecture"
FORMAT = "mp4"
CODE = (
    "pipeline.publish.video_join",
    "pipeline.frames.captions",
    "pipeline.frames.beats",
)  # what writes the lecture's files: part of its inputs


@dataclass(frozen=True)
class LectureFiles:
    """The full lecture's paths in one output folder."""

    video: Path
    subtitles: Path
    web_captions: Path
    beats: Path  # WebVTT chapters track: a cue per beat of every chapter, "Chapter title: beat name"

    def existing(self) -> list[Path]:
        return [p for p in (self.video, self.subtitles, self.web_captions, self.beats) if p.exists()]


def files(folder: Path) -> LectureFiles:
    """lecture.mp4, lecture.srt, lecture.vtt and lecture.beats.vtt in `folder`."""
    subtitles = Path(folder) / f"{SLUG}.srt"
    return LectureFiles(
        subtitles.with_suffix(f".{FORMAT}"),
        subtitles,
        captions.web_captions(subtitles),
        subtitles.with_name(f"{SLUG}.beats.vtt"),
    )


def update(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> list[str]:
    """Join the lecture when every chapter's MP4 is up to date and the lecture is not; return the lines to print."""
    manifest, scanner = Manifest.load(folder), Scanner()
    waiting = _waiting_for(manifest, chapters, settings, scanner)
    if not chapters or waiting:
        return _not_joined(folder, manifest, chapters, waiting)
    entries = [manifest.get(c.slug, FORMAT) for c in chapters]
    shown = titles(chapters, settings)
    inputs = _inputs(chapters, shown, entries, scanner)
    target = files(folder)
    marks = video_join.marks(target.video)
    if (
        manifest.stale_reason(SLUG, FORMAT, inputs) is None
        and marks is not None
        and len(marks) == len(chapters)
    ):
        return []
    began = time.perf_counter()
    joined = beats.shifted([list(e.beats) for e in entries], settings.fps)
    track = beats.as_vtt(joined, settings.fps, cue_texts(chapters, settings, [e.beats for e in entries]))
    try:
        marks = _write(folder, chapters, shown, target, track, language(chapters, settings))
    except (video_join.JoinError, av.FFmpegError) as err:
        return [f"ERROR {target.video.name}: {err}"]
    written = target.existing()
    manifest.record(
        Entry(
            slug=SLUG,
            format=FORMAT,
            hash=digest(inputs),
            inputs=inputs,
            files={p.name: p.stat().st_size for p in written},
            duration=float(marks[-1].end),
            frames=sum(e.frames for e in entries),
            beats=tuple(joined),
        )
    )
    return [
        f"joined {target.video} from {len(marks)} chapters ({float(marks[-1].end):.1f} s of video) "
        f"in {time.perf_counter() - began:.1f} s"
    ]


def current(
    folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings
) -> tuple[Entry, list[Entry]] | None:
    """The lecture's entry and its chapters' (in order) when the lecture is up to date, else None."""
    manifest, scanner = Manifest.load(folder), Scanner()
    if not chapters or _waiting_for(manifest, chapters, settings, scanner):
        return None
    entries = [manifest.get(c.slug, FORMAT) for c in chapters]
    if (
        manifest.stale_reason(SLUG, FORMAT, _inputs(chapters, titles(chapters, settings), entries, scanner))
        is not None
    ):
        return None
    return manifest.get(SLUG, FORMAT), entries


def _waiting_for(
    manifest: Manifest, chapters: tuple[Chapter, ...], settings: RenderSettings, scanner: Scanner
) -> dict[Chapter, str]:
    """The chapters whose MP4 is missing or out of date, each with why: the lecture is joined when there are
    none."""
    as_mp4 = replace(settings, format=FORMAT)
    reasons = {c: manifest.stale_reason(c.slug, FORMAT, scanner.inputs(c, as_mp4)) for c in chapters}
    return {c: reason for c, reason in reasons.items() if reason is not None}


def _not_joined(folder: Path, manifest: Manifest, chapters, waiting: dict[Chapter, str]) -> list[str]:
    """A line saying what waits for which chapters, when the folder holds an MP4 chapter or lecture (silent for a
    folder of GIFs, say): the lecture and what is made from it are joined only from every chapter up to date."""
    made = [
        p.name for p in (files(folder).video, folder / f"{SLUG}.pptx", folder / f"{SLUG}.pdf") if p.exists()
    ]
    if not made and not any(manifest.get(c.slug, FORMAT) for c in chapters):
        return []
    what = (
        f"{', '.join(made)} {'is' if len(made) == 1 else 'are'} out of date" if made else f"no {SLUG}.mp4 yet"
    )
    changed = [c for c, reason in waiting.items() if reason.startswith("changed")]
    absent = [c for c in waiting if c not in changed]
    said = (
        [f"{len(changed)} changed since {'it was' if len(changed) == 1 else 'they were'} rendered"]
        if changed
        else []
    )
    said += [f"{len(absent)} not rendered here"] if absent else []
    return [
        f"note: {what}: of {len(chapters)} chapters, {' and '.join(said)} ({_names([*changed, *absent])}); "
        "render without naming chapters to bring everything up to date"
    ]


def _names(chapters: list[Chapter]) -> str:
    return ", ".join(c.name for c in chapters[:3]) + (
        f" and {len(chapters) - 3} more" if len(chapters) > 3 else ""
    )


def titles(chapters: tuple[Chapter, ...], settings: RenderSettings, ex: Examples | None = None) -> list[str]:
    """Each chapter's title as its video shows it with the settings' example (`shown_title`; `ex`, when the
    caller has read it), from the catalogue where the chapter is translated (`dependencies.in_language`), else
    English: the one the lecture's marks, page, slides, handout and transcript print, so that all say what the
    video says."""
    ex = ex or drawn.examples_of(settings)
    return [_translated(c, shown_title(c, ex), dependencies.language_of(c, settings.lang)) for c in chapters]


def _translated(chapter: Chapter, shown: str, lang: str) -> str:
    with i18n.active(lang):
        return words.counted_title(chapter.title, shown)


def language(chapters: tuple[Chapter, ...], settings: RenderSettings) -> str:
    """The language of the lecture's words (titles, captions): its chapters' (`dependencies.language_of`) when
    they have one, else i18n.MIXED."""
    found = {dependencies.language_of(c, settings.lang) for c in chapters}
    return found.pop() if len(found) == 1 else i18n.MIXED


def _inputs(
    chapters: tuple[Chapter, ...], shown: list[str], entries: list[Entry], scanner: Scanner
) -> dict[str, str]:
    """What the lecture is made from: each chapter's entry, files, beats, title (as `shown`) and order, and the
    joining code.

    A beat record's size is left out: it holds render times, which change nothing joined."""
    found = {}
    for position, (chapter, title, entry) in enumerate(zip(chapters, shown, entries), start=1):
        found[f"chapter {chapter.slug}"] = f"{position} {entry.hash} {title}"
        found.update(
            {
                f"file {name}": str(size)
                for name, size in entry.files.items()
                if not name.endswith(".beats.json")
            }
        )
        found[f"beats {chapter.slug}"] = " ".join(
            f"{b.first_frame}+{b.frames}:{b.name}" for b in entry.beats or ()
        )
    code = scanner.modules(CODE, ("pipeline",))
    found.update(
        {f"module {name}": hashlib.sha256(path.read_bytes()).hexdigest() for name, path in code.items()}
    )
    return found


def cue_texts(chapters: tuple[Chapter, ...], settings: RenderSettings, beaten: list) -> list[str]:
    """The lecture's beats track's texts for the chapters' beats (`beaten`: each chapter's, anything with a
    `name`), in order: 'Chapter title: beat name' (`_cue`)."""
    if not chapters:  # nothing to name (the example file is not read)
        return []
    ex = drawn.examples_of(settings)
    english = [shown_title(c, ex) for c in chapters]  # what the chapters name their first beats
    return [
        _cue(t, b, own)
        for t, own, found in zip(titles(chapters, settings, ex), english, beaten)
        for b in found
    ]


def _cue(title: str, beat: beats.Beat, english: str = "") -> str:
    """A lecture beat's cue text: 'Chapter title: beat name' (the title alone for a beat named after it, or after
    its `english` original, as a translated chapter names its first beat)."""
    return title if beat.name in (title, english) else f"{title}: {beat.name}"


def _write(
    folder: Path,
    chapters: tuple[Chapter, ...],
    shown: list[str],
    target: LectureFiles,
    track: str,
    language: str,
) -> list[video_join.Mark]:
    """Join the chapters' videos, captions (beside the video and inside it, a track in `language`) and beats
    (`track`) into the lecture's files, renamed into place together."""
    chapter_files = [outputs.chapter_files(folder, c.slug, FORMAT) for c in chapters]
    with outputs.staged() as stage:
        stage(target.beats).write_text(track, encoding="utf-8")
        joined = stage(target.video)
        marks = video_join.join([(title, f.video) for title, f in zip(shown, chapter_files)], joined)
        subtitles = captions.shifted(
            (captions.read(f.subtitles), m.start, m.end - m.start) for f, m in zip(chapter_files, marks)
        )
        if subtitles:
            video.add_tracks(joined, FORMAT, cues=subtitles, language=language)
            stage(target.subtitles).write_text(captions.as_srt(subtitles), encoding="utf-8")
            stage(target.web_captions).write_text(captions.as_vtt(subtitles), encoding="utf-8")
    if not subtitles:  # from a version of the chapters that had captions
        target.subtitles.unlink(missing_ok=True)
        target.web_captions.unlink(missing_ok=True)
    return marks
