"""Pieces shared by the width-4 chapters (score, blend, refocus): vectors, key rows, the value plane."""

from __future__ import annotations

from manim import RIGHT, MathTex, Matrix, VGroup

from scenes import components as c
from scenes.arithmetic import fmt_input
from scenes.palette import token_color


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
