"""QuickVersion's plane icons draw their vectors in the kit's one style."""

import numpy as np

from attention import examples
from scenes.kit.arrows import Vector
from scenes.kit.icons import blend_icon, drag_icon


def test_the_plane_icons_vectors_are_the_kits_each_tip_on_its_point():
    ex = examples.current()
    plane, keys, context, _cross = drag_icon(ex)
    for arrow, point in zip([*keys, context], [*ex.drag.keys, ex.drag.trace().output]):
        assert isinstance(arrow, Vector)  # not manim's arrow, thinned and headed as it likes
        np.testing.assert_allclose(arrow.get_end(), plane.c2p(*point), atol=1e-9)
    _bars, (values_plane, output) = blend_icon(ex)
    assert isinstance(output, Vector)
    np.testing.assert_allclose(output.get_end(), values_plane.c2p(*ex.blend.trace(0).output), atol=1e-9)
