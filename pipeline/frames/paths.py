"""manim's `Camera.set_cairo_context_path`, answered from a cache of cairo paths where the points are the same.

Every frame, the cairo camera sends each moving mobject's outline to cairo curve by curve (a Python call per
curve, after splitting the points into subpaths with numpy): about a quarter of a chapter's rendering time.
Most of what moves in a frame keeps its outline (a fade, a colour, a number beside the one that changed, a
group redrawn whole because one member has an updater), so the path cairo built from the same points under
the same transformation is appended again in one call. cairo keeps a path in device units (fixed point, 1/256
of a pixel) and `copy_path` gives it back in user units, so appending it again under the same matrix lands on
the same device coordinates: the frames are the same, pixel for pixel (`tests/pipeline/test_paths.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

MOST = 20_000  # paths kept; the cache starts afresh beyond (a chapter's drawn outlines fit many times)
_PATHS: dict[tuple, object] = {}


@contextmanager
def cached_paths() -> Iterator[None]:
    """Inside, the cairo camera sets a mobject's path from the cache when it drew the same points before."""
    from manim.camera.camera import Camera

    manims = Camera.set_cairo_context_path

    def set_cairo_context_path(self, ctx, vmobject):
        points = vmobject.points
        if not len(points):  # manim leaves cairo's path as it was
            return manims(self, ctx, vmobject)
        key = (points.tobytes(), points.shape, vmobject.tolerance_for_point_equality, tuple(ctx.get_matrix()))
        path = _PATHS.get(key)
        if path is None:
            manims(self, ctx, vmobject)
            if len(_PATHS) >= MOST:
                _PATHS.clear()
            _PATHS[key] = ctx.copy_path()
        else:
            ctx.new_path()
            ctx.append_path(path)
        return self

    Camera.set_cairo_context_path = set_cairo_context_path
    try:
        yield
    finally:
        Camera.set_cairo_context_path = manims
        _PATHS.clear()
