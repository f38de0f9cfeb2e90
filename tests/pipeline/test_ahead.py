"""A render's look-ahead (pipeline.run.ahead): a lecture chapter rendered the first time with its example and
language has its formulas typeset in one LaTeX run first; the list each render keeps says when it need not."""

import importlib
from pathlib import Path

from manim import FadeIn, Scene, tempconfig

from pipeline import outputs
from pipeline.plan.settings import from_options
from pipeline.run import ahead, dry_run, typeset
from pipeline.run.jobs import Job
from scenes.chapters.registry import CHAPTERS, find
from scenes.kit.numbers import SansTex


def test_a_first_look_ahead_typesets_every_formula_the_chapter_then_meets(tmp_path, monkeypatch):
    for module, name in typeset.CACHES:  # as in a fresh worker: no formula built, nor look-alike seen, before
        monkeypatch.setattr(importlib.import_module(module), name, {})
    monkeypatch.setattr(typeset, "LOOKALIKES", {})
    chapter = find("ScoreEveryWord").scene_class()
    with tempconfig({"tex_dir": str(tmp_path / "Tex")}):
        written = dry_run.typeset_ahead(chapter, {"media_dir": str(tmp_path)})
        svgs = len(list((tmp_path / "Tex").glob("*.svg")))
        with typeset.recording() as missing:  # nothing typeset alone from now on: all of it is recorded
            dry_run.run(chapter, {"media_dir": str(tmp_path)})
    assert written >= 10 and svgs == written
    assert missing == []


class TwoBeats(Scene):
    """Two beats, each showing a formula no test has typeset."""

    def construct(self):
        for beat, number in (("first", "271.828"), ("second", "314.159")):
            self.next_section(beat)
            self.play(FadeIn(SansTex(number, "=", rf"x_{{\text{{{beat}}}}}")))


def test_a_dry_run_that_looks_ahead_shows_its_watcher_each_beat_once(tmp_path, monkeypatch):
    """The look-ahead's beats are not watched (a layout probe's checks cost a tenth of a run): the real run's
    are, each once."""
    monkeypatch.setattr(typeset, "LOOKALIKES", {})
    monkeypatch.setattr(typeset, "ALONE", 0)  # a look-ahead from the first missing formula
    monkeypatch.setattr(typeset, "MISSED", {})
    monkeypatch.setattr(typeset, "RUN_SECONDS", {})
    runs, watched = [], []

    class Counted(TwoBeats):
        def construct(self):
            runs.append(1)
            super().construct()

    with tempconfig({"tex_dir": str(tmp_path / "Tex")}):
        _, seen = dry_run.run(
            Counted, {"media_dir": str(tmp_path)}, lambda scene, name, _: watched.append(name) or name
        )
    assert len(runs) == 2  # a look-ahead, then the real run
    assert watched == seen == ["first", "second"]


def test_only_a_lecture_chapter_with_no_whole_list_of_its_formulas_looks_ahead(tmp_path):
    chapter = find("ScoreEveryWord")
    job = Job(chapter, from_options("l"), tmp_path)
    listed = ahead.listing(job)
    assert ahead.needed(chapter.scene_class(), listed, tmp_path)  # no list yet
    (tmp_path / "a.svg").write_text("<svg/>")
    ahead.keep(listed, {"a.svg"})
    assert not ahead.needed(chapter.scene_class(), listed, tmp_path)
    assert not ahead.needed(Scene, tmp_path / "none.txt", tmp_path)  # a plain scene renders as manim's does
    ahead.keep(listed, {"a.svg", "b.svg"})
    assert ahead.needed(chapter.scene_class(), listed, tmp_path)  # an SVG the cache lost
    german = ahead.listing(Job(chapter, from_options("l", lang="de"), tmp_path))
    assert german != listed and german.parent == listed.parent


def test_the_real_lecture_lists_each_chapter_s_formulas_in_its_cache(real_lecture):
    out = Path(real_lecture).parent
    tex, found = outputs.tex_cache(out), outputs.formula_lists(out).glob("*.txt")
    lists = {path.name.rsplit("-", 1)[0]: path.read_text().split() for path in found}
    assert set(lists) == {chapter.slug for chapter in CHAPTERS}
    for names in lists.values():
        assert names and all((tex / name).is_file() for name in names)
