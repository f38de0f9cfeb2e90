"""The ordered list of chapters: what `render.py` renders, in viewing order, read from `chapters.toml`."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

import tomllib

DATA = Path(__file__).with_name("chapters.toml")  # each chapter's name, module and title, in viewing order


@dataclass(frozen=True)
class Chapter:
    """One chapter of the lecture: a manim Scene class in a module of `scenes`."""

    number: int
    name: str  # the Scene class name, as in the storyboard
    title: str
    module: str

    @property
    def slug(self) -> str:
        """Stable file stem, e.g. '02-ThreeTokenDrag'."""
        return f"{self.number:02d}-{self.name}"

    def scene_class(self):
        """Import and return the chapter's Scene class."""
        return getattr(importlib.import_module(self.module), self.name)


def load(path: Path) -> tuple[Chapter, ...]:
    """The chapters listed in the TOML file at `path`, numbered from 1 in the order given."""
    listed = tomllib.loads(path.read_text(encoding="utf-8"))["chapter"]
    return tuple(
        Chapter(number, entry["name"], entry["title"], entry["module"])
        for number, entry in enumerate(listed, start=1)
    )


CHAPTERS: tuple[Chapter, ...] = load(DATA)


def find(name: str) -> Chapter | None:
    """The chapter called `name` (case-insensitive), or None."""
    lowered = name.lower()
    return next((c for c in CHAPTERS if c.name.lower() == lowered), None)
