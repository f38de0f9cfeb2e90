"""Videos (MP4, or WebM) joined end to end by stream copy, with a chapter mark for each; and the marks read back."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil
from pathlib import Path

import av
import numpy as np

from narration.speech import RATE
from pipeline.frames import video

CHAPTER_TIME_BASE = Fraction(1, 1000)


class JoinError(ValueError):
    """Videos that cannot be joined without re-encoding."""


@dataclass(frozen=True)
class Mark:
    """A chapter mark: its title, and where it starts and ends in seconds."""

    title: str
    start: Fraction
    end: Fraction


def join(
    parts: list[tuple[str, Path]], target: Path, video_format: str = "mp4", lengths: list | None = None
) -> list[Mark]:
    """Write the videos of `parts` (title, path) one after another into `target` by stream copy (an MP4 with
    the index at the front, or a WebM), with a chapter mark per part; return the marks. Each part lasts its
    `lengths` (seconds; by default as read from its packets, exact in MP4). When every part has sound, so has
    the joined video: each part's, cut or padded to its video's length, encoded again as one track (so
    sound and pictures stay together at every join). JoinError when the videos differ in codec, size, pixel
    format, encoder parameters or time base (stream copy needs them alike)."""
    lengths = lengths or [video.duration(path) for _, path in parts]
    if any(length is None for length in lengths):
        raise JoinError("a video cannot be read")
    sounds = [video.fitted_audio(path, RATE, length) for (_, path), length in zip(parts, lengths)]
    starts = [sum(lengths[:k], Fraction(0)) for k in range(len(parts))]
    marks = [Mark(title, start, start + length) for (title, _), start, length in zip(parts, starts, lengths)]
    container, options = video.CONTAINERS[video_format], video.OPTIONS.get(video_format, {})
    with av.open(str(target), "w", format=container, options=options) as out:
        with av.open(str(parts[0][1])) as first:
            stream_out = out.add_stream_from_template(first.streams.video[0])
            signature = _signature(first.streams.video[0])
        silent = any(s is None for s in sounds)
        sound = [] if silent else video.encoded_audio(out, np.concatenate(sounds), RATE, video_format)
        video.mux_in_order(out, _packets(parts, starts, stream_out, signature), sound)
        out.set_chapters([chapter_mark(number, mark) for number, mark in enumerate(marks)])
    return marks


def _packets(parts, starts, stream_out, signature):
    """Every part's video packets in turn, moved to its start; JoinError for a part encoded differently."""
    for (_, path), start in zip(parts, starts):
        with av.open(str(path)) as given:
            stream_in = given.streams.video[0]
            if _signature(stream_in) != signature:
                raise JoinError(f"{path.name} was encoded differently from {parts[0][1].name}")
            shift = round(start / stream_in.time_base) - (stream_in.start_time or 0)  # exact in MP4
            yield from video.moved(given.demux(stream_in), stream_out, shift)


def marks(path: Path) -> list[Mark] | None:
    """The chapter marks of a video; None when it is missing or cannot be read."""
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


def chapter_mark(number: int, mark: Mark) -> dict:
    """A chapter for PyAV, in the milliseconds MP4 chapter tracks count, rounded up: a seek to its start
    shows the chapter's own first frame, never the frame before."""
    return {
        "id": number,
        "start": ceil(mark.start * 1000),
        "end": ceil(mark.end * 1000),
        "time_base": CHAPTER_TIME_BASE,
        "metadata": {"title": mark.title},
    }
