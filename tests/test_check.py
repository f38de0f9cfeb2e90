"""`render.py check EXAMPLE.toml`: each chapter's numbers from attention/, the token colours and the warnings,
without rendering; a refused file is one line and exit status 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from attention.examples import DEFAULT
from attention.examples.file import load_example_file
from pipeline.plan.check import SHOWN
from scenes.chapters import registry
from scenes.kit.palette import THEMES, token_colors

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "examples" / "cat-and-dog.toml"
TEXT = SAMPLE.read_text(encoding="utf-8")


def written(tmp_path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sample_prints_every_chapters_numbers_its_colours_and_no_warnings(run):
    result = run("check", SAMPLE)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("cat-and-dog.toml: valid; rendered into OUTPUT/examples/cat-and-dog/")
    heads = [line for line in lines if line[:2].strip().isdigit()]
    assert [h.split()[:2] for h in heads] == [[str(c.number), c.name] for c in registry.CHAPTERS]
    causal = registry.find("CausalMask").number
    assert f"{causal:2d}  CausalMask  [blend] [causal]" in lines  # the tables its code reads
    at = lines.index(
        f"{registry.find('Projections').number:2d}  Projections  [drag] [blend] [cross] [causal] [heads]"
    )
    assert (
        lines[at + 1]
        == "      the: q [2.000, 0.000, 0.000, 0.000], k [2.000, 0.000, 0.000, 0.000], v [1.000, 0.000]"
    )
    assert "your [blend] gives its vectors directly" in lines[at + 5]
    ex = load_example_file(SAMPLE)
    weights = ", ".join(f"{t} {w:.3f}" for t, w in zip(ex.blend.tokens, ex.blend.trace(0).weights))
    output = ", ".join(f"{x:.3f}" for x in ex.blend.trace(0).output)
    at = lines.index(" 4  BlendByWeight  [blend]")
    assert lines[at + 1 : at + 3] == [f"      weights {weights}", f"      output [{output}]"]
    colours = [f"  {c}  {n}" for n, c in token_colors(ex, THEMES["dark"]).items()]
    at = lines.index("token colours (dark theme; ΔE CIE76 >= 20 apart):")
    assert lines[at + 1 : at + 1 + len(colours)] == colours
    assert lines[-1] == "warnings: none"


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("query = [1.5, 0.5]  ", "query = [1,5, 0,5]", "line 12: drag.query: 1,5 has a decimal comma"),
        ("[[1, -0.5]", "[[1, −0.5] −", "line 13: '−' (U+2212 MINUS SIGN, pasted from a PDF?)"),
        ('name = "cat and dog"', 'title = "cat and dog"', "line 6: unknown field(s) title; expected tables"),
        ("count = 2", "count = 4", "line 45: heads.count: expected at most 3 heads"),
        (
            "[heads]",
            "[head]",
            "line 41: unknown field(s) head; expected tables drag, blend, cross, causal, heads",
        ),
    ],
    ids=["decimal comma", "pasted minus", "unknown key", "bad count", "misspelt table"],
)
def test_a_mistake_is_one_line_naming_the_file_and_exit_status_2(run, tmp_path, old, new, message):
    assert old in TEXT
    path = written(tmp_path, TEXT.replace(old, new, 1))
    result = run("check", path)
    assert result.exit_code == 2
    assert result.stdout == "" and result.stderr.startswith(f"Error: {path}, ") and message in result.stderr
    assert len(result.stderr.splitlines()) == 1 and "Invalid value" not in result.stderr


def test_warnings_are_printed_and_the_status_stays_0(run, tmp_path):
    text = TEXT.replace("values = [[1, 0], [0.5, 0.5], [0, 1]]", "values = [[1, 0], [1, 0], [1, 0]]")
    text = text.replace("[[1, -0.5]", "[[1, −0.5]").replace(
        'tokens = ["dog", "cat", "pet"]\nkeys = [[2', 'tokens = ["x", "y", "z"]\nkeys = [[2'
    )
    result = run("check", written(tmp_path, text))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    found = lines[lines.index("warnings (3):") + 1 :]
    assert found[0].startswith("  - BlendByWeight: the output should follow the weights")
    assert (
        found[1]
        == "  - colours: 8 names across the tables, more than the theme's 6; generated colours for 'y', 'z'"
    )
    assert found[2] == "  - line 13: read a pasted minus sign (− or –) as '-'"
    assert sum(line.endswith("(generated)") for line in lines) == 2


def test_every_chapter_has_its_numbers_in_the_check():
    assert set(SHOWN) == {c.name for c in registry.CHAPTERS}


def test_shrink_scores_lists_only_its_divisor_and_where_it_breaks_prints_the_slope_as_the_chapter_does():
    """Issue 29: ShrinkScores was given weights it never shows; a gain-10 slope of 2.06 × 10⁻⁹ printed 0.000."""
    assert SHOWN["ShrinkScores"](DEFAULT) == [
        "divisor √4 = 2 (your keys' width); the random samples are the lecture's own"
    ]
    assert (
        SHOWN["WhereItBreaks"](DEFAULT)[1:]
        == [
            "gain 1: top weight 0.867, slope w(1 − w) 0.115, smallest weight 0.016",  # as the bars: not 1.59 × 10⁻²
            "gain 10: top weight 1.000, slope w(1 − w) 2.06 × 10⁻⁹, smallest weight 4.25 × 10⁻¹⁸",
        ]
    )


def test_the_check_formats_with_the_kit_alone_without_manim():
    """Issue 29: `check` imported two chapters (and manim) for their number formats; they are the kit's now."""
    code = (
        "import sys; from attention.examples import DEFAULT; from pipeline.plan.check import SHOWN; "
        "[SHOWN[name](DEFAULT) for name in ('ShrinkScores', 'WhereItBreaks')]; "
        "sys.exit('manim' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
