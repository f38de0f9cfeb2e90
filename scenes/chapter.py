"""The base class of every chapter: theme background, named beats, captions."""
from __future__ import annotations

from manim import Scene

from .palette import theme
from .registry import find


class ChapterScene(Scene):
    """A chapter of the lecture (its title comes from the registry); beats marked with `beat()`."""

    @property
    def title(self) -> str:
        return find(type(self).__name__).title

    def setup(self):
        self.camera.background_color = theme().background

    def beat(self, name: str) -> None:
        """Start a named section: a chapter mark and a stepping point."""
        self.next_section(name)

    def say(self, caption: str, duration: float) -> None:
        """A caption starting now, lasting `duration` seconds."""
        self.add_subcaption(caption, duration=duration)
