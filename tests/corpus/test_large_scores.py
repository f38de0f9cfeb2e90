"""Large scores, the lecture's own lesson, are accepted and shown: the chapters that write e^score out print it
as 'm × 10^e' (from its logarithm: e^707 is near float64's end, e^12728 far beyond it), the weights saturate
(WhereItBreaks starts saturated), every equation stays true as printed, and the layout holds."""

from __future__ import annotations

import pytest

from attention.examples.file import load_example_file
from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS
from scenes.kit.arithmetic import SCI
from tests.corpus.test_example_layouts import problems
from tests.kit.test_equations import holds, shown
from tests.support.layout import chapter_ends

LARGE = """name = "large scores"

[drag]
tokens = ["far", "near", "mid"]
keys = [[100, -100], [-50, 80], [30, 30]]
query = [90, -90]
path = [[90, -90], [-50, 80]]

[blend]
tokens = ["up", "right", "both"]
keys = [[100, 0], [0, 100], [50, 50]]
values = [[1, 0], [0, 1], [0.5, -0.5]]
queries = [[10, 0], [0, 3]]
"""
PRINTING_EXP = ("ThreeTokenDrag", "BlendByWeight")  # the chapters that write e^score out
SATURATING = ("WhereItBreaks",)  # the chapter about saturation, whose axes reach the largest gaps


@pytest.fixture(scope="session")
def large_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("large") / "large.toml"
    path.write_text(LARGE, encoding="utf-8")
    return path


def test_the_example_s_scores_are_large_and_accepted(large_file):
    example = load_example_file(large_file)
    assert example.drag.trace().scores.max() > 12000 and example.blend.trace(0).scores.max() > 700
    assert example.drag.trace().weights.max() == pytest.approx(1)  # saturated, yet a softmax


@pytest.mark.parametrize(
    "case",
    [(c.name, c, None) for c in CHAPTERS if c.name in PRINTING_EXP + SATURATING],
    ids=lambda case: case[0],
)
def test_large_exponentials_are_shown_true_and_laid_out(case, large_file):
    _, chapter, _ = case
    ends = chapter_ends(chapter, from_options("l", example=large_file))
    texts = [thing.label for end in ends for thing in end.drawn if thing.kind == "text"]
    assert chapter.name in SATURATING or any(SCI in text for text in texts), (
        "no e^score in scientific notation"
    )
    false = [f"{end.beat}: {shown(rel)}" for end in ends for rel in end.relations if not holds(rel)]
    assert not false, "\n".join(false)
    found = problems(ends)
    assert not found, "\n".join(found)


def test_the_page_descriptions_and_transcript_print_large_exponentials(large_file):
    """What the page, the audio description and the transcript print of e^score, for the chapters that write it
    out, is the chapters' 'm × 10^e' too, never 'inf' (the page's data used to overflow and stop the render)."""
    from pipeline.publish import drawn, panel_data, transcript

    example = load_example_file(large_file)
    stop = panel_data.drag_point(example.drag, example.drag.query)
    described = drawn.described("BlendByWeight", example)["Exponentiate"]
    [table] = transcript.blend_table(example)
    printed = [stop["sum"], *stop["ratios"], described, *(row[3] for row in table.rows)]
    assert all("inf" not in text and "nan" not in text for text in printed), printed
    assert "× 10" in stop["sum"] and "× 10" in described and any("× 10" in row[3] for row in table.rows)
