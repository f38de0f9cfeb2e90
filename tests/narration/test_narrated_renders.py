"""Narrated renders of the tiny chapters (espeak-ng, the quickest voice): a ChapterScene's cues last exactly
as long as their speech, speech is made once and again only for what changed, and the voice is an input."""

from datetime import timedelta

import av
import pytest
import srt

from narration import speech
from pipeline import outputs
from scenes.kit.chapter import SHORTEST_CAPTION, reading_time
from tests.support import cues
from tests.support.processes import run_driver

FRAME = timedelta(seconds=1 / 15)


@pytest.fixture
def narrated(lecture, tmp_path):
    """Render Themed (a ChapterScene) and Tiny with a voice into one folder; return (render, folder, lecture)."""
    driver, out = lecture.driver("Themed", "Tiny"), tmp_path / "media"

    def render(voice: str = "espeak") -> list[str]:
        return run_driver(driver, "render", "--voice", voice, "--output", out).stdout.splitlines()

    return render, out, lecture


def clips(out) -> set[str]:
    return {p.name for p in outputs.speech_cache(out).glob("*.wav")}


def test_each_cue_lasts_as_long_as_its_speech(narrated):
    render, out, lecture = narrated
    lecture.edit(
        "themed",
        '" ".join(examples.current().drag.tokens)',
        '"A caption long enough to be split in '
        'two cues, since it is wider than two lines of forty-two characters: said in two breaths."',
    )
    render()
    cues = list(srt.parse((out / "480p15" / "01-Themed.srt").read_text()))
    voice = speech.Speech("espeak", outputs.speech_cache(out))
    assert len(cues) == 2
    for cue in cues:
        spoken_for = timedelta(seconds=voice.seconds(cue.content.replace("\n", " ")))
        assert abs(cue.end - cue.start - spoken_for) <= FRAME
    assert cues[1].start - cues[0].end >= timedelta(seconds=0.1)  # a breath between the two


def test_a_line_said_in_under_the_shortest_caption_time_stays_up_that_long(narrated):
    """Review B10: "the trained weights." was shown for 0.95 s, as long as it took to say, too short to read; each
    spoken cue stays up SHORTEST_CAPTION at least."""
    render, out, _ = narrated
    render()
    (cue,) = srt.parse((out / "480p15" / "01-Themed.srt").read_text())
    voice = speech.Speech("espeak", outputs.speech_cache(out))
    assert voice.seconds(cue.content.replace("\n", " ")) < SHORTEST_CAPTION - 0.3
    assert abs(cue.end - cue.start - timedelta(seconds=SHORTEST_CAPTION)) <= FRAME


def test_speech_is_made_once_and_again_only_for_an_edited_caption(narrated):
    render, out, lecture = narrated
    first = render()
    assert sum(line.startswith("done") for line in first) == 2
    made = clips(out)
    assert made
    again = render()
    assert again[0].startswith("skipped") and again[1].startswith("skipped")
    assert clips(out) == made
    lecture.edit("themed", '" ".join(examples.current().drag.tokens)', '"A new caption."')
    edited = render()
    assert [line.split()[1] for line in edited if line.startswith("done")] == ["01-Themed"]
    assert len(clips(out) - made) == 1


def tracks(out) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (outputs.speech_cache(out) / "tracks").iterdir()}


def sound_packets(video) -> list[bytes]:
    with av.open(str(video)) as container:
        return [bytes(p) for p in container.demux(audio=0) if p.size]


def test_a_forced_render_with_nothing_changed_mixes_nothing_and_muxes_the_same_sound(narrated):
    render, out, lecture = narrated
    render()
    kept, sound = tracks(out), sound_packets(out / "480p15" / "01-Themed.mp4")
    assert len(kept) == 2  # one track per chapter
    run_driver(lecture.driver("Themed", "Tiny"), "render", "--voice", "espeak", "--force", "--output", out)
    assert tracks(out) == kept  # no track mixed or written again
    assert sound_packets(out / "480p15" / "01-Themed.mp4") == sound


def test_another_voice_renders_every_chapter_again(narrated):
    render, _, _ = narrated
    render()
    changed = render("festival")
    assert sorted(line.split()[1] for line in changed if line.startswith("done")) == ["01-Themed", "02-Tiny"]


def test_a_silent_render_keeps_reading_time_and_has_no_sound(narrated):
    render, out, _ = narrated
    render("none")
    with av.open(str(out / "480p15" / "01-Themed.mp4")) as container:
        assert not container.streams.audio
    (cue,) = srt.parse((out / "480p15" / "01-Themed.srt").read_text())
    assert abs(cue.end - cue.start - timedelta(seconds=reading_time(cue.content))) <= FRAME


@pytest.mark.parametrize(
    ("video_format", "codec", "captions"),
    [("webm", "opus", "webvtt"), ("mov", "aac", "mov_text"), ("gif", None, None)],
)
def test_every_format_with_sound_speaks_and_captions_and_a_gif_says_it_is_silent(
    lecture, tmp_path, video_format, codec, captions
):
    out = tmp_path / "media"
    printed = run_driver(
        lecture.driver("Themed"), "render", "--voice", "espeak", "--format", video_format, "--output", out
    ).stdout
    video = out / "480p15" / f"01-Themed.{video_format}"
    with av.open(str(video)) as container:
        assert [s.codec_context.name for s in container.streams.audio] == ([codec] if codec else [])
        assert [s.codec_context.name for s in container.streams.subtitles] == ([captions] if captions else [])
    assert ("has no sound, so this render is silent" in printed) == (codec is None)
    said = [cue.content for cue in srt.parse((out / "480p15" / "01-Themed.srt").read_text())]
    assert [text for *_, text in cues.embedded(video)] == (said if captions else [])
