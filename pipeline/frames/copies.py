"""How mobjects are copied while a chapter runs: manim copies an animation's mobject as the animation
begins (a transform's start and target), so copying is much of a chapter's scene-code time.

manim's own deepcopy deep-copies every attribute: colours, strings, paths nothing changes. Copies here copy
what can change (arrays, lists, dicts), clone mobjects, bind a mobject's bound methods to its clone (a traced
path's point function) and share everything else. A render's copies (`render_copies`) also clone tuples: a
tuple of a group's parts must point at the clone's parts, or a frame drawn mid-animation shows the
original's (BlendByWeight's bars); a dry run's (`quick_copies`) share them: it draws no frame mid-animation,
and cloning them costs it 5-15%. Rendered with render copies, every frame each of the 13 chapters hands the
encoder is the one manim's deepcopy gives (`scripts/drawn_frames.py`, docs/testing.md), at about 9% less CPU.

Both share the copies a mobject keeps of itself (`KEPT_COPIES`) with its own copies. Cloned, they
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
def quick_copies() -> Iterator[None]:
    """Inside, mobjects are copied with `quick_deepcopy`: a dry run's way, where nothing is drawn."""
    with _copying(quick_deepcopy):
        yield


@contextmanager
def render_copies() -> Iterator[None]:
    """Inside, mobjects are copied with `render_deepcopy`: a render's way."""
    with _copying(render_deepcopy):
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
    """Mobject.__deepcopy__ for a dry run, several times faster (see the module)."""
    return _copy(self, memo, _QUICK)


def render_deepcopy(self, memo: dict):
    """Mobject.__deepcopy__ for a render, several times faster, drawing the same frames (see the module)."""
    return _copy(self, memo, _RENDER)


def _copy(mobject, memo: dict, kinds: dict):
    result = type(mobject).__new__(type(mobject))
    memo[id(mobject)] = result
    copied = {}
    for name, value in mobject.__dict__.items():
        kind = kinds.get(type(value))  # `_clone`'s first steps inline: most of a mobject's values are shared
        if kind == "shared" or name in KEPT_COPIES:
            copied[name] = value
        elif kind == "array":
            copied[name] = value.copy()
        else:
            copied[name] = _clone(value, memo, kinds)
    result.__dict__.update(copied)
    result.original_id = str(id(mobject))
    return result


def _clone(value, memo: dict, kinds: dict):
    """`value` copied as `kinds` says for its exact type (most values are shared)."""
    kind = kinds.get(type(value)) or _kind(type(value), kinds)
    if kind == "shared":
        return value
    if kind == "array":
        return value.copy()
    if kind == "list":
        return [_clone(v, memo, kinds) for v in value]
    if kind == "dict":
        return {k: _clone(v, memo, kinds) for k, v in value.items()}
    if kind == "tuple":
        return tuple(_clone(v, memo, kinds) for v in value)
    if kind == "method":
        return MethodType(value.__func__, _clone(value.__self__, memo, kinds))
    return memo[id(value)] if id(value) in memo else _copy(value, memo, kinds)


_QUICK: dict[type, str] = {np.ndarray: "array", list: "list", dict: "dict", MethodType: "method"}
_RENDER: dict[type, str] = {**_QUICK, tuple: "tuple"}


def _kind(kind: type, kinds: dict) -> str:
    """How values of type `kind` are copied (found once per type): mobjects cloned, the rest shared."""
    from manim import Mobject

    kinds[kind] = "mobject" if issubclass(kind, Mobject) else "shared"
    return kinds[kind]
