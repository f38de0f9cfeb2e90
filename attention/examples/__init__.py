"""The lecture's examples: those of the two source explainers (`sources`) and of the chapters beyond them
(`beyond`), the TOML loader for a lecturer's own (`file`, with the limits in `shapes`).

Scenes read examples only through `current()`, the one seam a user-supplied example file replaces (via
`use()`).
"""

from __future__ import annotations

from dataclasses import dataclass

from attention.examples.beyond import DEFAULT_CAUSAL, DEFAULT_HEADS, CausalExample, HeadsExample
from attention.examples.sources import DEFAULT_CROSS, BlendExample, CrossExample, DragExample, lengthen

__all__ = [
    "DEFAULT",
    "DEFAULT_CAUSAL",
    "DEFAULT_CROSS",
    "DEFAULT_HEADS",
    "BlendExample",
    "CausalExample",
    "CrossExample",
    "DragExample",
    "Examples",
    "HeadsExample",
    "current",
    "lengthen",
    "use",
]


@dataclass(frozen=True)
class Examples:
    """Every example the lecture uses."""

    drag: DragExample
    blend: BlendExample
    cross: CrossExample = DEFAULT_CROSS
    causal: CausalExample = DEFAULT_CAUSAL
    heads: HeadsExample = DEFAULT_HEADS


DEFAULT = Examples(
    drag=DragExample(
        tokens=("the", "cat", "sat"),
        keys=[[2, 0], [0, 2], [1, 1]],
        query=[2, 0],
        # onto "the", over to "cat", to the diagonal (all dot products equal), and back
        path=[[1, -0.4], [2, 0], [0, 2], [0.7, 0.7], [2, 0]],
    ),
    blend=BlendExample(
        tokens=("the", "cat", "sat"),
        keys=[[2, 0, 0, 0], [0, 2, 0, 0], [1, 1, 0, 0]],
        values=[[1, 0], [0, 0], [0, 1]],
        queries=[[2, 0, 0, 0], [0, 2, 0, 0]],
    ),
    cross=DEFAULT_CROSS,
)

_active: Examples = DEFAULT


def current() -> Examples:
    """The examples the scenes should show: the default, or what `use()` installed."""
    return _active


def use(examples: Examples) -> None:
    """Replace the examples every scene reads (e.g. from a user's example file)."""
    global _active
    if not isinstance(examples, Examples):
        raise ValueError(f"examples: expected an Examples object, got {type(examples).__name__}")
    _active = examples
