"""The ordered list of chapters: what `render.py` renders, in viewing order."""
from __future__ import annotations

import importlib
from dataclasses import dataclass


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


CHAPTERS: tuple[Chapter, ...] = (
    Chapter(2, "ThreeTokenDrag", "The three-token drag", "scenes.three_token_drag"),
)


def find(name: str) -> Chapter | None:
    """The chapter called `name` (case-insensitive), or None."""
    lowered = name.lower()
    return next((c for c in CHAPTERS if c.name.lower() == lowered), None)
