"""The record of what was rendered into one output folder: per chapter and format, its inputs and files.

`manifest.json` sits in the folder it describes (e.g. media/480p15/manifest.json). It is
rewritten under a temporary name and renamed into place after every chapter, so it is
always whole; one that is missing or unreadable is treated as empty (everything is
rebuilt), never as an error.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from pipeline import outputs
from pipeline.frames import beats
from pipeline.frames.beats import Beat
from pipeline.plan.dependencies import digest

NAME = "manifest.json"
SCHEMA = 1
SHOWN_CHANGES = 3  # inputs named in a "changed: ..." reason


@dataclass(frozen=True)
class Entry:
    """One rendered chapter in one format."""

    slug: str  # e.g. '01-Tiny'
    format: str
    hash: str
    inputs: dict[str, str]
    files: dict[str, int]  # file name in the folder -> size in bytes
    duration: float  # seconds of video
    frames: int
    beats: tuple[Beat, ...] | None = None  # None: not recorded (an older manifest), so rendered again

    @classmethod
    def parse(cls, raw) -> Entry | None:
        """The entry `raw` describes, or None when it is malformed."""
        try:
            entry = cls(**raw)
        except TypeError:
            return None
        parsed = None if entry.beats is None else [Beat.parse(b) for b in entry.beats]
        shapes_ok = (
            isinstance(entry.inputs, dict)
            and isinstance(entry.files, dict)
            and all(isinstance(size, int) for size in entry.files.values())
            and isinstance(entry.duration, (int, float))
            and isinstance(entry.frames, int)
            and (parsed is None or None not in parsed)
        )
        return replace(entry, beats=None if parsed is None else tuple(parsed)) if shapes_ok else None


class Manifest:
    """The entries of one output folder, keyed by chapter slug and format."""

    def __init__(
        self,
        folder: Path,
        entries: dict[str, Entry],
        damaged: bool = False,
        pages: dict[str, int] | None = None,
        documents: dict[str, Entry] | None = None,
    ):
        self.path = Path(folder) / NAME
        self.entries = entries
        self.damaged = damaged  # the file existed but could not be read
        self.pages = pages or {}  # files written for the whole folder (index.html) -> size in bytes
        self.documents = documents or {}  # made from the lecture (lecture.pptx, lecture.pdf), by file name

    @classmethod
    def load(cls, folder: Path) -> Manifest:
        """The folder's manifest; empty (and marked damaged) when the file cannot be read."""
        path = Path(folder) / NAME
        if not path.exists():
            return cls(folder, {})
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            parsed = (
                {key: Entry.parse(value) for key, value in raw["entries"].items()}
                if raw.get("schema") == SCHEMA
                else None
            )
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            parsed = None
        if parsed is None:
            return cls(folder, {}, damaged=True)
        pages = raw.get("pages", {})
        pages_ok = isinstance(pages, dict) and all(isinstance(size, int) for size in pages.values())
        documents = raw.get("documents", {})
        documents = {k: Entry.parse(v) for k, v in documents.items()} if isinstance(documents, dict) else None
        return cls(
            folder,
            {key: e for key, e in parsed.items() if e is not None},
            damaged=None in parsed.values()
            or not pages_ok
            or documents is None
            or None in documents.values(),
            pages=pages if pages_ok else {},
            documents={k: e for k, e in (documents or {}).items() if e is not None},
        )

    def get(self, slug: str, video_format: str) -> Entry | None:
        """The entry for `slug` in `video_format`, if recorded."""
        return self.entries.get(_key(slug, video_format))

    def record(self, entry: Entry) -> None:
        """Add or replace an entry and write the manifest (atomically). An entry without beats gets those of
        the beat record among its files (02-ThreeTokenDrag.mp4.beats.json), if any."""
        if entry.beats is None:
            entry = replace(entry, beats=self._recorded_beats(entry))
        self.entries[_key(entry.slug, entry.format)] = entry
        self._write()

    def drop(self, slug: str, video_format: str) -> None:
        """Remove an entry and its files (a chapter no longer in a course's cut), and write the manifest."""
        entry = self.entries.pop(_key(slug, video_format), None)
        for name in entry.files if entry else ():
            (self.path.parent / name).unlink(missing_ok=True)
        self._write()

    def record_document(self, entry: Entry) -> None:
        """Add or replace a document made from the lecture (slug 'lecture', format e.g. 'pptx') and write the
        manifest."""
        self.documents[_key(entry.slug, entry.format)] = entry
        self._write()

    def document_stale_reason(self, name: str, inputs: dict[str, str]) -> str | None:
        """Why the document `name` (e.g. 'lecture.pptx') must be written again, or None when it is up to date."""
        return _stale(self.path.parent, self.documents.get(name), inputs)

    def record_pages(self, pages: dict[str, int]) -> None:
        """Set the files written for the whole folder (name -> size) and write the manifest, if they changed."""
        if pages != self.pages:
            self.pages = dict(pages)
            self._write()

    def _recorded_beats(self, entry: Entry) -> tuple[Beat, ...] | None:
        records = [name for name in entry.files if name.endswith(beats.RECORD_SUFFIX)]
        found = beats.read(self.path.parent / records[0]) if len(records) == 1 else None
        return None if found is None else tuple(found)

    def _write(self) -> None:
        data = {
            "schema": SCHEMA,
            "entries": {k: asdict(e) for k, e in sorted(self.entries.items())},
            "pages": dict(sorted(self.pages.items())),
            "documents": {k: asdict(e) for k, e in sorted(self.documents.items())},
        }
        with outputs.staged() as stage:
            stage(self.path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")

    def renumbered(self, slugs: set[str]) -> list[str]:
        """Remove the files and entries of chapters recorded under another number than they have now (a chapter
        was inserted or moved: `slugs` are the current ones, 'NN-Name'); return the old slugs."""
        names = {slug.partition("-")[2] for slug in slugs}
        recorded = {e.slug for e in self.entries.values()}
        old = sorted(s for s in recorded - slugs if s.partition("-")[2] in names)
        for key, entry in list(self.entries.items()):
            if entry.slug in old:
                for name in entry.files:
                    (self.path.parent / name).unlink(missing_ok=True)
                del self.entries[key]
        if old:
            self._write()
        return old

    def stale_reason(self, slug: str, video_format: str, inputs: dict[str, str]) -> str | None:
        """Why `slug` must be rendered again in `video_format`, or None when its files are up to date."""
        return _stale(self.path.parent, self.get(slug, video_format), inputs)


def _stale(folder: Path, entry: Entry | None, inputs: dict[str, str]) -> str | None:
    """Why `entry`'s files must be made again from `inputs`, or None when they are up to date."""
    if entry is None:
        return "not rendered before"
    if entry.hash != digest(inputs):
        changed = sorted(
            k for k in inputs.keys() | entry.inputs.keys() if inputs.get(k) != entry.inputs.get(k)
        )
        more = f" and {len(changed) - SHOWN_CHANGES} more" if len(changed) > SHOWN_CHANGES else ""
        return "changed: " + ", ".join(changed[:SHOWN_CHANGES]) + more
    if entry.beats is None:
        return "beats not recorded"
    return _files_problem(folder, entry)


def _key(slug: str, video_format: str) -> str:
    return f"{slug}.{video_format}"


def _files_problem(folder: Path, entry: Entry) -> str | None:
    for name, size in entry.files.items():
        path = folder / name
        if not path.is_file():
            return f"missing: {name}"
        if path.stat().st_size != size:
            return f"modified: {name}"
    return None
