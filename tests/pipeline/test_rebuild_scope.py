"""What an edit of the project's own code re-renders: only the chapters whose frames it can change.

Tests render the tiny chapters, after a retitling or an edit of a project file (a comment
appended; the file is restored afterwards). The rules on the real chapters are in
test_chapter_inputs.py.
"""

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.publish import video_join
from scenes.chapters import registry

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "cat-and-dog.toml"
EDIT = b"\n# appended by tests/pipeline/test_rebuild_scope.py, which restores this file\n"


@pytest.fixture
def edit_project():
    """A function appending a comment to a project file (path relative to the root); restored afterwards."""
    saved = {}

    def edit(relative: str) -> None:
        path = ROOT / relative
        saved.setdefault(path, path.read_bytes())
        path.write_bytes(saved[path] + EDIT)

    yield edit
    for path, data in saved.items():
        path.write_bytes(data)


@pytest.fixture
def render(run, baseline, tmp_path):
    """Render into a copy of the module's first render of Tiny, Flaky and Coda."""
    out = tmp_path / "media"
    shutil.copytree(baseline[1], out)
    return lambda *args: run("render", "--output", out, *args)


def rendered_slugs(output):
    return sorted(line.split()[1] for line in output.splitlines() if line.startswith("done"))


def test_editing_command_line_code_renders_nothing(render, edit_project):
    edit_project("pipeline/outputs.py")  # outputs.clean lives here: only `render.py clean` runs it
    result = render()
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[3].startswith("0 rendered, 3 up to date, 0 failed")
    assert not any(line.startswith("joined") for line in result.output.splitlines())


def test_editing_the_example_loader_renders_only_renders_given_an_example(render, edit_project):
    assert render("--example", SAMPLE, "tiny").exit_code == 0
    edit_project("attention/examples/file.py")
    plain = render("tiny")
    assert plain.exit_code == 0, plain.output
    assert plain.output.splitlines()[0] == "skipped 01-Tiny (up to date)"
    custom = render("--example", SAMPLE, "tiny")
    assert custom.exit_code == 0, custom.output
    assert rendered_slugs(custom.output) == ["01-Tiny"]


def test_editing_code_that_shapes_frames_renders_every_chapter(render, edit_project):
    edit_project("pipeline/frames/held_frames.py")
    result = render()
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["01-Tiny", "02-Flaky", "03-Coda"]


def states(folder):
    """Every file's bytes and modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def test_retitling_a_chapter_renders_only_it_and_joins_the_lecture_again(
    use_chapters, run, tmp_path, monkeypatch
):
    themed, tiny = use_chapters("Themed", "Tiny")  # Themed is a ChapterScene: it may show its title
    assert run("render", "--output", tmp_path).exit_code == 0
    before = states(tmp_path / "480p15")
    monkeypatch.setattr(registry, "CHAPTERS", (replace(themed, title="A new title"), tiny))
    result = run("render", "--output", tmp_path)
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["01-Themed"]
    assert "skipped 02-Tiny (up to date)" in result.output
    after = states(tmp_path / "480p15")
    assert {n for n in after if after[n] != before[n]} == {
        "01-Themed.mp4",
        "01-Themed.png",
        "01-Themed.srt",
        "01-Themed.vtt",
        "01-Themed.beat-01.png",
        "01-Themed.beats.vtt",
        "01-Themed.mp4.beats.json",
        "manifest.json",
        "index.html",
        "present.html",  # the presenter pages hold the beats' times and captions
        "speaker.html",
        "lecture.mp4",
        "lecture.srt",
        "lecture.vtt",
        "lecture.beats.vtt",
        "lecture.pptx",
        "lecture.pdf",
    }
    marks = video_join.marks(tmp_path / "480p15" / "lecture.mp4")
    assert [m.title for m in marks] == ["A new title", "A tiny scene"]
