"""The render pipeline on tiny test chapters: files, their format, safety on failure."""

import struct

import av
import numpy as np
import pytest
from manim.constants import QUALITIES
from PIL import Image

from pipeline import outputs
from pipeline.plan.quality import PRESETS
from scenes.chapters import registry
from tests.support import tiny_scene


def top_level_atoms(path):
    """The MP4's top-level box types in file order."""
    data, atoms, at = path.read_bytes(), [], 0
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at : at + 8])
        atoms.append(kind.decode())
        at += size if size else len(data)
    return atoms


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, module_lecture, module_patch, run):
    """The three tiny chapters rendered once at -q l; returns (result, output folder)."""
    out = tmp_path_factory.mktemp("media")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters())
    return run("render", "-q", "l", "--output", out), out


def test_presets_mirror_manims():
    manims = {q["flag"]: q for q in QUALITIES.values() if q["flag"] in PRESETS}
    assert set(manims) == set(PRESETS) == {"l", "m", "h", "k"}
    for flag, preset in PRESETS.items():
        expected = manims[flag]
        assert (preset.width, preset.height, preset.fps) == (
            expected["pixel_width"],
            expected["pixel_height"],
            expected["frame_rate"],
        )
    assert [p.folder for p in PRESETS.values()] == ["480p15", "720p30", "1080p60", "2160p60"]


def test_render_reports_each_chapter_and_a_summary(rendered):
    result, out = rendered
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert sorted(line.split()[:2] for line in lines[:3]) == [
        ["done", "01-Tiny"],
        ["done", "02-Flaky"],
        ["done", "03-Coda"],
    ]  # in the order they finish
    assert any(
        line.startswith("done 01-Tiny in ") and line.endswith(f" s: 8 files in {out}/480p15")
        for line in lines
    )
    assert lines[3].startswith(f"joined {out}/480p15/lecture.mp4 from 3 chapters ")
    assert lines[4].startswith(f"wrote {out}/480p15/lecture.pptx and {out}/480p15/lecture.pdf in ")
    assert lines[5].startswith("3 rendered, 0 up to date, 0 failed (480p15 mp4) in ")
    assert len(lines) == 6 and "\r" not in result.output  # not a terminal: no queued/rendering lines, no bar


def test_outputs_land_at_stable_paths_and_nothing_else_remains(rendered):
    _, out = rendered
    assert sorted(p.name for p in (out / "480p15").iterdir()) == [
        "01-Tiny.beat-01.png",
        "01-Tiny.beat-02.png",
        "01-Tiny.beats.vtt",
        "01-Tiny.descriptions.vtt",
        "01-Tiny.mp4",
        "01-Tiny.mp4.beats.json",
        "01-Tiny.png",
        "01-Tiny.srt",
        "01-Tiny.vtt",
        "02-Flaky.beat-01.png",
        "02-Flaky.beats.vtt",
        "02-Flaky.descriptions.vtt",
        "02-Flaky.mp4",
        "02-Flaky.mp4.beats.json",
        "02-Flaky.png",
        "03-Coda.beat-01.png",
        "03-Coda.beats.vtt",
        "03-Coda.descriptions.vtt",
        "03-Coda.mp4",
        "03-Coda.mp4.beats.json",
        "03-Coda.png",
        "03-Coda.srt",
        "03-Coda.vtt",
        "index.html",
        "lecture.beats.vtt",
        "lecture.descriptions.vtt",
        "lecture.mp4",
        "lecture.pdf",
        "lecture.pptx",
        "lecture.srt",
        "lecture.vtt",
        "manifest.json",
        "page.css",
        "page.js",
        "present.css",
        "present.html",
        "present.js",
        "speaker.html",
        "transcript.html",
    ]
    assert not (out / outputs.WORK_FOLDER).exists()


def test_video_is_h264_yuv420p_with_the_expected_length(rendered):
    _, out = rendered
    with av.open(str(out / "480p15" / "01-Tiny.mp4")) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.name, stream.codec_context.pix_fmt) == ("h264", "yuv420p")
        assert (stream.width, stream.height, stream.average_rate) == (854, 480, 15)
        assert container.duration / av.time_base == pytest.approx(tiny_scene.SECONDS, abs=0.01)
        assert sum(1 for _ in container.decode(video=0)) == round(tiny_scene.SECONDS * 15)


def test_video_has_its_index_before_its_data(rendered):
    _, out = rendered
    atoms = top_level_atoms(out / "480p15" / "01-Tiny.mp4")
    assert atoms.index("moov") < atoms.index("mdat")


def test_poster_is_the_last_frame(rendered):
    _, out = rendered
    poster = np.asarray(Image.open(out / "480p15" / "01-Tiny.png").convert("RGB"), dtype=float)
    with av.open(str(out / "480p15" / "01-Tiny.mp4")) as container:
        *_, last = container.decode(video=0)
    assert poster.shape == (480, 854, 3)
    assert poster.std() > 10  # the square is there, not a blank frame
    assert np.abs(poster - last.to_ndarray(format="rgb24")).mean() < 2


def test_subtitles_hold_the_subcaptions_in_order(rendered):
    _, out = rendered
    text = (out / "480p15" / "01-Tiny.srt").read_text()
    assert "00:00:00,000 --> 00:00:00,400\na square appears" in text
    assert "00:00:00,400 --> 00:00:00,800\nit moves right" in text


def test_failing_chapter_keeps_its_previous_files_and_the_others_render(
    tiny_chapters, lecture, run, tmp_path
):
    folder = tmp_path / "480p15"
    folder.mkdir()
    (folder / "02-Flaky.srt").write_text("from an earlier version of the scene")
    assert run("render", "flaky", "--output", tmp_path).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "02-Flaky.beat-01.png",
        "02-Flaky.beats.vtt",
        "02-Flaky.descriptions.vtt",
        "02-Flaky.mp4",
        "02-Flaky.mp4.beats.json",
        "02-Flaky.png",
        "index.html",
        "manifest.json",
        "page.css",
        "page.js",
        "transcript.html",
    ]
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    lecture.edit("flaky", "FAIL = False", "FAIL = True")

    result = run("render", "--output", tmp_path)

    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "ERROR 02-Flaky: RuntimeError: failed on purpose" in lines
    assert sorted(line.split()[1] for line in lines[:3] if line.startswith("done")) == ["01-Tiny", "03-Coda"]
    assert (
        lines[3].startswith("note: ")
        and "of 3 chapters, 1 changed since it was rendered (Flaky);" in lines[3]
    )
    assert lines[4] == lines[-1] and lines[4].startswith(
        "2 rendered, 0 up to date, 1 failed (480p15 mp4) in "
    )
    assert lines[4].endswith("; failed: 02-Flaky")
    assert "Traceback" not in result.output
    kept = [
        name for name in before if name.startswith("02-Flaky")
    ]  # the manifest and index.html are rewritten
    assert {name: (folder / name).read_bytes() for name in kept} == {name: before[name] for name in kept}
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []
    assert not (tmp_path / outputs.WORK_FOLDER).exists()


def test_staged_files_replace_their_targets_only_when_all_succeed(tmp_path):
    target = tmp_path / "poster.png"
    target.write_bytes(b"good")
    with pytest.raises(OSError), outputs.staged() as stage:
        stage(target).write_bytes(b"half")
        raise OSError("interrupted")
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["poster.png"]

    with outputs.staged() as stage:
        stage(target).write_bytes(b"new")
        stage(tmp_path / "sub" / "video.mp4").write_bytes(b"mp4")
    assert target.read_bytes() == b"new"
    assert (tmp_path / "sub" / "video.mp4").read_bytes() == b"mp4"
    assert sorted(p.name for p in tmp_path.rglob(".*")) == []
