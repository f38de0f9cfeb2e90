"""The described lecture (extended audio description): each beat's description spoken while its last picture
holds, the lecture's own pictures, sound and captions around it. Written here for the real lecture's first
beats (the whole lecture would speak some 25 minutes of descriptions), and checked with PyAV, a loudness
meter and a WebVTT parser; the command's refusals on empty folders."""

from datetime import timedelta
from fractions import Fraction

import av
import numpy as np
import pyloudnorm
import pytest
import webvtt
from PIL import Image

from narration import speech
from pipeline import outputs
from pipeline.frames import captions
from pipeline.plan import chapters
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import from_options
from pipeline.publish import described, descriptions, lecture
from tests.support.cues import captioned, cue_times, embedded, speaking

FPS = 15


@pytest.fixture(scope="module")
def made(real_lecture, tmp_path_factory):
    """The real lecture's first chapter and the next's first beat, described: (those beats, the seconds of
    their descriptions' speech, their posters, the described video's length, its files)."""
    whole, everything = lecture.files(real_lecture).video, chapters.all_chapters()
    settings = from_options("l", voice="espeak")
    first = len(Manifest.load(real_lecture).get(everything[0].slug, "mp4").beats)
    beats = descriptions.tracks(real_lecture, everything, settings)[whole][: first + 1]
    posters = [
        outputs.chapter_files(real_lecture, everything[0].slug, "mp4").beat_poster(k + 1)
        for k in range(first)
    ]
    posters += [outputs.chapter_files(real_lecture, everything[1].slug, "mp4").beat_poster(1)]
    voice = described.Voices("espeak", tmp_path_factory.mktemp("speech"), {b.lang for b in beats})
    target = described.files(tmp_path_factory.mktemp("described"))
    length = described._write(whole, beats, posters, voice, FPS, target)
    clips = [len(voice.samples(b)) / speech.RATE for b in beats]
    return beats, clips, posters, length, target


def holds(beats, clips):
    """(start, end) in seconds of each hold in the described video: PAUSE, the description, PAUSE."""
    found, delay = [], Fraction(0)
    for beat, clip in zip(beats, clips):
        frames = int(np.ceil((clip + 2 * described.PAUSE) * FPS))
        found.append((beat.end + delay, beat.end + delay + Fraction(frames, FPS)))
        delay += Fraction(frames, FPS)
    return found


def frames_at(video, times: list[float]) -> list[np.ndarray]:
    """The picture shown at each of `times` (ascending), decoded in one pass."""
    shown, found = None, []
    with av.open(str(video)) as container:
        for frame in container.decode(container.streams.video[0]):
            while len(found) < len(times) and frame.pts * frame.time_base > times[len(found)]:
                found.append(shown)
            if len(found) == len(times):
                break
            shown = frame
    found += [shown] * (len(times) - len(found))
    return [picture.to_ndarray(format="rgb24").astype(int) for picture in found]


def test_each_description_is_said_over_its_beat_s_last_picture(made, real_lecture):
    beats, clips, posters, length, (video, _, _) = made
    spans = holds(beats, clips)
    assert length == spans[-1][1] and all(b.shown for b in beats)
    with av.open(str(video)) as container:
        kinds = {s.type: s.codec_context.name for s in container.streams if s.type != "data"}
        assert kinds == {"video": "h264", "audio": "aac", "subtitle": "mov_text"}
        assert abs(container.duration / 1e6 - float(length)) < 1 / FPS
        marks = [c["start"] * c["time_base"] for c in container.chapters()]
    # marks are kept in milliseconds: the lecture's, then the described video's, each rounded once
    assert marks[1] == pytest.approx(float(beats[-1].start + spans[-2][1] - beats[-2].end), abs=2e-3)
    middles = frames_at(video, [float(start + end) / 2 for start, end in spans])
    for middle, poster in zip(middles, posters, strict=True):
        picture = np.asarray(Image.open(poster).convert("RGB")).astype(int)
        assert np.abs(middle - picture).mean() < 4  # the poster, held


def test_the_lecture_s_sound_plays_around_each_spoken_description(made, real_lecture):
    beats, clips, _, length, (video, _, _) = made
    ours = speech.decoded(video)
    theirs = speech.decoded(lecture.files(real_lecture).video)
    rate, spans = speech.RATE, holds(beats, clips)
    for (start, _), clip in zip(spans, clips):
        begin = start + Fraction(described.PAUSE)
        said = ours[int(begin * rate) : int((begin + clip) * rate)]
        quiet = ours[int(start * rate) + 100 : int(begin * rate) - 100]
        assert np.sqrt(np.mean(said**2)) > 10 ** (-40 / 20) and np.max(np.abs(quiet)) < 10 ** (-50 / 20)
    second = beats[1]
    shift = spans[0][1] - beats[0].end
    mine = ours[int((second.start + shift) * rate) : int((second.end + shift) * rate)]
    own = theirs[int(second.start * rate) : int(second.end * rate)]
    assert np.corrcoef(mine[: len(own)], own[: len(mine)])[0, 1] > 0.98  # the lecture's own sound, moved
    meter = pyloudnorm.Meter(rate)
    spoken = np.concatenate([ours[int(s * rate) : int(e * rate)] for s, e in spans])
    assert (
        abs(meter.integrated_loudness(spoken) - meter.integrated_loudness(own)) < 2
    )  # as loud as the narration


def test_speech_is_heard_only_while_a_caption_shows_it(made):
    _, _, _, _, (video, _, web) = made
    sound = speech.decoded(video)
    loud = speaking(sound, speech.RATE)
    assert loud[~captioned(len(sound), speech.RATE, cue_times(web))].mean() < 0.01


def test_captions_say_each_description_in_its_hold_and_the_lecture_s_moved_by_the_holds(made, real_lecture):
    beats, clips, _, _, (video, subtitles, web) = made
    spans = holds(beats, clips)
    cues = list(webvtt.read(str(web)))
    times = cue_times(web)
    for beat, (start, end) in zip(beats, spans):
        inside = [c.text.replace("\n", " ") for c, (a, b) in zip(cues, times) if start <= a and b <= end]
        assert " ".join(inside) == " ".join(beat.shown.split())
    theirs = cue_times(lecture.files(real_lecture).web_captions)
    first_of_second = next(a for a, _ in theirs if a >= beats[1].start)
    moved = first_of_second + spans[0][1] - beats[0].end
    assert any(abs(a - moved) <= Fraction(1, 1000) for a, _ in times)
    milli = timedelta(milliseconds=1)
    written = [
        (Fraction(c.start // milli, 1000), Fraction(c.end // milli, 1000), c.content)
        for c in captions.read(subtitles)
    ]
    assert embedded(video) == written  # the track inside the video says what the .srt says


@pytest.mark.parametrize(
    "voice, said", [("none", "a silent lecture has no voice"), ("espeak", "nothing is rendered in")]
)
def test_the_command_refuses_in_one_line_and_writes_nothing(run, tmp_path, voice, said):
    done = run("describe", "--voice", voice, "--output", tmp_path / "out")
    assert done.exit_code == 2 and said in done.output and "Traceback" not in done.output
    assert not (tmp_path / "out").exists()


def test_a_folder_without_an_up_to_date_lecture_is_refused(tmp_path):
    (tmp_path / "480p15").mkdir()  # rendered into once, but no lecture there now
    with pytest.raises(described.DescribeError, match="holds no up-to-date lecture"):
        described.make(tmp_path, from_options("l", voice="espeak"))


def test_the_page_offers_the_described_version_only_while_it_is_made_from_the_lecture_there(tmp_path):
    manifest, video = Manifest.load(tmp_path), described.files(tmp_path)[0]
    manifest.record(Entry(lecture.SLUG, "mp4", "joined once", {}, {}, 1.0, 15))
    manifest.record(Entry(described.SLUG, "mp4", "described", {"lecture": "joined once"}, {}, 2.0, 30))
    assert described.current(tmp_path) is None  # no file
    video.write_bytes(b"x")
    assert described.current(tmp_path) == video
    manifest.record(Entry(lecture.SLUG, "mp4", "joined again", {}, {}, 1.0, 15))  # a chapter changed since
    assert described.current(tmp_path) is None


def test_each_description_is_said_by_its_own_languages_voice(tmp_path):
    """A lecture of translated and untranslated chapters: each description in its chapter's language, said by that
    language's voice (espeak-ng's German for the German one), the identity naming both."""
    beats = [
        descriptions.Described("b", 0, 1, [], "Null Komma sieben", lang="de"),
        descriptions.Described("a", 1, 2, [], "Nought point seven", lang="en"),
    ]
    voice = described.Voices("espeak", tmp_path, {b.lang for b in beats})
    try:
        assert set(voice.spoken) == {"de", "en"} and voice.spoken["de"].lang == "de"
        assert voice.identity.startswith("de: ") and "; en: " in voice.identity
        assert all(len(voice.samples(b)) for b in beats)
    finally:
        voice.close()
