"""FixedContext, the first chapter translated (issue 34), run dry in German, Chinese and a pseudo-language: its
words and captions come from the catalogue (in the pseudo-language, which wraps every translation in «», every
word drawn or said that is not a token name or a number is wrapped), its numbers are written as the language
writes them, and nothing leaves the stage or overlaps, German running longer and Chinese in its own font."""

import re

import pytest

import i18n
from attention import examples
from i18n.numbers import decimal
from scenes.chapters.fixed_context import FixedContext
from scenes.kit.arithmetic import WEIGHT_PLACES
from tests.support.layout import (
    MEDIA,
    beat_ends,
    in_caption_band,
    low_contrast,
    off_grid,
    outside_safe_area,
    overlaps,
    too_small,
)
from tests.support.pseudo_language import pseudo_german

TERMS = {"de": ("Aufmerksamkeit", "Encoder", "Decoder"), "zh": ("注意力", "编码器", "解码器")}


def ends_in(lang: str):
    """What is drawn at each beat's end of FixedContext run dry in `lang`."""
    MEDIA.mkdir(parents=True, exist_ok=True)
    with i18n.active(lang):
        return beat_ends(FixedContext, MEDIA)


@pytest.fixture(scope="module", params=["de", "zh"])
def translated(request):
    return request.param, ends_in(request.param)


def test_nothing_leaves_the_stage_or_overlaps_in_either_language(translated):
    lang, ends = translated
    wrong = [
        f"{end.beat}: {t}" for end in ends for t in end.drawn if outside_safe_area(t) or in_caption_band(t)
    ]
    wrong += [f"{end.beat}: {stray}" for end in ends for stray in end.strays]
    wrong += [f"{end.beat}: {a} over {b}" for end in ends for a, b in overlaps(end.drawn)]
    assert not wrong, "\n".join(wrong)


def test_every_text_reads_against_its_ground_at_its_size_and_lines_start_on_the_grid(translated):
    lang, ends = translated
    wrong = [f"{end.beat}: {t} is {why}" for end in ends for t in end.drawn if (why := low_contrast(t))]
    wrong += [f"{end.beat}: {t} is too small" for end in ends for t in end.drawn if too_small(t)]
    wrong += [f"{end.beat}: {t} is off the body grid" for end in ends for t in off_grid(end.drawn)]
    assert not wrong, "\n".join(wrong)


def test_the_words_and_captions_are_the_languages(translated):
    lang, ends = translated
    words = " ".join(t.label for t in ends[-1].drawn if t.kind == "text")
    said = " ".join(ends[-1].captions)
    assert all(term in words + said for term in TERMS[lang])
    assert "encoder" not in words and "summary" not in said


def test_numbers_drawn_and_said_are_written_as_the_language_writes_them(translated):
    lang, ends = translated
    numbers = [t.label for t in ends[-1].drawn if re.fullmatch(r"\d[.,]\d+", t.label)]
    sign = "," if lang == "de" else "."
    assert numbers and all(sign in n for n in numbers)
    top = examples.current().cross.cross().weights.max()
    assert decimal(top, WEIGHT_PLACES, lang) in " ".join(ends[-1].captions)


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """German to Babel, its catalogue wrapping every string of the template in «», read afresh."""
    with pseudo_german(tmp_path, monkeypatch):
        yield


def test_every_word_drawn_or_said_comes_from_the_catalogue(pseudo):
    """A string typed into the chapter without `_()` shows here, unwrapped."""
    ends = ends_in("de")
    cross = examples.current().cross
    names = {*cross.source_tokens, *cross.target_tokens}
    bare = {
        t.label
        for end in ends
        for t in end.drawn
        if t.kind == "text"
        and "«" not in t.label
        and t.label.replace(" ", "") not in names
        and not re.fullmatch(r"[\d,.\-−]+", t.label)
    }
    assert not bare, bare
    said = " ".join(ends[-1].captions)  # a long caption is said in two cues: the «» around both
    while re.search("«[^«»]*»", said):
        said = re.sub("«[^«»]*»", "", said)
    assert ends[-1].captions and not said.strip(), said
