"""One `render` run: find what is out of date, render it in parallel, record it in the manifest."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from narration import recordings, voices
from pipeline import outputs, report
from pipeline.plan.chapters import all_chapters
from pipeline.plan.course import Course
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import FORMATS, RenderSettings
from pipeline.publish import course as course_folder
from pipeline.publish import update
from pipeline.run import beat_jobs, parallel
from pipeline.run.cluster import Cluster
from pipeline.run.jobs import Job, Outcome
from scenes.chapters.registry import Chapter

from .console import Console


@dataclass(frozen=True)
class Planned:
    """A chapter, what its video depends on now, and why it must be rendered (None: it is up to date)."""

    chapter: Chapter
    inputs: dict[str, str]
    reason: str | None


def plan(chapters: list[Chapter], settings: RenderSettings, manifest: Manifest, force: bool) -> list[Planned]:
    """Decide, for each chapter, whether its files at `settings` are up to date."""
    scanner = Scanner()
    planned = []
    for chapter in chapters:
        inputs = scanner.inputs(chapter, settings)
        reason = "forced" if force else manifest.stale_reason(chapter.slug, settings.format, inputs)
        planned.append(Planned(chapter, inputs, reason))
    return planned


def build(
    chapters: list[Chapter],
    settings: RenderSettings,
    output_dir: Path,
    *,
    jobs: int,
    force: bool,
    console: Console,
    cluster: Cluster | None = None,
    course: Course | None = None,
) -> bool:
    """Render the chapters that are out of date (with `jobs` local workers, or on `cluster`), then the
    captions, full lecture and page, and the `course`'s own folder, reporting on all; return whether
    everything succeeded."""
    began = time.perf_counter()
    outputs.remove_leftovers(output_dir)
    manifest = Manifest.load(outputs.folder(output_dir, settings))
    if manifest.damaged:
        console.line(report.damaged(manifest.path))
    if set(chapters) == set(all_chapters()):  # a full render: files under old chapter numbers go
        for old in manifest.renumbered({c.slug for c in chapters}):
            console.line(report.renumbered(old))
    planned = plan(chapters, settings, manifest, force)
    for item in planned:
        if item.reason is None:
            console.skipped(item.chapter)
        else:
            previous = manifest.get(item.chapter.slug, settings.format)
            console.queued(item.chapter, item.reason, previous.duration if previous else None)
    to_render = {p.chapter.slug: p for p in planned if p.reason is not None}
    outcomes = []
    for outcome in _rendered(to_render, settings, Path(output_dir), manifest, jobs, cluster, console):
        if outcome.error is None:
            manifest.record(_entry(to_render[outcome.chapter.slug], outcome, settings))
        console.finished(outcome)
        outcomes.append(outcome)
    published = update.after_render(output_dir, settings)  # captions, full lecture, index.html
    if course is not None:
        published += course_folder.publish(output_dir, settings, course)
    for line in published + _recordings_report(output_dir, settings):
        console.line(line)
    where = f"{settings.folder} {settings.format}"
    console.line(report.summary(outcomes, len(planned) - len(to_render), where, time.perf_counter() - began))
    failed = any(o.error is not None for o in outcomes) or any(
        line.startswith("ERROR ") for line in published
    )
    return not failed


def _recordings_report(output_dir: Path, settings: RenderSettings) -> list[str]:
    """Which lines the lecturer's recordings spoke, and which the fallback voice did (recordings voice only)."""
    if not settings.voice.startswith(voices.RECORDINGS):
        return []
    return recordings.report(outputs.speech_cache(output_dir), voices.best())


def _rendered(to_render, settings, output_dir, manifest, workers, cluster, console) -> Iterator[Outcome]:
    """Each chapter's outcome as it completes: its jobs (parts of beats where that is quicker, longest first)
    run locally or on the cluster, parts joined once all are in."""
    measured = []
    for slug, planned in to_render.items():
        previous = manifest.get(slug, settings.format)
        measured.append((Job(planned.chapter, settings, output_dir), previous.beats if previous else None))
    work = beat_jobs.numbered(beat_jobs.plan(measured, cluster.workers if cluster else workers))
    results = (
        cluster.run(work)
        if cluster
        else parallel.run(work, workers, console.progress if console.live else None)
    )
    assembly = beat_jobs.Assembly(output_dir, settings)
    try:
        for result in results:
            outcome = assembly.add(result)
            if outcome is not None:
                yield outcome
    finally:
        assembly.close()


def _entry(planned: Planned, outcome: Outcome, settings: RenderSettings) -> Entry:
    return Entry(
        slug=planned.chapter.slug,
        format=settings.format,
        hash=digest(planned.inputs),
        inputs=planned.inputs,
        files={p.name: p.stat().st_size for p in outcome.files},
        duration=outcome.duration,
        frames=outcome.frames,
    )


def rendered(
    chapters: list[Chapter], settings: RenderSettings, output_dir: Path
) -> dict[str, list[tuple[Entry, bool]]]:
    """Per chapter slug, the manifest's entries at `settings`' size and rate whose files exist, each with
    whether it is up to date (in any format, not only `settings.format`)."""
    folder = outputs.folder(output_dir, settings)
    manifest, scanner, found = Manifest.load(folder), Scanner(), {}
    for chapter in chapters:
        for video_format in FORMATS:
            entry = manifest.get(chapter.slug, video_format)
            if entry is None or not all((folder / name).is_file() for name in entry.files):
                continue
            inputs = scanner.inputs(chapter, replace(settings, format=video_format))
            current = manifest.stale_reason(chapter.slug, video_format, inputs) is None
            found.setdefault(chapter.slug, []).append((entry, current))
    return found
