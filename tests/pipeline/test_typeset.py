"""pipeline.run.typeset: formulas typeset in one LaTeX run give manim's own drawings, and a look-ahead run
with stand-ins and placeholders runs no LaTeX for them and leaves nothing of them behind."""

from __future__ import annotations

import importlib
import re
import shutil

import numpy as np
import pytest
from manim import SVGMobject, tempconfig

from pipeline.run import typeset
from scenes.kit.numbers import SansTex

FORMULAS = (
    ("0.768",),
    ("[", "-1.25", r",\;\;", "1.642", "]"),  # parts: manim marks each with an id holding digits
    (r"\frac{3}{\sqrt{2}}", r"\approx", "2.121"),
    (r"e^{2.828}", "=", "16.92"),
    (r"\hspace{0.3em}", "w_1 v_1"),
)

CJK_FORMULAS = (  # typeset by XeLaTeX (scenes.kit.numbers.CJK_TEX)
    (r"\text{输出}", "=", "0.768"),
    (r"\text{“头”：} e^{2.828}",),
)


def drawing(svg_text: str) -> tuple:
    """What an SVG draws: its view box and each glyph's place and outline (glyph ids resolved)."""
    outlines = dict(re.findall(r"<path id='([^']+)' d='([^']*)'/>", svg_text))
    box = re.search(r"viewBox='([^']*)'", svg_text).group(1)
    body = svg_text.split("</defs>", 1)[-1]
    uses = re.findall(r"<use x='([^']*)' y='([^']*)' xlink:href='#([^']+)'/>", body)
    groups = re.findall(r"<g id='(unique\d+)'>", body)
    return box, groups, [(x, y, outlines[ref]) for x, y, ref in uses]


@pytest.fixture
def tex_dir(tmp_path, monkeypatch):
    """An empty Tex folder, and no look-alikes remembered from formulas other tests typeset in this process;
    no digits swapped (these tests count LaTeX runs; tests/pipeline/test_digit_glyphs.py swaps)."""
    monkeypatch.setattr(typeset, "LOOKALIKES", {})
    monkeypatch.setattr(typeset.digit_glyphs, "swapped", lambda *_: None)
    with tempconfig({"tex_dir": str(tmp_path / "Tex"), "media_dir": str(tmp_path)}):
        yield tmp_path / "Tex"


def test_stand_ins_zero_the_digits_of_numbers_only():
    assert typeset.stand_in("-1.25") == "-0.00"
    assert typeset.stand_in(r"\frac{3}{\sqrt{2}} \approx 2.121") == r"\frac{0}{\sqrt{0}} \approx 0.000"
    assert typeset.stand_in("<g id='unique001'>") == "<g id='unique001'>"  # manim's part ids
    assert typeset.stand_in(r"\hspace{0.3em} w_1") == r"\hspace{0.3em} w_0"  # lengths keep their size


def test_a_placeholder_has_manims_parts_and_a_box_per_glyph(tex_dir):
    assert typeset.glyphs(r"\text{sum} = 16.92 + 1") == len("sum=16.92+1")
    assert typeset.glyphs(r"e^{2.8\ldots} \approx \sqrt{2}") == len("e2.8...~~2")  # a command is one glyph
    assert typeset.glyphs(r"\text{\cjk{输出}} = 1") == len("输出=1")  # the CJK face's switch draws nothing
    assert typeset.glyphs(r"\frac{1}{2}\,\hspace{0.3em}") == 2  # spacing draws nothing
    parts = (r"\text{sum} =", "1.25")
    marked = "".join(
        rf"\special{{dvisvgm:raw <g id='unique{i:03d}'>}}{p}\special{{dvisvgm:raw </g>}}"
        for i, p in enumerate(parts)
    )
    drawn = typeset.placeholder(marked)
    assert drawn.parent != tex_dir and not list(tex_dir.glob("*"))  # never in manim's Tex folder
    groups = SVGMobject(str(drawn)).id_to_vgroup_dict
    assert (
        [len(groups[f"unique{i:03d}"]) for i in range(2)] == [len(part) for part in SansTex(*parts)] == [4, 4]
    )


def test_a_formula_with_no_look_alike_is_drawn_from_a_placeholder_with_no_latex_run(tex_dir, monkeypatch):
    from manim.utils import tex_file_writing

    monkeypatch.setattr(typeset, "LOOKALIKES", {})
    monkeypatch.setattr(tex_file_writing, "compile_tex", lambda *_: pytest.fail("typeset alone"))
    with typeset.recording() as missing:
        first, second = SansTex("[-1.25, 3]"), SansTex(r"q", "=", "[7, -0.5]")
    assert ["[-1.25, 3]" in missing[0][0], "[7, -0.5]" in missing[1][0]] == [True, True]
    assert not list(tex_dir.glob("*.svg"))
    assert len(second) == 3 and first.width > second[0].width  # parts kept, widths by glyphs


def test_a_run_is_looking_ahead_once_it_draws_a_formula_from_a_look_alike(tex_dir, monkeypatch):
    """What watches a run (the layout probe's beat ends) rests from the first missing formula on: the run is
    discarded (`dry_run._watched`)."""
    from manim.utils import tex_file_writing

    monkeypatch.setattr(tex_file_writing, "compile_tex", lambda *_: pytest.fail("typeset alone"))
    assert not typeset.looking_ahead()
    with typeset.recording():
        assert not typeset.looking_ahead()  # nothing missing yet: this may be the real run
        SansTex("[-1.25, 3]")
        assert typeset.looking_ahead()
        with typeset.recording(alone=0):  # a render's own look-ahead inside: its own record
            assert not typeset.looking_ahead()
        assert typeset.looking_ahead()
    assert not typeset.looking_ahead()


def test_a_course_changed_by_a_placeholder_typesets_only_what_it_met_alone(tex_dir, monkeypatch):
    """A run that decides by a formula's width meets other formulas when it is drawn from a placeholder (here
    a fraction, two boxes wide, though TeX stacks its digits): the real run typesets those alone, and only
    those."""
    from manim.utils import tex_file_writing

    monkeypatch.setattr(typeset, "LOOKALIKES", {})  # no formula like these seen yet
    monkeypatch.setattr(typeset, "ALONE", 0)  # a look-ahead from the first missing formula
    runs, alone = [], []
    compile_alone = tex_file_writing.compile_tex
    monkeypatch.setattr(
        tex_file_writing,
        "compile_tex",
        lambda tex, *rest: alone.append(tex.read_text()) or compile_alone(tex, *rest),
    )

    def run():
        runs.append(1)
        wide = SansTex(r"\frac{1}{2}").width > SansTex("0").width * 1.5
        return SansTex("1.5" if wide else "2.5").get_all_points()

    typeset.prefetched(run, "course")
    assert len(runs) == 2  # learnt the fraction, "0" and "1.5" (from placeholders), then the real run
    assert [("}2.5\\special" in t, "}1.5\\special" in t) for t in alone] == [(True, False)]


@pytest.mark.parametrize("formulas", [FORMULAS, CJK_FORMULAS], ids=["latex", "xelatex"])
def test_a_batch_draws_what_manim_draws_alone(tmp_path, monkeypatch, formulas):
    monkeypatch.setattr(typeset.digit_glyphs, "swapped", lambda *_: None)  # every formula through LaTeX
    with tempconfig({"tex_dir": str(tmp_path / "alone"), "media_dir": str(tmp_path)}):
        alone = [SansTex(*parts) for parts in formulas]
        alone_svgs = [formula.file_name for formula in alone]
    with tempconfig({"tex_dir": str(tmp_path / "batch"), "media_dir": str(tmp_path)}):
        with typeset.recording() as missing:
            for parts in formulas:
                SansTex(*parts)
        assert len(missing) == len(formulas)
        assert typeset.typeset(missing) == len(formulas)
        batched = [SansTex(*parts) for parts in formulas]  # every SVG is there: nothing is compiled now
    for one, other, svg in zip(alone, batched, alone_svgs):
        assert other.file_name.name == svg.name and other.file_name != svg
        assert drawing(other.file_name.read_text()) == drawing(svg.read_text())
        assert np.allclose(one.get_all_points(), other.get_all_points())
        assert [len(part) for part in one] == [len(part) for part in other]  # the same parts, glyph for glyph
    assert not list((tmp_path / "batch").glob(".*"))  # no temporary file left


def test_a_run_typesets_a_few_missing_formulas_alone_and_looks_ahead_for_more(tex_dir, monkeypatch):
    from manim.utils import tex_file_writing

    runs, alone = [], []
    compile_alone = tex_file_writing.compile_tex
    monkeypatch.setattr(
        tex_file_writing, "compile_tex", lambda tex, *rest: alone.append(tex) or compile_alone(tex, *rest)
    )
    monkeypatch.setattr(typeset, "ALONE", 2)
    monkeypatch.setattr(typeset, "MISSED", {})
    monkeypatch.setattr(typeset, "RUN_SECONDS", {})  # runs that cost no more than two formulas typeset alone
    monkeypatch.setattr(typeset, "ALONE_SECONDS", 10.0)

    def run(*numbers):
        runs.append(1)
        return [SansTex(n, "=", "q_1 k_1").get_all_points() for n in numbers]

    typeset.prefetched(lambda: run("3.141"), "chapter")
    assert len(runs) == 2  # never run before: a look-ahead from the first missing formula, then the real run
    before = len(alone)
    few = typeset.prefetched(lambda: run("2.718", "1.618"), "chapter")
    assert (len(runs), len(alone) - before) == (3, 2)  # its last run missed one: these two typeset alone
    many = typeset.prefetched(lambda: run("1.414", "1.732", "2.236", "2.449"), "chapter")
    assert len(runs) == 5  # two typeset alone, then a look-ahead for the others, then the real run
    typeset.prefetched(lambda: run("9.81"), "chapter")
    assert len(runs) == 7  # its last run missed four: a look-ahead at once
    assert np.allclose(typeset.prefetched(lambda: run("2.718", "1.618"), "chapter")[1], few[1])
    assert len(runs) == 8  # everything typeset: the first run was the real one
    assert np.allclose(typeset.prefetched(lambda: run("2.449"), "chapter")[0], many[3])


def test_a_chapter_whose_run_costs_more_typesets_more_alone_before_it_looks_ahead(tex_dir, monkeypatch):
    runs = []
    monkeypatch.setattr(typeset, "ALONE", 2)
    monkeypatch.setattr(typeset, "MISSED", {"slow": 3})  # its last run missed three
    monkeypatch.setattr(typeset, "RUN_SECONDS", {"slow": 0.8, "quick": 0.0})
    monkeypatch.setattr(typeset, "ALONE_SECONDS", 0.2)
    assert (typeset.budget("slow"), typeset.budget("quick")) == (4, 2)

    def run(*numbers):
        runs.append(1)
        return [SansTex(n, "+", "k_2").get_all_points() for n in numbers]

    typeset.prefetched(lambda: run("6.022", "1.602", "8.314"), "slow")
    assert len(runs) == 1 and typeset.MISSED["slow"] == 3  # all three alone: cheaper than a second run
    assert typeset.RUN_SECONDS["slow"] > 0


def forget_typeset_mobjects() -> None:
    """Empty the caches of typeset mobjects, so the next formula is typeset (or looked up in tex_dir)."""
    for module, name in typeset.CACHES:
        vars(importlib.import_module(module))[name].clear()


def test_nothing_drawn_from_a_stand_in_outlives_the_look_ahead(tex_dir, monkeypatch):
    """manim keeps each number glyph it typesets, by its TeX: a look-ahead's '0' drawn for a '7' must not stay."""
    from scenes.kit.numbers import Number

    def run():
        return Number(7.5, num_decimal_places=1).get_all_points()

    monkeypatch.setattr(typeset, "ALONE", 0)
    forget_typeset_mobjects()
    looked_ahead = typeset.prefetched(run, "number")
    forget_typeset_mobjects()
    with tempconfig({"tex_dir": str(tex_dir.parent / "plain")}):
        plain = run()
    assert np.allclose(looked_ahead, plain)
    zeros = Number(0.0, num_decimal_places=1).get_all_points()  # what the stand-in drew
    assert zeros.shape != looked_ahead.shape or not np.allclose(looked_ahead, zeros)


def test_a_batch_that_fails_writes_nothing_and_the_formula_still_fails_alone(tex_dir):
    template = SansTex("x").tex_template
    before = set(tex_dir.glob("*.svg"))
    assert typeset.typeset([("0.5", "align*", template), (r"\undefinedcommand{1}", "align*", template)]) == 0
    assert set(tex_dir.glob("*.svg")) == before  # not even the good formula's
    with pytest.raises(ValueError, match="latex error"):
        SansTex(r"\undefinedcommand{1}")


def test_a_batch_makes_the_tex_folder_it_writes_to(tmp_path):
    """A look-ahead whose stand-ins were all drawn from look-alikes typesets nothing alone: manim never made
    the folder."""
    folder = tmp_path / "not-yet" / "Tex"
    with tempconfig({"tex_dir": str(folder), "media_dir": str(tmp_path)}):
        template = SansTex("x").tex_template
    with tempconfig({"tex_dir": str(folder), "media_dir": str(tmp_path)}):
        shutil.rmtree(folder)  # made for "x"
        assert typeset.typeset([("0.25", "align*", template)]) == 1
        assert len(list(folder.glob("*.svg"))) == 1


def test_a_formula_with_chinese_words_is_never_swapped_nor_taught_digits(tex_dir, monkeypatch):
    """XeLaTeX's SVG names the CJK face's glyphs by their index in the font, which may be a digit's code."""
    learnt = []
    monkeypatch.setattr(typeset.digit_glyphs, "learn", learnt.append)
    monkeypatch.setattr(typeset.digit_glyphs, "swapped", lambda *_: pytest.fail("swapped"))
    with typeset.recording(alone=2):
        SansTex(r"\text{输出} = 0.5")
        SansTex(r"\text{输出} = 0.7")  # the same stand-in: a look-alike, typeset all the same
    assert learnt == [] and len(list(tex_dir.glob("*.svg"))) == 2
