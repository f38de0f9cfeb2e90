"""What the documents, the descriptions tracks and the transcript print for each beat: each narration line under
the one beat it starts in, what its picture draws (from attention/'s numbers for the render's example) and a text
alternative made of that."""

from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import srt

from attention import DEFAULT
from attention.examples import BlendExample
from attention.examples.file import load_example_file
from attention.sweeps import log10_smallest_weight, log10_top_sensitivity
from pipeline.frames.beats import Beat
from pipeline.plan.settings import from_options
from pipeline.publish import beat_text, drawn, lecture
from scenes.chapters import registry
from scenes.kit.arithmetic import sci


def beat(name: str, start: float, end: float) -> Beat:
    return Beat(name, round(start * 15), round((end - start) * 15), start, end, 0, 1, 0.1)


def cue(start: float, end: float, text: str) -> srt.Subtitle:
    return srt.Subtitle(0, timedelta(seconds=start), timedelta(seconds=end), text)


BEATS = [beat("Scores", 0, 8.6), beat("Weights", 8.6, 17.4), beat("Blend", 17.4, 21)]


def test_a_line_spoken_across_a_cut_is_under_the_beat_it_starts_in():
    cues = [
        cue(1.0, 5.9, "Before attention, an encoder read the\nsource sentence one word at a time..."),
        cue(5.9, 10.2, "...and squeezed it into\none summary vector."),
        cue(10.2, 19.0, "“le” reads mostly “the” (0.870)."),
        cue(17.4, 20.0, "Each step draws its own blend."),  # starts with the beat (ms-rounded)
        cue(21.5, 22.0, "After the last beat."),
    ]
    assert beat_text.lines_by_beat(BEATS, cues) == [
        [
            "Before attention, an encoder read the source sentence one word at a time...",
            "...and squeezed it into one summary vector.",
        ],
        ["“le” reads mostly “the” (0.870)."],
        ["Each step draws its own blend.", "After the last beat."],
    ]


def test_a_beat_that_says_nothing_has_no_lines():
    assert beat_text.lines_by_beat(BEATS, [cue(0.5, 2, "one")]) == [["one"], [], []]
    assert beat_text.lines_by_beat([], [cue(0.5, 2, "one")]) == []


def test_a_beat_drawn_does_not_know_is_described_by_the_gist_of_its_lines():
    lines = ["one word at a time...", "...and squeezed (0.870).", "x" * beat_text.GIST_LIMIT]
    assert beat_text.gist(lines) == "one word at a time and squeezed (0.870)."
    assert beat_text.gist([]) == ""
    long = "y" * (beat_text.GIST_LIMIT + 10)
    assert beat_text.gist([long, "more"]) == long  # one line at least
    shown = beat_text.shown("Tiny", ["Scores", "Quiet"], [lines, []], from_options("l"))
    assert shown == ["one word at a time and squeezed (0.870).", ""]


def test_a_pictures_text_alternative_is_its_beats_name_and_what_it_draws():
    assert beat_text.description("Scores", "Bars: 0.870.") == "The end of “Scores”: Bars: 0.870."
    assert beat_text.description("Blend", "") == "The end of “Blend”."


def test_what_a_beat_draws_is_computed_for_the_renders_example():
    """ScoreEveryWord's dot products, written out for cat-and-dog.toml, are numpy's for that example; no beat of a
    chapter drawn describes repeats its narration."""
    example = Path(__file__).parents[2] / "examples/cat-and-dog.toml"
    ex = load_example_file(example)
    names = list(drawn.described("ScoreEveryWord", ex))
    shown = beat_text.shown(
        "ScoreEveryWord", names, [[]] * len(names), replace(from_options("l"), example=example)
    )
    dots = dict(zip(names, shown))["Dot products, term by term"]
    trace = ex.blend.trace(0)
    for token, key, dot in zip(ex.blend.tokens, trace.keys, trace.dots):
        products = " + ".join(f"{q:g}×{k:g}" for q, k in zip(trace.query, key))
        assert f"“{token}”: {products} = {dot:g}" in dots
    assert shown != beat_text.shown("ScoreEveryWord", names, [[]] * len(names), from_options("l"))
    for chapter in registry.CHAPTERS:
        assert chapter.name in drawn.CHAPTERS or chapter.name in drawn.FALLBACK, chapter.name


def test_shrink_scores_describes_the_gap_and_weights_the_screen_prints(tmp_path):
    """One value per quantity: the description's extremes and gap are the screen's, to the places at which they add
    up (3.577, -3.708 and 7.285), with '≈' only where none do."""
    from scenes.chapters.shrink_scores import ShrinkScores
    from tests.support.snapshot import built

    scene = built(ShrinkScores, tmp_path)
    _, _, gap_label = scene.extremes
    said = drawn.shrink_scores(load_example_file(Path(__file__).parents[2] / "examples/cat-and-dog.toml"))
    (gap,) = gap_label.relations  # the label's equation: 'gap = 7.285' as typeset
    high, low = gap.terms  # the low one as its magnitude: 'gap = 3.577 + 3.708'
    assert (
        gap.sign == "="
        and f"{high} and \u2212{low}, a gap of {gap.result} between" in said["Not a guarantee"]
    )


def test_where_it_breaks_describes_a_tiny_weight_and_slope_as_the_screen_prints_them():
    """Below 0.0005 a weight reads '4.54 × 10⁻⁵' on screen (`arithmetic.sci`), and so in its description, never
    '0.000'."""
    blend = BlendExample(
        ("far", "near", "mid"), [[10, 0], [0, 0], [0, 0]], [[1, 0], [0, 1], [0, 0]], [[1, 0]]
    )
    said = drawn.where_it_breaks(replace(DEFAULT, blend=blend))["Turn up the gain"]
    scores = blend.trace(0, scaled=False).scores
    smallest, slope = sci(log10_smallest_weight(scores, 1)), sci(log10_top_sensitivity(scores, 1))
    assert "× 10⁻⁵" in smallest and "× 10⁻⁵" in slope
    assert f"Readouts: slope {slope}, smallest weight {smallest}." in said


def test_each_recap_page_is_described_by_the_chapters_its_render_drew_in_the_language(tmp_path):
    """QuickVersion's pages, named at render time, had one description for all: a sentence heard six times alike.
    Its build records each page's chapters (`layout_facts`); each page's description names them by their titles
    as the lecture shows them in the render's language, whichever language the video was drawn in (a German page
    over an English render said English titles)."""
    from scenes.chapters.quick_version import QuickVersion, pages
    from tests.support.snapshot import built

    recorded = built(QuickVersion, tmp_path).layout_facts["pages"]
    assert list(recorded.values()) == pages()
    names = ["All together", *recorded]  # a beat `drawn` knows, and the pages
    for lang in ("en", "de", "zh"):
        settings = from_options("l", lang=lang)
        shown = beat_text.shown(
            "QuickVersion", names, [["a line"]] * len(names), settings, {"pages": recorded}, lang
        )
        assert len(set(shown)) == len(names) and "a line" not in shown
        for text, listed in zip(shown[1:], recorded.values()):
            titles = lecture.titles(tuple(registry.find(name) for name in listed), settings)
            assert all(title in text for title in titles)
            assert ("Recap" in text) == (lang == "en") and "softmax(Q Kᵀ / √d) V" in text
    unknown = {
        "Chapters 1 to 3": ["NoSuchChapter"]
    }  # a chapter not in the lecture: the page's one description
    for layout in (None, unknown):
        without = beat_text.shown(
            "QuickVersion", ["Chapters 1 to 3"], [["a line"]], from_options("l"), layout, "en"
        )
        assert without == [drawn.FALLBACK["QuickVersion"]]
