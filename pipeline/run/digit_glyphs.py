"""A formula typeset without LaTeX: the SVG of a formula like it (the same but for its digits), digits swapped.

TeX sets every digit of a font equally wide, high and deep, so two formulas that differ only in their digits
(the same `typeset.stand_in`) are laid out alike: the same page, every glyph at the same place. Their SVGs
(dvisvgm's, glyphs as paths) differ only in which digit glyph each digit's `<use>` draws. A custom example's
workings ('e^{0.913} \\approx 2.491') are such formulas, dozens a chapter, each a latex and a dvisvgm run of
its own otherwise. The swap is made only where it is sure: the look-alike's digits, in the order dvisvgm
draws them, are its source's digits in order (so each digit's glyph is known), no base carries two scripts
and no fraction or stacked layout reorders them, and every digit glyph needed is known in that font from a
formula typeset before (`learn`). Over the 2,488 pairs of look-alikes the tests' formulas hold, the SVG so
made draws what LaTeX's does, glyph for glyph (`tests/pipeline/test_digit_glyphs.py`).
"""

from __future__ import annotations

import re

USE = re.compile(r"<use x='[^']*' y='[^']*' xlink:href='#g(\d+)-(\d+)'/>")
GLYPH = re.compile(r"<path id='g(\d+)-(\d+)' d='([^']*)'/>")
ZERO, NINE = ord("0"), ord("9")  # dvisvgm names a glyph g<font>-<character code>
# layouts whose glyphs dvisvgm may draw in another order than the source writes them
REORDERED = re.compile(
    r"[_^]\s*(?:\{[^{}]*\}|\\?\w)\s*[_^]"  # a base with a subscript and a superscript
    r"|\\(?:underset|overset|stackrel|substack|sqrt\s*\[|frac|dfrac|tfrac|binom|atop|over\b)"
)
_DIGITS: dict[str, dict[int, str]] = {}  # a font (named by one of its digit glyphs) -> code -> glyph path
_FONT: dict[str, str] = {}  # a digit glyph's path -> its font's name


def learn(svg: str) -> None:
    """Remember the digit glyphs `svg` defines, by font (a font is known by any digit glyph of it)."""
    for glyphs in _digit_glyphs(svg).values():
        font = next((_FONT[d] for d in glyphs.values() if d in _FONT), next(iter(glyphs.values())))
        for code, path in glyphs.items():
            _FONT[path] = font
            _DIGITS.setdefault(font, {})[code] = path


def swapped(digits: list[str], alike_digits: list[str], alike_svg: str, expression: str) -> str | None:
    """The SVG of `expression`, whose number digits (in source order) are `digits`, made from `alike_svg`, the
    SVG of a formula whose digits are `alike_digits`; None where that is not sure (see the module)."""
    uses = [m for m in USE.finditer(alike_svg) if ZERO <= int(m.group(2)) <= NINE]
    drawn = [chr(int(m.group(2))) for m in uses]
    if REORDERED.search(expression) or len(digits) != len(alike_digits) or drawn != alike_digits:
        return None
    fonts = _digit_glyphs(alike_svg)
    defined = {(font, int(code)) for font, code, _ in GLYPH.findall(alike_svg)}
    added, pieces, last = [], [], 0
    for use, digit in zip(uses, digits):
        font, code = use.group(1), ord(digit)
        if (font, code) not in defined:
            path = _DIGITS.get(_FONT.get(next(iter(fonts[font].values()))), {}).get(code)
            if path is None:
                return None
            added.append(f"<path id='g{font}-{code}' d='{path}'/>\n")
            defined.add((font, code))
        pieces += [alike_svg[last : use.start(2)], str(code)]
        last = use.end(2)
    svg = "".join([*pieces, alike_svg[last:]])
    if added and "<defs>\n" not in svg:
        return None
    return svg.replace("<defs>\n", "<defs>\n" + "".join(added), 1)


def _digit_glyphs(svg: str) -> dict[str, dict[int, str]]:
    """The digit glyphs `svg` defines: font number -> character code -> path."""
    found: dict[str, dict[int, str]] = {}
    for font, code, path in GLYPH.findall(svg):
        if ZERO <= int(code) <= NINE:
            found.setdefault(font, {})[int(code)] = path
    return found
