"""transcript.html beside index.html (WCAG 1.2.8, media alternative): every spoken line in order, chapter by
chapter and beat by beat, each beat's poster with what it draws as its text alternative and a link that plays
its video from the beat's start (`video.mp4#t=12.3`), and the numbers of each chapter's worked example as
tables. It reads as a document and prints (page.css's print rules): no video or script is needed."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from pathlib import Path
from urllib.parse import quote

import numpy as np

import i18n
from attention import Examples, positions, training, weights_at_gain
from attention.examples.beyond import all_queries
from attention.projections import DEFAULT_PROJECTIONS
from i18n import _, words
from pipeline.plan import dependencies
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, drawn, lecture, present_page
from pipeline.publish.descriptions import Described
from pipeline.publish.panel_data import local
from scenes.chapters.registry import Chapter
from scenes.kit.arithmetic import (
    SCORE_PLACES,
    WEIGHT_PLACES,
    coords_text,
    decimals,
    exp_text,
    fmt_column,
    plain,
    text_minus,
)

NAME = "transcript.html"
CARRIED = {"…… ……": "", beat_text.CONTINUED: " ", "… …": " "}  # Chinese's first: it holds German's "… …"
ENDS = (".", "!", "?", ".”", "!”", "?”", "。", "！", "？", "。”")  # how a sentence ends (in Chinese too)


@dataclass(frozen=True)
class Table:
    """A worked example's numbers: a caption, column heads, and rows (each a head cell, then numbers)."""

    caption: str
    heads: list[str]
    rows: list[list[str]]


def chapters(
    chapters: tuple[Chapter, ...], settings: RenderSettings, described: dict[Path, list[Described]]
) -> list[dict]:
    """What the transcript shows of each chapter whose video has described beats (`descriptions.tracks`): the
    chapter, its title as its video shows it (`lecture.titles`), the language of its title and lines
    (`dependencies.language_of`), its video's name, its beats (name as shown, start, poster, text alternative, lines:
    in that language) and its tables."""
    ex = drawn.examples_of(settings)
    found = []
    for chapter, title in zip(chapters, lecture.titles(chapters, settings)):
        video = next((v for v in described if v.stem == chapter.slug), None)
        if video is None:
            continue
        lang = dependencies.language_of(chapter, settings.lang)
        with i18n.active(lang):
            beats = [
                {
                    "name": b.label or b.name,
                    "start": b.start,
                    "seek": f"{ceil(b.start * 1000) / 1000:g}",  # inside the beat's first frame
                    "poster": present_page.poster(chapter.slug, k),
                    "alt": beat_text.description(b.label or b.name, b.shown),
                    "lines": sentences(b.lines),
                }
                for k, b in enumerate(described[video])
            ]
            tables = TABLES.get(chapter.name, lambda _examples: [])(
                ex
            )  # in the chapter's language, as its lines
        found.append(
            {
                "chapter": chapter,
                "title": title,
                "lang": lang,
                "video": quote(video.name),
                "beats": beats,
                "tables": tables,
            }
        )
    return found


def sentences(lines: list[str]) -> list[str]:
    """Caption cues as a reader wants them: a cue that does not end its sentence runs on into the next (a cue
    ending "..." carries on in one starting "...": "…" in German, "……" in Chinese)."""
    found: list[str] = []
    for line in lines:
        if found and (found[-1].endswith(("...", "…")) or not found[-1].endswith(ENDS)):
            found[-1] = _joined(found[-1], line)
        else:
            found.append(line)
    return found


def _joined(before: str, after: str) -> str:
    """Two cues of one sentence as one line, the marks that carried it over dropped (CARRIED)."""
    joined = f"{before} {after}"
    for carried, joint in CARRIED.items():
        joined = joined.replace(carried, joint)
    return " ".join(joined.split())


def columns(caption: str, names: list[str], heads: list[str], *values, places: int = WEIGHT_PLACES) -> Table:
    """A table whose rows are `names` and whose columns are `values` (one sequence each, printed alike)."""
    printed = [[number(x) for x in fmt_column(v, places)] for v in values]
    return Table(caption, heads, [[name, *cells] for name, *cells in zip(names, *printed)])


def grid(
    caption: str, corner: str, rows: list[str], cols: list[str], numbers, places: int = WEIGHT_PLACES
) -> Table:
    """A table of a matrix: a row per name in `rows`, a column per name in `cols`, `corner` naming the rows."""
    return columns(caption, rows, [corner, *cols], *numbers.T, places=places)


def number(printed: str) -> str:
    """A number or vector printed in English form ('-0.4', '(1.25, -0.4)'), as the active language writes it, with
    the minus sign the formulas draw."""
    return local(text_minus(printed))


def vector(values) -> str:
    """An input vector as the active language writes it: '(1,25; −0,4)' in German."""
    return local(coords_text(values))


def quoted(tokens) -> list[str]:
    return [words.quoted(t) for t in tokens]  # in the language's quotation marks: German „the“


def score_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.blend.trace(0), ex.blend.tokens
    caption = _(
        "The query %(query)s against each key, scores divided by √%(width)s",
        query=vector(tr.query),
        width=tr.width,
    )
    heads = [_("word"), _("key"), "q · k", _("score")]
    table = columns(caption, quoted(tokens), heads, tr.dots, tr.scores, places=SCORE_PLACES)
    keys = [vector(k) for k in tr.keys]
    return [Table(table.caption, table.heads, [[r[0], k, *r[1:]] for r, k in zip(table.rows, keys)])]


def drag_table(ex: Examples) -> list[Table]:
    """The worked example as the chapter works it: each quantity to its column's decimals, the weights to
    WEIGHT_PLACES (a one-hot row reads '1.000', '0.000', as the bars print it)."""
    tr, tokens = ex.drag.trace(), ex.drag.tokens
    keys = [vector(k) for k in tr.keys]
    heads = [_("word"), _("key"), "q · k", _("score"), _("weight")]
    caption = _(
        "The worked example: q = %(query)s, scores divided by √%(width)s",
        query=vector(tr.query),
        width=tr.width,
    )
    table = columns(caption, quoted(tokens), heads, tr.dots, tr.scores, places=SCORE_PLACES)
    weights = [number(w) for w in decimals(tr.weights, WEIGHT_PLACES)]
    rows = [[r[0], k, *r[1:], w] for r, k, w in zip(table.rows, keys, weights)]
    return [Table(table.caption, table.heads, rows)]


def projection_table(_unused: Examples) -> list[Table]:
    """The lecture's own words whatever the example (as the chapter shows them): each word's embedding and
    what W_Q, W_K and W_V make of it."""
    p = DEFAULT_PROJECTIONS
    heads = [_("word"), _("embedding x"), _("query x·W_Q"), _("key x·W_K"), _("value x·W_V")]
    rows = [
        [words.quoted(t), *map(vector, vectors)]
        for t, *vectors in zip(p.tokens, p.embeddings, p.queries, p.keys, p.values)
    ]
    return [Table(_("Each word's query, key and value, made from its embedding x"), heads, rows)]


def blend_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.blend.trace(0), ex.blend.tokens
    heads = [_("word"), "q · k", _("score"), _("exp"), _("weight"), _("value x"), _("value y")]
    caption = _(
        "The first query %(query)s: from dot products to weights, and the values they blend",
        query=vector(tr.query),
    )
    table = columns(caption, quoted(tokens), heads, tr.dots, tr.scores, tr.weights, *tr.values.T)
    exps = [
        local(plain(exp_text(s, WEIGHT_PLACES))) for s in tr.scores
    ]  # from the score: e^800 is beyond a float
    table = Table(table.caption, table.heads, [[*r[:3], e, *r[3:]] for r, e in zip(table.rows, exps)])
    output = [_("output"), "", "", "", "", *map(number, fmt_column(tr.output, WEIGHT_PLACES))]
    return [Table(table.caption, table.heads, [*table.rows, output])]


def refocus_table(ex: Examples) -> list[Table]:
    tokens, traces = ex.blend.tokens, [ex.blend.trace(k) for k in range(len(ex.blend.queries))]
    heads = [_("word"), *(_("weight, query %(query)s", query=vector(t.query)) for t in traces)]
    caption = _("Each query's weights over the same keys")
    return [columns(caption, quoted(tokens), heads, *(t.weights for t in traces))]


def matrix_tables(ex: Examples) -> list[Table]:
    tr, tokens = all_queries(ex.blend), ex.blend.tokens
    names = [_("query %(number)s", number=k + 1) for k in range(len(tr.queries))]
    corner = _("query")
    return [
        grid(_("Q Kᵀ / √d: the scores"), corner, names, quoted(tokens), tr.scores, SCORE_PLACES),
        grid(_("softmax, row by row: the weights"), corner, names, quoted(tokens), tr.weights),
        grid(_("the weights times V: the outputs"), corner, names, ["x", "y"], tr.outputs),
    ]


def cross_tables(ex: Examples) -> list[Table]:
    cross = ex.cross
    target, source = quoted(cross.target_tokens), quoted(cross.source_tokens)
    square = cross.self_attention()
    return [
        grid(
            _("Cross-attention weights: a row per decoder step"),
            _("decoder step"),
            target,
            source,
            cross.cross().weights,
        ),
        grid(_("Self-attention weights of the source"), _("query word"), source, source, square.weights),
    ]


def variance_table(_unused: Examples) -> list[Table]:
    samples = drawn.variance_experiment()
    names = [f"d = {s.width}" for s in samples]
    heads = [_("width"), _("variance of q · k"), _("variance of q · k / √d")]
    raw, scaled = [s.raw_var for s in samples], [s.scaled_var for s in samples]
    caption = _("Sample variances of random dot products")
    return [columns(caption, names, heads, raw, scaled, places=2)]


def gain_table(ex: Examples) -> list[Table]:
    scaled, raw = ex.blend.trace(0), ex.blend.trace(0, scaled=False)
    gains = [weights_at_gain(raw.scores, g) for g in drawn.GAIN_STOPS]
    said = [_("gain %(gain)s", gain=local(f"{g:g}")) for g in (1, *drawn.GAIN_STOPS)]
    heads = [_("word"), _("scaled"), *said]
    caption = _("The weights as the gain on the unscaled scores turns up")
    return [columns(caption, quoted(ex.blend.tokens), heads, scaled.weights, raw.weights, *gains)]


def word_order_tables(ex: Examples) -> list[Table]:
    """Each word's weight and each word's output in both orders, the sinusoidal table and the rotary scores, as
    the chapter shows them."""
    sq, ss = positions.shuffle_query(ex.blend), positions.shuffle_sentence(ex.causal)
    moved = [sq.order.index(t) for t in sq.tokens]
    weights = columns(
        _(
            "Each word's weight from the first query, the words in order and as “%(order)s”",
            order=" ".join(sq.order),
        ),
        quoted(sq.tokens),
        [_("word"), _("weight"), _("weight, reordered")],
        sq.before.weights,
        sq.after.weights[moved],
    )
    kept = [ss.order.index(t) for t in ss.tokens]
    outputs = columns(
        _(
            "Each word's output over “%(words)s” and over “%(order)s”",
            words=" ".join(ss.tokens),
            order=" ".join(ss.order),
        ),
        quoted(ss.tokens),
        [_("word"), _("output x"), _("output y"), _("output x, reordered"), _("output y, reordered")],
        *ss.before.outputs.T,
        *ss.after.outputs[kept].T,
    )
    return [weights, outputs, _sinusoidal_table(), _rotary_table()]


def _sinusoidal_table() -> Table:
    pe = positions.sinusoidal(np.arange(len(DEFAULT_PROJECTIONS.embeddings)), positions.PE_WIDTH)
    return grid(
        _("Sinusoidal encodings at width %(width)s", width=positions.PE_WIDTH),
        _("position"),
        [f"p = {p}" for p in range(len(pe))],
        [f"PE {i}" for i in range(positions.PE_WIDTH)],
        pe,
    )


def _rotary_table() -> Table:
    rope = positions.rotary_table()
    scores = map(number, fmt_column([r.score for r in rope], SCORE_PLACES))
    caption = _(
        "Rotary scores of q %(query)s and k %(key)s, turned by %(step)s° a position",
        query=vector(positions.ROPE_QUERY),
        key=vector(positions.ROPE_KEY),
        step=local(f"{positions.ROPE_STEP:g}"),
    )
    return Table(
        caption,
        [_("positions (m, n)"), _("offset n − m"), _("score")],
        [
            [local(f"({r.positions[0]}, {r.positions[1]})"), number(str(r.offset)), s]
            for r, s in zip(rope, scores)
        ],
    )


def training_tables(_unused: Examples) -> list[Table]:
    """The trained head's loss at every eighth of its steps, and what it learned, W_Q W_K^T, as the chapter
    shows them."""
    head = training.train_head()
    every = range(0, training.STEPS + 1, training.STEPS // 8)
    losses = columns(
        _("The training loss"),
        [str(k) for k in every],
        [_("step"), _("loss")],
        [head.losses[k] for k in every],
    )
    words = quoted(training.WORDS)
    learned = grid(_("What it learned, W_Q W_Kᵀ"), _("query word"), words, words, head.bilinear, places=1)
    return [losses, learned]


def causal_tables(ex: Examples) -> list[Table]:
    tr, words = ex.causal.trace(), quoted(ex.causal.tokens)
    return [
        grid(_("Weights without the mask"), _("query word"), words, words, tr.unmasked.weights),
        grid(_("Weights with the causal mask"), _("query word"), words, words, tr.weights),
        grid(_("Outputs with the mask"), _("word"), words, ["x", "y"], tr.outputs),
    ]


def heads_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.heads.trace(), ex.heads.tokens
    heads = [_("word"), _("one head"), *(_("head %(number)s", number=k + 1) for k in range(len(tr.heads)))]
    weights = [tr.single.weights, *(h.trace.weights for h in tr.heads)]
    caption = _("Each head's weights, and one full-width head's")
    return [columns(caption, quoted(tokens), heads, *weights)]


TABLES = {
    "FixedContext": lambda ex: cross_tables(ex)[:1],
    "ThreeTokenDrag": drag_table,
    "ScoreEveryWord": score_table,
    "BlendByWeight": blend_table,
    "Refocus": refocus_table,
    "Projections": projection_table,
    "AllQueriesAtOnce": matrix_tables,
    "WordOrder": word_order_tables,
    "SourcePositions": cross_tables,
    "ShrinkScores": variance_table,
    "WhereItBreaks": gain_table,
    "CausalMask": causal_tables,
    "MultiHead": heads_table,
    "TrainedHead": training_tables,
}
