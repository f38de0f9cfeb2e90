"""Explaining LaTeX failures: the lines of the LaTeX log that matter, and which Debian package to install."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LINES_AFTER_ERROR = 3  # TeX prints the failing input and the line number just after a '!' line
MANIM_LOG = re.compile(r"the log file: (.+\.log)")  # how manim's ValueError names the log
MISSING_FILE = re.compile(r"File `([^']+)' not found")
DEFAULT_PACKAGE = "texlive-latex-extra"  # where most LaTeX packages are

# Debian 12 packages of files and programs manim's templates commonly use (checked with dpkg -S).
PACKAGE_OF = {
    "standalone.cls": "texlive-latex-extra",
    "preview.sty": "preview-latex-style",
    "amsmath.sty": "texlive-latex-base",
    "babel.sty": "texlive-latex-base",
    "bm.sty": "texlive-latex-base",
    "amssymb.sty": "texlive-base",
    "xcolor.sty": "texlive-latex-recommended",
    "mathrsfs.sty": "texlive-latex-recommended",
    "microtype.sty": "texlive-latex-recommended",
    "cancel.sty": "texlive-latex-extra",
    "tikz.sty": "texlive-pictures",
    "dsfont.sty": "texlive-fonts-extra",
    "siunitx.sty": "texlive-science",
    "physics.sty": "texlive-science",
    "latex": "texlive-latex-base",
    "pdflatex": "texlive-latex-base",
    "xelatex": "texlive-xetex",
    "lualatex": "texlive-luatex",
    "dvisvgm": "dvisvgm",
}


class LatexFailure(Exception):
    """LaTeX could not typeset a formula; `details` are the lines to show under the one-line message."""

    def __init__(self, message: str, details: tuple[str, ...]):
        super().__init__(message)
        self.details = details


@contextmanager
def explained() -> Iterator[None]:
    """Turn manim's LaTeX errors raised in the block into LatexFailure, reading the log while it still exists."""
    try:
        yield
    except ValueError as exc:
        log = MANIM_LOG.search(str(exc))
        if log is None:
            raise
        raise LatexFailure(*explain_log(Path(log[1]))) from None
    except FileNotFoundError as exc:  # subprocess could not find the program
        if exc.filename not in PACKAGE_OF:
            raise
        raise LatexFailure(f"{exc.filename} is not installed", (install_hint(exc.filename),)) from None


def explain_log(log: Path) -> tuple[str, tuple[str, ...]]:
    """A one-line message and the detail lines for a failed LaTeX run's log."""
    text = log.read_text(encoding="utf-8", errors="replace") if log.is_file() else ""
    relevant = error_lines(text)
    first = relevant[0] if relevant else f"no error found in {log}"
    missing = MISSING_FILE.search(text)
    hint = (install_hint(missing[1]),) if missing else ()
    return f"LaTeX failed: {first}", (*relevant, *hint)


def error_lines(log_text: str) -> list[str]:
    """Each line starting with '!' and the few lines after it, in order, without repeats."""
    lines = log_text.splitlines()
    keep = sorted(
        {
            i
            for start, line in enumerate(lines)
            if line.startswith("!")
            for i in range(start, min(start + LINES_AFTER_ERROR + 1, len(lines)))
        }
    )
    return [lines[i] for i in keep if lines[i].strip()]


def install_hint(missing: str) -> str:
    """Which Debian package provides the missing LaTeX file or program."""
    if missing in PACKAGE_OF:
        return (
            f"{missing} is in the Debian package {PACKAGE_OF[missing]}: apt-get install {PACKAGE_OF[missing]}"
        )
    return (
        f"{missing} is missing: most LaTeX packages are in {DEFAULT_PACKAGE} (apt-get install "
        f"{DEFAULT_PACKAGE}); `apt-file search {missing}` names the exact one"
    )
