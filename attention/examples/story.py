"""What the captions may claim about an example's numbers, and where an example cannot tell a chapter's story.

A lecturer's example can make a fixed sentence false ("the tangent is almost flat" at a slope of 0.197, "three
keys" with four), so the chapters choose such words here, from the numbers, by the thresholds below; and
`warnings(example)` names, a line per chapter, each point an example cannot show and what would show it.
"""

from __future__ import annotations

import numpy as np

from attention.sweeps import GAIN_RANGE, saturation_at
from attention.trace import attend

DOMINANT = 0.5  # a weight above this outweighs all the others together: it "dominates"
NEGLIGIBLE = 0.1  # a weight below this gets "almost none"
EQUAL = 0.01  # weights within this of each other are "equal"
TINY_SLOPE = 0.01  # w(1 − w) below this, 4% of its largest value 1/4, is "tiny": its tangent "almost flat"
TINY_WEIGHT = 0.001  # a weight below this is "tiny"
SHARPER = 0.01  # a top weight larger by this is "sharper"
ONE_HOT = 0.9995  # a top weight from this up prints as 1.000: "one-hot as printed"
NEAR_ONE_HOT = 0.9  # a top weight from this up is "near one-hot": the others share a tenth at most
LEAD = 0.05  # a head "looks at" one word when that word's weight leads every other by this much (review 7:
# not for money 0.312 beside loan 0.304)
WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count(n: int) -> str:
    """'three' for 3: small counts in words, as a sentence says them."""
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def counted(n: int, noun: str) -> str:
    """'three keys', 'one key': a count and its noun (plural by adding 's')."""
    return f"{count(n)} {noun}{'' if n == 1 else 's'}"


def equal(weights) -> bool:
    """Whether the weights are (about) equal."""
    return bool(np.ptp(np.asarray(weights, dtype=float)) < EQUAL)


def dominates(weight: float) -> bool:
    """Whether a weight outweighs all the others together (above DOMINANT)."""
    return weight > DOMINANT


def keeps_share(weight: float) -> bool:
    """Whether a weight is a real share (NEGLIGIBLE or more), not 'almost none'."""
    return weight >= NEGLIGIBLE


def tiny_slope(slope: float) -> bool:
    """Whether a slope w(1 − w) is tiny (below TINY_SLOPE), its tangent almost flat."""
    return slope < TINY_SLOPE


def tiny_weight(weight: float) -> bool:
    """Whether a weight is tiny (below TINY_WEIGHT)."""
    return weight < TINY_WEIGHT


def sharper(weights, than) -> bool:
    """Whether `weights` put more on their top token than `than` does on its own, by SHARPER."""
    return float(np.max(weights)) > float(np.max(than)) + SHARPER


def saturated_weights(weights) -> bool:
    """Whether the top weight prints as 1.000: one-hot to the eye (never in fact)."""
    return float(np.max(weights)) >= ONE_HOT


def near_one_hot(weights) -> bool:
    """Whether the top weight is near one-hot (NEAR_ONE_HOT or more): what "saturates toward one-hot" shows."""
    return float(np.max(weights)) >= NEAR_ONE_HOT


def mostly(weight: float) -> str:
    """How much a step reads its top source: 'mostly' above DOMINANT, else 'most from'."""
    return "mostly" if dominates(weight) else "most from"


def saturated(scores, gain: float = GAIN_RANGE[1]):
    """softmax(gain · scores) at the gain knob's last stop: `Saturation` (weights, top slope, smallest)."""
    return saturation_at(scores, gain)


REORDERED = "the last chapter's words, in another order"  # the note; its caption reads the order out


def reordered(tokens, before) -> bool:
    """Whether `tokens` are the words `before` (the chapter before's) in another order (review 7: switched
    silently, the/cat/sat becoming the/sat/cat reads as other words): the chapter then says so."""
    return sorted(tokens) == sorted(before) and list(tokens) != list(before)


def changed_words(heads, blend) -> list[str]:
    """The words the heads example (MultiHead) shares with the earlier chapters' blend example whose vectors differ."""
    earlier = dict(zip(blend.tokens, blend.keys))
    return [
        t
        for t, key in zip(heads.tokens, heads.keys)
        if t in earlier and (len(key) != len(earlier[t]) or any(a != b for a, b in zip(key, earlier[t])))
    ]


def warnings(example) -> list[str]:
    """One line per point an example (`attention.examples.Examples`) cannot show: the chapter, the point, and
    what would show it. Empty when every chapter can tell its story."""
    found = []
    for check in (_drag, _scaling, _blend, _refocus, _saturation, _cross, _heads):
        found += check(example)
    return found


def _drag(example) -> list[str]:
    drag = example.drag
    tops = {int(np.argmax(drag.trace(point).weights)) for point in drag.path}
    if len(tops) < 2:
        return [
            "ThreeTokenDrag: dragging the query should move the most weight from one key to another, but "
            f"“{drag.tokens[tops.pop()]}” leads at every point of drag.path; a path passing near other keys "
            "would show it."
        ]
    return []


def scalings(query, keys) -> list:
    """The traces of one query's dots scaled three ways (ThreeTokenDrag's closing charts): divided by √d (the
    lecture's), not divided, and times √d (dots as much larger as wider keys give): each one's scores √d times
    the last's."""
    here = attend(query, keys)
    return [here, attend(query, keys, scaled=False), attend(query, keys, divisor=1 / here.divisor)]


def _scaling(example) -> list[str]:
    drag = example.drag
    here, *_, larger = scalings(drag.query, drag.keys)
    if sharper(larger.weights, here.weights):
        return []
    top, most = (float(np.max(t.weights)) for t in (here, larger))
    return [
        "ThreeTokenDrag: without ÷ √d softmax should sharpen, but with the dots of drag.query times √d the top "
        f"weight goes only from {top:.3f} to {most:.3f} (by less than {SHARPER}); a query whose largest dot "
        "product stands clear of the others, and below one-hot when divided, would show it."
    ]


def _blend(example) -> list[str]:
    blend = example.blend
    if np.allclose(blend.values, blend.values[0]):
        return [
            "BlendByWeight: the output should follow the weights, but every value in blend.values is the same, "
            "so any weights give that value; values that differ would show it."
        ]
    return []


def _refocus(example) -> list[str]:
    before, after = example.blend.trace(0), example.blend.trace(1)
    if np.allclose(before.weights, after.weights, atol=EQUAL):
        return [
            "Refocus: a new query should change the weights, but both blend.queries give the same weights; "
            "a second query closer to another key would show it."
        ]
    return []


def _saturation(example) -> list[str]:
    scores = example.blend.trace(0, scaled=False).scores
    end = saturated(scores)
    if tiny_slope(end.top_sensitivity):
        return []
    top, second = np.sort(scores)[::-1][:2]
    why = (
        "its two largest dot products are equal" if top - second < 1e-9 else "its dot products are too close"
    )
    return [
        f"WhereItBreaks: a gain of {GAIN_RANGE[1]:g} should drive the weights toward one-hot, but the top weight "
        f"reaches only {float(np.max(end.weights)):.3f} ({why}, in the first of blend.queries); a query whose "
        "largest dot product stands clear of the others by 1 or more would show it."
    ]


def _cross(example) -> list[str]:
    weights = example.cross.cross().weights
    if len(weights) > 1 and np.allclose(weights, weights[0], atol=EQUAL):
        return [
            "FixedContext: each decoder step should draw its own blend, but every row of cross.queries gives "
            "the same weights; decoder queries that differ in direction would show it."
        ]
    return []


def _heads(example) -> list[str]:
    heads = example.heads
    if specialise(heads.trace()):
        return []
    tops = [leaders(head.trace.weights) for head in heads.trace().heads]
    shown = "; ".join(
        f"head {k + 1} on {', '.join(f'“{heads.tokens[j]}”' for j in top)}" for k, top in enumerate(tops)
    )
    return [
        f"MultiHead: the heads should each look at a word of their own (its weight ahead by {LEAD}), but {shown}; "
        "a heads.query whose slices match different keys would show it."
    ]


def leaders(weights) -> list[int]:
    """The words whose weight comes within LEAD of the largest: the one a head looks at, or those it spreads
    over."""
    return [j for j, w in enumerate(weights) if max(weights) - w < LEAD]


def specialise(trace) -> bool:
    """Whether each head looks at its own word: one word's weight leads its others by LEAD, and no other
    head's leading word is the same."""
    tops = [leaders(h.trace.weights) for h in trace.heads]
    return all(len(top) == 1 for top in tops) and len({top[0] for top in tops}) == len(tops)
