"""Running a command as a child process: its wall time, CPU time and peak memory (Linux wait4)."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TAIL_LINES = 30  # lines of output kept to explain a failure


class CommandFailed(RuntimeError):
    """A measured command exited with an error."""


@dataclass(frozen=True)
class Run:
    """One finished command."""

    wall: float  # seconds
    cpu: float  # user + system seconds of the command and the children it waited for
    peak_rss_mb: float  # the largest resident set of the command or any child it waited for
    output: str  # stdout and stderr together


def run(command: list[str], cwd: Path, env: dict[str, str]) -> Run:
    """Run `command` to completion; CommandFailed (with its output's tail) when it fails."""
    with tempfile.TemporaryFile("w+") as log:
        began = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - began
        process.returncode = os.waitstatus_to_exitcode(status)  # reaped here, so Popen must not wait
        log.seek(0)
        output = log.read()
    if process.returncode != 0:
        tail = "\n".join(output.splitlines()[-TAIL_LINES:])
        raise CommandFailed(f"{' '.join(command)} exited with {process.returncode}:\n{tail}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)
