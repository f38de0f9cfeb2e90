"""What every translated chapter writes alike: a word in quotation marks, a table's words marked for the
catalogue, and the numbers a caption says, as the active language writes them. It imports `_`, so a chapter
importing it counts as translated (`dependencies.in_language`): only translated chapters use it."""

from __future__ import annotations

import re

from i18n import _
from i18n.numbers import decimal_sign, separator


def N_(message: str) -> str:
    """`message` marked for the catalogue (Babel extracts N_) and kept English: a table built on import, before a
    render's language is active, is translated where it is shown, `_(message)`."""
    return message


def quoted(word: str) -> str:
    """A word in the active language's quotation marks: “the”, German „the“."""
    return _("“%(word)s”", word=word)


def said(printed: str) -> str:
    """A number as the screen prints it (English form), as the active language writes it in words: its decimal
    sign ('0,768' in German) and the minus sign the formulas draw ('−0.4', not a hyphen)."""
    return printed.replace(".", decimal_sign()).replace("-", "−")


def said_list(printed) -> str:
    """Numbers as printed, listed as the language writes them: '0.665, 0.245', German '0,665; 0,245'."""
    return separator().join(said(p) for p in printed)


def said_vector(printed) -> str:
    """'[0.665, −0.245]' for a caption from the strings the screen prints: German '[0,665; −0,245]'."""
    return "[" + said_list(printed) + "]"


def said_point(printed) -> str:
    """'(1.25, −0.4)' for a point, from the strings the screen prints for its coordinates: German '(1,25; −0,4)'."""
    return "(" + said_list(printed) + ")"


# story.WORDS, marked for the catalogue: a count a sentence spells out
COUNTS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"))
COUNTS += (N_("eight"), N_("nine"), N_("ten"))


def count(n: int) -> str:
    """'three' for 3 in the active language: small counts spelled out (`story.count`), larger ones in digits."""
    return _(COUNTS[n]) if 0 <= n < len(COUNTS) else str(n)


def counted_title(title: str, shown: str) -> str:
    """A chapter's `title` (the registry's, English) in the active language, counting as `shown` does (its
    title with the example's count, `registry.shown_title`: 'The four-token drag' for 'The three-token drag'):
    the catalogue's title, its count word the shown one's."""
    translated = _(title)
    counts = [next((w for w in COUNTS[1:] if re.search(rf"\b{w}\b", t)), None) for t in (title, shown)]
    if None in counts or counts[0] == counts[1]:
        return translated
    return translated.replace(_(counts[0]), _(counts[1]), 1)
