"""MP4 videos joined end to end by stream copy, with a chapter mark for each; and the marks read back."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from pathlib import Path

import av

CHAPTER_TIME_BASE = Fraction(1, 1000)


class JoinError(ValueError):
    """Videos that cannot be joined without re-encoding."""


@dataclass(frozen=True)
class Mark:
    """A chapter mark: its title, and where it starts and ends in seconds."""

    title: str
    start: Fraction
    end: Fraction


def join(parts: list[tuple[str, Path]], target: Path) -> list[Mark]:
    """Write the videos of `parts` (title, path) one after another into the MP4 `target` by stream copy, with
    the index at the front and a chapter mark per part; return the marks. JoinError when the videos differ in
    codec, size, pixel format, encoder parameters or time base (stream copy needs them alike)."""
    marks: list[Mark] = []
    with av.open(str(target), "w", format="mp4", options={"movflags": "faststart"}) as out:
        stream_out, first = None, None
        for title, path in parts:
            with av.open(str(path)) as given:
                stream_in = given.streams.video[0]
                if stream_out is None:
                    stream_out, first = out.add_stream_from_template(stream_in), _signature(stream_in)
                elif _signature(stream_in) != first:
                    raise JoinError(f"{path.name} was encoded differently from {parts[0][1].name}")
                start = marks[-1].end if marks else Fraction(0)
                length = copy_packets(given, stream_in, out, stream_out, start)
            marks.append(Mark(title, start, start + length))
        out.set_chapters([_chapter(number, mark) for number, mark in enumerate(marks)])
    return marks


def marks(path: Path) -> list[Mark] | None:
    """The chapter marks of an MP4; None when it is missing or cannot be read."""
    if not Path(path).is_file():
        return None
    try:
        with av.open(str(path)) as container:
            return [
                Mark(c["metadata"].get("title", ""), c["start"] * c["time_base"], c["end"] * c["time_base"])
                for c in container.chapters()
            ]
    except av.FFmpegError:
        return None


def _signature(stream) -> tuple:
    """What two video streams must share to be joined by stream copy."""
    codec = stream.codec_context
    return (
        codec.name,
        codec.width,
        codec.height,
        codec.pix_fmt,
        bytes(codec.extradata or b""),
        stream.time_base,
    )


def copy_packets(given, stream_in, out, stream_out, start: Fraction) -> Fraction:
    """Mux every packet of `stream_in` into `stream_out`, moved to begin `start` seconds in; return its length."""
    time_base = stream_in.time_base
    origin = stream_in.start_time or 0
    shift = int(start / time_base) - origin  # exact: every earlier part's length is a whole number of ticks
    end = origin
    for packet in given.demux(stream_in):
        if packet.dts is None:  # demux ends with an empty flushing packet
            continue
        end = max(end, packet.pts + packet.duration)
        packet.pts += shift
        packet.dts += shift
        packet.stream = stream_out
        out.mux(packet)
    return (end - origin) * time_base


def _chapter(number: int, mark: Mark) -> dict:
    """A chapter for PyAV, in the milliseconds MP4 chapter tracks count, rounded up: a seek to its start
    shows the chapter's own first frame, never the frame before."""
    return {
        "id": number,
        "start": ceil(mark.start * 1000),
        "end": ceil(mark.end * 1000),
        "time_base": CHAPTER_TIME_BASE,
        "metadata": {"title": mark.title},
    }
