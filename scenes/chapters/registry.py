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

    number: int  # the fixed id from chapters.toml, not the viewing position: file names never move
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
    """The chapters listed in the TOML file at `path`, in the order given, each numbered by its own id."""
    listed = tomllib.loads(path.read_text(encoding="utf-8"))["chapter"]
    chapters = tuple(Chapter(entry["id"], entry["name"], entry["title"], entry["module"]) for entry in listed)
    ids = [c.number for c in chapters]
    if any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in ids) or len(set(ids)) < len(ids):
        raise ValueError(f"{path.name}: every chapter needs its own id, a whole number from 1, got {ids}")
    return chapters


CHAPTERS: tuple[Chapter, ...] = load(DATA)


def find(name: str) -> Chapter | None:
    """The chapter called `name` (case-insensitive), or None."""
    lowered = name.lower()
    return next((c for c in CHAPTERS if c.name.lower() == lowered), None)
