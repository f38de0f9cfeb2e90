"""Every output format, side by side in one folder; and explicit frame sizes and rates."""

import av
import numpy as np
import pytest
from PIL import Image

from pipeline.plan.settings import RenderSettings, from_options
from scenes.chapters import registry
from tests.support import tiny_scene

FRAMES = round(tiny_scene.SECONDS * 15)


@pytest.fixture(scope="module")
def formats(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny rendered as mp4, webm and mov into one folder, and as a gif at 320x240, 10 fps;
    returns the output folder and a function rendering into it."""
    out = tmp_path_factory.mktemp("media")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters("Tiny"))

    def render(*args):
        result = run("render", "--output", out, *args)
        assert result.exit_code == 0, result.output
        return result

    for video_format in ("mp4", "webm", "mov"):
        render("--format", video_format)
    render("--format", "gif", "--resolution", "320x240", "--fps", "10")
    return out, render


def video_facts(path):
    """Container, codec, pixel format, size, duration and decoded frame count."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = sum(1 for _ in container.decode(video=0))
        return (
            container.format.name,
            stream.codec_context.name,
            stream.codec_context.pix_fmt,
            (stream.width, stream.height),
            round(container.duration / av.time_base, 2),
            frames,
        )


def test_formats_sit_side_by_side_with_one_poster_and_captions(formats):
    out, _ = formats
    assert sorted(p.name for p in (out / "480p15").iterdir()) == [
        "01-Tiny-transparent.beat-01.png",
        "01-Tiny-transparent.beat-02.png",
        "01-Tiny-transparent.png",
        "01-Tiny.beat-01.png",
        "01-Tiny.beat-02.png",
        "01-Tiny.beats.vtt",
        "01-Tiny.descriptions.vtt",
        "01-Tiny.mov",
        "01-Tiny.mov.beats.json",
        "01-Tiny.mp4",
        "01-Tiny.mp4.beats.json",
        "01-Tiny.png",
        "01-Tiny.srt",
        "01-Tiny.vtt",
        "01-Tiny.webm",
        "01-Tiny.webm.beats.json",
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
    assert sorted(p.name for p in (out / "320x240p10").iterdir()) == [
        "01-Tiny.beat-01.png",
        "01-Tiny.beat-02.png",
        "01-Tiny.beats.vtt",
        "01-Tiny.gif",
        "01-Tiny.gif.beats.json",
        "01-Tiny.png",
        "01-Tiny.srt",
        "01-Tiny.vtt",
        "index.html",
        "manifest.json",
        "page.css",
        "page.js",
    ]  # no mp4: no lecture


def test_mp4_is_h264(formats):
    out, _ = formats
    assert video_facts(out / "480p15" / "01-Tiny.mp4") == (
        "mov,mp4,m4a,3gp,3g2,mj2",
        "h264",
        "yuv420p",
        (854, 480),
        1.0,
        FRAMES,
    )


def test_webm_is_vp9(formats):
    out, _ = formats
    assert video_facts(out / "480p15" / "01-Tiny.webm") == (
        "matroska,webm",
        "vp9",
        "yuv420p",
        (854, 480),
        1.0,
        FRAMES,
    )


def test_gif_follows_the_explicit_size_and_rate(formats):
    out, _ = formats
    facts = video_facts(out / "320x240p10" / "01-Tiny.gif")
    assert facts[:4] == ("gif", "gif", "bgra", (320, 240))
    assert facts[5] == 10  # 1 s at 10 fps


def test_mov_keeps_an_alpha_channel_and_a_transparent_poster(formats):
    out, _ = formats
    facts = video_facts(out / "480p15" / "01-Tiny.mov")
    assert facts == ("mov,mp4,m4a,3gp,3g2,mj2", "qtrle", "argb", (854, 480), 1.0, FRAMES)
    with av.open(str(out / "480p15" / "01-Tiny.mov")) as container:
        first = next(container.decode(video=0)).to_ndarray(format="rgba")
    assert first[0, 0, 3] == 0  # the background is see-through
    poster = np.asarray(Image.open(out / "480p15" / "01-Tiny-transparent.png"))
    assert poster.shape == (480, 854, 4) and poster[0, 0, 3] == 0 and poster[:, :, 3].max() == 255
    opaque = Image.open(out / "480p15" / "01-Tiny.png")
    assert opaque.mode == "RGB"


def test_rendering_other_formats_leaves_the_first_up_to_date(formats):
    _, render = formats
    assert render("--format", "mp4").output.splitlines()[0] == "skipped 01-Tiny (up to date)"


@pytest.mark.parametrize(
    ("options", "folder"),
    [
        (("l",), "480p15"),
        (("k",), "2160p60"),
        (("l", (1280, 720), 24), "1280x720p24"),
        (("l", (1280, 720), 30), "720p30"),
        (("l", None, 24), "854x480p24"),
        (("h", (640, 360)), "640x360p60"),
    ],
)
def test_folder_is_the_presets_name_or_the_exact_size_and_rate(options, folder):
    assert from_options(*options).folder == folder


def test_only_mov_is_transparent():
    assert [RenderSettings(854, 480, 15, f).transparent for f in ("mp4", "webm", "gif", "mov")] == [
        False,
        False,
        False,
        True,
    ]
