"""Products worked out term by term, each term its own mobject: a dot product as its pairs '(q_j)(k_j)' (each
entry in its factor's colour, so the matching entries can be seen to come from the matrices), a blend as
'w_j × v_j'; then the result, carrying its equations (`relations`) for the equation test. `flow` lays the
terms out in lines that keep within a width; `elided` keeps the first and the last where all have no room."""

from __future__ import annotations

from manim import DOWN, LEFT, RIGHT, UL, VGroup

from scenes.kit import components as c
from scenes.kit.arithmetic import Relation, Tex, sign, tex_sign
from scenes.kit.palette import theme

TERM_GAP = 0.15  # between neighbouring terms of a line
LINE_GAP = 0.25  # between the lines of a flowed sum
LISTED = ", "  # between a worked vector's entries, as BlendByWeight's rows w_i v_i print them (review T9: the vector
# rows' wide gap spread AllQueriesAtOnce's and Projections' worked vectors wider than BlendByWeight's)


def paired_terms(left: list[str], right: list[str], left_color: str, right_color: str) -> list:
    """'(2)(1)', '+ (0)(1)', ...: the entries as printed, paired in order (`.pair`: the two numbers)."""
    terms = []
    for k, (a, b) in enumerate(zip(left, right)):
        term = c.math(*([r"{}+"] if k else []), "(", a, ")(", b, ")", color=theme().muted)
        first = 2 if k else 1
        term.pair = VGroup(term[first].set_color(left_color), term[first + 2].set_color(right_color))
        terms.append(term)
    return terms


def dot_result(left: list[str], right: list[str], result: str, color: str | None = None):
    """'= 4' (or '≈'), the sum of the pairs as printed, carrying that equation."""
    terms = tuple(x for pair in zip(left, right) for x in pair)
    rel = Relation(terms, "dot", "=" if sign("dot", terms, result) == "=" else "≈", result)
    return c.math(tex_sign(rel), Tex(result, [rel]), color=color or theme().text)


def blend_terms(weights: list[str], values: list[list[str]], value_color: str) -> list:
    """'w₁ × [v₁]', '+ w₂ × [v₂]', ...: each weight as printed times its value's row."""
    terms = []
    for k, (w, row) in enumerate(zip(weights, values)):
        term = c.math(*([r"{}+"] if k else []), w, r"\times", "[" + LISTED.join(row) + "]")
        term[-1].set_color(value_color)
        terms.append(term)
    return terms


def blend_result(weights: list[str], values: list[list[str]], result: list[str], color: str):
    """'= [o₁, o₂]' (or '≈' when a coordinate is not exact as printed), one equation per coordinate."""
    rels = []
    for k, out in enumerate(result):
        terms = tuple(x for w, row in zip(weights, values) for x in (w, row[k]))
        rels.append(Relation(terms, "dot", "=" if sign("dot", terms, out) == "=" else "≈", out))
    shown = "=" if all(r.sign == "=" for r in rels) else "≈"
    rels = [Relation(r.terms, r.op, shown, r.result) for r in rels]
    return c.math(tex_sign(rels[0]), Tex("[" + LISTED.join(result) + "]", rels), color=color)


def elided(terms: list, kept: int) -> list:
    """`terms` (of `paired_terms` or `blend_terms`) where only `kept` find room: the first kept - 1, '+ ⋯', the
    last. Each term knows its place among all (`.index`); the '⋯' (`.index` None) the places it stands for
    (`.stands_for`, a range), so a note can say which are left out."""
    for k, term in enumerate(terms):
        term.index = k
    if kept >= len(terms):
        return list(terms)
    dots = c.math(r"{}+", r"\cdots", color=theme().muted)
    dots.index, dots.stands_for = None, range(kept - 1, len(terms) - 1)
    return [*terms[: kept - 1], dots, terms[-1]]


def flow(parts: list, width: float, gap: float = TERM_GAP, line_gap: float = LINE_GAP) -> VGroup:
    """`parts` left to right, `gap` apart, a new line whenever the next would end beyond `width`; lines
    left-aligned, `line_gap` apart, the group's top left at the origin (a sum's terms; a legend's names, wider
    apart, on closer lines)."""
    lines = [VGroup()]
    for part in parts:
        if len(lines[-1]) and lines[-1].width + gap + part.width > width:
            lines.append(VGroup())
        lines[-1].add(part)
        lines[-1].arrange(RIGHT, buff=gap)
    VGroup(*lines).arrange(DOWN, buff=line_gap, aligned_edge=LEFT)
    group = VGroup(*parts)
    return group.shift(-group.get_corner(UL))
