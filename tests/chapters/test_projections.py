"""Projections: q, k and v drawn as x times W_Q, W_K, W_V, the keys and values those of chapters 3-5 (said on
screen), chapter 3's query one word's x W_Q, and two words with equal keys passing on different values."""

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from manim import DOWN, UP, AnimationGroup, FadeIn, FadeOut, Square, Succession

from attention import examples
from attention.examples.file import load_example_file
from attention.projections import DEFAULT_PROJECTIONS
from pipeline.publish import drawn
from scenes.chapters import projections
from scenes.chapters.projections import (
    BOX_BUFF,
    BRACKET_STROKE,
    CODEC_BLOCK,
    MATRIX_FRAME,
    Projections,
    on_blocks,
)
from scenes.chapters.quick_version import projections_icon
from scenes.chapters.registry import find
from scenes.kit import fit
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.emphasis import FRAME_BUFF, FRAME_CORNER, FRAME_STROKE, framed, pulsed
from scenes.kit.palette import theme, token_colors, word_colors
from scenes.kit.stage import STAGE
from tests.kit.test_equations import holds
from tests.support import snapshot
from tests.support.example_corpus import using
from tests.support.snapshot import built, flat

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cat-and-dog.toml"


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(Projections, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The chapter run dry through every beat (animations skipped): its captions and its length."""
    return snapshot.played(Projections, tmp_path_factory.mktemp("dry"))


@pytest.fixture
def custom():
    """The sample example file in use for one test (its [blend] is not the lecture's)."""
    with using(load_example_file(SAMPLE)):
        yield


def rows(matrix) -> list[list[str]]:
    return [[e.tex_string for e in row] for row in matrix.matrix.get_rows()]


def test_the_storyboard_keys_values_and_query_are_on_screen(scene):
    at = {t: i for i, t in enumerate(scene.p.tokens)}
    keys, values, queries = rows(scene.k), rows(scene.v), rows(scene.q)
    assert [keys[at[t]] for t in ("the", "sat", "cat")] == [
        ["2", "0", "0", "0"],
        ["1", "1", "0", "0"],
        ["0", "2", "0", "0"],
    ]
    assert [values[at[t]] for t in ("the", "sat", "cat")] == [["1", "0"], ["0", "1"], ["0", "0"]]
    assert queries[at["the"]] == ["2", "0", "0", "0"] and queries[at["cat"]] == ["0", "2", "0", "0"]
    assert keys[at["a"]] == keys[at["the"]] and values[at["a"]] == ["0", "2"]


def test_every_matrix_drawn_is_the_projections(scene):
    p = DEFAULT_PROJECTIONS
    for shown, values in [
        (scene.x, p.embeddings),
        (scene.w_q, p.w_q),
        (scene.w_k, p.w_k),
        (scene.w_v, p.w_v),
        (scene.q, p.queries),
        (scene.k, p.keys),
        (scene.v, p.values),
    ]:
        assert [float(e) for e in shown.entries()] == list(np.ravel(values))


def test_each_product_stands_under_its_matrix_column_by_column_and_level_with_x(scene):
    for w, result in ((scene.w_q, scene.q), (scene.w_k, scene.k), (scene.w_v, scene.v)):
        above, below = w.matrix.get_columns(), result.matrix.get_columns()
        right = [c.get_right()[0] for c in above]  # entries are right-aligned in their columns
        assert right == pytest.approx([c.get_right()[0] for c in below], abs=1e-6)
        assert w.get_bottom()[1] > result.get_top()[1]
        xs, ys = scene.x.matrix.get_rows(), result.matrix.get_rows()
        assert [r.get_y() for r in xs] == pytest.approx([r.get_y() for r in ys], abs=1e-6)
    for name, row in zip(scene.names, scene.x.matrix.get_rows()):
        assert name.get_y() == pytest.approx(row.get_y()) and name.get_right()[0] < scene.x.get_left()[0]


def test_each_product_is_named_between_its_matrix_and_it_and_its_rows_name_their_words(scene):
    """Review round 8: the products stood unnamed, their rows unlabelled, from 36 to 59 s."""
    names = [n.get_tex_string() for n in scene.product_names]
    assert names == [r"Q = X\,W_Q", r"K = X\,W_K", r"V = X\,W_V"]
    for w, result, name in zip(scene.ws, (scene.q, scene.k, scene.v), scene.product_names):
        assert w.get_bottom()[1] > name.get_top()[1] and name.get_bottom()[1] > result.get_top()[1]
        if name.width > result.width:  # centred over it (V's), else on its left edge
            assert name.get_x() == pytest.approx(result.get_x())
        else:
            assert name.get_left()[0] == pytest.approx(result.get_left()[0])
    words = [w.original_text for w in scene.row_words]
    assert words == list(DEFAULT_PROJECTIONS.tokens)
    for word, row in zip(scene.row_words, scene.v.matrix.get_rows()):
        assert word.get_y() == pytest.approx(row.get_y()) and word.get_left()[0] > scene.v.get_right()[0]
    assert scene.row_words.get_right()[0] < scene.weights[1:].get_left()[0]
    assert scene.weights[0].get_bottom()[1] > scene.row_words.get_top()[1]  # its header over the words
    assert scene.weights.get_right()[0] <= STAGE.right + 1e-9


def test_the_weights_say_whose_query_made_them(scene):
    """Review round 4: only the caption said the column was the query of 'the''s."""
    assert scene.weights[0].original_text.split() == ["weights", "for", f"“{scene.pair[0]}”"]


def test_the_table_moves_up_into_the_matrices_place_and_the_blend_comes_under_it(scene):
    """Review round 4: after W_Q, W_K and W_V faded, the top half stood empty 8 s."""
    assert scene.lift > 2
    moved = scene.table.copy().shift(UP * scene.lift)
    assert moved.get_top()[1] <= scene.ws.get_top()[1] + 1e-9
    assert scene.weights.get_top()[1] == pytest.approx(scene.ws.get_top()[1])
    for box, row in zip(scene.key_boxes, [scene.p.tokens.index(t) for t in scene.pair]):
        entries = scene.k.matrix.get_entries()  # the whole row's span (review V7)
        assert box.get_center() == pytest.approx(
            [entries.get_x(), scene.k.matrix.get_rows()[row].get_y() + scene.lift, 0]
        )
    assert (
        moved.get_bottom()[1]
        > scene.blend.get_top()[1]
        > scene.blend.get_bottom()[1]
        > scene.closing.get_top()[1]
    )
    assert scene.closing.get_bottom()[1] > STAGE.bottom


def test_the_worked_key_is_x_times_each_column_true_as_printed(scene):
    """Column j's working pairs the worked word's x with column j of W_K and gives entry j of its key."""
    product = DEFAULT_PROJECTIONS.key(scene.worked)
    key_row = rows(scene.k)[scene.p.tokens.index(scene.worked)]
    assert len(scene.workings) == product.matrix.shape[1]
    for j, line in enumerate(scene.workings):
        (rel,) = line[-1].relations
        assert holds(rel) and rel.sign == "="
        assert [float(t) for t in rel.terms[::2]] == list(product.row)
        assert [float(t) for t in rel.terms[1::2]] == list(product.matrix[:, j])
        assert rel.result == key_row[j]
        assert [term.pair[1].tex_string for term in line[:-1]] == list(rel.terms[1::2])


def test_the_screen_says_the_keys_and_values_are_chapters_3_to_5s_and_whose_the_query_is(scene):
    first, last = find("ScoreEveryWord").number, find("Refocus").number
    assert (first, last) == (3, 5) and find("Projections").number > last  # nothing refers forward
    assert scene.matches
    assert scene.known_note.original_text.replace(" ", "") == "kandvof“the”,“cat”,“sat”:exactlychapters3–5's"
    assert scene.known_text == "“the”, “cat”, “sat”: exactly the keys and values of chapters 3 to 5."
    assert scene.asked == ["the", "cat"]
    assert (
        scene.asked_text
        == "Chapter 3's query is the x of “the” times the query matrix; chapter 5's, of “cat”."
    )
    assert "“the” asking" in scene.asked_note.original_text


def test_equal_keys_get_equal_weights_and_pass_on_different_values(scene):
    assert scene.pair == ("the", "a")
    shown = dict(zip(scene.p.tokens, [w.tex_string for w in scene.weights[1:]]))
    assert shown == {"the": "0.399", "sat": "0.147", "cat": "0.054", "a": "0.399"}
    (first, second) = scene.blend[-1].relations
    assert (first.result, second.result) == ("0.399", "0.946")
    assert all(holds(r) for r in scene.blend[-1].relations)
    assert scene.weights_text == "Any query weighs them alike; the query of “the” gives both 0.399."
    assert " ".join(scene.passed_text) == "But “the” passes on 0.399 × [1, 0], “a” 0.399 × [0, 2]."
    said = re.findall(
        r"\d\S* × \[[^\]]*\]", " ".join(scene.passed_text)
    )  # the caption's terms are the screen's
    assert len(said) == 2 and {bare(t) for t in said} <= {bare(term.tex_string) for term in scene.blend}
    assert scene.output_text == "The output: [0.399, 0.946]."


def test_every_word_has_its_own_colour_and_the_lecture_s_words_keep_theirs(scene):
    colours = [n.get_color().to_hex().upper() for n in scene.names]
    assert len(set(colours)) == len(colours)
    named = token_colors(examples.current(), theme())
    assert word_colors(DEFAULT_PROJECTIONS.tokens, named)["a"] not in named.values()


def test_a_word_another_table_names_keeps_its_colour(tmp_path):
    """Issue 29: with "the" only in [cross] and [causal] (not [blend]) it was drawn in a free colour, "water"'s,
    and "sat" in "the"'s: every table's names keep their one colour, the other words one each."""
    before = examples.current()
    drag, blend = (
        replace(before.drag, tokens=("river", "bank", "water")),
        replace(before.blend, tokens=("river", "bank", "money")),
    )
    with using(replace(before, drag=drag, blend=blend)):
        colours = [n.get_color().to_hex().upper() for n in built(Projections, tmp_path).names]
        named = token_colors(examples.current(), theme())
    assert colours[DEFAULT_PROJECTIONS.tokens.index("the")] == named["the"]
    assert len(set(colours)) == len(colours)
    for word, colour in zip(DEFAULT_PROJECTIONS.tokens, colours):  # none borrows another name's (review 7)
        assert (
            colour == named[word].upper() if word in named else colour not in map(str.upper, named.values())
        )


def test_the_chapter_plays_45_to_80_seconds_with_every_caption(played):
    assert 45 <= played.renderer.time <= 80  # read silently (the query note held until read: review C9b)
    said = played.captions
    assert len(said) >= 12 and any("exactly the keys and values of chapters 3 to 5" in s for s in said)
    assert not [s for s in said if "_" in s]  # the matrices named in words, never a raw "W_K" (issue 30)
    described = " ".join(
        drawn.projections(examples.current()).values()
    )  # the audio description too (review 7)
    assert "_" not in described and "the key matrix" in described


def test_with_another_example_the_chapter_shows_the_lecture_s_words_and_says_so(custom, tmp_path):
    scene = built(Projections, tmp_path)
    assert not DEFAULT_PROJECTIONS.makes(scene.example)
    assert scene.p.tokens == DEFAULT_PROJECTIONS.tokens and not scene.asked and not len(scene.known_boxes)
    assert "your example gives its vectors directly" in scene.known_note.original_text
    assert "chapter" not in scene.known_text.lower()


def test_the_recap_icon_is_x_and_the_three_matrices():
    blocks = projections_icon(examples.current())
    p = DEFAULT_PROJECTIONS
    assert [len(b[0]) for b in blocks] == [m.size for m in (p.embeddings, p.w_q, p.w_k, p.w_v)]


def stroke_blocks(size, matrix) -> list[set]:
    """The 4-pixel blocks the lit pixels of each bracket's upright stroke fall in, in a frame of `size` pixels."""
    per_unit = size[1] / STAGE.frame_height
    left = -size[0] / per_unit / 2
    opening, closing = matrix.matrix.get_brackets()
    a, b = ((m - left) * per_unit for m in (opening.get_left()[0], closing.get_right()[0]))
    stroke = BRACKET_STROKE * per_unit
    spans = ((a, a + stroke), (b - stroke, b))
    return [{p // CODEC_BLOCK for p in range(int(lo), int(np.ceil(hi)))} for lo, hi in spans]


def test_no_bracket_stroke_is_split_between_two_codec_blocks(scene):
    """Review round 5: the right bracket of X W_Q, split across two of H.264's 4-pixel blocks, flickered a pixel
    wide in the still picture at 480p; each group's brackets are shifted (under 2 pixels) to keep its strokes
    whole, at the resolution it is rendered at (here each preset's)."""
    groups = ((scene.x,), (scene.w_q, scene.q), (scene.w_k, scene.k), (scene.w_v, scene.v))
    for size in ((854, 480), (1280, 720)):  # at 1080p a stroke is wider than a block
        unit = STAGE.frame_height / size[1]  # scene units per pixel
        for group in groups:
            copies = [m.copy() for m in group]
            on_blocks(*size, *copies)
            for m, original in zip(copies, group):
                for new, old in zip(m.matrix.get_brackets(), original.matrix.get_brackets()):
                    assert abs(new.get_x() - old.get_x()) <= CODEC_BLOCK / 2 * unit + 1e-9
                assert all(len(blocks) == 1 for blocks in stroke_blocks(size, m)), (size, m.name)


def test_emphasis_comes_from_the_kit_in_theme_colours():
    """manim's Indicate, Circumscribe and Flash default to a yellow no theme has (review round 7): the chapter
    pulses and frames through scenes.kit.emphasis."""
    assert not {"Indicate", "Circumscribe", "Flash"} & set(vars(projections))
    pulse = pulsed(Square(), theme().output)
    assert pulse.color == theme().output and pulsed(Square()).color == theme().text


def bare(term: str) -> str:
    """A term as a formula or a caption writes it, without spaces or TeX spacing: '0.399×[1,0]'."""
    return re.sub(r"\\[;,]|\{\}\+|\s", "", term).replace(r"\times", "×")


def test_each_product_s_name_stands_clear_of_the_matrix_above_it(scene):
    """Review 4: 'Q = X W_Q' stood 0.07 (4 px at 480p) under W_Q's brackets and read as touching them."""
    pixels = 480 / STAGE.frame_height
    for w, name in zip(scene.ws, scene.product_names):
        assert (w.get_bottom()[1] - name.get_top()[1]) * pixels >= 8


def box(mobject, buff: float = 0.0) -> tuple[float, float, float, float]:
    left, bottom = mobject.get_corner([-1, -1, 0])[:2]
    right, top = mobject.get_corner([1, 1, 0])[:2]
    return left - buff, bottom - buff, right + buff, top + buff


def crosses(frame, label) -> bool:
    """Whether a frame's outline (a rectangle of FRAME_STROKE) runs through `label`'s box: the label neither
    wholly inside its inner edge nor wholly outside its outer edge."""
    stroke = FRAME_STROKE / 100  # manim's stroke width: a hundredth of a scene unit per unit of width
    outer, inner = box(frame, FRAME_BUFF + stroke), box(frame, FRAME_BUFF - stroke)
    l0, b0, r0, t0 = box(label)
    inside = inner[0] <= l0 and inner[1] <= b0 and r0 <= inner[2] and t0 <= inner[3]
    apart = r0 <= outer[0] or l0 >= outer[2] or t0 <= outer[1] or b0 >= outer[3]
    return not (inside or apart)


def test_the_summary_frames_x_and_each_product_clear_of_every_label(scene):
    """Review 4: the frames round X, Q, K and V (85-88 s) cut through 'V = X W_V'; each now frames its matrix
    with its name, clear of the other labels (the words beside the rows, the weights, the blend)."""
    labels = [
        *scene.product_names,
        scene.x.label,
        *scene.names,
        *scene.row_words,
        *scene.weights,
        *scene.blend,
        scene.closing,
    ]
    scene.table.shift(UP * scene.lift)  # where the summary finds it
    try:
        wrong = [
            (i, label)
            for i, part in enumerate(scene.named_products())
            for label in labels
            if crosses(part, label)
        ]
    finally:
        scene.table.shift(DOWN * scene.lift)
    assert not wrong


def test_the_asked_note_comes_after_the_known_note_has_gone(tmp_path):
    """Review 4: 'chapter 3's query: ...' faded in over the outgoing 'k and v of ...' for 0.3 s (56.3 s)."""
    plays = []

    class Probed(Projections):
        def play(self, *animations, **kwargs):
            plays.append({(type(a).__name__, id(a.mobject)) for a in animations})
            super().play(*animations, **kwargs)

    Probed.__name__ = Projections.__name__  # the registry's chapter
    scene = snapshot.played(Probed, tmp_path)
    out, into = ("FadeOut", id(scene.known_note)), ("FadeIn", id(scene.asked_note))
    assert any(out in p for p in plays) and any(into in p for p in plays)
    assert not [p for p in plays if out in p and into in p]


def test_each_matrix_comes_in_as_named_and_its_numbers_are_framed_then_the_equal_weights(
    tmp_path, monkeypatch
):
    """Review round 4: X, W_Q, W_K and W_V stood 7 s still under two captions (10-17 s), the weights column
    4.4 s, X alone 3.4 s. X's rows are framed in turn; the matrices come in one after another with their product
    lit, then each one's numbers are framed; the two equal weights are framed as the caption says them."""
    framed_parts, lit = [], []

    def recorded(part, *args, **kwargs):
        framed_parts.append(part)
        return framed(part, *args, **kwargs)

    class Probed(Projections):
        def play(self, *animations, **kwargs):
            super().play(*animations, **kwargs)
            if any(isinstance(a, Succession) for a in animations):
                lit.append(self.formula.lit())

    Probed.__name__ = Projections.__name__  # the registry's chapter
    monkeypatch.setattr(projections, "framed", recorded)
    scene = snapshot.played(Probed, tmp_path)
    rows = scene.x.matrix.get_rows()  # first X's rows, one by one, as 'stacked, their rows make X' is read
    for part, row in zip(framed_parts[: len(rows)], rows, strict=True):  # each row's span, over the row
        assert part.get_y() + scene.lift == pytest.approx(row.get_y())  # the table moved up since
        assert part.get_left()[0] == pytest.approx(scene.x.matrix.get_entries().get_left()[0] - BOX_BUFF)
        assert part.get_left()[0] < row.get_left()[0] and part.get_right()[0] > row.get_right()[0]
    ids = [id(p) for p in framed_parts]
    matrices = [ids.index(id(w.matrix)) for w in scene.ws]
    assert matrices == sorted(matrices) and matrices == list(range(matrices[0], matrices[0] + 3))
    for t in scene.pair:
        assert id(scene.weights[1 + scene.p.tokens.index(t)]) in ids
    assert lit[0] == ["Q", "K", "V"]  # after the matrices came in (the first Succession), every product lit


def test_a_matrix_dims_only_once_it_has_been_used(tmp_path):
    """Review round 4: W_K's and W_V's digits, dimmed before their turn, read hard at 480p."""
    seen = {}

    def opacities(scene):
        return [
            min(g.get_fill_opacity() for g in w.matrix.get_entries().family_members_with_points())
            for w in scene.ws
        ]

    class Probed(Projections):
        def values_and_queries(self):
            seen["keys made"] = opacities(self)
            super().values_and_queries()

        def the_vectors_you_know(self):
            seen["all made"] = opacities(self)
            super().the_vectors_you_know()

    Probed.__name__ = Projections.__name__  # the registry's chapter
    snapshot.played(Probed, tmp_path)
    assert seen == {"keys made": [1, 1, 1], "all made": [1, 1, 1]}


def test_last_frame_snapshot(tmp_path):
    snapshot.assert_matches_snapshot("Projections", snapshot.last_frame(Projections, tmp_path))


def test_row_frames_line_up_and_stay_inside_the_brackets(scene):
    """Review V7: each frame on K and V was fitted to its row's ink, so their left edges were ragged and the
    leading digits touched them. Every row's frame spans the whole matrix, clear of the entries and the brackets."""
    for matrix in (scene.x, scene.k, scene.v):
        boxes = [scene.row_box(matrix, i) for i in range(len(matrix.matrix.get_rows()))]
        assert (
            np.ptp([b.get_left()[0] for b in boxes]) < 1e-9
            and np.ptp([b.get_right()[0] for b in boxes]) < 1e-9
        )
        left, right = matrix.matrix.get_brackets()
        entries = matrix.matrix.get_entries()
        # clear of the brackets' upright strokes (their arms reach in over and under the rows)
        assert left.get_left()[0] + BRACKET_STROKE < boxes[0].get_left()[0] < entries.get_left()[0]
        assert entries.get_right()[0] < boxes[0].get_right()[0] < right.get_right()[0] - BRACKET_STROKE
        for box, row in zip(boxes, matrix.matrix.get_rows()):
            assert box.get_bottom()[1] < row.get_bottom()[1] and row.get_top()[1] < box.get_top()[1]


def test_row_frames_keep_4_px_from_the_digits_and_the_brackets_at_480p(scene):
    """Review C9b: the row frames stood 1-3 px from the leading digits (2 at 480p). The thicker frame (`framed`'s)
    keeps 4 px of the background between its stroke and every row's digits, and the brackets' upright strokes."""
    px = 480 / STAGE.frame_height
    half = FRAME_STROKE * STROKE_UNIT / 2
    for matrix in (scene.x, scene.q, scene.k, scene.v):
        left, right = matrix.matrix.get_brackets()
        for i, row in enumerate(matrix.matrix.get_rows()):
            span = projections.row_span(matrix, i)
            assert (row.get_left()[0] - span.get_left()[0] - half) * px >= 4
            assert (span.get_right()[0] - half - row.get_right()[0]) * px >= 4
            assert (span.get_left()[0] - half - left.get_left()[0] - BRACKET_STROKE) * px >= 4
            assert (right.get_right()[0] - BRACKET_STROKE - span.get_right()[0] - half) * px >= 4


def test_row_frames_keep_4_px_over_and_under_the_digits_and_neighbours_share_an_edge(scene):
    """Review J9: the grey row frames in Q stood 6 px over and under the digits at 1080p (3 at 480p), and
    neighbouring rows' frames 8 px apart read as doubled lines. Each frame keeps 4 px of background at 480p from its
    row's digits, up and down, and the frames of neighbouring rows meet on one edge."""
    px = 480 / STAGE.frame_height
    for matrix in (scene.x, scene.q, scene.k, scene.v):
        rows = matrix.matrix.get_rows()
        boxes = [scene.row_box(matrix, i) for i in range(len(rows))]
        for box, row in zip(boxes, rows):
            half = box.get_stroke_width() * STROKE_UNIT / 2
            assert (box.get_top()[1] - half - row.get_top()[1]) * px >= 4
            assert (row.get_bottom()[1] - box.get_bottom()[1] - half) * px >= 4
        for upper, lower in zip(boxes[:-1], boxes[1:]):
            assert upper.get_bottom()[1] == pytest.approx(lower.get_top()[1])


def test_the_framed_terms_stay_clear_of_their_neighbours(scene):
    """Review V7: a term's frame touched the terms beside it and took in its '+'; review C9b: it stood 1 px from the
    term's digits and bracket (FRAME_BUFF), now 5 px at 480p (TEXT_FRAME)."""
    from scenes.kit.emphasis import TEXT_FRAME

    assert (TEXT_FRAME - FRAME_STROKE * STROKE_UNIT / 2) * 480 / STAGE.frame_height >= 5
    for term in scene.passed_terms:
        frame = TEXT_FRAME + FRAME_STROKE * STROKE_UNIT / 2  # the frame's outer edge beyond the term
        others = [part for part in scene.blend if not any(p in part.get_family() for p in term)]
        for other in others:
            on_line = abs(other.get_y() - term.get_y()) < term.height
            if on_line:
                assert fit.apart(term, other, 2 * frame), other
        assert len(term) == 3  # the weight, '×' and the value: no '+'
        part = next(p for p in scene.blend if term[0] in p.submobjects)
        if len(part) == 4:  # its own '+' stands clear of its frame too
            assert term.get_left()[0] - part[0].get_right()[0] > frame + 0.05


def test_the_weights_header_stands_clear_of_v_s_name(scene):
    """Review V7: 'V = X W_V' and 'weights for “the”' were 22 px apart on one baseline: they read as one line."""
    from scenes.chapters.projections import HEADER_GAP

    assert fit.apart(scene.weights[0], scene.product_names[2], HEADER_GAP - 1e-6)


@pytest.mark.parametrize("example", [None, SAMPLE], ids=["lecture", "sample"])
@pytest.mark.parametrize("lang", ["en", "de", "zh"])
def test_the_weights_header_stands_right_over_its_column_clear_of_v_s_name(tmp_path, example, lang):
    """Review round 9: 'weights for “the”' stood a line higher than its column, over V's name it would have crowded;
    its last line stands a row's pitch over the first row (baseline to baseline, as the rows stand), its first
    letter over the words', HEADER_GAP clear of V's name, in every language and with an example of one's own."""
    import i18n
    from scenes.chapters.projections import HEADER_GAP, last_line
    from scenes.kit.bars import baseline_of
    from scenes.kit.matrices import ROW_PITCH

    with i18n.active(lang), using(load_example_file(example) if example else examples.DEFAULT):
        scene = built(Projections, tmp_path)
    header, first = scene.weights[0], scene.row_words[0]
    assert baseline_of(last_line(header)) - scene.lift - baseline_of(first) == pytest.approx(
        ROW_PITCH, abs=1e-6
    )
    assert header.get_left()[0] == pytest.approx(first.get_left()[0], abs=1e-6)
    assert fit.apart(header, scene.product_names[2], HEADER_GAP - 1e-6)
    assert header.get_bottom()[1] - scene.lift > scene.row_words.get_top()[1]


def test_the_weights_header_starts_where_the_column_it_heads_starts(scene):
    """Review J9: 'weights for “the”' started 25 px (at 1080p) right of the words under it; it starts with them."""
    assert scene.weights[0].get_left()[0] == pytest.approx(scene.row_words.get_left()[0], abs=1e-6)


def test_the_note_on_whose_query_it_is_stays_with_w_q_until_its_caption_ends(tmp_path):
    """Review C9b (58.3-61.3 s): W_Q, W_K, W_V and the framed query rows left while the caption still read '... times
    the query matrix; chapter 5's, of “cat”'; they leave together, once the caption has been read."""
    fades = []

    class Probed(Projections):
        def play(self, *animations, **kwargs):
            fades.extend((self.renderer.time, a.mobject) for a in flat(animations) if isinstance(a, FadeOut))
            super().play(*animations, **kwargs)

    Probed.__name__ = Projections.__name__  # the registry's chapter
    scene = snapshot.played(Probed, tmp_path)
    cues = [c for c in scene.renderer.file_writer.subcaptions if c.content in scene.asked_text]
    assert len(cues) >= 1
    said = max(c.end.total_seconds() for c in cues)
    (gone,) = [(t, m) for t, m in fades if scene.asked_note in m.get_family()]
    assert gone[0] >= said - 1e-6
    assert all(part in gone[1].get_family() for part in (*scene.asked_boxes, scene.w_q, scene.w_k, scene.w_v))


def test_the_equal_keys_and_then_their_different_values_are_framed_as_the_caption_says_so(tmp_path):
    """Review C9b (61.8-64.5 s): 'the and a have equal keys but different values' framed only the keys; the values
    were framed 8 s later. Both pairs of rows are framed under that caption, the keys first; each value frame
    round the V row of one of the two words."""
    scene, shown = snapshot.played_with_plays(Projections, tmp_path)
    (animations,) = [a for said, a in shown if "have equal keys but different values" in said]
    faded = [a.mobject for a in animations if isinstance(a, FadeIn)]
    assert faded.index(scene.key_boxes) < faded.index(scene.value_boxes)
    rows = [scene.v.matrix.get_rows()[scene.p.tokens.index(t)] for t in scene.pair]
    for box, row in zip(scene.value_boxes, rows):
        assert box.get_y() == pytest.approx(row.get_y()) and box.width > row.width


def test_no_two_captions_read_alike_but_for_their_numbers(played):
    """Review E10: beat 3 lasted 26 s under "Column 2 (3, 4) of the key matrix gives 0", three captions alike, and
    read as a loop. The columns after the first come quicker under one caption that reads all their entries."""
    shapes = [re.sub(r"\d+", "#", caption) for caption in played.captions]
    assert len(shapes) == len(set(shapes))
    worked = [c for c in played.captions if c.startswith("The same for columns")]
    assert worked == ["The same for columns 2 to 4: pair, multiply, add; they give 0, 0, 0."]


def test_the_other_columns_entries_come_in_while_their_caption_is_read(tmp_path):
    """Each entry of the worked key after the first comes in after its caption starts and before it ends (the caption
    reads them), one column after another."""
    plays = []

    class Probed(Projections):
        def play(self, *animations, **kwargs):
            start = self.renderer.time
            super().play(*animations, **kwargs)
            plays.append((start, self.renderer.time, {id(a.mobject) for a in flat(animations)}))

    Probed.__name__ = Projections.__name__  # the registry's chapter
    scene = snapshot.played(Probed, tmp_path)
    (cue,) = [
        c for c in scene.renderer.file_writer.subcaptions if c.content.startswith("The same for columns")
    ]
    row = scene.k.matrix.get_rows()[scene.p.tokens.index(scene.worked)]
    ends = [next(end for start, end, ids in plays if id(entry) in ids) for entry in list(row)[1:]]
    assert ends == sorted(ends)
    assert cue.start.total_seconds() < ends[0] and ends[-1] <= cue.end.total_seconds() + 1e-6


def test_the_query_matrix_frame_keeps_4_px_from_its_name_its_brackets_and_its_neighbours_at_480p(scene):
    """Review E10 (58-59 s): the frame round W_Q stood 2 px or less from its name and the brackets' corners. Its
    stroke's inner edge keeps 4 px from W_Q's box along the sides and at the rounded corners; its outer edge 4 px
    from the subtitle over it and from Q's name under it."""
    px = 480 / STAGE.frame_height
    half = FRAME_STROKE * STROKE_UNIT / 2
    assert (MATRIX_FRAME - half) * px >= 4
    assert ((MATRIX_FRAME - FRAME_CORNER) * np.sqrt(2) + FRAME_CORNER - half) * px >= 4
    frame = framed(scene.w_q, buff=MATRIX_FRAME).mobject
    assert (scene.heading.get_bottom()[1] - frame.get_top()[1] - half) * px >= 4
    assert (frame.get_bottom()[1] - half - scene.product_names[0].get_top()[1]) * px >= 4


def test_the_keys_are_framed_as_the_table_moves_up(tmp_path):
    """Review E10 (62.6 s): "equal keys" was read 1.4 s before the K rows were framed, after the table had moved.
    The key frames come in with the move, in one group."""
    scene, shown = snapshot.played_with_plays(Projections, tmp_path)
    (animations,) = [a for said, a in shown if "have equal keys but different values" in said]
    groups = [a for a in animations if isinstance(a, AnimationGroup) and not isinstance(a, Succession)]
    assert any(
        {id(scene.table), id(scene.key_boxes)} <= {id(p.mobject) for p in g.animations} for g in groups
    )
