"""Generated token colours keep off the roles' looks (review 7: TrainedHead's bee in pure green read as a value,
its dog in orange-red as the output): in every built-in theme, the first OFF_ROLES colours beyond the cycle are
ROLE_MARGIN beyond the rule from every role, of another hue and no more saturated than the theme's cycle."""

import numpy as np
import pytest

from attention.training import WORDS
from scenes.chapters.trained_head import lookup_colours
from scenes.kit import palette, themes
from scenes.kit.palette import (
    APART,
    FROM_OUTPUT,
    FROM_ROLES,
    HUE_APART,
    ROLE_MARGIN,
    THEMES,
    chroma,
    delta_e,
    generated,
    hue_difference,
    lab,
    token_palette,
)

OFF_ROLES = 9  # the lecture's own names and TrainedHead's six words take fewer (the light theme holds 9 since
# its scaled scores took a wine and its generated colours must read dimmed on its background)


def role_problems(colour: str, theme) -> list[str]:
    """How `colour` reads as a role of `theme`: too near one, of its hue, or more saturated than the cycle."""
    found = []
    for role, shade in theme.roles().items():
        least = (FROM_OUTPUT if role == "output" else APART) + ROLE_MARGIN
        if delta_e(colour, shade) < least:
            found.append(f"{colour} ΔE {delta_e(colour, shade):.1f} from {role} {shade} (needs {least})")
        if hue_difference(lab(colour), lab(shade)) < HUE_APART:
            found.append(f"{colour} of {role} {shade}'s hue")
    if chroma(lab(colour)) > max(chroma(lab(c)) for c in theme.tokens) + 1e-9:
        found.append(f"{colour} more saturated than every colour of the cycle")
    return found


@pytest.mark.parametrize("name", THEMES)
def test_generated_colours_keep_off_every_role(name):
    theme = THEMES[name]
    found = [p for colour in generated(theme, OFF_ROLES) for p in role_problems(colour, theme)]
    assert not found, f"{name}: {found}"


@pytest.mark.parametrize("name", THEMES)
def test_every_token_colour_keeps_the_stated_minimum_from_every_role(name):
    """All thirty a lecture may need (five tables of six names), the cycle's and generated ones: FROM_ROLES at
    least from each role in every theme (light's went down to 24.6 from its value green, past the roles' room)."""
    theme = THEMES[name]
    near = [
        (colour, role, round(delta_e(colour, shade), 1))
        for colour in token_palette(theme, 30)
        for role, shade in theme.roles().items()
        if delta_e(colour, shade) < FROM_ROLES
    ]
    assert not near, f"{name}: {near}"
    assert len(set(token_palette(theme, 30))) == 30


@pytest.mark.parametrize("name", THEMES)
def test_no_generated_colour_passes_for_plain_text_to_a_dichromat(name):
    """As the theme check refuses for a theme's own colours (`themes.confused`): dark's #00FFDE was 6.9 from the
    text for a deuteranope, light's #640B2C 3.6 for a protanope."""
    theme = THEMES[name]
    near = [
        (colour, deficiency)
        for colour in generated(theme, 30)
        for deficiency in themes.DEFICIENCIES
        if delta_e_seen(colour, theme.text, deficiency) < themes.CVD_APART
    ]
    assert not near, near


def delta_e_seen(a: str, b: str, deficiency: str) -> float:
    return float(
        np.linalg.norm(
            palette.lab_of(themes.simulate(a, deficiency)) - palette.lab_of(themes.simulate(b, deficiency))
        )
    )


def test_the_sampled_colours_of_review_7_are_refused():
    dark = THEMES["dark"]
    assert role_problems("#00E700", dark) and role_problems("#E64700", dark)  # bee's green, dog's orange-red


@pytest.mark.parametrize("name", THEMES)
def test_trained_heads_words_read_as_no_role(name):
    palette.use_theme(name)
    try:
        colours = lookup_colours(WORDS[:4])
    finally:
        palette.use_theme("dark")
    ours = [c for c in colours.values() if c not in THEMES[name].tokens]  # the generated ones
    assert not [p for colour in ours for p in role_problems(colour, THEMES[name])]
    assert np.unique(list(colours.values())).size == len(WORDS)


@pytest.mark.parametrize("name", THEMES)
def test_the_score_and_head_colours_keep_the_stated_minimum_from_every_role(name):
    """Scaled scores and MultiHead's heads are no role's: each keeps FROM_ROLES (CIE76) from every role,
    as a token colour does, so a grid of scores never reads as keys nor a head as the queries (issue 30)."""
    theme = THEMES[name]
    theirs = {
        "scaled": theme.scaled,
        **{f"heads[{k}]": c for k, c in enumerate(theme.heads)},
    }
    near = [
        (field, role, round(delta_e(colour, shade), 1))
        for field, colour in theirs.items()
        for role, shade in theme.roles().items()
        if delta_e(colour, shade) < FROM_ROLES
    ]
    assert not near, f"{name}: {near}"


def test_light_s_scaled_scores_are_no_blue_beside_its_key():
    """Light's scaled scores were #006BAD, 49.5 from its key but of the key's hue (ΔH* 27.5): SourcePositions'
    cost grid, tinted, read as a grid of keys. CIE76 alone keeps blues apart that read alike, so the hue too."""
    light = THEMES["light"]
    assert hue_difference(lab("#006BAD"), lab(light.key)) < HUE_APART  # the blue the review saw
    assert hue_difference(lab(light.scaled), lab(light.key)) >= HUE_APART
    assert delta_e(light.scaled, light.key) >= FROM_ROLES + ROLE_MARGIN
