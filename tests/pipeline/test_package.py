"""`render.py package` without a render: requests it must refuse, in one line with status 2 and nothing written;
which files a page links (what a package holds); `make package`; and the set-up beyond Debian: the container
recipe runs the README's commands, and scripts/setup.sh points a machine without apt-get to the doc for it.
The packages of the real lecture are checked in tests/lecture/test_package.py."""

import os
import re
import subprocess
from pathlib import Path

import pytest
import tomllib

from pipeline.plan.settings import from_options
from pipeline.publish import web_page
from pipeline.publish.package import linked
from scenes.chapters import registry

ROOT = Path(__file__).resolve().parents[2]


def test_nothing_rendered_is_refused_and_nothing_written(run, tmp_path):
    result = run("package", "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output == (
        f"Error: nothing is rendered in {tmp_path / '480p15'}: render it first, with the same options\n"
    )
    assert list(tmp_path.iterdir()) == []  # not even the lock


@pytest.mark.parametrize(
    "args, message",
    [
        ((), "holds no up-to-date lecture: render it first, with the same options"),
        (("Tiny",), "01-Tiny.mp4 in {folder}: not rendered before; render it first, with the same options"),
        (("Nope",), "unknown chapter 'Nope'"),
    ],
)
def test_a_lecture_or_chapter_not_rendered_is_refused_in_one_line(
    tiny_chapters, run, tmp_path, args, message
):
    folder = tmp_path / "480p15"
    folder.mkdir()
    result = run("package", *args, "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert message.format(folder=folder) in result.output
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".lock") == ["480p15"]  # no zip, no .work
    assert list(folder.iterdir()) == []


def test_a_package_holds_what_the_page_links_and_what_that_links(tmp_path):
    pages = {
        "index.html": '<link href="page.css"><video poster="a%20b.png"><source src="v.mp4"></video>'
        '<a href="transcript.html#beat-2">t</a><a href="https://example.org/x.mp4">x</a><script src="page.js">',
        "page.css": "body { background: url(back.png) }",
        "page.js": 'const SPEAKER = "speaker.html"; load("./missing.js")',
        "transcript.html": '<a href=\'v.mp4#t=3.5\'>play</a><img src="../outside.png"><a href="/v.vtt">',
        "speaker.html": '<script type="application/json">{"poster": "v.beat-01.png"}</script>',
    }
    for name, text in pages.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for name in ("a b.png", "v.mp4", "back.png", "v.beat-01.png", "v.vtt", "unlinked.mp4", ".v.mp4.tmp-1"):
        (tmp_path / name).write_bytes(b"x")
    assert linked(tmp_path) == sorted(
        [*pages, "a b.png", "v.mp4", "back.png", "v.beat-01.png"]
    )  # not the addresses, the parent's, absolute paths or the files nothing links


@pytest.mark.parametrize(
    "count, lede, summary",
    [
        (1, "A short video, with captions and descriptions of what it draws.", "a short captioned video on"),
        (
            3,
            "A lecture in 3 short videos, with captions and descriptions of what they draw.",
            "a lecture in 3 short",
        ),
    ],
)
def test_a_page_of_chosen_chapters_counts_its_videos_in_words_that_agree(tmp_path, count, lede, summary):
    """A package of one chapter says 'A short video', never 'A lecture in 1 short videos' (issue 32)."""
    page = web_page.html(tmp_path, registry.CHAPTERS[:count], from_options("l"))
    assert f'<p class="lede">{lede}' in page
    assert f'<meta name="description" content="{web_page.title_of(from_options("l"))}: {summary}' in page


def test_make_package_renders_the_lecture_at_1080p60_then_packs_it():
    command = [
        "make",
        "-n",
        "--no-print-directory",
        "package",
    ]  # under `make test` too (a sub-make says where it is)
    printed = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    assert printed.stdout.splitlines() == [
        "bash scripts/setup.sh",
        ".venv/bin/python render.py render -q h",
        ".venv/bin/python render.py package -q h",
    ]


def instructions(recipe: str) -> list[tuple[str, str]]:
    """The Containerfile's instructions as (keyword, arguments), continued lines joined."""
    lines = recipe.replace("\\\n", " ").splitlines()
    return [tuple(line.split(maxsplit=1)) for line in lines if line.strip() and not line.startswith("#")]


def test_the_container_recipe_sets_up_and_renders_with_the_readme_commands():
    steps = instructions((ROOT / "Containerfile").read_text(encoding="utf-8"))
    keywords = [keyword for keyword, _ in steps]
    assert keywords[0] == "FROM" and "debian" in steps[0][1]
    runs = [arguments for keyword, arguments in steps if keyword == "RUN"]
    assert runs[-1] == "make setup"  # scripts/setup.sh, as `make render` runs it first
    assert "bash scripts/setup.sh" in make_target("setup") and make_target("render").startswith("setup")
    assert dict(steps)["CMD"] == '["make", "render"]'
    assert "make render" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert dict(steps)["VOLUME"] == "/lecture/media" and dict(steps)["WORKDIR"] == "/lecture"


def make_target(name: str) -> str:
    """What the Makefile's target `name` depends on, and its recipe's lines."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    return re.search(rf"^{name}:(.*\n(?:\t.*\n)*)", makefile, re.MULTILINE)[1].strip()


def test_the_container_copies_everything_the_package_installs_and_make_uses():
    copied = set()
    for keyword, arguments in instructions((ROOT / "Containerfile").read_text(encoding="utf-8")):
        if keyword == "COPY":
            copied |= {word.rstrip("/") for word in arguments.split()[:-1]}
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    modules = {f"{m}.py" for m in project["tool"]["setuptools"]["py-modules"]}
    assert (
        packages | modules | {"pyproject.toml", project["project"]["readme"], "Makefile", "scripts"} <= copied
    )
    assert all((ROOT / path).exists() for path in copied)


def test_setup_on_a_machine_without_apt_get_points_to_the_doc_for_it(tmp_path):
    for tool in ("bash", "dirname", "grep", "cat", "id"):
        (tmp_path / tool).symlink_to(subprocess.check_output(["which", tool], text=True).strip())
    (tmp_path / "dpkg-query").write_text("#!/bin/sh\nexit 1\n")  # every package missing
    (tmp_path / "dpkg-query").chmod(0o755)
    done = subprocess.run(
        [str(tmp_path / "bash"), "scripts/setup.sh"],
        cwd=ROOT,
        env={**os.environ, "PATH": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert "no apt-get" in done.stderr and "docs/setup-elsewhere.md" in done.stderr, done.stderr
    assert (ROOT / "docs" / "setup-elsewhere.md").is_file()
