"""Test-only chapters: the render pipeline is tested on these, not on the lecture's real chapters."""
from manim import RIGHT, Create, Scene, Square

from scenes.registry import Chapter

FAIL = False  # set by a test to make Flaky raise part-way through its render

SECONDS = 1.0  # Tiny's length: 0.4 + 0.4 + 0.2 s, i.e. 6 + 6 + 3 frames at 15 fps


class Tiny(Scene):
    """Two animations with subcaptions, in two sections, then a short wait."""

    def construct(self):
        square = Square(color="#58C4DD", fill_opacity=0.5)
        self.next_section("appear")
        self.play(Create(square), run_time=0.4, subcaption="a square appears")
        self.next_section("move")
        self.play(square.animate.shift(RIGHT), run_time=0.4, subcaption="it moves right")
        self.wait(0.2)


class Flaky(Scene):
    """Plays one animation, then raises when FAIL is set."""

    def construct(self):
        self.play(Create(Square()), run_time=0.4)
        if FAIL:
            raise RuntimeError("failed on purpose\nsecond line of the message")
        self.wait(0.2)


class Coda(Tiny):
    """A chapter after the flaky one, to show rendering goes on."""


CHAPTERS = (
    Chapter(1, "Tiny", "A tiny scene", __name__),
    Chapter(2, "Flaky", "A chapter that can fail", __name__),
    Chapter(3, "Coda", "After the failure", __name__),
)
