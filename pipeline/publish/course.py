"""A course's own lecture (`render.py render --course FILE`): its chapters, rendered as usual into the render's
folder, published again in the course's folder, OUTPUT/courses/<file name>/<quality>/: hard links to the chapters'
files (nothing is rendered or copied twice), lecture.mp4 joined in the course's order, and the page, presenter
mode, slides, handout and transcript with the course's title, names, date and notes; and the chapters' WebMs,
where the render made them, with lecture.webm joined from them in the same order (`webm`).

The course's folder keeps a manifest as a render's folder does: its chapters' entries (copied, so the lecture is
joined again only when a chapter, its title or the order changed), its documents (made again when the lecture or
the course's text changed) and its pages.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from pipeline import outputs
from pipeline.frames import beats, captions
from pipeline.plan.course import Course
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, handout, lecture, slides, update, web_page, webm
from pipeline.publish.package import place
from scenes.chapters.registry import Chapter

COURSES_FOLDER = "courses"  # OUTPUT/courses/<name>/: a course's outputs, laid out as OUTPUT's
CODE = (
    "pipeline.publish.course",
    "pipeline.publish.slides",
    "pipeline.publish.handout",
    "pipeline.publish.beat_text",
)
NOTE = "Note: "  # before the lecturer's note in the slides' notes and the handout


def root(output_dir: Path, course: Course) -> Path:
    """The course's folder: OUTPUT/courses/<its file's name>/, its quality folders inside."""
    return Path(output_dir) / COURSES_FOLDER / outputs.safe_name(course.name)


def publish(output_dir: Path, settings: RenderSettings, course: Course) -> list[str]:
    """Bring the course's folder up to date from the chapters rendered in `output_dir`; return the lines to print."""
    source, target = outputs.folder(output_dir, settings), outputs.folder(root(output_dir, course), settings)
    waiting = _waiting(source, course.chapters, settings)
    if waiting:
        names = ", ".join(c.name for c in waiting)
        return [
            f"note: the course {course.title!r} waits for {names}: not rendered in {source} or out of date"
        ]
    target.mkdir(parents=True, exist_ok=True)
    entries = _linked(source, target, course.chapters)
    lines = lecture.update(target, course.chapters, settings)
    if os.environ.get(update.WEBMS, "").lower() != "no":  # as a render does
        lines += webm.update(target, course.chapters, settings)
    lines += _documents(target, settings, course)
    _write_pages(target, course, settings)
    count = len(course.chapters)
    lines.append(f"published the course {course.title!r} ({count} chapter{'s' * (count != 1)}) in {target}")
    return lines + _unmatched(course, entries)


def _waiting(source: Path, chosen: tuple[Chapter, ...], settings: RenderSettings) -> list[Chapter]:
    """The chapters whose MP4 in `source` is missing or out of date."""
    manifest, scanner, mp4 = Manifest.load(source), Scanner(), replace(settings, format=lecture.FORMAT)
    return [c for c in chosen if manifest.stale_reason(c.slug, lecture.FORMAT, scanner.inputs(c, mp4))]


def _linked(source: Path, target: Path, chosen: tuple[Chapter, ...]) -> list[Entry]:
    """Hard-link each chapter's files from `source` into `target` (its MP4's, and its WebM's where there is a
    whole one) and copy their entries into `target`'s manifest, dropping chapters no longer in the course; return
    the chapters' MP4 entries, in order."""
    theirs, ours = Manifest.load(source), Manifest.load(target)
    entries = [theirs.get(c.slug, lecture.FORMAT) for c in chosen]
    webms = [theirs.get(c.slug, webm.FORMAT) for c in chosen]
    whole = [e for e in webms if e and all((source / name).is_file() for name in e.files)]
    for entry in entries + whole:
        for name in entry.files:
            if not (target / name).exists() or not (target / name).samefile(source / name):
                (target / name).unlink(missing_ok=True)
                place(source / name, target / name)
        before = ours.get(entry.slug, entry.format)
        for name in set(before.files) - set(entry.files) if before else ():  # e.g. a beat since removed
            (target / name).unlink(missing_ok=True)
        if before != entry:
            ours.record(entry)
    kept = {e.slug for e in entries} | {lecture.SLUG}
    for gone in [e for e in ours.entries.values() if e.slug not in kept]:
        ours.drop(gone.slug, gone.format)
    return entries


@dataclass(frozen=True)
class Said:
    """One beat of the course, as the slides and the handout print it."""

    title: str  # its chapter's, as the video shows it
    chapter: Chapter
    number: int  # the beat's, in its chapter, from 1
    beat: beats.Beat
    lines: list[str]  # the narration's captions starting in it
    description: str  # its poster's text alternative
    note: str  # the lecturer's, or ''


def _said(folder: Path, course: Course, entries: list[Entry], settings: RenderSettings) -> Iterator[Said]:
    """Every beat of the course, in order."""
    for chapter, title, entry in zip(course.chapters, lecture.titles(course.chapters, settings), entries):
        cues = captions.read(outputs.chapter_files(folder, chapter.slug, lecture.FORMAT).subtitles)
        said = beat_text.lines_by_beat(entry.beats, cues)
        shown = beat_text.shown(chapter.name, [b.name for b in entry.beats], said, settings)
        for number, (beat, lines, what) in enumerate(zip(entry.beats, said, shown), start=1):
            description = beat_text.description(beat.name, what)
            yield Said(title, chapter, number, beat, lines, description, course.note(chapter.slug, beat.name))


def _documents(folder: Path, settings: RenderSettings, course: Course) -> list[str]:
    """lecture.pptx and lecture.pdf for the course, when the lecture is joined and either is out of date."""
    found = lecture.current(folder, course.chapters, settings)
    if found is None:
        return []
    lecture_entry, entries = found
    code = Scanner().modules(CODE, ("pipeline",))
    inputs = {"lecture": lecture_entry.hash, "course": course.fingerprint()}
    inputs |= {f"module {name}": hashlib.sha256(path.read_bytes()).hexdigest() for name, path in code.items()}
    manifest, now, written = Manifest.load(folder), datetime.now(timezone.utc), []
    for kind, make in (("pptx", _pptx), ("pdf", _pdf)):
        target = folder / f"{lecture.SLUG}.{kind}"
        if manifest.document_stale_reason(target.name, inputs) is None:
            continue
        with outputs.staged() as stage:
            make(list(_said(folder, course, entries, settings)), course, settings, stage(target), now)
        size = {target.name: target.stat().st_size}
        manifest.record_document(Entry(lecture.SLUG, kind, digest(inputs), inputs, size, 0.0, 0, ()))
        written.append(str(target))
    return [f"wrote {' and '.join(written)}"] if written else []


def _pptx(said: list[Said], course: Course, settings: RenderSettings, target: Path, now: datetime) -> None:
    """A title slide, then a slide per beat: its clip, its poster, the note and the narration as notes."""
    with tempfile.TemporaryDirectory() as work:
        deck = []
        for one in said:
            files = outputs.chapter_files(target.parent, one.chapter.slug, lecture.FORMAT)
            clip = Path(work) / f"{one.chapter.slug}-{one.number}.mp4"
            beats.cut(files.video, one.beat.first_frame, one.beat.frames, clip, settings.fps)
            notes = "\n".join(([NOTE + one.note, ""] if one.note else []) + one.lines)
            deck.append(
                slides.BeatSlide(one.title, clip, files.beat_poster(one.number), notes, one.description)
            )
        cover = slides.Cover(course.title, course.byline, course.lecturer)
        slides.write(deck, target, settings.width / settings.height, course.title, now, cover)


def _pdf(said: list[Said], course: Course, settings: RenderSettings, target: Path, now: datetime) -> None:
    """The handout: the course's title and names on its title page, each beat's note after its narration."""
    parts: list[handout.HandoutChapter] = []
    for one in said:
        if one.number == 1:
            parts.append(handout.HandoutChapter(one.title, []))
        poster = outputs.chapter_files(target.parent, one.chapter.slug, lecture.FORMAT).beat_poster(
            one.number
        )
        lines = one.lines + ([NOTE + one.note] if one.note else [])
        parts[-1].beats.append(handout.HandoutBeat(one.beat.name, poster, lines, one.description))
    subtitle = " · ".join(text for text in ("Handout", course.byline) if text)
    handout.write(course.title, subtitle, parts, target, settings.width / settings.height, now)


def _write_pages(folder: Path, course: Course, settings: RenderSettings) -> None:
    """The course's page, presenter mode, speaker view and transcript; those no longer made removed."""
    pages = web_page.pages(folder, course.chapters, settings, course)
    for name, text in pages.items():
        path = folder / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            with outputs.staged() as stage:
                stage(path).write_text(text, encoding="utf-8")
    manifest = Manifest.load(folder)
    for gone in set(manifest.pages) - set(pages):
        (folder / gone).unlink(missing_ok=True)
    manifest.record_pages({name: (folder / name).stat().st_size for name in pages})


def _unmatched(course: Course, entries: list[Entry]) -> list[str]:
    """A line per note whose beat the rendered chapter does not have (beats named only at render time)."""
    found = []
    for entry in entries:
        names = [b.name for b in entry.beats]
        for beat in course.notes.get(entry.slug, {}):
            if beat not in names:
                chapter = entry.slug.partition("-")[2]
                found.append(f"note: {course.source}: notes.{chapter}: no beat {beat!r}; its beats: {names}")
    return found
