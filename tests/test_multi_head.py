"""Multi-head: the bars and readouts are the heads' traces; each head's slice and divisor are shown."""

import numpy as np
import pytest
from manim.animation.animation import prepare_animation

from attention import examples
from attention.beyond_examples import HeadsExample
from scenes.arithmetic import vector_math
from scenes.components import text
from scenes.multi_head import MultiHead, caveat_label, caveat_text, column_head
from tests.snapshot import assert_matches_snapshot, built, last_frame

LEFT_X, RIGHT_X, BOTTOM_Y, TOP_Y = -6.8, 6.8, -3.8, 3.65


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(MultiHead, tmp_path_factory.mktemp("media"))


def test_bars_are_the_traces(scene):
    tr = examples.current().heads.trace()
    assert scene.single.shown_values() == list(np.round(tr.single.weights, 3))
    assert len(scene.head_rows) == len(tr.heads)
    for row, readout, head in zip(scene.head_rows, scene.head_outputs, tr.heads):
        assert row.shown_values() == list(np.round(head.trace.weights, 3))
        assert [round(bar.width / row.bars[0].width, 3) for bar in row.bars] == pytest.approx(
            list(head.trace.weights / head.trace.weights[0]), abs=1e-3
        )
        assert readout.shown_values() == list(np.round(head.trace.output, 3))
    assert scene.concat[1].tex_string == vector_math(tr.concatenated)


def test_the_storyboard_numbers(scene):
    assert scene.single.shown_values() == [0.422, 0.422, 0.155]
    assert [r.shown_values() for r in scene.head_rows] == [[0.768, 0.045, 0.187], [0.053, 0.894, 0.053]]
    assert scene.concat[1].tex_string == r"[1.723,\;\; 0.277,\;\; 0.106,\;\; 1.789]"
    assert all(r"\sqrt{2} \approx 1.414" in label.tex_string for label in scene.row_labels)
    assert r"\sqrt{4} = 2" in scene.single_label.tex_string


def test_each_slice_band_surrounds_its_head_s_coordinates(scene):
    for box, head in zip(scene.slices, scene.trace.heads):
        for entry, k in scene.coordinate_entries():
            inside = box.get_bottom()[1] < entry.get_y() < box.get_top()[1]
            assert inside == (head.coordinates.start <= k < head.coordinates.stop)


def test_the_weights_and_names_stand_in_the_keys_columns(scene):
    for name, column in zip(scene.names, scene.keys.get_columns()):
        assert name.get_x() == pytest.approx(column.get_x(), abs=1e-6)
        for row in (scene.single, *scene.head_rows):
            assert any(abs(v.get_x() - column.get_x()) < 1e-6 for v in row.values)


def test_a_long_name_is_cut_with_an_ellipsis_never_shrunk():
    name = column_head("internationalisation-xyz", 1.2)
    assert name.width <= 1.2 and name.text.endswith("…")
    assert name.font_size == text("x", role="label").font_size
    assert column_head("cat", 1.2).text == "cat"


def test_everything_fits_and_nothing_overlaps(scene):
    parts = [scene.heading, scene.inputs_shown, scene.names, scene.table, scene.results]
    for part in parts:
        assert part.get_left()[0] >= LEFT_X and part.get_right()[0] <= RIGHT_X
        assert part.get_bottom()[1] >= BOTTOM_Y and part.get_top()[1] <= TOP_Y
    assert scene.heading.get_bottom()[1] > scene.names.get_top()[1]
    assert scene.names.get_bottom()[1] > scene.keys.get_top()[1] > scene.keys.get_bottom()[1]
    assert scene.keys.get_bottom()[1] > scene.table.get_top()[1]
    assert scene.table.get_bottom()[1] + scene.rise > scene.results.get_top()[1]
    rows = [scene.single, *scene.head_rows]
    for upper, lower in zip(rows, rows[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]


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
    for entry, k in scene.coordinate_entries():
        assert (entry.get_fill_opacity() == 1) == (first.start <= k < first.stop)
    for animation in scene.focus(None):
        done(animation)
    assert all(entry.get_fill_opacity() == 1 for entry, _ in scene.coordinate_entries())


def test_the_caveat_says_when_heads_do_not_specialise():
    same = HeadsExample(tokens=("a", "b"), keys=[[1, 0, 1, 0], [0, 1, 0, 1]], query=[1, 0, 1, 0], count=2)
    assert caveat_text(same.trace()) == "Heads need not specialise: here they do not."
    assert caveat_label(same.trace()) == "heads need not specialise (here they do not)"


def test_last_frame(tmp_path):
    assert_matches_snapshot("MultiHead", last_frame(MultiHead, tmp_path))
