"""The variance argument for sqrt(d): sampled q . k for several widths, raw and scaled."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .validation import frozen


@dataclass(frozen=True)
class WidthSample:
    """Dot products of random unit-variance vectors of one width, with their variances."""

    width: int
    raw: np.ndarray  # (n_samples,) q . k
    scaled: np.ndarray  # (n_samples,) q . k / sqrt(width)
    raw_var: float  # about width
    scaled_var: float  # about 1


def _positive_int(name: str, value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name}: expected a whole number of at least 1, got {value!r}")
    return int(value)


def sample_width(width: int, n_samples: int, rng: np.random.Generator) -> WidthSample:
    """Draw n_samples (q, k) pairs with independent N(0, 1) components and take q . k."""
    width = _positive_int("width", width)
    n_samples = _positive_int("n_samples", n_samples)
    q = rng.standard_normal((n_samples, width))
    k = rng.standard_normal((n_samples, width))
    raw = np.einsum("ij,ij->i", q, k)
    scaled = raw / np.sqrt(width)
    return WidthSample(
        width=width,
        raw=frozen(raw),
        scaled=frozen(scaled),
        raw_var=float(raw.var()),
        scaled_var=float(scaled.var()),
    )


def variance_experiment(widths=(4, 16, 64), n_samples: int = 4000, seed: int = 0) -> tuple[WidthSample, ...]:
    """One seeded sample per width: raw variance grows like d, scaled variance stays near 1."""
    if len(widths) == 0:
        raise ValueError("widths: expected at least one width, got none")
    rng = np.random.default_rng(seed)
    return tuple(sample_width(w, n_samples, rng) for w in widths)


def histogram(samples, edges) -> np.ndarray:
    """Fraction of samples in each bin between consecutive `edges` (outliers are clipped in)."""
    edges = np.asarray(edges, dtype=float)
    clipped = np.clip(samples, edges[0], edges[-1])
    counts, _ = np.histogram(clipped, bins=edges)
    return counts / max(len(samples), 1)
