"""A private copy of the project to measure: the benchmark never modifies the working tree."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scenes.chapters import registry

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "media",
    "tests",
    "results",
    "__pycache__",
    ".*cache*",
    ".hypothesis",
    "*.egg-info",
)


def copy_project(target: Path, revision: str | None = None) -> Path:
    """Copy the project to `target` and return it: as it is now (its code, not its media, tests or results),
    or as committed at `revision` with this benchmark's own code."""
    if revision is None:
        return shutil.copytree(ROOT, target, ignore=SKIPPED)
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True, check=True).stdout
    target.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    shutil.rmtree(target / "benchmarks", ignore_errors=True)
    shutil.copytree(ROOT / "benchmarks", target / "benchmarks", ignore=SKIPPED)
    return target


def list_chapters(root: Path, chapters) -> None:
    """Make `chapters` the whole registry of the copy at `root` (its chapters.toml lists them alone)."""
    entries = [
        f'[[chapter]]\nid = {c.number}\nname = "{c.name}"\nmodule = "{c.module}"\ntitle = "{c.title}"\n'
        for c in chapters
    ]
    (root / registry.DATA.relative_to(ROOT)).write_text("\n".join(entries), encoding="utf-8")


def environment(root: Path) -> dict[str, str]:
    """The environment for commands run in the copy at `root`: its packages first on the import path; renders
    make no WebMs (RENDER_WEBM), which `Suite.webm` times apart, so the pipeline is compared with plain manim
    on the same work."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1", RENDER_WEBM="no")
    env.pop("PYTHONSTARTUP", None)
    return env


def python() -> str:
    """The interpreter running the benchmark (the project's virtual environment)."""
    return sys.executable


def commit_of(revision: str) -> str:
    """The full hash of the commit `revision` names; ValueError when it names none."""
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if found.returncode != 0:
        raise ValueError(f"{revision!r} is not a commit of this repository")
    return found.stdout.strip()


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
