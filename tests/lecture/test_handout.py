"""lecture.pdf: a title page, then per chapter its title and per beat its poster and captions as text, with
page numbers; printed from light-theme frames when those are up to date; tagged for assistive technology
(structure tree, language, bookmarks, text alternatives, embedded fonts), as poppler and pikepdf read it and as
pdfua, a PDF/UA-1 checker, checks it."""

import os
import re
import shutil
import subprocess

import numpy as np
import pdfua
import pikepdf
import pytest
from PIL import Image

from pipeline import outputs
from pipeline.frames import captions
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


def pdfinfo(path, *options: str) -> str:
    return subprocess.run(["pdfinfo", *options, str(path)], capture_output=True, text=True, check=True).stdout


def page_count(path) -> int:
    return int(next(line.split()[1] for line in pdfinfo(path).splitlines() if line.startswith("Pages:")))


def poppler_structure(path) -> list[str]:
    """The structure tree as poppler reads it (pdfinfo -struct-text): each element's type and text, indented by
    depth; a figure's box left out."""
    lines = pdfinfo(path, "-struct-text").splitlines()
    return [re.sub(r" \((block|inline)\)$|:$", "", line) for line in lines if "/BBox" not in line]


def fonts_embedded(path) -> list[bool]:
    """Whether each font poppler's pdffonts lists is embedded (its "emb" column, fifth from the end)."""
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return [row.split()[-5] == "yes" for row in fonts.splitlines()[2:]]


def images_per_page(path) -> list[int]:
    """How many images poppler's pdfimages finds on each page, from the first."""
    listed = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True)
    pages = [int(line.split()[0]) for line in listed.stdout.splitlines()[2:]]
    return [pages.count(number) for number in range(1, page_count(path) + 1)]


def structure(pdf) -> list:
    """Every element of the PDF's structure tree, in reading order."""
    found, todo = [], [pdf.Root.StructTreeRoot]
    while todo:
        node = todo.pop(0)
        kids = node.get("/K")
        kids = list(kids) if isinstance(kids, pikepdf.Array) else [] if kids is None else [kids]
        elements = [k for k in kids if isinstance(k, pikepdf.Dictionary) and "/S" in k]
        found += elements
        todo = elements + todo
    return found


def pdfua_check(pdf) -> tuple[list, list]:
    """What pdfua finds in `pdf` ((rule, message) of any severity) and the rules it could not evaluate."""
    report = pdfua.validate(str(pdf))
    return [(f.rule_id, f.message) for f in report.findings], [o.rule_id for o in report.skipped]


# pdfua 0.1.3's empty-heading check asks a pikepdf 10 array for an attribute and stops on every heading whose
# marked content is an array (WeasyPrint's are): `marks_content` checks the same thing here
PDFUA_CANNOT = ["UA-14-001"]


def marks_content(node) -> bool:
    """Whether the structure element `node` reaches page content (a marked-content id), as a heading must."""
    kids = node.get("/K")
    kids = list(kids) if isinstance(kids, pikepdf.Array) else [] if kids is None else [kids]
    return any(isinstance(k, int) or (isinstance(k, pikepdf.Dictionary) and marks_content(k)) for k in kids)


def a_handout(folder, beats: int) -> tuple:
    """A handout of one chapter with `beats` beats, each with a white poster and two captions."""
    poster = folder / "poster.png"
    Image.new("RGB", (160, 90), "white").save(poster)
    made = [
        handout.HandoutBeat(f"Beat {k}", poster, [f"said {k}", "√2 ≈ 1.414"], f"alt {k}")
        for k in range(beats)
    ]
    chapter = handout.HandoutChapter("One chapter", made)
    handout.write("Attention, explained", "Handout", [chapter], folder / "h.pdf", 16 / 9)
    return folder / "h.pdf", chapter


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
    beat = handout.HandoutBeat("b", None, [], "")
    chapters = [handout.HandoutChapter("a", [beat] * 5), handout.HandoutChapter("b", [beat] * 4)]
    assert handout.pages(chapters) == 1 + 2 + 1


@pytest.mark.parametrize(
    "beats, shares", [(1, [1]), (4, [4]), (5, [3, 2]), (9, [3, 3, 3]), (13, [4, 3, 3, 3])]
)
def test_a_chapters_beats_are_shared_evenly_over_its_pages(beats, shares):
    assert handout._shares(beats) == shares


def test_no_page_holds_a_lone_last_beat(tmp_path):
    pdf, _ = a_handout(tmp_path, 5)
    pages = pdf_text(pdf).split("\f")
    assert [re.findall(r"Beat \d", page) for page in pages[1:3]] == [
        ["Beat 0", "Beat 1", "Beat 2"],
        ["Beat 3", "Beat 4"],
    ]
    assert "One chapter (continued)" in pages[2]
    assert images_per_page(pdf) == [0, 3, 2]


def test_a_handout_is_tagged_with_headings_figures_and_bookmarks(tmp_path):
    pdf, chapter = a_handout(tmp_path, 2)
    with pikepdf.open(pdf) as opened:
        kinds = [(str(e.S), str(e.get("/Alt", ""))) for e in structure(opened)]
        with opened.open_outline() as outline:
            bookmarks = [(item.title, [child.title for child in item.children]) for item in outline.root]
    headings = [kind for kind, _ in kinds if re.fullmatch(r"/H\d", kind)]
    assert headings == ["/H1", "/H2", "/H3", "/H3"]
    assert [alt for kind, alt in kinds if kind == "/Figure"] == ["alt 0", "alt 1"]
    assert bookmarks == [("One chapter", ["Beat 0", "Beat 1"])]
    assert kinds.index(("/H3", "")) < kinds.index(("/Figure", "alt 0"))  # a beat's name, then its picture
    assert pdfua_check(pdf) == ([], PDFUA_CANNOT)
    with pikepdf.open(pdf) as opened:
        assert all(marks_content(e) for e in structure(opened) if re.fullmatch(r"/H\d", str(e.S)))


def beat_tree(k: int) -> list[str]:
    """`a_handout`'s beat k as `poppler_structure` shows it: its section, name, poster and two captions."""
    return [
        "    Sect", "      H3", "        Span", f'          "Beat {k}"', "      Figure", '        ""',
        "      P", "        Span", f'          "said {k}"', "      P", "        Span", '          "√2 ≈ 1.414"',
    ]  # fmt: skip


def test_poppler_reads_a_handouts_structure_language_and_embedded_fonts(tmp_path):
    pdf, _ = a_handout(tmp_path, 2)
    assert poppler_structure(pdf) == [
        "Document", "  H1", "    Span", '      "Attention, explained"', "  P", "    Span", '      "Handout"',
        "  Sect", "    H2", "      Span", '        "One chapter"', *beat_tree(0), *beat_tree(1),
    ]  # fmt: skip
    assert re.search(r"^Tagged:\s+yes$", pdfinfo(pdf), re.M)
    assert fonts_embedded(pdf) == [True, True]  # the text's font and its bold
    with pikepdf.open(pdf) as opened:
        assert str(opened.Root.Lang) == "en-US" and opened.Root.MarkInfo.Marked


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
    shares = [share for n in beats_per_chapter for share in handout._shares(n)]
    assert images_per_page(pdf) == [0, *shares]  # a poster per beat, and no chapter spills onto a page
    assert min(shares) > 1


def test_the_real_lectures_handout_prints_each_narration_line_once(real_lecture):
    text = " ".join(pdf_text(real_lecture / "lecture.pdf").split())
    text = re.sub(r"(?<=\w)- (?=\w)", "-", text)  # "one-hot" broken after its hyphen at a line's end
    said = [
        " ".join(cue.content.split())
        for chapter in LECTURE
        for cue in captions.read(outputs.chapter_files(real_lecture, chapter.slug, "mp4").subtitles)
    ]
    every = " | ".join(said)
    assert said and all(text.count(line) == every.count(line) for line in said)


def test_the_real_lectures_handout_is_tagged_for_assistive_technology(real_lecture):
    pdf = real_lecture / "lecture.pdf"
    info = pdfinfo(pdf)
    assert re.search(r"^Tagged:\s+yes$", info, re.M) and re.search(
        r"^Title:\s+Attention, explained$", info, re.M
    )
    embedded = fonts_embedded(pdf)
    assert embedded and all(embedded)
    beats = sum(len(Manifest.load(real_lecture).get(c.slug, "mp4").beats) for c in LECTURE)
    with pikepdf.open(pdf) as opened:
        assert "/StructTreeRoot" in opened.Root and opened.Root.MarkInfo.Marked
        assert str(opened.Root.Lang) == "en-US"
        with opened.open_outline() as outline:
            assert [item.title for item in outline.root] == [" ".join(c.title.split()) for c in LECTURE]
        figures = [e for e in structure(opened) if e.S == "/Figure"]
    assert len(figures) == beats
    assert all(str(f.Alt).startswith("The end of “") for f in figures)
    assert pdfua_check(pdf) == ([], PDFUA_CANNOT)


def test_text_in_any_script_is_selectable(tmp_path):
    poster = tmp_path / "poster.png"
    Image.new("RGB", (160, 90), "white").save(poster)
    captions = ["“猫” reads mostly “cat” (0.810).", "divide by √d ≈ 1.414"]
    chapter = handout.HandoutChapter(
        "注意 attention", [handout.HandoutBeat("Keys", poster, captions, "Keys")]
    )
    handout.write(
        "Attention, explained", "Handout, with the example 猫", [chapter], tmp_path / "h.pdf", 16 / 9
    )
    text = pdf_text(tmp_path / "h.pdf")
    for words in ("注意 attention", "“猫” reads mostly “cat” (0.810).", "√d ≈ 1.414", "the example 猫"):
        assert words in text


def test_the_handout_command_prints_light_stills_drawn_without_a_second_render(rendered, run, tmp_path):
    out = shutil.copytree(rendered, tmp_path / "out", copy_function=os.link)  # the module's folder untouched
    shutil.rmtree(out / "480p15-light", ignore_errors=True)  # rendered by the test before, if it ran
    folder = out / "480p15"
    entries = {slug: Manifest.load(folder).get(slug, "mp4") for slug in ("01-Beaten", "02-Tiny")}
    result = run("handout", "--output", out)
    assert result.exit_code == 0, result.output
    for slug, entry in entries.items():
        assert f"drew {len(entry.beats)} print stills of {slug} in the light theme" in result.output
    assert f"wrote {folder / 'lecture.pdf'} in " in result.output and "lecture.pptx" not in result.output
    printed = [
        key for key in Manifest.load(folder).documents["lecture.pdf"].inputs if key.startswith("poster ")
    ]
    assert printed == [
        f"poster print/{slug}.beat-{k:02d}.png"
        for slug, e in entries.items()
        for k in range(1, len(e.beats) + 1)
    ]
    assert images_per_page(folder / "lecture.pdf")[1:] == [len(e.beats) for e in entries.values()]
    assert run("handout", "--output", out).output == f"{folder / 'lecture.pdf'} is up to date\n"
    assert "lecture.pdf" not in run("render", "--output", out).output  # a render keeps printing them
    assert run("render", "--theme", "light", "--output", out).exit_code == 0  # what they stand in for
    for slug, entry in entries.items():
        for k in range(1, len(entry.beats) + 1):
            still = np.asarray(
                Image.open(folder / "print" / f"{slug}.beat-{k:02d}.png").convert("RGB"), float
            )
            light = outputs.chapter_files(out / "480p15-light", slug, "mp4").beat_poster(k)
            assert np.abs(still - np.asarray(Image.open(light).convert("RGB"), float)).mean() < 1.0, (slug, k)


def test_the_handout_command_needs_a_rendered_lecture(tmp_path, run):
    result = run("handout", "--output", tmp_path)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "holds no up-to-date lecture: render it first" in result.output
    assert not (tmp_path / "480p15" / "print").exists()
