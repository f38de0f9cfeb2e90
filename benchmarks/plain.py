"""The baseline: plain `manim render` of one chapter's file, as a user without the pipeline would run it."""

from __future__ import annotations

from pathlib import Path

import av

from pipeline.plan.quality import PRESETS
from scenes.chapters.registry import Chapter

from .workspace import python


def scene_file(root: Path, chapter: Chapter) -> Path:
    """The chapter's module file in the project at `root` (`scenes/chapters/fixed_context.py`)."""
    return root.joinpath(*chapter.module.split(".")).with_suffix(".py")


def command(root: Path, chapter: Chapter, quality: str, media: Path) -> list[str]:
    """`manim render -q <quality> scenes/<module>.py <Class>` into the media folder `media`."""
    return [
        python(),
        "-m",
        "manim",
        "render",
        "-q",
        quality,
        str(scene_file(root, chapter)),
        chapter.name,
        "--media_dir",
        str(media),
    ]


def video(media: Path, chapter: Chapter, quality: str) -> Path:
    """The video plain manim wrote for `chapter`."""
    stem = chapter.module.rpartition(".")[2]
    return media / "videos" / stem / PRESETS[quality].folder / f"{chapter.name}.mp4"


def frames(path: Path) -> int:
    """The frame count of a video."""
    with av.open(str(path)) as container:
        return container.streams.video[0].frames
