"""The chapter list: numbered 1, 2, 3, ... in viewing order (one numbering for files, command line, page and
recap), and no chapter refers to one the viewer has not seen yet."""

import pytest

from pipeline.plan.settings import from_options
from scenes.chapters import registry
from scenes.chapters.registry import CHAPTERS
from tests.support.layout import chapter_ends

ENTRY = '[[chapter]]\nid = {}\nname = "{}"\nmodule = "m"\ntitle = "t"\n'


def test_the_ids_are_the_viewing_order():
    assert [c.number for c in CHAPTERS] == list(range(1, len(CHAPTERS) + 1))


@pytest.mark.parametrize("ids", [(1, 3), (2, 1), (1, 1), (0, 1), (True, 2)])
def test_ids_that_skip_repeat_or_run_out_of_order_are_refused(tmp_path, ids):
    path = tmp_path / "chapters.toml"
    path.write_text("".join(ENTRY.format(str(i).lower(), f"C{i}") for i in ids))
    with pytest.raises(ValueError, match="1, 2, 3"):
        registry.load(path)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_no_caption_names_a_chapter_still_to_come(chapter):
    said = " ".join(chapter_ends(chapter, from_options("l"))[-1].captions).lower()
    later = CHAPTERS[chapter.number :]
    assert not [c.title for c in later if c.title.lower() in said]
    assert not [c.number for c in later if f"chapter {c.number}" in said]
