"""Scaling with workers, predicted from measured job costs; the encoder's floor; the preview against a render.

The model: a run's wall time is a fixed part (start-up, the lecture and page, what runs once) plus the
jobs placed longest first on the workers, each job costing its beats' measured render times, what it
pays to skip the beats before its own (beat jobs), and a per-job overhead; and never less than the jobs'
CPU time shared by the cores (a job keeps more than one core busy: the renderer and the encoder's thread),
for n workers on max(n, this machine's cores) cores. The fixed part, the overhead and the jobs' CPU time
are measured from a --jobs 1 run (its wall and CPU time and the jobs' own times), and the prediction for
2 workers is checked against a real --jobs 2 run.
"""

from __future__ import annotations

import io
import itertools
import os
import time
from pathlib import Path

import av

from pipeline.plan.settings import from_options
from pipeline.run import beat_jobs
from pipeline.run.jobs import Job

from .runner import Run

WORKERS = (1, 2, 4, 8, 16)
FLOOR_SAMPLE = 600  # frames encoded from the start of each chapter (10 s at 60 fps); the rest extrapolated


def model(chapters, entries: dict, done: dict[str, float], one: Run, quality: str) -> dict:
    """The fixed part, per-job overhead and jobs' CPU time from a --jobs 1 run (`done`: each chapter's job
    time), and the predicted wall time at each worker count for chapter jobs and for beat jobs."""
    measured = {c.slug: [b.seconds for b in entries[c.slug].beats] for c in chapters}
    per_job = sum(done[slug] - sum(seconds) for slug, seconds in measured.items()) / len(measured)
    fixed = one.wall - sum(done.values())
    jobs_cpu = one.cpu - fixed  # the fixed part counted as one core's work

    def wall(costs: list[float], workers: int) -> float:
        cores = max(workers, os.cpu_count() or 1)
        return round(fixed + max(beat_jobs.predicted(costs, workers), jobs_cpu / cores), 2)

    settings = from_options(quality)
    jobs = [(Job(c, settings, Path("out")), entries[c.slug].beats) for c in chapters]
    curves = {"chapter_jobs": {}, "beat_jobs": {}, "beat_jobs_parts": {}}
    for workers in WORKERS:
        whole = [sum(s) + per_job for s in measured.values()]
        curves["chapter_jobs"][workers] = wall(whole, workers)
        planned = beat_jobs.numbered(beat_jobs.plan(jobs, workers))
        costs = [_cost(job, measured, per_job) for job in planned]
        curves["beat_jobs"][workers] = wall(costs, workers)
        curves["beat_jobs_parts"][workers] = len(planned)
    return {
        "fixed": round(fixed, 2),
        "per_job": round(per_job, 3),
        "jobs_cpu": round(jobs_cpu, 1),
        "skip_cost": beat_jobs.SKIP_COST,
        **curves,
    }


def _cost(job: Job, measured: dict, per_job: float) -> float:
    seconds = measured[job.chapter.slug]
    first, stop = (
        (job.part.first_beat, job.part.first_beat + job.part.beats) if job.part else (0, len(seconds))
    )
    return beat_jobs.part_cost(seconds, first, stop) - beat_jobs.JOB_COST + per_job


def encoder_floor(videos: list[Path]) -> dict:
    """Encode the first FLOOR_SAMPLE frames of each of `videos` again alone, at the pipeline's settings
    (libx264 veryfast, yuv420p, same size and rate), and extrapolate to all their frames: the time the
    encoder alone needs (decoding not counted)."""
    encoding, sampled, frames = 0.0, 0, 0
    for video in videos:
        seconds, count, total = _encoded(video)
        encoding, sampled, frames = encoding + seconds, sampled + count, frames + total
    wall = encoding * frames / sampled if sampled else 0.0
    return {
        "frames": frames,
        "sampled_frames": sampled,
        "sampled_wall": round(encoding, 3),
        "wall": round(wall, 3),
    }


def _encoded(video: Path) -> tuple[float, int, int]:
    """Seconds encoding the video's first FLOOR_SAMPLE frames, how many that was, and its frame count."""
    from pipeline.frames.scene_render import X264_PRESET

    encoding, frames = 0.0, 0
    with av.open(str(video)) as given, av.open(io.BytesIO(), "w", format="mp4") as out:
        stream_in = given.streams.video[0]
        stream = out.add_stream("libx264", rate=stream_in.average_rate, options={"preset": X264_PRESET})
        stream.width, stream.height, stream.pix_fmt = stream_in.width, stream_in.height, "yuv420p"
        for frame in itertools.islice(given.decode(stream_in), FLOOR_SAMPLE):
            frame.pts, frame.time_base = frames, 1 / stream_in.average_rate
            began = time.perf_counter()
            for packet in stream.encode(frame):
                out.mux(packet)
            encoding += time.perf_counter() - began
            frames += 1
        began = time.perf_counter()
        for packet in stream.encode(None):
            out.mux(packet)
        encoding += time.perf_counter() - began
        total = stream_in.frames or frames
    return encoding, frames, total
