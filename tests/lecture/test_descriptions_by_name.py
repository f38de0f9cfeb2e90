"""The audio descriptions are keyed to the names chapters give their beats (`self.beat(...)`), for the lecture's
example and the corpus': a beat renamed, redrawn or named by its example's numbers ('A vector, not four
weights') must not fall back silently to the gist of its lines, and no description may stay for a beat that is
gone. The beat names are those of the layout tests' dry runs (`chapter_ends`, shared per chapter), so this adds
no run."""

from dataclasses import replace

import numpy as np
import pytest

from attention import DEFAULT
from attention.examples.file import load_example_file
from attention.examples.shapes import MAX_WIDTH
from pipeline import outputs
from pipeline.plan.settings import from_options
from pipeline.publish import descriptions, drawn, lecture, present_page
from scenes.chapters.registry import Chapter
from tests.support.example_corpus import chapter_looks, corpus_files
from tests.support.layout import chapter_ends


@pytest.mark.parametrize("case", chapter_looks(), ids=lambda case: case[0])
def test_each_beat_has_the_description_written_for_it_and_none_is_left_over(case):
    _, chapter, settings = case
    names = [end.beat for end in chapter_ends(chapter, settings)]
    known = drawn.described(chapter.name, drawn.examples_of(settings))
    missing = [name for name in names if name not in known]
    left_over = [name for name in known if name not in names]
    if chapter.name in drawn.FALLBACK:  # beats named at render time (QuickVersion's pages) share one
        missing = []
    assert not missing, f"{chapter.name}: no description in drawn.py for its beats {missing}"
    assert not left_over, f"{chapter.name}: drawn.py describes beats it does not have: {left_over}"


def beats_track(path, names: list[str]) -> None:
    cues = [f"00:00:0{k}.000 --> 00:00:0{k + 1}.000\n{name}\n" for k, name in enumerate(names)]
    path.write_text("\n".join(["WEBVTT\n", *cues]), encoding="utf-8")


@pytest.mark.parametrize(
    "lecture_names, described",
    [
        (["Alpha", "Alpha: two"], ["Alpha", "two"]),  # the first beat is named after its chapter's title
        (["Alpha: two", "Alpha"], None),  # joined before the chapter's beats were reordered
        (["Alpha", "Alpha: three"], None),  # ... or renamed
    ],
)
def test_the_lectures_descriptions_are_matched_to_the_chapters_beats_by_name(
    tmp_path, lecture_names, described
):
    chapter = Chapter(1, "Alpha", "Alpha", "nowhere")
    video = outputs.chapter_files(tmp_path, chapter.slug, "mp4").video
    video.write_bytes(b"")
    beats_track(present_page.beats_track(video), ["Alpha", "two"])
    whole = lecture.files(tmp_path).video
    beats_track(present_page.beats_track(whole), lecture_names)
    found = descriptions.tracks(tmp_path, (chapter,), from_options("l"))
    assert [b.name for b in found[video]] == ["Alpha", "two"]
    assert ([b.name for b in found[whole]] if whole in found else None) == described


def shrink_keys() -> list[np.ndarray]:
    """Every key ShrinkScores may strip: the lecture's and the corpus', and the widest with the longest entries."""
    found = [DEFAULT.blend.keys[0]]
    found += [load_example_file(path).blend.keys[0] for path in corpus_files()]
    return found + [np.full(MAX_WIDTH, v) for v in (-99.999, 99.999, -9.999, -12.5)] + [np.full(5, -99.999)]


def test_every_key_strip_writes_its_entries_as_the_shrink_scores_description_says():
    """The description says each key's entries are written in: the chapter's strip writes them for every key the
    examples allow, the widest with the longest entries too."""
    from scenes.chapters.shrink_scores import key_strip

    for key in shrink_keys():
        assert len(key_strip(key)[2]) == len(key), key


def test_names_of_drawn_whole_characters_stand_whole_under_the_drag_s_bars():
    """drawn.names_legend tells of no legend where every name is this short: the widest such names, six of them
    (CJK, capitals), stand whole under ThreeTokenDrag's live bars."""
    from scenes.chapters.three_token_drag import LiveAttention

    widest = ["北京大", "日本語", "WWW", "MMM", "ШЖЩ", "사랑해"]
    assert all(len(name) == drawn.WHOLE for name in widest)
    drag = replace(DEFAULT.drag, tokens=tuple(widest), keys=np.eye(len(widest), 2))
    live = LiveAttention(drag)
    assert [label.original_text for label in live.bars.labels] == widest and not len(live.legend)
