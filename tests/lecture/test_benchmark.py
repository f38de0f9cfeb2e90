"""The benchmark: its tiny setting runs and writes a well-formed result (in a temporary folder, never the
committed one), and its timers charge nested calls exclusively. Ratios and structure only, never times."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from attention.training import STEPS
from benchmarks import breakdown, plan, plot, report
from benchmarks import scaling as scaling_module
from benchmarks.__main__ import main
from benchmarks.workspace import edited

ROOT = Path(__file__).parents[2]
COMMITTED = ROOT / "benchmarks" / "results"
TINY = plan.tiny()


def fingerprint(paths) -> dict:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else None for p in paths}


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory):
    """`python -m benchmarks --tiny` into a temporary folder; what the repository held before it ran."""
    out = tmp_path_factory.mktemp("bench")
    watched = [
        *(COMMITTED / name for name in ("latest.json", "latest.md", "history.jsonl")),
        ROOT / Path(*TINY.edit.module.split(".")).with_suffix(".py"),
    ]
    before = fingerprint(watched)
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--tiny", "--output", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out, before, fingerprint(watched), done.stdout


@pytest.fixture(scope="module")
def result(tiny_run):
    return json.loads((tiny_run[0] / "latest.json").read_text())


def test_repository_untouched(tiny_run):
    _, before, after, _ = tiny_run
    assert before == after


def test_machine_facts_and_load(result):
    assert result["machine"]["cpus"] >= 1
    for key in ("cpu_model", "python", "manim", "av", "numpy", "date", "commit"):
        assert result["machine"][key]
    assert len(result["load"]["before"]) == len(result["load"]["after"]) == 3
    assert 0 <= result["load"]["others"]["share"]


def test_lecture_compares_like_with_like(result):
    lecture = result["lecture"]
    assert result["settings"] == {
        "quality": "l",
        "tiny": True,
        "profile_quality": "l",
        "chapters": [TINY.chapters[0].name],
    }
    assert lecture["pipeline"]["frames"] == lecture["plain"]["frames"] > 0
    assert lecture["speedup"] == pytest.approx(
        lecture["plain"]["wall"] / lecture["pipeline"]["wall"], rel=0.01
    )
    for side in ("pipeline", "plain"):
        figures = lecture[side]
        assert figures["fps_rendered"] == pytest.approx(figures["frames"] / figures["wall"], rel=0.01)
        assert figures["peak_rss_mb"] > 0 and figures["video_mb"] > 0 and figures["others_share"] >= 0


def test_rebuilds(result):
    assert result["noop"]["wall"] < result["lecture"]["pipeline"]["wall"]
    assert "0 rendered" in result["noop"]["summary"]
    edit = result["edit"]
    assert edit["chapter"] == TINY.edit.name and "1 rendered" in edit["summary"]
    assert edit["ratio"] == pytest.approx(edit["wall"] / edit["alone_wall"], rel=0.01)


def test_narration_is_measured_against_a_silent_render(result):
    found = result["narration"]
    assert found["voice"] == TINY.voice and found["frames"] >= found["silent_frames"] > 0
    per_frame = found["silent_wall"] / found["silent_frames"]
    assert found["cold_ratio_per_frame"] == pytest.approx(
        found["cold_wall"] / found["frames"] / per_frame, rel=0.01
    )
    assert found["warm_ratio_per_frame"] == pytest.approx(
        found["warm_wall"] / found["frames"] / per_frame, rel=0.01
    )
    assert found["noop_wall"] < found["warm_wall"] and found["speech_seconds_per_minute"] >= 0
    assert found["silent_wall"] == result["edit"]["alone_wall"]  # one command, measured once


def test_the_preview_is_against_the_scalings_own_render(result):
    assert result["preview"]["render_wall"] == pytest.approx(result["scaling"]["real"]["1"], abs=0.005)


def test_chapter_breakdown_adds_up(result):
    (row,) = result["chapters"]
    worker = row["worker"]
    assert worker["frames"] == row["pipeline"]["frames"] == row["plain"]["frames"]
    assert (
        row["pipeline"]["wall"] < result["lecture"]["pipeline"]["wall"]
    )  # render.py's own time is outside it
    assert set(worker["breakdown"]) == {*breakdown.PROBES, breakdown.OTHER}
    main_thread = sum(v for k, v in worker["breakdown"].items() if k != breakdown.ENCODER_THREAD)
    assert main_thread == pytest.approx(worker["wall"], rel=0.02)


def test_growth_rows(result):
    (quality,) = result["growth"]["quality"]
    assert quality["megapixel_frames"] == pytest.approx(854 * 480 * quality["frames"] / 1e6, abs=0.1)
    assert [g["cells"] for g in result["growth"]["grid"]] == [n * n for n in TINY.grid_sizes]
    assert all(g["frames"] > 0 for g in result["growth"]["grid"])


def test_targets_follow_the_figures(result):
    assert result["targets"] == report.targets(result)
    assert set(result["targets"]) == set(report.TARGETS)


def test_markdown_and_history(tiny_run, result):
    out, _, _, printed = tiny_run
    table = (out / "latest.md").read_text()
    assert table.startswith("| -q l |") and "speed-up" in table and TINY.chapters[0].name in table
    assert printed.strip() == table.strip()
    (line,) = (out / "history.jsonl").read_text().splitlines()
    assert json.loads(line) == report.summary(result)
    assert (out / "scaling.svg").read_text() == plot.svg(result["scaling"])


def test_the_scaling_plot_draws_both_curves_and_the_real_runs():
    curves = {"chapter_jobs": {1: 100.0, 2: 52.0, 4: 30.0}, "beat_jobs": {1: 100.0, 2: 51.0, 4: 26.0}}
    picture = ElementTree.fromstring(plot.svg({**curves, "real": {"1": 99.0, "2": 55.0}}))
    lines = picture.findall("{http://www.w3.org/2000/svg}polyline")
    drawn = {line.get("stroke"): line.get("points").split() for line in lines[::-1]}  # the curve, not its key
    for _, _, color in plot.CURVES:
        assert len(drawn[color]) == 3  # one point per worker count
    ys = [float(p.split(",")[1]) for p in drawn[plot.CURVES[1][2]]]
    assert ys == sorted(ys, reverse=True)  # the speed-up grows upwards
    real = [c for c in picture.iter("{http://www.w3.org/2000/svg}circle") if c.get("fill") == "none"]
    assert len(real) == 2 + 1  # the two real runs and the legend's


def test_the_full_plan_profiles_and_previews_at_low_quality():
    full = plan.full("h")
    assert full.quality == "h" and full.profile_quality == "l" == plan.PREVIEW_QUALITY
    assert len(full.chapters) == len(plan.registry.CHAPTERS) and full.whole_lecture


@pytest.mark.parametrize("args", [["--revision", "no-such-revision"], ["--tiny", "-q", "h"]])
def test_refused_before_measuring(args):
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2 and "Error" in done.output


def test_timers_charge_nested_calls_exclusively(monkeypatch):
    clock = iter(range(100))
    monkeypatch.setattr(breakdown.time, "perf_counter", lambda: next(clock))
    timer = breakdown.Breakdown()
    with timer.charge("outer"):  # 0
        with timer.charge("inner"):  # 1 .. 2
            pass
    # outer ends at 3: 0..1 and 2..3
    assert dict(timer.seconds) == {"outer": 2, "inner": 1}


def test_edited_restores_the_module(tmp_path):
    module = tmp_path / "chapter.py"
    module.write_text("x = 1\n")
    with edited(module) as token:
        assert token in module.read_text()
    assert module.read_text() == "x = 1\n"


def test_page_drag_is_measured(result):
    drag = result["page_drag"]
    assert drag["moves"] > 0 and drag["seconds"] > 0
    assert drag["frames_per_second"] > 0 and drag["longest_frame_ms"] > 0
    assert drag["updates_per_second"] > 0  # the weights followed the drag


def test_the_training_of_trained_head_is_measured(result, tiny_run):
    assert result["training"]["steps"] == STEPS and 0 < result["training"]["seconds"]
    assert "TrainedHead's training" in (tiny_run[0] / "latest.md").read_text()


def test_scaling_floor_and_preview_are_measured(result, tiny_run):
    scaling = result["scaling"]
    assert set(scaling["real"]) == {"1", "2"} and all(v > 0 for v in scaling["real"].values())
    for kind in ("chapter_jobs", "beat_jobs"):
        assert list(scaling[kind]) == ["1", "2", "4", "8", "16"]
        walls = list(scaling[kind].values())
        assert walls == sorted(walls, reverse=True) and walls[-1] > scaling["fixed"]
    assert scaling["beat_jobs"]["1"] == pytest.approx(scaling["real"]["1"], rel=0.01)  # the model's own run
    assert all(b <= c + 1e-6 for b, c in zip(scaling["beat_jobs"].values(), scaling["chapter_jobs"].values()))
    floor = result["floor"]
    assert floor["frames"] == result["lecture"]["pipeline"]["frames"] and floor["wall"] > 0
    assert 0 < floor["sampled_frames"] <= min(floor["frames"], scaling_module.FLOOR_SAMPLE)
    assert floor["wall"] == pytest.approx(
        floor["sampled_wall"] * floor["frames"] / floor["sampled_frames"], rel=0.01
    )
    preview = result["preview"]
    assert 0 < preview["ratio"] and preview["chapter"] == TINY.preview.name and preview["quality"] == "l"
    assert "beat jobs, predicted" in tiny_run[3] and "Encoder floor" in tiny_run[3]


def test_only_scaling_measures_it_again_into_the_last_run(tiny_run, result, tmp_path):
    for name in ("latest.json", "latest.md", "history.jsonl"):
        (tmp_path / name).write_bytes((tiny_run[0] / name).read_bytes())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "--tiny",
            "--only-scaling",
            "--note",
            "quiet",
            "--output",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    again = json.loads((tmp_path / "latest.json").read_text())
    assert {k: v for k, v in again.items() if k != "scaling"} == {
        k: v for k, v in result.items() if k != "scaling"
    }
    assert again["scaling"]["measured"]["note"] == "quiet" and set(again["scaling"]["real"]) == {"1", "2"}
    assert (tmp_path / "history.jsonl").read_bytes() == (tiny_run[0] / "history.jsonl").read_bytes()
    assert "Measured alone at commit" in (tmp_path / "latest.md").read_text()


def test_only_scaling_needs_a_last_run(tmp_path):
    refused = CliRunner().invoke(main, ["--tiny", "--only-scaling", "--output", str(tmp_path)])
    assert refused.exit_code == 2 and "needs an earlier run" in refused.output


def test_the_webms_cost_is_measured_against_the_cold_render(result, tiny_run):
    webm, cold = result["webm"], result["lecture"]["pipeline"]
    assert webm["seconds_of_video"] == pytest.approx(
        cold["frames"] / 15, abs=0.01
    )  # every chapter's, at -q l
    assert webm["wall"] > 0 and webm["cpu"] > 0
    assert webm["ratio"] == pytest.approx(webm["per_minute"] / webm["mp4_per_minute"], rel=0.02)
    assert webm["cpu_ratio"] == pytest.approx(webm["cpu"] / cold["cpu"], rel=0.02)
    assert "WebMs for browsers without H.264" in (tiny_run[0] / "latest.md").read_text()
