"""All queries at once: every matrix on screen is the matrix trace's, with its shape, in one number format;
the formula line lights the step shown; the last frame."""

import contextlib
import itertools
from unittest.mock import patch

import numpy as np
import pytest
from manim import Indicate, VGroup

from attention import BlendExample, attend, examples
from attention.examples.beyond import all_queries
from pipeline.run import dry_run, typeset
from scenes.chapters import all_queries_at_once
from scenes.chapters.all_queries_at_once import BLOCK_CELL, AllQueriesAtOnce, row_sums
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.kit import fit
from scenes.kit.arithmetic import SCORE_PLACES, WEIGHT_PLACES
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import line_of
from scenes.kit.emphasis import FRAME_STROKE
from scenes.kit.formula_slot import LitFormula
from scenes.kit.palette import px_per_unit, tex_size, theme
from scenes.kit.stage import STAGE
from tests.kit.test_equations import holds
from tests.support.example_corpus import corpus_example, share_of
from tests.support.layout import visible
from tests.support.plays import recorded
from tests.support.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.65


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(AllQueriesAtOnce, tmp_path_factory.mktemp("media"))


def decimals(entry: str) -> int:
    return len(entry.split(".")[1]) if "." in entry else 0


def test_every_matrix_is_the_trace_s(scene):
    tr = all_queries(examples.current().blend)
    expected = {
        "q": (tr.queries, 3),
        "kt": (tr.keys.T, 3),
        "dots": (tr.dots, SCORE_PLACES),
        "scores": (tr.scores, SCORE_PLACES),
        "weights": (tr.weights, WEIGHT_PLACES),
        "v": (tr.values, 3),
        "outputs": (tr.outputs, WEIGHT_PLACES),
    }
    for name, (values, places) in expected.items():
        shown = getattr(scene, name)
        entries = shown.entries()
        np.testing.assert_allclose([float(e) for e in entries], np.ravel(values), atol=0.5 * 10**-places)
        assert len({decimals(e) for e in entries}) == 1, name  # one number format per matrix
        assert shown.values.shape == values.shape, name
        assert {e.role for e in shown.matrix.get_entries()} == {"number"}


def test_each_row_is_one_query_s_attention(scene):
    ex = examples.current().blend
    for i, query in enumerate(ex.queries):
        single = attend(query, ex.keys, ex.values)
        np.testing.assert_allclose(scene.weights.values[i], single.weights)
        np.testing.assert_allclose(scene.outputs.values[i], single.output)
    np.testing.assert_allclose(scene.weights.values.sum(axis=1), 1)


def by_word(entries) -> list[dict[str, str]]:
    """A matrix's entries as drawn, row by row, each row's by the word of its column."""
    words = examples.current().blend.tokens
    rows = np.reshape(entries, (-1, len(words)))
    return [dict(zip(words, row)) for row in rows.tolist()]


def test_the_storyboard_numbers(scene):
    assert by_word(scene.dots.entries()) == [
        {"the": "4", "sat": "2", "cat": "0"},
        {"the": "0", "sat": "2", "cat": "4"},
    ]
    assert by_word(scene.weights.entries()) == [
        {"the": "0.665", "sat": "0.245", "cat": "0.090"},
        {"the": "0.090", "sat": "0.245", "cat": "0.665"},
    ]
    assert scene.outputs.entries() == ["0.665", "0.245", "0.090", "0.245"]


def test_every_shape_is_labelled(scene):
    labels = {name: getattr(scene, name).label[1].tex_string for name in ("q", "kt", "dots", "v", "outputs")}
    assert labels == {
        "q": r"\;(2 \times 4)",
        "kt": r"\;(4 \times 3)",
        "dots": r"\;(2 \times 3)",
        "v": r"\;(3 \times 2)",
        "outputs": r"\;(2 \times 2)",
    }
    shapes = [tuple(int(b.dims[k].tex_string) for k in (0, 2)) for b in scene.blocks]
    assert shapes == [(2, 4), (4, 3), (2, 3), (2, 3), (3, 2)]
    for block, shape in zip(scene.blocks, shapes):
        assert len(block.block) == shape[0] * shape[1]  # a square per entry
    for left, right in [(scene.blocks[0], scene.blocks[1]), (scene.blocks[3], scene.blocks[4])]:
        assert left.dims[left.shared].tex_string == right.dims[right.shared].tex_string  # the inner sizes


def test_the_words_under_k_t_stand_on_one_baseline(scene):
    """Review J9: placed by their tops, 'the' (an ascender) stood 3 px lower than 'cat' and 'sat' at 1080p."""
    feet = [line_of(name) for name in scene.columns]
    assert len(feet) == 3 and max(feet) - min(feet) < 0.5 / px_per_unit(1080)


def test_the_frame_round_a_shared_size_clears_its_digit_and_the_times_sign(scene):
    """Review V8a (89 and 92 s): the frames round the matching inner sizes ("4", "3") came 1 px from the digit and
    2 px from the "×"; review C9b: 3 px from the digit's ink and on the grid above. Each frame's stroke (4 wide)
    keeps 5 px from its digit's box (4 from its ink), 4 px from the "×" and from the squares above at 480p."""
    px, stroke = px_per_unit(480), FRAME_STROKE * STROKE_UNIT
    for block in (b for b in scene.blocks if b.shared is not None):
        size, times = block.dims[block.shared], block.dims[1]
        frame = block.light_shared().animations[1].mobject  # the framing: its frame
        # on every side: cut to the caption band, the frame round V's '3' ran through its foot (review C9b)
        inside = (
            min(*(fit.box(size)[0] - fit.box(frame)[0]), *(fit.box(frame)[1] - fit.box(size)[1])) - stroke / 2
        )
        assert inside * px >= 5
        assert frame.get_bottom()[1] - stroke / 2 >= STAGE.bottom - 1e-9
        # and its top 4 px under the block's squares (review C9b: the frames' tops touched the Q and K^T grids)
        assert (block.block.get_bottom()[1] - frame.get_top()[1] - stroke / 2) * px >= 4
        if block.shared == 0:
            assert (times.get_left()[0] - frame.get_right()[0] - stroke / 2) * px >= 4
        else:
            assert (frame.get_left()[0] - stroke / 2 - times.get_right()[0]) * px >= 4


def test_the_closing_picture_spreads_over_the_frame_in_two_lines(scene):
    q, kt, scores, weights, v = scene.blocks
    assert 0.45 <= scene.blocks[0].block[0].width <= BLOCK_CELL  # squares as large as fit, at most BLOCK_CELL
    assert {b.name.role for b in scene.blocks} == {"body"} and {b.dims.role for b in scene.blocks} == {"body"}
    first = [q, scene.signs[0], kt, scene.signs[1], scores]
    second = [weights, scene.signs[2], v, scene.signs[3], scene.end_outputs]
    assert (
        scores.get_bottom()[1] > scene.softmax_label.get_top()[1]
    )  # line 2 sits under the scores (K^T may reach lower)
    assert scene.softmax_label.get_left()[0] > kt.get_right()[0]
    assert scene.softmax_label.get_bottom()[1] > max(p.get_top()[1] for p in second)
    assert abs(weights.block.get_x() - scores.block.get_x()) < 1e-6  # the softmax goes straight down
    for line in (first, second):
        for a, b in zip(line, line[1:]):
            assert a.get_right()[0] < b.get_left()[0]
    assert VGroup(scene.shapes, scene.end_outputs).width > 0.5 * (RIGHT_X - LEFT_X)
    for part in [scene.shapes, scene.end_outputs]:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] < scene.formula.get_bottom()[1]


def test_the_queries_start_as_rows_printed_as_q_prints_them(scene):
    for vector, row in zip(scene.query_rows, np.reshape(scene.q.entries(), scene.q.values.shape)):
        assert [e.tex_string for e in vector.entries] == list(row)


def test_everything_fits_and_nothing_overlaps(scene):
    first = [scene.q, *scene.first_signs, scene.kt, scene.columns, scene.scores, scene.divide_label]
    second = [scene.weights, *scene.second_signs, scene.value_names, scene.v, scene.outputs]
    workings = [*scene.dot_workings.values(), *scene.blend_workings]
    for part in [scene.heading, scene.formula, scene.query_rows, *first, *second, *workings]:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.formula.get_bottom()[1] > max(p.get_top()[1] for p in first + second)
    assert scene.heading.get_bottom()[1] > scene.formula.get_top()[1]
    for parts, working in [(first, scene.dot_workings[0, 0]), (second, scene.blend_workings[0])]:
        for a, b in itertools.combinations([*parts, working], 2):
            assert fit.apart(a, b), (a, b)


def test_each_product_is_one_line_at_more_than_the_number_size(scene):
    """Q × K^T = Q K^T and weights × V = outputs, each left to right on one level, drawn larger than the
    number size (the frame has room; each product as large as fits it), and across most of the stage."""
    assert scene.zoom1 > 1 and scene.zoom2 > 1
    for m, zoom in [(scene.q, scene.zoom1), (scene.kt, scene.zoom1), (scene.dots, scene.zoom1)] + [
        (m, scene.zoom2) for m in (scene.weights, scene.v, scene.outputs)
    ]:
        sizes = {round(e.font_size, 3) for e in m.matrix.get_entries()}
        assert sizes == {round(zoom * tex_size("number"), 3)}
    lines = [
        [scene.q, scene.first_signs[0], scene.kt, scene.first_signs[1], scene.dots],
        [scene.weights, scene.second_signs[0], scene.v, scene.second_signs[1], scene.outputs],
    ]
    for line in lines:
        for a, b in zip(line, line[1:]):
            assert a.get_right()[0] < b.get_left()[0]
        middles = [getattr(p, "matrix", p).get_y() for p in line]
        np.testing.assert_allclose(middles, middles[0], atol=1e-6)
    assert lines[1][-1].get_right()[0] - lines[1][0].get_left()[0] > 0.6 * (RIGHT_X - LEFT_X)
    for name, column in zip(scene.columns, scene.kt.matrix.get_columns()):
        assert abs(name.get_x() - column.get_x()) < 1e-6
    assert [n.text for n in scene.columns] == list(examples.current().blend.tokens)
    for name, row in zip(scene.value_names, scene.v.matrix.get_rows()):  # each word left of its value
        assert abs(name.get_y() - row.get_y()) < 1e-6 and name.get_right()[0] < row.get_left()[0]


def test_the_worked_dot_products_pair_the_entries_they_multiply(scene):
    tr = all_queries(examples.current().blend)
    n = tr.dots.shape[1]
    assert list(scene.dot_workings) == [(0, j) for j in range(n)]  # the storyboard: one query's row whole
    q = np.reshape(scene.q.entries(), tr.queries.shape)
    kt = np.reshape(scene.kt.entries(), tr.keys_t.shape)
    for (i, j), working in scene.dot_workings.items():
        *terms, result = working
        pairs = [(t.pair[0].tex_string, t.pair[1].tex_string) for t in terms]
        assert pairs == list(zip(q[i], kt[:, j]))  # the drawn entries of row i and column j, in order
        assert {t.pair[0].get_color().to_hex() for t in terms} == {theme().query}
        assert {t.pair[1].get_color().to_hex() for t in terms} == {theme().key}
        (rel,) = result.relations
        assert rel.op == "dot" and rel.result == np.reshape(scene.dots.entries(), tr.dots.shape)[i, j]
        assert holds(rel)


def test_each_output_row_is_worked_out_as_weights_times_values(scene):
    tr = all_queries(examples.current().blend)
    weights = np.reshape(scene.weights.entries(), tr.weights.shape)
    outputs = np.reshape(scene.outputs.entries(), tr.outputs.shape)
    assert len(scene.blend_workings) == len(tr.queries)
    for i, (*terms, result) in enumerate(scene.blend_workings):
        assert [t[-3].tex_string for t in terms] == list(weights[i])
        assert [r.result for r in result.relations] == list(outputs[i])
        assert all(holds(r) for r in result.relations)
    # the, cat, sat: each weight times its word's first coordinate
    assert scene.blend_workings[0][-1].relations[0].terms == ("0.665", "1", "0.090", "0", "0.245", "0")


def written_with_signs(scene) -> None:
    """Both products written with their signs: 'A × B' on one level, the '×' between them; '= C' level with C,
    either on the same line or (wrapped) under it (review 5: the river example's weights, V and outputs stood as a
    table without '×' or '=')."""
    products = [
        (scene.q, scene.q.matrix, scene.kt, scene.dots, scene.first_signs),
        (scene.weights, scene.weights.matrix, scene.v, scene.outputs, scene.second_signs),
    ]
    for left, factor, right, result, (times, equals) in products:
        assert left.get_right()[0] < times.get_left()[0] and times.get_right()[0] < right.get_left()[0]
        assert times.get_y() == pytest.approx(factor.get_y(), abs=1e-6)
        assert right.matrix.get_y() == pytest.approx(factor.get_y(), abs=1e-6)
        assert equals.get_right()[0] < result.get_left()[0]
        assert equals.get_y() == pytest.approx(result.matrix.get_y(), abs=1e-6)
        if equals.get_left()[0] > right.get_right()[0]:  # on one line
            assert equals.get_y() == pytest.approx(times.get_y(), abs=1e-6)
        else:  # wrapped: '= C' under 'A × B', its '=' under the '×' or (a long C) under A's start
            under = [times.get_x(), left.get_left()[0] + equals.width / 2]
            assert min(abs(equals.get_x() - x) for x in under) < 1e-6
            assert result.get_top()[1] < right.get_bottom()[1]
        for part in (left, right, result, times, equals):
            assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
            assert part.get_bottom()[1] >= BOTTOM_Y


def test_a_wide_example_is_wrapped_and_cut_to_fit_at_the_number_size(tmp_path):
    """Six tokens, six coordinates with three decimals: each product on two lines with its signs, the shared
    coordinates cut (never shrunk)."""
    rng = np.random.default_rng(1)
    keys, values = rng.uniform(-3, 3, (6, 6)).round(3), rng.uniform(-3, 3, (6, 2)).round(3)
    wide = BlendExample(
        tuple(f"word-{i}" for i in range(6)), keys, values, rng.uniform(-1, 1, (2, 6)).round(3)
    )
    with patch.object(AllQueriesAtOnce, "inputs", lambda self: wide):
        scene = built(AllQueriesAtOnce, tmp_path)
    assert scene.zoom1 == scene.zoom2 == 1
    written_with_signs(scene)
    sizes = {round(e.font_size, 6) for m in (scene.q, scene.kt, scene.dots) for e in m.matrix.get_entries()}
    assert sizes == {round(tex_size("number"), 6)}
    assert r"\cdots" in [e.tex_string for e in scene.q.matrix.get_entries()]
    assert len(scene.q.entries()) < 12 and len(scene.dots.entries()) == 12


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """The chapter built with each example of its share of the corpus (`share_of`: one of each style, six
    tokens, long names, the full range, CJK ...), once for the tests that read it."""
    scenes = {}

    def scene_with(number: int):
        if number not in scenes:
            with corpus_example(number):
                scenes[number] = built(AllQueriesAtOnce, tmp_path_factory.mktemp("corpus"))
        return scenes[number]

    return scene_with


@pytest.mark.parametrize("number", share_of("AllQueriesAtOnce"))
def test_every_corpus_style_writes_both_products_with_their_signs(number, shared):
    written_with_signs(shared(number))


def test_the_river_example_writes_both_products_with_their_signs(tmp_path):
    """The review's example: four words ('flooded'), three coordinates, decimals."""
    river = BlendExample(
        ("the", "river", "bank", "flooded"),
        np.array([[0.5, -1.5, 1], [1.2, 0.4, -0.3], [0.9, 0.8, 0.25], [-0.6, 1.1, 0.7]]),
        np.array([[-1.1, -0.9], [0.75, -0.25], [1.5, 0.5], [0.2, 1.35]]),
        np.array([[1.0, 0.5, -0.25], [-0.5, 1.2, 0.8]]),
    )
    with patch.object(AllQueriesAtOnce, "inputs", lambda self: river):
        scene = built(AllQueriesAtOnce, tmp_path)
    written_with_signs(scene)
    assert scene.q.entries() == ["1.000", "0.500", "-0.250", "-0.500", "1.200", "0.800"]  # nothing cut


@pytest.mark.parametrize("number", share_of("AllQueriesAtOnce"))
def test_every_corpus_style_works_out_its_entries(number, shared):
    """Stop 55: the river example dropped the pair-by-pair workings (no room under the two-line product). Each
    example works out every dot product of the first row (issue 30: two entries were) and every output row, under
    the product or beside its second line, on the stage and clear of the product shown with it: every term, or
    where they have no room the first ones and the last with '⋯' between and a note under them saying which terms
    it stands for; the result's equations count every term either way (every corpus example passed it when it was
    written)."""
    scene = shared(number)
    tr = scene.trace
    m, n = tr.dots.shape
    assert list(scene.dot_workings) == [(0, j) for j in range(n)]
    assert len(scene.blend_workings) == m
    first = [scene.q, *scene.first_signs, scene.kt, scene.columns, scene.dots]
    second = [scene.weights, *scene.second_signs, scene.value_names, scene.v, scene.outputs]
    kinds = [(first, scene.dot_workings.values(), tr.keys.shape[1]), (second, scene.blend_workings, n)]
    for parts, workings, count in kinds:
        for working in workings:
            assert working.get_left()[0] >= LEFT_X and working.get_right()[0] <= RIGHT_X
            assert working.get_bottom()[1] >= BOTTOM_Y
            assert all(fit.apart(working, part) for part in parts)
            places = [t.index for t in working.terms]
            if None in places:
                dots = places.index(None)
                assert places == [*range(dots), None, count - 1] and dots >= 1
                said = working.note.original_text
                assert str(count) in said and str(dots + 1) in said and "⋯" in said
            else:
                assert places == list(range(count)) and working.note is None
            for rel in working.result.relations:
                assert len(rel.terms) == 2 * count and holds(rel)


def test_the_dot_products_are_divided_in_place(scene):
    for a, b in zip(scene.scores.matrix.get_columns(), scene.dots.matrix.get_columns()):
        assert abs(a.get_right()[0] - b.get_right()[0]) < 1e-6
    for a, b in zip(scene.scores.matrix.get_rows(), scene.dots.matrix.get_rows()):
        assert abs(a.get_bottom()[1] - b.get_bottom()[1]) < 1e-6


def test_row_sums_print_one_and_say_when_the_printed_weights_miss_it():
    for weights, signs in (
        ([[0.3334, 0.3333, 0.3333]], [r"\approx"]),
        ([[0.25, 0.75], [0.5, 0.5]], ["="] * 2),
    ):
        for total, sign in zip(row_sums(weights), signs):  # 0.333 * 3 = 0.999: the sum is still 1
            assert total.tex_string == rf"\mathsf{{\Sigma}} {sign} 1"  # upright: a slanted Σ read as serif


def done(animation) -> None:
    animation.begin()
    animation.finish()


def test_the_formula_line_lights_the_named_parts():
    line = LitFormula((("Q", "Q"), (r"K^{\top}", "K"), ("V", "V"))).dimmed()
    assert line.lit() == []
    done(line.light("K"))
    assert line.lit() == ["K"]
    done(line.light())
    assert line.lit() == ["Q", "K", "V"]


def test_last_frame(tmp_path):
    assert_matches_snapshot("AllQueriesAtOnce", last_frame(AllQueriesAtOnce, tmp_path))


def test_each_product_stands_centred_on_the_stage(scene):
    """The products on one line are centred across the stage (not crowded into its left half), and the
    second, lower than the first, stands in the middle of the room under the formula."""
    first = VGroup(scene.q, scene.first_signs, scene.kt, scene.columns, scene.scores)
    second = VGroup(scene.weights, scene.second_signs, scene.value_names, scene.v, scene.outputs)
    for line in (first, second):
        assert abs(line.get_center()[0]) < 0.6
    below = second.get_bottom()[1] - BOTTOM_Y
    assert scene.formula.get_bottom()[1] - second.get_top()[1] > 0.5 * min(below, 1)


def test_the_row_softmax_has_the_stage_to_itself(scene):
    """Scores, an arrow 'row softmax', the weights with their sums: left to right on one level, centred, no
    smaller than the products (larger than the second while its row sums stood in it; without them, review E10,
    it is nearly as large), and the weights the same matrix as in the second product (one move between)."""
    parts = [scene.soft_scores, scene.soft_arrow, scene.soft_weights, scene.soft_sums]
    for a, b in zip(parts, parts[1:]):
        assert a.get_right()[0] < b.get_left()[0]
    picture = VGroup(*parts, scene.soft_label)
    assert abs(picture.get_center()[0]) < 0.6 and picture.width > 0.7 * (RIGHT_X - LEFT_X)
    assert picture.get_left()[0] >= LEFT_X and picture.get_right()[0] <= RIGHT_X
    assert picture.get_bottom()[1] >= BOTTOM_Y and picture.get_top()[1] < scene.formula.get_bottom()[1]
    assert scene.soft_label.get_bottom()[1] > scene.soft_arrow.get_top()[1]
    assert fit.apart(scene.soft_label, scene.soft_scores) and fit.apart(scene.soft_label, scene.soft_weights)
    size = scene.soft_weights.matrix.get_entries()[0].font_size
    assert size >= max(m.matrix.get_entries()[0].font_size for m in (scene.scores, scene.weights))
    assert scene.soft_weights.entries() == scene.weights.entries()
    assert scene.soft_scores.entries() == scene.scores.entries()


def test_no_copy_flies_into_a_working():
    """Each term of a working fades in where it stands, the entries it multiplies framed: nothing travels
    from a matrix across the words and the working (review round 4, 68.7-69.3 and 74.0-74.6)."""
    import inspect

    source = inspect.getsource(AllQueriesAtOnce)
    assert "TransformFromCopy" not in source


def test_emphasis_comes_from_the_kit_in_theme_colours():
    """manim's Indicate, Circumscribe and Flash default to a yellow no theme has (review round 7): the chapter
    pulses and frames through scenes.kit.emphasis."""
    assert not {"Indicate", "Circumscribe", "Flash"} & set(vars(all_queries_at_once))


def test_the_formula_line_is_in_body_type(scene):
    """Review V6: in the strip's small type its small letters were about 7 px high at 480p."""
    assert scene.formula.formula.font_size == pytest.approx(tex_size("body"))
    outputs = scene.formula.formula[0]  # 'outputs =': o, u
    assert min(outputs[k].height for k in (0, 1)) * px_per_unit(480) > 9


def test_the_first_row_s_weights_are_pulsed_as_its_caption_reads_them(scene):
    """Review V6: the 7.6 s caption reading the first row's weights played over a single pulse of its sum. Each
    weight is pulsed in turn, then the sum, over the caption's time once the row is lit."""
    plays = recorded(scene, "row_softmax", 7.6)
    said = next(i for i, (_, options) in enumerate(plays) if "first row" in (options.get("caption") or ""))
    (steps,), options = plays[said + 1]
    assert [a.mobject for a in steps.animations] == [
        *scene.soft_weights.matrix.get_rows()[0],
        scene.soft_sums[0],
    ]
    assert options["run_time"] == pytest.approx(7.6 - 0.8)


def test_each_column_of_k_t_is_lit_then_its_word_pulsed_as_the_caption_reads_one_column_per_word(scene):
    """Review T9: lit alone, the words under K^T hardly showed which column was whose."""
    plays = recorded(scene, "stack", 6.0)
    (steps,), options = plays[-1]
    words = list(scene.columns)
    turns = steps.animations[: len(words)]
    assert [turn.animations[1].mobject for turn in turns] == words
    assert all(isinstance(turn.animations[1], Indicate) for turn in turns)
    assert options["run_time"] == pytest.approx(6.0 - 1)


def listed(parts) -> str:
    return "[" + ", ".join(parts) + "]"


def test_the_worked_vectors_are_spaced_as_blend_by_weight_s(scene, tmp_path):
    """Review T9: 'w × [1,   0]' here stood wider than BlendByWeight's rows '0.665 × [1, 0] = [0.665, 0.000]' and
    its output; the same kind of vector now reads the same in both chapters: one separator, BlendByWeight's."""
    blend = built(BlendByWeight, tmp_path)
    assert all(
        row.tex_string.endswith(listed(r.result for r in row.relations)) for row in blend.rows.columns[1]
    )
    v = all_queries_at_once.entries_tex(scene.trace.values, 3)
    assert scene.blend_workings
    for working in scene.blend_workings:
        assert working.result.tex_string.endswith(listed(r.result for r in working.result.relations))
        shown = [term for term in working.terms if term.index is not None]
        assert all(term.tex_string.endswith(listed(v[term.index])) for term in shown)


def at_every_play(media_dir, look) -> list:
    """The chapter run dry, `look(scene)` after every play (a look-ahead's plays, run again, left out)."""
    seen = []

    class Probed(AllQueriesAtOnce):
        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            if not typeset.looking_ahead():
                seen.append(look(self))

    Probed.__name__ = AllQueriesAtOnce.__name__
    dry_run.run(Probed, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(media_dir)})
    return seen


def what_the_equations_read(scene) -> tuple:
    """What is drawn now: whether an '=' after 'Q × K^T' is (in the product or the closing picture), every
    name beginning 'Q K^T', and whether a row sum 'Σ = 1' stands with the second product's '×'."""
    shown = {id(leaf) for leaf in scene.camera.get_mobjects_to_display(scene.mobjects) if visible(leaf)}
    drawn = lambda m: any(id(p) in shown for p in m.get_family())  # noqa: E731
    texts = [
        m
        for top in scene.mobjects
        for m in top.get_family()
        if isinstance(getattr(m, "tex_string", None), str)
    ]
    drawn_texts = {m.tex_string for m in texts if drawn(m)}
    equals = [*scene.first_signs[1:], scene.signs[1]]
    names = {t.split(r" \;(")[0] for t in drawn_texts if t.startswith(r"Q K^{\top}")}  # without '(2 × 3)'
    sums = any("Sigma" in t for t in drawn_texts) and any(drawn(s) for s in scene.second_signs[:1])
    return any(drawn(e) for e in equals), names, sums


@pytest.mark.parametrize("number", [None, share_of("AllQueriesAtOnce")[1]])
def test_each_equation_equals_what_it_names_at_every_play(number, tmp_path):
    """Review E10: 'Q × K^T = ' stood before the divided matrix, named Q K^T / √d (44-62 s, and in the closing
    picture), and 'Σ = 1' between the weights and '× V' read 'Σ = 1 × V'. At the end of every play: while an '='
    after 'Q × K^T' is drawn, the matrix drawn beside it is named Q K^T, and no name says '/ √d'; no row sum stands
    with the second product."""
    with corpus_example(number) if number is not None else contextlib.nullcontext():
        seen = at_every_play(tmp_path, what_the_equations_read)
    with_equals = [names for equals, names, _ in seen if equals]
    assert with_equals and all(names == {r"Q K^{\top}"} for names in with_equals)
    assert any(r"\sqrt{d}" in name for _, names, _ in seen for name in names)  # the division is shown
    assert not any(sums for *_, sums in seen)
