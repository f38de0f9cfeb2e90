"""The descriptions of the pictures and the beat names in another language (issue 34): a translated chapter's are in
the render's language, its numbers as that language writes them (a decimal comma in German), on the descriptions
track (its `srclang` and label), in the handout (its headings and figures unmarked) and on the page's and presenter
mode's beat names; an untranslated chapter's stay English, marked so. Written from each chapter's beats as the
chapter names them (a beats track, a manifest entry), so nothing is rendered."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from types import SimpleNamespace

import numpy as np
import pikepdf
import pytest
from PIL import Image

import i18n
from attention import DEFAULT
from i18n import words
from i18n.numbers import decimal
from pipeline import outputs
from pipeline.frames.beats import Beat
from pipeline.plan import dependencies
from pipeline.plan.manifest import Entry
from pipeline.plan.settings import from_options
from pipeline.publish import descriptions, documents, drawn, present_page, web_page
from scenes.chapters.registry import find
from tests.lecture.test_descriptions_by_name import beats_track
from tests.lecture.test_handout import pdf_text, structure

DRAG, MASK = find("ThreeTokenDrag"), find("CausalMask")
LANGS = ("de", "zh")


def end_weight() -> float:
    """The drag's first weight at the end of its path: a number its description of 'Drag the query' prints."""
    drag = DEFAULT.drag
    return float(drag.trace(drag.path[-1]).weights[0])


def chapter_folder(tmp_path, chapters) -> None:
    """Each chapter's video (empty) and its beats track, its beats named as `drawn` knows them."""
    for chapter in chapters:
        video = outputs.chapter_files(tmp_path, chapter.slug, "mp4").video
        video.write_bytes(b"")
        beats_track(present_page.beats_track(video), list(drawn.described(chapter.name, DEFAULT)))


def entry(chapter) -> Entry:
    """A manifest entry of the chapter with its beats, a second each."""
    names = list(drawn.described(chapter.name, DEFAULT))
    beats = tuple(Beat(n, 15 * k, 15, k, k + 1, 0, 1, 0.1) for k, n in enumerate(names))
    return Entry(chapter.slug, "mp4", "", {}, {}, float(len(beats)), 15 * len(beats), beats)


@pytest.fixture
def untranslated_mask(monkeypatch):
    """CausalMask taken for a chapter not yet translated (`dependencies.in_language`), whatever its code says."""
    real = dependencies.in_language
    monkeypatch.setattr(dependencies, "in_language", lambda c, lang: c.name != MASK.name and real(c, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_chapters_descriptions_track_is_in_the_language_an_untranslated_ones_english(
    tmp_path, lang, untranslated_mask
):
    chapter_folder(tmp_path, (DRAG, MASK))
    settings = from_options("l", lang=lang)
    found = descriptions.tracks(tmp_path, (DRAG, MASK), settings)
    drag, mask = (outputs.chapter_files(tmp_path, c.slug, "mp4").video for c in (DRAG, MASK))
    files = descriptions.files(found)
    german = files[descriptions.track(drag).name]
    with i18n.active(lang):
        keys, the = drawn.names(DRAG.name, DEFAULT)["Keys in a plane"], words.quoted("the")
    assert keys != "Keys in a plane" and [b.label for b in found[drag]][0] == keys
    assert decimal(end_weight(), 3, lang) in german and the in german  # in the language's quotation marks
    assert {b.lang for b in found[drag]} == {lang} and {b.lang for b in found[mask]} == {"en"}
    english = files[descriptions.track(mask).name]
    assert "A square grid labelled “scores”" in english and not re.search(r"\d,\d", english)
    with i18n.active(lang):
        page = web_page._video([drag], None, drag, lang, "", settings, found, "v")
        other = web_page._video([mask], None, mask, "en", "", settings, found, "w")
        label = i18n._("Descriptions (%(language)s)", language=web_page._language_name(lang))
        english_label = i18n._("English descriptions")
    assert f'kind="descriptions" srclang="{lang}" label="{label}"' in page
    assert f'kind="descriptions" srclang="en" label="{english_label}"' in other
    assert '<p class="description" aria-live="polite" lang="en">' in other
    assert '<p class="description" aria-live="polite">' in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_handout_describes_a_translated_chapter_in_the_language_and_marks_an_untranslated_one_english(
    tmp_path, lang, untranslated_mask
):
    settings = from_options("l", lang=lang)
    said = list(documents.said_by_beat(tmp_path, (DRAG, MASK), [entry(DRAG), entry(MASK)], settings))
    poster = tmp_path / "poster.png"
    Image.new("RGB", (16, 9)).save(poster)
    target, now = tmp_path / "lecture.pdf", datetime(2026, 12, 6, tzinfo=timezone.utc)
    documents.write_pdf(said, [poster] * len(said), settings, target, "Title", "Handout", now)
    text = " ".join(pdf_text(target).split())
    with i18n.active(lang):
        names = drawn.names(DRAG.name, DEFAULT)
    assert all(name in text for name in names.values()) and names["Drag the query"] != "Drag the query"
    with pikepdf.open(target) as opened:
        marked = [(str(e.S), str(e.get("/Lang", "")), str(e.get("/Alt", ""))) for e in structure(opened)]
    own = [(kind, lang, alt) for kind, lang, alt in marked if kind in ("/H3", "/Figure")]
    drag = 2 * len(names)  # a heading and a figure per beat, the drag's first
    assert {lang for _, lang, _ in own[:drag]} == {""} and {lang for _, lang, _ in own[drag:]} == {"en-US"}
    with i18n.active(lang):
        still = i18n._(
            "The chapters not yet translated are in English for now, with their pictures' descriptions."
        )
    assert still in text  # the title page says what is still English
    drag_only = tmp_path / "drag.pdf"
    documents.write_pdf(
        said[: len(names)], [poster] * len(names), settings, drag_only, "Title", "Handout", now
    )
    assert still not in " ".join(pdf_text(drag_only).split())  # nothing is
    alts = [alt for kind, _, alt in own if kind == "/Figure"]
    assert any(decimal(end_weight(), 3, lang) in alt for alt in alts[: len(names)])
    assert any("A square grid labelled “scores”" in alt for alt in alts[len(names) :])


@pytest.mark.parametrize("lang", LANGS)
def test_presenter_mode_and_the_page_show_a_translated_chapters_beat_names_in_the_language(tmp_path, lang):
    settings = from_options("l", lang=lang)
    names = list(drawn.described(DRAG.name, DEFAULT))
    beats = [{"chapter": 0, "name": n} for n in names]
    with i18n.active(lang):
        web_page._show_beat_names(beats, (DRAG,), settings)
        shown = [drawn.names(DRAG.name, DEFAULT)[n] for n in names]
        listed = web_page.beat_names(DRAG, names, settings)
    assert [b["name"] for b in beats] == shown == listed and shown != names
    assert {b["lang"] for b in beats} == {lang}
    with i18n.active(lang):
        assert str(web_page.beat_names(DRAG, [DRAG.title], settings)[0]) == i18n._(DRAG.title)


def test_names_built_from_numbers_are_messages_with_placeholders():
    """'At gain 2' and 'A vector, not three weights' (the chapters' own names, English) shown in the language."""
    with i18n.active("de"):
        gains = drawn.names("WhereItBreaks", DEFAULT)
        vector = drawn.names("BlendByWeight", DEFAULT)
        page = drawn.page_name("Chapters 4 to 6")
    assert gains["At gain 2"] == i18n.translations("de").gettext("At gain %(gain)s") % {"gain": "2"}
    assert vector["A vector, not three weights"] == (
        i18n.translations("de").gettext("A vector, not %(count)s weights") % {"count": "drei"}
    )
    assert page == i18n.translations("de").gettext("Chapters %(first)s to %(last)s") % {"first": 4, "last": 6}
    assert "At gain 2" not in gains.values()


@pytest.mark.parametrize("lang", (i18n.SOURCE, *LANGS))
def test_clauses_of_listed_numbers_split_back_into_their_clauses(lang):
    """German lists bare numbers with '; ' (its comma is the decimal sign): clauses that hold such lists, joined by
    '; ' too, could not be told apart. Words with their numbers are listed with the language's list comma, a row's
    numbers are bracketed where the language brackets them, so the clause separator splits only clauses."""
    cross = DEFAULT.cross
    grid = cross.cross()
    with i18n.active(lang):
        separator = i18n._("; ")
        blends = drawn.clauses(drawn.by_word(cross.source_tokens, w) for w in grid.weights)
        rows = drawn.rows(cross.target_tokens, grid.weights)
    outside = [re.sub(r"\[[^]]*\]", "[]", text) for text in (blends, rows)]  # a vector's entries are its own
    assert [len(text.split(separator)) for text in outside] == [len(cross.target_tokens)] * 2


@pytest.mark.parametrize(
    ("lang", "said"), [(i18n.SOURCE, "our key, one cell,"), ("de", "eine Zelle"), ("zh", "一个格子")]
)
def test_a_one_wide_key_is_one_cell_with_the_article_its_noun_takes(lang, said):
    """ShrinkScores' strip of a one-wide key: a singular of its own, so German says 'eine Zelle', not 'ein Zelle'."""
    one_wide = SimpleNamespace(blend=SimpleNamespace(keys=[np.array([2.0])]))
    with i18n.active(lang):
        text = drawn.shrink_scores(one_wide)["The divisor"]
    assert said in text and "ein Zelle" not in text
