"""Searching layouts: the bisecting search finds what trying each in turn finds, in fewer tries, and leaves the
layout it returns as the last one laid out; labels wider than their pitch staggered onto rows; names given whole."""

import pytest
from manim import DOWN, UP, Rectangle

from scenes.kit import fit


class Layouts:
    """Sizes that fit from `limit` down; remembers what it laid out, in order."""

    def __init__(self, limit: float):
        self.limit, self.tried = limit, []

    def fits(self, size: float) -> bool:
        self.tried.append(size)
        return size <= self.limit


SIZES = [2.0, 1.8, 1.6, 1.4, 1.2, 1.0, 0.8, 0.6, 0.4, 0.2, 0.1]


@pytest.mark.parametrize("limit", [5.0, 2.0, 1.7, 1.0, 0.15, 0.1, 0.05])
def test_bisection_finds_the_first_that_fits_and_leaves_it_laid_out(limit):
    in_turn, halved = Layouts(limit), Layouts(limit)
    expected = fit.first_that_fits(SIZES, in_turn.fits)
    assert fit.largest_that_fits(SIZES, halved.fits) == expected
    assert halved.tried[-1] == expected == in_turn.tried[-1]  # the caller's state is the answer's
    assert len(halved.tried) <= 5 < 11  # log2(11) + 1 tries at most, not one per size


def test_bisection_needs_candidates():
    with pytest.raises(ValueError, match="no candidates"):
        fit.largest_that_fits([], lambda size: True)


def test_labels_wider_than_their_pitch_are_staggered_onto_rows_a_gap_apart():
    """Values or names too wide for their bars' pitch keep their x (each under its own bar), on as few rows as
    keep `gap` between those on one row; beyond `most` rows, what finds no place is reported, not drawn over."""
    labels = [Rectangle(width=0.8, height=0.3).move_to([0.5 * i, 0, 0], aligned_edge=UP) for i in range(5)]
    xs = [label.get_x() for label in labels]
    rows = fit.staggered(labels, gap=0.15, buff=0.1, most=2)
    assert rows == [0, 1, 0, 1, 0]  # left to right, each on the first row with room
    assert [label.get_x() for label in labels] == xs
    assert [round(label.get_top()[1], 6) for label in labels] == [
        0,
        -0.4,
        0,
        -0.4,
        0,
    ]  # a label and buff down
    for a, b in zip(labels, labels[2:]):  # neighbours on a row keep the gap
        assert b.get_left()[0] - a.get_right()[0] >= 0.15 - 1e-9
    crowded = [Rectangle(width=0.8, height=0.3).move_to([0.3 * i, 0, 0], aligned_edge=UP) for i in range(3)]
    assert fit.staggered(crowded, gap=0.15, buff=0.1, most=2) == [0, 1, None]
    assert crowded[2].get_top()[1] == pytest.approx(0)  # left where it was: the caller leaves it out


def test_labels_over_what_they_label_are_staggered_upward():
    """A grid's column names stand over their columns: a name that meets one is raised, not lowered onto the
    cells; one that meets none stays on the first row."""
    labels = [Rectangle(width=w, height=0.3).move_to([x, 0, 0], aligned_edge=DOWN) for w, x in WIDE]
    rows = fit.staggered(labels, gap=0.1, buff=0.1, most=2, way=UP)
    assert rows == [0, 1, 0]
    assert [round(label.get_bottom()[1], 6) for label in labels] == [0, 0.4, 0]


WIDE = ((0.4, 0.0), (1.2, 0.6), (0.4, 1.8))  # (width, x): the middle one reaches the first, not the last


def test_a_whole_name_is_never_cut_only_broken_onto_lines_within_its_width():
    """Where no legend has room, a long name is given whole: on as few lines as keep it within the width
    (after a hyphen where it has one), its own colour, never with '…'."""
    short = fit.whole_name("cat", 2.0)
    assert short.original_text == "cat" and short.full == "cat"
    for name in ("counterrevolutionaryisms", "Ωμέγα-and-猫-mixed-name-x"):
        shown = fit.whole_name(name, 2.6, role="small")
        lines = shown.original_text.split("\n")
        assert "".join(lines) == name and 1 < len(lines) <= 3 and fit.ELLIPSIS not in shown.original_text
        assert shown.width <= 2.6 and shown.get_color() == fit.name(name, 1).get_color()
    assert (
        fit.whole_name("Ωμέγα-and-猫-mixed-name-x", 2.6, role="small")
        .original_text.split("\n")[0]
        .endswith("-")
    )
