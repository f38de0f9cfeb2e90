"""pipeline.frames.held_frames: a held frame, converted once, encodes to the same video as manim's own write_frame."""

from fractions import Fraction

import av
import numpy as np
from manim._config.video_encoder import VideoEncoderSpec
from manim.scene.video_segment_encoder import VideoSegmentEncoder

from pipeline.frames import held_frames

SPEC = VideoEncoderSpec(
    container_format="mp4",
    codec="libx264",
    pixel_format="yuv420p",
    width=64,
    height=48,
    frame_rate=Fraction(15),
    options=(("crf", "23"), ("threads", "1")),
)


def picture(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (SPEC.height, SPEC.width, 4), dtype=np.uint8)


def decoded(path, write, writes) -> list[np.ndarray]:
    encoder = VideoSegmentEncoder(target=path, spec=SPEC)
    for seed, repeat in writes:
        write(encoder, picture(seed), repeat=repeat)
    encoder.finish()
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


def test_same_frames_as_manims_write_frame(tmp_path):
    manims = VideoSegmentEncoder.write_frame
    assert manims is not held_frames.write_frame  # this test process never installed it
    writes = [(1, 1), (2, 7), (3, 1), (2, 3)]
    ours = decoded(tmp_path / "ours.mp4", held_frames.write_frame, writes)
    theirs = decoded(tmp_path / "manim.mp4", manims, writes)
    assert len(ours) == len(theirs) == sum(repeat for _, repeat in writes)
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs))
