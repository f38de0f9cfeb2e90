"""All queries at once: softmax(Q K^T / sqrt(d)) V as matrices, every intermediate kept with its shape."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from .trace import GridTrace, attend_grid


@dataclass(frozen=True)
class MatrixTrace(GridTrace):
    """The matrix form: Q (m, d), K (n, d), V (n, dv) -> Q K^T (m, n) -> scores -> weights -> outputs (m, dv).

    Row i of every matrix is the single-query trace `row(i)`, that is `attend(Q[i], K, V)`.
    """

    @property
    def keys_t(self) -> np.ndarray:
        """K^T (d, n), the right-hand factor of Q K^T."""
        return self.keys.T

    @property
    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Each matrix's shape by its name in the formula."""
        return {
            "Q": self.queries.shape,
            "K^T": self.keys_t.shape,
            "Q K^T": self.dots.shape,
            "scores": self.scores.shape,
            "weights": self.weights.shape,
            "V": self.values.shape,
            "outputs": self.outputs.shape,
        }

    @property
    def products(self) -> tuple[tuple[tuple[int, int], tuple[int, int], tuple[int, int]], ...]:
        """The two matrix products as (left, right, result) shapes: (m,d)(d,n)->(m,n), (m,n)(n,dv)->(m,dv)."""
        return (
            (self.queries.shape, self.keys_t.shape, self.dots.shape),
            (self.weights.shape, self.values.shape, self.outputs.shape),
        )


def attend_all(
    queries, keys, values=None, *, scaled: bool = True, divisor: float | None = None
) -> MatrixTrace:
    """Every query at once (values default to the keys), as `attend_grid` computes it."""
    grid = attend_grid(queries, keys, values, scaled=scaled, divisor=divisor)
    return MatrixTrace(**{f.name: getattr(grid, f.name) for f in dataclasses.fields(grid)})
