"""What one render is asked for: frame size and rate, format, theme, example, voice, language; and the folder its
files land in."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from i18n import SOURCE as DEFAULT_LANGUAGE
from narration.voices import SILENT
from pipeline.plan.quality import PRESETS
from scenes.kit.palette import Theme, theme_of

DEFAULT_THEME = "dark"  # part of every chapter's rebuild hash; other themes get folders of their own
FORMATS = ("mp4", "webm", "gif", "mov")
TRANSPARENT_FORMATS = frozenset({"mov"})  # rendered with manim's `transparent`: an alpha channel
FOLDER_PATTERN = re.compile(
    r"(\d+x)?\d+p\d+(-[a-z][a-z0-9-]*)?(\.[a-z]{2,3}(_[A-Za-z]+)?)?"
)  # '480p15', '1280x720p24', '480p15-high-contrast', '480p15.de', '480p15-light.zh'
MIN_SIZE, MAX_SIZE = 16, 7680  # pixels, either side
MAX_FPS = 120


@dataclass(frozen=True)
class RenderSettings:
    """Everything about a render that is not the chapter itself."""

    width: int
    height: int
    fps: int
    format: str = "mp4"
    # a built-in theme's name, or a theme file's colours (checked when read): hashed as all its colours, so
    # editing the file re-renders
    theme: str | Theme = DEFAULT_THEME
    example: Path | None = None  # a user's example file replacing the lecture's examples
    voice: str = SILENT  # who speaks the captions (narration.voices); silent videos are paced for reading
    lang: str = DEFAULT_LANGUAGE  # the pages' language (i18n); other languages get folders of their own

    @property
    def transparent(self) -> bool:
        """Whether the video keeps an alpha channel."""
        return self.format in TRANSPARENT_FORMATS

    @property
    def folder(self) -> str:
        """'480p15' when the size and rate are exactly a preset's, else e.g. '1280x720p24'; then '-light' for a
        theme other than the default, '.de' for a language other than English."""
        size_and_rate = (self.width, self.height, self.fps)
        preset = any(size_and_rate == (p.width, p.height, p.fps) for p in PRESETS.values())
        name = f"{self.height}p{self.fps}" if preset else f"{self.width}x{self.height}p{self.fps}"
        name = name if self.theme == DEFAULT_THEME else f"{name}-{theme_of(self.theme).name}"
        return name if self.lang == DEFAULT_LANGUAGE else f"{name}.{self.lang}"


def from_options(
    quality: str,
    resolution: tuple[int, int] | None = None,
    fps: int | None = None,
    video_format: str = "mp4",
    theme: str | Theme = DEFAULT_THEME,
    example: Path | None = None,
    voice: str = SILENT,
    lang: str = DEFAULT_LANGUAGE,
) -> RenderSettings:
    """Settings from a preset flag, with an explicit resolution and frame rate taking precedence."""
    preset = PRESETS[quality]
    width, height = resolution or (preset.width, preset.height)
    theme_of(theme)  # a ValueError unless a built-in theme's name or a Theme
    return RenderSettings(width, height, fps or preset.fps, video_format, theme, example, voice, lang)


def parse_resolution(text: str) -> tuple[int, int]:
    """'1280x720' -> (1280, 720); ValueError unless both are even numbers within the limits (yuv420p needs even)."""
    match = re.fullmatch(r"(\d+)x(\d+)", text.strip().lower())
    if match is None:
        raise ValueError(f"{text!r} is not WIDTHxHEIGHT, e.g. 1280x720")
    width, height = int(match[1]), int(match[2])
    if not all(MIN_SIZE <= n <= MAX_SIZE and n % 2 == 0 for n in (width, height)):
        raise ValueError(f"{text!r}: width and height must be even numbers from {MIN_SIZE} to {MAX_SIZE}")
    return width, height
