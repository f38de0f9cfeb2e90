"""Input checks shared by the attention functions: each error names the argument."""

from __future__ import annotations

import numpy as np


def as_array(name: str, value, ndim: int) -> np.ndarray:
    """Return `value` as a finite float array of `ndim` dimensions, none of them empty."""
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected numbers, got {value!r}") from None
    if array.ndim != ndim:
        kind = {1: "a vector", 2: "a matrix (one row per item)"}[ndim]
        raise ValueError(f"{name}: expected {kind}, got an array of shape {array.shape}")
    if array.size == 0 or 0 in array.shape:
        raise ValueError(f"{name}: expected at least one entry, got shape {array.shape}")
    if not np.all(np.isfinite(array)):
        raise ValueError(f"{name}: expected finite numbers, got NaN or infinity")
    return array


def same_width(name_a: str, a: np.ndarray, name_b: str, b: np.ndarray) -> None:
    """Raise unless the last axes of `a` and `b` have the same length."""
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"{name_b}: expected width {a.shape[-1]} to match {name_a}, got width {b.shape[-1]}")


def same_count(name_a: str, a: np.ndarray, name_b: str, b: np.ndarray) -> None:
    """Raise unless `a` and `b` have the same number of rows."""
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"{name_b}: expected {a.shape[0]} rows, one per row of {name_a}, got {b.shape[0]}")


def positive(name: str, value: float) -> float:
    """Return `value` as a float, raising unless it is finite and above zero."""
    value = float(value)
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name}: expected a finite number above 0, got {value!r}")
    return value


def frozen(array: np.ndarray) -> np.ndarray:
    """Return a read-only copy of `array`, so traces cannot be changed after the fact."""
    array = np.array(array, dtype=float)
    array.setflags(write=False)
    return array


def names(field: str, tokens, count: int) -> tuple[str, ...]:
    """`tokens` as a tuple of strings, one per row of vectors."""
    tokens = tuple(str(t) for t in tokens)
    if len(tokens) != count:
        raise ValueError(f"{field}: expected {count} names, one per row of vectors, got {len(tokens)}")
    return tokens
