"""The shapes the example loader accepts: the smallest and the largest example each rule allows, built from
`RULES` itself, are accepted, and one row or name beyond each limit is refused naming the field. Every chapter
runs with those extremes in tests/corpus/test_extreme_shapes.py."""

from __future__ import annotations

import numpy as np
import pytest

from attention.examples.file import ExampleFileError, examples_from_dict
from attention.examples.shapes import (
    MAX_HEADS,
    MAX_TOKENS,
    MAX_WIDTH,
    RULES,
    Heads,
    Names,
    Rows,
    Vector,
)

NUMBERS = np.random.default_rng(19)
QUERY_SCALE = 20 / (100 * 100 * MAX_WIDTH) / 2  # queries this much smaller keep every |q·k|/√d within 20


def extreme(table: str, largest: bool) -> dict:
    """Table `table` at the low or high end of every count and width its rules allow."""
    rules, out = RULES[table], {}
    for field, rule in rules.items():
        if isinstance(rule, Names):
            n = MAX_TOKENS if largest else rule.fewest
            out[field] = [(f"{field[0]}{i}" * 24)[:24] if largest else f"t{i}" for i in range(n)]
    split = any(isinstance(rule, Heads) for rule in rules.values())
    free = MAX_WIDTH if largest else 2 if split else 1  # a width the fewest heads split evenly
    for field, rule in sorted(rules.items(), key=lambda item: isinstance(item[1].__dict__.get("width"), str)):
        if isinstance(rule, Names):
            continue
        if isinstance(rule, Heads):
            out[field] = MAX_HEADS if largest else 2
            continue
        width = rule.width if isinstance(rule.width, int) else free
        scale = QUERY_SCALE if "quer" in field and largest else 1.0  # keeps the scores moderate
        if isinstance(rule, Vector):
            out[field] = vector(width, largest, scale)
            continue
        rows = len(out[rule.per]) if rule.per else (rule.most if largest else rule.fewest)
        out[field] = [vector(width, largest, scale) for _ in range(rows)]
    return out


def vector(width: int, largest: bool, scale: float = 1.0) -> list[float]:
    """Numbers across the whole allowed range (negative, fractional, ±100; times `scale`) or small whole ones."""
    if largest:
        return [float(x) for x in np.round(NUMBERS.uniform(-100, 100, width) * scale, 4)]
    return [float(x) for x in NUMBERS.integers(-2, 3, width)]


def every_table(largest: bool) -> dict:
    return {table: extreme(table, largest) for table in RULES}


def beyond_each_limit():
    """(id, file, field): each count and width rule pushed one past either end, the rest at that end."""
    for table, rules in RULES.items():
        for field, rule in rules.items():
            for largest, step in ((False, "-1"), (True, "+1")):
                if isinstance(rule, Names) or (isinstance(rule, Rows) and (largest or not rule.per)):
                    counted = pushed(
                        table, largest, field, lambda v, up=largest: v + [v[0]] if up else v[:-1]
                    )
                    yield f"{field} count {step}", counted, f"{table}.{field}"
                if isinstance(rule, Heads):
                    counted = pushed(table, largest, field, lambda v, up=largest: [v[0] + (1 if up else -1)])
                    yield f"{field} count {step}", counted, f"{table}.{field}"
                    continue
                split = any(isinstance(r, Heads) for r in rules.values())
                if not isinstance(rule, Names) and (largest or not split):  # narrower: the split test below
                    widths = pushed(
                        table, largest, field, lambda v, up=largest: [widen(row, up) for row in v]
                    )
                    yield f"{field} width {step}", widths, f"{table}.{field}"


def pushed(table: str, largest: bool, field: str, change) -> dict:
    """The extreme table with `change` applied to one field's rows (a lone vector as one row)."""
    data = extreme(table, largest)
    lone = isinstance(RULES[table][field], (Vector, Heads))
    data[field] = change([data[field]])[0] if lone else change(data[field])
    return {table: data}


def widen(row: list, largest: bool) -> list:
    return row + [1.0] if largest else row[:-1]


CASES = list(beyond_each_limit())


@pytest.mark.parametrize("data, field", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_one_beyond_each_limit_is_refused_naming_the_field(data, field):
    with pytest.raises(ExampleFileError, match=rf"^{field}: "):
        examples_from_dict(data)


def test_scores_as_large_as_the_format_allows_are_accepted():
    data = {"blend": extreme("blend", True), "drag": extreme("drag", True)}
    data["blend"]["queries"][1] = [100.0] * MAX_WIDTH
    data["blend"]["keys"][0] = [100.0] * MAX_WIDTH
    data["drag"]["query"] = data["drag"]["keys"][0] = [100.0, 100.0]
    loaded = examples_from_dict(data)
    assert loaded.blend.trace(1).scores.max() == pytest.approx(100 * 100 * MAX_WIDTH**0.5)  # e^24495
    assert loaded.drag.trace().weights.sum() == pytest.approx(1)


def test_a_width_the_heads_do_not_split_evenly_is_refused_naming_the_count():
    data = {"heads": extreme("heads", True)}
    data["heads"]["count"] = 2
    for field in ("keys", "query"):
        data["heads"][field] = (
            [widen(row, False) for row in data["heads"][field]]
            if field == "keys"
            else data["heads"][field][:-1]
        )
    with pytest.raises(ExampleFileError, match=r"^heads.count: width 5 of heads.keys does not split evenly"):
        examples_from_dict(data)


def test_the_extremes_are_accepted():
    for largest in (False, True):
        accepted = examples_from_dict(every_table(largest))
        assert len(accepted.blend.queries) == 2
        assert accepted.blend.keys.shape[1] == (MAX_WIDTH if largest else 1)
