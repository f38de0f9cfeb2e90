"""The slides' and the handout's own words are in the catalogues: every string the modules that write them mark
is in the committed template, and German and Chinese translate each one (`render.py i18n status` lists none of
them as missing)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

import i18n
from i18n import catalogues

KEPT = {"de": {"Handout"}, "zh": set()}  # the English word, as German lecturers say it
WRITERS = ("pipeline/publish/slides.py", "pipeline/publish/handout.py", "pipeline/publish/documents.py")


@pytest.fixture(scope="module")
def marked() -> set[str]:
    """The strings the documents' modules mark for translation."""
    found = catalogues.extracted()
    return {m.id for m in found if m.id and any(where in WRITERS for where, _ in m.locations)}


def test_the_documents_strings_are_in_the_template(marked):
    with i18n.TEMPLATE.open("rb") as file:
        committed = {m.id for m in read_po(file) if m.id}
    assert {"Attention, explained", "Handout", "(continued)", "Note: %(note)s"} <= marked <= committed


@pytest.mark.parametrize("lang", ("de", "zh"))
def test_german_and_chinese_translate_every_one(marked, lang, run):
    result = run("i18n", "status", "--lang", lang)
    assert result.exit_code == 0, result.output
    missing = {line.removeprefix("  missing: ") for line in result.output.splitlines()[1:]}
    assert marked & missing == set()
    values = {"note": "x", "name": "y"}
    with i18n.active(lang):
        same = {message for message in marked if i18n._(message, **values) == message % values}
    assert same == KEPT[lang]


def test_documents_declare_a_language_with_its_region():
    """PowerPoint's and Word's language lists are regions': a code without one gets CLDR's likely region."""
    assert [i18n.tag(code) for code in ("en", "de", "zh", "pt_BR", "zh_Hant")] == [
        "en-US",
        "de-DE",
        "zh-CN",
        "pt-BR",
        "zh-TW",
    ]
    with i18n.active("zh"):
        assert i18n.tag() == "zh-CN"
