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

CUBIC = 4  # the points a cubic curve takes in manim (its `n_points_per_cubic_curve`)


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
    """`VMobject.get_points_defining_boundary`: every family member's anchors, each curve's start then end.
    Members whose anchors are plain slices (`_sliced`) are sliced together, one concatenation for a run of them:
    a formula's hundreds of glyphs cost one slice, not one each."""
    from manim import VMobject  # once a call, not once a member

    pieces, run = [], []
    for member in self.get_family():
        if _sliced(member, VMobject.get_anchors):
            run.append(member.points)
            continue
        pieces += [_anchors(run), np.asarray(member.get_anchors()).reshape(-1, 3)]
        run = []
    pieces = [p for p in (*pieces, _anchors(run)) if len(p)]
    return np.concatenate(pieces) if pieces else np.array(())


def _sliced(member, plain) -> bool:
    """Whether `member`'s anchors are its points sliced (VMobject's own get_anchors, whole cubic curves)."""
    step = getattr(member, "n_points_per_cubic_curve", 0)
    return type(member).get_anchors is plain and step == CUBIC and len(member.points) % CUBIC == 0


def _anchors(run: list) -> np.ndarray:
    """The anchors of the `_sliced` members whose points are `run`, in order: each curve's start, then its end."""
    points = np.concatenate(run) if len(run) > 1 else run[0] if run else np.zeros((0, 3))
    both = np.empty((len(points) // CUBIC * 2, 3))
    both[0::2], both[1::2] = points[::CUBIC], points[CUBIC - 1 :: CUBIC]
    return both
