"""Where a chapter draws: every drawn mobject's box at the end of every beat, as fractions of the frame.

`beat_ends(scene_class, media_dir)` runs a chapter with its animations skipped (a few seconds) and
records, at the end of every play, from boxes alone, what strays outside the safe area or into the caption
band (`strays`: things come and go inside a beat), and at the end of each beat and of the chapter, what the
camera draws: one `Drawn` per text (Text, MathTex, numbers: the union of its glyphs) and one per other
mobject with visible points (plots, bars, arrows, axes, panels). Boxes go through the camera's frame (its
width, height and centre), so they are where the pixels are. A text also records its role (set by the builders of
`scenes.kit.components`), its cap height: the height of a capital (Text) or a digit (formulas and
numbers) as drawn, from its current font size, as a fraction of the frame's height; and the lowest
contrast of its glyphs as the viewer sees them (`tests.support.contrast.inks`), those drawn in full and
those dimmed apart. Layout checks (`outside_safe_area`, `in_caption_band`, `overlaps`, `too_small`,
`mixed_sizes`, `off_grid`, `low_contrast`) are plain functions of these records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from manim import (
    DecimalNumber,
    ManimColor,
    MathTex,
    Mobject,
    PMobject,
    SingleStringMathTex,
    Text,
    VMobject,
    Wait,
)
from manim.mobject.types.image_mobject import AbstractImageMobject

from pipeline.frames.scene_render import use_look
from pipeline.plan.settings import from_options
from pipeline.run import dry_run, typeset
from scenes.kit.palette import FRAME_HEIGHT, MIN_PX, TEX_DIGIT, TEXT_CAP
from scenes.kit.stage import STAGE
from tests.support.contrast import DIMMED, FULL, HIDDEN, READ, Ink, inks

TEXTS = (Text, MathTex, SingleStringMathTex, DecimalNumber)
DRAWABLE = (VMobject, PMobject, AbstractImageMobject)  # what the cairo camera paints
OVERLAP = 0.004  # texts may touch by this much of the frame's width and height (about 4 px at 1080p)
FRAME_WIDTH = FRAME_HEIGHT * 16 / 9  # scene units the camera shows left to right
GRID = 0.5 + STAGE.body_left / FRAME_WIDTH  # the body grid's x as a fraction of the frame's width
GRID_SLACK = 4 / 1920  # glyphs' side bearings: a line within 4 px at 1080p of the grid is on it


@dataclass(frozen=True)
class Drawn:
    """One drawn thing and its bounding box in frame fractions (0 is the left or bottom edge, 1 the other)."""

    kind: str  # "text" or the mobject's class name
    label: str  # the text itself, or the class name
    left: float
    right: float
    bottom: float
    top: float
    role: str | None = None  # a text's role from scenes.kit.components (title, body, label, number, small)
    cap: float = 0.0  # a text's cap height as a fraction of the frame's height
    read: float = np.inf  # the lowest WCAG contrast of a text's glyphs drawn in full
    dimmed: float = np.inf  # ... of its glyphs dimmed (lower opacity, a veil over them), not hidden

    def __str__(self) -> str:
        box = f"x {self.left:.3f}..{self.right:.3f}, y {self.bottom:.3f}..{self.top:.3f}"
        return f"{self.kind} {self.label[:40]!r} at {box}"

    def px(self, frame_pixels: int) -> float:
        """The cap height in pixels, in a frame `frame_pixels` high."""
        return self.cap * frame_pixels


@dataclass(frozen=True)
class BeatEnd:
    """What is drawn when beat `beat` ends (the last one ends with the chapter)."""

    beat: str
    drawn: tuple[Drawn, ...]
    relations: tuple = ()  # the equations drawn (scenes.kit.arithmetic.Relation), from formulas and totals
    captions: tuple[str, ...] = ()  # every caption cue so far
    # what was outside the safe area or in the caption band as any play of the beat ended (`strays`)
    strays: tuple[str, ...] = ()


def visible(mobject: Mobject) -> bool:
    """Whether `mobject` paints anything: points, and some fill or stroke that is not transparent."""
    if not len(mobject.points) or not isinstance(mobject, DRAWABLE):
        return False  # a plain Mobject (a ValueTracker) has points the camera never draws
    if not isinstance(mobject, VMobject):
        return True
    stroked = mobject.get_stroke_width() > 0 and np.max(mobject.get_stroke_opacities()) > 0
    return stroked or np.max(mobject.get_fill_opacities()) > 0


def label_of(mobject: Mobject) -> str:
    """A text's string: what Text or MathTex was given, or a number as printed."""
    if isinstance(mobject, DecimalNumber):
        return mobject._get_num_string(mobject.get_value())  # as its digits are drawn (never '-0.000')
    return str(getattr(mobject, "original_text", None) or getattr(mobject, "tex_string", None))


def drawn(scene) -> tuple[Drawn, ...]:
    """Everything `scene`'s camera draws now, texts as wholes."""
    camera = scene.camera
    owner = owners(scene)
    leaves = [leaf for leaf in camera.get_mobjects_to_display(scene.mobjects) if visible(leaf)]
    seen = inks(leaves, set(owner), ManimColor.parse(camera.background_color).to_rgb())
    return tuple(
        record(
            camera, whole, np.vstack([p.points for p in parts]), [seen[id(p)] for p in parts if id(p) in seen]
        )
        for whole, parts in wholes(leaves, owner)
    )


def owners(scene) -> dict[int, Mobject]:
    """Each text's glyphs (by id) to the outermost text they belong to."""
    owner: dict[int, Mobject] = {}
    for top in scene.mobjects:
        for member in top.get_family():
            if is_text(member):
                for part in member.get_family():
                    owner.setdefault(id(part), member)
    return owner


def wholes(leaves: list[Mobject], owner: dict[int, Mobject]) -> list[tuple[Mobject, list[Mobject]]]:
    """`leaves` gathered into wholes: a text's glyphs into the text, any other leaf on its own."""
    groups: dict[int, tuple[Mobject, list[Mobject]]] = {}
    for leaf in leaves:
        whole = owner.get(id(leaf), leaf)
        groups.setdefault(id(whole), (whole, []))[1].append(leaf)
    return list(groups.values())


def strays(scene) -> tuple[Drawn, ...]:
    """What is drawn now outside the safe area or in the caption band, from boxes alone (no contrast: cheap
    enough to ask after every play). All points are tested at once, as `record` maps them; only the few
    leaves that stray are tested for `visible` and gathered into wholes."""
    camera = scene.camera
    leaves = [leaf for leaf in camera.get_mobjects_to_display(scene.mobjects) if len(leaf.points)]
    if not leaves:
        return ()
    points = np.vstack([leaf.points for leaf in leaves])[:, :2]
    where = (points - camera.frame_center[:2]) / [camera.frame_width, camera.frame_height] + 0.5
    edge = (1 - STAGE.safe) / 2
    stray = ((where < [edge, STAGE.band]) | (where > 1 - edge)).any(axis=1)
    if not stray.any():
        return ()
    which = np.repeat(np.arange(len(leaves)), [len(leaf.points) for leaf in leaves])[stray]
    out = [leaves[i] for i in np.unique(which) if visible(leaves[i])]
    found = (
        record(camera, whole, np.vstack([p.points for p in parts]))
        for whole, parts in wholes(out, owners(scene))
    )
    return tuple(d for d in found if outside_safe_area(d) or in_caption_band(d))


def relations(scene) -> tuple:
    """The equations of every formula or number that is drawn now (their `relations`, see scenes.kit.arithmetic)."""
    shown = {id(leaf) for leaf in scene.camera.get_mobjects_to_display(scene.mobjects) if visible(leaf)}
    found = []
    for top in scene.mobjects:
        for member in top.get_family():
            if getattr(member, "relations", ()) and any(id(part) in shown for part in member.get_family()):
                found += member.relations
    return tuple(dict.fromkeys(found))


def record(camera, whole: Mobject, points: np.ndarray, glyphs: Sequence[Ink] = ()) -> Drawn:
    """`whole`'s box from its drawn `points`, mapped to frame fractions as the camera maps them to pixels; a
    text's lowest contrasts from its `glyphs` as seen."""
    low = (points.min(axis=0)[:2] - camera.frame_center[:2]) / [camera.frame_width, camera.frame_height] + 0.5
    high = (points.max(axis=0)[:2] - camera.frame_center[:2]) / [
        camera.frame_width,
        camera.frame_height,
    ] + 0.5
    if not is_text(whole):
        kind = type(whole).__name__
        return Drawn(kind, kind, low[0], high[0], low[1], high[1])
    cap = font_size(whole) * (TEXT_CAP if isinstance(whole, Text) else TEX_DIGIT) / camera.frame_height
    read = min((g.contrast for g in glyphs if g.shown >= FULL), default=np.inf)
    dimmed = min((g.contrast for g in glyphs if HIDDEN <= g.shown < FULL), default=np.inf)
    box = (low[0], high[0], low[1], high[1])
    return Drawn("text", label_of(whole), *box, getattr(whole, "role", None), cap, read, dimmed)


def is_text(mobject: Mobject) -> bool:
    """A text, or a number set from texts that prints as one formula (its `tex_string`: WhereItBreaks'
    'm × 10^e' of live digits), read as one whole."""
    if isinstance(mobject, TEXTS):
        return True
    parts = mobject.submobjects
    return (
        isinstance(getattr(mobject, "tex_string", None), str)
        and bool(parts)
        and all(isinstance(p, TEXTS) for p in parts)
    )


def font_size(text: Mobject) -> float:
    """The font size `text` is drawn at now, scaling and rotation included (manim's, from its height when
    built, which a text turned on its side would overstate); a text set from texts, its first part's."""
    if not isinstance(text, TEXTS):
        return font_size(text[0])
    size = text.font_size if getattr(text, "initial_height", 0) else text.height / TEX_DIGIT
    return size * upright(text)


def upright(text: Mobject) -> float:
    """For a Text turned on its side (as axis captions are: its glyphs, two or more, run further up than across,
    and it is taller than wide), its width over its height, which undoes the turn in manim's font size; 1 for any
    other text. Two Chinese glyphs turned are only twice as tall as wide, as a short Latin word may be."""
    if not isinstance(text, Text) or text.height <= text.width:
        return 1.0
    centres = np.array([glyph.get_center() for glyph in text.family_members_with_points()])
    if len(centres) < 2 or np.ptp(centres[:, 1]) <= np.ptp(centres[:, 0]):
        return 1.0
    return text.width / text.height


def beat_ends(scene_class, media_dir: Path) -> list[BeatEnd]:
    """Run `scene_class` dry (`pipeline.run.dry_run`), writing into `media_dir`; what is drawn at the end of
    each of its beats, and what strayed (`strays`) at the end of any of its plays. Formulas come from manim's
    `tex_dir` (in the tests, the session's: tests/conftest.py)."""
    settings = {"pixel_width": 256, "pixel_height": 144, "media_dir": str(media_dir)}

    class Probed(scene_class):
        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            if all(isinstance(a, Wait) for a in animations) or typeset.looking_ahead():
                return  # a wait moves only what an updater moves, which the next play's end sees; a look-ahead
                # is run again
            said = (f"play {self.renderer.num_plays}: {thing}" for thing in strays(self))
            vars(self).setdefault("strayed", {}).update(dict.fromkeys(said))  # since the last beat ended

    def ended(scene, name, _) -> BeatEnd:
        found = tuple(vars(scene).pop("strayed", {}))
        return BeatEnd(name, drawn(scene), relations(scene), captions(scene), found)

    Probed.__name__ = scene_class.__name__
    _, ends = dry_run.run(Probed, settings, ended)
    return ends


def captions(scene) -> tuple[str, ...]:
    """The caption cues the scene has shown so far."""
    return tuple(cue.content for cue in scene.renderer.file_writer.subcaptions)


def outside_safe_area(thing: Drawn) -> bool:
    """Whether `thing` reaches outside the title-safe area (the central STAGE.safe of width and height)."""
    edge = (1 - STAGE.safe) / 2
    return min(thing.left, thing.bottom) < edge - 1e-9 or max(thing.right, thing.top) > 1 - edge + 1e-9


def in_caption_band(thing: Drawn) -> bool:
    """Whether `thing` enters the caption band (the lowest STAGE.band of the frame)."""
    return thing.bottom < STAGE.band - 1e-9


def overlaps(drawn: tuple[Drawn, ...]) -> list[tuple[Drawn, Drawn]]:
    """Pairs of texts whose boxes intersect by more than OVERLAP in both directions."""
    texts = [d for d in drawn if d.kind == "text"]
    return [
        (a, b)
        for i, a in enumerate(texts)
        for b in texts[i + 1 :]
        if min(a.right, b.right) - max(a.left, b.left) > OVERLAP
        and min(a.top, b.top) - max(a.bottom, b.bottom) > OVERLAP
    ]


def off_grid(drawn: tuple[Drawn, ...]) -> list[Drawn]:
    """Lines (texts of more than one word, formulas with spaces) that start on the left of the stage, less
    than STAGE.grid_reach right of the body grid, but not on it (`STAGE.body_left`, scenes.kit.stage). Single words and
    numbers are a diagram's labels, free to sit where the diagram puts them."""
    reach = GRID + STAGE.grid_reach / FRAME_WIDTH
    return [
        d
        for d in drawn
        if d.kind == "text" and " " in d.label.strip() and d.left < reach and abs(d.left - GRID) > GRID_SLACK
    ]


def too_small(thing: Drawn) -> bool:
    """Whether a text's cap height is below MIN_PX at 1080p (the same as 12.4 px at 480p)."""
    return thing.kind == "text" and thing.px(1080) < MIN_PX - 0.5


def low_contrast(thing: Drawn) -> str | None:
    """Why a text is hard to read, if it is: glyphs drawn in full below READ (4.5:1), or dimmed ones below
    DIMMED (3:1), against what is drawn round them."""
    if thing.read < READ:
        return f"read at {thing.read:.2f}:1, under {READ}:1"
    if thing.dimmed < DIMMED:
        return f"dimmed to {thing.dimmed:.2f}:1, under {DIMMED}:1"
    return None


def mixed_sizes(drawn: tuple[Drawn, ...]) -> dict[str, list[float]]:
    """Roles drawn at sizes more than a pixel apart: each one's cap heights in px at 1080p."""
    sizes: dict[str, set[float]] = {}
    for d in drawn:
        if d.kind == "text" and d.role:
            sizes.setdefault(d.role, set()).add(float(round(d.px(1080), 1)))
    return {role: sorted(found) for role, found in sizes.items() if max(found) - min(found) > 1}


ROOT = Path(__file__).resolve().parents[2]
MEDIA = ROOT / "build" / "layout-media"  # what a probe writes besides formulas and texts (images)
_ENDS: dict[tuple, list[BeatEnd]] = {}


def chapter_ends(chapter, settings) -> list[BeatEnd]:
    """`beat_ends` of a registry chapter in the theme and example of `settings` (a RenderSettings), run once
    per test session and shared by the test files that check the same chapters.
    """
    key = (chapter.name, settings.theme, str(settings.example))
    if key not in _ENDS:
        MEDIA.mkdir(parents=True, exist_ok=True)
        use_look(settings)
        try:
            _ENDS[key] = beat_ends(chapter.scene_class(), MEDIA)
        finally:
            use_look(from_options("l"))  # the lecture's own theme and example, as the other tests expect
    return _ENDS[key]
