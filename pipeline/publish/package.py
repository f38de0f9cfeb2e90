"""`render.py package`: what a render published, as one zip to hand on and open from disk without installing
anything. The whole lecture: its page, presenter mode, slides, handout, transcript and every file they link.
Chapters alone (for a learning platform, docs/lms.md): their videos, captions, descriptions, posters and part of
the transcript, with a page of their own that plays them, made as the lecture's page is but for them alone. A
course's own lecture (`--course`): what `render --course` published in its folder, packed as the lecture is.

Only up-to-date outputs are packed: a lecture, page or chapter that a render with the same options would make
again is refused, naming it. The files are the ones the pages link, followed from index.html through every page,
stylesheet and script (read from the files themselves, so whatever a page comes to link is packed too, and
nothing else: no manifest, caches or beat records). The zip holds them in one folder named as the zip, and is
written under a temporary name and renamed: whole or not at all.
"""

from __future__ import annotations

import html
import os
import re
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

from pipeline import outputs
from pipeline.plan import chapters
from pipeline.plan.course import Course
from pipeline.plan.dependencies import Scanner
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import lecture, transcript, web_page
from scenes.chapters.registry import Chapter

PREFIX = "attention-lecture"  # media/attention-lecture-1080p60.zip, ...-480p15-03-ScoreEveryWord.zip
START = web_page.NAME  # the page links everything else
NEEDED = (web_page.NAME, web_page.PRESENT, web_page.SPEAKER, transcript.NAME, "lecture.pptx", "lecture.pdf")
CANDIDATE = re.compile(r"""["'(]([^"'()<>\s]+)["')]""")  # a quoted or parenthesised word: maybe a link
FOLLOWED = (".html", ".css", ".js")  # files whose links are followed in turn
# text is deflated; videos, pictures and documents are already compressed and stored as they are
DEFLATED = (".html", ".css", ".js", ".vtt", ".srt")


class PackageError(ValueError):
    """Nothing up to date to pack: the lecture or chapter is not rendered in the folder, or out of date."""


def rendered_folder(output_dir: Path, settings: RenderSettings, again: str = "render it first") -> Path:
    """The folder a render at `settings` wrote into `output_dir`; refused when there is none, saying `again`."""
    folder = outputs.folder(output_dir, settings)
    if not folder.is_dir():
        raise PackageError(f"nothing is rendered in {folder}: {again}, with the same options")
    return folder


def lecture_zip(output_dir: Path, settings: RenderSettings, course: Course | None = None) -> Path:
    """The lecture rendered in `output_dir` at `settings` (or the `course` published there, from its own folder),
    packed into output_dir/attention-lecture-[<course>-]<folder>.zip."""
    base = outputs.course_root(output_dir, course.name) if course else Path(output_dir)
    redo = f"render --course {course.source}" if course else None  # what makes it up to date
    folder = rendered_folder(base, settings, redo or "render it first")
    chosen = course.chapters if course else chapters.all_chapters()
    if lecture.current(folder, chosen, settings) is None:
        raise PackageError(
            f"{folder} holds no up-to-date lecture: {redo or 'render it first'}, with the same options"
        )
    stale = [
        name
        for name, text in web_page.pages(folder, chosen, settings, course).items()
        if not _holds(folder / name, text)
    ]
    if stale:
        raise PackageError(
            f"{', '.join(stale)} in {folder}: out of date; {redo or 'render again'}, with the same options"
        )
    names = linked(folder)
    missing = [name for name in NEEDED if name not in names]
    if missing:
        raise PackageError(
            f"{', '.join(missing)} missing in {folder}: {redo or 'render again'}, with the same options"
        )
    named = f"{outputs.safe_name(course.name)}-{folder.name}" if course else folder.name
    return _zip(folder, names, Path(output_dir) / f"{PREFIX}-{named}.zip")


def chapters_zip(output_dir: Path, settings: RenderSettings, chosen: list[Chapter]) -> Path:
    """The `chosen` chapters as rendered in `output_dir` at `settings`, with a page of their own, packed into
    output_dir/attention-lecture-<folder>-<chapter>.zip (-<number>-<number>... for several)."""
    folder = rendered_folder(output_dir, settings)
    files = [path for chapter in chosen for path in _chapter_files(folder, chapter, settings)]
    named = chosen[0].slug if len(chosen) == 1 else "-".join(f"{c.number:02d}" for c in chosen)
    with outputs.work_dir(output_dir, f"package-{named}") as stage:
        for path in files:
            place(path, stage / path.name)
        for name, text in web_page.pages(stage, tuple(chosen), settings).items():
            (stage / name).unlink(missing_ok=True)  # a hard link to the rendered file: never written through
            (stage / name).write_text(text, encoding="utf-8")
        return _zip(stage, linked(stage), Path(output_dir) / f"{PREFIX}-{folder.name}-{named}.zip")


def linked(folder: Path, start: str = START) -> list[str]:
    """`start` and the files of `folder` it links, and those they link in turn (pages, stylesheets, scripts):
    their names relative to `folder`, sorted."""
    found, waiting = set(), [start]
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        found.add(name)
        if name.endswith(FOLLOWED):
            text = (folder / name).read_text(encoding="utf-8")
            waiting += [n for n in map(_local, CANDIDATE.findall(text)) if n and (folder / n).is_file()]
    return sorted(found)


def _local(reference: str) -> str | None:
    """The file a relative link names ('02-X.mp4#t=3.5' -> '02-X.mp4'); None for an address, an absolute or
    parent path, or a hidden file."""
    path = unquote(html.unescape(reference).split("#")[0].split("?")[0])
    parts = PurePosixPath(path).parts
    if not path or ":" in path or path.startswith("/") or any(p.startswith(".") for p in parts):
        return None
    return path


def _chapter_files(folder: Path, chapter: Chapter, settings: RenderSettings) -> list[Path]:
    """The chapter's MP4 and the files beside it that its page is made from (poster, captions, beats), and its
    WebM when there, which the page offers as well; refused when the MP4 is not rendered there or out of date."""
    files = outputs.chapter_files(folder, chapter.slug, lecture.FORMAT)
    inputs = Scanner().inputs(chapter, replace(settings, format=lecture.FORMAT))
    reason = Manifest.load(folder).stale_reason(chapter.slug, lecture.FORMAT, inputs)
    if reason is not None:
        raise PackageError(
            f"{files.video.name} in {folder}: {reason}; render it first, with the same options"
        )
    webm = files.video.with_suffix(".webm")
    return files.existing() + ([webm] if webm.is_file() else [])


def place(source: Path, target: Path) -> None:
    """`source` at `target` too: a hard link, or a copy where the file system has none."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _zip(folder: Path, names: list[str], target: Path) -> Path:
    """`names` (in `folder`) zipped into `target` under one folder named as the zip; whole or not at all."""
    with outputs.staged() as stage, zipfile.ZipFile(stage(target), "w") as archive:
        for name in names:
            kind = zipfile.ZIP_DEFLATED if name.endswith(DEFLATED) else zipfile.ZIP_STORED
            archive.write(folder / name, f"{target.stem}/{name}", kind)
    return target


def _holds(path: Path, text: str) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == text
