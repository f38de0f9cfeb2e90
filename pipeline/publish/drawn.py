"""What each beat draws and its narration does not say, per chapter, written from attention/'s numbers for the
render's example: the audio description (WCAG 1.2.5) and the posters' text alternatives.

The captions already say the headline number of a beat; these say the rest of the picture: every bar, every
row of a grid, where the arrows stand, what is lit. Each chapter's function takes the examples and returns
beat name -> description, each name as the chapter gives it to `self.beat(...)` (from the example's numbers
where the chapter's is: tests/lecture/test_descriptions_by_name.py checks both ways, for the lecture's example
and the corpus'); beats named at render time (QuickVersion's pages) share their chapter's FALLBACK, and a beat
named nowhere here (a lecturer's chapter, or one edited since) gets `beat_text`'s, the gist of its lines. Numbers are
printed as the lecture prints them (`scenes.kit.arithmetic`, which imports no manim). What only a chapter's layout
decides comes from the render where the chapter records it (`layout_facts`, written beside its video as
.layout.json: CausalMask's grids beside the scores or in their place, ThreeTokenDrag's names legend), is guessed
without manim where the guess can be checked against the chapter (`key_written`, WHOLE), else said for each
layout.
"""

from __future__ import annotations

import numpy as np

from attention import DEFAULT, Examples, attend, softmax, variance_experiment, weights_at_gain
from attention.examples import story
from attention.examples.beyond import all_queries
from attention.examples.file import load_example_file
from attention.examples.shapes import MAX_WIDTH
from attention.positions import (
    PE_WIDTH,
    ROPE_KEY,
    ROPE_QUERY,
    ROPE_STEP,
    STRIPES,
    rotary_table,
    shuffle_query,
    shuffle_sentence,
    sinusoidal,
    with_positions,
)
from attention.projections import DEFAULT_PROJECTIONS, equal_keys
from attention.sweeps import GAIN_RANGE, log10_smallest_weight, log10_top_sensitivity
from attention.training import STEPS, WORDS, train_head
from pipeline.plan.settings import RenderSettings
from scenes.kit.arithmetic import (
    SCI_PLACES,
    SCORE_PLACES,
    WEIGHT_PLACES,
    column,
    coords_text,
    entries_tex,
    exp_text,
    fmt,
    fmt_column,
    fmt_input,
    listed,
    one_format,
    plain,
    relation,
    root_text,
    row,
    sci,
    scientific,
    text_minus,
    vector_text,
)

REORDER_LINE = (
    " Under the keys' names a grey line gives the last chapter's order, then this one's: {before} → {here}."
)
GAIN_STOPS = (2.0, 4.0, 10.0)  # WhereItBreaks' knob stops (its beats "At gain 2", ...)
WHOLE = 3  # a name of this many characters or fewer stands whole under ThreeTokenDrag's live bars
GROWTH = (1, 2, 4, 8)  # SourcePositions' cost beat: the source lengthened to these multiples


def number(value, places: int) -> str:
    """`fmt` for a sentence: with the minus sign the screen draws ('−0.4'), never a hyphen."""
    return text_minus(fmt(value, places))


def numbers(values, places: int | None = WEIGHT_PLACES) -> str:
    """`listed` for a sentence, with the minus sign the screen draws."""
    return text_minus(listed(values, places))


def by_word(tokens, values, places: int = WEIGHT_PLACES) -> str:
    """'“the” 0.665, “cat” 0.245': each word with its number, the same decimals for all (as a column)."""
    return ", ".join(f"“{t}” {text_minus(v)}" for t, v in zip(tokens, fmt_column(values, places)))


def exponentials(tokens, scores) -> str:
    """'“the” 2.718, “cat” 4.85 × 10⁸': each word with e to its score, as the chapter prints it."""
    return ", ".join(f"“{t}” {plain(exp_text(s, WEIGHT_PLACES))}" for t, s in zip(tokens, scores))


def rows(tokens, grid, places: int = WEIGHT_PLACES) -> str:
    """'“le” row 0.870, 0.120; “chat” row ...': a grid read row by row, −∞ for a hidden cell."""
    shown = [
        ", ".join("−∞" if np.isneginf(x) else number(x, places) for x in row) for row in np.asarray(grid)
    ]
    return "; ".join(f"“{t}” row {r}" for t, r in zip(tokens, shown))


def fixed_context(ex: Examples) -> dict[str, str]:
    cross, grid = ex.cross, ex.cross.cross()
    source, target = cross.source_tokens, cross.target_tokens
    words = ", ".join(f"“{t}”" for t in source)
    blends = "; ".join(f"from “{t}”: {by_word(source, w)}" for t, w in zip(target, grid.weights))
    return {
        "Encode into one summary": f"The source words {words} in a row, each fed into an encoder box; "
        "the boxes are chained left to right and one arrow leads from the last into a single summary vector.",
        "The same summary for every step": f"A decoder column with the {len(target)} output steps "
        f"{', '.join(f'“{t}”' for t in target)}; arrows from the summary bring every step an identical "
        "copy of it, and the copies flash together.",
        "Attention keeps every position": f"The summary and its chain fade; the {len(source)} encoder boxes "
        "move into a column, one per source word, none of them dropped.",
        "Attention: a blend per step": f"From each decoder step in turn, lines fan out to every source word, "
        f"with a bar per word for its weight: {blends}. Then every step's bars flash in turn.",
        "Why it matters": "A legend compares the two pictures: one summary copied to every step against a "
        "fan of weighted lines per step; a note about long sentences appears under it.",
    }


def three_token_drag(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`names_legend`: the bars cut names and a legend gives them whole)."""
    drag = ex.drag
    start, stop, end = drag.trace(drag.path[0]), drag.trace(), drag.trace(drag.path[-1])
    keys = ", ".join(f"“{t}” at {coords_text(k)}" for t, k in zip(drag.tokens, drag.keys))
    path = ", ".join(coords_text(p) for p in drag.path)
    unscaled = attend(drag.query, drag.keys, scaled=False)
    legend = names_legend(drag.tokens, (layout or {}).get("names_legend"))
    larger = attend(drag.query, drag.keys, divisor=1 / stop.divisor)  # these dots times √d
    return {
        "Keys in a plane": f"A plane with a key arrow from the origin per word: {keys}. The query, a cross, "
        f"sits at {coords_text(drag.path[0])}, and an orange output arrow points to "
        f"{coords_text(np.round(start.output, 3))}. Beside the plane the weight bars read "
        f"{by_word(drag.tokens, start.weights)}, their sum under them, and under that a glossary of the symbols: "
        "kᵢ, q, d, wᵢ and output.",
        "Drag the query": f"{legend}The cross travels along curved legs through {path}; the "
        "output arrow follows it, "
        "leaving a fading trail, and each bar rises as the cross swings towards its key. At the end the bars "
        f"read {by_word(drag.tokens, end.weights)}.",
        "Worked example": f"The cross stops at {coords_text(stop.query)}. Beside the plane the working builds row by "
        f"row: dots {numbers(stop.dots, column(stop.dots, SCORE_PLACES))}, divided by "
        f"{number(stop.divisor, SCORE_PLACES)} into scores {numbers(stop.scores, column(stop.scores, SCORE_PLACES))}, "
        f"softmax into weights {by_word(drag.tokens, stop.weights)}. "
        "Each key's shadow is dropped onto the query's direction as a dashed line; the longest belongs to "
        f"“{drag.tokens[int(np.argmax(stop.dots))]}”.",
        "Why divide by the square root of d": "The working leaves; three small charts of upright weight bars "
        "side by side, one per scale of the same dots, on one baseline, each chart's top weight framed in turn: "
        "divided by "
        f"{number(stop.divisor, SCORE_PLACES)}, {by_word(drag.tokens, stop.weights)}; not divided, "
        f"{by_word(drag.tokens, unscaled.weights)}; times {number(stop.divisor, SCORE_PLACES)}, "
        f"{by_word(drag.tokens, larger.weights)}.",
    }


def names_legend(tokens, shown: bool | None) -> str:
    """What ThreeTokenDrag puts under its live bars for the drag where their names are cut short ('mon…'): a
    legend of the full names, as the render recorded (`shown`). Names of WHOLE characters or fewer are never cut;
    longer ones are where the bars are too narrow for them, which only the layout knows: without the render's
    word (None), where."""
    if shown is False or all(len(t) <= WHOLE for t in tokens):
        return ""
    legend = "A legend of the full names, each in its colour, takes the place of the symbols' glossary under the bars"
    return f"{legend}{'' if shown else ' where they cut a name short'}. "


def score_every_word(ex: Examples) -> dict[str, str]:
    trace, tokens = ex.blend.trace(0), ex.blend.tokens
    keys = ", ".join(f"“{t}” {coords_text(k)}" for t, k in zip(tokens, trace.keys))
    sums = "; ".join(
        f"“{t}”: {' + '.join(text_minus(f'{fmt_input(a)}×{fmt_input(b)}') for a, b in zip(trace.query, k))} = "
        f"{number(d, SCORE_PLACES)}"
        for t, k, d in zip(tokens, trace.keys, trace.dots)
    )
    return {
        "Three roles": "Three cards side by side name the roles: query, key and value, each with its symbol "
        "and its job; a grey disclaimer sits under them, then all of it leaves.",
        "Query and keys": f"The keys as rows of numbers, one per word: {keys}. Above them the query "
        f"{coords_text(trace.query)}, the same width."
        + (
            REORDER_LINE.format(before=", ".join(ex.drag.tokens), here=", ".join(tokens))
            if story.reordered(tokens, ex.drag.tokens)
            else ""
        ),
        "Dot products, term by term": "A frame stays round the query while another steps down the keys; "
        "copies of each query entry and key entry fly side by side, and beside each key its products are "
        f"written out and added: {sums}.",
        "Divide by the square root of the width": f"Beside each dot product its division by "
        f"{number(trace.divisor, SCORE_PLACES)}, giving the scores {by_word(tokens, trace.scores, SCORE_PLACES)}; "
        "a framed line at the bottom pairs the dots with the scores; beside it a small compass shows the "
        "query's arrow and each key's arrow at its angle from the query, in its word's colour.",
    }


def blend_by_weight(ex: Examples) -> dict[str, str]:
    trace, tokens = ex.blend.trace(0), ex.blend.tokens
    values = ", ".join(f"“{t}” {coords_text(v)}" for t, v in zip(tokens, trace.values))
    terms = ", ".join(
        f"{number(w, WEIGHT_PLACES)} × {coords_text(v)}" for w, v in zip(trace.weights, trace.values)
    )
    return {
        "Scores from the last step": f"A row of cells under the words: the scores "
        f"{by_word(tokens, trace.scores, SCORE_PLACES)}.",
        "Exponentiate": f"Under each score its exponential: {exponentials(tokens, trace.scores)}; their sum "
        f"{plain(exp_text(trace.log_exp_sum, WEIGHT_PLACES))} at the end of the row.",
        "Divide by the sum": f"Each exponential over the sum gives a weight, drawn as a bar: "
        f"{by_word(tokens, trace.weights)}; a box round their total.",
        "Weights times values": f"A plane with the value arrows {values}. Each is scaled by its weight "
        f"({terms}) and laid tip to tail, ending at the output arrow {coords_text(np.round(trace.output, 3))}.",
        # named as the chapter names the beat: by the example's count of weights
        f"A vector, not {story.count(len(tokens))} weights": "Dashed lines from the output's tip to the axes "
        f"read its coordinates {numbers(trace.output)}; counts beside it set {len(tokens)} weights in against "
        f"one vector of {len(trace.output)} numbers out.",
    }


def refocus(ex: Examples) -> dict[str, str]:
    blend, tokens = ex.blend, ex.blend.tokens
    before, after = blend.trace(0), blend.trace(min(1, len(blend.queries) - 1))
    printed = one_format(after.terms)  # one format down the column, as the video and the query panel
    terms = by_word_printed(tokens, printed)
    zero = [
        f"“{t}” {number(w, WEIGHT_PLACES)} × [{numbers(v, None)}] = {vector_text(p)}"
        for t, w, v, term, p in zip(tokens, after.weights, after.values, after.terms, printed)
        if not np.any(np.round(term, WEIGHT_PLACES))
    ]
    boxed = f"; boxed at the left, what adds nothing: {'; '.join(zero)}" if zero else ""
    return {
        "The same keys and values": f"The stored keys and values at the left, the first query "
        f"{coords_text(before.query)}, its scores {numbers(before.scores, SCORE_PLACES)}, weight bars "
        f"{by_word(tokens, before.weights)}, and its output arrow at {numbers(before.output)} in the values' plane.",
        "A new query": f"A tag marks the keys and values as unchanged; the query's numbers turn from "
        f"{coords_text(before.query)} into {coords_text(after.query)}.",
        "New weights, new blend": f"The scores become {numbers(after.scores, SCORE_PLACES)}; the bars move from "
        f"{numbers(before.weights)} to {by_word(tokens, after.weights)}, and the output arrow swings from "
        f"{numbers(before.output)} to {numbers(after.output)}, the old one left faint.",
        "What each value adds": f"A magnified corner of the values' plane: each weight times its value, {terms}, "
        f"tip to tail, ending at the output {numbers(after.output)}{boxed}.",
        "Summary": "The magnified corner leaves and a note takes its place: the stored keys and values stay, the "
        "query and its output are new.",
    }


def projections(ex: Examples) -> dict[str, str]:
    p = DEFAULT_PROJECTIONS  # the lecture's own words, whatever the example (the chapter says so)
    worked, (a, b) = p.tokens[0], equal_keys(p)[0]
    trace, rows = p.attend(a, p.tokens), [p.tokens.index(t) for t in (a, b)]

    def by_row(matrix) -> str:
        return ", ".join(f"“{t}” {coords_text(row)}" for t, row in zip(p.tokens, matrix))

    if p.makes(ex.blend):
        asked = [p.asking(q) for q in ex.blend.queries]
        known = (
            "The key and value rows of " + ", ".join(f"“{t}”" for t in ex.blend.tokens) + " framed, a note "
            "beside them: exactly the earlier chapters'; then the query rows of "
            + " and ".join(f"“{t}”" for t in dict.fromkeys(asked))
            + " framed, a note naming whose query each earlier chapter used."
        )
    else:
        known = "A note beside the table: the lecture's own words, the example giving its vectors directly."
    return {
        "One word, one vector": "The words each beside its embedding x, stacked as the rows of X: "
        f"{by_row(p.embeddings)}.",
        # the matrices named in words, as the captions name them (review 7: 'W_K' read with a raw underscore)
        "Three learned matrices": f"Above the table the query matrix {by_row_matrix(p.w_q)}, the key matrix "
        f"{by_row_matrix(p.w_k)} and the value matrix {by_row_matrix(p.w_v)}; the formula lights: q, k and v "
        "are each x times its matrix.",
        "Row times matrix": "Under the key matrix, its product named as it comes in: K = X times the key matrix. "
        f"The row of “{worked}” lit and the key matrix's columns lit one at a time; for each, the pairs fly into a "
        f"line of products whose sum is the next entry of its key {coords_text(p.keys[0])}; then every word's key "
        f"fills the column under the key matrix: {by_row(p.keys)}.",
        "Values and queries": "Under the value matrix, named V = X times the value matrix, the values "
        f"{by_row(p.values)}, the words repeated on the right of V, each beside its row; then under the query "
        f"matrix, named Q = X times the query matrix, the queries {by_row(p.queries)}.",
        "The vectors you know": known,
        "Matched alike, passed on apart": f"The three matrices leave; the key rows of “{a}” and “{b}” framed, "
        f"equal; the query row of “{a}” framed and a column of its weights right of the words beside V, "
        f"{by_word(p.tokens, trace.weights)}; their value rows framed; above the table the line output = "
        f"sum of weights times values, equal to {coords_text(np.round(trace.output, WEIGHT_PLACES))}, with the terms "
        f"of “{a}” and “{b}” "
        + " and ".join(
            f"{number(trace.weights[i], WEIGHT_PLACES)} × {coords_text(trace.values[i])}" for i in rows
        )
        + ", each framed.",
        "Summary": "The table stays: X and its products Q, K and V, each named as X times its matrix and framed in "
        "turn, the words right of V and the weights beside them, the output line above; under the table a "
        "closing line: key, what a word is matched on; value, what it passes on.",
    }


def word_order(ex: Examples) -> dict[str, str]:
    sq, ss = shuffle_query(ex.blend), shuffle_sentence(ex.causal)
    x = DEFAULT_PROJECTIONS.embeddings
    pe = sinusoidal(np.arange(len(x)), PE_WIDTH)
    rope = rotary_table()
    scores = [text_minus(s) for s in fmt_column([r.score for r in rope], SCORE_PLACES)]
    step = fmt_input(ROPE_STEP)
    return {
        "Words in another order": f"The query {coords_text(ex.blend.queries[0])} over a bar per word: "
        f"{by_word(sq.tokens, sq.before.weights)}; beside them the output. The bars, each with its word and "
        f"weight, take the order {', '.join(f'“{t}”' for t in sq.order)}: those moving one way slide, the "
        "others fade out and in again at their places; the output "
        "does not move.",
        "A set, not a sentence": "A grid of weights with a row and a column per word of the sentence, each "
        f"row its word's weights over every word: {rows(ss.tokens, ss.before.weights)}; beside each row its "
        f"output, {by_word_vectors(ss.tokens, np.round(ss.before.outputs, WEIGHT_PLACES))}. The rows move into "
        f"the order {', '.join(f'“{t}”' for t in ss.order)}, then the columns, the last word's line fading out "
        "and back in at the front; each output is framed, unchanged.",
        "Positions as stripes": f"A table PE, a row per position p = 0 to {len(pe) - 1} at width {PE_WIDTH}: "
        f"{printed_rows(pe)}. Beside it the encodings of {STRIPES[0]} positions at width {STRIPES[1]} as "
        "cells, a column per position and a row per coordinate, grey at −1 to white at +1 (a key above "
        "them): fast bands on the first coordinates, nearly still ones further down. Both leave for X plus PE "
        "and their sum X + PE "
        f"{printed_rows(with_positions(x))}, the lecture's {story.count(len(x))} words beside X.",
        "Rotary positions": f"A plane with q {coords_text(ROPE_QUERY)} and k {coords_text(ROPE_KEY)}, an arc "
        "between them. "
        f"For each pair of positions (m, n) q turns by m × {step}° and k by n × {step}°, and a row joins the "
        "table: "
        + "; ".join(
            f"({r.positions[0]}, {r.positions[1]}) offset {number(r.offset, 0)}, score {s}"
            for r, s in zip(rope, scores)
        )
        + ". The arc between the arrows is the same for the same offset.",
        "Summary": "The table of scores gives way to three lines beside the turned q and k: attention alone, a set "
        "of words; sinusoidal, position added to x; rotary, q and k turned by it.",
    }


def trained_head(_: Examples) -> dict[str, str]:
    head = train_head()  # the chapter's own task, whatever the example
    ex = head.held_out[0]
    cards = ", ".join(f"“{w}” {v}" for w, v in zip(ex.words, ex.values))
    losses = head.losses
    middle = losses[len(losses) // 2]
    query = WORDS.index(ex.query)
    row = [head.bilinear[query, WORDS.index(w)] for w in ex.words]
    diagonal = ", ".join(f"“{w}” {number(head.bilinear[i, i], 1)}" for i, w in enumerate(WORDS))
    right = f"{round(100 * head.accuracy_before)}% → {round(100 * head.accuracy)}%"
    return {
        "The task": f"{story.count(len(ex.words)).capitalize()} cards, each a word over its value: {cards}; beside "
        f"them the {len(WORDS)} words the cards are drawn from ({', '.join(WORDS)}); above them the query "
        f"“{ex.query}”; its card is framed and “→ {ex.values[ex.answer]}” appears after the query.",
        "Before training": "Under the cards a bar of each card's weight, the bars on one baseline with each "
        f"card's word under its bar: {by_word(ex.words, ex.weights_before)}; the lowest and the highest framed in "
        "turn, then the query's card and the highest bar; under the words the "
        f"held-out score: right {round(100 * head.accuracy_before)}% (chance {round(100 / len(ex.words))}%), "
        f"mean weight on the right word {number(head.mean_weight_before, WEIGHT_PLACES)}.",
        "Training": f"In place of the word list, axes of loss against step; the curve is drawn from "
        f"{number(losses[0], WEIGHT_PLACES)} at step 0, steeply down past {number(middle, WEIGHT_PLACES)} at step "
        f"{STEPS // 2}, flattening to {number(losses[-1], WEIGHT_PLACES)} at step {STEPS}.",
        "After training": f"The bars change to {by_word(ex.words, ex.weights_after)}, each beside its old bar, "
        "left faint and outlined in its word's colour, its number above it; beside the query a legend, such an "
        "outlined bar: before training. The bar of "
        f"“{ex.query}” is framed; the held-out score under the words now right "
        f"{round(100 * head.accuracy)}%, mean weight {number(head.mean_weight, WEIGHT_PLACES)}.",
        "What it learned": "The picture clears for a grid of the query matrix times the key matrix transposed, "
        f"the {len(WORDS)} query words down and key words across, each cell grey to white, brighter for a higher "
        "score. The row of "
        f"“{ex.query}” is framed at this lookup's words; beside the grid it is worked out: softmax of "
        f"{vector_text([number(x, 1) for x in row])} over the square root of {head.w_q.shape[1]}, about "
        f"{vector_text(fmt_column(ex.weights_after, WEIGHT_PLACES))}, the trained bars. Then the diagonal cells are "
        f"framed: {diagonal}, each the highest of its row.",
        "Summary": "The grid stays; beside it a small loss curve, from "
        f"{number(losses[0], WEIGHT_PLACES)} to {number(losses[-1], WEIGHT_PLACES)}, and three lines: right on unseen "
        f"lookups {right} (chance {round(100 / len(ex.words))}%), trained on the answers alone.",
    }


def printed_rows(matrix) -> str:
    """A matrix as its rows, each entry as the chapter's table prints it: [(0.000, 1.000), (0.841, 0.540)]."""
    printed = entries_tex(matrix, WEIGHT_PLACES)
    return "[" + ", ".join(f"({', '.join(map(text_minus, row))})" for row in printed) + "]"


def by_row_matrix(matrix) -> str:
    """A matrix as its rows: [[a, b], [c, d]]."""
    return "[" + ", ".join(coords_text(row) for row in matrix) + "]"


def all_queries_at_once(ex: Examples) -> dict[str, str]:
    tr, tokens = all_queries(ex.blend), ex.blend.tokens
    (m, d), n, dv = tr.queries.shape, len(tokens), tr.values.shape[1]
    names = [f"query {i + 1}" for i in range(m)]
    return {
        "Stack the queries": f"The {m} queries stacked as the rows of Q, {m} by {d}; beside it K transposed, "
        f"{d} by {n}, one column per word ({', '.join(f'“{t}”' for t in tokens)}).",
        "One product, every dot product": f"A {m} by {n} grid of dot products fills in, each row lit as it is "
        f"read: {rows(names, tr.dots, SCORE_PLACES)}. Under the product, entries of Q and K transposed fly "
        "into place pair by pair, each pair multiplied and the products added, for the first and the last cell.",
        "Divide by the square root of d": f"Every entry divided by {number(tr.divisor, SCORE_PLACES)}: "
        f"{rows(names, tr.scores, SCORE_PLACES)}.",
        "Softmax row by row": f"Each row becomes weights, a sum of 1 at its end: {rows(names, tr.weights)}.",
        "Every output at once": f"V, {n} by {dv}, one row per word's value, each row named by its word; the "
        f"outputs, {m} by {dv}, row by row: {rows(names, tr.outputs)}. Under them each output row is worked "
        "out: every weight and its word's value row light and fly into a sum of weight times value.",
        "Summary": f"The shapes in a chain: Q {m} by {d} times K transposed {d} by {n} gives {m} by {n}; softmax "
        f"row by row; times V {n} by {dv} gives the outputs, {m} by {dv}.",
    }


def source_positions(ex: Examples) -> dict[str, str]:
    cross = ex.cross
    grid, square = cross.cross(), cross.self_attention()
    i = min(1, grid.shape[0] - 1)
    j = int(np.argmax(grid.scores[i]))
    source, target = cross.source_tokens, cross.target_tokens
    n = len(source)
    sizes = ", ".join(f"{n * k} positions, {(n * k) ** 2:,} cells" for k in GROWTH)
    return {
        "Cross-attention scores": f"A grid with a row per decoder step ({', '.join(f'“{t}”' for t in target)}) "
        f"and a column per source word ({', '.join(f'“{t}”' for t in source)}); its scores: "
        f"{rows(target, grid.scores, SCORE_PLACES)}.",
        "One cell, one score": f"A spotlight on one cell, “{target[i]}” against “{source[j]}”, its score "
        f"{number(grid.scores[i, j], SCORE_PLACES)} worked out beside the grid from the query "
        f"{coords_text(cross.queries[i])} and the key {coords_text(cross.keys[j])}.",
        "Each row its own softmax": f"The scores turn into weights, row by row: {rows(target, grid.weights)}.",
        "Self-attention": f"A square grid beside it, the {n} source words along both sides; its weights: "
        f"{rows(source, square.weights)}.",
        "The cost grows": f"A grid of cells, one per score, grows right and down as the source lengthens: "
        f"{sizes}; a count beside it keeps the tally.",
        "Access is not recall": "A closing picture: the cross-attention weights grid, each row's sum 1 at its "
        f"end, beside the shrunken cost grid of {(n * GROWTH[-1]) ** 2:,} scores; a caveat, "
        "access is not recall, under them or, beside a tall grid, to its right.",
    }


def shrink_scores(ex: Examples) -> dict[str, str]:
    samples, key = variance_experiment(), ex.blend.keys[0]
    width, wide = len(key), samples[-1].width
    widths = ", ".join(str(s.width) for s in samples)
    raw = ", ".join(f"d = {s.width}: {number(s.raw_var, 2)}" for s in samples)
    scaled = ", ".join(f"d = {s.width}: {number(s.scaled_var, 2)}" for s in samples)
    entries = (
        f"its entries {', '.join(text_minus(fmt_input(v)) for v in key)} written in"
        if key_written(key)
        else "empty"
    )
    # the extreme scaled samples as the screen prints them (two places); their gap and weights are the exact
    # ones rounded, the gap with '≈' where the printed samples do not give it, as the screen says
    pair = np.array([samples[-1].scaled.max(), samples[-1].scaled.min()])
    gap = row("sum", [number(pair[0], 2), number(-pair[1], 2)], pair[0] - pair[1], 2)
    return {
        "The divisor": "The formula score = q · k / √d, its √d lit. Under it two keys as strips of cells, each "
        f"named k and braced with its width: our key, {story.counted(width, 'cell')}, {entries}, braced "
        f"d = {width}, and beside it {root_text(width)}; under that a strip of {wide} empty cells, braced "
        f"d = {wide}, beside it {root_text(wide)}. Then the keys and the formula leave.",
        "Raw dot products widen with d": f"An axis per width, d = {widths}, all on one scale; under them a note: "
        f"{len(samples[0].raw)} seeded random pairs (q, k) per width, components N(0, 1). The first sampled dot "
        "products drop onto each axis as dots; then, a width at a time, its dots give way to their histogram, "
        f"each wider than the last, with its variance beside it: {raw}. A bar over each histogram marks ±√d.",
        "Divide by the square root of d": "A width at a time, the others dimmed, its histogram squeezes towards 0 "
        "into the scaled one, the raw one left faint, its bar shrinking to ±1, and the scaled variance comes "
        f"under the raw one: {scaled}. Then on every row the middle of the axis is boxed with dashes and, at the "
        "right, a stretched copy of its scaled histogram stands in a dashed box of its own, the "
        f"{story.count(len(samples))} shapes matching; each row's bar and variance are lit in turn.",
        "Not a guarantee": f"The widest row's extreme scaled samples are marked, {number(pair[0], 2)} and "
        f"{number(pair[1], 2)}, a gap of {'' if gap.sign == '=' else '≈ '}{gap.result} between them, with their "
        "weights as a pair: "
        f"{numbers(softmax(pair))}.",
    }


def key_written(key) -> bool:
    """Whether ShrinkScores writes the key's entries into its strip: it draws the cells empty where entries
    would make the strip too long, as six entries of seven characters ('−12.345') would (pinned against the chapter's
    key_strip in tests/lecture/test_descriptions_by_name.py)."""
    return len(key) < MAX_WIDTH or max(len(fmt_input(v)) for v in key) < 7


def where_it_breaks(ex: Examples) -> dict[str, str]:
    tokens = ex.blend.tokens
    scaled, raw = ex.blend.trace(0), ex.blend.trace(0, scaled=False)
    start = GAIN_RANGE[0]  # the knob's gain while the plots come in
    last = weights_at_gain(raw.scores, GAIN_STOPS[-1])
    found = {
        "The same dots, unscaled": "Under softmax of the dots over √"
        f"{scaled.width}, “scaled, as before”, bars of the scaled weights, {by_word(tokens, scaled.weights)}; then "
        f"beside them softmax of g times the dots, g = 1, and the unscaled bars, {by_word(tokens, raw.weights)}, the "
        f"smallest weight, {sci(log10_smallest_weight(raw.scores, start))}, written under them; a dashed line at the "
        "scaled top weight runs across to them and the unscaled top bar is lit.",
        "Turn up the gain": "The knob's formula, then its gain line g = 1, framed. Two plots appear at the right. "
        "Above, the slope w(1 − w) of the top weight w against the gain g, on a log scale, falling; a dot at "
        "g = 1, and a dot in the scaled colour, ringed, at the scaled gain "
        f"g = 1/√{scaled.width}{scaled_at(scaled.divisor)}, labelled so; dashed lines drop from both dots to the "
        "gain axis. Below, the top weight w against its gap to the next score, an S-curve rising to 1, with a "
        "bright tangent at the dot, its slope w(1 − w). Readouts: slope "
        # the readouts as the screen prints them (`sci`): '4.90 × 10⁻⁴', never '0.000'
        f"{sci(log10_top_sensitivity(raw.scores, start))}, smallest weight "
        f"{sci(log10_smallest_weight(raw.scores, start))}.",
        "Never exactly one-hot": f"The knob rests at {number(GAIN_STOPS[-1], 1)}; the rest dimmed, "
        f"{zero_bar(tokens, last)}the smallest weight's readout, "
        f"{sci(log10_smallest_weight(raw.scores, GAIN_STOPS[-1]))}, "
        "and the formula are framed in turn, then the slope's readout and the tangent; under the smallest weight a "
        "caveat appears: never exactly one-hot.",
        "Sharp is not right": "Beside it a second caveat, sharp ≠ right; then everything dimmed comes back.",
    }
    for gain in GAIN_STOPS:
        weights = weights_at_gain(raw.scores, gain)
        found[f"At gain {number(gain, 1)}"] = (
            f"The knob turns to {number(gain, 1)}; the dots slide along both plots, the S-curve's towards 1, and "
            f"the bars read {by_word(tokens, weights)}."
        )
    return found


def zero_bar(tokens, weights) -> str:
    """The smallest bar, framed first where it reads 0.000 (WhereItBreaks' 'the smallest bar reads 0.000, yet')."""
    k = int(np.argmin(weights))
    return (
        f"the smallest bar, “{tokens[k]}”, reading {0:.{WEIGHT_PLACES}f}, "
        if round(weights[k], WEIGHT_PLACES) == 0
        else ""
    )


def scaled_at(divisor: float) -> str:
    """' = 0.5' or ' ≈ 0.378': where the scaled gain 1/√d stands (as the chapter's caption gives it); nothing
    for d = 1, where it is g = 1 itself."""
    if divisor == 1:
        return ", on the dot at g = 1"
    return f" {relation(1 / divisor, SCORE_PLACES, tex=False)} {number(1 / divisor, SCORE_PLACES)}"


def causal_mask(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`paired`: the masked grid beside the scores; `stacked`: the outputs
    under the values); what they do not say, for both alternatives."""
    tr, tokens, before = ex.causal.trace(), ex.causal.tokens, ex.blend.tokens
    facts = layout or {}
    paired, stacked = facts.get("paired"), facts.get("stacked")
    gap = ex.blend.trace(0, scaled=False).scores  # WhereItBreaks' scores, as the chapter's finite gap
    moved = (
        len(set(tokens)) == len(tokens) and sorted(before) == sorted(tokens) and list(before) != list(tokens)
    )
    order = (  # as the chapter's `earlier_order`: chapters 3 to 5's words in another order trade places
        f"The grid first stands in the earlier chapters' order ({', '.join(f'“{t}”' for t in before)}); then "
        "the words trade places, rows and columns with their numbers, into the sentence's order. "
        if moved
        else ""
    )
    weighed = either(
        paired,
        "these fill a second grid beside the scores, labelled “without the mask”, the scores staying on the left",
        "the scores turn into them in place, labelled “scores → weights” while they turn, then “without the mask”",
    )
    back = either(
        paired, "the scores on the left turn back into the weights without the mask, all at once", ""
    )
    under = either(stacked, "the outputs under the values", "the outputs in the values' place")
    return {
        "A sentence reads itself": f"{order}A square grid labelled “scores”, the queries "
        f"{', '.join(f'“{t}”' for t in tokens)} down the side and the keys across in the same order; its scores: "
        f"{rows(tokens, tr.unmasked.scores, SCORE_PLACES)}.",
        "Without a mask": f"Row by row, the softmax of each row without a mask: {rows(tokens, tr.unmasked.weights)}; "
        f"{weighed}. The cells above the diagonal, later words, are outlined.",
        "Hide the future": "The weights without the mask fade; the mask M, labelled “the mask M”, 0 on and below "
        f"the diagonal and −∞ above it, takes their place. Each score travels into its cell of M, which reads it "
        "plus 0 or plus −∞, then the "
        f"sum, the grid now labelled “scores + M”: {rows(tokens, tr.masked_scores, SCORE_PLACES)}.",
        "Softmax of what is left": (f"{back[0].upper()}{back[1:]}. " if back else "")
        + "Row by row the masked grid turns to weights, "
        "labelled “scores + M → weights” while its rows turn, with a legend under it: masked, weight exactly 0; "
        f"{rows(tokens, tr.weights)}; each hidden cell is crossed out, a column at the right gives each "
        "row's sum, 1, and the label becomes “with the mask”.",
        "Outputs": "Any grid without the mask gives way; the masked grid, labelled “with the mask”, stands on the "
        f"left. Each word's value, {', '.join(f'“{t}” {coords_text(v)}' for t, v in zip(tokens, tr.unmasked.values))}; "
        f"beside them the outputs, {by_word_printed(tokens, one_format(tr.outputs))}, each worked out in its own row.",
        "Exactly zero": "Beside “masked weight:”, e to the minus infinity equals 0 is written out while the "
        f"crosses over the {int(tr.mask.sum())} hidden cells above the diagonal brighten, then dim again; under "
        f"it, “finite-gap weight:” {plain(scientific(log10_smallest_weight(gap, GAIN_RANGE[1]), SCI_PLACES))}, "
        "the smallest weight “Where it breaks” left.",
        "Summary": "Each row of the masked grid, labelled “with the mask”, lights in turn with its output, then "
        f"all of them together; the masked and finite-gap weights stay beside the grid, {under}.",
    }


def either(fact: bool | None, when: str, otherwise: str) -> str:
    """What the picture shows by a layout fact of the render (True: `when`, False: `otherwise`, "" for nothing);
    where the render recorded none (an older render), both, as alternatives."""
    if fact is None:
        return f"{when} (where there is room{f'; else {otherwise}' if otherwise else ''})"
    return when if fact else otherwise


def by_word_vectors(tokens, vectors) -> str:
    """'“the” [1, 0], “cat” [0.5, 0]': each word with its vector, to the lecture's places."""
    return ", ".join(f"“{t}” [{numbers(v)}]" for t, v in zip(tokens, vectors))


def by_word_printed(tokens, printed) -> str:
    """'“the” [1.000, 0.000]': each word with its vector's entries as printed."""
    return ", ".join(f"“{t}” {vector_text(p)}" for t, p in zip(tokens, printed))


def multi_head(ex: Examples) -> dict[str, str]:
    tr, tokens = ex.heads.trace(), ex.heads.tokens
    width, count, n = tr.single.width, len(tr.heads), len(tr.concatenated)
    slices = ", ".join(
        f"head {k + 1} coordinates {h.coordinates.start + 1} to {h.coordinates.stop}"
        for k, h in enumerate(tr.heads)
    )
    patterns = "; ".join(
        f"head {k + 1}: dots {numbers(h.trace.dots, SCORE_PLACES)}, weights {by_word(tokens, h.trace.weights)}"
        for k, h in enumerate(tr.heads)
    )
    outputs = "; ".join(f"head {k + 1} [{numbers(h.trace.output)}]" for k, h in enumerate(tr.heads))
    changed = story.changed_words(ex.heads, ex.blend)
    warning = story.warning_label(changed, story.reordered(tokens, ex.causal.tokens))
    return {
        "One head cannot choose": f"The words {', '.join(f'“{t}”' for t in tokens)}, the query "
        f"{coords_text(tr.single.query)} and the keys as columns, width {width}; one head's dots "
        f"{numbers(tr.single.dots, SCORE_PLACES)} and weight bars {by_word(tokens, tr.single.weights)}."
        + (f" A note under the keys: {warning}." if warning else "")
        + (" The changed words' columns light." if changed else ""),
        "Each head its own slice": f"Coloured bands split the {width} coordinates into {count} heads: {slices}.",
        "Two patterns at once": f"Each head's own row of working and bars, its top weight's cell lit: {patterns}.",
        "Each head blends its values": f"Under each head the blend of its slice of the values: {outputs}.",
        "Concatenate, then project": f"The heads' outputs stacked into one concatenated column, "
        f"[{numbers(tr.concatenated)}], each head's part framed in its colour; then that row times W^O, "
        f"labelled {n} × {n}, learned, drawn as an empty grid (its entries are not given), equals two lines: "
        f"“output: {n} numbers” and “each a mix of all {n}”.",
        "Heads need not specialise": "A line notes that heads need not specialise; under it the weights in three "
        f"rows with their bars: one head {numbers(tr.single.weights)}; "
        + "; ".join(f"head {k + 1} {numbers(h.trace.weights)}" for k, h in enumerate(tr.heads))
        + "; the one head's two largest are framed.",
    }


ALL_TOGETHER = (
    "Every chapter's title in a list beside the formula softmax(Q Kᵀ / √d) V; each term lights in turn, tied by a "
    "line to the chapters that built it, then the whole formula with every chapter."
)
CHAPTERS = {
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
    "QuickVersion": lambda _: {"All together": ALL_TOGETHER},
}
LAID_OUT = frozenset(
    {"CausalMask", "ThreeTokenDrag"}
)  # chapters whose layout decides what they draw: see `described`
FALLBACK = {  # beats named at render time: QuickVersion's recap pages
    "QuickVersion": "A page of the recap: a line per chapter, each beside a small icon of that chapter's picture and "
    "over its number and title, the one before stepping back; above, the formula softmax(Q Kᵀ / √d) V "
    "lights the terms each line is about.",
}


def described(chapter: str, ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """Beat name -> what the beat draws, for the chapter named `chapter` (its Scene class) and the examples;
    a chapter of LAID_OUT as its render's `layout` facts say (its .layout.json)."""
    make = CHAPTERS.get(chapter)
    if make is None:
        return {}
    return make(ex, layout) if chapter in LAID_OUT else make(ex)


def examples_of(settings: RenderSettings) -> Examples:
    """The examples a render with `settings` shows: its example file's, or the lecture's own."""
    return load_example_file(settings.example) if settings.example else DEFAULT
