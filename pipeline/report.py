"""The lines the command line prints: the chapter listing, per-chapter progress, the summary."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from scenes.registry import Chapter

from . import outputs, video
from .quality import Preset
from .render_chapter import Outcome


def listing(chapters: Iterable[Chapter], preset: Preset, output_dir: Path) -> Iterator[str]:
    """Each chapter's number, name and title, then its duration and files at `preset` if rendered."""
    chapters = list(chapters)
    width = max((len(c.name) for c in chapters), default=0)
    for chapter in chapters:
        yield f"{chapter.number:02d}  {chapter.name:<{width}}  {chapter.title}"
        files = outputs.chapter_files(output_dir, preset, chapter.slug)
        yield f"    {_rendered(files)}" if files.video.exists() else f"    not rendered at {preset.folder}"


def _rendered(files: outputs.ChapterFiles) -> str:
    seconds = video.duration(files.video)
    length = f"{seconds:.1f} s" if seconds is not None else "unreadable"
    return f"{length}  " + "  ".join(str(p) for p in files.existing())


def starting(chapter: Chapter, preset: Preset) -> str:
    """The line printed when a chapter starts rendering."""
    return f"rendering {chapter.slug} at {preset.folder} ..."


def finished(outcome: Outcome) -> str:
    """One line: the files written and the time taken, or the error."""
    if outcome.error is not None:
        return f"ERROR {outcome.chapter.slug}: {outcome.error}"
    files = ", ".join(str(p) for p in outcome.files)
    return f"done {outcome.chapter.slug} in {outcome.seconds:.1f} s: {files}"


def summary(outcomes: list[Outcome], preset: Preset) -> str:
    """How many chapters rendered, in how long, and which failed."""
    failed = [o.chapter.slug for o in outcomes if o.error is not None]
    seconds = sum(o.seconds for o in outcomes)
    line = f"{len(outcomes) - len(failed)} of {len(outcomes)} chapters rendered at {preset.folder} in {seconds:.1f} s"
    return f"{line}; failed: {', '.join(failed)}" if failed else line
