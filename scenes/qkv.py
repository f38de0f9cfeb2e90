"""Pieces shared by the width-4 chapters (score, blend, refocus): vectors, key rows, the value plane."""

from __future__ import annotations

import numpy as np
from manim import DOWN, LEFT, RIGHT, UP, Dot, Line, MathTex, Matrix, VGroup

from scenes import components as c
from scenes.arithmetic import WEIGHT_PLACES, fmt, fmt_input, vector_tex
from scenes.palette import theme, token_color


def row_vector(values, color: str, size: float = 34) -> Matrix:
    """A bracketed row vector of inputs whose entries can be highlighted one by one."""
    return Matrix(
        [[fmt_input(v) for v in values]],
        h_buff=0.75,
        bracket_h_buff=0.1,
        element_to_mobject_config={"font_size": size, "color": color},
        bracket_config={"color": color},
    )


def named_row(symbol: str, color: str, vector: Matrix) -> VGroup:
    """'q = [2 0 0 0]': a role symbol, an equals sign and the vector."""
    label = MathTex(symbol, "=", font_size=36, color=color)
    return VGroup(label, vector).arrange(RIGHT, buff=0.15)


class KeyRows(VGroup):
    """One row per token: its name, then one or more vectors (key, value, ...)."""

    def __init__(self, tokens, *columns, row_buff: float = 0.25):
        super().__init__()
        self.names = VGroup(*[c.text(t, size=28, color=token_color(t)) for t in tokens])
        self.columns = [VGroup(*col) for col in columns]
        cells = [self.names, *self.columns]
        c.Grid(*cells, col_buff=0.4, row_buff=row_buff)
        self.add(self.names, *self.columns)

    def row(self, i: int) -> VGroup:
        return VGroup(self.names[i], *[col[i] for col in self.columns])


class ValuePlane(VGroup):
    """A 2-D plane with one arrow per value vector, and the weighted blend drawn tip to tail."""

    def __init__(self, tokens, values, width: float = 4.2):
        super().__init__()
        self.tokens = tokens
        self.values_xy = np.asarray(values, dtype=float)
        self.plane = c.vector_plane(self.values_xy, unit=1.0, margin=0.35, step=0.5)
        self.plane.scale_to_fit_width(width)
        self.arrows = VGroup(*[self._value_mark(t, v) for t, v in zip(tokens, self.values_xy)])
        self.output = c.plane_arrow(self.plane, [1e-3, 0], theme().output, width=7)
        self.terms = VGroup(*[Line(stroke_width=9, color=token_color(t)) for t in tokens])
        self.add(self.plane, self.arrows, self.terms, self.output)

    @property
    def base(self) -> VGroup:
        """The plane and the value arrows, without the blend."""
        return VGroup(self.plane, self.arrows)

    def _value_mark(self, token: str, vector) -> VGroup:
        """An arrow to a value vector (a dot for the zero vector), labelled with its token."""
        color = token_color(token)
        if np.allclose(vector, 0):
            mark = Dot(self.plane.c2p(0, 0), radius=0.09, color=color)
            label = c.fit_width(c.text(token, size=22, color=color), c.LABEL_WIDTH).next_to(
                mark, DOWN + LEFT, buff=0.1
            )
        else:
            mark = c.plane_arrow(self.plane, vector, color, width=4).set_opacity(0.55)
            label = c.arrow_label(self.plane, vector, token, color).scale(0.85)
        return VGroup(mark, label)

    def set_blend(self, weights) -> ValuePlane:
        """Draw the terms w_i v_i tip to tail and the output arrow to their sum."""
        point = np.zeros(2)
        for line, w, v in zip(self.terms, weights, self.values_xy):
            end = point + w * v
            line.put_start_and_end_on(self.plane.c2p(*point), self.plane.c2p(*end) + 1e-4 * RIGHT)
            point = end
        self.output.put_start_and_end_on(self.plane.c2p(0, 0), self.plane.c2p(*point) + 1e-4 * UP)
        return self

    def output_point(self) -> np.ndarray:
        """The output arrow's tip in plane coordinates."""
        return np.array(self.plane.p2c(self.output.get_end())[:2])


def blend_rows(trace, tokens) -> c.Grid:
    """'0.500 × [1, 0] = [0.500, 0]' for each token: weight times value (columns: names, products)."""
    names = [c.fit_width(c.text(t, size=26, color=token_color(t)), 2.2) for t in tokens]
    cells = [
        c.math(rf"{fmt(w, WEIGHT_PLACES)} \times {vector_tex(v, None)} = {vector_tex(term)}", size=30)
        for w, v, term in zip(trace.weights, trace.values, trace.terms)
    ]
    return c.Grid(names, cells, row_buff=0.22)
