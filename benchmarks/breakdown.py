"""Where a render's time goes: manim's methods wrapped with exclusive timers, one category each.

A wrapped call's time goes to its category minus the time of wrapped calls nested in it, so
the categories add up (per thread). The encoder runs in its own thread, overlapping the rest.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from functools import wraps

ENCODER_THREAD = "encode (encoder thread, overlaps)"

# category -> (module, attribute path) of the callables it covers
PROBES: dict[str, tuple[tuple[str, str], ...]] = {
    "LaTeX": (("manim.mobject.text.tex_mobject", "tex_to_svg_file"),),
    "text (Pango)": (
        ("manim.mobject.text.text_mobject", "Text._text2svg"),
        ("manim.mobject.text.text_mobject", "MarkupText._text2svg"),
    ),
    "number rebuilds": (
        ("manim.mobject.text.numbers", "DecimalNumber.set_value"),
        ("manim.mobject.text.numbers", "DecimalNumber._set_submobjects_from_number"),
    ),
    "animation steps, updaters": (("manim.scene.scene", "Scene.update_to_time"),),
    "rasterise (cairo)": (
        ("manim.renderer.cairo_renderer", "CairoRenderer.update_frame"),
        ("manim.renderer.cairo_renderer", "CairoRenderer.get_frame"),
    ),
    "wait for encoder": (
        ("manim.scene.scene_file_writer", "_PartialMovieEncodeJob.put"),
        ("manim.scene.scene_file_writer", "SceneFileWriter.close_partial_movie_stream"),
        ("manim.scene.scene_file_writer", "SceneFileWriter.join_all_encode_jobs"),
    ),
    "combine segments": (("manim.scene.scene_file_writer", "SceneFileWriter.combine_to_movie"),),
    ENCODER_THREAD: (
        ("manim.scene.video_segment_encoder", "VideoSegmentEncoder.write_frame"),
        ("manim.scene.video_segment_encoder", "VideoSegmentEncoder.finish"),
        ("pipeline.frames.held_frames", "write_frame"),
    ),  # installed over manim's by each render
}
OTHER = "building mobjects, scene code"


class Breakdown:
    """Seconds per category, charged exclusively of nested wrapped calls, per thread."""

    def __init__(self):
        self.seconds: dict[str, float] = defaultdict(float)
        self._lock = threading.Lock()
        self._local = threading.local()

    def install(self) -> Breakdown:
        """Wrap every callable in PROBES (importing their modules; a pipeline module that an older
        revision lacks is skipped); return self."""
        import importlib

        for category, targets in PROBES.items():
            for module_name, path in targets:
                try:
                    owner = importlib.import_module(module_name)
                except ModuleNotFoundError:
                    continue
                *parents, attribute = path.split(".")
                for parent in parents:
                    owner = getattr(owner, parent)
                setattr(owner, attribute, self._timed(getattr(owner, attribute), category))
        return self

    def _timed(self, function, category: str):
        @wraps(function)
        def timed(*args, **kwargs):
            with self.charge(category):
                return function(*args, **kwargs)

        return timed

    @contextmanager
    def charge(self, category: str):
        """Charge the block's time to `category`, pausing the enclosing category of this thread."""
        stack = self._local.__dict__.setdefault("stack", [])
        now = time.perf_counter()
        if stack:
            self._add(stack[-1][0], now - stack[-1][1])
        stack.append([category, now])
        try:
            yield
        finally:
            end = time.perf_counter()
            name, since = stack.pop()
            self._add(name, end - since)
            if stack:
                stack[-1][1] = end

    def _add(self, category: str, seconds: float) -> None:
        with self._lock:
            self.seconds[category] += seconds

    def table(self, wall: float) -> dict[str, float]:
        """Seconds per category, with the rest of the main thread's `wall` time as OTHER."""
        main = sum(s for c, s in self.seconds.items() if c != ENCODER_THREAD)
        found = {c: round(self.seconds.get(c, 0.0), 3) for c in PROBES}
        found[OTHER] = round(max(wall - main, 0.0), 3)
        return found
