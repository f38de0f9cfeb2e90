"""Numbers as the lecture prints them, and the TeX of the arithmetic it shows.

Every equation is true as printed. Each row's result is the exact result rounded to its places, and
its sign is '=' only when the operands *as printed* give exactly the result as printed, '≈' otherwise
(`sign`); so '0.333 + 0.333 + 0.333 ≈ 1' and '2 / \\sqrt{4} = 1'. An operand is printed rounded, never cut
with an ellipsis (that reads as 'and more'): '≈' covers it. Each row is returned as `Tex`: its
TeX string, carrying the row as data (`Relation`: operands, operation, sign and result, each string as
printed), which `scenes.kit.components.math` attaches to the formula it draws, so tests can check every
equation on screen. These build strings only from numbers, never from user text (token names are
drawn as `Text`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

WEIGHT_PLACES = 3  # weights and outputs, to three places
SCORE_PLACES = 3  # scaled scores and divisors, to three places
SCI_FROM = 6  # an exponential of 10^6 or more is printed 'm \times 10^{e}', from its logarithm (no overflow)
MAX_EXP = 700.0  # e to more than this overflows float64; `exp_column` needs only that it is not whole
MINUS_INFINITY = r"-\infty"  # a hidden (masked) score
SCI = r" \times 10^{"  # what marks a number printed in scientific notation
SCI_PLACES = 2  # the mantissa of a weight too small for WEIGHT_PLACES decimals ('4.25 × 10⁻¹⁸', `sci`)
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


class Column(int):
    """A column's decimals (`column`): `fmt` prints every number to exactly these, a whole one too ('1.00'
    beside '2.50', never '1'), so a quantity reads alike down its column and wherever else it is printed."""


def fmt(value: float, places: int) -> str:
    """A number as the sources print it: whole numbers bare (4, 0), others to `places` (0.125); to a
    `Column`'s places, every number to exactly that many."""
    value = float(value)
    if isinstance(places, Column):
        return decimals([value], places)[0]
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return f"{round(value, places) + 0.0:.{places}f}"  # never '-0.000


def whole(value) -> bool:
    """Whether `value` prints as a whole number (e to a large score, printed from 10^SCI_FROM on as
    'm × 10^e', does not: nor does infinity, where float64 overflows)."""
    value = float(value)
    return abs(value) < 10.0**SCI_FROM and abs(value - round(value)) < 1e-9


def column_places(values, places: int) -> int:
    """The decimals a column of `values` is printed with: 0 when every one is whole, else `places`."""
    return 0 if all(whole(v) for v in values) else places


def column(values, places: int) -> Column:
    """The decimals of a column showing `values`, as a `Column`: 0 when every one is whole, else `places`."""
    return Column(column_places(values, places))


def exp_column(scores, places: int) -> Column:
    """The decimals of a column of e^score (`column` of the exponentials, e to a score beyond float64 among
    them: not whole), so e^0 prints with as many decimals as the others beside it, and their sum and ratios
    print alike."""
    return column([math.exp(min(float(s), MAX_EXP)) for s in scores], places)


def fmt_column(values, places: int) -> list[str]:
    """`values` printed as one column: the same decimals down it (never '4' beside '3.500')."""
    shared = column_places(values, places)
    return [f"{round(float(v), shared) or 0.0:.{shared}f}" for v in values]  # never '-0.000'


def one_format(vectors, places: int = WEIGHT_PLACES) -> list[list[str]]:
    """Each vector's entries as printed, one format for all of them: all whole numbers bare, else every one
    to `places` ('[1.000, 0.000]' beside '[0.119, 0.000]', never '[1, 0]')."""
    flat = iter(fmt_column(np.ravel(vectors), places))
    return [[next(flat) for _ in vector] for vector in vectors]


def entries_tex(values, places: int) -> list[list[str]]:
    """Every entry as printed, one format for the whole matrix (all whole numbers bare, else all to `places`:
    '0.000  1.000' beside '0.540', never '0  1'); minus infinity as such."""
    values = np.asarray(values, dtype=float)
    finite = values[np.isfinite(values)]
    shared = column_places(finite, places) if finite.size else 0
    return [[MINUS_INFINITY if v == -np.inf else decimals([v], shared)[0] for v in row] for row in values]


def fmt_input(value: float) -> str:
    """An input as a person types it: at most three decimals, no trailing zeros (1.5, 2)."""
    text = fmt(value, 3)
    return text.rstrip("0").rstrip(".") if "." in text else text


def coords(vector) -> str:
    """'(2, 0)': an input vector in round brackets."""
    return f"({', '.join(fmt_input(x) for x in vector)})"


def listed(values, places: int | None = WEIGHT_PLACES) -> str:
    """The numbers joined by ', ', each to `places`; `places=None` prints inputs as typed."""
    return ", ".join(fmt_input(v) if places is None else fmt(v, places) for v in values)


def vector_tex(values, places: int | None = WEIGHT_PLACES) -> str:
    """'[0.500, 0.250]' for MathTex; `places=None` prints inputs as typed. Captions use `vector_text`."""
    return f"[{listed(values, places)}]"


def decimals(values, places: int = WEIGHT_PLACES) -> list[str]:
    """Each value to exactly `places` decimals ('1.000'), as a live number (`Number`, bars, grids) draws it."""
    return [f"{round(float(v), places) or 0.0:.{places}f}" for v in values]  # never '-0.000'


def text_minus(printed: str) -> str:
    """A number as printed, for plain text: the minus sign a formula draws ('−0.4'), not a hyphen."""
    return printed.replace("-", "−")


def coords_text(vector) -> str:
    """'(1.25, −0.4)': `coords` for plain text, with the minus sign the formulas draw."""
    return text_minus(coords(vector))


def vector_text(printed) -> str:
    """'[1.2, −0.4]' for a caption, from the strings the screen prints for the same vector (so a caption
    never gives a quantity another value or format than the picture does)."""
    return "[" + ", ".join(text_minus(p) for p in printed) + "]"


@dataclass(frozen=True)
class Relation:
    """One equation as printed: `op` applied to `terms` gives `result`, with `sign` '=' or '≈'.

    `op` is 'sum' (terms added), 'dot' (terms q1, k1, q2, k2, ...: products added), 'divide' (the first
    term over the second), 'exp' (e to the term) or 'scale' (the first term times the second). A term is a
    number as printed ('0.565', '-2') or a root ('\\sqrt{2}').
    """

    terms: tuple[str, ...]
    op: str
    sign: str
    result: str


def evaluate(op: str, terms: list[float]) -> float:
    """What `op` gives for these operand values."""
    if op == "sum":
        return math.fsum(terms)
    if op == "dot":
        return math.fsum(a * b for a, b in zip(terms[::2], terms[1::2]))
    if op == "divide":
        return terms[0] / terms[1]
    if op == "scale":
        return terms[0] * terms[1]
    if op == "exp":
        return math.exp(terms[0])
    raise ValueError(f"op: expected sum, dot, divide, scale or exp, got {op!r}")


def value_of(term: str) -> float:
    """A printed operand's value: a number or a root ('\\sqrt{2}'); one in scientific notation may be too
    large for a float (see `log10_of`)."""
    if SCI in term:
        mantissa, exponent = term.split(SCI)
        return float(mantissa) * 10.0 ** int(exponent.rstrip("}"))
    if term.startswith(r"\sqrt{"):
        return math.sqrt(float(term[6:-1]))
    return float(term)


class Tex(str):
    """A row's TeX that also carries the row as data (`relations`); adding strings to it keeps them."""

    relations: tuple[Relation, ...]

    def __new__(cls, tex: str, relations=()):
        made = super().__new__(cls, tex)
        made.relations = tuple(relations)
        return made

    def __add__(self, other: str) -> Tex:
        return Tex(str(self) + other, self.relations + getattr(other, "relations", ()))

    def __radd__(self, other: str) -> Tex:
        return Tex(other + str(self), getattr(other, "relations", ()) + self.relations)


def exact(op: str, operands: list[float], result: float) -> bool:
    """Whether `op` on `operands` gives `result` (an exponential is never 0, even where float64 underflows)."""
    if op == "exp":
        return result != 0 and math.isclose(evaluate(op, operands), result, rel_tol=1e-12)
    return abs(evaluate(op, operands) - result) < 1e-9


def sign(op: str, terms, result: str, tex: bool = True) -> str:
    """'=' when the printed `terms` give exactly the printed `result`, else '\\approx' (or '≈' for text); a
    number in scientific notation is rounded, so never gives '='."""
    if not any(SCI in t for t in (*terms, result)) and exact(
        op, [value_of(t) for t in terms], value_of(result)
    ):
        return "="
    return r"\approx" if tex else "≈"


def row(op: str, terms, result: float, places: int) -> Relation:
    """The relation of `terms` (printed) with `result` printed to `places`."""
    printed = fmt(result, places)
    return Relation(tuple(terms), op, "≈" if sign(op, terms, printed) != "=" else "=", printed)


def places_adding_up(terms, result: float, fewest: int, most: int) -> int:
    """The fewest places, from `fewest` to `most`, at which `terms` printed to them sum to `result` printed to them
    exactly (3.577 + 3.708 = 7.285, where 3.58 + 3.71 beside 7.28 read wrong); `fewest` where none do."""
    exact = (
        p for p in range(fewest, most + 1) if row("sum", [fmt(t, p) for t in terms], result, p).sign == "="
    )
    return next(exact, fewest)


def vector_math(values, places: int | None = WEIGHT_PLACES) -> str:
    """'[1.2,\\;\\; -0.5]' for a formula: a wide space after each comma, so a minus sign reads as a sign."""
    return "[" + r",\;\; ".join(fmt_input(v) if places is None else fmt(v, places) for v in values) + "]"


def relation(value: float, places: int, tex: bool = True) -> str:
    """'=' when the printed number is exact, '\\approx' (or '≈' for plain text) when it was rounded."""
    if abs(float(fmt(value, places)) - value) < 1e-12:
        return "="
    return r"\approx" if tex else "≈"


def root_text(width: int) -> str:
    """'√3 ≈ 1.732' for a caption: the divisor √d to SCORE_PLACES, '=' when that is exact ('√4 = 2')."""
    root = math.sqrt(width)
    return f"√{width} {relation(root, SCORE_PLACES, tex=False)} {fmt(root, SCORE_PLACES)}"


def tex_sign(relation: Relation) -> str:
    """The relation's sign in TeX."""
    return "=" if relation.sign == "=" else r"\approx"


def dot_product_tex(query, key, dot: float, split: bool = False, places: int = SCORE_PLACES) -> Tex:
    """'(2)(2) + (0)(0) = 4': the dot product term by term, to `places`; `split`, the relation and result on a
    line of their own under the terms (long decimal terms, where one line is too wide)."""
    pairs = [(fmt_input(q), fmt_input(k)) for q, k in zip(query, key)]
    rel = row("dot", [x for pair in pairs for x in pair], dot, places)
    terms = " + ".join(f"({q})({k})" for q, k in pairs)
    joint = r" \\[-0.3em] {}" if split else " "  # lines closer than TeX's; '{}' spaces the sign as a relation
    return Tex(f"{terms}{joint}{tex_sign(rel)} {rel.result}", [rel])


def division_tex(
    dot: float, divisor_tex: str, score: float, places_in: int = SCORE_PLACES, places_out: int = SCORE_PLACES
) -> Tex:
    """'3 / \\sqrt{2} \\approx 2.121': a dot product (to `places_in`) scaled into a score (to `places_out`),
    `divisor_tex` a number or a root."""
    head, tail = division_parts(dot, divisor_tex, score, places_in, places_out)
    return head + f" {tail}"


def division_parts(
    dot: float, divisor_tex: str, score: float, places_in: int = SCORE_PLACES, places_out: int = SCORE_PLACES
) -> tuple[Tex, str]:
    """`division_tex` in two parts, '3 / \\sqrt{2}' (carrying the relation) and '\\approx 2.121', for a line too
    narrow for both."""
    rel = row("divide", [fmt(dot, places_in), divisor_tex], score, places_out)
    return Tex(rf"{rel.terms[0]} / {divisor_tex}", [rel]), f"{tex_sign(rel)} {rel.result}"


def mantissa_exponent(log10_value: float, places: int) -> tuple[str, int]:
    """('2.73', 347): a positive number given by its base-10 logarithm as m × 10^e, m to `places` decimals
    and 1 <= m < 10 as printed; ('0.00', 0) for minus infinity (the number 0)."""
    if log10_value == -math.inf:
        return f"{0:.{places}f}", 0
    exponent = math.floor(log10_value)
    mantissa = 10 ** (log10_value - exponent)
    if round(mantissa, places) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{mantissa:.{places}f}", exponent


def scientific(log10_value: float, places: int) -> str:
    """'2.73 \\times 10^{347}': a positive number given by its base-10 logarithm, the mantissa to `places`."""
    mantissa, exponent = mantissa_exponent(log10_value, places)
    return f"{mantissa}{SCI}{exponent}}}"


def sci_parts(log10_value: float) -> tuple[str, int | None]:
    """A weight-like number in [0, 1] given by its base-10 logarithm (so weights far below float64's range
    print too), split as printed: ('0.026', None) to WEIGHT_PLACES decimals, as a bar prints it, while that
    is not 0.000; only below, ('4.25', -18) for 4.25 × 10⁻¹⁸. One quantity, one form on a screen: never
    '2.56 × 10⁻²' beside a bar's '0.026', never a positive weight as '0.000'."""
    printed = decimals([10.0**log10_value])[0]  # 0.0, no error, far below float64's range
    if float(printed) > 0:
        return printed, None
    return mantissa_exponent(log10_value, SCI_PLACES)


def sci(log10_value: float) -> str:
    """'0.026' or '4.25 × 10⁻¹⁸' (`sci_parts`), for captions, `render.py check` and the page's panel."""
    number, exponent = sci_parts(log10_value)
    return number if exponent is None else f"{number} × 10{str(exponent).translate(SUPERSCRIPT)}"


def exp_text(x: float, places: int) -> str:
    """e^x as printed: to `places` decimals (whole numbers bare, as `fmt`), or from 10^SCI_FROM on
    'm \\times 10^{e}' (from x / ln 10, so e^800, beyond float64, prints too)."""
    log10_value = x / math.log(10)
    if log10_value >= SCI_FROM:
        return scientific(log10_value, places)
    printed = fmt(math.exp(x), places)
    return f"{0:.{places}f}" if printed == "0" else printed  # e^-800 is positive: '0.00', never '0'


def plain(printed: str) -> str:
    """A number as a formula prints it, for a caption: '−0.4', '2.73 × 10³⁴⁷'."""
    if SCI in printed:
        mantissa, exponent = printed.split(SCI)
        return f"{mantissa} × 10{exponent.rstrip('}').translate(SUPERSCRIPT)}"
    return text_minus(printed)


def exp_tex(score: float, exp_value: float, places_in: int, places_out: int) -> Tex:
    """'e^{s} \\approx r': e to the score s as printed and its value r rounded to `places_out`, '≈' where e to
    the printed s does not round to r itself (the score was rounded first); r as 'm \\times 10^{e}' where the
    power is large (`exp_value` is then inf, and unused)."""
    result = exp_text(score, places_out)
    term = fmt(score, places_in)
    rel = Relation((term,), "exp", "≈" if sign("exp", [term], result) != "=" else "=", result)
    return Tex(f"e^{{{term}}} {tex_sign(rel)} {result}", [rel])


def exp_sum_tex(scores, log_sum: float, places: int, per_line: int | None = None) -> Tex:
    """'e₁ + e₂ + e₃ = sum': the exponentials of `scores` and their sum (e to `log_sum`, its natural
    log), each as `exp_text` prints it; `per_line` terms a line (None: one line)."""
    terms = [exp_text(s, places) for s in scores]
    total = exp_text(log_sum, places)
    rel = Relation(tuple(terms), "sum", "≈" if sign("sum", terms, total) != "=" else "=", total)
    step = per_line or len(terms)
    lines = [" + ".join(terms[i : i + step]) for i in range(0, len(terms), step)]
    return Tex(r" \\ + ".join(lines) + f" {tex_sign(rel)} {total}", [rel])


def exp_ratio_tex(score: float, log_sum: float, weight: float, places_in: int, places_out: int) -> Tex:
    """'e_i / sum \\approx w_i': e^score over the sum (e to `log_sum`), as `exp_text` prints them, and
    the weight (numpy's, from the shifted softmax) to `places_out` decimals."""
    terms = [exp_text(score, places_in), exp_text(log_sum, places_in)]
    result = decimals([weight], places_out)[0]
    rel = Relation(tuple(terms), "divide", "≈" if sign("divide", terms, result) != "=" else "=", result)
    over = [
        f"({term})" if SCI in term else term for term in terms
    ]  # (m × 10^e) / (m × 10^e): one number each
    return Tex(rf"{over[0]} / {over[1]} {tex_sign(rel)} {result}", [rel])


def ratio_tex(numerator: float, denominator: float, result: float, places_in: int, places_out: int) -> Tex:
    """'1 / 3.25 \\approx 0.308', each operand as displayed elsewhere."""
    rel = row("divide", [fmt(numerator, places_in), fmt(denominator, places_in)], result, places_out)
    return Tex(rf"{rel.terms[0]} / {rel.terms[1]} {tex_sign(rel)} {rel.result}", [rel])


def sum_tex(terms, total: float, places: int, per_line: int | None = None) -> Tex:
    """'1.25 + 1 + 1 = 3.25'; '0.333 + 0.333 + 0.333 \\approx 1'; `per_line` terms a line (None: one line)."""
    rel = row("sum", [fmt(t, places) for t in terms], total, places)
    step = per_line or len(rel.terms)
    lines = [" + ".join(rel.terms[i : i + step]) for i in range(0, len(rel.terms), step)]
    return Tex(r" \\ + ".join(lines) + f" {tex_sign(rel)} {rel.result}", [rel])


def scaled_tex(weight: float, vector, places: int = WEIGHT_PLACES) -> Tex:
    """'0.565 \\times [1, 0.5] \\approx [0.565, 0.283]': a weight times a value, each product the exact one
    rounded (what the output sums), so '≈' where the printed weight does not give it exactly; the product in
    one format ('[0.074, 0.000]', never '[0.074, 0]'): a `Column`'s places where given (rows of a column,
    `scaled_rows`), else the vector's own.

    One relation per coordinate; the sign is '=' only when every coordinate is exact.
    """
    w = fmt(weight, int(places))
    products = [weight * v for v in vector]
    shared = places if isinstance(places, Column) else column(products, places)
    rels = [row("scale", [w, fmt_input(v)], p, shared) for v, p in zip(vector, products)]
    shown_sign = "=" if all(r.sign == "=" for r in rels) else r"\approx"
    rels = [Relation(r.terms, r.op, "=" if shown_sign == "=" else "≈", r.result) for r in rels]
    product = f"[{', '.join(r.result for r in rels)}]"
    return Tex(rf"{w} \times {vector_tex(vector, None)} {shown_sign} {product}", rels)


def scaled_rows(weights, values, places: int = WEIGHT_PLACES) -> list[Tex]:
    """`scaled_tex` for each weight and its value, every product in one format down the column, so the rows
    read alike ('[0.000, 0.000]' under '[0.831, 0.000]', never '[0, 0]'; the page's query panel prints them so)."""
    products = np.asarray(weights, dtype=float)[:, None] * np.asarray(values, dtype=float)
    shared = column(np.ravel(products), places)
    return [scaled_tex(w, v, shared) for w, v in zip(weights, values)]


@dataclass(frozen=True)
class Working:
    """A softmax worked out for one query, key by key (ThreeTokenDrag's steps and the page's drag panel print
    these same rows): dot products, scores, exponentials, their sum, weights. Each quantity is printed to one
    number of decimals wherever it stands, its `column`'s, from every value it shows ('1.00' beside '2.50', never
    '1'), the scores alike as results and as exponents."""

    trace: object  # attention's trace: dots, scores, exps, log_exp_sum, weights, keys, query, width
    exp_places: int  # an exponential's decimals where not every one is whole

    def places(self) -> tuple[Column, Column, Column]:
        """The decimals of the dot products, the scores and the exponentials (their sum too)."""
        t = self.trace
        return column(t.dots, SCORE_PLACES), column(t.scores, SCORE_PLACES), column(t.exps, self.exp_places)

    def dots(self, split: bool = False) -> list[Tex]:
        """'(q₁)(k₁) + (q₂)(k₂) = q · k' per key (`split`: the result on a line of its own)."""
        t, places = self.trace, self.places()[0]
        return [dot_product_tex(t.query, k, x, split, places) for k, x in zip(t.keys, t.dots)]

    def scores(self) -> list[Tex]:
        """'q · k / \\sqrt{d} ≈ score' per key."""
        dot, score, _ = self.places()
        root = rf"\sqrt{{{self.trace.width}}}"
        return [division_tex(x, root, s, dot, score) for x, s in zip(self.trace.dots, self.trace.scores)]

    def exps(self) -> list[Tex]:
        """'e^{score} ≈ its exponential' per key."""
        _, score, exp = self.places()
        return [exp_tex(s, e, score, exp) for s, e in zip(self.trace.scores, self.trace.exps)]

    def total(self, per_line: int | None = None) -> Tex:
        """The exponentials added, `per_line` terms a line."""
        return exp_sum_tex(self.trace.scores, self.trace.log_exp_sum, self.places()[2], per_line)

    def ratios(self) -> list[Tex]:
        """'exponential / sum ≈ weight' per key, the weights to WEIGHT_PLACES."""
        t, exp = self.trace, self.places()[2]
        return [exp_ratio_tex(s, t.log_exp_sum, w, exp, WEIGHT_PLACES) for s, w in zip(t.scores, t.weights)]
