"""The pages in another language: every visible word of the templates goes through the catalogue (a test reads
them), the scripts' words ride in the page and each one they use is there, and the real lecture's pages written in
German and in Chinese say what the catalogues say, with `<html lang>` set and what is still English (the videos,
their captions, titles and beat names) marked `lang="en"`, but a translated chapter's title and captions
(`dependencies.in_language`) in the page's language. Nothing is rendered: the pages are written from the real
lecture's folder, read only."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import i18n
from pipeline.plan import dependencies
from pipeline.plan.settings import from_options
from pipeline.publish import web_page
from scenes.chapters import registry

WEB = web_page.WEB
EXPRESSION = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
STATEMENT = re.compile(r"\{%.*?%\}|\{#.*?#\}", re.DOTALL)
TRANSLATED = re.compile(r"^\s*(_|ngettext)\(")
WORD = re.compile(
    r"[^\W\d_]{2,}"
)  # a word of two letters or more: q, k, d and w are symbols, the same in any language
SHOWN = ("aria-label", "title", "alt", "placeholder")  # attributes a person sees or hears (and a description)
USED = re.compile(r"\bt\(\s*\"(\w+)\"")  # t("key", ...) in the scripts
LITERAL = re.compile(r"\"(\w+)\"")


class Visible(HTMLParser):
    """The text nodes and shown attributes of a page, each with whether it is inside an element marked English."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, bool]] = []
        self.open: list[tuple[str, bool]] = []

    def english(self) -> bool:
        return any(marked for _, marked in self.open)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag not in {"meta", "link", "input", "img", "source", "track", "br"}:
            self.open.append((tag, attrs.get("lang") == "en" or tag in {"script", "style"}))
        marked = self.english() or attrs.get("lang") == "en"
        self.found += [(attrs[name], marked) for name in SHOWN if attrs.get(name)]
        if tag == "meta" and attrs.get("name") == "description":
            self.found.append((attrs["content"], marked))

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass

    def handle_data(self, data):
        if data.strip():
            self.found.append((data.strip(), self.english()))


def visible(html: str) -> list[tuple[str, bool]]:
    parser = Visible()
    parser.feed(html)
    return parser.found


def template_text(source: str) -> str:
    """A template as HTML with each translated expression as "\\x01", any other as "\\x02", statements gone."""
    source = STATEMENT.sub("", source)
    return EXPRESSION.sub(lambda m: "\x01" if TRANSLATED.match(m[1]) else "\x02", source)


@pytest.mark.parametrize("template", sorted(p.name for p in WEB.glob("*.j2")))
def test_every_visible_word_of_the_templates_goes_through_the_catalogue(template):
    """Text nodes and the attributes people see or hear hold no word outside `_()` or `ngettext()` (values, such as a
    chapter's title, come in as variables; symbols of one letter are the same in every language)."""
    shown = visible(template_text((WEB / template).read_text(encoding="utf-8")))
    assert [text for text, _ in shown if WORD.search(text)] == []


def test_the_scripts_use_only_the_strings_the_pages_carry_and_every_one_of_them():
    """Each t("key") names a string the pages carry, and each carried string is named in a script (some through a
    table or a condition: as a literal)."""
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in (WEB / "js").glob("*.js"))
    carried = set(web_page.script_strings())
    assert set(USED.findall(scripts)) <= carried
    assert carried <= set(LITERAL.findall(scripts))


@pytest.fixture(scope="module")
def english_ids() -> list[str]:
    """The template's strings without placeholders, of two words or more: none may show untranslated."""
    with i18n.TEMPLATE.open("rb") as file:
        ids = [m.id for m in read_po(file) if isinstance(m.id, str) and m.id and "%(" not in m.id]
    return [m for m in ids if " " in m.strip()]


def english_titles(lang: str) -> set[str]:
    """The titles the page shows in English: the chapters' not translated (the catalogue holds every title, for
    the videos), as their videos' headings say them."""
    return {c.title for c in registry.CHAPTERS if not dependencies.in_language(c, lang)}


@pytest.fixture(scope="module", params=["de", "zh"])
def written(request, real_lecture) -> tuple[str, dict[str, str]]:
    lang = request.param
    return lang, web_page.pages(Path(real_lecture), registry.CHAPTERS, from_options("l", lang=lang))


VIDEO_NAMED = {"present.html", "speaker.html"}  # pages that name chapters from the lecture video's marks
EXPECTED = {  # a few strings of each page as a reader of the language sees them
    "de": {
        "index.html": [
            "Die ganze Vorlesung",
            "Kapitel für Kapitel",
            "Bilder beschreiben",
            "Damit unterrichten:",
        ],
        "present.html": ["Referentenansicht (S)", "Zurück zur Seite", "15 Kapitel, "],
        "speaker.html": ["Als Nächstes:", "Notizen:"],
        "transcript.html": ["Aufmerksamkeit erklärt: Transkript", "Kapitel 1 ab 0:00 abspielen"],
    },
    "zh": {
        "index.html": ["完整课程", "逐章观看", "描述画面", "用于教学："],
        "present.html": ["演讲者视图（S）", "返回页面", "15 章，"],
        "speaker.html": ["下一段：", "备注："],
        "transcript.html": ["注意力机制详解：文字稿", "从 0:00 起播放第 1 章"],
    },
}


def test_the_pages_are_written_in_the_language(written, english_ids):
    lang, pages = written
    english = english_titles(lang)
    with i18n.active(lang):  # "Pause (P)" is German too
        untranslated = [m for m in english_ids if i18n._(m) != m and m not in english]
    for name, expected in EXPECTED[lang].items():
        page = pages[name]
        assert f'<html lang="{lang}">' in page
        shown = [text for text, english in visible(page) if not english]
        assert [s for s in expected if not any(s in text for text in shown)] == [], name
        # presenter mode names chapters and beats as the lecture video's marks do: that video is the English
        # render's here (a German render's lecture.mp4 is marked in German)
        from_video = {c.title for c in registry.CHAPTERS} if name in VIDEO_NAMED else set()
        assert [m for m in untranslated if m not in from_video and any(m in text for text in shown)] == [], (
            name
        )


def test_what_is_still_english_is_marked_so_and_the_captions_are_an_english_track(written):
    lang, pages = written
    index = pages["index.html"]
    titles = dict(re.findall(r'<h3 id="chapter-(\d+)">\d+\. (<span lang="en">)?', index))
    marked = {str(c.number): bool(titles[str(c.number)]) for c in registry.CHAPTERS}
    assert marked == {str(c.number): not dependencies.in_language(c, lang) for c in registry.CHAPTERS}
    assert not all(marked.values())  # FixedContext, at least, is translated
    translated = i18n.translations(lang).gettext(registry.CHAPTERS[0].title)
    assert f'<h3 id="chapter-1">1. {translated}</h3>' in index
    assert re.search(
        rf'<video id="video-1"[^<]*(<source[^>]*>\s*)+<track kind="captions" srclang="{lang}"', index
    )
    assert (
        '<ol class="marks" lang="en">' in index and '<li lang="en"><button type="button" data-start=' in index
    )
    # what the pictures draw, in its chapter's language: unmarked where that is the page's, else English
    described = re.findall(r'<p class="description" aria-live="polite"(?: lang="(\w+)")?>', index)
    untranslated = sum(not dependencies.in_language(c, lang) for c in registry.CHAPTERS)
    assert described.count("en") == untranslated and "" in described
    # each chapter's captions track in its chapter's language; the lecture's in theirs, or "mul" for several
    tracks = re.findall(
        r'<video id="video-(\d+)"[^<]*(?:<source[^>]*>\s*)+<track kind="captions" srclang="(\w+)"', index
    )
    assert dict(tracks) == {str(c.number): dependencies.language_of(c, lang) for c in registry.CHAPTERS}
    languages = {dependencies.language_of(c, lang) for c in registry.CHAPTERS}
    whole = lang if languages == {lang} else i18n.MIXED
    assert f'<track kind="captions" srclang="{whole}"' in pages["present.html"]
    assert '<div class="said" lang="en">' in pages["transcript.html"]
    presenting = json.loads(re.search(r'id="present-data">(.*?)</script>', pages["present.html"], re.S)[1])
    said = [
        chapter["lang"] for chapter in presenting["chapters"]
    ]  # presenter mode marks each chapter's title so
    assert said == [dependencies.language_of(c, lang) for c in registry.CHAPTERS] and lang in said


def test_the_scripts_words_ride_in_each_page_in_the_language(written):
    lang, pages = written
    counter = {"de": "Abschnitt %(beat)s von %(count)s", "zh": "第 %(beat)s 段，共 %(count)s 段"}[lang]
    for name in ("index.html", "present.html", "speaker.html"):
        carried = re.search(r'<script type="application/json" id="page-strings">(.*?)</script>', pages[name])
        assert json.loads(carried[1])["beat_of"] == counter, name
