"""Vectors as chapters 3 and 5 write them: 'q = [2,  0,  −1.5]' with entries that can be pointed at,
one row of vectors per token, and the blend's output as the sum of the terms as printed."""

from __future__ import annotations

from manim import RIGHT, Text, VGroup

from i18n.numbers import separator
from scenes.kit import components as c
from scenes.kit.arithmetic import WEIGHT_PLACES, Relation, Tex, fmt_column, fmt_input, sign, tex_sign
from scenes.kit.formula_slot import formula_word
from scenes.kit.palette import tex_size, text_size, token_color

GAP = r",\;\; "  # after each comma: a minus sign after it reads as a sign, not a subtraction


def gap() -> str:
    r"""GAP as the active language separates listed numbers: German ';\;\; ' (its comma is the decimal sign; a
    formula's parts are converted one by one, so a lone GAP would stay a comma)."""
    return separator().rstrip() + GAP[1:]


def vector(values, color: str | None = None, places: int | None = None):
    """'[2,  0,  −1.5]': inputs as typed (`places=None`), else one format for every entry; each entry is
    its own part (`.entries`), so it can be pointed at."""
    printed = [fmt_input(v) for v in values] if places is None else fmt_column(values, places)
    parts = ["["]
    for i, entry in enumerate(printed):
        parts += [gap(), entry] if i else [entry]
    formula = c.math(*parts, "]", color=color)
    formula.entries = VGroup(*formula[1::2])
    return formula


def named(symbol: str, vector_mobject, color: str | None = None) -> VGroup:
    """'q = [2, 0]': a role symbol, an equals sign and the vector."""
    return VGroup(c.math(symbol, "=", color=color), vector_mobject).arrange(RIGHT, buff=0.15)


class TokenRows(VGroup):
    """One row per token: its name (`names`), then one or more vectors (`columns`)."""

    def __init__(self, tokens, *columns, row_buff: float = 0.25):
        super().__init__()
        self.names = VGroup(*[c.text(t, role="label", color=token_color(t)) for t in tokens])
        self.columns = [VGroup(*col) for col in columns]
        c.Grid(self.names, *self.columns, col_buff=0.4, row_buff=row_buff)
        self.add(self.names, *self.columns)

    def row(self, i: int) -> VGroup:
        return VGroup(self.names[i], *[col[i] for col in self.columns])


def output_tex(term_relations, output, word: str = "output") -> Tex:
    """'output ≈ [x, y]', spaced as the rows w_i v_i over it (review V7: spaced wider, its coordinates read as two
    numbers; a formula converts ', ' to the language's separator), the output named `word` (a translated
    chapter's, `formula_word`): per coordinate, the
    exact output rounded (as everywhere else it is printed), as the sum of the terms w_i v_i as printed
    (`term_relations`: the `scale` relations of every term, one per coordinate of `output`); '≈' where the
    printed terms do not add up to it exactly."""
    rels, width = [], len(output)
    for j, total in enumerate(
        fmt_column(output, WEIGHT_PLACES)
    ):  # one format for the vector ('0.000', not '0')
        terms = tuple(r.result for r in term_relations[j::width])
        rels.append(Relation(terms, "sum", "=" if sign("sum", terms, total) == "=" else "≈", total))
    shown = "=" if all(r.sign == "=" for r in rels) else r"\approx"
    named = formula_word(word, "output")
    return Tex(rf"\text{{{named}}} {shown} [" + ", ".join(r.result for r in rels) + "]", rels)


def one_size(mobject, factor: float) -> None:
    """Draw every text in `mobject` with a role at `factor` times its role's size, each about its own centre:
    a layout shrunk to fit keeps one size per role (names, numbers and notes shrink alike)."""
    done: set[int] = set()
    for member in mobject.get_family():
        if id(member) in done or not getattr(member, "role", None):
            continue
        size = (text_size if isinstance(member, Text) else tex_size)(member.role) * factor
        member.scale(size / member.font_size)
        done.update(id(part) for part in member.get_family())


def dot_rows(query, keys, dots, places: int) -> list[Tex]:
    """'(2)(1) + (0)(−1) = 2' per key, every result in one format (never '= 4' beside '= 3.500')."""
    rows = []
    for key, result in zip(keys, fmt_column(dots, places)):
        pairs = [(fmt_input(q), fmt_input(k)) for q, k in zip(query, key)]
        terms = tuple(x for pair in pairs for x in pair)
        rel = Relation(terms, "dot", "=" if sign("dot", terms, result) == "=" else "≈", result)
        products = " + ".join(f"({q})({k})" for q, k in pairs)
        rows.append(Tex(f"{products} {tex_sign(rel)} {result}", [rel]))
    return rows


def division_rows(dots, divisor_tex: str, scores, places: int) -> list[Tex]:
    """'4 / 2 = 2' per dot product, dividends as `dot_rows` prints them and every quotient in one format."""
    rows = []
    for dot, score in zip(fmt_column(dots, places), fmt_column(scores, places)):
        rel = Relation(
            (dot, divisor_tex),
            "divide",
            "=" if sign("divide", (dot, divisor_tex), score) == "=" else "≈",
            score,
        )
        rows.append(Tex(rf"{dot} / {divisor_tex} {tex_sign(rel)} {score}", [rel]))
    return rows
