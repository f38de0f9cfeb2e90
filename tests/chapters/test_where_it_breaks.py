"""WhereItBreaks: live bars, readouts and the sensitivity curve follow attention's saturation sweep."""

import dataclasses

import numpy as np
import pytest
from manim import (
    DL,
    DOWN,
    UR,
    Create,
    Dot,
    FadeIn,
    FadeOut,
    Indicate,
    Succession,
    SurroundingRectangle,
    VGroup,
    tempconfig,
)

from attention import BlendExample, examples, saturation_at, saturation_sweep, weights_at_gain
from attention.examples.file import load_example_file
from attention.sweeps import GAIN_RANGE, log10_top_sensitivity
from pipeline.run import dry_run
from scenes.chapters import where_it_breaks
from scenes.chapters.where_it_breaks import (
    BAND_ROOM,
    DROP_CLEAR,
    FRAME_CLEAR,
    GAIN_STOPS,
    HEADER_GAP,
    LEADER_BUFF,
    LEADER_CLEAR,
    LEVEL_ROOM,
    LIVE_X,
    NUMBER_ROOM,
    PLOT_SIZE,
    SCALED_X,
    SWEEP_RATE,
    SWEEP_SECONDS,
    TANGENT_REACH,
    TEXT_BUFF,
    VALUE_GAP,
    SciNumber,
    SetPlan,
    WhereItBreaks,
    axis_end,
    bar_set,
    kept_aspect,
    leader_room,
    level_line,
    scaled_gain_caption,
    tangent_size,
    tied,
    verdict_caption,
)
from scenes.kit import fit
from scenes.kit.arithmetic import SCORE_PLACES, decimals, fmt, mantissa_exponent, sci, sci_parts, vector_tex
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.components import math
from scenes.kit.emphasis import FRAME_BUFF, FRAME_STROKE, framed
from scenes.kit.fit import apart
from scenes.kit.palette import px_per_unit, scaled_color
from scenes.kit.plots import TICK_GAP, TRACK_RADIUS, tick_step, ticks_of
from scenes.kit.stage import STAGE
from tests.support import snapshot
from tests.support.example_corpus import corpus_files, using
from tests.support.snapshot import assert_matches_snapshot, built, played

FRAME = (STAGE.right, 4.0)  # the stage reaches past manim's frame (STAGE.frame widens the camera)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(WhereItBreaks, tmp_path_factory.mktemp("media"))


def at_gain(scene, gain):
    scene.gain.set_value(gain)
    scene.knob.refresh()
    scene.dot.update()
    return scene.knob


def test_bars_at_gain_one_equal_the_unscaled_weights(scene):
    knob = at_gain(scene, GAIN_RANGE[0])
    unscaled = examples.current().blend.trace(0, scaled=False)
    assert knob.bars.shown_values() == [round(w, 3) for w in unscaled.weights]
    assert dict(zip(examples.current().blend.tokens, knob.bars.shown_values())) == {
        "the": 0.867,
        "sat": 0.117,
        "cat": 0.016,
    }
    heights = np.array([bar.height for bar in knob.bars.bars])
    np.testing.assert_allclose(heights / knob.bars.max_height, unscaled.weights, rtol=1e-6)


def test_reference_bars_show_the_scaled_weights(scene):
    bars, (formula, _) = scene.scaled_bars
    assert bars.shown_values() == [round(w, 3) for w in examples.current().blend.trace(0).weights]
    assert formula.tex_string == r"\mathrm{softmax}([4, 0, 2] / \sqrt{4})"  # the, cat, sat's dots
    # the gain upright in every formula (review round 6: CM Sans' italic g read as a serif italic)
    assert scene.knob.formula.tex_string == r"\mathrm{softmax}(\mathsf{g} \cdot [4, 0, 2])"
    assert scene.knob.gain_line[0].tex_string == r"\mathsf{g} ="
    # until g is explained (beat 2), the same formula without it, where it will stand (review E10: g from 13 s)
    assert scene.knob.plain.tex_string == r"\mathrm{softmax}([4, 0, 2])"
    assert scene.knob.plain.get_left()[0] == pytest.approx(scene.knob.formula.get_left()[0])


def test_g_is_shown_when_the_caption_explains_it(shown):
    """Review E10: 'softmax(g · [4, 0, 2]), g = 1.0' appeared under 'Without the division' (13 s), g explained only at
    25.7 s: the formula without g comes with the unscaled bars; g is written into it, and its line shown, each as
    the caption naming it is read."""
    scene, plays = shown
    knob = scene.knob

    def first(part) -> str:
        """The caption of the first play bringing `part` in."""
        return next(
            said
            for said, animations in plays
            if any(part in (a.mobject, getattr(a, "to_add", None)) for a in animations)
        )

    assert first(knob.plain).startswith("Without the division")
    assert first(knob.formula) == "A gain g multiplies every score gap:"
    assert first(knob.gain_line) == "g = 1 leaves them as they are."


def test_the_gain_s_number_sits_where_a_formula_sets_it(scene):
    """Review round 6: centred beside 'g =', the number sat lower than the sign by g's descender."""
    (name, sign), number = scene.knob.gain_line
    typeset = math(r"\mathsf{g}", "=", "0")
    rise = typeset[2].get_bottom()[1] - typeset[1].get_bottom()[1]
    assert number.get_bottom()[1] - sign.get_bottom()[1] == pytest.approx(rise, abs=0.005)
    assert number.get_left()[0] > sign.get_right()[0]


@pytest.mark.parametrize("gain", [1.0, 2.0, 3.7, 10.0])
def test_everything_live_follows_the_gain(scene, gain):
    knob = at_gain(scene, gain)
    plain = saturation_at(scene.raw_trace.scores, gain)
    weights, sens, smallest = plain.weights, plain.top_sensitivity, plain.min_weight
    assert knob.bars.shown_values() == [round(w, 3) for w in weights]
    assert knob.gain_number.get_value() == pytest.approx(gain)
    assert value_of(knob.min_readout.shown()) == pytest.approx(smallest, rel=6e-3, abs=5e-4)
    scene.sensitivity.set_log10(knob.log10_sensitivity())
    assert value_of(scene.sensitivity.shown()) == pytest.approx(sens, rel=6e-3, abs=5e-4)
    np.testing.assert_allclose(scene.dot.get_center(), scene.plot.point(gain, np.log10(sens)), atol=1e-6)


def test_smallest_weight_stays_positive_at_the_largest_gain(scene):
    knob = at_gain(scene, GAIN_RANGE[1])
    smallest = saturation_at(scene.raw_trace.scores, GAIN_RANGE[1]).min_weight
    assert 0 < smallest < 1e-12
    assert min(knob.bars.shown_values()) == 0.0  # the bar's three decimals cannot show it ...
    assert knob.min_readout.shown() == ("4.25", -18)  # ... the readout can: e^-40 / (1 + e^-20 + e^-40)
    assert value_of(knob.min_readout.shown()) == pytest.approx(smallest, rel=1e-2)


def test_the_scaled_case_is_a_gain_on_the_same_axis(scene):
    scaled = examples.current().blend.trace(0)
    assert scene.scaled_gain == pytest.approx(1 / np.sqrt(scaled.width))
    np.testing.assert_allclose(weights_at_gain(scene.raw_trace.scores, scene.scaled_gain), scaled.weights)
    # ticked from g = 0, the axis starting before it (`AXIS_ROOM`: the dot clear of the log axis)
    axis = scene.plot.axes.x_axis
    assert [axis.p2n(tick.get_center()) for tick in axis.ticks] == pytest.approx(np.arange(0, 11, 2))
    assert scene.plot.axes.x_range[0] <= 0 and scene.plot.xs[0] == pytest.approx(scene.scaled_gain)
    dot, label = scene.scaled_mark[:2]  # and a leader line when the label had to move away
    sens = saturation_at(scene.raw_trace.scores, scene.scaled_gain).top_sensitivity
    np.testing.assert_allclose(
        dot.get_center(), scene.plot.point(scene.scaled_gain, np.log10(sens)), atol=1e-6
    )
    # its value written as its caption says it (review V8b: "g = 0.500" said, only "1/√4" written)
    assert label.tex_string == r"\text{scaled: } \mathsf{g} = 1/\sqrt{4} = 0.500"
    assert "0.500" in scaled_gain_caption(scaled.width, scene.scaled_gain)[1]


def test_each_gain_stop_drops_a_mark_from_the_curve_to_the_gain_axis(scene):
    """From under the tracking dot resting on the curve there, its first dash DROP_CLEAR clear of the dot (review J9:
    drawn from the dot's centre, a dash stood inside the dot at g = 10)."""
    assert len(scene.stop_marks) == len(GAIN_STOPS)
    for stop, mark in zip(GAIN_STOPS, scene.stop_marks):
        sens = saturation_at(scene.raw_trace.scores, stop).top_sensitivity
        top, foot = scene.plot.point(stop, np.log10(sens)), on_gain_axis(scene, stop)
        ends = sorted([mark.get_start(), mark.get_end()], key=lambda p: -p[1])
        np.testing.assert_allclose(ends, [top + DOWN * (TRACK_RADIUS + DROP_CLEAR), foot], atol=1e-6)
        at_gain(scene, stop)
        first = mark.submobjects[0]
        assert scene.dot.get_bottom()[1] - first.get_top()[1] >= DROP_CLEAR - 1e-6
    at_gain(scene, GAIN_RANGE[0])


def test_the_scaled_leader_keeps_clear_of_the_unit_gain_s_dot(scene):
    """Review J9: the lilac leader from the scaled dot to its label ran behind the white dot at g = 1, where the knob
    stands while it is shown; it bends up over it, LEADER_CLEAR (4 px at 480p) clear."""
    at_gain(scene, GAIN_RANGE[0])
    dot, __, leader = scene.scaled_mark
    assert leader_room(leader, scene.dot.get_center(), scene.dot.radius) >= LEADER_CLEAR
    assert LEADER_CLEAR * px_per_unit(480) >= 4
    assert np.linalg.norm(leader.get_start() - dot.get_center()) == pytest.approx(dot.radius)  # from its edge


def reads_as_its_own(leader, dot: Dot, other: tuple[np.ndarray, float]) -> bool:
    """A leader reads as `dot`'s: it starts on `dot`'s edge, nearer `dot`'s centre than the `other` dot's, and keeps
    LEADER_CLEAR from the other all along (or, where the dots overlap more than that allows, as much as an upright
    at `dot`'s far edge keeps)."""
    start, centre = leader.get_anchors()[0], dot.get_center()
    on_edge = np.linalg.norm(start - centre) == pytest.approx(dot.radius, abs=1e-6)
    away = np.linalg.norm(start - other[0]) > dot.radius
    far_edge = abs(other[0][0] - centre[0]) + dot.radius - other[1] - STROKE_UNIT
    return on_edge and away and leader_room(leader, *other) >= min(LEADER_CLEAR, far_edge) - 1e-6


@pytest.mark.parametrize("offset", [(0.1, -0.02), (0.12, 0.03), (0.15, 0), (0.3, -0.05), (-0.12, 0.02)])
@pytest.mark.parametrize("spot", [(2, 0.3), (0.5, 0.6), (-2, 0.4), (1.5, -0.5)])
def test_a_leader_from_a_dot_overlapping_another_starts_on_its_own_side(offset, spot):
    """Review round 9: where g = 1/√d and g = 1 are a few pixels apart (d = 2, 3, or a narrow plot), the dots
    overlap; the leader started at the edge of the pair, on the other dot, and read as that one's. It leaves its own
    dot on the side away from the other, clear of it."""
    dot = Dot([0, 0, 0], radius=0.08)
    label = math("x").move_to([*spot, 0])
    other = (np.array([*offset, 0]), TRACK_RADIUS)
    assert reads_as_its_own(tied(dot, label, "#ffffff", avoid=other)[2], dot, other)


def test_a_dot_at_the_other_s_gain_shares_its_label_from_the_pair_s_edge():
    """d = 1: the scaled dot lies on g = 1's (the same gain), and its label names both; its leader starts where it
    leaves the pair, not inside the other dot."""
    dot = Dot([0, 0, 0], radius=0.08)
    label = math("x").move_to([2, 0.3, 0])
    other = (np.array([0.01, 0, 0]), TRACK_RADIUS)
    leader = tied(dot, label, "#ffffff", avoid=other)[2]
    assert np.linalg.norm(leader.get_start() - other[0]) == pytest.approx(other[1])


@pytest.fixture(scope="module")
def overlapping(tmp_path_factory):
    """Corpus-00: width 2, its scaled dot (g = 0.707) overlapping g = 1's, its label up and right, over g = 1's."""
    return corpus_scene("corpus-00-negative", tmp_path_factory.mktemp("overlapping"))


def corpus_scene(stem: str, media):
    """The chapter built with corpus example `stem`, the example before it in use again after (for the tests after)."""
    with using(load_example_file(next(p for p in corpus_files() if p.stem == stem))):
        return built(WhereItBreaks, media)


def test_the_scaled_leader_reads_as_the_scaled_dot_s_where_the_dots_overlap(overlapping):
    """The two dots overlap, and the lilac leader leaves the lilac dot on its far side, clear of the white one."""
    dot, __, leader = overlapping.scaled_mark
    scores = overlapping.raw_trace.scores
    white = overlapping.plot.point(GAIN_RANGE[0], log10_top_sensitivity(scores, GAIN_RANGE[0]))
    assert np.linalg.norm(white - dot.get_center()) < TRACK_RADIUS + dot.radius  # they overlap
    assert reads_as_its_own(leader, dot, (white, TRACK_RADIUS))
    assert leader_room(leader, white, TRACK_RADIUS) >= LEADER_CLEAR


def dots_room_to_axes(scene) -> float:
    """The least room (px at 480p) between the slope plot's axis lines (their strokes) and a dot on it: the scaled
    case's, the smallest weight's, and the tracking dot anywhere along the sweep."""
    axes = scene.plot.axes
    corner = axes.c2p(axes.x_range[0], axes.y_range[0])
    scores = scene.raw_trace.scores
    dots = [(d.get_center(), d.radius) for d in (scene.scaled_mark[0], scene.smallest[1][0])]
    dots += [
        (scene.plot.point(g, log10_top_sensitivity(scores, g)), TRACK_RADIUS)
        for g in np.linspace(*GAIN_RANGE, 46)
    ]
    room = min(min(centre[:2] - corner[:2]) - radius for centre, radius in dots) - STROKE_UNIT
    return room * px_per_unit(480)


def test_no_dot_on_the_slope_plot_stands_near_its_axes(scene, tmp_path):
    """Review round 9: corpus-12's scaled dot stood 2.8 px (480p) from the log axis, its smallest weight's dot on the
    gain axis (its weight just over the decade the axis started at). The axes start before g = 0 and below the
    lowest decade as far as keeps every dot 6 px clear."""
    for shown in (scene, corpus_scene("corpus-12-long-names", tmp_path)):
        assert dots_room_to_axes(shown) >= 6
        for mark, gain in zip([*shown.stop_marks, *shown.scaled_drops], [*GAIN_STOPS, shown.scaled_gain, 1]):
            assert mark.get_bottom() == pytest.approx(on_gain_axis(shown, gain), abs=1e-6)  # down to the axis


def test_the_log_axis_ticks_point_out_clear_of_the_scaled_dot(scene):
    """Review J9: the scaled dot stood 5 px (at 1080p) from the log axis' top tick; the ticks point out of the plot,
    and the dot keeps 4 px at 480p from the axis and its ticks."""
    axis, dot = scene.plot.axes.y_axis, scene.scaled_mark[0]
    x = axis.get_start()[0]
    for tick in axis.ticks:
        assert tick.get_right()[0] == pytest.approx(x, abs=1e-6) and tick.get_left()[0] < x
    points = np.concatenate([axis.get_all_points(), *[t.get_all_points() for t in axis.ticks]])
    room = np.min(np.linalg.norm(points[:, :2] - dot.get_center()[:2], axis=1)) - dot.radius - STROKE_UNIT
    assert room * px_per_unit(480) >= 4


def test_tangent_stays_inside_its_axes(scene):
    for gain in (GAIN_RANGE[0], 1.0, 4.0, GAIN_RANGE[1]):
        scene.tangent.set_gain(gain)
        axes = scene.tangent.axes
        for point in scene.tangent.tangent.get_start_and_end():
            assert -1e-6 <= axes.p2c(point)[1] <= 1 + 1e-6


@pytest.mark.parametrize("gain", [0.5, 1.0, 3.7, 10.0])
def test_the_tangent_slope_is_the_sensitivity(scene, gain):
    tangent = scene.tangent.set_gain(gain)
    plain = saturation_at(scene.raw_trace.scores, gain)
    top = float(np.max(plain.weights))
    assert tangent.slope() == pytest.approx(plain.top_sensitivity, rel=1e-6, abs=1e-12)
    assert tangent.slope() == pytest.approx(top * (1 - top), rel=1e-6, abs=1e-12)
    gap = gain * (np.max(scene.raw_trace.scores) - np.sort(scene.raw_trace.scores)[-2])
    np.testing.assert_allclose(tangent.dot.get_center(), tangent.axes.c2p(gap, top), atol=1e-6)
    on_curve = np.min(np.linalg.norm(tangent.curve.get_anchors() - tangent.dot.get_center(), axis=1))
    assert on_curve < 0.05


def test_curve_is_the_saturation_sweep(scene):
    sweep = saturation_sweep(scene.raw_trace.scores, scene.sweep.gains)
    np.testing.assert_allclose(10**scene.plot.log10_ys, sweep.top_sensitivity, rtol=1e-6)
    assert scene.plot.xs[-1] == GAIN_RANGE[1]
    assert np.all(np.diff(scene.plot.log10_ys) < 0)
    vertices = scene.plot.curve["line_graph"].get_anchors()
    for x, y in zip(sweep.gains[::30], sweep.top_sensitivity[::30]):
        assert np.min(np.linalg.norm(vertices - scene.plot.point(x, np.log10(y)), axis=1)) < 1e-6
    labels = [(base.tex_string, exponent.tex_string) for base, exponent in scene.plot.axes.y_axis.labels]
    # every second tick from the top, the axis down to the smallest weight's decades (`smallest`)
    assert labels == [("10", "0"), ("10", "-10"), ("10", "-20")]


@pytest.mark.parametrize(
    "value, expected",
    [
        (0.0158762, ("1.59", -2)),
        (9.996e-3, ("1.00", -2)),
        (4.248e-18, ("4.25", -18)),
        (0.5, ("5.00", -1)),
        (1.0, ("1.00", 0)),
    ],
)
def test_mantissa_exponent(value, expected):
    assert mantissa_exponent(np.log10(value), 2) == expected


def test_mantissa_exponent_beyond_floats():
    assert mantissa_exponent(-20000 / np.log(10), 2) == ("1.29", -8686)  # e^-20000 = 10^-8685.89
    assert mantissa_exponent(float("-inf"), 2) == ("0.00", 0)


def test_readout_updates_in_place(tmp_path):
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        readout = SciNumber(np.log10(0.0158762))
        assert readout.shown() == ("0.016", None) and readout.tex_string == "0.016"
        left, base = readout.get_left()[0], readout.baseline()
        readout.set_opacity(0.3)
        old = VGroup(*readout.submobjects)
        readout.set_log10(np.log10(4.248e-18))
        assert not np.any(
            old.get_all_points()
        )  # a play drawing the old texts (its family at its start) draws nothing
        assert readout.shown() == ("4.25", -18) and readout.tex_string == r"4.25 \times 10^{-18}"
        mantissa, times, power = readout
        assert (mantissa.get_value(), times.tex_string, power.get_value()) == (4.25, r"{}\times 10", -18)
        assert readout.get_left()[0] == pytest.approx(left)
        assert readout.baseline() == pytest.approx(base)
        assert all(p.get_fill_opacity() == pytest.approx(0.3) for p in readout.family_members_with_points())
        assert power.get_bottom()[1] > times.get_bottom()[1]
        assert power.font_size == pytest.approx(times.font_size)  # raised, not smaller
        assert mantissa.font_size == pytest.approx(times.font_size)
        readout.set_log10(np.log10(0.25))  # back to decimals, in place
        assert readout.shown() == ("0.250", None) and len(readout) == 1
        assert readout.get_left()[0] == pytest.approx(left)
        assert readout.baseline() == pytest.approx(base)


def test_a_sweep_of_readouts_typesets_its_glyphs_once(tmp_path, monkeypatch):
    """Issue 27: the gain sweep prints hundreds of values; each was a formula (a LaTeX run each, ~100 s of a
    render's CPU). The readout's digits are live numbers: their glyphs are typeset once, whatever the values."""
    from scenes.kit import components, numbers

    for module, cache in ((numbers, "GLYPHS"), (numbers, "LAID_OUT"), (components, "_TYPESET")):
        monkeypatch.setattr(module, cache, {})  # as in a fresh render process
    made = []
    monkeypatch.setattr(numbers.SansTex, "__init__", counted(numbers.SansTex.__init__, made))
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        readout = SciNumber(np.log10(0.5))
        for log10_value in np.linspace(-40, -0.1, 300):
            readout.set_log10(log10_value)
    assert 0 < len(made) <= 16  # the ten digits, '.', '−', '× 10': not one per value


def counted(init, made: list):
    """`init`, recording each call in `made`."""

    def counting(self, *args, **kwargs):
        made.append(args)
        return init(self, *args, **kwargs)

    return counting


def test_the_readout_lines_are_set_in_one_face_at_one_size(scene):
    """'smallest weight 4.25 × 10⁻¹⁸' and 'slope w(1 − w): 2.06 × 10⁻⁹': words and numbers typeset alike, as
    every number is (review round 8: a line of words beside a LaTeX number read as two faces), one size, on one
    baseline."""
    from scenes.kit.numbers import SansTex

    at_gain(scene, GAIN_RANGE[1])
    scene.sensitivity.set_log10(scene.knob.log10_sensitivity())
    lines = ((scene.knob.min_label, scene.knob.min_readout, 3), (scene.plot.labels[1], scene.sensitivity, 1))
    for label, readout, flat in lines:
        parts = [label, *readout]
        assert all(isinstance(p, SansTex) or getattr(p, "mob_class", None) is SansTex for p in parts)
        assert {p.role for p in parts} == {"small"}
        assert len({round(p.font_size, 6) for p in parts}) == 1
        assert readout.baseline() == pytest.approx(label[0][flat].get_bottom()[1], abs=1e-6)
        assert readout.get_left()[0] > label.get_right()[0] + FRAME_BUFF + 0.05  # a frame round it clears it


def value_of(shown) -> float:
    """A readout's number as printed: ('0.026', None) or ('4.25', -18)."""
    number, exponent = shown
    return float(number) * 10.0 ** (exponent or 0)


def test_caption_helpers():
    """Issue 29 (S9): decimals down to the bars' 0.001, × 10ⁿ only below it (not '2.56 × 10⁻²' beside '0.026')."""
    assert sci(np.log10(4.248e-18)) == "4.25 × 10⁻¹⁸"
    assert sci(np.log10(0.0256)) == "0.026" and sci(np.log10(0.175)) == "0.175" and sci(0.0) == "1.000"
    assert sci(np.log10(0.0012)) == "0.001" and sci(np.log10(0.00049)) == "4.90 × 10⁻⁴"
    assert sci(np.log10(0.0009996)) == "0.001"  # the bar prints it so too
    assert sci(-20000 / np.log(10)) == "1.29 × 10⁻⁸⁶⁸⁶"  # e^-20000, far below float64's range
    assert vector_tex([4.0, 2.0, 0.0], SCORE_PLACES) == "[4, 2, 0]"


def test_everything_fits_in_the_frame(scene):
    at_gain(scene, GAIN_RANGE[1])
    everything = [scene.heading, scene.scaled_bars, scene.knob, scene.plot, scene.sensitivity, scene.caveats]
    for mob in [*everything, scene.tangent, scene.scaled_mark]:
        assert abs(mob.get_left()[0]) <= FRAME[0] and abs(mob.get_right()[0]) <= FRAME[0]
        assert abs(mob.get_top()[1]) <= FRAME[1] and abs(mob.get_bottom()[1]) <= FRAME[1]
    assert scene.knob.min_line.get_bottom()[1] > scene.caveats.get_top()[1]
    assert scene.knob.get_right()[0] < scene.plot.get_left()[0]


@pytest.fixture
def far_apart(tmp_path):
    """A custom example whose unscaled dots (100 and 0) make float64 weights underflow at high gain."""
    blend = BlendExample(
        tokens=("near", "far"), keys=[[10, 0], [0, 10]], values=[[1, 0], [0, 1]], queries=[[10, 0], [0, 10]]
    )
    with using(dataclasses.replace(examples.current(), blend=blend)):
        yield built(WhereItBreaks, tmp_path)


def test_readouts_stay_positive_where_floats_underflow(far_apart):
    knob = at_gain(far_apart, GAIN_RANGE[1])
    assert (
        saturation_at(far_apart.raw_trace.scores, GAIN_RANGE[1]).min_weight == 0.0
    )  # e^-1000 underflows ...
    assert knob.min_readout.shown() == ("5.08", -435)  # ... but is shown: e^-1000 = 5.08 x 10^-435
    assert far_apart.sensitivity.set_log10(knob.log10_sensitivity()).shown() == ("5.08", -435)
    assert np.all(np.isfinite(far_apart.plot.log10_ys))
    assert far_apart.dot.get_bottom()[1] >= far_apart.plot.axes.get_bottom()[1] - 0.1


def test_last_frame_snapshot_with_the_scaled_dot_in_view(tmp_path):
    """The scaled dot ends opaque, drawn over the current gain's dot (review round 8: hidden under it)."""
    scene = snapshot.played(WhereItBreaks, tmp_path)
    dot = scene.scaled_mark[0]
    assert dot.get_fill_opacity() == pytest.approx(1) and dot.z_index > scene.dot.z_index
    assert_matches_snapshot("WhereItBreaks", dry_run.picture(scene))


def on_gain_axis(scene, gain: float) -> np.ndarray:
    """Where `gain` is on the gain axis' line (below the lowest decade where the axis starts lower: `AXIS_ROOM`)."""
    axis = scene.plot.axes.x_axis
    return np.array([axis.n2p(gain)[0], axis.get_start()[1], 0])


def test_both_gains_drop_onto_the_gain_axis(scene):
    """g = 1/√d and g = 1 a few pixels apart on the curve, but each with its own drop to the axis."""
    for drop, gain in zip(scene.scaled_drops, (scene.scaled_gain, GAIN_RANGE[0])):
        assert drop.get_bottom()[1] == pytest.approx(on_gain_axis(scene, gain)[1], abs=1e-6)
        assert drop.get_x() == pytest.approx(on_gain_axis(scene, gain)[0], abs=1e-6)
    assert scene.scaled_drops[0].get_color().to_hex().lower() == scaled_color().lower()


def test_the_lower_plot_is_titled_and_labelled_for_the_weight_curve(scene):
    title, key = scene.tangent.title
    assert title.original_text == "top weight w against its gap"
    assert " ".join(key[1].original_text.split()) == "tangent: slope w(1 − w)"
    assert [label.original_text for label in scene.tangent.axis_labels] == ["gap", "w"]
    x_label, y_label = scene.tangent.axis_labels
    assert x_label.get_left()[0] > scene.tangent.axes.x_axis.get_right()[0]
    assert y_label.get_right()[0] < scene.tangent.axes.y_axis.labels.get_left()[0]


@pytest.mark.parametrize("gain", [GAIN_RANGE[0], 4.0, GAIN_RANGE[1]])
def test_the_tangent_is_long_and_drawn_over_a_thinner_curve(scene, gain):
    tangent = scene.tangent.set_gain(gain)
    lo, hi = tangent.axes.x_range[:2]
    (x0, y0), (x1, y1) = (tangent.axes.p2c(p)[:2] for p in tangent.tangent.get_start_and_end())
    full = TANGENT_REACH * (hi - lo)
    clipped = min(y0, y1) <= 1e-6 or max(y0, y1) >= 1 - 1e-6  # cut where it would leave weights 0..1
    assert x1 - x0 == pytest.approx(full) or (clipped and x1 - x0 < full)
    assert lo - 1e-9 <= x0 and x1 <= hi + 1e-9
    assert tangent.tangent.get_stroke_width() > 1.5 * tangent.curve.get_stroke_width()
    if gain == GAIN_RANGE[1]:  # almost flat: the whole length, at the top of the axis
        assert x1 - x0 == pytest.approx(full)


def test_frames_round_the_top_of_the_plot_stay_below_the_subtitle(scene):
    subtitle = scene.heading[1]
    for part in (scene.plot.labels[1], scene.sensitivity, scene.scaled_mark):
        assert part.get_top()[1] + TEXT_BUFF + 0.05 < subtitle.get_bottom()[1]


def frame_of(part, buff: float = TEXT_BUFF):
    """The frame `framed` draws round `part`: its box and the half of its stroke outside that box."""
    return framed(part, buff=buff).mobject, FRAME_STROKE * STROKE_UNIT / 2


def test_framed_text_keeps_5_px_clear_of_its_ink_and_its_neighbours(scene):
    """Review V8b: the frame round "softmax(g · [4, 0, 2])" came within 1-2 px of its ")" and "s" (26.5 s), and the
    tangent key's frame within 5-6 px of the S-curve's axis, 2 px of its "10" tick (48 and 90.5 s). Framed text
    keeps 5 px from the frame's stroke at 480p; that frame keeps 4 px from "g = 1.0" under the formula, and 5 px
    from the gap axis and its ticks under the key."""
    px = px_per_unit(480)
    for part in (scene.knob.formula, scene.tangent.title[1]):
        box, half = frame_of(part)
        assert (part.get_left()[0] - box.get_left()[0] - half) * px >= 5
        assert (box.get_right()[0] - half - part.get_right()[0]) * px >= 5
        assert (box.get_top()[1] - half - part.get_top()[1]) * px >= 5
    box, half = frame_of(scene.knob.formula)
    assert (box.get_bottom()[1] - half - scene.knob.gain_line.get_top()[1]) * px >= 4
    box, half = frame_of(scene.tangent.title[1])
    ticks = scene.tangent.axes.x_axis.ticks
    assert (box.get_bottom()[1] - half - ticks.get_top()[1]) * px >= 5


def test_the_slope_plot_s_axes_come_before_its_line(scene):
    """Review V8b (31-32 s): the slope's line was drawn at full strength 0.7 s before its axes had faded in."""
    shows = []
    scene.show = lambda *animations, **options: shows.append((animations, options))
    scene.wait_for_reader, scene.beat, scene.wait = (lambda *a, **k: None,) * 3
    try:
        scene.turn_up()
    finally:
        del scene.show, scene.wait_for_reader, scene.beat, scene.wait
        scene.unfollow(scene.knob, scene.sensitivity, scene.tangent)
    (steps,) = [a for a, o in shows if o["caption"].startswith("On the right")]
    (order,) = steps
    axes_in, line_in, *_ = order.animations
    assert (
        isinstance(order, Succession) and isinstance(line_in, Create) and line_in.mobject is scene.plot.curve
    )
    assert scene.plot.axes in axes_in.mobject.submobjects


def test_the_smallest_weight_stays_clear_of_the_plots(scene):
    at_gain(scene, GAIN_RANGE[1])
    right = scene.knob.min_line.get_right()[0]
    assert right + 0.2 < min(scene.plot.get_left()[0], scene.tangent.get_left()[0])
    assert scene.plot.get_bottom()[1] > scene.tangent.get_top()[1]


def test_no_score_tick_is_labelled_beyond_the_end_of_its_axis(scene):
    axes = scene.tangent.axes
    end = axes.c2p(axes.x_range[1], 0)[0]
    assert all(label.get_x() <= end + 1e-6 for label in axes.x_axis.labels)
    assert [label.tex_string for label in axes.x_axis.labels] == ["0", "10", "20"]


def test_the_weight_curve_holds_still_and_its_rise_is_wide(scene):
    """Against the score gap the curve barely moves as g turns; its rise (w from 0.1 to 0.9) takes a
    fair share of the panel, and the tangent at g = 1 is long enough to see."""
    tangent = scene.tangent
    shapes = [np.array(tangent.set_gain(g).curve.get_anchors()) for g in GAIN_RANGE]
    assert np.max(np.abs(shapes[0] - shapes[1])) < 0.1
    xs = [tangent.axes.p2c(p)[0] for p in shapes[0] if 0.1 <= tangent.axes.p2c(p)[1] <= 0.9]
    lo, hi = tangent.axes.x_range[:2]
    assert (max(xs) - min(xs)) / (hi - lo) > 0.15
    start, end = tangent.set_gain(GAIN_RANGE[0]).tangent.get_start_and_end()
    assert np.linalg.norm(np.subtract(end, start)) > 1.0


def label_clear_of_curve(scene):
    label, points = scene.scaled_mark[1], scene.plot.curve["line_graph"].get_anchors()
    dense = np.concatenate([np.linspace(a, b, 20) for a, b in zip(points[:-1], points[1:])])
    lo, hi = label.get_corner(DL)[:2], label.get_corner(UR)[:2]
    assert not np.any(np.all((dense[:, :2] >= lo) & (dense[:, :2] <= hi), axis=1))
    axes = scene.plot.axes
    for other in (axes.x_axis, axes.y_axis, *scene.plot.labels, scene.sensitivity, *scene.stop_marks):
        assert not overlap(label, other)


def overlap(a, b) -> bool:
    return not (
        a.get_right()[0] < b.get_left()[0]
        or b.get_right()[0] < a.get_left()[0]
        or a.get_top()[1] < b.get_bottom()[1]
        or b.get_top()[1] < a.get_bottom()[1]
    )


def test_the_scaled_label_is_clear_of_the_curve_axes_and_marks(scene):
    label_clear_of_curve(scene)


def test_the_scaled_label_is_clear_for_a_far_apart_example(far_apart):
    label_clear_of_curve(far_apart)


@pytest.fixture(scope="module")
def long_names(tmp_path_factory):
    """The corpus' six long names: their legend takes the subtitle's place, the plots lowered under it."""
    with using(load_example_file(next(p for p in corpus_files() if p.stem == "corpus-04-long-names"))):
        yield built(WhereItBreaks, tmp_path_factory.mktemp("long"))


def test_under_a_names_legend_the_s_curve_keeps_room_and_its_key_stands_beside_it(long_names):
    """Issue 30: lowered under six long names' legend, the S-curve was 2.7 x 1.1 units, its key on a line of its
    own under its title. The key, on the lines its formula allows, stands beside the panel over "gap", on the
    stage; the curve is taller by that line and wider; the scaled gain's label, with the curve along the top of
    its axis, moved up beside the readout, clear of the curve (it lay on it)."""
    curve = long_names.tangent
    key = curve.title[1]
    assert not curve.key_inside and curve.key_beside is key
    assert key.get_left()[0] > axis_end(curve.axes) and key.get_right()[0] <= STAGE.right
    assert apart(key, curve.axis_labels[0], 0.1) and apart(key, curve.title[0], 0.1)
    assert "w(1 − w)" in key[1].original_text.split("\n")[-1]  # the formula whole, on its own line
    assert curve.axes.x_length >= 3.2 and curve.axes.y_length >= 1.25
    label_clear_of_curve(long_names)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_bar_values_sit_on_their_own_bars_a_readable_gap_apart(scene, count):
    rng = np.random.default_rng(count)
    tokens = [f"t{k}" for k in range(count)]
    for weights in [np.full(count, 1 / count), *rng.dirichlet(np.ones(count) * 0.5, size=40)]:
        bars = bar_set(tokens, weights, 0)
        header_bottom = bars.baseline.get_y() + bars.max_height + HEADER_GAP + bars.plan.lift
        for k, (bar, value) in enumerate(zip(bars.bars, bars.values)):
            assert value.get_x() == pytest.approx(bar.get_x(), abs=0.2)  # over its own bar ...
            assert value.get_bottom()[1] >= bar.get_top()[1] + VALUE_GAP - 1e-6  # ... above it
            assert value.get_top()[1] < header_bottom
            for other in bars.values[k + 1 :]:
                apart_x = abs(value.get_x() - other.get_x()) >= value.width + NUMBER_ROOM - 1e-6
                apart_y = abs(value.get_y() - other.get_y()) >= value.height + 0.05
                assert apart_x or apart_y


def test_the_captions_choose_their_words_from_the_numbers():
    from attention.examples import story
    from scenes.chapters.where_it_breaks import (
        scaled_gain_caption,
        slope_caption,
        smallest_caption,
        unscaled_verdict,
    )

    keys, values = [[2, 0, 0, 0], [1, 1, 0, 0], [0, 2, 0, 0]], [[1, 0], [0, 1], [0, 0]]
    sharp = BlendExample(
        tokens=("a", "b", "c"), keys=keys, values=values, queries=[[2, 0, 0, 0], [0, 2, 0, 0]]
    )
    assert unscaled_verdict(sharp.trace(0), sharp.trace(0, scaled=False)) == "sharper"
    flat = dataclasses.replace(sharp, queries=[[0, 0, 1, 0], [0, 2, 0, 0]])  # every dot 0
    assert unscaled_verdict(flat.trace(0), flat.trace(0, scaled=False)) == "equal"
    huge = dataclasses.replace(sharp, queries=[[200, 0, 0, 0], [0, 2, 0, 0]])  # 1.000 either way
    assert unscaled_verdict(huge.trace(0), huge.trace(0, scaled=False)) == "one-hot"
    assert " ".join(scaled_gain_caption(4, 0.5)) == "Dividing by √4 was a gain too: g = 0.500, left of g = 1."
    assert scaled_gain_caption(1, 1.0)[0].startswith("Dividing by √1 changes nothing")
    # 0.197 is near the largest slope, 1/4: neither tiny nor almost flat; below TINY_SLOPE it is both
    said = " ".join(slope_caption(0.197, "0.197", 10))
    assert "tiny" not in said and "far from flat" in said
    assert "almost flat" in " ".join(slope_caption(story.TINY_SLOPE / 2, "", 10))
    # a caption for each thing framed: the bar if it reads 0, the readout, the scores
    assert smallest_caption("0.000", "4.25 × 10⁻¹⁸") == (
        "The smallest bar reads 0.000,",
        "yet the weight is 4.25 × 10⁻¹⁸:",
        "still positive, as for any finite scores.",
    )
    assert smallest_caption("0.117", "0.117") == (
        "The smallest weight is 0.117:",
        "still positive, as for any finite scores.",
    )
    assert len(slope_caption(0.197, "", 10)) == len(slope_caption(story.TINY_SLOPE / 2, "", 10)) == 2


def test_the_tangent_key_stands_in_the_panel_clear_of_curve_and_tangent_at_every_gain(scene):
    """Review V4: the key's own line under the title left the plots short; where the panel's lower right is
    empty (the default example) the key stands there, and neither the curve nor the tangent ever crosses it."""
    curve = scene.tangent
    key = curve.title[1]
    assert curve.key_inside
    assert key.get_top()[1] < curve.axes.c2p(0, 1)[1] and key.get_bottom()[1] > curve.axes.c2p(0, 0)[1]
    assert key.get_right()[0] <= axis_end(curve.axes) + 1e-6
    for gain in np.linspace(*GAIN_RANGE, 60):
        curve.set_gain(gain)
        points = np.concatenate(
            [curve.curve.get_anchors(), np.linspace(*curve.tangent.get_start_and_end(), 50)]
        )
        inside = np.all((points[:, :2] >= fit.box(key)[0]) & (points[:, :2] <= fit.box(key)[1]), axis=1)
        assert not inside.any(), gain
    curve.set_gain(GAIN_RANGE[0])


def test_the_smallest_weight_is_drawn_on_the_log_plot_above_its_floor(scene):
    """Review V4: 'still positive' was only a number under a 0.000 bar. The smallest weight's sweep is drawn on
    the slope's log axis (which reaches down to it), ending where the knob rests in a dot over the axis' floor,
    nine decades under the slope, named beside it on the stage, clear of "gain g"."""
    line, (dot, label, *_) = scene.smallest
    plot, scores = scene.plot, scene.raw_trace.scores
    assert plot.floor <= scene.sweep.log10_smallest.min()
    vertices = line["line_graph"].get_anchors()
    for g in scene.sweep.gains[::30]:
        expected = plot.point(g, where_it_breaks.log10_smallest_weight(scores, g))
        assert np.min(np.linalg.norm(vertices - expected, axis=1)) < 1e-6
    last = GAIN_STOPS[-1]
    smallest = where_it_breaks.log10_smallest_weight(scores, last)
    assert dot.get_center() == pytest.approx(plot.point(last, smallest))
    assert dot.get_y() > plot.axes.c2p(0, 0)[1] + dot.radius  # positive: over the floor, where 0 would lie
    assert where_it_breaks.log10_top_sensitivity(scores, last) - smallest > 8  # 2.06e-9 against 4.25e-18
    assert " ".join(label.original_text.split()) == "smallest weight"
    assert label.get_right()[0] <= STAGE.right and apart(label, plot.labels[0], 0.1)
    assert label.get_left()[0] > dot.get_right()[0]
    # a frame round it too (review E10: 4 px past the title-safe edge at 83 s and 93 s)
    box, half = frame_of(label, FRAME_BUFF)
    assert box.get_right()[0] + half <= STAGE.right + 1e-6


def test_a_frame_round_the_smallest_weight_s_name_keeps_clear_of_the_slope_s_dot_and_the_gain_axis(scene):
    """Review V6b: the frame round the smallest weight's dot and name ran through the slope's dot at the last
    stop, with "gain g" under it, and "10" all but touched "gain g". The name alone is framed, FRAME_CLEAR from
    the slope's dot, the gain axis and its numbers; "gain g" stands after "10", on its baseline."""
    at_gain(scene, GAIN_STOPS[-1])
    label, axis, name = scene.smallest[1][1], scene.plot.axes.x_axis, scene.plot.labels[0]
    for other in (scene.dot, axis, name):
        assert apart(label, other, FRAME_CLEAR - 1e-6)
    last = axis.labels[-1]
    assert name.get_left()[0] - last.get_right()[0] >= 0.2 - 1e-6
    assert abs(name.get_bottom()[1] - last.get_bottom()[1]) < 0.1  # in the numbers' row (its g hangs below)
    at_gain(scene, GAIN_RANGE[0])


def test_the_weight_curve_is_a_readable_plot_with_its_labels_clear_of_the_curve(scene):
    """The S-curve's w axis stands at the panel's left edge, its labels left of it (the curve starts at that
    edge, so it can run through none of them); the panel is tall enough to read at 480p, and its gap numbers
    keep clear of the caption band."""
    curve = scene.tangent
    axes = curve.axes
    lo = axes.x_range[0]
    left = axes.c2p(lo, 0)[0]
    assert curve.w_axis[0].get_x() == pytest.approx(left)
    assert axes.c2p(lo, 1)[1] - axes.c2p(lo, 0)[1] >= 1.5  # scene units: about 75 px of w at 480p
    for gain in GAIN_RANGE:
        xs = [p[0] for p in curve.set_gain(gain).curve.get_anchors()]
        assert min(xs) >= left - 1e-6
    for label in (*axes.y_axis.labels, curve.axis_labels[1]):
        assert label.get_right()[0] < left
    assert axes.y_axis.get_stroke_width() == 0  # manim's axis through gap 0 is not drawn
    assert axes.x_axis.labels.get_bottom()[1] >= STAGE.bottom + BAND_ROOM - 1e-6 and BAND_ROOM >= 0.1


@pytest.mark.parametrize(
    "tokens",
    [
        ["river", "bank", "money", "loan"],
        ["money", "mmm", "WWWWW", "x", "river"],
        [f"money{k}" for k in range(6)],
    ],
)
def test_no_name_is_cut_below_three_letters_and_the_names_of_both_sets_keep_apart(tokens):
    """Review 7: "money" read "mo…" under both sets of bars; they step onto staggered rows instead."""
    weights = np.full(len(tokens), 1 / len(tokens))
    sets = [bar_set(tokens, weights, x) for x in (SCALED_X, LIVE_X)]
    for label, token in zip(sets[0].labels, tokens):
        assert label.text == token or len(label.text.rstrip("…")) >= 3
    names = [label for bars in sets for label in bars.labels]
    assert all(apart(a, b, 0.05) for k, a in enumerate(names) for b in names[k + 1 :])
    if tokens[2] == "money":
        assert [label.text for label in sets[0].labels] == tokens  # whole where they fit


def test_one_quantity_prints_one_way_on_screen_and_in_the_captions(scene):
    """Issue 29 (S9): at every gain the smallest weight's readout prints what the smallest bar prints, unless
    that bar reads 0.000 (then × 10ⁿ, never 0); the slope too, with the captions' `sci`."""
    for gain in np.linspace(*GAIN_RANGE, 10):
        knob = at_gain(scene, gain)
        bar = min(decimals(knob.weights()), key=float)
        number, exponent = knob.min_readout.shown()
        assert (number, exponent) == ((bar, None) if float(bar) > 0 else sci_parts(knob.log10_smallest()))
        assert float(number) > 0 and scene.reading("smallest")[1] == sci(knob.log10_smallest())
        assert scene.sensitivity.set_log10(knob.log10_sensitivity()).shown() == sci_parts(
            knob.log10_sensitivity()
        )
    assert scene.reading("slope")[1] == "2.06 × 10⁻⁹"  # at gain 10
    at_gain(scene, GAIN_RANGE[0])
    assert scene.reading("smallest")[1] == "0.016" == min(decimals(scene.knob.weights()), key=float)


@pytest.mark.parametrize(
    "scaled, raw",
    [([0.572, 0.205, 0.08, 0.144], [0.773, 0.13, 0.026, 0.071]), ([0.5, 0.49, 0.01], [0.51, 0.48, 0.01])],
    ids=["review 7", "a value at the line"],
)
def test_the_dashed_level_line_keeps_clear_of_every_value(scaled, raw):
    """Issue 29 (N2): the line at the scaled top weight touched that bar's '0.572'; it breaks round values."""
    tokens = [f"t{k}" for k in range(len(scaled))]
    reference, live = bar_set(tokens, scaled, SCALED_X), bar_set(tokens, raw, LIVE_X)
    line = level_line(reference, live)
    assert line.get_right()[0] == pytest.approx(live.baseline.get_right()[0])
    k = int(np.argmax(raw))
    top = live.bars[k].get_x()  # the line crosses the live top bar: the comparison; or, its value side by
    crossed = any(
        piece.get_left()[0] < top < piece.get_right()[0] for piece in line
    )  # side with others at the
    value = live.values[k]  # line, it runs up to that value on both sides, broken round it
    reach = value.width / 2 + LEVEL_ROOM + 1e-6
    ends = [piece.get_right()[0] for piece in line] + [piece.get_left()[0] for piece in line]
    assert crossed or (
        min(abs(end - top) for end in ends) <= reach and any(p.get_left()[0] > top for p in line)
    )
    y = line.get_y()
    for value in [*reference.values, *live.values]:
        if value.get_bottom()[1] - LEVEL_ROOM < y < value.get_top()[1]:
            for piece in line:
                assert piece.get_right()[0] <= value.get_left()[0] - LEVEL_ROOM + 1e-6 or (
                    piece.get_left()[0] >= value.get_right()[0] + LEVEL_ROOM - 1e-6
                )


def test_the_verdict_goes_on_from_the_colon_before_it():
    """Issue 29 (N2): '…0.071: Already sharper:' capitalised after a colon."""
    sharp = BlendExample(
        tokens=("a", "b", "c"),
        keys=[[2, 0, 0, 0], [1, 1, 0, 0], [0, 2, 0, 0]],
        values=[[1, 0], [0, 1], [0, 0]],
        queries=[[2, 0, 0, 0], [0, 2, 0, 0]],
    )
    caption = verdict_caption(sharp.trace(0), sharp.trace(0, scaled=False))
    assert caption == "already sharper, the top bar above the dashed line at the scaled top weight."
    flat = dataclasses.replace(sharp, queries=[[0, 0, 1, 0], [0, 2, 0, 0]])
    assert verdict_caption(flat.trace(0), flat.trace(0, scaled=False)).startswith("equal dots give")
    huge = dataclasses.replace(sharp, queries=[[200, 0, 0, 0], [0, 2, 0, 0]])
    assert verdict_caption(huge.trace(0), huge.trace(0, scaled=False)) == (
        "both already one-hot as printed: these gaps are that large."
    )
    hardly = dataclasses.replace(sharp, queries=[[0.05, 0, 0, 0], [0, 2, 0, 0]])
    assert (
        verdict_caption(hardly.trace(0), hardly.trace(0, scaled=False))
        == "hardly sharper, since √4 is only 2."
    )


def test_emphasis_comes_from_the_kit_in_theme_colours():
    """manim's Indicate, Circumscribe and Flash default to a yellow no theme has (review round 7): the chapter
    pulses and frames through scenes.kit.emphasis."""
    assert not {"Indicate", "Circumscribe", "Flash"} & set(vars(where_it_breaks))


def test_the_knob_prints_its_stop_only_as_it_arrives():
    """Review 9: near the end of an eased sweep from 4 to 10, g already printed '10.0' (from 9.95 on) for 0.7 s
    while the readouts still moved under it. At an even pace the gain prints its stop only for the last
    0.05 / (stop - start) of a sweep: under a frame for the sweep to 10."""
    times = np.linspace(0, 1, 100001)
    for start, stop in zip((GAIN_RANGE[0], *GAIN_STOPS), GAIN_STOPS):
        gains = start + (stop - start) * np.array([SWEEP_RATE(t) for t in times])
        tail = 1 - times[np.round(gains, 1) == stop][0]  # the share of the sweep that prints its stop
        assert tail <= 0.05 / (stop - start) + 1e-4, (start, stop)
    assert tail * SWEEP_SECONDS < 1 / 15


def test_cut_names_read_apart_and_a_legend_gives_them_whole_before_the_plots_come(tmp_path):
    """Issue 29: six long names cut to three letters and more, none alike ('inter…', 'elect…'), both sets alike;
    their legend, in the right column the plots take later, gives each whole once, clear of the bars."""
    examples.use(load_example_file(next(p for p in corpus_files() if p.stem == "corpus-12-long-names")))
    try:
        scene = built(WhereItBreaks, tmp_path)
    finally:
        examples.use(examples.DEFAULT)
    shown = [[name.original_text for name in bars.labels] for bars in (scene.scaled_bars[0], scene.knob.bars)]
    assert shown[0] == shown[1] and len(set(shown[0])) == len(shown[0])
    assert all(name.endswith("…") and len(name) > 3 for name in shown[0])
    for legend in (scene.first_legend, scene.names_legend):
        entries = [entry.original_text for line in legend for entry in line]
        assert entries == [f"{cut}: {whole}" for cut, whole in zip(shown[0], scene.tokens)]
        assert legend.get_right()[0] <= STAGE.right and legend.get_bottom()[1] > STAGE.bottom
    assert scene.first_legend.get_left()[0] >= scene.knob.bars.get_right()[0]


@pytest.mark.parametrize("lo, hi, step", [(-4.04, 4.04, 2), (-3.64, 20.0, 10), (-5.0, 90.0, 20)])
def test_the_gap_axis_ticks_keep_their_labels_apart(lo, hi, step):
    """Review 5: a lecturer's scores gave the gap axis a tick a unit from −4 to 4 on 4 units, its labels running
    together ('−4−3−2−1'); the step grows (2, 5, 10 times) until they keep TICK_GAP apart."""
    length = 4.4  # the gap axis' length then
    assert tick_step(lo, hi, length) == step
    pitch = step * length / (hi - lo)
    widest = max(math(fmt(v, 0), role="small").width for v in ticks_of(lo, hi, step))
    assert pitch >= widest + TICK_GAP


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_a_value_stands_on_its_bar_or_a_leader_joins_it_to_its_bar(count):
    """Review 5: '0.000' floated 58 px over an empty bar. A value stands VALUE_GAP over its bar's top (the
    baseline for an empty bar); one stepped over a neighbour's is joined to its bar by a line in the bar's colour,
    from the bar's top up to the value."""
    rng = np.random.default_rng(count)
    tokens = [f"t{k}" for k in range(count)]
    for weights in [
        np.full(count, 1 / count),
        np.eye(count)[0],
        *rng.dirichlet(np.ones(count) * 0.5, size=20),
    ]:
        bars = bar_set(tokens, weights, 0)
        for bar, value, leader in zip(bars.bars, bars.values, bars.leaders):
            rise = value.get_bottom()[1] - bar.get_top()[1]
            if rise <= VALUE_GAP + 1e-6:
                assert rise == pytest.approx(VALUE_GAP, abs=1e-6) and leader.get_length() < 1e-3
                continue
            assert leader.get_color() == bar.get_color()
            assert leader.get_x() == pytest.approx(bar.get_x())
            assert leader.get_bottom()[1] == pytest.approx(bar.get_top()[1] + LEADER_BUFF)
            assert leader.get_top()[1] == pytest.approx(value.get_bottom()[1] - LEADER_BUFF)


@pytest.mark.parametrize("gain", GAIN_STOPS)
def test_three_values_stand_side_by_side_on_their_bars_at_every_stop(scene, gain):
    """The lecture's three bars print their values side by side, each on its bar (review 5: 'sat 0.000' stood a
    row over 'cat 0.000' at gains 4 and 10), a word space apart."""
    bars = at_gain(scene, gain).bars
    assert not bars.plan.crowded
    for bar, value in zip(bars.bars, bars.values):
        assert value.get_bottom()[1] - bar.get_top()[1] == pytest.approx(VALUE_GAP, abs=1e-6)
    for a, b in zip(bars.values, bars.values[1:]):  # review V4: '0.000 0.000' 8 px apart read as one
        assert (b.get_left()[0] - a.get_right()[0]) * 480 / STAGE.frame_height >= 12


def legend_clear(scene) -> None:
    """The names legend where it stays: clear of every other part (the subtitle, where it took its place, beside
    the title instead) and on the stage."""
    legend, (title, subtitle) = scene.names_legend, scene.heading
    others = [
        *([scene.subtitle_aside] if scene.subtitle_aside else []),
        title,
        scene.scaled_bars,
        scene.knob,
        scene.plot,
        scene.sensitivity,
        scene.tangent,
        scene.caveats,
    ]
    others += [subtitle] if legend is scene.first_legend else []
    assert all(apart(legend, other, 0.1) for other in others)
    assert legend.get_right()[0] <= STAGE.right and legend.get_bottom()[1] >= STAGE.bottom


@pytest.mark.parametrize("stem", ["corpus-07-mixed", "corpus-12-long-names"])
def test_the_names_legend_stays_as_long_as_the_cut_names(tmp_path, stem):
    """Review 5: 'flood…' lost its legend from beat 2 to the poster. Where a place beside the title, beside the
    subtitle or under everything has room, the legend stands there from the first beat to the last; else (six
    long names) it moves from the plots' place into the subtitle's as the plots come, the bars and plots lowered
    to make room, and stays (issue 29)."""
    examples.use(load_example_file(next(p for p in corpus_files() if p.stem == stem)))
    try:
        scene = played(WhereItBreaks, tmp_path)
    finally:
        examples.use(examples.DEFAULT)
    legend = scene.names_legend
    assert len(legend) and scene.legend_stays and legend in scene.mobjects  # still there at the end
    moved = legend is not scene.first_legend
    assert moved == (stem == "corpus-12-long-names")
    shown = [m for top in scene.mobjects for m in top.get_family()]
    assert (scene.heading[1] in shown) != moved  # the subtitle gave the legend its place
    assert (scene.subtitle_aside in shown) == moved  # and stands beside the title (issue 29: it was gone)
    legend_clear(scene)


def cuts_names(path) -> bool:
    """Whether the corpus example at `path` has WhereItBreaks' bars cut a name (measured, nothing built)."""
    tokens = load_example_file(path).blend.tokens
    return bool(fit.cut(fit.distinct_names(tokens, SetPlan.of(tokens).name_room)))


def test_every_corpus_example_with_cut_names_keeps_their_legend_to_the_poster(tmp_path):
    """Issue 29, over the corpus: wherever the bars cut a name (five or six long names included), its legend
    has a place to the end, clear of everything else. (Measured inside the test: text is typeset there, never
    while pytest-xdist's workers collect, both writing manim's text files.)"""
    cutting = [path for path in corpus_files() if cuts_names(path)]
    assert len(cutting) >= 5  # the long-name and mixed examples
    for path in cutting:
        legend_kept(path, tmp_path)


def legend_kept(path, tmp_path) -> None:
    """The corpus example at `path`, built: its names legend there to the end, never faded, clear of the rest."""
    with using(load_example_file(path)):
        scene = built(WhereItBreaks, tmp_path)
    assert len(scene.names_legend) and scene.legend_stays, path.stem
    fades = [move.mobject for move in scene.legend_moves() if isinstance(move, FadeOut)]
    assert scene.first_legend not in fades and scene.names_legend not in fades
    legend_clear(scene)
    subtitle_kept(scene)
    division_clear(scene)
    # not squat, and on the stage: narrowed from the left, the S-curve's title wrapped to more lines and pushed
    # the plot into the caption band
    for plot, size in ((scene.plot, PLOT_SIZE), (scene.tangent, tangent_size())):
        assert plot.axes.x_length / plot.axes.y_length <= size[0] / size[1] + 1e-9, path.stem
        assert plot.get_bottom()[1] >= STAGE.bottom and plot.get_right()[0] <= STAGE.right, path.stem


def division_clear(scene) -> None:
    """The scaled dots' division, written out while the first captions read it: on the stage, clear of the
    heading, the legend shown then, both sets' bars as they grow and their names (review V4)."""
    division, legend = scene.division, scene.first_legend
    assert division.get_right()[0] <= STAGE.right and division.get_bottom()[1] >= STAGE.bottom
    assert apart(division, scene.heading, 0.2) and (not len(legend) or apart(division, legend, 0.2))
    assert apart(division, scene.scaled_bars, 0.2)
    bars = scene.knob.bars
    over = division.get_bottom()[1] >= bars.baseline.get_y() + 0.2
    assert over or division.get_top()[1] <= min(bars.get_bottom()[1], scene.scaled_bars.get_bottom()[1]) - 0.2


def subtitle_kept(scene) -> None:
    """The subtitle's words on screen to the end: in its place, or where the legend takes that, beside the title
    on the stage, clear of the title and the legend (issue 29: it left from beat 2)."""
    if scene.first_legend is scene.names_legend:
        return
    aside, title = scene.subtitle_aside, scene.heading[0]
    assert aside is not None and " ".join(aside.original_text.split()) == scene.heading[1].original_text
    assert apart(aside, title) and apart(aside, scene.names_legend)
    assert aside.get_right()[0] <= STAGE.right and aside.get_top()[1] <= title.get_top()[1] + 1e-9
    assert not any(
        isinstance(move, FadeOut) and move.mobject is scene.heading[1] for move in scene.legend_moves()
    )


def test_a_lowered_plot_keeps_its_width_to_its_height():
    """Issue 29: lowered for the names legend, the plots were as wide and a third shorter; narrowed as well, they
    keep their own proportions (narrowed further for a longer label, never widened)."""
    assert kept_aspect(PLOT_SIZE, 0, 0) == PLOT_SIZE
    width, height = kept_aspect(PLOT_SIZE, 0, 0.5)
    assert height == pytest.approx(PLOT_SIZE[1] - 0.5) and width / height == pytest.approx(
        PLOT_SIZE[0] / PLOT_SIZE[1]
    )
    assert kept_aspect(PLOT_SIZE, 1.5, 0.1)[0] == pytest.approx(PLOT_SIZE[0] - 1.5)


def test_the_division_is_written_out_where_the_unscaled_bars_will_grow(scene):
    """Review V4: 4.4 s of an empty chart under 'Scaled, the dots [4, 0, 2] are divided by √4 first,'; the
    division is now written as the caption reads it, in the empty place of the unscaled bars, its numbers
    the trace's."""
    trace = scene.scaled_trace
    dots, divided, scores = scene.division
    assert [dots.tex_string, divided.tex_string, scores.tex_string] == [
        "[4, 0, 2]",
        r"/\, \sqrt{4}",
        "= [2, 0, 1]",
    ]
    assert [rel.result for rel in scene.division.relations] == [fmt(s, SCORE_PLACES) for s in trace.scores]
    assert [rel.terms for rel in scene.division.relations] == [
        (fmt(d, SCORE_PLACES), r"\sqrt{4}") for d in trace.dots
    ]
    assert divided.get_color().to_hex().lower() == scaled_color().lower()
    bars = scene.knob.bars
    division_clear(scene)
    assert scene.division.get_left()[0] == pytest.approx(bars.baseline.get_left()[0])
    assert scores.get_y() == pytest.approx(dots.get_y(), abs=0.05)  # on one line: there is room
    assert (
        bars.baseline.get_y()
        < scene.division.get_bottom()[1]
        < scene.division.get_top()[1]
        < bars.get_top()[1]
    )


def test_a_long_division_puts_its_result_under_the_dots():
    trace = examples.current().blend.trace(0)
    dots, _, scores = where_it_breaks.division_line(trace, split=True)
    assert scores.get_top()[1] < dots.get_bottom()[1]
    assert scores.get_left()[0] == pytest.approx(dots.get_left()[0])


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """The chapter run dry, with what each play showed: (its caption or "", its animations, flattened)."""
    return snapshot.played_with_plays(WhereItBreaks, tmp_path_factory.mktemp("probed"))


def test_the_unscaled_top_bar_is_framed_clear_of_its_name_not_pulsed(shown):
    """Review C9b (24.4-25.0 s): the 0.867 bar, pulsed about its centre, grew below the axis over its name "the" and
    turned near-white (a pop). It is framed with its value instead, the frame 4 px over the name at 480p."""
    scene, plays = shown
    (animations,) = [a for said, a in plays if said == verdict_caption(scene.scaled_trace, scene.raw_trace)]
    assert not [a for a in animations if isinstance(a, Indicate)]
    top = int(np.argmax(scene.knob.weights()))
    bar, value, name = (
        part[top] for part in (scene.knob.bars.bars, scene.knob.bars.values, scene.knob.bars.labels)
    )
    (frame,) = [a.mobject for a in animations if isinstance(a.mobject, SurroundingRectangle)]
    # round the bar, from its foot (the bars have grown on since; their names and feet stay)
    assert frame.get_x() == pytest.approx(bar.get_x())
    assert frame.get_bottom()[1] == pytest.approx(bar.get_bottom()[1] - FRAME_BUFF)
    assert (frame.get_bottom()[1] - FRAME_STROKE * STROKE_UNIT / 2 - name.get_top()[1]) * px_per_unit(
        480
    ) >= 4


def test_the_smallest_weight_s_line_comes_with_its_name(shown):
    """Review C9b (80 s): the smallest weight's line was drawn 1 s before its name faded in, unnamed meanwhile; they
    come together, then the dot where the line ends."""
    scene, plays = shown
    line, (dot, name) = scene.smallest
    groups = [a for __, animations in plays for a in animations if isinstance(a, Succession)]
    (steps,) = [
        s for s in groups if any(isinstance(a, Create) and a.mobject is line for a in snapshot.flat([s]))
    ]
    together, then = steps.animations
    assert {type(a) for a in together.animations} == {Create, FadeIn}
    assert [a.mobject for a in together.animations] == [line, name] and then.mobject is dot
