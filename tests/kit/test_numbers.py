"""SansTex's templates: English and German formulas keep the lecture's one (their documents, so their cached SVGs,
the same as before Chinese was typeset); a formula with Chinese words is typeset by XeLaTeX, its words drawn."""

import re
import shutil
import subprocess

import pytest
from manim import TexTemplate, tempconfig

import i18n
from pipeline.run.latex_errors import LatexFailure, explained
from scenes.kit import numbers
from scenes.kit.numbers import CJK_TEX, SANS_TEX, SansTex, in_cjk_face
from scenes.kit.palette import CJK_FONT

# the SVG names (hashes of the whole LaTeX document) of two formulas as SANS_TEX set them before CJK_TEX existed
BEFORE = {
    ("en", r"\text{output} = 0.768"): "2b4e1011e892f455",
    ("de", r"\text{Ausgabe für} = 0.768"): "5c0cb92dbee886c8",
}


@pytest.mark.parametrize(("lang", "formula"), BEFORE)
def test_english_and_german_formulas_keep_their_template_and_document(lang, formula):
    with i18n.active(lang):
        typeset = SansTex(formula)
    assert typeset.tex_template is SANS_TEX
    assert typeset.file_name.stem == BEFORE[lang, formula]


def outlines(formula) -> list[str]:
    """The path of each glyph `formula` draws, in order, from its SVG (ids resolved)."""
    svg = formula.file_name.read_text(encoding="utf-8")
    paths = dict(re.findall(r"<path id='([^']+)' d='([^']*)'/>", svg))
    return [paths[ref] for ref in re.findall(r"xlink:href='#([^']+)'", svg.split("</defs>", 1)[-1])]


def test_a_formula_with_chinese_words_draws_each_character_beside_the_lectures_digits():
    chinese = SansTex(r"\text{输出} = 0.768")
    english = SansTex(r"\text{output} = 0.768")
    assert chinese.tex_template is CJK_TEX
    drawn, digits = outlines(chinese), outlines(english)[-6:]  # '= 0.768' in SANS_TEX
    assert len(drawn) == 2 + 6 and len(chinese[0]) == len(drawn)
    assert drawn[0] != drawn[1] and all(d not in digits for d in drawn[:2])  # two glyphs of their own
    assert drawn[2:] == digits  # the same sans-serif '=', digits and point as in English


def test_the_characters_are_in_the_on_screen_faces_proportions():
    """WenQuanYi Micro Hei's ideographs are square: each as wide as about 1 em, wider than a digit."""
    word, digit = SansTex(r"\text{输}")[0], SansTex("0")[0]
    assert 1.4 * digit.width < word.width < 2.4 * digit.width
    assert 0.8 < word.width / word.height < 1.25


def test_every_run_beyond_ascii_is_put_in_the_cjk_face():
    assert in_cjk_face(r"\text{“头”：} e^{2} \text{分数}") == r"\text{\cjk{“头”：}} e^{2} \text{\cjk{分数}}"


def test_a_given_template_is_kept_even_with_chinese_words():
    kept = TexTemplate()
    assert SansTex(r"\text{x}", tex_template=kept).tex_template is kept


def test_a_missing_cjk_face_is_one_line_naming_the_package(tmp_path):
    missing = TexTemplate(
        tex_compiler="xelatex",
        output_format=".xdv",
        preamble=CJK_TEX.preamble.replace(CJK_FONT, "No Such Face"),
    )
    with (
        tempconfig({"tex_dir": str(tmp_path), "media_dir": str(tmp_path)}),
        pytest.raises(LatexFailure) as failed,
    ):
        with explained():
            SansTex(r"\text{x}", tex_template=missing)
    assert str(failed.value) == "LaTeX failed: ! No font No Such Face: apt-get install fonts-wqy-microhei."


def test_a_missing_xelatex_is_one_line_naming_the_package(tmp_path, monkeypatch):
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "dvisvgm").symlink_to(shutil.which("dvisvgm"))
    monkeypatch.setenv("PATH", str(tools))
    with (
        tempconfig({"tex_dir": str(tmp_path), "media_dir": str(tmp_path)}),
        pytest.raises(LatexFailure) as failed,
    ):
        with explained():
            SansTex(r"\text{输出}")
    assert str(failed.value) == "xelatex is not installed"
    assert failed.value.details == (
        "xelatex is in the Debian package texlive-xetex: apt-get install texlive-xetex",
    )


def test_the_characters_stand_on_the_baseline_as_on_screen():
    """dvisvgm before 3.1 centred each glyph of a CJK face on its own box (`numbers.on_baseline` undoes it): an
    ideograph then hung a digit's height below the digits, and '一' floated at its top."""
    digit, ideograph, one = SansTex(r"\text{0数一}")[0]
    assert 0 < digit.get_bottom()[1] - ideograph.get_bottom()[1] < 0.2 * digit.height
    assert abs(one.get_y() - ideograph.get_y()) < 0.15 * ideograph.height


@pytest.mark.parametrize(
    ("version", "moves"), [("dvisvgm 3.0.3", True), ("dvisvgm 3.1", False), ("dvisvgm 3.4.4", False)]
)
def test_only_a_dvisvgm_before_3_1_has_its_cjk_glyphs_moved_back(monkeypatch, version, moves):
    monkeypatch.setattr(
        numbers.subprocess, "run", lambda *_a, **_k: subprocess.CompletedProcess([], 0, version)
    )
    assert numbers.dvisvgm_moves_cjk.__wrapped__() is moves
