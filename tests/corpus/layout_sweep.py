"""`python -m tests.corpus.layout_sweep [CHAPTER ...]`: every chapter (or the named ones) laid out with every
corpus example, the layout test's checks at every beat end; one line per broken example, then a count per
chapter. Exit status 1 when anything is broken. The test suite runs a share of this
(tests/corpus/test_example_layouts.py)."""

from __future__ import annotations

import sys

from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS, find
from tests.corpus.test_example_layouts import problems
from tests.support.example_corpus import corpus_files
from tests.support.layout import chapter_ends


def main(names: list[str]) -> int:
    chosen = [find(name) for name in names] if names else list(CHAPTERS)
    if None in chosen:
        print(f"unknown chapter among {names}", file=sys.stderr)
        return 2
    broken = 0
    for chapter in chosen:
        bad = 0
        for path in corpus_files():
            found = problems(chapter_ends(chapter, from_options("l", example=path)))
            if found:
                bad += 1
                print(f"{chapter.name} {path.stem}: {len(found)} problems, first: {found[0]}", flush=True)
        print(f"{chapter.name}: broken {bad} of {len(corpus_files())}", flush=True)
        broken += bad
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
