"""Printing a render's progress: result lines always; on a terminal also queued and rendering lines and a live bar."""

from __future__ import annotations

import shutil
import sys

import click

from pipeline.run.jobs import Outcome, Progress
from scenes.chapters.registry import Chapter

from . import report

CLEAR_LINE = "\r\x1b[K"


class Console:
    """Where `render` reports; `live` (a terminal) adds queued/rendering lines and a status line redrawn in place."""

    def __init__(self, live: bool):
        self.live = live
        self._expected: dict[str, float | None] = {}  # slug -> seconds of video expected, when known
        self._active: dict[str, tuple[float, float | None]] = {}  # slug -> (seconds done, expected)
        self._status_shown = False

    def line(self, text: str) -> None:
        """Print a permanent line (above the status line)."""
        self._clear_status()
        click.echo(text)
        self._draw_status()

    def skipped(self, chapter: Chapter) -> None:
        self.line(report.skipped(chapter))

    def queued(self, chapter: Chapter, reason: str, expected_seconds: float | None) -> None:
        """A chapter to render; its last length, if known, sizes its bar."""
        self._expected[chapter.slug] = expected_seconds
        if self.live:
            self.line(report.queued(chapter, reason))

    def progress(self, news: Progress) -> None:
        """A worker's news: the first for a chapter means it started."""
        if not self.live:
            return
        if news.slug not in self._active:
            self.line(report.started(news.slug))
        self._active[news.slug] = (news.seconds, self._expected.get(news.slug))
        self._clear_status()
        self._draw_status()

    def finished(self, outcome: Outcome) -> None:
        """A chapter is done: its line (and its parts' bars, if it was rendered in parts, go)."""
        slug = outcome.chapter.slug
        for label in [k for k in self._active if k == slug or k.startswith(f"{slug} ")]:
            del self._active[label]
        for text in report.finished(outcome):
            self.line(text)

    def close(self) -> None:
        """Remove the status line, so whatever is printed next starts a line of its own."""
        self._clear_status()
        sys.stdout.flush()

    def _clear_status(self) -> None:
        if self._status_shown:
            sys.stdout.write(CLEAR_LINE)
            self._status_shown = False

    def _draw_status(self) -> None:
        if self.live and self._active:
            width = shutil.get_terminal_size().columns - 1
            sys.stdout.write(report.status(self._active)[:width])
            sys.stdout.flush()
            self._status_shown = True
