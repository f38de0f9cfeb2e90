"""The one-query strip names its output in the chapter's language, Chinese too (set by XeLaTeX in the CJK face),
every other glyph as the English strip draws it."""

import numpy as np

from scenes.kit.formula_slot import OUTPUT, PIECES, formula_slot, formula_word
from scenes.kit.numbers import CJK_TEX, SANS_TEX


def shapes(part) -> list[np.ndarray]:
    """Each glyph of `part` as drawn, about its own centre (where it stands aside)."""
    return [glyph.points - glyph.get_center() for glyph in part]


def test_a_chinese_word_is_kept_for_the_formula():
    assert formula_word("输出", "output") == "输出"
    assert formula_word("Ausgabe", "output") == "Ausgabe"


def test_the_chinese_strip_draws_its_word_and_the_english_strips_other_glyphs():
    english, chinese = formula_slot().formula, formula_slot(output="输出").formula
    assert english.tex_template == SANS_TEX and chinese.tex_template == CJK_TEX
    word = PIECES.index((OUTPUT, None))
    assert len(english[word]) == len("output") and len(chinese[word]) == len("输出")
    for k, (ours, theirs) in enumerate(zip(english, chinese)):
        if k != word:
            assert len(ours) == len(theirs)
            assert all(np.allclose(a, b, atol=1e-3) for a, b in zip(shapes(ours), shapes(theirs))), k
