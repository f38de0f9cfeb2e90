"""Jobs on a Dask distributed cluster: the same jobs as local workers, their files sent back as bytes.

Workers need the project installed (and the chapters importable), but no folder shared with this
machine: each job renders into a temporary folder on its worker, and this process writes the files
it returns through the usual staging (temporary names renamed into place together). A worker that
dies mid-job is replaced by the scheduler, which runs the job again elsewhere.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import replace
from pathlib import Path

from . import captions, outputs, worker
from .jobs import Job, Outcome

CONNECT_SECONDS = 5.0
POLL_SECONDS = 0.2


class Unreachable(ValueError):
    """The scheduler could not be reached (or its address is malformed)."""


class Cluster:
    """A connection to a Dask scheduler, running render jobs on its workers."""

    def __init__(self, address: str):
        from distributed import Client  # imported only when a cluster is asked for

        try:
            self.client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            raise Unreachable(f"cannot reach the Dask scheduler at {address}: {_first_line(exc)}") from None

    def close(self) -> None:
        self.client.close()

    def run(self, jobs: list[Job]) -> Iterator[Outcome]:
        """Send `jobs` to the cluster in this order; yield each outcome, its files written here, as it completes.

        When the caller stops early (Ctrl-C), the jobs not yet back are cancelled and nothing more is written.
        """
        executor = self.client.get_executor(pure=False)
        pending = {executor.submit(remote_job, job, _example_bytes(job)): job for job in jobs}
        try:
            while pending:
                done, _ = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    job = pending.pop(future)
                    yield _delivered(job, future)
        finally:
            for future in pending:
                future.cancel()


def remote_job(job: Job, example: bytes | None) -> tuple[Outcome, dict[str, bytes]]:
    """On a worker: render `job` in a temporary folder; return its outcome and its files' bytes by name."""
    with tempfile.TemporaryDirectory(prefix="lecture-job-") as root:
        settings = job.settings
        if example is not None:
            copy = Path(root) / settings.example.name
            copy.write_bytes(example)
            settings = replace(settings, example=copy)
        outcome = worker.rendered(Job(job.chapter, settings, Path(root) / "out"))
        return outcome, {path.name: path.read_bytes() for path in outcome.files}


def _example_bytes(job: Job) -> bytes | None:
    return job.settings.example.read_bytes() if job.settings.example else None


def _delivered(job: Job, future) -> Outcome:
    """The job's outcome with its files written into its output folder (an error outcome if it raised)."""
    try:
        outcome, blobs = future.result()
    except Exception as exc:  # the job could not run at all (e.g. a worker lacks a module)
        return Outcome(job.chapter, 0.0, error=f"on the cluster: {type(exc).__name__}: {_first_line(exc)}")
    if outcome.error is not None:
        return outcome
    folder = outputs.folder(job.output_dir, job.settings)
    targets = outputs.chapter_files(folder, job.chapter.slug, job.settings.format)
    with outputs.staged() as stage:
        for name, content in blobs.items():
            stage(folder / name).write_bytes(content)
    for stale in (
        targets.subtitles,
        captions.web_captions(targets.subtitles),
    ):  # captions an earlier version had
        if stale.name not in blobs:
            stale.unlink(missing_ok=True)
    return replace(outcome, files=tuple(folder / name for name in blobs))


def _first_line(exc: BaseException) -> str:
    return next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
