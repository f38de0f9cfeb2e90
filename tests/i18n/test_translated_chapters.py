"""The translated chapters (issue 34), each run dry in German, Chinese and a pseudo-language: its words and
captions are the language's (none of its own English strings drawn or said), its numbers are written as the
language writes them, nothing leaves the stage or overlaps (German running longer, Chinese in its own font), and
in the pseudo-language, whose catalogue wraps every translation in «», every word drawn or said that is not a
token name, a number or a formula's symbol is wrapped: it came from the catalogue."""

from __future__ import annotations

import functools
import re

import pytest
from babel.messages.pofile import read_po

import i18n
from attention import examples, variance_experiment
from attention.examples.beyond import all_queries
from attention.positions import rotary_table, shuffle_query
from attention.projections import DEFAULT_PROJECTIONS, equal_keys
from attention.training import WORDS, train_head
from i18n.numbers import decimal
from scenes.chapters.all_queries_at_once import AllQueriesAtOnce
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.chapters.causal_mask import CausalMask
from scenes.chapters.fixed_context import FixedContext
from scenes.chapters.multi_head import MultiHead
from scenes.chapters.projections import Projections
from scenes.chapters.quick_version import QuickVersion
from scenes.chapters.refocus import Refocus
from scenes.chapters.registry import find
from scenes.chapters.score_every_word import ScoreEveryWord
from scenes.chapters.shrink_scores import ShrinkScores, caveat_example, extreme_places, gap_relation
from scenes.chapters.source_positions import SourcePositions
from scenes.chapters.three_token_drag import ThreeTokenDrag
from scenes.chapters.trained_head import TrainedHead
from scenes.chapters.where_it_breaks import WhereItBreaks
from scenes.chapters.word_order import WordOrder
from scenes.kit.arithmetic import SCORE_PLACES, WEIGHT_PLACES, decimals, fmt, fmt_column, fmt_input
from scenes.kit.grids import grid_places
from tests.support.layout import (
    MEDIA,
    beat_ends,
    in_caption_band,
    low_contrast,
    off_grid,
    outside_safe_area,
    overlaps,
    too_small,
)
from tests.support.pseudo_language import pseudo_german

TERMS = {  # words each chapter's translation shows or says, as the language's textbooks write them
    FixedContext: {"de": ("Aufmerksamkeit", "Encoder", "Decoder"), "zh": ("注意力", "编码器", "解码器")},
    QuickVersion: {"de": ("Kurzfassung", "Abfragen", "Gewichte"), "zh": ("快速版", "查询", "权重")},
    ScoreEveryWord: {"de": ("Abfrage", "Schlüssel", "Skalarprodukt"), "zh": ("查询", "键", "点积")},
    BlendByWeight: {"de": ("Gewichte", "Werte", "Ausgabe"), "zh": ("权重", "值", "输出")},
    Refocus: {"de": ("Abfrage", "Schlüssel", "Gewichte"), "zh": ("查询", "键", "权重")},
    SourcePositions: {
        "de": ("Kreuzaufmerksamkeit", "Abfragen", "Gewichte"),
        "zh": ("交叉注意力", "查询", "权重"),
    },
    WhereItBreaks: {"de": ("Verstärkung", "Gewicht", "Steigung"), "zh": ("增益", "权重", "斜率")},
    Projections: {"de": ("Abfrage", "Schlüssel", "Werte", "Einbettung"), "zh": ("查询", "键", "值", "嵌入")},
    ShrinkScores: {"de": ("Skalarprodukt", "Varianz", "Schlüsselbreite"), "zh": ("点积", "方差", "键宽度")},
    TrainedHead: {"de": ("Abfrage", "Gewicht", "Verlust"), "zh": ("查询", "权重", "损失")},
    AllQueriesAtOnce: {"de": ("Abfragen", "Skalarprodukte", "Ausgaben"), "zh": ("查询", "点积", "输出")},
    ThreeTokenDrag: {"de": ("Abfrage", "Schlüssel", "Gewicht"), "zh": ("查询", "键", "权重")},
    WordOrder: {"de": ("Positionskodierung", "Reihenfolge", "Schlüssel"), "zh": ("位置编码", "词序", "键")},
    CausalMask: {"de": ("Maske", "Gewicht", "Schlüssel"), "zh": ("掩码", "权重", "键")},
    MultiHead: {"de": ("Kopf", "Gewichte", "Schlüssel"), "zh": ("头", "权重", "键")},
}
CHAPTERS = tuple(TERMS)
FORMULA_WORDS = {"softmax"}  # a function's name, in every language
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def ends_in(chapter, lang: str):
    """What is drawn at each beat's end of `chapter` run dry in `lang`."""
    MEDIA.mkdir(parents=True, exist_ok=True)
    with i18n.active(lang):
        return beat_ends(chapter, MEDIA)


@pytest.fixture(
    scope="module",
    params=[(chapter, lang) for chapter in CHAPTERS for lang in ("de", "zh")],
    ids=lambda param: f"{param[0].__name__}-{param[1]}",
)
def translated(request):
    chapter, lang = request.param
    return chapter, lang, ends_in(chapter, lang)


def texts(ends) -> list[str]:
    """Every text drawn at any beat's end."""
    return [t.label for end in ends for t in end.drawn if t.kind == "text"]


@functools.cache
def template() -> list:
    """The template's messages, read once (reading it took as long as a chapter's dry run)."""
    with i18n.TEMPLATE.open("rb") as file:
        return list(read_po(file))


def english(chapter) -> list[str]:
    """The chapter's own English strings, the runs of two words or more between placeholders (its messages in
    the template whose location is its file), and its title."""
    path = f"scenes/chapters/{find(chapter.__name__).module.rpartition('.')[2]}.py"
    messages = [m for m in template() if m.id and any(where == path for where, _ in m.locations)]
    runs = [
        run.strip() for m in messages for run in PLACEHOLDER.split(m.id if isinstance(m.id, str) else m.id[1])
    ]
    return [run for run in runs if len(re.findall(r"[A-Za-z]{2,}", run)) >= 2] + [
        find(chapter.__name__).title
    ]


def test_nothing_leaves_the_stage_or_overlaps_in_either_language(translated):
    chapter, lang, ends = translated
    wrong = [
        f"{end.beat}: {t}" for end in ends for t in end.drawn if outside_safe_area(t) or in_caption_band(t)
    ]
    wrong += [f"{end.beat}: {stray}" for end in ends for stray in end.strays]
    wrong += [f"{end.beat}: {a} over {b}" for end in ends for a, b in overlaps(end.drawn)]
    assert not wrong, "\n".join(wrong)


def test_every_text_reads_against_its_ground_at_its_size_and_lines_start_on_the_grid(translated):
    chapter, lang, ends = translated
    wrong = [f"{end.beat}: {t} is {why}" for end in ends for t in end.drawn if (why := low_contrast(t))]
    wrong += [f"{end.beat}: {t} is too small" for end in ends for t in end.drawn if too_small(t)]
    wrong += [f"{end.beat}: {t} is off the body grid" for end in ends for t in off_grid(end.drawn)]
    assert not wrong, "\n".join(wrong)


def test_the_words_and_captions_are_the_languages_and_none_of_its_english(translated):
    chapter, lang, ends = translated
    shown = "\n".join([*texts(ends), *ends[-1].captions])
    assert all(term in shown for term in TERMS[chapter][lang]), TERMS[chapter][lang]
    with i18n.active(lang):
        assert i18n._(find(chapter.__name__).title) in texts(ends)
    left = [run for run in english(chapter) if run in shown]
    assert not left, left


def scores_said(lang: str) -> list[str]:
    """ScoreEveryWord's scores as its summary caption lists them: '[2; 0; 1]' in German."""
    return [listed(fmt_column(examples.current().blend.trace(0).scores, SCORE_PLACES), lang)]


def counts_said(lang: str) -> list[str]:
    """SourcePositions' growing counts as said: '8 positions: 64 scores', German '32 Positionen: 1.024 Scores'."""
    n = len(examples.current().cross.source_tokens)
    said = {"de": "{} Positionen: {} Scores", "zh": "{} 个位置：{} 个分数"}[lang]
    group = "." if lang == "de" else ","
    return [said.format(n * k, f"{(n * k) ** 2:,}".replace(",", group)) for k in (2, 4, 8)]


def listed(printed, lang: str) -> str:
    """Numbers as printed (English form) listed as a caption says them: German '[0,665; −0,245]'."""
    sign, separator = (",", "; ") if lang == "de" else (".", ", ")
    return "[" + separator.join(p.replace(".", sign).replace("-", "−") for p in printed) + "]"


def output_said(lang: str) -> list[str]:
    """BlendByWeight's output as its caption says it: German '[0,665; 0,245]'."""
    return [listed(fmt_column(examples.current().blend.trace(0).output, WEIGHT_PLACES), lang)]


def new_scores_said(lang: str) -> list[str]:
    """Refocus's new query's scores as its caption says them."""
    return [listed(fmt_column(examples.current().blend.trace(1).scores, SCORE_PLACES), lang)]


def weights_said(lang: str) -> list[str]:
    """WhereItBreaks' scaled weights as its caption lists them: German '0,665; 0,090; 0,245'."""
    return [listed(fmt_column(examples.current().blend.trace(0).weights, WEIGHT_PLACES), lang)[1:-1]]


def top_weight_said(lang: str) -> list[str]:
    """FixedContext's largest weight of the cross grid as its caption says it: German '0,870'."""
    return [decimal(examples.current().cross.cross().weights.max(), WEIGHT_PLACES, lang)]


def projected_output_said(lang: str) -> list[str]:
    """Projections' output of the query of the first of two words with equal keys, as its caption says it."""
    p = DEFAULT_PROJECTIONS
    output = p.attend(equal_keys(p)[0][0], p.tokens).output
    return [listed(fmt_column(output, WEIGHT_PLACES), lang)]


def gap_said(lang: str) -> list[str]:
    """ShrinkScores' gap between the widest sample's extreme scores, as its label prints it: German '7,285'."""
    high, low = caveat_example(variance_experiment())[:2]
    gap = gap_relation(high, low, extreme_places(high, low)).result
    return [gap.replace(".", "," if lang == "de" else ".")]


def losses_said(lang: str) -> list[str]:
    """TrainedHead's first and last loss, and its percentages, as its captions say them: German '1,361', '23 %'."""
    head = train_head()
    losses = [decimal(head.losses[k], WEIGHT_PLACES, lang) for k in (0, -1)]
    sign = " %" if lang == "de" else "%"
    return [*losses, *(f"{round(100 * share)}{sign}" for share in (head.accuracy_before, head.accuracy))]


def first_weights_said(lang: str) -> list[str]:
    """AllQueriesAtOnce's first row of weights as its caption says it: German '[0,665; 0,090; 0,245]'."""
    return [listed(fmt_column(all_queries(examples.current().blend).weights[0], WEIGHT_PLACES), lang)]


def drag_said(lang: str) -> list[str]:
    """ThreeTokenDrag's stop and its top weight there, as its captions say them: German '(2; 0)', '0,768'."""
    trace = examples.current().drag.trace()
    point = "(" + listed([fmt_input(x) for x in trace.query], lang)[1:-1] + ")"
    return [point, decimal(trace.weights.max(), WEIGHT_PLACES, lang)]


def word_order_said(lang: str) -> list[str]:
    """WordOrder's output as said while its weights move (German '[0,665; 0,245]') and its rotary scores."""
    output = [fmt(v, WEIGHT_PLACES) for v in shuffle_query(examples.current().blend).before.output]
    scores = fmt_column([r.score for r in rotary_table()], SCORE_PLACES)
    return [listed(output, lang), *dict.fromkeys(listed([s], lang)[1:-1] for s in scores)]


def causal_mask_said(lang: str) -> list[str]:
    """CausalMask's first word's weights without the mask (German '[0,665; 0,090; 0,245]') and the second
    word's two weights with it ('0,119', '0,881'), as its captions say them."""
    trace = examples.current().causal.trace()
    first = listed(decimals(trace.unmasked.weights[0]), lang)
    return [first, *(decimal(w, WEIGHT_PLACES, lang) for w in trace.weights[1, :2])]


def heads_said(lang: str) -> list[str]:
    """MultiHead's heads' outputs as its captions say them: German '[1,723; 0,277]', '[0,106; 1,789]'."""
    tr = examples.current().heads.trace()
    printed = fmt_column(tr.concatenated, grid_places(tr.concatenated, WEIGHT_PLACES))
    return [listed(printed[h.coordinates.start : h.coordinates.stop], lang) for h in tr.heads]


SAID = {
    FixedContext: top_weight_said,
    QuickVersion: lambda lang: [],
    ScoreEveryWord: scores_said,
    BlendByWeight: output_said,
    Refocus: new_scores_said,
    SourcePositions: counts_said,
    WhereItBreaks: weights_said,
    Projections: projected_output_said,
    ShrinkScores: gap_said,
    TrainedHead: losses_said,
    AllQueriesAtOnce: first_weights_said,
    ThreeTokenDrag: drag_said,
    WordOrder: word_order_said,
    CausalMask: causal_mask_said,
    MultiHead: heads_said,
}


def test_numbers_drawn_and_said_are_written_as_the_language_writes_them(translated):
    """No English decimal point in German, and a list of numbers in brackets or parentheses separated by ';'
    there (its comma is the decimal sign), by ',' in Chinese; the example's numbers said in that form."""
    chapter, lang, ends = translated
    expected = SAID[chapter](lang)
    shown = [*texts(ends), *ends[-1].captions]
    said = " ".join(ends[-1].captions)
    assert all(numbers in said for numbers in expected), (expected, said)
    for counts in expected:  # German groups a count's thousands by '.' ('1.024'), as it writes whole numbers
        shown = [line.replace(counts, "") for line in shown]
    spaced = [re.sub(r"\\[;,:!]", " ", line) for line in shown]  # TeX's spaces: '[0{,}5,\\;\\; 1]'
    lists = [found for line in spaced for found in re.findall(r"[\[(][−\-\d.,;{} ]*\d ?[\])]", line)]
    if lang == "de":
        assert not [line for line in shown if re.search(r"\d\.\d", line)]
        assert all(";" in found for found in lists if re.search(r"\d ?[,;] +[−\-\d]", found)), lists
    else:
        assert not [found for found in lists if ";" in found], lists


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    """German to Babel, its catalogue wrapping every string of the template in «», read afresh."""
    with pseudo_german(tmp_path, monkeypatch):
        yield


def names() -> set[str]:
    """Every token name the examples give a chapter to draw, and TrainedHead's task's words."""
    ex = examples.current()
    return {*ex.cross.source_tokens, *ex.cross.target_tokens, *ex.blend.tokens, *ex.drag.tokens, *WORDS}


def bare(label: str) -> bool:
    """Whether `label` holds a word outside «» that is no token name, no formula's symbol or function: TeX's
    commands (and their environments) are left out, and a word is three letters or more."""
    outside = re.sub(r"«[^«»]*»", " ", label)
    while re.search("«[^«»]*»", outside):
        outside = re.sub("«[^«»]*»", " ", outside)
    outside = re.sub(r"\\(begin|end)\{\w+\}|\\[A-Za-z]+", " ", outside)  # a matrix's brackets: an array
    words = set(re.findall(r"[A-Za-z]{3,}", outside)) - FORMULA_WORDS
    return bool(words - set(re.findall(r"[A-Za-z]{3,}", " ".join(names()))))  # "s'assit" too


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda chapter: chapter.__name__)
def test_every_word_drawn_or_said_comes_from_the_catalogue(pseudo, chapter):
    """A string typed into the chapter (or a kit's word it shows) without `_()` shows here, unwrapped."""
    ends = ends_in(chapter, "de")
    assert not {label for label in texts(ends) if bare(label)}
    said = " ".join(ends[-1].captions)  # a long caption is said in two cues: the «» around both
    while re.search("«[^«»]*»", said):
        said = re.sub("«[^«»]*»", "", said)
    assert ends[-1].captions and not said.strip(), said
