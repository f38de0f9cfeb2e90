"""The catalogues: a missing or fuzzy translation falls back to English string by string, placeholders are named
and filled in every language, each language's own plural rule is used, the committed template holds exactly the
strings the code marks, German and Chinese translate every one, and `render.py i18n status` reports them."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

import i18n
from i18n import _, catalogues, ngettext

PLACEHOLDER = re.compile(r"%\((\w+)\)s")
SHIPPED = ("de", "zh")


@pytest.fixture
def own_locales(tmp_path, monkeypatch):
    """A locales folder of the test's own (its catalogues read afresh), the real one back afterwards."""
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    monkeypatch.setattr(i18n, "TEMPLATE", tmp_path / "lecture.pot")
    monkeypatch.setattr(catalogues, "TEMPLATE", tmp_path / "lecture.pot")
    for cached in (i18n.catalogue, i18n.translations):
        cached.cache_clear()
    yield tmp_path
    for cached in (i18n.catalogue, i18n.translations):
        cached.cache_clear()


def write_catalogue(path, lang, entries):
    """A .po (or, with lang None, the .pot) of `entries`: (id, string, fuzzy)."""
    catalog = Catalog(locale=lang, domain=i18n.DOMAIN, fuzzy=False)
    for message, string, fuzzy in entries:
        catalog.add(message, string, flags=["fuzzy"] if fuzzy else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog)


def test_a_missing_or_fuzzy_translation_falls_back_to_english_string_by_string(own_locales):
    write_catalogue(
        i18n.po_file("de"),
        "de",
        [("Weights", "Gewichte", False), ("Next beat", "", False), ("Chapters", "Kapitelchen", True)],
    )
    with i18n.active("de"):
        assert [_("Weights"), _("Next beat"), _("Chapters"), _("Not in it")] == [
            "Gewichte",
            "Next beat",
            "Chapters",
            "Not in it",
        ]
    assert i18n.language() == "en" and _("Weights") == "Weights"


def test_status_counts_what_each_language_translated_and_names_what_is_missing(own_locales, run):
    ids = ["Weights", "Next beat", "Chapters"]
    write_catalogue(own_locales / "lecture.pot", None, [(m, "", False) for m in ids])
    write_catalogue(i18n.po_file("de"), "de", [("Weights", "Gewichte", False), ("Chapters", "Kapitel", True)])
    result = run("i18n", "status")
    assert (result.exit_code, result.output) == (
        0,
        "en: 3 of 3 translated, 0 missing\nde: 1 of 3 translated, 2 missing\n",
    )
    assert run("i18n", "status", "--lang", "de").output.splitlines()[1:] == [
        "  missing: Next beat",
        "  missing: Chapters",
    ]


def test_an_unknown_language_is_one_line_and_status_2(run):
    result = run("i18n", "status", "--lang", "xx")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "'xx' has no catalogue (languages: en, de, zh;" in result.output
    with pytest.raises(i18n.UnknownLanguage):
        i18n.use("xx")
    assert i18n.language() == "en"


def test_placeholders_are_named_and_filled_in_each_language():
    said = {}
    for lang in ("en", *SHIPPED):
        with i18n.active(lang):
            said[lang] = (_("Chapter %(number)s of %(count)s", number=3, count=15), _("Weights"))
    assert said == {
        "en": ("Chapter 3 of 15", "Weights"),
        "de": ("Kapitel 3 von 15", "Gewichte"),
        "zh": ("第 3 章，共 15 章", "权重"),
    }


def test_each_language_counts_by_its_own_plural_rule():
    forms = {}
    for lang in ("en", *SHIPPED):
        with i18n.active(lang):
            forms[lang] = [ngettext("%(num)s beat", "%(num)s beats", n) for n in (1, 2)]
    assert forms == {
        "en": ["1 beat", "2 beats"],
        "de": ["1 Abschnitt", "2 Abschnitte"],
        "zh": ["1 段", "2 段"],
    }


def test_the_committed_template_holds_exactly_the_strings_the_code_marks():
    """Run `render.py i18n extract` after marking a string (or removing one) and commit what it writes."""
    with i18n.TEMPLATE.open("rb") as file:
        committed = {m.id for m in read_po(file) if m.id}
    assert {m.id for m in catalogues.extracted() if m.id} == committed


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_shipped_languages_translate_every_string_keeping_its_placeholders(lang):
    (progress,) = [p for p in catalogues.status() if p.lang == lang]
    assert progress.missing == [] and progress.translated == progress.total > 100
    for message in i18n.catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = set().union(*(PLACEHOLDER.findall(m) for m in ids))
        for form, string in enumerate(strings):
            # a language of one form (Chinese) says the plural's count in it; the singular of a language of
            # several may spell its count out where the English singular does ('one cell', German 'eine Zelle')
            kept = ids[-1] if len(strings) == 1 else ids[min(form, len(ids) - 1)]
            assert set(PLACEHOLDER.findall(string)) <= allowed, (message.id, string)
            assert set(PLACEHOLDER.findall(kept)) - {"num"} <= set(PLACEHOLDER.findall(string)), string
