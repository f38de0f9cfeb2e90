"""The words chosen from the numbers, each on both sides of its threshold, and the warnings an example gets
where it cannot tell a chapter's story."""

from dataclasses import replace

import numpy as np
import pytest

from attention.examples import DEFAULT, BlendExample, DragExample, HeadsExample
from attention.examples import story as s


def test_counts_are_said_in_words():
    assert [s.count(n) for n in (1, 3, 4, 6)] == ["one", "three", "four", "six"]
    assert s.counted(1, "cell") == "one cell" and s.counted(4, "cell") == "four cells"
    assert s.count(12) == "12"


@pytest.mark.parametrize(
    "word, below, above, low_word, high_word",
    [
        (s.dominates, s.DOMINANT - 0.01, s.DOMINANT + 0.01, False, True),
        (s.keeps_share, s.NEGLIGIBLE - 0.01, s.NEGLIGIBLE + 0.01, False, True),
        (s.mostly, s.DOMINANT - 0.01, s.DOMINANT + 0.01, "most from", "mostly"),
    ],
)
def test_each_word_changes_at_its_threshold(word, below, above, low_word, high_word):
    assert word(below) == low_word and word(above) == high_word


def test_tiny_means_below_the_thresholds():
    assert s.tiny_slope(s.TINY_SLOPE / 2) and not s.tiny_slope(0.197)  # 0.197: near the largest, 1/4
    assert s.tiny_weight(s.TINY_WEIGHT / 2) and not s.tiny_weight(s.TINY_WEIGHT * 2)
    assert s.equal([0.333, 0.334, 0.333]) and not s.equal([0.3, 0.35, 0.35])
    assert s.sharper([0.867, 0.117, 0.016], [0.665, 0.245, 0.090])
    assert not s.sharper([0.665, 0.245, 0.090], [0.665, 0.245, 0.090])
    assert s.saturated_weights([0.9996, 0.0004]) and not s.saturated_weights([0.9994, 0.0006])


def test_the_lecture_s_own_examples_tell_every_story():
    assert s.warnings(DEFAULT) == []


def chapters_warned(example) -> list[str]:
    return [line.split(":")[0] for line in s.warnings(example)]


def test_an_example_that_cannot_show_a_point_is_warned_naming_the_chapter():
    blend = BlendExample(
        tokens=("a", "b", "c"),
        keys=[[1, 0], [1, 0], [1, 0]],  # equal dot products: no gain sharpens them
        values=[[1, 1], [1, 1], [1, 1]],  # equal values: every blend is the same
        queries=[[1, 0], [2, 0]],
    )
    drag = replace(DEFAULT.drag, path=[[2, 0], [2.5, 0.1]])  # "the" leads all the way
    heads = HeadsExample(tokens=("a", "b"), keys=[[2, 0, 2, 0], [0, 1, 0, 1]], query=[1, 0, 1, 0], count=2)
    example = replace(DEFAULT, blend=blend, drag=drag, heads=heads)
    assert chapters_warned(example) == [
        "ThreeTokenDrag",
        "BlendByWeight",
        "Refocus",
        "WhereItBreaks",
        "MultiHead",
    ]
    assert all(len(line.splitlines()) == 1 and "would show it" in line for line in s.warnings(example))


def test_the_saturation_warning_is_on_one_side_of_its_threshold():
    def gap(dots_apart: float) -> list[str]:
        blend = replace(DEFAULT.blend, keys=[[1, 0], [0, 1], [0, 0]], queries=[[dots_apart, 0], [0, 1]])
        return chapters_warned(replace(DEFAULT, blend=blend))

    assert "WhereItBreaks" in gap(0.2)  # at gain 10 the top weight is far from one
    assert "WhereItBreaks" not in gap(1.0)


def test_a_drag_past_two_keys_is_not_warned():
    drag = DragExample(tokens=("a", "b"), keys=[[1, 0], [0, 1]], query=[1, 0], path=[[1, 0], [0, 1]])
    assert "ThreeTokenDrag" not in chapters_warned(replace(DEFAULT, drag=drag))


def test_a_query_whose_weights_do_not_sharpen_with_larger_dots_is_warned():
    """ThreeTokenDrag's closing charts show softmax sharpening as the dots grow (times √d): a query with equal
    dots, or one-hot as printed already divided, cannot show it, and `check` says so."""

    def warned(query) -> list[str]:
        drag = DragExample(tokens=("a", "b"), keys=[[1, 0], [0, 1]], query=query, path=[[1, 0], [0, 1]])
        return [w for w in s.warnings(replace(DEFAULT, drag=drag)) if w.startswith("ThreeTokenDrag")]

    (equal,) = warned([1, 1])
    assert "from 0.500 to 0.500" in equal and "would show it" in equal
    assert warned([20, 0]) != []  # one-hot as printed even divided
    assert warned([0.5, 0]) == []  # 0.587 -> 0.670: sharper, though far from one-hot (the note says so)
    assert s.near_one_hot([0.9, 0.1]) and not s.near_one_hot([0.899, 0.101])


def test_heads_are_warned_unless_each_leads_on_a_word_of_its_own_by_the_stated_margin():
    """Review 7's heads: their top weights fall on different words, but head 2's money 0.312 leads loan 0.304 by
    less than LEAD, so the chapter cannot say the heads specialise: `check` warns, as the chapter words it."""
    river_bank = HeadsExample(
        tokens=("bank", "river", "money", "loan"),
        keys=[
            [0.8, 0.6, -0.5, 1.1],
            [1.3, -0.2, 0.25, -0.7],
            [-0.6, 1.15, 0.9, 0.4],
            [-0.3, 0.95, 1.2, 0.15],
        ],
        query=[1.1, -0.35, 0.6, 0.85],
        count=2,
    )
    tops = [int(np.argmax(h.trace.weights)) for h in river_bank.trace().heads]
    assert len(set(tops)) == 2 and not s.specialise(river_bank.trace())
    (warning,) = [w for w in s.warnings(replace(DEFAULT, heads=river_bank)) if w.startswith("MultiHead")]
    assert "“money”, “loan”" in warning and f"by {s.LEAD}" in warning
    assert s.specialise(DEFAULT.heads.trace()) and "MultiHead" not in chapters_warned(DEFAULT)
