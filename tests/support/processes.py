"""render.py in subprocesses, with the tiny chapters: run to the end, or started and stopped at a named point."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from pipeline import outputs

TIMEOUT = 120  # seconds; a busy machine renders a tiny chapter in a few


def run_driver(driver: Path, *args, status: int = 0, env: dict | None = None) -> subprocess.CompletedProcess:
    """Run the driver script to the end; fail unless it exits with `status`."""
    result = subprocess.run(
        [sys.executable, str(driver), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env=env,
    )
    assert result.returncode == status, result.stdout + result.stderr
    return result


def start_driver(driver: Path, *args, env: dict | None = None) -> subprocess.Popen:
    """Start the driver script in a session of its own (so Ctrl-C can be sent to its whole process group)."""
    return subprocess.Popen(
        [sys.executable, str(driver), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )


def paused_env(point: str, flag: Path) -> dict:
    """The environment making a render stop at pipeline.run.pause's `point` and say so in `flag`."""
    return {**os.environ, "RENDER_PAUSE_AT": point, "RENDER_PAUSE_FLAG": str(flag)}


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def gone(pid: int) -> bool:
    """Whether the process has exited (a zombie counts as exited)."""
    return not outputs._running(pid)


def worker_pids(output: Path) -> list[int]:
    """The processes rendering into `output` now, from their working folders' names."""
    work = output / outputs.WORK_FOLDER
    return [int(p.name.rpartition("-")[2]) for p in work.iterdir()] if work.is_dir() else []


def group_alive(group: int) -> bool:
    """Whether any process of the process group is still running (zombies count as gone)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, _, pgrp = stat.read_text().rpartition(")")[2].split()[:3]
        except (OSError, ValueError):
            continue
        if int(pgrp) == group and state != "Z":
            return True
    return False
