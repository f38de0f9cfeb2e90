"""Matrices with their names and shapes, for the chapters beyond the sources (matrix form, mask, heads).

Entries are printed with `fmt` from numbers only (never user text); a hidden score is printed as
minus infinity and a hidden weight crossed out, never as a number.
"""

from __future__ import annotations

import re

import numpy as np
from manim import DL, DR, LEFT, RIGHT, UL, UP, UR, Line, Matrix, Rectangle, Square, VGroup

import i18n
from attention import GridTrace
from attention.masking import MaskedTrace
from scenes.kit import components as c
from scenes.kit.arithmetic import MINUS_INFINITY, WEIGHT_PLACES, entries_tex
from scenes.kit.bars import in_tex
from scenes.kit.grids import FONT_PER_UNIT, GAP, AttentionGrid
from scenes.kit.numbers import SansTex
from scenes.kit.palette import VEIL, tex_size, theme

VDOTS, HDOTS, DDOTS = r"\vdots", r"\cdots", r"\ddots"  # where a matrix is cut
DOTS = (VDOTS, HDOTS, DDOTS)
COLUMN_GAP = 0.35  # between the widest entries of neighbouring columns
ROW_PITCH = 0.5  # from one row's centre to the next
VEIL_MARGIN = 0.2  # a row veil reaches this far beyond the row (a sum widens when it shows its weights)
SEAM_STROKE = 1  # a bracket's outline in its own colour, over the join of its pieces


def elided(printed: list[list[str]], rows: int | None, cols: int | None) -> list[list[str]]:
    """`printed` cut to its first `rows` rows and `cols` columns (None: all), each cut marked by a row of
    vertical dots or a column of horizontal dots."""
    keep_rows = printed if rows is None or rows >= len(printed) else printed[:rows] + [None]
    width = len(printed[0])
    cut = cols is not None and cols < width
    out = []
    for row in keep_rows:
        if row is None:
            out.append([VDOTS] * (cols if cut else width) + ([DDOTS] if cut else []))
        else:
            out.append(row[:cols] + [HDOTS] if cut else list(row))
    return out


def widest(values, places: int) -> float:
    """The width of the widest entry of `values` as a NamedMatrix prints it, in scene units."""
    distinct = {e for row in entries_tex(values, places) for e in row}
    return max(c.math_width(e) for e in distinct)


def shape_tex(shape) -> str:
    r"""'2 \times 4'."""
    return r" \times ".join(str(n) for n in shape)


class NamedMatrix(VGroup):
    """A bracketed matrix, its name and shape above it ('Q  (2 × 4)'): `values` is what it holds.

    `places`: decimals of non-whole entries (one format for the whole matrix). Entries are numbers (role
    "number"), the name a label, in the lecture's sans-serif face. `pitch`: from one column's centre to the
    next (default: the widest entry and COLUMN_GAP), so matrices given one pitch have columns that line up.
    `rows`, `cols`: show only the first rows or columns, the rest cut with dots (see `elided`).
    """

    def __init__(
        self,
        name: str,
        values,
        color: str,
        places: int = WEIGHT_PLACES,
        pitch: float | None = None,
        rows: int | None = None,
        cols: int | None = None,
    ):
        super().__init__()
        self.values = np.asarray(values, dtype=float)
        self.name = name
        key = (name, self.values.tobytes(), self.values.shape, color, places, pitch, rows, cols)
        self.matrix, self.label = (part.copy() for part in _built(key, tex_size("number"), theme().muted))
        self.add(self.matrix, self.label)

    def entries(self) -> list[str]:
        """The TeX of every number shown, row after row (the dots of a cut left out)."""
        return [e.tex_string for e in self.matrix.get_entries() if e.tex_string not in DOTS]


_BUILT: dict[tuple, tuple[Matrix, VGroup]] = {}  # per process: a layout tries the same matrix many times


def _built(key: tuple, font_size: float, muted: str) -> tuple[Matrix, VGroup]:
    """A NamedMatrix's bracketed entries and label for `key` (its arguments), built once per process, look
    (`font_size`, `muted`) and language (its numbers as it writes them): callers get copies, the same drawing."""
    key = (*key, font_size, muted, i18n.language())
    if key not in _BUILT:
        name, data, shape, color, places, pitch, rows, cols = key[:8]
        values = np.frombuffer(data).reshape(shape)
        matrix = Matrix(
            elided(entries_tex(values, places), rows, cols),
            h_buff=pitch or widest(values, places) + COLUMN_GAP,
            v_buff=ROW_PITCH,
            bracket_h_buff=0.1,
            element_to_mobject=_entry,
            element_to_mobject_config={"font_size": font_size, "color": color},
            bracket_config={"color": color},
        )
        seamless(matrix)
        for entry in matrix.get_entries():
            entry.role = "number"
        if in_tex(name):
            label = c.math(name, rf"\;({shape_tex(shape)})", role="label", color=color)
        else:  # a name in words this LaTeX cannot set (a script beyond the CJK face's): the text face, the shape beside
            label = VGroup(name_of(name, "label", color), c.math(rf"({shape_tex(shape)})", role="label"))
            label[1].next_to(label[0], RIGHT, buff=0.12)
        label[1].set_color(muted)
        label.next_to(matrix, UP, buff=0.15, aligned_edge=LEFT)  # on the matrix's left edge
        _BUILT[key] = matrix, label
    return _BUILT[key]


def seamless(matrix: Matrix) -> Matrix:
    """`matrix` with each bracket outlined in its own colour, SEAM_STROKE wide: TeX builds a tall bracket of
    pieces, whose anti-aliased joins showed as a darker line across it at 1080p (review 5: MultiHead's q)."""
    for piece in matrix.get_brackets().family_members_with_points():
        piece.set_stroke(piece.get_fill_color(), width=SEAM_STROKE, opacity=piece.get_fill_opacity())
    return matrix


def name_of(tex: str, role: str, color: str):
    r"""A matrix's name: a formula ('Q', '\text{weights}'), or where it is words this LaTeX cannot set
    (a script with no face in TeX: `bars.in_tex`), those words in the text face. A chapter passes its words in,
    translated."""
    words = re.fullmatch(r"\\text\{([^{}]*)\}", tex)
    if words and not in_tex(tex):
        return c.text(words[1], role=role, color=color)
    return c.math(tex, role=role, color=color)


def _entry(tex: str, font_size: float, color: str) -> SansTex:
    """A matrix entry, copied from the one typeset for these arguments (the tables' layouts meet the same
    entries at many pitches and cuts)."""
    return c.math(tex, color=color, size=font_size)


def as_grid_trace(masked: MaskedTrace) -> GridTrace:
    """The masked attention as a grid trace: the unmasked (finite) scores, the masked weights and outputs."""
    open_ = masked.unmasked
    return GridTrace(
        queries=open_.queries,
        keys=open_.keys,
        values=open_.values,
        dots=open_.dots,
        divisor=open_.divisor,
        scores=open_.scores,
        weights=masked.weights,
        outputs=masked.outputs,
    )


class MaskedGrid(AttentionGrid):
    """An attention grid whose hidden cells are drawn as hidden, never as numbers.

    Showing scores, a hidden cell says minus infinity; showing weights, it is filled grey and
    crossed out (its weight is exactly 0, which a 0.000 cell would make look like a tiny weight).
    """

    def __init__(self, masked: MaskedTrace, rows=(), cols=(), size: float = 4.0):
        super().__init__(as_grid_trace(masked), rows=rows, cols=cols, size=size)
        self.mask = masked.mask
        font = FONT_PER_UNIT * self.pitch
        hidden = [cell for cell, h in zip(self.cells, self.mask.flat) if h]
        self.infinities = VGroup(*[self.infinity(font).move_to(x) for x in hidden])
        self.crosses = VGroup(*[cross_out(cell) for cell in hidden])
        self.add(self.infinities, self.crosses)
        self.show_scores()

    @staticmethod
    def infinity(font: float):
        """Minus infinity at the grid's number size (like the grid's numbers, it has no role of its own)."""
        mark = c.math(MINUS_INFINITY, size=font, color=theme().muted)
        mark.role = None
        return mark

    def hidden_cells(self) -> list[int]:
        """Indices (row after row) of the hidden cells."""
        return [int(k) for k in np.flatnonzero(self.mask)]

    def show_scores(self) -> MaskedGrid:
        """Visible cells show their scores, hidden ones minus infinity (before the mask exists: all scores)."""
        super().show_scores()
        if hasattr(self, "infinities"):
            self._hide_numbers()
            self.infinities.set_opacity(1)
            self.crosses.set_opacity(0)
        return self

    def show_weights(self, rows=None) -> MaskedGrid:
        """Visible cells show their weights, hidden cells are greyed and crossed out; row sums shown."""
        super().show_weights(rows)
        self._hide_numbers()
        for k in self.hidden_cells():
            self.cells[k].set_fill(theme().grid, opacity=1)
        self.infinities.set_opacity(0)
        self.crosses.set_opacity(1)
        return self

    def printed_weights(self, i: int) -> list[str]:
        """Row i's visible weights as printed: a hidden cell prints none (its weight is exactly 0)."""
        return [n.printed for n, hidden in zip(self.row_numbers(i), self.mask[i]) if not hidden]

    def _hide_numbers(self) -> None:
        for k in self.hidden_cells():
            self.numbers[k].set_opacity(0)

    def drawn_as_hidden(self) -> np.ndarray:
        """(m, n) True where a cell shows no number."""
        return np.array([n.get_fill_opacity() == 0 for n in self.numbers]).reshape(self.trace.shape)

    def hidden_mark(self) -> str:
        """What the hidden cells show instead of a number: 'minus infinity' or 'crossed out'."""
        return "minus infinity" if self.infinities[0].get_fill_opacity() > 0 else "crossed out"


def row_veils(grid: AttentionGrid, opacity: float = VEIL) -> VGroup:
    """One background-coloured sheet per row of `grid` (label to sum), to dim the rows not being read."""
    right = max(grid.cells.get_right()[0], grid.sums.get_right()[0] if len(grid.sums) else -np.inf)
    left = min(grid.cells.get_left()[0], grid.row_labels.get_left()[0] if len(grid.row_labels) else np.inf)
    veils = VGroup()
    for i in range(grid.trace.shape[0]):
        veil = Rectangle(
            width=right - left + 2 * VEIL_MARGIN,
            height=grid.pitch * (1 - GAP / 2),
            stroke_width=0,
            fill_color=theme().background,
            fill_opacity=opacity,
        )
        veils.add(veil.move_to([(left + right) / 2, grid.row(i).get_y(), 0]))
    return veils


def masked_swatch(size: float = 0.35) -> VGroup:
    """A hidden cell in small, for a legend."""
    cell = Square(size, stroke_color=theme().grid, stroke_width=1, fill_color=theme().grid, fill_opacity=1)
    return VGroup(cell, cross_out(cell))


def cross_out(cell) -> VGroup:
    """Two thin diagonals across `cell`, in the muted colour."""
    color = theme().muted
    return VGroup(
        Line(cell.get_corner(UL), cell.get_corner(DR), color=color, stroke_width=2),
        Line(cell.get_corner(DL), cell.get_corner(UR), color=color, stroke_width=2),
    ).scale(0.7)
