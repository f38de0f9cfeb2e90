"""The command line: listing, chapter names, one-line usage errors, clean."""
import subprocess
import sys
from pathlib import Path

from scenes import registry

ROOT = Path(__file__).resolve().parents[1]


def test_list_shows_chapters_in_order_then_what_is_rendered(tiny_chapters, run, tmp_path):
    before = run("list", "--output", tmp_path)
    assert before.exit_code == 0
    assert before.output.splitlines() == [
        "01  Tiny   A tiny scene", "    not rendered at 480p15",
        "02  Flaky  A chapter that can fail", "    not rendered at 480p15",
        "03  Coda   After the failure", "    not rendered at 480p15",
    ]
    assert run("render", "tiny", "--output", tmp_path).exit_code == 0
    after = run("list", "-q", "l", "--output", tmp_path).output.splitlines()
    stem = tmp_path / "480p15" / "01-Tiny"
    assert after[1] == f"    1.0 s  {stem}.mp4  {stem}.png  {stem}.srt"
    assert after[3] == "    not rendered at 480p15"
    assert run("list", "-q", "m", "--output", tmp_path).output.splitlines()[1] == "    not rendered at 720p30"


def test_chapter_names_are_case_insensitive_and_rendered_in_viewing_order(tiny_chapters, run, tmp_path):
    result = run("render", "CODA", "tINY", "coda", "--output", tmp_path)
    assert result.exit_code == 0, result.output
    assert [line.split()[1] for line in result.output.splitlines()[:2]] == ["01-Tiny", "03-Coda"]
    assert sorted(p.stem for p in (tmp_path / "480p15").glob("*.mp4")) == ["01-Tiny", "03-Coda"]


def test_unknown_chapter_is_one_line_with_the_closest_name(tiny_chapters, run, tmp_path):
    result = run("render", "tiny", "Cod", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: unknown chapter 'Cod' (closest: Coda); valid chapters: Tiny, Flaky, Coda"]
    assert not (tmp_path / "480p15").exists()  # nothing renders when a name is wrong


def test_bad_quality_is_a_one_line_choice_error(tiny_chapters, run, tmp_path):
    result = run("render", "-q", "x", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "Error: Invalid value for '-q' / '--quality': 'x' is not one of 'l', 'm', 'h', 'k'."]


def test_script_refuses_an_unknown_chapter_in_one_line_without_traceback():
    name = registry.CHAPTERS[0].name
    result = subprocess.run([sys.executable, "render.py", "render", name + "x"],
                            cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert f"unknown chapter '{name}x' (closest: {name})" in result.stderr
    assert "Traceback" not in result.stderr


def test_clean_removes_one_quality_or_all_and_the_caches(tiny_chapters, run, tmp_path):
    for folder in ("480p15", "720p30", ".manim/Tex"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "file").write_text("x")
    result = run("clean", "-q", "l", "--output", tmp_path)
    assert result.output.splitlines() == [f"removed {tmp_path / '480p15'}", f"removed {tmp_path / '.manim'}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["720p30"]
    assert run("clean", "--output", tmp_path).output.splitlines() == [f"removed {tmp_path / '720p30'}"]
    assert run("clean", "--output", tmp_path).output.splitlines() == ["nothing to remove"]
