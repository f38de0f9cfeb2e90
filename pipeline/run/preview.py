"""A chapter's preview: one PNG sheet with every beat's still (as a render's), every animation skipped, no video.

The chapter runs in this process dry (`dry_run`: every animation skipped, nothing encoded); its picture is
drawn as each play begins (a settled picture, weighed for the still) and where a beat that played something
ends. The quickest way to check a layout after an edit.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

import i18n
from pipeline import outputs
from pipeline.plan.dependencies import language_of
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text
from pipeline.run import tex_cache
from scenes.chapters.registry import Chapter

FOLDER = "previews"  # inside the quality folder: 480p15/previews/02-ThreeTokenDrag.png
COLUMNS = 4
SCALE = 0.5  # a tile's size against the video's
TITLE_HEIGHT = 26  # pixels of title band above each tile
MARGIN = 8
BACKGROUND = "#202124"
TITLE_COLOR = "#f1f3f4"


def path(output_dir: Path, settings: RenderSettings, chapter: Chapter) -> Path:
    """Where the chapter's preview sheet goes, e.g. media/480p15/previews/02-ThreeTokenDrag.png."""
    return outputs.folder(output_dir, settings) / FOLDER / f"{chapter.slug}.png"


def preview(chapter: Chapter, settings: RenderSettings, output_dir: Path) -> Path:
    """Write the chapter's sheet (renamed into place whole) and return its path."""
    beats = beat_pictures(chapter, settings, output_dir)
    if not beats:
        raise ValueError(f"{chapter.name} plays no animation, so it has no beat to show")
    target = path(output_dir, settings, chapter)
    lang = language_of(chapter, settings.lang)  # beat names as the page shows them
    names = beat_text.names(chapter, [name for name, _ in beats], settings, lang)
    with outputs.staged() as stage:
        sheet([(name, still) for name, (_, still) in zip(names, beats)], lang).save(
            stage(target), format="PNG"
        )
    return target


def beat_pictures(
    chapter: Chapter, settings: RenderSettings, output_dir: Path
) -> list[tuple[str, Image.Image]]:
    """Each beat's name with its still, as a render's (`beats.Stills`), in order (beats without an animation
    left out)."""
    from pipeline.frames import scene_render  # imports manim
    from pipeline.run import dry_run
    from pipeline.run.latex_errors import explained

    def beat_end(scene, name: str, played: bool):
        still = scene.stills.still(dry_run.picture(scene)) if played else None
        scene.stills.begin()
        return (name, Image.fromarray(still)) if played else None

    shared_tex = outputs.tex_cache(output_dir)
    with outputs.work_dir(output_dir, f"preview-{chapter.slug}") as work:
        private_tex = tex_cache.private_copy(shared_tex, work / "Tex")
        scene_render.use_look(settings)
        still = scene_render.manim_config(replace(settings, format="mp4"), work, private_tex)
        with explained(), i18n.active(settings.lang):
            _, pictures = dry_run.run(
                _with_stills(chapter.scene_class()), {**still, "format": "png"}, beat_end
            )
        tex_cache.publish(private_tex, shared_tex)
    return pictures


def _with_stills(scene_class):
    """`scene_class` choosing its beats' stills as a render does: each play of a dry run a settled picture."""
    from pipeline.frames.beats import Stills
    from pipeline.run import dry_run

    class WithStills(scene_class):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.stills = Stills(self, lambda: dry_run.picture(self), lambda: self.renderer.num_plays)

    WithStills.__name__ = scene_class.__name__
    return WithStills


def sheet(beats: list[tuple[str, Image.Image]], lang: str = i18n.SOURCE) -> Image.Image:
    """The pictures in rows of COLUMNS, each scaled by SCALE under its numbered title, in the face of the words on
    screen in `lang` (Pillow's own has no umlauts, no Han)."""
    width, height = beats[0][1].size
    tile_w, tile_h = round(width * SCALE), round(height * SCALE)
    columns = min(COLUMNS, len(beats))
    rows = math.ceil(len(beats) / columns)
    cell_w, cell_h = tile_w + MARGIN, TITLE_HEIGHT + tile_h + MARGIN
    page = Image.new("RGB", (columns * cell_w + MARGIN, rows * cell_h + MARGIN), BACKGROUND)
    draw, font = ImageDraw.Draw(page), ImageFont.truetype(_face_file(lang), size=round(TITLE_HEIGHT * 0.6))
    for index, (name, picture) in enumerate(beats):
        left, top = MARGIN + index % columns * cell_w, MARGIN + index // columns * cell_h
        draw.text(
            (left, top + TITLE_HEIGHT / 2), f"{index + 1}. {name}", fill=TITLE_COLOR, font=font, anchor="lm"
        )
        page.paste(picture.resize((tile_w, tile_h), Image.LANCZOS), (left, top + TITLE_HEIGHT))
    return page


def _face_file(lang: str) -> str:
    """The font file of the words' face in `lang` (`palette.font`), as scripts/setup.sh installs it: Pillow finds
    it by name in the system's font folders."""
    from scenes.kit.palette import CJK

    return "wqy-microhei.ttc" if lang.partition("_")[0] in CJK else "DejaVuSans.ttf"
