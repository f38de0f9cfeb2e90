"""The lines the command line prints: the chapter listing, per-chapter progress, the summary."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from attention.examples import Examples
from pipeline.plan.course import Course
from pipeline.plan.manifest import Entry
from pipeline.run.jobs import Outcome
from scenes.chapters.registry import Chapter, shown_title

BAR_WIDTH = 20
BEAT_POSTER = re.compile(r"\.beat-\d+\.png$")  # 02-ThreeTokenDrag.beat-01.png: listed as a count


def listing(
    chapters: Iterable[Chapter],
    folder: Path,
    rendered: dict[str, list[tuple[Entry, bool]]],
    ex: Examples,
) -> Iterator[str]:
    """Each chapter's number, name and title, then per format rendered: duration, files, and whether out of date.

    `rendered` maps a chapter slug to its (manifest entry, up to date) pairs; titles are as the videos of the
    examples `ex` show them.
    """
    chapters = list(chapters)
    width = max((len(c.name) for c in chapters), default=0)
    for chapter in chapters:
        yield f"{chapter.number:02d}  {chapter.name:<{width}}  {shown_title(chapter, ex)}"
        entries = rendered.get(chapter.slug, [])
        for entry, current in entries:
            posters = [name for name in entry.files if BEAT_POSTER.search(name)]
            shown = [str(folder / name) for name in entry.files if name not in posters]
            files = "  ".join(shown + ([f"(+ {len(posters)} beat posters)"] if posters else []))
            yield f"    {entry.duration:.1f} s  {files}" + ("" if current else "  (out of date)")
        if not entries:
            yield f"    not rendered at {folder.name}"


def course_state(course: Course, folder: Path, current: bool) -> str:
    """Whether the course's own lecture is published in its `folder` and up to date, and how to make it so."""
    if current:
        return f"course {course.title!r}: published in {folder}"
    return (
        f"course {course.title!r}: not published in {folder} or out of date: render --course {course.source}"
    )


def skipped(chapter: Chapter) -> str:
    """A chapter whose files are up to date."""
    return f"skipped {chapter.slug} (up to date)"


def queued(chapter: Chapter, reason: str) -> str:
    """A chapter waiting for a worker, and why it is rendered."""
    return f"queued {chapter.slug} ({reason})"


def started(slug: str) -> str:
    """A worker has begun a chapter."""
    return f"rendering {slug}"


def finished(outcome: Outcome) -> list[str]:
    """The files written and the time taken; or the error, then its details indented."""
    if outcome.error is not None:
        return [
            f"ERROR {outcome.chapter.slug}: {outcome.error}",
            *(f"    {line}" for line in outcome.details),
        ]
    return [f"done {outcome.chapter.slug} in {outcome.seconds:.1f} s: {written(outcome.files)}"]


def written(files: Iterable[Path]) -> str:
    """'11 files in media/480p15': how many files, per folder (a chapter's are all in one)."""
    folders = Counter(path.parent for path in files)
    return ", ".join(f"{n} file{'s' * (n != 1)} in {folder}" for folder, n in folders.items()) or "no files"


def damaged(manifest_path: Path) -> str:
    """A manifest that could not be read."""
    return f"note: {manifest_path} was unreadable; its chapters are rendered again"


def renumbered(slug: str) -> str:
    """A chapter's files under the number it had before the chapters were renumbered."""
    return f"removed {slug}'s files: that chapter has another number now"


def summary(outcomes: list[Outcome], skipped_count: int, where: str, seconds: float) -> str:
    """How many chapters were rendered, skipped and failed, where, in how long (wall time)."""
    failed = [o.chapter.slug for o in outcomes if o.error is not None]
    line = (
        f"{len(outcomes) - len(failed)} rendered, {skipped_count} up to date, {len(failed)} failed "
        f"({where}) in {seconds:.1f} s"
    )
    return f"{line}; failed: {', '.join(failed)}" if failed else line


def status(active: dict[str, tuple[float, float | None]]) -> str:
    """The live line on a terminal: each rendering chapter with a bar (when its length is known) or seconds done.

    `active` maps a slug to (seconds rendered, expected seconds or None).
    """
    return " | ".join(f"{slug} {_progress(done, expected)}" for slug, (done, expected) in active.items())


def _progress(done: float, expected: float | None) -> str:
    if not expected:
        return f"{done:.1f} s"
    fraction = min(done / expected, 1.0)
    filled = round(fraction * BAR_WIDTH)
    return f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {fraction:4.0%}"
