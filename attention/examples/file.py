"""Read a user's example file (TOML) into `Examples`, refusing anything that cannot be drawn.

Each table ([drag], [blend], [cross], [causal], [heads]) replaces the lecture's example of that
name and must give every field but the optional ones ([causal] queries); tables left out keep the
lecture's own example.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import math
import re
import typing
from collections import Counter
from pathlib import Path

import tomllib

from attention.examples import DEFAULT, Examples, shapes
from attention.examples.shapes import ExampleFileError

MAX_BYTES = 256 * 1024  # an example is a few vectors; anything larger is a mistake
MAX_NAME = 24  # characters in a token name
MAX_ABS = 100.0  # coordinates beyond this cannot be drawn on a plane
MAX_TOKENS = shapes.MAX_TOKENS
OPTIONAL = {"name"}  # top-level keys beside the tables
MINUSES = {"\u2212": "U+2212 MINUS SIGN", "\u2013": "U+2013 EN DASH"}  # pasted for '-'
DECIMAL_COMMA = re.compile(r"-?\d+,\d+")  # 1,25: in TOML two numbers, 1 and 25


def load_example_file(path: str | Path) -> Examples:
    """Parse and validate the TOML file at `path`; a refusal names the file and, where it can, the line."""
    path = Path(path)
    text = read_text(path)
    data = parse(path, text)[0]
    try:
        return examples_from_dict(data)
    except ExampleFileError as error:
        raise located(path, text, str(error)) from None


def example_name(path: str | Path) -> str:
    """The example's `name` field, or the file's stem when it has none."""
    return read_toml(Path(path)).get("name", Path(path).stem)


def read_toml(path: Path) -> dict:
    """The file's TOML table, or an ExampleFileError saying why it cannot be read."""
    return parse(path, read_text(path))[0]


def pasted_minuses(path: str | Path) -> list[int]:
    """The lines where a pasted minus sign (MINUSES) was read as '-'."""
    return parse(Path(path), read_text(Path(path)))[1]


def read_text(path: Path) -> str:
    """The file's text, or an ExampleFileError saying why it cannot be read."""
    if not path.exists():
        raise ExampleFileError(f"{path}: no such file")
    if not path.is_file():
        raise ExampleFileError(f"{path}: not a file")
    if path.stat().st_size > MAX_BYTES:
        raise ExampleFileError(f"{path}: {path.stat().st_size} bytes, more than {MAX_BYTES} for an example")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ExampleFileError(f"{path}: not UTF-8 text") from None


def parse(path: Path, text: str) -> tuple[dict, list[int]]:
    """The TOML table of `text` and the lines where a pasted minus sign was read as '-'.

    A minus sign copied from a PDF or a word processor (U+2212, or an en dash) is not TOML's '-'. It is
    replaced only where the parser fails on it right before a digit, which is where a number starts: never
    inside a string, so names keep their dashes.
    """
    fixed: list[int] = []
    while True:
        try:
            data = tomllib.loads(text)
            break
        except ValueError as error:  # TOMLDecodeError, or an integer of more than 4300 digits
            at = failed_at(text, error)
            if at is not None and text[at] in MINUSES and text[at + 1 : at + 2].isdigit():
                text, fixed = text[:at] + "-" + text[at + 1 :], [*fixed, text.count("\n", 0, at) + 1]
                continue
            raise unreadable(path, text, at, error) from None
        except RecursionError:
            raise ExampleFileError(f"{path}: not valid TOML (nested too deeply)") from None
    if not data:
        raise ExampleFileError(f"{path}: empty; expected at least one of [{'], ['.join(section_types())}]")
    return data, sorted(set(fixed))


def failed_at(text: str, error: ValueError) -> int | None:
    """Where in `text` the TOML parser stopped, from its message's '(at line L, column C)' (lines split at
    newlines alone, as the parser counts them)."""
    at = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
    if at is None:
        return None
    offset = sum(len(row) + 1 for row in text.split("\n")[: int(at[1]) - 1]) + int(at[2]) - 1
    return offset if offset < len(text) else None


def unreadable(path: Path, text: str, at: int | None, error: ValueError) -> ExampleFileError:
    """Why `text` is not TOML: a pasted minus sign or a decimal comma where the parser stopped, named with
    its line, else the parser's own words."""
    line = f"{path}, line {text.count(chr(10), 0, at) + 1}" if at is not None else str(path)
    if at is not None and text[at] in MINUSES:
        sign = text[at]
        return ExampleFileError(
            f"{line}: {sign!r} ({MINUSES[sign]}, pasted from a PDF?) is not TOML's minus '-'"
        )
    comma = DECIMAL_COMMA.match(text, re.search(r"-?\d*$", text[:at]).start()) if at is not None else None
    if comma and comma.end() > at:
        return decimal_comma(line, "", comma[0])
    return ExampleFileError(f"{path}: not valid TOML ({error})")


def decimal_comma(where: str, field: str, written: str) -> ExampleFileError:
    """The refusal of a number written with a decimal comma."""
    return ExampleFileError(
        f"{where}: {field}{written} has a decimal comma; TOML numbers take a point (a comma separates two):"
        f" write {written.replace(',', '.')}"
    )


def located(path: Path, text: str, message: str) -> ExampleFileError:
    """`message` (which starts with the field it is about) prefixed by the file and the field's line; a
    number field written with a decimal comma (1,25 read as the two numbers 1 and 25) is named as such."""
    field = re.match(r"(?:(\w+): )?unknown field\(s\) ([\w-]+)", message) or re.match(
        r"(\w+)(?:\.(\w+))?(?:, row \d+)?: ", message
    )
    table, key = (field[1], field[2]) if field else (None, None)
    if key is None and field and table not in section_types():  # a top-level key, e.g. name
        table, key = None, table
    lines = span(text, table, key) if field else []
    comma = next(((n, m[0]) for n, row in lines for m in [DECIMAL_COMMA.search(row)] if m), None)
    if comma and key and not key.endswith("tokens"):
        return decimal_comma(f"{path}, line {comma[0]}", f"{table}.{key}: ", comma[1])
    where = f"{path}, line {lines[0][0]}" if lines else str(path)
    return ExampleFileError(f"{where}: {message}")


def span(text: str, table: str | None, key: str | None) -> list[tuple[int, str]]:
    """The numbered lines (comments cut) of `table`'s field `key`, of the table's header when `key` is None,
    or of a top-level `key` when `table` is None; empty when not written that plainly."""
    current, found = None, []
    for n, row in enumerate(text.splitlines(), 1):
        row = row.split("#")[0]
        header, assigned = re.match(r"\s*\[\s*([\w-]+)\s*\]", row), re.match(r"\s*([\w-]+)\s*=", row)
        if found and (header or assigned):
            break
        if header:
            current = header[1]
            if (current, None) == (table, key) or (table, current) == (None, key):  # a table, or one misspelt
                return [(n, row)]
        elif assigned and (current, assigned[1]) == (table, key):
            found.append((n, row))
        elif found:
            found.append((n, row))
    return found


def section_types() -> dict[str, type]:
    """Each table name of an example file and the dataclass it becomes."""
    hints = typing.get_type_hints(Examples)
    return {f.name: hints[f.name] for f in dataclasses.fields(Examples)}


def examples_from_dict(data: dict) -> Examples:
    """Build `Examples` from parsed TOML, the lecture's defaults filling the tables left out."""
    types = section_types()
    unknown = sorted(set(data) - set(types) - OPTIONAL)
    if unknown:
        raise ExampleFileError(
            f"unknown field(s) {', '.join(unknown)}; expected tables {', '.join(types)}, or the key"
            f" {', '.join(sorted(OPTIONAL))}{closest(unknown, [*types, *OPTIONAL])}"
        )
    if not isinstance(data.get("name", ""), str):
        raise ExampleFileError("name: expected a string, the example's name")
    if not set(data) & set(types):
        raise ExampleFileError(f"expected at least one of the tables {', '.join(types)}")
    sections = {
        name: section(name, cls, data[name]) if name in data else getattr(DEFAULT, name)
        for name, cls in types.items()
    }
    return Examples(**sections)


def closest(unknown: list[str], known: list[str]) -> str:
    """' (did you mean queries?)' for the known key nearest a misspelt one, or ''."""
    near = [m for u in unknown for m in difflib.get_close_matches(u, known, n=1)]
    return f" (did you mean {near[0]}?)" if near else ""


def section(name: str, cls: type, table) -> object:
    """One table of the file, checked field by field, as an instance of `cls`."""
    if not isinstance(table, dict):
        raise ExampleFileError(f"{name}: expected a table [{name}], got {type(table).__name__}")
    fields = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(table) - set(fields))
    if unknown:
        above = sorted(set(unknown) & OPTIONAL)
        hint = f" ({above[0]} belongs above the first table)" if above else closest(unknown, fields)
        raise ExampleFileError(
            f"{name}: unknown field(s) {', '.join(unknown)}; expected {', '.join(fields)}{hint}"
        )
    required = [f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    missing = [f for f in required if f not in table]
    if missing:
        raise ExampleFileError(f"{name}: missing field(s) {', '.join(missing)}")
    for field in table:
        check = tokens if field.endswith("tokens") else whole if field == "count" else numbers
        check(f"{name}.{field}", table[field])
    for field, rule in shapes.RULES[name].items():
        if field in table:
            rule.check(f"{name}.{field}", table[field], table)
    try:
        return cls(**table)
    except ValueError as error:
        raise ExampleFileError(str(error)) from None


def tokens(field: str, value) -> None:
    """Token names: a short list of distinct, short, printable strings."""
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ExampleFileError(f"{field}: expected a list of names (strings)")
    if not value:
        raise ExampleFileError(f"{field}: expected at least one name")
    if len(value) > MAX_TOKENS:
        raise ExampleFileError(f"{field}: {len(value)} names, more than the {MAX_TOKENS} the layout holds")
    for t in value:
        if not t.strip() or not t.isprintable():
            raise ExampleFileError(f"{field}: name {t!r} is empty or has control characters")
        if len(t) > MAX_NAME:
            raise ExampleFileError(f"{field}: name {t[:MAX_NAME]!r}... is longer than {MAX_NAME} characters")
    if len(set(value)) != len(value):
        raise ExampleFileError(f"{field}: duplicate names; each token needs its own name")


def whole(field: str, value) -> None:
    """A whole number (a count)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExampleFileError(f"{field}: expected a whole number, got {value!r}")


def numbers(field: str, value) -> None:
    """A vector or a list of equally wide vectors of finite numbers no larger than MAX_ABS; a refusal names
    the row (of a list of vectors) and the value as written ('blend.values, row 2: "half" is not a number')."""
    if not isinstance(value, list):
        raise ExampleFileError(f"{field}: expected a list of numbers, got {written(value)}")
    nested = any(isinstance(row, list) for row in value)
    rows = value if nested else [value]
    for n, row in enumerate(rows, 1):
        where = f"{field}, row {n}" if nested else field
        if not isinstance(row, list):
            raise ExampleFileError(f"{where}: expected a list of numbers, got {written(row)}")
        for x in row:
            if isinstance(x, bool) or not isinstance(x, (int, float)):
                raise ExampleFileError(f"{where}: {written(x)} is not a number")
            if isinstance(x, float) and not math.isfinite(x):
                raise ExampleFileError(f"{field}: expected finite numbers, got {x}")
            if abs(x) > MAX_ABS:
                shown = (
                    f"{x:g}" if isinstance(x, float) or abs(x) < 1e300 else f"a {len(str(x))}-digit integer"
                )
                raise ExampleFileError(
                    f"{field}: {shown} is outside -{MAX_ABS:g}..{MAX_ABS:g}, too large to draw"
                )
    usual = Counter(len(row) for row in rows).most_common(1)[0][0]
    odd = next((i for i, row in enumerate(rows) if len(row) != usual), None)
    if odd is not None:
        raise ExampleFileError(
            f"{field}: width mismatch: row {odd + 1} has {len(rows[odd])} numbers, the others {usual};"
            " every row needs the same width"
        )


def written(value) -> str:
    """A TOML value as a file writes it, on one line: "half" (quoted), true, [1, "x"], 1979-05-27."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return f"[{', '.join(written(x) for x in value)}]"
    return value.isoformat() if hasattr(value, "isoformat") else str(value)
