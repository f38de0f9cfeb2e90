"""`render.py check`: what an example file makes each chapter show, its token colours and its warnings, in a
few seconds and without rendering: a lecturer sees the numbers before waiting for a render.

Every number is computed by `attention/` as the chapters compute it, printed to PLACES places (the chapters
choose their own places; these are for reading, not for comparing digit by digit).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from attention import weights_at_gain
from attention.examples import Examples, story
from attention.examples.beyond import all_queries
from attention.examples.file import pasted_minuses
from attention.positions import shuffle_query, shuffle_sentence
from attention.projections import DEFAULT_PROJECTIONS
from attention.sweeps import GAIN_RANGE, log10_smallest_weight, log10_top_sensitivity
from attention.training import train_head
from pipeline.plan.dependencies import Scanner
from scenes.chapters import registry
from scenes.kit import palette
from scenes.kit.arithmetic import decimals, root_text, sci

PLACES = 3


def report(path: Path, ex: Examples, theme: str | palette.Theme) -> list[str]:
    """The lines `check` prints: per chapter its tables and numbers, then the colours, then the warnings."""
    lines, scanner = [], Scanner()
    for chapter in registry.CHAPTERS:
        numbers = SHOWN.get(chapter.name, lambda _: ["(no numbers of the example)"])
        read = " ".join(f"[{t}]" for t in scanner.tables(scanner.code(chapter)))
        lines += [f"{chapter.number:2d}  {chapter.name}  {read}", *[f"      {n}" for n in numbers(ex)]]
    chosen = palette.theme_of(theme)
    colours = palette.token_colors(ex, chosen)
    cycle = set(chosen.tokens)
    lines += ["", f"token colours ({chosen.name} theme; ΔE CIE76 >= {palette.APART} apart):"]
    lines += [f"  {c}  {n}{'' if c in cycle else '  (generated)'}" for n, c in colours.items()]
    found = warnings(path, ex, theme)
    lines += ["", f"warnings ({len(found)}):" if found else "warnings: none", *[f"  - {w}" for w in found]]
    return lines


def warnings(path: Path, ex: Examples, theme: str | palette.Theme) -> list[str]:
    """Every warning `check` prints, gathered here: the story's (chapters whose point the numbers cannot
    show), the colours', and the pasted minus signs read as '-'."""
    found = [str(w) for w in story.warnings(ex)]
    chosen = palette.theme_of(theme)
    colours = palette.token_colors(ex, chosen)
    extra = [n for n, c in colours.items() if c not in chosen.tokens]
    if extra:
        found.append(
            f"colours: {len(colours)} names across the tables, more than the theme's "
            f"{len(chosen.tokens)}; generated colours for {', '.join(map(repr, extra))}"
        )
    found += [f"line {n}: read a pasted minus sign (− or –) as '-'" for n in pasted_minuses(path)]
    return found


def row(values) -> str:
    """A vector as the check prints it: [0.123, -4.000]."""
    return "[" + ", ".join(number(x) for x in np.ravel(values)) + "]"


def named(tokens, values) -> str:
    """Names and their numbers: dog 0.488, cat 0.240."""
    return ", ".join(f"{t} {number(x)}" for t, x in zip(tokens, values))


def number(x) -> str:
    """`x` to PLACES decimals, never '-0.000' (as the chapters print it)."""
    return f"{round(float(x), PLACES) + 0.0:.{PLACES}f}"


def fixed_context(ex: Examples) -> list[str]:
    grid = ex.cross.cross()
    return [
        f"{t} reads: {named(ex.cross.source_tokens, w)}" for t, w in zip(ex.cross.target_tokens, grid.weights)
    ]


def three_token_drag(ex: Examples) -> list[str]:
    trace = ex.drag.trace()
    return [
        f"query {row(trace.query)}: scores {named(ex.drag.tokens, trace.scores)}",
        f"weights {named(ex.drag.tokens, trace.weights)}; output {row(trace.output)}",
        f"{len(ex.drag.path)} points on the drag's path",
    ]


def score_every_word(ex: Examples) -> list[str]:
    trace = ex.blend.trace(0)
    return [
        f"q·k {named(ex.blend.tokens, trace.dots)}",
        f"÷ √{trace.width} = {number(trace.divisor)}: scores {named(ex.blend.tokens, trace.scores)}",
    ]


def blend_by_weight(ex: Examples, step: int = 0) -> list[str]:
    trace = ex.blend.trace(step)
    return [f"weights {named(ex.blend.tokens, trace.weights)}", f"output {row(trace.output)}"]


def refocus(ex: Examples) -> list[str]:
    return [f"second query {row(ex.blend.queries[1])}", *blend_by_weight(ex, 1)]


def projections(ex: Examples) -> list[str]:
    p = DEFAULT_PROJECTIONS
    lines = [
        f"{t}: q {row(q)}, k {row(k)}, v {row(v)}"
        for t, q, k, v in zip(p.tokens, p.queries, p.keys, p.values)
    ]
    if p.makes(ex.blend):
        return [*lines, "these make your [blend]'s keys, values and queries"]
    return [*lines, "the lecture's own words: your [blend] gives its vectors directly (the chapter says so)"]


def all_queries_at_once(ex: Examples) -> list[str]:
    trace = all_queries(ex.blend)
    return [f"query {i + 1}: weights {named(ex.blend.tokens, w)}" for i, w in enumerate(trace.weights)]


def word_order(ex: Examples) -> list[str]:
    sq, ss = shuffle_query(ex.blend), shuffle_sentence(ex.causal)
    return [
        f"reordered {' '.join(sq.order)}: weights {named(sq.order, sq.after.weights)}, output {row(sq.after.output)}",
        f"sentence reordered {' '.join(ss.order)}: outputs "
        + ", ".join(f"{t} {row(o)}" for t, o in zip(ss.order, ss.after.outputs)),
    ]


def source_positions(ex: Examples) -> list[str]:
    grid = ex.cross.self_attention()
    own = [
        f"{t} reads (self): {named(ex.cross.source_tokens, w)}"
        for t, w in zip(ex.cross.source_tokens, grid.weights)
    ]
    return [*fixed_context(ex), *own]


def shrink_scores(ex: Examples) -> list[str]:
    width = ex.blend.keys.shape[1]
    return [f"divisor {root_text(width)} (your keys' width); the random samples are the lecture's own"]


def where_it_breaks(ex: Examples) -> list[str]:
    """The knob's readouts as the chapter prints them (`sci`): the slope and the smallest weight in decimals as
    the bars print them, × 10ⁿ only below 0.001, so a tiny slope never reads 0.000."""
    scaled, raw = ex.blend.trace(0), ex.blend.trace(0, scaled=False)
    lines = []
    for gain in (1 / scaled.divisor, *GAIN_RANGE):  # the scaled scores, the raw ones, the knob's end
        top = decimals([np.max(weights_at_gain(raw.scores, gain))])[0]
        lines.append(
            f"gain {gain:.{PLACES}g}: top weight {top}, slope w(1 − w) "
            f"{sci(log10_top_sensitivity(raw.scores, gain))}, "
            f"smallest weight {sci(log10_smallest_weight(raw.scores, gain))}"
        )
    return lines


def causal_mask(ex: Examples) -> list[str]:
    trace = ex.causal.trace()
    return [
        f"{t} reads: {named(ex.causal.tokens[: i + 1], trace.weights[i])}"
        for i, t in enumerate(ex.causal.tokens)
    ]


def multi_head(ex: Examples) -> list[str]:
    trace = ex.heads.trace()
    lines = [f"one head: weights {named(ex.heads.tokens, trace.single.weights)}"]
    lines += [
        f"head {i + 1}: weights {named(ex.heads.tokens, h.trace.weights)}" for i, h in enumerate(trace.heads)
    ]
    return [*lines, f"concatenated {row(trace.concatenated)}"]


def trained_head(_: Examples) -> list[str]:
    head = train_head()
    return [
        f"the lookup task, not your example: loss {number(head.losses[0])} -> {number(head.losses[-1])}, "
        f"held out right {round(100 * head.accuracy)}%"
    ]


def quick_version(ex: Examples) -> list[str]:
    return ["a thumbnail of every chapter above, from the same numbers"]


SHOWN = {  # chapter (Scene class) -> the key numbers it shows (the tables it reads are found in its code)
    "FixedContext": fixed_context,
    "ThreeTokenDrag": three_token_drag,
    "ScoreEveryWord": score_every_word,
    "BlendByWeight": blend_by_weight,
    "Refocus": refocus,
    "Projections": projections,
    "AllQueriesAtOnce": all_queries_at_once,
    "WordOrder": word_order,
    "SourcePositions": source_positions,
    "ShrinkScores": shrink_scores,
    "WhereItBreaks": where_it_breaks,
    "CausalMask": causal_mask,
    "MultiHead": multi_head,
    "TrainedHead": trained_head,
    "QuickVersion": quick_version,
}
