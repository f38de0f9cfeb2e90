"""Where outputs land, and writing them safely: temporary names renamed into place."""
from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from .quality import Preset

CACHE_FOLDER = ".manim"
WORK_FOLDER = ".work"


@dataclass(frozen=True)
class ChapterFiles:
    """The stable paths of one chapter's outputs at one quality."""

    video: Path
    poster: Path
    subtitles: Path

    def existing(self) -> list[Path]:
        """The outputs that are present, video first."""
        return [p for p in (self.video, self.poster, self.subtitles) if p.exists()]


def chapter_files(output_dir: Path, preset: Preset, slug: str) -> ChapterFiles:
    """Paths such as media/480p15/02-ThreeTokenDrag.mp4, .png, .srt."""
    stem = Path(output_dir) / preset.folder / slug
    return ChapterFiles(stem.with_suffix(".mp4"), stem.with_suffix(".png"), stem.with_suffix(".srt"))


def tex_cache(output_dir: Path) -> Path:
    """manim's LaTeX cache, shared by every chapter and quality."""
    return Path(output_dir) / CACHE_FOLDER / "Tex"


@contextmanager
def work_dir(output_dir: Path, slug: str) -> Iterator[Path]:
    """A private working folder for one render, removed afterwards even on failure."""
    path = Path(output_dir) / WORK_FOLDER / f"{slug}-{os.getpid()}"
    path.mkdir(parents=True, exist_ok=True)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
        with suppress(OSError):
            path.parent.rmdir()


@contextmanager
def staged() -> Iterator[Callable[[Path], Path]]:
    """Yield `stage(target) -> temporary path` beside the target.

    When the block succeeds every staged file is renamed onto its target; when it
    fails they are deleted, so the targets keep their previous contents.
    """
    pending: dict[Path, Path] = {}

    def stage(target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        pending[target] = target.with_name(f".{target.name}.tmp-{os.getpid()}")
        return pending[target]

    try:
        yield stage
    except BaseException:
        for temporary in pending.values():
            temporary.unlink(missing_ok=True)
        raise
    for target, temporary in pending.items():
        os.replace(temporary, target)


def clean(output_dir: Path, presets: Iterable[Preset]) -> list[Path]:
    """Remove the output folders of `presets` and manim's caches; return what was removed."""
    output_dir = Path(output_dir)
    candidates = [output_dir / p.folder for p in presets] + [output_dir / CACHE_FOLDER, output_dir / WORK_FOLDER]
    removed = [path for path in candidates if path.exists()]
    for path in removed:
        shutil.rmtree(path)
    return removed
