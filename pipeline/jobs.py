"""What is sent to a worker process and what comes back (plain data, so it crosses process boundaries)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scenes.registry import Chapter

from .settings import RenderSettings


@dataclass(frozen=True)
class Job:
    """Render one chapter at some settings into an output folder."""

    chapter: Chapter
    settings: RenderSettings
    output_dir: Path


@dataclass(frozen=True)
class Outcome:
    """What became of one job: the files written, or the error that stopped it."""

    chapter: Chapter
    seconds: float  # wall time of the render
    files: tuple[Path, ...] = ()
    duration: float = 0.0  # seconds of video
    frames: int = 0
    error: str | None = None  # one line
    details: tuple[str, ...] = ()  # more lines about the error, e.g. from the LaTeX log


@dataclass(frozen=True)
class Progress:
    """A worker's news: `chapter` has `seconds` of video rendered so far (0 when it starts)."""

    slug: str
    seconds: float
