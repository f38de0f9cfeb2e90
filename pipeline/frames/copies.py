"""How mobjects are copied while a chapter runs: manim copies an animation's mobject as the animation
begins (a transform's start and target), so copying is much of a chapter's scene-code time.

Both ways share the copies a mobject keeps of itself (`KEPT_COPIES`) with its own copies. Cloned, they
made every later copy of a group copy its members' kept copies again (each `.animate` leaves one), so a
copy cost a multiple of what it drew; shared, a copy differs from a clone only if a kept copy is changed
after it, and manim makes a new one each time (`generate_target`, `save_state`) rather than changing one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from types import MethodType

import numpy as np

KEPT_COPIES = frozenset({"target", "saved_state"})


@contextmanager
def kept_copies_shared() -> Iterator[None]:
    """Inside, mobjects are copied by manim's own deepcopy with their `KEPT_COPIES` shared: a render's way."""
    from manim import Mobject

    original = Mobject.__deepcopy__

    def deepcopy(self, memo: dict):
        for name in KEPT_COPIES:
            kept = self.__dict__.get(name)
            if kept is not None:
                memo.setdefault(id(kept), kept)  # deepcopy returns what memo holds for an object
        return original(self, memo)

    with _copying(deepcopy):
        yield


@contextmanager
def quick_copies() -> Iterator[None]:
    """Inside, mobjects are copied with `quick_deepcopy`: a dry run's way, where nothing is drawn."""
    with _copying(quick_deepcopy):
        yield


@contextmanager
def _copying(deepcopy) -> Iterator[None]:
    from manim import Mobject

    original = Mobject.__deepcopy__
    Mobject.__deepcopy__ = deepcopy
    try:
        yield
    finally:
        Mobject.__deepcopy__ = original


def quick_deepcopy(self, memo: dict):
    """Mobject.__deepcopy__, several times faster: arrays are copied, mobjects (as attributes, in lists or
    dicts) cloned through `memo` as deepcopy would, a mobject's bound methods bound to its clone (a traced
    path's point function), other values shared (functions, colours, tuples), and so are the `KEPT_COPIES`."""
    result = type(self).__new__(type(self))
    memo[id(self)] = result
    result.__dict__.update(
        {name: value if name in KEPT_COPIES else _clone(value, memo) for name, value in self.__dict__.items()}
    )
    result.original_id = str(id(self))
    return result


def _clone(value, memo: dict):
    """`value` copied for `quick_deepcopy` (dispatching on its exact type: most values are shared)."""
    kind = _KINDS.get(type(value)) or _kind(type(value))
    if kind == "shared":
        return value
    if kind == "array":
        return value.copy()
    if kind == "list":
        return [_clone(v, memo) for v in value]
    if kind == "dict":
        return {k: _clone(v, memo) for k, v in value.items()}
    if kind == "method":
        return MethodType(value.__func__, _clone(value.__self__, memo))
    return memo[id(value)] if id(value) in memo else quick_deepcopy(value, memo)


_KINDS: dict[type, str] = {
    np.ndarray: "array",
    list: "list",
    dict: "dict",
    MethodType: "method",
}


def _kind(kind: type) -> str:
    """How `quick_deepcopy` copies values of type `kind`, found once per type."""
    from manim import Mobject

    _KINDS[kind] = "mobject" if issubclass(kind, Mobject) else "shared"
    return _KINDS[kind]
