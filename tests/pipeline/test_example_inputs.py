"""With --example, a chapter's inputs are the parsed tables its code reads and the colours of their names,
not the file's bytes: a comment re-renders nothing, a table re-renders only the chapters that read it."""

import hashlib
import re
from pathlib import Path

from pipeline import build, outputs
from pipeline.plan.dependencies import TABLES, Scanner
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import from_options
from scenes.chapters import registry

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cat-and-dog.toml"


SCANNER = Scanner()  # one for every test: the chapters' code is read once


def inputs_of_every_chapter(example: Path) -> dict[str, dict[str, str]]:
    settings = from_options("l", example=example)
    return {c.name: SCANNER.inputs(c, settings) for c in registry.CHAPTERS}


def written(folder: Path, text: str) -> Path:
    """`text` in a file named by its content (the scanner reads each file once)."""
    path = folder / f"{hashlib.sha256(text.encode()).hexdigest()[:16]}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def changed_by(tmp_path, old: str, new: str) -> set[str]:
    """The chapters whose inputs change when `old` becomes `new` in a copy of the sample."""
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    first, then = (inputs_of_every_chapter(written(tmp_path, t)) for t in (text, text.replace(old, new)))
    return {name for name in first if first[name] != then[name]}


def test_a_comment_or_spacing_edit_changes_no_chapters_inputs(tmp_path):
    assert changed_by(tmp_path, "# the worked example's query", "# edited, and") == set()
    assert changed_by(tmp_path, "count = 2", "count   =   2   # two heads") == set()


def test_a_tables_numbers_change_only_the_chapters_that_read_it(tmp_path):
    # TrainedHead, Projections, WordOrder and MultiHead read every table (their own words, or heads, take colours
    # no name has); ScoreEveryWord reads [drag] (the chapter before's words, maybe in another order)
    assert changed_by(tmp_path, "query = [2, 0, 2, 0]", "query = [2, 0, 1, 0]") == {
        "Projections",
        "WordOrder",
        "MultiHead",
        "QuickVersion",
        "TrainedHead",
    }
    assert changed_by(tmp_path, "path = [[1, -0.5]", "path = [[1, -0.6]") == {
        "ThreeTokenDrag",
        "ScoreEveryWord",
        "Projections",
        "WordOrder",
        "MultiHead",
        "QuickVersion",
        "TrainedHead",
    }
    blend = {
        "ScoreEveryWord",
        "BlendByWeight",
        "Refocus",
        "Projections",
        "AllQueriesAtOnce",
    }
    blend |= {
        "WordOrder",
        "ShrinkScores",
        "WhereItBreaks",
        "CausalMask",
        "MultiHead",
        "QuickVersion",
        "TrainedHead",
    }  # MultiHead: its words' vectors
    assert changed_by(tmp_path, "queries = [[2, 0, 1]", "queries = [[2, 0, 2]") == blend


def test_a_new_name_changes_the_chapters_showing_it_or_a_colour_it_moved(tmp_path):
    # [causal]'s "barks" also names a [cross] source token: renamed, it takes a colour of its own; MultiHead
    # compares its words with [causal]'s (the chapter before's)
    changed = changed_by(
        tmp_path,
        '[causal]\ntokens = ["a", "dog", "barks"]',
        '[causal]\ntokens = ["a", "dog", "howls"]',
    )
    assert changed == {"Projections", "WordOrder", "CausalMask", "MultiHead", "QuickVersion", "TrainedHead"}


def test_the_tables_a_module_reads_are_found_in_its_code(tmp_path, monkeypatch):
    sources = {
        "one": "from attention import examples\nx = examples.current().blend.tokens\ny = examples.current().blend\n",
        "whole": "from attention import examples\nex = examples.current()\ny = ex.drag\n",
        "none": "from narration import speech\nvoice = speech.current()\n",
    }
    package = tmp_path / "readers"
    package.mkdir()
    for name, source in {"__init__": "", **sources}.items():
        (package / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    scanner = Scanner()
    found = {name: scanner.tables([f"readers.{name}"]) for name in sources}
    assert found == {"one": ["blend"], "whole": list(TABLES), "none": []}


def test_quick_version_reads_every_table():
    (chapter,) = [c for c in registry.CHAPTERS if c.name == "QuickVersion"]
    inputs = SCANNER.inputs(chapter, from_options("l", example=SAMPLE))
    assert {k for k in inputs if k.startswith("example [")} == {f"example [{t}]" for t in TABLES}


def test_after_a_render_an_edit_queues_only_the_chapters_it_changes(use_chapters, run, tmp_path):
    chapters = use_chapters("Themed")  # its caption reads [drag]'s names
    example, out = tmp_path / "example.toml", tmp_path / "out"
    example.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert run("render", "--voice", "none", "--example", example, "--output", out).exit_code == 0
    settings = from_options("l", example=example.resolve())
    manifest = Manifest.load(outputs.folder(out / outputs.EXAMPLES_FOLDER / "cat-and-dog", settings))

    def queued_after(old: str, new: str) -> dict[str, str | None]:
        example.write_text(example.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
        return {p.chapter.name: p.reason for p in build.plan(list(chapters), settings, manifest, force=False)}

    assert queued_after("# the worked example's query", "# edited") == {"Themed": None}
    assert queued_after("queries = [[2, 0, 1]", "queries = [[2, 0, 2]") == {"Themed": None}
    assert queued_after('[drag]\ntokens = ["dog"', '[drag]\ntokens = ["hound"') == {
        "Themed": "changed: example [drag], example token colours",
    }


def test_the_docs_table_of_which_chapters_read_which_table_is_what_the_code_reads():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "custom-examples.md").read_text(encoding="utf-8")
    listed = {
        table: {int(n) for n in chapters.split(", ")}
        for table, chapters in re.findall(r"^\| `\[(\w+)\]` \| ([\d, ]+) \|", docs, re.MULTILINE)
    }
    read = {t: {c.number for c in registry.CHAPTERS if t in SCANNER.tables(SCANNER.code(c))} for t in TABLES}
    assert listed == read


def test_the_same_example_moved_to_another_path_changes_no_chapters_inputs(tmp_path):
    moved = tmp_path / "elsewhere" / "renamed.toml"
    moved.parent.mkdir()
    moved.write_text(SAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert inputs_of_every_chapter(moved) == inputs_of_every_chapter(SAMPLE)
