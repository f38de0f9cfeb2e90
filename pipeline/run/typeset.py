"""Typesetting a chapter's formulas in one LaTeX run instead of one run each.

manim typesets every formula alone as it is built: a latex and a dvisvgm process per string, ~0.2 s
each on this machine. Most formulas of a chapter run with a custom example are already typeset (its
numbers are composed of typeset glyphs), so `prefetched` first typesets what is missing alone, as
manim does; when more than ALONE formulas are missing, the run turns into a look-ahead: it learns what
else it will typeset, then, after typesetting everything missing in one latex run and one dvisvgm run
(a page per formula, cut exactly as manim's own `standalone` page), runs again for real. A chapter run
for the first time, or whose last run missed more than ALONE, looks ahead from its first missing
formula. In a look-ahead, each missing formula is drawn from a look-alike: a typeset formula with the
same stand-in (its digits replaced by 0: digits are equally wide in TeX, so it is the formula's size
and the layout takes the same course) if one was seen, else the formula's rough form (each number a
single 0), typeset alone once and shared by every formula of that form. A rough form is the wrong
size, so the layout may take another course and meet other formulas: the real run typesets those
alone, as manim always does (cheaper than a second look-ahead, which in SourcePositions costs 4 s).
Each SVG is written under the name manim gives it, whole (temporary name, rename), and is the same
drawing as manim's own (the same glyphs at the same places; only its internal glyph ids differ).
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from pipeline import outputs

T = TypeVar("T")
ALONE = 8  # formulas typeset alone (~0.2 s each) before a run turns into a look-ahead (1.5-4 s: a run)
MISSED: dict[str, int] = {}  # per chapter, how many formulas its last run found missing
PAGE = "manimpage"  # the environment that makes each formula a page of its own
STANDALONE = r"\documentclass[preview]{standalone}"
# caches of typeset mobjects keyed by their TeX: what a learning run puts there is drawn from look-alikes
CACHES = (
    ("manim.mobject.text.numbers", "string_to_mob_map"),
    ("scenes.kit.numbers", "GLYPHS"),
    ("scenes.kit.components", "_TYPESET"),
)
LOOKALIKES: dict[tuple, Path] = {}  # a typeset formula per stand-in and per rough form: drawn for any like it
NUMBER = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?(?![\d.]|\s*(?:em|ex|pt|mu|cm|mm|in|bp|sp)\b)")
SIGNED = re.compile(rf"-?{NUMBER.pattern}")


def stand_in(expression: str) -> str:
    """`expression` with the digits of its numbers replaced by 0 (not those of ids, names or lengths)."""
    return NUMBER.sub(lambda m: re.sub(r"\d", "0", m.group()), expression)


def rough(expression: str) -> str:
    """`expression` with each of its numbers (as `stand_in` finds them), with its sign, a single 0."""
    return SIGNED.sub("0", expression)


def prefetched(run: Callable[[], T], name: str) -> T:
    """`run()` with the formulas it typesets compiled alone when they are few, else beforehand in batches
    (see the module's docstring); `name` is what it runs (a chapter), whose last run tells what to expect.

    `run` must build everything anew each time it is called (a new scene). When it met at most the formulas
    it may typeset alone, the first call was the real one and its result (or error) is returned; otherwise
    what it raised is ignored (look-alikes may mislead it) and the second call decides.
    """
    alone = ALONE if MISSED.get(name, ALONE + 1) <= ALONE else 0
    with recording(alone) as missing:
        try:
            first = run()
        except Exception:
            if not missing:
                raise
    MISSED[name] = len(missing) + missing.alone
    if not missing:  # the first run was the real one
        return first
    typeset(missing)
    return run()


class Missing(list):
    """Formulas recorded for a look-ahead, (expression, environment, template) each; `alone` counts those
    typeset alone before."""

    alone = 0


@contextmanager
def recording(alone: int = 0) -> Iterator[Missing]:
    """Within: the first `alone` formulas not typeset yet are typeset alone (as manim does); any later one
    is drawn from a look-alike and recorded as (expression, environment, template) in the list yielded."""
    from manim import config
    from manim.mobject.text import tex_mobject
    from manim.utils import tex_file_writing

    real = tex_mobject.tex_to_svg_file
    missing = Missing()

    def record(expression, environment=None, tex_template=None):
        template = tex_template or config["tex_template"]
        code = _code(expression, environment, template)
        svg = Path(config.get_dir("tex_dir")) / f"{tex_file_writing.tex_hash(code)}.svg"
        alike = (stand_in(expression), environment, id(template))
        if not svg.exists() and missing.alone < alone:
            missing.alone += 1
            svg = real(expression, environment, tex_template)
        if svg.exists():
            LOOKALIKES.setdefault(alike, svg)
            return svg
        missing.append((expression, environment, template))
        if alike in LOOKALIKES and LOOKALIKES[alike].exists():
            return LOOKALIKES[alike]
        form = ("rough", rough(expression), environment, id(template))
        if form not in LOOKALIKES or not LOOKALIKES[form].exists():
            LOOKALIKES[form] = real(form[1], environment, template)
        return LOOKALIKES[form]

    caches = [vars(importlib.import_module(module))[name] for module, name in CACHES]
    before = [set(cache) for cache in caches]
    tex_mobject.tex_to_svg_file = record
    try:
        yield missing
    finally:
        tex_mobject.tex_to_svg_file = real
        for cache, kept in zip(caches, before) if missing else ():  # look-alikes were drawn
            for key in cache.keys() - kept:
                del cache[key]


def typeset(formulas: list[tuple]) -> int:
    """Typeset `formulas` ((expression, environment, template) each) into manim's Tex folder, one latex
    and one dvisvgm run per template; return how many SVGs were written. A batch that fails writes
    nothing (each formula is then typeset alone when drawn, and a LaTeX error reported as usual)."""
    from manim import config
    from manim.utils import tex_file_writing

    tex_dir = Path(config.get_dir("tex_dir"))
    batches: dict[int, tuple[object, dict[str, str]]] = {}
    for expression, environment, template in formulas:
        code = _code(expression, environment, template)
        name = tex_file_writing.tex_hash(code)
        if (
            template.tex_compiler == "latex"
            and template.output_format == ".dvi"
            and code.startswith(STANDALONE)
        ):
            batches.setdefault(id(template), (template, {}))[1].setdefault(name, code)
    written = 0
    for _template, pages in batches.values():
        todo = {name: code for name, code in pages.items() if not (tex_dir / f"{name}.svg").exists()}
        if todo:
            written += _typeset_batch(todo, tex_dir)
    for expression, environment, template in formulas:  # look-alikes for the stand-ins of later runs
        svg = tex_dir / f"{tex_file_writing.tex_hash(_code(expression, environment, template))}.svg"
        if svg.exists():
            LOOKALIKES.setdefault((stand_in(expression), environment, id(template)), svg)
    return written


def _typeset_batch(pages: dict[str, str], tex_dir: Path) -> int:
    """One document with a page per formula: its SVGs, renamed into `tex_dir`."""
    preambles = {code.partition(r"\begin{document}")[0] for code in pages.values()}
    if len(preambles) != 1:
        return 0
    preamble = preambles.pop().replace(STANDALONE, rf"\documentclass[preview,multi={PAGE}]{{standalone}}", 1)
    bodies = [
        code.partition(r"\begin{document}")[2].rpartition(r"\end{document}")[0] for code in pages.values()
    ]
    document = (
        preamble + "\\begin{document}\n" + "".join(rf"\begin{{{PAGE}}}{b}\end{{{PAGE}}}" for b in bodies)
    )
    tex_dir.mkdir(parents=True, exist_ok=True)  # manim makes it only when it typesets something itself
    with tempfile.TemporaryDirectory(prefix="typeset-") as work:
        folder = Path(work)
        (folder / "batch.tex").write_text(document + "\\end{document}\n", encoding="utf-8")
        latex = ["latex", "-interaction=batchmode", "-halt-on-error", "batch.tex"]
        svgs = ["dvisvgm", "--page=1-", "--no-fonts", "--verbosity=0", "--output=%p.svg", "batch.dvi"]
        for command in (latex, svgs):
            if subprocess.run(
                command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            ).returncode:
                return 0
        made = sorted(folder.glob("*.svg"), key=lambda p: int(p.stem))
        if len(made) != len(pages):
            return 0
        for name, svg in zip(pages, made):
            target = tex_dir / f"{name}.svg"
            temporary = outputs.temporary_name(target)
            shutil.move(svg, temporary)
            os.replace(temporary, target)
    return len(pages)


def _code(expression: str, environment: str | None, template) -> str:
    """The LaTeX document manim writes for `expression` (its file is named by this text's hash)."""
    if environment is not None:
        return template.get_texcode_for_expression_in_env(expression, environment)
    return template.get_texcode_for_expression(expression)
