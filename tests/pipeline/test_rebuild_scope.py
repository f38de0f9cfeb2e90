"""What an edit of the project's own code re-renders: only the chapters whose frames it can change.

Tests render the tiny chapters, after a retitling or an edit of a project file (a comment
appended). The edits go to a copy of the project, rendered from in a subprocess: editing the
repository itself would change the inputs of renders other tests run at the same time. The rules on
the real chapters are in test_chapter_inputs.py.
"""

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.publish import video_join
from scenes.chapters import registry
from tests.support.processes import run_driver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "cat-and-dog.toml"
PROJECT = ("render.py", "pipeline", "scenes", "attention", "narration")  # what render.py runs
EDIT = "\n# appended by tests/pipeline/test_rebuild_scope.py\n"


@pytest.fixture(scope="module")
def copied(tmp_path_factory, module_lecture):
    """A copy of the project, a driver rendering the tiny chapters from it, and their first render."""
    project = tmp_path_factory.mktemp("project")
    for name in PROJECT:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, project / name)
    driver, out = module_lecture.driver(project=project), tmp_path_factory.mktemp("first")
    run_driver(driver, "render", "--output", out)
    return project, driver, out


@pytest.fixture
def edit_project(copied):
    """A function appending a comment to a file of the project's copy (path relative to its root)."""
    project, _, _ = copied
    saved = {}

    def edit(relative: str) -> None:
        path = project / relative
        saved.setdefault(path, path.read_text())
        path.write_text(saved[path] + EDIT)

    yield edit
    for path, text in saved.items():
        path.write_text(text)


@pytest.fixture
def render(copied, tmp_path):
    """Render from the project's copy into a copy of its first render; return the printed lines."""
    _, driver, first = copied
    out = tmp_path / "media"
    shutil.copytree(first, out)
    return lambda *args: run_driver(driver, "render", "--output", out, *args).stdout.splitlines()


def rendered_slugs(lines):
    return sorted(line.split()[1] for line in lines if line.startswith("done"))


def test_editing_command_line_code_renders_nothing(render, edit_project):
    edit_project("pipeline/plan/check.py")  # only `render.py check` runs it
    lines = render()
    assert lines[3].startswith("0 rendered, 3 up to date, 0 failed")
    assert not any(line.startswith("joined") for line in lines)


def test_editing_the_example_loader_renders_nothing_its_parsed_tables_are_the_input(render, edit_project):
    render("--example", SAMPLE, "tiny")
    edit_project("attention/examples/file.py")
    assert render("tiny")[0] == "skipped 01-Tiny (up to date)"
    assert render("--example", SAMPLE, "tiny")[0] == "skipped 01-Tiny (up to date)"


def test_editing_code_that_shapes_frames_renders_every_chapter(render, edit_project):
    edit_project("pipeline/frames/held_frames.py")
    assert rendered_slugs(render()) == ["01-Tiny", "02-Flaky", "03-Coda"]


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
    assert rendered_slugs(result.output.splitlines()) == ["01-Themed"]
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
        "transcript.html",  # the chapter's title heads its lines
    }
    marks = video_join.marks(tmp_path / "480p15" / "lecture.mp4")
    assert [m.title for m in marks] == ["A new title", "A tiny scene"]
