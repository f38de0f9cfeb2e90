"""Beat jobs: a chapter rendered in parts of its beats is, joined, frame for frame the chapter rendered whole;
how finely chapters are split, from the beats' measured times and the workers."""

import json
import re
import shutil
from pathlib import Path

import av
import numpy as np
import pytest

from pipeline import outputs
from pipeline.frames.beats import Beat
from pipeline.plan.settings import from_options
from pipeline.run import beat_jobs
from pipeline.run.jobs import Job
from scenes.chapters import registry
from scenes.chapters.registry import Chapter

SOURCE = '''
from manim import RIGHT, UP, Circle, Create, FadeIn, Square, ValueTracker, always_redraw

from scenes.kit.chapter import ChapterScene


class Beats(ChapterScene):
    """Four beats: captions held for reading, run times that are not whole frames, a shape redrawn every frame;
    a layout fact for the descriptions."""

    def construct(self):
        shape = Square()
        self.layout_facts = {"shape": "square", "beside": True}
        self.beat("one")
        self.show(Create(shape), caption="a square appears", run_time=0.45)
        self.beat("two")
        self.say("it is going to move to the right now", hold=0.33)
        self.show(shape.animate.shift(RIGHT), run_time=0.52)
        self.beat("three")
        height = ValueTracker(0)
        self.add(always_redraw(lambda: Circle(radius=0.2).move_to(UP * height.get_value())))
        self.show(height.animate.set_value(2), caption="a circle rises", run_time=0.61)
        self.beat("four")
        self.show(FadeIn(Circle(radius=1)), caption="the end", run_time=0.3)
'''


@pytest.fixture
def beats_chapter(lecture, monkeypatch):
    (lecture.folder / "beats.py").write_text(SOURCE)
    chapter = Chapter(1, "Beats", "Beats in parts", f"{lecture.package}.beats")
    monkeypatch.setattr(registry, "CHAPTERS", (chapter,))
    return chapter


def frames(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


def test_a_chapter_rendered_in_parts_is_the_chapter_rendered_whole(beats_chapter, run, tmp_path, monkeypatch):
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    assert run("render", "--jobs", 1, "--output", whole).exit_code == 0
    shutil.copytree(whole, parts)  # its manifest holds the beats' measured times
    monkeypatch.setattr(beat_jobs, "SKIP_COST", 0.0)  # so that splitting pays even for a tiny chapter
    monkeypatch.setattr(beat_jobs, "JOB_COST", 0.0)
    planned = []
    numbered = beat_jobs.numbered
    monkeypatch.setattr(beat_jobs, "numbered", lambda jobs: planned.extend(numbered(jobs)) or planned)
    result = run("render", "--force", "--jobs", 2, "--output", parts)
    assert result.exit_code == 0, result.output
    assert len(planned) >= 2 and all(job.part is not None for job in planned)
    a, b = whole / "480p15", parts / "480p15"
    mine, theirs = frames(a / "01-Beats.mp4"), frames(b / "01-Beats.mp4")
    assert len(mine) == len(theirs) > 0
    assert all(np.array_equal(x, y) for x, y in zip(mine, theirs)), "a frame differs"
    assert outputs.layout_facts(a / "01-Beats.layout.json") == {"beside": True, "shape": "square"}
    for name in (
        "01-Beats.srt",
        "01-Beats.vtt",
        "01-Beats.beats.vtt",
        "01-Beats.png",
        "01-Beats.layout.json",
    ):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    for number in range(1, 5):
        poster = f"01-Beats.beat-{number:02d}.png"
        assert (a / poster).read_bytes() == (b / poster).read_bytes(), poster
    timeless = [{k: v for k, v in beat.items() if k != "seconds"} for beat in _record(a)]
    assert [{k: v for k, v in beat.items() if k != "seconds"} for beat in _record(b)] == timeless
    assert [beat["name"] for beat in timeless] == ["one", "two", "three", "four"]
    assert not (parts / ".work").exists()  # the parts were removed once joined
    lines = result.output.splitlines()
    done = next(line for line in lines if line.startswith("done 01-Beats"))
    summary = next(line for line in lines if " rendered, " in line)
    assert took(done) <= took(summary)  # the chapter's wall time, not its parts' times added up
    assert done.endswith(f"files in {b}")  # counted, not listed


def took(line: str) -> float:
    """The seconds a progress or summary line says something took."""
    return float(re.search(r" in ([\d.]+) s", line)[1])


def _record(folder: Path) -> list[dict]:
    return json.loads((folder / "01-Beats.mp4.beats.json").read_text())


def _job(number: int, video_format: str = "mp4") -> Job:
    chapter = Chapter(number, f"C{number}", "", "nowhere")
    return Job(chapter, from_options("l", video_format=video_format), Path("out"))


def _beats(*seconds: float) -> tuple[Beat, ...]:
    return tuple(Beat(f"b{i}", i, 1, i / 15, (i + 1) / 15, 2 * i, 2, s) for i, s in enumerate(seconds))


def test_on_two_workers_a_lecture_of_balanced_chapters_is_not_split():
    chapters = [(_job(n), _beats(*[3.0] * 4)) for n in range(1, 9)]
    jobs = beat_jobs.numbered(beat_jobs.plan(chapters, 2))
    assert all(job.part is None for job in jobs) and len(jobs) == 8


def test_with_many_workers_the_longest_chapter_is_split_at_beats_and_jobs_run_longest_first():
    chapters = [(_job(1), _beats(*[10.0] * 8)), (_job(2), _beats(2.0, 2.0))]
    jobs = beat_jobs.numbered(beat_jobs.plan(chapters, 8))
    parts = [job.part for job in jobs if job.chapter.number == 1]
    assert len(parts) > 2
    assert sorted((p.first_beat, p.beats) for p in parts)[0][0] == 0
    assert sum(p.beats for p in parts) == 8 and {p.count for p in parts} == {len(parts)}
    ends = {p.first: p.end for p in parts}
    assert ends[max(ends)] is None and all(end in ends for end in ends.values() if end is not None)
    costs = [_predicted_cost(job, chapters) for job in jobs]
    assert costs == sorted(costs, reverse=True)
    before = beat_jobs.predicted([80.0, 4.0], 8)
    assert beat_jobs.predicted([_predicted_cost(j, chapters) for j in jobs], 8) < before


def _predicted_cost(job: Job, chapters) -> float:
    seconds = [b.seconds for b in dict((j.chapter.number, m) for j, m in chapters)[job.chapter.number]]
    if job.part is None:
        return beat_jobs.part_cost(seconds, 0, len(seconds))
    return beat_jobs.part_cost(seconds, job.part.first_beat, job.part.first_beat + job.part.beats)


def test_unmeasured_chapters_and_gifs_are_whole_jobs_unmeasured_first():
    chapters = [(_job(1), _beats(*[10.0] * 8)), (_job(2), None)]
    jobs = beat_jobs.plan(chapters, 16)
    assert [job.chapter.number for job in jobs] == [2, 1] and all(job.part is None for job in jobs)
    gif = beat_jobs.plan([(_job(1, "gif"), _beats(*[10.0] * 8))], 16)
    assert [job.part for job in gif] == [None]


def test_predicted_wall_time_places_the_longest_jobs_first():
    assert beat_jobs.predicted([1, 1, 1, 1, 1, 5], 2) == 5 and beat_jobs.predicted([3, 3, 2, 2, 2], 2) == 7
    assert beat_jobs.predicted([5], 4) == 5 and beat_jobs.predicted([], 2) == 0


# Each beat's render time (s) as the manifest recorded it in a -q l render of the twelve chapters, two jobs
RECORDED = {
    "FixedContext": (9.441, 4.563, 2.535, 8.173, 4.195),
    "ThreeTokenDrag": (4.844, 16.647, 8.301, 5.663),
    "ScoreEveryWord": (32.462, 1.48, 5.17, 4.227),
    "BlendByWeight": (23.217, 1.157, 2.659, 9.453, 1.567),
    "Refocus": (22.991, 2.601, 7.076, 3.257, 1.451),
    "SourcePositions": (15.649, 3.418, 10.474, 16.514, 34.324, 27.116),
    "ShrinkScores": (22.207, 5.044, 48.206, 29.86),
    "WhereItBreaks": (31.229, 31.816, 36.931, 22.793),
    "QuickVersion": (24.799, 3.274, 10.765, 12.228, 13.417, 51.108),
    "AllQueriesAtOnce": (26.538, 2.448, 1.177, 5.119, 4.291, 6.614),
    "CausalMask": (17.523, 3.573, 4.25, 6.475, 1.538, 2.834, 2.327),
    "MultiHead": (19.268, 2.561, 10.383, 3.557, 3.52),
}


@pytest.mark.parametrize("workers", [2, 4, 16])
def test_on_the_recorded_lecture_beat_jobs_never_predict_slower_than_chapter_jobs(workers):
    chapters = [(_job(n), _beats(*seconds)) for n, seconds in enumerate(RECORDED.values(), start=1)]
    jobs = beat_jobs.numbered(beat_jobs.plan(chapters, workers))
    whole = beat_jobs.predicted([beat_jobs.part_cost(list(s), 0, len(s)) for s in RECORDED.values()], workers)
    planned = beat_jobs.predicted([_predicted_cost(job, chapters) for job in jobs], workers)
    assert planned <= whole
    if workers == 2:  # the chapters balance on two workers: they stay whole jobs
        assert all(job.part is None for job in jobs) and len(jobs) == len(RECORDED)
    if workers == 16:  # the longest chapters are split: well below the longest chapter's time
        assert planned < 0.8 * whole
