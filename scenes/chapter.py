"""The base class of every chapter: theme background, named beats, captions paced for reading."""

from __future__ import annotations

from manim import Scene

from .palette import theme
from .registry import find

READING_RATE = 15  # characters a second a viewer reads comfortably
SHORTEST_CAPTION = 1.5  # seconds


def reading_time(caption: str) -> float:
    """How long `caption` must stay on screen to be read."""
    return max(SHORTEST_CAPTION, len(caption) / READING_RATE)


class ChapterScene(Scene):
    """A chapter of the lecture (its title comes from the registry); beats marked with `beat()`.

    Captions never overlap and each stays up long enough to read: a new one waits (holding
    the picture) until the one before has been shown for its reading time.
    """

    @property
    def title(self) -> str:
        return find(type(self).__name__).title

    def setup(self):
        self.camera.background_color = theme().background

    def beat(self, name: str) -> None:
        """Start a named section: a chapter mark and a stepping point."""
        self.next_section(name)

    def say(self, caption: str, duration: float) -> None:
        """A caption starting now (once the previous one has been read), lasting `duration` seconds."""
        self.wait_for_reader()
        self.add_subcaption(caption, duration=duration)

    def play(self, *animations, subcaption: str | None = None, **kwargs) -> None:
        if subcaption:
            self.wait_for_reader()
        super().play(*animations, subcaption=subcaption, **kwargs)

    def wait_for_reader(self) -> None:
        """Hold the picture until the last caption has been on screen for its reading time."""
        captions = self.renderer.file_writer.subcaptions
        if captions:
            ready = captions[-1].start.total_seconds() + reading_time(captions[-1].content)
            if ready > self.time + 1e-6:
                self.wait(ready - self.time)

    def add_subcaption(self, content: str, duration: float = 1, offset: float = 0) -> None:
        """Add a caption lasting at least its reading time, ending the previous one where it starts."""
        super().add_subcaption(content, max(duration, reading_time(content)), offset)
        captions = self.renderer.file_writer.subcaptions
        if len(captions) > 1 and captions[-2].end > captions[-1].start:
            captions[-2].end = captions[-1].start
