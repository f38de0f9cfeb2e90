"""Speech for caption cues, made once: each cue's spoken form said by a voice, trimmed of its leading and
trailing silence, resampled to RATE and kept as a WAV file named by a hash of (the voice's identity, the
spoken words). A render asks for every cue's length while the chapter plays (the length paces it) and for
the clips again when the chapter's audio is mixed; both find the same file.

`use(voice, folder)` chooses the voice (or silence) for the scenes of this process, in the active language;
`current()` is it. Only English captions are rewritten for speech (`spoken`: its words are English); a voice
of another language reads its captions' numbers itself (espeak-ng's German says "0,870" as a German would).
"""

from __future__ import annotations

import hashlib
import os
import wave
from pathlib import Path

import av
import numpy as np

import i18n
from narration import voices
from narration.spoken import spoken

RATE = 48_000  # samples a second: what AAC and Opus are encoded at
SILENCE_DB = -40  # below the clip's peak by this much is silence, at either end
MARGIN = 0.01  # seconds of the silence kept at each end, so no consonant is cut
FULL_SCALE = 32767  # a 16-bit sample's 1.0

_current: Speech | None = None


class Speech:
    """A voice's clips for cue texts, cached in `folder` (shared by every worker of a render)."""

    def __init__(self, voice: str, folder: Path):
        self.engine = voices.engine(voice, folder)
        self.identity = self.engine.identity
        self.folder = Path(folder)
        self.lang = i18n.language()

    def seconds(self, cue: str, line: str | None = None) -> float:
        """How long the cue's speech lasts (`line`: its id in the narration script, for a recording of it)."""
        with wave.open(str(self.file(cue, line))) as clip:
            return clip.getnframes() / clip.getframerate()

    def samples(self, cue: str) -> np.ndarray:
        """The cue's speech: float samples in [-1, 1] at RATE (read as `write` wrote them: FFmpeg is slower)."""
        with wave.open(str(self.file(cue))) as clip:
            return (
                np.frombuffer(clip.readframes(clip.getnframes()), dtype="<i2").astype(np.float32) / FULL_SCALE
            )

    def file(self, cue: str, line: str | None = None) -> Path:
        """The cue's WAV file in the cache, made now if it is not there yet."""
        words = spoken(cue) if self.lang == i18n.SOURCE else cue
        key = hashlib.sha256(f"{self.identity}\n{words}".encode()).hexdigest()[:32]
        path = self.folder / f"{key}.wav"
        if not path.is_file():
            self.folder.mkdir(parents=True, exist_ok=True)
            raw = self.folder / f".{key}.{os.getpid()}.raw.wav"
            self.engine.say(words, raw, line)
            try:
                write(path, trimmed(decoded(raw)))
            finally:
                raw.unlink(missing_ok=True)
        return path

    def close(self) -> None:
        self.engine.close()


def use(voice: str, folder: Path) -> None:
    """Speak the captions of the scenes run from now on with `voice` (voices.SILENT: none), caching in `folder`."""
    global _current
    wanted = (voice, Path(folder), i18n.language())
    if _current is not None and (_current.engine.name, _current.folder, _current.lang) == wanted:
        return  # the voice already running (piper keeps its model loaded)
    if _current is not None:
        _current.close()
    _current = None if voice == voices.SILENT else Speech(voice, folder)


def current() -> Speech | None:
    """The speech of the scenes run now, or None when they are silent."""
    return _current


def decoded(path: Path, rate: int = RATE) -> np.ndarray | None:
    """A sound file's audio (any format FFmpeg reads), its channels mixed to one, as float samples at
    `rate`; None when the file has no audio stream."""
    with av.open(str(path)) as container:
        if not container.streams.audio:
            return None
        resampler = av.AudioResampler(format="flt", layout="mono", rate=rate)
        chunks = [
            piece.to_ndarray().reshape(-1)
            for frame in container.decode(container.streams.audio[0])
            for piece in resampler.resample(frame)
        ]
        chunks += [piece.to_ndarray().reshape(-1) for piece in resampler.resample(None)]
    return np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.float32)


def write(path: Path, samples: np.ndarray) -> None:
    """Write float samples at RATE as a 16-bit mono WAV file, whole (a temporary name, then renamed)."""
    staged = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with wave.open(str(staged), "wb") as clip:
        clip.setnchannels(1)
        clip.setsampwidth(2)
        clip.setframerate(RATE)
        clip.writeframes((np.clip(samples, -1, 1) * FULL_SCALE).astype("<i2").tobytes())
    os.replace(staged, path)


def trimmed(samples: np.ndarray) -> np.ndarray:
    """The samples without the silence before and after the speech (MARGIN of it kept)."""
    loud = np.flatnonzero(np.abs(samples) > np.abs(samples).max(initial=0) * 10 ** (SILENCE_DB / 20))
    if loud.size == 0:
        return samples[:0]
    margin = int(MARGIN * RATE)
    return samples[max(loud[0] - margin, 0) : loud[-1] + margin + 1]
