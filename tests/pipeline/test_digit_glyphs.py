"""pipeline.run.digit_glyphs: a formula made from a look-alike's SVG by swapping its digits draws what LaTeX
draws, glyph for glyph, and is not made where the swap is not sure."""

from __future__ import annotations

import numpy as np
import pytest
from manim import tempconfig

from pipeline.run import digit_glyphs, typeset
from scenes.kit.numbers import SansTex
from tests.pipeline.test_typeset import drawing

# look-alikes as the chapters write them: workings, vectors in parts, scripts, large and small numbers
FAMILIES = (
    ((r"e^{0.913} \approx 2.491",), (r"e^{1.563} \approx 4.774",)),
    ((r"e^{-1.133} \approx 0.322",), (r"e^{-4.089} \approx 0.017",)),
    (
        (r"0.234 \times [2.935, 0.33] \approx [0.687, 0.077]",),
        (r"0.172 \times [1.273, 2.31] \approx [0.218, 0.397]",),
    ),
    (("[", "-1.25", r",\;\;", "1.642", "]"), ("[", "-3.07", r",\;\;", "8.965", "]")),
    ((r"k_{1}", "=", "0.5"), (r"k_{4}", "=", "9.8")),
    ((r"{3.60} \\ {}\times 10^{-5}",), (r"{7.12} \\ {}\times 10^{-8}",)),
)


@pytest.fixture
def tex_dir(tmp_path, monkeypatch):
    """An empty Tex folder; no look-alikes or digit glyphs remembered from other tests in this process."""
    monkeypatch.setattr(typeset, "LOOKALIKES", {})
    monkeypatch.setattr(digit_glyphs, "_DIGITS", {})
    monkeypatch.setattr(digit_glyphs, "_FONT", {})
    with tempconfig({"tex_dir": str(tmp_path / "Tex"), "media_dir": str(tmp_path)}):
        yield tmp_path / "Tex"


def test_a_swapped_formula_draws_what_latex_draws(tex_dir, tmp_path, monkeypatch):
    from manim.utils import tex_file_writing

    with typeset.recording(alone=100):  # the first of each family, and every digit, typeset by LaTeX
        for family in FAMILIES:
            SansTex(*family[0])
        SansTex("0123456789", "x^{0123456789}")
    compiled = tex_file_writing.compile_tex
    monkeypatch.setattr(tex_file_writing, "compile_tex", lambda *_: pytest.fail("typeset by LaTeX"))
    with typeset.recording() as missing:
        swapped = [SansTex(*parts) for family in FAMILIES for parts in family[1:]]
    assert not missing
    monkeypatch.setattr(tex_file_writing, "compile_tex", compiled)
    with tempconfig({"tex_dir": str(tmp_path / "latex")}):
        latex = [SansTex(*parts) for family in FAMILIES for parts in family[1:]]
    for ours, theirs in zip(swapped, latex):
        assert drawing(ours.file_name.read_text()) == drawing(theirs.file_name.read_text())
        assert np.array_equal(ours.get_all_points(), theirs.get_all_points())  # the same frames
        assert [len(part) for part in ours] == [len(part) for part in theirs]
    assert not list(tex_dir.glob(".*"))  # written whole: no temporary file left


def test_no_swap_where_it_is_not_sure():
    svg = (
        "<svg><defs>\n<path id='g0-49' d='M1'/>\n<path id='g0-50' d='M2'/>\n</defs>\n"
        "<use x='0' y='0' xlink:href='#g0-49'/>\n<use x='5' y='0' xlink:href='#g0-50'/>\n</svg>"
    )
    digit_glyphs.learn(svg)
    assert digit_glyphs.swapped(["2", "1"], ["1", "2"], svg, "1.2") is not None  # both glyphs known
    assert digit_glyphs.swapped(["2", "7"], ["1", "2"], svg, "2.7") is None  # no 7 known in this font
    assert digit_glyphs.swapped(["2", "1"], ["2", "1"], svg, "2.1") is None  # drawn in another order
    assert digit_glyphs.swapped(["2", "1"], ["1", "2"], svg, "x_{2}^{1}") is None  # two scripts on one base
    assert digit_glyphs.swapped(["2", "1"], ["1", "2"], svg, r"\frac{2}{1}") is None  # stacked
