"""Fixed context vs attention: one summary reused by every step; then one weight row per step from one grid call."""

import dataclasses

import numpy as np
import pytest
from manim import Indicate, ManimColor, Succession, Wait

import i18n
from attention import attend_grid, examples
from attention.examples import CrossExample
from narration import cues
from scenes.chapters.fixed_context import LABEL_CLEAR, SLOT_RIGHT, Fan, FixedContext, reading, summary_tag
from scenes.kit import components as c
from scenes.kit import emphasis
from scenes.kit.arithmetic import WEIGHT_PLACES
from scenes.kit.arrows import ARROW_WIDTH, STROKE_UNIT, TIP
from scenes.kit.bars import baseline_of
from scenes.kit.emphasis import FRAME_STROKE, framed, up_hold_down
from scenes.kit.palette import THEMES, px_per_unit, rgb, theme, token_color, use_theme
from scenes.kit.stage import STAGE
from scenes.kit.themes import contrast, mix
from tests.support.example_corpus import using
from tests.support.snapshot import assert_matches_snapshot, built, last_frame, played

FRAME_X, FRAME_Y = 7.11, 4.0


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(FixedContext, tmp_path_factory.mktemp("media"))


def test_bars_show_one_row_of_the_batched_trace_per_step(scene):
    ex = scene.example
    grid = attend_grid(ex.queries, ex.keys, ex.values)
    assert len(scene.bars) == len(ex.target_tokens)
    for bars, row in zip(scene.bars, grid.weights):
        assert bars.shown_values() == [round(w, WEIGHT_PLACES) for w in row]
        heights = np.array([bar.height for bar in bars.bars])
        np.testing.assert_allclose(heights / heights.sum(), row, rtol=1e-3)
        assert abs(sum(row) - 1) < 1e-12
    # the names once, under the last row's bars: the columns above are the same words, in the same colours
    assert [label.text for label in scene.bars[-1].labels] == list(ex.source_tokens)
    assert all(len(bars.labels) == 0 for bars in scene.bars[:-1])
    for bars in scene.bars[:-1]:
        for bar, below in zip(bars.bars, scene.bars[-1].bars):
            assert bar.get_x() == pytest.approx(below.get_x())


def test_bars_are_tall_enough_to_read_at_480p(scene):
    """The top weight (0.870) stands over 40 px at 480p, as tall as the rows fit between title and legend."""
    tallest = max(bar.height for bars in scene.bars for bar in bars.bars)
    assert tallest * px_per_unit(480) > 40
    assert scene.bars[0].get_top()[1] < scene.heading.get_bottom()[1]
    assert scene.bars[-1].get_bottom()[1] > scene.legend.get_top()[1]


def test_every_step_gets_a_different_blend(scene):
    shown = {tuple(bars.shown_values()) for bars in scene.bars}
    assert len(shown) == len(scene.bars)


def test_the_same_summary_feeds_every_step(scene):
    for feed in scene.feeds:  # every arrow leaves the one summary box
        assert np.linalg.norm(feed.get_start() - scene.summary.get_right()) < 0.15
    assert {copy[1].text for copy in scene.copies} == {scene.summary[1].text}
    for feed, copy, step in zip(scene.feeds, scene.copies, scene.steps):
        assert np.linalg.norm(feed.get_end() - copy.get_left()) < 0.15
        assert copy.get_y() == pytest.approx(step.get_y())


def test_every_step_reaches_every_encoder_position(scene):
    weights = scene.grid.weights
    assert len(scene.fans) == len(scene.bars)
    for fan, bars, row in zip(scene.fans, scene.bars, weights):
        assert len(fan) == len(scene.example.source_tokens)  # one line per source position
        for line, box, token in zip(fan, scene.column, scene.example.source_tokens):
            np.testing.assert_allclose(line.get_start(), box.get_right(), atol=1e-6)
            assert line.get_end()[0] < bars.bars[0].get_left()[0]
            assert abs(line.get_end()[1] - bars.get_y()) < 1e-6
            assert line.get_color().to_hex().upper() == token_color(token).upper()
        # thicker and more opaque where the weight is larger
        order = np.argsort(row, kind="stable")
        widths = np.array([line.get_stroke_width() for line in fan])[order]
        opacities = np.array([line.get_stroke_opacity() for line in fan])[order]
        assert np.all(np.diff(widths) >= 0) and np.all(np.diff(opacities) >= 0)
        assert widths[-1] > 2 * widths[0]


def test_a_receded_fan_is_faint_and_brightens_back(scene):
    fan = scene.fans[0].copy()
    before = [line.get_stroke_opacity() for line in fan]
    assert max(line.get_stroke_opacity() for line in fan.recede()) < min(before)
    assert [line.get_stroke_opacity() for line in fan.brighten()] == before


@pytest.mark.parametrize("name", THEMES)
def test_every_fan_line_reads_on_a_projector(name):
    """3 px or more at 1080p and 3:1 on the background, however small its weight (review 5: 1 px lines at a
    quarter of their colour)."""
    before = theme()
    use_theme(name)
    try:
        t = theme()
        fan = Fan([[0, k, 0] for k in range(len(t.tokens))], [3, 0, 0], t.tokens, np.zeros(len(t.tokens)))
        for line in fan:
            assert line.get_stroke_width() * STROKE_UNIT * px_per_unit(1080) >= 2.8
            shown = mix(line.get_stroke_color().to_hex(), t.background, line.get_stroke_opacity())
            assert contrast(shown, rgb(t.background)) >= 3, line.get_stroke_color()
    finally:
        use_theme(before)


def test_the_encoder_column_spans_the_decoder_rows(scene):
    ys = [box.get_y() for box in scene.column]
    assert ys[0] == pytest.approx(scene.steps[0].get_y()) and ys[-1] == pytest.approx(scene.steps[-1].get_y())
    assert np.all(np.diff(ys) < 0)
    for word, box in zip(scene.column_words, scene.column):
        assert word.get_right()[0] < box.get_left()[0] and word.get_y() == pytest.approx(box.get_y())
    assert scene.column.get_right()[0] < min(fan.get_left()[0] for fan in scene.fans) + 0.3
    assert scene.column_label.get_bottom()[1] > scene.column.get_top()[1]


def test_source_words_keep_their_colours(scene):
    for word, token in zip(scene.source, scene.example.source_tokens):
        assert word.get_color().to_hex().upper() == token_color(token).upper()


def test_reading_captions_follow_the_weights(scene):
    tokens = scene.example.source_tokens
    grid = scene.example.cross()
    assert reading(tokens, grid.weights[0]) == "reads mostly “the” (0.870)"
    assert reading(tokens, grid.weights[1]) == "reads mostly “cat” (0.810)"
    assert reading(tokens, grid.weights[2]) == "splits between “sat” and “down”"


def test_caveat_stands_apart_from_the_legend_one_label_a_line(scene):
    """Review V7 and C9a: beside the attention key's meaning, the caveat read as the same sentence. Its two labels
    stand one over the other, right of a rule that stands right of the whole legend and spans both."""
    assert [line.text for line in scene.note] == ["longinputsgetharder", "nothingoverflows"]
    upper, lower = scene.note
    assert upper.get_bottom()[1] > lower.get_top()[1]
    rule = scene.rule.get_x()
    assert scene.legend.get_right()[0] < rule < scene.note.get_left()[0]
    for side in (scene.legend, scene.note):
        assert scene.rule.get_top()[1] >= side.get_top()[1] - 1e-6
        assert scene.rule.get_bottom()[1] <= side.get_bottom()[1] + 1e-6
    assert fits(scene.note) and scene.note.get_right()[0] <= STAGE.right


def drawn_box(part) -> np.ndarray:
    """[[left, bottom], [right, top]] of what `part` draws: each stroked piece's points out by half its stroke."""
    boxes = []
    for m in part.get_family():
        if len(m.points):
            pad = m.get_stroke_width() * STROKE_UNIT / 2 if m.get_stroke_opacity() else 0
            boxes.append([m.points[:, :2].min(axis=0) - pad, m.points[:, :2].max(axis=0) + pad])
    boxes = np.array(boxes)
    return np.array([boxes[:, 0].min(axis=0), boxes[:, 1].max(axis=0)])


def test_the_closing_frames_stand_clear_of_what_they_frame_and_of_its_neighbours(tmp_path, monkeypatch):
    """Review C9a: the legend's frames met the fan's lines (0-1 px) and the caveat's first and last letters (1-3 px).
    Every frame of the last beat keeps 4 px at 480p inside its stroke to what it frames, and 4 px outside it to
    the other legend rows and caveat labels."""
    frames = []

    def recorded(part, *args, **kwargs):
        animation = framed(part, *args, **kwargs)
        frames.append((part, animation.mobject))
        return animation

    monkeypatch.setattr(emphasis, "framed", recorded)
    scene = played(FixedContext, tmp_path)
    neighbours = [*scene.legend, *scene.note]
    px = px_per_unit(480)
    half = FRAME_STROKE * STROKE_UNIT / 2
    closing = [(part, box) for part, box in frames if any(part is n or part in n for n in neighbours)]
    assert len(closing) == 5  # the legend's two rows; the summary key and the caveat's two labels
    for part, box in closing:
        (left, bottom), (right, top) = drawn_box(part)
        inside = min(left - box.get_left()[0], bottom - box.get_bottom()[1], box.get_right()[0] - right)
        inside = min(inside, box.get_top()[1] - top) - half
        assert inside * px >= 4, part
        for other in neighbours:
            if other is part or part in other:
                continue
            (o_left, o_bottom), (o_right, o_top) = drawn_box(other)
            apart = max(o_left - box.get_right()[0], box.get_left()[0] - o_right, o_bottom - box.get_top()[1])
            apart = max(apart, box.get_bottom()[1] - o_top) - half
            assert apart * px >= 4, (part, other)


def pieces(animation, start: float, end: float):
    """(start, end, animation) of each animation a play ran from `start` to `end`: a Succession's in turn."""
    if isinstance(animation, Succession):
        scale = (end - start) / sum(a.run_time for a in animation.animations)
        for a in animation.animations:
            length = a.run_time * scale
            yield from pieces(a, start, start + length)
            start += length
    else:
        yield start, end, animation


def moving(start: float, end: float, animation, t: float) -> bool:
    """Whether `animation` (run from `start` to `end`) changes the picture at `t`: a wait never, a framing while its
    frame fades in or out (`up_hold_down`'s first and last thirds), anything else throughout."""
    if not start <= t < end or isinstance(animation, Wait):
        return False
    if getattr(animation, "rate_func", None) is up_hold_down:
        return not start + (end - start) / 3 <= t < end - (end - start) / 3
    return True


def timeline(tmp_path, monkeypatch):
    """FixedContext run dry, and (start, end, animation) of every animation it played (`pieces`)."""
    played_pieces = []
    original = FixedContext.play

    def timed(self, *animations, **kwargs):
        start = self.time
        original(self, *animations, **kwargs)
        played_pieces.extend(p for a in animations for p in pieces(a, start, self.time))

    monkeypatch.setattr(FixedContext, "play", timed)
    return played(FixedContext, tmp_path), played_pieces


def longest_still(played_pieces, start: float, end: float) -> float:
    """The longest the picture stands still between `start` and `end` (sampled at 30 fps)."""
    still = longest = 0.0
    for t in np.arange(start, end, 1 / 30):
        still = 0.0 if any(moving(*p, t) for p in played_pieces) else still + 1 / 30
        longest = max(longest, still)
    return longest


def test_the_ending_lights_what_each_cue_says_and_never_stands_still_for_long(tmp_path, monkeypatch):
    """Review C9a: the ending stood still 5.5 s under the caveat's words. From the caveat's caption on, a framing
    starts in each of its cues (what that cue names), the last one lasts until the words end, and the picture
    never stands still for more than 2.5 s."""
    scene, played_pieces = timeline(tmp_path, monkeypatch)
    caption = scene.captions[-1]
    assert caption.startswith("One caveat")
    said = scene.renderer.file_writer.subcaptions[-len(cues.split(caption)) :]
    starts = [(s.start.total_seconds(), s.end.total_seconds()) for s in said]
    framings = [
        (start, end) for start, end, a in played_pieces if getattr(a, "rate_func", None) is up_hold_down
    ]
    for cue_start, cue_end in starts:
        assert any(cue_start - 1e-6 <= start < cue_end for start, _end in framings)
    assert max(end for _start, end in framings) >= starts[-1][1] - 1 / 15
    assert longest_still(played_pieces, starts[0][0], scene.time) <= 2.5


def test_the_summary_is_lit_while_its_caption_is_read(tmp_path, monkeypatch):
    """Issue 30: the summary stood still 3.1 s (6.7-9.8 s of the 480p lecture) under '...and squeezed all of it
    into one summary vector of fixed size.' It is now lit until the caption ends: no still under it."""
    scene, played_pieces = timeline(tmp_path, monkeypatch)
    said = next(c for c in scene.renderer.file_writer.subcaptions if "squeezed" in c.content)
    start, end = said.start.total_seconds(), said.end.total_seconds()
    assert longest_still(played_pieces, start, end) < 1 / 15
    lit = [(s, e) for s, e, a in played_pieces if isinstance(a, Indicate) and a.mobject is scene.summary]
    assert lit and lit[0][1] == pytest.approx(end)


def test_the_summary_and_its_copies_are_lit_together_in_a_colour_not_their_own(tmp_path, monkeypatch):
    """Review round 9: the copies fed to every step pulsed in their own orange, which barely showed at 480p; the
    summary and every copy now pulse together (the very same summary) in the text colour, as the summary did."""
    scene, played_pieces = timeline(tmp_path, monkeypatch)
    said = next(c for c in scene.renderer.file_writer.subcaptions if "the very same summary" in c.content)
    lit = [a for s, _e, a in played_pieces if isinstance(a, Indicate) and s >= said.start.total_seconds()]
    lit = [a for a in lit if a.mobject is scene.summary or a.mobject in scene.copies]
    assert {id(a.mobject) for a in lit} == {id(scene.summary), *map(id, scene.copies)}
    own = ManimColor(scene.summary[0].get_stroke_color())
    assert all(ManimColor(a.color) == ManimColor(theme().text) != own for a in lit)


@pytest.mark.parametrize("name", THEMES)
def test_the_summary_takes_no_role_s_colour(name):
    """Review D10: the summary was orange, the output's colour from chapter 2 on. It is the muted neutral in every
    theme, as the chain of encoder states leading into it."""
    before = theme()
    use_theme(name)
    try:
        assert {ManimColor(m.get_color()) for m in summary_tag()} == {ManimColor(theme().muted)}
        assert theme().muted not in theme().roles().values()
    finally:
        use_theme(before)


def test_the_summary_its_copies_and_its_arrows_share_its_colour(scene):
    own = scene.summary[0].get_color()
    for part in [*scene.copies, scene.legend[0][0], scene.into_summary, *scene.feeds]:
        assert {m.get_color() for m in part.family_members_with_points()} == {own}


def fits(mobject) -> bool:
    return (
        mobject.get_left()[0] > -FRAME_X
        and mobject.get_right()[0] < FRAME_X
        and mobject.get_bottom()[1] > -FRAME_Y
        and mobject.get_top()[1] < FRAME_Y
    )


def test_default_layout_fits_and_rows_do_not_overlap(scene):
    for part in (
        scene.heading,
        scene.encoder,
        scene.source,
        scene.summary,
        scene.steps,
        scene.targets,
        scene.bars,
        scene.legend,
        scene.note,
        scene.column,
        scene.column_words,
        scene.fans,
    ):
        assert fits(part)
    for bars, step in zip(scene.bars, scene.steps):  # each step's bars sit left of it, on its level
        assert bars.get_right()[0] < step.get_left()[0] and abs(bars.get_y() - step.get_y()) < 0.6
    for upper, lower in zip(scene.bars, scene.bars[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]
    assert scene.bars.get_bottom()[1] > scene.legend.get_top()[1]
    assert scene.column_words.get_bottom()[1] > scene.legend.get_top()[1]


def test_short_target_words_leave_their_room_to_the_steps_and_bars(scene):
    """Review round 4: the diagram ended at 80% of the width, room kept for 24-character target words."""
    assert STAGE.right - 1 < scene.targets.get_right()[0] <= STAGE.right
    assert scene.bars[0].get_right()[0] > SLOT_RIGHT + 1


def test_every_frame_is_round_something_on_screen(tmp_path, monkeypatch):
    """Review round 4: the caveat framed the summary, faded out two beats before: a frame alone over the bars of
    'chat'. Every part framed is still drawn when the chapter ends (nothing framed is taken away)."""
    parts = []

    def recorded(part, *args, **kwargs):
        parts.append(part)
        return framed(part, *args, **kwargs)

    monkeypatch.setattr(emphasis, "framed", recorded)
    scene = played(FixedContext, tmp_path)
    drawn = {id(m) for m in scene.get_mobject_family_members()}
    assert len(parts) >= 3  # the legend's two entries, then the summary's key and the note
    assert all(id(part) in drawn for part in parts)
    assert scene.legend[0][0] in parts


def test_a_larger_example_fits_without_shrinking_a_word(tmp_path):
    rng = np.random.default_rng(3)
    big = CrossExample(
        source_tokens=("a", "quick", "brown", "fox", "jumps", "over"),
        keys=rng.normal(size=(6, 3)),
        values=rng.normal(size=(6, 2)),
        self_queries=rng.normal(size=(6, 3)),
        target_tokens=("un", "renard", "brun", "rapide", "saute"),
        queries=rng.normal(size=(5, 3)),
    )
    with using(dataclasses.replace(examples.current(), cross=big)):
        scene = built(FixedContext, tmp_path)
    for part in (scene.encoder, scene.source, scene.steps, scene.bars, scene.column_words):
        assert fits(part)
    for upper, lower in zip(scene.bars, scene.bars[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]
    assert scene.encoder.get_right()[0] < scene.summary.get_left()[0]
    assert scene.bars.get_bottom()[1] > scene.legend.get_top()[1]
    for above, below in zip(scene.column, scene.column[1:]):  # six states, none on another
        assert above.get_bottom()[1] > below.get_top()[1]
    label = c.text("x", role="label").font_size
    for word in [*scene.source, *scene.column_words, *scene.targets]:
        assert word.font_size == pytest.approx(label)


def test_every_arrow_is_the_lecture_s_one_style(scene):
    """The chain, the summary's arrows and the decoder's: ARROW_WIDTH shafts and heads that read at 1080p (review
    5: 2 px shafts, 7 px heads), as AllQueriesAtOnce's row softmax arrow."""
    arrows = [*scene.chain, scene.into_summary, *scene.feeds, *scene.into_steps]
    for arrow in arrows:
        assert arrow.get_stroke_width() == ARROW_WIDTH
        assert arrow.tip.length * px_per_unit(1080) >= 15
    assert max(a.tip.length for a in arrows) == pytest.approx(TIP)  # the long ones: the style's own head


def test_summary_stands_centred_in_its_box(scene):
    """Centred from its baseline to its top: with its descender counted, 'summary' stood high (review 5)."""
    for tag in [scene.summary, *scene.copies]:
        box, word = tag
        assert (baseline_of(word) + word.get_top()[1]) / 2 == pytest.approx(box.get_y(), abs=1e-3)


def four_by_four() -> CrossExample:
    """The river example's cross table: four words each side, the rows as tall as they can stand."""
    rng = np.random.default_rng(4)
    return CrossExample(
        source_tokens=("das", "Ufer", "ist", "nass"),
        keys=rng.normal(size=(4, 2)),
        values=rng.normal(size=(4, 2)),
        self_queries=rng.normal(size=(4, 2)),
        target_tokens=("the", "bank", "is", "wet"),
        queries=rng.normal(size=(4, 2)),
    )


@pytest.mark.parametrize("make", [None, four_by_four])
def test_the_labels_over_the_rows_keep_a_clear_gap_under_the_subtitle(tmp_path, make):
    """Review 5: with four decoder steps 'encoder' and 'decoder' stood 7-9 px under the subtitle at 480p."""
    before = examples.current()
    with using(dataclasses.replace(before, cross=make()) if make else before):
        scene = built(FixedContext, tmp_path)
    subtitle = scene.heading.get_bottom()[1]
    for label in (scene.decoder_label, scene.column_label):
        assert subtitle - label.get_top()[1] >= LABEL_CLEAR - 0.01
        assert (subtitle - label.get_top()[1]) * px_per_unit(480) > 15
    assert scene.bars.get_bottom()[1] > scene.legend.get_top()[1]


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("FixedContext", last_frame(FixedContext, tmp_path))


def test_a_step_reads_mostly_one_word_only_above_half():
    assert reading(("a", "b", "c"), np.array([0.45, 0.3, 0.25])) == "reads most from “a” (0.450)"
    assert reading(("a", "b", "c"), np.array([0.55, 0.3, 0.15])) == "reads mostly “a” (0.550)"


def test_a_third_weight_near_the_top_makes_a_spread_not_a_split():
    """Issue 29: 0.282, 0.286 and 0.246 (0.186 left) read "splits between “the” and “bank”": every weight within
    SPLIT_GAP of the top shares the reading, on both sides of the threshold."""
    source = ("the", "bank", "was", "closed")
    assert reading(source, np.array([0.282, 0.286, 0.246, 0.186])) == "spreads over “the”, “bank” and “was”"
    assert reading(source, np.array([0.282, 0.286, 0.226, 0.206])) == "splits between “the” and “bank”"
    assert reading(source, np.array([0.26, 0.25, 0.25, 0.24])) == "spreads almost evenly over the source"
    assert reading(source[:2], np.array([0.51, 0.49])) == "splits between “the” and “bank”"


@pytest.mark.parametrize(
    "lang, mostly, spread",
    [
        ("de", "liest vor allem „a“ (0,550)", "verteilt sich über „the“, „bank“ und „was“"),
        ("zh", "主要读取“a”（0.550）", "分散在“the”、“bank”和“was”上"),
    ],
)
def test_the_readings_are_said_in_the_language_with_its_quotes_lists_and_numbers(lang, mostly, spread):
    with i18n.active(lang):
        assert reading(("a", "b", "c"), np.array([0.55, 0.3, 0.15])) == mostly
        assert reading(("the", "bank", "was", "closed"), np.array([0.282, 0.286, 0.246, 0.186])) == spread
