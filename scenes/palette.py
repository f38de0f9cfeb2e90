"""Colours, fonts and number formats, defined once for every chapter.

Read the palette at call time (`theme()`), never in default arguments, so a
theme chosen on the command line reaches every mobject.
"""
from __future__ import annotations

from dataclasses import dataclass

from attention import examples

FONT = "DejaVu Sans"
WEIGHT_PLACES = 3  # weights and outputs: 0.768
SCORE_PLACES = 3  # scaled scores and divisors: 2.828, 1.414


@dataclass(frozen=True)
class Theme:
    """One colour per role, a cycle of token colours, and the neutral tones."""

    name: str
    background: str
    text: str
    muted: str
    grid: str
    panel: str
    query: str
    key: str
    value: str
    output: str
    tokens: tuple[str, ...]


DARK = Theme(
    name="dark", background="#0E1117", text="#ECEFF4", muted="#9AA3B2", grid="#2A3140",
    panel="#161B26", query="#FFD166", key="#5DADE2", value="#7BD389", output="#FF8C42",
    tokens=("#4CC9F0", "#F72585", "#B388EB", "#06D6A0", "#F4A261", "#E9C46A", "#90BE6D", "#F94144"),
)

_theme = DARK


def theme() -> Theme:
    """The active theme."""
    return _theme


def token_color(name: str) -> str:
    """A token's colour, the same in every chapter: assigned in order of first appearance."""
    ex = examples.current()
    order = list(dict.fromkeys([*ex.drag.tokens, *ex.blend.tokens]))
    cycle = theme().tokens
    index = order.index(name) if name in order else len(order) + sum(map(ord, name))
    return cycle[index % len(cycle)]


def fmt(value: float, places: int) -> str:
    """A number as the sources print it: whole numbers bare (4, 0), others to `places` (0.090)."""
    value = float(value)
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return f"{value:.{places}f}"
