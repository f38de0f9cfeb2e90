"""Keep source positions available: the grids show the batched trace; the cost count follows the shape."""

from contextlib import nullcontext

import numpy as np
import pytest
from manim import UL, UR, Succession, SurroundingRectangle, VGroup

import i18n
from attention import attend, attend_grid, examples
from pipeline.publish import drawn
from scenes.chapters.source_positions import (
    CAVEAT_BOTTOM,
    GROWTH,
    SIDE_RIGHT,
    SUMMARY_SIZE,
    SourcePositions,
    broken,
    focus_cell,
    roll,
    swelled,
    window,
)
from scenes.kit import components as c
from scenes.kit.arithmetic import WEIGHT_PLACES, vector_math
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.emphasis import FRAME_STROKE, pulsed_each
from scenes.kit.fit import apart, box
from scenes.kit.grids import RELATION_GAP
from scenes.kit.palette import px_per_unit, scaled_color, theme, token_color
from scenes.kit.stage import STAGE
from tests.support.example_corpus import corpus_example
from tests.support.snapshot import assert_matches_snapshot, built, last_frame, played

FRAME_X, FRAME_Y = STAGE.right, 4.0  # the title-safe edge (the square on the right ends 0.2 inside it)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(SourcePositions, tmp_path_factory.mktemp("media"))


def test_cross_grid_is_one_batched_call(scene):
    ex = scene.example
    expected = attend_grid(ex.queries, ex.keys, ex.values)
    np.testing.assert_array_equal(scene.cross.trace.weights, expected.weights)
    assert scene.cross.trace.shape == (len(ex.target_tokens), len(ex.source_tokens))


def test_cross_cells_show_scores_then_weights(scene):
    grid = scene.cross.show_scores()
    np.testing.assert_allclose(grid.shown(), grid.trace.scores)
    grid.show_weights()
    np.testing.assert_allclose(grid.shown(), grid.trace.weights)
    # each row is its own query's softmax, and sums to 1 on screen
    for i, query in enumerate(scene.example.queries):
        np.testing.assert_allclose(grid.shown()[i], attend(query, scene.example.keys).weights)
    assert [round(s, WEIGHT_PLACES) for s in grid.shown_sums()] == [1.0] * len(scene.example.queries)


def test_cross_grid_labels_rows_by_decoder_step_and_columns_by_source_word(scene):
    ex = scene.example
    assert [t.text for t in scene.cross.row_labels] == list(ex.target_tokens)
    assert [t.text for t in scene.cross.col_labels] == list(ex.source_tokens)
    assert {t.get_color().to_hex().upper() for t in scene.cross.row_labels} == {theme().query.upper()}
    assert [t.get_color().to_hex().upper() for t in scene.cross.col_labels] == [
        token_color(t).upper() for t in ex.source_tokens
    ]


def test_self_attention_grid_is_square_from_one_sequence(scene):
    ex = scene.example
    grid = scene.self_grid
    n = len(ex.source_tokens)
    assert grid.trace.shape == (n, n)
    np.testing.assert_array_equal(grid.trace.queries, ex.self_queries)
    np.testing.assert_array_equal(grid.trace.keys, ex.keys)
    np.testing.assert_allclose(grid.shown(), ex.self_attention().weights)
    assert [t.text for t in grid.row_labels] == [t.text for t in grid.col_labels] == list(ex.source_tokens)


def test_cost_grids_grow_and_the_count_follows(scene):
    n = len(scene.example.source_tokens)
    shapes = [g.trace.shape for g in scene.grown]
    assert shapes == [(n * k, n * k) for k in GROWTH]
    for grid in scene.grown:
        assert len(grid.cells) == grid.trace.shape[0] * grid.trace.shape[1]
        np.testing.assert_allclose(grid.trace.weights.sum(axis=1), 1)
        # the first positions are the sentence itself
        np.testing.assert_array_equal(grid.trace.keys[:n], scene.example.keys)
    for grid, count in zip(scene.grown, scene.counts):
        m, k = grid.trace.shape
        assert count.shown() == (m, k, m * k)
    for grid, added, before in zip(scene.grown[1:], scene.additions, scene.grown):
        assert len(added) + before.trace.weights.size == grid.trace.weights.size


def test_cost_cells_keep_one_size_so_the_grid_grows_as_area(scene):
    pitches = {round(g.pitch, 9) for g in scene.grown}
    assert len(pitches) == 1
    sides = np.array([g.cells.width for g in scene.grown])
    np.testing.assert_allclose(sides / sides[0], GROWTH, rtol=0.02)
    corner = scene.grown[0].cells.get_corner(UL)
    for grid in scene.grown:  # every grid grows right and down from the same corner: the sentence stays put
        np.testing.assert_allclose(grid.cells.get_corner(UL), corner, atol=1e-6)
        n = scene.grown[0].trace.shape[0]
        np.testing.assert_allclose(
            grid.block(n, n).get_center(), scene.grown[0].cells.get_center(), atol=1e-6
        )
    assert scene.sentence.get_center() == pytest.approx(scene.grown[0].cells.get_center())


def test_the_count_list_grows_fourfold_as_positions_double(scene):
    """Each line typeset whole by LaTeX, numbers and words (issue 30: in the words' face beside LaTeX numbers)."""
    lines = [[part.tex_string for part in line] for line in scene.history]
    for line, grid in zip(lines, scene.grown):
        m, k = grid.trace.shape
        assert line[:4] == [
            str(m),
            r"\text{ positions: }",
            f"{m * k:,}".replace(",", "{,}"),
            r"\text{ scores}",
        ]
    assert all(line[4:] == [r"\quad(\times 4)"] for line in lines[1:]) and len(lines[0]) == 4


def test_the_sentence_legend_names_the_square_it_marks(scene):
    n = len(scene.example.source_tokens)
    shown = "".join(part.tex_string for part in scene.sentence_key[0][1])
    assert shown == rf"\text{{the sentence: }}{n}\times{n}\text{{ scores}}"
    assert scene.grown[0].trace.shape == (n, n)


@pytest.mark.parametrize("alpha", np.linspace(0, 1, 31))
def test_the_count_rolls_with_a_number_in_every_slot_and_nothing_overprinting(scene, alpha):
    """Review V4: rolled in turns (old numbers out, words slide, new numbers in), single frames read 'queries ×
    keys = scores' with no numbers. As an odometer: every slot shows its old and new number together at full
    strength, and no number touches another number or a word on its way (review 5: '256scores')."""
    for old, new in zip(scene.counts, scene.counts[1:]):
        old, new = old.copy(), new.copy()
        animation = roll(old, new)
        animation.begin()
        animation.interpolate(alpha)
        for leaving, coming in zip(old.numbers, new.numbers):
            assert opacity(leaving) + opacity(coming) == pytest.approx(1, abs=1e-6)
        moving = [a.mobject for a in animation.animations]
        numbers = [m for m in moving if any(m is n for n in (*old.numbers, *new.numbers))]
        assert len(numbers) == 6 and len(moving) == 9
        for a in numbers:
            assert all(apart(a, b) for b in moving if b is not a)


def opacity(part) -> float:
    return max(m.get_fill_opacity() for m in part.family_members_with_points())


def test_one_cell_is_worked_out_from_its_query_and_key(scene):
    trace = scene.cross.trace
    i, j = scene.focus
    assert (i, j) == focus_cell(trace) and trace.scores[i, j] == trace.scores[i].max()
    q_line, k_line, dot_line, score_line = scene.worked
    assert q_line[1].text == f"({scene.example.target_tokens[i]})"
    assert k_line[1].text == f"({scene.example.source_tokens[j]})"
    shown = [tex.tex_string for tex in (q_line[0], k_line[0], dot_line, score_line)]
    assert (
        shown[0] == f"q = {vector_math([1, 3, 0, 0], None)}"
        and shown[1] == f"k = {vector_math([0, 2, 0, 0], None)}"
    )
    assert shown[2].endswith(f"= {trace.dots[i, j]:g}") and shown[3].endswith(f"= {trace.scores[i, j]:g}")
    assert scene.worked.get_right()[0] < FRAME_X


def test_everything_fits_in_the_frame(scene):
    parts = [scene.heading, scene.cross, scene.cross_axes, scene.side, scene.worked, scene.self_grid]
    parts += [*scene.grown, *scene.counts, scene.history]
    for part in parts:
        assert part.get_left()[0] > -FRAME_X and part.get_right()[0] < FRAME_X
        assert part.get_bottom()[1] > -FRAME_Y and part.get_top()[1] < FRAME_Y


def test_the_weights_grid_has_a_panel_on_weights_in_the_score_panel_s_place(scene):
    """While the rows turn into weights, the panel beside them says what a weight is, not what a score is."""
    score, weight = scene.side, scene.weight_side
    assert "softmax" in weight[0].tex_string and "score" in score[0].tex_string
    note = weight[1].original_text.replace("\n", " ")
    assert "weights" in note and "sums to 1" in note
    assert np.allclose(weight.get_corner(UL), score.get_corner(UL))
    assert weight.get_left()[0] > scene.cross_view.get_right()[0] and weight.get_right()[0] < FRAME_X


def test_the_caveat_is_on_screen_as_a_short_label(scene):
    # Text keeps its string without spaces
    assert "noguaranteeofusefulmatchingorperfectrecall" in scene.note.text
    assert "\n" not in scene.note.text
    assert scene.note.get_bottom()[1] > -FRAME_Y and scene.note.width < 2 * FRAME_X


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("SourcePositions", last_frame(SourcePositions, tmp_path))


def test_a_row_s_scores_fade_out_and_its_weights_fade_in_no_digit_morphing(tmp_path):
    """Turning a row into weights fades copies of its scores out and the weights (and the row's sum) in where
    they stood; the cells are shaded by weight; no number is transformed into another."""
    from manim import FadeIn, FadeOut
    from manim.animation.animation import prepare_animation

    scene = built(SourcePositions, tmp_path)
    grid = scene.cross.show_scores()
    fading, coming, *shading = [prepare_animation(a) for a in scene.weigh_row(0)]
    assert isinstance(fading, FadeOut) and isinstance(coming, FadeIn)
    assert [a.mobject for a in shading] == list(grid.row(0))  # the rest only shade the row's cells
    scores = [float(n.get_value()) for n in fading.mobject]
    np.testing.assert_allclose(scores, grid.trace.scores[0], atol=5e-4)
    assert list(coming.mobject)[: grid.trace.shape[1]] == list(grid.row_numbers(0))
    assert grid.sums[0] in coming.mobject
    np.testing.assert_allclose(grid.shown()[0], grid.trace.weights[0], atol=5e-4)
    for animation in shading:  # the cells' fills move to the shading of their weights
        animation.begin()
        animation.finish()
    opacities = [cell.get_fill_opacity() for cell in grid.row(0)]
    assert np.argmax(opacities) == np.argmax(grid.trace.weights[0])


def test_the_count_is_set_in_one_face_on_one_baseline(scene):
    """'32 queries × 32 keys = 1,024 scores' typeset wholly by LaTeX, numbers and words alike, as the list of
    sizes and the legend under it (issue 30, the rule of docs/themes-and-type.md: it was in the words' face
    beside LaTeX's numbers), one size, every part on one baseline (a glyph of each word with no descender, r, k,
    r, stands where the digits do; round digits overshoot it a little)."""
    from manim import Text

    for count in scene.counts:
        assert not [m for m in count.get_family() if isinstance(m, Text)]
        assert all(isinstance(part.tex_string, str) for part in count.submobjects)  # parts of one formula
        assert {part.role for part in count.submobjects} == {"label"}
        digits = [number[0].height for number in count.numbers]  # one size: their first digits as tall
        assert max(digits) - min(digits) < 0.02
        base = count.numbers[0][0].get_bottom()[1]
        for number in count.numbers:
            assert number[0].get_bottom()[1] == pytest.approx(base, abs=0.01)
        words = [part for part in count if not any(part is n for n in count.numbers)]
        for word, k in zip(words, (3, 0, 3)):
            assert word[k].get_bottom()[1] == pytest.approx(base, abs=0.01)
        printed = (f"{n:,}".replace(",", "{,}") for n in count.shown())
        assert [part.tex_string for part in count] == [
            next(printed),
            r"\text{ queries} \times",
            next(printed),
            r"\text{ keys} =",
            next(printed),
            r"\text{ scores}",
        ]


def test_each_growth_comes_in_ring_by_ring_from_the_corner(scene):
    """The cells a growth adds come in ring by ring outwards (no dim sheet over the whole new area)."""
    for grid, rings, added in zip(scene.grown[1:], scene.shells, scene.additions):
        assert sorted(map(id, [c for ring in rings for c in ring])) == sorted(map(id, added))
        n = grid.trace.shape[0] - len(rings)  # the side before the growth
        for k, ring in enumerate(rings, n):  # ring k: row k up to column k, and column k down to row k
            assert len(ring) == 2 * k + 1
            np.testing.assert_allclose(ring.get_corner(UL), grid.cells.get_corner(UL), atol=1e-6)
            assert ring.width == pytest.approx(grid.pitch * (k + 1), rel=0.02)


def test_a_long_target_word_stands_whole_where_the_side_panel_leaves_room():
    """Review 7: 'geschlossen' was cut to 'geschl…' by a fixed width though the stage had room for it."""
    from dataclasses import replace
    from unittest.mock import patch

    cross = examples.current().cross
    long = replace(cross, target_tokens=(*cross.target_tokens[:-1], "geschlossen"))
    scene = SourcePositions()
    with patch.object(SourcePositions, "inputs", lambda self: long):
        scene.build()
    assert scene.cross.row_labels[-1].text == "geschlossen"
    assert apart(scene.cross_view, scene.weight_side) and scene.weight_side.get_right()[0] <= STAGE.right


def test_the_cost_cells_are_scores_in_the_scaled_scores_colour_not_the_keys(scene):
    """Issue 30: each cost cell is one score q·k/√d, neither a query nor a key."""
    fills = {cell.get_fill_color().to_hex().upper() for grid in scene.grown for cell in grid.cells}
    assert fills == {scaled_color().upper()} != {theme().key.upper()}
    swatch = scene.cell_key[0][0]
    assert swatch.get_fill_color().to_hex().upper() == scaled_color().upper()


@pytest.fixture(scope="module")
def tall(tmp_path_factory):
    """The chapter built with corpus example 00: six decoder steps by six source words, the names over the
    columns on two rows (issue 29: the grid's caption lay on the subtitle, its last row under the caveat)."""
    with corpus_example(0):
        yield built(SourcePositions, tmp_path_factory.mktemp("corpus-00"))


def test_a_tall_grid_s_caption_stays_under_the_subtitle(tall):
    names = tall.cross.col_labels
    assert names.height > 1.5 * max(name.height for name in names)  # on two rows
    assert tall.cross_view.get_top()[1] <= tall.ceiling() + 1e-9
    assert apart(tall.heading, tall.cross_view) and tall.cross_view.get_bottom()[1] >= STAGE.bottom


def test_beside_a_tall_grid_the_caveat_stands_right_of_it_under_the_cost_and_its_count(tall):
    summary, note = tall.summary, tall.note
    assert summary.cross.get_bottom()[1] < CAVEAT_BOTTOM + note.height  # no room for the caveat under it
    assert apart(note, summary.cross) and apart(note, summary.count)
    assert note.get_bottom()[1] == pytest.approx(CAVEAT_BOTTOM) and note.get_right()[0] <= SIDE_RIGHT + 1e-9
    assert summary.count.get_top()[1] < summary.corner[1] - summary.size  # under the cost grid, a square
    assert summary.size <= SUMMARY_SIZE
    for tag in summary.tags:
        assert apart(tag, note)


def beat_starts(scene_class, media_dir, monkeypatch) -> list[tuple[str, float, float]]:
    """Each beat after the first, as it plays its first animation (a hold is none): its name, the time, and
    when the last caption before it ends."""
    from manim import Scene, Wait

    starts, beat, play = [], scene_class.beat, Scene.play
    pending = []

    def marked(self, name):
        pending.append(name)
        beat(self, name)

    def first_play(self, *animations, **kwargs):
        captions = self.renderer.file_writer.subcaptions
        if pending and not all(isinstance(a, Wait) for a in animations):
            if captions:
                starts.append((pending[-1], self.time, captions[-1].end.total_seconds()))
            pending.clear()
        play(self, *animations, **kwargs)

    monkeypatch.setattr(scene_class, "beat", marked)
    monkeypatch.setattr(Scene, "play", first_play)
    played(scene_class, media_dir)
    return starts


def test_no_beat_takes_a_picture_away_under_the_last_beat_s_caption(tmp_path, monkeypatch):
    """A beat's first change (the count list fading out, the weights panel) waits for the caption before it to
    end: '32 positions: 1,024 scores' faded 0.6 s before its caption did (review 4)."""
    starts = beat_starts(SourcePositions, tmp_path, monkeypatch)
    assert len(starts) == 5
    for name, at, caption_end in starts:
        assert at >= caption_end - 1e-6, name


def test_a_formula_too_wide_beside_a_wide_grid_breaks_at_its_relation(tmp_path):
    """German corpus-17: beside a grid as wide as the stage allows (its names cut to three letters), a full-range
    number made the worked division (and 'Score' the weight's formula, before the sums column narrowed) run past
    the title-safe edge."""
    with i18n.active("de"), corpus_example(17):
        scene = built(SourcePositions, tmp_path)
    division = scene.worked[-1]
    assert len(division) == 2 and division[1].get_top()[1] < division[0].get_bottom()[1]  # on two lines
    assert division[1].tex_string.startswith(("=", r"\approx"))
    whole = broken(*[part.tex_string for part in division], np.inf)  # on one line it would not fit
    assert division.get_left()[0] + whole.width > SIDE_RIGHT
    for part in (scene.side, scene.weight_side, scene.worked):
        assert part.get_right()[0] <= SIDE_RIGHT and apart(part, scene.cross_view)


def test_the_side_by_side_picture_frames_each_half_as_its_cue_is_shown(tmp_path, monkeypatch):
    """Review V4: 5.1 s of a still side-by-side picture under 'Side by side: every decoder step reaches every
    source position, and the cost of all the scores.' The cross grid is framed while the first cue is shown, the
    cost grid and its count while the second is."""
    from manim import Scene

    framings, play = [], Scene.play

    def recorded(self, *animations, **kwargs):
        start = self.time
        play(self, *animations, **kwargs)
        for a in animations:  # a framing in turn (`framed_in_turn`): each of its frames from its own start
            at = start
            for turn in a.animations if isinstance(a, Succession) else [a]:
                end = at + turn.run_time if isinstance(a, Succession) else self.time
                if isinstance(turn.mobject, SurroundingRectangle):
                    framings.append((at, end, box(turn.mobject)))
                at = end

    monkeypatch.setattr(Scene, "play", recorded)
    scene = played(SourcePositions, tmp_path)
    side = next(c for c in scene.renderer.file_writer.subcaptions if c.content.startswith("Side by side"))
    after = next(c for c in scene.renderer.file_writer.subcaptions if c.start > side.start)
    cost = VGroup(scene.self_grid.cells, *scene.additions, scene.summary.count)
    (start, halfway, first), (_, end, second) = [f for f in framings if side.start.total_seconds() <= f[0]][
        :2
    ]
    assert halfway == pytest.approx(after.start.total_seconds()) and start < halfway - 1
    assert end == pytest.approx(after.end.total_seconds())
    assert encloses(first, box(scene.cross)) and encloses(second, box(cost))
    assert not encloses(first, box(cost)) and not encloses(second, box(scene.cross))
    # each frame's stroke 4 px or more at 480p clear of what it frames (review C9b: 1 px from 'sum' and '≈1.000')
    for frame, part in ((first, box(scene.cross)), (second, box(cost))):
        inside = min(*(part[0] - frame[0]), *(frame[1] - part[1])) - FRAME_STROKE * STROKE_UNIT / 2
        assert inside * px_per_unit(480) >= 4
    # the sentence's outline left with its legend: no unexplained square in the closing picture (review C9b)
    drawn = {id(m) for m in scene.get_mobject_family_members()}
    assert id(scene.sentence) not in drawn and id(scene.sentence_key) not in drawn


def test_the_cost_and_its_count_swell_inside_the_title_safe_area(scene):
    """Review V4: pulsed about its middle, the closing count grew to 26 px from the frame's right edge."""
    summary = scene.summary
    cost = VGroup(scene.grown[0].cells, *scene.additions).copy()
    cost.scale_to_fit_width(summary.size).move_to(summary.corner, aligned_edge=UR)
    part = VGroup(cost, summary.count.copy())
    animation = swelled(part)
    animation.begin()
    animation.interpolate(0.5)
    assert part.width > 1.04 * VGroup(cost, summary.count).width  # it does swell
    assert part.get_right()[0] <= SIDE_RIGHT + 1e-6 and part.get_top()[1] <= scene.ceiling() + 1e-6
    assert apart(part, summary.cross)


def encloses(outer, inner) -> bool:
    return bool(np.all(outer[0] <= inner[0]) and np.all(inner[1] <= outer[1]))


def test_a_grid_beside_the_square_taller_than_its_slot_stands_under_the_subtitle(tmp_path):
    """German corpus-05 (eight decoder steps): beside the self-attention square the cross grid stayed centred at
    its slot, and its caption 'Encoder-Schlüssel: Quellwörter' lay on the subtitle."""
    with i18n.active("de"), corpus_example(5):
        scene = built(SourcePositions, tmp_path)
    assert scene.pair.beside
    cross = scene.cross_view.copy().set_y(scene.pair.cross_y)
    assert cross.get_top()[1] <= scene.ceiling() + 1e-9 and cross.get_bottom()[1] >= STAGE.bottom
    assert scene.square.get_top()[1] <= scene.ceiling() + 1e-9


def test_the_keys_caption_stands_over_the_sums_header_too(tmp_path):
    """German corpus-05 (layout sweep): 'Encoder-Schlüssel: Quellwörter', wider than the columns, lay on 'Summe'."""
    with i18n.active("de"), corpus_example(5):
        scene = built(SourcePositions, tmp_path)
    for grid, (above, _side) in ((scene.cross, scene.cross_axes), (scene.self_grid, scene.self_axes)):
        assert apart(above, grid.sum_header) and apart(above, grid.col_labels)
        assert above.get_x() == pytest.approx(grid.col_labels.get_x())


def test_the_sums_stand_clear_of_the_cells_and_the_row_frame(scene):
    """Review V7: '≈1.000' stood 2-6 px (1080p) from its row's last cell and from the frame round the row."""
    from manim import SurroundingRectangle as Frame

    from scenes.chapters.source_positions import SUM_ROOM

    for grid in (scene.cross, scene.self_grid):
        for i, total in enumerate(grid.sums):
            assert total.get_left()[0] - grid.row(i)[-1].get_right()[0] >= 0.95 * (
                SUM_ROOM + 0.1
            )  # as laid out
            row_frame = Frame(grid.row(i), buff=0.06)  # as the softmax beat frames a row
            assert total.get_left()[0] - row_frame.get_right()[0] >= 0.95 * SUM_ROOM
        assert grid.sum_header.get_right()[0] == pytest.approx(grid.sums[0].number.get_right()[0])


def test_the_sums_and_names_pulse_in_place_and_the_square_comes_once_the_cross_grid_has_gone(
    tmp_path, monkeypatch
):
    """Review V7: pulsed as one, the outer sums moved off their rows (each now grows about its own centre), and
    1.1 s of an empty stage lay between the cross grid fading out and the square fading in. Review E10: the cross
    grid's row names jumped apart, pulsed as one group, and the grid stood 1.1 s into the square's caption: it leaves
    in the beat's turn, under no caption, and the square comes in the next play, with its caption."""
    from manim import FadeIn, FadeOut, Scene

    from scenes.chapters import source_positions

    pulsed, plays, play = [], [], Scene.play

    def recording(parts, *args, **kwargs):
        pulsed.append(list(parts))
        return pulsed_each(parts, *args, **kwargs)

    def recorded(self, *animations, **kwargs):
        plays.append((animations, kwargs.get("subcaption")))
        play(self, *animations, **kwargs)

    monkeypatch.setattr(source_positions, "pulsed_each", recording)
    monkeypatch.setattr(Scene, "play", recorded)
    scene = played(SourcePositions, tmp_path)
    assert list(scene.cross.sums) in pulsed
    assert list(scene.cross.row_labels) in pulsed and list(scene.cross.col_labels) in pulsed
    # the self-attention grid's names, pulsed, stay a space and a half apart (review C9b: at 6 px, about a space at
    # 480p, the antialiased edges of 'sat' and 'down' met and read as 'satdown')
    grid = scene.self_grid
    space = c.text("a b", role="label").width - c.text("ab", role="label").width
    for labels in (grid.row_labels, grid.col_labels):
        assert list(labels) in pulsed
        factor = pulsed_each(labels).animations[0].scale_factor
        grown = [label.copy().scale(factor) for label in labels]
        for a, b in zip(grown, grown[1:]):
            (a_low, a_high), (b_low, b_high) = box(a), box(b)
            assert max(*(b_low - a_high), *(a_low - b_high)) >= 1.5 * space, (a.text, b.text)
    assert not scene.pair.beside  # the lecture's example: the square takes the cross grid's place
    gone = next(
        k
        for k, (a, _caption) in enumerate(plays)
        if any(isinstance(x, FadeOut) and scene.cross_view in (x.mobject, *x.mobject.submobjects) for x in a)
    )
    assert plays[gone][1] is None
    coming, caption = plays[gone + 1]
    assert any(isinstance(x, FadeIn) and x.mobject is scene.square for x in coming)
    assert caption.startswith("Self-attention")


def test_the_weights_grid_stays_readable_through_half_the_cost_caption(tmp_path, monkeypatch):
    """Review E10: the 4×4 weights grid shrank at once into a 40 px block at 480p and stood in an empty stage for 7 s.
    Its weights (12 px tall at 480p) and names stay through the first half of the cost beat's first caption; then the
    cells shrink into the corner, the weights and names with them as they fade (left in place, they lingered)."""
    from manim import FadeOut, Scene, Transform

    plays, play = [], Scene.play

    def recorded(self, *animations, **kwargs):
        plays.append((self.time, animations, kwargs.get("subcaption"), self.self_grid.cells.width))
        play(self, *animations, **kwargs)

    monkeypatch.setattr(Scene, "play", recorded)
    scene = played(SourcePositions, tmp_path)
    grid = scene.self_grid
    start, opening, caption, _width = next(p for p in plays if p[2] and p[2].startswith("Every query scores"))
    shrink, shrinking, _caption, width = next(
        p for p in plays if any(isinstance(a, Transform) and a.mobject is grid.cells for a in p[1])
    )
    faded = {id(m) for a in opening if isinstance(a, FadeOut) for m in a.mobject.get_family()}
    assert not {id(m) for m in (grid.numbers, grid.row_labels, grid.col_labels)} & faded
    assert shrink - start >= scene.caption_time(caption) / 2 - 1e-6
    shrunk = [a for a in shrinking if isinstance(a, FadeOut) and grid.numbers in a.mobject.get_family()]
    assert shrunk and grid.row_labels in shrunk[0].mobject.get_family()
    assert shrunk[0].scale_factor == pytest.approx(scene.grown[0].cells.width / width)
    assert min(number.height for number in grid.numbers) * px_per_unit(480) >= 10


def test_the_self_attention_weights_have_room_in_their_cells(scene):
    """Review C9b: the weights filled their cells, 1-2 px from the sides at 480p. Each keeps 4 px or more inside
    its cell's stroke on every side."""
    grid = scene.self_grid
    for number, cell in zip(grid.numbers, grid.cells):
        stroke = cell.get_stroke_width() * STROKE_UNIT / 2
        sides = (*(box(number)[0] - box(cell)[0]), *(box(cell)[1] - box(number)[1]))
        assert (min(sides) - stroke) * px_per_unit(480) >= 4


def test_the_caveat_stands_on_the_body_grid_as_the_notes_over_it(scene):
    """Review V7: 'access ≠ recall…' was centred under notes that start on the body grid."""
    assert scene.note.get_left()[0] == pytest.approx(STAGE.body_left)
    assert [tag.get_left()[0] for tag in scene.summary.tags] == pytest.approx(
        [STAGE.body_left] * len(scene.summary.tags)
    )


def test_every_stretch_between_two_captions_is_a_turn_at_most(tmp_path):
    """Issue 30: 2.2 s without a caption while the cost grid shrank into its corner and the side-by-side picture
    came (60.75-62.9 s of the lecture): it now comes under its caption. Between two captions lies at most a
    picture held as its last caption ends and a beat's turn (the words fading out), a second in all."""
    said = played(SourcePositions, tmp_path).renderer.file_writer.subcaptions
    gaps = [(after.start - before.end).total_seconds() for before, after in zip(said, said[1:])]
    assert max(gaps) <= 1.0 + 1e-6, gaps


@pytest.mark.parametrize("grid", ["cross", "self_grid"])
def test_a_sum_s_sign_stands_from_its_number_as_tex_spaces_a_relation(scene, grid):
    """Review J9: the ≈ stood 6 px from its 1 at 1080p. Each sum's sign stands RELATION_GAP from its number, the
    gap TeX leaves round '≈' in '≈ 1.000' at the cells' size; the header still ends over the numbers."""
    tex = c.math(r"\approx", "1.000", role="small")
    assert RELATION_GAP == pytest.approx(tex[1].get_left()[0] - tex[0].get_right()[0], abs=0.01)
    shown = getattr(scene, grid)
    for total in shown.sums:
        assert total.number.get_left()[0] - total[0].get_right()[0] == pytest.approx(RELATION_GAP, abs=1e-6)
    assert shown.sum_header.get_right()[0] == pytest.approx(shown.sums[0].number.get_right()[0])


def test_the_growth_notes_stand_in_one_column_right_of_every_line(scene):
    """Review J9: the '(×4)' notes followed their lines' ends, ragged at x 1446, 1485 and 1518 (1080p). They stand
    in one column, as far right of the longest line as TeX's quad set it, and clear of every line."""
    notes = [line[-1] for line in scene.history[1:]]
    assert all(note.tex_string == r"\quad(\times 4)" for note in notes)
    lefts = [note.get_left()[0] for note in notes]
    assert max(lefts) - min(lefts) < 1e-9
    gaps = [note.get_left()[0] - line[-2].get_right()[0] for note, line in zip(notes, scene.history[1:])]
    assert min(gaps) > 0.2 and max(gaps) > min(gaps) + 0.1  # the lines' ends differ: the notes did move


@pytest.mark.parametrize("alpha", np.linspace(0, 1, 16))
def test_a_rolling_number_is_seen_only_in_its_line_and_the_shutters_hide_nothing_else(scene, alpha):
    """Issue 30: halfway through a roll the old number stood whole over the new, '4 over 8 queries', read as
    fractions. Shutters in the background colour, over everything, stand over and under the line where each number
    rolls: whatever part of a number leaves the line is under one, and none lies on a word (the line's edge at
    most) or on anything else the cost beat shows."""
    band = lambda count: (count.get_bottom()[1], count.get_top()[1])  # noqa: E731
    others = [scene.heading, scene.sentence_key, scene.cell_key, scene.history, scene.grown[-1].cells]
    for old, new in zip(scene.counts, scene.counts[1:]):
        old, new = old.copy(), new.copy()
        shutters = window(old, new)
        bottom, top = min(band(old)[0], band(new)[0]), max(band(old)[1], band(new)[1])
        words = [part.copy() for part in new if not any(part is n for n in new.numbers)]
        animation = roll(old, new)
        animation.begin()
        animation.interpolate(alpha)
        assert all(s.z_index > m.z_index for s in shutters for m in (*old, *new))
        assert all(
            s.get_fill_opacity() == 1 and s.get_fill_color().to_hex() == theme().background.upper()
            for s in shutters
        )
        for number in (*old.numbers, *new.numbers):
            (left, low), (right, high) = box(number)
            for y0, y1 in (
                (max(low, top), high),
                (low, min(high, bottom)),
            ):  # its parts above and below the line
                if y1 > y0 + 1e-9:
                    assert any(covers(s, left, y0, right, y1) for s in shutters), (alpha, number.tex_string)
        for shutter in shutters:
            assert all(apart(shutter, part, -1e-9) for part in [*words, *others])  # touching the line at most


def covers(shutter, left: float, bottom: float, right: float, top: float) -> bool:
    (s_left, s_bottom), (s_right, s_top) = box(shutter)
    return (
        s_left <= left + 1e-9
        and s_bottom <= bottom + 1e-9
        and s_right >= right - 1e-9
        and s_top >= top - 1e-9
    )


@pytest.mark.parametrize("which", ["scene", "tall"])
def test_the_description_says_where_the_square_grid_and_the_caveat_stand(which, request):
    """Review B10: the description track named both places of the self-attention grid and of the caveat, where the
    render's layout decides one: it says the one drawn."""
    scene = request.getfixturevalue(which)
    facts = scene.layout_facts
    with corpus_example(0) if which == "tall" else nullcontext():
        said = drawn.source_positions(examples.current(), facts)
    square, caveat = said["Self-attention"], said["Access is not recall"]
    assert ("beside it" in square) == scene.pair.beside and ("in its place" in square) != scene.pair.beside
    under = (
        scene.note.get_left()[0] <= STAGE.body_left + 1e-6
    )  # the caveat on the body's left edge, under all
    assert ("under them" in caveat) == under and ("to the grid's right" in caveat) != under
