"""The three-token drag chapter: displayed values equal the numpy trace; symbols, reasons and payoff
in the captions, and drawn (equal dot products, shadows on the query's direction, three upright weight
charts on one baseline); last-frame snapshot."""

import dataclasses
import functools
import re

import numpy as np
import pytest
from manim import LaggedStart, Line, MathTex, VGroup, tempconfig

from attention import attend, examples
from attention.examples import DragExample
from attention.examples.file import examples_from_dict, load_example_file
from attention.examples.story import scalings
from pipeline.plan.settings import from_options
from scenes.chapters.registry import find
from scenes.chapters.three_token_drag import (
    ARROW_CLEARANCE,
    CROSS_RIM,
    EXP_PLACES,
    FRAMED_OVER,
    KEY_TRIES,
    LABEL_GAP,
    NEAR_TRIES,
    NOTE,
    NOTE_BUFF,
    NOTE_SAID,
    OUTPUT_WIDTH,
    OVER_GAP,
    PLANE_BOX,
    PLANE_RIGHT,
    RIGHT_EDGE,
    SHADOW_STROKE,
    SPILL,
    VALUE_BUFF,
    VALUE_GAP,
    LiveAttention,
    Shadows,
    ThreeTokenDrag,
    WeightChart,
    clearance,
    comparison,
    describe,
    equal,
    equal_reason,
    framed_top,
    nearest,
    note,
    outline,
    reasons,
    rising,
    top_bar,
    touches,
    verdict,
    within,
)
from scenes.kit import components as c
from scenes.kit import fit, leaders
from scenes.kit.arithmetic import Working, decimals, exp_tex, fmt, sign
from scenes.kit.arrows import STROKE_UNIT
from scenes.kit.chapter import END_HOLD
from scenes.kit.emphasis import FRAME_BUFF
from scenes.kit.formula_slot import formula_slot, pin
from scenes.kit.palette import theme
from scenes.kit.planes import LABEL_WIDTH, plane_arrow
from scenes.kit.stage import STAGE
from tests.support.example_corpus import corpus_example, corpus_files
from tests.support.layout import MEDIA, chapter_ends
from tests.support.plays import recorded
from tests.support.snapshot import SIZE, assert_matches_snapshot, built

LAYOUT = (-7.4, 7.4, -3.8, 3.65)  # x and y bounds of the area the chapter may use (the safe area ends at 7.5)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(ThreeTokenDrag, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """The chapter played through at snapshot size (its captions and last frame)."""
    settings = {
        "pixel_width": SIZE[0],
        "pixel_height": SIZE[1],
        "frame_rate": 15,
        "format": "png",
        "media_dir": str(tmp_path_factory.mktemp("render")),
        "disable_caching": True,
        "verbosity": "WARNING",
        "progress_bar": "none",
    }
    with tempconfig(settings):
        chapter = ThreeTokenDrag()
        chapter.render()
        return chapter


@pytest.fixture
def custom():
    """Install a custom drag example for one test, restoring the default after."""
    default = examples.current()

    def install(**drag):
        examples.use(dataclasses.replace(default, drag=DragExample(**drag)))
        return examples.current().drag

    yield install
    examples.use(default)


@pytest.mark.parametrize(
    "query, shown",
    [
        ((2, 0), [0.768, 0.045, 0.187]),
        ((0, 2), [0.045, 0.768, 0.187]),
        ((0.7, 0.7), [0.333, 0.333, 0.333]),
    ],
)
def test_bars_show_the_trace(scene, query, shown):
    scene.live.move_query_to(query)
    assert scene.live.bars.shown_values() == shown
    assert scene.live.bars.total.printed == "1.000"


@pytest.mark.parametrize("query, sign", [((2, 0), "="), ((0.7, 0.7), "≈")])
def test_the_total_line_is_the_kit_s_one_face_and_true_as_printed(scene, query, sign):
    """'sum of weights ≈ 1.000': the kit's total line (one implementation; the chapter drew its own), typeset
    wholly by LaTeX (review 8: a line wholly in the words' face read as another face), its sign earned by the
    weights as the bars print them, and redrawn in place as the query moves: a play draws the family it began
    with."""
    from manim import Text

    before = {id(m) for m in scene.live.move_query_to((2.5, -0.5)).bars.total_label.get_family()}
    bars = scene.live.move_query_to(query).bars
    (words, shown_sign), number = bars.total_label, bars.total
    line = VGroup(words, shown_sign, number)
    assert {id(m) for m in bars.total_label.get_family()} == before  # the same mobjects, redrawn
    assert not [m for m in line.get_family() if isinstance(m, Text)]
    assert words.tex_string == r"\text{sum of weights}"
    assert shown_sign.tex_string == ("=" if sign == "=" else r"\approx")
    assert all(glyph.get_fill_opacity() == 1 for glyph in line.family_members_with_points())
    (rel,) = number.relations
    assert (
        rel.terms == tuple(n.printed for n in bars.values)
        and rel.sign == sign
        and rel.result == number.printed
    )
    assert line.get_top()[1] < bars.labels.get_bottom()[1]


@pytest.mark.parametrize("query", [(2, 0), (0.3, 1.7), (1, -0.4)])
def test_output_arrow_ends_at_the_computed_output(scene, query):
    live = scene.live.move_query_to(query)
    np.testing.assert_allclose(live.query(), query, atol=1e-9)
    expected = attend(query, examples.current().drag.keys).output
    np.testing.assert_allclose(live.output.get_end(), live.plane.c2p(*expected), atol=1e-6)


def test_bar_heights_are_proportional_to_weights(scene):
    live = scene.live.move_query_to((2, 0))
    heights = np.array([bar.height for bar in live.bars.bars])
    np.testing.assert_allclose(heights / heights.sum(), live.trace().weights, rtol=1e-3)


def test_worked_example_shows_the_sources_arithmetic(scene):
    steps = scene.worked.blocks  # at the example's query
    tex = " ".join(m.tex_string for step in steps for m in step.get_family() if isinstance(m, MathTex))
    for expected in [
        "(2)(2) + (0)(0) = 4",
        r"4 / \sqrt{2} \approx 2.828",
        r"0 / \sqrt{2} = 0.000",  # a column of scores, all to three places (issue 29: '= 0' beside '2.828')
        r"2 / \sqrt{2} \approx 1.414",
        r"e^{2.828} \approx 16.92",
        r"e^{0.000} = 1.00",  # the score as its column prints it; the exponential as its column does
        r"e^{1.414} \approx 4.11",
        "16.92 + 1.00 + 4.11 = 22.03",  # exact as printed
        r"16.92 / 22.03 \approx 0.768",
        r"1.00 / 22.03 \approx 0.045",
        r"4.11 / 22.03 \approx 0.187",
    ]:
        assert expected in tex


def test_every_shown_result_follows_from_shown_inputs():
    working = Working(examples.current().drag.trace(), EXP_PLACES)
    (total,) = working.total().relations
    assert total.terms == ("16.92", "1.00", "4.11") and total.result == "22.03"
    assert fmt(sum(map(float, total.terms)), 2) == total.result
    for (ratio,) in (row.relations for row in working.ratios()):
        assert fmt(float(ratio.terms[0]) / float(ratio.terms[1]), 3) == ratio.result
    trace = working.trace
    # one rule for every exponent: the score as printed, never cut with an ellipsis (review 7: 'e^{2.828…}'
    # beside 'e^{1.414}'), '≈' where e to the printed score does not print the result (e^2.828 is 16.91)
    assert exp_tex(trace.scores[0], trace.exps[0], 3, 2) == r"e^{2.828} \approx 16.92"
    assert exp_tex(trace.scores[2], trace.exps[2], 3, 2) == r"e^{1.414} \approx 4.11"


def places(printed: str) -> int:
    """The decimals a number is printed with."""
    return len(printed.split(".")[1]) if "." in printed else 0


@pytest.mark.parametrize("stem", [None, "corpus-10-decimals", "corpus-23-mixed"])
def test_every_number_of_a_column_has_the_same_places(stem):
    """Issue 29: the worked example printed '= 2.500' beside '= 2' in one column. Each quantity is printed to one
    number of places wherever it stands: a score as a result and as an exponent, an exponential as a result, a
    term of the sum and a numerator, the sum as a result and as every denominator."""
    ex = (
        load_example_file(next(p for p in corpus_files() if p.stem == stem)).drag
        if stem
        else examples.DEFAULT.drag
    )
    working = Working(ex.trace(), EXP_PLACES)

    def relations(rows):
        return [rel for row in rows for rel in row.relations]

    dots, scores, exps = relations(working.dots()), relations(working.scores()), relations(working.exps())
    (total,) = working.total().relations
    ratios = relations(working.ratios())
    columns = {
        "dot products": [r.result for r in dots] + [r.terms[0] for r in scores],
        "scores": [r.result for r in scores] + [r.terms[0] for r in exps],
        "exponentials": [r.result for r in exps] + list(total.terms) + [r.terms[0] for r in ratios],
        "sum": [total.result] + [r.terms[1] for r in ratios],
        "weights": [r.result for r in ratios],
    }
    for name, printed in columns.items():
        assert len({places(p) for p in printed}) == 1, (name, printed)
    assert {places(r.result) for r in ratios} == {3}
    for rel in [*dots, *scores, *exps, total, *ratios]:  # still true as printed
        assert (rel.sign == "=") == (sign(rel.op, rel.terms, rel.result) == "=")


def test_captions_describe_the_weights():
    ex = examples.current().drag
    assert describe(ex.tokens, ex.trace([2, 0]), ex.trace([0, 2])) == (
        "Toward “cat”: its weight rises to 0.768."
    )
    assert (
        verdict(ex.tokens, ex.trace())
        == "At q = (2, 0): “the” dominates, “sat” keeps a share, “cat” gets almost none."
    )


def test_each_leg_s_caption_says_where_it_goes_as_it_goes(rendered):
    """A leg's caption starts with its motion: what it says is reached at the leg's end, not after it."""
    ex = examples.current().drag
    legs = list(zip(ex.path[:-2], ex.path[1:-1]))
    said = [describe(ex.tokens, ex.trace(a), ex.trace(b)) for a, b in legs]
    assert all(line in rendered.captions for line in said)
    assert "rises to 0.768" in said[0] and "“the”" in said[0]


def test_equal_weights_are_explained_by_dot_products_not_distance():
    ex = examples.current().drag
    assert describe(ex.tokens, ex.trace([0, 2]), ex.trace([0.7, 0.7])) == (
        "Toward equal q · kᵢ: each weight goes to 0.333."
    )
    assert equal_reason(ex.tokens, ex.trace([0.7, 0.7])) == (
        "“sat” is nearest, yet gets no more: dot products, not distance."
    )
    # equally near two keys: no key is named
    assert equal_reason(("a", "b"), attend([0, 0], [[1, 0], [-1, 0]])) == (
        "Every q · kᵢ is the same, so every weight is too."
    )


def test_the_charts_caption_names_each_divisor_and_top_weight():
    ex = examples.current().drag
    assert comparison(scalings(ex.query, ex.keys)) == [  # short captions, chart by chart
        ("Here d = 2, so the dots are divided by √2 ≈ 1.414.", "The top weight is 0.768."),
        ("Not divided at all, the top weight is 0.867.",),
        ("Wider keys give larger dots.", "Take these dots times √2 ≈ 1.414:", "the top weight is 0.941."),
    ]


def test_the_note_says_what_the_charts_show():
    """Issue 29: the note's claim is the lesson in general; where one query's charts cannot show it (equal dots,
    weights already one-hot as printed, a tie at the top), a sentence from the numbers says what they show."""
    keys = [[1, 0], [0, 1]]
    assert note(scalings([2, 0], keys)) == NOTE
    assert note(scalings([1, 1], keys)).endswith(
        "Here every dot product is equal, so no scale changes the weights."
    )
    assert note(scalings([40, 0], keys)).endswith("Here the weights are one-hot as printed even divided.")
    tie = note(scalings([3, 3], [[1, 0], [0, 1], [-1, -1]]))
    assert tie.startswith(NOTE) and tie.endswith("Here the top weight moves only from 0.500 to 0.500.")
    assert note(scalings([2, 0], keys), said=True) == NOTE_SAID
    small = note(scalings([0.5, 0], keys))  # review 5: "saturates toward one-hot" over a top weight of 0.608
    assert "saturates" not in small and "here from 0.587 to 0.670, toward one-hot as d grows" in small


def test_captions_name_each_symbol(rendered):
    said = rendered.captions
    intro = " ".join(said[:3])
    for symbol in ["key vector kᵢ", "query q", "d = 2", "dimension", "score sᵢ", "wᵢ", "output"]:
        assert symbol in intro
    steps = " ".join(s for s in said if s.startswith("Step"))
    assert "sᵢ" in steps and "wᵢ" in steps and "√d = √2" in steps


def test_captions_give_the_reasons_and_the_payoff(rendered):
    said = rendered.captions
    ex = examples.current().drag
    for caption, _ in reasons(ex.tokens, ex.trace()):
        assert caption in said
    payoff = next(s for s in said if "summary vector" in s)  # chapter 1's words for what came before
    for words in ["one summary vector", "encoder", "chapter 1", "query-specific blend", "on demand"]:
        assert words in payoff
    for captions in comparison(scalings(ex.query, ex.keys)):
        assert all(caption in said for caption in captions)
    assert NOTE_SAID in said
    assert not any("context" in s for s in said)  # one word for the blend: output, as in the formula


def test_the_legend_and_captions_say_the_values_are_the_keys(scene, rendered):
    blend, said, values = scene.live.glossary.columns[1][4]  # math, not text subscripts (review V8a: 4-5 px)
    assert blend.tex_string.endswith(r"\sum_i w_i v_i") and said.original_text == "the blend"
    assert values.tex_string == "(v_i = k_i)"
    assert any("(here, the keys)" in s for s in rendered.captions)


def test_chapter_lasts_40_to_90_seconds(rendered):
    """Silent (captions at reading speed). Was at most 70 s; the comparison's one run-on caption became five
    short ones, a chart each and the note (review round 4), 13 s more read silently, 5 s more spoken; then the
    last picture's hold; then 2 s for beats that wait until their last caption has been read (review B10)."""
    assert 40 <= rendered.renderer.time <= 90 + END_HOLD


def test_glossary_builds_from_the_example(scene):
    symbols = [m.tex_string for m in scene.live.glossary.columns[0]]
    assert symbols[2] == f"d = {scene.live.trace().width}" == "d = 2"
    assert len(scene.live.glossary.row(0)) == 2 and len(symbols) == 5


def test_added_items_stay_in_the_layout_area_without_overlaps(scene):
    left, right, bottom, top = LAYOUT
    bars = scene.live.move_query_to((8, 0)).bars  # weight 0.997 on "the": the tallest bar
    items = [scene.strip, bars, *[scene.live.glossary.row(i) for i in range(5)]]
    for item in items:
        assert left <= item.get_left()[0] and item.get_right()[0] <= right
        assert bottom <= item.get_bottom()[1] and item.get_top()[1] <= top
    for upper, lower in zip(items, items[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]


def test_the_reasons_name_each_key_once_in_weight_order():
    ex = examples.current().drag
    assert reasons(ex.tokens, ex.trace()) == [
        ("“the” dominates: the longest shadow on the query's direction.", [0]),
        ("“sat” keeps a share because it partly overlaps the query's direction.", [2]),
        ("“cat” gets almost none because it points in an unrelated direction.", [1]),
    ]


def test_reasons_follow_a_custom_example(custom):
    ex = custom(
        tokens=("dog", "cat", "pet"),
        keys=[[1.5, 0.5], [0.5, 1.5], [1, 1]],
        query=[1.5, 0.5],
        path=[[1, 0], [1.5, 0.5]],
    )
    assert [caption for caption, _ in reasons(ex.tokens, ex.trace())] == [
        "“dog” leads: the longest shadow on the query's direction.",
        "“pet” keeps a share because it partly overlaps the query's direction.",
        "“cat” gets the least because it overlaps the query's direction least.",
    ]


def test_reasons_follow_a_custom_order(custom):
    # the unrelated key is ranked in the middle and the last one points away: not the default's order
    ex = custom(
        tokens=("ant", "bee", "cow"), keys=[[1, 1], [0, -2], [2, 0]], query=[0, 1], path=[[1, 0], [0, 1]]
    )
    assert list(ex.trace().weights.argsort()[::-1]) == [0, 2, 1]
    assert [caption for caption, _ in reasons(ex.tokens, ex.trace())][1:] == [
        "“cow” keeps a share though it points in an unrelated direction.",
        "“bee” gets almost none because it points away from the query's direction.",
    ]
    assert (
        verdict(ex.tokens, ex.trace())
        == "At q = (0, 1): “ant” dominates, “cow” keeps a share, “bee” gets almost none."
    )


def test_several_middle_keys_share_one_reason():
    keys = [[3, 0], [2, 1], [1, 2], [0, 3]]
    parts = reasons(("a", "b", "c", "d"), attend([1, 0], keys))
    assert [keys for _, keys in parts] == [[0], [1, 2], [3]]
    assert parts[1][0] == "The two others keep shares, in the order of their shadows."


def test_shadows_are_the_dot_products_over_the_query_length(scene):
    live = scene.live
    trace = attend([2, 1], examples.current().drag.keys)
    shadows = Shadows(live.plane, trace, ["#ffffff"] * 3)
    unit = np.linalg.norm(live.plane.c2p(1, 0) - live.plane.c2p(0, 0))
    for key, dot, part in zip(trace.keys, trace.dots, shadows.parts):
        drop, shadow = part  # no right-angle mark (review B10: 5 px at 480p, under the arrows along the line)
        assert shadow.get_length() / unit == pytest.approx(dot / np.linalg.norm(trace.query), abs=1e-6)
        # the perpendicular from the key's tip meets the query's direction at a right angle
        assert np.dot(drop.get_end() - drop.get_start(), [2, 1, 0]) == pytest.approx(0, abs=1e-3)
        np.testing.assert_allclose(drop.get_start(), live.plane.c2p(*key), atol=1e-3)
    # a zero query has no direction: nothing is drawn
    assert len(Shadows(live.plane, attend([0, 0], trace.keys), ["#ffffff"] * 3).get_family()) == 1


@pytest.mark.parametrize("keys, query", [(None, None), ([[1, 1], [-1, 2], [2, -0.5]], [1.5, 1.5])])
def test_shadows_run_clear_of_the_arrows_and_axes_along_the_query(custom, tmp_path, keys, query):
    """Issue 29: at q = (2, 0) the "the" shadow lay on the axis, under the key's head and the output's shaft; the
    lanes now keep ARROW_CLEARANCE from whatever lies along the query's line (a key along a diagonal too)."""
    if keys is not None:
        custom(
            tokens=("the", "cat", "sat"),
            keys=np.array(keys),
            query=np.array(query),
            path=np.array([[0.5, 0.5], query]),
        )
    live = built(ThreeTokenDrag, tmp_path).live
    trace = live.example.trace()
    output = plane_arrow(live.plane, trace.output, "#ffffff", width=OUTPUT_WIDTH)
    axis = [live.plane.x_axis] if keys is None else []  # q = (2, 0) lies along the x axis
    along = [live.keys[int(np.argmax(trace.dots))], *axis]  # the top key points along q in both
    u = trace.query / np.linalg.norm(trace.query)
    if abs(np.cross([*trace.output / np.linalg.norm(trace.output), 0], [*u, 0])[2]) < 0.2:
        along.append(output)
    shadows = [m for part in live.shadows.parts for m in part if type(m) is Line]  # the thick segments
    assert shadows
    gap = SHADOW_STROKE / 2 + 0.9 * ARROW_CLEARANCE  # the stroke's half, and the clearance (to rounding)
    for shadow in shadows:
        runs = np.linspace(shadow.get_start(), shadow.get_end(), 100)[:, :2]
        for shape in along:
            distances = np.linalg.norm(runs[:, None] - outline(shape)[None], axis=2)
            assert distances.min() >= gap


def test_the_step_headers_read_as_relations(scene):
    steps = scene.worked.blocks
    assert steps[1][0].original_text.replace(" ", "") == "2sᵢ=q·kᵢ/√2"


def test_wide_arithmetic_takes_one_column_at_a_time(custom, tmp_path):
    # exponentials in the millions: the steps do not fit side by side, so each column takes the last's place
    custom(
        tokens=("apple", "money", "queen"),
        keys=[[100, -54.4], [43.4, -54.9], [18.1, -100]],
        query=[0.15, -0.15],
        path=[[100, 40.6], [-64.2, 26.5]],
    )
    worked = built(ThreeTokenDrag, tmp_path).worked
    steps = worked.blocks
    assert len(steps) == 4 and sorted(worked.leaving) == [1, 2, 3]
    for i, leaving in worked.leaving.items():  # what leaves was shown by the block before
        assert all(any(m is part for part in steps[i - 1].get_family()) for m in leaving)
    assert VGroup(*steps).get_right()[0] <= RIGHT_EDGE + 1e-6
    assert worked.verdict.get_bottom()[1] >= STAGE.bottom


def test_the_charts_are_one_query_s_dots_scaled_on_one_scale(rendered):
    """Issue 29: the charts put another example's bars beside this one's, unnamed, a bar in another word's
    colour. Now: this query's weights divided by √d, by 1, times √d. Review 7: as bars whose height is the
    weight, as every other weight chart in the lecture (the table drew them across), on one baseline."""
    charts, ex = rendered.summary[0], examples.current().drag
    bars = [chart[0] for chart in charts]
    expected = [attend(ex.query, ex.keys, divisor=d) for d in (np.sqrt(2), 1, 1 / np.sqrt(2))]
    assert [chart.shown_values() for chart in bars] == [decimals(t.weights) for t in expected]
    heights = [bar.height / w for chart in bars for bar, w in zip(chart.bars, chart.weights)]
    assert np.allclose(heights, heights[0])  # one scale
    assert len({round(chart.bars.get_bottom()[1], 6) for chart in bars}) == 1  # one baseline
    for chart in bars:  # each name whole under its bar, in its colour
        assert [n.text for n in chart.names] == list(ex.tokens)
        for name, bar in zip(chart.names, chart.bars):
            assert name.get_color() == bar.get_fill_color() and abs(name.get_x() - bar.get_x()) < 1e-6
    headers = [chart[1][0].original_text for chart in charts]
    assert headers == ["÷ √2 ≈ 1.414", "÷ 1", "× √2 ≈ 1.414"]
    texts = [*charts, rendered.note]
    for chart in charts:  # a header's frame (it is framed whole as its scale is named) touches no other text
        frame = fit.box(chart[1]) + [[-FRAME_BUFF, -FRAME_BUFF], [FRAME_BUFF, FRAME_BUFF]]
        assert all(fit.boxes_apart(frame, fit.box(other)) for other in texts if other is not chart)
        assert fit.boxes_apart(frame, fit.box(chart[0]))


def test_a_tiny_weight_never_reads_zero_and_no_frame_touches_a_bar(tmp_path):
    """Review 7: near one-hot, the table printed 0.000 for positive weights; a frame touched its bar (or, now,
    another value)."""
    keys, query = np.array([[4, 0], [0, 4], [-4, 0.5]]), np.array([3, 0.2])
    traces = scalings(query, keys)
    charts = [WeightChart(("the", "cat", "sat"), t, 0.87, 2.0, True) for t in traces]
    shown = [v for chart in charts for v in chart.shown_values()]
    assert "3.63 × 10^-4" in shown and all(float(v.split(" ")[0]) > 0 for v in shown)  # never 0.000
    crowded = WeightChart(
        ("the", "cat", "sat"), traces[0], 0.3, 2.0, False
    )  # no room: a value a row, the top first
    assert not crowded.over and crowded.shown_values() == ["1.000", "3.63 × 10^-4"]
    assert len(top_bar(crowded)) == 1  # a frame round its bar would cut through the value under it
    charts.append(crowded)
    for chart in charts:
        framed = fit.box(top_bar(chart)) + [[-FRAME_BUFF, -FRAME_BUFF], [FRAME_BUFF, FRAME_BUFF]]
        top = int(np.argmax(chart.weights))
        others = [bar for i, bar in enumerate(chart.bars) if i != top]
        others += [chart.values[i] for i in chart.shown if i != top]
        assert all(fit.boxes_apart(framed, fit.box(other)) for other in others)


def test_last_frame_snapshot(rendered):
    assert_matches_snapshot("ThreeTokenDrag", np.array(rendered.renderer.get_frame())[:, :, :3])


def test_the_top_key_is_called_near_only_when_it_is_the_nearest():
    tokens, keys = ("far", "near"), [[4, 0], [1, 1]]
    start = attend([0, 1], keys)
    assert describe(tokens, start, attend([3.9, 0.1], keys)).startswith("Toward “far”: its weight")
    far_top = describe(
        tokens, start, attend([1.2, 1.1], keys)
    )  # nearest "near", yet "far" has the larger dot
    assert far_top.startswith("“far” gets the most weight: it rises to")
    assert "though “near” is nearest" in far_top
    falling = describe(tokens, attend([3.9, 0.1], keys), attend([1.2, 1.1], keys))
    assert "it falls to" in falling


def test_the_title_and_subtitle_count_the_keys(tmp_path):
    four = DragExample(
        tokens=("a", "b", "c", "d"),
        keys=[[2, 0], [0, 2], [1, 1], [-1, 0]],
        query=[2, 0],
        path=[[1, 0], [0, 1]],
    )
    examples.use(dataclasses.replace(examples.DEFAULT, drag=four))
    try:
        scene = built(ThreeTokenDrag, tmp_path)
    finally:
        examples.use(examples.DEFAULT)
    assert scene.heading[0].original_text == "The four-token drag"
    assert scene.heading[1].original_text.startswith("A query looks at four keys")
    assert built(ThreeTokenDrag, tmp_path).heading[0].original_text == "The three-token drag"


def test_a_middle_key_keeps_a_share_only_when_its_weight_is_one():
    keys = [[100, -100], [-50, 80], [30, 30]]  # large scores: "mid" is second, with next to nothing
    saturated = attend([90, -90], keys)
    assert verdict(("far", "near", "mid"), saturated).endswith(
        "“mid” gets almost none, “near” gets almost none."
    )
    assert "keeps a share" not in " ".join(text for text, _ in reasons(("far", "near", "mid"), saturated))
    default = examples.current().drag
    assert "“sat” keeps a share" in verdict(default.tokens, default.trace())


def test_key_labels_keep_clear_of_every_arrow(custom, tmp_path):
    # "pet" at (1, 1) beside "cat" at (0.5, 1.5): its name beyond its tip would touch cat's arrow
    custom(
        tokens=("dog", "cat", "pet"),
        keys=[[1.5, 0.5], [0.5, 1.5], [1, 1]],
        query=[1.5, 0.5],
        path=[[1, -0.5], [1.5, 0.5], [0.5, 1.5], [0.8, 0.8], [1.5, 0.5]],
    )
    live = built(ThreeTokenDrag, tmp_path).live
    assert not [
        (label.text, key.get_end()) for label in live.key_labels for key in live.keys if touches(label, key)
    ]


@functools.cache
def strip_foot() -> float:
    """The formula strip's foot, as the chapter pins it under a title and subtitle of a line each."""
    return pin(formula_slot(), c.chapter_title("Title", "Subtitle")).get_bottom()[1]


@pytest.mark.parametrize("path", corpus_files(), ids=lambda path: path.stem)
def test_every_key_s_name_stands_clear_near_its_tip_and_its_arrow_over_the_output_and_cross(path):
    """Review 5 and stop 55: river.toml's key along the query lay hidden under the output arrow and the ✕, its
    name 50 px off. For every corpus example, each key's name keeps clear of every key arrow, the output arrow and
    the ✕ where they stand still (the drag's start and its stop), the axes, the query's line, the shadows and the
    other names, within KEY_TRIES rings of its tip, and under the formula strip (corpus-06's 'βήτα' reached into
    it); the keys are drawn over the output, the ✕ over the keys (review B10), the names over everything the plane
    draws."""
    example = load_example_file(path).drag
    top = strip_foot() - ARROW_CLEARANCE
    live = LiveAttention(example, top)
    arrows, crosses = [*live.keys, live.output.copy()], [live.cross.copy()]  # at the start
    live.move_query_to(example.query)
    arrows.append(live.output)
    crosses.append(live.cross)
    labels = list(live.key_labels)
    for k, label in enumerate(labels):
        assert not [shape for shape in [*arrows, *live.drawn_lines()] if touches(label, shape)], label.text
        assert all(fit.apart(label, other) for other in [*crosses, *labels[:k], *labels[k + 1 :]]), label.text
        tip = live.plane.c2p(*example.keys[k])[:2]
        (x0, y0), (x1, y1) = fit.box(label)
        assert np.linalg.norm(tip - np.clip(tip, [x0, y0], [x1, y1])) <= KEY_TRIES * LABEL_GAP * 1.5
        assert y1 <= top + 1e-9, label.text
    assert_far_names_are_led(live, example)
    assert_names_keep_clear_of_the_resting_cross(live, example)
    layers = [part.z_index for part in (live.output, live.keys[0], live.cross, live.key_labels[0])]
    assert layers == sorted(layers) and len(set(layers)) == 4 and layers[0] > live.plane.z_index


def assert_names_keep_clear_of_the_resting_cross(live, example):
    """Review J9: the lecture's 'the' stood 1.5 px (at 480p) off an arm of the ✕ resting on its tip through beats
    2-4. Wherever the ✕ rests (the drag's start, a leg's end where equal dot products are pointed out, the drag's
    end, the stop), every key's name keeps 4 px at 480p from its ink (its box widened by half its stroke)."""
    cross = live.cross.copy()
    ink = cross[0].get_stroke_width() * STROKE_UNIT / 2
    held = [end for end in example.path[1:-1] if equal(attend(end, example.keys))]
    for point in [example.path[0], *held, example.path[-1], example.query]:
        cross.move_to(live.plane.c2p(*point))
        for label in live.key_labels:
            assert fit.apart(label, cross, ink + 4 * STAGE.frame_height / 480 - 1e-9), (label.text, point)


def test_the_lecture_s_names_keep_clear_of_the_cross_wherever_it_rests():
    example = examples.current().drag
    assert_names_keep_clear_of_the_resting_cross(
        LiveAttention(example, strip_foot() - ARROW_CLEARANCE), example
    )


def test_a_name_sits_beside_its_tip_between_the_axis_and_the_query_s_line(custom):
    """Issue 29: review 6's four keys put 'river' (its tip 0.52 under the x-axis, the query's line through it)
    50 px above its tip, past the axis: none of the eight places round a tip was clear, the one between the axis
    and that line lay between two of them. Every name of that example now stands one LABEL_GAP from its tip,
    clear of the arrows, lines and crosses as the corpus test checks."""
    example = custom(
        tokens=("river", "bank", "money", "water"),
        keys=[[1.25, -0.4], [0.6, 0.9], [-0.8, 1.1], [1.4, -1.2]],
        query=[1.1, -0.35],
        path=[[-1, 0.5], [1.1, -0.35], [0.2, 1.3], [1.1, -0.35]],
    )
    live = LiveAttention(example, strip_foot() - ARROW_CLEARANCE)
    arrows = [*live.keys, live.output.copy()]
    live.move_query_to(example.query)
    for k, label in enumerate(live.key_labels):
        tip = live.plane.c2p(*example.keys[k])[:2]
        (x0, y0), (x1, y1) = fit.box(label)
        assert np.linalg.norm(tip - np.clip(tip, [x0, y0], [x1, y1])) <= LABEL_GAP + 1e-6, label.text
        assert not [shape for shape in [*arrows, live.output, *live.drawn_lines()] if touches(label, shape)]
        assert fit.apart(label, live.cross), label.text


def test_the_query_s_label_and_the_names_keep_clear_of_arrows_axes_and_shadows(custom, tmp_path):
    """Issue 29: four keys round a query near one of them put 'q = (0.95, 0.25)' on the x-axis, under an arrow
    and under the shadows' bars, and the query's dashed line through a key's name."""
    custom(
        tokens=("river", "bank", "money", "water"),
        keys=[[1.2, 0.35], [0.4, 1.1], [-0.85, 0.6], [0.9, -0.75]],
        query=[0.95, 0.25],
        path=[[-1, 0.5], [0.95, 0.25], [0.3, 1.2], [1.1, -0.9], [0.95, 0.25]],
    )
    scene = built(ThreeTokenDrag, tmp_path)
    live, trace = scene.live, scene.example.trace()
    output = live.output.copy().put_start_and_end_on(live.plane.c2p(0, 0), live.plane.c2p(*trace.output))
    shapes = [*live.keys, *live.drawn_lines()]
    assert len(live.drawn_lines()) > 3  # the axes, the query's line and the shadows' parts are all counted
    for label in [scene.q_label, *live.key_labels]:
        assert not [shape for shape in shapes if touches(label, shape)], label.text
    assert not touches(scene.q_label, output) and scene.q_label.text.startswith("q")
    # the divisor's comparison: this query's weights only, sharper chart by chart as its note says, names whole
    # (too wide for the bars' columns: once, in a legend over the charts)
    tops = [float(chart[0].weights.max()) for chart in scene.charts]
    assert tops[0] < tops[1] < tops[2]
    shown = "".join(scene.note.original_text.split())  # sharper, not near one-hot: the note says how far
    assert shown == "".join(note(scalings(scene.example.query, scene.example.keys)).split())
    assert "sharpens:" in shown and "saturates" not in shown
    legend = [name.text for name in scene.charts[0][2]]
    assert legend == ["river", "bank", "money", "water"] and not any(len(c[0].names) for c in scene.charts)


def test_where_even_the_least_bars_leave_no_room_the_note_comes_up_out_of_the_caption_band():
    """Corpus-12 (six long names, their legend over the charts): a top weight raised for its frame took the last
    room, and the closing note reached into the caption band; it comes up to at most half its gap instead."""
    scene = corpus_built("corpus-12-long-names")
    charts = VGroup(*scene.charts)
    gap = charts.get_bottom()[1] - scene.note.get_top()[1]
    assert scene.note.get_bottom()[1] >= STAGE.bottom and NOTE_BUFF / 2 - 1e-6 <= gap < NOTE_BUFF


@functools.cache
def corpus_built(stem: str) -> ThreeTokenDrag:
    """The chapter built with the corpus example `stem`, once for the tests that read it (never change it)."""
    examples.use(load_example_file(next(p for p in corpus_files() if p.stem == stem)))
    try:
        return built(ThreeTokenDrag, MEDIA)
    finally:
        examples.use(examples.DEFAULT)


def side_by_side(a, b) -> bool:
    """Whether two values' boxes share some height (stand on one row)."""
    return min(a.get_top()[1], b.get_top()[1]) > max(a.get_bottom()[1], b.get_bottom()[1])


def gap(a, b) -> float:
    return max(b.get_left()[0] - a.get_right()[0], a.get_left()[0] - b.get_right()[0])


@pytest.mark.parametrize(
    "stem, printed",
    [
        (None, [3, 3, 3]),  # the lecture's: its third chart's 0.003 and 0.056 stood 0.05 apart
        ("corpus-05-cjk", [3, 3, 3]),
        ("corpus-10-decimals", [5, 4, 4]),  # five tokens: every decimal finds a place
        ("corpus-23-mixed", [4, 4, 4]),  # six: the largest first, the rest where they find a place
        ("corpus-04-long-names", [1, 1, 1]),  # a legend of six long names leaves no room under: the largest
    ],
)
def test_every_chart_prints_each_weight_that_finds_a_place_a_gap_from_the_others(tmp_path, stem, printed):
    """Issue 29: with five or six tokens a chart printed its largest weight alone, and two small values beside
    each other nearly touched. Now every weight is printed over its bar where all fit there, else under the
    baseline on two staggered rows, each centred on its bar; where those have no place for all, from the
    largest down, each that finds one; where the chapter has no room for rows under the bars, the largest alone
    over its bar; never two values on one row less than VALUE_GAP apart."""
    charts = [chart[0] for chart in (corpus_built(stem) if stem else built(ThreeTokenDrag, tmp_path)).charts]
    assert [len(chart.shown) for chart in charts] == printed
    for chart in charts:
        top = int(np.argmax(chart.weights))
        assert top in chart.shown
        frame = fit.box(top_bar(chart)) + [[-FRAME_BUFF, -FRAME_BUFF], [FRAME_BUFF, FRAME_BUFF]]
        others = [
            *(chart.values[i] for i in chart.shown if i != top),
            *(b for i, b in enumerate(chart.bars) if i != top),
        ]
        assert all(
            fit.boxes_apart(frame, fit.box(other), FRAME_BUFF / 2) for other in others
        )  # clear of the rest
        shown = [chart.values[i] for i in chart.shown]
        for i in chart.shown:  # on its own bar's column
            assert chart.values[i].get_left()[0] < chart.bars[i].get_x() < chart.values[i].get_right()[0]
        least = OVER_GAP if chart.over else VALUE_GAP
        for k, a in enumerate(shown):
            assert all(gap(a, b) >= least - 1e-6 for b in shown[k + 1 :] if side_by_side(a, b))
        if chart.over:  # over the bars: every one, or where no row under them had room, the largest alone
            assert len(shown) in (1, len(chart.bars))
            continue
        rows = {round(v.get_top()[1], 6) for v in shown}
        assert len(rows) <= 2 and max(rows) < chart.baseline.get_y()
        for i in set(range(len(chart.bars))) - set(chart.shown):  # left out: no row has room for it
            value = chart.values[i].copy().set_x(chart.bars[i].get_x())
            within(value, chart.baseline, SPILL)
            for top in rows:
                row = [v for v in shown if round(v.get_top()[1], 6) == top]
                assert any(gap(value, v) < VALUE_GAP for v in row)


def test_names_too_wide_for_the_bars_stand_whole_in_a_legend_row_by_row(tmp_path):
    """Issue 29: names cut to fit are ambiguous ('f…' for fever and fatigue). A chart whose names do not fit
    under its bars names none there; a legend over the charts gives every name whole, in its colour, row by row
    in the tokens' order, within the charts' width."""
    scene = corpus_built("corpus-23-mixed")
    legend, tokens = scene.charts[0][2], scene.example.tokens
    rows = {}
    for name in legend:
        rows.setdefault(round(name.get_y(), 6), []).append(name)
    read = [name.text for _, row in sorted(rows.items(), reverse=True) for name in row]
    assert read == list(tokens) and not any(fit.ELLIPSIS in name for name in read)
    assert [name.get_color() for name in legend] == [bar.get_fill_color() for bar in scene.charts[0][0].bars]
    charts = VGroup(*[chart[0] for chart in scene.charts])
    assert (
        charts.get_left()[0] <= legend.get_left()[0] and legend.get_right()[0] <= charts.get_right()[0] + 0.2
    )
    assert legend.get_bottom()[1] > charts.get_top()[1]  # over the charts
    assert not any(len(chart[0].names) for chart in scene.charts)


def test_names_the_live_bars_cut_stand_whole_in_a_legend(scene, tmp_path):
    """Issue 29: the live bars cut long names ('Ωμέ…') and nothing gave them whole. Where any is cut, a legend under
    the bars' total line gives every name whole, in its colour, in the tokens' order, above the caption band (the
    bars shorter where it needs the room, their tallest as high as ever); the lecture's names are whole: none."""
    default = scene.live
    assert not len(default.legend) and scene.layout_facts == {
        "names_legend": False
    }  # as the render records it
    cut = corpus_built("corpus-04-long-names")
    live = cut.live
    assert cut.layout_facts == {"names_legend": True}  # for the descriptions (drawn.py)
    tokens = live.example.tokens
    assert any(fit.ELLIPSIS in label.original_text for label in live.bars.labels)  # the bars do cut them
    assert [name.original_text for name in live.legend] == list(tokens)
    assert [name.get_color() for name in live.legend] == [bar.get_fill_color() for bar in live.bars.bars]
    assert (
        live.legend.get_top()[1] < live.bars.total.get_bottom()[1]
        and live.legend.get_bottom()[1] >= STAGE.bottom
    )
    assert live.legend.get_left()[0] > live.plane.get_right()[0] and live.legend.get_right()[0] <= STAGE.right
    tallest = live.bars.baseline.get_y() + live.bars.max_height
    assert tallest == pytest.approx(default.bars.baseline.get_y() + default.bars.max_height)


def test_every_cut_name_is_given_whole_in_the_same_beat():
    """Issue 29: the intro's bars, the plane, the steps and the verdict cut long names ('Ωμέ…'); wherever a beat
    ends with a name cut, the token's whole name is drawn too (the legend, in its colour). ThreeTokenDrag's
    long-names example of the layout tests' share (its dry run is shared with them)."""
    path = next(p for p in corpus_files() if p.stem == "corpus-20-long-names")
    tokens = load_example_file(path).drag.tokens
    ends = chapter_ends(find("ThreeTokenDrag"), from_options("l", example=path))
    cut_seen = 0
    for end in ends:
        texts = {d.label for d in end.drawn if d.kind == "text"}
        for prefix in {p for label in texts for p in re.findall(r"([^\s“”(]+)" + fit.ELLIPSIS, label)}:
            whole = [t for t in tokens if t.startswith(prefix)]
            assert whole and set(whole) <= texts, f"{end.beat}: '{prefix}…' with no whole name drawn"
            cut_seen += 1
    assert cut_seen  # the example does cut names


def test_the_names_legend_stays_under_the_steps_where_they_fit_over_it(tmp_path):
    """Corpus-20 (five long names): the plane cuts every name, so the legend of them stays through the steps, at
    the stage's foot, every block clear over it."""
    with corpus_example(20):
        scene = built(ThreeTokenDrag, tmp_path)
    legend, worked = scene.live.legend, scene.worked
    assert [name.original_text for name in legend] == list(scene.example.tokens) and worked.legend_stays
    foot_top = STAGE.bottom + legend.height
    assert all(block.get_bottom()[1] > foot_top for block in worked.blocks)


@pytest.mark.parametrize("stem", ["corpus-07-mixed", "corpus-04-long-names"])
def test_where_the_legend_leaves_for_the_steps_they_give_every_name_whole_or_beside_them(stem):
    """Issue 29: six tokens with long names: the legend of the names the plane cuts had no room under the steps
    and left, and the steps showed cut names for about 12 s. Now the steps give every name whole (corpus-07, one
    24-letter name: on two lines), or where six such names do not fit so (corpus-04), a legend beside them gives
    each name they or the plane cut, whole, in its colour; all inside the stage, clear of each other."""
    scene = corpus_built(stem)
    worked, tokens, legend = scene.worked, scene.example.tokens, scene.live.legend
    assert len(legend) and not worked.legend_stays
    names = [m for block in worked.blocks for m in block.get_family() if getattr(m, "full", None) in tokens]
    assert {m.full for m in names} == set(tokens)
    cut = {m.full for m in names if fit.ELLIPSIS in m.original_text} | {n.full for n in legend}
    right = RIGHT_EDGE
    if stem == "corpus-07-mixed":
        assert not len(worked.aside) and not any(fit.ELLIPSIS in m.original_text for m in names)
        assert any("\n" in m.original_text for m in names)  # the long one on two lines
    else:
        aside = worked.aside
        assert [n.full for n in aside] == [t for t in tokens if t in cut] and len(aside) == len(tokens)
        assert [n.original_text.replace("\n", "") for n in aside] == [n.full for n in aside]  # whole
        bars = scene.live.bars.bars
        assert [n.get_color() for n in aside] == [bars[tokens.index(n.full)].get_fill_color() for n in aside]
        assert aside.get_right()[0] <= STAGE.right and aside.get_bottom()[1] >= STAGE.bottom
        assert all(fit.apart(a, b) for a, b in zip(aside, aside[1:]))
        right = aside.get_left()[0]
    for block in worked.blocks:
        assert block.get_right()[0] < right and block.get_bottom()[1] >= STAGE.bottom


def test_the_query_s_coordinates_stand_near_its_cross_or_it_is_named_q_alone(tmp_path):
    """Review 5: in a lecturer's crowded plane (four keys, the first along the query) 'q = (1.1, −0.35)' found
    its first clear place 190 px from the cross. The coordinates come with it only within NEAR_TRIES rings of the
    cross; else the label is 'q' alone (the caption and the working give them)."""
    drag = {
        "tokens": ["river", "bank", "money", "water"],
        "keys": [[1.25, -0.4], [0.6, 0.9], [-0.8, 1.1], [1.4, -1.2]],
        "query": [1.1, -0.35],
        "path": [[-1, 0.5], [1.1, -0.35], [0.2, 1.3], [1.1, -0.35]],
    }
    examples.use(examples_from_dict({"drag": drag}))
    try:
        scene = built(ThreeTokenDrag, tmp_path)
    finally:
        examples.use(examples.DEFAULT)
    label, cross = scene.q_label, scene.live.plane.c2p(*drag["query"])[:2]
    (x0, y0), (x1, y1) = fit.box(label)
    distance = float(np.linalg.norm(cross - np.clip(cross, [x0, y0], [x1, y1])))
    assert label.text == "q"  # this plane has no place for the coordinates near the cross...
    assert distance <= NEAR_TRIES * LABEL_GAP  # ... and 'q' stands by it


def test_the_lecture_s_charts_print_each_weight_over_its_bar_and_frame_the_top_one_clear(scene):
    """Review V4 (84-111 s): the 'cat' weight dropped a row under the baseline onto a leader, and the frame round
    the 'the' bar ran its edge through the '0.768' under it. In small type the three weights stand over their bars,
    on no rows under the baseline, and each top weight's frame keeps FRAME_BUFF from every other bar and weight.
    Review V6 (98-111 s): '0.003' and '0.056' stood 7 px apart and read as one string: every two weights stand
    OVER_GAP (15 px at 480p) apart, a weight lifted over its neighbour's joined to its bar by a leader."""
    lifted = 0
    for chart in (chart[0] for chart in scene.charts):
        assert chart.over and chart.shown == [0, 1, 2]
        assert all(value.role == "small" for value in chart.values)
        boxes = [fit.box(value) for value in chart.values]
        for i, (value, bar) in enumerate(zip(chart.values, chart.bars)):
            assert value.get_bottom()[1] > bar.get_top()[1]
            for other in boxes[i + 1 :]:
                gaps = np.maximum(0, np.maximum(other[0] - boxes[i][1], boxes[i][0] - other[1]))
                assert np.linalg.norm(gaps) >= OVER_GAP - 1e-6
            led = [line for line in chart.leaders if abs(line.get_x() - bar.get_x()) < 1e-6]
            over = value.get_bottom()[1] - bar.get_top()[1]
            raised = i == int(np.argmax(chart.weights)) and over == pytest.approx(FRAMED_OVER)  # framed alone
            high = over > VALUE_BUFF + 1e-6 and not raised
            assert len(led) == high
            if high:
                lifted += 1
                assert led[0].get_bottom()[1] == pytest.approx(bar.get_top()[1] + leaders.BUFF)
                assert led[0].get_top()[1] == pytest.approx(value.get_bottom()[1] - leaders.BUFF)
        top = int(np.argmax(chart.weights))
        frame = fit.box(top_bar(chart)) + [[-FRAME_BUFF, -FRAME_BUFF], [FRAME_BUFF, FRAME_BUFF]]
        others = [m for i in range(3) if i != top for m in (chart.bars[i], chart.values[i])]
        assert all(fit.boxes_apart(frame, fit.box(other), FRAME_BUFF) for other in others)
    assert lifted == 3  # 0.187, 0.117 and 0.056, each over its smaller neighbour


def test_the_top_weights_are_framed_again_while_the_closing_note_is_read(scene):
    """Review V4 (107.3-111.6 s): the note faded in and the picture stood still for the 4.3 s of its caption. The
    charts' top weights are framed again, left to right, for as long as the note is read after its fade."""
    plays = recorded_why_scale(scene, 5.0)
    (note_in, _), (last, options) = plays[-2:]
    assert note_in[0].mobject is scene.note
    (tops,) = last
    assert isinstance(tops, LaggedStart) and len(tops.animations) == len(scene.charts)
    framed = [a.mobject for a in tops.animations]
    for frame, chart in zip(framed, scene.charts):
        assert frame.get_center() == pytest.approx(top_bar(chart[0]).get_center(), abs=0.05)
    assert options["run_time"] == pytest.approx(5.0 - 1.2)


def test_each_chart_comes_as_its_scale_is_named_and_its_frames_end_with_their_captions(scene):
    """Review D10 (02, 96-100 s): the third chart (× √2, larger dots) came in over "Wider keys give larger dots.",
    before the caption naming its scale, and the frame round the second's top weight outstayed its one caption by
    a second. The lead-in is said over the charts before it; each chart comes in with the caption naming its scale,
    and a frame within that caption ends with it."""
    seconds = 5.0
    plays = recorded_why_scale(scene, seconds)
    ins = [
        i
        for i, (shown, _o) in enumerate(plays)
        if any(getattr(a, "mobject", None) in scene.charts for a in shown)
    ]
    assert len(ins) == len(scene.charts)
    for i, said in zip(ins, scene.comparison):
        rise = plays[i][1]
        assert rise["caption"] == (said[-2] if len(said) > 1 else said[0])
        lead = said[:-2]
        assert [o.get("caption") for shown, o in plays[i - len(lead) : i] if not shown] == list(lead)
        within = plays[i + 1][1]  # a frame before the next caption: the scale's header, or the one top weight
        if lead or len(said) == 1:
            assert "caption" not in within
            assert rise["run_time"] + within["run_time"] == pytest.approx(seconds)
    assert [len(said) for said in scene.comparison] == [2, 1, 3]  # the default example shows each case


def recorded_why_scale(scene, seconds: float) -> list:
    """`recorded` why_scale, a caption said over the still picture (`say`) recorded as a show of nothing."""
    scene.say = lambda caption, hold=0: scene.show(caption=caption)
    try:
        return recorded(scene, "why_scale", seconds)
    finally:
        del scene.say


def assert_far_names_are_led(live, example):
    """Issue 29: boxed in by arrows, shadows and the plane's edge, names stood 54-117 px (at 480p) from their tips
    and read as no arrow's. A name farther than leaders.NEAR from its tip is joined to it by a thin line in its
    colour, from leaders.BUFF off the tip to leaders.BUFF off the name, clear of every other name; nearer names
    have none."""
    lines, labels = list(live.leaders), list(live.key_labels)
    far = 0
    for k, label in enumerate(labels):
        tip = live.plane.c2p(*example.keys[k])[:2]
        box = fit.box(label)
        nearest = np.clip(tip, box[0], box[1])
        if np.linalg.norm(tip - nearest) <= leaders.NEAR + 1e-6:
            continue
        far += 1
        led = [  # from its tip to it (corpus-19: 'apple' and 'king' share a tip, each with its leader)
            line
            for line in lines
            if np.linalg.norm(line.get_start()[:2] - tip) <= leaders.BUFF + 1e-6
            and np.linalg.norm(line.get_end()[:2] - nearest) <= leaders.BUFF + 1e-6
        ]
        assert len(led) == 1, label.text
        assert led[0].get_color() == label.get_color()
        points = np.linspace(led[0].get_start(), led[0].get_end(), 48)[:, :2]
        assert not [
            other.text
            for other in labels
            if other is not label and not fit.clear_of(fit.box(other), points, margin=ARROW_CLEARANCE)[0]
        ]
    assert len(lines) == far


def test_names_stand_as_near_their_tips_as_half_rings_find_clear():
    """Issue 29: corpus names stood 54-72 px (at 480p) from their tips: the places round a tip were tried a
    LABEL_GAP apart. Half rings are tried too: corpus-00's 'mat' (its tip 54 px off) stands nearer, every name
    still clear as the corpus test checks; farther than leaders.NEAR (27 px), on its leader (at 36 px it read as no
    arrow's)."""
    example = load_example_file(next(p for p in corpus_files() if p.stem == "corpus-00-negative")).drag
    live = LiveAttention(example, strip_foot() - ARROW_CLEARANCE)
    k = list(example.tokens).index("mat")
    tip = live.plane.c2p(*example.keys[k])[:2]
    (x0, y0), (x1, y1) = fit.box(live.key_labels[k])
    assert np.linalg.norm(tip - np.clip(tip, [x0, y0], [x1, y1])) <= 2.5 * LABEL_GAP + 1e-6
    assert leaders.NEAR * 480 / STAGE.frame_height <= 27 + 1e-6
    assert_far_names_are_led(live, example)


def test_the_plane_fills_its_box_under_the_strip(scene):
    """Round 3: the plane was about 265 px a side at 480p (5.2 units). It now fills PLANE_BOX under the strip,
    its grid reaching past the title's left edge: as wide as it may be, or as tall (under the strip, larger since
    review V6, about 284 px)."""
    plane, top = scene.live.plane, scene.strip.get_bottom()[1] - ARROW_CLEARANCE
    height = min(PLANE_BOX[1], top - STAGE.bottom)
    assert plane.width == pytest.approx(PLANE_BOX[0]) or plane.height == pytest.approx(height)
    assert (
        plane.height >= 5.5
        and plane.get_top()[1] <= top + 1e-6
        and plane.get_bottom()[1] >= STAGE.bottom - 1e-6
    )
    assert plane.get_left()[0] >= STAGE.left and plane.get_right()[0] < PLANE_RIGHT


def test_the_output_rims_a_key_it_equals(scene):
    """Review V6 (34-41 s): at q = (0.7, 0.7) the output is 'sat''s key, (1, 1), and lay hidden under it, head and
    all. The output, under the keys, is wider by a rim of 2 px a side at 480p, and its head outlined as wide."""
    live = scene.live.move_query_to((0.7, 0.7))
    sat = live.keys[2]
    assert np.allclose(live.output.get_end(), sat.get_end())
    assert live.output.z_index < sat.z_index
    rim = (live.output.get_stroke_width() - sat.get_stroke_width()) / 2 * 0.01 * 480 / STAGE.frame_height
    assert rim >= 2 - 1e-6
    assert live.output.tip.get_stroke_width() / 2 * 0.01 * 480 / STAGE.frame_height >= rim - 1e-6
    assert live.output.tip.get_stroke_color() == live.output.get_color()


def test_a_long_name_is_cut_shorter_where_that_lets_it_stand_by_its_tip():
    """Issue 29: in corpus-04, 'electroencephalographies' (cut to 'electroe…') had no place between the plane's
    left edge and the y-axis, and stood 69 px from its tip with a leader. Cut shorter, it stands by its tip with
    none; the names' legend gives it whole."""
    example = load_example_file(next(p for p in corpus_files() if p.stem == "corpus-04-long-names")).drag
    live = LiveAttention(example, strip_foot() - ARROW_CLEARANCE)
    k = list(example.tokens).index("electroencephalographies")
    label = live.key_labels[k]
    assert label.full == "electroencephalographies" and label.original_text.endswith(fit.ELLIPSIS)
    assert len(label.original_text) < len(fit.clip(label.full, LABEL_WIDTH).original_text)
    tip = live.plane.c2p(*example.keys[k])[:2]
    (x0, y0), (x1, y1) = fit.box(label)
    assert np.linalg.norm(tip - np.clip(tip, [x0, y0], [x1, y1])) <= leaders.NEAR + 1e-6
    assert "electroencephalographies" in [name.text for name in live.legend]


def test_the_formula_strip_is_in_body_type(scene):
    """Review V6: the strip's letters were about 7 px high at 480p (the kit's small type); this chapter reads every
    term of it aloud, so it sets it in body type, the next size (the layout sweep allows one size a role)."""
    letter = scene.strip.formula[0][0]  # the s of s_i
    assert letter.height * 480 / STAGE.frame_height >= 9.5


def test_a_weight_framed_alone_keeps_its_frame_off_its_bar(scene):
    """Review V8a: the frames round 0.768, 0.867 and 0.941 (each framed alone) rested on their bars' tops; framed
    tighter, they stood 1 px off the bar and touched the digits. The weight now stands higher: its frame keeps 4 px
    (at 480p) round it and 2 px clear of the bar."""
    px = STAGE.frame_height / 480
    alone = 0
    for chart in (chart[0] for chart in scene.charts):
        frame = framed_top(chart).mobject
        top = int(np.argmax(chart.weights))
        outer = frame.get_bottom()[1] - frame.get_stroke_width() * STROKE_UNIT / 2
        if len(top_bar(chart)) == 1:
            alone += 1
            value = chart.values[top]
            assert (frame.width - value.width) / 2 >= 4 * px and (frame.height - value.height) / 2 >= 4 * px
            assert outer - chart.bars[top].get_top()[1] >= 2 * px - 1e-6
            assert frame.get_center() == pytest.approx(value.get_center(), abs=1e-6)
    assert alone  # the lecture's example frames its top weights alone


def test_the_cross_stands_whole_over_a_key_it_lies_on(scene):
    """Review B10 (33-39 s): at q = (0.7, 0.7) the ✕ lay under 'sat''s arrow, along it, and one stroke was hidden: it
    read as a tick. The ✕ is drawn over the keys and the output, both strokes one path outlined 2 px at 480p in
    the background's colour under both (so neither outline cuts the other stroke)."""
    live = scene.live
    assert live.cross.z_index > max(live.output.z_index, *(key.z_index for key in live.keys))
    (mark,) = live.cross
    assert len(mark.get_subpaths()) == 2
    rim = (mark.get_stroke_width(background=True) - mark.get_stroke_width()) / 2 * STROKE_UNIT
    assert rim == pytest.approx(CROSS_RIM) and CROSS_RIM * 480 / STAGE.frame_height >= 2 - 1e-9
    assert mark.get_stroke_color(background=True).to_hex().upper() == theme().background.upper()


@pytest.mark.parametrize("path", corpus_files(), ids=lambda path: path.stem)
def test_the_distance_to_the_nearest_key_runs_clear_of_the_arrows(path):
    """Review B10: at q = (0.7, 0.7) the dashed line to the nearest key, 'sat', ran along its arrow and the output
    over it, and could not be seen. Wherever the ✕ stops on equal dot products beside a nearest key (the lecture's
    (0.7, 0.7), corpus-04's origin), the path to that key's tip keeps ARROW_CLEARANCE from every arrow's ink over
    its middle half: straight where it is clear, else a bracket beside it."""
    example = load_example_file(path).drag
    live = LiveAttention(example, strip_foot() - ARROW_CLEARANCE)
    stops = [end for end in example.path[1:-1] if equal(attend(end, example.keys))]
    for stop in stops:
        key = nearest(attend(stop, example.keys))
        if key is not None:
            live.move_query_to(stop)
            assert clearance(live.distance_path(key), [*live.keys, live.output]) >= ARROW_CLEARANCE, stop


def test_the_lecture_s_distance_to_sat_is_a_bracket_beside_its_arrow():
    live = LiveAttention(examples.current().drag, strip_foot() - ARROW_CLEARANCE).move_query_to((0.7, 0.7))
    path = live.distance_path(2)
    ends = path.get_start_anchors()[0], path.get_end_anchors()[-1]
    assert np.allclose(ends[0], live.cross.get_center()) and np.allclose(ends[1], live.keys[2].get_end())
    assert len(path.get_anchors()) > 2 and clearance(path, [*live.keys, live.output]) >= ARROW_CLEARANCE


def test_the_charts_and_the_note_rise_into_place_from_over_the_caption_band(scene):
    """Review B10 (99.0-99.2 s): the closing note's descenders dipped into the caption band as it slid in. A chart
    or the note starts its rise no lower than the band's top, even where it ends just over it (corpus-12)."""
    for built_scene in (corpus_built("corpus-12-long-names"), scene):
        for part in (*built_scene.charts, built_scene.note):
            start = rising(part).create_starting_mobject()
            assert start.get_bottom()[1] >= STAGE.bottom - 1e-9
