"""A chapter's narration encoded once: the levelled track (narration.track) written as an audio-only file in
the video's container, kept in the speech cache under a hash of everything it is made from. A re-render
whose captions, timing and voice are unchanged muxes the kept file (stream copy) and mixes nothing."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from narration import speech, track
from narration.spoken import spoken
from pipeline.frames import video

TRIES = 3  # mixes of the narration at most: the first, and two quieter when encoding overshot
MADE_FROM = (Path(track.__file__), Path(video.__file__), Path(__file__))  # code whose edits remake tracks


def soundtrack(cues: list, voice: speech.Speech, seconds: float, video_format: str) -> Path:
    """The narration of `cues` (srt.Subtitle) said by `voice`, `seconds` long, encoded for `video_format`
    with true peaks at most track.PEAK after encoding (AAC and Opus overshoot, by how much depends on the
    voice: where they do, it is mixed again that much quieter)."""
    path = voice.folder / "tracks" / f"{_key(cues, voice, seconds, video_format)}.{video_format}"
    if path.is_file():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    staged = path.with_name(f".{path.name}.{os.getpid()}")
    headroom = track.CODEC_HEADROOM
    try:
        for _ in range(TRIES):
            video.write_audio(staged, track.mixed(cues, voice, seconds, headroom), speech.RATE, video_format)
            excess = track.true_peak(speech.decoded(staged)) - track.PEAK
            if excess <= 0:
                break
            headroom += excess + 0.1
        os.replace(staged, path)
    finally:
        staged.unlink(missing_ok=True)
    return path


def _key(cues: list, voice: speech.Speech, seconds: float, video_format: str) -> str:
    said = [(round(c.start.total_seconds() * speech.RATE), spoken(c.content)) for c in cues]
    made = hashlib.sha256(b"".join(p.read_bytes() for p in MADE_FROM)).hexdigest()
    facts = (voice.identity, round(seconds * speech.RATE), video_format, said, made)
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]
