"""The smallest type at 1080p, measured on the built mobjects: a formula's subscripts and exponents (review 5:
those of the one-query strip 13-15 px, e^score's 13 px) and the gap between the lines of a note (two-line notes
were set solid: one line's descenders touching the next one's ascenders)."""

import pytest

import i18n
from attention import attend
from i18n import _
from scenes.kit.arithmetic import Working
from scenes.kit.components import LINE_SPACING, math, paragraph, text
from scenes.kit.formula_slot import PIECES, formula_slot, formula_word
from scenes.kit.palette import SIZES, TEXT_CAP, px_per_unit

READ_PX = (
    20  # the least a viewer must read at 1080p: ink of a script letter as tall as a capital, a script's size
)
DEJAVU_CAP = 0.729  # DejaVu Sans' capitals, in em (1493 of 2048 units): an em from a text's cap height
LEADING = (0.25, 0.4)  # the clear gap between lines, in em
LANGUAGES = ("en", "de", "zh")  # a Latin script, a longer one, a CJK font (WenQuanYi)

EXP = PIECES[6][0]  # 'e^{s_i} / \sum_j e^{s_j}', the exponents in text style
# the strip's scripts: its piece, the glyph's index in it, and the letter (set at the formula's size to compare)
STRIP_SCRIPTS = (
    (PIECES[0][0], 1, "i"),  # s_i
    ("k_i", 1, "i"),
    (PIECES[5][0], 2, "i"),  # w_i
    (EXP, 2, "i"),  # e^{s_i}
    (EXP, 5, "j"),  # \sum_j
    (EXP, 8, "j"),  # e^{s_j}
    (r"\sum_i w_i", 1, "i"),
    (r"\sum_i w_i", 3, "i"),
    ("v_i", 1, "i"),
)
EXP_SCORES = (1, 7)  # the exponents s of e^{s_i} and e^{s_j}, glyphs of EXP
TALL = "ij0123456789"  # letters whose ink reaches a capital's height (their dots, ascenders) or more


def px(mobject) -> float:
    """`mobject`'s ink height in pixels at 1080p."""
    return mobject.height * px_per_unit(1080)


def script_px(glyph, letter: str, role: str) -> float:
    """The size a script `glyph` is set at, as the cap height of its type at 1080p (what SIZES gives): its
    height over `letter`'s at the formula's own size, times that size."""
    return glyph.height / math(letter, role=role)[0][0].height * SIZES[role]


def strip_scripts(lang: str):
    """The strip as a chapter in `lang` builds it, and its scripts: (letter, glyph)."""
    with i18n.active(lang):
        strip = formula_slot(output=formula_word(_("output"), "output"))
    return strip, scripts_of(strip)


def scripts_of(strip) -> list:
    """The scripts of a one-query strip: (letter, glyph)."""
    return [(letter, strip.formula[piece(tex)][k]) for tex, k, letter in STRIP_SCRIPTS]


def piece(tex: str) -> int:
    """The index of the strip's piece `tex`."""
    return [t for t, _name in PIECES].index(tex)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_strips_subscripts_are_20_px_at_1080p(lang):
    strip, scripts = strip_scripts(lang)
    role = strip.formula.role
    sizes = {f"{letter} ({px(glyph):.1f} px)": script_px(glyph, letter, role) for letter, glyph in scripts}
    assert min(sizes.values()) >= READ_PX, sizes
    tall = {letter: round(px(glyph), 1) for letter, glyph in scripts if letter in TALL}
    assert min(tall.values()) >= READ_PX, tall
    assert len(strip.formula[piece(EXP)]) == 9  # e s i / Σ j e s j: the glyphs named above


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_strips_scores_are_as_tall_as_its_own_letters(lang):
    """The exponent s, a letter with no ascender, is set at the strip's size, not as a script (review 5: it was
    15 px at 1080p, the strip's other s 19 px)."""
    strip, _scripts = strip_scripts(lang)
    first_s = strip.formula[piece(PIECES[0][0])][0]  # s_i =
    scores = [strip.formula[piece(EXP)][k] for k in EXP_SCORES]
    assert all(px(s) == pytest.approx(px(first_s), abs=0.2) for s in scores), [px(s) for s in scores]
    assert px(first_s) >= 18  # the x-height of small type, 28 px capitals


def test_scripts_are_four_fifths_and_their_scripts_three_quarters_of_the_text():
    """TeX's own 70% and 50% (\\scriptstyle, \\scriptscriptstyle) made e^{s_i}'s subscript 13 px."""
    base, scripted = (math(tex, role="small")[0] for tex in ("i", "e^{s_i}"))
    assert scripted[1].height / math("s", role="small")[0][0].height == pytest.approx(0.8, abs=0.03)
    assert scripted[2].height / base[0].height == pytest.approx(0.75, abs=0.03)


def test_e_to_a_score_has_an_exponent_20_px_at_1080p():
    """The worked rows' 'e^{2.828} ≈ 16.92' at the number size, and 'e^{30} ≈ 1.07 × 10^{13}'."""
    working = Working(attend([2, 0], [[2, 0], [0, 2], [1, 1]]), 2)
    big = Working(attend([30, 0.5], [[2.5, 1], [0, 0]]), 2)
    for row in [*working.exps(), big.exps()[0]]:
        shown = math(row, role="number")[0]
        term = row.relations[0].terms[0]
        exponent = shown[1 : 1 + len(term)]  # e, then the score's glyphs
        digits = [glyph for glyph, char in zip(exponent, term) if char.isdigit()]
        assert digits and min(px(d) for d in digits) >= READ_PX, (row, [round(px(d), 1) for d in digits])


@pytest.mark.parametrize("lang", ("en", "de"))
@pytest.mark.parametrize(
    ("tex", "on_line", "exponent"),  # a digit on the line and the exponent's digits, as glyph indices
    [
        (r"4.25 \times 10^{-18}", 5, (8, 9)),  # 4 . 2 5 × 1 0 − 1 8
        (r"e^{2.828} \approx 16.92", 7, (1, 3, 4, 5)),  # e 2 . 8 2 8 ≈ 1 6 . 9 2
        ("10^{-20}", 0, (3, 4)),  # a log axis' decade (`plots.CurvePlot`)
    ],
)
def test_a_number_s_exponent_is_as_large_as_the_digits_it_raises(lang, tex, on_line, exponent):
    """Reviews D10, F10: '4.25 × 10⁻¹⁸' and e^2.828's exponents read 8 px at 480p, as scripts 80% of the digits
    (24 px at 1080p, under the smallest size): a number's exponent is set at its digits' size, raised; the
    formula's `tex_string` stays as written."""
    with i18n.active(lang):
        shown = math(tex, role="small")
    glyphs = shown[0]
    line = glyphs[on_line]
    for k in exponent:
        assert px(glyphs[k]) == pytest.approx(px(line), rel=0.05)
        assert glyphs[k].get_bottom()[1] > line.get_bottom()[1] + 0.4 * line.height
    assert r"\textstyle" not in shown.tex_string


def lines_gap(shown, first_line: str) -> float:
    """The clear gap between a two-line text's lines, in em: from the lowest ink of the first line's glyphs
    (one a character, spaces aside) to the highest of the second's."""
    n = len("".join(first_line.split()))
    above, below = shown.submobjects[:n], shown.submobjects[n:]
    gap = min(g.get_bottom()[1] for g in above) - max(g.get_top()[1] for g in below)
    em = shown.font_size * TEXT_CAP / DEJAVU_CAP
    return gap / em


# a line with descenders over one with ascenders (a capital, lower-case umlauts: no taller than an ascender)
TWO_LINES = {
    "en": ("gypsy quip jog", "Bold kith"),
    "de": ("gequält, jäh", "Bald kühl"),
    "zh": ("自注意力", "查询键值"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("role", SIZES)
def test_the_lines_of_a_note_stand_a_third_of_an_em_apart(lang, role):
    first, second = TWO_LINES[lang]
    with i18n.active(lang):
        shown = text(f"{first}\n{second}", role=role)
    assert LEADING[0] <= lines_gap(shown, first) <= LEADING[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_paragraph_has_the_notes_leading(lang):
    first, second = TWO_LINES[lang]
    with i18n.active(lang):
        shown = paragraph(f"{first} {second}", width_chars=len(first))
        note = text(f"{first}\n{second}", role="body")
    assert lines_gap(shown, first) == pytest.approx(lines_gap(note, first))
    assert LEADING[0] <= lines_gap(shown, first) <= LEADING[1]


def test_accented_capitals_keep_clear_of_the_line_above():
    """Ü reaches above the ascenders: less gap, yet never touching."""
    with i18n.active("de"):
        assert lines_gap(text("gequält, jäh\nÜbel Kälte"), "gequält, jäh") > 0.1


def test_a_text_may_ask_for_its_own_leading():
    solid = text("gypsy\nBold", line_spacing=0)
    assert lines_gap(solid, "gypsy") < 0 < lines_gap(text("gypsy\nBold", line_spacing=LINE_SPACING), "gypsy")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unicode_subscripts_and_superscripts_in_a_text_are_20_px_at_1080p(lang):
    """'scoreᵢ', '10⁻¹⁸' in a text (the fonts' own scripts were 16 px in small type), the glyphs after them clear
    of them, the text's size unchanged."""
    line = "scoreᵢ = q · kⱼ, 4.25 × 10⁻¹⁸"
    with i18n.active(lang):
        shown, plain = text(line, role="small"), text(line.translate(PLAIN), role="small")
    glyphs = dict(zip("".join(line.split()), shown.submobjects))
    assert min(px(glyphs[ch]) for ch in "ᵢⱼ¹⁸") >= READ_PX
    after = [(a, b) for a, b in zip(shown.submobjects, shown.submobjects[1:]) if a in scripts(glyphs)]
    assert all(a.get_right()[0] <= b.get_left()[0] for a, b in after)
    assert shown.font_size == pytest.approx(plain.font_size)


PLAIN = str.maketrans("ᵢⱼ⁻¹⁸", "ij-18")


def scripts(glyphs: dict) -> list:
    return [glyphs[ch] for ch in "ᵢⱼ⁻¹⁸"]
