"""Quality presets, mirroring manim's -q l|m|h|k."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    """A frame size and rate, named by its manim flag."""

    flag: str
    width: int
    height: int
    fps: int

    @property
    def folder(self) -> str:
        """Output folder name, as manim names it, e.g. '480p15'."""
        return f"{self.height}p{self.fps}"


PRESETS: dict[str, Preset] = {
    p.flag: p
    for p in (
        Preset("l", 854, 480, 15),
        Preset("m", 1280, 720, 30),
        Preset("h", 1920, 1080, 60),
        Preset("k", 3840, 2160, 60),
    )
}
