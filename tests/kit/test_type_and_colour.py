"""One colour and type system: role colours apart from token colours, sizes by role, no text too small to read."""

import itertools

import pytest
from manim import tempconfig

from pipeline.plan.settings import from_options
from scenes.chapters.registry import CHAPTERS
from scenes.kit.bars import VectorReadout, WeightBars
from scenes.kit.chapter import ChapterScene
from scenes.kit.components import chapter_title, math, number, text, width_of
from scenes.kit.formula_slot import PIECES, TERMS, formula_slot
from scenes.kit.palette import APART, FRAME_HEIGHT, MIN_PX, SIZES, THEMES, delta_e
from tests.support.layout import beat_ends, chapter_ends, too_small


@pytest.mark.parametrize("name", THEMES)
def test_role_colours_are_far_from_every_token_colour_and_from_each_other(name):
    theme = THEMES[name]
    roles = theme.roles()
    close = [(r, t) for r, c in roles.items() for t in theme.tokens if delta_e(c, t) <= APART]
    assert not close, f"role colours near token colours: {close}"
    assert min(delta_e(a, b) for a, b in itertools.combinations(roles.values(), 2)) > APART
    assert min(delta_e(a, b) for a, b in itertools.combinations(theme.tokens, 2)) > APART
    assert min(delta_e(c, theme.background) for c in [*roles.values(), *theme.tokens]) > 50


def test_orange_is_the_output_alone():
    for theme in THEMES.values():
        oranges = [c for c in [*theme.roles().values(), *theme.tokens] if delta_e(c, theme.output) < 30]
        assert oranges == [theme.output]


def test_delta_e_measures_known_pairs():
    assert delta_e("#000000", "#FFFFFF") == pytest.approx(100, abs=0.01)
    assert delta_e("#FF0000", "#FF0000") == 0


class Sizes(ChapterScene):
    """A text, a formula, a live number and a readout of every role, as the builders make them."""

    title = "Sizes"

    def construct(self):
        self.beat("only")
        for i, role in enumerate(SIZES):
            row = [text(f"H{role}", role=role), math("0.5", role=role), number(0.25, role=role)]
            row.append(VectorReadout([1, -2], role=role))
            for j, mobject in enumerate(row):
                self.add(mobject.move_to([-5 + 3 * j, 3 - 1.4 * i, 0]))


def test_each_role_is_drawn_at_its_size_in_text_formulas_and_numbers(tmp_path):
    (end,) = beat_ends(Sizes, tmp_path)
    by_role: dict[str, set[int]] = {}
    for thing in end.drawn:
        if thing.kind == "text":
            by_role.setdefault(thing.role, set()).add(round(thing.px(1080)))
    assert by_role == {role: {px} for role, px in SIZES.items()}


def test_px_are_the_heights_of_a_capital_and_a_digit_as_the_stage_draws_them(tmp_path):
    with tempconfig({"media_dir": str(tmp_path), "format": "none"}):
        scene = ChapterScene()
    scene.setup()
    assert scene.camera.frame_height == pytest.approx(FRAME_HEIGHT)
    for glyph in (text("H", role="label"), math("0", role="label"), number(0, places=0, role="label")):
        assert glyph.height / FRAME_HEIGHT * 1080 == pytest.approx(SIZES["label"], rel=0.03)


def test_no_builder_draws_below_the_smallest_size():
    assert text("x", size=4).font_size >= text("x", role="small").font_size - 1e-9
    assert math("1", size=4).font_size >= math("1", role="small").font_size - 1e-9
    assert VectorReadout([1], size=4).numbers[0].height >= math("1", role="small").height * 0.98
    assert MIN_PX == 28


def test_token_labels_of_bars_share_one_size_however_long_the_names():
    bars = WeightBars(["a", "a-very-long-name-indeed-x", "猫"], [0.2, 0.3, 0.5])
    heights = {round(label.font_size, 6) for label in bars.labels}
    assert len(heights) == 1


@pytest.mark.parametrize(
    "content, role, size", [("money", "label", None), ("Ωμέγα-and-猫…", "small", None), ("q", "body", 40)]
)
def test_a_text_is_measured_as_wide_as_it_is_built_in_any_colour(content, role, size):
    built = [text(content, role, color, size) for color in (None, "#FF0000")]
    assert all(width_of(content, role, size) == pytest.approx(b.width) for b in built)


def test_the_title_is_the_title_size():
    head, sub = chapter_title("A title", "its subtitle")
    assert (head.role, sub.role) == ("title", "body")


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_no_text_is_smaller_than_28_px_at_1080p_or_12_px_at_480p(chapter):
    ends = chapter_ends(chapter, from_options("l"))
    small = [
        f"{end.beat}: {thing} is {thing.px(1080):.1f} px at 1080p ({thing.px(480):.1f} at 480p)"
        for end in ends
        for thing in end.drawn
        if too_small(thing)
    ]
    assert not small, "\n".join(small)


def play_to_end(animation) -> None:
    animation.begin()
    animation.finish()


def test_the_formula_slot_lights_one_term_and_dims_the_rest():
    slot = formula_slot()
    assert slot.lit() == list(TERMS)
    for name in TERMS:
        play_to_end(slot.light(name))
        assert slot.lit() == [name]
    play_to_end(slot.light())
    assert slot.lit() == list(TERMS)
    with pytest.raises(ValueError, match="term: expected one of dot, scale, exp, blend, got"):
        slot.term("softmax")


def test_the_formula_slot_colours_q_k_v_and_output_by_role():
    slot = formula_slot()
    roles = THEMES["dark"].roles()
    colours = {tex: piece.get_color().to_hex().upper() for piece, (tex, _) in zip(slot.formula, PIECES)}
    assert colours["q"] == roles["query"] and colours["k_i"] == roles["key"]
    assert colours["v_i"] == roles["value"] and colours[r"\text{output}"] == roles["output"]
