"""The audio description tracks and transcript.html of the real lecture: read with webvtt-py (a WebVTT parser
players' tool chains use), in Chromium, by the Nu Html Checker and axe-core; numbers checked against attention/."""

import json
import re
import subprocess
from ast import literal_eval
from dataclasses import replace
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import pytest
import webvtt

from attention import DEFAULT, positions, training, variance_experiment
from attention.examples.beyond import all_queries
from attention.examples.file import load_example_file
from attention.projections import DEFAULT_PROJECTIONS
from pipeline import outputs
from pipeline.frames import captions, video
from pipeline.plan.settings import from_options
from pipeline.publish import descriptions, drawn, lecture, present_page
from pipeline.publish import transcript as transcript_page
from scenes.chapters import registry
from scenes.kit.arithmetic import coords_text, fmt, fmt_input, root_text, text_minus
from tests.support.browser import axe_results, chromium, serve, vnu_messages
from tests.support.example_corpus import corpus_files

EXAMPLE = Path(__file__).parents[2] / "examples/cat-and-dog.toml"
MILLISECOND = Fraction(1, 1000)


def printed(text: str) -> float:
    """A number as the page prints it (the minus sign the formulas draw) read back."""
    return float(text.replace("−", "-"))


def videos(folder: Path) -> list[Path]:
    """Every chapter's MP4 and the lecture's, in the page's order."""
    return [lecture.files(folder).video] + [
        outputs.chapter_files(folder, c.slug, "mp4").video for c in registry.CHAPTERS
    ]


def seconds(stamp: str) -> Fraction:
    hours, minutes, rest = stamp.split(":")
    return (int(hours) * 60 + int(minutes)) * 60 + Fraction(rest)


def test_each_video_has_a_descriptions_track_with_a_cue_per_beat_inside_the_video(real_lecture):
    for path in videos(real_lecture):
        beats = present_page.read_cues(present_page.beats_track(path))
        cues = webvtt.read(str(descriptions.track(path)))
        length = video.duration(path)
        assert len(cues) == len(beats) > 0, path.name
        for cue, beat in zip(cues, beats):
            start, end = seconds(cue.start), seconds(cue.end)
            assert abs(start - beat.start) <= MILLISECOND and abs(end - beat.end) <= MILLISECOND, cue
            assert 0 <= start < end <= length, (path.name, cue.start, cue.end, float(length))
            assert cue.text.strip() and "\n" not in cue.text
        assert all(seconds(a.end) <= seconds(b.start) for a, b in zip(cues, cues[1:]))


def test_the_lectures_descriptions_are_the_chapters_in_order(real_lecture):
    whole = [c.text for c in webvtt.read(str(descriptions.track(lecture.files(real_lecture).video)))]
    chapters = [
        c.text for path in videos(real_lecture)[1:] for c in webvtt.read(str(descriptions.track(path)))
    ]
    assert whole == chapters


def test_descriptions_say_what_is_drawn_not_what_is_said(real_lecture):
    for path in videos(real_lecture)[1:]:
        said = {captions.cue_text(s.content) for s in captions.read(path.with_suffix(".srt"))}
        for cue in webvtt.read(str(descriptions.track(path))):
            assert cue.text not in said, cue.text


def test_descriptions_say_the_layout_the_render_chose_not_both(real_lecture):
    """CausalMask's grids stand beside the scores or in their place as its layout decides for the example; the
    render records it (.layout.json), and the descriptions say that one (review 9: they said both)."""
    causal = next(c for c in registry.CHAPTERS if c.name == "CausalMask")
    files = outputs.chapter_files(real_lecture, causal.slug, "mp4")
    assert outputs.layout_facts(files.layout) == {"paired": True, "stacked": True}  # the lecture's example
    for path in videos(real_lecture):
        assert "where there is room" not in descriptions.track(path).read_text(encoding="utf-8"), path.name
    said = " ".join(c.text for c in webvtt.read(str(descriptions.track(files.video))))
    assert "a second grid beside the scores" in said and "in place" not in said
    drag = next(c for c in registry.CHAPTERS if c.name == "ThreeTokenDrag")
    drag_files = outputs.chapter_files(real_lecture, drag.slug, "mp4")
    assert outputs.layout_facts(drag_files.layout) == {"names_legend": False}  # its names are whole
    said = " ".join(c.text for c in webvtt.read(str(descriptions.track(drag_files.video))))
    assert "legend of the full names" not in said


def test_a_description_without_the_renders_layout_says_each_alternative():
    fallback = drawn.described("CausalMask", DEFAULT)["Without a mask"]
    assert (
        "beside the scores" in fallback and "where there is room; else the scores turn into them" in fallback
    )
    long_names = replace(
        DEFAULT, drag=replace(DEFAULT.drag, tokens=("internationalisation", "bank", "money"))
    )
    legend = [
        drawn.described("ThreeTokenDrag", long_names, facts)["Drag the query"]
        for facts in (None, {"names_legend": True}, {"names_legend": False})
    ]
    assert "legend of the full names" in legend[0] and "where they cut a name short" in legend[0]
    assert "legend of the full names" in legend[1] and "where" not in legend[1].split(".")[0]
    assert "legend" not in legend[2]
    alone = drawn.described("CausalMask", DEFAULT, {"paired": False, "stacked": False})
    assert "turn into them in place" in alone["Without a mask"] and "beside" not in alone["Without a mask"]
    assert alone["Summary"].endswith("in the values' place.")


def test_every_beat_has_its_own_description(real_lecture):
    """drawn.py knows every beat by name (a beat renamed since would fall back to its lines); only QuickVersion's
    pages are named at render time, and its render records them with the titles they list (`recap_page`)."""
    for chapter in registry.CHAPTERS:
        files = outputs.chapter_files(real_lecture, chapter.slug, "mp4")
        beats = present_page.beats_track(files.video)
        unknown = {c.text for c in present_page.read_cues(beats)} - set(
            drawn.described(chapter.name, DEFAULT)
        )
        assert unknown == set(outputs.layout_facts(files.layout).get("pages", {})), (chapter.name, unknown)


def test_score_every_word_s_description_gives_the_last_chapters_order_and_its_own_only_where_they_differ():
    ex = load_example_file(EXAMPLE)  # it reorders the drag's words
    said = drawn.score_every_word(ex)["Query and keys"]
    before, here = ", ".join(ex.drag.tokens), ", ".join(ex.blend.tokens)
    assert before != here and said.endswith(f"the last chapter's order, then this one's: {before} → {here}.")
    assert DEFAULT.drag.tokens == DEFAULT.blend.tokens  # the lecture keeps one order (review 8, should 2)
    assert "order" not in drawn.score_every_word(DEFAULT)["Query and keys"]


@pytest.mark.parametrize("stem", [None, "corpus-00-negative"])
def test_descriptions_write_negative_numbers_with_the_minus_sign(stem):
    """Issue 29: 'The cross stops at (-1.5, ...)': a description read a hyphen where the screen draws a minus
    sign. Every chapter's description of the lecture's example and of one full of negatives: none."""
    ex = load_example_file(next(p for p in corpus_files() if p.stem == stem)) if stem else DEFAULT
    said = " ".join(text for chapter in drawn.CHAPTERS for text in drawn.described(chapter, ex).values())
    assert "−" in said and not re.search(r"-\d", said)


def test_the_worked_example_s_description_prints_its_columns_as_the_video():
    """One format per quantity, as the working on screen: the scores 2.828, 0.000, 1.414, never '0' among them."""
    said = drawn.three_token_drag(DEFAULT)["Worked example"]
    assert "dots 4, 0, 2, divided by 1.414 into scores 2.828, 0.000, 1.414," in said


def test_descriptions_follow_a_custom_example_with_attention_s_numbers(real_lecture):
    """The same beats described for cat-and-dog.toml: the worked example's weights and the masked rows are
    that example's, as numpy computes them, and so is the transcript's table of the worked example."""
    ex = load_example_file(EXAMPLE)
    settings = replace(from_options("l"), example=EXAMPLE)
    tracks = descriptions.tracks(real_lecture, registry.CHAPTERS, settings)
    shown = {(path.stem, b.name): b.shown for path, beats in tracks.items() for b in beats}
    worked = shown[(registry.find("ThreeTokenDrag").slug, "Worked example")]
    trace = ex.drag.trace()
    assert f"The cross stops at {coords_text(trace.query)}" in worked
    for token, weight in zip(ex.drag.tokens, trace.weights):
        assert f"“{token}” {weight:.3f}" in worked
    masked = shown[(registry.find("CausalMask").slug, "Softmax of what is left")]
    rows = ex.causal.trace().weights
    assert f"“{ex.causal.tokens[1]}” row {', '.join(fmt(w, 3) for w in rows[1])};" in masked
    default = descriptions.tracks(real_lecture, registry.CHAPTERS, from_options("l"))
    assert default[next(iter(default))] != tracks[next(iter(tracks))]
    (drag,) = [
        c
        for c in transcript_page.chapters(registry.CHAPTERS, settings, tracks)
        if c["chapter"].name == "ThreeTokenDrag"
    ]
    assert [printed(row[-1]) for row in drag["tables"][0].rows] == [round(w, 3) for w in trace.weights]


class Transcript(HTMLParser):
    """transcript.html read as a person would: its spoken lines (<p> in .said), its chapter and beat headings,
    tables (caption -> rows of cell texts), images (src, alt) and links."""

    def __init__(self, text: str):
        super().__init__()
        self.lines, self.beats, self.tables, self.images, self.links = [], [], {}, [], []
        self.headings: list[str] = []
        self.stack, self.text, self.row, self.caption = [], "", None, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "img":
            self.images.append((attrs["src"], attrs["alt"]))
        elif tag == "a":
            self.links.append(attrs["href"])
        elif tag == "tr":
            self.row = []
        self.stack.append((tag, attrs.get("class", "")))
        self.text = ""

    def handle_data(self, data):
        self.text += data

    def handle_endtag(self, tag):
        opened, _ = self.stack.pop()
        within = [c for _, c in self.stack]
        if tag == "p" and "said" in within:
            self.lines.append(self.text)
        elif tag == "h2":
            self.headings.append(self.text)
        elif tag == "h3":
            self.beats.append(self.text)
        elif tag == "caption":
            self.caption = self.text
            self.tables[self.caption] = []
        elif tag in ("th", "td") and self.row is not None:
            self.row.append(self.text)
        elif tag == "tr":
            self.tables[self.caption].append(self.row)
            self.row = None
        self.text = ""


@pytest.fixture(scope="module")
def transcript(real_lecture) -> Transcript:
    return Transcript((real_lecture / "transcript.html").read_text(encoding="utf-8"))


def test_the_transcript_holds_every_spoken_line_in_order(real_lecture, transcript):
    spoken = " ".join(s.content for s in captions.read(lecture.files(real_lecture).subtitles))
    assert " ".join(transcript.lines).split() == spoken.replace("... ...", " ").split()
    beats = present_page.read_cues(present_page.beats_track(lecture.files(real_lecture).video))
    assert len(transcript.beats) == len(beats)


def test_every_poster_is_described_and_every_link_leads_into_the_folder(real_lecture, transcript):
    assert len(transcript.images) == len(transcript.beats)
    for src, alt in transcript.images:
        assert (real_lecture / src).is_file() and alt.startswith("The end of “") and len(alt) > 40
    starts = {
        (p.name, c.start)
        for p in videos(real_lecture)[1:]
        for c in present_page.read_cues(present_page.beats_track(p))
    }
    plays = [link for link in transcript.links if "#t=" in link]
    assert len(plays) == len(transcript.beats)
    for link in plays:
        name, moment = unquote(link).split("#t=")
        assert min(abs(Fraction(moment) - s) for n, s in starts if n == name) <= MILLISECOND
    for link in transcript.links:
        target = unquote(urlsplit(link).path)
        assert target == "" or (real_lecture / target).is_file(), link
    assert 'href="transcript.html"' in (real_lecture / "index.html").read_text(encoding="utf-8")


def test_the_worked_examples_tables_hold_attention_s_numbers(transcript):
    def column(caption_start: str, index: int) -> list[float]:
        (caption,) = [c for c in transcript.tables if c.startswith(caption_start)]
        return [printed(row[index]) for row in transcript.tables[caption][1:] if row[index]]

    drag = DEFAULT.drag.trace()
    assert np.allclose(column("The worked example", 2), drag.dots, atol=5e-4)
    assert np.allclose(column("The worked example", 4), drag.weights, atol=5e-4)
    blend = DEFAULT.blend.trace(0)
    assert np.allclose(column("The first query", 3), blend.exps, atol=5e-4)
    matrix = all_queries(DEFAULT.blend)
    for k in range(matrix.weights.shape[1]):
        assert np.allclose(column("softmax, row by row", k + 1), matrix.weights[:, k], atol=5e-4)
    causal = DEFAULT.causal.trace()
    for k in range(causal.weights.shape[1]):
        assert np.allclose(column("Weights with the causal mask", k + 1), causal.weights[:, k], atol=5e-4)
    (caption,) = [c for c in transcript.tables if c.startswith("Each word's query, key and value")]
    rows = transcript.tables[caption][1:]
    p = DEFAULT_PROJECTIONS
    assert [row[0] for row in rows] == [f"“{t}”" for t in p.tokens]
    for k, made in enumerate((p.embeddings, p.queries, p.keys, p.values)):
        assert [
            np.array(literal_eval(row[k + 1].replace("−", "-")), dtype=float).tolist() for row in rows
        ] == (made.tolist())
    shuffled = positions.shuffle_query(DEFAULT.blend)
    for k in (1, 2):  # each word keeps its weight in the new order
        assert np.allclose(
            column("Each word's weight from the first query", k), shuffled.before.weights, atol=5e-4
        )
    pe = positions.sinusoidal(np.arange(len(p.embeddings)), positions.PE_WIDTH)
    for k in range(positions.PE_WIDTH):
        assert np.allclose(column("Sinusoidal encodings", k + 1), pe[:, k], atol=5e-4)
    assert column("Rotary scores", 2) == [2.0, 0.732, 0.732, -0.732, -0.732]
    head = training.train_head()
    assert column("The training loss", 1) == [
        round(head.losses[k], 3) for k in range(0, training.STEPS + 1, 25)
    ]
    for k in range(len(training.WORDS)):
        assert np.allclose(column("What it learned", k + 1), head.bilinear[:, k], atol=0.05)


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


def test_the_page_offers_each_videos_descriptions_track(real_lecture, browser):
    with serve(real_lecture) as base:
        page = browser.new_page()
        page.goto(base + "index.html")
        kinds = page.evaluate(
            "() => Array.from(document.querySelectorAll('video'), (v) => "
            "Array.from(v.textTracks, (t) => t.kind))"
        )
        assert kinds == [["captions", "descriptions"]] * len(videos(real_lecture))
        page.evaluate(
            "() => { for (const t of document.getElementById('lecture').textTracks) t.mode = 'hidden'; }"
        )
        page.wait_for_function(
            "() => document.querySelector('#lecture track[kind=descriptions]').readyState === 2"
        )
        loaded = page.evaluate(
            "() => Array.from(document.querySelector('#lecture track[kind=descriptions]').track.cues, (c) => c.text)"
        )
        cues = webvtt.read(str(descriptions.track(videos(real_lecture)[0])))
        assert loaded == [c.text for c in cues]
        said = "() => document.querySelector('[data-describes=lecture] .description').textContent"
        assert page.evaluate(said) == ""
        page.click("[data-describes=lecture] button")
        assert page.evaluate(said) == cues[0].text  # at 0:00
        middle = float((seconds(cues[3].start) + seconds(cues[3].end)) / 2)
        page.evaluate(f"() => {{ document.getElementById('lecture').currentTime = {middle}; }}")
        page.wait_for_function(f"() => ({said})() === {json.dumps(cues[3].text)}")
        assert page.get_attribute("[data-describes=lecture] button", "aria-pressed") == "true"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_transcript_passes_axe_core_in_chromium(real_lecture, browser, width):
    with serve(real_lecture) as base:
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(base + "transcript.html")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert axe_results(page) == {"violations": [], "incomplete": []}


def test_the_transcript_is_valid_html(real_lecture):
    assert vnu_messages(real_lecture / "transcript.html") == []


def test_the_transcript_s_tables_print_the_minus_sign_and_the_weights_as_the_bars_do():
    """A corpus example full of negatives: no hyphen before a digit in any table or caption; the worked
    example's weights to three places, as its bars print them."""
    negative = load_example_file(next(p for p in corpus_files() if p.stem.startswith("corpus-00-")))
    tables = [table for make in transcript_page.TABLES.values() for table in make(negative)]
    cells = [table.caption for table in tables] + [
        cell for table in tables for row in table.rows for cell in row
    ]
    assert any("−" in cell for cell in cells)
    assert not [cell for cell in cells if re.search(r"-\d", cell)]
    (drag,) = transcript_page.drag_table(negative)
    assert all(re.fullmatch(r"\d\.\d{3}", row[-1]) for row in drag.rows)


def example_named(stem: str | None):
    """The lecture's example, or the corpus example `stem`."""
    return load_example_file(next(p for p in corpus_files() if p.stem == stem)) if stem else DEFAULT


CHANGED = [None, "corpus-04-long-names"]  # the lecture's example, and one of long names and signed keys


@pytest.mark.parametrize("stem", CHANGED)
def test_shrink_scores_description_reads_the_key_strips_the_dropped_samples_and_the_plain_stretch(stem):
    """Issue 30 redrew ShrinkScores: each divisor beside a key of its width (ours with its entries), samples
    dropped onto the axes before the histograms; the captions' 'stretched sideways ... alike' is gone."""
    ex = example_named(stem)
    said = drawn.shrink_scores(ex)
    key = ex.blend.keys[0]
    d, wide = len(key), variance_experiment()[-1].width
    entries = ", ".join(text_minus(fmt_input(v)) for v in key)
    divisor = said["The divisor"]
    assert f"its entries {entries} written in, braced d = {d}" in divisor
    assert f"beside it {root_text(d)}" in divisor and f"{wide} empty cells, braced d = {wide}" in divisor
    assert "drop onto each axis as dots" in said["Raw dot products widen with d"]
    assert "stretched sideways" not in said["Divide by the square root of d"]
    assert "stretched copy of its scaled histogram" in said["Divide by the square root of d"]


@pytest.mark.parametrize("stem", CHANGED)
def test_where_it_breaks_description_drops_both_gains_onto_the_gain_axis(stem):
    ex = example_named(stem)
    d = ex.blend.keys.shape[1]
    said = drawn.where_it_breaks(ex)["Turn up the gain"]
    gain = fmt(1 / np.sqrt(d), 3)
    assert f"in the scaled colour at the scaled gain g = 1/√{d} " in said and gain in said
    assert "ringed" not in said  # its rim is the background's colour: no ring to see (review E10)
    assert "dashed lines drop from both dots to the gain axis" in said
    assert "against its gap" in said and "against its score" not in said
    caveat = drawn.where_it_breaks(ex)["Never exactly one-hot"]
    assert "under the smallest weight a caveat appears" in caveat and "under the plot" not in caveat


@pytest.mark.parametrize("stem", CHANGED)
def test_projections_description_names_each_product_as_it_comes_in(stem):
    said = drawn.projections(example_named(stem))
    assert "K = X times the key matrix" in said["Row times matrix"]
    values = said["Values and queries"]
    named = [
        "V = X times the value matrix",
        "words repeated on the right of V",
        "Q = X times the query matrix",
    ]
    assert all(n in values for n in named) and sorted(named, key=values.index) == named
    assert "weights right of the words beside V" in said["Matched alike, passed on apart"]
    assert "output line under it" in said["Summary"] and "three matrices" not in said["Summary"]
    assert "_" not in " ".join(said.values())  # the matrices named in words (review 7)


def test_trained_head_description_puts_the_words_under_the_bars_and_names_the_outlined_ones():
    said = drawn.trained_head(DEFAULT)  # the chapter's own task, whatever the example
    assert "on one baseline with each card's word under its bar" in said["Before training"]
    assert "outlined bar: before training" in said["After training"]
    assert "_" not in " ".join(said.values())  # the matrices named in words, as the captions name them


@pytest.mark.parametrize("stem", CHANGED)
def test_causal_mask_description_reads_each_grid_s_label(stem):
    said = drawn.causal_mask(example_named(stem))
    assert "labelled “scores”" in said["A sentence reads itself"]
    assert "“without the mask”" in said["Without a mask"] and "“scores → weights”" in said["Without a mask"]
    assert "“scores + M”" in said["Hide the future"]
    renormalised = said["Softmax of what is left"]
    assert renormalised.index("“scores + M → weights”") < renormalised.index("“with the mask”")
    assert "labelled “with the mask”" in said["Outputs"]


@pytest.mark.parametrize("stem", CHANGED)
def test_multi_head_description_reads_the_projection_s_result_as_drawn(stem):
    ex = example_named(stem)
    n = len(ex.heads.trace().concatenated)
    said = drawn.multi_head(ex)["Concatenate, then project"]
    assert f"“output: {n} numbers” and “each a mix of all {n}”" in said and f"{n} × {n}, learned" in said


@pytest.mark.parametrize("stem", CHANGED)
def test_multi_head_description_names_the_words_each_head_frames(stem):
    """Review C9c: it said the one head's two largest were framed; the chapter frames each head's largest."""
    ex = example_named(stem)
    said = drawn.multi_head(ex)["Heads need not specialise"]
    for k, head in enumerate(ex.heads.trace().heads):
        largest = ex.heads.tokens[int(np.argmax(head.trace.weights))]
        assert re.search(rf"head {k + 1} [^;]*“{re.escape(largest)}”", said.split("framed:")[1])


@pytest.mark.parametrize("stem, legend", [(None, False), ("corpus-04-long-names", True)])
def test_three_token_drag_description_tells_of_the_names_legend_only_where_names_may_be_cut(stem, legend):
    said = drawn.three_token_drag(example_named(stem))["Drag the query"]
    assert ("legend of the full names" in said) == legend


def test_the_transcript_prints_each_chapter_from_a_new_page_with_its_links_written_out(
    real_lecture, browser, transcript, tmp_path
):
    """Printable (WCAG 1.2.8): Chromium prints transcript.html as a reader would (print media, A4); each chapter
    heading opens a page, every spoken line is printed, and each beat's link into the video is written out."""
    with serve(real_lecture) as base:
        page = browser.new_page()
        page.goto(base + "transcript.html")
        page.emulate_media(media="print")
        page.pdf(path=str(tmp_path / "transcript.pdf"), format="A4")
    printed = subprocess.run(
        ["pdftotext", str(tmp_path / "transcript.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = [" ".join(text.split()) for text in printed.split("\f")]
    headings = [
        " ".join(title.split()) for title in transcript.headings if "." in title
    ]  # '3. Score every word'
    assert len(headings) == len(registry.CHAPTERS)
    opening = [title for title in headings if any(text.startswith(title) for text in pages)]
    assert opening == headings, [text[:60] for text in pages]  # the contents name them all on the first page
    assert " ".join(pages).count("#t=") >= len(transcript.beats)
    assert all(" ".join(line.split()) in " ".join(pages) for line in transcript.lines[:40])
