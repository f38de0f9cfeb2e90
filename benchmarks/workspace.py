"""A private copy of the project to measure: the benchmark never modifies the working tree."""
from __future__ import annotations

import os
import shutil
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = shutil.ignore_patterns(".git", ".venv", "media", "tests", "results", "__pycache__", ".*cache*",
                                 ".hypothesis", "*.egg-info")


def copy_project(target: Path) -> Path:
    """Copy the project as it is now (its code, not its media, tests or results) to `target`; return `target`."""
    shutil.copytree(ROOT, target, ignore=SKIPPED)
    return target


def environment(root: Path) -> dict[str, str]:
    """The environment for commands run in the copy at `root`: its packages first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONSTARTUP", None)
    return env


def python() -> str:
    """The interpreter running the benchmark (the project's virtual environment)."""
    return sys.executable


@contextmanager
def edited(module_file: Path) -> Iterator[str]:
    """Append a comment with a unique token to `module_file` (a content change); restore it afterwards."""
    original = module_file.read_bytes()
    token = f"benchmark-edit-{uuid.uuid4().hex}"
    try:
        module_file.write_bytes(original + f"\n# {token}\n".encode())
        yield token
    finally:
        module_file.write_bytes(original)
