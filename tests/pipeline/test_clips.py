"""`render.py clip`: a beat or a stretch of a rendered tiny chapter as MP4, GIF or WebP, read back with PyAV and
Pillow; bad requests refused in one line, nothing written."""

import av
import numpy as np
import pytest
from PIL import Image, ImageSequence

from pipeline.frames import beats

FPS = 15


def video_frames(path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


def animation(path) -> tuple[list[np.ndarray], list[int], int]:
    """An animated picture's frames as RGB, each frame's duration (ms) and its loop count."""
    with Image.open(path) as picture:
        shown = [(np.asarray(f.convert("RGB")), f.info["duration"]) for f in ImageSequence.Iterator(picture)]
        return [f for f, _ in shown], [d for _, d in shown], picture.info["loop"]


@pytest.fixture(scope="module")
def folder(baseline):
    return baseline[1] / "480p15"


def test_a_beat_as_mp4_is_its_frames_copied(run, folder, baseline):
    found = beats.read(folder / "01-Tiny.mp4.beats.json")
    result = run("clip", "Tiny", "2", "--output", baseline[1])
    assert result.exit_code == 0, result.output
    clip = folder / "clips" / "01-Tiny.beat-02.mp4"
    assert result.output == f"wrote {clip} ({clip.stat().st_size / 1e6:.2f} MB)\n"
    beat = found[1]
    whole = video_frames(folder / "01-Tiny.mp4")
    assert [f.tobytes() for f in video_frames(clip)] == [
        f.tobytes() for f in whole[beat.first_frame : beat.first_frame + beat.frames]
    ]


def test_a_beat_by_name_as_gif_and_webp_loops_at_the_frame_rate(run, folder, baseline):
    found = beats.read(folder / "01-Tiny.mp4.beats.json")
    beat = found[0]
    whole = video_frames(folder / "01-Tiny.mp4")[beat.first_frame : beat.first_frame + beat.frames]
    for kind in ("gif", "webp"):
        assert (
            run("clip", "Tiny", beat.name.upper(), "--format", kind, "--output", baseline[1]).exit_code == 0
        )
        shown, durations, loop = animation(folder / "clips" / f"01-Tiny.beat-01.{kind}")
        tick = 10 if kind == "gif" else 1  # GIF counts hundredths of a second
        assert (len(shown), loop) == (beat.frames, 0)
        assert all(abs(sum(durations[:k]) - 1000 * k / FPS) <= tick / 2 for k in range(len(durations) + 1))
        differences = [np.abs(a.astype(int) - b).max() for a, b in zip(shown, whole)]
        assert max(differences) == 0 if kind == "webp" else np.mean(differences) < 40  # lossless; one palette


def test_a_stretch_of_seconds_as_mp4_is_encoded_again(run, folder, baseline):
    assert run("clip", "3", "0.2-0.6", "--output", baseline[1]).exit_code == 0
    clip = folder / "clips" / "03-Coda.0.2-0.6s.mp4"
    with av.open(str(clip)) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.name, stream.width, stream.height) == ("h264", 854, 480)
    source = video_frames(folder / "03-Coda.mp4")[3:9]
    got = video_frames(clip)
    assert len(got) == 6
    assert max(np.abs(a.astype(int) - b).mean() for a, b in zip(got, source)) < 2  # H.264 again, near


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Tiny", "9"), "Error: 9: no such beat; the chapter has"),
        (("Tiny", "nothing-called-this"), "Error: nothing-called-this: no such beat"),
        (("Tiny", "40-50"), "Error: 40-50: no frames there (the video lasts 1.0 s)"),
        (("Tiny", "1", "--format", "avi"), "Error: Invalid value for '--format'"),
        (("NoSuchChapter", "1"), "Error: unknown chapter"),
    ],
)
def test_a_bad_request_is_one_line_and_writes_nothing(run, folder, baseline, args, message):
    before = sorted((folder / "clips").glob("*")) if (folder / "clips").exists() else []
    result = run("clip", *args, "--output", baseline[1])
    assert result.exit_code == 2
    assert result.output.startswith(message) and result.output.count("\n") == 1, result.output
    assert (sorted((folder / "clips").glob("*")) if (folder / "clips").exists() else []) == before


def test_a_chapter_not_rendered_there_is_said(run, tmp_path, tiny_chapters):
    result = run("clip", "Tiny", "1", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output == f"Error: 01-Tiny is not rendered in {tmp_path / '480p15'}: render it first\n"
