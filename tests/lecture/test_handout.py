"""lecture.pdf: a title page, then per chapter its title and per beat its poster and captions as text, with
page numbers; printed from light-theme frames when those are up to date."""

import subprocess

import pytest
from PIL import Image

from pipeline.plan.manifest import Manifest
from pipeline.publish import handout
from scenes.chapters import registry
from tests.lecture.test_beats import BEATEN_NAMES, render_beaten

LECTURE = registry.CHAPTERS  # the real chapters, taken before a fixture puts tiny ones in the registry

SEED_NUMBERS = ("0.768", "11.107", "0.867")  # results of the lecture's seeded example, in its captions


def pdf_text(path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def page_count(path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, module_lecture, module_patch, run):
    """Beaten and Tiny rendered once as mp4 with the lecture's documents; their output folder."""
    out = tmp_path_factory.mktemp("handout")
    render_beaten(out, module_lecture, module_patch, run)
    return out


def test_the_handout_has_a_title_page_then_each_chapters_beats(rendered):
    pdf = rendered / "480p15" / "lecture.pdf"
    text = pdf_text(pdf)
    assert text.index("Attention, explained") < text.index(BEATEN_NAMES[0]) < text.index("A tiny scene")
    for words in (*BEATEN_NAMES[1:], "appear", "move", "a square appears", "it moves right"):
        assert words in text
    assert page_count(pdf) == 3 == 1 + 1 + 1  # title page; Beaten's 4 beats on one page; Tiny's 2 on another
    pages = text.split("\f")
    assert [page.split()[-1] for page in pages if page.strip()] == ["1", "2", "3"]  # page numbers


def test_pages_are_counted_per_chapter():
    beat = handout.HandoutBeat("b", None, [])
    chapters = [handout.HandoutChapter("a", [beat] * 5), handout.HandoutChapter("b", [beat] * 4)]
    assert handout.pages(chapters) == 1 + 2 + 1


def test_light_frames_are_printed_once_they_are_rendered(rendered, run):
    folder = rendered / "480p15"
    before = Manifest.load(folder).documents["lecture.pdf"].inputs
    assert any(key.startswith("poster 480p15/") for key in before)
    assert run("render", "--theme", "light", "--output", rendered).exit_code == 0
    result = run("render", "--output", rendered)
    assert result.exit_code == 0, result.output
    assert f"wrote {folder / 'lecture.pdf'} in " in result.output and "lecture.pptx" not in result.output
    after = Manifest.load(folder).documents["lecture.pdf"].inputs
    assert any(key.startswith("poster 480p15-light/") for key in after)
    assert not any(key.startswith("poster 480p15/") for key in after)


def test_the_real_lectures_handout(real_lecture):
    pdf = real_lecture / "lecture.pdf"
    text = " ".join(pdf_text(pdf).split())
    for number in SEED_NUMBERS:
        assert number in text
    for chapter in LECTURE:
        assert " ".join(chapter.title.split()) in text
    beats_per_chapter = [len(Manifest.load(real_lecture).get(c.slug, "mp4").beats) for c in LECTURE]
    assert page_count(pdf) == 1 + sum(-(-n // handout.BEATS_PER_PAGE) for n in beats_per_chapter)


def test_text_in_any_script_is_selectable(tmp_path):
    poster = tmp_path / "poster.png"
    Image.new("RGB", (160, 90), "white").save(poster)
    captions = ["“猫” reads mostly “cat” (0.810).", "divide by √d ≈ 1.414"]
    chapter = handout.HandoutChapter("注意 attention", [handout.HandoutBeat("Keys", poster, captions)])
    handout.write(
        "Attention, explained", "Handout, with the example 猫", [chapter], tmp_path / "h.pdf", 16 / 9
    )
    text = pdf_text(tmp_path / "h.pdf")
    for words in ("注意 attention", "“猫” reads mostly “cat” (0.810).", "√d ≈ 1.414", "the example 猫"):
        assert words in text
