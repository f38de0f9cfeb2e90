"""The cached paths (pipeline.frames.paths) draw what manim's camera draws, pixel for pixel, whether a path is
built or appended again from the cache; and they are used only inside their context."""

import numpy as np
from manim import DL, LEFT, RIGHT, UP, UR, Arrow, Circle, MathTex, Polygon, Square, Text, VGroup, VMobject
from manim.camera.camera import Camera

from pipeline.frames import paths


def shapes() -> VGroup:
    """Outlines of every kind chapters draw: text, formulas, curves, open and closed, an empty mobject."""
    return VGroup(
        Text("attention 0.25").shift(2 * DL),
        MathTex(r"\frac{q \cdot k}{\sqrt{d}}").shift(UR),
        Circle(radius=1.3).set_fill("#5B8DEF", 0.5),
        Arrow([-3, 1, 0], [1, 2, 0]),
        Polygon([0, 0, 0], [1, 0, 0], [0.5, 1, 0]).shift(3 * RIGHT),
        Square(0.4).shift(2 * UP + 4 * LEFT),
        VMobject(),
    )


def picture(mobjects: VGroup) -> np.ndarray:
    """`mobjects` drawn on a fresh 480p camera."""
    camera = Camera(pixel_width=854, pixel_height=480)
    camera.capture_mobjects([mobjects])
    return np.array(camera.pixel_array)


def test_pictures_are_manim_s_when_paths_are_built_and_when_they_are_reused():
    drawn = shapes()
    manims = picture(drawn)
    with paths.cached_paths():
        built = picture(drawn)
        assert paths._PATHS  # the outlines drawn are kept
        reused = picture(drawn)
        moved = picture(drawn.copy().shift(0.3 * RIGHT))  # new points: built again
    assert np.array_equal(built, manims) and np.array_equal(reused, manims)
    assert np.array_equal(moved, picture(drawn.copy().shift(0.3 * RIGHT)))
    assert manims.any()


def test_the_cache_is_manim_s_method_only_inside_and_is_emptied_after():
    manims = Camera.set_cairo_context_path
    with paths.cached_paths():
        assert Camera.set_cairo_context_path is not manims
        picture(shapes())
    assert Camera.set_cairo_context_path is manims and not paths._PATHS
