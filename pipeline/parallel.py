"""Rendering jobs in worker processes, several at once, passing their progress on as it comes."""

from __future__ import annotations

import multiprocessing
import os
import queue
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from . import worker
from .jobs import Job, Outcome, Progress

START_METHOD = "spawn"  # a fresh interpreter per worker: it imports the chapters' current source
POLL_SECONDS = 0.2


def run(
    jobs: list[Job], workers: int, on_progress: Callable[[Progress], None] | None = None
) -> Iterator[Outcome]:
    """Render `jobs` with up to `workers` processes; yield each outcome as it completes.

    A worker that dies (a crash, the out-of-memory killer) breaks the whole pool and fails
    every chapter still in it; those are then rendered again one per pool, so only the
    chapter that kills its worker fails.
    """
    orphans = []
    for job, outcome in _pool(jobs, workers, on_progress):
        if outcome is None:
            orphans.append(job)
        else:
            yield outcome
    for job in orphans:
        for _, outcome in _pool([job], 1, on_progress):
            yield outcome or Outcome(
                job.chapter, 0.0, error="the worker process died (killed, or out of memory)"
            )


def _pool(jobs: list[Job], workers: int, on_progress) -> Iterator[tuple[Job, Outcome | None]]:
    """Each job with its outcome, or None when its worker pool broke."""
    if not jobs:
        return
    context = multiprocessing.get_context(START_METHOD)
    news, stop = context.Queue() if on_progress else None, context.Event()
    with ProcessPoolExecutor(
        min(workers, len(jobs)),
        mp_context=context,
        initializer=worker.start,
        initargs=(os.getpid(), news, stop),
    ) as pool:
        pending = {pool.submit(worker.render_job, job): job for job in jobs}
        try:
            while pending:
                done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                _pass_on(news, on_progress)
                for future in done:
                    job = pending.pop(future)
                    yield job, _result(future)
        finally:  # when interrupted, no job starts any more; running ones end with their process group's Ctrl-C
            stop.set()
            for future in pending:
                future.cancel()


def _pass_on(news, on_progress) -> None:
    if news is None:
        return
    while True:
        try:
            message = news.get_nowait()
        except queue.Empty:
            return
        on_progress(message)


def _result(future: Future) -> Outcome | None:
    try:
        return future.result()
    except BrokenProcessPool:
        return None
