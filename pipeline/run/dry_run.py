"""A chapter run with every animation skipped: the one dry run behind `render.py preview`, the layout probe,
the extreme-shapes test and the snapshots.

manim's still-image output skips every play (mobjects jump to their end state) and encodes nothing. On top
of it, a dry run: copies mobjects with `copies.quick_deepcopy` (manim's deepcopy, run as every skipped
animation begins, is most of a dry run's time), lists families and bounds with `families` (as renders do),
makes skipped plays cheaper where that cannot change where they leave the mobjects (`skipping.cheaper`),
typesets the chapter's formulas in one LaTeX run (`typeset.prefetched`), and tells a watcher where each beat
ends. Pictures are drawn only when asked for.
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
    from pipeline.run import typeset

    return typeset.prefetched(lambda: _once(scene_class, config, watch), scene_class.__name__)


def typeset_ahead(scene_class, config: dict) -> int:
    """Typeset in one LaTeX run the formulas a run of `scene_class` under manim `config` meets and that are not
    typeset yet (`run` once, each missing formula drawn from a look-alike: a render's look-ahead,
    `pipeline.run.ahead`); return how many SVGs were written. What the run raised is left to the render."""
    from pipeline.run import typeset

    with typeset.recording() as missing:
        try:
            _once(scene_class, config, None)
        except Exception:  # a look-alike may lead a layout astray: the render runs for real
            pass
    return typeset.typeset(missing)


def _once(scene_class, config: dict, watch: BeatWatcher | None) -> tuple[object, list]:
    """One run of `scene_class` dry under `config` merged over the still-image settings, `watch` told of each
    beat's end."""
    from manim import tempconfig

    from pipeline.frames import skipping

    settings = {
        "format": "png",  # a still: every animation is skipped
        "write_to_movie": False,
        "disable_caching": True,
        "verbosity": "ERROR",
        "progress_bar": "none",
        **config,
    }
    seen: list = []
    with quick_methods(), tempconfig(settings):
        scene = _watched(scene_class, watch, seen)()
        with skipping.cheaper(scene):
            scene.render()
    return scene, seen


@contextmanager
def quick_methods() -> Iterator[None]:
    """Inside, manim copies, lists families and bounds, and makes colours the dry run's quicker way (same
    results; a dry run draws no frame mid-animation), with fewer full garbage collections (`collector`): for code
    that builds a chapter's mobjects without a run."""
    from pipeline.frames import colours, copies, families
    from pipeline.run.collector import few_full_collections

    with copies.quick_copies(), families.quick_families(), colours.quick_colours(), few_full_collections():
        yield


def _watched(scene_class, watch: BeatWatcher | None, seen: list):
    """`scene_class` calling `watch` as each beat ends, keeping what it returns in `seen`."""
    if watch is None:
        return scene_class

    class Watched(scene_class):
        def next_section(self, name: str = "unnamed", *args, **kwargs):
            # not before the first beat, if it played nothing
            if hasattr(self, "_beat") or self.renderer.num_plays:
                self._beat_ends()
            self._beat, self._plays = name, self.renderer.num_plays
            super().next_section(name, *args, **kwargs)

        def tear_down(self):
            super().tear_down()
            self._beat_ends()

        def _beat_ends(self):
            from pipeline.run import typeset

            if typeset.looking_ahead():  # a look-ahead's beats are seen again in the real run
                return
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
