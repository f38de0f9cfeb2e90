"""One render at a time per output folder: an exclusive lock (fcntl.flock) on OUTPUT/.lock, which names its holder.

The kernel releases the lock when its holder exits, however it exits, so a killed
render never leaves the folder locked. Worker processes do not inherit it.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

NAME = ".lock"


class Busy(Exception):
    """Another process holds the lock; `holder` is its process id, or None when unknown."""

    def __init__(self, holder: int | None):
        super().__init__(holder)
        self.holder = holder


@contextmanager
def held(folder: Path, wait: bool, on_wait: Callable[[int | None], None]) -> Iterator[None]:
    """Hold the folder's lock for the block. When another process holds it: call `on_wait(holder)` and wait
    for it, or raise Busy when `wait` is false."""
    path = Path(folder) / NAME
    with open(path, "a+", encoding="ascii") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                raise Busy(_holder(path)) from None
            on_wait(_holder(path))
            fcntl.flock(handle, fcntl.LOCK_EX)
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield


def _holder(path: Path) -> int | None:
    """The process id written in the lock file, if any."""
    try:
        return int(path.read_text(encoding="ascii"))
    except (OSError, ValueError):
        return None
