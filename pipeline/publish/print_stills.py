"""Print stills (`render.py handout`): the handout's pictures in the print theme, each beat's still drawn by a dry
run of its chapter (as `preview` draws them: no video, about a quarter of rendering it), instead of rendering the
whole lecture a second time in that theme.

They go into the render's folder, print/<chapter>.beat-NN.png, with print/<chapter>.json naming what they were
drawn from: the chapter's inputs in the print theme and its beats. The handout prints them while both still hold
and no render in the print theme is up to date (`documents`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from pipeline import outputs
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry
from pipeline.plan.settings import RenderSettings
from scenes.chapters.registry import Chapter

FOLDER = "print"


def stills(folder: Path, chapter: Chapter, entry: Entry) -> list[Path]:
    """The chapter's print stills in the render's `folder`, one per beat of its MP4 `entry`, in order."""
    return [folder / FOLDER / f"{chapter.slug}.beat-{k:02d}.png" for k in range(1, len(entry.beats) + 1)]


def current(folder: Path, chapter: Chapter, printed: RenderSettings, entry: Entry) -> bool:
    """Whether the chapter's print stills in `folder` were drawn at `printed` from what it is now, beat for beat."""
    record = folder / FOLDER / f"{chapter.slug}.json"
    if not record.is_file() or not all(path.is_file() for path in stills(folder, chapter, entry)):
        return False
    return json.loads(record.read_text(encoding="utf-8")) == drawn_from(chapter, printed, entry)


def update(
    output_dir: Path, chapters, settings: RenderSettings, printed: RenderSettings, entries
) -> list[str]:
    """Draw the print stills (at `printed`: the settings in the print theme) of each chapter rendered at `settings`
    (its MP4 entry in `entries`) whose stills are missing or out of date; return the lines to print."""
    folder, lines = outputs.folder(output_dir, settings), []
    for chapter, entry in zip(chapters, entries):
        if current(folder, chapter, printed, entry):
            continue
        from pipeline.run import preview  # imports manim only when stills are drawn

        pictures = preview.beat_pictures(chapter, replace(printed, format="mp4"), output_dir)
        # by count: a dry run calls an untitled first beat "start", a render by the chapter's title
        if len(pictures) != len(entry.beats):
            lines.append(
                f"note: {chapter.name}: its beats differ in the {printed.theme} theme; printed as rendered"
            )
            continue
        record = folder / FOLDER / f"{chapter.slug}.json"
        with outputs.staged() as stage:
            for path, (_, picture) in zip(stills(folder, chapter, entry), pictures):
                picture.save(stage(path), format="PNG")
            stage(record).write_text(json.dumps(drawn_from(chapter, printed, entry)), encoding="utf-8")
        lines.append(f"drew {len(pictures)} print stills of {chapter.slug} in the {printed.theme} theme")
    return lines


def drawn_from(chapter: Chapter, printed: RenderSettings, entry: Entry) -> dict:
    """What a chapter's print stills are drawn from, as print/<chapter>.json records it."""
    inputs = Scanner().inputs(chapter, replace(printed, format="mp4"))
    return {"inputs": digest(inputs), "beats": [[beat.name, beat.frames] for beat in entry.beats]}
