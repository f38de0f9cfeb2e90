"""The causal mask: the grids show the masked trace, hidden cells drawn as hidden (never as numbers)."""

from contextlib import nullcontext
from dataclasses import replace
from types import SimpleNamespace
from unittest.mock import patch

import numpy as np
import pytest
from manim import DL, UR, Rectangle, VGroup

import i18n
from attention import examples
from attention.examples.beyond import CausalExample
from attention.examples.file import load_example_file
from attention.masking import causal_mask
from scenes.chapters.causal_mask import (
    AXES_CLEAR,
    CELL_PADS,
    CLEAR,
    COLUMN_GAP,
    COLUMN_RIGHT,
    GRID_SIZE,
    SUM_FILL,
    CausalMask,
    apart,
    finite_gap_tex,
    in_order,
    marks,
    row_marks,
    weigh,
)
from scenes.kit import fit
from scenes.kit.arithmetic import WEIGHT_PLACES, decimals, one_format, plain, vector_math
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.bars import baseline_of
from scenes.kit.grids import NUMBER_PAD, AttentionGrid
from scenes.kit.matrices import MaskedGrid
from scenes.kit.palette import tex_size
from scenes.kit.stage import STAGE
from tests.kit.test_equations import holds
from tests.support.example_corpus import corpus_example, corpus_files
from tests.support.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.65


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(CausalMask, tmp_path_factory.mktemp("media"))


def test_the_open_grid_is_the_unmasked_trace(scene):
    grid = scene.open_grid.show_scores()
    tr = examples.current().causal.trace()
    np.testing.assert_allclose(grid.shown(), tr.unmasked.scores)
    grid.show_weights()
    np.testing.assert_allclose(grid.shown(), tr.unmasked.weights)


def test_hidden_cells_say_minus_infinity_then_are_crossed_out(scene):
    grid = scene.masked_grid
    n = len(scene.example.tokens)
    np.testing.assert_array_equal(grid.mask, causal_mask(n))
    grid.show_scores()
    np.testing.assert_array_equal(grid.drawn_as_hidden(), causal_mask(n))
    assert grid.hidden_mark() == "minus infinity"
    assert [m.tex_string for m in grid.infinities] == [r"-\infty"] * int(causal_mask(n).sum())
    grid.show_weights()
    np.testing.assert_array_equal(grid.drawn_as_hidden(), causal_mask(n))
    assert grid.hidden_mark() == "crossed out"


def test_minus_infinity_reads_as_well_as_the_digits_beside_it(scene):
    """Review 5: '−∞', the chapter's key symbol, was 15 px in grey at 1080p beside 27 px digits; in M and in
    the sums too (copies of the grid's)."""
    grid = scene.masked_grid.show_scores()
    digit = max(
        glyph.height for glyph in grid.numbers[0]
    )  # a score's digits (the first cell is never hidden)
    marks = [*grid.infinities, *scene.mask_picture.infinities]
    for mark in marks:
        assert mark[0][1].height >= 0.8 * digit  # the ∞
        assert mark.get_color() == grid.numbers[0].get_color()
    for mark, cell in zip(grid.infinities, [c for c, h in zip(grid.cells, grid.mask.flat) if h]):
        assert mark.width < cell.width and mark.get_center() == pytest.approx(cell.get_center())


def test_visible_cells_show_the_masked_weights_and_rows_sum_to_1(scene):
    grid = scene.masked_grid.show_weights()
    tr = scene.trace
    visible = ~tr.mask
    np.testing.assert_allclose(grid.shown()[visible], tr.weights[visible])
    assert np.all(tr.weights[tr.mask] == 0)
    assert [round(s, WEIGHT_PLACES) for s in grid.shown_sums()] == [1.0] * len(tr.weights)


def test_the_storyboard_numbers(scene):
    grid = scene.masked_grid.show_weights()
    assert [round(v, 3) for v in grid.shown()[1][:2]] == [0.119, 0.881]
    assert [m.tex_string for m in scene.outputs.columns[1]] == [  # one format for every output
        r"[1.000,\;\; 0.000]",
        r"[0.119,\;\; 0.000]",
        r"[0.333,\;\; 0.333]",
    ]


def test_outputs_are_the_masked_trace_s(scene):
    assert [t.text for t in scene.outputs.columns[0]] == list(scene.example.tokens)
    printed = one_format(scene.trace.outputs)
    assert [m.tex_string for m in scene.outputs.columns[1]] == [
        "[" + r",\;\; ".join(p) + "]" for p in printed
    ]


def test_the_outputs_are_drawn_at_the_number_size_never_zoomed(scene):
    """Review 7: the outputs' numbers were drawn 1.4 times the grid's."""
    for vector in [*scene.outputs.columns[1], *scene.values.columns[1]]:
        assert vector.font_size == pytest.approx(tex_size("number"))


def home(scene):
    """The masked grid where it stands from the outputs on (beside the open grid until then)."""
    return scene.masked_grid.copy().shift(-scene.apart)


def test_each_row_has_a_veil_over_exactly_that_row(scene):
    grid = home(scene)
    for i, veil in enumerate(scene.veils):
        for k, cell in enumerate(grid.cells):
            inside = veil.get_bottom()[1] < cell.get_y() < veil.get_top()[1]
            assert inside == (k // len(scene.example.tokens) == i)
        assert veil.get_left()[0] <= grid.row_labels[i].get_left()[0]
        assert veil.get_right()[0] >= grid.sums[i].get_right()[0]


def test_the_values_are_drawn_and_each_read_row_puts_its_weights_beside_them(scene):
    tr, vectors = scene.trace, scene.values.columns[1]
    assert [m.tex_string for m in vectors] == [vector_math(v, None) for v in tr.unmasked.values]
    assert [m.tex_string for m in vectors] == [r"[1,\;\; 0]", r"[0,\;\; 0]", r"[0,\;\; 1]"]
    assert scene.read_rows() == [0, 1, 2]
    for worked in scene.worked:
        i, terms = worked.row, worked.terms
        assert len(terms) == i + 1  # only the words up to i: the later ones are masked
        # every weight to WEIGHT_PLACES, as the grid prints it (review C9c: '1×' beside '0.119×')
        assert [t[0].tex_string for t in terms] == decimals(tr.weights[i, : i + 1], WEIGHT_PLACES)
        for term, vector, name in zip(terms, vectors, scene.values.columns[0]):
            assert abs(term.get_y() - vector.get_y()) < 0.05
            assert name.get_right()[0] < term.get_left()[0] < term.get_right()[0] < vector.get_left()[0]
    assert [t[0].tex_string for t in scene.worked[1].terms] == ["0.119", "0.881"]
    assert [t[0].tex_string for t in scene.worked[0].terms] == ["1.000"]


def test_each_output_is_its_row_s_weights_times_the_earlier_values_as_printed(scene):
    tr = scene.trace
    for i, vector in enumerate(scene.outputs.columns[1]):
        relations = vector.relations
        assert [r.result for r in relations] == one_format(tr.outputs)[i]
        assert all(holds(r) for r in relations)
        assert [len(r.terms) for r in relations] == [2 * (i + 1)] * 2  # a weight and a value per word up to i
    for i, line in [(w.row, w.line) for w in scene.worked]:  # the output being worked out, under the values
        assert [m.tex_string for m in line[1:]] == [m.tex_string for m in scene.outputs.row(i)[1:]]
        assert line[1].relations == scene.outputs.columns[1][i].relations
        assert line.get_top()[1] < scene.values.get_bottom()[1] and line.get_bottom()[1] > BOTTOM_Y
        # the outputs stand under the values: each worked-out output in its own row, where it stays
        np.testing.assert_allclose(line.get_center(), scene.outputs.row(i).get_center(), atol=1e-6)


def test_each_worked_row_is_read_in_one_caption_as_its_terms_and_output_come_in(tmp_path):
    """Review V4: a caption per term ('0.119 × [1, 0]', '+ 0.881 × [0, 0]', '= [0.119, 0.000]') made the Outputs
    beat 58 s, the lecture's slowest. Now one caption per row, naming the output as printed; its terms (weight
    beside each value) and its output line all come in while that caption is up, in one play."""
    from pipeline.run import dry_run

    plays = []  # per play of the Outputs beat: its caption, and the worked rows' parts drawn after it

    class Watched(CausalMask):
        def play(self, *animations, subcaption=None, **options):
            super().play(*animations, subcaption=subcaption, **options)
            if self._at_beat.name == "Outputs":
                drawn = set(self.get_mobject_family_members())
                shown = [sum(t in drawn for t in w.terms) + (w.line[1][0] in drawn) for w in self.worked]
                plays.append((subcaption, shown))

    Watched.__name__ = "CausalMask"
    scene, _ = dry_run.run(Watched, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    rows = [
        "“the” reads only itself: its output is its own value.",
        "“cat” blends the values up to itself into [0.119, 0.000].",
        "“sat” is last: it blends every value into [0.333, 0.333].",
    ]
    assert [scene.blend_caption(w.row)[0] for w in scene.worked] == rows
    captions = [caption for caption, _ in plays if caption]
    assert captions == [
        "The masked weights move left, into the place of those without the mask.",
        "Beside them, the values: an output sums weights times values.",
        *rows,
        "Each output blends only its own and earlier values.",
    ]
    for k, worked in enumerate(scene.worked):  # after its caption's play: every term and the output drawn
        shown = next(drawn for caption, drawn in plays if caption == rows[k])
        assert shown[k] == len(worked.terms) + 1


def test_a_grid_s_marks_are_everything_it_writes_and_nothing_else(scene):
    grid = scene.masked_grid
    written = {id(m) for m in marks(grid).get_family()}
    for part in [*grid.numbers, *grid.sums, grid.sum_header, *grid.infinities, *grid.crosses]:
        assert id(part) in written
    assert not written & {id(m) for m in [*grid.cells, *grid.row_labels, *grid.col_labels]}


def test_the_grid_opens_in_the_sentence_s_order_which_chapters_3_to_5_kept(scene):
    """Review 8 (should 2): one order throughout; nothing to reorder, so the keys stand as they will stay."""
    assert examples.current().blend.tokens == scene.example.tokens and scene.order == [0, 1, 2]
    intro, grid = scene.intro, scene.open_grid
    for part in ("cells", "row_labels", "col_labels"):
        for shown, home in zip(getattr(intro, part), getattr(grid, part)):
            np.testing.assert_allclose(shown.get_center(), home.get_center(), atol=1e-6)


def test_a_grid_first_in_chapters_3_to_5_s_other_order_moves_each_score_with_its_words(scene):
    """An example whose chapters 3-5 had the/sat/cat: "cat" and "sat" trade rows and columns, numbers and all."""
    lecture = examples.current()
    blend = lecture.blend
    examples.use(replace(lecture, blend=replace(blend, tokens=("the", "sat", "cat"))))
    try:
        order = CausalMask.earlier_order(SimpleNamespace(example=scene.example))
    finally:
        examples.use(lecture)
    assert order == [0, 2, 1]  # the, cat, sat stood first, third and second
    grid, n = scene.open_grid.show_scores(), len(scene.example.tokens)
    intro = in_order(grid, order)
    by_x = sorted(intro.col_labels, key=lambda label: label.get_x())
    by_y = sorted(intro.row_labels, key=lambda label: -label.get_y())
    assert [t.original_text for t in by_x] == [t.original_text for t in by_y] == ["the", "sat", "cat"]
    for k, number in enumerate(intro.numbers):  # each score moves with its word's row and column
        i, j = divmod(k, n)
        home = grid.cells[order[i] * n + order[j]]
        np.testing.assert_allclose(number.get_center(), home.get_center(), atol=1e-6)
        assert number.get_value() == scene.trace.unmasked.scores[i, j]


def test_names_in_the_earlier_order_stay_on_the_grid_s_staggered_rows_apart():
    """Issue 29: six Greek names (corpus example 6) in chapters 3-5's order kept the heights of their sentence
    places, and neighbours met on one row ("βήταδέλτα"); each takes the height of the place it moves to."""
    path = next(p for p in corpus_files() if p.stem.startswith("corpus-06-"))
    ex = load_example_file(path)
    tokens, before = ex.causal.tokens, ex.blend.tokens
    assert sorted(tokens) == sorted(before) and tokens != before  # the same words, in another order
    grid = AttentionGrid(ex.causal.trace().unmasked, rows=tokens, cols=tokens, size=GRID_SIZE)
    assert len({round(name.get_bottom()[1], 6) for name in grid.col_labels}) == 2  # on two staggered rows
    intro = in_order(grid, [list(before).index(t) for t in tokens])
    by_x = sorted(intro.col_labels, key=lambda name: name.get_x())
    assert [name.get_bottom()[1] for name in by_x] == pytest.approx(
        [name.get_bottom()[1] for name in grid.col_labels]
    )
    assert all(fit.apart(a, b) for a, b in zip(by_x, by_x[1:]))


def test_one_cell_is_singled_out_when_queries_meet_keys(scene):
    i, j = scene.focus_cell()
    cell = scene.intro.row(i)[j]  # "cat"'s query, "the"'s key, before the words take the sentence's order
    assert (i, j) == (1, 0)
    np.testing.assert_allclose(scene.meeting.get_center(), cell.get_center(), atol=1e-6)
    assert scene.meeting.width > cell.width


def test_everything_fits_and_nothing_overlaps(scene):
    parts = [scene.heading, scene.masked_grid, scene.axes, scene.legend, scene.comparison, scene.column]
    for part in parts:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.heading.get_bottom()[1] > max(scene.axes.get_top()[1], scene.column.get_top()[1])
    assert home(scene).get_right()[0] < scene.column.get_left()[0]
    legend = scene.legend.copy().shift(-scene.apart)
    assert legend.get_top()[1] < home(scene).get_bottom()[1]
    assert scene.stacked  # three words: the outputs have room under the values
    # e^-inf = 0 and the finite gap's weight under the outputs: the values stay, so the poster shows every
    # factor of the outputs (review 7: it dropped V)
    assert scene.placed_comparison and not scene.over_values
    assert scene.comparison.get_top()[1] < scene.outputs.get_bottom()[1]
    assert scene.comparison.get_left()[0] > home(scene).get_right()[0]
    blocks = list(scene.column)
    for upper, lower in zip(blocks, blocks[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]


def least_room(scene) -> float:
    """The least room, either side, between a number of either grid and its cell's border."""
    grids = (scene.open_grid, scene.masked_grid)
    return min((cell.width - n.width) / 2 for g in grids for cell, n in zip(g.cells, g.numbers))


def test_the_cells_leave_their_numbers_the_most_room_the_layout_allows(scene):
    """The numbers sat 0.03 from their cells' borders: the lecture's own grids take the most room, and the
    grids' pad is what every number has at least."""
    assert scene.pad == CELL_PADS[0]
    assert least_room(scene) >= CELL_PADS[0] - 1e-9
    for grid in (scene.open_grid, scene.masked_grid):
        assert grid.pad == scene.pad and isinstance(grid, AttentionGrid)


def test_a_crowded_example_gives_up_room_in_its_cells_before_its_tables_leave_the_stage(tmp_path):
    """Five long names in German, the grids side by side: less room round the numbers (down to the kit's least),
    the tables inside COLUMN_RIGHT; each pad tried builds the masked grid once (issue 27: the least pad's grids
    were built twice, and every grid twice where its names stand staggered)."""
    pads = []  # per build of the scene (a build may run twice: `typeset.prefetched`), its masked grids' pads
    build_scene, build_grid = CausalMask.build, MaskedGrid.__init__

    def scene_built(scene):
        pads.append([])
        build_scene(scene)

    def grid_built(grid, *args, **options):
        pads[-1].append(grid.pad)
        build_grid(grid, *args, **options)

    with (
        i18n.active("de"),
        corpus_example(20),
        patch.object(CausalMask, "build", scene_built),
        patch.object(MaskedGrid, "__init__", grid_built),
    ):
        scene = built(CausalMask, tmp_path)
    assert NUMBER_PAD <= scene.pad < CELL_PADS[0]
    assert least_room(scene) >= scene.pad - 1e-9
    assert VGroup(*scene.column[1:], *[w.line for w in scene.worked]).get_right()[0] <= COLUMN_RIGHT + 1e-9
    assert sorted(pads[-1]) == sorted(
        CELL_PADS[: CELL_PADS.index(scene.pad) + 1] + (NUMBER_PAD,) * (scene.pad != NUMBER_PAD)
    )


def test_the_grids_take_the_height_the_stage_leaves_them_beyond_the_size_first_tried(tmp_path):
    """Round-3 item: the cells were never larger than GRID_SIZE made them, whatever room the stage left under the
    grids: a size first tried that leaves room (here 3 instead of 4.3), the rows grow until the legend under them
    ends CLEAR to 3 CLEAR over the stage's bottom, as the lecture's grids do."""
    with patch("scenes.chapters.causal_mask.GRID_SIZE", 3.0):
        scene = built(CausalMask, tmp_path)
    grid, n = scene.open_grid, len(scene.example.tokens)
    assert grid.pitch > 3.0 / n and scene.masked_grid.pitch == grid.pitch
    assert STAGE.bottom + CLEAR <= scene.legend.get_bottom()[1] <= STAGE.bottom + 3 * CLEAR + 1e-9


@pytest.mark.parametrize("number", [7, 17, None])  # six words in place (17: the widest); the lecture's
def test_the_german_queries_label_takes_no_room_from_the_cells(tmp_path, number):
    """Issue 34: 'Abfragen ↓' beside the column names pushed the grid right, and German examples gave up room
    round their numbers (down to 0.03). It stands on the keys' line, over the row labels, the keys' caption after
    it on the same baseline, where that line ends AXES_CLEAR before the formula (the cells keep the most room);
    else beside the names, as before (the lecture's own: the formula stands near)."""
    with i18n.active("de"), corpus_example(number) if number is not None else nullcontext():
        scene = built(CausalMask, tmp_path)
    keys, queries = scene.axes
    grid, formula = scene.open_grid, scene.formula
    assert scene.pad == CELL_PADS[0]
    assert queries.get_left()[0] == pytest.approx(STAGE.body_left)
    assert (
        keys.get_bottom()[1] > grid.col_labels.get_top()[1] and keys.get_left()[0] >= grid.cells.get_left()[0]
    )
    assert keys.get_right()[0] + AXES_CLEAR <= formula.get_left()[0] + 1e-9
    assert scene.queries_on_keys_line == (number is not None)
    if scene.queries_on_keys_line:
        assert baseline_of(keys) == pytest.approx(baseline_of(queries), abs=1e-6)
        assert queries.get_right()[0] < keys.get_left()[0]
    else:
        assert queries.get_bottom()[1] == pytest.approx(grid.col_labels.get_bottom()[1])
        assert queries.get_right()[0] < grid.cells.get_left()[0]


def test_german_labels_put_the_finite_gap_beside_the_grid_as_near_as_the_tables(tmp_path):
    """Issue 29: in German (six words, the column SIDE_GAP_LEAST from the grid) 'masked weight / with finite
    scores' found no place 0.2 from the grid and stood off the stage; it stands under the outputs, no nearer the
    grid than the tables."""
    with i18n.active("de"), corpus_example(7):
        scene = built(CausalMask, tmp_path)
    assert scene.placed_comparison
    comparison = scene.comparison
    assert comparison.get_right()[0] <= COLUMN_RIGHT and comparison.get_bottom()[1] >= STAGE.bottom
    assert comparison.get_top()[1] < scene.outputs.get_bottom()[1]
    assert (
        comparison.get_left()[0] >= scene.column[1:].get_left()[0] - 1e-9 > scene.masked_grid.get_right()[0]
    )


def test_six_long_words_with_wide_values_take_the_values_place_for_the_outputs(tmp_path):
    """No room under the values for six outputs: they come in where the values were, inside the frame."""
    rng = np.random.default_rng(3)
    six = CausalExample(
        tuple(f"word-number-{i}" for i in range(6)), rng.uniform(-3, 3, (6, 4)).round(3), [[-9.5, 4.25]] * 6
    )
    with patch.object(CausalMask, "inputs", lambda self: six):
        scene = built(CausalMask, tmp_path)
    assert not scene.stacked
    assert abs(scene.outputs_title.get_top()[1] - scene.values_title.get_top()[1]) < 1e-6
    for part in [
        scene.heading,
        scene.masked_grid,
        scene.legend,
        scene.comparison,
        scene.column,
        *[w.line for w in scene.worked],
    ]:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= COLUMN_RIGHT + 1e-9  # the safe area
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.column[1:].get_left()[0] > home(scene).get_right()[0]  # the tables beside the grid,
    assert apart(scene.column[0], home(scene), 0)  # the formula (wider) above its corner
    assert scene.placed_comparison and not scene.over_values  # the outputs stand in the values' place
    assert scene.comparison.get_top()[1] < scene.outputs.get_bottom()[1]
    assert not scene.paired and not np.any(scene.apart)  # no room beside the open grid: in its place
    AttentionGrid.show_weights(
        scene.open_grid
    )  # as it stands when M comes: the weights took the scores' place
    scores_plus_mask_read(scene)


def test_the_masked_grid_stands_beside_the_open_one_rows_level_under_the_formula(scene):
    grid, masked = scene.open_grid, scene.masked_grid
    assert scene.paired
    assert masked.cells.get_left()[0] > grid.sums.get_right()[0]
    assert masked.get_right()[0] <= COLUMN_RIGHT and scene.legend.get_right()[0] <= COLUMN_RIGHT
    assert scene.formula.get_bottom()[1] > masked.get_top()[1]
    for i in range(len(scene.example.tokens)):
        assert abs(masked.row(i).get_y() - grid.row(i).get_y()) < 1e-6
    assert all(label.get_fill_opacity() == 0 for label in masked.row_labels)  # the open grid's name both
    np.testing.assert_allclose(home(scene).row_labels.get_center(), grid.row_labels.get_center(), atol=1e-6)
    for i, veil in enumerate(scene.pair_veils):  # one veil per row, across both grids
        assert veil.get_left()[0] <= grid.row_labels[i].get_left()[0]
        assert veil.get_right()[0] >= masked.sums[i].get_right()[0]
    labels = {key: label.original_text for key, label in scene.labels.items()}
    assert labels == {
        "scores": "scores",  # on the left, while it shows the scores
        "softmax": "without the mask",  # on the right, before the mask comes, filled row by row
        "without": "without the mask",  # on the left, once it shows those weights again
        "weighing": "scores → weights",  # not paired: the scores turning to weights in their own place
        "mask": "the mask M",
        "sum": "scores + M",
        "turning": "scores + M → weights",  # its rows turned one by one, the rest still scores + M
        "with": "with the mask",
    }
    for key in ("scores", "without", "weighing"):
        assert abs(scene.labels[key].get_left()[0] - grid.cells.get_left()[0]) < 1e-6
    for key in ("softmax", "mask", "sum", "turning", "with"):
        assert abs(scene.labels[key].get_left()[0] - masked.cells.get_left()[0]) < 1e-6
    weighted = scene.unmasked  # the weights without the mask, in the masked grid's place
    np.testing.assert_allclose(weighted.cells.get_center(), masked.cells.get_center(), atol=1e-6)
    np.testing.assert_allclose(weighted.trace.weights, scene.trace.unmasked.weights)


def scores_plus_mask_read(scene) -> None:
    """Each cell of scores + M: the score from the unmasked trace in the grid's own cell, plus 0 on and below the
    diagonal, plus minus infinity above it (M's entry starting where M shows it)."""
    tr, n = scene.trace, len(scene.example.tokens)
    entries, sums = scene.scores_plus_mask()
    zeros, infinities = iter(scene.mask_zeros), iter(scene.mask_picture.infinities)
    for k, (entry, total) in enumerate(zip(entries, sums)):
        hidden = bool(causal_mask(n).flat[k])
        assert total[0].get_value() == tr.unmasked.scores.flat[k]
        shown = next(infinities) if hidden else next(zeros)
        np.testing.assert_allclose(entry.get_center(), shown.get_center(), atol=1e-6)
        for mark in (entry, total[2]):  # M's entry, where M stands and in the sum
            assert mark.tex_string == r"-\infty" if hidden else mark.get_value() == 0
        drawn = [part for part in total if part.family_members_with_points()]  # '−∞' has no '+' before it
        assert all(part.font_size >= tex_size("small") - 1e-6 for part in drawn)  # never shrunk to fit
        cell = scene.masked_grid.cells[k]
        assert abs(total.get_x() - cell.get_x()) < 1e-6 and total.width <= cell.width


def test_scores_plus_m_adds_each_score_to_m_s_entry_in_its_cell(scene):
    scores_plus_mask_read(scene)


def test_each_cell_of_scores_plus_m_reads_its_score_plus_m_s_entry():
    from scenes.chapters.causal_mask import cell_sum
    from scenes.kit.grids import cell_number

    cell = MaskedGrid(examples.current().causal.trace()).cells[0]
    score = cell_number().show(-97.25, 2)
    seen = cell_sum(score, cell_number().show(0, 0), False, cell)
    hidden = cell_sum(score.copy(), MaskedGrid.infinity(20), True, cell)
    short = cell_sum(cell_number().show(2, 0), MaskedGrid.infinity(20), True, Rectangle(width=2.5, height=1))
    assert [m.tex_string for m in seen[1:2]] == ["+"] and seen[2].get_value() == 0
    assert all(fit.apart(a, b) for a, b in zip(seen, seen[1:])) and fit.apart(short[0], short[2])  # '2 + 0'
    # too wide for one line: the score over minus infinity, a sum written in a column, right-aligned; no '+' before
    # it (review 4: '0 / + −∞'), M's entry is what is added
    assert len(hidden[1]) == 0 and hidden[2].tex_string == r"-\infty" and len(hidden) == 3
    assert hidden[0].get_right()[0] == pytest.approx(hidden[2].get_right()[0])
    gap = hidden[0].get_bottom()[1] - hidden[2].get_top()[1]
    assert gap == pytest.approx(COLUMN_GAP)  # two lines of a sum, not an exponent over minus infinity
    assert hidden.height <= SUM_FILL * cell.height
    short_cell = Rectangle(width=cell.width, height=0.57)  # a six-word grid's row: as apart as it lets them
    squeezed = cell_sum(score.copy(), MaskedGrid.infinity(20), True, short_cell)
    tight = squeezed[0].get_bottom()[1] - squeezed[2].get_top()[1]
    assert 0.06 - 1e-6 <= tight < COLUMN_GAP and squeezed.height < short_cell.height
    # on one line where it fits: '2 −∞', the entry after the score, level with it, as '2 + 0' is written
    assert len(short[1]) == 0 and short[2].tex_string == r"-\infty"
    assert short[0].get_right()[0] < short[2].get_left()[0] and short[0].get_y() == pytest.approx(
        short[2].get_y(), abs=0.05
    )
    for total in (seen, hidden):
        assert total[0].get_value() == -97.25
        assert total.width <= cell.width and abs(total.get_x() - cell.get_x()) < 1e-6
    for total in (seen, hidden, short):
        drawn = [part for part in total if part.family_members_with_points()]
        assert all(part.font_size >= tex_size("small") - 1e-6 for part in drawn)  # never shrunk


def test_the_mask_is_drawn_as_a_matrix_0_on_and_below_the_diagonal_minus_infinity_above(scene):
    picture, zeros = scene.mask_picture, scene.mask_zeros
    n = len(scene.example.tokens)
    assert picture.hidden_mark() == "minus infinity"
    np.testing.assert_array_equal(picture.drawn_as_hidden(), np.ones((n, n), dtype=bool))  # numbers apart
    visible = [cell for cell, hidden in zip(picture.cells, causal_mask(n).flat) if not hidden]
    assert [z.get_value() for z in zeros] == [0] * len(visible)
    for zero, cell in zip(zeros, visible):
        np.testing.assert_allclose(zero.get_center(), cell.get_center(), atol=1e-6)


def test_the_masked_softmax_is_taken_row_by_row(scene):
    """Each row in turn shows its weights, the rows after it their scores, hidden cells minus infinity until
    their row is weighed, then crossed out."""
    tr, n = scene.trace, len(scene.example.tokens)
    grid = scene.masked_grid.copy()
    for row in range(n):
        grid = weigh(grid, row)
        rows = row + 1
        np.testing.assert_array_equal(grid.drawn_as_hidden(), causal_mask(n))
        shown = grid.shown()
        for i in range(n):
            seen = ~tr.mask[i]
            expected = tr.weights[i] if i < rows else tr.unmasked.scores[i]
            np.testing.assert_allclose(shown[i][seen], expected[seen], atol=5e-4)
            marks_of_row = row_marks(grid, i)
            infinities = [m for m in marks_of_row if m in grid.infinities]
            assert all(m.get_fill_opacity() == (0 if i < rows else 1) for m in infinities)
        assert len(grid.shown_sums()) == rows
    assert grid.hidden_mark() == "crossed out"


def encloses(frame, point) -> bool:
    """Whether `point` lies inside the closed polygon `frame` (a ray to the right crosses its edges an odd number
    of times)."""
    corners = frame.get_vertices()[:, :2]
    x, y = point[:2]
    crossings = 0
    for (x0, y0), (x1, y1) in zip(corners, np.roll(corners, -1, axis=0)):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            crossings += 1
    return crossings % 2 == 1


def test_the_future_is_framed_as_one_region_clear_of_the_sums(scene):
    """Review J9: a frame per cell above the diagonal, 4-5 px apart at 1080p, read as double lines, and ended 6-7 px
    from the sums. Now one frame round the first row's later cells, then one round every cell above the diagonal;
    it and every frame round cells keep 4 px at 480p from the sums (glyphs and frames' strokes)."""
    from scenes.chapters.causal_mask import CELL_FRAME
    from scenes.kit.emphasis import framed

    n, grid = len(scene.example.tokens), scene.unmasked  # the weights without the mask
    first, block = scene.future
    for frame, rows in ((first, {0}), (block, set(range(n)))):
        for k, cell in enumerate(grid.cells):
            hidden = bool(causal_mask(n).flat[k]) and k // n in rows
            assert encloses(frame, cell.get_center()) == hidden
            assert (
                encloses(frame, cell.get_corner(UR) + 0.5 * CELL_FRAME) == hidden
            )  # round the cell, not in it
    rows = [framed(grid.row(i), buff=CELL_FRAME).mobject for i in range(n)]
    for frame in [first, block, *rows]:
        reach = frame.get_right()[0] + frame.get_stroke_width() * STROKE_UNIT / 2
        assert (grid.sums.get_left()[0] - reach) * PX_480P >= 4


def test_the_veils_stay_over_the_grid_while_they_lift(tmp_path):
    """The pop test (6.1 s, narrated): the play singling out a cell left the words it pulsed in a group of their own
    over the veils, and the next play put the grid back over the veils, every row lit in one frame. Now the grid
    stays under the veils while they lift, as the keys take their order."""
    from pipeline.run import dry_run

    order = {}

    class Watched(CausalMask):
        def play(self, *animations, subcaption=None, **options):
            super().play(*animations, subcaption=subcaption, **options)
            if subcaption == "The keys stand in sentence order: the mask relies on it.":
                drawn = self.get_mobject_family_members()
                order["grid"] = max(drawn.index(part) for part in self.intro.get_family() if part in drawn)
                order["veils"] = min(drawn.index(veil) for veil in self.open_veils)

    Watched.__name__ = "CausalMask"
    dry_run.run(Watched, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    assert order["grid"] < order["veils"]


def test_last_frame(tmp_path):
    assert_matches_snapshot("CausalMask", last_frame(CausalMask, tmp_path))


def test_the_finite_gap_is_called_tiny_only_when_where_it_breaks_shows_a_tiny_weight():
    from dataclasses import replace

    from scenes.chapters.causal_mask import finite_gap_is_tiny

    assert finite_gap_is_tiny()  # the lecture's example: 1.8e-18 at gain 10
    blend = examples.DEFAULT.blend
    examples.use(replace(examples.DEFAULT, blend=replace(blend, queries=[[0.05, 0, 0, 0], blend.queries[1]])))
    try:
        assert not finite_gap_is_tiny()
    finally:
        examples.use(examples.DEFAULT)


def test_the_finite_gap_s_weight_is_the_one_where_it_breaks_shows_at_its_last_stop(scene):
    from attention.sweeps import log10_smallest_weight
    from scenes.chapters.where_it_breaks import GAIN_STOPS, sci

    scores = examples.current().blend.trace(0, scaled=False).scores
    assert plain(finite_gap_tex()) == sci(log10_smallest_weight(scores, GAIN_STOPS[-1])) == "4.25 × 10⁻¹⁸"
    masked, finite = scene.comparison
    # a weight, masked or of finite scores (review 7: "finite gap: 4.25 × 10⁻¹⁸" called a weight a gap; review 5:
    # "finite-gap weight" was unexplained), in the words' face as the grids' labels (review 5: TeX's beside
    # DejaVu read as two faces), on its number's baseline
    assert [part.original_text for part in (masked[0], finite[0])] == [
        "masked weight:",
        "with finite scores:",
    ]
    assert masked[1].tex_string == r"\exp(-\infty) = 0"  # no exponent: minus infinity at full size
    assert finite[1].tex_string == finite_gap_tex()
    for label, number in (masked, finite):
        assert baseline_of(label) == pytest.approx(number[0][0].get_bottom()[1], abs=1e-6)


OPEN, MASKED = ("scores", "weighing", "without"), ("mask", "sum", "turning", "with")  # each grid's labels
SHOWN = {"scores", "without", "sum", "turning", "with"}  # the labels every layout shows


@pytest.mark.parametrize(
    ("number", "also"),
    [(None, {"softmax"}), (6, {"weighing"})],  # beside the scores; six Greek words: no room, in their place
)
def test_each_label_under_a_grid_says_what_every_row_of_it_shows_while_it_is_on_screen(
    tmp_path, number, also
):
    """Review: "without the mask" stood under rows still showing scores (the left grid turned row by row under
    it; the right one faded in as a copy of the scores). Before every play: under "scores", no row shows
    weights; under "without the mask" on the left, every row does; under it on the right, every row shows its
    weights or nothing yet; under "scores + M", no row shows weights; under "scores + M → weights", the rows
    turned so far show weights, the others scores + M; under "with the mask", every row shows weights. Issue 30:
    once the legend came, the masked grid was unlabelled while its lower rows still showed scores + M, and a grid
    with no room beside it had no label at all; now a grid on screen always has one of its labels under it
    (turning in its own place: "scores → weights", rows turned so far showing weights)."""
    from pipeline.run import dry_run

    wrong, seen = [], set()

    def shown(label, scene) -> bool:
        return label in scene.mobjects and label.get_fill_opacity() > 0

    def prefix(grid) -> bool:  # the rows turned so far show weights, the others not yet
        return list(grid.weighted) == sorted(grid.weighted, reverse=True)

    def visible_numbers(grid, i) -> bool:
        return any(n.get_fill_opacity() > 0 for n in grid.row_numbers(i))

    class Watched(CausalMask):
        def play(self, *animations, **options):
            rows = range(len(self.example.tokens))
            checks = {
                "scores": (self.open_grid, lambda g: not any(g.weighted)),
                "without": (self.open_grid, lambda g: all(g.weighted)),
                "softmax": (
                    self.unmasked,
                    lambda g: all(g.weighted[i] or not visible_numbers(g, i) for i in rows),
                ),
                "weighing": (self.unmasked, prefix),
                "sum": (self.masked_grid, lambda g: not any(g.weighted)),
                "turning": (self.masked_grid, prefix),
                "with": (self.masked_grid, lambda g: all(g.weighted)),
            }
            for key, (grid, true_of) in checks.items():
                if shown(self.labels[key], self):
                    seen.add(key)
                    if not true_of(grid):
                        wrong.append((key, self.renderer.time, list(grid.weighted)))
            drawn = self.get_mobject_family_members()
            if self.axes[0] in drawn and self.intro in drawn and self.order != sorted(self.order):
                wrong.append(("keys in reading order", self.renderer.time, self.order))  # review 8
            grids = ((self.open_grid, OPEN), (self.unmasked, (*OPEN, "softmax")), (self.masked_grid, MASKED))
            for grid, keys in grids:
                if grid in self.mobjects and not any(shown(self.labels[k], self) for k in keys):
                    wrong.append(("unlabelled", self.renderer.time, keys))
            super().play(*animations, **options)

    Watched.__name__ = "CausalMask"  # its title comes from the registry, by name
    with corpus_example(number) if number is not None else nullcontext():
        dry_run.run(Watched, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    assert seen == SHOWN | also  # each on screen and checked
    assert not wrong, wrong


def test_the_labels_under_the_grids_stand_on_one_baseline(scene):
    """Review J9: "scores" and "scores + M", centred, stood 4 px out of line at 1080p."""
    lines = [baseline_of(label) for label in scene.labels.values()]
    assert max(lines) - min(lines) < 1e-6


def test_the_formula_has_20_px_at_1080p_under_the_subtitle_and_over_the_names_under_it(scene):
    """Review J9: softmax(QKᵀ/√d + M)V stood 15 px under the subtitle and 14-17 px over the keys' names."""
    room = 20 / (1080 / 8)
    formula, masked = scene.formula, scene.masked_grid
    assert scene.paired and scene.heading.get_bottom()[1] - formula.get_top()[1] >= room - 1e-9
    for part in (*masked.col_labels, masked.sum_header):
        assert (
            part.get_left()[0] > formula.get_right()[0] or formula.get_bottom()[1] - part.get_top()[1] >= room
        )


def test_the_values_and_the_outputs_under_them_are_one_table(scene):
    """Review J9: the values' names stood 170 px from their vectors, the outputs' 20 px, one table under the
    other: now both share their columns."""
    assert scene.stacked
    for names_or_vectors in range(2):
        lefts = [
            part.get_left()[0] for t in (scene.values, scene.outputs) for part in t.columns[names_or_vectors]
        ]
        assert max(lefts) - min(lefts) < 1e-6


def test_the_sums_are_pulsed_while_the_caption_says_they_are_1(tmp_path):
    """A pulse goes with the words that speak of what it singles out."""
    from manim import Indicate

    scene, leaves, _ = played_with("Every row still sums to 1.", tmp_path)
    pulsed = [a.mobject for a in leaves if isinstance(a, Indicate)]
    assert len(pulsed) == len(scene.masked_grid.sums)
    assert all(a is b for a, b in zip(pulsed, scene.masked_grid.sums))


def test_the_masked_grid_s_row_labels_stand_where_the_open_grid_s_did_once_it_has_moved(scene):
    """Review V6: the open grid's row labels left with it, so the masked grid stood without them while it moved;
    they stay now, and give way to the masked grid's own once it is in place: the same labels in the same place."""
    assert scene.paired
    moved = [label.get_center() - scene.apart for label in scene.masked_grid.row_labels]
    for label, there in zip(scene.open_grid.row_labels, moved):
        np.testing.assert_allclose(label.get_center(), there, atol=1e-9)
    assert [label.text for label in scene.open_grid.row_labels] == [
        label.text for label in scene.masked_grid.row_labels
    ]


def test_a_worked_weight_stands_apart_from_its_value_and_its_word(scene):
    """Review V6: '0.333×[1, 0]', no space between the times sign and the bracket."""
    from scenes.chapters.causal_mask import TERM_GAP

    names, vectors = scene.values.columns
    for worked in scene.worked:
        for term, name, vector in zip(worked.terms, names, vectors):
            assert vector.get_left()[0] - term.get_right()[0] == pytest.approx(TERM_GAP)
            assert term.get_left()[0] - name.get_right()[0] >= TERM_GAP - 1e-9


def test_long_captions_over_a_finished_picture_get_a_change_of_focus(tmp_path, monkeypatch):
    """Review V6: 3-3.7 s stills under these captions; something now moves until each is nearly read."""
    from manim import Scene, Wait

    from pipeline.run import dry_run

    starts = ("Self-attention over", "So “", "The mask M:", "Each output blends")
    seen, play = {}, Scene.play

    def watched(self, *animations, **kwargs):
        subs = self.renderer.file_writer.subcaptions
        last = subs[-1] if subs else None
        play(self, *animations, **kwargs)
        if last and last.content.startswith(starts) and not all(isinstance(a, Wait) for a in animations):
            seen[last.content] = (self.time, last.end.total_seconds())

    monkeypatch.setattr(Scene, "play", watched)
    dry_run.run(CausalMask, {"media_dir": str(tmp_path)})
    assert len(seen) == len(starts) and all(ended >= end - 0.5 for ended, end in seen.values())


def flattened(animations) -> list:
    """Every leaf animation of `animations` (groups, successions and lagged starts opened)."""
    leaves = []
    for animation in animations:
        inner = getattr(animation, "animations", None)
        leaves += flattened(inner) if inner else [animation]
    return leaves


def played_with(caption: str, tmp_path) -> tuple[CausalMask, list, VGroup]:
    """A dry run of the chapter; the leaf animations of the play under `caption`, unplayed (each begun afresh by
    the test); and the masked grid's cells where they stood then."""
    from pipeline.run import dry_run

    seen = {}

    class Watched(CausalMask):
        def play(self, *animations, subcaption=None, **options):
            if subcaption == caption:
                seen["leaves"] = flattened(animations)
                seen["before"] = [a.mobject.copy() for a in seen["leaves"]]
                seen["cells"] = self.masked_grid.cells.copy()
            super().play(*animations, subcaption=subcaption, **options)

    Watched.__name__ = "CausalMask"
    scene, _ = dry_run.run(Watched, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    for animation, before in zip(seen["leaves"], seen["before"]):  # back as they stood when the play began
        animation.mobject.become(before)
    return scene, seen["leaves"], seen["cells"]


def inside(point, cell) -> bool:
    return bool(
        np.all(cell.get_corner([-1, -1, 0])[:2] <= point[:2])
        and np.all(point[:2] <= cell.get_corner([1, 1, 0])[:2])
    )


def test_scores_come_into_their_cells_without_crossing_any_border(tmp_path):
    """Review C9c: copies of the scores flew from the grid on the left across the cells' borders. Now whatever
    ends in a cell of scores + M (a score with its '+', M's entry) stays inside that cell all through the play (the
    row on the left framed meanwhile)."""
    _, leaves, cells = played_with(
        "Added to the scores, it makes those above the diagonal minus infinity.", tmp_path
    )
    ending = {}
    for animation in leaves:
        animation.begin()
        animation.interpolate(1)
        where = [cell for cell in cells if inside(animation.mobject.get_center(), cell)]
        if where:
            ending[animation] = where[0]
    assert len(ending) >= 2 * len(cells)  # each cell's score (with its '+') and M's entry
    for animation, cell in ending.items():
        for alpha in np.linspace(0, 1, 9):
            animation.interpolate(alpha)
            for m in animation.mobject.family_members_with_points():
                assert inside(m.get_left(), cell) and inside(m.get_right(), cell)


def test_each_sum_of_scores_plus_m_stays_shown_as_it_becomes_its_score_or_minus_infinity(tmp_path):
    """Review C9c: the sums faded out and the results in, leaving the grid blank for half a second. Now what stays
    of each sum (its score, or minus infinity) moves into place, drawn all the while."""
    from manim import ReplacementTransform

    scene, leaves, cells = played_with("Each sum is its score, or minus infinity.", tmp_path)
    (staying,) = [a for a in leaves if isinstance(a, ReplacementTransform)]
    n = len(scene.example.tokens)
    assert len(staying.mobject) == n * n
    staying.begin()
    for alpha in np.linspace(0, 1, 9):
        staying.interpolate(alpha)
        for k, (part, cell) in enumerate(zip(staying.mobject, cells)):
            assert inside(part.get_center(), cell)
            assert min(m.get_fill_opacity() for m in part.family_members_with_points()) > 0.9
            if causal_mask(n).flat[k]:
                assert part.tex_string == r"-\infty"
            else:
                assert part.get_value() == scene.trace.unmasked.scores.flat[k]
    staying.finish()


PX_480P = 480 / 8  # pixels per scene unit at 480p
ANTIALIAS = (
    2  # pixels of a stroke's and a glyph's soft edges together at 480p (measured: 6 px drawn, 4 px seen)
)


def inner_gap_px(box, part) -> float:
    """The least room, in 480p pixels, between `part`'s glyphs and the inner edge of its frame's stroke."""
    half = box.get_stroke_width() * STROKE_UNIT / 2
    gaps = [*(part.get_corner(DL) - box.get_corner(DL))[:2], *(box.get_corner(UR) - part.get_corner(UR))[:2]]
    return (min(gaps) - half) * PX_480P


def test_frames_round_text_leave_4_px_to_its_glyphs_at_480p(tmp_path, monkeypatch):
    """Review C9c: the frames on the working line ('the 0.119× [1, 0]') and on 'with finite scores:' and
    '4.25 × 10⁻¹⁸' were 1-2 px from the glyphs at 480p, the superscript on the top edge. Every frame round text
    now leaves at least 4 px seen (its soft edges aside), superscripts included."""
    import scenes.chapters.causal_mask as chapter
    from pipeline.run import dry_run

    framings, real = [], chapter.framed

    def recorded(part, *args, **kwargs):
        animation = real(part, *args, **kwargs)
        framings.append((part.copy(), animation.mobject.copy()))
        return animation

    monkeypatch.setattr(chapter, "framed", recorded)
    dry_run.run(CausalMask, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    texts = [(p, b) for p, b in framings if not any(isinstance(m, Rectangle) for m in p.get_family())]
    tex = [m.tex_string for p, _ in texts for m in p.get_family() if hasattr(m, "tex_string")]
    assert any("10^{" in t for t in tex) and any(
        r"\times" in t for t in tex
    )  # the finite gap; a working line
    for part, box in texts:
        assert inner_gap_px(box, part) >= 4 + ANTIALIAS - 1e-9


def test_a_framed_row_s_frame_keeps_clear_of_the_rows_beside_it(scene):
    """The tables' rows (and the finite gap's label and number) stand far enough from what is beside them that a
    frame with its text's room clears it by 3 px at 480p."""
    from scenes.chapters.causal_mask import TEXT_FRAME
    from scenes.kit.emphasis import framed

    pairs = []  # what is framed, and what stands beside it
    for table in (scene.values, scene.outputs):
        rows = [table.row(i) for i in range(len(table.columns[0]))]
        pairs += [(row, [other for other in rows if other is not row]) for row in rows]
    for shape, shown in scene.comparisons.items():  # 'with finite scores:', then 'm × 10^e' (stacked: both)
        parts = [part for row in shown for part in row]
        framed_parts = [shown[1]] if shape == "stacked" else list(shown[1])
        pairs += [(part, [o for o in parts if o not in part.get_family()]) for part in framed_parts]
    for part, others in pairs:
        box = framed(part, buff=TEXT_FRAME).mobject
        clear = box.get_stroke_width() * STROKE_UNIT / 2 + 3 / PX_480P
        reach = fit.box(box) + np.array([[-clear, -clear], [clear, clear]])
        assert all(apart(reach, other, -1e-9) for other in others)
