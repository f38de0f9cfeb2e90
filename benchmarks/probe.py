"""One chapter rendered in this process as the pipeline's worker renders it, timed by category.

Run as `python -m benchmarks.probe CHAPTER -q l --output DIR --result FILE`: CHAPTER is a
registry name or `module:Class` (a benchmark-only scene). Writes a JSON object to FILE.
"""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path

import click

from scenes.chapters import registry
from scenes.chapters.registry import Chapter

BENCH_NUMBER = 0  # the chapter number given to a scene that is not in the registry


def chapter_for(spec: str) -> Chapter:
    """The registry's chapter called `spec`, or a benchmark scene given as `module:Class`."""
    if ":" in spec:
        module, name = spec.split(":")
        return Chapter(BENCH_NUMBER, name, name, module)
    found = registry.find(spec)
    if found is None:
        raise click.BadParameter(f"unknown chapter {spec!r}")
    return found


def measure(chapter: Chapter, quality: str, output: Path) -> dict:
    """Render `chapter` at `quality` into `output`; its wall time, frames, peak RSS and breakdown."""
    began = time.perf_counter()
    import manim  # noqa: F401  (a worker's start-up cost)

    imported = time.perf_counter() - began
    from pipeline import outputs
    from pipeline.frames import scene_render
    from pipeline.plan import settings
    from pipeline.run.jobs import Job

    from .breakdown import Breakdown

    breakdown = Breakdown().install()
    wanted = settings.from_options(quality)
    began = time.perf_counter()
    with outputs.work_dir(output, chapter.slug) as work:
        _, duration, frames = scene_render.render(Job(chapter, wanted, output), work, None)
    wall = time.perf_counter() - began
    return {
        "chapter": chapter.name,
        "quality": quality,
        "width": wanted.width,
        "height": wanted.height,
        "fps": wanted.fps,
        "wall": round(wall, 3),
        "frames": frames,
        "duration": round(duration, 3),
        "import_manim": round(imported, 3),
        "peak_rss_mb": round(_peak_rss_mb(), 1),
        "breakdown": breakdown.table(wall),
    }


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux reports kilobytes


@click.command()
@click.argument("spec")
@click.option("-q", "--quality", default="l")
@click.option("--output", type=click.Path(file_okay=False, path_type=Path), required=True)
@click.option("--result", type=click.Path(dir_okay=False, path_type=Path), required=True)
def main(spec: str, quality: str, output: Path, result: Path) -> None:
    """Measure one chapter and write the result as JSON."""
    result.write_text(json.dumps(measure(chapter_for(spec), quality, output)))


if __name__ == "__main__":
    main()
