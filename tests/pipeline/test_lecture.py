"""The full lecture and the chapters' WebVTT captions, made at the end of a render run from the tiny chapters."""

import shutil
from dataclasses import replace
from datetime import timedelta
from fractions import Fraction

import av
import numpy as np
import pytest
import srt

from pipeline.plan.manifest import Manifest
from pipeline.publish import lecture, video_join
from scenes.chapters import registry
from tests.pipeline.test_captions import parse_vtt
from tests.pipeline.test_render import top_level_atoms
from tests.support import cues

SLUGS = ("01-Tiny", "02-Flaky", "03-Coda")
MILLI = timedelta(milliseconds=1)


@pytest.fixture
def copy(baseline, module_lecture, tmp_path):
    """A copy of the first render for one test, which may edit the chapters' sources (restored afterwards)."""
    sources = {p: p.read_text() for p in module_lecture.folder.glob("*.py")}
    shutil.copytree(baseline[1], tmp_path / "media")
    yield tmp_path / "media"
    for path, text in sources.items():
        path.write_text(text)


def frames(path):
    """Every decoded frame as RGB, with its time in seconds."""
    with av.open(str(path)) as container:
        return [(frame.time, frame.to_ndarray(format="rgb24")) for frame in container.decode(video=0)]


def length(path) -> Fraction:
    """A video stream's length in seconds, exactly."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        return stream.duration * stream.time_base


def encode(path, width, frames=3):
    """A small H.264 MP4 at 15 fps, `width` by 64, each frame a flat grey."""
    with av.open(str(path), "w", format="mp4") as out:
        stream = out.add_stream("libx264", rate=15)
        stream.width, stream.height, stream.pix_fmt = width, 64, "yuv420p"
        for shade in range(frames):
            image = np.full((64, width, 3), 40 * shade, dtype=np.uint8)
            out.mux(stream.encode(av.VideoFrame.from_ndarray(image, format="rgb24")))
        out.mux(stream.encode())
    return path


def states(folder):
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


def test_the_run_reports_the_join(baseline):
    output, out = baseline
    assert f"joined {out / '480p15' / 'lecture.mp4'} from 3 chapters (2.6 s of video) in " in output


def test_each_chapter_with_captions_gets_a_vtt_with_the_same_cues(baseline):
    _, out = baseline
    folder = out / "480p15"
    for slug in ("01-Tiny", "03-Coda"):
        cues = parse_vtt((folder / f"{slug}.vtt").read_text(encoding="utf-8"))
        subtitles = list(srt.parse((folder / f"{slug}.srt").read_text(encoding="utf-8")))
        assert [text for *_, text in cues] == [s.content for s in subtitles]
        assert [float(start[6:]) for _, start, _, _ in cues] == [s.start.total_seconds() for s in subtitles]
    assert not (folder / "02-Flaky.vtt").exists()  # Flaky has no captions


def test_chapter_marks_are_the_titles_at_the_running_sum_of_the_chapters_lengths(baseline):
    _, out = baseline
    folder = out / "480p15"
    lengths = [length(folder / f"{slug}.mp4") for slug in SLUGS]
    starts = [sum(lengths[:i]) for i in range(len(lengths))]
    with av.open(str(folder / "lecture.mp4")) as container:
        marks = container.chapters()
        assert container.duration / av.time_base == pytest.approx(float(sum(lengths)), abs=0.001)
    assert [m["metadata"]["title"] for m in marks] == [c.title for c in registry.CHAPTERS]
    assert [m["start"] * m["time_base"] for m in marks] == starts
    assert [m["end"] * m["time_base"] for m in marks] == starts[1:] + [sum(lengths)]
    assert lengths == [1, Fraction(3, 5), 1]


def test_the_lecture_is_the_chapters_frames_in_order_at_a_steady_rate(baseline):
    _, out = baseline
    folder = out / "480p15"
    joined = frames(folder / "lecture.mp4")
    parts = [image for slug in SLUGS for _, image in frames(folder / f"{slug}.mp4")]
    assert len(joined) == len(parts) == 15 + 9 + 15
    assert all(
        np.array_equal(image, part) for (_, image), part in zip(joined, parts)
    )  # copied, not re-encoded
    assert [time for time, _ in joined] == pytest.approx([n / 15 for n in range(len(parts))], abs=1e-6)


def test_the_lecture_is_h264_with_its_index_first(baseline):
    _, out = baseline
    path = out / "480p15" / "lecture.mp4"
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.name, stream.width, stream.height) == ("h264", 854, 480)
    atoms = top_level_atoms(path)
    assert atoms.index("moov") < atoms.index("mdat")


def test_the_lectures_captions_are_the_chapters_at_their_offsets(baseline):
    _, out = baseline
    folder = out / "480p15"
    subtitles = list(srt.parse((folder / "lecture.srt").read_text(encoding="utf-8")))
    assert [(s.index, s.start.total_seconds(), s.end.total_seconds(), s.content) for s in subtitles] == [
        (1, 0.0, 0.4, "a square appears"),
        (2, 0.4, 0.8, "it moves right"),
        (3, 1.6, 2.0, "another square"),
    ]
    cues = parse_vtt((folder / "lecture.vtt").read_text(encoding="utf-8"))
    assert [(start, end, text) for _, start, end, text in cues] == [
        ("00:00:00.000", "00:00:00.400", "a square appears"),
        ("00:00:00.400", "00:00:00.800", "it moves right"),
        ("00:00:01.600", "00:00:02.000", "another square"),
    ]


def test_the_lecture_and_each_chapter_carry_their_captions_inside_as_a_track(baseline):
    _, out = baseline
    folder = out / "480p15"
    for name in ("lecture", "01-Tiny", "03-Coda"):
        subtitles = srt.parse((folder / f"{name}.srt").read_text(encoding="utf-8"))
        expected = [
            (Fraction(s.start // MILLI, 1000), Fraction(s.end // MILLI, 1000), s.content) for s in subtitles
        ]
        assert cues.embedded(folder / f"{name}.mp4") == expected, name
        with av.open(str(folder / f"{name}.mp4")) as container:
            track = container.streams.subtitles[0]
            assert (track.codec_context.name, track.metadata["language"]) == ("mov_text", "eng")
    assert cues.embedded(folder / "02-Flaky.mp4") == []  # Flaky has no captions


def test_the_manifest_records_the_lecture_and_what_it_was_joined_from(baseline):
    _, out = baseline
    entry = Manifest.load(out / "480p15").get(lecture.SLUG, lecture.FORMAT)
    assert entry.files == {
        name: (out / "480p15" / name).stat().st_size
        for name in ("lecture.mp4", "lecture.srt", "lecture.vtt", "lecture.beats.vtt")
    }
    assert {f"chapter {slug}" for slug in SLUGS} | {
        "file 02-Flaky.mp4",
        "module pipeline.publish.video_join",
    } <= set(entry.inputs)
    assert (entry.duration, entry.frames) == (pytest.approx(2.6), 39)


def test_a_run_with_nothing_changed_joins_nothing_and_writes_nothing(copy, run):
    before = states(copy / "480p15")
    result = run("render", "--output", copy)
    assert result.exit_code == 0, result.output
    assert "joined" not in result.output
    assert states(copy / "480p15") == before


def test_a_changed_chapter_joins_the_lecture_again(copy, run, module_lecture):
    module_lecture.edit("coda", "run_time=0.6", "run_time=1.2")
    result = run("render", "--output", copy)
    assert result.exit_code == 0, result.output
    assert f"joined {copy / '480p15' / 'lecture.mp4'} from 3 chapters (3.2 s of video) in " in result.output
    with av.open(str(copy / "480p15" / "lecture.mp4")) as container:
        assert [m["start"] * m["time_base"] for m in container.chapters()] == [0, 1, Fraction(8, 5)]
        assert container.duration / av.time_base == pytest.approx(3.2, abs=0.001)


def test_a_new_title_renames_the_chapter_mark(copy, run, monkeypatch):
    tiny, flaky, coda = registry.CHAPTERS
    monkeypatch.setattr(registry, "CHAPTERS", (tiny, flaky, replace(coda, title="Renamed & moved <on>")))
    result = run("render", "--output", copy)
    assert "skipped 03-Coda (up to date)" in result.output and "joined" in result.output
    with av.open(str(copy / "480p15" / "lecture.mp4")) as container:
        assert container.chapters()[2]["metadata"]["title"] == "Renamed & moved <on>"


@pytest.mark.parametrize("damage", ["delete", "overwrite"])
def test_a_missing_or_damaged_lecture_is_joined_again(copy, run, damage):
    path = copy / "480p15" / "lecture.mp4"
    good = path.read_bytes()
    if damage == "delete":
        path.unlink()
    else:
        path.write_bytes(bytes(len(good)))  # same size: only reading it shows the damage
    result = run("render", "--output", copy)
    assert "joined" in result.output
    assert path.read_bytes() == good


def test_no_lecture_is_joined_while_a_chapter_is_not_up_to_date(copy, run):
    lecture_file = copy / "480p15" / "lecture.mp4"
    for made in (lecture_file, lecture_file.with_suffix(".pptx"), lecture_file.with_suffix(".pdf")):
        made.unlink()
    (copy / "480p15" / "02-Flaky.mp4").unlink()
    result = run("render", "tiny", "coda", "--output", copy)
    assert result.exit_code == 0, result.output
    assert not lecture_file.exists() and "joined" not in result.output
    assert "note: no lecture.mp4 yet: of 3 chapters, 1 not rendered here (Flaky);" in (result.output)
    assert "The whole lecture" not in (copy / "480p15" / "index.html").read_text(encoding="utf-8")
    rendered = run("render", "flaky", "--output", copy).output
    assert "joined" in rendered and "note:" not in rendered
    assert lecture_file.exists()


def test_a_lecture_left_behind_by_a_partial_render_is_said_to_be_out_of_date(copy, run):
    (copy / "480p15" / "02-Flaky.mp4").unlink()
    said = [line for line in run("render", "tiny", "--output", copy).output.splitlines() if "note:" in line]
    made = [
        name for name in ("lecture.mp4", "lecture.pptx", "lecture.pdf") if (copy / "480p15" / name).exists()
    ]
    assert "lecture.mp4" in made
    assert said == [
        f"note: {', '.join(made)} {'is' if len(made) == 1 else 'are'} out of date: of 3 chapters, 1 not "
        "rendered here (Flaky); render without naming chapters to bring everything up to date"
    ]


def test_videos_encoded_differently_are_refused(tmp_path):
    first, other = encode(tmp_path / "a.mp4", 64), encode(tmp_path / "b.mp4", 96)
    assert [m.start for m in video_join.join([("A", first), ("A again", first)], tmp_path / "ok.mp4")] == [
        0,
        Fraction(1, 5),
    ]
    with pytest.raises(video_join.JoinError, match="b.mp4 was encoded differently from a.mp4"):
        video_join.join([("A", first), ("B", other)], tmp_path / "joined.mp4")


def test_a_failed_join_is_reported_and_leaves_no_file(copy, run, monkeypatch):
    def refuse(parts, target):
        target.write_bytes(b"half a video")
        raise video_join.JoinError("02-Flaky.mp4 was encoded differently from 01-Tiny.mp4")

    (copy / "480p15" / "lecture.mp4").unlink()
    monkeypatch.setattr(video_join, "join", refuse)
    result = run("render", "--output", copy)
    assert result.exit_code == 1
    assert (
        "ERROR lecture.mp4: 02-Flaky.mp4 was encoded differently from 01-Tiny.mp4"
        in result.output.splitlines()
    )
    assert sorted(p.name for p in (copy / "480p15").iterdir() if p.name.startswith(("lecture", "."))) == [
        "lecture.beats.vtt",
        "lecture.descriptions.vtt",
        "lecture.pdf",
        "lecture.pptx",
        "lecture.srt",
        "lecture.vtt",
    ]  # from the first join; nothing half-written
