"""Failures explained: LaTeX errors with the log lines that matter and the package to install."""

import shutil

import pytest

from pipeline.run import latex_errors

LOG = """This is pdfTeX, Version 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian)
(./texput.tex
! LaTeX Error: File `siunitx.sty' not found.

Type X to quit or <RETURN> to proceed,
or enter new name. (Default extension: sty)

Enter file name:
! Emergency stop.
<read *>
         
l.5 \\begin
           {document}^^M
No pages of output.
"""  # noqa: W293 (a real log: the line after <read *> is blanks)


def test_error_lines_are_each_bang_line_and_the_few_after_it():
    assert latex_errors.error_lines(LOG) == [
        "! LaTeX Error: File `siunitx.sty' not found.",
        "Type X to quit or <RETURN> to proceed,",
        "or enter new name. (Default extension: sty)",
        "! Emergency stop.",
        "<read *>",
        "l.5 \\begin",
    ]


@pytest.mark.parametrize(
    ("missing", "hint"),
    [
        (
            "siunitx.sty",
            "siunitx.sty is in the Debian package texlive-science: apt-get install texlive-science",
        ),
        (
            "standalone.cls",
            "standalone.cls is in the Debian package texlive-latex-extra: "
            "apt-get install texlive-latex-extra",
        ),
        ("latex", "latex is in the Debian package texlive-latex-base: apt-get install texlive-latex-base"),
        (
            "odd.sty",
            "odd.sty is missing: most LaTeX packages are in texlive-latex-extra (apt-get install "
            "texlive-latex-extra); `apt-file search odd.sty` names the exact one",
        ),
    ],
)
def test_install_hint_names_the_debian_package(missing, hint):
    assert latex_errors.install_hint(missing) == hint


def test_explain_log_gives_the_first_error_and_the_hint_last(tmp_path):
    (tmp_path / "x.log").write_text(LOG)
    message, details = latex_errors.explain_log(tmp_path / "x.log")
    assert message == "LaTeX failed: ! LaTeX Error: File `siunitx.sty' not found."
    assert details[0] == "! LaTeX Error: File `siunitx.sty' not found."
    assert details[-1].startswith("siunitx.sty is in the Debian package texlive-science")


def test_latex_failure_shows_the_log_and_the_package_and_the_others_render(use_chapters, run, tmp_path):
    use_chapters("BrokenLatex", "Tiny")
    result = run("render", "--output", tmp_path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    at = lines.index("ERROR 01-BrokenLatex: LaTeX failed: ! LaTeX Error: File `nosuchpackage.sty' not found.")
    details = lines[at + 1 : at + 8]
    assert details[0] == "    ! LaTeX Error: File `nosuchpackage.sty' not found."
    assert (
        "    nosuchpackage.sty is missing: most LaTeX packages are in texlive-latex-extra (apt-get install "
        "texlive-latex-extra); `apt-file search nosuchpackage.sty` names the exact one" in details
    )
    assert any(line.startswith("done 02-Tiny") for line in lines)
    assert lines[-1].startswith("1 rendered, 0 up to date, 1 failed (480p15 mp4) in ")
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "tools, missing, package", [((), "latex", "texlive-latex-base"), (("latex",), "dvisvgm", "dvisvgm")]
)
def test_missing_latex_program_names_its_package_and_the_others_render(
    use_chapters, run, tmp_path, monkeypatch, tools, missing, package
):
    use_chapters("Formula", "Tiny")
    (tmp_path / "bin").mkdir()
    for tool in tools:  # the only programs on PATH
        (tmp_path / "bin" / tool).write_text(f'#!/bin/sh\nexec {shutil.which(tool)} "$@"\n')
        (tmp_path / "bin" / tool).chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    result = run("render", "--output", tmp_path / "media")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    at = lines.index(f"ERROR 01-Formula: {missing} is not installed")
    assert lines[at + 1] == f"    {missing} is in the Debian package {package}: apt-get install {package}"
    assert any(line.startswith("done 02-Tiny") for line in lines)
    assert "Traceback" not in result.output


def test_a_chapter_that_kills_its_worker_fails_alone(use_chapters, run, tmp_path):
    use_chapters("Crash", "Tiny", "Coda")
    result = run("render", "--jobs", "2", "--output", tmp_path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert "ERROR 01-Crash: the worker process died (killed, or out of memory)" in lines
    assert sorted(line.split()[1] for line in lines if line.startswith("done")) == ["02-Tiny", "03-Coda"]
    assert lines[-1].startswith("2 rendered, 0 up to date, 1 failed (480p15 mp4) in ")
