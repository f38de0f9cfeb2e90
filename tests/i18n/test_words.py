"""What translated chapters write alike (i18n/words.py): counts spelled out, points, and a title that counts
its example's tokens, in each shipped language."""

import pytest

import i18n
from attention.examples import story
from i18n import words

TITLE = "The three-token drag"


def test_the_counts_are_storys_words_marked_for_the_catalogue():
    assert words.COUNTS == story.WORDS


@pytest.mark.parametrize(
    "lang, three, twelve", [("en", "three", "12"), ("de", "drei", "12"), ("zh", "三", "12")]
)
def test_a_small_count_is_spelled_in_the_language_a_large_one_in_digits(lang, three, twelve):
    with i18n.active(lang):
        assert (words.count(3), words.count(12)) == (three, twelve)


@pytest.mark.parametrize(
    "lang, said", [("en", "(1.25, −0.4)"), ("de", "(1,25; −0,4)"), ("zh", "(1.25, −0.4)")]
)
def test_a_point_is_said_as_the_language_writes_it(lang, said):
    with i18n.active(lang):
        assert words.said_point(["1.25", "-0.4"]) == said


@pytest.mark.parametrize(
    "lang, four",
    [("en", "The four-token drag"), ("de", "Die Abfrage ziehen: vier Token"), ("zh", "拖动查询：四个词元")],
)
def test_a_title_counting_the_examples_tokens_says_its_count_in_the_language(lang, four):
    with i18n.active(lang):
        assert words.counted_title(TITLE, "The four-token drag") == four
        assert words.counted_title(TITLE, TITLE) == i18n._(TITLE)
