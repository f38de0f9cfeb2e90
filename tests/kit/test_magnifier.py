"""The magnifier: a square of a plane round the origin and some points, drawn larger in a panel that moves
whole, its frame on the plane and its panel joined by two lines."""

import numpy as np
import pytest
from manim import Dot

from scenes.kit import fit
from scenes.kit.magnifier import Magnifier, side_for
from scenes.kit.planes import plane

POINTS = [[0.3, 0.1], [0.5, -0.2]]


@pytest.fixture
def axes():
    return plane(np.array([-2, -2]), np.array([2, 2]), 1, 1.5).shift([1, 0.5, 0])


def test_the_square_holds_the_origin_and_the_points_with_the_margin(axes):
    view = Magnifier(axes, POINTS, side=2, margin=0.2, room=0.3)
    np.testing.assert_allclose(view.centre, [0.25, -0.05])  # halfway across the points and the origin
    assert view.half == pytest.approx(0.25 * 1.2)  # half the longer extent, 0.5, and a fifth more
    assert view.magnify == pytest.approx((2 - 2 * 0.3) / (2 * view.half))
    low, high = axes.c2p(*(view.centre - view.half)), axes.c2p(*(view.centre + view.half))
    np.testing.assert_allclose(view.frame.get_corner([-1, -1, 0]), low, atol=1e-6)
    np.testing.assert_allclose(view.frame.get_corner([1, 1, 0]), high, atol=1e-6)


def test_the_square_fills_the_panel_but_its_room(axes):
    view = Magnifier(axes, POINTS, side=2, margin=0.2, room=0.3)
    left, bottom, _ = view.at(view.centre - view.half)
    right, top, _ = view.at(view.centre + view.half)
    assert right - left == pytest.approx(2 - 2 * 0.3) and top - bottom == pytest.approx(2 - 2 * 0.3)
    np.testing.assert_allclose(view.at(view.centre), view.panel.get_center(), atol=1e-9)
    assert view.panel.width == pytest.approx(2) and view.panel.height == pytest.approx(2)


def test_the_axes_cross_the_square_at_the_origin(axes):
    view = Magnifier(axes, POINTS, side=2, margin=0.2, room=0.3)
    across, up = view.axes()
    origin = view.at([0, 0])
    assert across.get_start()[1] == across.get_end()[1] == pytest.approx(origin[1])
    assert up.get_start()[0] == up.get_end()[0] == pytest.approx(origin[0])
    assert across.width == pytest.approx(2 - 2 * 0.3) and up.height == pytest.approx(2 - 2 * 0.3)


def test_placing_moves_the_panel_and_what_is_drawn_in_it_and_the_map_follows(axes):
    view = Magnifier(axes, POINTS, side=2, margin=0.2, room=0.3)
    mark = Dot(view.at(POINTS[0]))
    view.view.add(mark)
    frame = view.frame.get_center()
    view.place([-4, 2, 0])
    np.testing.assert_allclose(view.panel.get_center(), [-4, 2, 0], atol=1e-9)
    np.testing.assert_allclose(mark.get_center(), view.at(POINTS[0]), atol=1e-9)
    np.testing.assert_allclose(view.frame.get_center(), frame)  # the frame stays on the plane


@pytest.mark.parametrize(
    "spot",
    [[4, 3, 0], [-4, -3, 0], [4, -3, 0], [-4, 3, 0], [-4, 0.5, 0], [4, 0.6, 0], [1.3, 3, 0], [1.2, -3, 0]],
)
def test_two_lines_join_the_frame_s_corners_to_the_panel_s_passing_over_neither(axes, spot):
    view = Magnifier(axes, POINTS, side=1, margin=0.2, room=0.1).place(spot).link()
    assert len(view.links) == 2
    frame, panel = (np.array([fit.box(m)[0] + 0.01, fit.box(m)[1] - 0.01]) for m in (view.frame, view.panel))
    for line in view.links:
        a, b = line.get_start(), line.get_end()
        assert any(np.allclose(a, corner) for corner in view.frame.get_vertices())
        assert any(
            np.allclose(b[:2], [x, y]) for x in fit.box(view.panel)[:, 0] for y in fit.box(view.panel)[:, 1]
        )
        for t in np.linspace(0, 1, 101):
            point = (a + (b - a) * t)[:2]
            assert not any(np.all((box[0] < point) & (point < box[1])) for box in (frame, panel))


@pytest.mark.parametrize("gain", [2, 3])
def test_the_panel_s_side_follows_from_the_gain_it_is_asked_for(axes, gain):
    """Review 4: a panel of a fixed side drew the square about 1.2 times as large as the plane did."""
    side = side_for(axes, POINTS, 0.2, 0.3, gain)
    view = Magnifier(axes, POINTS, side=side, margin=0.2, room=0.3)
    assert view.gain == pytest.approx(gain)
    drawn = np.linalg.norm(view.at(POINTS[1]) - view.at([0, 0]))
    assert drawn == pytest.approx(gain * np.linalg.norm(axes.c2p(*POINTS[1]) - axes.c2p(0, 0)))


@pytest.mark.parametrize(
    "spot, axis, toward", [([-4, 0.5, 0], 0, -1), ([4, 0.6, 0], 0, 1), ([1.3, -3, 0], 1, -1)]
)
def test_a_panel_beside_or_under_the_frame_is_joined_side_to_facing_side(axes, spot, axis, toward):
    """`toward`: where the panel stands from the frame along `axis` (-1: left of it or under it)."""
    view = Magnifier(axes, POINTS, side=1, margin=0.2, room=0.1).place(spot).link()
    frame, panel = fit.box(view.frame), fit.box(view.panel)
    assert (panel[1][axis] < frame[0][axis]) if toward < 0 else (frame[1][axis] < panel[0][axis])
    for line in view.links:
        assert line.get_start()[axis] == pytest.approx(frame[0 if toward < 0 else 1][axis])
        assert line.get_end()[axis] == pytest.approx(panel[1 if toward < 0 else 0][axis])
