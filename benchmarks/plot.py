"""The scaling curves as a hand-written SVG: speed-up over one worker against workers, chapter jobs and beat jobs
predicted, the real --jobs runs as hollow dots, perfect scaling dashed; report.write puts it beside latest.md."""

from __future__ import annotations

import math

WIDTH, HEIGHT = 560, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 24, 44  # margins in pixels: the legend sits in the right one
CURVES = (("chapter_jobs", "chapter jobs", "#d95f02"), ("beat_jobs", "beat jobs", "#1b9e77"))
REAL_COLOR = "#333333"
IDEAL_COLOR = "#999999"


def svg(scaling: dict) -> str:
    """The SVG picture of a run's `scaling` figures (its latest.json "scaling" entry)."""
    workers = sorted(int(n) for n in scaling["chapter_jobs"])
    base = scaling["beat_jobs"][_key(scaling["beat_jobs"], workers[0])]
    speedups = {
        kind: [base / scaling[kind][_key(scaling[kind], n)] for n in workers] for kind, _, _ in CURVES
    }
    top = max(workers[-1], *(max(s) for s in speedups.values()))
    x, y = _axis(workers[0], workers[-1], LEFT, WIDTH - RIGHT, log=True), _axis(0, top, HEIGHT - BOTTOM, TOP)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" '
        'font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        *_grid(workers, top, x, y),
        _line([(x(n), y(n)) for n in workers], IDEAL_COLOR, dashed=True),
    ]
    for kind, _, color in CURVES:
        points = [(x(n), y(s)) for n, s in zip(workers, speedups[kind])]
        parts += [_line(points, color), *(_dot(px, py, color, 3) for px, py in points)]
    for n, wall in scaling["real"].items():
        parts.append(_dot(x(int(n)), y(base / wall), REAL_COLOR, 5, hollow=True))
    parts += _legend([*((label, color) for _, label, color in CURVES), ("perfect", IDEAL_COLOR)])
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _key(curve: dict, workers: int):
    """The key of `workers` in a curve (ints in memory, strings once read back from JSON)."""
    return workers if workers in curve else str(workers)


def _axis(low: float, high: float, start: float, end: float, log: bool = False):
    """A function from data values in low .. high to pixels in start .. end."""
    scale = math.log2 if log else (lambda v: v)
    span = (scale(high) - scale(low)) or 1
    return lambda v: start + (scale(v) - scale(low)) / span * (end - start)


def _grid(workers: list[int], top: float, x, y) -> list[str]:
    step = max(1, math.ceil(top / 8))
    lines = []
    for n in workers:
        lines.append(
            f'<line x1="{x(n):.1f}" y1="{TOP}" x2="{x(n):.1f}" y2="{HEIGHT - BOTTOM}" stroke="#eee"/>'
        )
        lines.append(f'<text x="{x(n):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{n}</text>')
    for value in range(0, math.ceil(top) + 1, step):
        lines.append(
            f'<line x1="{LEFT}" y1="{y(value):.1f}" x2="{WIDTH - RIGHT}" y2="{y(value):.1f}" stroke="#eee"/>'
        )
        lines.append(f'<text x="{LEFT - 6}" y="{y(value) + 4:.1f}" text-anchor="end">{value}x</text>')
    middle = (LEFT + WIDTH - RIGHT) / 2
    lines.append(f'<text x="{middle:.1f}" y="{HEIGHT - 8}" text-anchor="middle">workers</text>')
    lines.append(
        f'<text x="14" y="{(TOP + HEIGHT - BOTTOM) / 2:.1f}" text-anchor="middle" '
        f'transform="rotate(-90 14 {(TOP + HEIGHT - BOTTOM) / 2:.1f})">speed-up over 1 worker</text>'
    )
    return lines


def _line(points: list[tuple[float, float]], color: str, dashed: bool = False) -> str:
    path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
    dash = ' stroke-dasharray="5,4"' if dashed else ""
    return f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"{dash}/>'


def _dot(px: float, py: float, color: str, radius: float, hollow: bool = False) -> str:
    fill = "none" if hollow else color
    return (
        f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{radius}" fill="{fill}" stroke="{color}" stroke-width="2"/>'
    )


def _legend(entries: list[tuple[str, str]]) -> list[str]:
    left, lines = WIDTH - RIGHT + 16, []
    for row, (label, color) in enumerate([*entries, ("real --jobs run", REAL_COLOR)]):
        top = TOP + 10 + row * 20
        if row == len(entries):
            lines.append(_dot(left + 10, top, color, 5, hollow=True))
        else:
            lines.append(_line([(left, top), (left + 20, top)], color, dashed=label == "perfect"))
        lines.append(f'<text x="{left + 28}" y="{top + 4}">{label}</text>')
    return lines
