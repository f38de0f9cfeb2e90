"""The quick family and boundary (pipeline.frames.families) give what manim's own methods give: the same
members in the same order, the same points, for what chapters draw and for families with shared members and
cycles."""

import numpy as np
import pytest
from manim import Circle, Line, Mobject, Square, VGroup, VMobject

from attention import attend_grid
from pipeline.frames import families
from scenes.kit import components as c
from scenes.kit.grids import AttentionGrid
from scenes.kit.matrices import NamedMatrix


@pytest.fixture(scope="module")
def drawn():
    """Mobjects as chapters draw them: a grid of numbers, a matrix, a formula, a text, shapes; one shared
    member; a group holding itself further down."""
    grid = AttentionGrid(attend_grid(np.eye(3)[:2], np.eye(3)), rows=("a", "b"), cols=("a", "b", "c"))
    matrix = NamedMatrix("Q", np.arange(6).reshape(2, 3) / 7, "#ffffff")
    square = Square()
    shared = VGroup(square, Circle(), square)
    looped = VGroup(Line(), VGroup(Square()))
    looped.submobjects[1].add(looped)
    return [grid, matrix, c.math("x", "=", "1.5"), c.text("words"), shared, looped, VMobject(), VGroup()]


def test_the_family_is_manim_s(drawn):
    for mobject in drawn:
        assert families.family(mobject) == Mobject.get_family(mobject)


def test_the_boundary_is_manim_s(drawn):
    for mobject in drawn:  # the last two have no points: both give an empty array
        ours = families.boundary(mobject)
        theirs = VMobject.get_points_defining_boundary(mobject)
        assert ours.shape == theirs.shape and np.array_equal(ours, theirs)


def test_inside_the_context_manim_uses_them_and_after_it_its_own():
    square = Square()
    with families.quick_families():
        assert Mobject.get_family is families.family and square.get_top()[1] == pytest.approx(1)
    assert Mobject.get_family is not families.family
