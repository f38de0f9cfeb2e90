"""The documents made from the full lecture, for teaching with it: lecture.pptx (a slide per beat) and lecture.pdf
(the handout). Only from an MP4 lecture, and only when lecture.mp4 is up to date.

Each is written again only when what it is made from changed: the lecture's entry, the files
it reads (posters, for the handout) and the code that writes it; the manifest keeps an
entry per document in its `documents`. The handout prints light-theme frames when the
light theme's folder of the same size (e.g. 480p15-light) holds every chapter up to date
with the same beats; otherwise the render's own frames, each with a thin border.
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from attention.examples.file import example_name
from pipeline import outputs
from pipeline.frames import beats, captions
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, handout, lecture, slides, web_page
from scenes.chapters.registry import Chapter

PRINT_THEME = "light"
CODE = {
    "pptx": ("pipeline.publish.slides", "pipeline.publish.beat_text", "pipeline.frames.beats"),
    "pdf": ("pipeline.publish.handout", "pipeline.publish.beat_text", "pipeline.frames.beats"),
}


def update(output_dir: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> list[str]:
    """Write lecture.pptx and lecture.pdf in the settings' folder when they are out of date; return the line
    to print about them (none when nothing was written)."""
    folder = outputs.folder(output_dir, settings)
    found = lecture.current(folder, chapters, settings) if settings.format == lecture.FORMAT else None
    if found is None:
        return []
    lecture_entry, entries = found
    posters = _print_posters(output_dir, chapters, settings, entries)
    now = datetime.now(timezone.utc)
    makers = {
        "pptx": lambda target: _pptx(folder, chapters, entries, settings, target, now),
        "pdf": lambda target: _pdf(folder, chapters, entries, settings, posters, target, now),
    }
    manifest, scanner, written, began = Manifest.load(folder), Scanner(), [], time.perf_counter()
    for kind, make in makers.items():
        target = folder / f"{lecture.SLUG}.{kind}"
        inputs = _inputs(lecture_entry, scanner.modules(CODE[kind], ("pipeline",)))
        if kind == "pdf":
            inputs.update(
                {f"poster {p.parent.name}/{p.name}": str(p.stat().st_size) for c in posters for p in c}
            )
            inputs["title"] = _subtitle(settings)
        if manifest.document_stale_reason(target.name, inputs) is None:
            continue
        with outputs.staged() as stage:
            make(stage(target))
        manifest.record_document(
            Entry(
                lecture.SLUG, kind, digest(inputs), inputs, {target.name: target.stat().st_size}, 0.0, 0, ()
            )
        )
        written.append(str(target))
    return [f"wrote {' and '.join(written)} in {time.perf_counter() - began:.1f} s"] if written else []


def _inputs(lecture_entry: Entry, code: dict[str, Path]) -> dict[str, str]:
    found = {"lecture": lecture_entry.hash}
    found.update({f"file {name}": str(size) for name, size in lecture_entry.files.items()})
    found.update(
        {f"module {name}": hashlib.sha256(path.read_bytes()).hexdigest() for name, path in code.items()}
    )
    return found


def _pptx(folder: Path, chapters, entries: list[Entry], settings: RenderSettings, target: Path, now) -> None:
    """A slide per beat: its clip cut from the chapter's video, its poster the one the lecture page shows."""
    with tempfile.TemporaryDirectory() as work:
        deck = []
        for chapter, title, entry in zip(chapters, lecture.titles(chapters, settings), entries):
            files = outputs.chapter_files(folder, chapter.slug, lecture.FORMAT)
            said = beat_text.lines_by_beat(entry.beats, captions.read(files.subtitles))
            shown = beat_text.shown(chapter.name, [b.name for b in entry.beats], said, settings)
            for number, (beat, lines, what) in enumerate(zip(entry.beats, said, shown), start=1):
                clip = Path(work) / f"{chapter.slug}-{number}.mp4"
                beats.cut(files.video, beat.first_frame, beat.frames, clip, settings.fps)
                deck.append(
                    slides.BeatSlide(
                        title,
                        clip,
                        files.beat_poster(number),
                        "\n".join(lines),
                        beat_text.description(beat.name, what),
                    )
                )
        slides.write(deck, target, settings.width / settings.height, web_page.title_of(settings), now)


def _pdf(folder: Path, chapters, entries, settings: RenderSettings, posters, target: Path, now) -> None:
    parts = []
    shown = lecture.titles(chapters, settings)
    for chapter, title, entry, chapter_posters in zip(chapters, shown, entries, posters):
        cues = captions.read(outputs.chapter_files(folder, chapter.slug, lecture.FORMAT).subtitles)
        said = beat_text.lines_by_beat(entry.beats, cues)
        shown = beat_text.shown(chapter.name, [b.name for b in entry.beats], said, settings)
        parts.append(
            handout.HandoutChapter(
                title,
                [
                    handout.HandoutBeat(beat.name, poster, lines, beat_text.description(beat.name, what))
                    for beat, poster, lines, what in zip(entry.beats, chapter_posters, said, shown)
                ],
            )
        )
    aspect = settings.width / settings.height
    handout.write(web_page.TITLE, _subtitle(settings), parts, target, aspect, now)


def _subtitle(settings: RenderSettings) -> str:
    """The handout's line under the title: the example's name for a custom example."""
    return f"Handout, with the example {example_name(settings.example)}" if settings.example else "Handout"


def _print_posters(
    output_dir: Path, chapters, settings: RenderSettings, entries: list[Entry]
) -> list[list[Path]]:
    """Per chapter, its beats' posters for print: the light theme's when all are up to date, else these."""
    own = [
        outputs.chapter_files(outputs.folder(output_dir, settings), c.slug, lecture.FORMAT) for c in chapters
    ]
    light = replace(settings, theme=PRINT_THEME)
    light_folder = outputs.folder(output_dir, light)
    if settings.theme != PRINT_THEME and _current(light_folder, chapters, light, entries):
        own = [outputs.chapter_files(light_folder, c.slug, lecture.FORMAT) for c in chapters]
    return [[files.beat_poster(k) for k in range(1, len(e.beats) + 1)] for files, e in zip(own, entries)]


def _current(folder: Path, chapters, settings: RenderSettings, entries: list[Entry]) -> bool:
    """Whether every chapter is up to date in `folder`'s MP4 entries with the same beats as `entries`."""
    manifest, scanner = Manifest.load(folder), Scanner()
    for chapter, entry in zip(chapters, entries):
        if manifest.stale_reason(chapter.slug, lecture.FORMAT, scanner.inputs(chapter, settings)) is not None:
            return False
        theirs = manifest.get(chapter.slug, lecture.FORMAT).beats
        if [(b.name, b.frames) for b in theirs] != [(b.name, b.frames) for b in entry.beats]:
            return False
    return True
