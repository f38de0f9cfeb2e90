"""The lecturer's own recordings: `render.py script` lists the lines and their ids; `--voice recordings:DIR`
speaks each line with DIR/<id>.wav (a test tone here, found exactly at its cue), the fallback voice the rest,
and says which; a recording it cannot use is refused in one line before anything renders."""

import wave

import numpy as np
import pytest
import srt

from narration.speech import RATE
from pipeline.frames import video
from tests.support.browser import axe_violations, chromium
from tests.support.processes import run_driver

LINE = "Themed-00-01"  # Themed's only caption: before its first beat, the first line
TONE = 1000  # Hz


def recording(path, seconds=1.5, rate=44_100, channels=2, level=0.5, frequency=TONE):
    """A WAV file of a sine tone (another rate and channel count than the track's: it is converted)."""
    t = np.arange(int(seconds * rate)) / rate
    samples = np.repeat(level * np.sin(2 * np.pi * frequency * t), channels)
    with wave.open(str(path), "wb") as clip:
        clip.setnchannels(channels)
        clip.setsampwidth(2)
        clip.setframerate(rate)
        clip.writeframes((samples * 32767).astype("<i2").tobytes())
    return path


@pytest.fixture
def themed(lecture, tmp_path):
    """A function rendering Themed (and Tiny) with the given arguments; the output folder."""
    driver, out = lecture.driver("Themed", "Tiny"), tmp_path / "media"
    return (lambda *args, status=0: run_driver(driver, *args, "--output", out, status=status)), out


def test_the_script_lists_every_line_with_its_id(themed):
    run, out = themed
    printed = run("script").stdout
    assert "script.txt" in printed and "script.html" in printed
    (line,) = [row for row in (out / "script.txt").read_text().splitlines() if not row.startswith("#")]
    assert line.split("\t")[0] == LINE and line.split("\t")[1] == "Theme and example"
    assert LINE in (out / "script.html").read_text()


def test_the_script_page_is_accessible_and_fits_a_phone(themed):
    run, out = themed
    run("script")
    with chromium() as browser:
        for width, height in ((1280, 720), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto((out / "script.html").as_uri())
            assert axe_violations(page) == [], width
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            assert page.get_by_text(LINE).is_visible()


def test_a_recorded_line_speaks_at_its_cue_and_the_rest_in_the_fallback_voice(themed, tmp_path):
    run, out = themed
    folder = tmp_path / "recorded"
    folder.mkdir()
    recording(folder / f"{LINE}.wav")
    printed = run("render", "--voice", f"recordings:{folder}").stdout
    assert "narration: 1 line spoken from recordings" in printed
    (cue,) = srt.parse((out / "480p15" / "01-Themed.srt").read_text())
    assert abs((cue.end - cue.start).total_seconds() - 1.5) <= 1 / 15
    sound = video.audio_samples(out / "480p15" / "01-Themed.mp4", RATE)
    heard = sound[round(cue.start.total_seconds() * RATE) : round(cue.end.total_seconds() * RATE)]
    spectrum = np.abs(np.fft.rfft(heard))
    assert np.fft.rfftfreq(len(heard), 1 / RATE)[spectrum.argmax()] == pytest.approx(TONE, abs=5)
    assert (folder / f"{LINE}.words").read_text() == cue.content  # the words it was recorded for


def test_a_line_whose_words_changed_since_it_was_recorded_is_spoken_by_the_fallback(themed, tmp_path):
    run, _ = themed
    folder = tmp_path / "recorded"
    folder.mkdir()
    recording(folder / f"{LINE}.wav")
    (folder / f"{LINE}.words").write_text("words said before an edit")
    printed = run("render", "--voice", f"recordings:{folder}").stdout
    assert f"words changed since recorded for 1 line, spoken by piper: {LINE}" in printed


@pytest.mark.parametrize(
    ("make", "complaint"),
    [
        (lambda p: p.write_bytes(b"not a sound"), "not a readable recording"),
        (lambda p: recording(p, seconds=0.01), "empty"),
        (lambda p: recording(p, level=0.0), "silent"),
        (lambda p: recording(p, level=1.5), "clipped"),
    ],
    ids=["unreadable", "empty", "silent", "clipped"],
)
def test_a_recording_that_cannot_speak_is_refused_in_one_line_naming_it(themed, tmp_path, make, complaint):
    run, out = themed
    folder = tmp_path / "recorded"
    folder.mkdir()
    make(folder / f"{LINE}.wav")
    refused = run("render", "--voice", f"recordings:{folder}", status=2)
    assert complaint in refused.stderr and f"{LINE}.wav" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
    assert not out.exists()  # nothing rendered


def test_a_missing_folder_of_recordings_is_refused(themed, tmp_path):
    run, _ = themed
    refused = run("render", "--voice", f"recordings:{tmp_path / 'nowhere'}", status=2)
    assert "no such folder of recordings" in refused.stderr
