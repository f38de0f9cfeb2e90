"""The slides and the handout in another language (issue 34): their own words from the catalogue, the documents'
language (the PPTX's core properties and every run's `lang`, the PDF's /Lang), the chapters' words still English
and marked so (runs, structure elements), and the Chinese handout's CJK font embedded with every glyph. Written
from one English render of the tiny chapters, copied into each language's folder (its videos are English in any
language this round): nothing is rendered again. In a pseudo-language that wraps every translation in «», the
documents show no word of their own that bypasses the catalogue."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from dataclasses import replace
from datetime import datetime, timezone

import pikepdf
import pytest
from fontTools.ttLib import TTCollection
from lxml import etree
from PIL import Image
from pptx import Presentation

import i18n
from pipeline import outputs
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import documents, handout
from scenes.chapters import registry
from tests.lecture.test_beats import BEATEN_NAMES, render_beaten
from tests.lecture.test_handout import fonts_embedded, pdf_text, pdfinfo, pdfua_check, structure
from tests.support.pseudo_language import pseudo_german

WORDS = {  # what a reader of the language finds, as the catalogues translate it
    "de": {
        "tag": "de-DE",
        "title": "Aufmerksamkeit erklärt",
        "subtitle": "Handout",
        "still": "Die noch nicht übersetzten Kapitel sind vorerst auf Englisch, mit den Beschreibungen ihrer Bilder.",
        "note": "Anmerkung: ",
        "continued": "(Fortsetzung)",
    },
    "zh": {
        "tag": "zh-CN",
        "title": "注意力机制详解",
        "subtitle": "讲义",
        "still": "尚未翻译的各章暂时仍为英文，其画面描述也是。",
        "note": "备注：",
        "continued": "（续）",
    },
}
ENGLISH = "en-US"  # the chapters' words: titles, beat names, narration, the pictures' descriptions
NOTE = "Read this aloud."  # a course's note, in its own words
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


@pytest.fixture(scope="module")
def lecture(tmp_path_factory, module_lecture, module_patch, run):
    """Beaten and Tiny rendered once as mp4, in English; their output folder."""
    out = tmp_path_factory.mktemp("languages")
    render_beaten(out, module_lecture, module_patch, run)
    return out


@pytest.fixture(scope="module")
def folders(lecture):
    """Per language, its settings and folder, where `documents.update` wrote both documents in it."""
    found = {}
    for lang in WORDS:
        settings = from_options("l", lang=lang)
        folder = outputs.folder(lecture, settings)
        shutil.copytree(lecture / "480p15", folder)
        lines = documents.update(lecture, registry.CHAPTERS, settings)
        assert len(lines) == 1 and f"wrote {folder / 'lecture.pptx'} and {folder / 'lecture.pdf'}" in lines[0]
        found[lang] = settings, folder
    return found


def said_with_a_note(folder, settings):
    """The tiny lecture's beats, a course's note on the first that is narrated (Tiny's first)."""
    entries = [Manifest.load(folder).get(c.slug, "mp4") for c in registry.CHAPTERS]
    said = list(documents.said_by_beat(folder, registry.CHAPTERS, entries, settings))
    first = next(k for k, one in enumerate(said) if one.lines)
    return [replace(one, note=NOTE) if k == first else one for k, one in enumerate(said)]


def runs(part: bytes) -> list[tuple[str, str | None]]:
    """(text, lang) of every run of a slide's or notes' XML."""
    return [
        (r.findtext(f"{A}t"), r.find(f"{A}rPr").get("lang")) for r in etree.fromstring(part).iter(f"{A}r")
    ]


def deck_runs(path) -> dict[str, list[tuple[str, str | None]]]:
    """The runs of each slide and notes part of a PPTX, by part name."""
    with zipfile.ZipFile(path) as package:
        names = [n for n in package.namelist() if re.fullmatch(r"ppt/(slides|notesSlides)/\w+\.xml", n)]
        return {name: runs(package.read(name)) for name in names}


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_deck_is_in_the_language_and_the_chapters_words_are_marked_english(folders, lang):
    _, folder = folders[lang]
    deck = Presentation(str(folder / "lecture.pptx"))
    assert (deck.core_properties.language, deck.core_properties.title) == (
        WORDS[lang]["tag"],
        WORDS[lang]["title"],
    )
    titles = [c.title for c in registry.CHAPTERS for _ in Manifest.load(folder).get(c.slug, "mp4").beats]
    assert [s.shapes.title.text for s in deck.slides] == titles  # the chapters' own, still English
    found = deck_runs(folder / "lecture.pptx")
    assert len(found) == 2 * len(titles)  # the slides and their notes (Beaten's are silent: empty)
    assert {text for part in found.values() for text, _ in part} >= {
        *titles,
        "a square appears",
        "it moves right",
    }
    assert {lang for part in found.values() for _, lang in part} == {ENGLISH}  # no note: every word theirs


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_courses_note_is_introduced_in_the_language(folders, lang, tmp_path):
    settings, folder = folders[lang]
    target, now = tmp_path / "noted.pptx", datetime.now(timezone.utc)
    documents.write_pptx(said_with_a_note(folder, settings), folder, settings, target, "A course", now)
    deck = Presentation(str(target)).slides
    (notes,) = [s.notes_slide.notes_text_frame for s in deck if NOTE in s.notes_slide.notes_text_frame.text]
    assert notes.text.startswith(f"{WORDS[lang]['note']}{NOTE}\n\n")
    first, *said = [r for p in notes.paragraphs for r in p.runs]
    assert first.font._rPr.get("lang") == WORDS[lang]["tag"]
    assert said and all(r.font._rPr.get("lang") == ENGLISH for r in said)
    assert i18n.language() == i18n.SOURCE  # the language was active only while writing


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_the_handout_is_in_the_language_with_the_chapters_words_marked_english(folders, lang):
    _, folder = folders[lang]
    pdf, words = folder / "lecture.pdf", WORDS[lang]
    first_page = " ".join(pdf_text(pdf).split("\f")[0].split())
    assert [words[k] in first_page for k in ("title", "subtitle", "still")] == [True] * 3
    assert re.search(rf"^Title:\s+{words['title']}$", pdfinfo(pdf), re.M)
    with pikepdf.open(pdf) as opened:
        assert str(opened.Root.Lang) == words["tag"]
        elements = [(str(e.S), str(e.get("/Lang", ""))) for e in structure(opened)]
    own = {kind: lang for kind, lang in elements if kind in ("/H1", "/H2", "/H3", "/Figure")}
    assert own == {"/H1": "", "/H2": ENGLISH, "/H3": ENGLISH, "/Figure": ENGLISH}
    marked = [lang for kind, lang in elements if kind == "/P"]
    assert marked[:2] == ["", ""] and set(marked[2:]) == {
        ENGLISH
    }  # subtitle and line of the title page; captions
    text = pdf_text(pdf)
    assert all(name in text for name in BEATEN_NAMES)
    assert pdfua_check(pdf)[0] == []


def test_the_chinese_handout_embeds_a_cjk_font_with_every_glyph(folders):
    pdf = folders["zh"][1] / "lecture.pdf"
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "WenQuanYi-Micro-Hei" in fonts and all(fonts_embedded(pdf))
    shown = set(CJK.findall(pdf_text(pdf)))
    own = " ".join(WORDS["zh"][k] for k in ("title", "subtitle", "still"))
    assert shown >= set(CJK.findall(own))
    found = subprocess.run(
        ["fc-match", "-f", "%{file}", "WenQuanYi Micro Hei"], capture_output=True, text=True
    )
    cmap = TTCollection(found.stdout).fonts[0].getBestCmap()
    assert [c for c in shown if ord(c) not in cmap] == []


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_handouts_own_words_on_later_pages_and_notes(lang, tmp_path):
    """A chapter over two pages: its running heading says "(continued)" in the language; a course's note in it."""
    poster = tmp_path / "poster.png"
    Image.new("RGB", (160, 90), "white").save(poster)
    made = [handout.HandoutBeat(f"Beat {k}", poster, [f"said {k}"], f"alt {k}", NOTE) for k in range(6)]
    with i18n.active(lang):
        handout.write("T", "S", [handout.HandoutChapter("One chapter", made)], tmp_path / "h.pdf", 16 / 9)
    pages = pdf_text(tmp_path / "h.pdf").split("\f")
    assert f"One chapter {WORDS[lang]['continued']}" in pages[2]
    assert " ".join(" ".join(pages).split()).count(f"{WORDS[lang]['note']}{NOTE}") == len(made)


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """A language ("de" to Babel) whose catalogue wraps every string of the template in «», read afresh."""
    with pseudo_german(tmp_path / "locales", monkeypatch):
        yield from_options("l", lang="de")


def leftover(text: str, english: set[str]) -> list[str]:
    """The words of `text` outside «» that are neither one of the `english` strings (the chapters') nor a page
    number."""
    text = re.sub(r"(?<=\w)- (?=\w)", "-", " ".join(text.split()))  # a word broken after its hyphen
    for known in sorted(english, key=len, reverse=True):
        text = text.replace(" ".join(known.split()), " ")
    return re.sub(r"«[^»]*»|\b\d+\b", " ", text).split()


def test_no_word_of_the_documents_own_bypasses_the_catalogue(lecture, pseudo, tmp_path):
    folder = outputs.folder(tmp_path, pseudo)
    shutil.copytree(lecture / "480p15", folder)
    assert documents.update(tmp_path, registry.CHAPTERS, pseudo)
    said = said_with_a_note(folder, pseudo)
    english = {text for one in said for text in (one.title, one.beat.name, *one.lines)}
    assert leftover(pdf_text(folder / "lecture.pdf"), english) == []
    poster = tmp_path / "poster.png"
    Image.new("RGB", (160, 90), "white").save(poster)
    made = [
        handout.HandoutBeat(f"Beat {k}", poster, [], "a white frame", NOTE) for k in range(6)
    ]  # over two pages
    with i18n.active("de"):
        handout.write("«T»", "«S»", [handout.HandoutChapter("One", made)], tmp_path / "h.pdf", 16 / 9)
    assert leftover(pdf_text(tmp_path / "h.pdf"), {"One", NOTE, *(b.name for b in made)}) == []
    target = tmp_path / "noted.pptx"
    documents.write_pptx(said, folder, pseudo, target, "«A course»", datetime.now(timezone.utc))
    own = [text for part in deck_runs(target).values() for text, lang in part if lang != ENGLISH]
    assert own and [text for text in own if leftover(text, {NOTE})] == []
    assert Presentation(str(folder / "lecture.pptx")).core_properties.title == "«Attention, explained»"
