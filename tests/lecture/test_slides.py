"""lecture.pptx: a slide per beat with the beat's clip as a movie, its last frame as the poster (the lecture
page's beat poster), alt text on the movie, the chapter's title and the beat's narration as notes, the lecture's
own document properties; LibreOffice converts it; it is written again only when the lecture is."""

import io
import subprocess
import time
import zipfile
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
from PIL import Image
from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT

from pipeline import outputs
from pipeline.frames import beats, captions
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import beat_text
from scenes.chapters import registry
from tests.lecture.test_beats import FPS, render_beaten

LECTURE = registry.CHAPTERS  # the real chapters, taken before a fixture puts tiny ones in the registry

CONVERSION_LIMIT = 60  # seconds for LibreOffice to turn the deck into a PDF
TITLE_BAND = 0.12  # the top of a slide, where its title is: the movie is below
DRAWN = 8.0  # a picture whose grey levels spread less than this (standard deviation) is a blank frame


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, module_lecture, module_patch, run):
    """Beaten and Tiny rendered once as mp4 with the lecture's documents; the chapters and their folder."""
    out = tmp_path_factory.mktemp("slides")
    output = render_beaten(out, module_lecture, module_patch, run)
    assert f"wrote {out / '480p15' / 'lecture.pptx'}" in output
    return registry.CHAPTERS, out / "480p15"


def expected_slides(chapters, folder):
    """(title, chapter video, beat, its poster, notes, alt text) per beat of the lecture, in order."""
    manifest, found = Manifest.load(folder), []
    for chapter in chapters:
        files = outputs.chapter_files(folder, chapter.slug, "mp4")
        entry = manifest.get(chapter.slug, "mp4")
        said = beat_text.lines_by_beat(entry.beats, captions.read(files.subtitles))
        layout = outputs.layout_facts(files.layout)  # what the chapter's layout chose, as the slides read it
        shown = beat_text.shown(chapter.name, [b.name for b in entry.beats], said, from_options("l"), layout)
        for number, (beat, lines, what) in enumerate(zip(entry.beats, said, shown), start=1):
            notes, alt = "\n".join(lines), beat_text.description(beat.name, what)
            found.append((chapter.title, files.video, beat, files.beat_poster(number), notes, alt))
    return found


def movie_parts(slide):
    """The video, the poster image and the alt text of the slide's one movie."""
    (movie,) = [rel.target_part for rel in slide.part.rels.values() if rel.reltype == RT.MEDIA]
    (picture,) = [s for s in slide.shapes if s.shape_type is not None and s.shape_type.name == "MEDIA"]
    return movie.blob, picture.poster_frame.blob, picture._element.nvPicPr.cNvPr.get("descr")


def pixels(image: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(image)).convert("RGB"))


def test_one_slide_per_beat_with_its_clip_poster_title_and_narration(rendered, tmp_path):
    chapters, folder = rendered
    deck = Presentation(str(folder / "lecture.pptx"))
    wanted = expected_slides(chapters, folder)
    assert len(deck.slides) == len(wanted) == 6
    assert (deck.slide_width * 9, deck.slide_height * 16) == (deck.slide_height * 16, deck.slide_width * 9)
    for index, (slide, (title, video, beat, poster_file, notes, alt)) in enumerate(zip(deck.slides, wanted)):
        clip = tmp_path / f"{index}.mp4"
        beats.cut(video, beat.first_frame, beat.frames, clip, FPS)
        movie, poster, descr = movie_parts(slide)
        assert movie == clip.read_bytes()
        assert np.array_equal(pixels(poster), pixels(poster_file.read_bytes()))  # the beat's last frame
        assert slide.shapes.title.text == title
        assert slide.notes_slide.notes_text_frame.text == notes
        assert descr == alt and descr.startswith(f"The end of “{beat.name}”")
    assert [s.notes_slide.notes_text_frame.text for s in deck.slides][4:] == [
        "a square appears",
        "it moves right",
    ]


def test_the_document_properties_are_the_lectures(rendered):
    _, folder = rendered
    deck = folder / "lecture.pptx"
    properties = Presentation(str(deck)).core_properties
    assert (properties.title, properties.author, properties.last_modified_by) == (
        "Attention, explained",
        "",
        "",
    )
    assert (properties.comments, properties.language, properties.revision) == ("", "en-US", 1)
    written = datetime.fromtimestamp(deck.stat().st_mtime, timezone.utc).replace(tzinfo=None)
    assert properties.created == properties.modified
    assert timedelta(0) <= written - properties.created < timedelta(hours=1)  # the render's, not 2013's
    with zipfile.ZipFile(deck) as package:
        assert (
            "docProps/app.xml" not in package.namelist()
        )  # the template's: PowerPoint for Mac, 4:3, no slides
        preview = Image.open(io.BytesIO(package.read("docProps/thumbnail.jpeg")))
    assert preview.size == (256, 144)  # the first slide's poster, not the template's blank 4:3 page


def test_libreoffice_converts_it_to_one_page_per_slide(rendered, tmp_path):
    _, folder = rendered
    took, pages = convert(folder / "lecture.pptx", tmp_path)
    assert pages == 6
    assert took < CONVERSION_LIMIT, f"{took:.1f} s"


def test_a_run_with_nothing_changed_leaves_the_documents_alone(rendered, run):
    _, folder = rendered
    before = {name: (folder / name).stat().st_mtime_ns for name in ("lecture.pptx", "lecture.pdf")}
    result = run("render", "--output", folder.parent)
    assert result.exit_code == 0, result.output
    assert "wrote" not in result.output
    assert {name: (folder / name).stat().st_mtime_ns for name in before} == before
    assert set(Manifest.load(folder).documents) == {"lecture.pptx", "lecture.pdf"}


def test_a_changed_chapter_writes_them_again(rendered, run, module_lecture):
    chapters, folder = rendered
    before = (folder / "lecture.pptx").read_bytes()
    module_lecture.edit("tiny", "it moves right", "it moves to the right")
    result = run("render", "--output", folder.parent)
    assert result.exit_code == 0, result.output
    assert f"wrote {folder / 'lecture.pptx'} and {folder / 'lecture.pdf'} in " in result.output
    deck = Presentation(str(folder / "lecture.pptx"))
    assert (folder / "lecture.pptx").read_bytes() != before
    assert deck.slides[5].notes_slide.notes_text_frame.text == "it moves to the right"


def test_other_formats_write_no_documents(tmp_path, use_chapters, run):
    use_chapters("Tiny")
    result = run("render", "--format", "webm", "--output", tmp_path)
    assert result.exit_code == 0, result.output
    assert not list((tmp_path / "480p15").glob("lecture.*"))


def convert(deck, folder):
    """Convert `deck` to PDF with LibreOffice (a private profile in `folder`); return the seconds taken and the
    PDF's page count."""
    began = time.monotonic()
    result = subprocess.run(
        [
            "soffice",
            f"-env:UserInstallation=file://{folder / 'profile'}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(folder),
            str(deck),
        ],
        capture_output=True,
        text=True,
        timeout=CONVERSION_LIMIT * 3,
    )
    took = time.monotonic() - began
    assert result.returncode == 0, result.stdout + result.stderr
    info = subprocess.run(
        ["pdfinfo", str(folder / f"{deck.stem}.pdf")], capture_output=True, text=True, check=True
    )
    return took, int(next(line.split()[1] for line in info.stdout.splitlines() if line.startswith("Pages:")))


def test_the_real_lectures_deck(real_lecture, tmp_path):
    deck = Presentation(str(real_lecture / "lecture.pptx"))
    manifest = Manifest.load(real_lecture)
    titles = [c.title for c in LECTURE for _ in manifest.get(c.slug, "mp4").beats]
    assert [s.shapes.title.text for s in deck.slides] == titles
    took, pages = convert(real_lecture / "lecture.pptx", tmp_path)
    assert pages == len(titles)
    assert took < CONVERSION_LIMIT, f"{took:.1f} s"
    first_slide = subprocess.run(
        ["pdftoppm", "-png", "-r", "30", "-f", "1", "-l", "1", str(tmp_path / "lecture.pdf")],
        capture_output=True,
        check=True,
    ).stdout
    page = pixels(first_slide)
    assert page[round(len(page) * TITLE_BAND) :].std() > DRAWN  # the first beat's picture, not a blank frame


def test_every_slide_of_the_real_lecture_shows_its_beat_and_says_what_it_shows(real_lecture, monkeypatch):
    deck = Presentation(str(real_lecture / "lecture.pptx"))
    monkeypatch.setattr(
        registry, "CHAPTERS", LECTURE
    )  # the recap pages name the lecture's chapters, not tiny ones
    wanted = expected_slides(LECTURE, real_lecture)
    assert len(deck.slides) == len(wanted)
    for slide, (_, _, beat, _, notes, alt) in zip(deck.slides, wanted):
        _, poster, descr = movie_parts(slide)
        assert pixels(poster).std() > DRAWN, beat.name
        assert descr == alt and beat.name in descr
        assert slide.notes_slide.notes_text_frame.text == notes
    said = [
        " ".join(cue.content.split())
        for chapter in LECTURE
        for cue in captions.read(outputs.chapter_files(real_lecture, chapter.slug, "mp4").subtitles)
    ]
    assert [
        line for s in deck.slides for line in s.notes_slide.notes_text_frame.text.split("\n") if line
    ] == said
    assert deck.core_properties.title == "Attention, explained"
