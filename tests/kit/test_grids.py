"""Score/weight grids: every cell shows the trace, rows sum to 1, animations really change the numbers."""

import numpy as np
import pytest
from manim import tempconfig

from attention import attend_grid
from scenes.kit import components as c
from scenes.kit import fit, palette
from scenes.kit.arithmetic import WEIGHT_PLACES
from scenes.kit.grids import (
    GAP,
    NAME_GAP,
    NUMBER_PAD,
    NUMBERED_TOP,
    RELATION_GAP,
    AttentionGrid,
    CellCount,
    Restate,
    padded,
    places_for,
    veil,
)
from scenes.kit.palette import THEMES, VEIL
from tests.support.contrast import channels, ratio

QUERIES = [[1.0, 0.5], [0.0, 2.0], [-1.0, 1.0]]
KEYS = [[2.0, 0.0], [0.0, 2.0], [1.0, 1.0], [-1.0, 0.5]]


@pytest.fixture(autouse=True)
def media(tmp_path):
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        yield


@pytest.fixture
def grid():
    return AttentionGrid(attend_grid(QUERIES, KEYS), rows=("x", "y", "z"), cols=("the", "cat", "sat", "mat"))


def test_score_stage_shows_every_score(grid):
    np.testing.assert_allclose(grid.shown(), grid.trace.scores)
    assert grid.shown_sums() == []
    assert all(cell.get_fill_opacity() == 0 for cell in grid.cells)


def test_weight_stage_shows_every_weight_and_rows_sum_to_one(grid):
    grid.show_weights()
    np.testing.assert_allclose(grid.shown(), grid.trace.weights)
    assert [round(s, WEIGHT_PLACES) for s in grid.shown_sums()] == [1.0, 1.0, 1.0]
    assert all(n.num_decimal_places == WEIGHT_PLACES for n in grid.numbers)


def test_cells_are_shaded_in_the_order_of_their_weights(grid):
    grid.show_weights()
    opacity = np.array([cell.get_fill_opacity() for cell in grid.cells]).reshape(grid.trace.shape)
    order = np.argsort(grid.trace.weights, axis=None)
    assert np.all(np.diff(opacity.ravel()[order]) >= -1e-9)


def test_one_row_at_a_time(grid):
    grid.show_weights([1])
    shown = grid.shown()
    np.testing.assert_allclose(shown[1], grid.trace.weights[1])
    np.testing.assert_allclose(shown[[0, 2]], grid.trace.scores[[0, 2]])
    assert len(grid.shown_sums()) == 1


def test_layout_rows_and_columns(grid):
    m, n = grid.trace.shape
    xs = [cell.get_x() for cell in grid.row(0)]
    assert np.all(np.diff(xs) > 0)
    assert [round(grid.row(i)[0].get_y(), 6) for i in range(m)] == sorted(
        [round(grid.row(i)[0].get_y(), 6) for i in range(m)], reverse=True
    )
    for j, label in enumerate(grid.col_labels):
        assert label.get_y() > grid.cells.get_top()[1] and abs(label.get_x() - grid.cells[j].get_x()) < 1e-6
    for i, label in enumerate(grid.row_labels):
        assert label.get_x() < grid.cells.get_left()[0] and abs(label.get_y() - grid.row(i)[0].get_y()) < 1e-6
    assert len(grid.block(2, 3)) == 6


def test_numbers_stay_centred_in_their_cells(grid):
    grid.show_weights()
    for cell, number in zip(grid.cells, grid.numbers):
        np.testing.assert_allclose(number.get_center(), cell.get_center(), atol=1e-6)


def test_restate_changes_the_real_numbers(grid):
    animation = Restate(grid, lambda g: g.show_weights([0, 2]))
    animation.begin()
    animation.finish()
    np.testing.assert_allclose(grid.shown()[[0, 2]], grid.trace.weights[[0, 2]])


def test_restate_ends_on_the_picture_it_morphed_to(grid):
    animation = Restate(grid, lambda g: g.show_weights())
    animation.begin()
    morphed = [(n.get_center(), n.height) for n in animation.target_copy.numbers]
    animation.finish()
    for number, (center, height) in zip(grid.numbers, morphed):
        np.testing.assert_allclose(number.get_center(), center, atol=1e-9)
        assert number.height == pytest.approx(height, abs=1e-9)


def test_size_is_the_longer_side():
    big = AttentionGrid(attend_grid(np.ones((10, 3)), np.ones((20, 3))), size=4.0, numbers=False)
    assert big.cells.width == pytest.approx(4.0, abs=big.pitch)
    assert len(big.numbers) == 0 and len(big.cells) == 200


def test_cell_count_follows_the_trace():
    count = CellCount(attend_grid(np.ones((3, 2)), np.ones((5, 2))))
    assert count.shown() == (3, 5, 15)
    animation = Restate(count, lambda c: c.set_trace(attend_grid(np.ones((8, 2)), np.ones((8, 2)))))
    animation.begin()
    animation.finish()
    assert count.shown() == (8, 8, 64)


def test_whole_numbers_are_printed_bare():
    assert places_for(3.0, 3) == 0 and places_for(1.5, 3) == 3


def rgb(hex_color: str) -> np.ndarray:
    return np.array(channels(hex_color))


@pytest.mark.parametrize("name", sorted(THEMES))
def test_digits_stay_readable_on_the_brightest_cell_of_any_token_colour(name):
    theme = THEMES[name]
    for color in (*theme.tokens, theme.key):
        cell = NUMBERED_TOP * rgb(color) + (1 - NUMBERED_TOP) * rgb(theme.background)
        assert ratio(cell, rgb(theme.text)) >= 4.5, (name, color)


def test_digits_are_text_coloured_whatever_the_weight(grid):
    grid.show_weights()
    assert {n.get_color().to_hex().upper() for n in grid.numbers} == {palette.theme().text.upper()}
    assert max(cell.get_fill_opacity() for cell in grid.cells) <= NUMBERED_TOP + 1e-9


def test_a_grid_of_colour_only_uses_the_full_shade():
    trace = attend_grid([[4.0, 0.0]], [[4.0, 0.0], [0.0, 4.0]])
    grid = AttentionGrid(trace, numbers=False).show_weights()
    assert grid.cells[0].get_fill_opacity() > 0.9


def test_row_band_and_veil_cover_one_row(grid):
    band = grid.row_band(1)
    assert grid.row_labels[1] in band and all(cell in band for cell in grid.row(1))
    sheet = veil(band)
    assert sheet.get_fill_opacity() == pytest.approx(VEIL)
    assert sheet.width > band.width and sheet.height > band.height
    assert sheet.get_top()[1] < grid.row(0)[0].get_bottom()[1]  # clear of the rows beside it
    assert sheet.get_bottom()[1] > grid.row(2)[0].get_top()[1]


def test_beyond_is_the_rest_of_the_block(grid):
    inside, outside = grid.block(2, 3), grid.beyond(2, 3)
    assert len(inside) + len(outside) == len(grid.cells)
    assert not set(map(id, inside)) & set(map(id, outside))


def test_a_long_name_is_cut_short_at_its_role_size_never_shrunk():
    full = c.text("internationalisation-xyz", role="label")
    short = fit.name("internationalisation-xyz", 1.2)
    assert short.text.endswith("…") and short.width <= 1.2 and short.full == "internationalisation-xyz"
    assert short.font_size == pytest.approx(full.font_size)
    assert fit.name("cat", 1.2).text == "cat"


def test_large_scores_print_fewer_decimals_and_columns_fit_the_widest_number():
    keys = [[100.0, 100.0], [-100.0, 20.0]]
    grid = AttentionGrid(attend_grid([[100.0, -100.0]], keys), cols=("a", "b"), size=1.0)
    assert grid.score_places == 0 and grid.shown().max() == pytest.approx(grid.trace.scores.max(), abs=0.5)
    widest = max(number.width for number in grid.numbers)
    assert grid.col_pitch * (1 - GAP) > widest and grid.pitch < grid.col_pitch


def test_the_sums_column_says_equals_only_where_every_row_s_printed_weights_add_up_to_its_sum():
    """Review 7: 'sum 1.000' beside printed weights adding to 0.999 (three 0.333s); review V4: '≈ 1.000' for one
    row and '= 1.000' for the others read as if that row alone were inexact: one column, one relation."""
    mixed = AttentionGrid(
        attend_grid([[0.0, 0.0], [2.0, 0.0]], [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    ).show_weights()
    assert [sum(map(float, mixed.printed_weights(i))) for i in range(2)] == pytest.approx([0.999, 1.0])
    assert [total[0].tex_string for total in mixed.sums] == [r"\approx", r"\approx"]
    for i, total in enumerate(mixed.sums):
        (relation,) = total.number.relations
        assert relation.terms == tuple(mixed.printed_weights(i)) and relation.result == "1.000"
        assert relation.sign == "≈"
    exact = AttentionGrid(attend_grid([[2.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]])).show_weights([0])
    assert sum(map(float, exact.printed_weights(0))) == pytest.approx(1.0)  # 0.804 + 0.196
    assert exact.sums[0][0].tex_string == "=" and exact.sums[0].number.relations[0].sign == "="


def test_the_sum_header_stands_on_the_names_line_its_right_edge_on_the_sums_clear_of_an_enlarged_sum(grid):
    """Review V4: 'Summe' stuck out right of the sums; a pulse that enlarged the sums (by 1.2 about their
    middle) ran the top one into the header."""
    grid.show_weights()
    assert grid.sum_header.get_bottom()[1] == pytest.approx(grid.col_labels[0].get_bottom()[1])
    assert grid.sum_header.get_right()[0] == pytest.approx(grid.sums[0].number.get_right()[0])
    pulsed = grid.sums.copy().scale(1.2)
    assert grid.sum_header.get_bottom()[1] > pulsed.get_top()[1] + 0.1
    assert rows_apart([grid.sum_header, *grid.col_labels])


def test_a_longer_sum_word_is_raised_a_row_where_the_names_line_is_full_the_names_staying_whole():
    """Issue 30: German 'Summe', wider than the 'sum' the names were laid out round, met the last name (Greek
    names on two rows, corpus-22): the header goes up a row beside the raised names; only where that row is full
    too are the names cut."""
    cols = ("δέλτα", "Ωμέγα", "γάμμα", "αλφα", "λόγος")
    grid = AttentionGrid(attend_grid(np.eye(5)[:, :2], np.eye(5)[:, :2]), rows=cols, cols=cols, size=3.7)
    line = grid.col_labels[0].get_bottom()[1]
    assert grid.sum_header.get_bottom()[1] == pytest.approx(line)  # 'sum' fits on the names' line
    grid.set_sums("Summe")
    assert [name.text for name in grid.col_labels] == list(cols)
    assert grid.sum_header.get_bottom()[1] > line + grid.col_labels[0].height
    assert grid.sum_header.get_right()[0] == pytest.approx(grid.sums[0].number.get_right()[0])
    assert rows_apart([grid.sum_header, *grid.col_labels])
    grid.set_sums("Zeilensumme")  # no place on either row: cut names round the header on their line
    assert grid.sum_header.get_bottom()[1] == pytest.approx(line)
    assert any(name.text.endswith(fit.ELLIPSIS) for name in grid.col_labels)
    assert rows_apart([grid.sum_header, *grid.col_labels])


def test_a_masked_row_sums_only_its_visible_weights():
    from attention.masking import attend_causal
    from scenes.kit.matrices import MaskedGrid

    grid = MaskedGrid(attend_causal(QUERIES[:2], KEYS[:2], np.eye(2))).show_weights()
    assert [len(total.number.relations[0].terms) for total in grid.sums] == [1, 2]


def test_a_masked_grid_s_sums_can_take_a_chapter_s_word_and_a_relation_s_spacing():
    """MaskedGrid takes no sum word: `set_sums` gives its header the chapter's (translated) word, each sign a
    relation's gap from its number (review 5: '=1.000', '≈1.000'), and places the column names round it."""
    from attention.masking import attend_causal
    from scenes.kit.matrices import MaskedGrid

    cols = ("the", "river", "bank")
    grid = MaskedGrid(attend_causal(QUERIES, KEYS[:3], np.eye(3)), rows=cols, cols=cols)
    header = grid.sum_header
    grid.set_sums("Summe")
    assert grid.sum_header is not header and grid.sum_header in grid.submobjects and header not in grid
    assert (
        grid.sum_header.original_text == "Summe" and grid.sum_header.get_fill_opacity() == 0
    )  # scores shown
    grid.show_weights()  # the signs are typeset again: each keeps the gap
    for total in grid.sums:
        assert total.number.get_left()[0] - total[0].get_right()[0] == pytest.approx(RELATION_GAP, abs=1e-6)
        assert total[0].get_left()[0] > grid.cells.get_right()[0]
    assert grid.sum_header.get_fill_opacity() == 1
    assert grid.sum_header.get_bottom()[1] > grid.sums[0].get_top()[1]
    assert rows_apart([grid.sum_header, *grid.col_labels])


def test_a_padded_grid_leaves_its_pad_round_every_number_and_stays_the_class_it_pads():
    """A chapter with room to spare gives its numbers more than NUMBER_PAD (CausalMask: cells that read as
    cells, not digits touching borders); a padded MaskedGrid is still a MaskedGrid."""
    trace = attend_grid([[-1.3, 0.7]], [[0.2, 0.1], [-0.1, 0.9]])
    least = AttentionGrid(trace, cols=("a", "b"), size=1.0)  # cells as narrow as their numbers allow
    roomy = padded(AttentionGrid, 0.1)(trace, cols=("a", "b"), size=1.0)
    assert isinstance(roomy, AttentionGrid) and padded(AttentionGrid, 0.1) is type(roomy)
    for grid in (roomy, roomy.show_weights()):
        assert all(
            cell.width >= number.width + 2 * 0.1 - 1e-9 for cell, number in zip(grid.cells, grid.numbers)
        )
    assert roomy.col_pitch > least.col_pitch


def test_cells_leave_room_round_their_widest_number_minus_sign_and_all():
    """Review 7: '−0.214' touched its cell's borders."""
    grid = AttentionGrid(attend_grid([[-1.3, 0.7]], [[0.2, 0.1], [-0.1, 0.9]]), cols=("a", "b"))
    for cell, number in zip(grid.cells, grid.numbers):
        assert cell.width >= number.width + 2 * NUMBER_PAD - 1e-9
    grid.show_weights()
    assert all(
        cell.width >= number.width + 2 * NUMBER_PAD - 1e-9 for cell, number in zip(grid.cells, grid.numbers)
    )


def rows_apart(names) -> bool:
    """Whether names on one row (one bottom) stand NAME_GAP apart, and each row's clear of the next."""
    rows: dict[float, list] = {}
    for name in names:
        rows.setdefault(round(name.get_bottom()[1], 6), []).append(fit.box(name)[:, 0])
    for spans in rows.values():
        spans.sort(key=lambda span: span[0])
        if any(b[0] - a[1] < NAME_GAP - 1e-9 for a, b in zip(spans, spans[1:])):
            return False
    return True


def test_column_names_stand_whole_a_name_raised_only_where_it_would_meet_another():
    """Review 7: 'floo…' over a column whose row said 'flooded'; issue 29: every other name was raised (fit's rule
    moves a name only where it meets one)."""
    cols = ("the", "river", "bank", "flooded")
    grid = AttentionGrid(attend_grid(np.eye(4)[:, :2], np.eye(4)[:, :2]), rows=cols, cols=cols)
    assert [t.text for t in grid.col_labels] == list(cols)
    heights = [round(t.get_bottom()[1], 6) for t in grid.col_labels]
    assert heights[0] == heights[1] == heights[2] < heights[3]  # 'flooded' alone meets 'bank'
    assert rows_apart(grid.col_labels)
    for name, cell in zip(grid.col_labels, grid.cells):
        assert name.get_x() == pytest.approx(cell.get_x())


def test_column_names_in_another_order_stay_over_their_columns_and_apart():
    """WordOrder and CausalMask move columns: the names laid out again in the new order, each over its new
    column, raised only where it meets another, never two on one row within NAME_GAP."""
    cols = ("a", "international", "b", "counterrevolutionary", "c")
    grid = AttentionGrid(attend_grid(np.eye(5)[:, :2], np.eye(5)[:, :2]), rows=cols, cols=cols)
    assert len({round(name.get_bottom()[1], 6) for name in grid.col_labels}) == 1  # a column apart: one row
    order = [0, 1, 3, 2, 4]  # 'b' and 'counterrevolutionary' trade places: the long names side by side
    names = [name.copy() for name in grid.col_labels]
    assert grid.place_column_names(names, order)
    for name, j in zip(names, order):
        assert name.get_x() == pytest.approx(grid.cells[j].get_x())
    assert rows_apart(names) and rows_apart([*names, grid.sum_header])
    lowest = min(round(name.get_bottom()[1], 6) for name in names)
    assert round(names[0].get_bottom()[1], 6) == lowest  # 'a' meets nobody: not raised
    assert len({round(name.get_bottom()[1], 6) for name in names}) == 2


def test_names_too_wide_for_two_rows_are_cut_to_their_columns_never_below_three_letters():
    cols = tuple(f"{w}-internationalisation" for w in ("one", "two", "six", "ten"))
    grid = AttentionGrid(attend_grid(np.eye(4)[:, :2], np.eye(4)[:, :2]), rows=cols, cols=cols)
    assert all(name.text.endswith(fit.ELLIPSIS) and len(name.text) >= 4 for name in grid.col_labels)
    assert rows_apart(grid.col_labels)


def test_row_labels_are_cut_to_the_room_given_never_below_three_letters():
    grid = AttentionGrid(attend_grid(np.eye(2), np.eye(2)), rows=("geschlossen", "die"), label_width=np.inf)
    assert [t.text for t in grid.row_labels] == ["geschlossen", "die"]
    grid.cut_row_labels(0.1)
    assert [t.text for t in grid.row_labels] == ["ges…", "die"]
    assert grid.row_labels[0].get_right()[0] < grid.cells.get_left()[0]
