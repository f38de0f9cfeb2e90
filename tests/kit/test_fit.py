"""Searching layouts: the bisecting search finds what trying each in turn finds, in fewer tries, and leaves the
layout it returns as the last one laid out."""

import pytest

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
