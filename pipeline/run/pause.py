"""A test hook: stop at a named point of a render, so that a test can kill or interrupt it exactly there.

Inert unless the environment variable RENDER_PAUSE_AT names the point; then the process
writes its id to the file RENDER_PAUSE_FLAG and waits until that file is removed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path

POLL_SECONDS = 0.05


def point(names: Iterable[str]) -> None:
    """Wait here while RENDER_PAUSE_AT is one of `names` and the flag file it was told to write exists."""
    wanted = os.environ.get("RENDER_PAUSE_AT")
    if wanted is None or wanted not in names:
        return
    flag = Path(os.environ["RENDER_PAUSE_FLAG"])
    flag.write_text(f"{os.getpid()}\n")
    while flag.exists():
        time.sleep(POLL_SECONDS)
