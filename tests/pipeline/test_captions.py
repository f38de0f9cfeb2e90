"""Captions: SubRip to WebVTT, and captions of several chapters joined at their offsets."""

import re
from datetime import timedelta
from fractions import Fraction

import srt

from narration.cues import fits
from pipeline.frames import captions

CUE = re.compile(r"(\d+)\n(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})\n([^\n]+(?:\n[^\n]+)*)")


def parse_vtt(text: str) -> list[tuple[str, str, str, str]]:
    """The cues of a WebVTT file (number, start, end, text), checking the header and the blank lines between."""
    header, *blocks = text.rstrip("\n").split("\n\n")
    assert header == "WEBVTT"
    assert text.endswith("\n")
    cues = [CUE.fullmatch(block) for block in blocks]
    assert all(cues), blocks
    return [cue.groups() for cue in cues]


def subtitle(start: float, end: float, text: str) -> srt.Subtitle:
    return srt.Subtitle(0, timedelta(seconds=float(start)), timedelta(seconds=float(end)), text)


def test_vtt_has_each_cue_with_millisecond_times():
    subtitles = [
        subtitle(0, 0.4, "a square appears"),
        subtitle(3725.0125, 3726.5, "an hour later, a cue too long for one line of captions"),
    ]
    assert parse_vtt(captions.as_vtt(subtitles)) == [
        ("1", "00:00:00.000", "00:00:00.400", "a square appears"),
        ("2", "01:02:05.012", "01:02:06.500", "an hour later,\na cue too long for one line of captions"),
    ]


def test_vtt_escapes_markup_and_never_ends_a_cue_early():
    text = captions.as_vtt([subtitle(1, 2, "q < k & k > v\n\n--> next")])
    assert parse_vtt(text) == [("1", "00:00:01.000", "00:00:02.000", "q &lt; k &amp; k &gt; v --&gt; next")]


def test_no_subtitles_give_a_header_only():
    assert captions.as_vtt([]) == "WEBVTT\n"
    assert parse_vtt(captions.as_vtt([])) == []


def test_parts_are_shifted_by_their_offsets_and_numbered_again():
    first = [subtitle(0, 0.4, "one"), subtitle(0.4, 0.8, "two")]
    second = [subtitle(0.1, 0.5, "three")]
    joined = captions.shifted([(first, 0, 1), ([], 1, Fraction(3, 5)), (second, Fraction(8, 5), 1)])
    parsed = list(srt.parse(captions.as_srt(joined)))
    assert [(s.index, s.start.total_seconds(), s.end.total_seconds(), s.content) for s in parsed] == [
        (1, 0.0, 0.4, "one"),
        (2, 0.4, 0.8, "two"),
        (3, 1.7, 2.1, "three"),
    ]


def test_srt_files_are_read_and_a_missing_one_is_empty(tmp_path):
    path = tmp_path / "01-Tiny.srt"
    path.write_text("1\n00:00:00,000 --> 00:00:00,400\na square appears\n\n", encoding="utf-8")
    assert [s.content for s in captions.read(path)] == ["a square appears"]
    assert captions.read(tmp_path / "missing.srt") == []
    assert captions.web_captions(path) == tmp_path / "01-Tiny.vtt"


def times(subtitles):
    return [(s.start.total_seconds(), s.end.total_seconds(), s.content) for s in subtitles]


def test_fitted_captions_are_ordered_apart_and_inside_the_video():
    given = [
        subtitle(0.5, 3, "second"),
        subtitle(0, 1, "first"),
        subtitle(2.5, 9, "cut"),
        subtitle(4, 5, "late"),
    ]
    assert times(captions.fitted(given, Fraction(4))) == [
        (0.0, 0.5, "first"),  # ends where the next begins
        (0.5, 2.5, "second"),
        (2.5, 4.0, "cut"),  # ends with the video
    ]  # "late" starts at the video's end: dropped


def test_fitted_times_round_inward_to_the_millisecond():
    fitted = captions.fitted([subtitle(Fraction(1, 15), Fraction(2, 3), "a")], Fraction(7, 15))
    assert times(fitted) == [(0.067, 0.466, "a")]  # starts up, ends down: within the frames it was given


def test_joined_parts_stay_inside_their_own_chapter():
    first, second = [subtitle(0, 5, "outlasts its chapter")], [subtitle(0, 1, "next")]
    joined = captions.shifted([(first, 0, Fraction(46, 15)), (second, Fraction(46, 15), 1)])
    assert times(joined) == [(0.0, 3.066, "outlasts its chapter"), (3.067, 4.066, "next")]


def test_a_cue_longer_than_two_lines_is_split_where_a_clause_ends_sharing_its_time():
    first = "Cross-attention: each decoder step has a query for every word,"
    long = srt.Subtitle(
        0, timedelta(seconds=10), timedelta(seconds=19), f"{first} and each source word has a key of its own."
    )
    cues = captions.fitted([long], Fraction(30))
    assert [c.content for c in cues] == [first, "and each source word has a key of its own."]
    assert all(fits(c.content) for c in cues)
    assert cues[0].start == long.start and cues[-1].end == long.end
    assert timedelta(0) < cues[1].start - cues[0].end <= timedelta(milliseconds=1)  # inward to the ms
    assert cues[0].end - cues[0].start > cues[1].end - cues[1].start  # time shared by length


def test_a_cue_without_breaks_is_split_between_words_and_short_ones_are_kept():
    text = " ".join(["word"] * 60)
    cues = captions.fitted([srt.Subtitle(0, timedelta(0), timedelta(seconds=12), text)], Fraction(12))
    assert len(cues) == 4 and all(fits(c.content) for c in cues)
    assert " ".join(c.content for c in cues) == text
    short = srt.Subtitle(0, timedelta(0), timedelta(seconds=2), "A short caption.")
    assert [c.content for c in captions.fitted([short], Fraction(5))] == ["A short caption."]
