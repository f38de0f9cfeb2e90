"""Incremental rebuilds: the manifest, what triggers a render, and recovering from damaged state."""

import json
import shutil

import av
import pytest

from pipeline.plan import manifest as manifest_module
from pipeline.plan.dependencies import Scanner
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from scenes.chapters.registry import Chapter


@pytest.fixture
def rendered(module_lecture, baseline, tmp_path):
    """A copy of the first render, and the lecture, whose sources are restored after the test."""
    sources = {p: p.read_text() for p in module_lecture.folder.glob("*.py")}
    out = tmp_path / "media"
    shutil.copytree(baseline[1], out)
    yield module_lecture, out
    for path, text in sources.items():
        path.write_text(text)


@pytest.fixture
def render(run, rendered):
    """Render into the test's copy of the first render."""
    _, out = rendered
    return lambda *args: run("render", "--output", out, *args)


def states(folder):
    """Every file's bytes and modification time."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def rendered_slugs(output):
    return sorted(line.split()[1] for line in output.splitlines() if line.startswith("done"))


def test_second_run_renders_nothing(rendered, render):
    _, out = rendered
    before = states(out / "480p15")
    result = render()
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:3] == [
        "skipped 01-Tiny (up to date)",
        "skipped 02-Flaky (up to date)",
        "skipped 03-Coda (up to date)",
    ]
    assert lines[3].startswith("0 rendered, 3 up to date, 0 failed (480p15 mp4) in ")
    assert states(out / "480p15") == before


def test_editing_one_chapters_module_renders_only_that_chapter(rendered, render):
    lecture, out = rendered
    before = states(out / "480p15")
    lecture.edit("flaky", "run_time=0.4", "run_time=0.8")
    result = render()
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["02-Flaky"]
    after = states(out / "480p15")
    assert {n for n in after if after[n] != before[n]} == {
        "02-Flaky.mp4",
        "02-Flaky.png",
        "02-Flaky.beat-01.png",
        "02-Flaky.beats.vtt",
        "02-Flaky.mp4.beats.json",
        "manifest.json",
        "index.html",
        "present.html",  # the presenter pages hold the beats' times and captions
        "speaker.html",
        "lecture.mp4",
        "lecture.srt",
        "lecture.vtt",
        "lecture.beats.vtt",
        "lecture.descriptions.vtt",  # the beats' times and what they draw
        "lecture.pptx",
        "lecture.pdf",
    }
    with av.open(str(out / "480p15" / "02-Flaky.mp4")) as container:
        assert container.duration / av.time_base == pytest.approx(1.0, abs=0.01)
    assert Manifest.load(out / "480p15").get("02-Flaky", "mp4").frames == 15


def test_editing_a_shared_module_renders_the_chapters_that_import_it(rendered, render):
    lecture, out = rendered
    lecture.edit("shared", 'COLOR = "#58C4DD"', 'COLOR = "#FC6255"')
    result = render()
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["01-Tiny", "03-Coda"]
    assert "skipped 02-Flaky (up to date)" in result.output


def test_a_chapter_edited_into_a_syntax_error_fails_alone_and_keeps_its_files(rendered, render):
    lecture, out = rendered
    before = states(out / "480p15")
    lecture.edit("flaky", "class Flaky(Scene):", "class Flaky(Scene)")
    result = render()
    assert result.exit_code == 1
    assert "ERROR 02-Flaky: SyntaxError: expected ':' (flaky.py, line 7)" in result.output.splitlines()
    assert states(out / "480p15") == before


def test_corrupt_manifest_is_noted_and_everything_is_rendered_again(rendered, render):
    _, out = rendered
    (out / "480p15" / "manifest.json").write_text('{"schema": 1, "entries": {"01-Tiny.mp4": ')
    result = render()
    assert result.exit_code == 0, result.output
    assert (
        result.output.splitlines()[0] == f"note: {out / '480p15' / 'manifest.json'} was unreadable; "
        "its chapters are rendered again"
    )
    assert rendered_slugs(result.output) == ["01-Tiny", "02-Flaky", "03-Coda"]
    assert set(Manifest.load(out / "480p15").entries) == {
        "01-Tiny.mp4",
        "02-Flaky.mp4",
        "03-Coda.mp4",
        "lecture.mp4",
    }


def test_an_output_deleted_by_hand_renders_its_chapter_again(rendered, render):
    _, out = rendered
    (out / "480p15" / "03-Coda.png").unlink()
    result = render()
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["03-Coda"]
    assert (out / "480p15" / "03-Coda.png").is_file()


def test_force_renders_everything(rendered, render):
    _, out = rendered
    result = render("--force", "tiny", "coda")
    assert result.exit_code == 0, result.output
    assert rendered_slugs(result.output) == ["01-Tiny", "03-Coda"]


def test_manifest_records_what_each_video_depends_on_and_its_files(rendered):
    lecture, out = rendered
    entry = Manifest.load(out / "480p15").get("01-Tiny", "mp4")
    package = lecture.package
    assert {
        f"module {package}.tiny",
        f"module {package}.shared",
        "module pipeline.frames.scene_render",
        "module pipeline.frames.held_frames",
        "module pipeline.frames.video",
    } <= set(entry.inputs)
    assert f"module {package}.flaky" not in entry.inputs
    assert "module pipeline.run.worker" not in entry.inputs  # runs the job, but draws nothing
    assert not any(k.startswith(("module attention", "module scenes")) for k in entry.inputs)  # not imported
    assert "title" not in entry.inputs  # Tiny does not import the registry, so cannot show its title
    assert entry.inputs["output files"] == "01-Tiny.mp4 01-Tiny.png 01-Tiny.srt"
    assert {k: v for k, v in entry.inputs.items() if k.startswith("setting")} == {
        "setting width": "854",
        "setting height": "480",
        "setting fps": "15",
        "setting format": "mp4",
        "setting theme": "dark",
        "setting voice": "none",
    }
    assert entry.inputs["tool manim"] == "0.22.0"
    assert entry.files == {
        name: (out / "480p15" / name).stat().st_size
        for name in (
            *("01-Tiny.mp4", "01-Tiny.png", "01-Tiny.srt", "01-Tiny.vtt", "01-Tiny.beats.vtt"),
            *("01-Tiny.mp4.beats.json", "01-Tiny.beat-01.png", "01-Tiny.beat-02.png"),
        )
    }
    assert (entry.duration, entry.frames) == (pytest.approx(1.0, abs=0.01), 15)


def test_import_walk_follows_a_real_chapter_into_scenes_and_attention():
    chapter = Chapter(2, "ThreeTokenDrag", "The three-token drag", "scenes.chapters.three_token_drag")
    modules = {
        k.removeprefix("module ")
        for k in Scanner().inputs(chapter, from_options("l"))
        if k.startswith("module ")
    }
    assert {
        "scenes.chapters.three_token_drag",
        "scenes.kit.chapter",
        "scenes.kit.palette",
        "attention",
        "attention.examples",
        "pipeline.frames.scene_render",
    } <= modules
    assert not any(m.startswith(("manim", "numpy")) for m in modules)


def test_a_malformed_entry_is_dropped_and_the_rest_kept(rendered):
    _, out = rendered
    path = out / "480p15" / manifest_module.NAME
    data = json.loads(path.read_text())
    data["entries"]["02-Flaky.mp4"]["files"] = "not a mapping"
    path.write_text(json.dumps(data))
    loaded = Manifest.load(out / "480p15")
    assert loaded.damaged
    assert set(loaded.entries) == {"01-Tiny.mp4", "03-Coda.mp4", "lecture.mp4"}


def test_a_full_render_after_renumbering_removes_the_old_numbers_files_and_a_partial_one_keeps_them(
    render, rendered, monkeypatch
):
    from scenes.chapters import registry

    lecture, out = rendered
    folder = out / "480p15"
    monkeypatch.setattr(registry, "CHAPTERS", lecture.chapters("Coda", "Tiny", "Flaky"))  # Coda moved first
    partial = render("Coda")
    assert (folder / "03-Coda.mp4").exists() and (folder / "01-Coda.mp4").exists()
    assert "removed" not in partial.output
    full = render()
    assert "removed 01-Tiny's files" in full.output and "removed 03-Coda's files" in full.output
    assert not list(folder.glob("03-Coda*")) and not list(folder.glob("01-Tiny*"))
    chapters = {e.slug for e in Manifest.load(folder).entries.values()} - {"lecture"}
    assert chapters <= {"01-Coda", "02-Tiny", "03-Flaky"}
