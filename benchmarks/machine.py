"""Facts about the machine and software a result was measured with."""

from __future__ import annotations

import datetime
import importlib.metadata
import os
import platform
import resource
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("manim", "av", "numpy", "pycairo", "manimpango")
BUSY_SHARE = 0.1  # other processes using more than this share of all CPUs means the timings are disturbed


def facts(root: Path, revision: str | None = None) -> dict:
    """CPU count and model, versions, date, and the commit measured (the working tree's HEAD when
    `revision` is None, marked +modified when the tree has uncommitted changes)."""
    return {
        "cpus": os.cpu_count(),
        "cpu_model": _cpu_model(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        **{name: importlib.metadata.version(name) for name in PACKAGES},
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "commit": _commit(root, revision),
    }


def load() -> list[float]:
    """The 1, 5 and 15 minute load averages."""
    return [round(x, 2) for x in os.getloadavg()]


@dataclass(frozen=True)
class Reading:
    """CPU seconds used so far: by the whole machine, and by this process and its reaped children."""

    wall: float
    machine: float
    ours: float


def reading() -> Reading:
    """Now's CPU counters (Linux; the machine's is 0 elsewhere)."""
    ours = sum(
        getattr(resource.getrusage(who), field)
        for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
        for field in ("ru_utime", "ru_stime")
    )
    return Reading(time.monotonic(), _machine_cpu(), ours)


def others(start: Reading, end: Reading) -> dict:
    """CPU seconds other processes used between two readings, and their share of every CPU's time."""
    seconds = max((end.machine - start.machine) - (end.ours - start.ours), 0.0)
    capacity = (end.wall - start.wall) * (os.cpu_count() or 1)
    share = seconds / capacity if capacity else 0.0
    return {"cpu_seconds": round(seconds, 1), "share": round(share, 3), "busy": share > BUSY_SHARE}


def _machine_cpu() -> float:
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()
    except OSError:
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")  # steal: another VM ran


def _cpu_model() -> str:
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return platform.processor() or "unknown"
    return next((line.split(":", 1)[1].strip() for line in lines if line.startswith("model name")), "unknown")


def _commit(root: Path, revision: str | None) -> str:
    def git(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True)

    try:
        head = git("rev-parse", "--short", revision or "HEAD")
        dirty = revision is None and git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    except OSError:
        return "unknown"
    return head.stdout.strip() + ("+modified" if dirty else "") if head.returncode == 0 else "unknown"
