"""Fitting a layout to its example: cut a name, wrap or shrink to a width, take the first layout that fits,
place a label clear of others.

Custom examples bring long names, wide numbers and many tokens; layouts use these to decide once, in
`build()`, what goes where (a plan), and beats play the plan. Names are cut, never shrunk, so a role keeps
one size; words are wrapped; only whole diagrams are shrunk.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

import numpy as np
from manim import DOWN, LEFT, RIGHT, UL, UP, Text, VGroup

from scenes.kit.components import paragraph, paragraph_width, text, width_of
from scenes.kit.palette import token_color
from scenes.kit.stage import STAGE

ELLIPSIS = "…"  # ends a name cut to fit its place
LEAST_LETTERS = 3  # a name cut to fit keeps at least this many letters (review 7: "money" read "mo…")
LEGEND_GAP = 0.4  # between a names legend's entries side by side
LEGEND_LINE_GAP = 0.12  # between its lines
LABEL_RIGHT = STAGE.right - 0.6  # labels are kept between -LABEL_RIGHT and this x, inside the safe area
HAIR = 1e-9  # less than any distance drawn: a layout meant to stand exactly at a distance keeps it, rounding aside
T = TypeVar("T")


def clip(content: str, width: float, role: str = "label", color: str | None = None) -> Text:
    """`content` at its role's size, cut to its longest start that fits `width` followed by '…' (never
    shrunk: its colour, and the full name elsewhere, say which token it is). `.full` is the whole text. Each
    start tried is measured (`width_of`), only the one kept is built."""
    kept = content
    low, high = 1, (len(content) - 1 if width_of(content, role) > width else 0)
    if high:
        kept = content[:1] + ELLIPSIS
    while low <= high:  # the longest start that fits, by bisection
        middle = (low + high) // 2
        candidate = content[:middle].rstrip() + ELLIPSIS
        if width_of(candidate, role) <= width:
            kept, low = candidate, middle + 1
        else:
            high = middle - 1
    shown = text(kept, role=role, color=color)
    shown.full = content
    return shown


def name(token: str, width: float, role: str = "label", color: str | None = None) -> Text:
    """A token's name in `color`, else its own colour, cut to `width` (see `clip`)."""
    return clip(token, width, role, color or token_color(token))


def whole_name(token: str, width: float, role: str = "label", color: str | None = None) -> Text:
    """A token's name whole, in `color` or its own, on as few lines as keep it within `width` (broken where
    `wrap_within` breaks it: after a hyphen or space, else inside a word): where no legend has room beside a
    list of names, each is still given whole. `.full` is the name."""
    shown = wrap_within(token, width, role, color or token_color(token))
    shown.full = token
    return shown


def least_width(token: str, role: str = "label") -> float:
    """The narrowest `token`'s name may be: whole, or its first LEAST_LETTERS letters and '…' if narrower."""
    return min(width_of(token, role), width_of(token[:LEAST_LETTERS] + ELLIPSIS, role))


def names(tokens: Iterable[str], width: float, color: str | None = None) -> list[Text]:
    """The tokens' names (in `color`, else each its own), each cut to `width`."""
    return [name(t, width, color=color) for t in tokens]


def distinct_names(tokens: Sequence[str], widths, role: str = "label") -> list[Text]:
    """The tokens' names, each in its colour cut to its width (`widths`: one for all, or one each) as `name`
    cuts it, so that no two read alike (issue 29: 'f…' for 'fever' and 'fatigue'): names a cut would make
    alike keep their ends too ('inte…xyz', 'inte…abc'), as few end letters as tell them apart, else a number
    after the cut ('int…1'). `cut(shown)` says which are cut; `legend` gives those whole."""
    widths = list(widths) if isinstance(widths, Sequence) else [widths] * len(tokens)
    shown = [name(t, w, role) for t, w in zip(tokens, widths)]
    for same in alike(shown):
        for end in range(1, LEAST_LETTERS + 1):
            shown_ends = [ends_kept(tokens[k], widths[k], end, role) for k in same]
            if len({m.original_text for m in shown_ends}) == len(same):
                break
        else:
            shown_ends = [numbered(tokens[k], widths[k], n + 1, role) for n, k in enumerate(same)]
        for k, m in zip(same, shown_ends):
            shown[k] = m
    return shown


def alike(shown: Sequence[Text]) -> list[list[int]]:
    """The groups (two or more, by position) of different names `shown` as the same text."""
    groups: dict[str, list[int]] = {}
    for k, m in enumerate(shown):
        groups.setdefault(m.original_text.casefold(), []).append(k)
    return [g for g in groups.values() if len({shown[k].full for k in g}) > 1]


def ends_kept(token: str, width: float, end: int, role: str = "label") -> Text:
    """`token`'s name in its colour, its last `end` letters kept after '…' and as long a start before it as fits
    `width` (one letter at least)."""

    def shown(start: int) -> str:
        return token[:start].rstrip() + ELLIPSIS + token[-end:]

    starts = list(range(max(len(token) - end - 1, 1), 0, -1))
    kept = text(
        shown(largest_that_fits(starts, lambda k: width_of(shown(k), role) <= width)),
        role,
        token_color(token),
    )
    kept.full = token
    return kept


def numbered(token: str, width: float, number: int, role: str = "label") -> Text:
    """`token`'s name cut to `width` with room for `number` after its '…' ('int…1')."""
    mark = str(number)
    shown = clip(token, width - width_of(mark, role), role, token_color(token))
    if shown.original_text != token:
        shown = text(shown.original_text + mark, role=role, color=token_color(token))
        shown.full = token
    return shown


def cut(shown: Iterable[Text]) -> list[Text]:
    """Those of the names `shown` that are not whole."""
    return [m for m in shown if m.original_text != m.full]


def legend(shown: Iterable[Text], width: float) -> VGroup:
    """The full name of each token whose name `shown` cuts, once, after the first cut it is shown as ('inte…xyz:
    internationalisation-xyz'), in small type in its colour, left to right within `width` (a new line where the
    next would run past it; a name longer than `width` wrapped on its own lines), its top left at the origin;
    empty when none is cut. The chapter places it where there is room."""
    first = {}
    for m in cut(shown):
        first.setdefault(m.full, m.original_text)
    entries = [
        wrap_within(f"{form}: {full}", width, "small", token_color(full)) for full, form in first.items()
    ]
    group = VGroup()
    for entry in entries:
        if not len(group) or group[-1].width + LEGEND_GAP + entry.width > width:
            group.add(VGroup())
        group[-1].add(entry).arrange(RIGHT, buff=LEGEND_GAP, aligned_edge=UP)
    if len(group):
        group.arrange(DOWN, buff=LEGEND_LINE_GAP, aligned_edge=LEFT).shift(-group.get_corner(UL))
    return group


def wrap_within(
    content: str, width: float, role: str = "body", color: str | None = None, size: float | None = None
) -> Text:
    """`content` wrapped to the most characters a line that keeps it within `width` scene units: a guess from
    the unwrapped width, then a character more while that still fits (the guess alone may fall short, and
    then by how much depended on the text's first measure)."""
    chars = max(len(content), 1)
    measured = paragraph_width(content, chars, role, size)
    while measured > width and chars > 8:
        chars = max(8, min(chars - 1, int(chars * width / measured)))
        measured = paragraph_width(content, chars, role, size)
    while chars < len(content) and measured <= width:
        wider = paragraph_width(content, chars + 1, role, size)
        if wider > width:
            break
        chars, measured = chars + 1, wider
    return paragraph(content, chars, role, color, size)


def staggered(mobjects: Sequence, gap: float, buff: float, most: int, way=DOWN) -> list[int | None]:
    """Labels side by side that may be wider than their pitch (`mobjects`, most important first, each already
    centred on what it labels, tops on one line; bottoms, for `way` UP): each kept where it is or moved `way`
    onto the first of `most` rows where it stays `gap` from every label already there, rows `buff` apart
    beyond each other's tallest. Returns each one's row, None for one with no place (the caller leaves it
    out)."""
    rows: list[list] = [[] for _ in range(most)]
    placed = []
    for m in mobjects:
        left, right = box(m)[:, 0]
        free = (r for r, row in enumerate(rows) if all(right + gap <= a or b + gap <= left for a, b in row))
        row = next(free, None)
        if row is not None:
            rows[row].append(box(m)[:, 0])
        placed.append(row)
    tallest = [max((m.height for m, r in zip(mobjects, placed) if r == k), default=0) for k in range(most)]
    drops = np.cumsum([0.0, *(h + buff for h in tallest[:-1])])
    for m, row in zip(mobjects, placed):
        if row is not None:
            m.shift(np.asarray(way) * drops[row])
    return placed


def shrink_to(mobject: T, width: float | None = None, height: float | None = None) -> T:
    """`mobject` scaled down (never up) so it is at most `width` wide and `height` high."""
    scale = min(
        1.0,
        width / mobject.width if width and mobject.width else 1.0,
        height / mobject.height if height and mobject.height else 1.0,
    )
    return mobject.scale(scale) if scale < 1 else mobject


def first_that_fits(candidates: Iterable[T], fits: Callable[[T], bool]) -> T:
    """The first of `candidates` (layouts, sizes, ...) for which `fits` holds, else the last one tried."""
    tried = None
    for tried in candidates:
        if fits(tried):
            return tried
    if tried is None:
        raise ValueError("first_that_fits: no candidates")
    return tried


def largest_that_fits(candidates: Sequence[T], fits: Callable[[T], bool]) -> T:
    """`first_that_fits` for `candidates` from largest to smallest, where whatever fits, each smaller one fits
    too: found by bisection (a layout is tried about log2(n) times, not up to n), then laid out once more
    if the last one tried is not it, so the caller's state is the answer's, as `first_that_fits` leaves it."""
    if not candidates:
        raise ValueError("largest_that_fits: no candidates")
    low, high, tried = 0, len(candidates) - 1, None  # the answer lies in [low, high]; the last always may
    while low < high:
        middle = (low + high) // 2
        tried = middle
        if fits(candidates[middle]):
            high = middle
        else:
            low = middle + 1
    if tried != low:
        fits(candidates[low])
    return candidates[low]


def box(mobject) -> np.ndarray:
    """`mobject`'s box as [[left, bottom], [right, top]]: what get_left()[0], get_bottom()[1], get_right()[0]
    and get_top()[1] give, from one walk over its family (each of those walks it again)."""
    points = mobject.get_points_defining_boundary()[:, :2]
    return np.array([points.min(axis=0), points.max(axis=0)]) if len(points) else np.zeros((2, 2))


def apart(a, b, margin: float = 0) -> bool:
    """Whether the boxes of `a` and `b` are more than `margin` apart (do not intersect, for 0)."""
    return boxes_apart(box(a), box(b), margin)


def boxes_apart(a: np.ndarray, b: np.ndarray, margin: float = 0) -> bool:
    """`apart` for two `box`es, in plain floats: layouts ask it hundreds of thousands of times, and numpy's
    per-call cost was eight times the comparison's."""
    (a_left, a_bottom), (a_right, a_top) = np.asarray(a).tolist()
    (b_left, b_bottom), (b_right, b_top) = np.asarray(b).tolist()
    return (
        a_right + margin < b_left
        or a_top + margin < b_bottom
        or b_right + margin < a_left
        or b_top + margin < a_bottom
    )


def clear_of(candidates, points=(), boxes=(), margin: float = 0) -> np.ndarray:
    """For each of the boxes `candidates` (n x [[left, bottom], [right, top]]: a label's places, tried all at once),
    whether it keeps `margin` from every one of `points` (rows of x, y and maybe z: a shape's outline; none may lie
    in the box widened by `margin`) and is more than `margin` apart from every one of `boxes` (`box`es, as
    `boxes_apart` tells), as booleans."""
    own = np.asarray(candidates, dtype=float).reshape(-1, 2, 2)
    low, high = own[:, 0], own[:, 1]
    clear = np.ones(len(own), dtype=bool)
    points = np.asarray(points, dtype=float)
    if len(points):
        points = points[None, :, :2]
        inside = (points >= low[:, None] - margin) & (points <= high[:, None] + margin)
        clear &= ~np.any(np.all(inside, axis=2), axis=1)
    others = np.asarray(boxes, dtype=float).reshape(-1, 2, 2)
    if len(others):
        clear &= np.all(apart_each(own, others, margin), axis=1)
    return clear


def apart_each(these, those, margin: float = 0) -> np.ndarray:
    """`boxes_apart` of each of the boxes `these` with each of `those` (n x 2 x 2 arrays), as a len(these) x
    len(those) array of booleans."""
    a, b = np.asarray(these, dtype=float)[:, None], np.asarray(those, dtype=float)[None]
    return np.any(a[..., 1, :] + margin < b[..., 0, :], axis=2) | np.any(
        b[..., 1, :] + margin < a[..., 0, :], axis=2
    )


def place_clear(label, point, others, buff: float = 0.3, right: float = LABEL_RIGHT, bottom: float = -np.inf):
    """`label` where it is or, if it overlaps one of `others`, leaves the x range -LABEL_RIGHT..`right` or
    reaches below `bottom`, moved round `point` (in eight directions, `buff` away) to the first place where it
    does none of these; where it was when no place is clear."""
    start = label.get_center()

    def clear() -> bool:
        inside = -LABEL_RIGHT <= label.get_left()[0] and label.get_right()[0] <= right
        inside = inside and label.get_bottom()[1] >= bottom
        return inside and all(apart(label, other) for other in others)

    if clear():
        return label
    for angle in np.linspace(0, 2 * np.pi, 8, endpoint=False):
        label.next_to(point, [np.cos(angle), np.sin(angle), 0], buff=buff)
        if clear():
            return label
    return label.move_to(start)
