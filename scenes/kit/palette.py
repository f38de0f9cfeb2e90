"""Colours, fonts and type sizes, defined once for every chapter (number formats are in `scenes.kit.arithmetic`).

Read the palette at call time (`theme()`), never in default arguments, so a
theme chosen on the command line reaches every mobject.

Colours: one per role (query yellow, key blue, value green, output orange) and a cycle of token
colours from other hue families (pink, violet, cyan, lime, rose, coral in the dark theme; crimson,
purple, teal, olive, magenta, brown in the light one), so a token is never taken for a role: every
token colour is at least 20 CIE76 units from every role colour (`delta_e`, tested). Orange means
the output, and nothing else.

Type: words are drawn in DejaVu Sans (`Text`); every number and formula is typeset by LaTeX in
sans-serif math (`scenes.kit.numbers.SANS_TEX`, the `sansmath` package), live numbers included, so a number looks the
same wherever it is. Sizes are given per role in pixels of cap height at 1080p (`SIZES`): the height
of a capital or digit, the box a line of digits fills. The frame shows FRAME_HEIGHT scene units (the
stage is drawn at 8 / 9.375 of manim's size), so one scene unit is 1080 / 9.375 = 115.2 px at 1080p
and 51.2 px at 480p; the smallest size, 28 px at 1080p, is 12.4 px at 480p.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from attention import examples
from scenes.kit.stage import STAGE

FONT = "DejaVu Sans"

FRAME_HEIGHT = STAGE.frame_height  # scene units the camera shows top to bottom
TEXT_CAP = 0.01013  # height of a capital of `Text` in DejaVu Sans, in scene units per manim font size
TEX_DIGIT = 0.00727  # height of a digit of a formula in SANS_TEX, in scene units per manim font size

# cap height in pixels at 1080p, by role; nothing is drawn below MIN_PX
SIZES = {"title": 44, "body": 32, "label": 30, "number": 30, "small": 28}
MIN_PX = min(SIZES.values())

# Opacities, one name per job (every chapter dims, veils and keeps ghosts with these):
DIM = 0.3  # what is not being explained: terms, bars, rows, values a word may not see
FAINT = 0.15  # lines behind the active one
GHOST = 0.45  # a picture from before, kept for comparison
VEIL = 0.65  # a sheet of the background's colour laid over what is not active


def px_per_unit(frame_pixels: int = 1080) -> float:
    """Pixels one scene unit covers in a frame `frame_pixels` high."""
    return frame_pixels / FRAME_HEIGHT


def text_size(role: str) -> float:
    """manim's font size for `Text` whose capitals are `SIZES[role]` px high at 1080p."""
    return SIZES[role] / (TEXT_CAP * px_per_unit())


def tex_size(role: str) -> float:
    """manim's font size for a formula or number whose digits are `SIZES[role]` px high at 1080p."""
    return SIZES[role] / (TEX_DIGIT * px_per_unit())


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

    def roles(self) -> dict[str, str]:
        """Each role's colour by the role's name."""
        return {"query": self.query, "key": self.key, "value": self.value, "output": self.output}


DARK = Theme(
    name="dark",
    background="#0E1117",
    text="#ECEFF4",
    muted="#9AA3B2",
    grid="#2A3140",
    panel="#161B26",
    query="#FFD166",
    key="#5B8DEF",
    value="#7BD389",
    output="#FF8C42",
    tokens=("#F72585", "#C77DFF", "#3FE0E8", "#C6F432", "#FF9EDB", "#FF5A5F"),
)

LIGHT = Theme(
    name="light",
    background="#FFFFFF",
    text="#1B1F27",
    muted="#5B6472",
    grid="#D5DAE1",
    panel="#F3F5F8",
    query="#A86A00",
    key="#1D4ED8",
    value="#2F855A",
    output="#C2410C",
    tokens=("#C9184A", "#7B2CBF", "#00838F", "#5C7A0A", "#C026D3", "#7A4A2A"),
)

THEMES = {t.name: t for t in (DARK, LIGHT)}
_theme = DARK


def theme() -> Theme:
    """The active theme."""
    return _theme


# scores as computed and divided by √d (ShrinkScores, WhereItBreaks' scaled case) are neither queries nor
# keys: colours apart from every role and token colour
RAW = {"dark": "#C8A27A", "light": "#A69359"}  # sand, khaki
SCALED = {"dark": "#6F6BFF", "light": "#0B0BDA"}  # indigo


def raw_color() -> str:
    return RAW[theme().name]


def scaled_color() -> str:
    return SCALED[theme().name]


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


def lab(color: str) -> np.ndarray:
    """CIE L*a*b* (D65) of an sRGB colour '#RRGGBB'."""
    rgb = np.array([int(color[i : i + 2], 16) for i in (1, 3, 5)]) / 255
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    to_xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = to_xyz @ linear / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(a: str, b: str) -> float:
    """CIE76 colour difference of two '#RRGGBB' colours (about 2.3 is just noticeable)."""
    return float(np.linalg.norm(lab(a) - lab(b)))
