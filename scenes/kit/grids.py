"""Score and weight grids: one row per query, one column per key, built from a GridTrace.

`AttentionGrid.show_scores()` / `show_weights(rows)` switch what the cells say; animate
them with `Restate` (not `.animate`, which breaks when a number's digits are rebuilt).
"""

from __future__ import annotations

from functools import cache

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Rectangle, Transform, VGroup

from attention import GridTrace
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import SCORE_PLACES, WEIGHT_PLACES, Relation, decimals, fmt, sign
from scenes.kit.numbers import Number
from scenes.kit.palette import VEIL, tex_size, theme, token_color

GAP = 0.08  # fraction of a cell's pitch left empty between cells
FONT_PER_UNIT = 24  # number font size per unit of cell pitch (for marks drawn to a cell's scale)
NUMBER_PITCH = 0.85  # smallest column pitch that holds a weight printed at the smallest text size
ROW_PITCH = 0.62  # smallest row pitch of a grid with numbers: a number's height with room round it
ROW_LABELS_WIDTH = 1.6  # widest a row label may be unless the chapter gives its room (longer names are cut)
SHADE_FLOOR = 0.1  # a weighted cell's opacity is FLOOR + (top - FLOOR) * weight, so every cell shows
SHADE_TOP = 1.0  # opacity of a weight of 1 in a grid of colour only
NUMBERED_TOP = 0.4  # ... in a grid with numbers: dark enough for text-coloured digits on any token colour
VEIL_BUFF = 0.04  # a veil's margin round what it dims
CELL_DIGITS = 4  # most digits a cell's score prints (large scores lose decimals, never the cell its size)
NUMBER_PAD = 0.03  # least room each side of the widest number a cell prints, between it and the cell's border
NAME_GAP = 0.12  # at least this between neighbouring column names on one row, and between their rows
NAME_ROWS = 2  # column names stand whole on at most this many rows (else they are cut to their columns)
SIGN_BUFF = 0.05  # between a row sum's sign and its number
RELATION_GAP = (
    0.15  # ... where it is spaced as TeX spaces a relation at the cells' size ('= 1.000', not '=1.000')
)


def places_for(value: float, places: int) -> int:
    """0 for whole numbers (printed bare, as `fmt` does), else `places`."""
    return 0 if "." not in fmt(value, places) else places


def grid_places(values, places: int) -> int:
    """`places`, fewer where the largest of `values` has more whole digits, so a cell prints at most
    CELL_DIGITS digits (12.35, 123.4, 10464): a grid of any example's scores keeps one cell size."""
    whole = len(str(int(np.abs(values).max()))) if np.size(values) else 1
    return max(0, min(places, CELL_DIGITS - whole))


def veil(target, opacity: float = VEIL, buff: float = VEIL_BUFF) -> Rectangle:
    """A background-coloured sheet over `target` that dims it (to 1 - `opacity`) while something else is
    active (fade it in and out); unlike fading `target` itself, it survives whatever is done to `target`
    meanwhile."""
    return Rectangle(
        width=target.width + 2 * buff,
        height=target.height + 2 * buff,
        stroke_width=0,
        fill_color=theme().background,
        fill_opacity=opacity,
    ).move_to(target)


class Restate(Transform):
    """Morph `mobject` into `change(copy)`, then apply `change` to `mobject` itself.

    Unlike `.animate`, this tolerates changes that rebuild submobjects (DecimalNumber.set_value). It ends
    exactly on the picture it morphed to: `change` is applied to `mobject` as it started (a number's size
    follows its drawn height, so changing the morphed one would resize its digits in the last frame).
    """

    def __init__(self, mobject, change, **kwargs):
        self.change = change
        super().__init__(mobject, change(mobject.copy()), **kwargs)

    def finish(self) -> None:
        super().finish()
        self.interpolate(0)
        self.change(self.mobject)


class CellNumber(Number):
    """A number that stays centred in its cell when its value or precision changes."""

    def show(self, value: float, places: int) -> CellNumber:
        center = self.get_center()
        self.num_decimal_places = places
        self.set_value(float(value))
        return self.move_to(center)


def cell_number() -> CellNumber:
    """A cell's number, at the smallest text size."""
    number = CellNumber(0, font_size=tex_size("small"))
    number.role = "small"
    return number


class RowSum(VGroup):
    """A row's sum beside it, '= 1.000' or '≈ 1.000', with the sign its grid gives every row (`sum_mark`).
    Its `number` carries the equation as `relations`. Built as wide as it will be, for layouts."""

    def __init__(self):
        self.number = cell_number().show(1, WEIGHT_PLACES)
        self.gap = SIGN_BUFF
        super().__init__(sum_sign("="), self.number)
        self.arrange(RIGHT, buff=self.gap)

    def spaced(self, gap: float) -> RowSum:
        """Its sign `gap` from its number, the sign staying where it is (the number moves)."""
        self.number.shift(RIGHT * (gap - self.gap))
        self.gap = gap
        return self

    def show(self, terms, total: float, mark: str) -> RowSum:
        """The sum `total` of the printed `terms`, with the sign `mark` ('=' or '≈')."""
        printed = self.number.show(total, WEIGHT_PLACES).set_color(theme().text).printed
        self.number.relations = (Relation(tuple(terms), "sum", mark, printed),)
        self.submobjects[0] = sum_sign(mark).next_to(self.number, LEFT, buff=self.gap)
        return self


def sum_sign(mark: str):
    """'=' or '≈' at a cell number's size, muted like the sums' header."""
    return c.math("=" if mark == "=" else r"\approx", role="small", color=theme().muted)


class AttentionGrid(VGroup):
    """Cells for every (query, key) pair, shaded by weight, with token labels and row sums.

    `size` is the length, in units, of the grid's longer side: `pitch` (rows) and `col_pitch` (columns)
    are size / max(rows, columns), or more when the cells carry numbers (rows at least ROW_PITCH, columns
    at least NUMBER_PITCH and wide enough for the widest number, minus sign and all, `pad` clear of the
    borders: NUMBER_PAD, or more in a `padded` class), so numbers keep the smallest text size. Names are
    never shrunk: a row's is cut to `label_width` (or a chapter's room, `cut_row_labels`; never below three
    letters), a column's stands whole over its column, raised a row only where it would meet another
    (`place_column_names`).
    Row labels take `row_color` (default: each token's own colour); the sums' header says `sum_word` (a
    translated chapter passes its language's, `_("sum")`: the kit translates nothing itself).
    """

    pad = NUMBER_PAD  # room each side of the widest number, in its cell

    def __init__(
        self,
        trace: GridTrace,
        rows=(),
        cols=(),
        size: float = 4.0,
        numbers: bool = True,
        row_color: str | None = None,
        label_width: float = ROW_LABELS_WIDTH,
        sum_word: str = "sum",
    ):
        super().__init__()
        self.trace = trace
        m, n = trace.shape
        self.score_places = grid_places(trace.scores, SCORE_PLACES)
        self.pitch = max(size / max(m, n), ROW_PITCH if numbers else 0)
        self.col_pitch = max(self.pitch, self._number_pitch() if numbers else 0)
        self.cells = self._cells(m, n, cols)
        self.add(self.cells)
        self.numbers = VGroup()
        self.sums = VGroup()
        if numbers:
            self.numbers = VGroup(*[cell_number().move_to(cell) for cell in self.cells])
            self.sums = VGroup(*[RowSum().next_to(self.row(i)[-1], RIGHT, buff=0.1) for i in range(m)])
            self.sum_header = self._sum_header(sum_word)
            self.add(self.numbers, self.sums, self.sum_header)
        self.rows, self.cols, self.row_color = list(rows), list(cols), row_color
        self.row_labels = VGroup()
        self.cut_row_labels(label_width)
        self.col_labels = self._column_names(cols)
        self.add(self.row_labels, self.col_labels)
        self.weighted = np.zeros(m, dtype=bool)
        self.show_scores()
        self.center()

    def _sum_header(self, word: str):
        """`word` in its place (`_header_home`)."""
        return self._header_home(c.text(word, role="small", color=theme().muted))

    def _header_home(self, header):
        """`header` on the column names' line, its right edge on the sums' (a long word stays over its column);
        well above the top sum, so a pulse that enlarges the sums stays clear of it."""
        return header.next_to(self.cells[0], UP, buff=0.2).align_to(self.sums[0].number, RIGHT)

    def sum_mark(self) -> str:
        """'=' when every row's weights as printed add up exactly to its sum as printed, else '≈' for all: one
        column, one relation (a lone '≈' reads as if that row were inexact; '≈' stays true of an exact sum)."""
        rows = [(decimals(w), *decimals([w.sum()])) for w in self.trace.weights]
        return "=" if all(sign("sum", terms, total) == "=" for terms, total in rows) else "≈"

    def set_sums(self, word: str) -> AttentionGrid:
        """The sums as a translated chapter shows them, for a grid built without its words (`MaskedGrid` takes
        none): the header saying `word`, each sign spaced as a relation (RELATION_GAP); the column names laid
        out round the header again, cut to their columns if it leaves them no place whole (issue 30: German
        'Summe' met a name placed round 'sum')."""
        for total in self.sums:
            total.spaced(RELATION_GAP)
        header = self._sum_header(word).set_opacity(self.sum_header.get_fill_opacity())
        self.submobjects[self.submobjects.index(self.sum_header)] = header
        self.sum_header = header
        names, self.name_rows = fit.names(self.cols, np.inf), NAME_ROWS
        if not self.place_names_round_sums(names, range(len(names))):
            self._header_home(self.sum_header)
            names = self._column_names(self.cols)
        labels = VGroup(*names)
        self.submobjects[self.submobjects.index(self.col_labels)] = labels
        self.col_labels = labels
        return self

    def place_names_round_sums(self, names, slots) -> bool:
        """`names` over columns `slots` as `place_column_names` lays them out round the sums' header on their
        line; where that leaves a name no place (German 'Summe' wider than the 'sum' they were laid out round),
        the header among the names, left to right, raised a row too where the names' line is full. Whether
        every one found a place; the header ends where the last layout tried put it."""
        self._header_home(self.sum_header)
        if self.place_column_names(names, slots):
            return True
        for name, j in zip(names, slots):
            name.next_to(self.cells[j], UP, buff=0.2)
        ordered = sorted([*names, self.sum_header], key=lambda m: m.get_x())
        return None not in fit.staggered(ordered, NAME_GAP, NAME_GAP, self.name_rows, UP)

    def cut_row_labels(self, width: float) -> AttentionGrid:
        """The rows' names, each cut to `width` (never below three letters, `label_width` the width asked),
        right-aligned left of its row."""
        self.label_width = width
        names = [fit.name(t, max(width, fit.least_width(t)), color=self.row_color) for t in self.rows]
        for i, name in enumerate(names):
            name.next_to(self.row(i)[0], LEFT, buff=0.2)
        self.row_labels.submobjects = names
        return self

    def _number_pitch(self) -> float:
        """The column pitch whose cells hold every number they print (scores, then weights) with `pad` to
        spare each side, and at least NUMBER_PITCH: the widest measured among the longest printed."""
        printed = {
            fmt(x, self.score_places): places_for(x, self.score_places) for x in np.ravel(self.trace.scores)
        }
        printed |= {f"{w:.{WEIGHT_PLACES}f}": WEIGHT_PLACES for w in np.ravel(self.trace.weights)}
        longest = max(map(len, printed))
        widest = max(
            cell_number().show(float(text), places).width
            for text, places in printed.items()
            if len(text) == longest
        )
        return max(NUMBER_PITCH, (widest + 2 * self.pad) / (1 - GAP))

    def _column_names(self, cols) -> VGroup:
        """Each column's name over it, whole where `place_column_names` finds every one a place on NAME_ROWS
        rows; else each cut to its column (never below three letters, as row labels are) and placed alike."""
        names = fit.names(cols, np.inf)
        self.name_rows = NAME_ROWS
        if not self.place_column_names(names, range(len(names))):
            names = [fit.name(t, max(self.col_pitch - NAME_GAP, fit.least_width(t))) for t in cols]
            self.name_rows = len(names)
            self.place_column_names(names, range(len(names)))
        return VGroup(*names)

    def place_column_names(self, names, slots, rows: int | None = None) -> bool:
        """`names[k]` over column `slots[k]` (the columns' names in any order: WordOrder and CausalMask move
        columns), left to right as `fit.staggered` places them: each on the row nearest the cells where it
        stands NAME_GAP from the names there and from the sums' header, else raised a row, up to `rows` (default:
        as many as the grid's own names may take, `name_rows`); so a name moves only where it would meet another.
        Whether every one found a place (one that did not stands on the lowest row)."""
        rows = rows or self.name_rows
        for name, j in zip(names, slots):
            name.next_to(self.cells[j], UP, buff=0.2)
        header = [self.sum_header] if len(self.sums) else []
        ordered = header + sorted(names, key=lambda name: name.get_x())
        placed = fit.staggered(ordered, NAME_GAP, NAME_GAP, rows, UP)
        return None not in placed

    def _cells(self, m: int, n: int, cols) -> VGroup:
        """The m x n cells, row after row: each column's first cell built, the others copied from it (a
        Rectangle takes ten times longer to build than to copy, and the cost grids have thousands)."""
        tops = [self._cell(j, cols) for j in range(n)]
        return VGroup(
            *[
                tops[j].copy().shift(DOWN * i * self.pitch) if i else tops[j]
                for i in range(m)
                for j in range(n)
            ]
        )

    def _cell(self, j: int, cols) -> Rectangle:
        """Column j's cell in the first row: its word's colour, or the text's where the columns are unnamed (a
        grid of weights or scores is no key)."""
        color = token_color(cols[j]) if cols else theme().text
        return Rectangle(
            width=self.col_pitch * (1 - GAP),
            height=self.pitch * (1 - GAP),
            stroke_color=theme().grid,
            stroke_width=min(1.5, 8 * self.pitch),
            fill_color=color,
            fill_opacity=0,
        ).move_to([j * self.col_pitch, 0, 0])

    def row(self, i: int) -> VGroup:
        """The cells of row i."""
        return self._in_row(self.cells, i)

    def row_numbers(self, i: int) -> VGroup:
        """The numbers in the cells of row i (empty without numbers)."""
        return self._in_row(self.numbers, i)

    def _in_row(self, group: VGroup, i: int) -> VGroup:
        """Row i of `group`, which holds one mobject per cell, row after row."""
        n = self.trace.shape[1]
        return group[i * n : (i + 1) * n]

    def row_band(self, i: int) -> VGroup:
        """Row i as drawn: its label, cells, numbers and sum (what a veil covers to dim the row)."""
        parts = [*self.row_labels[i : i + 1], *self.row(i), *self.row_numbers(i), *self.sums[i : i + 1]]
        return VGroup(*parts)

    def block(self, rows: int, cols: int) -> VGroup:
        """The cells of the top-left `rows` x `cols` corner."""
        return VGroup(*[cell for i in range(rows) for cell in self.row(i)[:cols]])

    def beyond(self, rows: int, cols: int) -> VGroup:
        """The cells outside the top-left `rows` x `cols` corner."""
        n = self.trace.shape[1]
        return VGroup(*[cell for k, cell in enumerate(self.cells) if k // n >= rows or k % n >= cols])

    def show_scores(self) -> AttentionGrid:
        """Every cell shows its scaled score, unshaded; row sums hidden."""
        n = self.trace.shape[1]
        for k, (cell, number) in enumerate(zip(self.cells, self.numbers)):
            score = self.trace.scores[k // n, k % n]
            number.show(score, places_for(score, self.score_places)).set_color(theme().text)
            cell.set_fill(opacity=0)
        self.sums.set_opacity(0)
        if len(self.sums):
            self.sum_header.set_opacity(0)
        self.weighted[:] = False
        return self

    def show_weights(self, rows=None) -> AttentionGrid:
        """Rows `rows` (default all) show their softmax weights, cells shaded by weight, and their sum."""
        weights = self.trace.weights
        top = NUMBERED_TOP if len(self.numbers) else SHADE_TOP
        mark = self.sum_mark()
        for i in range(len(weights)) if rows is None else rows:
            for j, cell in enumerate(self.row(i)):
                cell.set_fill(opacity=SHADE_FLOOR + (top - SHADE_FLOOR) * float(weights[i, j]))
            for j, number in enumerate(self.row_numbers(i)):
                number.show(weights[i, j], WEIGHT_PLACES).set_color(theme().text)
            if len(self.sums):
                self.sums[i].show(self.printed_weights(i), weights[i].sum(), mark).set_opacity(1)
                self.sum_header.set_opacity(1)
            self.weighted[i] = True
        return self

    def printed_weights(self, i: int) -> list[str]:
        """Row i's weights as its cells print them: what its sum adds."""
        return [number.printed for number in self.row_numbers(i)]

    def shown(self) -> np.ndarray:
        """The numbers the cells display, as an (m, n) array."""
        return np.array([n.get_value() for n in self.numbers]).reshape(self.trace.shape)

    def shown_sums(self) -> list[float]:
        """The row sums on display (rows still showing scores are hidden and omitted)."""
        return [s.number.get_value() for s, on in zip(self.sums, self.weighted) if on]


@cache
def padded(grid_class: type[AttentionGrid], pad: float) -> type[AttentionGrid]:
    """`grid_class` (AttentionGrid or a subclass such as `matrices.MaskedGrid`, which passes no options on to
    it) whose cells leave `pad` each side of their widest number: a chapter with room to spare gives its
    numbers more than NUMBER_PAD."""
    return type(grid_class.__name__, (grid_class,), {"pad": pad})


class CellCount(VGroup):
    """'4 queries × 4 keys = 16 scores', numbers taken from a trace and updated in place."""

    def __init__(self, trace: GridTrace):
        super().__init__()
        self.numbers = [
            c.number(0, 0, role="label", color=color) for color in (theme().query, theme().key, theme().text)
        ]
        words = [c.text(w, role="label", color=theme().muted) for w in ("queries ×", "keys =", "scores")]
        self.add(*[m for pair in zip(self.numbers, words) for m in pair])
        self.set_trace(trace)

    def set_trace(self, trace: GridTrace) -> CellCount:
        """Show `trace`'s rows, columns and number of cells."""
        center = self.get_center()
        for number, value in zip(self.numbers, (*trace.shape, trace.weights.size)):
            number.set_value(value)
        return self.arrange(RIGHT, buff=0.15).move_to(center)

    def shown(self) -> tuple[int, int, int]:
        return tuple(int(n.get_value()) for n in self.numbers)
