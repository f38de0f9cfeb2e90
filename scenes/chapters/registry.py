"""The ordered list of chapters: what `render.py` renders, in viewing order, read from `chapters.toml`."""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import tomllib

from attention import examples
from attention.examples import Examples, story

DATA = Path(__file__).with_name("chapters.toml")  # each chapter's name, module and title, in viewing order
COUNTED = {"ThreeTokenDrag": lambda ex: len(ex.drag.tokens)}  # titles that say a count of their example's


@dataclass(frozen=True)
class Chapter:
    """One chapter of the lecture: a manim Scene class in a module of `scenes`."""

    number: int  # its place in the viewing order (chapters.toml's id): in file names, on the page, typed
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
    """The chapters listed in the TOML file at `path`, in the order given, numbered 1, 2, 3, ... by their ids."""
    listed = tomllib.loads(path.read_text(encoding="utf-8"))["chapter"]
    chapters = tuple(Chapter(entry["id"], entry["name"], entry["title"], entry["module"]) for entry in listed)
    ids = [c.number for c in chapters]
    if ids != list(range(1, len(ids) + 1)) or any(isinstance(i, bool) for i in ids):
        raise ValueError(f"{path.name}: the ids must number the chapters 1, 2, 3, ... in order, got {ids}")
    return chapters


CHAPTERS: tuple[Chapter, ...] = load(DATA)


def find(name: str) -> Chapter | None:
    """The chapter called `name` (case-insensitive), or None."""
    lowered = name.lower()
    return next((c for c in CHAPTERS if c.name.lower() == lowered), None)


def shown_title(chapter: Chapter, ex: Examples | None = None) -> str:
    """`chapter`'s title as shown with the examples `ex` (by default those in use, `examples.current()`).

    A title that counts its example's tokens ("The three-token drag") says the example's count instead ("The
    five-token drag" for five), so that the video, the page, the slides, the handout and the lecture's marks
    agree and none says "three" of another number; every other title is the registry's.
    """
    counted = COUNTED.get(chapter.name)
    if counted is None:
        return chapter.title
    count = story.count(counted(examples.current() if ex is None else ex))
    return re.sub(rf"\b({'|'.join(story.WORDS[1:])})\b", count, chapter.title, count=1)
