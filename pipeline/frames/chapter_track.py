"""The language of an MP4's chapter track, written into the file's index in place.

FFmpeg's MP4 muxer keeps chapter marks twice: in a Nero `chpl` list and in a QuickTime text track whose
samples are the titles. It gives that track no language, and QuickTime reads code 0 as English, so a German
lecture's chapter titles were announced as English by players and by MediaInfo. PyAV cannot set it, so
`label` writes the language into the track's `mdhd` box after the file is written (two bytes; no size
changes, the index stays valid)."""

from __future__ import annotations

import struct
from pathlib import Path

NESTED = {b"moov", b"trak", b"mdia", b"minf", b"stbl"}  # the boxes on the way to a track's header and samples
CHAPTER_SAMPLES = b"text"  # the sample entry of FFmpeg's chapter track (captions are 'tx3g')


def label(path: Path, language: str) -> int:
    """Give the chapter track of the MP4 at `path` the ISO 639-2/T `language` ('deu'); return how many tracks
    were labelled (0 for a file without chapters)."""
    with open(path, "r+b") as file:
        found = _top_box(file, b"moov")
        if found is None:
            return 0
        start, moov = found
        places = [start + at for at in _chapter_languages(moov)]
        for place in places:
            file.seek(place)
            file.write(struct.pack(">H", packed(language)))
    return len(places)


def read(path: Path) -> list[str]:
    """The languages of the chapter tracks of the MP4 at `path`, as written (code 0 reads as 'eng')."""
    with open(path, "rb") as file:
        found = _top_box(file, b"moov")
    if found is None:
        return []
    _, moov = found
    return [unpacked(struct.unpack_from(">H", moov, at)[0]) for at in _chapter_languages(moov)]


def packed(language: str) -> int:
    """Three lower-case letters as an `mdhd` box packs them: five bits each, counted from 0x60."""
    first, second, third = (ord(c) - 0x60 for c in language)
    return first << 10 | second << 5 | third


def unpacked(code: int) -> str:
    """An `mdhd` language code as letters; QuickTime's code 0 is English."""
    if code == 0:
        return "eng"
    return "".join(chr((code >> shift & 0x1F) + 0x60) for shift in (10, 5, 0))


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
