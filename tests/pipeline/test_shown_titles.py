"""A chapter's title as its video shows it, everywhere the pipeline prints it (issue 29): with an example of five
drag tokens, the token drag is "The five-token drag" in its heading, in `render.py list`, in the rebuild keys,
the lecture's marks, the page, the transcript and the narration script; with the lecture's own, "three"."""

from dataclasses import replace
from fractions import Fraction

import pytest

from attention import examples
from attention.examples.file import load_example_file
from pipeline.frames.beats import Beat
from pipeline.plan.dependencies import Scanner
from pipeline.plan.manifest import Entry
from pipeline.plan.settings import from_options
from pipeline.publish import lecture, script, web_page
from pipeline.publish.descriptions import Described
from scenes.chapters import registry
from scenes.kit.chapter import Line
from tests.support.example_corpus import corpus_files

THREE, FIVE = "The three-token drag", "The five-token drag"


@pytest.fixture(scope="module")
def five_tokens():
    """A corpus example file whose drag table has five tokens."""
    return next(p for p in corpus_files() if len(load_example_file(p).drag.tokens) == 5)


@pytest.fixture
def drag():
    return registry.find("ThreeTokenDrag")


def test_the_drag_s_title_counts_its_example_s_tokens_and_no_other_title_changes(
    five_tokens, drag, restore_look
):
    five = load_example_file(five_tokens)
    assert registry.shown_title(drag, five) == FIVE
    assert registry.shown_title(drag, examples.DEFAULT) == THREE == drag.title
    assert [registry.shown_title(c, five) for c in registry.CHAPTERS if c != drag] == [
        c.title for c in registry.CHAPTERS if c != drag
    ]
    examples.use(five)  # by default, the examples in use: the scene's heading reads its title so
    assert registry.shown_title(drag) == FIVE
    assert registry.shown_title(replace(drag, title="Drag two tokens")) == "Drag five tokens"  # retitled


def test_list_prints_the_title_the_example_s_video_shows(five_tokens, run, tmp_path):
    listed = run("list", "--example", five_tokens, "--output", tmp_path)
    assert listed.exit_code == 0, listed.output
    assert f"02  ThreeTokenDrag    {FIVE}" in listed.output.splitlines()
    assert f"02  ThreeTokenDrag    {THREE}" in run("list", "--output", tmp_path).output.splitlines()


def test_the_rebuild_keys_hold_the_title_as_shown(five_tokens, drag):
    five, own = from_options("l", example=five_tokens), from_options("l")
    scanner = Scanner()
    assert scanner.inputs(drag, five)["title"] == FIVE
    assert scanner.inputs(drag, own)["title"] == THREE
    recap = registry.find("QuickVersion")  # its recap names every chapter by its title
    assert scanner.inputs(recap, five)["registry"] != scanner.inputs(recap, own)["registry"]
    assert "example [drag]" not in scanner.inputs(registry.find("FixedContext"), five)


def test_the_lecture_s_marks_and_its_key_say_the_shown_title(five_tokens, drag):
    settings = from_options("l", example=five_tokens)
    assert lecture.titles((drag,), settings) == [FIVE]
    entry = Entry(drag.slug, "mp4", "hash", {}, {}, 1.0, 15)
    inputs = lecture._inputs((drag,), lecture.titles((drag,), settings), [entry], Scanner())
    assert inputs[f"chapter {drag.slug}"] == f"1 hash {FIVE}"
    assert lecture._cue(FIVE, beat(FIVE)) == FIVE  # the recorder names the untitled beat after the title
    assert lecture._cue(FIVE, beat("Keys in a plane")) == f"{FIVE}: Keys in a plane"


def beat(name):
    return Beat(name, 0, 15, 0.0, 1.0, 0, 1, 0.1)


def test_the_page_and_transcript_say_the_shown_title(five_tokens, drag, tmp_path):
    settings = from_options("l", example=five_tokens)
    assert web_page._chapter(tmp_path, drag, settings, {})["title"] == FIVE
    video = tmp_path / f"{drag.slug}.mp4"
    described = {
        video: [Described("Keys in a plane", Fraction(0), Fraction(1), ["Each arrow is a key."], "")]
    }
    page = web_page._transcript(tmp_path, (drag,), settings, described)
    assert page.count(f"2. {FIVE}") == 2  # the contents and the chapter's heading
    assert THREE not in page
    assert web_page._transcript(tmp_path, (drag,), from_options("l"), described).count(f"2. {THREE}") == 2


def test_the_narration_script_says_the_shown_title(five_tokens, drag, tmp_path, monkeypatch):
    said = [Line("ThreeTokenDrag-01-01", "Keys in a plane", "Each arrow is a key.")]
    monkeypatch.setattr(script, "lines", lambda chapter, settings, output_dir: said)  # no dry run
    text, page = script.write([drag], from_options("l", example=five_tokens), tmp_path)
    assert (
        f"ThreeTokenDrag-01-01\t{FIVE}\tKeys in a plane\tEach arrow is a key."
        in text.read_text().splitlines()
    )
    assert f"<h2>{FIVE}</h2>" in page.read_text()
