"""A held frame (a wait) converted for the encoder once, not once per repeat.

manim 0.22's VideoSegmentEncoder.write_frame turns the RGBA pixels into a new frame and
converts it to the encoder's pixel format for each of `repeat` frames; a wait of two
seconds at 60 fps converts the same picture 120 times. Here it is converted once and the
same frame is encoded with each timestamp; the encoded video is the same. The conversion runs in this
thread: swscale's own threads, as manim asks for them, took 1.45 times the CPU at 480p and 1.2 times at
1080p for the same pixels, and no less time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import av
from manim.scene.video_segment_encoder import VideoSegmentEncoder


def write_frame(self: VideoSegmentEncoder, pixels, *, repeat: int = 1) -> None:
    """VideoSegmentEncoder.write_frame, converting `pixels` once however often they are repeated."""
    self._validate_frame(pixels, repeat)
    context = self._stream.codec_context
    time_base = Fraction(self.spec.frame_rate.denominator, self.spec.frame_rate.numerator)
    try:
        frame = av.VideoFrame.from_ndarray(pixels, format="rgba").reformat(
            context.width, context.height, context.format, threads=1
        )
        for _ in range(repeat):
            frame.pts = self._next_pts
            frame.time_base = time_base
            self._next_pts += 1
            for packet in self._stream.encode(frame):
                self._container.mux(packet)
    except BaseException as error:
        raise self._operation_error("encode", error) from error


@contextmanager
def installed() -> Iterator[None]:
    """Inside, this process's manim encodes with `write_frame`."""
    manims = VideoSegmentEncoder.write_frame
    VideoSegmentEncoder.write_frame = write_frame
    try:
        yield
    finally:
        VideoSegmentEncoder.write_frame = manims
