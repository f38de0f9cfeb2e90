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

from pipeline import outputs
from pipeline.run import worker
from pipeline.run.jobs import Job, Outcome

CONNECT_SECONDS = 5.0
NOT_INSTALLED = "Dask is not installed (the cluster extra: .venv/bin/pip install -e '.[cluster]')"
POLL_SECONDS = 0.2


class Unreachable(ValueError):
    """The scheduler could not be reached (its address is malformed, or Dask is not installed)."""


class Cluster:
    """A connection to a Dask scheduler, running render jobs on its workers."""

    def __init__(self, address: str):
        try:
            from distributed import Client  # imported only when a cluster is asked for
        except ImportError:
            raise Unreachable(f"{NOT_INSTALLED}, so no cluster at {address} is used") from None
        try:
            self.client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
        except (OSError, ValueError, TypeError) as exc:
            raise Unreachable(f"cannot reach the Dask scheduler at {address}: {_first_line(exc)}") from None

    @property
    def workers(self) -> int:
        """Jobs the cluster runs at once (its workers' threads), at least 1."""
        return max(sum(self.client.nthreads().values()), 1)

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
    """On a worker: render `job` in a temporary folder; return its outcome and its files' bytes by path (relative
    to the output folder)."""
    with tempfile.TemporaryDirectory(prefix="lecture-job-") as root:
        settings = job.settings
        if example is not None:
            copy = Path(root) / settings.example.name
            copy.write_bytes(example)
            settings = replace(settings, example=copy)
        out = Path(root) / "out"
        outcome = worker.rendered(replace(job, settings=settings, output_dir=out))
        return outcome, {path.relative_to(out).as_posix(): path.read_bytes() for path in outcome.files}


def _example_bytes(job: Job) -> bytes | None:
    return job.settings.example.read_bytes() if job.settings.example else None


def _delivered(job: Job, future) -> Outcome:
    """The job's outcome with its files written into its output folder (an error outcome if it raised)."""
    try:
        outcome, blobs = future.result()
    except Exception as exc:  # the job could not run at all (e.g. a worker lacks a module)
        error = f"on the cluster: {type(exc).__name__}: {_first_line(exc)}"
        return Outcome(job.chapter, 0.0, error=error, part=job.part)
    if outcome.error is not None:
        return outcome
    written = {Path(job.output_dir) / name: content for name, content in blobs.items()}
    with outputs.staged() as stage:
        for path, content in written.items():
            stage(path).write_bytes(content)
    if job.part is None:
        _remove_stale(job, set(written))
    return replace(outcome, files=tuple(written))


def _remove_stale(job: Job, written: set[Path]) -> None:
    """Remove the chapter's captions and beat posters an earlier version had and this render did not write."""
    folder = outputs.folder(job.output_dir, job.settings)
    targets = outputs.chapter_files(folder, job.chapter.slug, job.settings.format)
    for stale in (targets.subtitles, targets.web_captions, *targets.beat_posters()):
        if stale not in written:
            stale.unlink(missing_ok=True)


def _first_line(exc: BaseException) -> str:
    return next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
