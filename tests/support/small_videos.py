"""Small videos made as a render writes them (H.264 and AAC in MP4, a caption track), for tests of what is done
with videos after a render: joins, WebMs, track languages."""

from datetime import timedelta
from fractions import Fraction

import av
import numpy as np
import srt

from narration.speech import RATE
from pipeline.frames import video

FPS = 15
CUES = [srt.Subtitle(1, timedelta(0), timedelta(milliseconds=400), "a caption")]


def mp4(path, frames: int, shade: int, language: str = "en"):
    """A 160x96 H.264 MP4 at FPS of `frames` frames, each a bar moving on grey `shade`, with a tone as AAC and a
    caption, both in `language`."""
    with av.open(str(path), "w", format="mp4") as out:
        stream = out.add_stream("libx264", rate=FPS)
        stream.width, stream.height, stream.pix_fmt = 160, 96, "yuv420p"
        for k in range(frames):
            image = np.full((96, 160, 3), shade, dtype=np.uint8)
            image[30:60, 10 * k : 10 * k + 20] = 250
            frame = av.VideoFrame.from_ndarray(image, format="rgb24")
            frame.pts, frame.time_base = k, Fraction(1, FPS)
            out.mux(stream.encode(frame))
        out.mux(stream.encode())
    sound = path.with_suffix(".m4a")
    tone = 0.3 * np.sin(np.arange(frames * RATE // FPS) * 2 * np.pi * 440 / RATE)
    video.write_audio(sound, tone, RATE, "mp4")
    video.add_tracks(path, "mp4", sound=sound, cues=CUES, language=language)
    sound.unlink()
    return path
