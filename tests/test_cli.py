"""The command line: listing, chapter names, one-line usage errors, clean."""

import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.plan.theme_file import load_theme_file
from scenes.chapters import registry
from tests.support.folders import assert_unchanged, snapshot

ROOT = Path(__file__).resolve().parents[1]
THEME_FILE = ROOT / "examples" / "chalkboard-theme.toml"


def test_list_shows_chapters_in_order_then_what_is_rendered(tiny_chapters, run, tmp_path):
    before = run("list", "--output", tmp_path)
    assert before.exit_code == 0
    assert before.output.splitlines() == [
        "01  Tiny   A tiny scene",
        "    not rendered at 480p15",
        "02  Flaky  A chapter that can fail",
        "    not rendered at 480p15",
        "03  Coda   After the failure",
        "    not rendered at 480p15",
    ]
    assert run("render", "tiny", "--output", tmp_path).exit_code == 0
    after = run("list", "-q", "l", "--output", tmp_path).output.splitlines()
    stem = tmp_path / "480p15" / "01-Tiny"
    assert after[1] == (
        f"    1.0 s  {stem}.mp4  {stem}.png  {stem}.srt  {stem}.vtt  {stem}.beats.vtt  {stem}.mp4.beats.json"
        "  (+ 2 beat posters)"
    )
    assert after[3] == "    not rendered at 480p15"
    assert run("list", "-q", "m", "--output", tmp_path).output.splitlines()[1] == "    not rendered at 720p30"


def test_list_marks_a_rendering_whose_inputs_changed_as_out_of_date(tiny_chapters, lecture, run, tmp_path):
    assert run("render", "tiny", "--output", tmp_path).exit_code == 0
    lecture.edit("shared", 'COLOR = "#58C4DD"', 'COLOR = "#FC6255"')
    assert run("list", "--output", tmp_path).output.splitlines()[1].endswith("posters)  (out of date)")


def test_chapter_names_are_case_insensitive_and_rendered_in_viewing_order(tiny_chapters, run, tmp_path):
    result = run("render", "CODA", "tINY", "coda", "--jobs", 1, "--output", tmp_path)
    assert result.exit_code == 0, result.output
    assert [line.split()[1] for line in result.output.splitlines()[:2]] == ["01-Tiny", "03-Coda"]
    assert sorted(p.stem for p in (tmp_path / "480p15").glob("*.mp4")) == ["01-Tiny", "03-Coda"]


def test_chapters_can_be_named_by_their_number_as_list_shows_it(tiny_chapters, run, tmp_path):
    result = run("render", "3", "01", "--jobs", 1, "--output", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.stem for p in (tmp_path / "480p15").glob("*.mp4")) == ["01-Tiny", "03-Coda"]
    assert run("render", "4", "--output", tmp_path).output.startswith("Error: unknown chapter '4'; ")


@pytest.mark.parametrize("command", [[], ["list"], ["render"], ["clean"]])
def test_dash_h_is_help(run, command):
    short, long = run(*command, "-h"), run(*command, "--help")
    assert short.exit_code == 0 and short.output == long.output
    assert short.output.startswith("Usage: ")


def test_unknown_chapter_is_one_line_with_the_closest_name(tiny_chapters, run, tmp_path):
    result = run("render", "tiny", "Cod", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: unknown chapter 'Cod' (closest: Coda); valid chapters: Tiny, Flaky, Coda (or their numbers, 1 to 3)"
    ]
    assert not tmp_path.joinpath("480p15").exists()  # nothing renders when a name is wrong


def test_unknown_chapter_with_no_close_match_lists_the_names_only(tiny_chapters, run, tmp_path):
    result = run("render", "softmax", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: unknown chapter 'softmax'; valid chapters: Tiny, Flaky, Coda (or their numbers, 1 to 3)"
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-q", "x"], "Error: Invalid value for '-q' / '--quality': 'x' is not one of 'l', 'm', 'h', 'k'."),
        (["--jobs", "0"], "Error: Invalid value for '--jobs': 0 is not in the range x>=1."),
        (["--jobs", "-1"], "Error: Invalid value for '--jobs': -1 is not in the range x>=1."),
        (["--jobs", "abc"], "Error: Invalid value for '--jobs': 'abc' is not a valid integer range."),
        (
            ["--format", "avi"],
            "Error: Invalid value for '--format': 'avi' is not one of 'mp4', 'webm', 'gif', 'mov'.",
        ),
        (
            ["--resolution", "big"],
            "Error: Invalid value for '--resolution': 'big' is not WIDTHxHEIGHT, e.g. 1280x720",
        ),
        (
            ["--resolution", "853x480"],
            "Error: Invalid value for '--resolution': '853x480': width and height must be even numbers from 16 to 7680",
        ),
        (["--fps", "0"], "Error: Invalid value for '--fps': 0 is not in the range 1<=x<=120."),
        (
            ["-q", "h", "--resolution", "640x360", "--fps", "24"],
            "Error: -q/--quality has no effect when both --resolution and --fps are given; drop one",
        ),
    ],
)
def test_bad_options_are_one_line_usage_errors(tiny_chapters, run, tmp_path, args, message):
    result = run("render", *args, "--output", tmp_path)
    assert (result.exit_code, result.output.splitlines()) == (2, [message])
    assert not any(tmp_path.iterdir())


def test_a_bad_jobs_default_from_the_environment_is_a_one_line_usage_error(
    tiny_chapters, run, tmp_path, monkeypatch
):
    monkeypatch.setenv("RENDER_JOBS", "0")
    result = run("render", "--output", tmp_path)
    assert (result.exit_code, result.output.splitlines()) == (
        2,
        ["Error: Invalid value for '--jobs': 0 is not in the range x>=1."],
    )
    assert not any(tmp_path.iterdir())


def test_output_that_is_a_file_is_a_usage_error(tiny_chapters, run, tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("render", "--output", tmp_path / "file")
    assert result.exit_code == 2
    assert (
        result.output == f"Error: Invalid value for '--output': Directory '{tmp_path / 'file'}' is a file.\n"
    )


def test_output_folder_that_cannot_be_created_is_a_usage_error(tiny_chapters, run, tmp_path):
    (tmp_path / "file").write_text("x")
    result = run("render", "--output", tmp_path / "file" / "media")
    assert result.exit_code == 2
    assert (
        result.output
        == f"Error: cannot write to the output folder {tmp_path / 'file' / 'media'}: Not a directory\n"
    )


def test_script_refuses_an_unknown_chapter_in_one_line_without_traceback():
    name = registry.CHAPTERS[0].name
    result = subprocess.run(
        [sys.executable, "render.py", "render", name + "x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert f"unknown chapter '{name}x' (closest: {name})" in result.stderr
    assert "Traceback" not in result.stderr


def test_clean_removes_one_quality_or_all_and_the_caches(tiny_chapters, run, tmp_path):
    for folder in ("480p15", "720p30", "1280x720p24", ".manim/Tex", "keep"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "file").write_text("x")
    result = run("clean", "-q", "l", "--output", tmp_path)
    assert result.output.splitlines() == [f"removed {tmp_path / '480p15'}"]  # the LaTeX cache is shared: kept
    assert (tmp_path / ".manim" / "Tex" / "file").exists()
    assert run(
        "clean", "--resolution", "1280x720", "--fps", "24", "--output", tmp_path
    ).output.splitlines() == [f"removed {tmp_path / '1280x720p24'}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [".manim", "720p30", "keep"]
    assert run("clean", "--output", tmp_path).output.splitlines() == [
        f"removed {tmp_path / '720p30'}",
        f"removed {tmp_path / '.manim'}",
    ]
    assert run("clean", "--output", tmp_path).output.splitlines() == ["nothing to remove"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep"]


def test_clean_takes_theme_and_example_and_removes_exactly_what_render_wrote(tiny_chapters, run, tmp_path):
    sample = Path(__file__).parent.parent / "examples" / "cat-and-dog.toml"
    mine = tmp_path / "examples" / "cat-and-dog"
    for folder in (
        "480p15",
        "480p15-light",
        "720p30-light",
        ".manim/Tex",
        *(f"{mine}/{f}" for f in ("480p15", ".manim/Tex")),
    ):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "file").write_text("x")

    def clean(*args):
        return run("clean", *args, "--output", tmp_path).output.splitlines()

    assert clean("-q", "l", "--theme", "light") == [f"removed {tmp_path / '480p15-light'}"]
    assert clean("--theme", "light") == [f"removed {tmp_path / '720p30-light'}"]
    assert clean("-q", "l", "--example", sample) == [f"removed {mine / '480p15'}"]
    assert (mine / ".manim" / "Tex" / "file").exists() and (tmp_path / "480p15" / "file").exists()
    assert clean("--example", sample) == [f"removed {mine}"]
    (mine / "480p15").mkdir(parents=True)
    assert clean() == [
        f"removed {tmp_path / '480p15'}",
        f"removed {tmp_path / '.manim'}",
        f"removed {tmp_path / 'examples'}",
    ]
    assert list(tmp_path.iterdir()) == []


def test_two_example_files_with_one_name_never_share_a_folder(use_chapters, run, tmp_path):
    use_chapters("Tiny")
    sample = (Path(__file__).parent.parent / "examples" / "cat-and-dog.toml").read_text()
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text(sample)
    second.write_text(sample.replace("[2, 0, 1]", "[1, 0, 2]"))
    out, folder = tmp_path / "media", tmp_path / "media" / "examples" / "cat-and-dog"
    assert run("render", "--example", first, "--output", out).exit_code == 0
    before = snapshot(out)

    refused = run("render", "--example", second, "--output", out)
    assert refused.exit_code == 2 and refused.stdout == ""
    assert refused.stderr.splitlines() == [
        f"Error: {second}: its name 'cat and dog' is already used by {first}, whose videos are in {folder}; "
        f"give one of the two files another `name` (or remove that folder: clean --example {first})"
    ]
    assert_unchanged(out, before)
    assert run("render", "--example", first, "--output", out).exit_code == 0  # its own file: as before

    first.unlink()  # the folder's file is gone: the other file may take the folder over
    assert run("render", "--example", second, "--output", out).exit_code == 0
    assert (folder / ".example-source").read_text() == f"{second}\n"


def test_a_theme_file_with_two_clashing_colours_is_refused_in_one_line(tiny_chapters, run, tmp_path):
    clash = tmp_path / "clash.toml"
    clash.write_text(THEME_FILE.read_text().replace('scaled = "#A584FF"', 'scaled = "#84B0FF"'))
    out = tmp_path / "media"
    result = run("render", "tiny", "--theme", clash, "--output", out)
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines() == [
        f"Error: {clash}: key #7FB2FF and scaled #84B0FF: ΔE 2.3 apart (needs more than 20) (and 3 more)"
    ]
    assert not out.exists()


def test_clean_takes_a_theme_file_for_its_folders(tiny_chapters, run, tmp_path):
    name = load_theme_file(THEME_FILE).name  # 'chalkboard-' and its path's hash
    for folder in ("480p15", f"480p15-{name}", f"720p30-{name}", "720p30-chalkboard-000000"):
        (tmp_path / folder).mkdir()
    assert run("clean", "-q", "l", "--theme", THEME_FILE, "--output", tmp_path).output.splitlines() == [
        f"removed {tmp_path / f'480p15-{name}'}"
    ]
    assert run("clean", "--theme", THEME_FILE, "--output", tmp_path).output.splitlines() == [
        f"removed {tmp_path / f'720p30-{name}'}"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "480p15",
        "720p30-chalkboard-000000",
    ]  # another file's
