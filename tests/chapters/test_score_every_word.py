"""Score every word: the rows use the stage's height when they leave room, at one size per role."""

import pytest

from scenes.chapters import score_every_word as chapter
from scenes.kit.stage import STAGE
from tests.support.snapshot import built


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(chapter.ScoreEveryWord, tmp_path_factory.mktemp("media"))


def test_the_rows_spread_down_to_the_stage_bottom(scene):
    box_bottom = scene.summary.get_bottom()[1] - 0.2  # the box round the summary, 0.2 outside it
    assert STAGE.bottom <= box_bottom <= STAGE.bottom + chapter.BOX_MARGIN
    names = scene.keys.names
    gaps = [a.get_y() - b.get_y() for a, b in zip(names, names[1:])]
    assert min(gaps) == pytest.approx(max(gaps)) and min(gaps) > names[0].height + chapter.ROW_BUFF


def test_the_layout_is_centred(scene):
    content = [scene.query, scene.keys, scene.products, scene.scores]
    left = min(m.get_left()[0] for m in content)
    right = max(m.get_right()[0] for m in [*content, scene.formula, scene.divisor_note])
    assert abs(left + right) < 0.05
