"""What is sent to a worker process and what comes back (plain data, so it crosses process boundaries)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pipeline.outputs import WORK_FOLDER
from pipeline.plan.settings import RenderSettings
from scenes.chapters.registry import Chapter


@dataclass(frozen=True)
class Part:
    """Beats `first_beat` .. `first_beat + beats - 1` of a chapter, its plays `first` up to `end` (None: to
    the scene's end): part `index` (from 1) of `count`, whose files go to the render `owner`'s parts folder."""

    index: int
    count: int
    first_beat: int
    beats: int
    first: int
    end: int | None
    owner: int  # the process id of the render that joins the parts

    @property
    def label(self) -> str:
        return f"part {self.index}/{self.count}"

    def folder(self, output_dir: Path, slug: str) -> Path:
        """Where the parts of chapter `slug` wait to be joined: .work/02-ThreeTokenDrag-parts-<owner>/ (removed
        by the next run once the owner is gone, as working folders are)."""
        return Path(output_dir) / WORK_FOLDER / f"{slug}-parts-{self.owner}"

    def piece(self, output_dir: Path, slug: str, suffix: str, index: int | None = None) -> Path:
        """A file this part (or part `index`) leaves in the parts folder: part-02.mp4, part-02.srt..."""
        return self.folder(output_dir, slug) / f"part-{index or self.index:02d}{suffix}"


@dataclass(frozen=True)
class Job:
    """Render one chapter, or a part of it, at some settings into an output folder."""

    chapter: Chapter
    settings: RenderSettings
    output_dir: Path
    part: Part | None = None


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
    part: Part | None = None  # the part rendered, when the job was one


@dataclass(frozen=True)
class Progress:
    """A worker's news: `chapter` has `seconds` of video rendered so far (0 when it starts)."""

    slug: str
    seconds: float
