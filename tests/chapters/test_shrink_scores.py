"""ShrinkScores: histograms and statistics on screen equal the numpy variance experiment, raw and scaled
on one shared axis."""

import numpy as np
import pytest
from manim import RIGHT, FadeIn, VGroup

import i18n
from attention import WidthSample, histogram, softmax, variance_experiment
from attention.examples.shapes import MAX_WIDTH
from pipeline.run import dry_run
from scenes.chapters import shrink_scores
from scenes.chapters.shrink_scores import (
    MARK_LABEL_GAP,
    PEAK_HEIGHT,
    RAW_LEAST,
    ROOT_GAP,
    SPREAD,
    STAT_PLACES,
    STRIP_WIDTH,
    ShrinkScores,
    caveat_example,
    densities,
    divisor_tex,
    extreme_places,
    gap_relation,
    grown_outward,
    key_strip,
    shown_stat,
    weights_line,
)
from scenes.kit import arithmetic, fit
from scenes.kit.arithmetic import Relation, fmt, fmt_input
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import MIN_BAR, digits_foot
from scenes.kit.components import math
from scenes.kit.palette import THEMES, delta_e, raw_color, scaled_color, theme, use_theme
from scenes.kit.plots import Histogram
from scenes.kit.stage import STAGE
from tests.kit.test_type_and_colour import APART
from tests.support import snapshot
from tests.support.snapshot import assert_matches_snapshot, built


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(ShrinkScores, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return snapshot.played(ShrinkScores, tmp_path_factory.mktemp("dry"))


def centres(hist: Histogram) -> np.ndarray:
    return np.array([bar.get_x() for bar in hist.bars])


def test_samples_are_the_seeded_experiment(scene):
    for ours, fresh in zip(scene.samples, variance_experiment()):
        np.testing.assert_array_equal(ours.raw, fresh.raw)
    assert [s.width for s in scene.samples] == [4, 16, 64]


def test_the_scaled_histogram_is_the_raw_one_squeezed_by_the_root(scene):
    for row in scene.rows:
        root = np.sqrt(row.sample.width)
        np.testing.assert_array_equal(
            histogram(row.sample.raw, row.raw_edges), histogram(row.sample.scaled, row.scaled_edges)
        )
        np.testing.assert_allclose(row.scaled_edges, row.raw_edges / root)
        zero = row.x_of(0)
        np.testing.assert_allclose(centres(row.scaled) - zero, (centres(row.raw) - zero) / root, atol=1e-9)
        # the same samples, so the same area: densities grow by the root as the bins shrink
        np.testing.assert_allclose(row.scaled.fractions, row.raw.fractions * root, rtol=1e-9)


def test_one_axis_for_every_row_and_both_histograms(scene):
    for row in scene.rows:
        for hist, edges in ((row.raw, row.raw_edges), (row.scaled, row.scaled_edges)):
            mids = (edges[:-1] + edges[1:]) / 2
            np.testing.assert_allclose(centres(hist), [row.x_of(m) for m in mids], atol=1e-9)
            np.testing.assert_allclose([b.get_bottom()[1] for b in hist.bars], row.axis.get_y(), atol=1e-6)
    assert len({round(r.x_of(1.0), 9) for r in scene.rows}) == 1
    assert len({(round(r.axis.get_left()[0], 9), round(r.axis.get_right()[0], 9)) for r in scene.rows}) == 1


def test_bar_heights_are_densities_on_one_scale_a_raw_histogram_drawn_taller_says_so(scene):
    """Review E10: on the one scale d = 64's raw histogram stood 3 px tall at 480p, a thickened axis. A raw histogram
    is drawn the least power of two taller that makes its tallest bar RAW_LEAST of the scaled peak's height, with a
    tag saying by how much; squeezed, it ghosts at its height on the one scale."""
    tallest = max(row.scaled.heights().max() for row in scene.rows)
    assert tallest == pytest.approx(PEAK_HEIGHT)
    unit = tallest / max(densities(r.sample.scaled, r.scaled_edges).max() for r in scene.rows)
    for row in scene.rows:
        density = densities(row.sample.raw, row.raw_edges)
        np.testing.assert_allclose(
            row.raw.heights(), np.maximum(density * row.lift * unit, MIN_BAR), rtol=1e-6
        )
        np.testing.assert_allclose(
            [bar.height for bar in row.ghost], np.maximum(density * unit, MIN_BAR), rtol=1e-6
        )
        top = row.raw.heights().max()
        assert top >= RAW_LEAST * PEAK_HEIGHT and (row.lift == 1 or top / 2 < RAW_LEAST * PEAK_HEIGHT)
        assert (row.lift > 1) == (len(row.lift_tag) > 0)
        if row.lift > 1:
            assert row.lift_tag.text.endswith(f"×{row.lift}")  # (Text drops the spaces)
    assert [row.lift for row in scene.rows] == [1, 2, 4]
    assert RAW_LEAST * PEAK_HEIGHT * 480 / STAGE.frame_height >= 15  # px at 480p


def test_raw_spread_grows_with_width_and_scaled_spread_matches(scene):
    def drawn_span(hist):
        tall = [bar for bar, f in zip(hist.bars, hist.fractions) if f > 0]
        return tall[-1].get_right()[0] - tall[0].get_left()[0]

    raw = [drawn_span(r.raw) for r in scene.rows]
    assert raw[0] < raw[1] < raw[2]
    scaled = [drawn_span(r.scaled) for r in scene.rows]
    assert max(scaled) < raw[0] and max(scaled) - min(scaled) < 0.2 * max(scaled)


def test_raw_and_scaled_are_drawn_in_their_own_colours(scene):
    for row in scene.rows:
        assert row.raw.bars[0].get_fill_color().to_hex().lower() == raw_color().lower()
        for hist in (row.scaled, row.zoomed):
            assert hist.bars[0].get_fill_color().to_hex().lower() == scaled_color().lower()
    assert scene.legend[0].get_color().to_hex().lower() == raw_color().lower()


def test_the_rule_colours_q_as_the_query_k_as_the_key_and_the_root_as_the_scaled_scores(scene):
    colours = [part.get_color().to_hex().lower() for part in scene.rule]
    assert colours[1] == theme().query.lower() and colours[3] == theme().key.lower()
    assert colours[5] == scaled_color().lower()


@pytest.mark.parametrize("name", THEMES)
def test_raw_scores_are_a_neutral_apart_from_the_scaled_ones_and_from_every_role_and_token(name):
    """Review V4: the raw histograms' warm tan read as a token or heat colour; they are the theme's text colour,
    a neutral, in every theme apart from the scaled scores' colour, the roles and the tokens."""
    before = theme()
    use_theme(name)
    try:
        raw, scaled, t = raw_color(), scaled_color(), theme()
    finally:
        use_theme(before)
    assert raw == t.text
    for colour in (raw, scaled):
        near = [c for c in [*t.roles().values(), *t.tokens] if delta_e(colour, c) <= APART]
        assert not near, f"{colour} is near {near}"
        assert delta_e(colour, t.background) > 50
    assert delta_e(raw, scaled) > APART


def test_the_stretched_middle_is_the_scaled_histogram_on_its_own_axis(scene):
    for row in scene.rows:
        np.testing.assert_allclose(row.zoomed.fractions, row.scaled.fractions)
        np.testing.assert_allclose(row.zoomed.heights(), row.scaled.heights())
        mids = (row.scaled_edges[:-1] + row.scaled_edges[1:]) / 2
        np.testing.assert_allclose(centres(row.zoomed), [row.zoomed_x(m) for m in mids], atol=1e-9)
        box, copy_frame = row.zoom[0]
        # the box on the shared axis spans its middle, the frame round the copy spans the copy's axis
        assert box.get_left()[0] == pytest.approx(row.x_of(-SPREAD), abs=0.02)
        assert box.get_right()[0] == pytest.approx(row.x_of(SPREAD), abs=0.02)
        assert copy_frame.get_left()[0] == pytest.approx(row.zoomed_x(-SPREAD), abs=0.02)
        assert copy_frame.get_right()[0] == pytest.approx(row.zoomed_x(SPREAD), abs=0.02)
    labels = [m.tex_string for m in scene.zoom_ticks[1]]
    assert labels == ["-4", "0", "4"]


def test_the_weights_of_the_extreme_scores_are_drawn(scene):
    high, low, weights = caveat_example(scene.samples)
    np.testing.assert_allclose(weights, softmax([high, low]))  # the exact scores', not the printed ones'
    line = scene.weights
    assert [line[1].tex_string, line[3].tex_string] == ["3.577", "-3.708"]  # as the marks print them
    assert [line[5].tex_string, line[7].tex_string] == [fmt(w, 3) for w in weights] == ["0.999", "0.001"]
    assert r"\approx" in line[4].tex_string  # the weights are rounded


def test_weights_of_scores_printed_exactly_equal_say_equals():
    line = weights_line([WidthSample(2, np.zeros(2), np.array([0.5, 0.5]), 0.0, 0.0)])
    assert [line[5].tex_string, line[7].tex_string] == ["0.500", "0.500"] and "=" in line[4].tex_string


def test_variances_on_screen_are_the_sample_variances(scene):
    for row in scene.rows:
        assert row.raw_var[1].get_value() == round(row.sample.raw_var, STAT_PLACES)
        assert row.scaled_var[1].get_value() == round(row.sample.scaled_var, STAT_PLACES)
        assert abs(row.raw_var[1].get_value() / row.sample.width - 1) < 0.05
        assert abs(row.scaled_var[1].get_value() - 1) < 0.05


def test_negative_zero_is_shown_as_zero():
    assert str(shown_stat(-0.0004)) == "0.0"


def test_divisors_on_screen(scene):
    assert [m.tex_string for m in scene.roots] == [r"\sqrt{4} = 2", r"\sqrt{64} = 8"]
    assert divisor_tex(8) == r"\sqrt{8} \approx 2.828"


def test_the_divisors_stand_beside_keys_of_their_widths(scene):
    """Review round 8: 0-14 s were a lone formula; the keys whose width d is rooted are drawn now."""
    ours, widest = scene.keys
    assert len(ours[1]) == scene.width and len(widest[1]) == scene.samples[-1].width
    assert [e.tex_string for e in ours[2]] == [fmt_input(v) for v in scene.inputs().keys[0]]
    assert len(widest[2]) == 0  # sixty-four cells hold no numbers
    for strip, root in zip(scene.keys, scene.roots):
        assert strip[4].tex_string == f"d = {len(strip[1])}"
        assert root.get_y() == pytest.approx(strip[1].get_y()) and root.get_left()[0] > strip.get_right()[0]
    assert ours[1].get_left()[0] == pytest.approx(widest[1].get_left()[0])
    assert scene.rule.get_bottom()[1] > ours.get_top()[1] and ours.get_bottom()[1] > widest.get_top()[1]


def test_a_key_s_cells_widen_to_hold_its_entries_and_the_widest_valid_key_stays_on_the_stage():
    """Every entry is written in its cell: six of the widest an example file allows (width 6, |x| <= 100, three
    decimals) make a strip that, with its name, still fits the stage beside its divisor."""
    decimals = key_strip([1.026, -1.83, 2.256, -1.049, 1.961, 1.966])
    for entry, box in zip(decimals[2], decimals[1]):
        assert entry.width < box.width and box.get_left()[0] < entry.get_left()[0]
    assert len(decimals[2]) == 6
    widest = key_strip([-44.444] * MAX_WIDTH)
    assert len(widest[2]) == MAX_WIDTH and all(e.width < b.width for e, b in zip(widest[2], widest[1]))
    room = STAGE.right - STAGE.body_left - ROOT_GAP - math(divisor_tex(MAX_WIDTH), role="title").width
    assert widest.width <= room
    assert key_strip([0] * 64, numbered=False)[1].width == pytest.approx(STRIP_WIDTH)


def test_the_dropped_samples_are_the_first_dot_products_on_their_axis(scene):
    for row in scene.rows:
        expected = [row.x_of(v) for v in row.sample.raw[: len(row.drops)]]
        assert len(row.drops) > 0
        np.testing.assert_allclose([d.get_x() for d in row.drops], expected, atol=1e-9)
        assert all(d.get_y() == pytest.approx(row.axis.get_y()) for d in row.drops)
        assert row.drops[0].get_fill_color().to_hex().lower() == raw_color().lower()


def test_the_stretched_middle_is_captioned_plainly(played):
    assert "On the right, scores from −4 to 4, stretched: the shapes match." in played.captions


def test_caveat_marks_sit_at_the_extreme_scaled_scores(scene):
    high, low, weights = caveat_example(scene.samples)
    widest = scene.samples[-1].scaled
    assert (high, low) == (widest.max(), widest.min())
    marks, _, gap = scene.extremes
    for mark, value in zip(marks, (low, high)):
        assert mark[1].tex_string == fmt(value, 3)
        assert mark[0].get_x() == pytest.approx(scene.rows[-1].x_of(value))
    word, value = gap
    assert (word.tex_string, value.tex_string) == (r"\text{gap}", "= 7.285")
    assert digits_foot(value) == pytest.approx(digits_foot(marks[1][1]), abs=1e-6)  # on one baseline
    assert word[0][1].get_bottom()[1] == pytest.approx(value.get_bottom()[1], abs=1e-6)  # the 'a' of 'gap'
    assert [fmt(w, 3) for w in weights] == ["0.999", "0.001"]


def test_the_printed_gap_is_the_exact_gap_rounded_and_the_printed_scores_add_up_to_it(scene, played):
    """One value per quantity (issue 29): the gap is the exact one rounded, as numpy gives it. To two places the
    scores 3.58 and −3.71 add up to 7.29 beside a gap of 7.28 (reviews 4 to V6b), so all three are printed to
    three: 3.577 + 3.708 = 7.285, on the label and in the captions."""
    marks, _, gap = scene.extremes
    high, low = caveat_example(scene.samples)[:2]
    assert gap_relation(high, low).sign == "≈" and extreme_places(high, low) == 3
    (rel,) = gap.relations
    assert rel == Relation(("3.577", "3.708"), "sum", "=", fmt(high - low, 3)) == gap_relation(high, low, 3)
    assert float(rel.terms[0]) + float(rel.terms[1]) == pytest.approx(float(rel.result), abs=1e-12)
    assert gap[1].tex_string == f"= {rel.result}" and f"a gap of {rel.result}." in played.captions
    assert "Even scaled, the d = 64 samples reach 3.577 and −3.708," in played.captions


def test_an_extreme_score_s_value_stands_clear_of_its_tick_and_grows_away_from_it(scene):
    """Review V6b: '3.58' touched its tick while it was pulsed (grown about its centre)."""
    for mark in scene.extremes[0]:
        tick, label = mark.copy()
        anim = grown_outward(VGroup(tick, label)).build()
        anim.begin()
        for alpha in (0, 0.5):  # as placed, and at its largest
            anim.interpolate(alpha)
            near = (
                label.get_left()[0] - tick.get_x()
                if label.get_x() > tick.get_x()
                else tick.get_x() - label.get_right()[0]
            )
            assert near >= MARK_LABEL_GAP - 1e-6
        assert label.width > mark[1].width * 1.1  # grown at its largest
        anim.interpolate(1)
        assert label.width == pytest.approx(mark[1].width)  # and back


def test_a_gap_is_exact_where_the_printed_scores_give_it():
    assert gap_relation(1.25, -0.5) == Relation(("1.25", "0.50"), "sum", "=", "1.75")
    assert gap_relation(1.254, -0.504) == Relation(("1.25", "0.50"), "sum", "≈", "1.76")  # exact: 1.758
    assert extreme_places(1.25, -0.5) == STAT_PLACES  # no more places than needed
    assert extreme_places(1.254, -0.504) == 3  # 1.254 + 0.504 = 1.758
    # no places up to two more add up (each rounds the same way, the sum the other): '≈' to STAT_PLACES
    assert extreme_places(1.00444, -1.00444) == STAT_PLACES and gap_relation(1.00444, -1.00444).sign == "≈"


def test_histogram_places_bins_on_its_axis():
    edges = np.linspace(-2, 2, 5)
    hist = Histogram([0.1, 0.4, 0.4, 0.1], edges, width=4, height=2).shift([1, 1, 0])
    np.testing.assert_allclose(hist.heights(), [0.5, 2, 2, 0.5])
    np.testing.assert_allclose([b.get_x() for b in hist.bars], [-0.5, 0.5, 1.5, 2.5])
    assert hist.x_of(0) == pytest.approx(1)


def test_everything_fits_on_the_stage(scene):
    """Within the title-safe area, above the caption band."""
    everything = [scene.heading, scene.rule, scene.roots, scene.keys, *scene.rows, scene.ticks, scene.legend]
    zooms = [part for row in scene.rows for part in (row.zoom, row.zoomed)]
    for mob in [
        *everything,
        *zooms,
        scene.note,
        scene.extremes,
        scene.weights,
        scene.zoom_ticks,
        scene.zoom_title,
    ]:
        assert STAGE.left <= mob.get_left()[0] and mob.get_right()[0] <= STAGE.right
        assert STAGE.bottom <= mob.get_bottom()[1] and mob.get_top()[1] <= STAGE.top


def test_last_frame_snapshot(played):
    assert_matches_snapshot("ShrinkScores", dry_run.picture(played))


def test_the_caption_reads_the_gap_and_the_weights_as_drawn(played):
    assert "a gap of 7.285." in played.captions
    assert "Two scores that far apart get weights 0.999 and 0.001." in played.captions


def test_the_captions_read_each_divisor_as_the_kit_writes_it(played):
    """One writer of '√3 ≈ 1.732' for the captions, `render.py check` and the page (`arithmetic.root_text`): the
    chapter keeps no copy of its own to drift."""
    assert shrink_scores.root_text is arithmetic.root_text
    said = " ".join(played.captions)
    assert f"so the divisor is {arithmetic.root_text(played.width)}." in said
    for s in played.samples:
        assert f"d = {s.width}: divided by {arithmetic.root_text(s.width)}." in said


def test_each_variance_line_is_one_face_on_one_baseline(scene):
    """Review 8 (should 1): 'variance 3.99' had its word in the text face beside a LaTeX number; now both are
    typeset alike, at one size, the number on the word's baseline."""
    from manim import MathTex

    for row in scene.rows:
        for line in (row.raw_var, row.scaled_var):
            label, number = line
            assert isinstance(label, MathTex) and all(isinstance(digit, MathTex) for digit in number)
            assert label.tex_string == r"\text{variance}" and label.font_size == pytest.approx(
                number.font_size
            )
            assert number.get_bottom()[1] == pytest.approx(label[0][0].get_bottom()[1], abs=1e-6)
            assert label.get_right()[0] < number.get_left()[0]


def test_the_weights_line_stands_clear_of_the_axis_numbers_and_the_footnote(scene):
    """Review 4: 'softmax(3.58, −3.71) ≈ ...' sat close above the '4000 seeded random pairs' footnote; it now
    stands midway, with a gap of at least 15 px at 480p above and below it."""
    pixels = 480 / STAGE.frame_height
    above = scene.ticks.get_bottom()[1] - scene.weights.get_top()[1]
    below = scene.weights.get_bottom()[1] - scene.note.get_top()[1]
    assert above * pixels >= 15 and below * pixels >= 15
    assert above == pytest.approx(below)


def test_the_top_row_keeps_a_clear_gap_under_the_formula_line(scene):
    """Review V4: the d = 4 row's dashed frame and spread mark touched the formula line's subscript (Σⱼ);
    every row's frames and marks now stay at least 8 px at 480p under it."""
    pixels = 480 / STAGE.frame_height
    line = scene.strip.get_bottom()[1]
    for row in scene.rows:
        for part in (
            row.zoom,
            row.spread,
            row.spread_name,
            row.unit_spread,
            row.unit_name,
            row.raw,
            row.scaled,
        ):
            assert (line - part.get_top()[1]) * pixels >= 8


def test_the_opening_keys_and_divisors_fill_the_stage_below_the_rule(scene):
    """Review V4: the opening was ~70% empty; its keys and divisors now span most of the stage's width, the
    entries at the number size, the divisors at the rule's, all under the rule and above the caption band."""
    shown = VGroup(scene.keys, scene.roots)
    assert shown.width >= 0.7 * (STAGE.right - STAGE.body_left)
    assert shown.get_top()[1] < scene.rule.get_bottom()[1] and shown.get_bottom()[1] > STAGE.bottom
    assert all(entry.role == "number" for entry in scene.keys[0][2])
    assert all(root.role == scene.rule.role for root in scene.roots)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_variance_s_digits_stand_on_its_label_s_baseline_though_a_decimal_comma_hangs_below(lang):
    """German '3,99' stood raised beside 'Varianz': its bottom (the comma's foot) had been put on the line."""
    with i18n.active(lang):
        label, number = shrink_scores.variance_line(3.99, raw_color())
    assert digits_foot(number) == pytest.approx(shrink_scores.foot(label), abs=1e-6)
    hangs = number.get_bottom()[1] < digits_foot(number) - 0.01
    assert hangs == (lang == "de")


def test_each_spread_mark_names_what_it_measures_beyond_the_window(scene):
    """Review V8a: the '|—|' bars had no name; each says ±√d, and ±1 once divided, right of the bar and of the
    dashed window round the middle, so the window's edge never runs through it."""
    for row in scene.rows:
        for bar, label, name in (
            (row.spread, row.spread_name, r"\pm\sqrt{d}"),
            (row.unit_spread, row.unit_name, r"\pm 1"),
        ):
            assert label.tex_string == name
            window = row.zoom[0][0]
            assert label.get_left()[0] > max(bar.get_right()[0], window.get_right()[0])
            assert (
                label.get_top()[1] >= bar.get_top()[1] - 1e-9
            )  # beside the bar, as high as its ticks or higher


def test_each_spread_mark_s_name_stands_clear_of_every_bar_the_axis_and_its_ticks(scene):
    """Review C9b: '±√d' hung beside its bar down onto the d = 16 histogram's tail, and d = 64's axis ran through it.
    Each name keeps NAME_CLEAR (3 px at 480p) from every bar of its row, raw or scaled, and from the axis' ticks."""
    from scenes.chapters.shrink_scores import AXIS_TICK, NAME_CLEAR

    for row in scene.rows:
        near = [*row.raw.bars, *row.scaled.bars, *scene.ticks[0]]
        for label in (row.spread_name, row.unit_name):
            for part in near:
                assert fit.apart(label, part, NAME_CLEAR - 1e-6), (row.sample.width, label.tex_string)
            assert label.get_bottom()[1] >= row.axis.get_y() + AXIS_TICK + NAME_CLEAR - 1e-6
    assert NAME_CLEAR * 480 / STAGE.frame_height >= 3


def test_the_stretched_middle_s_title_says_it_is_stretched_clear_of_the_formula_line_and_the_legend(scene):
    """Review V8a: '[−4, 4],   ×3.4' read as a fragment; review C9b: '[−4, 4] × 3.4' did not say what ×3.4 is. The
    title reads 'stretched ×3.4' (the range is the numbers under the stretched middles), 8 px at 480p from the
    formula line and the legend."""
    assert scene.zoom_title.tex_string == r"\text{stretched}\;{\times}3.4"
    assert [label.tex_string for label in scene.zoom_ticks[1]] == [fmt(-SPREAD, 0), "0", fmt(SPREAD, 0)]
    for other in (scene.strip, scene.legend):
        assert fit.apart(scene.zoom_title, other, 8 * STAGE.frame_height / 480)


def test_the_stretched_middles_come_in_place_not_sliding_over_the_axes(tmp_path):
    """Reviews V8a, C9b: copies of the scaled histograms slid right over the shared axes' ticks and numbers (along
    them, then over an arc); the stretched middles fade in where they stand, and nothing moves while they come."""
    seen = []

    class Probed(ShrinkScores):
        def stretch_middles(self):
            self.probing = True
            super().stretch_middles()
            self.probing = False

        def play(self, *animations, **kwargs):
            if getattr(self, "probing", False):
                seen.append(animations)
            super().play(*animations, **kwargs)

    Probed.__name__ = ShrinkScores.__name__  # the registry's chapter
    scene = snapshot.played(Probed, tmp_path)
    coming = next(animations for animations in seen if any(type(a) is FadeIn for a in animations))
    assert all(type(a) is FadeIn for a in coming)
    faded = {id(a.mobject) for a in coming if isinstance(a, FadeIn)}
    assert all(id(row.zoomed.bars) in faded for row in scene.rows)


def test_the_extremes_stand_alone_where_the_window_was(played):
    """Review V8a: the extreme scores' white bars stood 1-2 px inside the dashed window's edges (read as doubled
    lines), and the ±1 name would stand where the high score's value goes: both leave as the extremes come."""
    widest = played.rows[-1]
    assert widest.zoom[0][0].get_stroke_opacity() == 0 and widest.unit_name.get_fill_opacity() == 0
    assert all(row.zoom[0][0].get_stroke_opacity() > 0 for row in played.rows[:-1])


def test_the_variances_stand_by_the_axes_ends_until_the_middles_come(scene):
    """Review V8a: the variances stood 200 px right of their axes for 36 s, the room the stretched middles take
    only later: they stand STATS_GAP from the axes' ends, and move by `stats_shift` to stand beyond the middles."""
    from scenes.chapters.shrink_scores import AXIS_WIDTH, AXIS_X, STATS_GAP

    ends = AXIS_X + AXIS_WIDTH / 2
    assert min(line.get_left()[0] for line in scene.stats) == pytest.approx(ends + STATS_GAP)
    moved = [line.copy().shift(scene.stats_shift * RIGHT) for line in scene.stats]
    middles = max(row.zoom.get_right()[0] for row in scene.rows)
    assert min(line.get_left()[0] for line in moved) > middles


def test_every_plus_minus_one_mark_stands_inside_its_dashed_frame(scene):
    """Review J9: d = 4's ±1 mark straddled its dashed frame's top edge. Every ±1 mark, and one over the tallest bar any
    row may have, keeps 4 px of background at 480p from its frame's strokes, inside it."""
    pixels = 480 / STAGE.frame_height
    for row in scene.rows:
        frame = row.zoom[0][0]
        tallest = row.spread_mark(1, row.axis.get_y() + PEAK_HEIGHT, r"\pm 1")[0]
        for mark in (row.unit_spread[0], tallest):
            inside = [
                frame.get_top()[1] - mark.get_top()[1],
                mark.get_left()[0] - frame.get_left()[0],
                frame.get_right()[0] - mark.get_right()[0],
            ]
            strokes = (mark[0].get_stroke_width() + frame[0].get_stroke_width()) * STROKE_UNIT / 2
            assert min(inside) - strokes >= 4 / pixels, row.sample.width


def test_the_two_axes_numbers_read_as_two_scales(scene):
    """Review J9: the shared axis' '32' and the stretched axis' '−4' stood 51 px apart at 1080p, on one line with the
    other numbers, and read as one scale: the gap between the two axes' numbers is wider than any between two numbers
    of one axis."""
    shared, stretched = scene.ticks[1], scene.zoom_ticks[1]

    def gaps(labels):
        return [b.get_left()[0] - a.get_right()[0] for a, b in zip(labels[:-1], labels[1:])]

    between = stretched[0].get_left()[0] - shared[-1].get_right()[0]
    assert between > max(gaps(shared) + gaps(stretched))


def test_the_wide_root_and_the_stretched_middles_are_in_before_their_caption_reads_them(
    tmp_path, monkeypatch
):
    """Review E10: '√64 = 8' came as its caption ended (3.5 s after it started), and the stretched middles faded in
    over all of theirs, a second or more late. Each is in by the time the caption, read at an even pace, comes to
    it: the root's symbol, the word 'stretched'."""
    from manim import Scene, Succession
    from manim.animation.animation import prepare_animation

    plays, play = [], Scene.play

    def recorded(self, *animations, **kwargs):
        ends = {}  # each animated mobject's end in its play: a Succession's parts one after another
        for a in map(prepare_animation, animations):
            at = 0.0
            for part in a.animations if isinstance(a, Succession) else [a]:
                at += kwargs.get("run_time", part.run_time)
                ends[id(part.mobject)] = at
        plays.append((kwargs.get("subcaption") or "", ends))
        play(self, *animations, **kwargs)

    monkeypatch.setattr(Scene, "play", recorded)
    scene = snapshot.played(ShrinkScores, tmp_path)
    for start, shown, word in (
        ("With ", scene.roots[1], "√"),
        ("On the right", scene.rows[0].zoomed.bars, "stretched"),
    ):
        caption, ends = next(p for p in plays if p[0].startswith(start))
        assert ends[id(shown)] <= caption.index(word) / len(caption) * scene.caption_time(caption), caption
