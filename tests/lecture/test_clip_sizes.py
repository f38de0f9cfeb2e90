"""Clips of the real lecture within their budget: five seconds at 480p as a GIF under 2 MB (a slide deck's
size), measured where three chapters move most: the five seconds their H.264 encoder spent most bytes on."""

import shutil

import av
import numpy as np
import pytest

BUDGET = 2_000_000  # bytes for five seconds at 480p
SECONDS = 5
FPS = 15
CHAPTERS = ("02-ThreeTokenDrag", "10-WhereItBreaks", "14-TrainedHead")  # a drag, the gain sweeps, training


def busiest(video, frames: int) -> int:
    """The first of the `frames` consecutive frames whose packets hold the most bytes."""
    with av.open(str(video)) as container:
        sizes = sorted((p.pts, p.size) for p in container.demux(video=0) if p.pts is not None)
    running = np.convolve([size for _, size in sizes], np.ones(frames, dtype=int), mode="valid")
    return int(np.argmax(running))


@pytest.mark.parametrize("slug", CHAPTERS)
def test_the_busiest_five_seconds_as_a_gif_are_under_two_megabytes(real_lecture, tmp_path, run, slug):
    folder = tmp_path / real_lecture.name
    folder.mkdir()
    for name in (f"{slug}.mp4", f"{slug}.mp4.beats.json"):  # a copy: the shared render is never written to
        shutil.copyfile(real_lecture / name, folder / name)
    first = busiest(folder / f"{slug}.mp4", SECONDS * FPS)
    stretch = f"{first / FPS:.3f}-{first / FPS + SECONDS:.3f}"
    result = run("clip", slug.split("-")[0], stretch, "--format", "gif", "--output", tmp_path)
    assert result.exit_code == 0, result.output
    (clip,) = (folder / "clips").glob("*.gif")
    assert 0 < clip.stat().st_size < BUDGET, f"{clip.name}: {clip.stat().st_size / 1e6:.2f} MB"
