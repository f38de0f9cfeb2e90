"""Searching layouts: the bisecting search finds what trying each in turn finds, in fewer tries, and leaves the
layout it returns as the last one laid out; labels wider than their pitch staggered onto rows; names given whole."""

import numpy as np
import pytest
from manim import DOWN, UL, UP, Rectangle

from scenes.kit import fit
from scenes.kit.palette import token_color


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


SIMILAR = ["fever", "fatigue", "feverish", "internationalisation-xyz", "internationalisation-abc", "cat"]


@pytest.mark.parametrize("width", [0.9, 1.2, 2.0, 10.0])
def test_cut_names_never_read_alike_and_keep_within_their_width(width):
    """Issue 29: 'f…' for 'fever' and 'fatigue' in one chart."""
    shown = fit.distinct_names(SIMILAR, width)
    assert len({m.original_text.casefold() for m in shown}) == len(SIMILAR)
    assert [m.full for m in shown] == SIMILAR
    least = [fit.least_width(t) for t in SIMILAR]
    assert all(m.width <= max(width, w) + 0.35 for m, w in zip(shown, least))  # room for a kept end letter
    for m, token in zip(shown, SIMILAR):
        start, _, end = m.original_text.partition(fit.ELLIPSIS)
        assert token.startswith(start.rstrip()) and (not end or token.endswith(end) or end.isdigit())


def test_alike_names_keep_their_ends_and_whole_ones_are_not_cut():
    shown = fit.distinct_names(SIMILAR, 1.6)
    texts = {m.full: m.original_text for m in shown}
    assert texts["cat"] == "cat" and fit.cut(shown) and shown[-1] not in fit.cut(shown)
    assert texts["internationalisation-xyz"].endswith("z") and texts["internationalisation-abc"].endswith("c")


def test_names_alike_to_their_last_letters_are_numbered():
    shown = fit.distinct_names(["aaaXaaa", "aaaYaaa"], 0.9)
    assert [m.original_text[-1] for m in shown] == ["1", "2"]


def test_the_legend_gives_each_cut_name_whole_once_in_its_colour_within_its_width():
    shown = [*fit.distinct_names(SIMILAR, 1.2), *fit.distinct_names(SIMILAR, 1.0)]
    legend = fit.legend(shown, 5.0)
    entries = [entry for line in legend for entry in line]
    said = [
        e.original_text.replace(":\n", ": ").replace("\n", "") for e in entries
    ]  # wrapped within the width
    cut = {m.full for m in fit.cut(shown)}
    assert sorted(e.split(": ", 1)[1] for e in said) == sorted(cut)  # each once
    first = {}
    for m in fit.cut(shown):
        first.setdefault(m.full, m.original_text)
    assert said == [f"{form}: {full}" for full, form in first.items()]
    colours = [e.get_color().to_hex().upper() for e in entries]
    assert colours == [token_color(full).upper() for full in first]
    assert legend.width <= 5.0 + 1e-6 and np.allclose(legend.get_corner(UL), 0)
    assert len(fit.legend(fit.distinct_names(["cat", "dog"], 5.0), 5.0)) == 0


def test_places_are_tried_at_once_against_points_and_boxes_with_a_margin():
    places = np.array([[[0, 0], [1, 1]], [[2, 0], [3, 1]], [[5, 5], [6, 6]]], dtype=float)
    line = np.array([[1.05, 0.5, 0.0], [1.5, 0.5, 0.0]])  # just right of the first place (x, y, z rows)
    assert fit.clear_of(places, line).tolist() == [True, True, True]
    assert fit.clear_of(places, line, margin=0.1).tolist() == [False, True, True]
    other = np.array([[[3.2, 0], [4, 1]]])  # 0.2 right of the second place
    assert fit.clear_of(places, boxes=other, margin=0.1).tolist() == [True, True, True]
    assert fit.clear_of(places, boxes=other, margin=0.3).tolist() == [True, False, True]
    assert fit.clear_of(places, line, other, margin=0.3).tolist() == [False, False, True]


def test_one_place_against_boxes_agrees_with_boxes_apart():
    rng = np.random.default_rng(3)
    corners = np.sort(rng.uniform(-2, 2, (40, 2, 2)), axis=1)
    for a in corners[:10]:
        expected = [fit.boxes_apart(a, b, 0.15) for b in corners]
        assert [bool(fit.clear_of(a, boxes=[b], margin=0.15)[0]) for b in corners] == expected
        assert bool(fit.clear_of(a, boxes=corners, margin=0.15)[0]) == all(expected)


def test_no_points_and_no_boxes_leave_every_place_clear():
    assert fit.clear_of(np.zeros((3, 2, 2))).tolist() == [True] * 3
    assert fit.clear_of(np.zeros((0, 2, 2)), [[0, 0]], [[[0, 0], [1, 1]]]).tolist() == []
