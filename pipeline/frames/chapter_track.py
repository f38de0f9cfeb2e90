"""The language of a video's chapter titles, written into the file in place.

FFmpeg gives chapter titles no language of their own, so a German lecture's chapter titles were announced as
English (or unknown) by players and by MediaInfo, and PyAV cannot set it. `label` writes the language after the
file is written, in place: no size changes, so the index stays valid.
- MP4 keeps chapter marks twice: in a Nero `chpl` list and in a QuickTime text track whose samples are the titles.
  That track's `mdhd` box gets the language (two bytes; QuickTime reads FFmpeg's code 0 as English).
- WebM (Matroska) keeps each title in a ChapterDisplay with a ChapLanguage, which FFmpeg writes as 'und'
  (undetermined): three letters, overwritten with the language's."""

from __future__ import annotations

import struct
from pathlib import Path

NESTED = {b"moov", b"trak", b"mdia", b"minf", b"stbl"}  # the boxes on the way to a track's header and samples
CHAPTER_SAMPLES = b"text"  # the sample entry of FFmpeg's chapter track (captions are 'tx3g')
SEGMENT, CHAPTERS, LANGUAGE = 0x18538067, 0x1043A770, 0x437C  # Matroska's element ids
CHAPTER_MASTERS = {
    0x45B9,
    0xB6,
    0x80,
}  # EditionEntry, ChapterAtom, ChapterDisplay: on the way to a ChapLanguage


def label(path: Path, video_format: str, language: str) -> int:
    """Give the chapter titles of the video at `path` (an MP4 or MOV, or a WebM: `video_format`) the ISO 639-2
    `language` ('deu'); return how many places were labelled (0 for a file without chapters)."""
    written = language.encode("ascii") if video_format == "webm" else struct.pack(">H", packed(language))
    found = places(path, video_format)
    with open(path, "r+b") as file:
        for place in found:
            file.seek(place)
            file.write(written)
    return len(found)


def places(path: Path, video_format: str) -> list[int]:
    """Where in the video at `path` each chapter language is written: an MP4 chapter track's `mdhd` code (two
    bytes), a WebM title's ChapLanguage (three letters)."""
    with open(path, "rb") as file:
        if video_format == "webm":
            return _matroska_languages(file)
        found = _top_box(file, b"moov")
    if found is None:
        return []
    start, moov = found
    return [start + at for at in _chapter_languages(moov)]


def packed(language: str) -> int:
    """Three lower-case letters as an `mdhd` box packs them: five bits each, counted from 0x60."""
    first, second, third = (ord(c) - 0x60 for c in language)
    return first << 10 | second << 5 | third


def _top_box(file, kind: bytes) -> tuple[int, bytes] | None:
    """(where its payload starts, the payload) of the first top-level box `kind`, found by skipping the others."""
    at = 0
    while head := file.read(8):
        if len(head) < 8:
            return None
        size, found = struct.unpack(">I4s", head)
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", file.read(8))[0], 16
        if found == kind:
            return at + header, file.read(size - header if size else -1)
        if size == 0:
            return None
        at += size
        file.seek(at)
    return None


def _boxes(data: bytes, start: int, end: int):
    """(kind, payload start, end) of each box in data[start:end]."""
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, at)
        header = 8
        if size == 1:
            size, header = struct.unpack_from(">Q", data, at + 8)[0], 16
        size = size or end - at
        yield kind, at + header, at + size
        at += size


def _chapter_languages(moov: bytes) -> list[int]:
    """Where in `moov` each chapter track's `mdhd` language code is."""
    places = []
    for kind, start, end in _boxes(moov, 0, len(moov)):
        if kind != b"trak":
            continue
        inside = _flatten(moov, start, end)
        if inside.get(b"stsd") is not None and _first_entry(moov, inside[b"stsd"]) == CHAPTER_SAMPLES:
            version = moov[inside[b"mdhd"]]
            places.append(inside[b"mdhd"] + (4 + 16 if version == 0 else 4 + 28))
    return places


def _flatten(data: bytes, start: int, end: int) -> dict[bytes, int]:
    """Where the payload of each box under a track starts, by kind (a track has one of each of those read)."""
    found = {}
    for kind, inner, outer in _boxes(data, start, end):
        found[kind] = inner
        if kind in NESTED:
            found.update(_flatten(data, inner, outer))
    return found


def _first_entry(data: bytes, stsd: int) -> bytes:
    """The kind of the first sample entry of an `stsd` box (after its version, flags and entry count)."""
    return data[stsd + 12 : stsd + 16]


def _matroska_languages(file) -> list[int]:
    """Where each ChapLanguage of three letters is in the Matroska file `file`: its Segment's Chapters, found by
    skipping the elements before it (FFmpeg writes them before the first cluster), read whole."""
    at, length = 0, file.seek(0, 2)
    while at < length:
        file.seek(at)
        head = file.read(12)  # an id (at most 4 bytes) and a size (at most 8)
        kind, start, end = _element(head, 0, length - at)
        if kind == SEGMENT:
            at += start
        elif kind == CHAPTERS:
            file.seek(at + start)
            chapters = file.read(end - start)
            found = _chapter_elements(chapters, 0, len(chapters))
            return [at + start + inner for inner, outer in found if outer - inner == 3]
        else:
            at += end
    return []


def _chapter_elements(data: bytes, start: int, end: int):
    """(payload start, end) of each ChapLanguage in data[start:end], through the chapter masters."""
    while start < end:
        kind, inner, outer = _element(data, start, end)
        if kind in CHAPTER_MASTERS:
            yield from _chapter_elements(data, inner, outer)
        elif kind == LANGUAGE:
            yield inner, outer
        start = outer


def _element(data: bytes, at: int, end: int) -> tuple[int, int, int]:
    """(id, payload start, payload end) of the EBML element at `at` in data that runs to `end` (where an element
    of unknown size ends)."""
    kind, at = _vint(data, at, keep_marker=True)
    size, start = _vint(data, at, keep_marker=False)
    unknown = size == (1 << 7 * (start - at)) - 1
    return kind, start, end if unknown else start + size


def _vint(data: bytes, at: int, keep_marker: bool) -> tuple[int, int]:
    """An EBML variable-length integer at `at` and where it ends: its length is the first byte's leading zeros
    plus one; an id keeps its length marker, a size drops it."""
    length = 9 - data[at].bit_length()
    value = int.from_bytes(data[at : at + length], "big")
    return (value if keep_marker else value & ~(1 << 7 * length)), at + length
