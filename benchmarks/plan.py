"""What one benchmark run measures: the full setting, or the tiny one the tests use."""

from __future__ import annotations

from dataclasses import dataclass

from scenes.chapters import registry
from scenes.chapters.registry import Chapter

EDIT_CHAPTER = "BlendByWeight"  # a mid-sized chapter, edited to time an incremental rebuild
GROWTH_CHAPTER = "FixedContext"  # quick to build (little LaTeX), rendered at every preset
PREVIEW_CHAPTER = "ThreeTokenDrag"  # the longest chapter: previewed, against its render
# the tiny setting's only chapter, a benchmark-only one (tiny_chapter.py)
TINY_CHAPTER = Chapter(1, "Tiny", "A tiny chapter", "benchmarks.tiny_chapter")
GRID_SIZES = (4, 8, 16, 32, 64)  # positions of the benchmark grid (the chapter grows to 32)
GRID_QUALITY = "l"
PROFILE_QUALITY = "l"  # each chapter alone in a worker, timed by category (at -q h they would add 13 min)
PREVIEW_QUALITY = "l"  # the preview's target is against the chapter's -q l render


@dataclass(frozen=True)
class Plan:
    """The chapters and settings of one run."""

    quality: str  # the headline comparison's preset
    chapters: tuple[Chapter, ...]
    whole_lecture: bool  # render.py is run without chapter names
    edit: Chapter
    growth_chapter: Chapter
    growth_qualities: tuple[str, ...]
    grid_sizes: tuple[int, ...]
    profile_quality: str  # of each chapter alone in a worker, timed by category
    preview: Chapter  # previewed at PREVIEW_QUALITY, against its render there
    voice: str = "piper"  # narrates the narrated renders (narration.voices)
    tiny: bool = False  # the measured copy's registry lists `chapters` alone (the tiny chapter)


def full(quality: str) -> Plan:
    """Every chapter at `quality` (alone in a worker at PROFILE_QUALITY); growth over l, m, h; every grid size
    at -q l."""
    return Plan(
        quality,
        registry.CHAPTERS,
        True,
        registry.find(EDIT_CHAPTER),
        registry.find(GROWTH_CHAPTER),
        ("l", "m", "h"),
        GRID_SIZES,
        PROFILE_QUALITY,
        registry.find(PREVIEW_CHAPTER),
    )


def tiny() -> Plan:
    """A seven-second benchmark chapter at -q l, the smallest grid: every measurement, in the least time."""
    chapter = TINY_CHAPTER
    return Plan(
        "l", (chapter,), False, chapter, chapter, ("l",), GRID_SIZES[:1], "l", chapter, "espeak", tiny=True
    )
