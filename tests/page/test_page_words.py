"""No English left on a German or Chinese page (issue 34): the words the panels' scripts draw and announce (the drag
panel's, the query panel's, the gain knob's) and the transcript's tables are in the page's language, their numbers
as it writes them ("0,768" in German), outside what is marked English. An English word is one of the catalogue's
English words that no translation into the language uses (every Latin word, in Chinese), the examples' tokens aside.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import i18n
from attention import examples, training
from attention.projections import DEFAULT_PROJECTIONS
from pipeline import outputs
from pipeline.plan.settings import from_options
from pipeline.publish import update, web_page
from scenes.chapters import registry
from tests.page.test_languages import visible
from tests.support.browser import chromium, new_tab, serve

LANGUAGES = ("de", "zh")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")  # a Latin word of two letters or more
PLACEHOLDER = re.compile(r"%\(\w+\)s")
ENGLISH_NUMBER = re.compile(r"\d\.\d")  # a decimal point: German writes a comma ...
GROUPED = re.compile(
    r"(?<![\d.,])[1-9]\d{0,2}(?:\.\d{3})+(?![\d.,])"
)  # ... and groups thousands with a point
SETTLED_MS = 1000  # the announcer speaks once a control has rested 600 ms

# What the panels' scripts draw and say: their text, and each element's label, value text and title.
PANEL_WORDS = """() => Array.from(document.querySelectorAll(".panel"), (panel) => [
  panel.innerText,
  ...Array.from(panel.querySelectorAll("*"), (e) => ["aria-label", "aria-valuetext", "title"]
    .map((name) => e.getAttribute(name) || "").join("\\n")),
].join("\\n")).join("\\n")"""


def words(texts) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


def tokens() -> set[str]:
    ex = examples.DEFAULT
    found = [*ex.drag.tokens, *ex.blend.tokens, *ex.causal.tokens, *ex.heads.tokens, *ex.cross.source_tokens]
    return words([*found, *ex.cross.target_tokens, *training.WORDS, *DEFAULT_PROJECTIONS.tokens])


def messages(path: Path, field: str) -> list[str]:
    with path.open("rb") as file:
        found = [getattr(m, field) for m in read_po(file) if m.id]
    return [text for item in found for text in (item if isinstance(item, tuple) else (item,)) if text]


def english_words(lang: str):
    """Whether a word is English on a page in `lang`: one of the catalogue's English words that no translation into
    `lang` uses; in a language written in another script, any word its translations do not use (Softmax, exp, WebM).
    The examples' tokens are no one's words."""
    kept = words(messages(i18n.po_file(lang), "string")) | tokens()
    if lang == "zh":
        return lambda word: word not in kept
    english = words(messages(i18n.TEMPLATE, "id")) - kept
    return lambda word: word in english


def english_in(texts, lang: str) -> list[str]:
    """The texts holding an English word, or in German a number with a decimal point."""
    english = english_words(lang)
    return [t for t in texts if any(map(english, words([t]))) or (lang == "de" and pointed(t))]


def pointed(text: str) -> bool:
    """Whether `text` holds a number with a decimal point (a German "1.024 Zellen" groups its thousands)."""
    return bool(ENGLISH_NUMBER.search(GROUPED.sub("", text)))


@pytest.fixture(scope="module", params=LANGUAGES)
def panels_page(request, tmp_path_factory):
    """The lecture's page alone (its panels need no video), written in the language, served and open in Chromium."""
    lang = request.param
    settings = from_options("l", lang=lang)
    out = tmp_path_factory.mktemp(f"panels-{lang}")
    folder = outputs.folder(out, settings)
    folder.mkdir(parents=True)
    update.after_render(out, settings)
    with serve(folder) as base, chromium() as browser:
        page, errors = new_tab(browser, base + "index.html", 1280, 900)
        yield lang, page
        assert errors == []


def test_the_panels_scripts_draw_and_say_every_word_in_the_page_s_language(panels_page):
    lang, page = panels_page
    plane = page.locator("#panel-drag svg.plane")
    plane.scroll_into_view_if_needed()
    box = plane.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)  # moved: it announces
    page.locator("#panel-gain button[data-direction='1']").click()
    page.locator("#panel-query button[data-query='1']").click()
    page.wait_for_timeout(SETTLED_MS)
    shown = [line for line in page.evaluate(PANEL_WORDS).split("\n") if line.strip()]
    assert english_in(shown, lang) == []
    said = page.locator("#panel-drag [aria-live]").inner_text()
    assert said and english_in([said], lang) == []
    if lang == "de":  # the worked example, the weights and the typed entries with a decimal comma
        assert re.search(r"\d,\d", page.locator("#panel-drag .worked").inner_text())
        assert re.search(r"\d,\d", page.locator("#panel-gain .smallest").inner_text() + said)


def test_an_entry_takes_the_language_s_decimal_sign(panels_page):
    lang, page = panels_page
    page.locator("#query-0").fill("1,5" if lang == "de" else "1.5")
    assert page.locator("#query-0-error").inner_text() == ""
    assert page.locator("#panel-query .status").inner_text() == ""


# How the query panel lies at the viewport's width: sideways overflow of the page and of the table's box, and each
# number's line boxes (a cell's text, not its stacked head) and each lecture query's vector's.
QUERY_FIT = """() => {
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return range.getClientRects().length;
  };
  const box = document.querySelector('#panel-query .worked');
  return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
           box: box.scrollWidth - box.clientWidth,
           numbers: Array.from(box.querySelectorAll('tbody td'), (td) => [td.textContent, lines(td)]),
           vectors: Array.from(document.querySelectorAll('#panel-query .choices .vector'), lines) };
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_query_table_fits_a_phone_without_scrolling_sideways(panels_page, width):
    """German's heads and numbers left the query table 58 px too wide for its box at 390 px: on a phone it stacks
    now, each number whole on one line, and the lecture's queries' buttons break before their vectors."""
    lang, page = panels_page
    page.set_viewport_size({"width": width, "height": 900})
    try:
        for entry, typed in zip(page.locator("#panel-query input.entry").all(), ("1.5", "-2", "0.25", "3")):
            entry.fill(typed.replace(".", ",") if lang == "de" else typed)  # the widest numbers the issue met
        shown = page.evaluate(QUERY_FIT)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert shown["page"] <= 0 and shown["box"] <= 1
    assert len(shown["numbers"]) == 5 * len(examples.DEFAULT.blend.tokens)
    assert [text for text, count in shown["numbers"] if count != 1] == []
    assert shown["vectors"] and set(shown["vectors"]) == {1}
    if lang == "de":
        assert any(re.fullmatch(r"\[\d,\d+; −?\d,\d+\]", text) for text, _ in shown["numbers"])


def test_the_drag_plane_lists_its_keys_as_the_language_does(panels_page):
    """Its label lists the keys with the language's list separator (Chinese '、'), not a comma typed in."""
    lang, page = panels_page
    label = page.locator("#panel-drag svg.plane").get_attribute("aria-label")
    with i18n.active(lang):
        assert i18n._(", ").join(examples.DEFAULT.drag.tokens) in label


@pytest.fixture(scope="module", params=LANGUAGES)
def written(request, real_lecture) -> tuple[str, dict[str, str]]:
    lang = request.param
    return lang, web_page.pages(Path(real_lecture), registry.CHAPTERS, from_options("l", lang=lang))


def test_the_transcript_s_tables_are_in_the_page_s_language(written):
    """Every chapter of the lecture is translated: no table is marked English, and none holds an English word or
    number (its captions, heads, row names and numbers)."""
    lang, pages = written
    tables = re.findall(r'<div class="worked"[^>]*>.*?</div>', pages["transcript.html"], re.S)
    assert len(tables) >= len(registry.CHAPTERS) - 1  # a table or more for all chapters but one
    assert [t[:80] for t in tables if 'lang="en"' in t.split(">")[0]] == []
    shown = [text for table in tables for text, marked in visible(table) if not marked]
    assert english_in(shown, lang) == []
    if lang == "de":
        assert any(re.search(r"\d,\d", text) for text in shown)


@pytest.mark.parametrize("name", ["index.html", "transcript.html"])
def test_nothing_on_the_page_or_in_the_transcript_is_english_unless_marked_so(written, name):
    lang, pages = written
    assert english_in([text for text, marked in visible(pages[name]) if not marked], lang) == []
