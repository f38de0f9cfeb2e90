"""Every equation on screen is true as printed: each relation a chapter draws, read back from its strings.

A row's operands and result are strings as displayed (`scenes.kit.arithmetic.Relation`). '=' must hold
exactly for the numbers as printed; '≈' must hold for some numbers that print as shown: each printed
number stands for the interval it was rounded from (half a unit of its last place; whole numbers and
roots are exact), and the operation over the operands' intervals must meet the result's interval.
"""

import math

import pytest

from scenes.kit import arithmetic as a
from scenes.kit.bars import WeightBars
from scenes.kit.components import math as formula
from tests.support.example_corpus import chapter_looks
from tests.support.layout import chapter_ends

Interval = tuple[float, float]


def interval(term: str) -> Interval:
    """The values a printed number may stand for."""
    value = a.value_of(term)
    if term.startswith(r"\sqrt") or "." not in term:
        return value, value
    half = 0.5 * 10 ** -len(term.split(".")[1])
    return value - half, value + half


def product(x: Interval, y: Interval) -> Interval:
    corners = [p * q for p in x for q in y]
    return min(corners), max(corners)


def combine(op: str, terms: list[Interval]) -> Interval:
    """`op` over intervals (each operation is monotone in each operand, so corners give the bounds)."""
    if op in ("sum", "dot"):
        parts = terms if op == "sum" else [product(x, y) for x, y in zip(terms[::2], terms[1::2])]
        return math.fsum(lo for lo, _ in parts), math.fsum(hi for _, hi in parts)
    if op == "exp":
        return math.exp(terms[0][0]), math.exp(terms[0][1])
    if op == "scale":
        return product(*terms)
    (a0, a1), (b0, b1) = terms
    assert b0 > 0 or b1 < 0, "a divisor that may be zero"
    return product((a0, a1), (1 / b1, 1 / b0))


def log_interval(term: str) -> Interval:
    """The base-10 logarithms of the values a printed number (at least 0) may stand for; '2.73 \\times 10^{347}'
    stands for 2.725e347 to 2.735e347, beyond float64."""
    if a.SCI in term:
        mantissa, exponent = term.split(a.SCI)
        lo, hi = interval(mantissa)
        return math.log10(lo) + int(exponent[:-1]), math.log10(hi) + int(exponent[:-1])
    return tuple(math.log10(x) if x > 0 else -math.inf for x in interval(term))


def log_sum(logs: list[float]) -> float:
    top = max(logs)
    return top if top == -math.inf else top + math.log10(math.fsum(10 ** (x - top) for x in logs))


def holds_in_logs(rel: a.Relation) -> bool:
    """Whether a relation of large exponentials (sum, divide, exp) holds, its intervals taken in logarithms."""
    if rel.op == "exp":
        lo, hi = (x / math.log(10) for x in interval(rel.terms[0]))
    elif rel.op == "sum":
        logs = [log_interval(t) for t in rel.terms]
        lo, hi = log_sum([x for x, _ in logs]), log_sum([y for _, y in logs])
    else:
        (n0, n1), (d0, d1) = (log_interval(t) for t in rel.terms)
        lo, hi = n0 - d1, n1 - d0
    r_lo, r_hi = log_interval(rel.result)
    return rel.sign == "≈" and lo <= r_hi + 1e-9 and r_lo - 1e-9 <= hi


def holds(rel: a.Relation) -> bool:
    """Whether the relation is true as printed."""
    if any(a.SCI in t for t in (*rel.terms, rel.result)):
        return holds_in_logs(rel)
    if rel.sign == "=":
        return a.exact(rel.op, [a.value_of(t) for t in rel.terms], a.value_of(rel.result))
    lo, hi = combine(rel.op, [interval(t) for t in rel.terms])
    r_lo, r_hi = interval(rel.result)
    slack = 1e-9 * max(1.0, abs(r_hi))
    return lo <= r_hi + slack and r_lo - slack <= hi


def shown(rel: a.Relation) -> str:
    return f"{rel.op}({', '.join(rel.terms)}) {rel.sign} {rel.result}"


# The cases from issue 19, and the rule's edges.
@pytest.mark.parametrize(
    "rel, true",
    [
        (a.Relation(("0.565", "0.280", "0"), "sum", "=", "0.846"), False),
        (a.Relation(("0.565", "0.280", "0"), "sum", "≈", "0.846"), True),
        (a.Relation(("0.044", "0.048", "0"), "sum", "=", "0.093"), False),
        (a.Relation(("0.565", "0.400", "0.034"), "sum", "=", "1.000"), False),
        (a.Relation(("0.565", "0.400", "0.034"), "sum", "≈", "1.000"), True),
        (a.Relation(("0.565", "0.400", "0.034"), "sum", "≈", "1.010"), False),
        (a.Relation(("3", r"\sqrt{2}"), "divide", "≈", "2.121"), True),
        (a.Relation(("3", r"\sqrt{2}"), "divide", "=", "2.121"), False),
        (a.Relation(("4", r"\sqrt{4}"), "divide", "=", "2"), True),
        (a.Relation(("2", "2", "0", "0"), "dot", "=", "4"), True),
        (a.Relation(("1.5", "-0.5", "2", "1"), "dot", "=", "1.25"), True),
        (a.Relation(("1.5", "-0.5", "2", "1"), "dot", "=", "1.3"), False),
        (a.Relation(("2.121",), "exp", "≈", "8.34"), True),
        (a.Relation(("0.50",), "exp", "≈", "1.70"), False),
        (a.Relation(("0.565", "0.5"), "scale", "≈", "0.282"), True),
        (a.Relation(("-25",), "exp", "=", "0.00"), False),
        (a.Relation(("0",), "exp", "=", "1"), True),
        (a.Relation(("800",), "exp", "≈", r"2.73 \times 10^{347}"), True),
        (a.Relation(("800",), "exp", "≈", r"2.74 \times 10^{347}"), False),
        (a.Relation(("800",), "exp", "=", r"2.73 \times 10^{347}"), False),
        (a.Relation((r"2.73 \times 10^{347}", "0.00"), "sum", "≈", r"2.73 \times 10^{347}"), True),
        (
            a.Relation(
                (r"2.73 \times 10^{347}", r"2.73 \times 10^{347}"), "sum", "≈", r"2.73 \times 10^{347}"
            ),
            False,
        ),
        (a.Relation((r"1.00 \times 10^{6}", r"2.00 \times 10^{6}"), "divide", "≈", "0.500"), True),
        (a.Relation(("0.00", r"2.73 \times 10^{347}"), "divide", "≈", "0.000"), True),
    ],
    ids=lambda v: shown(v) if isinstance(v, a.Relation) else str(v),
)
def test_the_check_accepts_true_rows_and_refuses_false_ones(rel, true):
    assert holds(rel) is true


def test_the_builders_print_equals_only_when_exact():
    assert a.sum_tex([0.565, 0.280, 0], 0.8455, 3) == r"0.565 + 0.280 + 0 \approx 0.846"
    assert a.sum_tex([0.5, 0.25], 0.75, 3) == "0.500 + 0.250 = 0.750"
    assert a.division_tex(4, r"\sqrt{4}", 2) == r"4 / \sqrt{4} = 2"
    assert a.dot_product_tex([2, 0], [2, 0], 4) == "(2)(2) + (0)(0) = 4"
    split = a.dot_product_tex([-0.421, 1.788], [-0.628, -0.577], -0.7673, split=True)
    assert split == r"(-0.421)(-0.628) + (1.788)(-0.577) \\[-0.3em] {}\approx -0.767"  # result on line 2
    assert split.relations == a.dot_product_tex([-0.421, 1.788], [-0.628, -0.577], -0.7673).relations
    assert a.scaled_tex(0.5654, [1, 0.5]) == r"0.565 \times [1, 0.5] \approx [0.565, 0.283]"
    for tex in (a.sum_tex([0.565, 0.280, 0], 0.8455, 3), a.scaled_tex(0.5654, [1, 0.5])):
        assert tex.relations and all(holds(r) for r in tex.relations)


def test_large_exponentials_print_in_scientific_notation_and_stay_true():
    scores, log_sum = [800.0, 790.0, -800.0], 800 + math.log(1 + math.exp(-10) + math.exp(-1600))
    assert a.exp_tex(800, math.inf, 3, 2) == r"e^{800} \approx 2.73 \times 10^{347}"
    assert a.exp_tex(-800, 0.0, 3, 2) == r"e^{-800} \approx 0.00"  # positive, so never '= 0'
    rows = [a.exp_tex(s, math.inf, 3, 2) for s in scores] + [a.exp_sum_tex(scores, log_sum, 2)]
    rows += [a.exp_ratio_tex(s, log_sum, w, 2, 3) for s, w in zip(scores, [0.99995, 0.0000454, 0])]
    assert rows[3] == r"2.73 \times 10^{347} + 1.24 \times 10^{343} + 0.00 \approx 2.73 \times 10^{347}"
    assert rows[4] == r"(2.73 \times 10^{347}) / (2.73 \times 10^{347}) \approx 1.000"
    assert all(holds(r) for row in rows for r in row.relations)
    assert a.exp_tex(13.8, math.exp(13.8), 3, 2).endswith("984609.11")  # below 10^SCI_FROM: in full


def test_a_formula_keeps_the_rows_it_is_built_from():
    row = a.sum_tex([1.25, 1, 1], 3.25, 2)
    built = formula(r"\text{sum} = " + row)
    assert built.relations == row.relations == (a.Relation(("1.25", "1", "1"), "sum", "=", "3.25"),)


def test_weights_that_print_short_of_one_are_summed_with_approx():
    bars = WeightBars(["a", "b", "c"], [0.5654, 0.4004, 0.0342])
    (rel,) = bars.total.relations
    assert rel == a.Relation(("0.565", "0.400", "0.034"), "sum", "≈", "1.000")
    assert bars.total_label[1].tex_string == r"\approx"
    bars.set_weights([0.5, 0.25, 0.25])
    assert bars.total.relations[0].sign == "=" and bars.total_label[1].tex_string == "="


def test_column_helpers_print_one_format_down_a_column():
    assert a.fmt_column([4, 3.5, -1], 3) == ["4.000", "3.500", "-1.000"]
    assert a.fmt_column([4, 2, -1], 3) == ["4", "2", "-1"]
    assert a.fmt_column([-0.0001, 1], 3) == ["0.000", "1.000"]
    assert a.fmt(-0.0001, 3) == "0.000" and a.decimals([-0.0001]) == ["0.000"]  # never '-0.000'
    assert a.vector_text(["1.2", "-0.4"]) == "[1.2, −0.4]"  # a caption's vector, as the screen prints it


@pytest.mark.parametrize("case", chapter_looks(), ids=lambda case: case[0])
def test_every_equation_drawn_is_true_as_printed(case):
    _, chapter, settings = case
    ends = chapter_ends(chapter, settings)
    false = [f"{end.beat}: {shown(rel)}" for end in ends for rel in end.relations if not holds(rel)]
    assert not false, "\n".join(false)
