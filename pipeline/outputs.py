"""Where outputs land, writing them safely (temporary names renamed into place), and removing them."""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from pipeline.frames import captions
from pipeline.plan.settings import (
    DEFAULT_LANGUAGE,
    DEFAULT_THEME,
    FOLDER_PATTERN,
    TRANSPARENT_FORMATS,
    RenderSettings,
)
from pipeline.run import pause

CACHE_FOLDER = ".manim"
WORK_FOLDER = ".work"
SOURCE_RECORD = ".example-source"  # in OUTPUT/examples/<name>/: the example file whose outputs it holds
EXAMPLES_FOLDER = "examples"  # OUTPUT/examples/<name>/: a custom example's outputs, laid out as OUTPUT's
COURSES_FOLDER = "courses"  # OUTPUT/courses/<name>/: a course's outputs, laid out as OUTPUT's
LAYOUT_SUFFIX = ".layout.json"  # what a chapter's layout chose: 02-ThreeTokenDrag.layout.json
TEMPORARY = re.compile(r"\..+\.tmp-(\d+)")  # '.01-Tiny.mp4.tmp-1234': staged by process 1234
WORK = re.compile(r".+-(\d+)")  # '.work/01-Tiny-1234': process 1234's working folder
MAX_NAME = 40  # characters in a folder name made from an example's name


@dataclass(frozen=True)
class ChapterFiles:
    """The stable paths of one chapter's outputs in one format."""

    video: Path
    poster: Path
    subtitles: Path
    beats: Path  # the WebVTT chapters track, one cue per beat (02-ThreeTokenDrag.beats.vtt)
    beat_record: Path  # the beats as JSON, with frames and render times, per format (02-X.mp4.beats.json)

    @property
    def web_captions(self) -> Path:
        """The captions as WebVTT, beside the .srt file."""
        return captions.web_captions(self.subtitles)

    @property
    def layout(self) -> Path:
        """What the chapter's layout chose for the render's example and stage (`layout_facts`), as JSON, for
        the descriptions to say what is drawn rather than every alternative (02-X.layout.json)."""
        return self.beats.with_name(self.beats.name.replace(".beats.vtt", LAYOUT_SUFFIX))

    def beat_poster(self, number: int) -> Path:
        """The last frame of beat `number` (from 1): 02-ThreeTokenDrag.beat-01.png (-transparent as the poster)."""
        return self.poster.with_name(f"{self.poster.stem}.beat-{number:02d}.png")

    def beat_posters(self) -> list[Path]:
        """The beat posters that are present, in order."""
        return sorted(self.poster.parent.glob(f"{glob.escape(self.poster.stem)}.beat-[0-9][0-9]*.png"))

    def existing(self) -> list[Path]:
        """The outputs that are present: video, poster, captions, then the beats' files."""
        named = (
            self.video,
            self.poster,
            self.subtitles,
            self.web_captions,
            self.beats,
            self.beat_record,
            self.layout,
        )
        return [p for p in named if p.exists()] + self.beat_posters()


def folder(output_dir: Path, settings: RenderSettings) -> Path:
    """The folder for one frame size and rate, e.g. media/480p15."""
    return Path(output_dir) / settings.folder


def chapter_files(quality_folder: Path, slug: str, video_format: str) -> ChapterFiles:
    """Paths such as 480p15/02-ThreeTokenDrag.mp4, .png, .srt; a transparent video's poster keeps its alpha
    under its own name (02-ThreeTokenDrag-transparent.png), so formats never overwrite each other's poster."""
    stem = Path(quality_folder) / slug
    poster = f"{slug}-transparent.png" if video_format in TRANSPARENT_FORMATS else f"{slug}.png"
    return ChapterFiles(
        stem.with_suffix(f".{video_format}"),
        stem.with_name(poster),
        stem.with_suffix(".srt"),
        stem.with_name(f"{slug}.beats.vtt"),
        stem.with_name(f"{slug}.{video_format}.beats.json"),
    )


def layout_facts(path: Path) -> dict:
    """The layout choices recorded in `path` (see ChapterFiles.layout); none when it is missing or unreadable
    (a chapter that records none, or a render from before they were recorded)."""
    try:
        found = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def tex_cache(output_dir: Path) -> Path:
    """manim's LaTeX cache, shared by every chapter and quality."""
    return Path(output_dir) / CACHE_FOLDER / "Tex"


def formula_lists(output_dir: Path) -> Path:
    """Per chapter, example and language, the SVGs of the LaTeX cache its last render drew (`pipeline.run.ahead`)."""
    return Path(output_dir) / CACHE_FOLDER / "Formulas"


def speech_cache(output_dir: Path) -> Path:
    """The narration's speech clips, shared by every chapter and quality (narration.speech)."""
    return Path(output_dir) / CACHE_FOLDER / "Speech"


def temporary_name(target: Path) -> Path:
    """Where `target` is written before it is renamed into place: hidden, and naming this process."""
    return target.with_name(f".{target.name}.tmp-{os.getpid()}")


@contextmanager
def work_dir(output_dir: Path, slug: str) -> Iterator[Path]:
    """A private, empty working folder for one render, removed afterwards even on failure."""
    path = Path(output_dir) / WORK_FOLDER / f"{slug}-{os.getpid()}"
    shutil.rmtree(path, ignore_errors=True)  # left by a killed process whose id this one now has
    path.mkdir(parents=True)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
        with suppress(OSError):
            path.parent.rmdir()


@contextmanager
def staged() -> Iterator[Callable[[Path], Path]]:
    """Yield `stage(target) -> temporary path` beside the target.

    When the block succeeds every staged file is renamed onto its target; when it
    fails (or is interrupted) the staged files not yet renamed are deleted, so their
    targets keep their previous contents. Test hook: pause point 'publish:<target name>'.
    """
    pending: dict[Path, Path] = {}

    def stage(target: Path) -> Path:
        target.parent.mkdir(parents=True, exist_ok=True)
        pending[target] = temporary_name(target)
        return pending[target]

    try:
        yield stage
        pause.point(f"publish:{target.name}" for target in pending)
        for target, temporary in pending.items():
            os.replace(temporary, target)
    finally:
        for temporary in pending.values():
            temporary.unlink(missing_ok=True)


def safe_name(name: str) -> str:
    """A folder name made only of lowercase ASCII letters, digits and single dashes ('../A b' -> 'a-b')."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:MAX_NAME].strip("-") or "example"


def course_root(output_dir: Path, name: str) -> Path:
    """A course's folder, OUTPUT/courses/<its file's name>/, its quality folders inside."""
    return Path(output_dir) / COURSES_FOLDER / safe_name(name)


class FolderTaken(ValueError):
    """A custom example's folder already holds the outputs of another example file with the same name."""

    def __init__(self, owner: Path):
        super().__init__(str(owner))
        self.owner = owner


def check_example_folder(root: Path, source: Path) -> None:
    """Raise FolderTaken when `root` records another example file as its source and that file still exists."""
    record = Path(root) / SOURCE_RECORD
    try:
        owner = Path(record.read_text(encoding="utf-8").rstrip("\n"))
    except (OSError, UnicodeDecodeError):
        return
    if owner != Path(source) and owner.is_file():
        raise FolderTaken(owner)


def claim_example_folder(root: Path, source: Path) -> None:
    """Record `source` as the example file whose outputs `root` holds (after check_example_folder)."""
    record = Path(root) / SOURCE_RECORD
    if not record.exists() or record.read_text(encoding="utf-8") != f"{source}\n":
        temporary = temporary_name(record)
        temporary.write_text(f"{source}\n", encoding="utf-8")
        os.replace(temporary, record)


def ensure_writable(output_dir: Path) -> None:
    """Create `output_dir` if needed and check a file can be written in it; OSError otherwise, leaving behind
    none of the folders it created."""
    output_dir = Path(output_dir)
    missing = [p for p in (output_dir, *output_dir.parents) if not p.exists()]  # deepest first
    try:
        output_dir.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=output_dir).close()
    except OSError:
        for created in missing:
            with suppress(OSError):
                created.rmdir()
        raise


def remove_leftovers(output_dir: Path) -> list[Path]:
    """Remove the temporary files and working folders of processes that no longer run (a killed render)."""
    output_dir = Path(output_dir)
    if not output_dir.is_dir():
        return []
    work = output_dir / WORK_FOLDER
    folders = [p for p in work.iterdir() if _owner_is_gone(WORK, p.name)] if work.is_dir() else []
    files = [p for p in output_dir.rglob(".*.tmp-*") if p.is_file() and _owner_is_gone(TEMPORARY, p.name)]
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)
    for path in files:
        path.unlink(missing_ok=True)
    return folders + files


def _owner_is_gone(pattern: re.Pattern, name: str) -> bool:
    match = pattern.fullmatch(name)
    return match is not None and not _running(int(match[1]))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether `pid` has exited but not been reaped (Linux; elsewhere assumed not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z"
    except (OSError, IndexError):
        return False


def clean(
    output_dir: Path, settings: RenderSettings | None, theme: str | None = None, lang: str | None = None
) -> list[Path]:
    """Remove the folder `settings` names, or every quality folder (of `theme`, of `lang`, when given).

    Only a bare clean (none given) also removes what all qualities share: manim's caches (the LaTeX
    cache included), working files, every custom example's folder (EXAMPLES_FOLDER) and every course's
    (COURSES_FOLDER).
    """
    output_dir = Path(output_dir)
    if settings is not None:
        candidates = [folder(output_dir, settings)]
    else:
        candidates = [
            p
            for p in _quality_folders(output_dir)
            if theme in (None, _theme_of(p.name)) and lang in (None, _language_of(p.name))
        ]
    if settings is None and theme is None and lang is None:
        shared = (CACHE_FOLDER, WORK_FOLDER, EXAMPLES_FOLDER, COURSES_FOLDER)
        candidates += [output_dir / name for name in shared]
    removed = [path for path in candidates if path.exists()]
    for path in removed:
        shutil.rmtree(path)
    return removed


def clean_folder(path: Path) -> list[Path]:
    """Remove `path` and everything in it (a custom example's folder)."""
    if not Path(path).exists():
        return []
    shutil.rmtree(path)
    return [Path(path)]


def _quality_folders(output_dir: Path) -> list[Path]:
    if not output_dir.is_dir():
        return []
    return sorted(p for p in output_dir.iterdir() if p.is_dir() and FOLDER_PATTERN.fullmatch(p.name))


def _theme_of(folder_name: str) -> str:
    """'light' for '480p15-light' and '480p15-light.de'; the default theme for '480p15'."""
    return folder_name.partition(".")[0].partition("-")[2] or DEFAULT_THEME


def _language_of(folder_name: str) -> str:
    """'de' for '480p15.de' and '480p15-light.de'; English for '480p15'."""
    return folder_name.partition(".")[2] or DEFAULT_LANGUAGE
