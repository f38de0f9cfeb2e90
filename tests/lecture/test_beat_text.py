"""What the documents print for each beat: each narration line under the one beat it starts in, and a text
alternative for the beat's picture made only of its name and its own lines."""

import re
from datetime import timedelta

import srt

from pipeline.frames.beats import Beat
from pipeline.publish import beat_text


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


def test_a_pictures_description_is_the_beats_name_and_the_gist_of_its_lines():
    lines = ["one word at a time...", "...and squeezed (0.870).", "x" * beat_text.GIST_LIMIT]
    described = beat_text.description("Scores", lines)
    assert described == "The end of “Scores”: one word at a time and squeezed (0.870)."
    assert set(re.findall(r"\d+\.\d+", described)) <= set(re.findall(r"\d+\.\d+", " ".join(lines)))
    assert beat_text.description("Blend", []) == "The end of “Blend”."
    long = "y" * (beat_text.GIST_LIMIT + 10)
    assert beat_text.description("Long", [long, "more"]) == f"The end of “Long”: {long}"  # one line at least
