"""Rendering one chapter in-process with its own manim configuration, and publishing its files."""
from __future__ import annotations

import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from manim import tempconfig
from PIL import Image

from scenes.registry import Chapter

from . import outputs, video
from .quality import Preset


@dataclass(frozen=True)
class Outcome:
    """What became of one chapter: the files written, or the error that stopped it."""

    chapter: Chapter
    seconds: float
    files: tuple[Path, ...] = ()
    error: str | None = None


def attempt(chapter: Chapter, preset: Preset, output_dir: Path) -> Outcome:
    """Render `chapter`, turning any exception into a one-line error instead of raising it."""
    start = time.perf_counter()
    try:
        files = render_chapter(chapter, preset, output_dir)
    except Exception as exc:  # one failing chapter must not stop the others
        return Outcome(chapter, time.perf_counter() - start, error=_one_line(exc))
    return Outcome(chapter, time.perf_counter() - start, tuple(files))


def render_chapter(chapter: Chapter, preset: Preset, output_dir: Path) -> list[Path]:
    """Render `chapter` at `preset` and put its mp4, poster png and srt at their stable paths."""
    targets = outputs.chapter_files(output_dir, preset, chapter.slug)
    with outputs.work_dir(output_dir, chapter.slug) as work, tempconfig(manim_config(preset, work, output_dir)):
        scene = chapter.scene_class()()
        scene.render()
        _publish(scene, targets)
    return targets.existing()


def manim_config(preset: Preset, work: Path, output_dir: Path) -> dict:
    """The manim settings for one chapter: everything it writes goes to `work`, except the Tex cache."""
    return {
        "pixel_width": preset.width,
        "pixel_height": preset.height,
        "frame_rate": preset.fps,
        "media_dir": str(work.resolve()),
        "tex_dir": str(outputs.tex_cache(output_dir).resolve()),
        "format": "mp4",
        "disable_caching": True,  # manim's per-animation cache can give stale frames with updaters
        "progress_bar": "display" if sys.stderr.isatty() else "none",
        "verbosity": "WARNING",
    }


def _publish(scene, targets: outputs.ChapterFiles) -> None:
    """Stage the video, poster and subtitles, then rename them into place together."""
    writer = scene.renderer.file_writer
    movie = Path(writer.movie_file_path)
    if not movie.exists():
        raise RuntimeError("the scene played no animation, so manim wrote no video")
    subtitles = writer.output_plan.subcaption_file
    has_subtitles = subtitles is not None and subtitles.exists()
    with outputs.staged() as stage:
        video.remux_faststart(movie, stage(targets.video))
        Image.fromarray(scene.renderer.get_frame()).save(stage(targets.poster), format="PNG")
        if has_subtitles:
            shutil.copyfile(subtitles, stage(targets.subtitles))
    if not has_subtitles:
        targets.subtitles.unlink(missing_ok=True)  # left over from an earlier version of the scene


def _one_line(exc: Exception) -> str:
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__
