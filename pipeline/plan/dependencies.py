"""What a chapter's video depends on, as a dictionary of named digests, and the hash of it all.

Code: the chapter's module and the modules it imports, found by reading import statements
(static analysis: nothing is imported or run) and followed into `scenes`, `attention`, `narration`, `i18n` and
the chapter's own package; plus every module of `pipeline/frames/` (FRAME_CODE: the code that
shapes every video's frames, encoding and files), taken as a folder rather than followed, so that
code only the command line or the worker's bookkeeping runs (outputs.clean, error reports...)
re-renders nothing: a module placed in that folder is in every chapter's inputs, one placed
elsewhere is not. Imports made at run time (importlib) are not followed.

Data: the chapter's own title when its code imports the registry (the titles are data,
`scenes/chapters/chapters.toml`); every chapter's number and title when a module other than those that read
only the chapter's own title imports it (titles as shown with the render's example, `registry.shown_title`:
the registry's own reading of the example is hashed as those titles, not as tables); with `--example`, the
parsed values of the tables the chapter's code reads (`examples.current().blend`: found by reading the code,
as imports are) and the colours of their names, not the file's bytes, so an edited comment or another
chapter's table re-renders nothing; the settings; the tools' versions; the voice's identity (its engine, model
and versions); in a language other than English, when the chapter's code imports `_`, the language and its
catalogue's bytes. That rule is also the one answer to whether a chapter's words are in the render's language
(`in_language`), which every output asks before it marks them English or gives them the language.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
from collections.abc import Iterable
from dataclasses import asdict, fields
from pathlib import Path

import numpy as np

import i18n
from attention.examples import DEFAULT, Examples
from attention.examples.file import load_example_file
from narration import voices
from pipeline import outputs
from pipeline.plan.settings import RenderSettings
from scenes.chapters import registry
from scenes.chapters.registry import Chapter
from scenes.kit import palette

CODE_PACKAGES = (
    "scenes",
    "attention",
    "narration",
    "i18n",
)  # followed from the chapter's module, with the chapter's own package
FRAME_PACKAGE = Path(__file__).resolve().parents[1] / "frames"  # every module here shapes frames or encoding
FRAME_CODE = tuple(
    sorted(
        "pipeline.frames" + ("" if p.stem == "__init__" else f".{p.stem}") for p in FRAME_PACKAGE.glob("*.py")
    )
)
TRANSLATING = frozenset({"i18n._", "i18n.ngettext"})  # a module importing these shows catalogue strings
TABLES = tuple(f.name for f in fields(Examples))  # an example's tables: drag, blend, ...
COLOUR_READER = (
    "scenes.kit.palette"  # reads every table's names for the token colours: hashed as those colours
)
CURRENT = frozenset({"examples.current", "current", "attention.examples.current"})  # the examples' one seam
REGISTRY = "scenes.chapters.registry"
OWN_TITLE_READERS = frozenset(
    {"scenes.kit.chapter", "scenes.chapters.three_token_drag"}
)  # read only their own chapter's entry: its title
TOOLS = ("manim", "av", "pycairo")  # their versions decide the pixels and the encoding


@functools.cache
def in_language(chapter: Chapter, lang: str) -> bool:
    """`Scanner.in_language`: the one answer every output asks before it marks a chapter's words (its title,
    captions, narration) English or gives them `lang`. The code is read once per process."""
    return Scanner().in_language(chapter, lang)


def language_of(chapter: Chapter, lang: str) -> str:
    """The language of `chapter`'s words in a render in `lang`: `lang` where it is translated, else English."""
    return lang if in_language(chapter, lang) else i18n.SOURCE


def digest(inputs: dict[str, str]) -> str:
    """One hash for a whole set of inputs."""
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


class Scanner:
    """Computes chapters' inputs, reading each file once; make a new one per run to see edits."""

    def __init__(self):
        importlib.invalidate_caches()  # see modules written since the last look
        self._files: dict[Path, str] = {}
        self._modules: dict[str, tuple[Path | None, tuple[str, ...], frozenset[str]]] = {}
        self._examples: dict[Path, Examples] = {}

    def inputs(self, chapter: Chapter, settings: RenderSettings) -> dict[str, str]:
        """Named digests of everything `chapter`'s video depends on at `settings`."""
        code = self.code(chapter)
        code.update({name: self._module(name)[0] for name in FRAME_CODE})  # these alone, not their imports
        found = {f"module {name}": self._file(path) for name, path in code.items()}
        ex = self._examples_of(settings)
        if REGISTRY in code:  # the chapter may show its title
            found["title"] = registry.shown_title(chapter, ex)
        if self._reads_registry(code):
            found["registry"] = digest({c.slug: registry.shown_title(c, ex) for c in registry.CHAPTERS})
        found.update(_output(chapter, settings))
        found.update({f"tool {tool}": importlib.metadata.version(tool) for tool in TOOLS})
        chosen = asdict(settings)
        del chosen["example"]  # not the file's path: the tables it gives (below)
        del chosen["lang"]  # the language has its own folder (480p15.de), and so its own manifest
        found.update({f"setting {key}": str(value) for key, value in chosen.items()})
        if settings.example is not None:
            found.update(self._example(code, settings))
        if self.in_language(chapter, settings.lang):  # an edited translation re-renders it, in that folder
            found.update({"language": settings.lang, "catalogue": self._file(i18n.po_file(settings.lang))})
        if settings.voice != voices.SILENT:  # its engine, model and their versions decide the speech
            with i18n.active(settings.lang):  # its voice for the language
                found["voice"] = voices.engine(settings.voice).identity
        return found

    def in_language(self, chapter: Chapter, lang: str) -> bool:
        """Whether `chapter`'s words are in `lang`: `lang` is not the source and the chapter's code translates (a
        module of it imports `_` or `ngettext`), so each string it draws or says is looked up in `lang`'s catalogue.
        Exactly then its inputs carry the language and the catalogue; other chapters differ by language only in
        their numbers' format, which the folder (480p15.de) already tells apart."""
        return lang != i18n.SOURCE and any(
            TRANSLATING & set(self._module(name)[1]) for name in self.code(chapter)
        )

    def code(self, chapter: Chapter) -> dict[str, Path]:
        """The modules `chapter`'s module imports (itself included), with their files."""
        return self.modules((chapter.module,), (*CODE_PACKAGES, chapter.module.partition(".")[0]))

    def modules(self, roots: tuple[str, ...], local: tuple[str, ...]) -> dict[str, Path]:
        """Each module reachable from `roots` by import statements, within the `local` packages, with its file."""
        found: dict[str, Path] = {}
        todo = list(roots)
        while todo:
            name = todo.pop()
            if name in found or name.partition(".")[0] not in local:
                continue
            path, imported, _ = self._module(name)
            if path is not None:
                found[name] = path
                todo.extend(imported)
        return found

    def tables(self, modules: Iterable[str]) -> list[str]:
        """The example tables the named modules read, in the order of TABLES (the palette's reading aside, hashed
        as colours, and the registry's, hashed as the titles it gives)."""
        read = set().union(
            *(self._module(name)[2] for name in modules if name not in (COLOUR_READER, REGISTRY))
        )
        return [t for t in TABLES if t in read]

    def _example(self, code: dict[str, Path], settings: RenderSettings) -> dict[str, str]:
        """The parsed values of each table the chapter reads, and the colours of those tables' names."""
        ex, tables = self._examples_of(settings), self.tables(code)
        found = {f"example [{t}]": digest(_values(getattr(ex, t))) for t in tables}
        names = {
            n
            for table, field in palette.COLOURED
            if table in tables
            for n in getattr(getattr(ex, table), field)
        }
        colours = palette.token_colors(ex, palette.theme_of(settings.theme))
        if names:
            found["example token colours"] = digest({n: c for n, c in colours.items() if n in names})
        return found

    def _examples_of(self, settings: RenderSettings) -> Examples:
        """The examples a render with `settings` shows: its example file's (parsed once per scanner) or the
        lecture's own."""
        if settings.example is None:
            return DEFAULT
        path = Path(settings.example)
        if path not in self._examples:
            self._examples[path] = load_example_file(path)
        return self._examples[path]

    def _reads_registry(self, code: dict[str, Path]) -> bool:
        """Whether a module among `code`, other than those that read only their own chapter's title, imports
        the registry (and so may show any chapter's number or title)."""
        return any(REGISTRY in self._module(name)[1] for name in code.keys() - OWN_TITLE_READERS)

    def _module(self, name: str) -> tuple[Path | None, tuple[str, ...], frozenset[str]]:
        """Module `name`'s file, the modules it imports and the example tables it reads."""
        if name not in self._modules:
            path = _source_file(name)
            imported, tables = _read(path, name) if path else ((), frozenset())
            self._modules[name] = path, (*_parents(name), *imported) if path else (), tables
        return self._modules[name]

    def _file(self, path: Path) -> str:
        if path not in self._files:
            self._files[path] = hashlib.sha256(path.read_bytes()).hexdigest()
        return self._files[path]


def _values(table) -> dict:
    """A table's fields as JSON-ready values (arrays as nested lists), for its digest."""
    return {
        f.name: (v.tolist() if isinstance(v := getattr(table, f.name), np.ndarray) else v)
        for f in fields(table)
    }


def _output(chapter: Chapter, settings: RenderSettings) -> dict[str, str]:
    """What the pipeline makes of the settings beyond their values: the files' names, and whether the
    video keeps an alpha channel."""
    files = outputs.chapter_files(Path(), chapter.slug, settings.format)
    return {
        "output files": " ".join(p.name for p in (files.video, files.poster, files.subtitles)),
        "output transparent": str(settings.transparent),
    }


def _source_file(name: str) -> Path | None:
    """The .py file of module `name`. Only its top-level package is looked up (which runs no code);
    submodules are found in that package's folders, as Python finds them for regular packages."""
    top, *rest = name.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None or not rest:
        return Path(spec.origin) if spec and spec.origin and spec.origin.endswith(".py") else None
    found = (_module_file(Path(folder), rest) for folder in spec.submodule_search_locations or ())
    return next((path for path in found if path is not None), None)


def _module_file(root: Path, parts: list[str]) -> Path | None:
    base = root.joinpath(*parts)
    return next((p for p in (base / "__init__.py", base.with_suffix(".py")) if p.is_file()), None)


def _parents(name: str) -> list[str]:
    """'a.b.c' -> ['a', 'a.b']: importing a module runs its packages' __init__ first."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _read(path: Path, name: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """What a module's code names: the absolute names its import statements may load (including `from
    package import submodule`), and the example tables it reads: `current().blend` reads blend; `current()`
    used otherwise (kept, passed on) may read any, so counts as all of them."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return _names(path.read_bytes(), package)


@functools.cache
def _names(source: bytes, package: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """`_read` of `source`: parsed once per process for the same bytes (each render's scanners, and a test
    run's many renders in one process, read the same unchanged modules)."""
    try:
        tree = ast.parse(source)
    except (
        SyntaxError,
        ValueError,
    ):  # the file is still hashed; importing it fails in the worker, and says why
        return (), frozenset()
    names, tables, calls, read = [], set(), 0, 0  # calls of current(), and those read as `.table`
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            try:
                base = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            except ImportError:  # a relative import outside any package fails at run time too
                continue
            names.append(base)
            names.extend(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Attribute) and node.attr in TABLES and _is_current(node.value):
            tables.add(node.attr)
            read += 1
        calls += _is_current(node)
    return tuple(names), frozenset(TABLES if calls > read else tables)


def _is_current(node: ast.AST) -> bool:
    """Whether `node` calls `examples.current()`."""
    return (
        isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == "current"
        and ast.unparse(node.func) in CURRENT
    )
