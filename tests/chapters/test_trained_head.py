"""TrainedHead: the lookup's weights before and after training, the loss curve, the held-out scores beside
chance and the learned W_Q W_K^T are the numbers `attention.training` computes; the query's row of the grid,
divided by √d and softmaxed, is the trained bars; the last frame sums the chapter up; two runs draw the same
picture."""

from itertools import combinations

import numpy as np
import pytest
from manim import AnimationGroup, Create, FadeIn, Square, SurroundingRectangle, VGroup

from attention import examples
from attention.examples.file import examples_from_dict
from attention.softmax import softmax
from attention.training import STEPS, WORDS, train_head
from scenes.chapters.quick_version import trained_head_icon
from scenes.chapters.registry import find
from scenes.chapters.trained_head import (
    BAR_FRAME_BUFF,
    GHOST_STROKE,
    LABEL_GAP,
    LINE_IN,
    MIN_RUN,
    TASK_ZOOM,
    TICK_ARM,
    TICK_LABEL_GAP,
    TrainedHead,
    baseline,
    contrast,
    crossfade,
    lit,
    lookup_colours,
    text_framed,
)
from scenes.kit import components
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.emphasis import FRAME_STROKE, TEXT_FRAME
from scenes.kit.fit import apart
from scenes.kit.palette import FAINT, coloured_names, delta_e, rgb, theme, token_color
from scenes.kit.stage import STAGE
from tests.support import snapshot
from tests.support.example_corpus import using
from tests.support.plays import recorded
from tests.support.snapshot import built, last_frame


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(TrainedHead, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return snapshot.played(TrainedHead, tmp_path_factory.mktemp("dry"))


def printed(bars) -> list[str]:
    return [number.tex_string for _, number in bars]


def words_of(line) -> str:
    """A line's words (its parts, drawn as texts), without spaces."""
    return "".join(part.original_text for part in line).replace(" ", "")


def entries(tex: str) -> list[str]:
    """The numbers of a vector printed in `tex`, '[a,\\;\\; b]'."""
    return [x.replace(r"\;", "").strip() for x in tex.split("[")[1].split("]")[0].split(",")]


def number(tex: str) -> float:
    return float(tex.replace("−", "-"))


def test_the_bars_are_the_lookups_weights_before_and_after_with_the_old_ones_kept_faint(scene):
    ex = train_head().held_out[0]
    assert scene.example == ex
    assert printed(scene.bars_before) == ["0.225", "0.267", "0.255", "0.254"]
    assert printed(scene.bars_after) == ["0.001", "0.010", "0.012", "0.977"] and ex.answer == 3
    heights = [bar.height for bar, _ in scene.bars_after]
    assert heights.index(max(heights)) == ex.answer
    ghosts = [(g.height, g.get_fill_opacity()) for g in scene.ghosts]
    assert ghosts == pytest.approx([(bar.height, FAINT) for bar, _ in scene.bars_before])
    for (bar, number), ghost in zip(scene.bars_after, scene.ghosts):  # each number on its bar, clear of the
        assert (
            number.get_bottom()[1] > bar.get_top()[1]
        )  # ghost beside it (review round 7: printed inside it)
        assert apart(number, ghost, margin=0.1) and apart(bar, ghost)


def test_the_bars_stand_on_a_baseline_over_their_words_clear_of_the_cards(scene):
    """Review round 8: no baseline, no words, and the 0.977 bar's frame all but touched the "owl" card."""
    base = scene.baseline.get_y()
    assert scene.baseline.get_left()[0] <= scene.cards.get_left()[0] + 1e-6
    assert scene.baseline.get_right()[0] >= scene.cards.get_right()[0] - 1e-6
    for bars in (scene.bars_before, scene.bars_after):
        assert [bar.get_bottom()[1] for bar, _ in bars] == pytest.approx([base] * len(bars))
        assert max(number.get_top()[1] for _, number in bars) < scene.cards.get_bottom()[1] - 0.25
    words = scene.example.words
    assert [w.original_text for w in scene.bar_words] == list(words)
    for word, card, name in zip(scene.bar_words, scene.cards, words):
        assert word.get_x() == pytest.approx(card.get_x())
        assert word.get_color().to_hex().upper() == scene.colours[name].upper()
        assert word.get_top()[1] < base
    for line in (scene.score_before, scene.score_after):
        assert scene.bar_words.get_bottom()[1] > line.get_top()[1] and line.get_bottom()[1] >= STAGE.bottom
    # the bars from before say what they are (round 8: only the caption did), beside the query, clear of the plot
    assert scene.ghost_note[1].original_text == "before training"
    assert apart(scene.ghost_note, scene.plot) and apart(scene.ghost_note, scene.answer)


def test_the_loss_curves_and_their_ends_are_the_training_losses_in_no_role_s_colour(scene):
    losses = train_head().losses
    for plot in (scene.plot, scene.small_plot):  # the training beat's, and the closing frame's
        assert len(plot.curve.get_anchors()) >= len(losses) == STEPS + 1
        assert [e.tex_string for e in plot.ends] == ["1.361", "0.034"]
        assert plot.ends[0].get_right()[0] < plot.axes.c2p(0, 0)[0]  # left of the y axis, clear of the curve
        start, end = plot.curve.get_start(), plot.curve.get_end()
        assert np.allclose(plot.axes.p2c(start), (0, losses[0]))
        assert np.allclose(plot.axes.p2c(end), (STEPS, losses[-1]))
        assert plot.curve.get_color().to_hex().upper() not in {c.upper() for c in theme().roles().values()}


def test_the_held_out_scores_stand_beside_chance_and_the_captions_say_what_right_means(played):
    head = train_head()
    assert (
        played.score_before.original_text
        == "unseen: right 23% (chance 25%), mean weight on the right word 0.256"
    )
    assert (
        played.score_after.original_text
        == "unseen: right 100% (chance 25%), mean weight on the right word 0.963"
    )
    said = " ".join(played.captions)
    assert f"right {round(100 * head.accuracy_before)}% of the time; chance is 25%" in said
    assert "right when its largest weight is on the query's word: here “bee” has it" in said
    assert "The answer is that word's value, 3 here." in said
    assert "0.977 on “owl”" in said and "from 1.361 to 0.034" in said and "0.963 of the weight" in said
    assert "_" not in said  # symbols in words, never a raw subscript ("W_Q", issue 30)


def test_the_learned_grid_is_w_q_w_k_transposed_shaded_by_score_on_a_neutral_ramp(scene):
    bilinear = train_head().bilinear
    cells, keys, queries = scene.grid
    shown = np.array([number(cell[1].tex_string) for cell in cells]).reshape(bilinear.shape)
    np.testing.assert_allclose(shown, np.round(bilinear, 1), atol=1e-9)
    assert [k.original_text for k in keys] == list(WORDS) == [q.original_text for q in queries]
    assert len(scene.diagonal) == len(WORDS)
    assert all(np.argmax(row) == i for i, row in enumerate(bilinear))  # what the frames say
    fills = [cell[0].get_fill_color() for cell in cells]
    toward_text = [np.linalg.norm(f.to_rgb() - rgb(theme().grid)) for f in fills]
    order = np.argsort(bilinear.ravel())
    assert all(
        np.diff(np.array(toward_text)[order]) >= -1e-9
    )  # the higher the score, the nearer the text's tone
    roles = {c.upper() for c in theme().roles().values()}
    assert not roles & {f.to_hex().upper() for f in fills}


def test_the_query_s_row_divided_by_root_d_and_softmaxed_is_the_trained_bars(scene):
    head, ex = train_head(), scene.example
    query, columns = WORDS.index(ex.query), [WORDS.index(w) for w in ex.words]
    framed = [scene.grid[0].submobjects.index(cell) for cell in scene.row_cells]
    assert framed == [query * len(WORDS) + b for b in columns]  # the query's row, the lookup's words
    label, scaled, weights = scene.working
    assert label.original_text.endswith("keys " + " ".join(ex.words))
    assert [number(x) for x in entries(scaled.tex_string)] == [
        round(head.bilinear[query, b], 1) for b in columns
    ]
    assert rf"\sqrt{{{head.w_q.shape[1]}}}" in scaled.tex_string
    assert weights.tex_string.startswith(
        r"\approx"
    )  # softmax of the rounded scores: near the bars, not equal
    assert entries(weights.tex_string) == printed(scene.bars_after) == ["0.001", "0.010", "0.012", "0.977"]
    exact = softmax(head.bilinear[query, columns] / np.sqrt(head.w_q.shape[1]))
    np.testing.assert_allclose(exact, ex.weights_after, atol=1e-12)  # the trained weights, not a look-alike


def test_the_last_frame_keeps_the_grid_the_loss_and_right_before_and_after_against_chance(played):
    drawn = set(played.get_mobject_family_members())
    for part, shown in (
        (played.grid, True),
        (played.small_plot, True),
        (played.closing, True),
        (played.working, False),
    ):
        assert all((leaf in drawn) == shown for leaf in part.family_members_with_points())
    assert words_of(played.closing) == "rightonunseenlookups:23%→100%(chance25%)trainedontheanswersalone"


def test_two_runs_train_alike_and_end_on_the_same_picture(tmp_path):
    first = last_frame(TrainedHead, tmp_path / "one")
    train_head.cache_clear()  # trained again from scratch
    np.testing.assert_array_equal(last_frame(TrainedHead, tmp_path / "two"), first)


def test_it_comes_last_before_the_recap_and_plays_45_to_75_seconds(played):
    assert find("TrainedHead").number == find("QuickVersion").number - 1
    assert 45 <= played.renderer.time <= 75


def test_the_recap_icon_is_the_learned_grid():
    icon = trained_head_icon(examples.current())
    assert len(icon[0]) == len(WORDS) ** 2


def test_the_lookup_s_words_have_colours_far_apart_and_bars_tall_enough_to_see_them(scene):
    words = scene.example.words
    colours = [scene.colours[w] for w in words]
    assert len(set(scene.colours.values())) == len(WORDS)
    assert min(delta_e(a, b) for a, b in combinations(colours, 2)) > 55  # "bee" and "dog" were 44 apart
    for (bar, _), card, colour in zip(scene.bars_before, scene.cards, colours):
        assert (
            bar.get_fill_color().to_hex().upper() == colour.upper()
            and card[1].get_color().to_hex().upper() == colour.upper()
        )
    assert min(bar.height for bar, _ in scene.bars_before) > 0.5  # a weight near 1/4: over 25 px at 480p
    vocabulary = scene.vocabulary  # the six the four are drawn from, each in its colour, on one baseline
    assert vocabulary.original_text == "from: " + " ".join(WORDS)
    glyphs = vocabulary[len("from:") :]
    shown = [g.get_fill_color().to_hex().upper() for g in glyphs]
    assert shown == [scene.colours[w].upper() for w in WORDS for _ in w]


def test_no_lookup_word_takes_the_colour_of_a_different_word_of_the_example():
    """Review 7: with a lecturer's example "cat" took "river"'s pink, "elk" the red of "the"."""
    with using(examples_from_dict(RIVER_BANK)):
        names = coloured_names(examples.current())
        colours = lookup_colours(("cat", "bee", "dog", "owl"))
        others = {token_color(n).upper() for n in names if n not in WORDS}
        assert not others & {c.upper() for c in colours.values()}
        assert len(set(colours.values())) == len(WORDS)
    lecture = lookup_colours(("cat", "bee", "dog", "owl"))
    assert lecture["cat"] == token_color("cat")  # a word a table of the lecture names keeps its colour
    assert not {token_color(n) for n in coloured_names(examples.current()) if n != "cat"} & set(
        lecture.values()
    )


RIVER_BANK = {  # nine names across the tables: the theme's six colours and three generated ones
    "blend": {
        "tokens": ["river", "bank", "money", "loan"],
        "keys": [[1.5, -0.25], [0.6, 0.75], [-0.8, 1.25], [-0.45, 0.9]],
        "values": [[1.2, -0.6], [0.25, 0.5], [-0.9, 1.15], [-1.05, 0.35]],
        "queries": [[1.2, -0.35], [-0.6, 1.4]],
    },
    "causal": {
        "tokens": ["the", "water", "was", "flooded", "closed"],
        "keys": [[0.3, -0.2], [1.25, 0.4], [0.8, 1.05], [-0.4, 1.3], [0.1, 0.2]],
        "values": [[0.1, 0.0], [1.1, -0.5], [0.6, 0.9], [-0.75, 1.2], [0.2, 0.3]],
        "queries": [[0.2, 0.1], [1.0, -0.3], [1.2, 0.6], [0.5, 1.4], [0.3, 0.3]],
    },
}


def test_the_bars_from_before_are_outlined_in_their_word_s_colour_and_the_legend_draws_one(scene):
    """Review 4: at 480p the faint bars read as dark blocks; each is outlined in its word's colour (reading against
    the background as a graphic must, 3:1), over a faint fill that leaves the trained bars the solid ones, and
    the note beside the query shows such a bar."""
    background = theme().background
    for ghost, (bar, _) in zip(scene.ghosts, scene.bars_after):
        assert ghost.get_stroke_color().to_hex().upper() == bar.get_fill_color().to_hex().upper()
        assert ghost.get_stroke_width() == GHOST_STROKE and ghost.get_stroke_opacity() == 1
        assert ghost.get_fill_opacity() == FAINT < bar.get_fill_opacity()
        assert contrast(ghost.get_stroke_color().to_hex(), background) >= 3
    swatch, words = scene.ghost_note
    assert swatch.get_stroke_width() == GHOST_STROKE and swatch.get_fill_opacity() == FAINT
    assert swatch.get_right()[0] < words.get_left()[0]


def test_the_legend_s_swatch_is_bar_shaped_on_the_words_baseline_and_framed_4_px_clear(scene):
    """Review J9: the swatch, 21 x 33 px at 1080p, narrower than tall and down to the descenders, read as a glyph
    the face lacks. It is as wide as the bars it stands for, wider than tall, its foot on the baseline of
    "before training"."""
    swatch, words = scene.ghost_note
    assert swatch.width == pytest.approx(scene.ghosts[0].width) and swatch.width >= 1.5 * swatch.height
    assert swatch.get_bottom()[1] == pytest.approx(baseline(words))
    assert baseline(words) > words.get_bottom()[1] + 0.03  # "training" reaches under its baseline
    box = text_framed(scene.ghost_note).mobject  # framed as the caption names the bars
    assert inner_gap_px(box, scene.ghost_note) >= 4 + ANTIALIAS - 1e-9


def test_the_task_is_large_while_it_is_the_whole_picture(tmp_path):
    """Review V4: 1-13 s the task sat in a strip (the words it is drawn from ~9 px) over an empty body. It is
    drawn a role up (cards, query and answer as titles, the words drawn from as body text), then settles into
    the task beside the bars, the words it is drawn from crossing nothing on their way."""
    scene = built(TrainedHead, tmp_path)
    scene.enlarge_task()
    query, arrow, cards, vocabulary = scene.large
    assert cards.width == pytest.approx(TASK_ZOOM * scene.cards.width, rel=0.01) and TASK_ZOOM >= 1.4
    assert [card[1].role for card in cards] == ["title"] * len(cards) and query.role == arrow.role == "title"
    assert vocabulary.role == "body" and vocabulary.original_text == scene.vocabulary.original_text
    assert vocabulary.height > 1.1 * scene.vocabulary.height
    assert scene.large.get_left()[0] == pytest.approx(STAGE.body_left)
    assert scene.large.get_right()[0] < STAGE.right and scene.large.get_bottom()[1] > STAGE.bottom
    assert scene.large.get_top()[1] < scene.strip.get_bottom()[1]
    assert vocabulary.get_top()[1] < cards.get_bottom()[1]  # under the cards, not beside them

    homes = [part.copy() for part in (scene.query_line, scene.answer, scene.cards, scene.vocabulary)]
    animation = scene.settling()
    animation.begin()
    for alpha in np.linspace(0, 1, 61):
        animation.interpolate(alpha)
        assert apart(vocabulary, cards) and apart(vocabulary, query)
    for part, home in zip((query, arrow, cards, vocabulary), homes):
        assert np.allclose(part.get_all_points(), home.get_all_points())


@pytest.mark.parametrize("alpha", np.linspace(0, 1, 31))
def test_the_crossfade_never_leaves_the_body_empty(alpha):
    """Review V4: the lookup faded out, then the grid faded in: a second with neither on screen."""
    gone, coming = Square().set_fill(opacity=1), Square().set_fill(opacity=1)
    animation = crossfade(gone, coming)
    animation.begin()
    animation.interpolate(alpha)
    assert gone.get_fill_opacity() + coming.get_fill_opacity() >= 0.5 - 1e-9


def test_the_near_uniform_bars_and_then_the_diagonal_are_framed_as_their_captions_are_read(
    tmp_path, monkeypatch
):
    """Review V4: stills of 3.2 s under 'its weights are near uniform' and 3.5 s under 'The diagonal stands
    out'. The four bars are framed together as the first is read; the diagonal's cells one after another, down
    the diagonal, as the second is."""
    from manim import Scene

    framings, play = [], Scene.play

    def recorded(self, *animations, **kwargs):
        start = self.time
        play(self, *animations, **kwargs)
        for animation in animations:
            inner = getattr(animation, "animations", [animation])
            for part in [p for a in inner for p in getattr(a, "animations", [a])]:
                if isinstance(part.mobject, SurroundingRectangle):
                    framings.append((start, self.time, part.mobject.get_center()))

    monkeypatch.setattr(Scene, "play", recorded)
    scene = snapshot.played(TrainedHead, tmp_path)
    before = built(TrainedHead, tmp_path)  # the bars where they stood then (they become the trained bars)
    cues = scene.renderer.file_writer.subcaptions
    for words, parts in (
        ("its weights are near uniform", [before.bar_framed(before.bars_before).mobject]),  # on the axis
        ("The diagonal stands out", [scene.grid[0][a * len(WORDS) + a] for a in range(len(WORDS))]),
    ):
        k = next(k for k, c in enumerate(cues) if words in c.content)
        start, end = cues[k].start.total_seconds(), cues[k + 1].start.total_seconds()
        during = [
            f for f in framings if start + 1e-6 < f[1] <= end + 1e-6
        ]  # framings ending while it is shown
        assert [tuple(np.round(f[2], 6)) for f in during] == [
            tuple(np.round(p.get_center(), 6)) for p in parts
        ]
        assert during[-1][1] == pytest.approx(cues[k].end.total_seconds(), abs=0.1)


@pytest.mark.parametrize("plot", ["plot", "small_plot"])
def test_the_loss_chart_s_labels_stay_off_its_axis_and_ticks(scene, plot):
    """Review V7: in the small chart '1.361' touched the y axis' top tick and 'loss' sat on the axis' top end."""
    chart = getattr(scene, plot)
    axis, first, name = chart.axes.y_axis, chart.ends[0], chart.names[1]
    assert axis.get_left()[0] - first.get_right()[0] == pytest.approx(
        TICK_LABEL_GAP
    )  # clear of the ticks' arms
    assert name.get_right()[0] < axis.get_left()[0]  # upper left of the axis, not on it
    assert name.get_bottom()[1] - max(axis.get_top()[1], first.get_top()[1]) == pytest.approx(LABEL_GAP)


PX_480P = 480 / 8  # pixels per scene unit at 480p
PX_1080P = 1080 / 8
ANTIALIAS = 2  # pixels of a stroke's and a glyph's soft edges together at 480p (6 px drawn read as 4)


def inner_gap_px(box, part) -> float:
    """The least room, in 480p pixels, between `part`'s glyphs and the inner edge of its frame's stroke."""
    half = box.get_stroke_width() * STROKE_UNIT / 2
    gaps = [*(part.get_corner([-1, -1, 0]) - box.get_corner([-1, -1, 0]))[:2]]
    gaps += [*(box.get_corner([1, 1, 0]) - part.get_corner([1, 1, 0]))[:2]]
    return (min(gaps) - half) * PX_480P


def test_a_bar_s_frame_takes_in_its_word_across_the_axis_clear_of_its_weight(scene):
    """Review V7: the frame round one bar was 4 px over its digits (1080p) and crossed the axis under it; review
    C9c: cut off at the axis, its foot ran along the axis line. It goes round the bar, its weight and its word,
    4 px seen from each, crossing the axis, its edges clear of it and of the held-out line under the words."""
    half = FRAME_STROKE * STROKE_UNIT / 2
    axis = scene.baseline.get_y()
    for k, (bar, weight) in enumerate([*scene.bars_before, *scene.bars_after]):
        box = scene.bar_framed(VGroup(bar, weight)).mobject
        word = scene.bar_words[k % len(scene.bar_words)]
        assert box.get_top()[1] - weight.get_top()[1] == pytest.approx(BAR_FRAME_BUFF)
        assert box.get_bottom()[1] - word.get_bottom()[1] == pytest.approx(-BAR_FRAME_BUFF)
        assert inner_gap_px(box, VGroup(bar, weight, word)) >= 4 + ANTIALIAS
        assert (axis - box.get_bottom()[1] - half) * PX_480P >= 4  # the foot well under the axis
        for line in (scene.score_before, scene.score_after):
            assert (box.get_bottom()[1] - half - line.get_top()[1]) * PX_480P >= 3
    box = scene.bar_framed(scene.bars_before).mobject  # all four: every word
    assert box.get_bottom()[1] == pytest.approx(scene.bar_words.get_bottom()[1] - BAR_FRAME_BUFF)


@pytest.mark.parametrize("plot", ["plot", "small_plot"])
def test_the_loss_chart_s_labels_framed_leave_4_px_and_stay_clear_of_the_ticks(scene, plot):
    """Review C9c: the frame on 'step ... 200' hugged '200' and ran 3 px under the axis' ticks. The labels stand
    TICK_LABEL_GAP from their axis, so that their frame (4 px seen from the glyphs) clears the ticks."""
    chart = getattr(scene, plot)
    half = FRAME_STROKE * STROKE_UNIT / 2
    under = text_framed(VGroup(chart.names[0], chart.names[3])).mobject  # 'step' and its last step
    beside = text_framed(VGroup(chart.names[1], chart.ends[0])).mobject  # 'loss' and its first value
    for box, part in (
        (under, VGroup(chart.names[0], chart.names[3])),
        (beside, VGroup(chart.names[1], chart.ends[0])),
    ):
        assert inner_gap_px(box, part) >= 4 + ANTIALIAS - 1e-9
        assert box.get_right()[0] - part.get_right()[0] == pytest.approx(TEXT_FRAME)  # the kit's, round text
    ticks_low = chart.axes.x_axis.get_y() - TICK_ARM
    ticks_left = chart.axes.y_axis.get_x() - TICK_ARM
    assert (ticks_low - under.get_top()[1] - half) * PX_480P >= 5
    assert (ticks_left - beside.get_right()[0] - half) * PX_480P >= 5
    if plot == "plot":  # over the held-out line, which runs under it
        for line in (scene.score_before, scene.score_after):
            assert (under.get_bottom()[1] - half - line.get_top()[1]) * PX_480P >= 4


def test_the_held_out_line_stands_on_one_baseline_a_space_apart_and_is_lit_part_by_part(scene):
    """Review J9: "(chance 25%)," stood 3 px under the rest of its line at 1080p, two spaces from either
    neighbour. The line is one text; its parts, its glyphs in order, are lit as the captions read them (a frame
    round one would cross the next)."""
    for line in (scene.score_before, scene.score_after):
        assert [glyph for part in line.parts for glyph in part] == list(line)
        letters = (line.parts[0][1], line.parts[1][2], line.parts[2][0])  # n, h, m: flat feet on the baseline
        feet = [letter.get_bottom()[1] for letter in letters]
        assert (max(feet) - min(feet)) * PX_1080P < 0.3
        for left, right, pair in zip(line.parts, line.parts[1:], ("% (", ", m")):  # as set a space apart
            alone = components.text(
                pair, role="small"
            )  # (they were 0.25 apart, the glyphs' bearings besides)
            gap = right.get_left()[0] - left.get_right()[0]
            assert gap == pytest.approx(alone[1].get_left()[0] - alone[0].get_right()[0], abs=0.005)
    words = ("unseen: right 23%", "(chance 25%),", "mean weight on the right word 0.256")
    assert [len(part) for part in scene.score_before.parts] == [len(w.replace(" ", "")) for w in words]
    assert str(lit(scene.score_before.parts[1]).color).upper() == theme().text.upper()


def test_each_bar_from_before_keeps_its_weight_and_each_trained_bar_shows_under_its_own(scene):
    """Review B10 (43-56 s): '0.001', '0.010' and '0.012' stood beside the outlined bars from before, about 0.25
    high, over trained bars too thin to see, and read as theirs. Each outlined bar has its old weight over it,
    small and muted; each trained bar is at least 2 px high at 480p, its weight over it; no number touches
    another's bar or number."""
    assert [v.tex_string for v in scene.ghost_values] == printed(scene.bars_before)
    numbers = [*scene.ghost_values, *(number for _, number in scene.bars_after)]
    for value, ghost in zip(scene.ghost_values, scene.ghosts):
        assert value.get_bottom()[1] > ghost.get_top()[1] and value.get_x() == pytest.approx(ghost.get_x())
        assert value.get_color().to_hex().upper() == theme().muted.upper()
        assert value.height < scene.bars_after[0][1].height
    shapes = [*scene.ghosts, *(bar for bar, _ in scene.bars_after)]
    for number in numbers:
        assert all(apart(number, other, margin=0.05) for other in numbers if other is not number)
        assert all(apart(number, shape, margin=0.05) for shape in shapes)
    for bar, _ in scene.bars_after:
        assert bar.height * 480 / STAGE.frame_height >= 2 - 1e-9


def timed(animations) -> list[tuple]:
    """Each animation of a play with the share of the play it runs over (a group's members, each in its window)."""
    found = []
    for animation in animations:
        if isinstance(animation, AnimationGroup):
            end = animation.max_end_time
            found += [(a, start / end, stop / end) for a, start, stop in animation.anims_with_timings]
        else:
            found.append((animation, 0.0, 1.0))
    return found


def test_the_last_loss_appears_as_the_curve_reaches_it(scene):
    """Review B10 (38 s): '0.034' faded in before the curve reached it. In the training beat and the summary, the
    last loss starts to fade in only once 95% of the curve is drawn."""
    for method, plot in (("training", scene.plot), ("summary", scene.small_plot)):
        parts = [part for animations, _ in recorded(scene, method, 3.0) for part in timed(animations)]
        (curve,) = [
            (a, start, stop) for a, start, stop in parts if isinstance(a, Create) and a.mobject is plot.curve
        ]
        (last,) = [
            (a, start, stop)
            for a, start, stop in parts
            if isinstance(a, FadeIn) and a.mobject is plot.ends[1]
        ]
        fade, begins, ends = last
        share = np.linspace(0, 1, 401)
        shown = [begins + t * (ends - begins) for t in share if fade.rate_func(t) > 1e-6][0]
        create, start, stop = curve
        assert create.rate_func(np.clip((shown - start) / (stop - start), 0, 1)) >= 0.95, method


def test_each_held_out_line_is_in_as_its_caption_starts_then_its_parts_are_lit(tmp_path):
    """Review F10 (27.5 s): the line faded in over a third of its caption, so "right 23%" was read 1.5 s before it
    could be seen. It is in within LINE_IN of the caption's start; its parts are then lit in turn."""
    scene, shown = snapshot.played_with_plays(TrainedHead, tmp_path)
    for line, said in (
        (scene.score_before, "lookups it never sees"),
        (scene.score_after, "unseen lookups: right"),
    ):
        (animations,) = [a for caption, a in shown if said in caption]
        succession, fade, *lits = animations
        assert isinstance(fade, FadeIn) and fade.mobject is line and fade.run_time <= LINE_IN
        assert len(lits) == 2 and all(lit.run_time >= MIN_RUN for lit in lits)
