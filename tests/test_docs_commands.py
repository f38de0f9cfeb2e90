"""The documentation stays true to the code: every `render.py` command it shows parses with the real command
line (parse only: nothing renders, nothing is written), every `make` target it names exists, every file path and
relative link it gives exists, and the README stays short."""

from __future__ import annotations

import glob
import re
import shlex
from pathlib import Path

import click
import pytest

from pipeline.plan import chapters
from render import check_executor, chosen_settings, cli

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]
README_LIMIT = 10_500  # bytes
FEWEST_COMMANDS = 40  # the docs show more than this; finding fewer means the extraction broke
SAMPLE_EXAMPLE = "examples/cat-and-dog.toml"  # stands in for a placeholder such as FILE given to --example

FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHELL = {"sh", "bash", "shell", "console"}  # the code blocks whose lines are commands
INLINE = re.compile(r"`([^`\n]+)`")
COMMAND = re.compile(r"^\s*(?:\S*python3?\s+)?(?:render\.py|attention-lecture)\s+(.+)")
MAKE = re.compile(r"(?:^|[\s(`])make\s+((?:[A-Z_]+=\S+\s+)*)([a-z][\w-]*)")
PATH = re.compile(
    r"^(?:attention|scenes|pipeline|tests|benchmarks|examples|scripts|docs)/[\w./*-]*$"
    r"|^(?:render\.py|Makefile|pyproject\.toml|conftest\.py|\.ci/run)$"
)
LINK = re.compile(r"\]\(([^)\s]+)\)")
# <chapter>, CHAPTER, FILE; and MyChapter, the new chapter of docs/writing-a-chapter.md
PLACEHOLDER = re.compile(r"^(<[^>]+>|[A-Z][A-Z_]*|MyChapter)$")
NEW_CHAPTER_FILE = "my_chapter.py"  # MyChapter's file, which does not exist either


def split_doc(text: str, shell_only: bool = True) -> tuple[list[str], list[str]]:
    """The lines inside fenced code blocks (only shell blocks', unless `shell_only` is false), and the inline
    code spans of the prose around them."""
    blocks = [
        line
        for language, body in FENCE.findall(text)
        if language.strip() in SHELL or not shell_only
        for line in body.splitlines()
    ]
    return blocks, INLINE.findall(FENCE.sub("", text))


def strip_comment(line: str) -> str:
    """A shell line without its trailing `# comment`."""
    return re.split(r"\s#", line, maxsplit=1)[0]


def command_lines() -> list[tuple[str, str]]:
    """(where, argument string) for every render.py / attention-lecture command the docs show."""
    found = []
    for doc in DOCS:
        blocks, spans = split_doc(doc.read_text(encoding="utf-8"))
        for text in [strip_comment(line) for line in blocks] + spans:
            match = COMMAND.search(text)
            if match:
                arguments = re.split(r"\s(?:\||&&|;|>)\s", match[1])[0].strip()
                found.append((f"{doc.relative_to(ROOT)}: {text.strip()}", arguments))
    return found


COMMANDS = command_lines()


def parse(arguments: list[str]) -> click.Context:
    """The subcommand's context, parsed by the real command group with every check click makes at parse time."""
    with cli.make_context("render.py", list(arguments), resilient_parsing=False) as group:
        name, command, rest = cli.resolve_command(group, list(arguments))
        return command.make_context(name, rest, parent=group, resilient_parsing=False)


def filled(arguments: list[str], recordings: Path) -> list[str]:
    """`arguments` with a placeholder value of --example replaced by a real example file, and the folder of
    a recordings voice by the (empty) folder `recordings`."""
    out = list(arguments)
    for i, word in enumerate(out[:-1]):
        if word == "--example" and PLACEHOLDER.match(out[i + 1]):
            out[i + 1] = SAMPLE_EXAMPLE
        if word == "--voice" and out[i + 1].startswith("recordings:"):
            out[i + 1] = f"recordings:{recordings}"
    return out


def test_the_docs_show_enough_commands_to_check():
    assert len(COMMANDS) >= FEWEST_COMMANDS, [where for where, _ in COMMANDS]
    shown = {args.split()[0] for _, args in COMMANDS}
    assert shown == set(cli.commands)  # every command shown


@pytest.mark.parametrize("where, arguments", COMMANDS, ids=[where for where, _ in COMMANDS])
def test_every_command_shown_parses(where, arguments, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)  # the docs' paths are relative to the repository
    words = filled(shlex.split(arguments), tmp_path)
    try:
        ctx = parse(words)
    except click.exceptions.Exit as done:  # -h prints the help and exits 0
        assert done.exit_code == 0, where
        return
    except click.UsageError as err:
        pytest.fail(f"{where}: {err.format_message()}")
    if "quality" in ctx.params:  # -q with --resolution and --fps is refused
        chosen_settings(ctx, ctx.params.get("video_format", "mp4"))
    if ctx.command.name == "render":
        check_executor(ctx, ctx.params["executor"], ctx.params["scheduler"])
    names = ctx.params.get("names") or ((ctx.params["name"],) if "name" in ctx.params else ())
    real = tuple(n for n in names if not PLACEHOLDER.match(n))
    chapters.select(real)  # an unknown chapter raises


def test_a_stale_option_or_subcommand_fails_to_parse():
    for words in (
        ["render", "--quality", "x"],
        ["render", "--nope"],
        ["show"],
        ["preview"],
        ["list", "--jobs", "2"],
    ):
        with pytest.raises(click.UsageError):
            parse(words)
    with pytest.raises(chapters.UnknownChapter):
        chapters.select(("NoSuchChapter",))


def make_targets() -> set[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    return set(re.findall(r"^([a-z][\w-]*)\s*:", text, re.MULTILINE))


def test_every_make_target_named_exists():
    targets, named = make_targets(), set()
    for doc in DOCS:
        blocks, spans = split_doc(doc.read_text(encoding="utf-8"))
        for text in [strip_comment(line) for line in blocks] + spans:
            named |= {(doc.name, m[2]) for m in MAKE.finditer(text)}
    assert {"render", "test"} <= {target for _, target in named}
    assert not [(doc, t) for doc, t in named if t not in targets], targets


def test_every_path_and_link_given_exists():
    missing = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        blocks, spans = split_doc(text, shell_only=False)
        words = spans + [w for line in blocks for w in line.split()]
        for word in words:
            path = word.strip().rstrip(".,:;)")
            if PATH.match(path) and NEW_CHAPTER_FILE not in path and not glob.glob(str(ROOT / path)):
                missing.append(f"{doc.relative_to(ROOT)}: {path}")
        for target in LINK.findall(FENCE.sub("", text)):
            if re.match(r"^[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            linked = (doc.parent / file).resolve() if file else doc
            if not linked.exists():
                missing.append(f"{doc.relative_to(ROOT)}: link {target}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                missing.append(f"{doc.relative_to(ROOT)}: link {target} (no such heading)")
    assert not missing, "\n".join(missing)


def anchors(doc: Path) -> set[str]:
    """GitHub's anchors for the headings of a Markdown file."""
    headings = re.findall(r"^#+\s+(.+)$", FENCE.sub("", doc.read_text(encoding="utf-8")), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_the_readme_stays_short():
    size = len((ROOT / "README.md").read_bytes())
    assert size <= README_LIMIT, f"README.md is {size} bytes; move detail into docs/"
