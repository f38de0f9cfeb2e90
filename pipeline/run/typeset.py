"""Typesetting a chapter's formulas in one LaTeX run instead of one run each.

manim typesets every formula alone as it is built: a latex and a dvisvgm process per string, ~0.2 s of
CPU each on this machine; a batch costs ~0.015 s a formula. Most formulas of a chapter run with a custom
example are already typeset (its numbers are composed of typeset glyphs), so `prefetched` first typesets
what is missing alone, as manim does; when more are missing than typesetting alone costs less than running
the chapter (`budget`: at least ALONE), the run turns into a look-ahead: it learns what else it will
typeset, then, after typesetting everything missing in one latex run and one dvisvgm run (a page per
formula, cut exactly as manim's own `standalone` page), runs again for real. A chapter run for the first
time, or whose last run missed more than its budget, looks ahead from its first missing formula. In a
look-ahead, each missing formula is drawn from a look-alike: a typeset formula with the same stand-in (its
digits replaced by 0: digits are equally wide in TeX, so it is the formula's size and the layout takes the
same course) if one was seen, else a `placeholder` (boxes about as wide as its glyphs, in the parts manim
marks, written without LaTeX). A placeholder is not the formula's exact size, so the layout may take
another course and meet other formulas: the real run typesets those alone, as manim always does (cheaper
than typesetting a stand-in alone for every new form of formula, which a cold run met dozens of times a
chapter).
A missing formula whose look-alike was typeset needs no LaTeX at all where its digits can be swapped into
the look-alike's SVG (`digit_glyphs`): a custom example's workings mostly can. Only a DVI's SVG is swapped:
dvisvgm names its glyphs by character code, an XDV's OpenType glyphs (XeLaTeX's: formulas with Chinese words,
`numbers.CJK_TEX`) by their index in the font, which may be a digit's code. Renders record too, with
no look-ahead (every other formula typeset alone): their frames are the same, byte for byte.
Each SVG is written under the name manim gives it, whole (temporary name, rename), and is the same
drawing as manim's own (the same glyphs at the same places; only its internal glyph ids differ).
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import importlib
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from pipeline import outputs
from pipeline.run import digit_glyphs

T = TypeVar("T")
ALONE = 8  # formulas a run typesets alone at the least before it turns into a look-ahead
ALONE_SECONDS = 0.2  # the CPU a formula typeset alone costs (its latex and dvisvgm processes)
MISSED: dict[str, int] = {}  # per chapter, how many formulas its last run found missing
RUN_SECONDS: dict[str, float] = {}  # per chapter, the CPU its last real run took (its own, not LaTeX's)
BATCHED = {"latex": ".dvi", "xelatex": ".xdv"}  # the compilers typeset in batches, and what each writes
PAGE = "manimpage"  # the environment that makes each formula a page of its own
STANDALONE = r"\documentclass[preview]{standalone}"
# caches of typeset mobjects keyed by their TeX: what a learning run puts there is drawn from look-alikes
CACHES = (
    ("manim.mobject.text.numbers", "string_to_mob_map"),
    ("scenes.kit.numbers", "GLYPHS"),
    ("scenes.kit.numbers", "LAID_OUT"),
    ("scenes.kit.components", "_TYPESET"),
    ("scenes.kit.matrices", "_BUILT"),
)
# a typeset formula (its SVG and TeX) per stand-in's whole document: drawn for, or swapped into, any like it
LOOKALIKES: dict[str, tuple[Path, str]] = {}
NUMBER = re.compile(r"(?<![A-Za-z\d.])\d+(?:\.\d+)?(?![\d.]|\s*(?:em|ex|pt|mu|cm|mm|in|bp|sp)\b)")
# manim's marks round a formula's parts, and what draws no glyph of its own (spacing, styles, grouping, \cjk's face)
PART_MARK = re.compile(r"\\special\{dvisvgm:raw (<g id='\w+'>|</g>)\}")
UNDRAWN = re.compile(
    r"\\(?:text\w*|math\w*|cjk|frac|[a-z]*style|left|right|[,;:!]|[hv]space\{[^}]*\})|[\s{}^_&$]"
)
COMMAND = re.compile(r"\\[A-Za-z]+|\\.")  # \approx, \sqrt, \{: one glyph each
GLYPH = (5.0, 6.9)  # pt: about a glyph's width and height in the lecture's 10 pt sans-serif TeX


def stand_in(expression: str) -> str:
    """`expression` with the digits of its numbers replaced by 0 (not those of ids, names or lengths)."""
    return NUMBER.sub(lambda m: re.sub(r"\d", "0", m.group()), expression)


def glyphs(tex: str) -> int:
    """About how many glyphs TeX draws for `tex` (a part of a formula, without manim's marks)."""
    return len(COMMAND.sub("x", UNDRAWN.sub("", tex.replace(r"\ldots", "..."))))


def placeholder(expression: str) -> Path:
    """An SVG in dvisvgm's dialect drawing `expression` as boxes, a box per glyph (`glyphs`), in the groups
    manim's marks make (so a formula's parts are there), written without LaTeX into a folder of this
    process; for a look-ahead only, never into manim's Tex folder."""
    body, x = [], 0.0
    for piece in PART_MARK.split(expression):
        if piece.startswith("<g") or piece == "</g>":
            body.append(piece)
        else:
            for _ in range(glyphs(piece)):
                body.append(f"<use x='{x:g}' y='0' xlink:href='#box'/>")
                x += GLYPH[0]
    width, height = GLYPH
    svg = (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        "<svg version='1.1' xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
        f"width='{max(x, width):g}pt' height='{height:g}pt' viewBox='0 {-height:g} {max(x, width):g} {height:g}'>"
        f"<defs><path id='box' d='M0 0H{width - 0.5:g}V{-height:g}H0Z'/></defs>{''.join(body)}</svg>"
    )
    path = _placeholders() / f"{hashlib.sha256(svg.encode()).hexdigest()[:16]}.svg"
    if not path.exists():
        path.write_text(svg, encoding="utf-8")
    return path


@functools.cache
def _placeholders() -> Path:
    """This process's folder of placeholders (removed when it exits)."""
    folder = tempfile.TemporaryDirectory(prefix="placeholders-")
    atexit.register(folder.cleanup)
    return Path(folder.name)


def prefetched(run: Callable[[], T], name: str) -> T:
    """`run()` with the formulas it typesets compiled alone when they are few, else beforehand in batches
    (see the module's docstring); `name` is what it runs (a chapter), whose last run tells what to expect.

    `run` must build everything anew each time it is called (a new scene). When it met at most the formulas
    it may typeset alone, the first call was the real one and its result (or error) is returned; otherwise
    what it raised is ignored (look-alikes may mislead it) and the second call decides.
    """
    most = budget(name)
    alone = most if MISSED.get(name, most + 1) <= most else 0
    began = time.process_time()
    with recording(alone) as missing:
        try:
            first = run()
        except Exception:
            if not missing:
                raise
    MISSED[name] = len(missing) + missing.alone
    if not missing:  # the first run was the real one
        RUN_SECONDS[name] = time.process_time() - began
        return first
    typeset(missing)
    began = time.process_time()
    second = run()
    RUN_SECONDS[name] = time.process_time() - began
    return second


def budget(name: str) -> int:
    """How many formulas a run of `name` typesets alone before it turns into a look-ahead: as many as cost
    what its last real run took (a look-ahead's price: a chapter with long layouts and few new formulas
    per example, CausalMask, gains most), at least ALONE."""
    return max(ALONE, int(RUN_SECONDS.get(name, 0.0) / ALONE_SECONDS))


class Missing(list):
    """Formulas recorded for a look-ahead, (expression, environment, template) each; `alone` counts those
    typeset alone before."""

    alone = 0


RECORDED: list[Missing] = []  # the recordings under way, innermost last


def looking_ahead() -> bool:
    """Whether the run under way has drawn a formula from a look-alike: a look-ahead, which `prefetched`
    discards, so what watches it (a layout probe) may rest until the real run."""
    return bool(RECORDED and RECORDED[-1])


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
        alike = _code(stand_in(expression), environment, template)
        if not svg.exists() and alike in LOOKALIKES and _by_code(template):
            _swapped_from(LOOKALIKES[alike], expression, svg)
        if not svg.exists() and missing.alone < alone:
            missing.alone += 1
            svg = real(expression, environment, tex_template)
        if svg.exists():
            _seen(alike, svg, expression, template)
            return svg
        missing.append((expression, environment, template))
        if alike in LOOKALIKES and LOOKALIKES[alike][0].exists():
            return LOOKALIKES[alike][0]
        return placeholder(expression)

    caches = [vars(importlib.import_module(module))[name] for module, name in CACHES]
    before = [set(cache) for cache in caches]
    tex_mobject.tex_to_svg_file = record
    RECORDED.append(missing)
    try:
        yield missing
    finally:
        RECORDED.pop()
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
        if BATCHED.get(template.tex_compiler) == template.output_format and code.startswith(STANDALONE):
            batches.setdefault(id(template), (template, {}))[1].setdefault(name, code)
    written = 0
    for template, pages in batches.values():
        todo = {name: code for name, code in pages.items() if not (tex_dir / f"{name}.svg").exists()}
        if todo:
            written += _typeset_batch(todo, tex_dir, template)
    for expression, environment, template in formulas:  # look-alikes for the stand-ins of later runs
        svg = tex_dir / f"{tex_file_writing.tex_hash(_code(expression, environment, template))}.svg"
        if svg.exists():
            _seen(_code(stand_in(expression), environment, template), svg, expression, template)
    return written


def _seen(alike: str, svg: Path, expression: str, template) -> None:
    """Keep `svg` (typeset from `expression` with `template`) as the look-alike of its stand-in, its digit glyphs
    learnt where they are named by character code."""
    if alike not in LOOKALIKES:
        LOOKALIKES[alike] = (svg, expression)
        if _by_code(template):
            digit_glyphs.learn(svg.read_text(encoding="utf-8"))


def _by_code(template) -> bool:
    """Whether dvisvgm names the glyphs of `template`'s output by character code (a DVI's), as a swap needs."""
    return template.output_format == ".dvi"


def _swapped_from(lookalike: tuple[Path, str], expression: str, target: Path) -> None:
    """Write `target`, the SVG of `expression`, from its look-alike's with the digits swapped, where that is
    sure (`digit_glyphs.swapped`): whole (temporary name, rename), as LaTeX's would be."""
    svg, alike = lookalike
    if not svg.exists():
        return
    made = digit_glyphs.swapped(
        _digits(expression), _digits(alike), svg.read_text(encoding="utf-8"), expression
    )
    if made is not None:
        with outputs.staged() as stage:  # the folder made too: manim makes it only as it typesets itself
            stage(target).write_text(made, encoding="utf-8")


def _digits(expression: str) -> list[str]:
    """The digits of `expression`'s numbers (those `stand_in` replaces), in order."""
    return [d for number in NUMBER.finditer(expression) for d in number.group() if d.isdigit()]


def _typeset_batch(pages: dict[str, str], tex_dir: Path, template) -> int:
    """One document with a page per formula, typeset as `template` says: its SVGs, renamed into `tex_dir`."""
    from manim.utils.tex_file_writing import make_tex_compilation_command

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
        output = f"batch{template.output_format}"
        latex = make_tex_compilation_command(
            template.tex_compiler, template.output_format, Path("batch.tex"), Path(".")
        )
        svgs = ["dvisvgm", "--page=1-", "--no-fonts", "--verbosity=0", "--output=%p.svg", output]
        for command in (latex, svgs):
            if subprocess.run(
                command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            ).returncode:
                return 0
        made = sorted(folder.glob("*.svg"), key=lambda p: int(p.stem))
        if len(made) != len(pages):
            return 0
        with outputs.staged() as stage:
            for name, svg in zip(pages, made):
                shutil.move(svg, stage(tex_dir / f"{name}.svg"))
    return len(pages)


def _code(expression: str, environment: str | None, template) -> str:
    """The LaTeX document manim writes for `expression` (its file is named by this text's hash)."""
    if environment is not None:
        return template.get_texcode_for_expression_in_env(expression, environment)
    return template.get_texcode_for_expression(expression)
