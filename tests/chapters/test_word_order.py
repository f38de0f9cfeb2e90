"""WordOrder: chapter 3's weights follow their words and the output stays, the sentence's outputs are permuted
with it, the sinusoidal table and X + PE are the storyboard's, and rotary scores depend on the offset alone."""

from pathlib import Path

import numpy as np
import pytest
from manim import DL, DR, UL, UR, Camera, FadeIn, FadeOut, VGroup, Wait, tempconfig

from attention import examples
from attention.examples.file import load_example_file
from attention.positions import ROPE_STEP, STRIPES, sinusoidal, with_positions
from attention.projections import DEFAULT_PROJECTIONS
from narration import cues
from scenes.chapters.quick_version import word_order_icon
from scenes.chapters.registry import find
from scenes.chapters.word_order import IN_VIEW, RIM_STROKE, WordOrder, on_pixels, rimmed, stripes, tone
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.palette import theme
from scenes.kit.stage import STAGE
from tests.support import snapshot
from tests.support.example_corpus import using
from tests.support.snapshot import built, flat

PX_480P = 480 / STAGE.frame_height  # pixels per scene unit at 480p
SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cat-and-dog.toml"


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(WordOrder, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return snapshot.played(WordOrder, tmp_path_factory.mktemp("dry"))


@pytest.fixture(scope="module")
def custom(tmp_path_factory):
    """The chapter run dry with the sample example file (other words, other numbers)."""
    with using(load_example_file(SAMPLE)):
        yield snapshot.played(WordOrder, tmp_path_factory.mktemp("custom"))


def tex(matrix) -> list[list[str]]:
    return [[e.tex_string for e in row] for row in matrix.matrix.get_rows()]


def placed(columns, slots, tokens, order, edge=lambda m: m.get_x()) -> bool:
    """Whether each word's column stands at the slot of its place in `order` (its centre, or `edge`)."""
    return all(
        edge(col) == pytest.approx(slots[order.index(word)], abs=1e-6) for col, word in zip(columns, tokens)
    )


def slots(columns) -> list[float]:
    """The places a row of columns stands in, left to right (the same before and after a reorder)."""
    return sorted(column.get_x() for column in columns)


def test_the_weights_follow_their_words_and_the_output_stays(scene, played):
    sq = scene.query_shuffle
    assert sq.tokens == ("the", "cat", "sat") and sq.order == ("sat", "the", "cat")  # chapter 3's, reordered
    assert [label.original_text for label in scene.bars.labels] == ["the", "cat", "sat"]
    assert dict(zip(sq.tokens, scene.bars.shown_values())) == {"the": 0.665, "sat": 0.245, "cat": 0.090}
    assert scene.output_printed == ["0.665", "0.245"]
    assert placed(played.bar_columns, slots(played.bar_columns), sq.tokens, sq.order)
    assert not placed(scene.bar_columns, slots(scene.bar_columns), sq.tokens, sq.order)  # before the beat
    said = [s for s in played.captions if "[0.665, 0.245]" in s]
    assert len(said) == 1 and "stays" in said[0]


def test_each_word_of_the_reordered_sentence_keeps_its_weights_and_output(scene, played):
    ss = scene.sentence_shuffle
    assert ss.order == ("sat", "the", "cat")
    shown = [out.tex_string for out in scene.sentence_outputs]
    assert shown == ["[0.665, 0.245]", "[0.090, 0.245]", "[0.333, 0.333]"]
    before = read_grid(scene.sentence_grid, scene.sentence_outputs)
    assert before == (list(ss.tokens), list(ss.tokens), printed(ss.before.weights), shown)
    # played: the rows and the columns moved with their words (review round 7: the beat was text only)
    names, keys, weights, outputs = read_grid(played.sentence_grid, played.sentence_outputs)
    assert names == keys == list(ss.order) and weights == printed(ss.after.weights)
    assert outputs == [shown[ss.tokens.index(word)] for word in ss.order]


def read_grid(grid, outputs) -> tuple[list, list, list, list]:
    """The grid as it stands: its row names top to bottom, column names left to right, the weights read row by
    row from where the cells stand, and the outputs top to bottom."""
    ys = sorted({round(n.get_y(), 3) for n in grid.numbers}, reverse=True)
    xs = sorted({round(n.get_x(), 3) for n in grid.numbers})
    at = {(round(n.get_y(), 3), round(n.get_x(), 3)): n.printed for n in grid.numbers}
    return (
        [label.original_text for label in sorted(grid.row_labels, key=lambda m: -m.get_y())],
        [label.original_text for label in sorted(grid.col_labels, key=lambda m: m.get_x())],
        [[at[y, x] for x in xs] for y in ys],
        [out.tex_string for out in sorted(outputs, key=lambda m: -m.get_y())],
    )


def printed(weights) -> list[list[str]]:
    return [[f"{w:.3f}" for w in row] for row in weights]


def test_the_sinusoidal_table_and_x_plus_pe_are_the_storyboards(scene):
    assert tex(scene.pe_table) == [  # one format for the whole matrix (review 7: row 0 read '0 1 0 1')
        ["0.000", "1.000", "0.000", "1.000"],
        ["0.841", "0.540", "0.010", "1.000"],
        ["0.909", "-0.416", "0.020", "1.000"],
        ["0.141", "-0.990", "0.030", "1.000"],
    ]
    x, pe, total = (m for m in scene.sum_picture[1] if hasattr(m, "matrix"))
    assert [float(e) for e in x.entries()] == list(np.ravel(DEFAULT_PROJECTIONS.embeddings))
    assert tex(pe) == tex(scene.pe_table)
    for a, b, s in zip(x.entries(), pe.entries(), total.entries()):  # true as printed
        assert float(a) + float(b) == pytest.approx(float(s), abs=1e-9)
    np.testing.assert_allclose(
        [float(e) for e in total.entries()], np.ravel(with_positions(x.values)), atol=5e-4
    )


def test_the_stripes_are_the_encodings_of_many_positions(scene):
    cells = scene.stripe_picture[0]
    assert len(cells) == STRIPES[0] * STRIPES[1]
    pe = sinusoidal(np.arange(STRIPES[0]), STRIPES[1])
    assert cells[0].get_x() < cells[1].get_x()  # position 1's column right of position 0's
    assert cells[0].get_y() > cells[STRIPES[0]].get_y()  # coordinate 1 under coordinate 0 (drawn row by row)
    assert pe[0, 0] == 0 and pe[0, 1] == 1  # position 0: sin 0, cos 0
    t = theme()  # a neutral ramp with its key, no role's colour (review round 7)
    assert [cell.get_fill_color().to_hex() for cell in cells] == [tone(v) for v in pe.T.ravel()]
    assert tone(-1) == t.grid.upper() and tone(1) == t.text.upper()
    assert {tone(v) for v in pe.ravel()}.isdisjoint(c.upper() for c in t.roles().values())
    key = scene.stripe_picture[3]
    assert [entry[1].tex_string for entry in key] == ["-1", "0", "+1"]
    assert [entry[0].get_fill_color().to_hex() for entry in key] == [tone(-1), tone(0), tone(1)]
    assert (
        scene.stripe_picture.get_left()[0] > scene.pe_table.get_right()[0]
    )  # beside the table, not under it


@pytest.mark.parametrize("opacity", [1.0, 0.5], ids=["shown", "fading"])
@pytest.mark.parametrize("size", [(854, 480), (1920, 1080)], ids=["480p", "1080p"])
def test_the_stripes_show_no_seams_between_their_cells(tmp_path, size, opacity):
    """Review J9: 1-px seams between the cells at 1080p; review round 9: 2 px marks of about 40 grey levels at 480p,
    and lines where the cells overlapped while they faded. Their edges on the frame's pixels, no pixel inside the
    cells stands out from both its neighbours 2 px either side by more than 2 grey levels, shown or half faded
    (56 for cells meeting edge to edge off the pixels, 42 for cells reaching under their neighbours)."""
    width, height = size
    with tempconfig({"pixel_width": width, "pixel_height": height, "media_dir": str(tmp_path)}):
        camera = Camera(background_color=theme().background)
        cells = stripes(sinusoidal(np.arange(STRIPES[0]), STRIPES[1]), 5.3, 4.2)[0]
        on_pixels(cells, camera)
        camera.capture_mobject(cells.set_opacity(opacity))
        grey = np.asarray(camera.get_image().convert("L")).astype(int)
        (left, top), (right, bottom) = camera.points_to_pixel_coords(
            cells, [cells.get_corner(UL), cells.get_corner(DR)]
        )
    inside = grey[top + 3 : bottom - 3, left + 3 : right - 3]
    middle = inside[2:-2, 2:-2]
    for before, after in ((inside[2:-2, :-4], inside[2:-2, 4:]), (inside[:-4, 2:-2], inside[4:, 2:-2])):
        assert np.maximum(np.minimum(before, after) - middle, middle - np.maximum(before, after)).max() <= 2


def test_the_chapter_s_stripes_stand_on_its_frame_s_pixels(scene):
    """What `on_pixels` does, in the chapter: every cell's edges (the stripes' beat and the poster's) on a pixel edge
    of its camera's frame, neighbours meeting there."""
    camera = scene.camera
    per_unit = camera.pixel_height / camera.frame_height
    corner = camera.frame_center + np.array([-camera.frame_width, camera.frame_height, 0]) / 2
    for cells in (scene.stripe_picture[0], scene.poster[1][0]):
        for cell in cells:
            for edge in (cell.get_corner(DL), cell.get_corner(UR)):
                pixels = (edge - corner)[:2] * per_unit
                assert pixels == pytest.approx(np.round(pixels), abs=1e-6)
        assert cells[0].get_right()[0] == pytest.approx(cells[1].get_left()[0], abs=1e-9)


def test_a_column_s_frame_stays_4_px_clear_of_the_stripes_names_and_key(scene):
    """A helper's leftover: the frame round a column ran 3 px from "48 positions" at 480p. Its dark rim counts."""
    cells, along, _down, key = scene.stripe_picture
    half = RIM_STROKE * STROKE_UNIT / 2
    for p in (STRIPES[0] // 4, STRIPES[0] // 2):  # the columns the stripes' beat frames
        rim = rimmed(VGroup(*cells[p :: STRIPES[0]])).mobject[0]
        assert (rim.get_bottom()[1] - half - along.get_top()[1]) * PX_480P >= 4
        assert (key.get_bottom()[1] - rim.get_top()[1] - half) * PX_480P >= 4


def test_a_column_s_frame_reads_over_light_and_dark_stripes(scene):
    """Review F10: the frame, a line in the text's colour, vanished over the light stripes. Its line now runs
    between two rims of the background's colour, each at least 1.5 px wide at 480p, the column itself left
    uncovered."""
    cells = VGroup(*scene.stripe_picture[0][STRIPES[0] // 4 :: STRIPES[0]])
    rim, line = rimmed(cells).mobject
    assert rim.get_stroke_color().to_hex().lower() == theme().background.lower()
    assert line.get_stroke_color().to_hex().lower() == theme().text.lower()
    each_side = (rim.get_stroke_width() - line.get_stroke_width()) * STROKE_UNIT / 2
    assert each_side * PX_480P >= 1.5
    inner = rim.get_bottom()[1] + rim.get_stroke_width() * STROKE_UNIT / 2
    assert inner <= cells.get_bottom()[1] + 1e-9 and rim.get_center() == pytest.approx(line.get_center())


def test_the_stripes_axes_give_the_counts_the_caption_reads(scene, played):
    """Review C9c: the caption said "For 48 positions at width 16" over axes named only "position p" and
    "coordinate": each axis now says how many, the counts the caption reads."""
    cells, along, down = scene.stripe_picture[:3]
    assert along.original_text == f"{STRIPES[0]} positions p →"
    assert down.original_text == f"{STRIPES[1]} coordinates →"
    assert along.get_top()[1] < cells.get_bottom()[1] and down.get_right()[0] < cells.get_left()[0]
    assert down.height <= cells.height + 1e-6  # the rotated name no longer than the cells' column
    cue = next(
        c.content for c in played.renderer.file_writer.subcaptions if "positions at width" in c.content
    )
    assert f"For {STRIPES[0]} positions at width {STRIPES[1]}:" in cue


def test_rotary_scores_depend_on_the_offset_alone_as_the_table_prints_them(scene, played):
    rows = [[cell.tex_string for cell in row] for row in scene.rope_rows]
    assert rows == [
        ["(1, 1)", "0", "2.000"],
        ["(1, 2)", "1", "0.732"],
        ["(4, 5)", "1", "0.732"],
        ["(1, 3)", "2", "-0.732"],
        ["(4, 6)", "2", "-0.732"],
    ]
    q, k = (arrow.get_end() - played.origin for arrow in (played.q_arrow, played.k_arrow))
    turned = [np.degrees(np.arctan2(v[1], v[0])) % 360 for v in (q, k)]
    assert turned == pytest.approx([4 * ROPE_STEP, (45 + 6 * ROPE_STEP) % 360], abs=1e-6)  # at (4, 6)
    said = [s for s in played.captions if "apart" in s or "Both at" in s]
    assert said[:3] == [
        "Both at position 1: q · k = 2.000.",
        "One apart, at (1, 2) and (4, 5): 0.732 both times.",
        "Two apart, at (1, 3) and (4, 6): −0.732 both times.",
    ]


def test_it_comes_after_all_queries_at_once_and_before_the_causal_mask():
    assert find("AllQueriesAtOnce").number < find("WordOrder").number < find("CausalMask").number


def test_the_chapter_plays_45_to_75_seconds(played):
    assert 45 <= played.renderer.time <= 75
    assert len(played.captions) >= 13


def test_another_example_reorders_its_own_words(custom):
    ex = load_example_file(SAMPLE)
    sq = custom.query_shuffle
    assert sq.tokens == ex.blend.tokens and sq.order == (*ex.blend.tokens[-1:], *ex.blend.tokens[:-1])
    assert placed(custom.bar_columns, slots(custom.bar_columns), sq.tokens, sq.order)
    assert custom.sentence_shuffle.tokens == ex.causal.tokens


def test_the_recap_icon_is_stripes():
    icon = word_order_icon(examples.current())
    assert len(icon[0]) == 64


def test_the_position_formula_hangs_from_the_strip_clear_of_the_subtitle(scene):
    """Review 8: centred on the formula strip, its tall parentheses rose to 5 px under the subtitle."""
    formula, strip = scene.pe_formula, scene.strip
    assert formula.get_top()[1] == pytest.approx(strip.get_top()[1])
    assert scene.heading.get_bottom()[1] - formula.get_top()[1] >= 0.1
    assert formula.get_bottom()[1] > scene.top  # above the table and stripes under it


def test_the_sentence_s_grid_takes_the_stage_at_more_than_the_smallest_digits(scene):
    """Review 4: from 17 s to 37 s the grid ended at x ≈ 430 of 854 at the smallest digits. It grows (to the
    stage's foot, or GROWTH) and stands in the middle of the stage."""
    from scenes.chapters.word_order import FOOT_CLEAR, GROWTH
    from scenes.kit.palette import SIZES, px_per_unit
    from scenes.kit.stage import STAGE

    picture = VGroup(scene.sentence_grid, scene.sentence_outputs)
    middle = (STAGE.body_left + STAGE.right) / 2
    assert picture.get_x() == pytest.approx(middle, abs=1e-6) and picture.get_right()[0] <= STAGE.right
    assert picture.get_bottom()[1] >= STAGE.bottom - 1e-6 and picture.get_top()[1] <= scene.top + 1e-6
    digit = max(g.height for g in scene.sentence_grid.numbers[0]) * px_per_unit()  # px at 1080p
    assert SIZES["number"] < digit <= SIZES["small"] * GROWTH + 1
    assert picture.get_bottom()[1] == pytest.approx(STAGE.bottom + FOOT_CLEAR) or digit == pytest.approx(
        SIZES["small"] * GROWTH
    )


def test_the_rotary_plane_is_as_tall_as_the_stage_and_the_table_stands_in_the_rest(scene):
    from scenes.kit.stage import STAGE

    axes = scene.rope_axes
    assert axes.get_top()[1] == pytest.approx(scene.top) and axes.get_bottom()[1] == pytest.approx(
        STAGE.bottom
    )
    beside = VGroup(scene.rope_names, *scene.rope_columns)
    assert beside.get_left()[0] >= axes.get_right()[0] + 0.8 - 1e-6 and beside.get_right()[0] <= STAGE.right
    assert beside.get_x() == pytest.approx((axes.get_right()[0] + 0.8 + STAGE.right) / 2)
    # at 1.25 times its size the table ran into the caption band
    assert beside.get_bottom()[1] >= STAGE.bottom - 1e-9


def test_the_poster_sums_the_chapter_up_side_by_side(played):
    """Review 4: the last frame kept the last turn and three small lines. It is the chapter's three points side by
    side, each over its line: the reordered sentence's weights, the stripes, the last turn of q and k."""
    from scenes.kit.stage import STAGE

    grid, stripes_, lines = played.poster
    turn = VGroup(played.rope_axes, played.q_arrow, played.k_arrow)
    pictures = [grid, stripes_, turn]
    shown = played.get_mobject_family_members()
    assert all(p in shown for p in (grid, stripes_, *lines, *turn))
    assert not any(p in shown for p in (played.rope_header, played.rope_names, played.rope_formula))
    for left, right in zip(pictures, pictures[1:]):
        assert left.get_right()[0] < right.get_left()[0]
    for picture, line in zip(pictures, lines):
        assert line.get_top()[1] < picture.get_bottom()[1] and abs(line.get_x() - picture.get_x()) < 0.05
    assert STAGE.body_left - 0.05 <= grid.get_left()[0] and turn.get_right()[0] <= STAGE.right + 1e-9
    assert lines.get_bottom()[1] >= STAGE.bottom
    ss = played.sentence_shuffle
    assert [label.original_text for label in grid.row_labels] == list(ss.order)
    assert [[n.printed for n in grid.row_numbers(i)] for i in range(len(ss.order))] == printed(
        ss.after.weights
    )


def test_the_offsets_and_then_the_positions_are_lit_as_the_caption_reads_them(tmp_path, monkeypatch):
    """Review 4: a near-still 4 s under 'A score depends on how far apart two words are, not where they stand.'
    Its words are followed: the offsets and scores framed, then the positions dimmed, the caption's length."""
    from manim import Scene, Wait

    seen, play = [], Scene.play

    def watched(self, *animations, **kwargs):
        captions = self.renderer.file_writer.subcaptions
        if captions and "how far apart" in captions[-1].content:
            if self.time < captions[-1].end.total_seconds() and not all(
                isinstance(a, Wait) for a in animations
            ):
                seen.append((self.time, captions[-1].end.total_seconds()))
        play(self, *animations, **kwargs)
        if seen and len(seen[-1]) == 2:
            seen[-1] = (*seen[-1], self.time)

    monkeypatch.setattr(Scene, "play", watched)
    snapshot.played(WordOrder, tmp_path)
    (start, end, _), *rest = seen
    assert len(rest) == 1 and rest[0][2] == pytest.approx(end, abs=0.1)  # the two plays fill the caption


def test_the_offsets_sentence_is_said_whole_without_its_turn_mark(played):
    """One message, split where the picture turns from the offsets to the positions (TURN): said whole, unmarked."""
    from scenes.chapters.word_order import TURN

    assert "A score depends on how far apart two words are, not where they stand." in played.captions
    assert not [caption for caption in played.captions if TURN in caption]


RIVER = ("the", "river", "bank", "flooded")  # the review's example: 'flooded' wider than a column of numbers


@pytest.fixture(scope="module")
def river(tmp_path_factory):
    """The chapter built with the review's river example (four words, decimals, a long one)."""
    import dataclasses

    from attention.examples.beyond import CausalExample
    from attention.examples.sources import BlendExample

    keys = np.array([[0.5, -1.5, 1], [1.2, 0.4, -0.3], [0.9, 0.8, 0.25], [-0.6, 1.1, 0.7]])
    values = np.array([[-1.1, -0.9], [0.75, -0.25], [1.5, 0.5], [0.2, 1.35]])
    queries = np.array([[1.0, 0.5, -0.25], [-0.5, 1.2, 0.8]])
    river = dataclasses.replace(
        examples.current(),
        blend=BlendExample(RIVER, keys, values, queries),
        causal=CausalExample(RIVER, keys, values),
    )
    with using(river):
        yield built(WordOrder, tmp_path_factory.mktemp("river"))


@pytest.mark.parametrize("which", ["scene", "river"])
def test_the_bars_and_the_output_take_the_stage(which, request):
    """Review 5: the bars were small and stood left. The tallest bar and its number reach down from BARS_DROP
    under the query, the names just above the stage's foot, the row centred on the stage."""
    from scenes.chapters.word_order import BARS_DROP, BARS_FOOT
    from scenes.kit.stage import STAGE

    scene = request.getfixturevalue(which)
    bars = scene.bars
    tallest = int(np.argmax([bar.height for bar in bars.bars]))
    query = scene.query_line.get_bottom()[1]
    assert query - bars.bars[tallest].get_top()[1] == pytest.approx(BARS_DROP)
    assert bars.values[tallest].get_top()[1] < query - 0.3  # its number too, clear of the query
    assert bars.labels.get_bottom()[1] == pytest.approx(STAGE.bottom + BARS_FOOT, abs=1e-6)
    row = VGroup(bars, scene.output_line)
    assert row.get_x() == pytest.approx(0, abs=1e-6)  # the stage's middle: body_left to -body_left
    assert row.get_left()[0] >= STAGE.body_left - 1e-6 and row.get_right()[0] <= -STAGE.body_left + 1e-6
    assert scene.output_line.get_left()[0] > bars.get_right()[0]


def test_the_position_formula_and_pictures_take_the_stage(scene):
    """Review 5: beat 3 used the left 70% of the frame, the exponent 2i/d small: the formula at the body size,
    X + PE as large as the stage under it lets it, in its middle."""
    from scenes.chapters.word_order import FOOT_CLEAR, UNDER_FORMULA
    from scenes.kit.palette import tex_size
    from scenes.kit.stage import STAGE

    assert scene.pe_formula.font_size == pytest.approx(tex_size("body"))
    below = min(scene.top, scene.pe_formula.get_bottom()[1] - UNDER_FORMULA)  # under the strip and formula
    for picture in (scene.sum_picture, scene.pe_table, scene.stripe_picture):
        assert picture.get_top()[1] <= below + 1e-6 and picture.get_bottom()[1] >= STAGE.bottom - 1e-6
    total = scene.sum_picture
    assert total.get_x() == pytest.approx(0, abs=1e-6)
    fills = [total.height / (below - STAGE.bottom - FOOT_CLEAR), total.width / (-2 * STAGE.body_left)]
    assert max(fills) == pytest.approx(1, abs=1e-3)  # as large as the stage lets it (GROWTH does not bind)
    assert scene.stripe_picture.get_left()[0] > scene.pe_table.get_right()[0]


def column_names_fit(grid) -> bool:
    """Every column name over its own cell, no wider than it, and one name per column."""
    names = sorted(grid.col_labels, key=lambda m: m.get_x())
    cells = grid.cells[: grid.trace.shape[1]]
    return len(names) == len(cells) and all(
        name.width <= cell.width and abs(name.get_x() - cell.get_x()) < 1e-6
        for name, cell in zip(names, cells)
    )


def test_the_sentence_s_column_names_stand_over_their_own_columns(river):
    """Review 5: 'flooded' ran wider than its column, reading 'flooded the river bank' as one phrase."""
    from scenes.kit.stage import STAGE

    grid = river.sentence_grid
    assert column_names_fit(grid)
    names = sorted(grid.col_labels, key=lambda m: m.get_x())
    for left, right in zip(names, names[1:]):
        assert right.get_left()[0] - left.get_right()[0] >= 0.2
    assert (
        VGroup(grid, river.sentence_outputs).get_bottom()[1] >= STAGE.bottom + 0.04
    )  # its strokes clear the band


@pytest.mark.parametrize("which", ["scene", "river"])
def test_the_poster_grid_has_its_numbers_and_one_row_of_names(which, request):
    """Review 5: the poster's grid had no numbers and staggered names (river)."""
    scene = request.getfixturevalue(which)
    grid = scene.poster[0]
    assert len(grid.numbers) == grid.trace.shape[0] * grid.trace.shape[1]
    assert len({round(name.get_bottom()[1], 6) for name in grid.col_labels}) == 1  # one row
    assert column_names_fit(grid)


@pytest.mark.parametrize("example", [None, SAMPLE])
def test_the_summary_s_pictures_come_in_where_the_plane_has_passed(example, tmp_path):
    """Review V5: the plane stood alone for 2 s at the summary, then the grid and the stripes came in. The table
    now leaves as the plane moves, gone before the plane reaches it, and each picture of the poster comes in once
    the plane has passed its place; the plane alone at most 0.5 s."""
    from scenes.chapters.word_order import SUMMARY_SECONDS

    with using(load_example_file(example) if example else examples.current()):
        scene = built(WordOrder, tmp_path)
    times = scene.summary_times()
    grid, stripes, _lines = scene.poster
    for name, picture in (("grid", grid), ("stripes", stripes)):
        assert scene.plane_box(times[name][0])[0][0] >= picture.get_right()[0]
    assert scene.plane_box(times["table"][1])[1][0] <= scene.rope_table().get_left()[0]
    assert (times["grid"][0] - times["table"][1]) * SUMMARY_SECONDS <= 0.5
    assert all(0 <= start < end <= 1 for start, end in times.values())


def test_x_and_its_words_say_which_chapter_they_come_from(scene):
    """Review V8b: X's fourth word "a" (chapter 6's words, not this chapter's) came unannounced: a note under X's
    words names the chapter, clear of "X + PE =" and of X."""
    names, (mx, _plus, _pe, equals, _total), note = scene.sum_picture
    assert [n.original_text for n in names] == list(DEFAULT_PROJECTIONS.tokens)
    assert f"chapter {find('Projections').number}" in note.original_text.replace("\n", " ")
    assert note.get_right()[0] < equals.get_left()[0] and note.get_top()[1] < mx.get_bottom()[1]


def test_no_picture_waits_long_for_its_caption(tmp_path, monkeypatch):
    """Review V8b: six stills of 3.1-3.9 s, each inside one long caption (the bars, the output, the stripes, X + PE,
    the rotary rows), waits of up to 2.8 s between the ramps of the animations around them: each picture is now
    framed, part by part, while its caption is read."""
    from manim import Scene

    waits, wait = [], Scene.wait

    def watched(self, duration=1.0, *args, **kwargs):
        waits.append(duration)
        wait(self, duration, *args, **kwargs)

    monkeypatch.setattr(Scene, "wait", watched)
    snapshot.played(WordOrder, tmp_path)
    assert waits and max(waits) < 2.5


@pytest.fixture(scope="module", params=[None, SAMPLE], ids=["lecture", "sample"])
def timed(request, tmp_path_factory):
    """The chapter run dry, with each play's start and end, caption and animations (those in groups too)."""
    plays = []

    class Timed(WordOrder):
        def play(self, *animations, subcaption=None, **kwargs):
            if subcaption:  # its caption's wait first: the play starts after it
                self.wait_for_reader()
            start = self.time
            super().play(*animations, subcaption=subcaption, **kwargs)
            plays.append((start, self.time, subcaption, flat(animations)))

    Timed.__name__ = "WordOrder"  # the registry's chapter
    with using(load_example_file(request.param) if request.param else examples.current()):
        scene = snapshot.played(Timed, tmp_path_factory.mktemp("timed"))
    return scene, plays


def test_no_frame_reaches_into_the_caption_band(timed):
    """Review F10: the frame of the rotary table's last row reached 1-3 px into the caption band at 480p (the table
    stood on the stage's foot). Every frame the chapter plays, its stroke included, stays above the band."""
    _scene, plays = timed
    frames = [
        a.mobject for *_times, animations in plays for a in animations if isinstance(a, FadeIn) and a.remover
    ]
    assert len(frames) >= 15
    for frame in frames:
        for part in frame.family_members_with_points():
            assert part.get_bottom()[1] - part.get_stroke_width() * STROKE_UNIT / 2 >= STAGE.bottom - 1e-9


def test_a_picture_on_an_empty_stage_is_half_in_when_its_caption_starts(timed):
    """Review F10: three cues started with their picture's fade onto a cleared stage and were read a second over an
    empty stage. A caption played after the stage was cleared starts once its picture is half in; any other with
    its animation."""
    scene, plays = timed
    starts = {cue.content: cue.start.total_seconds() for cue in scene.renderer.file_writer.subcaptions}
    moves = [play for play in plays if not all(isinstance(a, Wait) for a in play[3])]
    after_clearing = 0
    for before, (start, end, caption, _animations) in zip(moves, moves[1:]):
        if caption:
            cleared = all(isinstance(a, FadeOut) for a in before[3])
            expected = start + IN_VIEW * (end - start) if cleared else start
            assert starts[cues.split(caption)[0]] == pytest.approx(expected, abs=1e-6), caption
            after_clearing += cleared
    assert after_clearing == 4  # the set, the stripes' table, X + PE, the rotary plane
