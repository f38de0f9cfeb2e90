"""Sharing manim's LaTeX cache between worker processes without races.

manim 0.22 (utils/tex_file_writing.py) writes `<hash>.tex`, runs latex and dvisvgm
beside it, trusts any `<hash>.svg` that exists (even one still being written), and
after each compilation deletes every file in the folder that is not .svg or .tex:
another process's .dvi or .log included. So no two renders may share the folder
manim writes to. Each render gets a private folder seeded from the shared cache
(hard links, or copies), and its new SVGs are published back with a rename, so the
shared cache only ever holds whole files.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pipeline import outputs


def private_copy(shared: Path, private: Path) -> Path:
    """Create `private` holding every SVG of `shared`; return it."""
    private.mkdir(parents=True, exist_ok=True)
    for svg in shared.glob("*.svg") if shared.is_dir() else ():
        _link_or_copy(svg, private / svg.name)
    return private


def publish(private: Path, shared: Path) -> list[Path]:
    """Add the SVGs compiled in `private` to `shared`, each whole or not at all; return the new ones."""
    shared.mkdir(parents=True, exist_ok=True)
    added = [svg for svg in private.glob("*.svg") if not (shared / svg.name).exists()]
    for svg in added:
        temporary = outputs.temporary_name(shared / svg.name)
        _link_or_copy(svg, temporary)
        os.replace(temporary, shared / svg.name)  # two workers adding the same SVG both succeed
    return [shared / svg.name for svg in added]


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # a file system without hard links
        shutil.copyfile(source, target)
