"""The lecture's words in the viewer's language: gettext catalogues, one `.po` file per language
(`i18n/locales/<lang>/LC_MESSAGES/lecture.po`), read with Babel and compiled in memory (no `.mo` is committed).
One language is active at a time (`use`, `active`), set once per render; English is the source. A string
without a translation (missing, or marked fuzzy) stays English, string by string.

Placeholders are gettext's named `%(name)s`, as in `_("Chapter %(number)s", number=3)`: the one form the Python
and Jinja2 sides share (Jinja2's newstyle gettext formats with `%`), that Babel's python-format check and every
`.po` editor know, so a translator may reorder them but not drop or rename one unnoticed. Plurals count `num`
(Jinja2's name): `ngettext("%(num)s chapter", "%(num)s chapters", n)`.

Imports neither manim nor the pipeline: scenes may use `_()` too."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.core import Locale, get_global
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "lecture"
SOURCE = "en"  # the language the strings are written in
LOCALES = Path(__file__).parent / "locales"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"  # every string to translate, as extracted (`catalogues.extract`)

MIXED = "mul"  # BCP 47 and ISO 639-2 alike: words in more than one language (a lecture of chapters in two)
THREE_LETTER = {
    SOURCE: "eng",
    "de": "deu",
    "zh": "zho",
    MIXED: MIXED,
}  # ISO 639-2/T, per language with a catalogue

_active = SOURCE


class UnknownLanguage(ValueError):
    """A language without a catalogue."""


def po_file(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> tuple[str, ...]:
    """English and every language with a catalogue, in that order."""
    found = sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *found)


def check(lang: str) -> str:
    """`lang` when it is English or has a catalogue; UnknownLanguage (one line) otherwise."""
    if lang not in languages():
        known = ", ".join(languages())
        new = po_file(lang).relative_to(LOCALES.parent.parent)
        raise UnknownLanguage(f"{lang!r} has no catalogue (languages: {known}; a new one is {new})")
    return lang


def use(lang: str) -> None:
    """Make `lang` the active language."""
    global _active
    _active = check(lang)


def language() -> str:
    """The active language."""
    return _active


def tag(lang: str | None = None) -> str:
    """`lang` (default: the active language) as a document declares it, a BCP 47 tag with a region, CLDR's likely
    one where the code names none: 'de-DE', 'zh-CN', 'en-US', 'pt-BR' (PowerPoint's and Word's language lists
    are regions')."""
    code = lang or _active
    locale = Locale.parse(code)
    region = locale.territory or Locale.parse(get_global("likely_subtags").get(code, code)).territory
    return f"{locale.language}-{region}" if region else locale.language


def three_letter(lang: str) -> str:
    """`lang` as MP4 and Matroska name a track's language, ISO 639-2/T ('deu', 'zho'; Babel knows these codes only
    as aliases, bibliographic 'ger' beside 'deu'); 'und' (undetermined) for a language not in THREE_LETTER."""
    return THREE_LETTER.get(lang, "und")


@contextmanager
def active(lang: str) -> Iterator[None]:
    """`lang` active within the block, the one before restored after."""
    before = _active
    use(lang)
    try:
        yield
    finally:
        use(before)


@cache
def catalogue(lang: str) -> Catalog:
    """The language's catalogue as its .po file has it."""
    with po_file(check(lang)).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The language's translations, compiled in memory (fuzzy and empty entries left out: they stay English)."""
    if check(lang) == SOURCE:
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, catalogue(lang))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def _(message: str, **values) -> str:
    """`message` in the active language, its `%(name)s` placeholders filled from `values`."""
    text = translations(_active).gettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, num: int, **values) -> str:
    """The form for `num` in the active language (its own plural rule), `%(num)s` and `values` filled in."""
    return translations(_active).ngettext(singular, plural, num) % {"num": num, **values}
