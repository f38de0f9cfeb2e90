"""Numbers cheap to update on every frame: DecimalNumber and Integer that redraw only what changed.

What they draw is DecimalNumber's with `mob_class=SansTex` (`tests/kit/test_number_mobjects.py` compares
them at many values): digits in the lecture's one number face, LaTeX's sans-serif math. They differ
only in speed: digits are rebuilt only when the printed text changes, a printed text is laid out once
(then its layout is copied), and glyphs are copied with `glyph_copy`.
"""

from __future__ import annotations

import copy
import functools
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
from manim import DecimalNumber, Integer, MathTex, TexTemplate

from i18n import numbers as locale_numbers
from scenes.kit.palette import CJK_FONT

# every formula and number of the lecture: LaTeX's default preamble with sans-serif math and text, and scripts
# at 80% and 75% of the text (TeX's 70% and 50%, made for print, leave subscripts and exponents too small to
# read on a screen: the one-query strip's e^{s_i} under 20 px at 1080p); fix-cm scales the fonts to any size
SCRIPT_SIZES = "\\usepackage{fix-cm}\n\\DeclareMathSizes{10}{10}{8}{7.5}"
SANS_TEX = TexTemplate(
    preamble=TexTemplate().preamble
    + "\n\\usepackage{sansmath}\n\\sansmath\n\\renewcommand{\\familydefault}{\\sfdefault}\n"
    + SCRIPT_SIZES
)

# a number's exponent (of 10 or of e, a German decimal comma too) set in text style, as large as the number it
# raises (TeX still raises it): a viewer reads it as a number, and as a script it stood below the smallest size
# (24 px at 1080p beside 30 px digits; reviews D10, F10: scientific notation's exponents read 8 px at 480p)
NUMBER_EXPONENT = re.compile(r"(?<![A-Za-z\\])(10|e)\^\{(-?\d+(?:(?:\.|\{[.,]\})\d+)?)\}")

# Chinese, Japanese and Korean characters (CJK blocks, Hangul, full-width forms), for which SANS_TEX has no fonts
CJK_CHARS = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
NON_ASCII = re.compile(r"[^\x00-\x7f]+")
# a formula with such words: XeLaTeX (which reads system fonts), every other glyph from SANS_TEX's fonts (XeLaTeX
# would pick Latin Modern), its words in the on-screen CJK face (`\cjk`, put round them by SansTex), a missing
# face one line of the log; LaTeX's CJK package has only Song and Kai faces for Chinese in Debian, and xeCJK
# ~100 MB of packages (docs/languages.md)
CJK_TEX = TexTemplate(
    tex_compiler="xelatex",
    output_format=".xdv",
    preamble="\n".join(
        [
            r"\usepackage[OT1]{fontenc}",
            r"\renewcommand{\rmdefault}{cmr}\renewcommand{\sfdefault}{cmss}\renewcommand{\ttdefault}{cmtt}",
            SANS_TEX.preamble,
            rf'\suppressfontnotfounderror=1 \font\cjkface="{CJK_FONT}" at 10pt \suppressfontnotfounderror=0',
            rf"\ifx\cjkface\nullfont\errmessage{{No font {CJK_FONT}: apt-get install fonts-wqy-microhei}}\fi",
            rf'\DeclareFontFamily{{TU}}{{cjk}}{{}}\DeclareFontShape{{TU}}{{cjk}}{{m}}{{n}}{{<-> "{CJK_FONT}"}}{{}}',
            r"\newcommand{\cjk}[1]{\text{\special{dvisvgm:raw <g class='cjk'>}\fontencoding{TU}\fontfamily{cjk}"
            r"\selectfont #1\special{dvisvgm:raw </g>}}}",
        ]
    ),
)


class SansTex(MathTex):
    """A MathTex typeset with SANS_TEX unless another template is given (CJK_TEX where it has CJK words),
    its numbers written as the active language writes them (`i18n.numbers.tex`: German '0{,}768'); formulas
    are built in English form, which their `relations` keep."""

    def __new__(cls, *tex_strings, **kwargs):
        """One with CJK words is a `CjkTex` (its own SVG hook: the other formulas keep manim's, which the kit's
        fast loader reads, `svg_loading`)."""
        if cls is SansTex and "tex_template" not in kwargs and any(CJK_CHARS.search(t) for t in tex_strings):
            cls = CjkTex
        return super().__new__(cls)

    def __init__(self, *tex_strings, **kwargs):
        parts = [locale_numbers.tex(part) for part in tex_strings]
        if "tex_template" not in kwargs and any(CJK_CHARS.search(part) for part in parts):
            kwargs["tex_template"] = CJK_TEX
            parts = [in_cjk_face(part) for part in parts]
        kwargs.setdefault("tex_template", SANS_TEX)
        super().__init__(*parts, **kwargs)

    def _get_modified_expression(self, tex_string: str) -> str:
        """manim's, a number's exponent in text style (`NUMBER_EXPONENT`): only what LaTeX sets changes, so the
        formula's `tex_string` (what tests and relations read) stays as written."""
        return NUMBER_EXPONENT.sub(r"\1^{\\textstyle \2}", super()._get_modified_expression(tex_string))


class CjkTex(SansTex):
    """A SansTex with Chinese, Japanese or Korean words, typeset with CJK_TEX."""

    def modify_xml_tree(self, element_tree: ET.ElementTree) -> ET.ElementTree:
        """manim's, the CJK face's glyphs put back on their baseline where dvisvgm moved them (`on_baseline`)."""
        if self.tex_template.tex_compiler == CJK_TEX.tex_compiler and dvisvgm_moves_cjk():
            on_baseline(element_tree)
        return super().modify_xml_tree(element_tree)


def in_cjk_face(tex: str) -> str:
    r"""`tex` for CJK_TEX: every run of characters beyond ASCII in the CJK face ('\cjk{输出}'), the only face of
    that template that has them (its TeX fonts have ASCII's under XeLaTeX)."""
    return NON_ASCII.sub(lambda run: rf"\cjk{{{run.group()}}}", tex)


SVG = "{http://www.w3.org/2000/svg}"
LINK = "{http://www.w3.org/1999/xlink}href"
PATH_PART = re.compile(r"[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")


@functools.cache
def dvisvgm_moves_cjk() -> bool:
    """Whether this dvisvgm moves the glyphs of a font with vertical metrics (CJK faces) off the baseline in
    horizontal text: before 3.1 (Debian 12 has 3.0.3) it centred each on its box (mgieseki/dvisvgm#235)."""
    if shutil.which("dvisvgm") is None:
        return False
    version = re.search(
        r"(\d+)\.(\d+)", subprocess.run(["dvisvgm", "--version"], capture_output=True, text=True).stdout
    )
    return version is not None and (int(version[1]), int(version[2])) < (3, 1)


def on_baseline(tree: ET.ElementTree) -> None:
    r"""Undo dvisvgm 3.0's move of each glyph inside `\cjk` (marked `<g class='cjk'>`): it added to the glyph's y
    h + (d - h - d⁺) / 2, h its outline's top above the baseline (at least 0), d its depth, d⁺ at least 0."""
    defs = tree.getroot().find(f"{SVG}defs")
    defined = list(defs) if defs is not None else []
    # a glyph's id -> its top and depth: its path's, or (the glyph at another size) a scaled use's of a path
    glyphs = {glyph.get("id"): _extent(glyph.get("d")) for glyph in defined if glyph.tag == f"{SVG}path"}
    for glyph in defined:
        if glyph.tag == f"{SVG}use":
            scale = float(re.fullmatch(r"scale\(([\d.]+)\)", glyph.get("transform"))[1])
            glyphs[glyph.get("id")] = tuple(scale * v for v in glyphs[glyph.get(LINK).lstrip("#")])
    for group in tree.iter(f"{SVG}g"):
        if group.get("class") == "cjk":
            for use in group.iter(f"{SVG}use"):
                top, depth = glyphs[use.get(LINK).lstrip("#")]
                moved = max(top, 0) + (depth - max(top, 0) - max(depth, 0)) / 2
                use.set("y", repr(float(use.get("y")) - moved))


def _extent(d: str) -> tuple[float, float]:
    """An SVG glyph path's top above its baseline and depth below it, over every point of `d` (control points too,
    as dvisvgm measures); `d` in absolute commands, as dvisvgm writes them."""
    ys, command, k = [], "M", 0
    for token in PATH_PART.findall(d):
        if token.isalpha():
            command, k = token.upper(), 0
            continue
        if command == "V" or (command != "H" and k % 2):
            ys.append(float(token))
        k += 1
    return -min(ys), max(ys)


GLYPHS: dict[tuple[type, str], MathTex] = {}  # one glyph per class and string (manim's map is per string)
LAID_OUT: dict[tuple, tuple[list, float]] = {}  # a printed number's glyphs as laid out, and its height


def glyph_copy(mobject):
    """A copy of a number or digit glyph and its family, sharing no arrays, lists or dicts with it.

    Equal to `mobject.copy()` for these (no attribute refers to another family member) and
    about ten times faster: `copy()` deep-copies every attribute, colours included.
    """
    clone = copy.copy(mobject)
    for name, value in vars(mobject).items():
        if isinstance(value, np.ndarray):
            setattr(clone, name, value.copy())
        elif isinstance(value, (list, dict)):
            setattr(clone, name, copy.copy(value))
    clone.submobjects = [glyph_copy(part) for part in mobject.submobjects]
    return clone


class QuickDigits:
    """For DecimalNumber classes without a unit: `set_value` redraws the digits only when the printed
    text changes, and glyphs and copies are made with `glyph_copy`. What is drawn is DecimalNumber's.

    Overrides three of DecimalNumber's private methods (manim 0.22); the test pins what they draw.
    """

    def __deepcopy__(self, memo):
        clone = memo[id(self)] = glyph_copy(self)
        return clone

    def _get_num_string(self, number) -> str:
        """DecimalNumber's text, with the active language's decimal sign (German '0,768'): the glyphs drawn."""
        return super()._get_num_string(number).replace(".", locale_numbers.decimal_sign())

    def _set_submobjects_from_number(self, number) -> None:
        """DecimalNumber's, its layout (glyphs sized, arranged, centred) made once per printed text and
        look, then copied: laying out is most of an update's time (a grid's cells update by the hundred).
        `printed` is the English form (a decimal point, what the arithmetic checks read), whatever the glyphs say."""
        self.printed = DecimalNumber._get_num_string(self, number)
        if self.show_ellipsis or self.unit is not None or self.include_background_rectangle:
            return super()._set_submobjects_from_number(number)
        key = (self._get_num_string(number), self.mob_class, self._font_size, self.digit_buff_per_font_unit)
        if key not in LAID_OUT:
            super()._set_submobjects_from_number(number)
            LAID_OUT[key] = [glyph_copy(glyph) for glyph in self.submobjects], self.initial_height
        glyphs, self.initial_height = LAID_OUT[key]
        self.number = number
        self.submobjects = [glyph_copy(glyph) for glyph in glyphs]

    def set_value(self, number):
        if DecimalNumber._get_num_string(self, number) != self.printed:
            return super().set_value(number)
        self.number = number
        return self.init_colors()  # as DecimalNumber.set_value ends

    def _string_to_mob(self, string: str, mob_class=None, **kwargs):
        """DecimalNumber's, with `glyph_copy` for the cached glyph's `copy()`, cached per class."""
        key = (mob_class or self.mob_class, string)
        if key not in GLYPHS:
            GLYPHS[key] = key[0](string, **kwargs)
        glyph = glyph_copy(GLYPHS[key])
        glyph.font_size = self._font_size
        return glyph


class Number(QuickDigits, DecimalNumber):
    """A DecimalNumber in SansTex that is cheap to update on every frame."""

    def __init__(self, number: float = 0, **kwargs):
        kwargs.setdefault("mob_class", SansTex)
        super().__init__(number, **kwargs)


class WholeNumber(QuickDigits, Integer):
    """An Integer in SansTex that is cheap to update on every frame."""

    def __init__(self, number: float = 0, **kwargs):
        kwargs.setdefault("mob_class", SansTex)
        super().__init__(number, **kwargs)
