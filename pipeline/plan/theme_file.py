"""Read a theme file (TOML: the fields of `palette.Theme`, colours as "#RRGGBB") into a `Theme`, refusing one
that `themes.problems` finds fault with, so that nothing is rendered in colours that cannot be read or told
apart. A refusal is one line naming the file and the field.

The theme's name, which names its folders, is the file's `name` and a short hash of the file's resolved path
('chalkboard-3f9a1c'): two files that give the same name never render into one folder, and a file edited in
place keeps its folder (its colours, in the rebuild key, make its chapters render again)."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

import tomllib

from scenes.kit import themes
from scenes.kit.palette import THEMES, Theme

MAX_BYTES = 64 * 1024  # a theme is a few dozen colours; anything larger is a mistake
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")  # it names the theme's folders: '480p15-my-colours'
MAX_NAME = 32
PATH_HASH = 6  # hex digits of the path's hash in the theme's name: 16.7 million values
COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
COUNTS = {"tokens": 6, "heads": 3}  # colours in each list: the token cycle, MultiHead's heads
FIELDS = [f.name for f in dataclasses.fields(Theme)]
RETIRED = {
    "raw": "raw scores are drawn in the text colour now; delete the line"
}  # fields older files may give


class ThemeFileError(ValueError):
    """A theme file that cannot be used; the message is one line naming the file and the field."""


def load_theme_file(path: str | Path) -> Theme:
    """The theme the TOML file at `path` gives, once it passes every check."""
    path = Path(path)
    data = read_toml(path, MAX_BYTES, "theme", ThemeFileError)
    try:
        theme = from_dict(data)
    except ThemeFileError as error:
        raise ThemeFileError(f"{path}: {error}") from None
    theme = dataclasses.replace(theme, name=f"{theme.name}-{path_hash(path)}")
    found = themes.problems(theme)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise ThemeFileError(f"{path}: {found[0]}{more}")
    return theme


def path_hash(path: Path) -> str:
    """A few hex digits of the hash of `path` resolved: the same for every way of naming one file."""
    return hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:PATH_HASH]


def read_toml(path: Path, max_bytes: int, kind: str, error: type[ValueError]) -> dict:
    """The TOML table of a file of `kind` ('theme', 'course'), or `error` saying in one line why it cannot be
    read."""
    if not path.is_file():
        raise error(f"{path}: {'not a file' if path.exists() else 'no such file'}")
    if path.stat().st_size > max_bytes:
        raise error(f"{path}: {path.stat().st_size} bytes, more than {max_bytes} for a {kind}")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise error(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        raise error(f"{path}: not valid TOML ({err})") from None


def from_dict(data: dict) -> Theme:
    """A `Theme` from a theme file's table, each field checked for its form (not yet for its colours)."""
    retired = [k for k in data if k in RETIRED]
    if retired:
        raise ThemeFileError(f"{retired[0]}: no longer a field ({RETIRED[retired[0]]})")
    unknown = [k for k in data if k not in FIELDS]
    missing = [k for k in FIELDS if k not in data]
    if unknown:
        raise ThemeFileError(f"unknown field(s) {', '.join(unknown)}; a theme has {', '.join(FIELDS)}")
    if missing:
        raise ThemeFileError(f"missing field(s) {', '.join(missing)}")
    return Theme(**{field: value(field, data[field]) for field in FIELDS})


def value(field: str, given):
    """The field's value as the Theme takes it: the name, a colour, or a tuple of colours."""
    if field == "name":
        return name(given)
    if field in COUNTS:
        if not isinstance(given, list) or len(given) != COUNTS[field]:
            raise ThemeFileError(f'{field}: expected a list of {COUNTS[field]} colours "#RRGGBB"')
        return tuple(colour(f"{field}[{k}]", c) for k, c in enumerate(given))
    return colour(field, given)


def name(given) -> str:
    """The theme's name: lower-case words joined by '-', none of the built-in themes'."""
    if not isinstance(given, str) or len(given) > MAX_NAME or not NAME.fullmatch(given):
        raise ThemeFileError(f"name: {given!r} is not lower-case letters, digits and '-' (up to {MAX_NAME})")
    if given in THEMES:
        raise ThemeFileError(f"name: {given!r} is a built-in theme's; give yours another")
    return given


def colour(field: str, given) -> str:
    """'#RRGGBB', in capitals."""
    if not isinstance(given, str) or not COLOUR.fullmatch(given):
        raise ThemeFileError(f'{field}: {given!r} is not a colour "#RRGGBB"')
    return given.upper()
