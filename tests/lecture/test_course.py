"""A course of three of the real lecture's chapters in a new order, with notes, rendered with `render --course`
from chapters already rendered (the real lecture's, linked: nothing renders again): its own lecture joined in its
order, and its title, names and notes on the page, in presenter mode, the speaker view, the slides and the
handout, read as their users' software reads them (PyAV, python-pptx, poppler)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import zipfile
from html import unescape
from pathlib import PurePosixPath

import av
import pytest
from PIL import Image
from pptx import Presentation

from pipeline.plan.dependencies import Scanner
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import print_stills
from scenes.chapters import registry

CHOSEN = [registry.find(name) for name in ("BlendByWeight", "FixedContext", "ScoreEveryWord")]
TITLE, BYLINE = "Attention, my way", "Dr Ada Lovelace · Analytical Engine College · 2027-01-12"
NOTES = {  # (chapter's place in the course, beat) -> the note
    (0, "Scores from the last step"): "Ask for the largest score first.",
    (0, "Exponentiate"): "Why not divide by the sum at once?",
    (1, "Why it matters"): "Link to the RNN lab.",
}
COURSE = f"""title = "{TITLE}"
lecturer = "Dr Ada Lovelace"
institution = "Analytical Engine College"
date = 2027-01-12
chapters = ["BlendByWeight", 1, "scoreeveryword"]

[notes.BlendByWeight]
"Scores from the last step" = "{NOTES[0, "Scores from the last step"]}"
"Exponentiate" = "{NOTES[0, "Exponentiate"]}"

[notes.1]
"Why it matters" = "{NOTES[1, "Why it matters"]}"
"""


@pytest.fixture(scope="module")
def course(real_lecture, tmp_path_factory, run):
    """The course rendered from the real lecture's three chapters, linked into a folder of its own; the render's
    output, the course's folder and the chapters' entries (in the course's order)."""
    root = tmp_path_factory.mktemp("course")
    folder = root / real_lecture.name
    folder.mkdir()
    theirs, ours = Manifest.load(real_lecture), Manifest.load(folder)
    scanner, as_rendered = Scanner(), from_options("l", voice="espeak")
    stale = [theirs.stale_reason(c.slug, "mp4", scanner.inputs(c, as_rendered)) for c in CHOSEN]
    assert stale == [None] * len(CHOSEN)  # else the course would render them again: minutes, not seconds
    entries = [theirs.get(chapter.slug, "mp4") for chapter in CHOSEN]
    webms = [e for e in (theirs.get(chapter.slug, "webm") for chapter in CHOSEN) if e]  # none to transcode
    for entry in entries + webms:
        for name in entry.files:
            if not (folder / name).exists():  # a poster both list
                os.link(real_lecture / name, folder / name)
        ours.record(entry)
    (root / "my-course.toml").write_text(COURSE, encoding="utf-8")
    result = run("render", "--course", root / "my-course.toml", "--voice", "espeak", "--output", root)
    assert result.exit_code == 0, result.output
    return result.output, root / "courses" / "my-course" / real_lecture.name, entries


def test_nothing_renders_again_and_the_lecture_is_joined_in_the_courses_order(course):
    output, folder, entries = course
    assert "0 rendered, 3 up to date" in output and f"published the course '{TITLE}'" in output
    with av.open(str(folder / "lecture.mp4")) as video:
        marks = [(m["metadata"]["title"], float(m["start"] * m["time_base"])) for m in video.chapters()]
        assert {"video", "audio", "subtitle"} <= {
            s.type for s in video.streams
        }  # narrated, its captions inside
    assert [title for title, _ in marks] == [c.title for c in CHOSEN]
    starts = [0.0, entries[0].duration, entries[0].duration + entries[1].duration]
    assert [start for _, start in marks] == pytest.approx(starts, abs=1 / 15)


def test_the_page_presenter_and_transcript_carry_the_courses_title_and_names(course):
    _, folder, _ = course
    page, present = (unescape((folder / name).read_text()) for name in ("index.html", "present.html"))
    assert f"<title>{TITLE}</title>" in page and f"<h1>{TITLE}</h1>" in page
    assert f'<p class="lede byline">{BYLINE}</p>' in page
    headings = re.findall(r'<h3 id="chapter-(\d)">([^<]*)</h3>', page)
    assert headings == [(str(k), f"{k}. {c.title}") for k, c in enumerate(CHOSEN, start=1)]
    assert f'<h2 class="heading" id="card-heading">{TITLE}</h2>' in present  # the title card it opens on
    assert f'<p class="byline">{BYLINE}</p>' in present
    transcript = unescape((folder / "transcript.html").read_text())
    assert f"<title>Transcript: {TITLE}</title>" in transcript and BYLINE in transcript


def test_the_speaker_view_has_each_note_beside_its_narration(course):
    _, folder, _ = course
    speaker = unescape((folder / "speaker.html").read_text())
    data = json.loads(
        re.search(r'<script type="application/json" id="present-data">(.*?)</script>', speaker, re.S)[1]
    )
    notes = {(b["chapter"], b["name"]): b["speaker_note"] for b in data["beats"] if b["speaker_note"]}
    assert notes == NOTES
    assert data["byline"] == BYLINE and all(b["notes"] for b in data["beats"])  # the narration beside
    first = NOTES[0, "Scores from the last step"]  # the first beat's, shown before the script runs
    assert (
        f'<p class="speaker-note"><strong>Your note:</strong> <span class="speaker-note-text">{first}</span>'
        in speaker
    )


def test_the_slides_open_on_a_title_slide_and_carry_the_notes(course):
    _, folder, entries = course
    deck = Presentation(str(folder / "lecture.pptx"))
    assert (deck.core_properties.title, deck.core_properties.author) == (TITLE, "Dr Ada Lovelace")
    cover, *slides = deck.slides
    assert [p.text for p in cover.placeholders] == [TITLE, BYLINE]
    beats = [
        (k, chapter.title, b.name) for k, (chapter, e) in enumerate(zip(CHOSEN, entries)) for b in e.beats
    ]
    assert [s.shapes.title.text for s in slides] == [title for _, title, _ in beats]
    for slide, (k, _, name) in zip(slides, beats):
        notes = slide.notes_slide.notes_text_frame.text
        note = NOTES.get((k, name))
        assert notes.startswith(f"Note: {note}\n\n") if note else not notes.startswith("Note:")
        assert len(notes) > len(f"Note: {note}\n\n") if note else notes  # and the narration after it


def test_the_handout_has_the_courses_title_names_and_notes(course):
    _, folder, _ = course
    pdf = folder / "lecture.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(rf"^Title:\s+{TITLE}$", info, re.M) and re.search(
        r"^Author:\s+Dr Ada Lovelace$", info, re.M
    )
    first = subprocess.run(
        ["pdftotext", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True
    )
    assert TITLE in first.stdout and BYLINE in " ".join(first.stdout.split())
    text = " ".join(
        subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout.split()
    )
    assert all(f"Note: {note}" in text for note in NOTES.values())


def test_list_shows_the_courses_chapters_in_its_order_and_that_it_is_published(course, run):
    _, folder, _ = course
    root = folder.parents[2]
    result = run("list", "--course", root / "my-course.toml", "--voice", "espeak", "--output", root)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[1] for line in lines if not line.startswith((" ", "course"))] == [
        c.name for c in CHOSEN
    ]
    assert lines[-1] == f"course '{TITLE}': published in {folder}"
    assert "not rendered" not in result.output and "out of date" not in result.output


def test_package_packs_the_courses_own_lecture_and_refuses_one_not_published(course, run, tmp_path):
    _, folder, _ = course
    root = folder.parents[2]
    result = run("package", "--course", root / "my-course.toml", "--voice", "espeak", "--output", root)
    assert result.exit_code == 0, result.output
    made = root / f"attention-lecture-my-course-{folder.name}.zip"
    assert result.output.startswith(f"wrote {made} (")
    with zipfile.ZipFile(made) as archive:
        names = {PurePosixPath(name) for name in archive.namelist()}
        page = unescape(archive.read(f"{made.stem}/index.html").decode())
    assert {name.parts[0] for name in names} == {made.stem}  # one folder, named as the zip
    inside = {name.name for name in names}
    assert {"lecture.mp4", "lecture.pptx", "lecture.pdf", "present.html", "transcript.html"} <= inside
    assert {n for n in inside if re.fullmatch(r"\d\d-\w+\.mp4", n)} == {f"{c.slug}.mp4" for c in CHOSEN}
    assert f"<h1>{TITLE}</h1>" in page
    (tmp_path / "other.toml").write_text('title = "Not yet"\nchapters = [2]\n', encoding="utf-8")
    refused = run("package", "--course", tmp_path / "other.toml", "--voice", "espeak", "--output", root)
    assert refused.exit_code == 2 and refused.output.count("\n") == 1, refused.output
    assert f"render --course {tmp_path / 'other.toml'}, with the same options" in refused.output
    assert not list(root.glob("attention-lecture-other-*.zip"))


def test_the_courses_handout_prints_the_light_stills_once_they_are_drawn(course, run):
    _, folder, entries = course
    root, light = folder.parents[2], from_options("l", voice="espeak", theme="light")
    source = root / folder.name
    for chapter, entry in zip(CHOSEN, entries):  # stand-ins for `render.py handout`'s dry runs (tested there)
        for still in print_stills.stills(source, chapter, entry):
            still.parent.mkdir(exist_ok=True)
            Image.new("RGB", (854, 480), "white").save(still)
        record = source / print_stills.FOLDER / f"{chapter.slug}.json"
        record.write_text(json.dumps(print_stills.drawn_from(chapter, light, entry)), encoding="utf-8")
    result = run("render", "--course", root / "my-course.toml", "--voice", "espeak", "--output", root)
    assert result.exit_code == 0, result.output
    assert f"wrote {folder / 'lecture.pdf'}" in result.output and "lecture.pptx" not in result.output
    printed = [
        key for key in Manifest.load(folder).documents["lecture.pdf"].inputs if key.startswith("poster ")
    ]
    assert printed == [
        f"poster print/{c.slug}.beat-{k:02d}.png"
        for c, e in zip(CHOSEN, entries)
        for k in range(1, len(e.beats) + 1)
    ]
