"""Bad input, one row per case: the stated exit status and a one-line message containing the stated fragment,
never a traceback, and the output folder left byte-for-byte as it was (nothing created, nothing removed).

Rows run in-process with click's CliRunner; those in SCRIPTED also run as a real subprocess.
Accepted inputs (status 0) use `list`, which reads the example file but writes nothing.
"""

from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support import tally
from tests.support.folders import assert_unchanged, snapshot
from tests.support.processes import run_driver


@dataclass(frozen=True)
class Example:
    """An example file the row writes before running: its content and file name."""

    content: str | bytes
    name: str = "example.toml"


def blend(**fields: str | None) -> Example:
    """An example file with a [blend] table of two tokens, some fields replaced (None leaves one out)."""
    table = {
        "tokens": '["a", "b"]',
        "keys": "[[1, 0], [0, 1]]",
        "values": "[[1, 0], [0, 1]]",
        "queries": "[[1, 0], [0, 1]]",
        **fields,
    }
    return Example("[blend]\n" + "".join(f"{k} = {v}\n" for k, v in table.items() if v is not None))


DRAG = "[drag]\ntokens = ['a', 'b']\nkeys = [[1, 0], [0, 1]]\nquery = [1, 0]\npath = PATH\n"
CROSS = (
    "[cross]\nsource_tokens = ['a', 'b']\ntarget_tokens = ['x']\nkeys = [[1, 0], [0, 1]]\n"
    "values = [[1, 0], [0, 1]]\nself_queries = [[1, 0], [0, 1]]\nqueries = [[1, 0], [0, 1]]\n"
)

CAUSAL = "[causal]\ntokens = ['a', 'b']\nkeys = [[1, 0], [0, 1]]\nvalues = [[1, 0], [0, 1]]\n"
HEADS = "[heads]\ntokens = ['a', 'b']\nkeys = KEYS\nquery = QUERY\ncount = COUNT\n"


def heads(keys: str = "[[1, 0], [0, 1]]", query: str = "[1, 0]", count: str = "2") -> Example:
    return Example(HEADS.replace("KEYS", keys).replace("QUERY", query).replace("COUNT", count))


def render_with(example: Example) -> tuple:
    return ("render", "--example", example)


LONG = "x" * 300
DEEP = "a = " + "[" * 50_000 + "]" * 50_000
# id, arguments ('{ws}', '{inputs}', '{readonly}' are folders of the test; '--output {ws}/media' is added when
# no --output is given), exit status, fragment of the message (of the first line when the status is 0)
ROWS = [
    (
        "unknown chapter",
        ("render", "nosuch"),
        2,
        "unknown chapter 'nosuch'; valid chapters: Tiny, Flaky, Coda",
    ),
    ("misspelt chapter", ("render", "Tinny"), 2, "unknown chapter 'Tinny' (closest: Tiny)"),
    ("misspelt chapter, other case", ("render", "CODDA"), 2, "unknown chapter 'CODDA' (closest: Coda)"),
    ("chapter that is a path", ("render", "../../etc/passwd"), 2, "unknown chapter '../../etc/passwd'"),
    ("chapter with a newline", ("render", "Tiny\nrm -rf /"), 2, "unknown chapter 'Tiny\\nrm -rf /'"),
    ("empty chapter name", ("render", ""), 2, "unknown chapter ''"),
    ("bad quality", ("render", "-q", "x"), 2, "'x' is not one of 'l', 'm', 'h', 'k'"),
    ("empty quality", ("render", "-q", ""), 2, "'' is not one of 'l', 'm', 'h', 'k'"),
    ("--jobs 0", ("render", "--jobs", "0"), 2, "0 is not in the range x>=1"),
    ("--jobs -1", ("render", "--jobs", "-1"), 2, "-1 is not in the range x>=1"),
    ("--jobs abc", ("render", "--jobs", "abc"), 2, "'abc' is not a valid integer range"),
    ("--jobs 1.5", ("render", "--jobs", "1.5"), 2, "'1.5' is not a valid integer range"),
    ("unknown format", ("render", "--format", "avi"), 2, "'avi' is not one of 'mp4', 'webm', 'gif', 'mov'"),
    ("format in capitals", ("render", "--format", "MP4"), 2, "'MP4' is not one of"),
    ("unknown theme", ("render", "--theme", "sepia"), 2, "'sepia' is not one of 'dark', 'light'"),
    ("unknown voice", ("render", "--voice", "hal"), 2, "'hal': expected best, none, piper, festival, espeak"),
    ("empty voice", ("render", "--voice", ""), 2, "'': expected best, none"),
    ("voice in capitals", ("list", "--voice", "PIPER"), 2, "'PIPER': expected best, none"),
    (
        "no such recordings",
        ("render", "--voice", "recordings:/no/such/dir"),
        2,
        "no such folder of recordings",
    ),
    ("resolution not WxH", ("render", "--resolution", "big"), 2, "'big' is not WIDTHxHEIGHT"),
    ("odd resolution", ("render", "--resolution", "853x480"), 2, "must be even numbers from 16 to 7680"),
    ("zero resolution", ("render", "--resolution", "0x0"), 2, "must be even numbers from 16 to 7680"),
    ("huge resolution", ("render", "--resolution", "99998x480"), 2, "must be even numbers from 16 to 7680"),
    ("--fps 0", ("render", "--fps", "0"), 2, "0 is not in the range 1<=x<=120"),
    ("--fps 121", ("render", "--fps", "121"), 2, "121 is not in the range 1<=x<=120"),
    ("--fps abc", ("render", "--fps", "abc"), 2, "'abc' is not a valid integer range"),
    (
        "conflicting options",
        ("render", "-q", "h", "--resolution", "640x360", "--fps", "24"),
        2,
        "-q/--quality has no effect when both --resolution and --fps are given; drop one",
    ),
    (
        "conflicting options to clean",
        ("clean", "-q", "h", "--resolution", "640x360", "--fps", "24"),
        2,
        "-q/--quality has no effect",
    ),
    ("unknown option", ("render", "--colour", "red"), 2, "No such option '--colour'"),
    ("unknown option before the command", ("--bogus", "render"), 2, "No such option '--bogus'"),
    ("unknown command", ("paint",), 2, "No such command 'paint'"),
    ("option without its value", ("render", "--output"), 2, "Option '--output' requires an argument"),
    ("output folder that is a file", ("render", "--output", "{ws}/file"), 2, "is a file"),
    (
        "output folder under a file",
        ("render", "--output", "{ws}/file/media"),
        2,
        "cannot write to the output folder {ws}/file/media: Not a directory",
    ),
    (
        "read-only output folder",
        ("render", "--output", "{readonly}"),
        2,
        "cannot write to the output folder {readonly}: ",
    ),
    (
        "output folder in /proc",
        ("render", "--output", "/proc/attention-lecture"),
        2,
        "cannot write to the output folder /proc/attention-lecture: No such file or directory",
    ),
    ("output folder name too long", ("render", "--output", f"{{ws}}/new/{LONG}"), 2, "File name too long"),
    ("empty output folder", ("render", "--output", ""), 2, "'--output': empty; name a folder"),
    (
        "output path with a newline",
        ("render", "--output", "{ws}/file/a\nb"),
        2,
        "{ws}/file/a\\nb: Not a directory",
    ),
    (
        "missing example file",
        ("render", "--example", "{inputs}/missing.toml"),
        2,
        "missing.toml: no such file",
    ),
    ("example that is a directory", ("render", "--example", "{inputs}"), 2, "not a file"),
    ("example that is a device", ("render", "--example", "/dev/zero"), 2, "/dev/zero: not a file"),
    (
        "example path with a newline",
        ("render", "--example", "{inputs}/no\nsuch.toml"),
        2,
        "no\\nsuch.toml: no such file",
    ),
    (
        "empty example file",
        render_with(Example("")),
        2,
        "empty; expected at least one of [drag], [blend], [cross]",
    ),
    ("example not TOML", render_with(Example("this is not toml")), 2, "not valid TOML"),
    ("example not UTF-8", render_with(Example(b"\xff\xfe[blend]\n")), 2, "not UTF-8 text"),
    ("example TOML nested too deeply", render_with(Example(DEEP)), 2, "not valid TOML (nested too deeply)"),
    (
        "example integer of 5000 digits",
        render_with(blend(queries=f"[[1{'0' * 5000}, 0]]")),
        2,
        "not valid TOML (Exceeds the limit",
    ),
    (
        "example of several megabytes",
        render_with(Example("# " + "x" * 3_000_000)),
        2,
        "3000002 bytes, more than 262144 for an example",
    ),
    (
        "tokens not a list",
        render_with(blend(tokens='"ab"')),
        2,
        "blend.tokens: expected a list of names (strings)",
    ),
    ("tokens not strings", render_with(blend(tokens="[1, 2]")), 2, "blend.tokens: expected a list of names"),
    (
        "numbers as strings",
        render_with(blend(keys='[["1", 0], [0, 1]]')),
        2,
        'blend.keys, row 1: "1" is not a number',
    ),
    (
        "booleans as numbers",
        render_with(blend(queries="[[true, 0]]")),
        2,
        "blend.queries, row 1: true is not a number",
    ),
    (
        "vectors nested too deeply",
        render_with(blend(queries="[[[1, 0]]]")),
        2,
        "blend.queries, row 1: [1, 0] is not a number",
    ),
    (
        "date as numbers",
        render_with(blend(queries="1979-05-27")),
        2,
        "blend.queries: expected a list of numbers",
    ),
    (
        "table that is a number",
        render_with(Example("blend = 3\n")),
        2,
        "blend: expected a table [blend], got int",
    ),
    ("name not a string", render_with(Example("name = 3\n" + blend().content)), 2, "name: expected a string"),
    ("missing field", render_with(blend(queries=None)), 2, "blend: missing field(s) queries"),
    ("missing fields", render_with(blend(keys=None, values=None)), 2, "blend: missing field(s) keys, values"),
    (
        "no table at all",
        render_with(Example("name = 'x'\n")),
        2,
        "expected at least one of the tables drag, blend",
    ),
    (
        "unknown fields in a table",
        render_with(blend(colour="'red'", size="2")),
        2,
        "blend: unknown field(s) colour, size; expected tokens, keys, values, queries",
    ),
    (
        "unknown top-level fields",
        render_with(Example("author = 'me'\ncolour = 1\n" + blend().content)),
        2,
        "unknown field(s) author, colour; expected tables drag, blend, cross",
    ),
    (
        "mismatched widths",
        render_with(blend(queries="[[1, 0, 0], [0, 1, 0]]")),
        2,
        "blend.queries: expected width 2 to match blend.keys, got width 3",
    ),
    (
        "mismatched counts",
        render_with(blend(values="[[1, 0]]")),
        2,
        "blend.values: expected 2 values, one per name in blend.tokens, got 1",
    ),
    (
        "ragged vectors",
        render_with(blend(keys="[[1, 0], [1]]")),
        2,
        "blend.keys: width mismatch: row 2 has 1 numbers, the others 2",
    ),
    (
        "empty vectors",
        render_with(blend(keys="[[], []]", queries="[[]]")),
        2,
        "blend.keys: expected vectors of 1 to 6 numbers, got width 0",
    ),
    ("one token", render_with(blend(tokens='["a"]')), 2, "blend.tokens: expected at least 2 names"),
    (
        "fewer names than vectors",
        render_with(blend(keys="[[1, 0], [0, 1], [1, 1]]")),
        2,
        "blend.keys: expected 2 keys, one per name in blend.tokens, got 3",
    ),
    (
        "one query in blend",
        render_with(blend(queries="[[1, 0]]")),
        2,
        "blend.queries: expected 2 queries (the first, then the refocused one), got 1",
    ),
    (
        "three queries in blend",
        render_with(blend(queries="[[1, 0], [0, 1], [1, 1]]")),
        2,
        "blend.queries: expected 2 queries (the first, then the refocused one), got 3",
    ),
    (
        "one row 3 wide among 2-wide values",
        render_with(
            blend(
                tokens='["a", "b", "c"]',
                keys="[[1, 0], [0, 1], [1, 1]]",
                values="[[1, 0.2, 3], [0, 1], [1, 1]]",
            )
        ),
        2,
        "blend.values: width mismatch: row 1 has 3 numbers, the others 2; every row needs the same width",
    ),
    (
        "drag path of one point",
        render_with(Example(DRAG.replace("PATH", "[[1, 0]]"))),
        2,
        "drag.path: expected at least 2 points",
    ),
    (
        "drag path of 11 points",
        render_with(Example(DRAG.replace("PATH", str([[1, 0]] * 11)))),
        2,
        "drag.path: expected at most 10 points",
    ),
    (
        "drag query that is a list of vectors",
        render_with(
            Example(DRAG.replace("PATH", "[[1, 0], [0, 1]]").replace("query = [1, 0]", "query = [[1, 0]]"))
        ),
        2,
        "drag.query: expected one vector",
    ),
    (
        "blend keys 7 wide",
        render_with(blend(keys=str([[1] * 7] * 2), queries=str([[1] * 7] * 2))),
        2,
        "blend.keys: expected vectors of 1 to 6 numbers, got width 7",
    ),
    (
        "cross decoder queries not one per target word",
        render_with(Example(CROSS)),
        2,
        "cross.queries: expected 1 decoder queries, one per name in cross.target_tokens, got 2",
    ),
    (
        "causal queries not one per word",
        render_with(Example(CAUSAL + "queries = [[1, 0]]\n")),
        2,
        "causal.queries: expected 2 queries, one per name in causal.tokens, got 1",
    ),
    (
        "causal values missing",
        render_with(Example(CAUSAL.replace("values = [[1, 0], [0, 1]]\n", ""))),
        2,
        "causal: missing field(s) values",
    ),
    (
        "a width the heads do not split evenly",
        render_with(heads("[[1, 0, 0], [0, 1, 0]]", "[1, 0, 0]")),
        2,
        "heads.count: width 3 of heads.keys does not split evenly into 2 heads",
    ),
    ("one head", render_with(heads(count="1")), 2, "heads.count: expected at least 2 heads"),
    (
        "heads count not whole",
        render_with(heads(count="1.5")),
        2,
        "heads.count: expected a whole number, got 1.5",
    ),
    (
        "heads query of another width",
        render_with(heads(query="[1, 0, 0]")),
        2,
        "heads.query: expected width 2 to match heads.keys, got width 3",
    ),
    ("empty token list", render_with(blend(tokens="[]")), 2, "blend.tokens: expected at least one name"),
    (
        "more tokens than the layout holds",
        render_with(
            blend(tokens=str([f"t{i}" for i in range(7)]), keys=str([[1, 0]] * 7), values=str([[1, 0]] * 7))
        ),
        2,
        "blend.tokens: 7 names, more than the 6 the layout holds",
    ),
    (
        "2-D field of another width",
        render_with(blend(values="[[1, 0, 0], [0, 1, 0]]")),
        2,
        "blend.values: expected 2-D vectors for the plane, got width 3",
    ),
    ("NaN", render_with(blend(queries="[[nan, 0]]")), 2, "blend.queries: expected finite numbers, got nan"),
    ("inf", render_with(blend(queries="[[inf, 0]]")), 2, "blend.queries: expected finite numbers, got inf"),
    (
        "-inf",
        render_with(blend(keys="[[-inf, 0], [0, 1]]")),
        2,
        "blend.keys: expected finite numbers, got -inf",
    ),
    ("1e308", render_with(blend(queries="[[1e308, 0]]")), 2, "blend.queries: 1e+308 is outside -100..100"),
    (
        "integer beyond any float",
        render_with(blend(queries=f"[[1{'0' * 400}, 0]]")),
        2,
        "blend.queries: a 401-digit integer is outside -100..100",
    ),
    (
        "very long token name",
        render_with(blend(tokens=f'["a", "{"y" * 25}"]')),
        2,
        "longer than 24 characters",
    ),
    ("duplicate token names", render_with(blend(tokens='["a", "a"]')), 2, "blend.tokens: duplicate names"),
    (
        "blank token name",
        render_with(blend(tokens='["a", "  "]')),
        2,
        "name '  ' is empty or has control characters",
    ),
    (
        "control character in a name",
        render_with(blend(tokens='["a", "b\\u0007"]')),
        2,
        "name 'b\\x07' is empty or has control characters",
    ),
    (
        "bidirectional override in a name",
        render_with(blend(tokens='["a", "\\u202eb"]')),
        2,
        "has control characters",
    ),
    ("-0.0 accepted", ("list", "--example", blend(keys="[[-0.0, 1], [0, -0.0]]")), 0, "01  Tiny"),
    ("non-ASCII names accepted", ("list", "--example", blend(tokens='["café", "猫"]')), 0, "01  Tiny"),
    (
        "LaTeX in names accepted",
        ("list", "--example", blend(tokens=r"['\input{/etc/hostname}', '$x$']")),
        0,
        "01  Tiny",
    ),
    (
        "six tokens of 24 characters accepted",
        (
            "list",
            "--example",
            blend(
                tokens=str([f"{i}" * 24 for i in range(6)]), keys=str([[1, 0]] * 6), values=str([[1, 0]] * 6)
            ),
        ),
        0,
        "01  Tiny",
    ),
]
SCRIPTED = {
    "unknown chapter",
    "conflicting options",
    "read-only output folder",
    "missing example file",
    "example TOML nested too deeply",
}


@pytest.fixture
def workspace(tmp_path):
    """The folder every row must leave as it was: media/ with a previous render's files, and a plain file."""
    ws = tmp_path / "ws"
    (ws / "media" / "480p15").mkdir(parents=True)
    (ws / "media" / "480p15" / "01-Tiny.mp4").write_bytes(b"a previously rendered video")
    (ws / "media" / "480p15" / "manifest.json").write_text('{"schema": 1, "entries": {}}\n')
    (ws / "file").write_text("not a folder")
    return ws


@pytest.fixture
def read_only(workspace):
    """A folder in the workspace that even root cannot write to: a read-only bind mount of itself."""
    folder = workspace / "readonly"
    folder.mkdir()
    (folder / "kept.txt").write_text("rendered before")
    with read_only_mount(folder):
        yield folder


@contextmanager
def read_only_mount(folder: Path):
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield
        folder.chmod(0o755)
        return
    subprocess.run(["mount", "--bind", "-o", "ro", str(folder), str(folder)], check=True)
    try:
        yield
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def arguments(args: tuple, workspace: Path, inputs: Path, request) -> list[str]:
    """The row's arguments with its example files written and its folders filled in."""
    inputs.mkdir(exist_ok=True)
    folders = {"ws": workspace, "inputs": inputs}
    if any("{readonly}" in str(a) for a in args):
        folders["readonly"] = request.getfixturevalue("read_only")
    found = [write(a, inputs) if isinstance(a, Example) else a.format(**folders) for a in args]
    return found if "--output" in found else [*found, "--output", str(workspace / "media")]


def write(example: Example, inputs: Path) -> str:
    path = inputs / example.name
    if isinstance(example.content, bytes):
        path.write_bytes(example.content)
    else:
        path.write_text(example.content, encoding="utf-8")
    return str(path)


def assert_reported(status: int, stdout: str, stderr: str, expected: int, fragment: str) -> None:
    """No traceback, the exact status, and the message: for an error one line on its own."""
    assert "Traceback" not in stdout + stderr
    assert status == expected, stdout + stderr
    if expected == 0:
        assert fragment in stdout.splitlines()[0]
    else:
        assert stdout == "" and len(stderr.splitlines()) == 1, stdout + stderr
        assert stderr.startswith("Error: ") and fragment in stderr


@pytest.mark.parametrize("args, status, fragment", [row[1:] for row in ROWS], ids=[row[0] for row in ROWS])
def test_in_process(use_chapters, run, workspace, tmp_path, request, args, status, fragment):
    use_chapters()
    argv = arguments(args, workspace, tmp_path / "inputs", request)
    fragment = fragment.format(ws=workspace, readonly=workspace / "readonly")
    before = snapshot(workspace)
    result = run(*argv)
    assert_reported(result.exit_code, result.stdout, result.stderr, status, fragment)
    assert_unchanged(workspace, before)
    tally.count("bad inputs refused or accepted as expected")


@pytest.mark.parametrize(
    "args, status, fragment",
    [row[1:] for row in ROWS if row[0] in SCRIPTED],
    ids=[row[0] for row in ROWS if row[0] in SCRIPTED],
)
def test_as_a_script(lecture, workspace, tmp_path, request, args, status, fragment):
    argv = arguments(args, workspace, tmp_path / "inputs", request)
    fragment = fragment.format(ws=workspace, readonly=workspace / "readonly")
    before = snapshot(workspace)
    result = run_driver(lecture.driver(), *argv, status=status)
    assert_reported(result.returncode, result.stdout, result.stderr, status, fragment)
    assert_unchanged(workspace, before)
    tally.count("bad inputs refused or accepted as expected")


def test_the_table_covers_at_least_forty_cases_each_once():
    assert len(ROWS) >= 40
    assert len({row[0] for row in ROWS}) == len(ROWS)
    assert SCRIPTED <= {row[0] for row in ROWS}
