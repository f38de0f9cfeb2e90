"""`python -m tests.corpus.layout_sweep [--lang LANG] [CHAPTER ...]`: every chapter (or the named ones) laid out
with every corpus example, in English or LANG (`de`, `zh`: German runs longer, Chinese sets another font), the
layout test's checks at every beat end; one line per broken example, then a count per chapter. Exit status 1 when
anything is broken. The test suite runs a share of this (tests/corpus/test_example_layouts.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from manim import tempconfig

import i18n
from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS, find
from tests.corpus.test_example_layouts import problems
from tests.support.example_corpus import corpus_files
from tests.support.layout import chapter_ends

CACHE = (
    Path(__file__).resolve().parents[2] / "build" / "test-cache"
)  # the tests' formula caches (tests/conftest.py)


def sweep(chapter) -> int:
    """How many corpus examples break `chapter`'s layout in the active language, each printed as found."""
    bad = 0
    for path in corpus_files():
        found = problems(chapter_ends(chapter, from_options("l", example=path)))
        if found:
            bad += 1
            print(f"{chapter.name} {path.stem}: {len(found)} problems, first: {found[0]}", flush=True)
    print(f"{chapter.name}: broken {bad} of {len(corpus_files())}", flush=True)
    return bad


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="layout_sweep")
    parser.add_argument("--lang", default=i18n.SOURCE, help="the language to lay out in (default: English)")
    parser.add_argument("chapters", nargs="*")
    options = parser.parse_args(argv)
    chosen = [find(name) for name in options.chapters] if options.chapters else list(CHAPTERS)
    if None in chosen:
        print(f"unknown chapter among {options.chapters}", file=sys.stderr)
        return 2
    with i18n.active(options.lang):
        broken = sum(sweep_apart(chapter, options.lang) for chapter in chosen)
    return 1 if broken else 0


def sweep_apart(chapter, lang: str) -> int:
    """`sweep` with the chapter's formulas and texts in a folder of their own, per language: manim deletes the other
    files of the folder it compiles in, so a sweep sharing one with the tests (or with another sweep running at the
    same time) breaks their compiles and its own."""
    own = CACHE / f"sweep-{lang}" / chapter.name
    with tempconfig({"tex_dir": str(own / "Tex"), "text_dir": str(own / "texts")}):
        return sweep(chapter)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
