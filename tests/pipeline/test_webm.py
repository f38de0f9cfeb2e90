"""The WebMs made beside the MP4s for browsers without H.264 (pipeline/publish/webm.py), on small MP4s made here
(H.264 and AAC, as a render writes them), read back with PyAV as a player reads them: codecs, lengths, frames,
sound, captions; made once and again only when their MP4 changed; joined by stream copy; the described lecture's
likewise. A real render's WebMs, the lecture's among them, are checked in tests/page/test_firefox.py, and played
there."""

import shutil
from dataclasses import replace
from fractions import Fraction
from math import ceil

import av
import numpy as np
import pytest
import srt

from narration.speech import RATE
from pipeline.frames import video
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import described, update, video_join, webm
from scenes.chapters.registry import Chapter
from tests.support.small_videos import CUES, FPS, mp4

CHAPTERS = (Chapter(1, "First", "First", "nowhere.first"), Chapter(2, "Second", "Second", "nowhere.second"))
LENGTHS = {"01-First": 10, "02-Second": 7}  # frames


@pytest.fixture(scope="module", autouse=True)
def webms_by_default(module_patch):
    """Renders here make WebMs, as by default (the suite turns them off elsewhere: update.WEBMS)."""
    module_patch.delenv(update.WEBMS, raising=False)


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Two chapters' MP4s and captions, recorded in a manifest as a render records them, and their WebMs made."""
    folder = tmp_path_factory.mktemp("webm") / "480p15"
    folder.mkdir()
    manifest = Manifest.load(folder)
    for (slug, frames), shade in zip(LENGTHS.items(), (40, 120)):
        path = mp4(folder / f"{slug}.mp4", frames, shade)
        (folder / f"{slug}.srt").write_text(srt.compose(CUES), encoding="utf-8")
        files = {path.name: path.stat().st_size}
        manifest.record(
            Entry(slug, "mp4", digest({"made": slug}), {"made": slug}, files, frames / FPS, frames, ())
        )
    printed = webm.update(folder, CHAPTERS, from_options("l"))
    assert printed == [f"transcoded 2 MP4s to WebM ({17 / FPS:.1f} s of video) in {printed[0].split()[-2]} s"]
    return folder


def facts(path):
    """The video's (codec, width, height, pixel format), its sound's codec, and its duration."""
    with av.open(str(path)) as container:
        codec = container.streams.video[0].codec_context
        sound = container.streams.audio[0].codec_context.name if container.streams.audio else None
        return (
            (codec.name, codec.width, codec.height, codec.pix_fmt),
            sound,
            container.duration / av.time_base,
        )


def pictures(path):
    with av.open(str(path)) as container:
        return [(frame.time, frame.to_ndarray(format="rgb24")) for frame in container.decode(video=0)]


def packets(path):
    with av.open(str(path)) as container:
        return [bytes(p) for p in container.demux(video=0) if p.size]


@pytest.mark.parametrize("slug", LENGTHS)
def test_a_webm_is_vp9_and_opus_as_long_with_the_same_frames_at_the_same_times(folder, slug):
    (picture, sound, length), after = facts(folder / f"{slug}.mp4"), facts(folder / f"{slug}.webm")
    assert (picture, sound, after[:2]) == (
        ("h264", 160, 96, "yuv420p"),
        "aac",
        (("vp9", 160, 96, "yuv420p"), "opus"),
    )
    assert length == pytest.approx(LENGTHS[slug] / FPS, abs=1e-6) and abs(after[2] - length) < 1 / FPS
    before, now = pictures(folder / f"{slug}.mp4"), pictures(folder / f"{slug}.webm")
    assert [t for t, _ in now] == pytest.approx([k / FPS for k in range(LENGTHS[slug])], abs=0.001)
    assert max(np.abs(a.astype(int) - b).mean() for (_, a), (_, b) in zip(before, now)) < 2  # a close copy
    assert video.duration(folder / f"{slug}.webm") == pytest.approx(length, abs=1 / FPS)
    heard = video.audio_samples(folder / f"{slug}.webm", RATE)
    assert len(heard) == pytest.approx(length * RATE, abs=RATE // 50) and 0.25 < np.abs(heard).max() < 0.35


def test_its_captions_ride_inside_as_webvtt(folder):
    with av.open(str(folder / "01-First.webm")) as container:
        (text,) = container.streams.subtitles
        inside = [(p.pts, p.duration, bytes(p).decode()) for p in container.demux(text) if p.size]
    assert text.codec.name == "webvtt"
    assert inside == [(0, 400, "a caption")]
    assert text.metadata.get("language") == "eng"  # an English render's chapter


def test_a_translated_chapters_webm_sound_and_captions_are_in_its_language(folder, tmp_path):
    """The WebM's sound and caption track say the language its MP4's do (issue 34: `dependencies.language_of`;
    Matroska reads a track without one as English)."""
    target = tmp_path / "01-First.webm"
    webm.transcode(folder / "01-First.mp4", target, FPS, CUES, "de")
    with av.open(str(target)) as container:
        assert [s.metadata.get("language") for s in container.streams.subtitles] == ["deu"]
        assert [s.metadata.get("language") for s in container.streams.audio] == ["deu"]


def test_each_is_listed_in_the_manifest_from_its_mp4_and_nothing_is_left_half_written(folder):
    manifest = Manifest.load(folder)
    for slug in LENGTHS:
        made, source = manifest.get(slug, "webm"), manifest.get(slug, "mp4")
        assert made.files == {f"{slug}.webm": (folder / f"{slug}.webm").stat().st_size}
        assert (made.frames, made.duration, made.beats) == (source.frames, source.duration, source.beats)
        assert made.inputs[f"{webm.SOURCE} {slug}.mp4"] == f"{source.hash} {source.files[f'{slug}.mp4']}"
    assert sorted(p.name for p in folder.iterdir() if p.name.startswith(".")) == []


def test_webms_join_by_stream_copy_with_a_mark_each(folder, tmp_path):
    parts = [(c.title, folder / f"{c.slug}.webm") for c in CHAPTERS]
    lengths = [Fraction(frames, FPS) for frames in LENGTHS.values()]
    marks = video_join.join(parts, tmp_path / "joined.webm", "webm", lengths)
    assert packets(tmp_path / "joined.webm") == [p for _, path in parts for p in packets(path)]
    in_milliseconds = [
        replace(m, start=ceil(m.start * 1000) / Fraction(1000), end=ceil(m.end * 1000) / Fraction(1000))
        for m in marks
    ]
    assert video_join.marks(tmp_path / "joined.webm") == in_milliseconds  # as Matroska keeps them, rounded up
    assert [(m.title, m.start, m.end) for m in marks] == [
        ("First", 0, Fraction(2, 3)),
        ("Second", Fraction(2, 3), Fraction(17, 15)),
    ]
    assert facts(tmp_path / "joined.webm")[1:] == ("opus", pytest.approx(17 / FPS, abs=1 / FPS))


def test_a_webm_is_made_again_only_when_its_mp4_changed(folder, tmp_path):
    copy = tmp_path / "480p15"
    copy.mkdir()
    for path in folder.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())

    def made():
        return {p.name: p.read_bytes() for p in copy.glob("*.webm")}

    before = made()
    assert webm.update(copy, CHAPTERS, from_options("l")) == [] and made() == before
    manifest = Manifest.load(copy)
    second = mp4(copy / "02-Second.mp4", 12, 200)  # as a render after an edit writes it
    entry = manifest.get("02-Second", "mp4")
    files = {second.name: second.stat().st_size}
    manifest.record(replace(entry, hash="edited", files=files, frames=12, duration=12 / FPS))
    assert webm.update(copy, CHAPTERS, from_options("l"))[0].startswith(
        "transcoded 1 MP4 to WebM (0.8 s of video)"
    )
    assert sorted(name for name, data in made().items() if data != before[name]) == ["02-Second.webm"]
    assert len(pictures(copy / "02-Second.webm")) == 12


def test_a_webm_rendered_as_such_is_kept_while_up_to_date_and_replaced_once_not(folder, tmp_path):
    copy = tmp_path / "480p15"
    copy.mkdir()
    for path in folder.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    rendered = copy / "01-First.webm"
    rendered.write_bytes((folder / "02-Second.webm").read_bytes())  # stands for render --format webm's
    inputs = Scanner().inputs(CHAPTERS[0], from_options("l", video_format="webm"))
    manifest, files = Manifest.load(copy), {rendered.name: rendered.stat().st_size}
    manifest.record(Entry("01-First", "webm", digest(inputs), inputs, files, 7 / FPS, 7, ()))
    assert webm.update(copy, CHAPTERS, from_options("l")) == []
    assert rendered.read_bytes() == (folder / "02-Second.webm").read_bytes()
    manifest.record(Entry("01-First", "webm", "from an older version", inputs, files, 7 / FPS, 7, ()))
    assert webm.update(copy, CHAPTERS, from_options("l"))[0].startswith("transcoded 1 MP4 to WebM")
    assert len(pictures(rendered)) == LENGTHS["01-First"]  # its own frames again, not 02-Second's


def test_the_described_lectures_webm_is_made_from_its_mp4_and_again_only_when_that_changed(folder, tmp_path):
    copy = tmp_path / "480p15"
    copy.mkdir()
    for path in folder.iterdir():
        (copy / path.name).write_bytes(path.read_bytes())
    manifest, (spoken, subtitles, _) = Manifest.load(copy), described.files(copy)
    manifest.record(Entry("lecture", "mp4", "the lecture", {}, {}, 0.0, 0, ()))

    def describe(frames: int, shade: int, made_from: str) -> None:  # as `describe` records it
        mp4(spoken, frames, shade)
        subtitles.write_text(srt.compose(CUES), encoding="utf-8")
        inputs, files = {"lecture": made_from}, {spoken.name: spoken.stat().st_size}
        manifest.record(Entry(described.SLUG, "mp4", digest(inputs), inputs, files, frames / FPS, frames, ()))

    describe(12, 80, made_from="an older lecture")
    assert (
        webm._described(copy, manifest, CHAPTERS, from_options("l")) == []
    )  # not made from this lecture: not offered
    describe(12, 80, made_from="the lecture")
    assert webm._described(copy, manifest, CHAPTERS, from_options("l"))[0].startswith(
        "transcoded lecture.described.mp4 to WebM (0.8 s of video) in "
    )
    made = copy / f"{described.SLUG}.webm"
    assert facts(made)[:2] == (("vp9", 160, 96, "yuv420p"), "opus") and len(pictures(made)) == 12
    assert Manifest.load(copy).get(described.SLUG, "webm").files == {made.name: made.stat().st_size}
    assert webm._described(copy, manifest, CHAPTERS, from_options("l")) == []
    describe(9, 200, made_from="the lecture")  # described again: a new voice
    assert webm._described(copy, manifest, CHAPTERS, from_options("l")) != [] and len(pictures(made)) == 9


def test_render_makes_them_the_page_offers_them_and_the_webm_command_makes_missing_ones_again(
    baseline, run, tmp_path
):
    made = {"01-Tiny.webm", "02-Flaky.webm", "03-Coda.webm", "lecture.webm"}
    assert "transcoded 3 MP4s to WebM" in baseline[0]
    assert {p.name for p in (baseline[1] / "480p15").glob("*.webm")} == made
    page = (baseline[1] / "480p15" / "index.html").read_text(encoding="utf-8")
    assert page.count('type="video/webm"') == 4  # each chapter's player and the lecture's
    media = shutil.copytree(baseline[1], tmp_path / "media")
    folder = media / "480p15"
    for name in ("02-Flaky.webm", "lecture.webm"):
        (folder / name).unlink()
    done = run("webm", "--output", media)
    assert done.exit_code == 0 and "transcoded 1 MP4 to WebM" in done.output, done.output
    assert {p.name for p in folder.glob("*.webm")} == made
    again = run("webm", "--output", media)
    assert again.exit_code == 0 and again.output.strip() == f"the WebMs in {folder} are up to date"


def test_a_render_told_no_makes_none_and_the_webm_command_makes_them_all_the_same(
    baseline, run, tmp_path, monkeypatch
):
    media = shutil.copytree(baseline[1], tmp_path / "media")
    folder = media / "480p15"
    for made in folder.glob("*.webm"):
        made.unlink()
    monkeypatch.setenv(update.WEBMS, "no")
    assert not any("WebM" in line for line in update.after_render(media, from_options("l")))
    assert (
        list(folder.glob("*.webm")) == [] and 'type="video/webm"' not in (folder / "index.html").read_text()
    )
    assert "transcoded 3 MP4s to WebM" in run("webm", "--output", media).output
    assert len(list(folder.glob("*.webm"))) == 4


def test_a_render_told_no_removes_the_webms_whose_mp4_changed_and_the_page_no_longer_offers_them(
    baseline, tmp_path, monkeypatch
):
    media = shutil.copytree(baseline[1], tmp_path / "media")
    folder, stale = media / "480p15", media / "480p15" / "02-Flaky.webm"
    manifest = Manifest.load(folder)
    manifest.record(replace(manifest.get("02-Flaky", "mp4"), hash="rendered again"))  # as a render records it
    assert webm.out_of_date(folder) == [stale]
    monkeypatch.setenv(update.WEBMS, "no")
    printed = update.after_render(media, from_options("l"))
    assert f"removed {stale}: made from an older MP4 (render.py webm makes it again)" in printed
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert not stale.exists() and "02-Flaky.webm" not in page and "01-Tiny.webm" in page


def test_the_webm_command_refuses_a_folder_with_nothing_rendered(run, tmp_path):
    done = run("webm", "--output", tmp_path / "empty")
    assert (
        done.exit_code == 2 and "nothing is rendered in" in done.output and not (tmp_path / "empty").exists()
    )
