"""lecture.pdf with WeasyPrint, from HTML and CSS: a title page, then per chapter its title and, per beat, the
beat's poster beside its name and captions (real, selectable text); page numbers at the foot of every page.

The PDF is tagged (PDF/UA-1), so assistive technology reads it: a structure tree in reading order (the title,
a heading per chapter and per beat, each poster a figure with its text alternative, the captions as
paragraphs), the document's language, and a bookmark per chapter with its beats under it. Page numbers and
the running "(continued)" headings sit in the page margins, which the tags leave out as decoration.

It is written in the active language (`i18n`): its own words, and the document's language (/Lang). What comes
from a chapter (its title, beat names, captions, the posters' text alternatives) is in its words' language: the
handout's where it is translated, else English, each such element then carrying lang="en-US", which becomes its
structure element's /Lang (`_tag_languages`), and a line on the title page says so.

Each chapter starts on a new page; its beats are shared out evenly over ceil(beats / BEATS_PER_PAGE) pages,
so no page holds a lone last beat, and the handout has 1 + sum(ceil(beats / BEATS_PER_PAGE)) pages. Posters
get a thin grey border, so a light frame keeps its edge on white paper. Text is set in DejaVu Sans (Debian's
fonts-dejavu-core, which the set-up installs): the captions have √, ≈ and curly quotes; characters it lacks
(a custom example's Chinese, Japanese or Korean token names) come from WenQuanYi Micro Hei, which a Chinese,
Japanese or Korean handout sets first for its own words. Every font is embedded (subset).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from html import escape
from itertools import accumulate
from math import ceil
from pathlib import Path

import i18n
from i18n import _

BEATS_PER_PAGE = 4
PAGE_HEIGHT, MARGIN = 29.7, 1.8  # cm: A4
HEADING, FOOTER, GAP = 1.4, 1.0, 0.6  # cm: a chapter's title, the page numbers, the space after a beat
POSTER_WIDTH = 8.0  # cm, unless BEATS_PER_PAGE posters of the videos' shape would not fit a page then
GENERATOR = "attention-lecture (Manim lecture generator)"
CJK = (
    "zh",
    "ja",
    "ko",
)  # languages set in WenQuanYi Micro Hei first (DejaVu Sans has no Han, kana or hangul)
STYLE = """
@page {{ size: A4; margin: {margin}cm;
  @top-left {{ content: string(chapter, first-except); font: 9pt "DejaVu Sans", "WenQuanYi Micro Hei"; color: #555; }}
  @bottom-center {{ content: counter(page); font: 9pt "DejaVu Sans", "WenQuanYi Micro Hei"; }} }}
body {{ font: 9.5pt/12.5pt "DejaVu Sans", "WenQuanYi Micro Hei"; margin: 0; }}
h1 {{ font-size: 28pt; line-height: 1.2; text-align: center; margin: 10cm 0 0.5cm; bookmark-level: none; }}
.subtitle {{ font-size: 14pt; text-align: center; margin: 0; }}
.still {{ font-size: 10pt; text-align: center; margin: 1cm 0 0; }}
h2 {{ font-size: 16pt; line-height: {heading}cm; margin: 0; break-before: page;
  string-set: chapter content() " {continued}"; bookmark-state: closed; }}
.beat {{ position: relative; padding-left: {indent}cm; min-height: {poster_height}cm; margin-bottom: {gap}cm;
  break-inside: avoid; }}
.beat.page {{ break-before: page; }}
.beat img {{ position: absolute; left: 0; top: 0; width: {poster}cm; height: {poster_height}cm;
  border: 0.5pt solid #999; }}
h3 {{ font-size: 11pt; line-height: 14pt; margin: 0 0 3pt; }}
.beat p {{ margin: 0; }}
{cjk} {{ font-family: "WenQuanYi Micro Hei", "DejaVu Sans"; }}
:lang(en) {{ font-family: "DejaVu Sans", "WenQuanYi Micro Hei"; }}
"""


@dataclass(frozen=True)
class HandoutBeat:
    name: str
    poster: Path  # PNG
    captions: list[str]
    description: str  # the poster's text alternative
    note: str = ""  # a course's note for the beat, in its own words (the render's language)


@dataclass(frozen=True)
class HandoutChapter:
    title: str
    beats: list[HandoutBeat]
    lang: str = (
        i18n.SOURCE
    )  # its words' (title, captions, beat names, descriptions: `dependencies.language_of`)


def pages(chapters: list[HandoutChapter]) -> int:
    """How many pages the handout of `chapters` has."""
    return 1 + sum(max(1, len(_shares(len(c.beats)))) for c in chapters)


def write(
    title: str,
    subtitle: str,
    chapters: list[HandoutChapter],
    target: Path,
    aspect: float,
    created: datetime | None = None,
    author: str = "",
) -> None:
    """Write the handout to `target`; `aspect` is the posters' width / height, `created` the render's time,
    `author` (a course's lecturer) the document's author, if given."""
    from weasyprint import HTML  # imports Pango: only where a handout is written

    _tag_languages()
    html = _html(title, subtitle, chapters, aspect, created or datetime.now(timezone.utc), author)
    HTML(string=html).write_pdf(target, pdf_variant="pdf/ua-1")  # PDF/UA-1: tagged, with language and title


def _html(
    title: str,
    subtitle: str,
    chapters: list[HandoutChapter],
    aspect: float,
    created: datetime,
    author: str = "",
) -> str:
    slot = (PAGE_HEIGHT - 2 * MARGIN - HEADING - FOOTER) / BEATS_PER_PAGE - GAP
    width = min(POSTER_WIDTH, slot * aspect)
    style = STYLE.format(
        margin=MARGIN,
        heading=HEADING,
        gap=GAP,
        poster=round(width, 3),
        poster_height=round(width / aspect, 3),
        indent=round(width + GAP, 3),
        continued=_css_string(_("(continued)")),
        cjk=", ".join(f":lang({code})" for code in CJK),
    )
    when = created.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    body = "\n".join(_chapter(chapter) for chapter in chapters)
    byline = f'<meta name="author" content="{escape(author)}">\n' if author else ""
    return (
        f'<!doctype html>\n<html lang="{i18n.tag()}">\n<head>\n<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        f'<meta name="generator" content="{GENERATOR}">\n<meta name="dcterms.created" content="{when}">\n'
        f'<meta name="dcterms.modified" content="{when}">\n{byline}<style>{style}</style>\n</head>\n<body>\n'
        f'<h1>{escape(title)}</h1>\n<p class="subtitle">{escape(subtitle)}</p>\n{_still_english(chapters)}'
        f"{body}\n</body>\n</html>\n"
    )


def _chapter(chapter: HandoutChapter) -> str:
    firsts = set(accumulate(_shares(len(chapter.beats))[:-1]))  # the beats that start a page
    beats = "\n".join(_beat(beat, index in firsts, chapter.lang) for index, beat in enumerate(chapter.beats))
    return f"<section>\n<h2{_in(chapter.lang)}>{escape(chapter.title)}</h2>\n{beats}\n</section>"


def _beat(beat: HandoutBeat, new_page: bool, lang: str) -> str:
    captions = "".join(f"<p{_in(lang)}>{escape(text)}</p>" for text in beat.captions)
    noted = _("Note: %(note)s", note=beat.note) if beat.note else ""
    note = f"<p>{escape(noted)}</p>" if noted else ""
    return (
        f'<section class="beat{" page" if new_page else ""}"><h3{_in(lang)}>{escape(beat.name)}</h3>'
        f'<img src="{beat.poster.resolve().as_uri()}" alt="{escape(beat.description)}"{_in(lang)}>'
        f"{captions}{note}</section>"
    )


def _in(lang: str) -> str:
    """` lang="en-US"` (`lang` as a tag) for an element whose words are in `lang`, where the handout's language is
    another: a chapter's title, captions, beat names and pictures' descriptions in English where it is not
    translated."""
    return "" if lang == i18n.language() else f' lang="{i18n.tag(lang)}"'


def _still_english(chapters: list[HandoutChapter]) -> str:
    """The title page's line saying what is still English, in a handout in another language with a chapter not
    yet translated."""
    if all(chapter.lang == i18n.language() for chapter in chapters):
        return ""
    said = _("The chapters not yet translated are in English for now, with their pictures' descriptions.")
    return f'<p class="still">{escape(said)}</p>\n'


def _css_string(text: str) -> str:
    """`text` as the inside of a double-quoted CSS string."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _tag_languages() -> None:
    """Make WeasyPrint 70 (which writes only the document's /Lang, from <html lang>) give the structure element of
    each element with a lang attribute that language as its /Lang, as PDF/UA asks of a change of language:
    its tagging function wrapped, once."""
    import pydyf
    from weasyprint.pdf import tags

    if getattr(tags._build_box_tree, "tags_languages", False):
        return
    build = tags._build_box_tree

    def with_languages(box, *args):
        element = getattr(box, "element", None)  # an absolute placeholder passes it on from its box
        lang = element.get("lang") if element is not None and box.element_tag != "html" else None
        for made in build(box, *args):
            if lang and "Lang" not in made:
                made["Lang"] = pydyf.String(lang)
            yield made

    with_languages.tags_languages = True
    tags._build_box_tree = with_languages


def _shares(count: int) -> list[int]:
    """How many of a chapter's `count` beats each of its pages holds: as even as can be, the larger first."""
    if not count:
        return []
    pages_needed = ceil(count / BEATS_PER_PAGE)
    base, extra = divmod(count, pages_needed)
    return [base + 1] * extra + [base] * (pages_needed - extra)
