"""CurvePlot's `room`: its axes start before the first tick and below the lowest decade as far as keeps every point
of its lines that far from the axis lines, ticked and labelled as without it; without it they start there."""

import numpy as np
import pytest

from scenes.kit.plots import CurvePlot

XS = np.linspace(0.2, 10, 50)  # the first 0.08 from g = 0 on a 4-unit axis
LOG10_YS = -0.2 - 3.9 * XS  # down to 10^-39.2, just over the lowest decade
REACH = -4.0 * XS  # a second line, down to 10^-40 itself
SIZE = (4.0, 2.0)


def plot(room: float = 0.0) -> CurvePlot:
    return CurvePlot(
        XS, LOG10_YS, size=SIZE, x_label="x", y_label="y", x_step=2, x_start=0, reach=REACH, room=room
    )


def ticks_at(axis) -> list[float]:
    return [axis.p2n(tick.get_center()) for tick in axis.ticks]


def labelled(axis) -> list[float]:
    return [axis.p2n(label.get_center()) for label in axis.labels]


def room_to_axes(shown: CurvePlot) -> float:
    """The least distance from a point of the plot's lines to its axis lines (which meet at their low ends)."""
    axes = shown.axes
    corner = axes.c2p(axes.x_range[0], axes.y_range[0])
    points = np.concatenate([[shown.point(x, y) for x, y in zip(XS, ys)] for ys in (LOG10_YS, REACH)])
    return float(np.min(points[:, :2] - corner[:2]))


def test_without_room_the_axes_start_at_the_first_tick_and_the_lowest_decade():
    shown = plot()
    assert shown.axes.x_range[0] == 0 and shown.axes.y_range[0] == 0
    assert shown.axes.c2p(0, 0) == pytest.approx(shown.axes.x_axis.get_start())
    assert shown.point(10, -40)[1] == pytest.approx(shown.axes.x_axis.get_start()[1])  # on the gain axis


@pytest.mark.parametrize("room", [0.15, 0.23, 0.4])
def test_with_room_every_point_keeps_it_from_the_axes_ticked_as_before(room):
    before, shown = plot(), plot(room)
    assert room_to_axes(before) < room <= room_to_axes(shown) + 1e-9
    for axis, old in ((shown.axes.x_axis, before.axes.x_axis), (shown.axes.y_axis, before.axes.y_axis)):
        assert ticks_at(axis) == pytest.approx(ticks_at(old))  # 0, 2, ... 10 and every decade
        assert labelled(axis) == pytest.approx(labelled(old), abs=1e-6)
    # the y axis stands at the x axis' start, not at x = 0 (manim's axes cross at 0)
    assert shown.axes.y_axis.get_start()[0] == pytest.approx(shown.axes.x_axis.get_start()[0])
    assert shown.axes.y_axis.get_start()[0] < shown.axes.c2p(0, 0)[0]
    assert shown.axes.x_axis.get_length() == pytest.approx(4.0)


def test_room_already_kept_changes_nothing():
    high = CurvePlot(XS, LOG10_YS + 5, size=SIZE, x_label="x", y_label="y", x_step=2, x_start=-2, room=0.1)
    assert high.axes.x_range[0] == -2 and high.axes.y_range[0] == 0  # 2.2 gains and 5.8 decades' room already
    assert high.point(-2, float("-inf")) == pytest.approx(high.axes.c2p(-2, 0))
