"""A chapter rendered in parts keeps every guarantee of a whole one: Ctrl-C (to the process group, or to
render.py alone) while its parts render stops the run promptly with status 130, writes nothing after the
message, leaves no half-written file or parts folder and keeps the earlier outputs; a part whose worker
is killed fails its chapter alone, in one line, and the next run renders only what is missing.

The chapter SlowBeats has two beats of equal length whose frames are slow to make; with a part's costs
set to nothing (in the driver) two workers split it into two parts, each rendering one beat.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline import outputs
from scenes.chapters.registry import Chapter
from tests.support import tiny_scene
from tests.support.folders import assert_no_temporary_files, snapshot
from tests.support.processes import TIMEOUT, gone, group_alive, run_driver, wait_for

INTERRUPTED = "interrupted: files already in place are kept, unfinished ones were not written\n"
BEATS = ("first", "second")
SLOW_BEATS = f'''
import os
import signal
import time
from pathlib import Path

from manim import UP, Scene, Square

SECONDS = float(os.environ.get("SLOW_BEATS_SECONDS", "1"))
CRASH = os.environ.get("SLOW_BEATS_CRASH")  # the beat whose worker kills itself once it makes frames


class SlowBeats(Scene):
    """Two beats of slow frames; each says which process makes its frames (in $SLOW_BEATS_RENDEZVOUS)."""

    def construct(self):
        for name in {BEATS!r}:
            self.next_section(name)
            shape = Square()
            shape.add_updater(lambda mobject, dt, name=name: self.crawl(name))
            self.add(shape)
            self.play(shape.animate.shift(UP), run_time=SECONDS)
            shape.clear_updaters()

    def crawl(self, name):
        if self.renderer.skip_animations:  # a later part skipping this beat
            return
        if CRASH == name:
            os.kill(os.getpid(), signal.SIGKILL)
        said = Path(os.environ.get("SLOW_BEATS_RENDEZVOUS", "")) / name
        if "SLOW_BEATS_RENDEZVOUS" in os.environ and not said.exists():  # said once, whole (renamed)
            said.with_suffix(".new").write_text(str(os.getpid()))
            said.with_suffix(".new").replace(said)
        time.sleep(0.05)
'''
DRIVER = """
import sys

sys.path[:0] = {paths!r}

from pipeline.run import beat_jobs  # noqa: E402
from render import cli  # noqa: E402
from scenes.chapters import registry  # noqa: E402
from scenes.chapters.registry import Chapter  # noqa: E402

if __name__ == "__main__":
    registry.CHAPTERS = {chapters!r}
    beat_jobs.SKIP_COST = beat_jobs.JOB_COST = 0.0  # so that two short beats are worth two parts
    cli()
"""


@pytest.fixture
def parted(lecture, tmp_path):
    """A driver for SlowBeats and Tiny, both rendered once (the manifest holds SlowBeats' beats' times); the
    folder of the chapters' modules."""
    (lecture.folder / "slow_beats.py").write_text(SLOW_BEATS)
    chapters = (
        Chapter(1, "SlowBeats", "Slow beats", f"{lecture.package}.slow_beats"),
        Chapter(2, "Tiny", tiny_scene.TITLES["Tiny"][1], f"{lecture.package}.tiny"),
    )
    driver = tmp_path / "drive_parts.py"
    driver.write_text(
        DRIVER.format(paths=[str(tiny_scene.ROOT), str(lecture.folder.parent)], chapters=chapters)
    )
    out = tmp_path / "media"
    run_driver(driver, "render", "--jobs", "2", "--output", out)
    return driver, out, lecture.folder


def parts_env(tmp_path: Path, **extra: str) -> dict:
    """Slow beats (a minute each unless stopped), saying in tmp_path/rendezvous which process renders which."""
    rendezvous = tmp_path / "rendezvous"
    rendezvous.mkdir(exist_ok=True)
    return {**os.environ, "SLOW_BEATS_SECONDS": "60", "SLOW_BEATS_RENDEZVOUS": str(rendezvous), **extra}


def both_parts_rendering(tmp_path: Path) -> dict[str, int]:
    """The process making each beat's frames, once both beats are being made at once (two parts)."""
    rendezvous = tmp_path / "rendezvous"
    wait_for(lambda: all((rendezvous / name).exists() for name in BEATS), "both parts to make frames")
    pids = {name: int((rendezvous / name).read_text()) for name in BEATS}
    assert len(set(pids.values())) == 2, pids  # two workers: the chapter renders in two parts
    return pids


def start(driver: Path, out: Path, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(driver), "render", "--force", "--jobs", "2", "--output", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env=env,
    )


def assert_stopped_cleanly(process, out: Path, before: dict, pids: dict, took: float) -> None:
    stdout, stderr = process.communicate(timeout=TIMEOUT)
    assert (process.returncode, stderr) == (130, INTERRUPTED), stdout + stderr
    assert took < 5, f"took {took:.1f} s to stop"
    assert all(gone(pid) for pid in pids.values())
    written = snapshot(out / "480p15")
    time.sleep(1)  # anything still running would write now
    assert snapshot(out / "480p15") == written == before  # the earlier outputs are intact, nothing added
    assert_no_temporary_files(out)
    assert not (out / outputs.WORK_FOLDER).exists()  # no parts folder left


@pytest.mark.parametrize(
    "to_group", [True, False], ids=["Ctrl-C to the process group", "SIGINT to render.py"]
)
def test_interrupted_while_parts_render(parted, tmp_path, to_group):
    driver, out, _ = parted
    before = snapshot(out / "480p15")
    process = start(driver, out, parts_env(tmp_path))
    pids = both_parts_rendering(tmp_path)
    sent = time.monotonic()
    if to_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    process.wait(TIMEOUT)
    assert_stopped_cleanly(process, out, before, pids, time.monotonic() - sent)
    wait_for(lambda: not group_alive(process.pid), "every process of the render to end")


def test_a_part_whose_worker_dies_fails_its_chapter_alone_and_the_rerun_renders_only_it(parted, tmp_path):
    driver, out, modules = parted
    slow_video = out / "480p15" / "01-SlowBeats.mp4"
    kept = slow_video.read_bytes()
    module = modules / "slow_beats.py"
    module.write_text(module.read_text().replace("shift(UP)", "shift(UP * 2)"))  # out of date now
    env = {**os.environ, "SLOW_BEATS_CRASH": "second"}
    failed = run_driver(driver, "render", "--force", "--jobs", "2", "--output", out, status=1, env=env)
    errors = [line for line in (failed.stdout + failed.stderr).splitlines() if "ERROR" in line]
    assert errors == ["ERROR 01-SlowBeats: part 2/2: the worker process died (killed, or out of memory)"]
    assert "done 02-Tiny" in failed.stdout  # the other chapter finished
    assert slow_video.read_bytes() == kept  # the chapter's earlier video is intact
    assert_only_dead_workers_left(out)

    rerun = run_driver(driver, "render", "--jobs", "2", "--output", out)
    done = [line.split()[1] for line in rerun.stdout.splitlines() if line.startswith("done")]
    assert done == ["01-SlowBeats"]  # Tiny, rendered by the failed run, is up to date
    assert_no_temporary_files(out)  # the killed worker's folder is gone too


def test_a_part_s_worker_killed_once_is_rendered_again_and_the_chapter_completes(parted, tmp_path):
    driver, out, _ = parted
    env = parts_env(tmp_path, SLOW_BEATS_SECONDS="1.5")
    process = start(driver, out, env)
    pids = both_parts_rendering(tmp_path)
    (tmp_path / "rendezvous" / "second").unlink()
    os.kill(pids["second"], signal.SIGKILL)  # as the out-of-memory killer would, once
    stdout, stderr = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, stdout + stderr
    assert "done 01-SlowBeats" in stdout and "done 02-Tiny" in stdout and "ERROR" not in stdout + stderr
    assert (tmp_path / "rendezvous" / "second").exists()  # the part was rendered again
    assert_only_dead_workers_left(out)


def assert_only_dead_workers_left(out: Path) -> None:
    """No staged file and no parts folder is left; only a killed worker's own folder (which the next run
    removes) may be."""
    assert [p for p in out.rglob("*.tmp-*")] == []
    work = out / outputs.WORK_FOLDER
    left = list(work.iterdir()) if work.exists() else []
    assert all("-parts-" not in p.name and gone(int(p.name.rpartition("-")[2])) for p in left), left
