"""No pops: nothing appears, vanishes or jumps in a single frame unless the chapter declares a cut there; and
no long stills: the picture never stands still for more than LONGEST_STILL seconds with no caption starting or
ending (issue 30's rule: a change of focus at least every 4 seconds).

Each chapter's -q l video (the session's one render of the lecture) is decoded with PyAV once for both. Per
frame: the share of the picture (2x2 blocks) that jumped since the frame before (luma by more than JUMP,
chroma by more than CHROMA_JUMP), and the share that stirred at all (more than STIR). A pop jumps more than
RATIO times both neighbours, and more than FLOOR when they are still or MOVING_FLOOR when they move: a label
added in one frame jumps alone, a fade or a move spreads its change over several frames, and a number's
digits ticking during a move are too small to count. A frame stirring more than STILL moves the picture.

A chapter declares its cuts as a module-level `CUTS = ("beat name", ...)`: a pop is then allowed at the
first frame of each named beat (within SLACK frames), as the render's beat record (`.mp4.beats.json`) gives it.
"""

from __future__ import annotations

import functools
import importlib
from fractions import Fraction
from pathlib import Path

import av
import numpy as np
import pytest
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    ChangeDecimalToValue,
    DecimalNumber,
    FadeIn,
    Scene,
    Square,
    Text,
    tempconfig,
)

from pipeline.frames import beats
from pipeline.frames.beats import RECORD_SUFFIX
from scenes.chapters.registry import CHAPTERS
from tests.support.cues import cue_times

FPS = 15  # -q l
SIZE = {"pixel_width": 854, "pixel_height": 480, "frame_rate": FPS}
JUMP = 55  # a luma sample jumps when it moves by a quarter of its range (16..235) in one frame
CHROMA_JUMP = 40  # a chroma sample, by more than a third of its half-range (112)
STIR = 6  # any sample moving by more than this stirs (codec noise stays below)
FLOOR = 2e-4  # of the frame's blocks: a third of a short word at 480p
MOVING_FLOOR = 1.5e-3  # while the neighbours move: a label of a dozen letters
STILL = 1e-4  # neighbours stirring less than this are still
RATIO = 3  # a pop's jump is more than this many times each neighbour's
SLACK = 1  # frames either side of a declared cut's first frame
LONGEST_STILL = 4  # seconds the picture may stand with no motion and no caption change


def changes(frames) -> tuple[np.ndarray, np.ndarray]:
    """Per frame (yuv420p planes as PyAV gives them), the fractions of the frame's 2x2 blocks that jumped
    since the frame before (a luma sample moved by more than JUMP or a chroma sample by more than
    CHROMA_JUMP) and that stirred (any sample moved by more than STIR)."""
    jumped, stirred, before = [], [], None
    for now in frames:
        moved = np.maximum(now, before) - np.minimum(now, before) if before is not None else None
        jumped.append(0.0 if moved is None else share(moved, JUMP, CHROMA_JUMP))
        stirred.append(0.0 if moved is None else share(moved, STIR, STIR))
        before = now
    return np.array(jumped), np.array(stirred)


def share(moved: np.ndarray, luma_limit: int, chroma_limit: int) -> float:
    """The fraction of 2x2 blocks in which a luma sample of `moved` exceeds `luma_limit` or a chroma
    sample `chroma_limit`."""
    height = moved.shape[0] * 2 // 3
    luma = moved[:height] > luma_limit
    blocks = luma[0::2, 0::2] | luma[1::2, 0::2] | luma[0::2, 1::2] | luma[1::2, 1::2]
    chroma = moved[height:] > chroma_limit
    half = chroma.shape[0] // 2
    blocks |= (chroma[:half] | chroma[half:]).reshape(blocks.shape)
    return np.count_nonzero(blocks) / blocks.size


def decoded(video: Path):
    """The frames of `video` as yuv420p planes (luma rows, then the two chroma planes' rows)."""
    with av.open(str(video)) as container:
        for frame in container.decode(container.streams.video[0]):
            yield frame.to_ndarray(format="yuv420p")


@functools.cache
def measured(video: Path) -> tuple[np.ndarray, np.ndarray]:
    """`changes` of `video`'s frames, decoded once for the pop and the still tests."""
    return changes(decoded(video))


def stills(stirred: np.ndarray, cues: list[tuple[Fraction, Fraction]]) -> list[tuple[float, float]]:
    """Stretches (start, end in seconds) longer than LONGEST_STILL with no frame stirring more than STILL and
    no cue starting or ending."""
    moved = {i / FPS for i in np.flatnonzero(stirred > STILL)}
    marks = sorted({0.0, len(stirred) / FPS, *moved, *(float(t) for cue in cues for t in cue)})
    return [(a, b) for a, b in zip(marks, marks[1:]) if b - a > LONGEST_STILL]


def pops(jumped: np.ndarray, stirred: np.ndarray) -> list[int]:
    """Frames that jump more than RATIO times both neighbours and above a floor: FLOOR between still
    neighbours, MOVING_FLOOR between moving ones (a ticking number's digits are no pop)."""
    pad = np.concatenate([[0.0], jumped, [0.0]]), np.concatenate([[0.0], stirred, [0.0]])
    neighbours = np.maximum(pad[0][:-2], pad[0][2:])
    floor = np.where(np.maximum(pad[1][:-2], pad[1][2:]) > STILL, MOVING_FLOOR, FLOOR)
    return [int(i) for i in np.flatnonzero((jumped > floor) & (jumped > RATIO * neighbours)) if i > 0]


def declared_cuts(chapter) -> tuple[str, ...]:
    """The beats `chapter`'s module declares as cuts (its `CUTS`)."""
    return tuple(getattr(importlib.import_module(chapter.module), "CUTS", ()))


def describe(frame: int, jump: float, starts: dict[str, int]) -> str:
    """Where a pop is: its time, frame and beat, and how much of the frame it changes."""
    return f"{frame / FPS:.1f} s (frame {frame}, beat {beat_of(frame, starts)!r}): {jump:.2%} of the frame in one frame"


def beat_of(frame: int, starts: dict[str, int]) -> str:
    return max((name for name, first in starts.items() if first <= frame), key=starts.get, default="start")


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_no_pops_but_declared_cuts(chapter, real_lecture):
    video = real_lecture / f"{chapter.slug}.mp4"
    jumped, stirred = measured(video)
    record = beats.read(video.with_name(video.name + RECORD_SUFFIX))
    assert record, f"{video.name} has no beat record"
    starts = {beat.name: beat.first_frame for beat in record}
    cuts = declared_cuts(chapter)
    assert set(cuts) <= set(starts), f"CUTS names beats the chapter does not have: {set(cuts) - set(starts)}"
    allowed = {starts[name] + d for name in cuts for d in range(-SLACK, SLACK + 1)}
    found = [i for i in pops(jumped, stirred) if i not in allowed]
    wrong = [describe(i, jumped[i], starts) for i in found]
    assert not wrong, "pops (animate them, or declare a cut with CUTS):\n" + "\n".join(wrong)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_no_still_stretch_over_four_seconds(chapter, real_lecture):
    video = real_lecture / f"{chapter.slug}.mp4"
    found = stills(measured(video)[1], cue_times(video.with_suffix(".vtt")))
    assert not found, "stills (add a caption, a highlight or a motion):\n" + "\n".join(
        f"{a:.2f}-{b:.2f} s ({b - a:.1f} s)" for a, b in found
    )


def test_a_still_is_a_stretch_with_no_motion_and_no_caption_change():
    stirred = np.zeros(20 * FPS)
    stirred[[FPS, 2 * FPS]] = 2 * STILL  # a motion at 1 s and 2 s; nothing else moves
    stirred[10 * FPS] = STILL / 2  # codec noise, not a motion
    assert stills(stirred, [(Fraction(7), Fraction(8))]) == [(2.0, 7.0), (8.0, 20.0)]
    assert stills(stirred, [(Fraction(5), Fraction(8)), (Fraction(12), Fraction(16))]) == []


class FadeThenPop(Scene):
    """A number; a square fading in over half a second, held; a label added in one frame, held; then the
    square moving for a second while the number counts."""

    def construct(self):
        square = Square(color="#ffffff", fill_opacity=1).scale(0.3).shift(3 * LEFT)
        count = DecimalNumber(0, num_decimal_places=3).shift(2 * UP)
        self.add(count)
        self.play(FadeIn(square), run_time=0.5)
        self.wait(1)
        self.add(Text("a label").shift(DOWN))
        self.wait(1)
        self.play(square.animate.shift(2 * RIGHT), ChangeDecimalToValue(count, 0.9), run_time=1)
        self.wait(0.5)


def test_a_fade_or_a_ticking_number_is_no_pop_but_a_one_frame_appearance_is(tmp_path):
    with tempconfig({**SIZE, "media_dir": str(tmp_path), "verbosity": "ERROR", "progress_bar": "none"}):
        FadeThenPop().render()
    jumped, stirred = changes(decoded(next(tmp_path.rglob("FadeThenPop.mp4"))))
    fade = len(np.arange(0, 0.5, 1 / FPS))  # frames of the fade; the label comes a second after it
    assert jumped[1:fade].max() > FLOOR, "the fade changes pixels"
    assert jumped[fade + FPS + 1 :].max() > FLOOR, "so do the move and the count"
    assert pops(jumped, stirred) == [fade + FPS]
