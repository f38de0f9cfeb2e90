"""Paragraphs wrap at spaces (and between CJK characters), never inside a word, a number or a hyphenated word
that fits on a line: textwrap broke 'one-hot' after its hyphen, leaving 'one-' at a line's end."""

import pytest

from scenes.kit.components import _wrapped

SENTENCE = "without the division, softmax saturates toward one-hot at x-2.5 and −0.125"
WHOLE = ("one-hot", "x-2.5", "−0.125", "division,")


@pytest.mark.parametrize("width", range(max(len(w) for w in SENTENCE.split()), len(SENTENCE) + 1))
def test_a_line_breaks_only_between_words(width):
    lines = _wrapped(SENTENCE, width).split("\n")
    assert " ".join(lines) == SENTENCE  # nothing lost, added or cut
    words = [word for line in lines for word in line.split(" ")]
    assert all(word in words for word in WHOLE), lines


@pytest.mark.parametrize("width", range(8, 40))
def test_lines_are_as_long_as_the_width_lets_them(width):
    lines = _wrapped(SENTENCE, width).split("\n")
    longest_word = max(len(word) for word in SENTENCE.split())
    assert all(len(line) <= max(width, longest_word) for line in lines)
    for line, after in zip(lines, lines[1:]):  # greedy: the next line's first word did not fit
        assert len(f"{line} {after.split(' ')[0]}") > width


def test_chinese_breaks_between_characters_and_keeps_numbers_and_closing_marks():
    lines = _wrapped("自注意力：查询、键和值都来自同一序列。权重0.394的词", 10).split("\n")
    assert "".join(lines) == "自注意力：查询、键和值都来自同一序列。权重0.394的词"
    assert all(len(line) <= 10 for line in lines), lines
    assert any("0.394" in line for line in lines)
    assert not any(line[0] in "：、。" for line in lines)


def test_a_word_longer_than_a_line_is_broken_after_its_hyphens_else_anywhere():
    """A long name with no room on one line (`fit.whole_name`): as few pieces as keep each within the width."""
    assert _wrapped("a Kreuzentropieverlust b", 8).split("\n") == ["a", "Kreuzent", "ropiever", "lust b"]
    assert _wrapped("sehr-lang-gebrochen x", 12).split("\n") == ["sehr-lang-", "gebrochen x"]
    assert _wrapped("a one-hot", 7).split("\n") == ["a", "one-hot"]  # it fits a line: whole


def test_a_line_is_laid_out_alike_on_the_layout_probe_s_small_frame_and_a_render_s(tmp_path):
    """M4 (stop 57): manim lays a Text out on a page of the frame's pixels, so the probe's 256-pixel frame broke a
    German subtitle of 13.2 units that a 480p render keeps on one line; every Text is laid out on one page now."""
    from manim import config, tempconfig

    from scenes.kit import components

    line = "Eine Abfrage betrachtet sechs Schlüssel und mischt sie nach Gewicht"
    sizes = []
    for width, height in ((256, 144), (854, 480)):
        with tempconfig(
            {"pixel_width": width, "pixel_height": height, "text_dir": str(tmp_path / str(width))}
        ):
            components._SHAPED.clear()
            shaped = components.text(line, "body")
            sizes.append((round(shaped.width, 6), round(shaped.height, 6), len(shaped.submobjects)))
            assert (config.pixel_width, config.pixel_height) == (width, height)  # the frame as it was
    components._SHAPED.clear()
    assert sizes[0] == sizes[1] and sizes[0][0] > 12 and sizes[0][1] < 0.5  # one line, 13 units wide
