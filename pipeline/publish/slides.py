"""lecture.pptx with python-pptx: one 16:9 slide per beat, in order, the beat's clip embedded as a movie, the
chapter's title as the slide's title, the beat's narration as notes (a course's own note for the beat first); a
course's deck opens on a title slide with its title, lecturer, institution and date.

The deck is in the render's language (`i18n`): its core properties' language, and every run's `lang`, so
PowerPoint checks spelling and picks fonts by it. What comes from a chapter (its title, the narration, the movies'
alt texts) is in its words' language, English where it is not translated, and its runs say so (an alt text, an
attribute, has no language of its own); a course's own words are taken as the render's language.

A slide shows its movie's poster until the movie plays, in PowerPoint's edit view, in thumbnails and in a
PDF export: it is the beat's last frame (the picture the lecture page shows for the beat), since a beat's
first frame is often still empty. The movie's alt text says what the beat shows. The document properties are
the lecture's (title, language, the render's time; a course's lecturer as author); nothing is left from
python-pptx's template.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.util import Emu, Pt

import i18n
from i18n import _

SLIDE_WIDTH, SLIDE_HEIGHT = Emu(12_192_000), Emu(6_858_000)  # 13.333 x 7.5 inches: PowerPoint's 16:9
TITLE_HEIGHT = Emu(685_800)  # 0.75 inch: the band above the movie
TITLE_SIZE = Pt(24)
TITLE_ONLY = 5  # the default template's "Title Only" layout
TITLE_SLIDE = 0  # its "Title Slide": a title and a subtitle
BACKGROUND = RGBColor(0, 0, 0)  # black around the movie, as a player shows it
TITLE_COLOUR = RGBColor(0xEE, 0xEE, 0xEE)
NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")  # control characters XML 1.0 cannot hold
THUMBNAIL = 256  # pixels: the longer side of the file's preview picture, as PowerPoint makes it


@dataclass(frozen=True)
class BeatSlide:
    """What one slide shows: the chapter's title, the beat's clip and poster (PNG), the narration's lines, the
    movie's alt text, and a course's note for the beat (or ''); `lang` is the language of the chapter's words
    (title, narration: `dependencies.language_of`)."""

    title: str
    lang: str
    clip: Path
    poster: Path
    said: list[str]
    description: str
    note: str = ""


@dataclass(frozen=True)
class Cover:
    """A course's title slide: its title, the line under it (lecturer, institution, date), and its author."""

    title: str
    byline: str
    author: str


def write(
    slides: list[BeatSlide],
    target: Path,
    aspect: float,
    title: str,
    created: datetime | None = None,
    cover: Cover | None = None,
) -> None:
    """Write the presentation titled `title` to `target`; `aspect` is the videos' width / height, `created`
    the render's time; a `cover` opens it with a title slide."""
    deck = Presentation()
    deck.slide_width, deck.slide_height = SLIDE_WIDTH, SLIDE_HEIGHT
    _properties(deck.core_properties, title, created or datetime.now(timezone.utc))
    deck.core_properties.author = NOT_XML.sub("", cover.author) if cover else ""
    _drop_application_properties(deck.part.package)
    if slides:
        _thumbnail(deck.part.package, slides[0].poster)
    if cover:
        _title_slide(deck, cover)
    for beat in slides:
        _add(deck, beat, aspect)
    deck.save(str(target))


def _properties(properties, title: str, created: datetime) -> None:
    """The lecture's own properties in place of the template's (its author, dates and comment); no author is
    known, so none is claimed."""
    when = created.astimezone(timezone.utc).replace(tzinfo=None)  # python-pptx writes naive times as UTC
    properties.title, properties.language = NOT_XML.sub("", title), i18n.tag()  # an example's name as typed
    properties.author = properties.last_modified_by = properties.comments = ""
    properties.created = properties.modified = when
    properties.revision = 1


def _drop_application_properties(package) -> None:
    """Leave out docProps/app.xml, the template's (PowerPoint for Mac, a 4:3 show of no slides): the format
    makes it optional, and PowerPoint writes its own when it saves."""
    for rel in [r for r in package.iter_rels() if r.reltype == RT.EXTENDED_PROPERTIES]:
        package.drop_rel(rel.rId)


def _thumbnail(package, poster: Path) -> None:
    """The file's preview (docProps/thumbnail.jpeg, shown by file managers): the first slide's poster, in
    place of the template's blank 4:3 page."""
    for rel in [r for r in package.iter_rels() if r.reltype == RT.THUMBNAIL]:
        package.drop_rel(rel.rId)
    picture, jpeg = Image.open(poster).convert("RGB"), io.BytesIO()
    picture.thumbnail((THUMBNAIL, THUMBNAIL))
    picture.save(jpeg, format="JPEG")
    package.relate_to(
        Part(PackURI("/docProps/thumbnail.jpeg"), CT.JPEG, package, jpeg.getvalue()), RT.THUMBNAIL
    )


def _title_slide(deck, cover: Cover) -> None:
    """The course's title, and under it its lecturer, institution and date, light on black as the beats are."""
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_SLIDE])
    slide.background.fill.solid()
    slide.background.fill.fore_color.rgb = BACKGROUND
    title, subtitle = slide.placeholders[0], slide.placeholders[1]
    _write(title.text_frame, [(cover.title, i18n.tag())])
    _write(subtitle.text_frame, [(cover.byline, i18n.tag())])
    margin, band = SLIDE_WIDTH // 12, SLIDE_HEIGHT // 4  # the template's boxes are for 4:3: placed anew
    title.left, title.top, title.width, title.height = margin, band, SLIDE_WIDTH - 2 * margin, band * 3 // 2
    subtitle.left, subtitle.top = margin, band * 5 // 2
    subtitle.width, subtitle.height = SLIDE_WIDTH - 2 * margin, band
    for shape in (title, subtitle):
        _colour(shape, TITLE_COLOUR)


def _colour(shape, colour: RGBColor, size: Pt | None = None) -> None:
    for paragraph in shape.text_frame.paragraphs:
        for run in paragraph.runs:
            run.font.color.rgb = colour
            if size:
                run.font.size = size


def _add(deck, beat: BeatSlide, aspect: float) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_ONLY])
    slide.background.fill.solid()
    slide.background.fill.fore_color.rgb = BACKGROUND
    title = slide.shapes.title
    title.left, title.top, title.width, title.height = 0, 0, SLIDE_WIDTH, TITLE_HEIGHT
    _write(title.text_frame, [(beat.title, i18n.tag(beat.lang))])
    _colour(title, TITLE_COLOUR, TITLE_SIZE)
    left, top, width, height = _movie_box(aspect)
    movie = slide.shapes.add_movie(
        str(beat.clip), left, top, width, height, poster_frame_image=str(beat.poster), mime_type="video/mp4"
    )
    alt_text = NOT_XML.sub("", beat.description)
    movie._element.nvPicPr.cNvPr.set("descr", alt_text)  # python-pptx has no property for it
    _write(slide.notes_slide.notes_text_frame, _notes(beat))


def _notes(beat: BeatSlide) -> list[tuple[str, str]]:
    """The slide's notes as (text, language tag): a course's note, a blank line, then the narration."""
    noted = [(_("Note: %(note)s", note=beat.note), i18n.tag()), ("", i18n.tag())] if beat.note else []
    return noted + [(line, i18n.tag(beat.lang)) for line in beat.said]


def _write(frame, texts: list[tuple[str, str]]) -> None:
    """`texts` (text, language tag) into the text frame, a paragraph per line, each run marked with its language."""
    lines = [(line, lang) for text, lang in texts for line in NOT_XML.sub("", text).split("\n")]
    frame.text = ""
    for index, (line, lang) in enumerate(lines):
        paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
        if line:
            run = paragraph.add_run()
            run.text = line
            run.font._rPr.set("lang", lang)  # python-pptx's language_id knows only MS's fixed list


def _movie_box(aspect: float) -> tuple[int, int, int, int]:
    """The largest box of the videos' shape under the title band, centred: (left, top, width, height)."""
    room_width, room_height = SLIDE_WIDTH, SLIDE_HEIGHT - TITLE_HEIGHT
    width = min(room_width, round(room_height * aspect))
    height = round(width / aspect)
    return (room_width - width) // 2, TITLE_HEIGHT + (room_height - height) // 2, width, height
