"""Commands the whole test run shares, started once in the background (whichever pytest-xdist worker asks
first) while other tests run: the real lecture's render, the tiny benchmark. Tests that need one wait for it."""

from __future__ import annotations

import fcntl
import os
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RECORD_STATUS = (  # sh -c RECORD_STATUS sh LOG STATUS command...: stdout to LOG, stderr to LOG.err
    'LOG="$1"; STATUS="$2"; shift 2; "$@" > "$LOG" 2> "$LOG.err"; echo $? > "$STATUS.tmp"; mv "$STATUS.tmp" "$STATUS"'
)


def shared_root(tmp_path_factory) -> Path:
    """The session's temporary folder, shared by pytest-xdist's workers: the real lecture and the tiny benchmark
    run there."""
    root = tmp_path_factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root


def in_background(root: Path, name: str, prepare) -> None:
    """Run the command `prepare()` returns in the background, once per test run whichever worker asks first,
    its output to root/<name>.log (and .log.err) and its exit status, when it ends, to <name>.status."""
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (root / f"{name}.started").exists():
            return
        (root / f"{name}.started").touch()
        command = prepare()
        log, status = root / f"{name}.log", root / f"{name}.status"
        subprocess.Popen(["sh", "-c", RECORD_STATUS, "sh", str(log), str(status), *command], cwd=ROOT)


def waited_for(root: Path, name: str, seconds: float) -> str:
    """What the background command `name` printed on stdout, once it has ended (at most `seconds` from now),
    successfully and without a traceback."""
    status, log = root / f"{name}.status", root / f"{name}.log"
    deadline = time.monotonic() + seconds
    while not status.exists():
        assert time.monotonic() < deadline, f"{name} did not finish"
        time.sleep(1)
    printed, errors = log.read_text(), Path(f"{log}.err").read_text()
    assert status.read_text().strip() == "0" and "Traceback" not in printed + errors, printed + errors
    return printed
