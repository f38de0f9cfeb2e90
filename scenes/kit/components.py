"""Type and the simplest mobjects chapters share: text, paragraphs, formulas, numbers, titles, legends, panels.

Sizes and positions are in scene units (the frame is about 14.2 wide and 8 high). Type sizes come from
roles (`scenes.kit.palette.SIZES`: title, body, label, number, small), so one role has one size everywhere;
each text built here carries its `role`, which the layout tests read. Words are `Text` in the lecture's
font (a CJK one in Chinese: `palette.font`), formulas and numbers LaTeX in sans-serif math (`SansTex`,
their numbers as the render's language writes them). Builders read the palette when called.
Text from example files (token names) is drawn with `Text`, never passed to LaTeX.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager

from manim import (
    DL,
    DOWN,
    LEFT,
    RIGHT,
    UL,
    MathTex,
    RoundedRectangle,
    Text,
    VGroup,
)

import i18n
from scenes.kit.arithmetic import WEIGHT_PLACES
from scenes.kit.numbers import Number, SansTex
from scenes.kit.palette import font, tex_size, text_size, theme


def text(
    content: str, role: str = "body", color: str | None = None, size: float | None = None, **kwargs
) -> Text:
    """Plain text in the lecture's font, sized by its `role`; safe for any string (no LaTeX).

    `size` (manim's font size) overrides the role's size for a layout that must size itself; it is
    never below the smallest role's.
    """
    font_size = text_size(role) if size is None else max(size, text_size("small"))
    mobject = _shaped(content, font_size, color or theme().text, _options(content, kwargs)).copy()
    mobject.role = role
    return mobject


def width_of(content: str, role: str = "body", size: float | None = None, **kwargs) -> float:
    """The width `text(content, role, size=size, **kwargs)` has, in any colour, measured on the shaped text
    without copying it: layouts that try many strings for one place (a name cut letter by letter, a paragraph
    wrapped ever narrower) measure each and build only the one kept."""
    font_size = text_size(role) if size is None else max(size, text_size("small"))
    return _shaped(content, font_size, theme().text, _options(content, kwargs)).width


def _options(content: str, kwargs: dict) -> tuple:
    """`Text`'s options as a key: a text of several lines gets the lecture's leading (`LINE_SPACING`) unless
    it asks for its own (Pango's own sets the lines solid: one line's descenders touch the next one's capitals)."""
    if "\n" in content:
        kwargs = {"line_spacing": LINE_SPACING, **kwargs}
    return tuple(sorted(kwargs.items()))


def coloured(
    line: str, words, colours, role: str = "small", color: str | None = None, after: int = 0
) -> Text:
    """`line` as one text in `color`, each of `words` (found in it in order, from character `after` on) in
    `colours[word]`: one baseline for all (texts of their own, lined up by their boxes, would lift a word with a
    descender, "dog"). A text's glyphs are its characters but spaces."""
    shown = text(line, role=role, color=color)
    for word in words:
        start = line.index(word, after)
        first = len(line[:start].replace(" ", ""))
        shown[first : first + len(word.replace(" ", ""))].set_color(colours[word])
        after = start + len(word)
    return shown


_SHAPED: dict[tuple, Text] = {}


def _shaped(content: str, font_size: float, color: str, options: tuple) -> Text:
    """A `Text` built once per process for these arguments (laying out and parsing its glyphs costs
    far more than copying it; chapters and examples repeat most of their words), on a page of SHAPED_ON."""
    key = (content, font(), font_size, color, options)
    if key not in _SHAPED:
        with _page(*SHAPED_ON):
            shown = Text(content, font=key[1], font_size=font_size, color=color, **dict(options))
        _SHAPED[key] = _grown_scripts(shown, content)
    return _SHAPED[key]


# manim lays a Text out on a page of the frame's pixels (and keeps its SVG under a name that ignores them): Pango
# broke a line wider than the page, so the layout probe's 256-pixel frame wrapped a 12.4-unit line (German
# subtitles) that a render keeps whole. Every Text is laid out on a 4K frame's page: as wide as no line is.
SHAPED_ON = (3840, 2160)


@contextmanager
def _page(width: int, height: int) -> Iterator[None]:
    """Within: manim's frame size in pixels `width` x `height` (what a Text is laid out on), as before after."""
    from manim import config

    before = config.pixel_width, config.pixel_height
    config.pixel_width, config.pixel_height = width, height
    try:
        yield
    finally:
        config.pixel_width, config.pixel_height = before


SCRIPT_GROWTH = 1.3  # Unicode sub- and superscripts ('kᵢ', '10⁻¹⁸'): the fonts' own are under 20 px at 1080p


def _grown_scripts(shown: Text, content: str) -> Text:
    """`shown` with each Unicode sub- and superscript SCRIPT_GROWTH times its size (a subscript from its
    bottom, a superscript from its top), the glyphs after it on its line moved right to make room; its
    font size as before."""
    chars = [ch for ch in content if not ch.isspace() or ch == "\n"]
    scripts = [ch for ch in chars if unicodedata.decomposition(ch).startswith(("<sub>", "<super>"))]
    if not scripts or len(chars) - chars.count("\n") != len(shown.submobjects):
        return shown  # none, or glyphs not one a character (a ligature): left as shaped
    height, glyphs = shown.height, iter(shown.submobjects)
    for line in "".join(chars).split("\n"):
        placed = [(ch, next(glyphs)) for ch in line]
        for k, (ch, glyph) in enumerate(placed):
            kind = unicodedata.decomposition(ch).partition(" ")[0]
            if kind in ("<sub>", "<super>"):
                width = glyph.width
                glyph.scale(SCRIPT_GROWTH, about_edge=DL if kind == "<sub>" else UL)
                for _, later in placed[k + 1 :]:
                    later.shift(RIGHT * (glyph.width - width))
    shown.initial_height *= shown.height / height  # manim's font size, read from the height, unchanged
    return shown


def paragraph(
    content: str,
    width_chars: int = 40,
    role: str = "body",
    color: str | None = None,
    size: float | None = None,
) -> Text:
    """Text wrapped to about `width_chars` characters a line (`role`, `size` as for `text`)."""
    return text(_wrapped(content, width_chars), role=role, color=color, size=size)


def paragraph_width(
    content: str, width_chars: int = 40, role: str = "body", size: float | None = None
) -> float:
    """The width `paragraph(content, width_chars, role, size=size)` has (`width_of`)."""
    return width_of(_wrapped(content, width_chars), role, size)


# the lines of a text or paragraph (Pango's `line_spacing`): about a third of an em clear between one line's
# descenders and the next one's ascenders, in DejaVu Sans and WenQuanYi Micro Hei alike
LINE_SPACING = 0.7


# what a line may break between: runs of space; words, numbers and hyphenated words whole; one CJK character
# at a time, with the closing punctuation after it (Chinese has no spaces)
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_UNITS = re.compile(rf"\s+|[^\s{_CJK}]+|.[、。，：；！？）」』-]*")


def _wrapped(content: str, width_chars: int) -> str:
    """`content` on lines of at most `width_chars` characters where it can be, broken at spaces and between CJK
    characters: a word, a number or a hyphenated word that fits on a line is never broken (textwrap broke
    'one-hot' as 'one-' and 'hot'); one longer than a line (a long name) is, after its hyphens, else anywhere."""
    lines, line, space = [], "", ""
    for unit in _UNITS.findall(content):
        if unit.isspace():
            space = " " * len(unit)
            continue
        for piece in _pieces(unit, width_chars):
            if line and len(line + space + piece) > width_chars:
                lines.append(line)
                line = piece
            else:
                line += (space if line else "") + piece
            space = ""
    return "\n".join([*lines, line] if line else lines)


def _pieces(word: str, width_chars: int) -> list[str]:
    """`word` whole if it fits on a line; else cut after each hyphen, and pieces still too long every
    `width_chars` characters."""
    if len(word) <= width_chars:
        return [word]
    parts = re.findall(r"[^-]+-*|-+", word)
    return [part[k : k + width_chars] for part in parts for k in range(0, len(part), max(width_chars, 1))]


def legend(*entries: tuple[VGroup, str]) -> VGroup:
    """A row of (symbol, meaning) pairs."""
    items = [
        VGroup(symbol, text(meaning, role="label", color=theme().muted)).arrange(RIGHT, buff=0.15)
        for symbol, meaning in entries
    ]
    return VGroup(*items).arrange(RIGHT, buff=0.5)


def math(*parts: str, role: str = "number", color: str | None = None, size: float | None = None) -> MathTex:
    """A formula (only for strings the code builds from numbers, never from user text), its numbers as the
    active language writes them (`SansTex`); each of `parts`
    is one submobject, so a part can be coloured or indicated by name (`formula[1]`), not by glyph.
    The equations of parts built by `scenes.kit.arithmetic` (`Tex`) are kept as `formula.relations`.

    Sized by `role`; `size` (manim's font size) overrides it, never below the smallest role's.
    """
    font_size = tex_size(role) if size is None else max(size, tex_size("small"))
    formula = _typeset(tuple(str(part) for part in parts), font_size, color or theme().text).copy()
    formula.role = role
    formula.relations = tuple(r for part in parts for r in getattr(part, "relations", ()))
    return formula


def math_width(*parts: str, role: str = "number") -> float:
    """The width `math(*parts, role=role)` has, without copying the formula: layouts measure many."""
    return _typeset(tuple(str(part) for part in parts), tex_size(role), theme().text).width


_TYPESET: dict[tuple, SansTex] = {}


def _typeset(parts: tuple[str, ...], font_size: float, color: str) -> SansTex:
    """A `SansTex` built once per process for these arguments and language (as `_shaped` for text)."""
    key = (parts, font_size, color, i18n.language())
    if key not in _TYPESET:
        _TYPESET[key] = SansTex(*parts, font_size=font_size, color=color)
    return _TYPESET[key]


def number(
    value: float, places: int = WEIGHT_PLACES, role: str = "number", color: str | None = None
) -> Number:
    """A live number (update it with `set_value`) with `places` decimals, sized by `role`."""
    shown = Number(
        float(value), num_decimal_places=places, font_size=tex_size(role), color=color or theme().text
    )
    shown.role = role
    return shown


def chapter_title(title: str, subtitle: str) -> VGroup:
    """The chapter's title and one-line subtitle, pinned to the top-left corner."""
    head = text(title, role="title")
    sub = text(subtitle, role="body", color=theme().muted)
    group = VGroup(head, sub).arrange(DOWN, aligned_edge=LEFT, buff=0.12)
    return group.to_corner(UL, buff=0.35)


def panel(width: float, height: float) -> RoundedRectangle:
    """A quiet background card for a block of numbers."""
    return RoundedRectangle(
        width=width,
        height=height,
        corner_radius=0.15,
        stroke_width=1,
        stroke_color=theme().grid,
        fill_color=theme().panel,
        fill_opacity=1,
    )


class Grid(VGroup):
    """Columns of mobjects laid out left-aligned in a table: `columns[j]` is a column (a VGroup, in the
    table), `row(i)` the cells of row i. `col_buff`, `row_buff`: the gaps between cells, in scene units.
    """

    def __init__(self, *columns, col_buff: float = 0.45, row_buff: float = 0.18):
        super().__init__(*[VGroup(*col) for col in columns])
        rows = len(columns[0])
        VGroup(*[col[r] for r in range(rows) for col in columns]).arrange_in_grid(
            rows=rows, cols=len(columns), col_alignments="l" * len(columns), buff=(col_buff, row_buff)
        )

    @property
    def columns(self) -> list[VGroup]:
        return list(self.submobjects)

    def row(self, i: int) -> VGroup:
        """Row i's cells, left to right (a new group: the cells stay in their columns)."""
        return VGroup(*[col[i] for col in self.submobjects])
