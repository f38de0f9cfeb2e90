"""Read a user's example file (TOML) into `Examples`, refusing anything that cannot be drawn.

Each table ([drag], [blend], [cross], [causal], [heads]) replaces the lecture's example of that
name and must give every field but the optional ones ([causal] queries); tables left out keep the
lecture's own example.
"""

from __future__ import annotations

import dataclasses
import math
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
OPTIONAL = {"name"}


def load_example_file(path: str | Path) -> Examples:
    """Parse and validate the TOML file at `path`."""
    return examples_from_dict(read_toml(Path(path)))


def example_name(path: str | Path) -> str:
    """The example's `name` field, or the file's stem when it has none."""
    return read_toml(Path(path)).get("name", Path(path).stem)


def read_toml(path: Path) -> dict:
    """The file's TOML table, or an ExampleFileError saying why it cannot be read."""
    if not path.exists():
        raise ExampleFileError(f"{path}: no such file")
    if not path.is_file():
        raise ExampleFileError(f"{path}: not a file")
    if path.stat().st_size > MAX_BYTES:
        raise ExampleFileError(f"{path}: {path.stat().st_size} bytes, more than {MAX_BYTES} for an example")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ExampleFileError(f"{path}: not UTF-8 text") from None
    except ValueError as error:  # TOMLDecodeError, or an integer of more than 4300 digits
        raise ExampleFileError(f"{path}: not valid TOML ({error})") from None
    except RecursionError:
        raise ExampleFileError(f"{path}: not valid TOML (nested too deeply)") from None
    if not data:
        raise ExampleFileError(f"{path}: empty; expected at least one of [{'], ['.join(section_types())}]")
    return data


def section_types() -> dict[str, type]:
    """Each table name of an example file and the dataclass it becomes."""
    hints = typing.get_type_hints(Examples)
    return {f.name: hints[f.name] for f in dataclasses.fields(Examples)}


def examples_from_dict(data: dict) -> Examples:
    """Build `Examples` from parsed TOML, the lecture's defaults filling the tables left out."""
    types = section_types()
    unknown = sorted(set(data) - set(types) - OPTIONAL)
    if unknown:
        raise ExampleFileError(f"unknown field(s) {', '.join(unknown)}; expected tables {', '.join(types)}")
    if not isinstance(data.get("name", ""), str):
        raise ExampleFileError("name: expected a string, the example's name")
    if not set(data) & set(types):
        raise ExampleFileError(f"expected at least one of the tables {', '.join(types)}")
    sections = {
        name: section(name, cls, data[name]) if name in data else getattr(DEFAULT, name)
        for name, cls in types.items()
    }
    return Examples(**sections)


def section(name: str, cls: type, table) -> object:
    """One table of the file, checked field by field, as an instance of `cls`."""
    if not isinstance(table, dict):
        raise ExampleFileError(f"{name}: expected a table [{name}], got {type(table).__name__}")
    fields = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(table) - set(fields))
    if unknown:
        raise ExampleFileError(f"{name}: unknown field(s) {', '.join(unknown)}; expected {', '.join(fields)}")
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
        example = cls(**table)
    except ValueError as error:
        raise ExampleFileError(str(error)) from None
    shapes.check_scores(name, example)
    return example


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
    """A vector or a list of equally wide vectors of finite numbers no larger than MAX_ABS."""
    nested = isinstance(value, list) and value and all(isinstance(row, list) for row in value)
    rows = value if nested else [value]
    for row in rows:
        if not isinstance(row, list) or any(
            isinstance(x, bool) or not isinstance(x, (int, float)) for x in row
        ):
            raise ExampleFileError(f"{field}: expected a list of numbers (or a list of such lists)")
        for x in row:
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
