"""Rendering jobs in worker processes, several at once, passing their progress on as it comes."""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from pipeline.run import worker
from pipeline.run.jobs import Job, Outcome, Progress

START_METHOD = "spawn"  # a fresh interpreter per worker: it imports the chapters' current source
POLL_SECONDS = 0.2
STOP_SECONDS = 5.0  # how long an interrupted worker may take to clean up before it is killed

_running: dict[ProcessPoolExecutor, object] = {}  # the pools rendering now, each with its stop event


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
                job.chapter, 0.0, error="the worker process died (killed, or out of memory)", part=job.part
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
        _running[pool] = stop
        # the workers start (on the first submits) ignoring Ctrl-C, as exec passes an ignored signal on: one
        # still starting up when the run is interrupted then exits quietly; a job sets its own handler
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pending = {pool.submit(worker.render_job, job): job for job in jobs}
        finally:
            signal.signal(signal.SIGINT, previous)
        try:
            while pending:
                done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                _pass_on(news, on_progress)
                for future in done:
                    job = pending.pop(future)
                    yield job, _result(future)
        finally:  # interrupted (or abandoned): no job starts any more, and the running ones are stopped
            if _running.pop(pool, None) is not None and pending:  # not already halted by interrupt()
                _halt(pool, stop)


def interrupt() -> None:
    """Stop every pool now: no job starts, running jobs get Ctrl-C (and remove their unfinished files), and
    the workers have exited when this returns, so nothing is written after it. A further Ctrl-C meanwhile
    is ignored."""
    for pool, stop in list(_running.items()):
        _halt(pool, stop)
        _running.pop(pool, None)


def _halt(pool: ProcessPoolExecutor, stop) -> None:
    """Cancel the pool's queued jobs, Ctrl-C its workers, and wait until they have exited (Ctrl-C ignored)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _stop_workers(pool, stop)
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop_workers(pool: ProcessPoolExecutor, stop) -> None:
    stop.set()
    processes = list((pool._processes or {}).values())  # the executor does not expose its workers otherwise
    for process in processes:
        if process.is_alive():
            os.kill(process.pid, signal.SIGINT)
    pool.shutdown(wait=False, cancel_futures=True)  # idle workers (which ignore Ctrl-C) are told to exit
    for process in processes:
        process.join(STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
    pool.shutdown(wait=True)


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
