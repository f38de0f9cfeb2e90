"""Progress: one line per chapter; on a terminal also queued and rendering lines and a live bar."""

import os
import pty
import subprocess
import sys

from pipeline import report
from pipeline.console import CLEAR_LINE, Console
from pipeline.run.jobs import Outcome, Progress
from scenes.chapters.registry import Chapter

CHAPTER = Chapter(1, "Tiny", "A tiny scene", "tiny")


def test_live_console_prints_lines_above_a_redrawn_status_line(capsys):
    console = Console(live=True)
    console.queued(CHAPTER, "forced", expected_seconds=2.0)
    console.progress(Progress("01-Tiny", 0.0))
    console.progress(Progress("01-Tiny", 1.0))
    console.finished(Outcome(CHAPTER, 1.5, duration=2.0, frames=30))
    assert capsys.readouterr().out == (
        "queued 01-Tiny (forced)\n"
        "rendering 01-Tiny\n"
        "01-Tiny [....................]   0%"
        f"{CLEAR_LINE}01-Tiny [##########..........]  50%"
        f"{CLEAR_LINE}done 01-Tiny in 1.5 s: no files\n"
    )


def test_console_off_a_terminal_prints_only_results(capsys):
    console = Console(live=False)
    console.queued(CHAPTER, "forced", expected_seconds=2.0)
    console.progress(Progress("01-Tiny", 1.0))
    console.skipped(CHAPTER)
    assert capsys.readouterr().out == "skipped 01-Tiny (up to date)\n"


def test_status_shows_seconds_when_the_length_is_not_known_yet():
    assert report.status({"01-Tiny": (0.5, None), "02-Coda": (3.0, 4.0)}) == (
        "01-Tiny 0.5 s | 02-Coda [###############.....]  75%"
    )


def test_on_a_terminal_each_chapter_is_queued_then_rendering_then_done(lecture, tmp_path):
    driver = lecture.driver("Tiny", "Coda")
    leader, follower = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, str(driver), "render", "--output", str(tmp_path / "media")],
        stdin=follower,
        stdout=follower,
        stderr=follower,
    )
    os.close(follower)
    received = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the child
            break
        if not chunk:
            break
        received += chunk
    os.close(leader)
    assert child.wait(60) == 0
    lines = [line.rpartition(CLEAR_LINE)[2] for line in received.decode().replace("\r\n", "\n").split("\n")]
    assert lines[:2] == ["queued 01-Tiny (not rendered before)", "queued 02-Coda (not rendered before)"]
    assert {"rendering 01-Tiny", "rendering 02-Coda"} <= set(lines)
    assert sorted(line.split()[1] for line in lines if line.startswith("done")) == ["01-Tiny", "02-Coda"]
    assert lines[-2].startswith("2 rendered, 0 up to date, 0 failed (480p15 mp4) in ")
    assert "Traceback" not in received.decode()
