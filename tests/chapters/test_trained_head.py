"""TrainedHead: the lookup's weights before and after training, the loss curve, the held-out scores and the
learned W_Q W_K^T are the numbers `attention.training` computes, and two runs draw the same picture."""

from itertools import combinations

import numpy as np
import pytest

from attention import examples
from attention.training import STEPS, WORDS, train_head
from scenes.chapters.quick_version import trained_head_icon
from scenes.chapters.registry import find
from scenes.chapters.trained_head import TrainedHead
from scenes.kit.palette import delta_e
from tests.support import snapshot
from tests.support.snapshot import built, last_frame


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(TrainedHead, tmp_path_factory.mktemp("media"))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return snapshot.played(TrainedHead, tmp_path_factory.mktemp("dry"))


def printed(bars) -> list[str]:
    return [number.tex_string for _, number in bars]


def words_of(line) -> str:
    """A held-out line's words (its parts, framed in turn), without spaces."""
    return "".join(part.original_text for part in line).replace(" ", "")


def test_the_bars_are_the_lookups_weights_before_and_after(scene, played):
    ex = train_head().held_out[0]
    assert scene.example == ex
    assert printed(scene.bars_before) == ["0.225", "0.267", "0.255", "0.254"]
    assert printed(scene.bars_after) == ["0.001", "0.010", "0.012", "0.977"] and ex.answer == 3
    heights = [bar.height for bar, _ in scene.bars_after]
    assert [bar.height for bar, _ in played.bars_before] == pytest.approx(heights)  # they became the trained
    assert heights.index(max(heights)) == ex.answer


def test_the_loss_curve_and_its_ends_are_the_training_losses(scene):
    losses = train_head().losses
    assert len(scene.curve.get_anchors()) >= len(losses) == STEPS + 1
    assert [e.tex_string for e in scene.loss_ends] == ["1.361", "0.034"]
    first, axis = scene.loss_ends[0], scene.axes.c2p(0, 0)[0]
    assert first.get_right()[0] < axis  # left of the y axis, as a tick label: the curve never crosses it
    start, end = scene.curve.get_start(), scene.curve.get_end()
    assert np.allclose(scene.axes.p2c(start), (0, losses[0])) and np.allclose(
        scene.axes.p2c(end), (STEPS, losses[-1])
    )


def test_the_held_out_scores_and_captions_say_the_measured_numbers(played):
    head = train_head()
    assert words_of(played.score_before) == "unseen:right23%,meanweightontherightword0.256"
    assert words_of(played.score_after) == "unseen:right100%,meanweightontherightword0.963"
    said = " ".join(played.captions)
    assert f"right {round(100 * head.accuracy_before)}% of the time" in said
    assert "0.977 on “owl”" in said and "from 1.361 to 0.034" in said and "0.963 of the weight" in said


def test_the_learned_grid_is_w_q_w_k_transposed_with_its_diagonal_framed(scene):
    bilinear = train_head().bilinear
    cells, keys, queries = scene.grid
    shown = np.array([float(cell[1].tex_string.replace("−", "-")) for cell in cells]).reshape(bilinear.shape)
    np.testing.assert_allclose(shown, np.round(bilinear, 1), atol=1e-9)
    assert [k.original_text for k in keys] == list(WORDS) == [q.original_text for q in queries]
    assert len(scene.diagonal) == len(WORDS)
    assert all(np.argmax(row) == i for i, row in enumerate(bilinear))  # what the frames say


def test_two_runs_train_alike_and_end_on_the_same_picture(tmp_path):
    first = last_frame(TrainedHead, tmp_path / "one")
    train_head.cache_clear()  # trained again from scratch
    np.testing.assert_array_equal(last_frame(TrainedHead, tmp_path / "two"), first)


def test_it_comes_last_before_the_recap_and_plays_45_to_75_seconds(played):
    assert find("TrainedHead").number == find("QuickVersion").number - 1
    assert 45 <= played.renderer.time <= 75


def test_the_recap_icon_is_the_learned_grid():
    icon = trained_head_icon(examples.current())
    assert len(icon[0]) == len(WORDS) ** 2


def test_the_lookup_s_words_have_colours_far_apart_and_bars_tall_enough_to_see_them(scene):
    words = scene.example.words
    colours = [scene.colours[w] for w in words]
    assert len(set(scene.colours.values())) == len(WORDS)
    assert min(delta_e(a, b) for a, b in combinations(colours, 2)) > 55  # "bee" and "dog" were 44 apart
    for (bar, _), card, colour in zip(scene.bars_before, scene.cards, colours):
        assert (
            bar.get_fill_color().to_hex().upper() == colour.upper()
            and card[1].get_color().to_hex().upper() == colour.upper()
        )
    assert min(bar.height for bar, _ in scene.bars_before) > 0.5  # a weight near 1/4: over 25 px at 480p
