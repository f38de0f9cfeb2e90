"""lecture.pptx with python-pptx: one 16:9 slide per beat, in order, the beat's clip embedded as a movie (its
poster frame the beat's first frame), the chapter's title as the slide's title, the beat's captions as notes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Emu, Pt

SLIDE_WIDTH, SLIDE_HEIGHT = Emu(12_192_000), Emu(6_858_000)  # 13.333 x 7.5 inches: PowerPoint's 16:9
TITLE_HEIGHT = Emu(685_800)  # 0.75 inch: the band above the movie
TITLE_SIZE = Pt(24)
TITLE_ONLY = 5  # the default template's "Title Only" layout
BACKGROUND = RGBColor(0, 0, 0)  # black around the movie, as a player shows it
TITLE_COLOUR = RGBColor(0xEE, 0xEE, 0xEE)


@dataclass(frozen=True)
class BeatSlide:
    """What one slide shows: the chapter's title, the beat's clip and first frame (PNG), the captions."""

    title: str
    clip: Path
    first_frame: Path
    notes: str


def write(slides: list[BeatSlide], target: Path, aspect: float) -> None:
    """Write the presentation to `target`; `aspect` is the videos' width / height."""
    deck = Presentation()
    deck.slide_width, deck.slide_height = SLIDE_WIDTH, SLIDE_HEIGHT
    for beat in slides:
        _add(deck, beat, aspect)
    deck.save(str(target))


def _add(deck, beat: BeatSlide, aspect: float) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_ONLY])
    slide.background.fill.solid()
    slide.background.fill.fore_color.rgb = BACKGROUND
    title = slide.shapes.title
    title.left, title.top, title.width, title.height = 0, 0, SLIDE_WIDTH, TITLE_HEIGHT
    title.text = beat.title
    for paragraph in title.text_frame.paragraphs:
        for run in paragraph.runs:
            run.font.size, run.font.color.rgb = TITLE_SIZE, TITLE_COLOUR
    left, top, width, height = _movie_box(aspect)
    slide.shapes.add_movie(
        str(beat.clip),
        left,
        top,
        width,
        height,
        poster_frame_image=str(beat.first_frame),
        mime_type="video/mp4",
    )
    slide.notes_slide.notes_text_frame.text = beat.notes


def _movie_box(aspect: float) -> tuple[int, int, int, int]:
    """The largest box of the videos' shape under the title band, centred: (left, top, width, height)."""
    room_width, room_height = SLIDE_WIDTH, SLIDE_HEIGHT - TITLE_HEIGHT
    width = min(room_width, round(room_height * aspect))
    height = round(width / aspect)
    return (room_width - width) // 2, TITLE_HEIGHT + (room_height - height) // 2, width, height
