"""A chapter run with every animation skipped: the one dry run behind `render.py preview`, the layout probe,
the extreme-shapes test and the snapshots.

manim's still-image output skips every play (mobjects jump to their end state) and encodes nothing. On top
of it, a dry run: copies mobjects with `quick_deepcopy` (manim's deepcopy, run as every skipped animation
begins, is most of a dry run's time), makes skipped plays cheaper where that cannot change where they
leave the mobjects (`skipping.cheaper`), typesets the chapter's formulas in one LaTeX run
(`typeset.prefetched`), and tells a watcher where each beat ends. Pictures are drawn only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import numpy as np

T = TypeVar("T")
BeatWatcher = Callable[[object, str, bool], "T | None"]  # (scene, beat name, whether it played anything)


def run(scene_class, config: dict, watch: BeatWatcher | None = None) -> tuple[object, list]:
    """Run `scene_class` dry under manim `config` (merged over the still-image settings); return the scene
    and what `watch(scene, name, played)` returned, other than None, as each beat ended (the last one as
    the scene ends).

    A chapter whose formulas are not all typeset yet is run twice (see `typeset`): what is returned is the
    second run's.
    """
    from manim import tempconfig

    from pipeline.frames import skipping
    from pipeline.run import typeset

    settings = {
        "format": "png",  # a still: every animation is skipped
        "write_to_movie": False,
        "disable_caching": True,
        "verbosity": "ERROR",
        "progress_bar": "none",
        **config,
    }

    def once() -> tuple[object, list]:
        seen: list = []
        with quick_copies(), tempconfig(settings):
            scene = _watched(scene_class, watch, seen)()
            with skipping.cheaper(scene):
                scene.render()
        return scene, seen

    return typeset.prefetched(once, scene_class.__name__)


def _watched(scene_class, watch: BeatWatcher | None, seen: list):
    """`scene_class` calling `watch` as each beat ends, keeping what it returns in `seen`."""
    if watch is None:
        return scene_class

    class Watched(scene_class):
        def next_section(self, name: str = "unnamed", *args, **kwargs):
            if (
                hasattr(self, "_beat") or self.renderer.num_plays
            ):  # not before the first beat, if it played nothing
                self._beat_ends()
            self._beat, self._plays = name, self.renderer.num_plays
            super().next_section(name, *args, **kwargs)

        def tear_down(self):
            super().tear_down()
            self._beat_ends()

        def _beat_ends(self):
            name, plays = getattr(self, "_beat", "start"), getattr(self, "_plays", 0)
            found = watch(self, name, self.renderer.num_plays > plays)
            if found is not None:
                seen.append(found)

    Watched.__name__ = scene_class.__name__
    return Watched


def picture(scene) -> np.ndarray:
    """The scene's picture now, as RGB: drawn as a rendered play leaves it after its last frame."""
    renderer = scene.renderer
    scene.update_mobjects(0)
    renderer.static_image = None  # everything drawn once, as the video's held pictures are
    type(renderer).update_frame(renderer, scene, ignore_skipping=True)  # `skipping.cheaper` stops the scene's
    return np.array(renderer.get_frame())[:, :, :3]


@contextmanager
def quick_copies() -> Iterator[None]:
    """Mobjects copied with `quick_deepcopy` inside: animations copy mobjects as they begin, even when
    skipped."""
    from manim import Mobject

    original = Mobject.__deepcopy__
    Mobject.__deepcopy__ = quick_deepcopy
    try:
        yield
    finally:
        Mobject.__deepcopy__ = original


def quick_deepcopy(self, memo: dict):
    """Mobject.__deepcopy__, several times faster: arrays are copied, mobjects (as attributes, in lists or
    dicts) cloned through `memo` as deepcopy would, other values shared (functions, colours), and so are
    the copies `generate_target` and `save_state` leave on a mobject (`KEPT_COPIES`)."""
    result = type(self).__new__(type(self))
    memo[id(self)] = result
    result.__dict__.update(
        {name: value if name in KEPT_COPIES else _clone(value, memo) for name, value in self.__dict__.items()}
    )
    result.original_id = str(id(self))
    return result


# A mobject's own copies, shared by its copies: they differ from clones only if changed after the copy, and
# each `.animate` and `save_state` makes a new one rather than changing the last. Cloned, they made every
# later copy of a group copy its members' copies again: most of what a dry run copied.
KEPT_COPIES = frozenset({"target", "saved_state"})


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
    return memo[id(value)] if id(value) in memo else quick_deepcopy(value, memo)


_KINDS: dict[type, str] = {np.ndarray: "array", list: "list", dict: "dict"}


def _kind(kind: type) -> str:
    """How `quick_deepcopy` copies values of type `kind`, found once per type."""
    from manim import Mobject

    _KINDS[kind] = "mobject" if issubclass(kind, Mobject) else "shared"
    return _KINDS[kind]
