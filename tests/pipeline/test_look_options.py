"""--theme and --example: applied in the workers, part of the rebuild hash, outputs in folders of their own."""

import shutil
from pathlib import Path

import numpy as np
import pytest
from manim import tempconfig
from PIL import Image

from attention import examples
from attention.examples.file import load_example_file
from pipeline import outputs
from pipeline.frames.scene_render import use_look
from pipeline.plan import settings
from pipeline.plan.dependencies import Scanner
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.chapters.registry import find
from scenes.kit import palette
from tests.support.folders import assert_unchanged, snapshot

SAMPLE = Path(__file__).parents[2] / "examples" / "cat-and-dog.toml"


def test_theme_and_example_reach_the_worker(use_chapters, run, tmp_path):
    use_chapters("Themed")
    result = run("render", "--theme", "light", "--example", SAMPLE, "--output", tmp_path)
    assert result.exit_code == 0, result.output
    folder = tmp_path / "examples" / "cat-and-dog" / "480p15-light"
    poster = np.array(Image.open(folder / "01-Themed.png").convert("RGB"))
    assert tuple(poster[2, 2]) == (255, 255, 255), "the light theme's white background"
    assert "dog cat pet" in (folder / "01-Themed.srt").read_text(), "the example's tokens"
    assert not (tmp_path / "480p15").exists(), "nothing written over the default lecture"


def test_default_look_renders_dark_into_the_plain_folder(use_chapters, run, tmp_path):
    use_chapters("Themed")
    assert run("render", "--output", tmp_path).exit_code == 0
    poster = np.array(Image.open(tmp_path / "480p15" / "01-Themed.png").convert("RGB"))
    assert tuple(poster[2, 2]) == tuple(int(palette.DARK.background[i : i + 2], 16) for i in (1, 3, 5))
    assert "the cat sat" in (tmp_path / "480p15" / "01-Themed.srt").read_text()


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--theme", "sepia"), "'sepia' is not one of 'dark', 'light'"),
        (("--example", "nope.toml"), "nope.toml: no such file"),
        (("--example", SAMPLE.parent), "not a file"),
    ],
)
def test_bad_look_options_are_one_line_usage_errors(use_chapters, run, tmp_path, args, fragment):
    use_chapters("Themed")
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("rendered before")
    before = snapshot(out)
    result = run("render", *args, "--output", out)
    assert result.exit_code == 2
    assert fragment in result.output and "Traceback" not in result.output
    assert_unchanged(out, before)


def test_bad_example_file_is_refused_before_anything_renders(use_chapters, run, tmp_path):
    use_chapters("Themed")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        "[blend]\ntokens = ['a', 'b']\nkeys = [[1, 0], [0, 1]]\nvalues = [[1, 0], [0, 1]]\n"
        "queries = [[1, nan]]\n"
    )
    result = run("render", "--example", bad, "--output", tmp_path / "out")
    assert result.exit_code == 2
    assert "blend.queries: expected finite numbers" in result.output
    assert not (tmp_path / "out").exists()


def test_example_changes_the_numbers_a_chapter_displays(tmp_path, restore_look):
    use_look(settings.from_options("l", example=SAMPLE))
    custom = load_example_file(SAMPLE).blend.trace(0)
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        scene = BlendByWeight()
        scene.example, scene.trace = examples.current().blend, examples.current().blend.trace(0)
        scene.build()
    assert scene.bars.shown_values() == [round(w, 3) for w in custom.weights]
    assert scene.bars.shown_values() != [round(w, 3) for w in examples.DEFAULT.blend.trace(0).weights]


def test_theme_and_example_content_are_in_the_rebuild_hash(tmp_path):
    chapter = find("BlendByWeight")
    copy = tmp_path / "example.toml"
    shutil.copyfile(SAMPLE, copy)
    plain = Scanner().inputs(chapter, settings.from_options("l"))
    light = Scanner().inputs(chapter, settings.from_options("l", theme="light"))
    custom = Scanner().inputs(chapter, settings.from_options("l", example=copy))
    copy.write_text(copy.read_text().replace("queries = [[2, 0, 1]", "queries = [[2, 0, 2]"))  # [blend]
    edited = Scanner().inputs(chapter, settings.from_options("l", example=copy))
    assert len({str(sorted(i.items())) for i in (plain, light, custom, edited)}) == 4


@pytest.mark.parametrize(
    "name, folder",
    [
        ("../../x", "x"),
        ("cat and dog", "cat-and-dog"),
        ("a/b\\c", "a-b-c"),
        ("Évian\x00\n", "evian"),
        ("猫", "example"),
        ("", "example"),
        ("x" * 100, "x" * 40),
    ],
)
def test_example_names_become_safe_folder_names(name, folder):
    assert outputs.safe_name(name) == folder
