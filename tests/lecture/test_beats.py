"""Beats as an output: the WebVTT chapters tracks, the beat records in the manifest, beat posters, keyframes at
every beat, and beats cut out by stream copy."""

import importlib.util
import json
import re
from fractions import Fraction
from math import ceil
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

from pipeline import outputs
from pipeline.frames import beats, video
from pipeline.plan.manifest import Manifest
from scenes.chapters import registry
from scenes.chapters.registry import Chapter

LECTURE = registry.CHAPTERS  # the real chapters, taken before a fixture puts tiny ones in the registry

FPS = 15
BEATEN = '''
from manim import DOWN, RIGHT, Create, FadeOut, Square

from scenes.kit.chapter import ChapterScene


class Beaten(ChapterScene):
    """A square drawn before any beat, then beats (two marked in a row: one has no frames)."""

    def construct(self):
        shape = Square()
        self.play(Create(shape), run_time=0.4)
        self.beat("Unused")
        self.beat("Right")
        self.play(shape.animate.shift(RIGHT), run_time=0.4)
        self.wait(0.4)
        self.beat("Down")
        self.play(shape.animate.shift(DOWN), run_time=0.2)
        self.beat("Gone")
        self.play(FadeOut(shape), run_time=0.2)
'''
BEATEN_NAMES = ["Beats from a test", "Right", "Down", "Gone"]  # the first: played before any beat()
BEATEN_FRAMES = [6, 12, 3, 3]


def render_beaten(out: Path, module_lecture, module_patch, run) -> str:
    """Render Beaten and Tiny as mp4 (with the lecture and its documents) into `out`; the render's output."""
    (module_lecture.folder / "beaten.py").write_text(BEATEN)
    tiny = module_lecture.chapters("Tiny")[0]
    chapters = (
        Chapter(1, "Beaten", BEATEN_NAMES[0], f"{module_lecture.package}.beaten"),
        Chapter(2, tiny.name, tiny.title, tiny.module),
    )
    module_patch.setattr(registry, "CHAPTERS", chapters)
    result = run("render", "--output", out)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, module_lecture, module_patch, run):
    """Beaten and Tiny rendered once; their folder."""
    out = tmp_path_factory.mktemp("beats")
    render_beaten(out, module_lecture, module_patch, run)
    return out / "480p15"


def cues(path):
    """(start ms, end ms, text) of each cue of a WebVTT file."""
    found = re.findall(
        r"(\d\d):(\d\d):(\d\d)\.(\d{3}) --> (\d\d):(\d\d):(\d\d)\.(\d{3})\n(.*)", path.read_text()
    )
    return [(_ms(*cue[0:4]), _ms(*cue[4:8]), cue[8]) for cue in found]


def _ms(hours, minutes, seconds, millis):
    return int(hours) * 3_600_000 + int(minutes) * 60_000 + int(seconds) * 1000 + int(millis)


def frames_of(path):
    with av.open(str(path)) as container:
        return [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]


def assert_track_covers(track, video_path, recorded):
    """One cue per beat in order, the first from 0, each ending where the next starts, the last at the end."""
    found = cues(track)
    assert len(found) == len(recorded)
    assert found[0][0] == 0
    assert all(a[1] == b[0] for a, b in zip(found, found[1:]))
    assert found[-1][1] == ceil(video.duration(video_path) * 1000)
    assert [start for start, _, _ in found] == [ceil(Fraction(b.first_frame * 1000, FPS)) for b in recorded]
    return [text for _, _, text in found]


def test_one_cue_per_beat_in_order_covering_the_video(rendered):
    entry = Manifest.load(rendered).get("01-Beaten", "mp4")
    assert [b.name for b in entry.beats] == BEATEN_NAMES
    assert [b.frames for b in entry.beats] == BEATEN_FRAMES
    assert sum(BEATEN_FRAMES) == entry.frames
    assert [b.first_animation for b in entry.beats] == [0, 1, 3, 4]
    assert [b.animations for b in entry.beats] == [1, 2, 1, 1]
    assert all(b.seconds > 0 for b in entry.beats)
    assert all(
        b.start == b.first_frame / FPS and b.end == (b.first_frame + b.frames) / FPS for b in entry.beats
    )
    texts = assert_track_covers(rendered / "01-Beaten.beats.vtt", rendered / "01-Beaten.mp4", entry.beats)
    assert texts == BEATEN_NAMES
    assert beats.read(rendered / "01-Beaten.mp4.beats.json") == list(entry.beats)


def test_the_lectures_track_has_every_chapters_beats_at_its_offset(rendered):
    manifest = Manifest.load(rendered)
    joined = manifest.get("lecture", "mp4").beats
    texts = assert_track_covers(rendered / "lecture.beats.vtt", rendered / "lecture.mp4", joined)
    assert texts == [BEATEN_NAMES[0]] + [f"{BEATEN_NAMES[0]}: {n}" for n in BEATEN_NAMES[1:]] + [
        "A tiny scene: appear",
        "A tiny scene: move",
    ]
    assert [b.first_frame for b in joined][4:] == [sum(BEATEN_FRAMES), sum(BEATEN_FRAMES) + 6]
    assert "lecture.beats.vtt" in manifest.get("lecture", "mp4").files


@pytest.mark.parametrize("name", ["01-Beaten", "02-Tiny", "lecture"])
def test_every_beat_starts_on_a_keyframe(rendered, name):
    recorded = Manifest.load(rendered).get(name, "mp4").beats
    assert {b.first_frame for b in recorded} <= beats.keyframes(rendered / f"{name}.mp4")


@pytest.mark.parametrize("name", ["01-Beaten", "lecture"])
def test_a_beat_cut_by_stream_copy_decodes_to_its_own_frames(rendered, tmp_path, name):
    whole = frames_of(rendered / f"{name}.mp4")
    for number, beat in enumerate(Manifest.load(rendered).get(name, "mp4").beats, start=1):
        clip = tmp_path / f"{name}-{number}.mp4"
        beats.cut(rendered / f"{name}.mp4", beat.first_frame, beat.frames, clip, FPS)
        pieces = frames_of(clip)
        assert len(pieces) == beat.frames
        assert np.array_equal(pieces[0], whole[beat.first_frame])
        assert np.array_equal(pieces[-1], whole[beat.first_frame + beat.frames - 1])
        assert video.duration(clip) == Fraction(beat.frames, FPS)


def test_each_beats_poster_is_its_last_frame(rendered):
    whole = frames_of(rendered / "01-Beaten.mp4")
    recorded = Manifest.load(rendered).get("01-Beaten", "mp4").beats
    posters = [rendered / f"01-Beaten.beat-{k:02d}.png" for k in range(1, len(recorded) + 1)]
    for beat, poster in zip(recorded, posters):
        picture = np.asarray(Image.open(poster).convert("RGB"), dtype=int)
        difference = np.abs(picture - whole[beat.first_frame + beat.frames - 1]).mean()
        others = [np.abs(picture - whole[b.first_frame + b.frames - 1]).mean() for b in recorded if b != beat]
        assert difference < 3 and difference < min(others)  # the encoded frame is lossy
    assert posters[-1].read_bytes() == (rendered / "01-Beaten.png").read_bytes()
    assert sorted(p.name for p in rendered.glob("01-Beaten.beat-*.png")) == [p.name for p in posters]
    files = Manifest.load(rendered).get("01-Beaten", "mp4").files
    assert {p.name for p in posters} | {"01-Beaten.beats.vtt", "01-Beaten.mp4.beats.json"} <= files.keys()


def test_a_manifest_without_beats_loads_and_renders_again(rendered, run):
    manifest = rendered / "manifest.json"
    raw = json.loads(manifest.read_text())
    del raw["entries"]["02-Tiny.mp4"]["beats"]
    manifest.write_text(json.dumps(raw))
    loaded = Manifest.load(rendered)
    assert not loaded.damaged and loaded.get("02-Tiny", "mp4").beats is None
    result = run("render", "--output", rendered.parent)
    assert result.exit_code == 0, result.output
    assert "skipped 01-Beaten (up to date)" in result.output and "done 02-Tiny" in result.output
    assert loaded.stale_reason("02-Tiny", "mp4", loaded.get("02-Tiny", "mp4").inputs) == "beats not recorded"
    assert Manifest.load(rendered).get("02-Tiny", "mp4").beats is not None


def test_beat_posters_are_named_by_number_and_found_in_order(tmp_path):
    files = outputs.chapter_files(tmp_path, "01-X", "mp4")
    for k in (1, 2, 3):
        files.beat_poster(k).write_bytes(b"png")
    assert [p.name for p in files.beat_posters()] == [
        "01-X.beat-01.png",
        "01-X.beat-02.png",
        "01-X.beat-03.png",
    ]
    assert files.beat_poster(1).name == "01-X.beat-01.png"
    transparent = outputs.chapter_files(tmp_path, "01-X", "mov")
    assert transparent.beat_poster(1).name == "01-X-transparent.beat-01.png"
    assert transparent.beat_posters() == []


def test_malformed_beat_records_are_rejected(tmp_path):
    path = tmp_path / "x.mp4.beats.json"
    path.write_text('[{"name": "a"}]')
    assert beats.read(path) is None
    assert beats.read(tmp_path / "missing.json") is None


def literal_beats(chapter: Chapter) -> list[str]:
    """The names of the beat("...") calls written in a chapter's module."""
    source = Path(importlib.util.find_spec(chapter.module).origin).read_text()
    return re.findall(r'self\.beat\("([^"]+)"\)', source)


def test_the_real_lectures_beats(real_lecture):
    manifest = Manifest.load(real_lecture)
    for chapter in LECTURE:
        entry = manifest.get(chapter.slug, "mp4")
        mp4 = real_lecture / f"{chapter.slug}.mp4"
        names = assert_track_covers(real_lecture / f"{chapter.slug}.beats.vtt", mp4, entry.beats)
        assert names == [b.name for b in entry.beats]
        assert sorted(set(literal_beats(chapter)) - set(names)) == []  # each beat() written is a beat
        assert chapter.title not in names[1:]  # QuickVersion plays its heading before its first beat()
        assert {b.first_frame for b in entry.beats} <= beats.keyframes(mp4)
        assert len(list(real_lecture.glob(f"{chapter.slug}.beat-*.png"))) == len(entry.beats)
    joined = manifest.get("lecture", "mp4").beats
    assert len(joined) == sum(len(manifest.get(c.slug, "mp4").beats) for c in LECTURE)
    assert_track_covers(real_lecture / "lecture.beats.vtt", real_lecture / "lecture.mp4", joined)
    assert {b.first_frame for b in joined} <= beats.keyframes(real_lecture / "lecture.mp4")
