"""A benchmark-only scene: the self-attention grid of the cost beat (SourcePositions) at a chosen length.

`GridN` (e.g. `Grid16`) is the grid over N positions: it fades in, then its cells are
shaded by weight, as the chapter shades its growing grids.
"""

from __future__ import annotations

from manim import FadeIn

from attention import examples
from scenes.chapters.source_positions import COST_SIZE
from scenes.kit.chapter import ChapterScene
from scenes.kit.grids import AttentionGrid, Restate

PREFIX = "Grid"


class GridScene(ChapterScene):
    """The grid over `positions` source positions, without numbers, as the chapter draws it at length."""

    positions = 4

    def construct(self):
        trace = examples.current().cross.self_attention(self.positions)
        grid = AttentionGrid(trace, size=COST_SIZE, numbers=False)
        self.play(FadeIn(grid), run_time=1)
        self.play(Restate(grid, lambda g: g.show_weights()), run_time=1)


def scene_name(positions: int) -> str:
    """The class name for a grid over `positions` positions."""
    return f"{PREFIX}{positions}"


def __getattr__(name: str):
    """`GridN` classes, made on demand (so any length can be named on a command line)."""
    if name.startswith(PREFIX) and name[len(PREFIX) :].isdigit():
        return type(name, (GridScene,), {"positions": int(name[len(PREFIX) :]), "__module__": __name__})
    raise AttributeError(name)
