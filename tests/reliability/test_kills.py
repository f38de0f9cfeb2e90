"""Interrupted renders: a render killed part-way leaves the previous files intact and the next run completes."""

import os
import signal
import subprocess
import sys
import time

import av
import pytest

from pipeline import outputs
from pipeline.plan.manifest import Manifest
from pipeline.run import lock
from tests.support.folders import assert_no_temporary_files
from tests.support.processes import TIMEOUT, gone, run_driver, wait_for, worker_pids


def test_render_killed_part_way_keeps_the_previous_files_and_the_next_run_completes(
    lecture, tmp_path, slow_started
):
    driver, out = lecture.driver("Slow", "Tiny"), tmp_path / "media"
    run_driver(driver, "render", "--output", out)
    (tmp_path / "Slow-rendering").unlink()
    folder = out / "480p15"
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    listing = run_driver(driver, "list", "--output", out).stdout

    killed = subprocess.Popen(
        [sys.executable, str(driver), "render", "slow", "--force", "--output", out],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_for(slow_started, "Slow to start making frames")
    workers = worker_pids(out)
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait(TIMEOUT)
    wait_for(lambda: all(gone(pid) for pid in workers), "the worker to die with its parent")

    assert {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")} == before
    assert any((out / outputs.WORK_FOLDER).iterdir())  # the killed worker's folder is left behind...
    assert run_driver(driver, "list", "--output", out).stdout == listing  # ...and is not taken for an output

    output = run_driver(driver, "render", "--force", "--output", out).stdout
    assert sorted(line.split()[1] for line in output.splitlines() if line.startswith("done")) == [
        "01-Slow",
        "02-Tiny",
    ]
    assert_no_temporary_files(out)
    assert set(Manifest.load(folder).entries) == {"01-Slow.mp4", "02-Tiny.mp4", "lecture.mp4"}
    with av.open(str(folder / "01-Slow.mp4")) as container:
        assert container.duration / av.time_base == pytest.approx(1.0, abs=0.01)


def test_leftovers_of_dead_processes_are_removed_and_live_ones_kept(tmp_path):
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True, check=True
    )
    dead_pid, live_pid = int(dead.stdout), os.getpid()
    work = tmp_path / outputs.WORK_FOLDER
    for pid in (dead_pid, live_pid):
        (work / f"01-Tiny-{pid}" / "videos").mkdir(parents=True)
        (tmp_path / "480p15").mkdir(exist_ok=True)
        (tmp_path / "480p15" / f".01-Tiny.mp4.tmp-{pid}").write_bytes(b"half a video")
    (tmp_path / "480p15" / "01-Tiny.mp4").write_bytes(b"a whole video")

    removed = outputs.remove_leftovers(tmp_path)

    assert sorted(p.name for p in removed) == [f".01-Tiny.mp4.tmp-{dead_pid}", f"01-Tiny-{dead_pid}"]
    assert sorted(p.name for p in work.iterdir()) == [f"01-Tiny-{live_pid}"]
    assert sorted(p.name for p in (tmp_path / "480p15").iterdir()) == [
        f".01-Tiny.mp4.tmp-{live_pid}",
        "01-Tiny.mp4",
    ]


def test_ctrl_c_stops_with_status_130_and_leaves_no_temporary_files(lecture, tmp_path, slow_started):
    driver, out = lecture.driver("Slow", "Tiny"), tmp_path / "media"
    interrupted = subprocess.Popen(
        [sys.executable, str(driver), "render", "--jobs", "1", "--output", out],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    wait_for(slow_started, "Slow to start making frames")
    os.killpg(interrupted.pid, signal.SIGINT)  # as Ctrl-C does: to the whole process group
    stdout, stderr = interrupted.communicate(timeout=TIMEOUT)

    assert interrupted.returncode == 130
    assert stderr == "interrupted: files already in place are kept, unfinished ones were not written\n"
    assert stdout == ""  # Slow was interrupted, and Tiny (queued behind it, one job at a time) never started
    assert [p.name for p in out.rglob("*") if p.is_file()] == [lock.NAME]  # nothing written but the lock file


def test_sigint_to_the_render_process_alone_stops_it_promptly_and_nothing_is_written_after(
    lecture, tmp_path, slow_started, monkeypatch
):
    """As a process manager or CI sends it: the workers, in another process group, are stopped by render.py."""
    monkeypatch.setenv("TINY_SLOW_SECONDS", "60")  # would take minutes to finish on its own
    driver, out = lecture.driver("Slow", "Tiny"), tmp_path / "media"
    interrupted = subprocess.Popen(
        [sys.executable, str(driver), "render", "--jobs", "2", "--output", out],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    wait_for(slow_started, "Slow to start making frames")
    workers = worker_pids(out)
    sent = time.monotonic()
    os.kill(interrupted.pid, signal.SIGINT)  # the process only, not its group
    stdout, stderr = interrupted.communicate(timeout=TIMEOUT)
    took = time.monotonic() - sent
    written = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())

    assert interrupted.returncode == 130, stdout + stderr
    assert took < 5, f"took {took:.1f} s to stop"
    assert stderr == "interrupted: files already in place are kept, unfinished ones were not written\n"
    assert all(gone(pid) for pid in workers)
    time.sleep(1)  # anything still running would write now
    assert sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file()) == written
    assert not any(p.name.startswith("01-Slow") for p in written)
    assert_no_temporary_files(out)
