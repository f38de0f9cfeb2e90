"""The baseline: plain `manim render` of one chapter, as a user without the pipeline would run it.

manim loads a scene file by its absolute path, so the chapters' relative imports
(`from .chapter import ...`) fail when their files are given to it directly. Each chapter
is therefore rendered from a two-line entry file that subclasses it under its own name;
the scene and everything it draws are the chapter's.
"""

from __future__ import annotations

from pathlib import Path

import av

from pipeline.quality import PRESETS
from scenes.registry import Chapter

from .workspace import python

ENTRY = '''"""Plain manim's entry for {name}: the chapter, subclassed here so manim's file loader finds it."""
from {module} import {name} as Chapter


class {name}(Chapter):
    """The chapter, unchanged."""
'''


def entry_file(folder: Path, chapter: Chapter) -> Path:
    """Write (once) and return the entry file manim is given for `chapter`."""
    path = folder / f"{chapter.module.rpartition('.')[2]}.py"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(ENTRY.format(name=chapter.name, module=chapter.module))
    return path


def command(entry: Path, chapter: Chapter, quality: str, media: Path) -> list[str]:
    """`manim render -q <quality> <entry> <Class>` into the media folder `media`."""
    return [
        python(),
        "-m",
        "manim",
        "render",
        "-q",
        quality,
        str(entry),
        chapter.name,
        "--media_dir",
        str(media),
    ]


def video(media: Path, entry: Path, chapter: Chapter, quality: str) -> Path:
    """The video plain manim wrote for `chapter`."""
    return media / "videos" / entry.stem / PRESETS[quality].folder / f"{chapter.name}.mp4"


def frames(path: Path) -> int:
    """The frame count of a video."""
    with av.open(str(path)) as container:
        return container.streams.video[0].frames
