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
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import i18n
from i18n import _
from pipeline import outputs
from pipeline.plan.course import Course
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import documents, lecture, slides, update, web_page, webm
from pipeline.publish.package import place
from scenes.chapters.registry import Chapter

CODE = (
    "pipeline.publish.course",
    "pipeline.publish.slides",
    "pipeline.publish.handout",
    "pipeline.publish.beat_text",
)


def publish(output_dir: Path, settings: RenderSettings, course: Course) -> list[str]:
    """Bring the course's folder up to date from the chapters rendered in `output_dir`; return the lines to print."""
    source, target = (
        outputs.folder(output_dir, settings),
        outputs.folder(outputs.course_root(output_dir, course.name), settings),
    )
    waiting = _waiting(source, course.chapters, settings)
    if waiting:
        names = ", ".join(c.name for c in waiting)
        return [
            f"note: the course {course.title!r} waits for {names}: not rendered in {source} or out of date"
        ]
    target.mkdir(parents=True, exist_ok=True)
    entries = _linked(source, target, course.chapters)
    lines = lecture.update(target, course.chapters, settings)
    if update.webms_wanted():  # as a render does
        lines += webm.update(target, course.chapters, settings)
    lines += _documents(output_dir, target, settings, course)
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


def _documents(output_dir: Path, folder: Path, settings: RenderSettings, course: Course) -> list[str]:
    """lecture.pptx and lecture.pdf for the course in its `folder`, when the lecture is joined and either is out
    of date; the handout's pictures as the lecture's handout prints them (`documents.print_posters`)."""
    found = lecture.current(folder, course.chapters, settings)
    if found is None:
        return []
    lecture_entry, entries = found
    printed = [
        p
        for posters in documents.print_posters(output_dir, course.chapters, settings, entries)
        for p in posters
    ]
    code = Scanner().modules(CODE, ("pipeline",))
    inputs = {"lecture": lecture_entry.hash, "course": course.fingerprint()}
    inputs |= documents.language_inputs(settings)
    inputs |= {f"module {name}": hashlib.sha256(path.read_bytes()).hexdigest() for name, path in code.items()}
    manifest, now, written = Manifest.load(folder), datetime.now(timezone.utc), []
    for kind, make in _makers(folder, settings, course, now, printed).items():
        target = folder / f"{lecture.SLUG}.{kind}"
        kept = inputs | (documents.poster_inputs(printed) if kind == "pdf" else {})
        if manifest.document_stale_reason(target.name, kept) is None:
            continue
        with outputs.staged() as stage:
            make(
                list(documents.said_by_beat(folder, course.chapters, entries, settings, course.note)),
                stage(target),
            )
        size = {target.name: target.stat().st_size}
        manifest.record_document(Entry(lecture.SLUG, kind, digest(kept), kept, size, 0.0, 0, ()))
        written.append(str(target))
    return [f"wrote {' and '.join(written)}"] if written else []


def _makers(
    folder: Path, settings: RenderSettings, course: Course, now: datetime, printed: list[Path]
) -> dict:
    """lecture.pptx and lecture.pdf from the course's beats: its title slide and title page, the pictures
    `printed` (one per beat) in the handout."""
    with i18n.active(settings.lang):
        subtitle = " · ".join(text for text in (_("Handout"), course.byline) if text)
    cover = slides.Cover(course.title, course.byline, course.lecturer)
    return {
        "pptx": lambda said, target: documents.write_pptx(
            said, folder, settings, target, course.title, now, cover
        ),
        "pdf": lambda said, target: documents.write_pdf(
            said,
            printed,
            settings,
            target,
            course.title,
            subtitle,
            now,
            course.lecturer,
        ),
    }


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
