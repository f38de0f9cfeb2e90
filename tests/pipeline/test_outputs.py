"""The outputs as players and browsers see them: captions inside their videos, constant frame rate in every
format, chapter seeks landing on the chapter, the manifest listing every file, readable page text."""

import base64
import io
import re
from dataclasses import replace
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
import srt
import webvtt
from PIL import Image

from pipeline.plan import manifest
from pipeline.plan.settings import from_options
from pipeline.publish import web_page
from scenes.chapters import registry
from scenes.chapters.registry import Chapter
from tests.support.browser import chromium, serve
from tests.support.contrast import channels, ratio
from tests.support.cues import cue_times

FPS = 15
CODEC_NOISE = 1.5  # mean difference per channel between the browser's and PyAV's decoding of one frame
MILLISECOND = timedelta(milliseconds=1)
EXACT_CLOCK = ("mp4", "mov")  # containers whose time base holds 1/15 s exactly; webm counts ms, gif 1/100 s
ODD = '''
from manim import RIGHT, Circle, Create, Rectangle, Scene, Square

RUN_TIMES = (0.1, 0.25, 1 / 3, 0.7, 0.45, 1.3, 0.15, 2 / 15)  # lengths that manim's segment join misplaces


class Odd(Scene):
    """Segments of odd lengths on a white ground (unlike its neighbours' frames); a caption that outlasts the
    video and one that starts after it."""

    def construct(self):
        self.add(Rectangle(width=16, height=9, fill_opacity=1))
        shape = Square(color="#000000", fill_opacity=1)
        self.play(Create(Circle()), run_time=0.2)
        for run_time in RUN_TIMES:
            self.play(shape.animate.shift(RIGHT * 0.2), run_time=run_time)
        self.add_subcaption("outlasts the video", duration=9, offset=-1)
        self.add_subcaption("after the end", duration=1, offset=5)
'''


@pytest.fixture(scope="module")
def site(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny, Odd and Coda (whose caption outlasts it) as mp4, webm, mov and gif; their 480p15 folder."""
    (module_lecture.folder / "odd.py").write_text(ODD)
    module_lecture.edit(
        "coda", 'subcaption="another square"', 'subcaption="another square", subcaption_duration=5'
    )
    tiny, coda = module_lecture.chapters("Tiny", "Coda")
    odd = Chapter(2, "Odd", "Odd lengths", f"{module_lecture.package}.odd")
    module_patch.setattr(registry, "CHAPTERS", (tiny, odd, Chapter(3, coda.name, coda.title, coda.module)))
    out = tmp_path_factory.mktemp("outputs")
    for video_format in ("webm", "mov", "gif", "mp4"):
        result = run("render", "--output", out, "--format", video_format)
        assert result.exit_code == 0, result.output
    return out / "480p15"


def stems(folder):
    """The chapters' file stems, in viewing order."""
    return ["01-Tiny", "02-Odd", "03-Coda"]


def exact_length(path: Path) -> Fraction:
    """A video's length as its container says it, exactly (the stream's, else the container's)."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        if stream.duration is not None:
            return stream.duration * stream.time_base
        return Fraction(container.duration, av.time_base)


def test_captions_are_ordered_apart_and_inside_their_videos(site):
    for stem in [*stems(site), "lecture"]:
        length = exact_length(site / f"{stem}.mp4")
        from_vtt = cue_times(site / f"{stem}.vtt")
        from_srt = [(s.start, s.end) for s in srt.parse((site / f"{stem}.srt").read_text(encoding="utf-8"))]
        assert from_vtt == [
            (Fraction(round(a / MILLISECOND), 1000), Fraction(round(b / MILLISECOND), 1000))
            for a, b in from_srt
        ]
        for start, end in from_vtt:
            assert 0 <= start < end <= length, (stem, start, end, float(length))
        for (_, end), (start, _) in zip(from_vtt, from_vtt[1:]):
            assert end <= start, stem
    odd = [c.text for c in webvtt.read(site / "02-Odd.vtt")]
    assert odd == ["outlasts the video"]  # cut at the end; the one starting after the end dropped
    coda = webvtt.read(site / "03-Coda.vtt")
    assert coda[-1].end == "00:00:01.000"  # cut where Coda's one second of video ends


def packets(path: Path):
    """(pts, duration) of every packet in presentation order, the time base and the container's duration."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        found = sorted((p.pts, p.duration) for p in container.demux(stream) if p.dts is not None)
        return found, stream.time_base, Fraction(container.duration, av.time_base)


@pytest.mark.parametrize("video_format", ["mp4", "mov", "webm", "gif"])
def test_every_frame_lasts_one_frame_at_the_frame_rate(site, video_format):
    names = [f"{stem}.{video_format}" for stem in stems(site)] + (
        ["lecture.mp4"] if video_format == "mp4" else []
    )
    for name in names:
        found, time_base, duration = packets(site / name)
        frames = len(found)
        assert duration == Fraction(frames, FPS), name
        assert [pts for pts, _ in found] == [round(Fraction(k, FPS) / time_base) for k in range(frames)], name
        if video_format in EXACT_CLOCK:
            assert {length for _, length in found} == {Fraction(1, FPS) / time_base}, name
            assert exact_length(site / name) == Fraction(frames, FPS), name


def test_the_manifest_lists_every_file_the_run_wrote(site):
    record = manifest.Manifest.load(site)
    entries = [*record.entries.values(), *record.documents.values()]
    listed = {name for entry in entries for name in entry.files} | set(record.pages)
    on_disk = {p.name for p in site.iterdir() if p.name != manifest.NAME}
    assert listed == on_disk
    assert {"index.html", "lecture.mp4", "lecture.vtt", "02-Odd.vtt", "03-Coda.vtt"} <= listed
    pages = ("index.html", "page.css", "page.js", "present.css", "present.html", "present.js", "speaker.html")
    pages += (
        "transcript.html",
        "lecture.descriptions.vtt",
        *(f"{c}.descriptions.vtt" for c in ("01-Tiny", "02-Odd", "03-Coda")),
    )
    assert record.pages == {n: (site / n).stat().st_size for n in pages}


SEEK_AND_GRAB = """async (start) => {
  const video = document.getElementById("lecture");
  video.pause();
  await new Promise((done) => { video.addEventListener("seeked", done, { once: true }); video.currentTime = start; });
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d").drawImage(video, 0, 0);
  return canvas.toDataURL("image/png");
}"""


def decoded_frames(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24").astype(int) for frame in container.decode(video=0)]


def test_a_paused_seek_to_a_chapter_button_shows_that_chapters_first_frame(site):
    frames = decoded_frames(site / "lecture.mp4")
    firsts = [0] + [len(decoded_frames(site / f"{stem}.mp4")) for stem in stems(site)[:-1]]
    firsts = list(np.cumsum(firsts))
    with serve(site) as base, chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(base + "index.html")
        page.wait_for_function("() => document.getElementById('lecture').readyState >= 2")
        starts = [
            float(s)
            for s in page.locator(".marks button").evaluate_all("(b) => b.map((x) => x.dataset.start)")
        ]
        assert len(starts) == 3
        for start, first in zip(starts, firsts):
            shown = page.evaluate(SEEK_AND_GRAB, start)
            pixels = np.asarray(Image.open(io.BytesIO(base64.b64decode(shown.split(",")[1]))).convert("RGB"))
            own = np.abs(pixels - frames[first]).mean()
            assert own < CODEC_NOISE, (start, first, own)
            if first:
                assert np.abs(pixels - frames[first - 1]).mean() > own + CODEC_NOISE, (start, first)


HEX = re.compile(r"--(\w+): (#[0-9a-f]{6})")


def contrast(a: str, b: str) -> float:
    return ratio(channels(a), channels(b))


def mixed(a: str, b: str, share: float) -> str:
    """CSS color-mix(in srgb, a share, b)."""
    return "#" + "".join(
        f"{round(int(a[i : i + 2], 16) * share + int(b[i : i + 2], 16) * (1 - share)):02x}" for i in (1, 3, 5)
    )


def test_time_labels_reach_7_to_1_in_both_themes():
    light, dark = web_page.STYLE.split("@media (prefers-color-scheme: dark)")
    for theme in (light, dark):
        colours = dict(HEX.findall(theme))
        current = mixed(colours["accent"], colours["card"], 0.18)  # the chapter playing now
        assert contrast(colours["muted"], colours["bg"]) >= 7
        assert contrast(colours["muted"], colours["card"]) >= 7
        assert contrast(colours["fg"], current) >= 7  # .time on the current chapter's button


RGB = re.compile(r"rgba?\((\d+), (\d+), (\d+)")
TIME_COLOURS = """() => Array.from(document.querySelectorAll(".time"), (label) => {
  let back = label;
  while (getComputedStyle(back).backgroundColor === "rgba(0, 0, 0, 0)") back = back.parentElement;
  return [getComputedStyle(label).color, getComputedStyle(back).backgroundColor];
})"""


def as_hex(css: str) -> str:
    return "#" + "".join(f"{int(c):02x}" for c in RGB.match(css).groups())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_time_labels_reach_7_to_1_in_the_browser(site, scheme):
    with chromium() as browser:
        page = browser.new_page(color_scheme=scheme)
        page.goto((site / "index.html").as_uri())
        pairs = page.evaluate(TIME_COLOURS)
    assert len(pairs) >= 7
    for colour, background in pairs:
        assert contrast(as_hex(colour), as_hex(background)) >= 7, (scheme, colour, background)


def test_a_custom_examples_page_is_titled_with_its_name(tmp_path):
    example = tmp_path / "mine.toml"
    example.write_text('name = "Kings & queens"\n', encoding="utf-8")
    text = web_page.html(tmp_path, (), replace(from_options("l"), example=example))
    assert "<title>Attention, explained, with the example Kings &amp; queens</title>" in text
    assert "<h1>Attention, explained, with the example Kings &amp; queens</h1>" in text
    assert "<title>Attention, explained</title>" in web_page.html(tmp_path, (), from_options("l"))
