"""Token orders between chapters (review 7: the/cat/sat became the/sat/cat with no word on screen): where a
chapter shows the words of the chapter just before it in another order, it says so (its `words_before` reads the
table the chapter before shows, and the chapter's note compares with it). Derived from the registry's order and the
tables the chapters' own `inputs` read, for the lecture's example and the custom one. The lecture's own words keep
one order, the/cat/sat, throughout (review 8, should 2): no chapter of it needs the note."""

import importlib
import inspect
import re
from pathlib import Path

from attention import examples
from attention.examples import story
from attention.examples.file import load_example_file
from attention.examples.story import reordered
from attention.projections import DEFAULT_PROJECTIONS
from scenes.chapters.multi_head import warning_text
from scenes.chapters.registry import CHAPTERS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = (examples.DEFAULT, load_example_file(ROOT / "examples" / "cat-and-dog.toml"))


def table(chapter) -> str | None:
    """The one example table a chapter's `inputs` reads ('blend'), or None (several, or its own task)."""
    return read_table(chapter.scene_class().inputs)


def read_table(function) -> str | None:
    """The one example table `function` reads, or None."""
    read = re.findall(r"examples\.current\(\)\.(\w+)", inspect.getsource(function))
    return read[0] if len(read) == 1 else None


def words(ex, name: str) -> tuple[str, ...]:
    shown = getattr(ex, name)
    return shown.source_tokens if name == "cross" else shown.tokens


def test_a_chapter_showing_the_last_chapter_s_words_in_another_order_compares_with_that_chapter():
    needed, declared = {}, {}
    for before, chapter in zip(CHAPTERS, CHAPTERS[1:]):
        module = importlib.import_module(chapter.module)
        if hasattr(module, "words_before"):
            declared[chapter.name] = (read_table(module.words_before), table(before))
        a, b = table(before), table(chapter)
        if a and b and any(reordered(words(ex, b), words(ex, a)) for ex in EXAMPLES):
            needed[chapter.name] = a
    assert "ScoreEveryWord" in needed  # cat-and-dog's drag dog/cat/pet, then its dog/pet/cat: not vacuous
    silent = {name: a for name, a in needed.items() if declared.get(name, (None,))[0] != a}
    assert not silent, (
        f"chapters showing the last chapter's words in another order without saying so: {silent}"
    )
    stale = {name: pair for name, pair in declared.items() if pair[0] != pair[1]}
    assert not stale, f"words_before reads a table the chapter before does not show: {stale}"


def test_the_lecture_keeps_one_order_so_no_chapter_notes_one():
    ex = examples.DEFAULT
    orders = {words(ex, name) for name in ("drag", "blend", "causal", "heads")}
    assert orders == {("the", "cat", "sat")}
    assert DEFAULT_PROJECTIONS.tokens[:3] == ("the", "cat", "sat")  # Projections (and WordOrder's X) add "a"


def test_only_the_same_words_in_another_order_are_reordered():
    assert reordered(("the", "sat", "cat"), ("the", "cat", "sat"))
    assert not reordered(("the", "cat", "sat"), ("the", "cat", "sat"))
    assert not reordered(("the", "cat", "sat"), ("the", "cat", "sat", "down"))  # another sentence


def test_multi_head_s_note_says_the_words_are_reordered():
    assert warning_text([], reordered=True) == story.REORDERED
    assert (
        warning_text(["cat"], reordered=True)
        == "new vectors here for “cat”; the last chapter's words, in another order"
    )
    assert warning_text([], reordered=False) == ""
