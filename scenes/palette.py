"""Colours and fonts, defined once for every chapter (number formats are in `scenes.arithmetic`).

Read the palette at call time (`theme()`), never in default arguments, so a
theme chosen on the command line reaches every mobject.
"""

from __future__ import annotations

from dataclasses import dataclass

from attention import examples

FONT = "DejaVu Sans"


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
    name="dark",
    background="#0E1117",
    text="#ECEFF4",
    muted="#9AA3B2",
    grid="#2A3140",
    panel="#161B26",
    query="#FFD166",
    key="#5DADE2",
    value="#7BD389",
    output="#FF8C42",
    tokens=("#4CC9F0", "#F72585", "#B388EB", "#06D6A0", "#F4A261", "#E9C46A", "#90BE6D", "#F94144"),
)

LIGHT = Theme(
    name="light",
    background="#FFFFFF",
    text="#1B1F27",
    muted="#5B6472",
    grid="#D5DAE1",
    panel="#F3F5F8",
    query="#B7791F",
    key="#1F6FB2",
    value="#2F855A",
    output="#C2410C",
    tokens=("#0077B6", "#C9184A", "#7B2CBF", "#0F9D75", "#B85C00", "#8D6E00", "#4D7C0F", "#B91C1C"),
)

THEMES = {t.name: t for t in (DARK, LIGHT)}
_theme = DARK


def theme() -> Theme:
    """The active theme."""
    return _theme


def use_theme(name: str) -> None:
    """Make `name` ('dark' or 'light') the theme every builder reads."""
    global _theme
    if name not in THEMES:
        raise ValueError(f"theme: expected one of {', '.join(THEMES)}, got {name!r}")
    _theme = THEMES[name]


def token_color(name: str) -> str:
    """A token's colour, the same in every chapter: assigned in order of first appearance."""
    ex = examples.current()
    order = list(dict.fromkeys([*ex.drag.tokens, *ex.blend.tokens, *ex.cross.source_tokens]))
    cycle = theme().tokens
    index = order.index(name) if name in order else len(order) + sum(map(ord, name))
    return cycle[index % len(cycle)]
