"""A language renders into a folder of its own beside English's (480p15.de), which clean finds by language and by
theme; an unknown language is refused in one line before anything is written."""

from __future__ import annotations

from pipeline import outputs
from pipeline.plan.settings import FOLDER_PATTERN, from_options


def test_each_language_has_its_own_folder_english_keeps_its_own_name():
    folders = [
        from_options("l", lang=lang, theme=theme).folder
        for lang in ("en", "de", "zh")
        for theme in ("dark", "light")
    ]
    assert folders == [
        "480p15",
        "480p15-light",
        "480p15.de",
        "480p15-light.de",
        "480p15.zh",
        "480p15-light.zh",
    ]
    assert all(FOLDER_PATTERN.fullmatch(name) for name in folders)


def test_clean_removes_a_languages_folders_or_a_themes_in_every_language(tmp_path, run):
    names = ["480p15", "480p15-light", "480p15.de", "480p15-light.de", "720p30.zh"]
    for name in names:
        (tmp_path / name).mkdir()
    assert run("clean", "--lang", "de", "--output", tmp_path).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["480p15", "480p15-light", "720p30.zh"]
    assert outputs.clean(tmp_path, None, theme="light") == [tmp_path / "480p15-light"]
    assert outputs.clean(tmp_path, from_options("m", lang="zh")) == [tmp_path / "720p30.zh"]
    assert [p.name for p in tmp_path.iterdir()] == ["480p15"]


def test_an_unknown_language_is_refused_in_one_line_before_anything_is_written(tmp_path, run):
    result = run("render", "--lang", "xx", "--voice", "none", "--output", tmp_path / "out")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "'xx' has no catalogue" in result.output
    assert not (tmp_path / "out").exists()
