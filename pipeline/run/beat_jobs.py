"""Beat jobs: chapters split into parts of consecutive beats where that shortens the render, the parts joined.

A part renders only its own beats (scene_render's Window: earlier plays skipped, later ones
never run), each play into its own segment from a keyframe, so its video is exactly the
segments a whole render writes for those plays; the parts' videos joined by stream copy are
the chapter's video frame for frame. How finely to split comes from the beats' render times
measured last time (the manifest) and the number of workers: a chapter is split only when
that lowers the predicted wall time, counting what a part pays to skip the beats before its
own; with nothing measured, chapters are whole jobs. Jobs run longest first.
"""

from __future__ import annotations

import itertools
import os
import shutil
import time
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import av

from pipeline import outputs
from pipeline.frames import beats, captions, video
from pipeline.frames.video import CONTAINERS, OPTIONS
from pipeline.plan.dependencies import language_of
from pipeline.run.jobs import Job, Outcome, Part

JOINABLE = ("mp4", "mov")  # formats whose chapters may be split (a gif or webm renders whole)
# measured at -q l (skipping.cheaper, Tex cache warm): skipping costs 0.14 (ThreeTokenDrag) and 0.29 (CausalMask)
# of rendering the beats skipped, a chapter's first beat (which builds its mobjects) up to 0.45: the upper end
SKIP_COST = 0.3
JOB_COST = 0.3  # measured: seconds a job costs beyond its beats (scene set-up, joining its part)
MAX_PARTS = 16  # parts of one chapter at most


@dataclass(frozen=True)
class Costed:
    """A job and its predicted wall time (None: never measured, so run first)."""

    job: Job
    cost: float | None


def plan(chapters: list[tuple[Job, tuple[beats.Beat, ...] | None]], workers: int) -> list[Job]:
    """The jobs for these chapter jobs (each with the beats measured last time, or None), longest first: a
    chapter is split into parts while splitting the longest job lowers the predicted wall time."""
    costed = [
        Costed(job, _cost(measured, 0, len(measured)) if measured else None) for job, measured in chapters
    ]
    measured = {job.chapter.slug: m for job, m in chapters}
    while True:
        better = _best_split(costed, measured, workers)
        if better is None:
            break
        costed = better
    return [c.job for c in sorted(costed, key=lambda c: (c.cost is not None, -(c.cost or 0)))]


def predicted(costs: list[float], workers: int) -> float:
    """The wall time of jobs of these costs run longest first on `workers` (each starts on the first free one)."""
    free = [0.0] * workers
    for cost in sorted(costs, reverse=True):
        free[free.index(min(free))] += cost
    return max(free, default=0.0)


def part_cost(seconds: list[float], first: int, stop: int) -> float:
    """A part of beats first .. stop - 1, given every beat's render time: its own, the skipping before it, and
    a job's overhead."""
    return sum(seconds[first:stop]) + SKIP_COST * sum(seconds[:first]) + JOB_COST


def _cost(measured, first: int, stop: int) -> float:
    return part_cost([b.seconds for b in measured], first, stop)


def _best_split(costed: list[Costed], measured: dict, workers: int) -> list[Costed] | None:
    """The jobs with the longest splittable one cut in two where that predicts the shortest wall time, if
    that is shorter than now."""
    known = [c for c in costed if c.cost is not None]
    if len(known) < len(costed) or not known:
        return None  # something was never measured: its length is unknown, so nothing is split
    now = predicted([c.cost for c in known], workers)
    longest = max(known, key=lambda c: c.cost)
    parts = sum(c.job.chapter.slug == longest.job.chapter.slug for c in costed)
    options = list(_halves(longest, measured)) if parts < MAX_PARTS else []
    if not options:
        return None
    rest = [c for c in costed if c is not longest]
    best = min(options, key=lambda pair: predicted([c.cost for c in rest + list(pair)], workers))
    if predicted([c.cost for c in rest + list(best)], workers) >= now - 1e-9:
        return None
    return rest + list(best)


def _halves(costed: Costed, measured: dict) -> Iterator[tuple[Costed, Costed]]:
    """Every way to cut a job of two or more beats in two at a beat boundary."""
    job, found = costed.job, measured[costed.job.chapter.slug]
    if job.settings.format not in JOINABLE:
        return
    first = job.part.first_beat if job.part else 0
    stop = first + (job.part.beats if job.part else len(found))
    for cut in range(first + 1, stop):
        yield tuple(
            Costed(_with_part(job, found, a, b), _cost(found, a, b)) for a, b in ((first, cut), (cut, stop))
        )


def _with_part(job: Job, found, first: int, stop: int) -> Job:
    """`job` limited to beats first .. stop - 1 (numbered once the plan is made)."""
    end = found[stop].first_animation if stop < len(found) else None
    part = Part(0, 0, first, stop - first, found[first].first_animation, end, os.getpid())
    return replace(job, part=part)


def numbered(jobs: list[Job]) -> list[Job]:
    """The jobs with each chapter's parts numbered in beat order, and a chapter of one part made whole."""
    parts: dict[str, list[Job]] = {}
    for job in jobs:
        if job.part is not None:
            parts.setdefault(job.chapter.slug, []).append(job)
    renamed = {}
    for group in parts.values():
        ordered = sorted(group, key=lambda j: j.part.first_beat)
        for index, job in enumerate(ordered, start=1):
            part = replace(job.part, index=index, count=len(ordered))
            renamed[id(job)] = replace(job, part=part) if len(ordered) > 1 else replace(job, part=None)
    return [renamed.get(id(job), job) for job in jobs]


class Assembly:
    """Collects the parts' outcomes; once all of a chapter's parts are in, joins them into its files."""

    def __init__(self, output_dir: Path, settings):
        self._output_dir, self._settings = Path(output_dir), settings
        self._waiting: dict[str, dict[int, Outcome]] = {}
        self._began: dict[str, float] = {}  # per chapter, when its first part began (time.monotonic)
        self._failed: set[str] = set()

    def add(self, outcome: Outcome) -> Outcome | None:
        """The chapter's outcome once it is known (its parts joined, or the first part's error), else None."""
        part, slug = outcome.part, outcome.chapter.slug
        if part is None:
            return outcome
        if slug in self._failed:
            return None
        if outcome.error is not None:
            self._failed.add(slug)
            self._began.pop(slug, None)
            self._discard(outcome, part)
            return replace(outcome, error=f"{part.label}: {outcome.error}", part=None)
        got = self._waiting.setdefault(slug, {})
        got[part.index] = outcome
        began = time.monotonic() - outcome.seconds  # when the part began, on this process's clock
        self._began[slug] = min(self._began.get(slug, began), began)
        if len(got) < part.count:
            return None
        del self._waiting[slug]
        try:
            return self._joined(outcome, [got[i] for i in range(1, part.count + 1)], self._began.pop(slug))
        finally:
            self._discard(outcome, part)

    def close(self) -> None:
        """Remove the parts folders of chapters never completed (an interrupted run)."""
        work = self._output_dir / outputs.WORK_FOLDER
        for folder in work.glob(f"*-parts-{os.getpid()}"):
            shutil.rmtree(folder, ignore_errors=True)
        with suppress(OSError):
            work.rmdir()

    def _discard(self, outcome: Outcome, part: Part) -> None:
        folder = part.folder(self._output_dir, outcome.chapter.slug)
        shutil.rmtree(folder, ignore_errors=True)
        with suppress(OSError):
            folder.parent.rmdir()  # .work, when nothing else is rendering

    def _joined(self, last: Outcome, parts: list[Outcome], began: float) -> Outcome:
        from pipeline.frames import scene_render  # imports no manim: only the publishing

        settings, slug = self._settings, last.chapter.slug
        folder = last.part.folder(self._output_dir, slug)
        pieces = [Piece(folder, o.part.index, settings.format) for o in parts]
        joined = folder / f"joined.{settings.format}"
        try:
            join([p.video for p in pieces], joined, settings.format)
            found, posters = _merged([(p.beats(), p.posters(len(p.beats()))) for p in pieces], settings.fps)
            targets = outputs.chapter_files(outputs.folder(self._output_dir, settings), slug, settings.format)
            cues = captions.read(pieces[-1].captions) if pieces[-1].captions.exists() else []
            voice = scene_render.narrator(settings, self._output_dir)
            language = language_of(last.chapter, settings.lang)
            layout = outputs.layout_facts(pieces[-1].layout)  # every part lays the whole chapter out alike
            files, duration = scene_render.publish(
                joined, cues, found, posters, targets, settings, voice, language, layout
            )
        except Exception as exc:  # a part's files unreadable or not joinable: the chapter fails, not the run
            return replace(last, error=f"joining its parts: {type(exc).__name__}: {exc}", part=None, files=())
        frames = sum(b.frames for b in found)
        return Outcome(
            last.chapter, time.monotonic() - began, files, duration, frames
        )  # the chapter's wall time


def _merged(
    parts: list[tuple[list[beats.Beat], list[Path]]], fps: int
) -> tuple[list[beats.Beat], list[Path]]:
    """The parts' beats one after another, with their posters. A beat cut in two at a join (the chapter's plays
    moved since the split was planned) is one beat again: the earlier half's poster is dropped."""
    found = beats.shifted([list(b) for b, _ in parts], fps)
    posters = [poster for _, named in parts for poster in named]
    joins = set(itertools.accumulate(len(b) for b, _ in parts[:-1]))
    merged, kept = [], []
    for index, (beat, poster) in enumerate(zip(found, posters)):
        if index in joins and merged and merged[-1].name == beat.name:
            beat = replace(
                beat,
                first_frame=merged[-1].first_frame,
                frames=merged[-1].frames + beat.frames,
                start=merged[-1].start,
                first_animation=merged[-1].first_animation,
                animations=merged[-1].animations + beat.animations,
                seconds=round(merged[-1].seconds + beat.seconds, 3),
            )
            merged.pop()
            kept.pop()
        merged.append(beat)
        kept.append(poster)
    return merged, kept


@dataclass(frozen=True)
class Piece:
    """The files a part leaves in its chapter's parts folder."""

    folder: Path
    index: int
    video_format: str

    @property
    def video(self) -> Path:
        return self.folder / f"part-{self.index:02d}.{self.video_format}"

    @property
    def record(self) -> Path:
        return self.folder / f"part-{self.index:02d}{beats.RECORD_SUFFIX}"

    @property
    def captions(self) -> Path:
        return self.folder / f"part-{self.index:02d}.srt"

    @property
    def layout(self) -> Path:
        return self.folder / f"part-{self.index:02d}{outputs.LAYOUT_SUFFIX}"

    def poster(self, number: int) -> Path:
        return self.folder / f"part-{self.index:02d}.beat-{number:02d}.png"

    def posters(self, count: int) -> list[Path]:
        return [self.poster(n) for n in range(1, count + 1)]

    def beats(self) -> list[beats.Beat]:
        found = beats.read(self.record)
        if found is None:
            raise ValueError(f"{self.record.name} is missing or unreadable")
        return found


def join(pieces: list[Path], target: Path, video_format: str) -> None:
    """Write the videos `pieces` (each at a constant frame rate, frames at k / fps) one after another into
    `target` by stream copy, each moved to start where the previous ended."""
    with av.open(
        str(target), "w", format=CONTAINERS[video_format], options=OPTIONS.get(video_format, {})
    ) as out:
        stream_out, start = None, Fraction(0)
        for path in pieces:
            with av.open(str(path)) as given:
                stream_in = given.streams.video[0]
                if stream_out is None:
                    out.metadata.update(given.metadata)
                    stream_out = out.add_stream_from_template(stream_in)
                    stream_out.time_base = stream_in.time_base
                start += _copy_packets(given, stream_in, out, stream_out, start)


def _copy_packets(given, stream_in, out, stream_out, start: Fraction) -> Fraction:
    """Mux every packet of `stream_in` into `stream_out`, moved to begin `start` seconds in; return its length."""
    origin = stream_in.start_time or 0
    shift = int(start / stream_in.time_base) - origin  # exact: every earlier piece lasts whole ticks
    end = origin
    for packet in video.moved(given.demux(stream_in), stream_out, shift):
        end = max(end, packet.pts - shift + packet.duration)
        out.mux(packet)
    return (end - origin) * stream_in.time_base
