"""A chapter's formulas typeset in one LaTeX run before its render, the first time it is rendered.

A render typesets each formula alone as it meets it (`typeset.recording`: ~0.2 s of CPU each, against ~0.015 s
in a batch), and a chapter rendered for the first time with its example and language meets dozens. There, a dry
pass of the chapter (`dry_run.typeset_ahead`: every animation skipped, no frame drawn; a few seconds) first finds
them and typesets them in one batch. Each render lists the SVGs it drew its formulas from beside the LaTeX cache
(`outputs.formula_lists`); a chapter whose list is there and whole starts at once (an edit's new formulas are
typeset alone). The frames are the same either way: a batch writes LaTeX's own SVGs. A plain manim scene (not a
lecture chapter: `ChapterScene`) is rendered as manim renders it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pipeline import outputs
from pipeline.run.jobs import Job


def listing(job: Job) -> Path:
    """Where the SVGs `job`'s chapter drew its formulas from are listed (beside the LaTeX cache): one list per
    example and language (what its formulas are made of)."""
    example = job.settings.example
    made_of = f"{job.settings.lang}\n{Path(example).read_text(encoding='utf-8') if example else ''}"
    key = hashlib.sha256(made_of.encode()).hexdigest()[:16]
    return outputs.formula_lists(job.output_dir) / f"{job.chapter.slug}-{key}.txt"


def needed(scene_class, listed: Path, tex_dir: Path) -> bool:
    """Whether a render of `scene_class` should typeset ahead: a lecture chapter with no list of its formulas'
    SVGs in `listed`, or one naming an SVG that `tex_dir` lacks."""
    from scenes.kit.chapter import ChapterScene

    if not issubclass(scene_class, ChapterScene):
        return False
    return not listed.is_file() or not all((tex_dir / name).is_file() for name in listed.read_text().split())


@contextmanager
def drawn_from() -> Iterator[set[str]]:
    """Within: the names of the SVGs every formula typeset is drawn from, gathered in the set yielded."""
    from manim.mobject.text import tex_mobject

    names: set[str] = set()
    inner = tex_mobject.tex_to_svg_file

    def gathered(*args, **kwargs):
        svg = inner(*args, **kwargs)
        names.add(Path(svg).name)
        return svg

    tex_mobject.tex_to_svg_file = gathered
    try:
        yield names
    finally:
        tex_mobject.tex_to_svg_file = inner


def keep(listed: Path, names: set[str]) -> None:
    """Write the list `listed` of SVG `names`, whole (temporary name, rename)."""
    with outputs.staged() as stage:
        stage(listed).write_text("".join(f"{name}\n" for name in sorted(names)), encoding="utf-8")
