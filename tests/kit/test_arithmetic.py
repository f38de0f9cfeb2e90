"""A column's places (`arithmetic.Column`) and the drag's worked rows (`arithmetic.Working`); the rest of the
arithmetic's rows are checked in test_equations.py."""

import math

from attention import attend
from scenes.kit import arithmetic as a


def test_a_column_prints_every_number_to_its_places_whole_ones_too():
    assert a.fmt(1, a.column([1, 16.919], 2)) == "1.00" and a.fmt(1, 2) == "1"  # the plain rule is unchanged
    assert [a.fmt(v, a.column([4, 0, 2], 3)) for v in (4, 0, 2)] == ["4", "0", "2"]  # all whole: bare
    assert a.fmt(-0.0001, a.column([-0.0001, 2], 3)) == "0.000"  # never '-0.000'
    assert a.column([math.inf, 1], 2) == 2 and not a.whole(math.inf)  # e to a large score is not whole


def test_working_keeps_each_quantity_to_one_format_and_every_row_true():
    """A zero dot product beside decimal ones, and scores large enough for e^score in scientific notation."""
    trace = attend([30, 0.5], [[2.5, 1], [0, 0], [-1, 1]])
    working = a.Working(trace, 2)
    assert working.places() == (3, 3, 2)
    dots = [row.relations[0].result for row in working.dots()]
    assert dots == ["75.500", "0.000", "-29.500"]  # never '0' beside '75.500'
    exps = [row.relations[0] for row in working.exps()]
    assert exps[1].terms == ("0.000",) and exps[1].result == "1.00" and a.SCI in exps[0].result
    rows = [*working.dots(), *working.scores(), *working.exps(), working.total(), *working.ratios()]
    for rel in (rel for row in rows for rel in row.relations):
        assert (rel.sign == "=") == (a.sign(rel.op, rel.terms, rel.result) == "=")
    assert working.dots(split=True)[0].relations == working.dots()[0].relations


def test_a_weight_times_a_value_prints_its_product_in_one_format():
    """Issue 29: '0.074 × [1, 0] = [0.074, 0]'; a product's coordinates to one number of places, as a column's
    (all whole: bare), each relation still true as printed."""
    assert a.scaled_tex(0.074, [1, 0]) == r"0.074 \times [1, 0] = [0.074, 0.000]"
    assert a.scaled_tex(1, [1, 0]) == r"1 \times [1, 0] = [1, 0]"
    assert a.scaled_tex(0.5654, [1, 0.5]) == r"0.565 \times [1, 0.5] \approx [0.565, 0.283]"
    rels = a.scaled_tex(0.0745, [-1.1, 0]).relations
    assert [r.result for r in rels] == ["-0.082", "0.000"]  # the exact product rounded, not 0.074 × -1.1
    assert {r.sign for r in rels} == {"≈"} and a.sign(
        "scale", rels[0].terms, rels[0].result, tex=False
    ) == "≈"


def test_rows_of_weights_times_values_print_their_products_as_one_column():
    """Issue 29: '[0, 0]' beside '[0.831, 0.000]' (one format per vector); a column's rows to one places, all whole
    rows bare, each relation true as printed."""
    rows = a.scaled_rows([0.831, 0.169, 0.0], [[1, 0], [0, 0], [2, 1]])
    assert [[r.result for r in row.relations] for row in rows] == [
        ["0.831", "0.000"],
        ["0.000", "0.000"],
        ["0.000", "0.000"],
    ]
    assert rows[1] == r"0.169 \times [0, 0] = [0.000, 0.000]"  # the weight as the bars print it
    assert [r.result for r in a.scaled_rows([1, 0], [[1, 2], [3, 0]])[0].relations] == ["1", "2"]
    for row in a.scaled_rows(
        [0.0745, 0.9255], [[-1.1, 0], [0.5, 2]]
    ):  # '=' only where every product is exact
        exact = all(a.sign(rel.op, rel.terms, rel.result) == "=" for rel in row.relations)
        assert {rel.sign for rel in row.relations} == {"=" if exact else "≈"}
