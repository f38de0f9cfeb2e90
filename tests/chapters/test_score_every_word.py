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


def test_while_a_key_is_scored_the_other_rows_are_dimmed_and_the_query_frame_stays(tmp_path):
    """As each dot product is written, only its key's row is bright, and the frame round q is one frame on
    screen throughout (it does not blink off between keys)."""
    from manim import SurroundingRectangle

    from pipeline.run import dry_run
    from scenes.kit.palette import DIM

    seen = []

    class Watched(chapter.ScoreEveryWord):
        def show(self, *animations, caption=None, **kwargs):
            super().show(*animations, caption=caption, **kwargs)
            if caption and "products add up" in caption:
                names = [round(n.get_fill_opacity(), 2) for n in self.keys.names]
                frames = [m for m in self.mobjects if isinstance(m, SurroundingRectangle)]
                seen.append((names, frames))

    Watched.__name__ = "ScoreEveryWord"  # its title comes from the registry, by name
    dry_run.run(Watched, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
    assert len(seen) == len(chapter.examples.current().blend.tokens)
    for i, (names, frames) in enumerate(seen):
        assert names == [1.0 if k == i else DIM for k in range(len(names))]
        assert len(frames) == 2 and frames[0] is seen[0][1][0]  # q's frame, then the key's
