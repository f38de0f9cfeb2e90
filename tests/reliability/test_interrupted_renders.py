"""Renders stopped at named moments (SIGKILL to the whole process group, or Ctrl-C): the outputs are each the
previous or the new whole file, temporary files are never taken for outputs, and the next run completes.

Each test edits one tiny chapter so that its render makes different files, starts `render.py render`
in a subprocess, and stops it once it reports reaching the moment (pipeline.run.pause's flag file, the
Slow chapter's rendezvous file, or a stand-in `latex` on PATH that waits).
"""

from __future__ import annotations

import itertools
import os
import signal
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import av
import pytest

from pipeline import outputs
from tests.support import tally, tiny_scene
from tests.support.folders import assert_consistent, assert_no_temporary_files, snapshot
from tests.support.processes import TIMEOUT, group_alive, paused_env, run_driver, start_driver, wait_for

CHAPTERS = ("Tiny", "Formula", "Slow")
TINY_FILES = frozenset(
    {
        "01-Tiny.mp4",
        "01-Tiny.png",
        "01-Tiny.srt",
        "01-Tiny.vtt",
        "01-Tiny.beat-02.png",
        "01-Tiny.mp4.beats.json",
    }
)
INTERRUPTED = "interrupted: files already in place are kept, unfinished ones were not written\n"
WAITING_LATEX = '#!/bin/sh\necho $$ > "$RENDER_PAUSE_FLAG"\nexec sleep 600\n'  # a `latex` that never ends
EDITS = {  # a chapter's module, rewritten so that its render gives other files (n differs every time)
    "tiny": lambda n: (
        tiny_scene.SOURCES["tiny"]
        .replace("shift(RIGHT)", f"shift(RIGHT * {n})")
        .replace("it moves right", f"it moves right {n}")
    ),
    "slow": lambda n: tiny_scene.SOURCES["slow"].replace("shift(UP)", f"shift(UP * {n})"),
    "formula": lambda n: tiny_scene.SOURCES["formula"].replace(
        'r"x^2 + y^2 = r^2"', f'r"x^{n} + y^{n} = r^{n}"'
    ),
}
variants = itertools.count(3)  # 2 would give Formula its own formula back


@dataclass(frozen=True)
class Moment:
    """Where a render is stopped: the module edited, the pause point (or stand-in), the outputs the run has
    rightly replaced by then, and the signal."""

    module: str
    point: str
    replaced: frozenset[str] = frozenset()
    signal: int = signal.SIGKILL


MOMENTS = {
    "killed during LaTeX": Moment("formula", "latex"),
    "killed during a chapter's frames": Moment("slow", "frames"),
    "killed while publishing a chapter's files": Moment("tiny", "publish:01-Tiny.mp4"),
    "killed during the manifest write": Moment("tiny", "publish:manifest.json", TINY_FILES),
    "killed during the full lecture's join": Moment(
        "tiny", "publish:lecture.mp4", TINY_FILES | {"01-Tiny.vtt", "manifest.json"}
    ),
    "Ctrl-C while publishing a chapter's files": Moment("tiny", "publish:01-Tiny.mp4", signal=signal.SIGINT),
}


@pytest.fixture(scope="module")
def rendered(module_lecture, tmp_path_factory):
    """The driver, and an output folder where the three chapters and the full lecture were rendered."""
    driver, out = module_lecture.driver(*CHAPTERS), tmp_path_factory.mktemp("media")
    run_driver(driver, "render", "--output", out)
    assert_consistent(out / "480p15")
    return module_lecture, driver, out


def stopping_env(moment: Moment, flag: Path, tmp_path: Path) -> dict:
    """The environment of a render that stops at `moment` and then writes `flag`."""
    env = paused_env(moment.point, flag)
    if moment.point == "latex":
        (tmp_path / "bin").mkdir()
        (tmp_path / "bin" / "latex").write_text(WAITING_LATEX)
        (tmp_path / "bin" / "latex").chmod(0o755)
        env["PATH"] = f"{tmp_path / 'bin'}:{env['PATH']}"
    if moment.point == "frames":
        env["TINY_RENDEZVOUS"] = str(flag.parent)  # the Slow chapter writes Slow-rendering there
    return env


def stop(process, moment: Moment) -> str:
    """Send the moment's signal to the render's whole process group; wait until every process of it is gone."""
    os.killpg(process.pid, moment.signal)
    _, stderr = process.communicate(timeout=TIMEOUT)
    wait_for(lambda: not group_alive(process.pid), "every process of the render to end")
    return stderr


def assert_previous_or_new_whole(folder: Path, before: dict, moment: Moment) -> None:
    """Outputs untouched except those rightly replaced (each a whole file); anything new is a temporary file."""
    after = snapshot(folder)
    assert {name for name, data in before.items() if after.get(name) != data} == set(moment.replaced)
    assert all(outputs.TEMPORARY.fullmatch(name) for name in set(after) - set(before))
    for name in moment.replaced & {n for n in after if n.endswith(".mp4")}:
        with av.open(str(folder / name)) as container:
            assert container.duration > 0
    tally.count("files checked", len(before))


def assert_whole_svgs(out: Path) -> None:
    """The shared LaTeX cache holds only whole SVG files."""
    for svg in outputs.tex_cache(out).iterdir():
        ElementTree.parse(svg)


@pytest.mark.parametrize("moment", MOMENTS.values(), ids=MOMENTS.keys())
def test_stopped_render_keeps_good_outputs_and_the_next_run_completes(rendered, tmp_path, moment):
    lecture, driver, out = rendered
    folder = out / "480p15"
    (lecture.folder / f"{moment.module}.py").write_text(EDITS[moment.module](next(variants)))
    before = snapshot(folder)
    flag = tmp_path / ("Slow-rendering" if moment.point == "frames" else "paused")

    process = start_driver(driver, "render", "--output", out, env=stopping_env(moment, flag, tmp_path))
    wait_for(lambda: flag.exists() or process.poll() is not None, f"the render to reach {moment.point}")
    assert flag.exists(), process.communicate()
    stderr = stop(process, moment)

    if moment.signal == signal.SIGINT:
        assert (process.returncode, stderr) == (130, INTERRUPTED)
        assert_no_temporary_files(out)
    assert_previous_or_new_whole(folder, before, moment)
    assert_whole_svgs(out)
    listing = run_driver(driver, "list", "--output", out).stdout
    assert ".tmp-" not in listing and outputs.WORK_FOLDER not in listing

    run_driver(driver, "render", "--output", out)
    manifest = assert_consistent(folder)
    assert set(manifest.entries) == {"01-Tiny.mp4", "02-Formula.mp4", "03-Slow.mp4", "lecture.mp4"}
    assert_no_temporary_files(out)
    tally.count("kills survived" if moment.signal == signal.SIGKILL else "Ctrl-C interrupts survived")
