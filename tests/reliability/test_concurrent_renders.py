"""Two renders of one output folder at once: the second waits for the first, one given --no-wait stops at once
with a one-line error, and afterwards every output is valid."""

import os
import select

import pytest

from pipeline.run import lock
from tests.support import tally
from tests.support.folders import assert_consistent, assert_no_temporary_files, assert_unchanged, snapshot
from tests.support.processes import TIMEOUT, paused_env, run_driver, start_driver, wait_for

BUSY = 75


def first_line(stream) -> str:
    """The next line a process writes, waiting at most TIMEOUT seconds for it."""
    ready, _, _ = select.select([stream], [], [], TIMEOUT)
    assert ready, "no line written"
    return stream.readline()


def test_a_second_render_waits_and_one_with_no_wait_is_refused(lecture, tmp_path):
    driver, out, flag = lecture.driver("Slow", "Tiny"), tmp_path / "media", tmp_path / "paused"
    first = start_driver(
        driver, "render", "slow", "--output", out, env=paused_env("publish:01-Slow.mp4", flag)
    )
    wait_for(lambda: flag.exists() or first.poll() is not None, "the first render to be publishing")
    assert flag.exists(), first.communicate()

    second = start_driver(driver, "render", "tiny", "--output", out)
    assert first_line(second.stderr) == f"waiting for another render of {out} (pid {first.pid})…\n"
    before = snapshot(out)
    third = run_driver(driver, "render", "tiny", "--no-wait", "--output", out, status=BUSY)
    assert (third.stdout, third.stderr) == (
        "",
        f"Error: another render of {out} is running (pid {first.pid}); try again when it has finished\n",
    )
    assert_unchanged(out, before)
    assert second.poll() is None, "the second render did not wait"

    flag.unlink()
    assert first.wait(TIMEOUT) == 0 and second.wait(TIMEOUT) == 0
    assert [line.split()[1] for line in first.stdout if line.startswith("done")] == ["01-Slow"]
    assert [line.split()[1] for line in second.stdout if line.startswith("done")] == ["02-Tiny"]
    manifest = assert_consistent(out / "480p15")
    assert set(manifest.entries) == {"01-Slow.mp4", "02-Tiny.mp4", "lecture.mp4"}
    for slug in ("01-Slow", "02-Tiny"):
        assert (manifest.get(slug, "mp4").duration, manifest.get(slug, "mp4").frames) == (
            pytest.approx(1.0),
            15,
        )
    assert_no_temporary_files(out)
    tally.count("concurrent runs", 3)


def never(holder):
    raise AssertionError(f"waited for {holder}")


def test_the_lock_names_its_holder_and_is_free_once_released(tmp_path):
    with lock.held(tmp_path, wait=False, on_wait=never):
        with pytest.raises(lock.Busy) as busy, lock.held(tmp_path, wait=False, on_wait=never):
            pass
        assert busy.value.holder == os.getpid()
    with lock.held(tmp_path, wait=False, on_wait=never):
        pass
