"""The lecturer's own voice: a folder holding a recording per line of the narration script (`render.py script`
lists the lines), named by the line's id: DIR/ThreeTokenDrag-03-01.wav (or .flac, .mp3), at any sample
rate and channel count (the channels are mixed to one).

The first time a recording speaks, the words it was made for are stored beside it (DIR/<id>.words). A line
without a recording, or whose words have changed since, is spoken by the fallback voice (the best one
installed), and noted in the speech cache's REPORT, which the render prints.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import av
import numpy as np

from narration import speech, voices

AUDIO = (".wav", ".flac", ".mp3")
REPORT = "recordings-report.jsonl"  # in the speech cache: a line {"line", "status"} for each line spoken
SILENT_PEAK = 10 ** (-50 / 20)  # a recording whose loudest sample is below -50 dBFS holds no speech
SHOWN = 8  # ids listed in the report; the rest counted
CLIPPED_SHARE = 0.001  # more of a recording's samples at full scale than this: it was recorded too loud


class RecordingError(ValueError):
    """A recording that cannot speak: unreadable, empty, silent or clipped. The message names the file."""


class Recordings:
    """Speaks each line with its recording, else with the fallback voice."""

    def __init__(self, folder: Path, fallback: str, cache: Path | None):
        if not folder.is_dir():
            raise voices.VoiceMissing(f"{folder}: no such folder of recordings")
        if fallback == voices.SILENT:
            raise voices.VoiceMissing(
                "no voice installed to speak the lines not recorded: run scripts/setup.sh"
            )
        self.folder, self.cache = folder, cache
        self.name = f"{voices.RECORDINGS}{folder}"
        self.fallback = voices.engine(fallback)

    @property
    def identity(self) -> str:
        """The recordings (their names, sizes and times) and the fallback voice: re-recording a line changes it."""
        files = sorted(
            (p.name, p.stat().st_size, p.stat().st_mtime_ns)
            for p in self.folder.iterdir()
            if p.suffix in AUDIO
        )
        listing = hashlib.sha256(json.dumps(files).encode()).hexdigest()[:16]
        return f"recordings {listing}, then {self.fallback.identity}"

    def say(self, text: str, target: Path, line: str | None = None) -> None:
        found = self.recording(line) if line else None
        words = found.with_suffix(".words") if found else None
        if found is None or (words.is_file() and words.read_text(encoding="utf-8") != text):
            self.fallback.say(text, target)
            self._note(line, "missing" if found is None else "changed")
            return
        if not words.is_file():
            words.write_text(text, encoding="utf-8")
        speech.write(target, decoded(found, speech.RATE))
        self._note(line, "recorded")

    def recording(self, line: str) -> Path | None:
        return next((p for p in (self.folder / f"{line}{s}" for s in AUDIO) if p.is_file()), None)

    def check(self) -> None:
        """RecordingError for the first recording that cannot speak."""
        for path in sorted(self.folder.iterdir()):
            if path.suffix in AUDIO:
                decoded(path, 16_000)

    def close(self) -> None:
        self.fallback.close()

    def _note(self, line: str | None, status: str) -> None:
        if self.cache is not None and line is not None:
            self.cache.mkdir(parents=True, exist_ok=True)
            with open(self.cache / REPORT, "a", encoding="utf-8") as report:
                report.write(json.dumps({"line": line, "status": status, "pid": os.getpid()}) + "\n")


def report(cache: Path, fallback: str) -> list[str]:
    """What the recordings voice noted in `cache` during a render, as lines to print (the notes removed)."""
    path = cache / REPORT
    if not path.is_file():
        return []
    notes = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    path.unlink()
    by_status = {
        s: sorted({n["line"] for n in notes if n["status"] == s}) for s in ("recorded", "missing", "changed")
    }
    lines = [f"narration: {_count(by_status['recorded'])} spoken from recordings"]
    for status, why in (("missing", "no recording"), ("changed", "words changed since recorded")):
        found = by_status[status]
        if found:
            more = f" and {len(found) - SHOWN} more" if len(found) > SHOWN else ""
            lines.append(
                f"narration: {why} for {_count(found)}, spoken by {fallback}: {', '.join(found[:SHOWN])}{more}"
            )
    return lines


def _count(lines: list) -> str:
    return f"{len(lines)} line" + ("" if len(lines) == 1 else "s")


def decoded(path: Path, rate: int) -> np.ndarray:
    """A recording's samples (channels mixed to one) at `rate`; RecordingError when it cannot speak."""
    try:
        samples = speech.decoded(path, rate)
    except (av.FFmpegError, UnicodeDecodeError) as err:
        raise RecordingError(f"{path}: not a readable recording ({err})") from None
    if samples is None:
        raise RecordingError(f"{path}: no sound in it")
    if len(samples) < rate // 10:
        raise RecordingError(f"{path}: empty (shorter than a tenth of a second)")
    if np.abs(samples).max() < SILENT_PEAK:
        raise RecordingError(f"{path}: silent (its loudest sample is below -50 dBFS)")
    if np.mean(np.abs(samples) >= 0.999) > CLIPPED_SHARE:
        raise RecordingError(f"{path}: clipped (recorded too loud: record it again a little quieter)")
    return samples
