"""The documents made from the full lecture, for teaching with it: lecture.pptx (a slide per beat) and lecture.pdf
(the handout). Only from an MP4 lecture, and only when lecture.mp4 is up to date. A course's (`course`) are
made by the same helpers (`said_by_beat`, `write_pptx`, `write_pdf`), with its title, names and notes.

Each is written again only when what it is made from changed: the lecture's entry, the files
it reads (posters, for the handout) and the code that writes it; the manifest keeps an
entry per document in its `documents`. The handout prints light-theme frames when the
light theme's folder of the same size (e.g. 480p15-light) holds every chapter up to date
with the same beats; else light print stills when `render.py handout` drew them (`print_stills`)
and they are up to date; otherwise the render's own frames, each with a thin border. Both are written in the
render's language (`settings.lang`): their own words and tags; the chapters' (titles, captions, beat names, the
pictures' descriptions) in English where they are not translated (`dependencies.language_of`), and marked so.
"""

from __future__ import annotations

import hashlib
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

import i18n
from attention.examples.file import example_name
from i18n import _
from pipeline import outputs
from pipeline.frames import beats, captions
from pipeline.plan import dependencies
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, handout, lecture, print_stills, slides, web_page
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
    with i18n.active(settings.lang):
        return _update(output_dir, folder, chapters, settings, found)


def _update(output_dir: Path, folder: Path, chapters, settings: RenderSettings, found) -> list[str]:
    lecture_entry, entries = found
    posters = print_posters(output_dir, chapters, settings, entries)
    now = datetime.now(timezone.utc)
    printed = [poster for chapter_posters in posters for poster in chapter_posters]
    makers = {
        "pptx": lambda target: write_pptx(
            list(said_by_beat(folder, chapters, entries, settings)),
            folder,
            settings,
            target,
            web_page.title_of(settings),
            now,
        ),
        "pdf": lambda target: write_pdf(
            list(said_by_beat(folder, chapters, entries, settings)),
            printed,
            settings,
            target,
            _("Attention, explained"),
            _subtitle(settings),
            now,
        ),
    }
    manifest, scanner, written, began = Manifest.load(folder), Scanner(), [], time.perf_counter()
    for kind, make in makers.items():
        target = folder / f"{lecture.SLUG}.{kind}"
        code = scanner.modules(CODE[kind], ("pipeline",))
        inputs = _inputs(lecture_entry, code) | language_inputs(settings)
        if kind == "pdf":
            inputs.update(poster_inputs(printed))
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


def language_inputs(settings: RenderSettings) -> dict[str, str]:
    """The documents' language and its catalogue as inputs of theirs: a translation edited writes them again."""
    found = {"language": settings.lang}
    if settings.lang != i18n.SOURCE:
        found["catalogue"] = hashlib.sha256(i18n.po_file(settings.lang).read_bytes()).hexdigest()
    return found


def _inputs(lecture_entry: Entry, code: dict[str, Path]) -> dict[str, str]:
    found = {"lecture": lecture_entry.hash}
    found.update({f"file {name}": str(size) for name, size in lecture_entry.files.items()})
    found.update(
        {f"module {name}": hashlib.sha256(path.read_bytes()).hexdigest() for name, path in code.items()}
    )
    return found


@dataclass(frozen=True)
class Said:
    """One beat as the slides and the handout print it."""

    title: str  # its chapter's, as the video shows it
    language: str  # its chapter's words' (title, lines, the beat's name and description: `dependencies.language_of`)
    chapter: Chapter
    number: int  # the beat's, in its chapter, from 1
    beat: beats.Beat
    lines: list[str]  # the narration's captions starting in it
    description: str  # its poster's text alternative
    note: str = ""  # a course's note for it, or ''
    name: str = ""  # the beat's name as shown (`beat_text.names`)


def said_by_beat(
    folder: Path,
    chapters: tuple[Chapter, ...],
    entries: list[Entry],
    settings: RenderSettings,
    note: Callable[[str, str], str] | None = None,
) -> Iterator[Said]:
    """Every beat of `chapters` rendered in `folder` (their MP4 `entries`), in order; `note(slug, beat name)`
    gives a course's note for it."""
    for chapter, title, entry in zip(chapters, lecture.titles(chapters, settings), entries):
        files = outputs.chapter_files(folder, chapter.slug, lecture.FORMAT)
        lines = beat_text.lines_by_beat(entry.beats, captions.read(files.subtitles))
        layout = outputs.layout_facts(files.layout)
        language, named = dependencies.language_of(chapter, settings.lang), [b.name for b in entry.beats]
        shown = beat_text.shown(chapter.name, named, lines, settings, layout, language)
        labels = beat_text.names(chapter, named, settings, language)
        for number, (beat, spoken, what, label) in enumerate(zip(entry.beats, lines, shown, labels), start=1):
            with i18n.active(language):
                description = beat_text.description(label, what)
            noted = note(chapter.slug, beat.name) if note else ""
            yield Said(title, language, chapter, number, beat, spoken, description, noted, label)


def write_pptx(
    said: list[Said],
    folder: Path,
    settings: RenderSettings,
    target: Path,
    title: str,
    now: datetime,
    cover: slides.Cover | None = None,
) -> None:
    """A slide per beat: its clip cut from the chapter's video in `folder`, its poster the one the page shows,
    a course's note then the narration as its notes; a course's `cover` first. In the settings' language."""
    with tempfile.TemporaryDirectory() as work, i18n.active(settings.lang):
        deck = []
        for one in said:
            files = outputs.chapter_files(folder, one.chapter.slug, lecture.FORMAT)
            clip = Path(work) / f"{one.chapter.slug}-{one.number}.mp4"
            beats.cut(files.video, one.beat.first_frame, one.beat.frames, clip, settings.fps)
            poster = files.beat_poster(one.number)
            slide = slides.BeatSlide(
                one.title, one.language, clip, poster, one.lines, one.description, one.note
            )
            deck.append(slide)
        slides.write(deck, target, settings.width / settings.height, title, now, cover)


def write_pdf(
    said: list[Said],
    posters: list[Path],
    settings: RenderSettings,
    target: Path,
    title: str,
    subtitle: str,
    now: datetime,
    author: str = "",
) -> None:
    """The handout: a part per chapter, each beat with its poster (`posters`, one per beat), its narration and
    a course's note after it. In the settings' language."""
    parts: list[handout.HandoutChapter] = []
    for one, poster in zip(said, posters, strict=True):
        if one.number == 1:
            parts.append(handout.HandoutChapter(one.title, [], one.language))
        parts[-1].beats.append(handout.HandoutBeat(one.name, poster, one.lines, one.description, one.note))
    with i18n.active(settings.lang):
        handout.write(title, subtitle, parts, target, settings.width / settings.height, now, author)


def _subtitle(settings: RenderSettings) -> str:
    """The handout's line under the title: the example's name for a custom example."""
    if settings.example:
        return _("Handout, with the example %(name)s", name=example_name(settings.example))
    return _("Handout")


def print_posters(
    output_dir: Path, chapters, settings: RenderSettings, entries: list[Entry]
) -> list[list[Path]]:
    """Per chapter, its beats' pictures for print: the print theme's render when every chapter's is up to date,
    else its print stills when every chapter's are (`render.py handout`), else the render's own posters."""
    folder, light = outputs.folder(output_dir, settings), replace(settings, theme=PRINT_THEME)
    light_folder = outputs.folder(output_dir, light)
    own = [outputs.chapter_files(folder, c.slug, lecture.FORMAT) for c in chapters]
    if settings.theme != PRINT_THEME and _current(light_folder, chapters, light, entries):
        own = [outputs.chapter_files(light_folder, c.slug, lecture.FORMAT) for c in chapters]
    elif settings.theme != PRINT_THEME and all(
        print_stills.current(folder, c, light, e) for c, e in zip(chapters, entries)
    ):
        return [print_stills.stills(folder, c, e) for c, e in zip(chapters, entries)]
    return [[files.beat_poster(k) for k in range(1, len(e.beats) + 1)] for files, e in zip(own, entries)]


def poster_inputs(printed: list[Path]) -> dict[str, str]:
    """The handout's pictures as inputs of the PDF: which folder each is from, and its size."""
    return {f"poster {p.parent.name}/{p.name}": str(p.stat().st_size) for p in printed}


def in_print_theme(output_dir: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> list[str]:
    """`render.py handout`: the handout printed in the print theme, from print stills where no render in that
    theme is up to date; the lines to print. Refused (ValueError) without an up-to-date lecture."""
    folder, light = outputs.folder(output_dir, settings), replace(settings, theme=PRINT_THEME)
    found = lecture.current(folder, chapters, settings)
    if found is None:
        raise ValueError(f"{folder} holds no up-to-date lecture: render it first, with the same options")
    drawn = []
    if settings.theme != PRINT_THEME and not _current(
        outputs.folder(output_dir, light), chapters, light, found[1]
    ):
        drawn = print_stills.update(output_dir, chapters, settings, light, found[1])
    return drawn + update(output_dir, chapters, settings)


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
