"""What each beat draws and its narration does not say, per chapter, written from attention/'s numbers for the
render's example: the audio description (WCAG 1.2.5) and the posters' text alternatives.

The captions already say the headline number of a beat; these say the rest of the picture: every bar, every
row of a grid, where the arrows stand, what is lit. Each chapter's function takes the examples and returns beat name
-> description, each name as the chapter gives it to `self.beat(...)` (from the example's numbers where the
chapter's is: tests/lecture/test_descriptions_by_name.py checks both ways, for the lecture's example and the
corpus'); beats named at render time (QuickVersion's pages) are described by the titles their render recorded
(`recap_page`; without, their chapter's FALLBACK), and a beat named nowhere here (a lecturer's chapter, or one
edited since) gets `beat_text`'s, the gist of its lines. Numbers are printed as the lecture prints them
(`scenes.kit.arithmetic`, which imports no manim). What only a chapter's layout decides comes from the render where
the chapter records it (`layout_facts`, written beside its video as .layout.json: CausalMask's grids beside the
scores or in their place, ThreeTokenDrag's names legend), is guessed without manim where the guess can be checked
against the chapter (WHOLE), else said for each layout.

The descriptions are in the active language (callers make it the chapter's: `dependencies.language_of`), whole
sentences from the catalogue with named placeholders, their numbers printed in English form and written as the
language writes them (`local`: '0,768', '[1,25; −0,4]'), the labels they quote as the chapters draw them. The
names stay English (the beats' identifiers), marked for the catalogue (`N_`) and shown by `names`; a name built
from numbers ('At gain 2') is a `Name` carrying its shown form, a message with placeholders.
"""

from __future__ import annotations

import re

import numpy as np
from babel.numbers import format_decimal

import i18n
from attention import DEFAULT, Examples, attend, softmax, variance_experiment, weights_at_gain
from attention.examples import story
from attention.examples.beyond import all_queries
from attention.examples.file import load_example_file
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
from i18n import _, ngettext
from i18n.numbers import POINT, decimal_sign, separator
from i18n.words import N_, count, quoted
from pipeline.plan.settings import RenderSettings
from scenes.chapters.registry import find
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
    places_adding_up,
    plain,
    relation,
    root_text,
    row,
    sci,
    scientific,
    text_minus,
    vector_text,
)

GAIN_STOPS = (2.0, 4.0, 10.0)  # WhereItBreaks' knob stops (its beats "At gain 2", ...)
WHOLE = 3  # a name of this many characters or fewer stands whole under ThreeTokenDrag's live bars
GROWTH = (1, 2, 4, 8)  # SourcePositions' cost beat: the source lengthened to these multiples


class Name(str):
    """A beat's name built from numbers ('At gain 2'): the chapter's own, English (the beat's identifier, as
    `self.beat(...)` gives it), which `shown` says in the language active when it was made."""

    shown: str

    def __new__(cls, english: str, shown: str) -> Name:
        made = super().__new__(cls, english)
        made.shown = shown
        return made


def local(printed: str) -> str:
    """Numbers printed in English form ('0.665', '[1.25, −0.4]', '4.90 × 10⁻⁴') as the active language writes
    them: its decimal sign, and its separator between listed numbers ('[1,25; −0,4]' in German)."""
    return POINT.sub(decimal_sign(), printed.replace(", ", separator()))


def number(value, places: int) -> str:
    """`fmt` for a sentence: with the minus sign the screen draws ('−0.4'), never a hyphen; in the language."""
    return local(text_minus(fmt(value, places)))


def numbers(values, places: int = WEIGHT_PLACES) -> str:
    """Numbers listed in a sentence (`series`), each with the minus sign the screen draws; in the language."""
    return series(number(v, places) for v in values)


def bracketed(values, places: int | None = WEIGHT_PLACES) -> str:
    """A vector in brackets, as a formula lists it: '[0.665, −0.245]', German '[0,665; −0,245]'; `places=None`
    prints inputs as typed."""
    return local(text_minus(f"[{listed(values, places)}]"))


def point(vector) -> str:
    """`coords_text` in the language: '(1,25; −0,4)' in German."""
    return local(coords_text(vector))


def whole_number(n: int) -> str:
    """A count with the language's digit grouping: '16,384', German '16.384'."""
    return format_decimal(n, locale=i18n.language())


def listing(items) -> str:
    """Items of a sentence, each opened by a word or a name ('“the” 0,768'), as the language lists words: ', '
    (a decimal comma never stands before a space, so German reads these unambiguously), Chinese '、'."""
    return _(", ").join(items)


def series(items) -> str:
    """Bare numbers one after another: as `listing`, but '; ' where the comma is the decimal sign."""
    return (separator() if decimal_sign() == "," else _(", ")).join(items)


def clauses(items) -> str:
    """Clauses that hold lists, one after another: '; ', Chinese '；' (the lists inside use `listing`, `series` or
    brackets, never a semicolon between clauses' items, so each clause stands apart in every language)."""
    return _("; ").join(items)


def named_words(tokens) -> str:
    """'“the”, “cat”': the words in the language's quotation marks."""
    return _(", ").join(quoted(t) for t in tokens)


def by_word(tokens, values, places: int = WEIGHT_PLACES) -> str:
    """'“the” 0.665, “cat” 0.245': each word with its number, the same decimals for all (as a column)."""
    return listing(f"{quoted(t)} {local(text_minus(v))}" for t, v in zip(tokens, fmt_column(values, places)))


def by_word_points(tokens, vectors) -> str:
    """'“the” (1, 0), “cat” (0.5, 0)': each word with its vector as a point."""
    return listing(f"{quoted(t)} {point(v)}" for t, v in zip(tokens, vectors))


def exponentials(tokens, scores) -> str:
    """'“the” 2.718, “cat” 4.85 × 10⁸': each word with e to its score, as the chapter prints it."""
    return listing(f"{quoted(t)} {local(plain(exp_text(s, WEIGHT_PLACES)))}" for t, s in zip(tokens, scores))


def rows(tokens, grid, places: int = WEIGHT_PLACES) -> str:
    """'“le” row 0.870, 0.120; “chat” row ...': a grid read row by row, −∞ for a hidden cell."""
    shown = [series("−∞" if np.isneginf(x) else number(x, places) for x in row) for row in np.asarray(grid)]
    return clauses(_("%(word)s row %(values)s", word=quoted(t), values=r) for t, r in zip(tokens, shown))


def sentence(text: str) -> str:
    """`text` with its first letter a capital (a count spelled out starts it: 'Four cards')."""
    return text[:1].upper() + text[1:]


def fixed_context(ex: Examples) -> dict[str, str]:
    cross, grid = ex.cross, ex.cross.cross()
    source, target = cross.source_tokens, cross.target_tokens
    blends = clauses(
        _("from %(word)s: %(weights)s", word=quoted(t), weights=by_word(source, w))
        for t, w in zip(target, grid.weights)
    )
    return {
        N_("Encode into one summary"): _(
            "The source words %(words)s in a row, each fed into an encoder box; the boxes are chained left to "
            "right and one arrow leads from the last into a single summary vector.",
            words=named_words(source),
        ),
        N_("The same summary for every step"): _(
            "A decoder column with the %(count)s output steps %(steps)s; arrows from the summary bring every step "
            "an identical copy of it, and the copies flash together.",
            count=len(target),
            steps=named_words(target),
        ),
        N_("Attention keeps every position"): _(
            "The summary and its chain fade; the %(count)s encoder boxes move into a column, one per source word, "
            "none of them dropped.",
            count=len(source),
        ),
        N_("Attention: a blend per step"): _(
            "For each decoder step in turn, lines from every source word meet at the left end of that step's row "
            "of bars, a bar per word for its weight: %(blends)s. Then every step's bars flash in turn.",
            blends=blends,
        ),
        N_("Why it matters"): _(
            "A legend compares the two pictures: one summary copied to every step against a fan of weighted lines "
            "per step, each row framed in turn; right of it, past a rule, a two-line note, long inputs get harder "
            "and nothing overflows, each framed as the narration reaches it."
        ),
    }


def three_token_drag(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`names_legend`: the bars cut names and a legend gives them whole)."""
    drag = ex.drag
    start, stop, end = drag.trace(drag.path[0]), drag.trace(), drag.trace(drag.path[-1])
    keys = listing(
        _("%(word)s at %(point)s", word=quoted(t), point=point(k)) for t, k in zip(drag.tokens, drag.keys)
    )
    unscaled = attend(drag.query, drag.keys, scaled=False)
    legend = names_legend(drag.tokens, (layout or {}).get("names_legend"))
    larger = attend(drag.query, drag.keys, divisor=1 / stop.divisor)  # these dots times √d
    return {
        N_("Keys in a plane"): _(
            "A plane with a key arrow from the origin per word: %(keys)s. The query, a cross, sits at %(query)s, "
            "and an orange output arrow points to %(output)s. Beside the plane the weight bars read %(weights)s, "
            "their sum under them, and under that a glossary of the symbols: kᵢ, q, d, wᵢ and output.",
            keys=keys,
            query=point(drag.path[0]),
            output=point(np.round(start.output, 3)),
            weights=by_word(drag.tokens, start.weights),
        ),
        N_("Drag the query"): legend
        + _(
            "The cross travels along curved legs through %(path)s; the output arrow follows it, leaving a fading "
            "trail, and each bar rises as the cross swings towards its key. At the end the bars read %(weights)s.",
            path=listing(point(p) for p in drag.path),
            weights=by_word(drag.tokens, end.weights),
        ),
        N_("Worked example"): _(
            "The cross stops at %(query)s. Beside the plane the working builds row by row: dots %(dots)s, divided "
            "by %(divisor)s into scores %(scores)s, softmax into weights %(weights)s. Each key's shadow is dropped "
            "onto the query's direction as a dashed line; the longest belongs to %(word)s.",
            query=point(stop.query),
            dots=numbers(stop.dots, column(stop.dots, SCORE_PLACES)),
            divisor=number(stop.divisor, SCORE_PLACES),
            scores=numbers(stop.scores, column(stop.scores, SCORE_PLACES)),
            weights=by_word(drag.tokens, stop.weights),
            word=quoted(drag.tokens[int(np.argmax(stop.dots))]),
        ),
        N_("Why divide by the square root of d"): _(
            "The working leaves; three small charts of upright weight bars side by side, one per scale of the "
            "same dots, on one baseline, each chart's top weight framed in turn: divided by %(divisor)s, "
            "%(scaled)s; not divided, %(unscaled)s; times %(divisor)s, %(larger)s.",
            divisor=number(stop.divisor, SCORE_PLACES),
            scaled=by_word(drag.tokens, stop.weights),
            unscaled=by_word(drag.tokens, unscaled.weights),
            larger=by_word(drag.tokens, larger.weights),
        ),
    }


def names_legend(tokens, shown: bool | None) -> str:
    """What ThreeTokenDrag puts under its live bars for the drag where their names are cut short ('mon…'): a
    legend of the full names, as the render recorded (`shown`). Names of WHOLE characters or fewer are never cut;
    longer ones are where the bars are too narrow for them, which only the layout knows: without the render's
    word (None), where."""
    if shown is False or all(len(t) <= WHOLE for t in tokens):
        return ""
    if shown:
        return _(
            "A legend of the full names, each in its colour, takes the place of the symbols' glossary under the bars. "
        )
    return _(
        "A legend of the full names, each in its colour, takes the place of the symbols' glossary under the bars "
        "where they cut a name short. "
    )


def score_every_word(ex: Examples) -> dict[str, str]:
    trace, tokens = ex.blend.trace(0), ex.blend.tokens
    sums = clauses(
        _(
            "%(word)s: %(sum)s",
            word=quoted(t),
            sum=local(
                " + ".join(text_minus(f"{fmt_input(a)}×{fmt_input(b)}") for a, b in zip(trace.query, k))
            )
            + f" = {number(d, SCORE_PLACES)}",
        )
        for t, k, d in zip(tokens, trace.keys, trace.dots)
    )
    reordered = story.reordered(tokens, ex.drag.tokens)
    order = _(
        " Under the keys' names a grey line gives the last chapter's order, then this one's: %(before)s → %(here)s.",
        before=_(", ").join(ex.drag.tokens),
        here=_(", ").join(tokens),
    )
    return {
        N_("Three roles"): _(
            "Three cards side by side name the roles: query, key and value, each with its symbol and its job; a "
            "grey disclaimer sits under them, then all of it leaves."
        ),
        N_("Query and keys"): _(
            "The keys as rows of numbers, one per word: %(keys)s. Above them the query %(query)s, the same width.",
            keys=by_word_points(tokens, trace.keys),
            query=point(trace.query),
        )
        + (order if reordered else ""),
        N_("Dot products, term by term"): _(
            "A frame stays round the query while another steps down the keys; copies of each query entry and key "
            "entry fly side by side, and beside each key its products are written out and added: %(sums)s.",
            sums=sums,
        ),
        N_("Divide by the square root of the width"): _(
            "Beside each dot product its division by %(divisor)s, giving the scores %(scores)s; a framed line at "
            "the bottom pairs the dots with the scores; beside it a small compass shows the query's arrow and each "
            "key's arrow at its angle from the query, in its word's colour.",
            divisor=number(trace.divisor, SCORE_PLACES),
            scores=by_word(tokens, trace.scores, SCORE_PLACES),
        ),
    }


def blend_by_weight(ex: Examples) -> dict[str, str]:
    trace, tokens = ex.blend.trace(0), ex.blend.tokens
    terms = listing(f"{number(w, WEIGHT_PLACES)} × {point(v)}" for w, v in zip(trace.weights, trace.values))
    counted = len(tokens)
    vector = Name(  # named as the chapter names the beat: by the example's count of weights
        f"A vector, not {story.count(counted)} weights",
        _("A vector, not %(count)s weights", count=count(counted)),
    )
    roadmap = [_("scores"), _("weights"), _("weights × values"), _("one output")]  # the chapter's, as drawn
    return {
        N_("Scores from the last step"): _(
            "A line names the steps, %(steps)s, each part framed in turn; then the words in a column, each with its "
            "score beside it: %(scores)s.",
            steps=quoted(" → ".join(roadmap)),
            scores=by_word(tokens, trace.scores, SCORE_PLACES),
        ),
        N_("Exponentiate"): _(
            "Beside each score its exponential: %(exps)s; a line under them adds them up to %(sum)s.",
            exps=exponentials(tokens, trace.scores),
            sum=local(plain(exp_text(trace.log_exp_sum, WEIGHT_PLACES))),
        ),
        N_("Divide by the sum"): _(
            "Each exponential over the sum gives a weight, drawn as a bar: %(weights)s; a box round their total.",
            weights=by_word(tokens, trace.weights),
        ),
        N_("Weights times values"): _(
            "A plane with the value arrows %(values)s. Each is scaled by its weight (%(terms)s) and laid tip to "
            "tail, ending at the output arrow %(output)s.",
            values=by_word_points(tokens, trace.values),
            terms=terms,
            output=point(np.round(trace.output, 3)),
        ),
        vector: _(
            "The output's coordinates %(output)s are printed on the axes, where a dashed line from its tip (or a "
            "scaled value arrow already running there) meets each axis; counts beside it set %(count)s weights in "
            "against one vector of %(width)s numbers out.",
            output=numbers(trace.output),
            count=counted,
            width=len(trace.output),
        ),
    }


def refocus(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`view`: a magnified corner shows the blend, else the plane's own terms;
    `view_stays`: it stays beside the summary's note); without them, what holds for every layout."""
    facts = layout or {}
    blend, tokens = ex.blend, ex.blend.tokens
    before, after = blend.trace(0), blend.trace(min(1, len(blend.queries) - 1))
    printed = one_format(after.terms)  # one format down the column, as the video and the query panel
    zero = [
        f"{quoted(t)} {number(w, WEIGHT_PLACES)} × {bracketed(v, None)} = {local(vector_text(p))}"
        for t, w, v, term, p in zip(tokens, after.weights, after.values, after.terms, printed)
        if not np.any(np.round(term, WEIGHT_PLACES))
    ]
    boxed = _("; boxed at the left, what adds nothing: %(terms)s", terms=clauses(zero)) if zero else ""
    return {
        N_("The same keys and values"): _(
            "The stored keys and values at the left, the first query %(query)s, its scores %(scores)s, weight bars "
            "%(weights)s, and its output arrow at %(output)s in the values' plane.",
            query=point(before.query),
            scores=numbers(before.scores, SCORE_PLACES),
            weights=by_word(tokens, before.weights),
            output=bracketed(before.output),
        ),
        N_("A new query"): _(
            "A tag marks the keys and values as unchanged; the query's numbers turn from %(before)s into %(after)s.",
            before=point(before.query),
            after=point(after.query),
        ),
        N_("New weights, new blend"): _(
            "The scores become %(scores)s; the bars move from %(before)s to %(after)s, and the output arrow swings "
            "from %(was)s to %(now)s, the old one left faint.",
            scores=bracketed(after.scores, SCORE_PLACES),
            before=bracketed(before.weights),
            after=by_word(tokens, after.weights),
            was=bracketed(before.output),
            now=bracketed(after.output),
        ),
        N_("What each value adds"): _(
            "%(where)s: each weight times its value, %(terms)s, tip to tail, ending at the output %(output)s%(boxed)s.",
            where=_("A magnified corner of the values' plane")
            if facts.get("view", True)
            else _("On the plane"),
            terms=by_word_printed(tokens, printed),
            output=bracketed(after.output),
            boxed=boxed,
        ),
        N_("Summary"): _(
            "%(note)s; the stored keys and values, unchanged, are framed.",
            note=summary_note(facts.get("view"), facts.get("view_stays")),
        ),
    }


def projections(ex: Examples) -> dict[str, str]:
    p = DEFAULT_PROJECTIONS  # the lecture's own words, whatever the example (the chapter says so)
    worked, (a, b) = p.tokens[0], equal_keys(p)[0]
    trace, chosen = p.attend(a, p.tokens), [p.tokens.index(t) for t in (a, b)]
    if p.makes(ex.blend):
        asked = [quoted(p.asking(q)) for q in ex.blend.queries]
        known = _(
            "The key and value rows of %(words)s framed, a note under the table: exactly the earlier chapters'; "
            "then the query rows of %(asked)s framed, a note in its place naming whose query each earlier chapter "
            "used.",
            words=named_words(ex.blend.tokens),
            asked=and_list(dict.fromkeys(asked)),
        )
    else:
        known = _("A note under the table: the lecture's own words, the example giving its vectors directly.")
    terms = and_list(f"{number(trace.weights[i], WEIGHT_PLACES)} × {point(trace.values[i])}" for i in chosen)
    return {
        N_("One word, one vector"): _(
            "The words each beside its embedding x, stacked as the rows of X: %(rows)s.",
            rows=by_word_points(p.tokens, p.embeddings),
        ),
        # the matrices named in words, as the captions name them (review 7: 'W_K' read with a raw underscore)
        N_("Three learned matrices"): _(
            "Above the table the query matrix %(query)s, the key matrix %(key)s and the value matrix %(value)s; the "
            "formula lights: q, k and v are each x times its matrix.",
            query=by_row_matrix(p.w_q),
            key=by_row_matrix(p.w_k),
            value=by_row_matrix(p.w_v),
        ),
        N_("Row times matrix"): _(
            "Under the key matrix, its product named as it comes in: K = X times the key matrix. The row of "
            "%(word)s lit and the key matrix's columns lit one at a time; for each, the pairs fly into a line of "
            "products whose sum is the next entry of its key %(key)s; then every word's key fills the column under "
            "the key matrix: %(keys)s.",
            word=quoted(worked),
            key=point(p.keys[0]),
            keys=by_word_points(p.tokens, p.keys),
        ),
        N_("Values and queries"): _(
            "Under the value matrix, named V = X times the value matrix, the values %(values)s, the words repeated "
            "on the right of V, each beside its row; then under the query matrix, named Q = X times the query "
            "matrix, the queries %(queries)s.",
            values=by_word_points(p.tokens, p.values),
            queries=by_word_points(p.tokens, p.queries),
        ),
        N_("The vectors you know"): known,
        N_("Matched alike, passed on apart"): _(
            "The three matrices leave and the table moves up; the key rows of %(a)s and %(b)s framed, equal, then "
            "their value rows, different; the query row of %(a)s framed and a column of its weights right of the "
            "words beside V, %(weights)s; under the table the line output = sum of weights times values, equal to "
            "%(output)s, with the terms of %(a)s and %(b)s %(terms)s, each framed.",
            a=quoted(a),
            b=quoted(b),
            weights=by_word(p.tokens, trace.weights),
            output=point(np.round(trace.output, WEIGHT_PLACES)),
            terms=terms,
        ),
        N_("Summary"): _(
            "The table stays: X and its products Q, K and V, each named as X times its matrix and framed in turn, "
            "the words right of V and the weights beside them, the output line under it, then a closing line: key, "
            "what a word is matched on; value, what it passes on."
        ),
    }


def word_order(ex: Examples) -> dict[str, str]:
    sq, ss = shuffle_query(ex.blend), shuffle_sentence(ex.causal)
    x = DEFAULT_PROJECTIONS.embeddings
    pe = sinusoidal(np.arange(len(x)), PE_WIDTH)
    rope = rotary_table()
    scores = [local(text_minus(s)) for s in fmt_column([r.score for r in rope], SCORE_PLACES)]
    step = local(fmt_input(ROPE_STEP))
    table = clauses(
        _(
            "(%(m)s, %(n)s) offset %(offset)s, score %(score)s",
            m=r.positions[0],
            n=r.positions[1],
            offset=number(r.offset, 0),
            score=s,
        )
        for r, s in zip(rope, scores)
    )
    return {
        N_("Words in another order"): _(
            "The query %(query)s over a bar per word: %(weights)s; beside them the output. The bars, each with its "
            "word and weight, take the order %(order)s: those moving one way slide, the others fade out and in "
            "again at their places; the output does not move.",
            query=point(ex.blend.queries[0]),
            weights=by_word(sq.tokens, sq.before.weights),
            order=named_words(sq.order),
        ),
        N_("A set, not a sentence"): _(
            "A grid of weights with a row and a column per word of the sentence, each row its word's weights over "
            "every word: %(rows)s; beside each row its output, %(outputs)s. The rows move into the order %(order)s, "
            "then the columns, the last word's line fading out and back in at the front; each output is framed, "
            "unchanged.",
            rows=rows(ss.tokens, ss.before.weights),
            outputs=by_word_vectors(ss.tokens, np.round(ss.before.outputs, WEIGHT_PLACES)),
            order=named_words(ss.order),
        ),
        N_("Positions as stripes"): _(
            "A table PE, a row per position p = 0 to %(last)s at width %(width)s: %(table)s. Beside it the "
            "encodings of %(positions)s positions at width %(stripes)s as cells, a column per position and a row "
            "per coordinate, grey at −1 to white at +1 (a key above them): fast bands on the first coordinates, "
            "nearly still ones further down. Both leave for X plus PE and their sum X + PE %(sum)s, the %(count)s "
            "words of chapter %(number)s beside X, as a note under them says.",
            last=len(pe) - 1,
            width=PE_WIDTH,
            table=printed_rows(pe),
            positions=STRIPES[0],
            stripes=STRIPES[1],
            sum=printed_rows(with_positions(x)),
            count=count(len(x)),
            number=find("Projections").number,
        ),
        N_("Rotary positions"): _(
            "A plane with q %(q)s and k %(k)s, an arc between them. For each pair of positions (m, n) q turns by "
            "m × %(step)s° and k by n × %(step)s°, and a row joins the table: %(table)s. The arc between the arrows "
            "is the same for the same offset.",
            q=point(ROPE_QUERY),
            k=point(ROPE_KEY),
            step=step,
            table=table,
        ),
        N_("Summary"): _(
            "The table of scores gives way to three panels side by side, each over its line: the grid of weights, "
            "attention alone, a set of words; the stripes, sinusoidal, position added to x; the turned q and k, "
            "rotary, q and k turned by it."
        ),
    }


def trained_head(_ex: Examples) -> dict[str, str]:
    head = train_head()  # the chapter's own task, whatever the example
    ex = head.held_out[0]
    losses = head.losses
    query = WORDS.index(ex.query)
    row = [head.bilinear[query, WORDS.index(w)] for w in ex.words]
    diagonal = listing(f"{quoted(w)} {number(head.bilinear[i, i], 1)}" for i, w in enumerate(WORDS))
    chance = round(100 / len(ex.words))
    return {
        N_("The task"): sentence(
            _(
                "%(count)s cards, each a word over its value: %(cards)s; beside them the %(words)s words the cards "
                "are drawn from (%(list)s); above them the query %(query)s; its card is framed and “→ %(answer)s” "
                "appears after the query.",
                count=count(len(ex.words)),
                cards=listing(f"{quoted(w)} {v}" for w, v in zip(ex.words, ex.values)),
                words=len(WORDS),
                list=listing(WORDS),
                query=quoted(ex.query),
                answer=ex.values[ex.answer],
            )
        ),
        N_("Before training"): _(
            "Under the cards a bar of each card's weight, the bars on one baseline with each card's word under its "
            "bar: %(weights)s; the lowest and the highest framed in turn, then the query's card and the highest "
            "bar; under the words the held-out score: right %(right)s%% (chance %(chance)s%%), mean weight on the "
            "right word %(mean)s.",
            weights=by_word(ex.words, ex.weights_before),
            right=round(100 * head.accuracy_before),
            chance=chance,
            mean=number(head.mean_weight_before, WEIGHT_PLACES),
        ),
        N_("Training"): _(
            "In place of the word list, axes of loss against step, from 0 to %(steps)s; the curve is drawn from "
            "%(first)s at step 0, falling steeply, then flattening to %(last)s at step %(steps)s.",
            first=number(losses[0], WEIGHT_PLACES),
            last=number(losses[-1], WEIGHT_PLACES),
            steps=STEPS,
        ),
        N_("After training"): _(
            "The bars change to %(weights)s, each number over its new bar, beside the old bar, left faint and "
            "outlined in its word's colour with its old weight small over it; beside the query a legend, such an "
            "outlined bar: before training. The bar of "
            "%(query)s is framed; the held-out score under the words now right %(right)s%%, mean weight %(mean)s.",
            weights=by_word(ex.words, ex.weights_after),
            query=quoted(ex.query),
            right=round(100 * head.accuracy),
            mean=number(head.mean_weight, WEIGHT_PLACES),
        ),
        N_("What it learned"): _(
            "The picture clears for a grid of the query matrix times the key matrix transposed, the %(count)s query "
            "words down and key words across, each cell grey to white, brighter for a higher score. The row of "
            "%(query)s is framed at this lookup's words; beside the grid it is worked out: softmax of %(row)s over "
            "the square root of %(width)s, about %(weights)s, the trained bars. Then the diagonal cells are framed: "
            "%(diagonal)s, each the highest of its row.",
            count=len(WORDS),
            query=quoted(ex.query),
            row=local(vector_text([fmt(x, 1) for x in row])),
            width=head.w_q.shape[1],
            weights=local(vector_text(fmt_column(ex.weights_after, WEIGHT_PLACES))),
            diagonal=diagonal,
        ),
        N_("Summary"): _(
            "The grid stays; beside it a small loss curve, from %(first)s to %(last)s, and three lines: right on "
            "unseen lookups %(before)s%% → %(after)s%% (chance %(chance)s%%), trained on the answers alone.",
            first=number(losses[0], WEIGHT_PLACES),
            last=number(losses[-1], WEIGHT_PLACES),
            before=round(100 * head.accuracy_before),
            after=round(100 * head.accuracy),
            chance=chance,
        ),
    }


def printed_rows(matrix) -> str:
    """A matrix as its rows, each entry as the chapter's table prints it: [(0.000, 1.000), (0.841, 0.540)]."""
    printed = entries_tex(matrix, WEIGHT_PLACES)
    return "[" + separator().join(local(f"({', '.join(map(text_minus, row))})") for row in printed) + "]"


def by_row_matrix(matrix) -> str:
    """A matrix as its rows: [[a, b], [c, d]]."""
    return "[" + separator().join(point(row) for row in matrix) + "]"


def all_queries_at_once(ex: Examples) -> dict[str, str]:
    tr, tokens = all_queries(ex.blend), ex.blend.tokens
    (m, d), n, dv = tr.queries.shape, len(tokens), tr.values.shape[1]
    names = [_("query %(number)s", number=i + 1) for i in range(m)]
    return {
        N_("Stack the queries"): _(
            "The %(m)s queries stacked as the rows of Q, %(m)s by %(d)s; beside it K transposed, %(d)s by %(n)s, one "
            "column per word (%(words)s).",
            m=m,
            d=d,
            n=n,
            words=named_words(tokens),
        ),
        N_("One product, every dot product"): _(
            "A %(m)s by %(n)s grid of dot products fills in, each row lit as it is read: %(rows)s. Under the "
            "product, entries of Q and K transposed fly into place pair by pair, each pair multiplied and the "
            "products added, for each cell of the first row.",
            m=m,
            n=n,
            rows=rows(names, tr.dots, SCORE_PLACES),
        ),
        N_("Divide by the square root of d"): _(
            "Every entry divided by %(divisor)s: %(rows)s.",
            divisor=number(tr.divisor, SCORE_PLACES),
            rows=rows(names, tr.scores, SCORE_PLACES),
        ),
        N_("Softmax row by row"): _(
            "Each row becomes weights, a sum of 1 at its end: %(rows)s.", rows=rows(names, tr.weights)
        ),
        N_("Every output at once"): _(
            "V, %(n)s by %(dv)s, one row per word's value, each row named by its word; the outputs, %(m)s by "
            "%(dv)s, row by row: %(rows)s. Under them each output row is worked out: every weight and its word's "
            "value row light and fly into a sum of weight times value.",
            n=n,
            dv=dv,
            m=m,
            rows=rows(names, tr.outputs),
        ),
        N_("Summary"): _(
            "The shapes in a chain: Q %(m)s by %(d)s times K transposed %(d)s by %(n)s gives %(m)s by %(n)s; "
            "softmax row by row; times V %(n)s by %(dv)s gives the outputs, %(m)s by %(dv)s.",
            m=m,
            d=d,
            n=n,
            dv=dv,
        ),
    }


def summary_note(view: bool | None, stays: bool | None) -> str:
    """Where Refocus' summary note stands, as its render's layout facts say (None: not known)."""
    if view and stays:
        return _("A note of what the new query changed takes the rows' place, beside the magnified corner")
    if view and stays is False:
        return _("The magnified corner leaves and a note of what the new query changed takes its place")
    return _("A note of what the new query changed takes the rows' place")


def source_positions(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`square_beside`: the self-attention grid beside the cross grid, else
    in its place; `caveat_under`: the closing caveat under everything, else right of a tall grid); without them,
    both alternatives."""
    facts = layout or {}
    square_at = either(facts.get("square_beside"), _("beside it"), _("in its place"))
    caveat_at = either(facts.get("caveat_under"), _("under them"), _("to the grid's right"))
    cross = ex.cross
    grid, square = cross.cross(), cross.self_attention()
    i = min(1, grid.shape[0] - 1)
    j = int(np.argmax(grid.scores[i]))
    source, target = cross.source_tokens, cross.target_tokens
    n = len(source)
    sizes = clauses(
        _("%(positions)s positions, %(cells)s cells", positions=n * k, cells=whole_number((n * k) ** 2))
        for k in GROWTH
    )
    return {
        N_("Cross-attention scores"): _(
            "A grid with a row per decoder step (%(steps)s) and a column per source word (%(words)s); its scores: "
            "%(rows)s.",
            steps=named_words(target),
            words=named_words(source),
            rows=rows(target, grid.scores, SCORE_PLACES),
        ),
        N_("One cell, one score"): _(
            "A spotlight on one cell, %(step)s against %(word)s, its score %(score)s worked out beside the grid "
            "from the query %(query)s and the key %(key)s.",
            step=quoted(target[i]),
            word=quoted(source[j]),
            score=number(grid.scores[i, j], SCORE_PLACES),
            query=point(cross.queries[i]),
            key=point(cross.keys[j]),
        ),
        N_("Each row its own softmax"): _(
            "The scores turn into weights, row by row: %(rows)s.", rows=rows(target, grid.weights)
        ),
        N_("Self-attention"): _(
            "A square grid %(where)s, the %(count)s source words along both sides; its weights: %(rows)s.",
            where=square_at,
            count=n,
            rows=rows(source, square.weights),
        ),
        N_("The cost grows"): _(
            "A grid of cells, one per score, grows right and down as the source lengthens: %(sizes)s; a count "
            "beside it keeps the tally.",
            sizes=sizes,
        ),
        N_("Access is not recall"): _(
            "A closing picture: the cross-attention weights grid, each row's sum 1 at its end, beside the shrunken "
            "cost grid of %(cells)s scores; a caveat, access is not recall, %(where)s.",
            cells=whole_number((n * GROWTH[-1]) ** 2),
            where=caveat_at,
        ),
    }


def shrink_scores(ex: Examples) -> dict[str, str]:
    samples, key = variance_experiment(), ex.blend.keys[0]
    width, wide = len(key), samples[-1].width
    by_width = _("d = %(width)s: %(variance)s")
    raw = clauses(by_width % {"width": s.width, "variance": number(s.raw_var, 2)} for s in samples)
    scaled = clauses(by_width % {"width": s.width, "variance": number(s.scaled_var, 2)} for s in samples)
    # every key the examples allow is written in (six entries of seven characters fit the strip: the test pins it)
    entries = _(
        "its entries %(entries)s written in", entries=series(local(text_minus(fmt_input(v))) for v in key)
    )
    # the extreme scaled samples as the screen prints them: to the fewest places (two to four) at which they add up
    # to their gap; their gap and weights are the exact ones rounded, the gap with '≈' where no places give it
    pair = np.array([samples[-1].scaled.max(), samples[-1].scaled.min()])
    places = places_adding_up([pair[0], -pair[1]], pair[0] - pair[1], 2, 4)
    gap = row("sum", [fmt(pair[0], places), fmt(-pair[1], places)], pair[0] - pair[1], places)
    return {
        N_("The divisor"): _(
            "The formula score = q · k / √d, its √d lit. Under it two keys as strips of cells, each named k and "
            "braced with its width: our key, %(cells)s, %(entries)s, braced d = %(width)s, and beside it "
            "%(root)s; under that a strip of %(wide)s empty cells, braced d = %(wide)s, beside it %(wide_root)s. "
            "Then the keys and the formula leave.",
            cells=ngettext("one cell", "%(count)s cells", width, count=count(width)),
            entries=entries,
            width=width,
            root=local(root_text(width)),
            wide=wide,
            wide_root=local(root_text(wide)),
        ),
        N_("Raw dot products widen with d"): _(
            "An axis per width, d = %(widths)s, all on one scale; under them a note: %(pairs)s seeded random pairs "
            "(q, k) per width, components N(0, 1). The first sampled dot products drop onto each axis as dots; "
            "then, a width at a time, its dots give way to their histogram, each wider than the last, with its "
            "variance beside it: %(raw)s. A histogram too flat to read on that scale is drawn taller, tagged with "
            "how many times. A bar over each histogram marks ±√d.",
            widths=listing(str(s.width) for s in samples),
            pairs=len(samples[0].raw),
            raw=raw,
        ),
        N_("Divide by the square root of d"): _(
            "A width at a time, the others dimmed, its histogram squeezes towards 0 into the scaled one, the raw "
            "one left faint, its bar shrinking to ±1, and the scaled variance comes under the raw one: %(scaled)s. "
            "Then on every row the middle of the axis is boxed with dashes and, at the right, a stretched copy of "
            "its scaled histogram stands in a dashed box of its own, the %(count)s shapes matching; each row's bar "
            "and variance are lit in turn.",
            scaled=scaled,
            count=count(len(samples)),
        ),
        N_("Not a guarantee"): _(
            "The widest row's extreme scaled samples are marked, %(high)s and %(low)s, a gap of %(gap)s between "
            "them, with their weights as a pair: %(weights)s.",
            high=number(pair[0], places),
            low=number(pair[1], places),
            gap=("" if gap.sign == "=" else "≈ ") + local(gap.result),
            weights=numbers(softmax(pair)),
        ),
    }


def where_it_breaks(ex: Examples) -> dict[str, str]:
    tokens = ex.blend.tokens
    scaled, raw = ex.blend.trace(0), ex.blend.trace(0, scaled=False)
    start = GAIN_RANGE[0]  # the knob's gain while the plots come in
    last = weights_at_gain(raw.scores, GAIN_STOPS[-1])
    found = {
        N_("The same dots, unscaled"): _(
            "Under softmax of the dots over √%(width)s, “scaled, as before”, bars of the scaled weights, "
            "%(scaled)s; then beside them softmax of the dots and the unscaled bars, %(raw)s, the smallest weight, "
            "%(smallest)s, written under them; a dashed line at the scaled top weight runs across to them and the "
            "unscaled top bar is framed with its value.",
            width=scaled.width,
            scaled=by_word(tokens, scaled.weights),
            raw=by_word(tokens, raw.weights),
            smallest=local(sci(log10_smallest_weight(raw.scores, start))),
        ),
        N_("Turn up the gain"): _(
            "The knob's formula, g written into it, then its gain line g = 1, framed in turn. Two plots appear at "
            "the right. Above, the slope w(1 − w) of the top weight w against the gain g, on a log scale, falling; "
            "a dot at g = 1, and a dot in the scaled colour at the scaled gain g = 1/√%(width)s%(at)s, labelled "
            "so; dashed lines drop from both dots to the gain axis. Below, the top weight w against its gap to the "
            "next score, an S-curve rising to 1, with a bright tangent at the dot, its slope w(1 − w). Readouts: "
            "slope %(slope)s, smallest weight %(smallest)s.",
            width=scaled.width,
            at=scaled_at(scaled.divisor),
            # the readouts as the screen prints them (`sci`): '4.90 × 10⁻⁴', never '0.000'
            slope=local(sci(log10_top_sensitivity(raw.scores, start))),
            smallest=local(sci(log10_smallest_weight(raw.scores, start))),
        ),
        N_("Never exactly one-hot"): _(
            "The knob rests at %(gain)s; the rest dimmed, %(zero)sthe smallest weight's readout, %(smallest)s, and "
            "the formula are framed in turn, then the slope's readout and the tangent; under the smallest weight a "
            "caveat appears: never exactly one-hot.",
            gain=number(GAIN_STOPS[-1], 1),
            zero=zero_bar(tokens, last),
            smallest=local(sci(log10_smallest_weight(raw.scores, GAIN_STOPS[-1]))),
        ),
        N_("Sharp is not right"): _(
            "Beside it a second caveat, sharp ≠ right; then everything dimmed comes back."
        ),
    }
    for gain in GAIN_STOPS:
        weights = weights_at_gain(raw.scores, gain)
        name = Name(f"At gain {fmt(gain, 1)}", _("At gain %(gain)s", gain=number(gain, 1)))
        found[name] = _(
            "The knob turns to %(gain)s; the dots slide along both plots, the S-curve's towards 1, and the bars "
            "read %(weights)s.",
            gain=number(gain, 1),
            weights=by_word(tokens, weights),
        )
    return found


def zero_bar(tokens, weights) -> str:
    """The smallest bar, framed first where it reads 0.000 (WhereItBreaks' 'the smallest bar reads 0.000, yet')."""
    k = int(np.argmin(weights))
    if round(weights[k], WEIGHT_PLACES) != 0:
        return ""
    return _(
        "the smallest bar, %(word)s, reading %(zero)s, ",
        word=quoted(tokens[k]),
        zero=local(f"{0:.{WEIGHT_PLACES}f}"),
    )


def scaled_at(divisor: float) -> str:
    """' = 0.5' or ' ≈ 0.378': where the scaled gain 1/√d stands (as the chapter's caption gives it); nothing
    for d = 1, where it is g = 1 itself."""
    if divisor == 1:
        return _(", on the dot at g = 1")
    return f" {relation(1 / divisor, SCORE_PLACES, tex=False)} {number(1 / divisor, SCORE_PLACES)}"


def causal_mask(ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """As the render's `layout` facts say (`paired`: the masked grid beside the scores; `stacked`: the outputs
    under the values); what they do not say, for both alternatives. Its labels as the chapter draws them."""
    tr, tokens, before = ex.causal.trace(), ex.causal.tokens, ex.blend.tokens
    facts = layout or {}
    paired, stacked = facts.get("paired"), facts.get("stacked")
    gap = ex.blend.trace(0, scaled=False).scores  # WhereItBreaks' scores, as the chapter's finite gap
    moved = (
        len(set(tokens)) == len(tokens) and sorted(before) == sorted(tokens) and list(before) != list(tokens)
    )
    order = (  # as the chapter's `earlier_order`: chapters 3 to 5's words in another order trade places
        _(
            "The grid first stands in the earlier chapters' order (%(words)s); then the words trade places, rows "
            "and columns with their numbers, into the sentence's order. ",
            words=named_words(before),
        )
        if moved
        else ""
    )
    unmasked, masked = quoted(_("without the mask")), quoted(_("with the mask"))
    weighed = either(
        paired,
        _(
            "these fill a second grid beside the scores, labelled %(label)s, the scores staying on the left",
            label=unmasked,
        ),
        _(
            "the scores turn into them in place, labelled %(turning)s while they turn, then %(label)s",
            turning=quoted(_("scores → weights")),
            label=unmasked,
        ),
    )
    back = either(
        paired, _("the scores on the left turn back into the weights without the mask, all at once"), ""
    )
    under = either(stacked, _("the outputs under the values"), _("the outputs in the values' place"))
    softmaxed = _(
        "Row by row the masked grid turns to weights, labelled %(turning)s while its rows turn, with a legend "
        "under it: %(legend)s; %(rows)s; each hidden cell is crossed out, a column at the right gives each row's "
        "sum, 1, and the label becomes %(label)s.",
        turning=quoted(_("scores + M → weights")),
        legend=_("masked: weight exactly 0"),
        rows=rows(tokens, tr.weights),
        label=masked,
    )
    return {
        N_("A sentence reads itself"): order
        + _(
            "A square grid labelled %(label)s, the queries %(words)s down the side and the keys across in the same "
            "order; its scores: %(rows)s.",
            label=quoted(_("scores")),
            words=named_words(tokens),
            rows=rows(tokens, tr.unmasked.scores, SCORE_PLACES),
        ),
        N_("Without a mask"): _(
            "Row by row, the softmax of each row without a mask: %(rows)s; %(weighed)s. The cells above the "
            "diagonal, later words, are outlined.",
            rows=rows(tokens, tr.unmasked.weights),
            weighed=weighed,
        ),
        N_("Hide the future"): _(
            "The weights without the mask fade; the mask M, labelled %(mask)s, 0 on and below the diagonal and −∞ "
            "above it, takes their place. Row by row, each score comes into its cell of M as its row on the left is "
            "framed; the cell reads it plus 0 or plus −∞, then the sum, the grid now labelled %(sum)s: %(rows)s.",
            mask=quoted(_("the mask M")),
            sum=quoted(_("scores + M")),
            rows=rows(tokens, tr.masked_scores, SCORE_PLACES),
        ),
        N_("Softmax of what is left"): _("%(first)s. %(then)s", first=sentence(back), then=softmaxed)
        if back
        else softmaxed,
        N_("Outputs"): _(
            "Any grid without the mask gives way; the masked grid, labelled %(label)s, stands on the left. Each "
            "word's value, %(values)s; beside them the outputs, %(outputs)s, each worked out in its own row.",
            label=masked,
            values=by_word_points(tokens, tr.unmasked.values),
            outputs=by_word_printed(tokens, one_format(tr.outputs)),
        ),
        N_("Exactly zero"): _(
            "Beside %(masked)s, exp(−∞) = 0 is written out while the crosses over the "
            "%(count)s hidden cells above the diagonal brighten, then dim again; under it, %(finite)s %(weight)s, "
            "the smallest weight %(chapter)s left.",
            masked=quoted(_("masked weight:")),
            count=int(tr.mask.sum()),
            finite=quoted(_("with finite scores:")),
            weight=local(plain(scientific(log10_smallest_weight(gap, GAIN_RANGE[1]), SCI_PLACES))),
            chapter=quoted(_("Where it breaks")),
        ),
        N_("Summary"): _(
            "Each row of the masked grid, labelled %(label)s, lights in turn with its output, then all of them "
            "together; the masked weight and the one with finite scores stay beside the grid, %(under)s.",
            label=masked,
            under=under,
        ),
    }


def either(fact: bool | None, when: str, otherwise: str) -> str:
    """What the picture shows by a layout fact of the render (True: `when`, False: `otherwise`, "" for nothing);
    where the render recorded none (an older render), both, as alternatives."""
    if fact is None:
        if otherwise:
            return _("%(when)s (where there is room; else %(otherwise)s)", when=when, otherwise=otherwise)
        return _("%(when)s (where there is room)", when=when)
    return when if fact else otherwise


def by_word_vectors(tokens, vectors) -> str:
    """'“the” [1, 0], “cat” [0.5, 0]': each word with its vector, to the lecture's places."""
    return listing(f"{quoted(t)} {bracketed(v)}" for t, v in zip(tokens, vectors))


def by_word_printed(tokens, printed) -> str:
    """'“the” [1.000, 0.000]': each word with its vector's entries as printed."""
    return listing(f"{quoted(t)} {local(vector_text(p))}" for t, p in zip(tokens, printed))


def and_list(items) -> str:
    """'“cat” and “sat”', '“a”, “b” and “c”': as the chapters list words in a sentence."""
    items = list(items)
    if len(items) == 1:
        return items[0]
    return _("%(first)s and %(second)s", first=_(", ").join(items[:-1]), second=items[-1])


def warning(changed: list[str], reordered: bool) -> str:
    """MultiHead's warning as drawn (its `warning_text`, which imports manim), in the active language."""
    parts = (
        [_("new vectors here for %(words)s", words=and_list(quoted(w) for w in changed))] if changed else []
    )
    return _("; ").join(parts + ([_("the last chapter's words, in another order")] if reordered else []))


def multi_head(ex: Examples) -> dict[str, str]:
    tr, tokens = ex.heads.trace(), ex.heads.tokens
    width, heads, n = tr.single.width, len(tr.heads), len(tr.concatenated)
    slices = listing(
        _(
            "head %(number)s coordinates %(first)s to %(last)s",
            number=k + 1,
            first=h.coordinates.start + 1,
            last=h.coordinates.stop,
        )
        for k, h in enumerate(tr.heads)
    )
    patterns = clauses(
        _(
            "head %(number)s: dots %(dots)s, weights %(weights)s",
            number=k + 1,
            dots=bracketed(h.trace.dots, SCORE_PLACES),
            weights=by_word(tokens, h.trace.weights),
        )
        for k, h in enumerate(tr.heads)
    )
    head = _("head %(number)s %(numbers)s")
    outputs = clauses(
        head % {"number": k + 1, "numbers": bracketed(h.trace.output)} for k, h in enumerate(tr.heads)
    )
    rows_of = clauses(
        head % {"number": k + 1, "numbers": bracketed(h.trace.weights)} for k, h in enumerate(tr.heads)
    )
    framed = clauses(  # outside the description's _(): Babel finds no _() nested in another's arguments
        _(
            "head %(number)s %(words)s",
            number=k + 1,
            words=named_words([tokens[j] for j in story.leaders(h.trace.weights)]),
        )
        for k, h in enumerate(tr.heads)
    )
    changed = story.changed_words(ex.heads, ex.blend)
    warned = warning(changed, story.reordered(tokens, ex.causal.tokens))
    return {
        N_("One head cannot choose"): _(
            "The words %(words)s, the query %(query)s and the keys as columns, width %(width)s; one head's dots "
            "%(dots)s and weight bars %(weights)s.",
            words=named_words(tokens),
            query=point(tr.single.query),
            width=width,
            dots=numbers(tr.single.dots, SCORE_PLACES),
            weights=by_word(tokens, tr.single.weights),
        )
        + (_(" A note under the keys: %(warning)s.", warning=warned) if warned else "")
        + (_(" The changed words' columns light.") if changed else ""),
        N_("Each head its own slice"): _(
            "Coloured bands split the %(width)s coordinates into %(count)s heads: %(slices)s.",
            width=width,
            count=heads,
            slices=slices,
        ),
        N_("Two patterns at once"): _(
            "Each head's own row of working and bars, its top weight's cell lit: %(patterns)s.",
            patterns=patterns,
        ),
        N_("Each head blends its values"): _(
            "Under each head the blend of its slice of the values: %(outputs)s.", outputs=outputs
        ),
        N_("Concatenate, then project"): _(
            "The heads' outputs stacked into one concatenated column, [%(column)s], each head's part framed in its "
            "colour; then that row times W^O, labelled %(n)s × %(n)s, learned, drawn as an empty grid (its entries "
            "are not given), equals two lines: “output: %(n)s numbers” and “each a mix of all %(n)s”.",
            column=local(text_minus(listed(tr.concatenated))),
            n=n,
        ),
        N_("Heads need not specialise"): _(
            "A line notes that heads need not specialise, beside the weights' bar charts, one per head side by side: "
            "one head %(single)s; %(heads)s; then each head's largest weights are framed: %(framed)s.",
            single=bracketed(tr.single.weights),
            heads=rows_of,
            framed=framed,
        ),
    }


def quick_version(_ex: Examples) -> dict[str, str]:
    return {
        N_("All together"): _(
            "Every chapter's title in a list beside the formula softmax(Q Kᵀ / √d) V; each term lights in turn with "
            "what it means written beside it, and the chapters that built it light in the list; then the whole "
            "formula with every chapter."
        )
    }


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
    "QuickVersion": quick_version,
}
LAID_OUT = frozenset(
    {"CausalMask", "ThreeTokenDrag", "Refocus", "SourcePositions"}
)  # chapters whose layout decides what they draw: see `described`
FALLBACK = {  # beats named at render time: QuickVersion's recap pages, where its render recorded no pages
    "QuickVersion": N_(
        "A page of the recap: a line per chapter, each beside a small icon of that chapter's picture and over its "
        "number and title, the one before stepping back; above, the formula softmax(Q Kᵀ / √d) V lights the terms "
        "each line is about."
    ),
}
RECAP_PAGE = N_(
    "Recap, %(page)s (%(titles)s): a line per chapter, each beside a small icon of that chapter's picture and over "
    "its number and title, the one before stepping back; above, the formula softmax(Q Kᵀ / √d) V lights the terms "
    "each line is about."
)
PAGE = re.compile(
    r"Chapters? (\d+)(?: to (\d+))?"
)  # a QuickVersion page's name, as `quick_version.page_name`


def described(chapter: str, ex: Examples, layout: dict | None = None) -> dict[str, str]:
    """Beat name -> what the beat draws, for the chapter named `chapter` (its Scene class) and the examples;
    a chapter of LAID_OUT as its render's `layout` facts say (its .layout.json)."""
    make = CHAPTERS.get(chapter)
    if make is None:
        return {}
    return make(ex, layout) if chapter in LAID_OUT else make(ex)


def names(chapter: str, ex: Examples) -> dict[str, str]:
    """Beat name (the chapter's, English) -> the name as a viewer reads it in the active language, for the beats
    `described` knows of the chapter named `chapter`."""
    return {name: getattr(name, "shown", None) or _(name) for name in described(chapter, ex)}


def page_name(name: str) -> str | None:
    """A QuickVersion page's name ('Chapters 4 to 6', named at render time) in the active language; None for
    another name."""
    found = PAGE.fullmatch(name)
    if found is None:
        return None
    if found[2] is None:
        return _("Chapter %(number)s", number=found[1])
    return _("Chapters %(first)s to %(last)s", first=found[1], last=found[2])


def recap_page(name: str, titles: list[str]) -> str:
    """A QuickVersion page named `name`, listing the chapters titled `titles` (`beat_text.recap_page`: those its
    render recorded), in the active language: each page says which chapters it lists (six pages described alike
    were one sentence heard six times)."""
    return _(RECAP_PAGE, page=page_name(name) or name, titles=clauses(quoted(t) for t in titles))


def examples_of(settings: RenderSettings) -> Examples:
    """The examples a render with `settings` shows: its example file's, or the lecture's own."""
    return load_example_file(settings.example) if settings.example else DEFAULT
