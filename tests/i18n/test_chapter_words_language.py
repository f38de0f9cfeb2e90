"""Whether a chapter's words are in the render's language has one answer, `dependencies.in_language` (the rule by
which a chapter's inputs carry the catalogue), and every output asks it (issue 34): the caption track inside a
video, the page's captions tracks, `lang` marks and titles, the transcript, the slides' runs and the handout's
structure. A translated chapter (FixedContext in German) gets its title from the catalogue and no English mark;
an untranslated one (the tiny test chapter Tiny) stays English and marked so. Nothing real is rendered: the
tiny chapters' render is dressed, Tiny's files copied as FixedContext's (its video, captions, beats), and the
outputs are written from it. With the rule turned around, every output follows it: none decides by a rule of its own."""

from __future__ import annotations

import re
import shutil
from datetime import datetime, timezone
from html.parser import HTMLParser

import av
import pikepdf
import pytest
from pptx import Presentation

import i18n
from pipeline import outputs
from pipeline.frames import captions, video
from pipeline.plan import dependencies
from pipeline.plan.dependencies import Scanner
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import documents, lecture, script, web_page
from scenes.chapters import registry
from scenes.kit.chapter import Line
from tests.lecture.test_beats import render_beaten
from tests.lecture.test_handout import pdf_text, structure
from tests.support.pseudo_language import pseudo_german

FIXED = next(
    c for c in registry.CHAPTERS if c.name == "FixedContext"
)  # the real one, before the tiny lecture
GERMAN = from_options("l", lang="de")
NOW = datetime(2026, 12, 6, tzinfo=timezone.utc)


@pytest.mark.parametrize("lang", i18n.languages())
def test_the_answer_is_the_rule_by_which_a_chapters_inputs_carry_the_catalogue(lang):
    scanner = Scanner()
    settings = from_options("l", lang=lang)
    for chapter in registry.CHAPTERS:
        carried = "catalogue" in scanner.inputs(chapter, settings)
        assert dependencies.in_language(chapter, lang) == carried, chapter.name
        assert dependencies.language_of(chapter, lang) == (lang if carried else i18n.SOURCE)
    assert dependencies.in_language(FIXED, lang) == (lang != i18n.SOURCE)


def test_every_language_with_a_catalogue_names_its_tracks_in_three_letters():
    assert [lang for lang in i18n.languages() if lang not in i18n.THREE_LETTER] == []
    assert [i18n.three_letter(lang) for lang in ("en", "de", "zh", i18n.MIXED)] == [
        "eng",
        "deu",
        "zho",
        "mul",
    ]


class Languages(HTMLParser):
    """Each text node of a page (or of part of it, in the language `outer`) with the language it is in: the
    innermost `lang` around it."""

    def __init__(self, outer: str):
        super().__init__()
        self.open: list[tuple[str, str | None]] = [("", outer)]
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag not in {"meta", "link", "input", "img", "source", "track", "br"}:
            self.open.append((tag, dict(attrs).get("lang")))

    def handle_endtag(self, tag):
        while len(self.open) > 1 and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if data.strip():
            self.found.append((data.strip(), next(lang for _, lang in reversed(self.open) if lang)))


def languages_of(page: str) -> list[tuple[str, str]]:
    parser = Languages(GERMAN.lang)
    parser.feed(page)
    return parser.found


@pytest.fixture(scope="module")
def dressed(tmp_path_factory, module_lecture, module_patch, run):
    """The tiny lecture (Beaten, Tiny) rendered once in English, its folder copied as German's with Tiny's files
    also as FixedContext's; the chapters (FixedContext, Tiny: 1 and 2), and their manifest entries (Tiny's)."""
    out = tmp_path_factory.mktemp("words")
    render_beaten(out, module_lecture, module_patch, run)
    tiny = registry.CHAPTERS[1]
    folder = outputs.folder(out, GERMAN)
    shutil.copytree(out / "480p15", folder)
    for path in folder.glob(f"{tiny.slug}.*"):
        shutil.copyfile(path, folder / path.name.replace(tiny.slug, FIXED.slug))
    entry = Manifest.load(folder).get(tiny.slug, "mp4")
    return folder, (FIXED, tiny), [entry, entry]


def written(dressed, tmp_path, settings=GERMAN) -> dict:
    """The outputs that mark a chapter's language, written from the dressed folder: the page and transcript,
    the slides' runs (text, lang) by slide, the handout's structure elements (kind, /Lang, text) and text."""
    folder, chapters, entries = dressed
    pages = web_page.pages(folder, chapters, settings)
    said = list(documents.said_by_beat(folder, chapters, entries, settings))
    documents.write_pptx(said, folder, settings, tmp_path / "deck.pptx", "T", NOW)
    posters = [outputs.chapter_files(folder, s.chapter.slug, "mp4").beat_poster(s.number) for s in said]
    documents.write_pdf(said, posters, settings, tmp_path / "hand.pdf", "T", "S", NOW)
    deck = Presentation(str(tmp_path / "deck.pptx"))
    slides = [
        [(r.text, r.font._rPr.get("lang")) for p in s.shapes.title.text_frame.paragraphs for r in p.runs]
        + [
            (r.text, r.font._rPr.get("lang"))
            for p in s.notes_slide.notes_text_frame.paragraphs
            for r in p.runs
        ]
        for s in deck.slides
    ]
    with pikepdf.open(tmp_path / "hand.pdf") as pdf:
        elements = [(str(e.S), str(e.get("/Lang", ""))) for e in structure(pdf)]
    return {
        "index": pages["index.html"],
        "transcript": pages["transcript.html"],
        "slides": slides,
        "beats": [len(e.beats) for e in entries],
        "handout": elements,
        "handout text": pdf_text(tmp_path / "hand.pdf"),
    }


def heading(page: str, number: int, level: int = 3) -> str:
    """A chapter's heading on the page (h3) or the transcript (h2), as HTML."""
    return re.search(rf'<h{level} id="chapter-{number}">(.*?)</h{level}>', page)[1]


def langs(page: str, text: str) -> set[str]:
    """The languages of the page's text nodes that hold `text`."""
    return {lang for found, lang in languages_of(page) if text in found}


def track(page: str, element_id: str) -> str:
    """The captions track of a player, as HTML."""
    return re.search(rf'<video id="{element_id}".*?(<track kind="captions"[^>]*>)', page, re.DOTALL)[1]


def test_a_translated_chapters_caption_track_is_in_its_language_inside_the_video(dressed, tmp_path):
    folder, chapters, _ = dressed
    made = tmp_path / "captioned.mp4"
    shutil.copyfile(folder / f"{FIXED.slug}.mp4", made)
    cues = captions.read(folder / f"{FIXED.slug}.srt")
    video.add_tracks(made, "mp4", cues=cues, language=dependencies.language_of(FIXED, "de"))
    with av.open(str(made)) as opened:
        assert [s.metadata.get("language") for s in opened.streams.subtitles] == ["deu"]
    assert lecture.language(chapters, GERMAN) == i18n.MIXED  # the lecture of both: 'mul'
    assert lecture.language(chapters[:1], GERMAN) == "de"
    assert lecture.language(chapters, from_options("l")) == i18n.SOURCE


def test_a_german_render_writes_each_chapters_caption_track_in_its_words_language(
    use_chapters, run, tmp_path
):
    """Through the render itself (scene_render.publish): the chapter whose code translates has a German
    caption track, the one whose code does not an English one."""
    use_chapters("Spoken", "Tiny")
    done = run("render", "--lang", "de", "--output", tmp_path)
    assert done.exit_code == 0, done.output
    found = {}
    for name in ("01-Spoken", "02-Tiny"):
        with av.open(str(outputs.folder(tmp_path, GERMAN) / f"{name}.mp4")) as opened:
            found[name] = [s.metadata.get("language") for s in opened.streams.subtitles]
    assert found == {"01-Spoken": ["deu"], "02-Tiny": ["eng"]}
    assert captions.read(outputs.folder(tmp_path, GERMAN) / "01-Spoken.srt")[0].content == "Gewichte"


def test_the_narration_script_in_a_language_has_its_translated_chapters_lines_in_it(
    use_chapters, run, tmp_path
):
    """`script --lang de` (to record into recordings:DIR/de) writes script.de.txt and .html beside the English
    ones, a translated chapter's lines in German."""
    use_chapters("Spoken", "Tiny")
    assert run("script", "--output", tmp_path).exit_code == 0
    done = run("script", "--lang", "de", "--output", tmp_path)
    assert done.exit_code == 0 and "script.de.txt" in done.output, done.output
    said = {
        lang: lines_said(tmp_path / name) for lang, name in (("en", "script.txt"), ("de", "script.de.txt"))
    }
    assert said == {
        "en": ["Weights"],
        "de": ["Gewichte"],
    }  # Tiny, a plain manim scene, says nothing to record
    assert 'lang="de"' in (tmp_path / "script.de.html").read_text()


def lines_said(script) -> list[str]:
    """The words of each line of a narration script (its last column)."""
    return [row.split("\t")[-1] for row in script.read_text().splitlines() if not row.startswith("#")]


def test_the_german_outputs_give_a_translated_chapter_its_language_and_mark_the_others_english(
    dressed, tmp_path
):
    found = written(dressed, tmp_path)
    tiny = dressed[1][1].title
    german = i18n.translations("de").gettext(FIXED.title)
    assert german != FIXED.title
    index = found["index"]
    assert heading(index, 1) == f"1. {german}"  # no mark: the page's language
    assert heading(index, 2) == f'2. <span lang="en">{tiny}</span>'
    assert 'srclang="de" label="Deutsch"' in track(index, "video-1")
    assert 'srclang="en" label="Englisch"' in track(index, "video-2")
    assert 'srclang="mul" label="Mehrsprachig"' in track(index, "lecture")
    assert langs(index, german) == {"de"}  # the heading, the lecture's mark
    fixed, other = found["transcript"].split('<h2 id="chapter-2">')
    assert heading(found["transcript"], 1, 2) == f"1. {german}" and langs(fixed, german) == {
        "de"
    }  # contents too
    assert langs(other, tiny) == {"en"}
    assert langs(fixed, "a square appears") == {"de"} and langs(other, "a square appears") == {"en"}
    fixed, other = found["slides"][: found["beats"][0]], found["slides"][found["beats"][0] :]
    assert {run for slide in fixed for run in slide} >= {(german, "de-DE"), ("a square appears", "de-DE")}
    assert {lang for slide in fixed for _, lang in slide} == {"de-DE"}
    assert {lang for slide in other for _, lang in slide} == {"en-US"}
    assert german in " ".join(found["handout text"].split())
    handout = found["handout"]
    assert [lang for kind, lang in handout if kind == "/H2"] == ["", "en-US"]  # the document's: de-DE
    # beat names and pictures: FixedContext's in the document's language (unmarked), Tiny's English
    assert {lang for kind, lang in handout if kind in ("/H3", "/Figure")} == {"", "en-US"}


def test_every_output_follows_the_one_answer_and_no_rule_of_its_own(dressed, tmp_path, monkeypatch):
    """In a pseudo-language that wraps every translation in «», the rule turned around (Tiny translated,
    FixedContext not): FixedContext's title is English and marked so everywhere, no «» in sight of it, and
    Beaten's outputs carry the language. With the rule as it is, FixedContext's title is the catalogue's («»)."""
    (tmp_path / "rule").mkdir()
    with pseudo_german(tmp_path / "locales", monkeypatch):
        found = written(dressed, tmp_path / "rule")
        wrapped = f"«{FIXED.title}»"
        assert heading(found["index"], 1) == f"1. {wrapped}"
        assert wrapped in " ".join(found["handout text"].split())
        assert (wrapped, "de-DE") in found["slides"][0]
        monkeypatch.setattr(dependencies, "in_language", lambda chapter, lang: chapter.name != "FixedContext")
        found = written(dressed, tmp_path)
    index, transcript, tiny = found["index"], found["transcript"], dressed[1][1].title
    assert f"«{FIXED.title}»" not in index + transcript + found["handout text"]
    assert heading(index, 1) == f'1. <span lang="en">{FIXED.title}</span>'
    assert heading(index, 2) == f"2. {tiny}"
    assert 'srclang="en"' in track(index, "video-1") and 'srclang="de"' in track(index, "video-2")
    assert heading(transcript, 1, 2) == f'1. <span lang="en">{FIXED.title}</span>'
    assert heading(transcript, 2, 2) == f"2. {tiny}"
    fixed, other = transcript.split('<h2 id="chapter-2">')
    assert langs(fixed, "a square appears") == {"en"} and langs(other, "a square appears") == {"de"}
    fixed, other = found["slides"][: found["beats"][0]], found["slides"][found["beats"][0] :]
    assert {lang for slide in fixed for _, lang in slide} == {"en-US"}
    assert {lang for slide in other for _, lang in slide} == {"de-DE"}
    assert [lang for kind, lang in found["handout"] if kind == "/H2"] == ["en-US", ""]


def test_the_narration_script_marks_a_translated_chapters_title_and_words(dressed, tmp_path, monkeypatch):
    """The script page is English (its own words, the beat names); a translated chapter's title and lines not."""
    said = [Line("FixedContext-01-01", "Encode into one summary", "Vor der Aufmerksamkeit …")]
    monkeypatch.setattr(script, "lines", lambda chapter, settings, output_dir: said)  # no dry run
    tiny = dressed[1][1]
    page = script.write([FIXED, tiny], GERMAN, tmp_path)[1].read_text()
    german = i18n.translations("de").gettext(FIXED.title)
    assert f'<h2 lang="de">{german}</h2>' in page and f"<h2>{tiny.title}</h2>" in page
    assert page.count('<td lang="de">Vor der Aufmerksamkeit …</td>') == 1  # FixedContext's; Tiny's: English
    assert page.startswith('<!doctype html>\n<html lang="en">')
