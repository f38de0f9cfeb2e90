"""`python -m benchmarks --tiny`, run once per test run in the background (tests/support/background.py) from
the moment the tests are collected: the benchmark tests read its results."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from benchmarks import plan
from tests.support.background import ROOT, in_background, waited_for

NAME = "tiny-benchmark"
SECONDS = 1800  # the longest it may take
COMMITTED = ROOT / "benchmarks" / "results"
WATCHED = [  # what the benchmark must leave as it found it in the repository
    *(COMMITTED / name for name in ("latest.json", "latest.md", "history.jsonl")),
    ROOT / Path(*plan.tiny().edit.module.split(".")).with_suffix(".py"),
]


def fingerprint() -> dict:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in WATCHED}


def start(root: Path) -> None:
    """Start the tiny benchmark into root/tiny-benchmark, noting first what the repository holds."""

    def prepare() -> list[str]:
        (root / f"{NAME}.before.json").write_text(json.dumps(fingerprint()))
        return [sys.executable, "-m", "benchmarks", "--tiny", "--output", str(root / NAME)]

    in_background(root, NAME, prepare)


def finished(root: Path) -> tuple[Path, dict, dict, str]:
    """Once it has ended: its output folder, the repository's fingerprint before and after, what it printed."""
    start(root)  # unless collection started it
    printed = waited_for(root, NAME, SECONDS)
    before = json.loads((root / f"{NAME}.before.json").read_text())
    return root / NAME, before, fingerprint(), printed
