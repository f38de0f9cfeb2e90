"""Every shape the example loader accepts, a chapter can run: the smallest and the largest example each rule
allows, built from `RULES` itself (tests/attention/test_example_shapes.py), go through every chapter's whole
script (animations jump to their end, no frame is drawn)."""

from __future__ import annotations

import pytest

from attention import examples
from attention.examples.file import examples_from_dict
from pipeline.run import dry_run
from tests.attention.test_example_shapes import every_table
from tests.support.example_corpus import example_readers


def run_script(scene_class, media_dir) -> None:
    """Run a chapter's whole script dry (`pipeline.run.dry_run`: animations jump to their end, no frame drawn)."""
    dry_run.run(scene_class, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(media_dir)})


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    """One media folder for the module, so its LaTeX cache is shared by every chapter."""
    return tmp_path_factory.mktemp("media")


@pytest.fixture
def installed():
    """A function installing an example for the chapters; the lecture's own comes back afterwards."""
    yield examples.use
    examples.use(examples.DEFAULT)


@pytest.mark.parametrize("largest", [False, True], ids=["smallest", "largest"])
@pytest.mark.parametrize("chapter", example_readers(), ids=[c.name for c in example_readers()])
def test_every_chapter_runs_with_the_extreme_shapes_the_loader_accepts(chapter, largest, media, installed):
    installed(examples_from_dict(every_table(largest)))
    run_script(chapter.scene_class(), media)
