"""Beat stills (issue 29, S13): a beat that ends in a fade-out leaving the title alone takes its still from the
last settled picture before the fade; any other beat keeps its last frame."""

import numpy as np
from manim import UL, Circle, Create, FadeIn, FadeOut, Scene, Square, Text, tempconfig
from PIL import Image

from pipeline.frames.beats import Recorder
from pipeline.frames.scene_render import FrameCounter


class Fading(Scene):
    """Beat 1 shows a disc, then fades it out to the title alone; beat 2 ends on a square, beat 3 on less than
    it showed (a small square left of a large disc and it), not nearly empty."""

    def construct(self):
        self.heading = Text("Title").scale(0.5).to_corner(UL)
        self.add(self.heading)
        self.next_section("disc")
        disc = Circle(radius=1.5, color="#FF0000", fill_opacity=1)
        self.play(FadeIn(disc), run_time=0.2)
        self.wait(0.2)
        self.play(FadeOut(disc), run_time=0.2)
        self.next_section("square")
        self.play(Create(Square(color="#00FF00", fill_opacity=1)), run_time=0.2)
        self.next_section("less")
        large = Circle(radius=2, color="#0000FF", fill_opacity=1)
        self.play(FadeIn(large), run_time=0.2)
        self.play(FadeOut(large), run_time=0.2)


def test_a_beat_faded_to_its_title_keeps_the_picture_before_the_fade(tmp_path):
    still = tmp_path / "beat-{:02d}.png"
    with tempconfig(
        {"media_dir": str(tmp_path), "pixel_width": 160, "pixel_height": 90, "write_to_movie": False}
    ):
        scene = Fading()
        frames = FrameCounter(scene, "Fading", 15, None)
        recorder = Recorder(scene, frames, "Fading", lambda k: still.with_name(still.name.format(k)), False)
        scene.render()
        last = np.asarray(frames.last_frame)[:, :, :3]
    beats = recorder.finish(15)
    assert [b.name for b in beats] == ["disc", "square", "less"]
    pictures = [np.asarray(Image.open(still.with_name(still.name.format(k)))) for k in (1, 2, 3)]
    middle = (45, 80)
    assert tuple(pictures[0][middle]) == (255, 0, 0)  # the disc, not the title alone the beat ended on
    assert tuple(pictures[1][middle]) == (0, 255, 0)  # the square: the last frame
    assert np.array_equal(pictures[2], last)  # the square is left: not nearly empty, the last frame
