"""Theme files and the checks every theme passes: colours apart (also as a dichromat sees them), text that reads,
a refusal in one line naming the field, and the file's colours in the rebuild key."""

import dataclasses

import numpy as np
import pytest
from manim import Square

from pipeline.frames.scene_render import use_look
from pipeline.plan import settings
from pipeline.plan.dependencies import Scanner
from pipeline.plan.theme_file import ThemeFileError, load_theme_file, path_hash
from pipeline.run import dry_run
from scenes.chapters.registry import find
from scenes.kit import themes
from scenes.kit.chapter import ChapterScene
from scenes.kit.grids import NUMBERED_TOP
from scenes.kit.palette import DARK, THEMES, rgb, theme
from tests.support.contrast import channels, ratio
from tests.test_cli import THEME_FILE


class Swatch(ChapterScene):
    """The query's colour in a square on the theme's background."""

    title = "Swatch"

    def construct(self):
        self.beat("only")
        self.add(Square(2, fill_color=theme().query, fill_opacity=1, stroke_width=0))


@pytest.mark.parametrize("name", THEMES)
def test_every_built_in_theme_passes_every_check(name):
    assert themes.problems(THEMES[name]) == []


def test_the_example_theme_file_loads_and_passes_every_check():
    theme = load_theme_file(THEME_FILE)
    assert theme.name.startswith("chalkboard-") and theme.tokens[0] == "#FFA5DE" and len(theme.heads) == 3
    assert themes.problems(theme) == []


def test_the_simulation_gives_colorspacious_values():
    """Machado et al. 2009 at severity 1.0 on linear RGB, as colorspacious 1.1.2 gives it ('sRGB1+CVD',
    severity 100; worked out once with it)."""
    expected = {
        ("#F83E93", "protanopia"): [102.37, 115.89, 149.10],
        ("#F83E93", "deuteranopia"): [153.26, 150.93, 142.76],
        ("#F83E93", "tritanopia"): [255.00, 31.81, 99.62],
        ("#5B8DEF", "tritanopia"): [0.00, 163.18, 178.32],
    }
    for (colour, deficiency), seen in expected.items():
        np.testing.assert_allclose(255 * themes.simulate(colour, deficiency), seen, atol=0.01)


def test_dark_s_old_near_pinks_are_refused_as_a_tritanope_sees_them():
    """Issue 30: '#F83E93' and '#FF5A5F' (then dark's first and last token colours) look alike with tritanopia."""
    old = dataclasses.replace(DARK, tokens=("#F83E93", *DARK.tokens[1:5], "#FF5A5F"))
    assert (
        "tokens[0] #F83E93 and tokens[5] #FF5A5F: ΔE 7.1 apart with simulated tritanopia (needs 10)"
        in themes.problems(old)
    )


def test_a_pale_role_colour_that_a_tritanope_reads_as_text_is_refused(tmp_path):
    """A pale yellow query 55 ΔE from the text for everyone, 8 for a tritanope: a coloured word read as plain text."""
    pale = tmp_path / "pale.toml"
    pale.write_text(THEME_FILE.read_text().replace('query = "#FFE07A"', 'query = "#E8F880"'))
    with pytest.raises(ThemeFileError) as refused:
        load_theme_file(pale)
    assert str(refused.value) == (
        f"{pale}: query #E8F880 and text #F2F2EA: ΔE 8.0 apart with simulated tritanopia (needs 10)"
    )


def test_a_text_colour_that_does_not_read_is_refused():
    grey = dataclasses.replace(DARK, muted="#50565F")
    assert themes.problems(grey)[-2:] == [
        "muted #50565F on the background #0E1117: contrast 2.55 (needs 4.5), dimmed 1.85 (needs 3.0)",
        "muted #50565F on the panel #161B26: contrast 2.33 (needs 4.5), dimmed 1.77 (needs 3.0)",
    ]
    assert themes.contrast(rgb("#50565F"), rgb("#0E1117")) == pytest.approx(
        ratio(channels("#50565F"), channels("#0E1117"))
    )  # as the layout test measures it


def test_the_cell_tint_is_the_grids():
    assert themes.TINT == NUMBERED_TOP


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace('key = "#7FB2FF"\n', ""), "missing field(s) key"),
        (lambda t: t + 'accent = "#FFFFFF"\n', "unknown field(s) accent; a theme has name, background, "),
        (
            lambda t: t + 'raw = "#A59C3A"\n',
            "raw: no longer a field (raw scores are drawn in the text colour",
        ),
        (lambda t: t.replace('"#7FB2FF"', '"7FB2FF"'), "key: '7FB2FF' is not a colour \"#RRGGBB\""),
        (lambda t: t.replace('name = "chalkboard"', 'name = "light"'), "name: 'light' is a built-in theme's"),
        (
            lambda t: t.replace('name = "chalkboard"', 'name = "My colours"'),
            "name: 'My colours' is not lower-",
        ),
        (lambda t: t.replace('"#08AD84"]', '"#08AD84", "#FFFFFF"]'), "heads: expected a list of 3 colours"),
        (lambda t: t.replace("tokens = [", "tokens = ("), "not valid TOML"),
    ],
)
def test_a_malformed_theme_file_is_refused_naming_the_file_and_field(tmp_path, edit, message):
    path = tmp_path / "mine.toml"
    path.write_text(edit(THEME_FILE.read_text()))
    with pytest.raises(ThemeFileError) as refused:
        load_theme_file(path)
    assert str(refused.value).startswith(f"{path}: {message}") and "\n" not in str(refused.value)


def test_the_theme_file_s_colours_are_in_the_rebuild_key_and_name_its_folder(tmp_path):
    chapter, path = find("BlendByWeight"), tmp_path / "mine.toml"
    path.write_text(THEME_FILE.read_text())
    chosen = settings.from_options("l", theme=load_theme_file(path))
    path.write_text(path.read_text().replace('muted = "#B4BCB0"', 'muted = "#B8C0B4"'))
    edited = settings.from_options("l", theme=load_theme_file(path))
    keys = [Scanner().inputs(chapter, s) for s in (settings.from_options("l"), chosen, edited)]
    assert len({str(sorted(k.items())) for k in keys}) == 3
    assert (
        chosen.folder == f"480p15-chalkboard-{path_hash(path)}" == edited.folder
    )  # edited in place: its folder
    assert settings.from_options("h", theme="high-contrast").folder == "1080p60-high-contrast"
    assert settings.FOLDER_PATTERN.fullmatch(chosen.folder)


def test_two_theme_files_of_one_name_never_share_a_folder(tmp_path, monkeypatch):
    """a/chalk.toml and b/chalk.toml, both named 'chalkboard', render apart; one file named two ways, together."""
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "chalk.toml").write_text(THEME_FILE.read_text())
    monkeypatch.chdir(tmp_path / "a")
    a, b, again = (
        load_theme_file(p) for p in ("chalk.toml", tmp_path / "b" / "chalk.toml", "../a/chalk.toml")
    )
    folders = [settings.from_options("l", theme=t).folder for t in (a, b, again)]
    assert folders[0] != folders[1] and folders[0] == folders[2]
    assert all(f.startswith("480p15-chalkboard-") for f in folders)


def test_a_good_theme_file_s_colours_reach_the_frames(tmp_path):
    chosen = load_theme_file(THEME_FILE)
    use_look(settings.from_options("l", theme=chosen))
    try:
        scene, _ = dry_run.run(Swatch, {"pixel_width": 256, "pixel_height": 144, "media_dir": str(tmp_path)})
        picture = dry_run.picture(scene)
    finally:
        use_look(settings.from_options("l"))
    assert picture[2, 2].tolist() == np.rint(255 * rgb(chosen.background)).tolist()
    assert picture[72, 128].tolist() == np.rint(255 * rgb(chosen.query)).tolist()
