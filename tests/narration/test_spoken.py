"""Captions said as a person reads them aloud: numbers, vectors, symbols and markup in words."""

import pytest

from narration.spoken import SPEAKABLE, integer, number, spoken


@pytest.mark.parametrize(
    ("caption", "said"),
    [
        (
            "Near “the”, “the” gets the most weight: 0.768.",
            "Near the, the gets the most weight: zero point seven six eight.",
        ),
        (
            "The output is [0.090, 0.245]: a zero value.",
            "The output is zero point zero nine zero, zero point two four five: a zero value.",
        ),
        ("Stop at q = (2, 0).", "Stop at q equals two, zero."),
        (
            "Equal q · k_i, so each weight is 0.333",
            "Equal q dot k i, so each weight is zero point three three three",
        ),
        (
            "Step 2: divide by √d = √2 ≈ 1.414",
            "Step two: divide by root d equals root two is about one point four one four",
        ),
        (
            "smallest 3.29 × 10⁻⁴, w(1 − w)",
            "smallest three point two nine times ten to the minus four, w times one minus w",
        ),
        ("softmax(Q K^T / √d) V", "softmax of Q K transpose over root d, V"),
        ("Here (Vᵀ = Kᵀ): each head", "Here, V transpose equals K transpose: each head"),
        ("a 2 × 3 grid of 1,024 scores", "a two by three grid of one thousand twenty-four scores"),
        ("reach 3.58 and -3.71;", "reach three point five eight and minus three point seven one"),
        ("Head 1 reads coordinates 1-2", "Head one reads coordinates one to two"),
        ("...and squeezed all of it", "and squeezed all of it"),
        ("turns q by m × 30°, right 23%", "turns q by m times thirty degrees, right twenty-three percent"),
        ("e^score over Σ w_i, Kings & queens", "e to the score over sum of w i, Kings and queens"),
        ("scoreᵢ compares q with kᵢ; wᵢ sum to 1", "score i compares q with k i; w i sum to one"),
        (  # a vector as the screen prints it (scenes.kit.arithmetic.vector_text): minus signs, not hyphens
            "Only the query changes, to [1.25, −0.4].",
            "Only the query changes, to one point two five, minus zero point four.",
        ),
        (
            "Their sum is about 7.10 × 10⁶¹⁴¹.",
            "Their sum is about seven point one zero times ten to the six thousand one hundred forty-one.",
        ),
    ],
)
def test_captions_are_said_in_words(caption, said):
    assert spoken(caption) == said
    assert SPEAKABLE.fullmatch(said)


def test_numbers_are_read_as_people_read_them():
    assert [integer(n) for n in (0, 13, 40, 64, 100, 1024, 2_000_000)] == [
        "zero",
        "thirteen",
        "forty",
        "sixty-four",
        "one hundred",
        "one thousand twenty-four",
        "two million",
    ]
    assert number("0.500") == "zero point five zero zero"  # the digits shown, trailing zeros too


@pytest.mark.parametrize(
    "caption", ["<b>x</b> _ ^ {} \\frac{1}{2} | @ # $ ~ `", "[[1, 2], [3, 4]]", "√", "1e-5"]
)
def test_nothing_but_words_reaches_a_voice_whatever_the_caption(caption):
    assert SPEAKABLE.fullmatch(spoken(caption)) or spoken(caption) == ""
