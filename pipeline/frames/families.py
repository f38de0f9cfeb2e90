"""Two of manim's methods, rewritten for speed with the same results: a chapter's layouts and plays call them
tens of thousands of times (every `next_to`, `get_top`, `arrange` and `width`), and they were a fifth of a
dry run's time.

manim lists a mobject's family through nested generators (each member costs a step per level above it) and
gathers a VMobject's boundary points one Python tuple per point; here the family is walked by plain recursion
and the boundary taken with array slices. `tests/pipeline/test_families.py` compares both with manim's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np


@contextmanager
def quick_families() -> Iterator[None]:
    """Inside, `Mobject.get_family` is `family` and `VMobject.get_points_defining_boundary` is `boundary`."""
    from manim import Mobject, VMobject

    saved = Mobject.get_family, VMobject.get_points_defining_boundary
    Mobject.get_family, VMobject.get_points_defining_boundary = family, boundary
    try:
        yield
    finally:
        Mobject.get_family, VMobject.get_points_defining_boundary = saved


def family(self, recurse: bool = True) -> list:
    """`Mobject.get_family`: the mobject and its submobjects, depth first, a member met again inside itself
    skipped, a member met twice listed where it was met last."""
    if not self.submobjects:
        return [self]
    found: list = []
    path: set = set()

    def walk(mobject) -> None:
        path.add(mobject)
        found.append(mobject)
        for sub in mobject.submobjects:
            if not sub.submobjects:  # a leaf (most members): no call, and never an ancestor of itself
                found.append(sub)
            elif sub not in path:
                walk(sub)
        path.remove(mobject)

    walk(self)
    if len(set(found)) == len(found):
        return found
    from manim.utils.iterables import remove_list_redundancies  # only for a member met twice: rare

    return remove_list_redundancies(found)


def boundary(self) -> np.ndarray:
    """`VMobject.get_points_defining_boundary`: every family member's anchors, each curve's start then end."""
    from manim import VMobject  # once a call, not once a member

    pieces = [_anchors(member, VMobject.get_anchors) for member in self.get_family()]
    pieces = [p for p in pieces if len(p)]
    return np.concatenate(pieces) if pieces else np.array(())


def _anchors(member, plain) -> np.ndarray:
    """`member.get_anchors()` as an array (`plain`: VMobject's own get_anchors, which slices compute)."""
    points, step = member.points, getattr(member, "n_points_per_cubic_curve", 0)
    if type(member).get_anchors is not plain or len(points) == 1:
        return np.asarray(member.get_anchors()).reshape(-1, 3)
    starts, ends = points[::step], points[step - 1 :: step]
    if len(starts) != len(ends):
        return np.asarray(member.get_anchors())  # manim's own error: a curve cut short
    both = np.empty((2 * len(starts), 3))
    both[0::2], both[1::2] = starts, ends
    return both
