"""One value per quantity: every number a chapter prints, on screen or in a caption, is numpy's value rounded to
the places it is printed with, never a neighbour of it computed from rounded operands (issue 29: the output
printed [0.473, 0.425] on screen beside [0.472, 0.424] in its caption, numpy's being [0.4719, 0.4245]).

It reads what the layout tests record at every beat end (`chapter_ends`, shared with them, so no chapter runs
again): the texts drawn and the captions shown, with the lecture's example and the corpus. Every number printed
to two places or more must be a quantity rounded to those places: one of the example's (`truths`), or for a
chapter of `OWN`, one of those it shows (the variance experiment, the encodings, the projections, the
trained head).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from attention import attend, divisor_for, examples, softmax, variance_experiment, weights_at_gain
from attention.examples.beyond import all_queries
from attention.examples.file import load_example_file
from attention.positions import (
    PE_WIDTH,
    rotary_table,
    shuffle_query,
    shuffle_sentence,
    sinusoidal,
    with_positions,
)
from attention.projections import DEFAULT_PROJECTIONS, equal_keys
from attention.sweeps import GAIN_RANGE, log10_top_sensitivity
from attention.training import train_head
from scenes.chapters.where_it_breaks import GAIN_STOPS
from tests.support.example_corpus import chapter_looks
from tests.support.layout import chapter_ends

# a number to two or more places (weights, outputs, scores, sums; a plot's ticks, a readout's mantissa or a
# gain have fewer, and are not quantities of the example), not cut short and not a mantissa
NUMBER = re.compile(r"(?<![\d.^_{\-−])[-−]?\d+\.(\d{2,})(?!\\ldots|…|\d|\s?(?:×|\\times)\s?10)")


def traced(trace) -> list:
    """Every quantity of an AttentionTrace the chapters print."""
    fields = ("query", "keys", "values", "dots", "scores", "exps", "weights", "terms", "output")
    return [getattr(trace, f) for f in fields] + [trace.exp_sum, trace.divisor, 1 / trace.divisor, 1.0]


def traced_grid(grid) -> list:
    """Every quantity of a GridTrace the chapters print."""
    return [grid.queries, grid.keys, grid.values, grid.dots, grid.scores, grid.weights, grid.outputs]


def truths(example) -> np.ndarray:
    """Every quantity numpy computes from `example` that a chapter not of OWN may print."""
    drag, blend, cross, causal = example.drag, example.blend, example.cross, example.causal
    found = traced(drag.trace()) + [drag.path]
    found += [q for point in drag.path for q in traced(drag.trace(point))]
    found += traced(attend(drag.query, drag.keys, scaled=False))
    found += traced(attend(drag.query, drag.keys, divisor=1 / drag.trace().divisor))  # dots times √d
    for step in range(len(blend.queries)):
        found += traced(blend.trace(step)) + traced(blend.trace(step, scaled=False))
    raw = blend.trace(0, scaled=False).scores
    found += [weights_at_gain(raw, g) for g in GAIN_STOPS] + traced_grid(all_queries(blend))
    found += [
        [10 ** log10_top_sensitivity(raw, g) for g in (GAIN_RANGE[0], *GAIN_STOPS)]
    ]  # the slope readout
    grid = cross.cross()
    found += [grid.dots, grid.scores, grid.weights, grid.outputs]
    masked = causal.trace()
    found += [masked.weights, masked.outputs, masked.unmasked.scores, masked.unmasked.weights]
    found += [causal.keys, causal.values, causal.queries]  # printed as typed
    heads = example.heads.trace()
    found += traced(heads.single) + [heads.concatenated] + [q for h in heads.heads for q in traced(h.trace)]
    found += [grid.queries, grid.keys, grid.values] + list(traced_grid(cross.self_attention()))
    return flat(found)


def flat(found: list) -> np.ndarray:
    """Quantities (numbers, vectors, matrices) as one array of numbers."""
    return np.concatenate([np.ravel(np.asarray(q, dtype=float)) for q in found])


def shrink_scores(example) -> np.ndarray:
    """What ShrinkScores prints: our key's entries (in its strip, as the divisor's beat ends), the divisors, each
    width's variances, the widest sample's extreme scaled scores, their gap and their softmax weights."""
    samples = variance_experiment()
    high, low = samples[-1].scaled.max(), samples[-1].scaled.min()
    found = [example.blend.keys[0], divisor_for(example.blend.keys.shape[1]), divisor_for(samples[-1].width)]
    found += [[s.raw_var, s.scaled_var] for s in samples]
    return flat(found + [[high, low, high - low], softmax([high, low])])


def word_order(example) -> np.ndarray:
    """What WordOrder prints: the query's weights and output, the sentence's outputs (moved, not recomputed, when
    the words are reordered), the encodings, the rotary scores."""
    query, sentence = shuffle_query(example.blend), shuffle_sentence(example.causal)
    x = DEFAULT_PROJECTIONS.embeddings
    found = traced(query.before) + traced_grid(sentence.before)
    found += [x, sinusoidal(np.arange(len(x)), PE_WIDTH), with_positions(x)]
    return flat(found + [[r.score for r in rotary_table()]])


def projections(example) -> np.ndarray:
    """What Projections prints: X, the matrices and their products, and the weights and output of a word
    whose key another shares."""
    p = DEFAULT_PROJECTIONS
    found = [p.embeddings, p.w_q, p.w_k, p.w_v, p.queries, p.keys, p.values]
    return flat(found + traced(p.attend(equal_keys(p)[0][0], p.tokens)))


def trained_head(example) -> np.ndarray:
    """What TrainedHead prints: the losses, the held-out lookup's weights, the mean weights, the learned grid."""
    head = train_head()
    found = [head.losses, head.mean_weight_before, head.mean_weight, head.bilinear]
    lookup = head.held_out[0]  # the one lookup drawn
    return flat(found + [lookup.weights_before, lookup.weights_after])


# the chapters beyond the example's quantities (`truths`): each with what it prints instead
OWN = {
    "ShrinkScores": shrink_scores,
    "WordOrder": word_order,
    "Projections": projections,
    "TrainedHead": trained_head,
}


def misprinted(text: str, known: np.ndarray) -> list[str]:
    """The numbers in `text` that are no quantity in `known` rounded to their places: a neighbour of one,
    computed from rounded operands, or a number no quantity gives."""
    wrong = []
    for match in NUMBER.finditer(text):
        printed, places = match.group(0).replace("−", "-"), len(match.group(1))
        if not any(f"{round(q, places) + 0.0:.{places}f}" == printed for q in known):
            near = known[np.abs(known - float(printed)) < 1.5 * 10.0**-places]
            wrong.append(
                f"{printed} (numpy: {', '.join(f'{q:.6g}' for q in near[:3]) or 'no quantity near'})"
            )
    return wrong


def test_a_number_printed_from_rounded_operands_is_caught():
    known = np.array([0.4719, 0.4245])
    assert misprinted("output = [0.473, 0.425]", known) == ["0.473 (numpy: 0.4719)", "0.425 (numpy: 0.4245)"]
    assert misprinted("The output [0.472, 0.424] is one vector", known) == []
    assert misprinted("sum 0.90", known) == ["0.90 (numpy: no quantity near)"]
    shown = np.array([2.8284, np.exp(2.8284), 4.2549])
    assert misprinted(r"e^{2.828\ldots} \approx 16.92; 4.25 × 10⁻¹⁸", shown) == []


@pytest.mark.parametrize("case", chapter_looks(), ids=lambda case: case[0])  # every chapter, QuickVersion too
def test_every_number_on_screen_and_in_captions_is_numpy_s_rounded(case):
    _, chapter, settings = case
    ends = chapter_ends(chapter, settings)
    example = load_example_file(settings.example) if settings.example else examples.DEFAULT
    known = OWN.get(chapter.name, truths)(example)
    found = [
        f"{end.beat}: {thing.label!r}: {wrong}"
        for end in ends
        for thing in end.drawn
        if thing.kind == "text"
        for wrong in misprinted(thing.label, known)
    ]
    found += [f"caption {cue!r}: {wrong}" for cue in ends[-1].captions for wrong in misprinted(cue, known)]
    assert not found, "\n".join(found)
