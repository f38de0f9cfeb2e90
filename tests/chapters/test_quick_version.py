"""QuickVersion: a line for every chapter in viewing order, each beside its own chapter's icon drawn from the
chapter's numbers; then the formula, Q, K and V defined, each term tied to the chapters it sums up."""

import numpy as np
import pytest

from attention import examples
from attention.examples.beyond import all_queries
from scenes.chapters import quick_version as qv
from scenes.chapters.registry import CHAPTERS, find
from scenes.kit import icons as icons
from scenes.kit.fit import apart
from scenes.kit.palette import theme
from tests.support.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.7


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(qv.QuickVersion, tmp_path_factory.mktemp("media"))


def test_every_chapter_has_a_line_in_viewing_order_on_pages_of_three():
    others = [ch.name for ch in CHAPTERS if ch.name != "QuickVersion"]
    assert qv.recapped() == others and set(qv.TAKEAWAYS) == set(others)
    assert [n for page in qv.pages() for n in page] == others
    assert [len(page) for page in qv.pages()] == [3, 3, 3, 3, 2]
    assert [n for n in others if qv.TAKEAWAYS[n].beyond] == [
        "Projections",
        "AllQueriesAtOnce",
        "WordOrder",
        "CausalMask",
        "MultiHead",
        "TrainedHead",
    ]


def test_chapters_are_numbered_by_their_place_in_the_lecture_as_watched():
    """The lecture plays the registry's order, and a chapter's number is its place in it: the sixth chapter
    watched is 06-Projections, `render 6` and "6" on the page."""
    assert [ch.number for ch in CHAPTERS] == list(range(1, len(CHAPTERS) + 1))
    assert find("Projections").slug == "06-Projections"
    assert [qv.page_name(page) for page in qv.pages()] == [
        "Chapters 1 to 3",
        "Chapters 4 to 6",
        "Chapters 7 to 9",
        "Chapters 10 to 12",
        "Chapters 13 to 14",
    ]


def test_each_row_shows_its_line_and_chapter_tag(scene):
    for row, name in zip(scene.rows, qv.recapped()):
        line, tag = row[1]
        takeaway = qv.TAKEAWAYS[name]
        assert line.text == takeaway.line.replace(" ", "")
        marked = "beyondthesources·" if takeaway.beyond else ""
        assert tag.text == f"{marked}{find(name).number}·{find(name).title}".replace(" ", "")


def test_every_icon_is_its_own_chapter_s():
    assert set(qv.ICONS) == set(qv.recapped())
    names = [f.__name__ for f in qv.ICONS.values()]
    assert len(set(names)) == len(names)  # no two chapters share a picture


def test_the_trained_head_icon_is_on_a_neutral_ramp():
    """Review round 6: it was in the keys' blue, though its rows are query words and its columns key words."""
    cells, _ = qv.trained_head_icon(examples.current())
    assert {cell.get_fill_color().to_hex().upper() for cell in cells} == {theme().text.upper()}


def test_icons_of_what_is_no_role_draw_in_no_role_s_colour():
    """Review round 7: WhereItBreaks' curve in the output's orange, CausalMask's weights in the keys' blue (and,
    round 6, the stripes and the learned grid; ShrinkScores' scaled scores in the keys' blue, review of 5 Dec): a
    role's colour means that role in every chapter."""
    roles = {colour.upper() for colour in theme().roles().values()}
    for name in ("WhereItBreaks", "CausalMask", "WordOrder", "TrainedHead", "ShrinkScores"):
        drawn = qv.ICONS[name](examples.current()).family_members_with_points()
        used = {m.get_fill_color().to_hex().upper() for m in drawn if m.get_fill_opacity() > 0}
        used |= {m.get_stroke_color().to_hex().upper() for m in drawn if m.get_stroke_width() > 0}
        assert not used & roles, f"{name}'s icon draws in {used & roles}"


def test_the_score_icon_is_chapter_3_s_table_not_the_drag_plane():
    ex = examples.current()
    query, keys, bars = icons.score_icon(ex)
    blend = ex.blend
    assert len(query[0]) == blend.keys.shape[1]
    assert [len(k[0]) for k in keys] == [blend.keys.shape[1]] * len(blend.tokens)
    lengths = np.array([bar.width for bar in bars])
    scores = np.abs(blend.trace(0).scores)
    np.testing.assert_allclose(lengths / lengths.max(), np.maximum(scores / scores.max(), 0.02), rtol=1e-6)


def test_the_matrix_icon_has_the_shapes_of_q_k_transposed_and_the_weights():
    trace = all_queries(examples.current().blend)
    q, kt, _, weights = icons.matrix_icon(examples.current())
    assert [len(block[0]) for block in (q, kt, weights)] == [
        trace.queries.size,
        trace.keys_t.size,
        trace.weights.size,
    ]


def test_the_drag_icon_carries_the_worked_query_s_context():
    ex = examples.current()
    plane, keys, context, cross = icons.drag_icon(ex)
    assert len(keys) == len(ex.drag.tokens)
    np.testing.assert_allclose(plane.p2c(context.get_end())[:2], ex.drag.trace().output, atol=0.05)
    np.testing.assert_allclose(cross.get_center(), plane.c2p(*ex.drag.query), atol=1e-6)


def test_icons_sit_inside_their_cards(scene):
    for row in scene.rows:
        back, icon = row[0]
        assert icon.width <= qv.ICON_FIT[0] + 1e-6 and icon.height <= qv.ICON_FIT[1] + 1e-6
        np.testing.assert_allclose(icon.get_center(), back.get_center(), atol=1e-6)


def test_bar_icons_are_the_blend_weights():
    ex = examples.current()
    for icon, step in [(icons.blend_icon(ex)[0], 0), (icons.refocus_icon(ex)[2], 1)]:
        heights = np.array([bar.height for bar in icon.bars])
        np.testing.assert_allclose(heights / heights.sum(), ex.blend.trace(step).weights, rtol=1e-6)
        assert len(icon.values) == 3 and icon.values not in icon.submobjects  # no unreadable numbers


def test_grid_icon_is_shaded_by_the_cross_attention_weights():
    grid = icons.grid_icon(examples.current())
    weights = examples.current().cross.cross().weights
    opacities = np.array([cell.get_fill_opacity() for cell in grid.cells]).reshape(weights.shape)
    assert np.all(np.diff(opacities.ravel()[np.argsort(weights.ravel())]) >= -1e-9)


def test_the_mask_icon_greys_exactly_the_hidden_cells():
    grid = icons.mask_icon(examples.current())
    masked = examples.current().causal.trace()
    grey = np.array(
        [cell.get_fill_color().to_hex().upper() == qv.theme().grid.upper() for cell in grid.cells]
    )
    np.testing.assert_array_equal(grey.reshape(masked.mask.shape), masked.mask)


def test_q_k_and_v_are_defined_in_their_role_colours(scene):
    theme = qv.theme()
    for name, color in (("Q", theme.query), ("K", theme.key), ("V", theme.value)):
        assert scene.formula.term(name)[0].get_color().to_hex().upper() == color.upper()
    meanings = " ".join(t.meaning for t in qv.TERMS)
    for symbol in "QKV":
        assert f"the rows of {symbol}" in meanings


def test_every_term_is_tied_to_chapters_and_every_chapter_to_a_term():
    tied = [n for t in (*qv.TERMS, qv.WHOLE) for n in t.chapters]
    assert set(tied) == set(qv.recapped())
    assert sorted(n for t in qv.TERMS for n in t.names) == sorted(qv.ALL)


def test_each_line_lights_the_terms_it_is_about():
    """While a take-away is read the formula at the top lights its terms; the matrix chapters light all."""
    assert all(set(t.terms) <= set(qv.ALL) for t in qv.TAKEAWAYS.values())
    lit = {name: t.terms for name, t in qv.TAKEAWAYS.items()}
    assert (
        lit["ShrinkScores"] == ("scale",) and lit["AllQueriesAtOnce"] == qv.ALL and lit["FixedContext"] == ()
    )


def test_the_softmax_term_s_caption_and_drawn_meaning_both_speak_of_the_mask():
    softmax = next(t for t in qv.TERMS if t.names == ("softmax",))
    for said in (softmax.meaning, softmax.caption):
        assert "sum to 1" in said and "causal mask" in said and "later words" in said


def test_the_chapter_list_is_the_registry_s_titles_numbered_as_watched(scene):
    expected = [(str(i), find(n).title.replace(" ", "")) for i, n in enumerate(qv.recapped(), start=1)]
    assert [(number.text, title.text) for number, _, title in scene.contents] == expected
    baselines = [e[0].get_bottom()[1] for e in scene.contents]
    np.testing.assert_allclose(np.diff(baselines), -qv.contents_step(len(expected)), atol=1e-6)


def test_the_chapter_list_s_numbers_are_right_aligned_and_its_titles_start_at_one_x(scene):
    """Review round 6: titles 10 to 14 started 18 px (at 1080p) right of titles 1 to 9."""
    numbers, dots, titles = zip(*scene.contents)
    assert len({n.text for n in numbers if len(n.text) == 1}) > 1 and any(len(n.text) == 2 for n in numbers)
    for parts in (numbers, titles):  # ink edges differ by a glyph's side bearing, at most 0.04 (5 px)
        edges = [p.get_right()[0] if parts is numbers else p.get_left()[0] for p in parts]
        assert max(edges) - min(edges) < 0.04
    assert max(d.get_x() for d in dots) - min(d.get_x() for d in dots) < 1e-6
    rise = dots[0].get_bottom()[1] - numbers[0].get_bottom()[1]
    for number, dot, title in scene.contents:  # on one baseline, the dot as high above it in every entry
        assert qv.last_baseline(title) == pytest.approx(number.get_bottom()[1], abs=0.01)
        assert dot.get_bottom()[1] - number.get_bottom()[1] == pytest.approx(rise, abs=0.01)


def test_a_two_line_take_away_and_its_chapter_line_keep_one_lead(scene):
    """Review round 6: "contents." (no descender) nearly touched "3 · Score every word" under it. The chapter
    line's baseline stands TAG_LEAD under the take-away's last one, whatever glyphs either ends with."""
    for row in scene.rows:
        line, tag = row[1]
        assert qv.last_baseline(line) - qv.last_baseline(tag) == pytest.approx(qv.TAG_LEAD, abs=1e-6)
        assert line.get_bottom()[1] - tag.get_top()[1] > 0.1  # clear of the line's descenders too


def inside(part) -> bool:
    return (
        LEFT_X <= part.get_left()[0]
        and part.get_right()[0] <= RIGHT_X
        and BOTTOM_Y <= part.get_bottom()[1]
        and part.get_top()[1] <= TOP_Y
    )


def test_pages_fit_the_frame_without_overlapping(scene):
    for page in scene.pages:
        assert all(inside(row) for row in page)
        for upper, lower in zip(page[:-1], page[1:]):
            assert upper.get_bottom()[1] > lower.get_top()[1]
        assert scene.heading.get_bottom()[1] > page[0].get_top()[1]


def test_the_closing_picture_fits_without_overlapping(scene):
    parts = [scene.heading, scene.formula, scene.contents, *scene.markers, *scene.ties]
    assert all(inside(p) for p in parts)
    for i, a in enumerate(parts):
        for b in parts[i + 1 :]:
            assert apart(a, b)


def test_the_terms_beside_their_meanings_are_the_formula_s_size_where_the_meanings_still_fit(scene):
    """Review V4: at the label size the terms were ~8 px at 480p, the smallest text of the recap. In English the
    meanings fit beside them at the formula's own size; the closing picture stays on the stage."""
    assert (
        [m.formula.role for m in scene.markers]
        == ["title"] * len(qv.TERMS)
        == [scene.formula.formula.role] * 4
    )
    assert scene.ties.get_bottom()[1] >= BOTTOM_Y


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("QuickVersion", last_frame(qv.QuickVersion, tmp_path))


def test_each_term_s_chapters_are_framed_while_its_caption_is_read(tmp_path, monkeypatch):
    """Review V4: 3.4 to 4.1 s stills while each term's line was read; its chapters in the list are now framed one
    by one until the caption is nearly read."""
    from manim import Scene, Wait

    from narration import cues
    from pipeline.run import dry_run

    seen, play = {}, Scene.play
    ends = {cues.split(t.caption)[-1]: t.caption for t in qv.TERMS}  # a caption's last cue, read last

    def watched(self, *animations, **kwargs):
        subs = self.renderer.file_writer.subcaptions
        last = subs[-1] if subs else None
        reading = last and last.content in ends and self.time < last.end.total_seconds()
        play(self, *animations, **kwargs)
        if reading and not all(isinstance(a, Wait) for a in animations):
            seen[ends[last.content]] = (self.time, last.end.total_seconds())

    monkeypatch.setattr(Scene, "play", watched)
    dry_run.run(qv.QuickVersion, {"media_dir": str(tmp_path)})
    assert len(seen) == len(qv.TERMS) and all(ended >= end - 0.5 for ended, end in seen.values())


def _handed_over(leaving, coming, run_time: float) -> None:
    """Whether something of `leaving` or `coming` stands at every moment of a `handover` of `run_time` seconds, each
    coming part starts only HANDOVER_GAP after every leaving row level with it or above it has gone (review F10: a
    new first line came in over the last trace of the old one), and is wholly in as the play ends."""
    outs, ins = qv.handover(leaving, coming, run_time)
    times = np.linspace(0, 1, 201)
    for t in times:
        assert max([1 - out(t) for out in outs] + [into(t) for into in ins]) >= 0.25
    for part, into in zip(coming, ins):
        start = next(t for t in times if into(t) > 0)
        assert into(1) == 1
        for row, out in zip(leaving, outs):
            if row.get_top()[1] > part.get_bottom()[1]:
                assert out(start - qv.HANDOVER_GAP / run_time) == pytest.approx(1)


def test_the_chapter_list_comes_in_as_the_last_page_leaves(scene):
    """Review V6: before the chapter list, nothing was drawn in the body for 0.5-1.4 s."""
    _handed_over(scene.pages[-1].leaving(), list(scene.contents), qv.PAGE_TURN)


def test_a_page_hands_the_body_over_to_the_next_as_its_beat_starts(scene, tmp_path, monkeypatch):
    """Review V8b: pages swapped row by row (a new first line over the old third one) and each page's description,
    which spans its beat, began a second before the page. Review T9: a page then left whole before the next came,
    the body blank for 0.4 s. Now the page before leaves in the first play of the next page's beat, row by row, as
    its first row comes in where that page's first row stood, once that row has gone: something stands in the body
    throughout, and no row of the page before is left after it."""
    from manim import Scene

    from pipeline.run import dry_run

    runs, play = {}, Scene.play  # per scene: a chapter may be run twice (typeset first)

    def watched(self, *animations, **kwargs):
        beats, firsts = runs.setdefault(self, ([], {}))
        first = beats and beats[-1][0] not in firsts
        play(self, *animations, **kwargs)
        if first:
            shown = set(self.get_mobject_family_members())
            firsts[beats[-1][0]] = ([a.mobject for a in animations], shown)

    def beat(self, name):
        runs.setdefault(self, ([], {}))[0].append((name, set(self.get_mobject_family_members())))
        qv.ChapterScene.beat(self, name)

    monkeypatch.setattr(Scene, "play", watched)
    monkeypatch.setattr(qv.QuickVersion, "beat", beat)
    played, _ = dry_run.run(qv.QuickVersion, {"media_dir": str(tmp_path)})
    beats, firsts = runs[played]
    titles = [page.title for page in played.pages]
    assert [name for name, _ in beats[: len(titles)]] == titles
    for (name, at_start), before, page in zip(beats[1:], played.pages, played.pages[1:]):
        assert (
            set(before.family_members_with_points()) <= at_start
        )  # the page before stands as the beat starts
        moved, after = firsts[name]
        assert page[0][1] in moved and not after & set(before.get_family())  # handed over in the first play
    for before, page in zip(scene.pages, scene.pages[1:]):
        _handed_over(before.leaving(), list(page[0]), qv.PAGE_IN)


def test_the_terms_stand_clear_of_the_chapter_list(scene):
    """Review V6: "8 · Keep source positions available" ended 17 px (at 480p) before "softmax"; 'softmax' stood 12 px
    from its meaning."""
    px = 480 / 9.375  # a unit at 480p (the camera's frame is 9.375 units high)
    assert min(m.get_left()[0] for m in scene.markers) - scene.contents.get_right()[0] >= 25 / px
    assert min(t.get_left()[0] - m.get_right()[0] for m, t in zip(scene.markers, scene.ties)) >= 15 / px


def leaf_times(animation, start: float, end: float) -> list:
    """(animation, start, end) for each leaf animation of `animation` played from `start` to `end` seconds (groups
    and successions opened by their timings; their rate is linear)."""
    timed = getattr(animation, "anims_with_timings", None)
    if timed is None or not len(timed):
        return [(animation, start, end)]
    scale = (end - start) / animation.max_end_time
    return [
        leaf
        for t in timed
        for leaf in leaf_times(t["anim"], start + t["start"] * scale, start + t["end"] * scale)
    ]


def test_each_chapter_pulses_while_the_words_that_name_it_are_read(tmp_path, monkeypatch):
    """Review C9c: "14 · A head that learns" pulsed under "both turned first if position is rotary" and
    "11 · Word order" after those words. Each chapter of a term pulses while its caption is read; the chapters its
    last clause names while that clause's cue is read, the others before it."""
    from manim import Indicate, Scene

    from pipeline.run import dry_run, typeset

    pulses, play = [], Scene.play

    def watched(self, *animations, **kwargs):
        start = self.time
        play(self, *animations, **kwargs)
        if typeset.looking_ahead():  # a first pass learning which formulas to typeset: it is run again
            return
        for animation in animations:
            for leaf, a, b in leaf_times(animation, start, self.time):
                if isinstance(leaf, Indicate) and leaf.mobject in self.contents:
                    pulses.append((qv.recapped()[list(self.contents).index(leaf.mobject)], (a + b) / 2))

    monkeypatch.setattr(Scene, "play", watched)
    scene, _ = dry_run.run(qv.QuickVersion, {"media_dir": str(tmp_path)})
    cues = [
        (c.content, c.start.total_seconds(), c.end.total_seconds())
        for c in scene.renderer.file_writer.subcaptions
    ]
    for term in qv.TERMS:
        said = [cue for cue in cues if cue[0] in term.caption]  # the caption's cues
        last = qv.clause_start(term.caption) if term.last_clause else None
        for name in term.chapters:
            (at,) = [t for n, t in pulses if n == name and said[0][1] <= t <= said[-1][2]]
            if last:  # the cue it falls in reads its clause
                (cue,) = [c for c in said if c[1] <= at <= c[2]]
                assert (cue[0] in term.caption[last:]) == (name in term.last_clause), (name, cue[0])
    assert qv.TERMS[0].last_clause == ("WordOrder",)


def test_beyond_the_sources_is_said_once_and_each_such_row_is_tagged():
    """Review T9: 'Beyond the sources:' was spoken in six of the recap's captions; said once, the rows' tags
    mark each such chapter."""
    captions = [takeaway.caption for takeaway in qv.TAKEAWAYS.values()]
    assert sum("Beyond the sources" in caption for caption in captions) == 1
    assert sum(takeaway.beyond for takeaway in qv.TAKEAWAYS.values()) >= 6


def test_each_line_s_caption_starts_once_its_line_is_half_in_and_the_page_before_gone(tmp_path, monkeypatch):
    """Review F10: "Two matrix products." and "A head per slice." were read over the page before, their lines in
    a second later; "Position put back." was fully in half a second before its cue ended; the first cue started
    over black. Each recap caption (the opening's too) starts once what its play fades in is at least half in and
    what it fades out has gone."""
    from manim import FadeIn, FadeOut, Scene

    from pipeline.run import dry_run, typeset

    plays, play = [], Scene.play
    lines = {qv.TAKEAWAYS[n].caption for n in qv.recapped()} | {"The whole lecture, a line a chapter."}

    def watched(self, *animations, subcaption=None, **kwargs):
        start = self.time
        play(self, *animations, subcaption=subcaption, **kwargs)
        if subcaption in lines and not typeset.looking_ahead():
            cue = self.renderer.file_writer.subcaptions[-len(qv.cues.split(subcaption))]
            plays.append((subcaption, animations, (cue.start.total_seconds() - start) / (self.time - start)))

    monkeypatch.setattr(Scene, "play", watched)
    dry_run.run(qv.QuickVersion, {"media_dir": str(tmp_path)})
    assert {caption for caption, _, _ in plays} == lines
    for caption, animations, at in plays:
        assert 0 < at < 1, caption
        for a in animations:
            if isinstance(a, FadeOut):
                assert a.rate_func(at) == pytest.approx(1, abs=1e-4), caption  # cue times in µs
            elif isinstance(a, FadeIn):
                assert a.rate_func(at) >= 0.5 - 1e-4, caption
