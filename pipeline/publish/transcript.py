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
from pipeline.plan import dependencies
from pipeline.plan.settings import RenderSettings
from pipeline.publish import beat_text, drawn, lecture, present_page
from pipeline.publish.descriptions import Described
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
        tables = TABLES.get(chapter.name, lambda _: [])(ex)
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
    printed = [[text_minus(x) for x in fmt_column(v, places)] for v in values]
    return Table(caption, heads, [[name, *cells] for name, *cells in zip(names, *printed)])


def grid(
    caption: str, corner: str, rows: list[str], cols: list[str], numbers, places: int = WEIGHT_PLACES
) -> Table:
    """A table of a matrix: a row per name in `rows`, a column per name in `cols`, `corner` naming the rows."""
    return columns(caption, rows, [corner, *cols], *numbers.T, places=places)


def quoted(tokens) -> list[str]:
    return [f"“{t}”" for t in tokens]


def score_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.blend.trace(0), ex.blend.tokens
    caption = f"The query {coords_text(tr.query)} against each key, scores divided by √{tr.width}"
    table = columns(
        caption, quoted(tokens), ["word", "key", "q · k", "score"], tr.dots, tr.scores, places=SCORE_PLACES
    )
    keys = [coords_text(k) for k in tr.keys]
    return [Table(table.caption, table.heads, [[r[0], k, *r[1:]] for r, k in zip(table.rows, keys)])]


def drag_table(ex: Examples) -> list[Table]:
    """The worked example as the chapter works it: each quantity to its column's decimals, the weights to
    WEIGHT_PLACES (a one-hot row reads '1.000', '0.000', as the bars print it)."""
    tr, tokens = ex.drag.trace(), ex.drag.tokens
    keys = [coords_text(k) for k in tr.keys]
    heads = ["word", "key", "q · k", "score", "weight"]
    caption = f"The worked example: q = {coords_text(tr.query)}, scores divided by √{tr.width}"
    table = columns(caption, quoted(tokens), heads, tr.dots, tr.scores, places=SCORE_PLACES)
    weights = decimals(tr.weights, WEIGHT_PLACES)
    rows = [[r[0], k, *r[1:], w] for r, k, w in zip(table.rows, keys, weights)]
    return [Table(table.caption, table.heads, rows)]


def projection_table(_: Examples) -> list[Table]:
    """The lecture's own words whatever the example (as the chapter shows them): each word's embedding and
    what W_Q, W_K and W_V make of it."""
    p = DEFAULT_PROJECTIONS
    heads = ["word", "embedding x", "query x·W_Q", "key x·W_K", "value x·W_V"]
    rows = [
        [f"“{t}”", *map(coords_text, vectors)]
        for t, *vectors in zip(p.tokens, p.embeddings, p.queries, p.keys, p.values)
    ]
    return [Table("Each word's query, key and value, made from its embedding x", heads, rows)]


def blend_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.blend.trace(0), ex.blend.tokens
    heads = ["word", "q · k", "score", "exp", "weight", "value x", "value y"]
    caption = (
        f"The first query {coords_text(tr.query)}: from dot products to weights, and the values they blend"
    )
    table = columns(caption, quoted(tokens), heads, tr.dots, tr.scores, tr.weights, *tr.values.T)
    exps = [plain(exp_text(s, WEIGHT_PLACES)) for s in tr.scores]  # from the score: e^800 is beyond a float
    table = Table(table.caption, table.heads, [[*r[:3], e, *r[3:]] for r, e in zip(table.rows, exps)])
    output = ["output", "", "", "", "", *map(text_minus, fmt_column(tr.output, WEIGHT_PLACES))]
    return [Table(table.caption, table.heads, [*table.rows, output])]


def refocus_table(ex: Examples) -> list[Table]:
    tokens, traces = ex.blend.tokens, [ex.blend.trace(k) for k in range(len(ex.blend.queries))]
    heads = ["word", *(f"weight, query {coords_text(t.query)}" for t in traces)]
    return [
        columns(
            "Each query's weights over the same keys", quoted(tokens), heads, *(t.weights for t in traces)
        )
    ]


def matrix_tables(ex: Examples) -> list[Table]:
    tr, tokens = all_queries(ex.blend), ex.blend.tokens
    names = [f"query {k + 1}" for k in range(len(tr.queries))]
    return [
        grid("Q Kᵀ / √d: the scores", "query", names, quoted(tokens), tr.scores, SCORE_PLACES),
        grid("softmax, row by row: the weights", "query", names, quoted(tokens), tr.weights),
        grid("the weights times V: the outputs", "query", names, ["x", "y"], tr.outputs),
    ]


def cross_tables(ex: Examples) -> list[Table]:
    cross = ex.cross
    target, source = quoted(cross.target_tokens), quoted(cross.source_tokens)
    square = cross.self_attention()
    return [
        grid(
            "Cross-attention weights: a row per decoder step",
            "decoder step",
            target,
            source,
            cross.cross().weights,
        ),
        grid("Self-attention weights of the source", "query word", source, source, square.weights),
    ]


def variance_table(_: Examples) -> list[Table]:
    samples = drawn.variance_experiment()
    names = [f"d = {s.width}" for s in samples]
    heads = ["width", "variance of q · k", "variance of q · k / √d"]
    raw, scaled = [s.raw_var for s in samples], [s.scaled_var for s in samples]
    return [columns("Sample variances of random dot products", names, heads, raw, scaled, places=2)]


def gain_table(ex: Examples) -> list[Table]:
    scaled, raw = ex.blend.trace(0), ex.blend.trace(0, scaled=False)
    gains = [weights_at_gain(raw.scores, g) for g in drawn.GAIN_STOPS]
    heads = ["word", "scaled", "gain 1", *(f"gain {g:g}" for g in drawn.GAIN_STOPS)]
    caption = "The weights as the gain on the unscaled scores turns up"
    return [columns(caption, quoted(ex.blend.tokens), heads, scaled.weights, raw.weights, *gains)]


def word_order_tables(ex: Examples) -> list[Table]:
    """Each word's weight and each word's output in both orders, the sinusoidal table and the rotary scores, as
    the chapter shows them."""
    sq, ss = positions.shuffle_query(ex.blend), positions.shuffle_sentence(ex.causal)
    moved = [sq.order.index(t) for t in sq.tokens]
    weights = columns(
        f"Each word's weight from the first query, the words in order and as “{' '.join(sq.order)}”",
        quoted(sq.tokens),
        ["word", "weight", "weight, reordered"],
        sq.before.weights,
        sq.after.weights[moved],
    )
    kept = [ss.order.index(t) for t in ss.tokens]
    outputs = columns(
        f"Each word's output over “{' '.join(ss.tokens)}” and over “{' '.join(ss.order)}”",
        quoted(ss.tokens),
        ["word", "output x", "output y", "output x, reordered", "output y, reordered"],
        *ss.before.outputs.T,
        *ss.after.outputs[kept].T,
    )
    pe = positions.sinusoidal(np.arange(len(DEFAULT_PROJECTIONS.embeddings)), positions.PE_WIDTH)
    table = grid(
        f"Sinusoidal encodings at width {positions.PE_WIDTH}",
        "position",
        [f"p = {p}" for p in range(len(pe))],
        [f"PE {i}" for i in range(positions.PE_WIDTH)],
        pe,
    )
    rope = positions.rotary_table()
    scores = map(text_minus, fmt_column([r.score for r in rope], SCORE_PLACES))
    q, k = coords_text(positions.ROPE_QUERY), coords_text(positions.ROPE_KEY)
    rotary = Table(
        f"Rotary scores of q {q} and k {k}, turned by {positions.ROPE_STEP:g}° a position",
        ["positions (m, n)", "offset n − m", "score"],
        [
            [f"({r.positions[0]}, {r.positions[1]})", text_minus(str(r.offset)), s]
            for r, s in zip(rope, scores)
        ],
    )
    return [weights, outputs, table, rotary]


def training_tables(_: Examples) -> list[Table]:
    """The trained head's loss at every eighth of its steps, and what it learned, W_Q W_K^T, as the chapter
    shows them."""
    head = training.train_head()
    every = range(0, training.STEPS + 1, training.STEPS // 8)
    losses = columns(
        "The training loss", [str(k) for k in every], ["step", "loss"], [head.losses[k] for k in every]
    )
    words = quoted(training.WORDS)
    learned = grid("What it learned, W_Q W_Kᵀ", "query word", words, words, head.bilinear, places=1)
    return [losses, learned]


def causal_tables(ex: Examples) -> list[Table]:
    tr, words = ex.causal.trace(), quoted(ex.causal.tokens)
    return [
        grid("Weights without the mask", "query word", words, words, tr.unmasked.weights),
        grid("Weights with the causal mask", "query word", words, words, tr.weights),
        grid("Outputs with the mask", "word", words, ["x", "y"], tr.outputs),
    ]


def heads_table(ex: Examples) -> list[Table]:
    tr, tokens = ex.heads.trace(), ex.heads.tokens
    heads = ["word", "one head", *(f"head {k + 1}" for k in range(len(tr.heads)))]
    weights = [tr.single.weights, *(h.trace.weights for h in tr.heads)]
    return [columns("Each head's weights, and one full-width head's", quoted(tokens), heads, *weights)]


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
