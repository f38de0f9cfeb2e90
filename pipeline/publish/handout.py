"""lecture.pdf with reportlab: a title page, then per chapter its title and, per beat, the beat's poster beside
its name and captions (real, selectable text); page numbers at the foot of every page.

Each chapter starts on a new page and a page holds BEATS_PER_PAGE beats, so the handout has
1 + sum(ceil(beats / BEATS_PER_PAGE)) pages; a beat's text is shrunk if it would overflow its slot.
Posters get a thin grey border, so a light frame keeps its edge on white paper. Text is set in
DejaVu Sans (Debian's fonts-dejavu-core, which the set-up installs): the captions have √, ≈ and
curly quotes, which reportlab's built-in fonts lack; a text with characters DejaVu lacks (a
custom example's Chinese, Japanese or Korean token names) is set in WenQuanYi Micro Hei.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, KeepInFrame, Paragraph

BEATS_PER_PAGE = 4
MARGIN = 1.8 * cm
HEADING_HEIGHT = 1.4 * cm  # the chapter's title at the top of each of its pages
FOOTER = 1.0 * cm  # page numbers
POSTER_WIDTH = 8.0 * cm
GAP = 0.6 * cm
BORDER = Color(0.6, 0.6, 0.6)
REGULAR, BOLD, WIDE = "DejaVuSans", "DejaVuSans-Bold", "WenQuanYiMicroHei"
FONT_FILES = {  # Debian's fonts-dejavu-core and fonts-wqy-microhei, which the set-up installs
    REGULAR: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    BOLD: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    WIDE: "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  # Chinese, Japanese, Korean (token names)
}
TEXT = ParagraphStyle("text", fontName=REGULAR, fontSize=9.5, leading=12.5)
NAME = ParagraphStyle("name", parent=TEXT, fontName=BOLD, fontSize=11, leading=14, spaceAfter=3)


@dataclass(frozen=True)
class HandoutBeat:
    name: str
    poster: Path  # PNG
    captions: list[str]


@dataclass(frozen=True)
class HandoutChapter:
    title: str
    beats: list[HandoutBeat]


def pages(chapters: list[HandoutChapter]) -> int:
    """How many pages the handout of `chapters` has."""
    return 1 + sum(ceil(len(c.beats) / BEATS_PER_PAGE) for c in chapters)


def write(title: str, subtitle: str, chapters: list[HandoutChapter], target: Path, aspect: float) -> None:
    """Write the handout to `target`; `aspect` is the posters' width / height."""
    for name, path in FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, path, subfontIndex=0))
    canvas = Canvas(str(target), pagesize=A4, pageCompression=1)
    canvas.setTitle(title)
    canvas.setAuthor("Manim lecture generator")
    _title_page(canvas, title, subtitle)
    number = 1
    for chapter in chapters:
        for first in range(0, len(chapter.beats), BEATS_PER_PAGE):
            number += 1
            _chapter_page(canvas, chapter, chapter.beats[first : first + BEATS_PER_PAGE], first > 0, aspect)
            _footer(canvas, number)
    canvas.save()


def _title_page(canvas: Canvas, title: str, subtitle: str) -> None:
    width, height = A4
    canvas.setFont(_font(title, BOLD), 28)
    canvas.drawCentredString(width / 2, height * 0.6, title)
    canvas.setFont(_font(subtitle, REGULAR), 14)
    canvas.drawCentredString(width / 2, height * 0.6 - 1.2 * cm, subtitle)
    _footer(canvas, 1)


def _chapter_page(
    canvas: Canvas, chapter: HandoutChapter, beats: list[HandoutBeat], more: bool, aspect
) -> None:
    width, height = A4
    canvas.setFont(_font(chapter.title, BOLD), 16)
    canvas.drawString(MARGIN, height - MARGIN - 0.6 * cm, chapter.title + (" (continued)" if more else ""))
    top = height - MARGIN - HEADING_HEIGHT
    slot = (top - MARGIN - FOOTER) / BEATS_PER_PAGE
    poster_height = min(POSTER_WIDTH / aspect, slot - GAP)
    poster_width = poster_height * aspect
    text_width = width - 2 * MARGIN - poster_width - GAP
    for index, beat in enumerate(beats):
        y = top - index * slot - poster_height
        canvas.drawImage(str(beat.poster), MARGIN, y, poster_width, poster_height)
        canvas.setStrokeColor(BORDER)
        canvas.setLineWidth(0.5)
        canvas.rect(MARGIN, y, poster_width, poster_height)
        story = [_paragraph(beat.name, NAME), *(_paragraph(c, TEXT) for c in beat.captions)]
        frame = Frame(
            MARGIN + poster_width + GAP, top - (index + 1) * slot + GAP, text_width, slot - GAP, 0, 0, 0, 0
        )
        frame.addFromList([KeepInFrame(text_width, slot - GAP, story, mode="shrink")], canvas)


def _footer(canvas: Canvas, number: int) -> None:
    canvas.setFont(REGULAR, 9)
    canvas.drawCentredString(A4[0] / 2, MARGIN / 2, str(number))
    canvas.showPage()


def _paragraph(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(
        escape(text), ParagraphStyle(style.name, parent=style, fontName=_font(text, style.fontName))
    )


def _font(text: str, font: str) -> str:
    """`font`, or WIDE when DejaVu lacks one of the characters of `text`."""
    covered = pdfmetrics.getFont(REGULAR).face.charToGlyph
    return font if all(ord(c) in covered for c in text if not c.isspace()) else WIDE
