"""Python's cycle collector while a chapter runs.

A chapter allocates objects by the million (points, colours, copies of mobjects), most of them short-lived.
With Python's default thresholds a dry run also ran a full collection every second or so, each scanning every
object alive in the process: manim's modules, the caches and, in a test worker, every earlier chapter's
records. That was 16-18% of a dry run's CPU; inside `few_full_collections` it is about 4% (three chapters
run twice, collections timed with `gc.callbacks`).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

FULL_AFTER = 100  # middle-generation collections before a full one (Python's default: 10)


@contextmanager
def few_full_collections() -> Iterator[None]:
    """Inside, the objects alive before are left out of collections (`gc.freeze`: what outlived the run so far
    mostly outlives it too) and a full collection waits for FULL_AFTER middle-generation ones; young objects are
    collected as usual, so a run's garbage does not pile up."""
    young, middle, full = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(young, middle, FULL_AFTER)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, full)
        gc.unfreeze()
