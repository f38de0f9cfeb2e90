"""Multi-head: the bars and readouts are the heads' traces; each head's slice and divisor are shown."""

import numpy as np
import pytest
from manim.animation.animation import prepare_animation

from attention import examples
from attention.beyond_examples import HeadsExample
from scenes.arithmetic import vector_math
from scenes.multi_head import MultiHead, caveat_label, caveat_text
from tests.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.65


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(MultiHead, tmp_path_factory.mktemp("media"))


def test_bars_are_the_traces(scene):
    tr = examples.current().heads.trace()
    assert scene.single.shown_values() == list(np.round(tr.single.weights, 3))
    assert len(scene.head_bars) == len(tr.heads)
    for bars, readout, head in zip(scene.head_bars, scene.head_outputs, tr.heads):
        assert bars.shown_values() == list(np.round(head.trace.weights, 3))
        assert readout.shown_values() == list(np.round(head.trace.output, 3))
    assert scene.concat[1].tex_string == vector_math(tr.concatenated)


def test_the_storyboard_numbers(scene):
    assert scene.single.shown_values() == [0.422, 0.422, 0.155]
    assert [b.shown_values() for b in scene.head_bars] == [[0.768, 0.045, 0.187], [0.053, 0.894, 0.053]]
    assert scene.concat[1].tex_string == r"[1.723,\;\; 0.277,\;\; 0.106,\;\; 1.789]"
    assert r"\sqrt{2} \approx 1.414" in scene.head_divisor.tex_string
    assert r"\sqrt{4} = 2" in scene.single_label.tex_string


def test_each_slice_box_surrounds_its_head_s_coordinates(scene):
    width = scene.example.keys.shape[1]
    for box, head in zip(scene.slices, scene.trace.heads):
        inside = [e for m in (scene.query_vector, *scene.vectors) for e in m.get_entries()[head.coordinates]]
        outside = [
            e
            for m in (scene.query_vector, *scene.vectors)
            for k, e in enumerate(m.get_entries())
            if not head.coordinates.start <= k < head.coordinates.stop
        ]
        assert len(inside) == (len(scene.vectors) + 1) * width // len(scene.trace.heads)
        for e in inside:
            assert box.get_left()[0] < e.get_x() < box.get_right()[0]
        for e in outside:
            assert not box.get_left()[0] < e.get_x() < box.get_right()[0]


def test_everything_fits_and_nothing_overlaps(scene):
    parts = [scene.heading, scene.left, scene.single_label, scene.single, scene.column]
    for part in parts:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.heading.get_bottom()[1] > max(scene.left.get_top()[1], scene.column.get_top()[1])
    assert max(p.get_right()[0] for p in (scene.left, scene.single)) < scene.column.get_left()[0]
    blocks = list(scene.column)
    for upper, lower in zip(blocks, blocks[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]
    heads = blocks[1]
    for left, right in zip(heads, heads[1:]):
        assert left.get_right()[0] < right.get_left()[0]


def test_the_caveat_is_on_screen(scene):
    assert scene.note.text == "headsneednotspecialise(heretheydo)"
    assert "outputprojection" in scene.projection.text


def done(animation) -> None:
    """Apply `animation` (or an `.animate` builder) to its mobject at once."""
    animation = prepare_animation(animation)
    animation.begin()
    animation.finish()


def test_the_heads_are_lit_one_at_a_time(scene):
    for animation in scene.focus(0):
        done(animation)
    first = scene.trace.heads[0].coordinates
    for m in (scene.query_vector, *scene.vectors):
        opacities = [e.get_fill_opacity() for e in m.get_entries()]
        assert all((o == 1) == (first.start <= k < first.stop) for k, o in enumerate(opacities))
    for animation in scene.focus(None):
        done(animation)
    assert all(e.get_fill_opacity() == 1 for m in scene.vectors for e in m.get_entries())


def test_the_caveat_says_when_heads_do_not_specialise():
    same = HeadsExample(tokens=("a", "b"), keys=[[1, 0, 1, 0], [0, 1, 0, 1]], query=[1, 0, 1, 0], count=2)
    assert caveat_text(same.trace()) == "Heads need not specialise: here they do not."
    assert caveat_label(same.trace()) == "heads need not specialise (here they do not)"


def test_last_frame(tmp_path):
    assert_matches_snapshot("MultiHead", last_frame(MultiHead, tmp_path))
