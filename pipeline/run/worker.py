"""The entry point of worker processes: set-up, and one job with its errors caught.

It imports manim only when a job runs (through scene_render), so the parent process,
which needs these functions to hand them to its workers, stays quick to start.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time

from pipeline import outputs
from pipeline.run.jobs import Job, Outcome
from pipeline.run.latex_errors import LatexFailure

PR_SET_PDEATHSIG = 1  # Linux prctl option: the signal this process gets when its parent dies

progress_queue = None  # set by start(): where progress messages go, or None
stopping = None  # set by start(): an Event set once the run is interrupted; no job starts after it


def start(parent_pid: int, news, stop) -> None:
    """Worker initializer: die with the parent (so a killed render leaves no orphan), keep the progress queue
    and stop event, and ignore Ctrl-C while idle (a job in progress is interrupted, and cleans up, as usual)."""
    global progress_queue, stopping
    progress_queue, stopping = news, stop
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent_pid:  # the parent died before the line above
            os._exit(1)


def render_job(job: Job) -> Outcome:
    """Render `job`, turning any exception into an error outcome instead of raising it."""
    if stopping.is_set():
        return Outcome(job.chapter, 0.0, error="not started: the render was interrupted", part=job.part)
    signal.signal(signal.SIGINT, _interrupted)
    try:
        return rendered(job, progress_queue)
    except KeyboardInterrupt:  # Ctrl-C (from the terminal, or forwarded by the parent): no job may start now
        stopping.set()
        raise
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def rendered(job: Job, news=None) -> Outcome:
    """Render `job` in this process (progress to the queue `news`, if any); its errors become the outcome."""
    began = time.perf_counter()
    try:
        from pipeline.frames import scene_render  # imports manim: not counted in the chapter's time

        began = time.perf_counter()
        with outputs.work_dir(job.output_dir, job.chapter.slug) as work:
            files, duration, frames = scene_render.render(job, work, news)
    except LatexFailure as exc:
        failed = {"error": str(exc), "details": exc.details}
    except Exception as exc:  # one failing chapter must not stop the others
        failed = {"error": _one_line(exc)}
    else:
        return Outcome(job.chapter, time.perf_counter() - began, files, duration, frames, part=job.part)
    return Outcome(job.chapter, time.perf_counter() - began, part=job.part, **failed)


def _interrupted(signum, frame):
    """Ctrl-C during a job: raise KeyboardInterrupt once, ignoring any further one while the job cleans up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _one_line(exc: Exception) -> str:
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__
