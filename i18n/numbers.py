"""Numbers as a language writes them (Babel's CLDR data): a fixed number of places, "0,768" in German and
"0.768" in Chinese, and vectors whose entries a semicolon separates where the comma is the decimal sign
("[0,768; 0,232]"). Floats are taken exactly (Decimal(x)), so each rounds as Python's f"{x:.3f}" rounds it:
a number prints the same digits in every language, and never as "-0,000". No digit grouping: the lecture's
numbers are small, and a German "1.234" would read as an English decimal.

`tex` does the same to a formula the lecture typesets in English form ("[0.665, 0.245]" becomes German
"[0{,}665; 0{,}245]"): the arithmetic behind it is built and checked on the English form, which `tex`
changes only in its signs, never its digits."""

from __future__ import annotations

import re
from decimal import Decimal

from babel.numbers import format_decimal, get_decimal_symbol

from i18n import language


def decimal(value: float, places: int, lang: str | None = None) -> str:
    """`value` to `places` decimals in `lang` (default: the active language)."""
    pattern = "0." + "0" * places if places else "0"
    exact = Decimal(value)
    if exact.quantize(Decimal(1).scaleb(-places)) == 0:
        exact = abs(exact)  # never "-0,000"
    return format_decimal(exact, format=pattern, locale=lang or language(), decimal_quantization=True)


def decimal_sign(lang: str | None = None) -> str:
    """The decimal sign: "," in German, "." in English and Chinese."""
    return get_decimal_symbol(lang or language())


UNITS = (
    "em|ex|pt|mu|bp|cm|mm|in|pc|dd|cc|sp"  # TeX's units: a length ('\\[-0.3em]') is TeX's, not a number shown
)
POINT = re.compile(rf"(?<=\d)\.(?=\d+(?!\d|{UNITS}))")  # a decimal point, between digits
LIST_COMMA = re.compile(
    r"(?:(?<=\d)|(?<=\\infty)),(?=(?: |\\[,;:]|\\quad)*(?:-|\d|\\infty|\\sqrt))"
)  # a comma between two listed numbers, TeX's spaces after it too ('0.5,\;\; 1')


def tex(formula: str, lang: str | None = None) -> str:
    """An English-form formula as `lang` (default: the active language) writes its numbers: where the comma is
    the decimal sign, a comma between listed numbers becomes ";" and the decimal point "{,}" (braced: TeX
    would space a bare comma as punctuation)."""
    if decimal_sign(lang) == ".":
        return formula
    listed = LIST_COMMA.sub(separator(lang).rstrip(), formula)
    return POINT.sub("{" + decimal_sign(lang) + "}", listed)


def separator(lang: str | None = None) -> str:
    """What stands between a vector's entries: ", ", or "; " where the comma is the decimal sign."""
    return "; " if get_decimal_symbol(lang or language()) == "," else ", "


def vector(values, places: int, lang: str | None = None) -> str:
    """A vector in brackets, each entry to `places` decimals: '[0,768; 0,232]' in German."""
    return "[" + separator(lang).join(decimal(float(v), places, lang) for v in values) + "]"
