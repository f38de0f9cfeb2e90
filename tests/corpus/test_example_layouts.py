"""Layouts that hold for any valid example: at every beat end of every chapter, with the lecture's examples
and with generated ones, no two texts overlap, nothing leaves the safe area or enters the caption band,
each role is drawn at one size, and every text reads against what is drawn round it (WCAG contrast).

Each chapter runs with the lecture's example and with eight examples of the corpus, one of each style, so
every run checks every example in four chapters or five (`tests.support.example_corpus.chapter_looks`), no
video rendered; and every caption they show is said in words and fits two lines. `python -m tests.corpus.layout_sweep`
checks every chapter against all of the corpus.
"""

import numpy as np
import pytest

from attention.examples.file import MAX_ABS, MAX_NAME, load_example_file
from attention.examples.shapes import MAX_TOKENS
from narration.cues import LINE, LINES, lines
from narration.spoken import SPEAKABLE, spoken
from scenes.kit.planes import MAX_GRID_LINES, vector_plane
from tests.support.example_corpus import STYLES, chapter_looks, chapter_share, corpus_files, example_readers
from tests.support.layout import (
    chapter_ends,
    in_caption_band,
    low_contrast,
    mixed_sizes,
    outside_safe_area,
    overlaps,
)


def test_the_corpus_loads_and_reaches_every_edge_of_the_format():
    files = corpus_files()
    loaded = [load_example_file(path) for path in files]
    assert len(loaded) >= 24 and {path.stem.split("-", 2)[2] for path in files} == set(STYLES)
    names = [t for ex in loaded for t in [*ex.drag.tokens, *ex.blend.tokens, *ex.cross.source_tokens]]
    numbers = np.concatenate(
        [np.ravel(ex.blend.keys) for ex in loaded] + [np.ravel(ex.drag.keys) for ex in loaded]
    )
    assert numbers.min() == -MAX_ABS and numbers.max() == MAX_ABS
    assert any(x < 0 and x != round(x) for x in numbers) and any(round(x, 2) != x for x in numbers)
    assert any(len(ex.blend.tokens) == MAX_TOKENS for ex in loaded)
    assert any(len(t) == MAX_NAME for t in names)
    assert any("\u4e00" <= ch <= "\u9fff" for t in names for ch in t)  # CJK
    assert any("\u0370" <= ch <= "\u03ff" for t in names for ch in t)  # Greek


def test_each_chapter_meets_every_style_and_each_example_four_chapters_or_more():
    files = corpus_files()
    shares = [chapter_share(i, files) for i in range(len(example_readers()))]
    for share in shares:
        assert {path.stem.split("-", 2)[2] for path in share} == set(STYLES)
    runs = [sum(path in share for share in shares) for path in files]
    assert min(runs) >= 4 and max(runs) - min(runs) <= 1  # as evenly as the chapters share them out


def problems(ends) -> list[str]:
    """Every layout fault at every beat end, one line each, and what strayed outside the safe area or into the
    caption band at the end of any play (`BeatEnd.strays`: a working too wide until the next replaces it)."""
    found = []
    for end in ends:
        found += [f"{end.beat}: {stray}" for stray in end.strays]
        for a, b in overlaps(end.drawn):
            found.append(f"{end.beat}: {a} overlaps {b}")
        for thing in end.drawn:
            if outside_safe_area(thing):
                found.append(f"{end.beat}: {thing} is outside the safe area")
            elif in_caption_band(thing):
                found.append(f"{end.beat}: {thing} is in the caption band")
            if why := low_contrast(thing):
                found.append(f"{end.beat}: {thing} is {why}")
        for role, sizes in mixed_sizes(end.drawn).items():
            found.append(f"{end.beat}: role {role!r} drawn at {len(sizes)} sizes: {sizes} px")
    return found


@pytest.mark.parametrize("case", chapter_looks(), ids=lambda case: case[0])
def test_every_beat_is_laid_out_cleanly(case):
    _, chapter, settings = case
    found = problems(chapter_ends(chapter, settings))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("case", chapter_looks(), ids=lambda case: case[0])
def test_every_caption_is_said_in_words_and_fits_two_lines(case):
    _, chapter, settings = case
    said = chapter_ends(chapter, settings)[-1].captions
    assert said
    for cue in said:
        assert SPEAKABLE.fullmatch(spoken(cue)), f"{cue!r} is said as {spoken(cue)!r}"
        assert len(lines(cue)) <= LINES and max(map(len, lines(cue))) <= LINE, cue


def test_a_plane_over_the_whole_range_keeps_a_readable_grid():
    small, full = vector_plane([[2, 0], [0, 2]]), vector_plane([[MAX_ABS, -MAX_ABS], [-MAX_ABS, MAX_ABS]])
    assert small.x_range[2] == 1 and full.x_range[2] == 20
    assert len(full.background_lines) <= 2 * (MAX_GRID_LINES + 1)
    assert vector_plane([[1, 0.5]], step=0.5).x_range[2] == 0.5
