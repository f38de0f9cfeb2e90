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
    Chapter(1, "FixedContext", "Fixed context vs attention", "scenes.fixed_context"),
    Chapter(2, "ThreeTokenDrag", "The three-token drag", "scenes.three_token_drag"),
    Chapter(3, "ScoreEveryWord", "Score every word", "scenes.score_every_word"),
    Chapter(4, "BlendByWeight", "Blend by weight", "scenes.blend_by_weight"),
    Chapter(5, "Refocus", "Refocus each step", "scenes.refocus"),
    Chapter(6, "SourcePositions", "Keep source positions available", "scenes.source_positions"),
    Chapter(7, "ShrinkScores", "Shrink the scores", "scenes.shrink_scores"),
    Chapter(8, "WhereItBreaks", "Where it breaks", "scenes.where_it_breaks"),
    Chapter(9, "QuickVersion", "The quick version", "scenes.quick_version"),
)


def find(name: str) -> Chapter | None:
    """The chapter called `name` (case-insensitive), or None."""
    lowered = name.lower()
    return next((c for c in CHAPTERS if c.name.lower() == lowered), None)
