"""A seeded corpus of valid example files: what a lecturer may write, at the edges of what the loader accepts.

`corpus()` returns (name, TOML text) pairs, each loadable with `attention.examples.file.load_example_file`
and giving all five tables, so every chapter meets it. The examples take turns at the styles in STYLES:
negative numbers, the full -100..100 range, decimals (up to three places, as the lecture prints inputs),
six tokens, 24-character names, Chinese/Japanese/Korean names, Greek names, and all of these mixed.
The worked queries (drag.query, blend.queries) are scaled down until every score q·k/√d they give is
within MODERATE_SCORE (the loader accepts any; tests/corpus/test_large_scores.py runs large ones).
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from attention import examples
from attention.examples.file import MAX_ABS, MAX_NAME, load_example_file
from attention.examples.shapes import MAX_PATH, MAX_TOKENS, MAX_WIDTH
from pipeline.plan.dependencies import Scanner
from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS

SEED = 2026
COUNT = 24
MODERATE_SCORE = (
    20.0  # the corpus keeps the worked scores |q·k|/√d within this; large ones have their own test
)
STYLES = ("negative", "full-range", "decimals", "six-tokens", "long-names", "cjk", "greek", "mixed")
WORDS = ("king", "queen", "apple", "the", "cat", "sat", "on", "mat", "dog", "river", "bank", "money")
LONG = (
    "internationalisation-xyz",
    "counterrevolutionaryisms",
    "uncharacteristicallyNice",
    "electroencephalographies",
    "the-quick-brown-fox-jump",
    "Ωμέγα-and-猫-mixed-name-x",
)
CJK = ("猫", "犬", "東京", "日本語", "한국어", "사랑", "学生", "北京大学")
GREEK = ("αλφα", "βήτα", "γάμμα", "Ωμέγα", "δέλτα", "λόγος")


def names(rng: np.random.Generator, style: str, count: int) -> list[str]:
    """`count` distinct token names in `style`."""
    pool = {
        "long-names": LONG,
        "cjk": CJK,
        "greek": GREEK,
        "mixed": WORDS[:4] + LONG[:2] + CJK[:3] + GREEK[:3],
    }
    chosen = list(rng.choice(pool.get(style, WORDS), size=count, replace=False))
    assert all(len(name) <= MAX_NAME for name in chosen)
    return [str(name) for name in chosen]


def numbers(rng: np.random.Generator, style: str, shape) -> np.ndarray:
    """Coordinates in `style`: signed small whole numbers and halves, or the whole range, or decimals."""
    if style == "full-range":
        values = rng.uniform(-MAX_ABS, MAX_ABS, shape).round(int(rng.integers(0, 2)))
        values.flat[0], values.flat[-1] = MAX_ABS, -MAX_ABS  # both ends of the range
    elif style in ("decimals", "mixed"):
        values = rng.uniform(-3, 3, shape).round(3)
    elif style == "negative":
        values = -rng.integers(0, 5, shape) + rng.choice([0, 0.5], shape)
    else:
        values = rng.integers(-2, 4, shape).astype(float)
    return values


def within_scores(query: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """`query` scaled down (to two decimals) until every |q·k|/√d is within MODERATE_SCORE."""
    limit = 0.9 * MODERATE_SCORE * np.sqrt(keys.shape[1])
    while np.abs(keys @ query).max() > limit:
        query = (query * 0.9 * limit / np.abs(keys @ query).max()).round(2)
    return query


def example(rng: np.random.Generator, style: str) -> dict:
    """One example's tables, as plain lists."""
    n = MAX_TOKENS if style in ("six-tokens", "mixed") else int(rng.integers(2, MAX_TOKENS + 1))

    def rows(count: int, width: int) -> np.ndarray:
        return numbers(rng, style, (count, width))

    d = int(rng.integers(1, MAX_WIDTH + 1))
    drag_keys, blend_keys = rows(n, 2), rows(n, d)
    targets = int(rng.integers(1, MAX_TOKENS + 1))
    heads = int(rng.choice([2, 3]))
    head_width = heads * int(rng.integers(1, MAX_WIDTH // heads + 1))
    cross_width = int(rng.integers(1, MAX_WIDTH + 1))
    return {
        "drag": {
            "tokens": names(rng, style, n),
            "keys": drag_keys,
            "query": within_scores(rows(1, 2)[0], drag_keys),
            "path": rows(int(rng.integers(2, MAX_PATH + 1)), 2),
        },
        "blend": {
            "tokens": names(rng, style, n),
            "keys": blend_keys,
            "values": rows(n, 2),
            "queries": np.array([within_scores(q, blend_keys) for q in rows(2, d)]),
        },
        "cross": {
            "source_tokens": names(rng, style, n),
            "target_tokens": names(rng, style, targets),
            "keys": rows(n, cross_width),
            "values": rows(n, int(rng.integers(1, MAX_WIDTH + 1))),
            "self_queries": rows(n, cross_width),
            "queries": rows(targets, cross_width),
        },
        "causal": {"tokens": names(rng, style, n), "keys": rows(n, d), "values": rows(n, 2)},
        "heads": {
            "tokens": names(rng, style, n),
            "keys": rows(n, head_width),
            "query": rows(1, head_width)[0],
            "count": heads,
        },
    }


def toml_value(value) -> str:
    """A TOML value: strings quoted, numbers as written (whole numbers without a point), lists nested."""
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return repr(value)


def toml_text(name: str, tables: dict) -> str:
    """The example file's text."""
    lines = [f"name = {toml_value(name)}"]
    for table, fields in tables.items():
        lines += ["", f"[{table}]", *[f"{field} = {toml_value(value)}" for field, value in fields.items()]]
    return "\n".join(lines) + "\n"


def corpus(count: int = COUNT, seed: int = SEED) -> list[tuple[str, str]]:
    """`count` examples from `seed`, (name, TOML text) each, taking turns at STYLES."""
    rng = np.random.default_rng(seed)
    made = []
    for i in range(count):
        style = STYLES[i % len(STYLES)]
        name = f"corpus-{i:02d}-{style}"
        made.append((name, toml_text(name, example(rng, style))))
    return made


_FILES: list[Path] = []


def corpus_files() -> list[Path]:
    """The corpus written as example files (once per test session, in a temporary folder removed at exit)."""
    if not _FILES:
        folder = Path(tempfile.mkdtemp(prefix="corpus-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        for name, text in corpus():
            path = folder / f"{name}.toml"
            path.write_text(text, encoding="utf-8")
            _FILES.append(path)
    return list(_FILES)


@contextmanager
def using(example) -> Iterator[None]:
    """`example` (an `Examples`) in use while the block runs, the one before it after."""
    before = examples.current()
    examples.use(example)
    try:
        yield
    finally:
        examples.use(before)


@contextmanager
def corpus_example(number: int) -> Iterator[None]:
    """Corpus example `number` in use while the block runs (as --example would), the one before it after."""
    path = next(p for p in corpus_files() if p.stem.startswith(f"corpus-{number:02d}-"))
    with using(load_example_file(path)):
        yield


OFFSETS = (
    0,
    1,
    6,
    7,
    12,
    13,
    18,
    19,
)  # chapter i runs the examples 2i + these (mod COUNT): one of each style


def chapter_share(index: int, files: list[Path]) -> list[Path]:
    """The corpus examples chapter `index` runs: 2 * index and the others OFFSETS on from it (mod COUNT). Each
    chapter meets every style; with 12 chapters or more every example is run by at least 4 of them."""
    return [files[number] for number in _shared(index, len(files))]


def _shared(index: int, count: int) -> list[int]:
    """The numbers of the examples chapter `index` runs, of a corpus of `count`."""
    return [(2 * index + offset) % count for offset in OFFSETS]


def share_of(name: str) -> list[int]:
    """The numbers of the corpus examples the chapter named `name` runs (`chapter_share`): one of each style, for
    a chapter's own checks that cost a run of it per example."""
    index = [chapter.name for chapter in example_readers()].index(name)
    return sorted(_shared(index, COUNT))


@functools.cache
def example_readers() -> tuple:
    """The registry's chapters whose code reads an example table (any other, such as TrainedHead, draws the
    same picture whatever the example: one look at it is enough)."""
    scanner = Scanner()
    return tuple(c for c in CHAPTERS if scanner.tables(scanner.code(c)))


def chapter_looks() -> list[tuple[str, object, object]]:
    """(id, chapter, settings): each registry chapter with the lecture's example, then each that reads one
    (`example_readers`) with each example of its share of the corpus (`chapter_share`); the id names the
    chapter and the example."""
    files = corpus_files()
    found = [(f"{c.name}-default", c, from_options("l")) for c in CHAPTERS]
    for i, chapter in enumerate(example_readers()):
        for path in chapter_share(i, files):
            found.append((f"{chapter.name}-{path.stem}", chapter, from_options("l", example=path)))
    return found
