"""A tall bracket is drawn whole at 1080p: TeX builds it of pieces, and their anti-aliased joins showed as a
darker line across it (review 5: MultiHead's q at the heads' boundary)."""

import numpy as np
import pytest
from manim import Camera, Matrix, tempconfig

from scenes.kit.matrices import NamedMatrix, seamless
from scenes.kit.palette import FRAME_HEIGHT, theme

EVEN = 0.97  # the darkest row of a bracket's upright, as a share of its median row


def upright(bracket) -> np.ndarray:
    """The mean brightness of each pixel row of `bracket`'s upright, drawn alone at 1080p (at an offset that puts
    its join between two pixel rows, as a layout may), its ends left out."""
    size = {"pixel_height": 1080, "pixel_width": 1920, "frame_height": FRAME_HEIGHT}
    with tempconfig({**size, "frame_width": FRAME_HEIGHT * 16 / 9}):
        camera = Camera()
        camera.capture_mobject(bracket.copy().move_to([0.013, 0.0071, 0]))
        image = np.asarray(camera.get_image().convert("L"), dtype=float)
    rows = np.flatnonzero(image.max(axis=1) > 60)
    inside = image[rows[0] + 15 : rows[-1] - 15]
    return inside[:, inside.mean(axis=0) > 60].mean(axis=1)


def evenness(bracket) -> float:
    rows = upright(bracket)
    return rows.min() / np.median(rows)


def column(scale: float) -> Matrix:
    return Matrix([["2"], ["0"], ["0"], ["2"]], bracket_config={"color": theme().query}).scale(scale)


@pytest.mark.parametrize("scale", [0.7, 0.8, 0.93, 1.0])
def test_a_tall_brackets_join_is_not_a_line_across_it(scale):
    assert evenness(column(scale).get_brackets()[0]) < 0.93  # the seam, as TeX's pieces draw it
    mended = seamless(column(scale))
    assert all(evenness(bracket) >= EVEN for bracket in mended.get_brackets())


def test_named_matrices_have_whole_brackets():
    shown = NamedMatrix("Q", np.arange(8.0).reshape(4, 2), theme().query)
    assert all(evenness(bracket) >= EVEN for bracket in shown.matrix.get_brackets())
