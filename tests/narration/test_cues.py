"""Captions broken into cues of at most two lines of 42 characters, at phrase boundaries."""

from narration.cues import LINE, fits, lines, split


def test_a_short_caption_is_one_cue_of_balanced_lines():
    assert split("The keys decide the scores.") == ["The keys decide the scores."]
    assert lines("Recompute the weights: the bars move, and the output moves with them.") == [
        "Recompute the weights: the bars move,",
        "and the output moves with them.",
    ]


def test_a_long_caption_is_split_where_a_clause_ends_and_no_word_is_left_alone():
    caption = "Being able to reach every position does not guarantee useful matching or perfect recall,"
    cues = split(caption)
    assert " ".join(cues) == caption
    assert all(fits(cue) for cue in cues) and min(map(len, cues)) > 20
    sentence = "Each decoder step draws its own blend of the source: different weights at every step."
    assert split(sentence) == [
        "Each decoder step draws its own blend of the source:",
        "different weights at every step.",
    ]


def test_vectors_are_never_broken():
    for cue in split(
        "Next, softmax turns the scores [2, 0, 1] into weights, and then the weights [0.665, 0.090, 0.245] blend."
    ):
        for line in lines(cue):
            assert line.count("[") == line.count("]") and len(line) <= LINE


def test_a_word_wider_than_a_cue_stands_alone():
    word = "x" * 100
    assert split(f"a {word} b") == ["a", word, "b"]


def test_a_caption_of_many_vectors_is_cut_between_them():
    vectors = ", ".join(f"[−{k}0.125, 99.5]" for k in range(1, 7))  # six values of the widest kind
    cues = split(f"The values {vectors} live in their own plane.")
    assert len(cues) > 1 and all(cue.count("[") == cue.count("]") for cue in cues)


def test_a_vector_longer_than_a_cue_is_cut_inside_only_where_nothing_else_fits():
    vector = "[" + ", ".join(["0.125"] * 30) + "]"  # a description's row of thirty weights: wider than a cue
    cues = split(f"The grid shows {vector} and then the sums.")
    assert cues[0] == "The grid shows" and all(fits(cue) for cue in cues)
    assert " ".join(cues) == f"The grid shows {vector} and then the sums."
