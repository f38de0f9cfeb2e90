"""What the real chapters' videos depend on, by their import walk (nothing is rendered)."""

import ast
from dataclasses import replace
from pathlib import Path

from pipeline.plan import dependencies
from pipeline.plan.dependencies import FRAME_CODE, Scanner
from pipeline.plan.settings import from_options
from scenes.chapters import registry

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cat-and-dog.toml"
NOT_FRAME_CODE = {  # the rest of what a worker runs, reviewed: none of it changes a video's frames or encoding
    "pipeline": "the package's docstring",
    "pipeline.plan": "the package's docstring",
    "pipeline.run": "the package's docstring",
    "pipeline.run.worker": "runs one job, turning its errors into outcomes",
    "pipeline.run.jobs": "the job and outcome records",
    "pipeline.outputs": "paths, working folders and renames (the files' names are hashed as 'output files')",
    "pipeline.run.tex_cache": "shares manim's compiled SVGs, which manim names by their LaTeX",
    "pipeline.run.latex_errors": "explains LaTeX failures",
    "pipeline.run.typeset": "formulas typeset as manim does, or made from a look-alike's SVG with the same drawing",
    "pipeline.run.digit_glyphs": "a formula's SVG from a look-alike's, the same drawing as LaTeX's (tested)",
    "pipeline.plan.settings": "its values are hashed as 'setting ...' and 'output transparent'",
    "pipeline.plan.quality": "the presets: hashed through the settings' values",
    "pipeline.run.pause": "a test hook",
    "pipeline.run.ahead": "typesets a chapter's formulas before its render: the same SVGs (ThreeTokenDrag's "
    "video: the same bytes)",
    "pipeline.run.dry_run": "the look-ahead's run, its mobjects dropped before the render builds its own",
    "pipeline.run.collector": "when Python collects garbage: which objects are freed, never how one is drawn",
    "pipeline.plan.dependencies": "whether a chapter's words are in the render's language (its caption track's "
    "language): hashed as the chapter's 'language' and 'catalogue' inputs",
}


def module_names(chapter, settings=None) -> set[str]:
    inputs = Scanner().inputs(chapter, settings or from_options("l"))
    return {k.removeprefix("module ") for k in inputs if k.startswith("module ")}


def test_quick_version_does_not_depend_on_where_it_breaks():
    assert "scenes.chapters.where_it_breaks" not in module_names(registry.find("QuickVersion"))


def test_every_chapter_depends_on_exactly_the_frame_code_of_the_pipeline():
    for chapter in registry.CHAPTERS:
        assert {m for m in module_names(chapter) if m.startswith("pipeline")} == set(FRAME_CODE), chapter.name


def test_the_code_a_worker_runs_is_frame_code_or_reviewed_as_not():
    ran = Scanner().modules(("pipeline.run.worker",), ("pipeline",))
    assert set(ran) == set(FRAME_CODE) | set(NOT_FRAME_CODE), "classify new worker code in FRAME_CODE or here"


def test_the_example_loader_is_no_input_the_parsed_tables_are():
    inputs = Scanner().inputs(registry.find("BlendByWeight"), from_options("l", example=SAMPLE))
    assert "module attention.examples.file" not in inputs
    assert {k for k in inputs if k.startswith("example")} == {"example [blend]", "example token colours"}


def test_a_title_is_in_its_own_chapters_inputs_and_in_those_that_read_the_registry(monkeypatch):
    before = {c.name: Scanner().inputs(c, from_options("l")) for c in registry.CHAPTERS}
    first, *rest = registry.CHAPTERS
    monkeypatch.setattr(registry, "CHAPTERS", (replace(first, title="A new title"), *rest))
    after = {c.name: Scanner().inputs(c, from_options("l")) for c in registry.CHAPTERS}
    changed = {name for name in before if before[name] != after[name]}
    assert changed == {"FixedContext", "QuickVersion", "Projections", "WordOrder", "CausalMask"}
    assert after["FixedContext"]["title"] == "A new title"
    assert "registry" in after["QuickVersion"]  # its tags show other chapters' numbers and titles
    assert "registry" in after["Projections"]  # its captions name earlier chapters by number
    assert "registry" in after["WordOrder"]  # so do its


def test_the_modules_trusted_to_read_only_their_own_title_do_so():
    """Each looks a chapter up in the registry only by its own class name, as `find(type(self).__name__)`."""
    for name in dependencies.OWN_TITLE_READERS:
        tree = ast.parse(Scanner().modules((name,), ("scenes",))[name].read_text())
        calls = [
            n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "find"
        ]
        assert calls, name
        assert all(ast.unparse(call) == "find(type(self).__name__)" for call in calls), name
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        assert "registry" not in imported and "CHAPTERS" not in imported, name
