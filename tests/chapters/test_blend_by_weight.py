"""Blend by weight: the output's two coordinates marked on the values' axes, and the opening roadmap."""

import numpy as np
import pytest
from manim import UP, Camera, Dot, Square, SurroundingRectangle

from attention import examples
from attention.examples.file import examples_from_dict
from narration.cues import split
from pipeline.run import dry_run
from scenes.chapters.blend_by_weight import (
    BARS_WIDEST,
    CLOSE_UP_GAIN,
    EXP_PLACES,
    HALO,
    HEAD_ROOM,
    LABEL_GAP,
    LABEL_REACH,
    NAME_GAP,
    NAME_SPACE,
    OUTPUT_STROKE,
    PLANE_BOX,
    VALUE_ROOM,
    BlendByWeight,
    CoordinateMarks,
    close_up,
    exp_cell,
    head_corners,
    heads_apart,
    joins,
    place_value_labels,
    stand_out,
    value_marks,
    values_caption,
)
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import exp_column, vector_tex
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.components import text
from scenes.kit.emphasis import FRAME_STROKE
from scenes.kit.fit import apart
from scenes.kit.palette import DIM, px_per_unit, theme, token_color
from scenes.kit.stage import STAGE
from scenes.kit.value_plane import ValuePlane, blend_rows
from scenes.kit.vector_rows import one_size, output_tex
from tests.support.example_corpus import corpus_example, share_of, using
from tests.support.plays import recorded
from tests.support.snapshot import built

CUSTOM_VALUES = {  # values a lecturer may give: along one axis, negative, crowded, six words
    "one axis": (["alpha", "beta", "gamma"], [[1, 0], [2, 0], [3, 0]]),
    "negative": (["up", "down", "nil"], [[-1, 2], [2, -1], [0, 0]]),
    "close": (["dog", "pet", "cat"], [[1, 0], [0.9, 0.1], [0, 1]]),
    "six": (["w1", "w2", "w3", "w4", "w5", "w6"], [[1, 0], [0, 1], [-1, 0], [0, -1], [1, 1], [0, 0]]),
}


def in_use(example, scene):
    """`scene` with `example`, the one it was built with, in use while a test checks it (a word's colour is its
    example's), and the one before it after: a module's scene leaves no example behind for the tests after it,
    whichever worker runs them in whatever order."""
    with using(example):
        yield scene


@pytest.fixture(scope="module")
def lecture_s(tmp_path_factory):
    with using(examples.DEFAULT):
        return examples.DEFAULT, built(BlendByWeight, tmp_path_factory.mktemp("media"))


@pytest.fixture
def scene(lecture_s):
    """The chapter built with the lecture's example."""
    yield from in_use(*lecture_s)


@pytest.fixture(scope="module", params=list(CUSTOM_VALUES))
def custom_s(request, tmp_path_factory):
    tokens, values = CUSTOM_VALUES[request.param]
    keys = [[1, 0] if i % 2 == 0 else [0, 1] for i in range(len(tokens))]
    example = examples_from_dict(
        {"blend": {"tokens": tokens, "keys": keys, "values": values, "queries": [[2, 0], [0, 2]]}}
    )
    with using(example):
        return example, built(BlendByWeight, tmp_path_factory.mktemp("custom"))


@pytest.fixture
def custom(custom_s):
    """The chapter built with values of one of CUSTOM_VALUES (keys and queries of width 2, the first query
    matching the first key)."""
    yield from in_use(*custom_s)


def test_the_coordinates_are_printed_as_the_output_line_prints_them(scene):
    printed = [number.tex_string for number in scene.coordinates.numbers]
    assert printed == [r.result for r in scene.output_line.relations] == ["0.665", "0.245"]


def test_each_dashed_line_ends_on_its_axis_at_the_output_coordinate(scene):
    axes, output = scene.plane.plane, scene.trace.output
    x_foot, y_foot = (axes.p2c(line.get_end())[:2] for line in scene.coordinates.lines)
    np.testing.assert_allclose(x_foot, [output[0], 0], atol=1e-3)
    np.testing.assert_allclose(y_foot, [0, output[1]], atol=1e-3)
    for number, line in zip(scene.coordinates.numbers, scene.coordinates.lines):  # each beside its foot
        assert np.linalg.norm(number.get_center() - line.get_end()) < 1.0


def test_the_coordinates_stay_clear_of_the_names_and_the_rows(scene):
    names = [mark[1] for mark in scene.plane.marks]
    others = [*names, *scene.rows.columns[1], scene.output_line, *scene.counts]
    for number in scene.coordinates.numbers:
        assert all(apart(number, other) for other in others)
    assert apart(*scene.coordinates.numbers)


def test_the_opening_names_the_steps_in_order(scene):
    words = [part.text for part in scene.roadmap[::2]]
    assert words == ["scores", "weights", "weights×values", "oneoutput"]  # Text keeps no spaces
    assert all(a.get_right()[0] < b.get_left()[0] for a, b in zip(scene.roadmap, scene.roadmap[1:]))


def check_values_read_as_values(scene):
    """Each value is an arrow (a dot for the zero vector) in the values' colour, labelled with its word in the
    word's colour and its coordinates as the rows print them, in the values' colour, beside the word or under it."""
    tokens = scene.example.tokens
    for mark, token, value in zip(scene.plane.marks, tokens, scene.plane.values_xy):
        shape, (name, coordinates) = mark[0], mark[1]
        assert shape.get_color().to_hex().upper() == theme().value.upper()
        assert isinstance(shape, Dot) == bool(np.allclose(value, 0))
        assert name.get_color().to_hex().upper() == token_color(token).upper()
        assert coordinates.tex_string == vector_tex(value, None)
        assert coordinates.get_color().to_hex().upper() == theme().value.upper()
        beside = coordinates.get_left()[0] - name.get_right()[0] == pytest.approx(NAME_GAP)
        under = name.get_bottom()[1] - coordinates.get_top()[1] == pytest.approx(NAME_GAP)
        assert beside or (under and coordinates.get_left()[0] == pytest.approx(name.get_left()[0]))


def check_labels_are_clear(scene):
    """The values' labels stay inside the safe area, apart from each other and from the output's coordinates,
    and off the axes and the value arrows (the terms' and the output's arrows too, where there is room)."""
    labels = [mark[1] for mark in scene.plane.marks]
    for i, label in enumerate(labels):
        assert -fit.LABEL_RIGHT <= label.get_left()[0] and label.get_right()[0] <= fit.LABEL_RIGHT
        assert STAGE.bottom <= label.get_bottom()[1] and label.get_top()[1] <= STAGE.top
        assert all(apart(label, other) for other in labels[i + 1 :])
        assert all(apart(label, number) for number in scene.coordinates.numbers)
        beside = [scene.slot, scene.rows, scene.output_line, *scene.counts]  # the texts left of the plane
        assert all(apart(label, text) for text in beside)
    axes = scene.plane.plane
    origin = axes.c2p(0, 0)
    for label in labels:  # no axis runs through a label
        (x0, y0), (x1, y1) = fit.box(label)
        assert not (y0 < origin[1] < y1 and x1 > axes.get_left()[0] and x0 < axes.get_right()[0])
        assert not (x0 < origin[0] < x1 and y1 > axes.get_bottom()[1] and y0 < axes.get_top()[1])
        assert clearance(label, scene.plane.output) >= LABEL_GAP / 2  # off the output's arrow, halo and head


def clearance(label, arrow) -> float:
    """How far `label`'s box stays from what `arrow` draws: its shaft as wide as its widest stroke (the halo), and
    its head (review V7: the output's arrow ran by a value's label)."""
    (x0, y0), (x1, y1) = fit.box(label)
    start, end = arrow.get_start()[:2], arrow.get_end()[:2]
    width = (
        max(arrow.get_stroke_width(), arrow.get_stroke_width(background=True)) * 0.01
    )  # manim's stroke unit
    across = np.array([start[1] - end[1], end[0] - start[0]]) / np.linalg.norm(end - start) * width / 2
    along, over = np.meshgrid(np.linspace(0, 1, 400), np.linspace(-1, 1, 9))
    shaft = start + along.reshape(-1, 1) * (end - start) + over.reshape(-1, 1) * across
    corners = np.asarray(arrow.tip.get_anchors())[:, :2]
    head = [a + t * (b - a) for a, b in zip(corners, np.roll(corners, 1, 0)) for t in np.linspace(0, 1, 50)]
    drawn = np.vstack([shaft, head])
    return float(np.linalg.norm(drawn - np.clip(drawn, [x0, y0], [x1, y1]), axis=1).min())


def test_the_values_read_as_values(scene):
    check_values_read_as_values(scene)
    shown = dict(zip(scene.example.tokens, [m[1][1].tex_string for m in scene.plane.marks]))
    assert shown == {"the": "[1, 0]", "sat": "[0, 1]", "cat": "[0, 0]"}


def test_the_values_labels_are_clear(scene):
    check_labels_are_clear(scene)


def test_a_value_along_an_axis_is_drawn_above_it_thicker_than_it(scene):
    the = scene.plane.marks[0][0]
    axis = scene.plane.plane.get_x_axis()
    parts = list(scene.plane.submobjects)
    assert parts.index(scene.plane.marks) > parts.index(scene.plane.plane)  # drawn after the axes
    assert the.get_stroke_width() >= 2.5 * axis.get_stroke_width()


@pytest.fixture(scope="module")
def far_down_left_s(tmp_path_factory):
    with corpus_example(16):
        return examples.current(), built(BlendByWeight, tmp_path_factory.mktemp("corpus-16"))


@pytest.fixture
def far_down_left(far_down_left_s):
    """The chapter built with corpus example 16: its values lie far down left of the origin, where their words
    went onto the rows w_i v_i beside the plane (issue 29)."""
    yield from in_use(*far_down_left_s)


def test_values_far_down_left_keep_their_words_off_the_rows(far_down_left):
    assert all(x < 0 and y < 0 for x, y in far_down_left.plane.values_xy)
    check_labels_are_clear(far_down_left)


def test_custom_values_read_as_values_with_clear_labels(custom):
    check_values_read_as_values(custom)
    check_labels_are_clear(custom)


def test_custom_bars_keep_their_weights_apart_and_their_names_whole(custom):
    """Review round 6: with four words the weights over the bars touched and "queen" was cut to "qu…"; the bars
    stand far enough apart for both (under the table when beside it they would shrink everything more)."""
    bars, factor = custom.bars, custom.factor
    assert len(custom.bar_values) == len(bars.bars)  # every weight printed over its bar
    for a, b in zip(bars.values, bars.values[1:]):
        assert b.get_left()[0] - a.get_right()[0] >= VALUE_ROOM * factor - 1e-6
    room = BARS_WIDEST / len(bars.bars) - NAME_SPACE  # the names are whole up to this width
    for name, token in zip(bars.labels, custom.example.tokens):
        assert name.text.endswith("…") == (text(token, role="label").width > room)
    beside = bars.get_left()[0] > custom.table.get_right()[0]
    assert beside or bars.get_top()[1] < custom.sum_line.get_bottom()[1]


def test_the_lecture_s_bars_stand_beside_its_table(scene):
    assert scene.bars.get_left()[0] > scene.table.get_right()[0]
    assert scene.bars.get_top()[1] == pytest.approx(scene.table.get_top()[1], abs=0.3)


def test_an_exponent_is_the_score_as_its_cell_prints_it_never_cut_with_an_ellipsis():
    """Review 7: 'e^{0.178…}' for a score of 0.1775 read as 'and more'; the cell prints it rounded, with ≈."""
    places = exp_column([0.1775, 0.0, -0.7641], EXP_PLACES)
    assert exp_cell("0.178", 0.1775, places) == r"e^{0.178} \approx 1.194"
    assert exp_cell("0", 0.0, places) == "e^{0} = 1.000"  # to the column's places, as e^0 beside others
    assert exp_cell("-0.764", -0.7641, places) == r"e^{-0.764} \approx 0.466"
    assert exp_cell("0", 0.0, exp_column([0.0, 0.0], EXP_PLACES)) == "e^{0} = 1"  # a column of whole ones


def check_the_output_stands_out(scene):
    """Review 7: the output arrow, as thin as the terms and under a longer one, its head on the chain, was the
    hardest thing to see. Now it is the thickest arrow on the plane, drawn over the terms and the values in a
    halo of the background's colour, and the terms recede as it is named."""
    plane, output = scene.plane, scene.plane.output
    shown = [t for t in plane.terms if t.get_stroke_opacity() > 0] + [m[0] for m in plane.marks]
    assert output.get_stroke_width() > max(a.get_stroke_width() for a in shown)
    assert output.get_stroke_width() == pytest.approx(OUTPUT_STROKE)  # not thinned for being short
    parts = list(plane.submobjects)
    assert parts.index(output) > max(parts.index(plane.terms), parts.index(plane.marks))  # drawn over them
    assert output.get_stroke_width(background=True) == OUTPUT_STROKE + HALO
    assert output.get_stroke_color(background=True).to_hex().lower() == theme().background.lower()
    assert {id(m) for m in scene.receded} == {
        id(m) for m in shown[: len(shown) - len(plane.marks)]
    }  # the terms


def test_the_output_stands_out(scene):
    check_the_output_stands_out(scene)


def test_a_custom_output_stands_out(custom):
    check_the_output_stands_out(custom)


def test_the_values_caption_is_cut_at_its_colon_not_inside_its_list():
    """Review 7: 'The values [1.2, −0.6], [0.25, 0.5], [−0.9, 1.15],' / '[−1.05, 0.35] live in their own plane.'
    was cut inside the list. The list now ends the caption, and a caption too long for a cue is cut before it."""
    said = values_caption([[1.2, -0.6], [0.25, 0.5], [-0.9, 1.15], [-1.05, 0.35]])
    assert split(said) == [
        "The values live in their own plane:",
        "[1.2, −0.6], [0.25, 0.5], [−0.9, 1.15], [−1.05, 0.35].",
    ]
    assert split(values_caption([[1, 0], [0, 1], [0, 0]])) == [
        "The values live in their own plane: [1, 0], [0, 1], [0, 0]."
    ]


def test_a_short_output_is_magnified_in_a_free_place():
    """Review 7: among longer values and terms a short output was a stub. Drawn CLOSE_UP_GAIN times larger or
    more, in a square clear of what is shown, its place outlined on the plane; a long output is left as it is."""
    values, weights = [[3, 0], [-2.8, 0], [0, 0.4]], [0.45, 0.45, 0.1]
    plane = ValuePlane(["a", "b", "c"], values, *PLANE_BOX).set_blend(weights)
    output = plane.term_ends(weights)[-1]
    beside = Square(1).move_to(plane.plane.c2p(0, 0) + UP * 2)  # something shown near the output's place
    made = close_up(plane, output, [plane.plane, beside])
    assert made is not None
    frame, panel, magnified = made.frame, made.panel, made.view[-1]
    length = np.linalg.norm(magnified.get_end() - magnified.get_start())
    assert length >= CLOSE_UP_GAIN * np.linalg.norm(plane.output.get_end() - plane.output.get_start())
    assert all(apart(panel, other) for other in (plane.plane, beside))
    assert (
        frame.get_left()[0] <= plane.output.get_start()[0]
        and frame.get_right()[0] >= plane.output.get_end()[0]
    )
    long = ValuePlane(["a", "b"], [[1, 0], [0, 1]], *PLANE_BOX).set_blend([0.9, 0.1])
    assert close_up(long, long.term_ends([0.9, 0.1])[-1], [long.plane]) is None


def test_the_sum_of_weights_line_is_one_face_on_one_baseline(scene):
    """Review 8 (should 1): 'sum of weights = 1.000' had its words in the text face beside a LaTeX number. Now
    every part is typeset, the sign on the math axis, the number on the words' baseline, with either sign."""
    from manim import MathTex

    from scenes.kit.bars import WeightBars

    for weights, sign in (([0.5654, 0.4004, 0.0342], r"\approx"), ([0.5, 0.25, 0.25], "=")):
        bars = WeightBars(["a", "b", "c"], weights)
        (words, shown_sign), number = bars.total_label, bars.total
        assert all(isinstance(part, MathTex) for part in (words, shown_sign, *number))  # the digits too
        assert words.tex_string == r"\text{sum of weights}" and shown_sign.tex_string == sign
        baseline = words[0][0].get_bottom()[1]
        assert number.get_bottom()[1] == pytest.approx(baseline, abs=1e-6)
        assert baseline < shown_sign.get_center()[1] < number.get_top()[1]
        assert (
            words.get_right()[0] < shown_sign.get_left()[0] < shown_sign.get_right()[0] < number.get_left()[0]
        )
    assert isinstance(scene.bars.total_label[0], MathTex)  # the chapter's own


@pytest.mark.parametrize("number", [0, 1, 10, 17, 18])
def test_a_crowded_plane_labels_each_value_beside_its_own_tip(tmp_path, number):
    """Review 5: with a lecturer's four values, labels as long as 'bank [1.5, 0.5]' found no clear place near
    their tips and stood by other arrows. A label stands at its nearest clear place, within LABEL_REACH of its own
    lines of its tip; crowded, its coordinates go under its word (corpus-01's 'apple', corpus-17's 'bank') before
    they go at all."""
    with corpus_example(number):
        scene = built(BlendByWeight, tmp_path)
    axes = scene.plane.plane
    for mark, token, value in zip(scene.plane.marks, scene.example.tokens, scene.plane.values_xy):
        label, tip = mark[1], np.array(axes.c2p(*value))[:2]
        line = max(part.height for part in label)  # its height on one line: its parts are centred there
        assert distance(label, tip) <= LABEL_GAP + LABEL_REACH * (line + LABEL_GAP) + 1e-6, token
        assert label[0].original_text.rstrip("…") in token  # its own word
        assert len(label) == 2, token  # with its coordinates
    check_labels_are_clear(scene)


def distance(label, tip) -> float:
    """From `tip` to `label`'s box."""
    (x0, y0), (x1, y1) = fit.box(label)
    return float(np.linalg.norm(tip - np.clip(tip, [x0, y0], [x1, y1])))


def test_labels_along_one_axis_keep_their_coordinates_at_every_nearby_scale():
    """Issue 30: the one-axis example's 'gamma [3, 0]' kept its coordinates with the layout at 0.88 and 0.96 of its
    size and lost them at 0.94 and 0.98 (a label had eight places on two rings). On a fine grid, every label keeps
    its coordinates from 0.86 to 1, and a step of 0.02 moves it little."""
    tokens, values = CUSTOM_VALUES["one axis"]
    keys = [[1, 0] if i % 2 == 0 else [0, 1] for i in range(len(tokens))]
    trace = examples_from_dict(
        {"blend": {"tokens": tokens, "keys": keys, "values": values, "queries": [[2, 0], [0, 2]]}}
    ).blend.trace(0)
    terms = [r for cell in blend_rows(trace, tokens).columns[1] for r in cell.relations]
    relations = c.math(output_tex(terms, trace.output)).relations
    before = None
    for factor in np.arange(0.86, 1.001, 0.02):
        plane = ValuePlane(tokens, trace.values, *PLANE_BOX).set_blend(trace.weights)
        value_marks(plane, tokens)
        stand_out(plane)
        one_size(plane, factor)
        coordinates = CoordinateMarks(plane, trace.output, relations, [])
        one_size(coordinates, factor)
        place_value_labels(plane, coordinates, [])
        labels = [mark[1] for mark in plane.marks]
        assert all(len(label) == 2 for label in labels), factor
        centres = np.array([label.get_center() for label in labels])
        if before is not None:
            assert np.linalg.norm(centres - before, axis=1).max() < 0.5, factor
        before = centres


HEAD_PX = 400  # pixels per scene unit in the window a head is drawn in (about 3.5 times 1080p's)
SHOWS = 1 / 3  # a head reads as one where at least this share of it is seen ...
SHOWS_CROSSED = (
    1 / 2
)  # ... or this, where another head ends at its tip pointing another way (a wing reads as a
# stray stroke: corpus-23's '猫' term showed 37% under the output's solid head)
PLAIN = 30  # a pixel is changed where a channel moves by more than this


def window(leaves, around, background) -> np.ndarray:
    """`leaves` (drawn in their order, none's family added) in a square window round `around`, as RGB."""
    side = max(around.width, around.height) + 0.1
    camera = Camera(
        frame_center=around.get_center(),
        frame_width=side,
        frame_height=side,
        pixel_width=int(side * HEAD_PX),
        pixel_height=int(side * HEAD_PX),
        background_color=background,
    )
    camera.capture_mobjects(leaves, include_submobjects=False)
    return camera.pixel_array[:, :, :3].astype(int)


def seen_share(leaves, tip, background) -> float | None:
    """The share of `tip`'s pixels that the picture of `leaves` (drawn in order) shows changed by it: 0 under
    something opaque, 1 where nothing covers it; None for a head that draws nothing."""
    changed = lambda a, b: np.any(np.abs(a - b) > PLAIN, axis=2)  # noqa: E731
    own = changed(window([tip], tip, background), window([], tip, background))
    rest = [leaf for leaf in leaves if leaf is not tip]
    seen = changed(window(leaves, tip, background), window(rest, tip, background)) & own
    return seen.sum() / own.sum() if own.sum() else None


def same_head(tip, other) -> bool:
    """Whether `other` is `tip` drawn again: its point within a tenth of the head, pointing within 5°, as large
    within a tenth (a weight near 1 makes a term its value and the output that term; two words may share a
    value)."""
    turn = np.degrees(np.arccos(np.clip(np.dot(unit(tip.vector), unit(other.vector)), -1, 1)))
    near = np.linalg.norm(tip.tip_point - other.tip_point) <= tip.length / 10
    return bool(near and turn <= 5 and abs(other.length - tip.length) <= tip.length / 10)


def crossed(tip, other) -> bool:
    """Whether `other` ends at `tip`'s point (within half the head) pointing more than 5° another way."""
    turn = np.degrees(np.arccos(np.clip(np.dot(unit(tip.vector), unit(other.vector)), -1, 1)))
    return bool(np.linalg.norm(tip.tip_point - other.tip_point) <= tip.length / 2 and turn > 5)


def unit(v) -> np.ndarray:
    return np.asarray(v, dtype=float) / (np.linalg.norm(v) or 1)


def hidden_heads(scene) -> list[str]:
    """The plane's heads drawn in full that show less than SHOWS of themselves (with what is over them), other
    than one drawn twice (`same_head`: the one over shows the same head, the one under changes nothing)."""
    plane, tokens = scene.plane, scene.example.tokens
    named = [(f"value {t}", m[0]) for t, m in zip(tokens, plane.marks) if not isinstance(m[0], Dot)]
    named += [(f"term {t}", a) for t, a in zip(tokens, plane.terms)] + [("output", plane.output)]
    leaves = scene.camera.get_mobjects_to_display(scene.mobjects)
    order = {id(leaf): i for i, leaf in enumerate(leaves)}
    tips = [(name, arrow.tip) for name, arrow in named if id(arrow.tip) in order]
    hidden = []
    for name, tip in tips:
        # receded (the terms, once the output is named)
        if max(tip.get_fill_opacity(), tip.get_stroke_opacity()) < 1:
            continue
        share = seen_share(leaves, tip, scene.camera.background_color)
        twice = any(same_head(tip, other) for _, other in tips if other is not tip)  # over it or under it
        least = SHOWS_CROSSED if any(crossed(tip, other) for _, other in tips if other is not tip) else SHOWS
        if share is not None and share < least and not twice:
            hidden.append(f"{name} ({share:.0%} seen)")
    return hidden


def lines_over_arrows(scene) -> list[str]:
    """The output's dashed coordinate lines drawn over an arrow of the plane (one ran along the default 'sat'
    term)."""
    leaves = scene.camera.get_mobjects_to_display(scene.mobjects)
    order = {id(leaf): i for i, leaf in enumerate(leaves)}
    arrows = [*[m[0] for m in scene.plane.marks], *scene.plane.terms, scene.plane.output]
    drawn = [order[id(part)] for arrow in arrows for part in arrow.get_family() if id(part) in order]
    dashes = [order[id(d)] for d in scene.coordinates.lines.get_family() if id(d) in order]
    return ["a dashed line over an arrow"] if dashes and drawn and max(dashes) > min(drawn) else []


def heads_by_beat(number: int | None, media_dir) -> dict[str, list[str]]:
    """BlendByWeight run dry with the lecture's example (None) or corpus example `number`: the hidden heads as the
    terms are drawn and as the chapter ends, with the output's coordinates (and those lines over an arrow)."""

    def watch(scene, name, _played):
        return (name, hidden_heads(scene) + lines_over_arrows(scene)) if hasattr(scene, "plane") else None

    settings = {"pixel_width": 256, "pixel_height": 144, "media_dir": str(media_dir)}
    with using(examples.DEFAULT) if number is None else corpus_example(number):
        _, seen = dry_run.run(BlendByWeight, settings, watch)
    return dict(seen[-2:])


@pytest.mark.parametrize(
    "number",
    [None, 2, 23, *share_of("BlendByWeight")],
    ids=lambda n: "default" if n is None else f"corpus-{n:02d}",
)
def test_every_head_on_the_plane_shows(number, tmp_path):
    """Review (issue 30): the default 'sat' term lay under the dashed coordinate line and its head under the
    output's. The dashed lines are drawn under the arrows, every head over every shaft, the smaller over the
    larger; the output's halo is round its shaft only (it hid corpus-02's 'sat' head just beyond its tip). With
    the lecture's example, corpus-02 and the chapter's share of the corpus (one of each style; all of it passed).
    Corpus-23's '猫' term ends where the output does, as large, another way: under the output's solid head it
    showed a wing (37%); the output's head is drawn open there, an outline (both show: 75% and the outline), and
    filled again as the terms recede."""
    ends = heads_by_beat(number, tmp_path)
    assert list(ends)[0] == "Weights times values"
    assert ends == dict.fromkeys(ends, [])


READS = 0.6  # a value's head with the output's ending just short of it, pointing its way, shows this much at least


def test_a_value_s_head_the_output_s_ends_by_shows_to_the_end(tmp_path):
    """Corpus-06: 'αλφα' carries 0.977 of the weight, so its term and the output end just short of its value's
    tip, pointing its way; their heads over the value's left 44% of it. The value's head is drawn over its term's
    and the output's head open over it, to the end (the values do not recede); the output's head shows whole."""

    def watch(scene, name, _played):
        if not hasattr(scene, "plane"):
            return None
        leaves = scene.camera.get_mobjects_to_display(scene.mobjects)
        value, output = scene.plane.marks[-1][0].tip, scene.plane.output.tip
        shares = [seen_share(leaves, tip, scene.camera.background_color) for tip in (value, output)]
        return name, (*shares, output.get_fill_opacity())

    with corpus_example(6):
        _, seen = dry_run.run(
            BlendByWeight, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)}, watch
        )
    for beat, (value, output, fill) in seen[-2:]:
        assert value >= READS and output > 0.9 and fill == 0, beat


def test_the_roadmap_and_the_values_are_framed_while_read_and_the_terms_recede_in_colour(
    tmp_path, monkeypatch
):
    """Review V4: 3.0 s and 3.3 s stills under the roadmap's caption and the values' caption; their parts are now
    framed one by one until each caption is nearly read. Once the output is named, the terms recede to DIM, not
    GHOST: the pink 0.665·v_the on the green v_the read as a grey shadow."""
    from manim import Scene, Wait

    moving, play = [], Scene.play

    def watched(self, *animations, **kwargs):
        began = self.time
        play(self, *animations, **kwargs)
        if not all(isinstance(a, Wait) for a in animations):
            moving.append((began, self.time))

    monkeypatch.setattr(Scene, "play", watched)
    with using(examples.DEFAULT):
        scene, _ = dry_run.run(BlendByWeight, {"media_dir": str(tmp_path)})
    read = [
        c
        for c in scene.renderer.file_writer.subcaptions
        if c.content.startswith(("Softmax turns", "The values"))
    ]
    assert len(read) == 2
    for caption in read:  # something moves until the caption is nearly read: no still under it
        start, end = caption.start.total_seconds(), caption.end.total_seconds()
        assert any(began < end and ended >= end - 0.5 for began, ended in moving if ended > start), (
            caption.content
        )
    shown = [t for t in scene.plane.terms if t.get_stroke_opacity() > 0]
    assert shown and all(
        t.get_stroke_opacity() == pytest.approx(DIM) for t in shown
    )  # receded, still in colour


def test_each_row_of_the_softmax_table_stands_on_one_baseline(scene):
    """Review V7: centred, 'e² ≈ 7.389' stood 6 px (1080p) under 's = 2' and the weight 2 px over it."""
    from scenes.kit.bars import baseline_of, digits_foot

    for i in range(len(scene.table.columns[0])):
        name, score, exp, ratio = scene.table.row(i)
        feet = [baseline_of(name), baseline_of(score), baseline_of(exp), digits_foot(ratio)]
        assert np.ptp(feet) < 1e-6, i


def test_no_dashed_coordinate_line_runs_along_a_term(scene):
    """Review V7: the line from the output's tip down to 0.665 ran down the 'sat' term (the chain's last, which
    ends there straight over that foot): it is not drawn; the other is."""
    lines, sat = scene.coordinates.lines, scene.plane.terms[scene.example.tokens.index("sat")]
    assert [line.get_stroke_opacity() for line in lines] == [0, 1]
    assert joins(sat, lines[0]) and not joins(sat, lines[1])


def test_the_coordinates_stay_off_the_heads(scene):
    """Review V7: '0.665' stood 1 px under the head of the 'the' term ending at its foot."""
    for number in scene.coordinates.numbers:
        (x0, y0), (x1, y1) = fit.box(number)
        corners = head_corners(scene.plane)
        inside = (corners[:, 0] > x0) & (corners[:, 0] < x1) & (corners[:, 1] > y0) & (corners[:, 1] < y1)
        assert not inside.any()
        assert min(np.linalg.norm(corners - np.clip(corners, [x0, y0], [x1, y1]), axis=1)) >= LABEL_GAP / 2


def test_the_frames_leave_room_round_their_lines(scene):
    """Review V7: the frames round 'sum of weights = 1.000' and the output line were 3 px from their text."""
    from manim import VGroup

    for box, inside in (
        (scene.total_box, VGroup(scene.bars.total_label, scene.bars.total)),
        (scene.output_box, scene.output_line),
    ):
        assert box.get_right()[0] - inside.get_right()[0] >= 0.15 - 1e-6
        assert inside.get_bottom()[1] - box.get_bottom()[1] >= 0.15 - 1e-6
    assert apart(scene.output_box, scene.counts[1]) and apart(scene.output_box, scene.rows)


def test_the_output_s_coordinates_are_spaced_as_the_rows_over_it(scene):
    """Review V7: 'output = [0.665,   0.245]' under '[0.665, 0.000]' read as two numbers; one separator for both."""
    listed = lambda relations: "[" + ", ".join(r.result for r in relations) + "]"  # noqa: E731
    assert scene.output_line.tex_string.endswith(listed(scene.output_line.relations))
    assert all(row.tex_string.endswith(listed(row.relations)) for row in scene.rows.columns[1])


def bars_frame(scene):
    """The frame the last beat draws round the bars, where the blend beat has moved them (beside the plane)."""
    scene.bars.remove(scene.bars.total_label, scene.bars.total).move_to(scene.slot)
    plays = recorded(scene, "distinguish", 4.0)
    boxes = [
        a.mobject
        for animations, _ in plays
        for a in animations
        if isinstance(a.mobject, SurroundingRectangle)
    ]
    return min(boxes, key=lambda box: np.linalg.norm(box.get_center() - scene.bars.get_center()))


def test_the_bars_frame_stands_clear_of_their_names_and_numbers(tmp_path):
    """Review T9: the frame round the bars stood 3 px under their names at 480p; 4 at least, as round any text
    (TEXT_FRAME), from its stroke's inner edge, and as far from the line under it."""
    with using(examples.DEFAULT):
        scene = built(BlendByWeight, tmp_path)
    box, half = bars_frame(scene), FRAME_STROKE * STROKE_UNIT / 2
    (x0, y0), (x1, y1) = fit.box(scene.bars)
    inner = min(
        x0 - box.get_left()[0], box.get_right()[0] - x1, y0 - box.get_bottom()[1], box.get_top()[1] - y1
    )
    assert (inner - half) * px_per_unit(480) >= 4
    assert (box.get_bottom()[1] - half - scene.counts[0].get_top()[1]) * px_per_unit(480) >= 4


@pytest.mark.parametrize("number", [None, 23], ids=lambda n: "default" if n is None else f"corpus-{n:02d}")
def test_a_term_ending_at_the_output_s_tip_ends_clear_of_its_head(number, tmp_path):
    """Review T9: the default 'sat' term's head lay on the output's, one blot at 480p. A term ending at the output's
    tip pointing another way is drawn just short of it, its head HEAD_ROOM clear of the output's, no shorter than
    half of it; its dashed coordinate line still stands for the term it runs along (`joins`)."""
    with corpus_example(number) if number else using(examples.DEFAULT):
        scene = built(BlendByWeight, tmp_path)
    output, ended = scene.plane.output, 0
    for term in [t for t in scene.plane.terms if t.get_stroke_opacity() > 0]:
        end = term.get_end() + term.short_by
        at_tip = np.linalg.norm(end - output.get_end()) <= output.tip.length / 2
        if at_tip and np.dot(unit(term.tip.vector), unit(output.tip.vector)) < np.cos(np.radians(5)):
            ended += 1
            assert heads_apart(term.tip, output.tip, HEAD_ROOM - 1e-3)
            assert np.linalg.norm(term.short_by) <= np.linalg.norm(end - term.get_start()) / 2
    assert ended == 1


def length(arrow) -> float:
    return float(np.linalg.norm(arrow.get_end() - arrow.get_start()))


@pytest.mark.parametrize("number", [None, 23], ids=lambda n: "default" if n is None else f"corpus-{n:02d}")
def test_each_value_shrinks_by_its_weight_into_its_term_on_the_plane(number, tmp_path):
    """Review D10: each term grew from its bar's top and flew to the plane; the short 'sat' term flew as an 8 px
    speck across the bar's '0.245'. Now a copy of each value's arrow shrinks along it and slides to its place in
    the chain: it starts as the value, ends as the term (a term too short to draw: faded out at its length), is
    never shorter than the term on the way, and stays on the plane."""
    from manim import GrowFromPoint, Succession, Transform

    with corpus_example(number) if number else using(examples.DEFAULT):
        scene = built(BlendByWeight, tmp_path)
        scene.say = lambda *caption, **options: None  # a caption over a still: nothing to record
        plays = recorded(scene, "blend", 4.0)
    animations = [a for played, _ in plays for a in played]
    assert not any(isinstance(a, GrowFromPoint) and a.mobject in scene.plane.terms for a in animations)
    moves = [a for a in animations if isinstance(a, Succession) or (type(a) is Transform and a.remover)]
    values = [
        (m[0], term) for m, term in zip(scene.plane.marks, scene.plane.terms) if not isinstance(m[0], Dot)
    ]
    assert len(moves) == len(values)
    (x0, y0), (x1, y1) = fit.box(scene.plane.plane)
    for move, (value, term) in zip(moves, values):
        move.scene = None  # played here, in no scene (a Succession hands its scene to each part as it begins)
        move.begin()
        ghost = move.animations[0].mobject if isinstance(move, Succession) else move.mobject
        np.testing.assert_allclose([ghost.get_start(), ghost.get_end()], [value.get_start(), value.get_end()])
        lengths = []
        for alpha in np.linspace(0, 1, 41):
            move.interpolate(alpha)
            lengths.append(length(ghost))
            assert x0 <= ghost.get_left()[0] and ghost.get_right()[0] <= x1
            assert y0 <= ghost.get_bottom()[1] and ghost.get_top()[1] <= y1
        if term.get_stroke_opacity() > 0:
            np.testing.assert_allclose(
                [ghost.get_start(), ghost.get_end()], [term.get_start(), term.get_end()]
            )
            assert min(lengths) >= length(term) - 1e-6
        else:
            assert ghost.get_stroke_opacity() == 0


def test_the_output_s_frame_is_turned_with_it_under_everything_on_the_plane(scene):
    """Review D10: the upright frame round the output ran along the x axis and over the scaled arrows. It is turned
    with the arrow, FRAME_BUFF round it (its ends round), and drawn under every part of the plane."""
    from scenes.chapters.blend_by_weight import framed_along
    from scenes.kit.emphasis import FRAME_BUFF

    output = scene.plane.output
    frame = framed_along(output).mobject
    assert frame.z_index < min(part.z_index for part in scene.plane.get_family())
    angle, centre = output.get_angle(), output.get_center()
    along = lambda m: m.copy().rotate(-angle, about_point=centre)  # noqa: E731
    (a0, b0), (a1, b1) = fit.box(along(output))
    (f0, g0), (f1, g1) = fit.box(along(frame))
    np.testing.assert_allclose([a0 - f0, b0 - g0, f1 - a1, g1 - b1], FRAME_BUFF, atol=1e-3)
