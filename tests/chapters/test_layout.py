"""Caption-safe frames: at the end of every play of every chapter, in both themes and with a custom example,
everything drawn lies inside the title-safe area and above the caption band (no video rendered); at the end
of every beat, every
text reads against what is drawn round it (WCAG contrast: 4.5:1 in full, 3:1 dimmed); the lines on the
left of the stage start on one body grid; the one-query strip's scripts are 20 px or more at 1080p, and a
text's lines keep the kit's leading."""

from pathlib import Path

import numpy as np
import pytest
from manim import DOWN, LEFT, RIGHT, UP, Cutout, FadeIn, FadeOut, Rectangle, tempconfig

from narration.spoken import spoken
from pipeline.frames.copies import quick_deepcopy
from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS
from scenes.kit.bars import WeightBars
from scenes.kit.chapter import ChapterScene
from scenes.kit.components import chapter_title, math, panel, text
from scenes.kit.grids import veil
from scenes.kit.palette import SIZES, TEXT_CAP, theme
from scenes.kit.stage import STAGE
from tests.kit.test_small_type import READ_PX, script_px, scripts_of
from tests.support.contrast import channels, ratio
from tests.support.layout import (
    GRID,
    GRID_SLACK,
    beat_ends,
    chapter_ends,
    in_caption_band,
    low_contrast,
    mixed_sizes,
    off_grid,
    outside_safe_area,
    overlaps,
    record,
    too_small,
)
from tests.support.snapshot import built

ROOT = Path(__file__).resolve().parents[2]
MIN_CUE_WORDS = 3  # about a second of speech
# the chapters that show the one-query strip (scenes.kit.formula_slot) under their title
STRIP_CHAPTERS = ("ThreeTokenDrag", "ScoreEveryWord", "BlendByWeight", "Refocus", "ShrinkScores", "WordOrder")
STRIP_CHAPTERS += ("TrainedHead",)
# A theme changes colours only, so the light theme is checked with the custom example: both themes, both examples.
LOOKS = {
    "dark-default": from_options("l"),
    "light-cat-and-dog": from_options("l", theme="light", example=ROOT / "examples" / "cat-and-dog.toml"),
}


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
@pytest.mark.parametrize("look", LOOKS)
def test_every_play_keeps_clear_of_the_edges_and_the_caption_band(look, chapter):
    ends = chapter_ends(chapter, LOOKS[look])
    assert len(ends) >= 3 and all(end.drawn for end in ends)
    wrong = [
        f"{end.beat}: {thing} is {'outside the safe area' if outside_safe_area(thing) else 'in the caption band'}"
        for end in ends
        for thing in end.drawn
        if outside_safe_area(thing) or in_caption_band(thing)
    ]
    wrong += [f"{end.beat}, {stray}" for end in ends for stray in end.strays]  # inside a beat
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_every_cue_stays_up_long_enough_to_be_read(chapter):
    """Narrated, a cue lasts as long as its speech: one of two words ('Gain 2:', WhereItBreaks, review round 7)
    flashed by in half a second."""
    said = chapter_ends(chapter, LOOKS["dark-default"])[-1].captions
    short = [cue for cue in said if len(spoken(cue).split()) < MIN_CUE_WORDS]
    assert said and not short, short


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_captions_write_symbols_as_read_not_as_typed(chapter):
    """'kᵢ', 'the query matrix', never 'k_i' or 'W_Q' (review 7: raw underscores in three chapters' captions)."""
    said = chapter_ends(chapter, LOOKS["dark-default"])[-1].captions
    assert [cue for cue in said if "_" in cue] == []


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
@pytest.mark.parametrize("look", LOOKS)
def test_every_text_reads_against_what_is_drawn_round_it(look, chapter):
    wrong = [
        f"{end.beat}: {thing} is {why}"
        for end in chapter_ends(chapter, LOOKS[look])
        for thing in end.drawn
        if (why := low_contrast(thing))
    ]
    assert not wrong, "\n".join(wrong)


class Misplaced(ChapterScene):
    """A chapter's title, text on manim's top and bottom edges, text on the stage's bottom edge, and text
    passing through the caption band inside the beat."""

    title = "Misplaced"

    def construct(self):
        self.beat("only")
        self.add(chapter_title("A title", "its subtitle"))
        self.add(text("on the top edge").to_edge(UP, buff=0), text("near the bottom").to_edge(DOWN, buff=0.1))
        self.add(text("on the stage").move_to([0, STAGE.bottom, 0], aligned_edge=DOWN))
        passing = text("passing by").move_to([3, STAGE.bottom, 0])  # half in the band, gone by the beat's end
        self.play(FadeIn(passing))
        self.play(FadeOut(passing))


def test_the_probe_finds_what_leaves_the_safe_area_or_enters_the_band(tmp_path):
    (end,) = beat_ends(Misplaced, tmp_path)
    assert end.beat == "only"
    flagged = {thing.label: (outside_safe_area(thing), in_caption_band(thing)) for thing in end.drawn}
    assert flagged == {
        "A title": (False, False),
        "its subtitle": (False, False),
        "on the top edge": (True, False),
        "near the bottom": (False, True),
        "on the stage": (False, False),
    }
    assert [stray.split(" at ")[0] for stray in end.strays] == [
        "play 1: text 'on the top edge'",
        "play 1: text 'near the bottom'",
        "play 1: text 'passing by'",
        "play 2: text 'on the top edge'",
        "play 2: text 'near the bottom'",
    ]


class Dimmed(ChapterScene):
    """Text in full, faded, under a veil (one added after it, one before it but raised above it), in a veil's
    window and beside it, on a panel, and faded out."""

    title = "Dimmed"

    def construct(self):
        self.beat("only")
        veiled, windowed, beside = text("veiled"), text("windowed"), text("beside").move_to([-3, -1, 0])
        self.add(text("full").move_to([-3, 2, 0]), text("faded").set_opacity(0.3).move_to([0, 2, 0]))
        self.add(veiled.move_to([3, 2, 0]), veil(veiled, opacity=0.65), windowed.move_to([0, -1, 0]), beside)
        sheet = Rectangle(width=8, height=1).move_to([-1, -1, 0])
        window = Rectangle(width=windowed.width + 0.2, height=1.2).move_to(windowed)
        self.add(Cutout(sheet, window, stroke_width=0, fill_color=theme().background, fill_opacity=0.65))
        self.add(panel(2, 1).move_to([3, -1, 0]), text("on a panel").move_to([3, -1, 0]))
        self.add(text("gone").set_opacity(0.02).move_to([0, 0.5, 0]))
        raised = text("raised").move_to([3, 0.5, 0])
        self.add(veil(raised, opacity=0.65).set_z_index(1), raised)


def test_the_probe_sees_each_text_through_what_is_drawn_over_and_under_it(tmp_path):
    (end,) = beat_ends(Dimmed, tmp_path)
    look = theme()  # the one the scene was drawn in
    text_, background, card = (np.array(channels(c)) for c in (look.text, look.background, look.panel))
    full, on_panel = ratio(text_, background), ratio(text_, card)
    faded, veiled = (ratio(a * text_ + (1 - a) * background, background) for a in (0.3, 0.35))
    expected = {  # (in full, dimmed)
        "full": (full, np.inf),
        "faded": (np.inf, faded),
        "veiled": (np.inf, veiled),
        "windowed": (full, np.inf),
        "beside": (np.inf, veiled),
        "on a panel": (on_panel, np.inf),
        "gone": (np.inf, np.inf),
        "raised": (np.inf, veiled),
    }
    texts = [d for d in end.drawn if d.kind == "text"]
    assert {d.label: d.read for d in texts} == pytest.approx({k: v[0] for k, v in expected.items()})
    assert {d.label: d.dimmed for d in texts} == pytest.approx({k: v[1] for k, v in expected.items()})
    flagged = [d.label for d in end.drawn if low_contrast(d)]
    assert flagged == ["faded", "veiled", "beside", "raised"] and full > 16 and faded < 2.5 and veiled < 3


def test_the_stage_spans_the_safe_area_above_the_band(tmp_path):
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        scene = ChapterScene()
    scene.setup()
    stage = (
        text("stage").stretch_to_fit_height(STAGE.top - STAGE.bottom).set_y((STAGE.top + STAGE.bottom) / 2)
    )
    box = record(scene.camera, stage, stage.get_all_points())
    assert (round(box.bottom, 9), round(box.top, 9)) == (0.15, 0.95)
    assert box.left > 0.05 and box.right < 0.95


class Crowded(ChapterScene):
    """Two texts drawn over each other, two side by side, a label shrunk too small, a number at two sizes."""

    title = "Crowded"

    def construct(self):
        self.beat("only")
        left = text("left").move_to([0, 2, 0])
        self.add(
            text("over", role="label").move_to([-3, 2, 0]), text("this", role="label").move_to([-2.9, 2, 0])
        )
        self.add(left, text("right").next_to(left, RIGHT, buff=0))
        self.add(text("tiny", role="label").scale(0.5).move_to([3, 0, 0]))
        self.add(math("1.5").move_to([-3, -1, 0]), math("2", size=60).move_to([0, -1, 0]))


def test_the_probe_finds_overlaps_small_text_and_one_role_at_two_sizes(tmp_path):
    (end,) = beat_ends(Crowded, tmp_path)
    assert [(a.label, b.label) for a, b in overlaps(end.drawn)] == [("over", "this")]
    assert [d.label for d in end.drawn if too_small(d)] == ["tiny"]
    sizes = mixed_sizes(end.drawn)
    assert set(sizes) == {"label", "number"}
    assert sizes["number"][0] == pytest.approx(SIZES["number"], abs=0.5)
    labels = {d.label: d for d in end.drawn}
    assert labels["over"].role == "label" and labels["left"].role == "body"
    assert labels["left"].px(1080) == pytest.approx(SIZES["body"], abs=0.5)
    assert labels["left"].px(480) == pytest.approx(SIZES["body"] * 480 / 1080, abs=0.3)


def test_the_probes_quick_copy_copies_as_deepcopy_does():
    bars = WeightBars(["a", "b"], [0.25, 0.75])
    ours, real = quick_deepcopy(bars, {}), bars.copy()
    assert [m.points.tolist() for m in ours.get_family()] == [m.points.tolist() for m in real.get_family()]
    assert ours.bars is ours.submobjects[1] and ours.bars is not bars.bars
    ours.bars[0].shift([1, 0, 0])
    assert bars.bars[0].get_center()[0] == real.bars[0].get_center()[0]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_lines_on_the_left_start_on_the_body_grid(chapter):
    ends = chapter_ends(chapter, LOOKS["dark-default"])
    found = {thing.label[:50]: (end.beat, thing) for end in ends for thing in off_grid(end.drawn)}
    wrong = [
        f"{beat}: {thing} starts at {thing.left * 1920:.0f} px at 1080p, not {GRID * 1920:.0f} (STAGE.body_left)"
        for beat, thing in found.values()
    ]
    assert not wrong, "\n".join(wrong)


class Columns(ChapterScene):
    """A title; lines on the grid, just off it and indented past its reach; a single word just off it."""

    title = "Columns"

    def construct(self):
        self.beat("only")
        self.add(chapter_title("A title", "its subtitle"))
        for y, (words, x) in enumerate(
            [
                ("on the grid", STAGE.body_left),
                ("just off it", STAGE.body_left + 0.1),
                ("indented", STAGE.body_left + 0.1),
            ]
        ):
            self.add(text(words).set_x(x, LEFT).set_y(1 - y))
        self.add(text("an indented line").set_x(STAGE.body_left + STAGE.grid_reach + 0.1, LEFT).set_y(-2))


def test_the_title_is_on_the_grid_and_the_probe_finds_lines_off_it(tmp_path):
    (end,) = beat_ends(Columns, tmp_path)
    by_label = {thing.label: thing for thing in end.drawn}
    assert abs(by_label["A title"].left - GRID) <= GRID_SLACK
    assert abs(by_label["its subtitle"].left - GRID) <= GRID_SLACK
    assert [thing.label for thing in off_grid(end.drawn)] == ["just off it"]


@pytest.mark.parametrize("chapter", [c for c in CHAPTERS if c.name in STRIP_CHAPTERS], ids=lambda c: c.name)
def test_the_strips_subscripts_and_exponents_are_20_px_at_1080p(chapter, tmp_path):
    """The strip's scripts as the chapter builds it (its `strip`; review 5: its exponents were 13-15 px)."""
    strip = built(chapter.scene_class(), tmp_path).strip
    small = [
        f"{letter}: {px:.1f} px"
        for letter, glyph in scripts_of(strip)
        if (px := script_px(glyph, letter, strip.formula.role)) < READ_PX
    ]
    assert scripts_of(strip) and not small, small


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_the_lines_of_a_text_keep_the_kits_leading(chapter):
    """A text of several lines stands as tall for its size as the kit's `text` sets it (review 5: two-line notes
    set solid); a chapter may space its lines wider, never closer."""
    ends = chapter_ends(chapter, LOOKS["dark-default"])
    notes = {t.label: t for end in ends for t in end.drawn if t.kind == "text" and "\n" in t.label}
    tight = []
    for label, thing in notes.items():
        kit = text(label, role=thing.role or "body")
        kit_tall = kit.height / (kit.font_size * TEXT_CAP)
        if (thing.top - thing.bottom) / thing.cap < kit_tall * 0.99:
            tight.append(
                f"{thing}: {(thing.top - thing.bottom) / thing.cap:.2f} caps tall, the kit's {kit_tall:.2f}"
            )
    assert not tight, "\n".join(tight)
