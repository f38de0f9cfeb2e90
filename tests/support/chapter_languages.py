"""The language of a video's chapter titles as players read it (`pipeline.frames.chapter_track` writes it; PyAV
reads none)."""

import struct
from pathlib import Path

from pipeline.frames import chapter_track


def read(path: Path, video_format: str) -> list[str]:
    """The languages of the chapter titles of the video at `path`, as written: an MP4's chapter track code (0
    reads as 'eng'), a WebM's ChapLanguage per title."""
    data = path.read_bytes()
    if video_format == "webm":
        return [data[at : at + 3].decode("ascii") for at in chapter_track.places(path, video_format)]
    return [
        unpacked(struct.unpack_from(">H", data, at)[0]) for at in chapter_track.places(path, video_format)
    ]


def unpacked(code: int) -> str:
    """An `mdhd` language code as letters; QuickTime's code 0 is English."""
    if code == 0:
        return "eng"
    return "".join(chr((code >> shift & 0x1F) + 0x60) for shift in (10, 5, 0))
