"""QuickVersion: seven take-aways in chapter order, then three lines beyond the sources, each icon drawn from
the chapter's numbers."""

import numpy as np
import pytest

from attention import examples
from scenes import quick_version as qv
from scenes.registry import CHAPTERS, find
from tests.snapshot import assert_matches_snapshot, built, last_frame

FRAME = (14.22 / 2, 4.0)


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(qv.QuickVersion, tmp_path_factory.mktemp("media"))


def test_seven_takeaways_recall_the_chapters_in_order_then_three_beyond_the_sources():
    seven = [t for t in qv.TAKEAWAYS if not t.beyond]
    beyond = [t for t in qv.TAKEAWAYS if t.beyond]
    numbers = [find(t.chapter).number for t in seven]
    assert len(seven) == 7 and qv.TAKEAWAYS[:7] == tuple(seven)
    assert numbers == sorted(numbers) and len(set(numbers)) == 7
    assert [t.chapter for t in beyond] == ["AllQueriesAtOnce", "CausalMask", "MultiHead"]
    assert {t.chapter for t in qv.TAKEAWAYS} <= {ch.name for ch in CHAPTERS}
    assert [b.name for b in qv.BEATS][-1] == "Beyond the sources" and qv.BEATS[-1].takeaways == tuple(beyond)


def test_each_row_shows_its_line_and_chapter_tag(scene):
    for row, takeaway in zip(scene.rows, qv.TAKEAWAYS):
        line, tag = row[1]
        chapter = find(takeaway.chapter)
        assert line.text == takeaway.line.replace(" ", "")
        marked = "beyondthesources·" if takeaway.beyond else ""
        assert tag.text == f"{marked}{chapter.number}·{chapter.title}".replace(" ", "")


def test_icons_sit_inside_their_cards(scene):
    for row in scene.rows:
        back, icon = row[0]
        assert icon.width <= qv.ICON_FIT[0] + 1e-6 and icon.height <= qv.ICON_FIT[1] + 1e-6
        np.testing.assert_allclose(icon.get_center(), back.get_center(), atol=1e-6)


def test_bar_icons_are_the_blend_weights():
    blend = examples.current().blend
    for icon, step in [(qv.weights_icon(examples.current()), 0), (qv.refocus_icon(examples.current())[2], 1)]:
        heights = np.array([bar.height for bar in icon.bars])
        np.testing.assert_allclose(heights / heights.sum(), blend.trace(step).weights, rtol=1e-6)
        assert len(icon.values) == 3 and icon.values not in icon.submobjects  # no unreadable numbers


def test_grid_icon_is_shaded_by_the_cross_attention_weights():
    grid = qv.grid_icon(examples.current())
    weights = examples.current().cross.cross().weights
    opacities = np.array([cell.get_fill_opacity() for cell in grid.cells]).reshape(weights.shape)
    assert np.all(np.diff(opacities.ravel()[np.argsort(weights.ravel())]) >= -1e-9)


def test_the_mask_icon_greys_exactly_the_hidden_cells():
    grid = qv.mask_icon(examples.current())
    masked = examples.current().causal.trace()
    grey = np.array(
        [cell.get_fill_color().to_hex().upper() == qv.theme().grid.upper() for cell in grid.cells]
    )
    np.testing.assert_array_equal(grey.reshape(masked.mask.shape), masked.mask)


def test_rows_fit_the_frame_without_overlapping(scene):
    for row in scene.rows:
        assert -FRAME[0] <= row.get_left()[0] and row.get_right()[0] <= FRAME[0]
        assert -FRAME[1] <= row.get_bottom()[1] and row.get_top()[1] <= FRAME[1]
    for upper, lower in zip(scene.rows[:-1], scene.rows[1:]):
        assert upper.get_bottom()[1] > lower.get_top()[1]
    assert scene.heading.get_bottom()[1] > scene.rows[0].get_top()[1]
    assert scene.formula.get_bottom()[1] > scene.rows[0].get_top()[1]


def test_last_frame_snapshot(tmp_path):
    assert_matches_snapshot("QuickVersion", last_frame(qv.QuickVersion, tmp_path))
