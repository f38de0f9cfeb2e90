"""Chapters drawn in the render's language (issue 34): `_()` answers in the language a render is in, numbers on
screen as the locale writes them (a decimal comma and ';' between listed numbers in German, formulas and live
numbers alike, their equations still checked on what is printed), words in a CJK font in Chinese, and the voice
of the language. Pure functions and one-formula typesetting: no chapter is run here."""

import re

import pytest

import i18n
from i18n.numbers import decimal_sign, tex
from narration import voices
from pipeline.frames import scene_render
from pipeline.plan.dependencies import Scanner
from pipeline.plan.settings import from_options
from scenes.chapters import registry
from scenes.kit import components as c
from scenes.kit.arithmetic import Relation, dot_product_tex, scaled_tex, value_of, vector_tex
from scenes.kit.palette import CJK_FONT, FONT, font
from tests.kit.test_equations import holds


def english_form(formula: str) -> str:
    """A German formula read back as the arithmetic wrote it: the decimal comma a point, ';' a comma."""
    return formula.replace("{,}", ".").replace(";", ",")


def test_the_catalogue_answers_in_the_active_language():
    assert i18n._("encoder") == "encoder"
    with i18n.active("de"):
        assert i18n._("encoder") == "Encoder"
        assert i18n._("“%(word)s”", word="cat") == "„cat“"
    with i18n.active("zh"):
        assert i18n._("encoder") == "编码器"
    assert i18n.language() == i18n.SOURCE


@pytest.mark.parametrize(
    "english, german",
    [
        ("[0.665, 0.245]", "[0{,}665; 0{,}245]"),
        ("(2, 0)", "(2; 0)"),
        (r"[0.5,\;\; -1.25]", r"[0{,}5;\;\; -1{,}25]"),  # a formula's own spaces after the comma
        (r"[-\infty, -1.25]", r"[-\infty; -1{,}25]"),
        (r"w_i\, v_{i,2} = 0.5", r"w_i\, v_{i,2} = 0{,}5"),  # a thin space and an index keep their commas
        (r"\text{query, key} 3", r"\text{query, key} 3"),  # a comma in words is no list separator
    ],
)
def test_german_formulas_write_a_decimal_comma_and_list_with_semicolons(english, german):
    assert tex(english, "de") == german
    assert tex(english, "zh") == tex(english, "en") == english


def test_german_typesets_the_formula_a_chapter_builds_in_english_form():
    formula = dot_product_tex([0.5, -1.25], [2.0, 0.4], 0.5)
    with i18n.active("de"):
        shown = c.math(formula)
    assert "{,}" in shown.tex_string and "." not in re.sub(r"\\[a-z]+", "", shown.tex_string)
    assert english_form(shown.tex_string) == c.math(formula).tex_string


@pytest.mark.parametrize(
    "formula", [dot_product_tex([0.5, -1.25], [2.0, 0.4], 0.5), scaled_tex(0.25, [1.5, -2.0])]
)
def test_the_equations_hold_as_printed_in_german(formula):
    """The relations a formula carries are its English form; the German digits are the same numbers: every
    number in the German TeX, read with a decimal comma, is one of the relation's printed values."""
    with i18n.active("de"):
        shown = c.math(formula)
    assert shown.relations and all(holds(r) for r in shown.relations)
    printed = {value_of(t) for r in shown.relations for t in (*r.terms, r.result)}
    german = re.findall(r"-?\d+(?:\{,\}\d+)?", shown.tex_string)
    assert {float(n.replace("{,}", ".")) for n in german} <= printed | {float(d) for d in "0123456789"}


def test_a_live_number_draws_a_decimal_comma_in_german_and_keeps_its_english_printed_form():
    with i18n.active("de"):
        shown = c.number(0.768, 3)
        assert shown._get_num_string(shown.get_value()) == "0,768"  # the glyphs drawn
        shown.set_value(0.25)
        assert shown._get_num_string(shown.get_value()) == "0,250"
    assert shown.printed == "0.250"  # what the equations read (`relations`)
    assert len(shown) == len("0,250")
    english = c.number(0.768, 3)
    assert english._get_num_string(0.768) == english.printed == "0.768"
    assert decimal_sign("de") == "," and decimal_sign("zh") == "."


def test_the_vectors_of_a_german_formula_list_their_entries_with_semicolons():
    with i18n.active("de"):
        shown = c.math(vector_tex([0.665, 0.245]))
    assert shown.tex_string == "[0{,}665; 0{,}245]"


def test_words_are_set_in_a_cjk_font_in_chinese_only():
    assert font() == FONT
    with i18n.active("de"):
        assert font() == FONT
    with i18n.active("zh"):
        assert font() == CJK_FONT
        assert c.text("编码器").font == CJK_FONT
    assert c.text("encoder").font == FONT


def test_a_relation_read_from_german_digits_holds_as_the_english_one():
    relation = Relation(("0.500", "0.250"), "sum", "=", "0.750")
    german = [tex(t, "de") for t in (*relation.terms, relation.result)]
    assert german == ["0{,}500", "0{,}250", "0{,}750"]
    assert holds(Relation(tuple(english_form(t) for t in german[:2]), "sum", "=", english_form(german[2])))


def test_each_language_is_spoken_by_a_voice_of_its_own():
    english = voices.engine("espeak").identity
    with i18n.active("de"):
        german = voices.engine("piper")  # English only: German is espeak-ng's German voice
        assert german.name == "espeak" and "-v de" in german.identity
    with i18n.active("zh"):
        assert "-v cmn" in voices.engine("festival").identity
    assert "-v en-us" in english


def test_a_translated_chapters_inputs_carry_its_language_and_catalogue(tmp_path, monkeypatch):
    """An edited translation re-renders the chapters that show catalogue strings, in that language only."""
    chapter = registry.find("FixedContext")
    # every lecture chapter is translated: the benchmark's tiny chapter is not
    plain = registry.Chapter(1, "Tiny", "A tiny chapter", "benchmarks.tiny_chapter")
    english = Scanner().inputs(chapter, from_options("l"))
    assert "language" not in english and "catalogue" not in english
    german = Scanner().inputs(chapter, from_options("l", lang="de"))
    assert german["language"] == "de" and german["catalogue"]
    no_words_yet = Scanner().inputs(plain, from_options("l", lang="de"))  # no `_()` in its code
    assert no_words_yet == Scanner().inputs(plain, from_options("l"))  # its folder tells the languages apart
    edited = tmp_path / "de" / "LC_MESSAGES" / "lecture.po"
    edited.parent.mkdir(parents=True)
    edited.write_bytes(i18n.po_file("de").read_bytes() + b'\nmsgid "a new string"\nmsgstr "ein neuer Satz"\n')
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    after = Scanner().inputs(chapter, from_options("l", lang="de"))
    assert after["catalogue"] != german["catalogue"]
    assert {k: v for k, v in after.items() if k != "catalogue"} == {
        k: v for k, v in german.items() if k != "catalogue"
    }
    assert Scanner().inputs(chapter, from_options("l")) == english


def test_a_chapter_joined_from_parts_is_narrated_in_its_language(tmp_path):
    """The parent speaks a chapter rendered in parts when it joins them: in the render's language too."""
    voice = scene_render.narrator(from_options("l", voice="espeak", lang="zh"), tmp_path)
    assert voice.lang == "zh" and "-v cmn" in voice.identity
    assert "-v en-us" in scene_render.narrator(from_options("l", voice="espeak"), tmp_path).identity


def test_a_lecturers_recordings_in_another_language_are_in_its_subfolder(tmp_path):
    english = voices.engine(f"{voices.RECORDINGS}{tmp_path}")
    assert english.folder == tmp_path
    with i18n.active("de"):
        unrecorded = voices.engine(
            f"{voices.RECORDINGS}{tmp_path}"
        )  # no DIR/de: every line espeak-ng's German
        assert unrecorded.name == "espeak" and "-v de" in unrecorded.identity
        (tmp_path / "de").mkdir()
        german = voices.engine(f"{voices.RECORDINGS}{tmp_path}")
        assert german.folder == tmp_path / "de" and "-v de" in german.fallback.identity
