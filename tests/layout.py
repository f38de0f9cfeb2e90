"""Where a chapter draws: every drawn mobject's box at the end of every beat, as fractions of the frame.

`beat_ends(scene_class, media_dir)` runs a chapter with its animations skipped (a few seconds) and
records, at the end of each beat and of the chapter, what the camera draws: one `Drawn` per text
(Text, MathTex, numbers: the union of its glyphs) and one per other mobject with visible points
(plots, bars, arrows, axes, panels). Boxes go through the camera's frame (its width, height and
centre), so they are where the pixels are. Layout checks (`outside_safe_area`, `in_caption_band`,
overlaps later) are plain functions of these records.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from manim import (
    DecimalNumber,
    MathTex,
    Mobject,
    PMobject,
    SingleStringMathTex,
    Text,
    VMobject,
    tempconfig,
)
from manim.mobject.types.image_mobject import AbstractImageMobject

from scenes.chapter import BAND, SAFE

TEXTS = (Text, MathTex, SingleStringMathTex, DecimalNumber)
DRAWABLE = (VMobject, PMobject, AbstractImageMobject)  # what the cairo camera paints


@dataclass(frozen=True)
class Drawn:
    """One drawn thing and its bounding box in frame fractions (0 is the left or bottom edge, 1 the other)."""

    kind: str  # "text" or the mobject's class name
    label: str  # the text itself, or the class name
    left: float
    right: float
    bottom: float
    top: float

    def __str__(self) -> str:
        box = f"x {self.left:.3f}..{self.right:.3f}, y {self.bottom:.3f}..{self.top:.3f}"
        return f"{self.kind} {self.label[:40]!r} at {box}"


@dataclass(frozen=True)
class BeatEnd:
    """What is drawn when beat `beat` ends (the last one ends with the chapter)."""

    beat: str
    drawn: tuple[Drawn, ...]


def visible(mobject: Mobject) -> bool:
    """Whether `mobject` paints anything: points, and some fill or stroke that is not transparent."""
    if not len(mobject.points) or not isinstance(mobject, DRAWABLE):
        return False  # a plain Mobject (a ValueTracker) has points the camera never draws
    if not isinstance(mobject, VMobject):
        return True
    stroked = mobject.get_stroke_width() > 0 and np.max(mobject.get_stroke_opacities()) > 0
    return stroked or np.max(mobject.get_fill_opacities()) > 0


def label_of(mobject: Mobject) -> str:
    return str(
        getattr(mobject, "original_text", None) or getattr(mobject, "tex_string", None) or mobject.get_value()
    )


def drawn(scene) -> tuple[Drawn, ...]:
    """Everything `scene`'s camera draws now, texts as wholes."""
    camera = scene.camera
    owner: dict[int, Mobject] = {}  # a glyph's outermost text
    for top in scene.mobjects:
        for member in top.get_family():
            if isinstance(member, TEXTS):
                for part in member.get_family():
                    owner.setdefault(id(part), member)
    groups: dict[int, tuple[Mobject, list[np.ndarray]]] = {}
    for leaf in camera.get_mobjects_to_display(scene.mobjects):
        if visible(leaf):
            whole = owner.get(id(leaf), leaf)
            groups.setdefault(id(whole), (whole, []))[1].append(leaf.points)
    return tuple(record(camera, whole, np.vstack(points)) for whole, points in groups.values())


def record(camera, whole: Mobject, points: np.ndarray) -> Drawn:
    """`whole`'s box from its drawn `points`, mapped to frame fractions as the camera maps them to pixels."""
    low = (points.min(axis=0)[:2] - camera.frame_center[:2]) / [camera.frame_width, camera.frame_height] + 0.5
    high = (points.max(axis=0)[:2] - camera.frame_center[:2]) / [
        camera.frame_width,
        camera.frame_height,
    ] + 0.5
    is_text = isinstance(whole, TEXTS)
    kind = "text" if is_text else type(whole).__name__
    return Drawn(kind, label_of(whole) if is_text else kind, low[0], high[0], low[1], high[1])


def beat_ends(scene_class, media_dir: Path) -> list[BeatEnd]:
    """Run `scene_class` with animations skipped; what is drawn at the end of each of its beats.

    Reuse one `media_dir` for many runs: formulas compiled once are read from its LaTeX cache.
    """
    ends: list[BeatEnd] = []

    class Probe(scene_class):
        def setup(self):
            super().setup()
            self.camera.capture_mobjects = lambda *args, **kwargs: None  # boxes need no pixels

        def next_section(self, name: str = "unnamed", *args, **kwargs):
            if hasattr(self, "beat_name"):
                ends.append(BeatEnd(self.beat_name, drawn(self)))
            self.beat_name = name
            super().next_section(name, *args, **kwargs)

        def tear_down(self):
            ends.append(BeatEnd(getattr(self, "beat_name", "start"), drawn(self)))
            super().tear_down()

    Probe.__name__ = scene_class.__name__
    settings = {
        "save_last_frame": True,  # skips every animation; only the last frame is drawn
        "write_to_movie": False,
        "pixel_width": 256,
        "pixel_height": 144,
        "media_dir": str(media_dir),
        "disable_caching": True,
        "verbosity": "ERROR",
        "progress_bar": "none",
    }
    with tempconfig(settings):
        Probe().render()
    return ends


def outside_safe_area(thing: Drawn) -> bool:
    """Whether `thing` reaches outside the title-safe area (the central SAFE of width and height)."""
    edge = (1 - SAFE) / 2
    return min(thing.left, thing.bottom) < edge - 1e-9 or max(thing.right, thing.top) > 1 - edge + 1e-9


def in_caption_band(thing: Drawn) -> bool:
    """Whether `thing` enters the caption band (the lowest BAND of the frame)."""
    return thing.bottom < BAND - 1e-9
