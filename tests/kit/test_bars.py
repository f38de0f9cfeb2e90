"""The kit's weight bars: the total line's sign follows the printed weights, redrawn in place; labels beside numbers
are typeset with them, in Chinese too; the names under the bars stand on one baseline."""

import numpy as np
import pytest
from manim import MathTex, VGroup

from scenes.kit.bars import WeightBars, in_tex, label_tex, line_of
from scenes.kit.numbers import CJK_TEX, SansTex
from scenes.kit.palette import px_per_unit


def test_the_total_s_sign_is_redrawn_in_place_at_its_size_and_opacity():
    """A play draws the family it began with: the sign swapped in by a weight change was not drawn until the
    play ended, and the one swapped out still was ('≈ 1.000' over weights adding to 1.000 as printed)."""
    bars = WeightBars(["a", "b", "c"], [0.5, 0.25, 0.25]).scale(0.5)
    shown = bars.total_label[1]
    family = {id(m) for m in bars.total_label.get_family()}
    bars.total_label.set_opacity(0.4)  # part way through a fade
    bars.set_weights([0.5654, 0.4004, 0.0342])  # print short of 1.000: '≈'
    assert bars.total_label[1] is shown and {id(m) for m in bars.total_label.get_family()} == family
    assert shown.tex_string == r"\approx" and bars.total.relations[0].sign == "≈"
    approx = SansTex(r"\approx").match_height(shown).move_to(shown)
    assert np.allclose(shown.get_all_points(), approx.get_all_points(), atol=1e-6)  # its glyph, at its size
    assert {glyph.get_fill_opacity() for glyph in shown.family_members_with_points()} == {0.4}
    assert shown.font_size == pytest.approx(bars.total_label[0].font_size)  # one size for the label's role
    bars.set_weights([0.5, 0.25, 0.25])
    assert shown.tex_string == "=" and bars.total.relations[0].sign == "="
    words = bars.total_label[0]
    assert shown.get_left()[0] > words.get_right()[0] and bars.total.get_left()[0] > shown.get_right()[0]
    assert VGroup(*bars.total_label, bars.total).get_top()[1] < bars.labels.get_bottom()[1]


def test_while_the_weights_move_the_total_s_sign_stays_approximately():
    """Review 9: dragged, the printed weights add to 0.999, 1.000 and 1.001 by turns, and the sign flickered
    between '=' and '≈'; moving, it is '≈' (true of each), at rest the exact sign again."""
    bars = WeightBars(["a", "b", "c"], [0.5, 0.25, 0.25]).moving(True)
    signs = []
    for weights in ([0.3334, 0.3333, 0.3333], [0.5, 0.25, 0.25], [0.5654, 0.4004, 0.0342]):
        bars.set_weights(weights)
        signs.append((bars.total_label[1].tex_string, bars.total.relations[0].sign))
    assert signs == [(r"\approx", "≈")] * 3
    bars.moving(False)  # at rest on weights that print short of 1.000
    assert bars.total.relations[0].sign == "≈"
    bars.set_weights([0.5, 0.25, 0.25])
    assert (bars.total_label[1].tex_string, bars.total.relations[0].sign) == ("=", "=")


def test_chinese_words_beside_a_number_are_typeset_with_it():
    label = label_tex("总和")
    assert isinstance(label, MathTex) and label.tex_template == CJK_TEX and len(label[0]) == 2


def test_latex_sets_latin_and_cjk_scripts_and_no_others():
    assert in_tex("Gewichte für") and in_tex("权重：“头”") and in_tex("가중치")
    assert not in_tex("weights 🙂")


def test_the_names_under_the_bars_stand_on_one_baseline_clear_of_it():
    """Review J9: placed by their tops, 'the' (an ascender) stood 2-3 px lower than 'cat' and 'sat' at 1080p."""
    bars = WeightBars(["the", "cat", "sat", "γάμμα", "東京"], [0.4, 0.2, 0.2, 0.1, 0.1])
    feet = [line_of(name) for name in bars.labels]
    assert max(feet) - min(feet) < 0.5 / px_per_unit(1080)
    assert (
        max(name.get_top()[1] for name in bars.labels) <= bars.baseline.get_bottom()[1] - 0.1
    )  # 4 px at 480p
