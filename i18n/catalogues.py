"""Keeping the catalogues up to date: every string marked for translation (`_`, `ngettext`, in Python and in the
page's Jinja2 templates) and the chapters' titles extracted with Babel into `i18n/locales/lecture.pot`, merged
into each language's .po (a new string comes in empty, so it shows in English until translated), and what each
language has translated."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import tomllib
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n import DOMAIN, SOURCE, TEMPLATE, catalogue, languages, po_file

ROOT = Path(__file__).parent.parent
SEARCHED = (
    "pipeline",
    "scenes",
    "narration",
    "i18n",
)  # where marked strings may be; CLI messages stay English
TITLES = "scenes/chapters/chapters.toml"  # the chapters' titles, data rather than code
METHODS = [
    ("pipeline/publish/web/**.j2", "jinja2.ext:babel_extract"),
    (TITLES, "i18n.catalogues:chapter_titles"),
    *((f"{folder}/**.py", "python") for folder in SEARCHED),
]
WIDTH = 110  # as the code's lines
HEADER = "# The words of the attention lecture's pages, to translate: see docs/languages.md (MIT licence)."


@dataclass(frozen=True)
class Progress:
    """How much of the template a language has translated, and the strings it has not."""

    lang: str
    translated: int
    total: int
    missing: list[str]


def extracted() -> Catalog:
    """Every marked string of the code and templates, with where it is."""
    found = Catalog(
        project="attention-lecture", version="0.1.0", domain=DOMAIN, fuzzy=False, header_comment=HEADER
    )

    def searched(path: str) -> bool:
        parts = Path(path).relative_to(ROOT).parts
        return parts[0] in SEARCHED and not any(p.startswith((".", "_")) for p in parts)

    for file, line, message, comments, context in extract_from_dir(ROOT, METHODS, directory_filter=searched):
        found.add(message, locations=[(file, line)], auto_comments=comments, context=context)
    return found


def chapter_titles(fileobj, keywords, comment_tags, options):
    """Babel's extractor for the chapters' table: each `title = "..."` line, a string to translate (a chapter
    shows its title as `_(self.title)`)."""
    for number, line in enumerate(fileobj.read().decode("utf-8").splitlines(), start=1):
        if line.startswith("title ="):
            yield number, None, tomllib.loads(line)["title"], ["A chapter's title"]


def extract() -> list[Path]:
    """Write the template, and merge it into every language's catalogue; the files written."""
    template = extracted()
    _write(TEMPLATE, template)
    written = [TEMPLATE]
    for lang in languages()[1:]:
        with po_file(lang).open("rb") as file:
            own = read_po(file, locale=lang, domain=DOMAIN)
        own.update(template, no_fuzzy_matching=True)
        _write(po_file(lang), own)
        written.append(po_file(lang))
    catalogue.cache_clear()
    return written


def _write(path: Path, catalog: Catalog) -> None:
    """Write `catalog` to `path` whole or not at all (a temporary name, renamed into place)."""
    temporary = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        with temporary.open("wb") as file:
            write_po(file, catalog, width=WIDTH, ignore_obsolete=True, include_previous=False)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def status() -> list[Progress]:
    """Each language's progress against the committed template (English: the source, complete)."""
    with TEMPLATE.open("rb") as file:
        wanted = [m.id for m in read_po(file) if m.id]
    found = [Progress(SOURCE, len(wanted), len(wanted), [])]
    for lang in languages()[1:]:
        own = catalogue(lang)
        missing = [m for m in wanted if not _translated(own.get(*_key(m)))]
        found.append(Progress(lang, len(wanted) - len(missing), len(wanted), [_key(m)[0] for m in missing]))
    return found


def _key(message_id) -> tuple[str]:
    """A message's key in a catalogue: its singular (a plural's id is the pair of forms)."""
    return (message_id[0] if isinstance(message_id, tuple) else message_id,)


def _translated(message) -> bool:
    if message is None or message.fuzzy:
        return False
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(forms)
