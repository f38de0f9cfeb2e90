"""MP4 handling with PyAV: moving the index to the front, reading the duration."""

from __future__ import annotations

from pathlib import Path

import av


def remux_faststart(source: Path, target: Path) -> None:
    """Copy `source`'s video stream into `target` (an MP4) with the index (moov) before the data.

    manim 0.22 writes the index at the end, so a browser must download the whole
    file before it can start playing; stream copy re-encodes nothing.
    """
    with (
        av.open(str(source)) as given,
        av.open(str(target), "w", format="mp4", options={"movflags": "faststart"}) as out,
    ):
        out.metadata.update(given.metadata)
        stream_in = given.streams.video[0]
        stream_out = out.add_stream_from_template(stream_in)
        for packet in given.demux(stream_in):
            if packet.dts is None:  # demux ends with an empty flushing packet
                continue
            packet.stream = stream_out
            out.mux(packet)


def duration(path: Path) -> float | None:
    """The video's duration in seconds, or None when the file cannot be read."""
    try:
        with av.open(str(path)) as container:
            return container.duration / av.time_base if container.duration is not None else None
    except av.FFmpegError:
        return None
