"""Numbers as the lecture prints them, and the TeX of the arithmetic it shows.

Where arithmetic is shown, each displayed result follows from the displayed, rounded inputs:
an input whose rounded form would not give the shown result is printed cut, ending in `\\ldots`.
These build strings only from numbers, never from user text (token names are drawn as `Text`).
"""

from __future__ import annotations

import numpy as np

WEIGHT_PLACES = 3  # weights and outputs, to three places
SCORE_PLACES = 3  # scaled scores and divisors, to three places


def fmt(value: float, places: int) -> str:
    """A number as the sources print it: whole numbers bare (4, 0), others to `places` (0.125)."""
    value = float(value)
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return f"{round(value, places) or 0.0:.{places}f}"  # never '-0.000'


def column_places(values, places: int) -> int:
    """The decimals a column of `values` is printed with: 0 when every one is whole, else `places`."""
    return 0 if all(abs(float(v) - round(float(v))) < 1e-9 for v in values) else places


def fmt_column(values, places: int) -> list[str]:
    """`values` printed as one column: the same decimals down it (never '4' beside '3.500')."""
    shared = column_places(values, places)
    return [f"{round(float(v), shared) or 0.0:.{shared}f}" for v in values]  # never '-0.000'


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
    """'[0.500, 0.250]' (for MathTex and captions alike); `places=None` prints inputs as typed."""
    return f"[{listed(values, places)}]"


def relation(value: float, places: int, tex: bool = True) -> str:
    """'=' when the printed number is exact, '\\approx' (or '≈' for plain text) when it was rounded."""
    if abs(float(fmt(value, places)) - value) < 1e-12:
        return "="
    return r"\approx" if tex else "≈"


def shown(value: float, places: int, result: float, check, result_places: int) -> str:
    """Print `value`, adding '\\ldots' when its rounded form would not give `result`.

    `check(rounded_value)` recomputes the result from the rounded value; this keeps
    every displayed result derivable from the displayed inputs.
    """
    rounded = float(fmt(value, places))
    exact = abs(rounded - value) < 1e-12
    follows = fmt(check(rounded), result_places) == fmt(result, result_places)
    return fmt(value, places) + ("" if exact or follows else r"\ldots")


def dot_product_tex(query, key, dot: float) -> str:
    """'(2)(2) + (0)(0) = 4': the dot product term by term."""
    terms = " + ".join(f"({fmt_input(q)})({fmt_input(k)})" for q, k in zip(query, key))
    return f"{terms} {relation(dot, SCORE_PLACES)} {fmt(dot, SCORE_PLACES)}"


def division_tex(dot: float, divisor_tex: str, score: float) -> str:
    """'3 / \\sqrt{2} \\approx 2.121': a dot product scaled into a score."""
    return rf"{fmt(dot, SCORE_PLACES)} / {divisor_tex} {relation(score, SCORE_PLACES)} {fmt(score, SCORE_PLACES)}"


def exp_tex(score: float, exp_value: float, places_in: int, places_out: int) -> str:
    """'e^{0.5} \\approx 1.65', the exponent marked '\\ldots' where rounding shows."""
    exponent = shown(score, places_in, exp_value, np.exp, places_out)
    return f"e^{{{exponent}}} {relation(exp_value, places_out)} {fmt(exp_value, places_out)}"


def ratio_tex(numerator: float, denominator: float, result: float, places_in: int, places_out: int) -> str:
    """'1 / 3.25 \\approx 0.308', each operand as displayed elsewhere."""
    top = fmt(numerator, places_in)
    bottom = fmt(denominator, places_in)
    return rf"{top} / {bottom} {relation(result, places_out)} {fmt(result, places_out)}"


def sum_tex(terms, total: float, places: int) -> str:
    """'1.25 + 1 + 1 = 3.25'."""
    return " + ".join(fmt(t, places) for t in terms) + f" {relation(total, places)} {fmt(total, places)}"
