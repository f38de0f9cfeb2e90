"""Checks on output folders: whole snapshots (nothing created, removed or changed) and a consistent manifest."""

from __future__ import annotations

import json
from pathlib import Path

import av
import pytest

from pipeline import outputs
from pipeline.plan.manifest import NAME, Manifest
from tests.support import tally


def snapshot(folder: Path) -> dict[str, bytes | None]:
    """Every folder (None) and file (its bytes) under `folder`, itself included, by relative path; {} if absent."""
    folder = Path(folder)
    if not folder.exists():
        return {}
    paths = [folder, *sorted(folder.rglob("*"))]
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None for p in paths}


def assert_unchanged(folder: Path, before: dict[str, bytes | None]) -> None:
    """`folder` holds exactly what `before` recorded, byte for byte."""
    after = snapshot(folder)
    assert sorted(after) == sorted(before), "files or folders were created or removed"
    assert [name for name, data in before.items() if after[name] != data] == [], "files changed"
    tally.count("files checked", sum(data is not None for data in before.values()))


def assert_no_temporary_files(output: Path) -> None:
    """No working folder and no staged file is left anywhere under `output`."""
    assert not (output / outputs.WORK_FOLDER).exists()
    assert [p for p in output.rglob("*.tmp-*")] == []


def assert_consistent(folder: Path) -> Manifest:
    """The folder's manifest parses and each entry's files are there at their recorded sizes, its video
    opening with PyAV at the recorded duration and frame count; returns the manifest."""
    json.loads((folder / NAME).read_text(encoding="utf-8"))
    manifest = Manifest.load(folder)
    assert manifest.entries and not manifest.damaged
    for entry in manifest.entries.values():
        assert {name: (folder / name).stat().st_size for name in entry.files} == entry.files
        video = next(name for name in entry.files if name.endswith(f".{entry.format}"))
        with av.open(str(folder / video)) as container:
            assert container.duration / av.time_base == pytest.approx(entry.duration, abs=0.01)
            assert sum(1 for _ in container.decode(video=0)) == entry.frames
        tally.count("files checked", len(entry.files))
    return manifest
