"""WCAG 2 contrast, for the tests that measure it (theme colours, page styles, text in the browser)."""

from __future__ import annotations

from collections.abc import Sequence


def channels(colour: str) -> list[float]:
    """'#rrggbb' as three channels in 0..1."""
    return [int(colour.lstrip("#")[k : k + 2], 16) / 255 for k in (0, 2, 4)]


def luminance(rgb: Sequence[float]) -> float:
    """WCAG relative luminance of an sRGB colour whose channels are in 0..1."""
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ratio(a: Sequence[float], b: Sequence[float]) -> float:
    """The WCAG contrast ratio of two sRGB colours (channels in 0..1), from 1 to 21."""
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
