"""Choosing chapters by name from the registry (read at call time, so tests can replace it)."""

from __future__ import annotations

import difflib

from scenes.chapters import registry
from scenes.chapters.registry import Chapter


class UnknownChapter(ValueError):
    """A chapter name that is not in the registry."""


def all_chapters() -> tuple[Chapter, ...]:
    """The registered chapters in viewing order."""
    return registry.CHAPTERS


def select(names: tuple[str, ...] | list[str]) -> list[Chapter]:
    """The chapters called `names` (Scene class names in any case, or numbers as `list` shows them: '4',
    '04') in viewing order; all of them when none is named."""
    found = {name: find(name) for name in names}
    unknown = [name for name, chapter in found.items() if chapter is None]
    if unknown:
        raise UnknownChapter(unknown_message(unknown[0]))
    return [c for c in all_chapters() if not names or c in found.values()]


def find(name: str) -> Chapter | None:
    """The chapter called `name`, or numbered `name`; None when there is none."""
    if name.strip().isdigit():
        return next((c for c in all_chapters() if c.number == int(name)), None)
    return registry.find(name)


def unknown_message(name: str) -> str:
    """Why `name` is no chapter: the closest name, and every valid one."""
    by_lower = {c.name.lower(): c.name for c in all_chapters()}
    closest = difflib.get_close_matches(name.lower(), list(by_lower), n=1)
    hint = f" (closest: {by_lower[closest[0]]})" if closest else ""
    numbers = [c.number for c in all_chapters()]
    valid = (
        f"{', '.join(by_lower.values())} (or their numbers, {min(numbers)} to {max(numbers)})"
        if numbers
        else "none"
    )
    return f"unknown chapter {name!r}{hint}; valid chapters: {valid}"
