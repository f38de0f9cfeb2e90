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


def start(parent_pid: int, environment: dict, news, stop) -> None:
    """Worker initializer: take the parent's environment as it is now (a worker forks from a server started
    earlier), die with the server it forked from (which exits with the parent, so a killed render leaves no
    orphan), keep the progress queue and stop event, and ignore Ctrl-C while idle (a job in progress is
    interrupted, and cleans up, as usual)."""
    global progress_queue, stopping
    progress_queue, stopping = news, stop
    os.environ.clear()
    os.environ.update(environment)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _let_go_of_the_server()
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if not _alive(parent_pid):  # the parent died before the line above
            os._exit(1)


def _let_go_of_the_server() -> None:
    """Close this worker's hold on the server it forked from. multiprocessing gives each forked process one,
    so that it could fork from the same server too (a worker never does); held, it would keep the server up
    after a killed parent, and the server would keep its workers up: let go, the server exits with the
    parent and takes them with it (PR_SET_PDEATHSIG)."""
    from multiprocessing import forkserver

    server = forkserver._forkserver  # multiprocessing keeps the hold only here
    if server._forkserver_alive_fd is not None:
        os.close(server._forkserver_alive_fd)
        server._forkserver_alive_fd = None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


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
