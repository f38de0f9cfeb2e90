"""A plane's arrows are the kit's vectors: tip on the point, width kept however short, a head that shows."""

import numpy as np
import pytest

from attention import examples
from attention.examples.file import load_example_file
from scenes.chapters.three_token_drag import PLANE_BOX
from scenes.kit.arrows import HEAD_OVER_SHAFT, STROKE_UNIT, Vector, head
from scenes.kit.planes import plane_arrow, vector_plane
from tests.support.example_corpus import corpus_files

WIDTH = 5  # ThreeTokenDrag's keys


def drag_examples():
    """The lecture's example and the corpus, by name: their drag keys are the planes' vectors."""
    return [("default", None), *[(path.stem, path) for path in corpus_files()]]


def head_width(arrow) -> float:
    """The width of `arrow`'s head across its base (its box turns with it)."""
    _, left, right = arrow.tip.get_vertices()
    return float(np.linalg.norm(left - right))


@pytest.mark.parametrize(("name", "path"), drag_examples(), ids=[name for name, _ in drag_examples()])
def test_every_key_ends_on_its_point_with_its_width_and_a_head_that_shows(name, path):
    """As ThreeTokenDrag draws them: manim's own arrow thinned corpus-08's shortest key (0.37 long) to 2 px at
    1080p with an 8 px head, beside longer keys 6 px wide with 40 px heads; now it is 6 px wide, its head 14 px."""
    drag = (load_example_file(path) if path else examples.current()).drag
    plane = vector_plane(np.vstack([drag.keys, drag.path])).scale_to_fit_width(PLANE_BOX[0])
    if plane.height > PLANE_BOX[1]:
        plane.scale_to_fit_height(PLANE_BOX[1])
    origin = plane.c2p(0, 0)
    for key in drag.keys:
        arrow = plane_arrow(plane, key, "#FFFFFF")
        assert isinstance(arrow, Vector)
        np.testing.assert_allclose(arrow.get_end(), plane.c2p(*key), atol=1e-9)  # its tip on its point
        np.testing.assert_allclose(arrow.get_start(), origin, atol=1e-9)
        assert arrow.get_stroke_width() == WIDTH
        length = float(np.linalg.norm(plane.c2p(*key) - origin))
        if length == 0:
            continue  # a zero key is no arrow (corpus-22's)
        assert arrow.tip.length == pytest.approx(head(length, WIDTH))
        assert arrow.tip.length <= length / 2 + 1e-9  # its shaft shows
        assert head_width(arrow) >= min(HEAD_OVER_SHAFT * WIDTH * STROKE_UNIT, length / 2) - 1e-9
