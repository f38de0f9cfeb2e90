"""Read a course file (TOML): a lecture of the lecturer's own cut, with its title, names and date, the chapters in
the lecturer's order, the example and theme, and speaker notes per beat. Everything is checked when the file is
read, before anything renders; a refusal is one line naming the file, the key and what is allowed (as a theme
file's)."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, field
from pathlib import Path

from attention import examples
from attention.examples.file import load_example_file
from attention.examples.shapes import ExampleFileError
from pipeline.plan import chapters as chapter_list
from pipeline.plan.theme_file import ThemeFileError, load_theme_file, read_toml
from pipeline.publish import drawn
from scenes.chapters.registry import Chapter
from scenes.kit.palette import THEMES, Theme

MAX_BYTES = 256 * 1024  # a course is a few lines and notes; anything larger is a mistake
MAX_NAME = 120  # characters of the title, the lecturer, the institution, the date
MAX_NOTE = 2000  # characters of one beat's note: what a speaker view and a slide's notes hold
NAMES = ("title", "lecturer", "institution", "date")
KEYS = (*NAMES, "chapters", "example", "theme", "notes")


class CourseFileError(ValueError):
    """A course file that cannot be used; the message is one line naming the file and the key."""


@dataclass(frozen=True, eq=False)
class Course:
    """A lecture of the lecturer's own cut: its names, chapters in order, look, and notes per beat."""

    source: Path
    title: str
    lecturer: str = ""
    institution: str = ""
    date: str = ""
    chapters: tuple[Chapter, ...] = ()
    example: Path | None = None
    theme: str | Theme | None = None  # None: the command line's (or the default)
    notes: dict[str, dict[str, str]] = field(default_factory=dict)  # chapter slug -> beat name -> note

    @property
    def name(self) -> str:
        """Its folder's name: the file's name without '.toml' (made safe by `outputs.safe_name`)."""
        return self.source.stem

    @property
    def byline(self) -> str:
        """'Lecturer · Institution · Date', those given."""
        return " · ".join(text for text in (self.lecturer, self.institution, self.date) if text)

    def note(self, slug: str, beat: str) -> str:
        """The lecturer's note for a beat of the chapter `slug`, or ''."""
        return self.notes.get(slug, {}).get(beat, "")

    def fingerprint(self) -> str:
        """What the course's documents print of it (names and notes), as one text: an input of theirs."""
        return json.dumps([self.title, self.byline, self.notes], ensure_ascii=False, sort_keys=True)


def load_course_file(path: str | Path) -> Course:
    """The course the TOML file at `path` gives, once every key passes its check."""
    path = Path(path)
    data = read_toml(path, MAX_BYTES, "course", CourseFileError)
    try:
        return from_dict(path, data)
    except CourseFileError as error:
        raise CourseFileError(f"{path}: {error}") from None


def from_dict(path: Path, data: dict) -> Course:
    """A `Course` from a course file's table; paths in it are relative to the file's folder."""
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise CourseFileError(f"unknown key {unknown[0]!r}; a course has {', '.join(KEYS)}")
    if "title" not in data:
        raise CourseFileError("title: missing; a course needs its title")
    names = {key: text(key, data[key]) for key in NAMES if key in data}
    chosen = chapters(data["chapters"]) if "chapters" in data else chapter_list.all_chapters()
    example = example_file(path.parent, data["example"]) if "example" in data else None
    theme = theme_of(path.parent, data["theme"]) if "theme" in data else None
    own = load_example_file(example) if example else examples.DEFAULT
    found = notes(data["notes"], chosen, own) if "notes" in data else {}
    return Course(path.resolve(), **names, chapters=chosen, example=example, theme=theme, notes=found)


def text(key: str, given) -> str:
    """A name or date: one line of text (a TOML date is taken as written, 2027-01-12)."""
    if key == "date" and isinstance(given, datetime.date):
        given = given.isoformat()
    if not isinstance(given, str) or not given.strip() or "\n" in given or len(given) > MAX_NAME:
        raise CourseFileError(f"{key}: {given!r} is not one line of text (up to {MAX_NAME} characters)")
    return given.strip()


def chapters(given) -> tuple[Chapter, ...]:
    """The chapters listed, by Scene name (any case) or number, in the order given; each once."""
    if not isinstance(given, list) or not given:
        raise CourseFileError(
            'chapters: expected a list of chapter names or numbers, e.g. [12, "ThreeTokenDrag"]'
        )
    found: list[Chapter] = []
    for item in given:
        if isinstance(item, bool) or not isinstance(item, (str, int)):
            raise CourseFileError(f"chapters: {item!r} is not a chapter's name or number")
        chapter = chapter_list.find(str(item))
        if chapter is None:
            raise CourseFileError(f"chapters: {chapter_list.unknown_message(str(item))}")
        if chapter in found:
            raise CourseFileError(f"chapters: {chapter.name} is listed twice")
        found.append(chapter)
    return tuple(found)


def example_file(folder: Path, given) -> Path:
    """The example file named (relative to the course file's folder), checked as `--example` checks it."""
    if not isinstance(given, str):
        raise CourseFileError(f"example: {given!r} is not a path to an example file")
    path = (folder / given).resolve()
    try:
        load_example_file(path)
    except ExampleFileError as error:
        raise CourseFileError(f"example: {error}") from None
    return path


def theme_of(folder: Path, given) -> str | Theme:
    """A built-in theme's name, or a theme file (relative to the course file's folder), checked as `--theme`
    checks it."""
    if not isinstance(given, str):
        raise CourseFileError(
            f"theme: {given!r} is not one of {', '.join(THEMES)}, nor a path to a theme file"
        )
    if given in THEMES:
        return given
    path = folder / given
    if not path.exists():
        raise CourseFileError(f"theme: {given!r} is not one of {', '.join(THEMES)}, nor a theme file")
    try:
        return load_theme_file(path)
    except ThemeFileError as error:
        raise CourseFileError(f"theme: {error}") from None


def notes(given, chosen: tuple[Chapter, ...], ex: examples.Examples) -> dict[str, dict[str, str]]:
    """[notes.CHAPTER] tables: for a chapter of the course (name or number), beat name -> the lecturer's note."""
    if not isinstance(given, dict):
        raise CourseFileError('notes: expected tables [notes.CHAPTER] of "beat name" = "note"')
    found = {}
    for key, table in given.items():
        chapter = chapter_list.find(key)
        if chapter not in chosen:
            listed = ", ".join(c.name for c in chosen)
            raise CourseFileError(f"notes.{key}: not a chapter of this course ({listed})")
        if not isinstance(table, dict):
            raise CourseFileError(f'notes.{key}: expected a table of "beat name" = "note"')
        known = beat_names(chapter, ex)
        found[chapter.slug] = {beat: note(key, beat, text, known) for beat, text in table.items()}
    return found


def note(key: str, beat: str, given, known: list[str] | None) -> str:
    """One beat's note, its beat checked against the names its chapter gives its beats (`known`, None where they
    are not known before rendering: those are matched when the course is published)."""
    if known is not None and beat not in known:
        raise CourseFileError(f"notes.{key}: no beat {beat!r}; its beats: {', '.join(map(repr, known))}")
    if not isinstance(given, str) or not given.strip() or len(given) > MAX_NOTE:
        raise CourseFileError(f"notes.{key}.{beat!r}: not a note (text of 1 to {MAX_NOTE} characters)")
    return given.strip()


def beat_names(chapter: Chapter, ex: examples.Examples) -> list[str] | None:
    """The names `chapter` gives its beats with the examples `ex` (as presenter mode shows them); None where some
    are named only at render time (QuickVersion's recap pages) or the chapter is not one the lecture describes."""
    if chapter.name in drawn.FALLBACK or chapter.name not in drawn.CHAPTERS:
        return None
    return list(drawn.described(chapter.name, ex))
