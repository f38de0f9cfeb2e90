"""Chapter test helpers: a scene built without rendering, and last-frame snapshots.

Snapshots render a chapter's final frame small and compare it with a stored PNG.

Unlike manim's `frames_comparison`, this never skips (Debian 12's cairo 1.16 included):
a missing control image fails the test; UPDATE_SNAPSHOTS=1 writes it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from manim import tempconfig
from PIL import Image

from pipeline.run import dry_run, typeset

SNAPSHOTS = Path(__file__).parents[1] / "chapters" / "snapshots"
SIZE = (427, 240)
CHANNEL_TOLERANCE = 40  # a pixel differs when a channel moves by more than this
MAX_DIFFERING = 0.003  # fraction of pixels allowed to differ (anti-aliasing noise)


def built(scene_class, media_dir: Path):
    """A `scene_class` whose build() has created its mobjects from its `inputs()` (nothing played), with
    manim's methods a dry run's (`dry_run.quick_methods`); its formulas typeset in one LaTeX run when there are
    many (`pipeline.run.typeset`)."""

    def build():
        scene = scene_class()
        scene.build()
        return scene

    with tempconfig({"media_dir": str(media_dir), "format": "none"}), dry_run.quick_methods():
        return typeset.prefetched(build, f"{scene_class.__name__}.build")


def played(scene_class, media_dir: Path):
    """`scene_class` run dry (`pipeline.run.dry_run`) through every beat at snapshot size, as it ends: its
    captions, its length and its last picture."""
    settings = {
        "pixel_width": SIZE[0],
        "pixel_height": SIZE[1],
        "frame_rate": 15,
        "media_dir": str(media_dir),
    }
    scene, _ = dry_run.run(scene_class, settings)
    return scene


def played_with_plays(scene_class, media_dir: Path) -> tuple[object, list[tuple[str, list]]]:
    """`played`, and what each play showed: its caption (or "") and its animations, those inside groups too
    (`flat`), in order."""
    plays = []

    class Probed(scene_class):
        def play(self, *animations, subcaption=None, **kwargs):
            plays.append((subcaption or "", flat(animations)))
            super().play(*animations, subcaption=subcaption, **kwargs)

    Probed.__name__ = scene_class.__name__  # the registry's chapter
    return played(Probed, media_dir), plays


def flat(animations) -> list:
    """`animations` and every animation inside a group of them, in order."""
    return [part for a in animations for part in [a, *flat(getattr(a, "animations", []))]]


def last_frame(scene_class, media_dir: Path) -> np.ndarray:
    """The final picture of `scene_class` at snapshot size, as RGB, from a dry run."""
    return dry_run.picture(played(scene_class, media_dir))


def assert_matches_snapshot(name: str, frame: np.ndarray) -> None:
    """Compare `frame` with tests/chapters/snapshots/<name>.png (write it when UPDATE_SNAPSHOTS=1)."""
    path = SNAPSHOTS / f"{name}.png"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        SNAPSHOTS.mkdir(exist_ok=True)
        Image.fromarray(frame).save(path)
    assert path.exists(), f"no control image {path}; run with UPDATE_SNAPSHOTS=1 to create it"
    control = np.array(Image.open(path).convert("RGB"))
    assert control.shape == frame.shape, f"{name}: frame {frame.shape} vs control {control.shape}"
    differs = np.any(np.abs(control.astype(int) - frame.astype(int)) > CHANNEL_TOLERANCE, axis=2)
    if differs.mean() > MAX_DIFFERING:
        failed = path.with_name(f"{name}.actual.png")
        Image.fromarray(frame).save(failed)
        raise AssertionError(
            f"{name}: {differs.mean():.2%} of pixels differ from {path}; the new frame is in {failed}"
        )
