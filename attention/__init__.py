"""Attention in pure numpy: every intermediate value the lecture shows. Imports no manim."""

from .examples import DEFAULT, BlendExample, DragExample, Examples, current, use
from .softmax import jacobian, raw_exponentials, sensitivity, softmax
from .sweeps import Saturation, SaturationTrace, saturation_at, saturation_sweep, weights_at_gain
from .trace import AttentionTrace, GridTrace, attend, attend_grid, divisor_for
from .variance import WidthSample, histogram, sample_width, variance_experiment

__all__ = [
    "AttentionTrace",
    "BlendExample",
    "DEFAULT",
    "DragExample",
    "Examples",
    "GridTrace",
    "Saturation",
    "SaturationTrace",
    "WidthSample",
    "attend",
    "attend_grid",
    "current",
    "divisor_for",
    "histogram",
    "jacobian",
    "raw_exponentials",
    "sample_width",
    "saturation_at",
    "saturation_sweep",
    "sensitivity",
    "softmax",
    "use",
    "variance_experiment",
    "weights_at_gain",
]
