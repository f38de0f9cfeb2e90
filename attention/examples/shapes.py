"""The counts and widths each table of an example file must have: everything a chapter indexes or zips.

Each rule is checked on the parsed TOML before any chapter runs, so a chapter never meets
a shape it cannot draw. `RULES` lists, per table and field, what the chapters rely on
(tests/corpus/test_extreme_shapes.py runs every chapter at each rule's extremes).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_TOKENS = 6  # bars and grids are laid out for at most this many tokens
MIN_TOKENS = 2  # attention over one token has nothing to weigh: its weight is always 1
MAX_WIDTH = 6  # key and query widths: dot products are written out term by term
MAX_PATH = 10  # drag points: each leg is about four seconds of video
MAX_HEADS = 3  # heads' bars stand side by side in half the frame


class ExampleFileError(ValueError):
    """A problem with an example file; the message names the field."""


@dataclass(frozen=True)
class Names:
    """A list of names, between `fewest` and MAX_TOKENS of them."""

    fewest: int = MIN_TOKENS
    why: str = "attention needs at least two tokens to weigh"

    def check(self, field: str, value: list, table: dict) -> None:
        if len(value) < self.fewest:
            raise ExampleFileError(
                f"{field}: expected at least {self.fewest} names ({self.why}), got {len(value)}"
            )


@dataclass(frozen=True)
class Vector:
    """One vector, as wide as `width` (a number, or the field whose rows it matches)."""

    width: int | str

    def check(self, field: str, value: list, table: dict) -> None:
        if value and isinstance(value[0], list):
            raise ExampleFileError(f"{field}: expected one vector (a list of numbers), got a list of lists")
        expect_width(field, len(value), self.width, table)


@dataclass(frozen=True)
class Rows:
    """A list of vectors: `what` they are, how many (a range, or one per name of `per`), how wide."""

    what: str
    width: int | str | None = None  # a number, the field whose width it matches, or None: 1 to MAX_WIDTH
    per: str | None = None  # the names field it has one row per
    fewest: int = 1
    most: int = MAX_TOKENS

    def check(self, field: str, value: list, table: dict) -> None:
        if not value or not isinstance(value[0], list):
            raise ExampleFileError(f"{field}: expected a list of vectors (a list of lists of numbers)")
        if self.per is not None:
            names = len(table[self.per])
            count(
                field, len(value), names, names, f"{self.what}, one per name in {table_of(field)}.{self.per}"
            )
        else:
            count(field, len(value), self.fewest, self.most, self.what)
        expect_width(field, len(value[0]), self.width, table)


@dataclass(frozen=True)
class Heads:
    """A number of heads, 2 to MAX_HEADS, that splits the width of the field `of` evenly."""

    of: str

    def check(self, field: str, value: int, table: dict) -> None:
        count(field, value, 2, MAX_HEADS, "heads (one head is the single-head comparison)")
        width = len(table[self.of][0])
        if width % value:
            raise ExampleFileError(
                f"{field}: width {width} of {table_of(field)}.{self.of} does not split evenly into {value} heads"
            )


def count(field: str, got: int, fewest: int, most: int, what: str) -> None:
    """Raise unless `got` is within fewest..most."""
    if fewest <= got <= most:
        return
    if fewest == most:
        wanted = f"{fewest}"
    elif got < fewest:
        wanted = f"at least {fewest}"
    else:
        wanted = f"at most {most}"
    raise ExampleFileError(f"{field}: expected {wanted} {what}, got {got}")


def expect_width(field: str, got: int, width: int | str | None, table: dict) -> None:
    """Raise unless `got` is the width asked for: a number, another field's rows' width, or 1..MAX_WIDTH."""
    if width is None:
        if not 1 <= got <= MAX_WIDTH:
            raise ExampleFileError(f"{field}: expected vectors of 1 to {MAX_WIDTH} numbers, got width {got}")
    elif isinstance(width, int):
        if got != width:
            raise ExampleFileError(f"{field}: expected {width}-D vectors for the plane, got width {got}")
    elif got != len(table[width][0]):
        raise ExampleFileError(
            f"{field}: expected width {len(table[width][0])} to match {table_of(field)}.{width}, got width {got}"
        )


def table_of(field: str) -> str:
    """'blend' for 'blend.keys'."""
    return field.split(".")[0]


RULES = {
    "drag": {
        "tokens": Names(),
        "keys": Rows("keys", width=2, per="tokens"),
        "query": Vector(width=2),
        "path": Rows("points (the drag goes from each to the next)", width=2, fewest=2, most=MAX_PATH),
    },
    "blend": {
        "tokens": Names(),
        "keys": Rows("keys", per="tokens"),
        "values": Rows("values", width=2, per="tokens"),
        "queries": Rows("queries (the first, then the refocused one)", width="keys", fewest=2, most=2),
    },
    "cross": {
        "source_tokens": Names(),
        "target_tokens": Names(fewest=1, why="one per decoder step"),
        "keys": Rows("keys", per="source_tokens"),
        "values": Rows("values", per="source_tokens"),
        "self_queries": Rows("self-attention queries", per="source_tokens", width="keys"),
        "queries": Rows("decoder queries", per="target_tokens", width="keys"),
    },
    "causal": {
        "tokens": Names(),
        "keys": Rows("keys", per="tokens"),
        "values": Rows("values", width=2, per="tokens"),
        "queries": Rows("queries", per="tokens", width="keys"),
    },
    "heads": {
        "tokens": Names(),
        "keys": Rows("keys", per="tokens"),
        "query": Vector(width="keys"),
        "count": Heads(of="keys"),
    },
}
