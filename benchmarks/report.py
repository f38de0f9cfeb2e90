"""The result files: latest.json (everything), latest.md (a short table), history.jsonl (a line per run)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from . import plot
from .breakdown import ENCODER_THREAD, OTHER

TARGETS = {
    "speedup": 2.0,
    "noop_seconds": 2.0,
    "edit_ratio": 1.15,
    "narrated_cold_ratio": 1.3,
    "narrated_warm_ratio": 1.02,
}  # issues 9 and 18, for -q h on this machine; issue 28 (narration: per frame, against a silent render)
TOP_COSTS = 3  # categories named per chapter in the Markdown table


def targets(result: dict) -> dict:
    """Each target of the issue with this run's value and whether it is met."""
    values = {
        "speedup": result["lecture"]["speedup"],
        "noop_seconds": result["noop"]["wall"],
        "edit_ratio": result["edit"]["ratio"],
        "narrated_cold_ratio": result["narration"]["cold_ratio_per_frame"],
        "narrated_warm_ratio": result["narration"]["warm_ratio_per_frame"],
    }
    met = {
        "speedup": values["speedup"] >= TARGETS["speedup"],
        **{name: values[name] <= TARGETS[name] for name in TARGETS if name != "speedup"},
    }
    return {name: {"value": values[name], "target": TARGETS[name], "met": met[name]} for name in TARGETS}


def write(result: dict, folder: Path, history: bool = True) -> None:
    """Write latest.json, latest.md and scaling.svg into `folder` and (`history`) append a line to its
    history.jsonl."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "latest.json").write_text(json.dumps(result, indent=1) + "\n")
    (folder / "latest.md").write_text(markdown(result))
    (folder / "scaling.svg").write_text(plot.svg(result["scaling"]))
    if history:
        with (folder / "history.jsonl").open("a") as lines:
            lines.write(json.dumps(summary(result)) + "\n")


def summary(result: dict) -> dict:
    """The history line: when, what, the headline figures and how busy the machine was."""
    lecture = result["lecture"]
    return {
        "date": result["machine"]["date"],
        "commit": result["machine"]["commit"],
        "note": result["note"],
        "quality": result["settings"]["quality"],
        "tiny": result["settings"]["tiny"],
        "pipeline_wall": lecture["pipeline"]["wall"],
        "plain_wall": lecture["plain"]["wall"],
        "speedup": lecture["speedup"],
        "noop_wall": result["noop"]["wall"],
        "edit_ratio": result["edit"]["ratio"],
        "chapter_walls": {c["chapter"]: c["worker"]["wall"] for c in result["chapters"]},
        "load_before": result["load"]["before"],
        "load_after": result["load"]["after"],
        "others_share": result["load"]["others"]["share"],
    }


def markdown(result: dict) -> str:
    """The short Markdown report shown in benchmarks/README.md."""
    return "\n".join(
        [
            *_headline(result),
            "",
            *_chapters(result),
            "",
            *_growth(result),
            "",
            _page(result),
            "",
            _training(result),
            "",
            *_scaling(result),
            "",
            _floor_and_preview(result),
            "",
            _webm(result),
            "",
            _machine(result),
            "",
        ]
    )


def _headline(result: dict) -> list[str]:
    lecture, quality, edit = result["lecture"], result["settings"]["quality"], result["edit"]
    met = {name: "met" if target["met"] else "not met" for name, target in targets(result).items()}
    blank = " |" * 6
    return [
        f"| -q {quality} | wall | frames | frames/s | CPU s | peak RSS | video | others' CPU use |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        _row("`render.py render --force`", lecture["pipeline"]),
        _row("plain `manim render`, one chapter after another", lecture["plain"]),
        f"| **speed-up** | **{lecture['speedup']:.2f}x** (target {TARGETS['speedup']}x: {met['speedup']}) |{blank}",
        f"| no-op rebuild | {result['noop']['wall']:.2f} s (target 2 s: {met['noop_seconds']}) |{blank}",
        f"| edit {edit['chapter']}, rebuild | {edit['wall']:.1f} s = {edit['ratio']:.2f}x the chapter alone "
        f"({edit['alone_wall']:.1f} s; target 1.15x: {met['edit_ratio']}) |{blank}",
        _narration(result["narration"], met),
    ]


def _narration(found: dict, met: dict) -> str:
    return (
        f"| narrated ({found['voice']}) | cold {found['cold_wall']:.1f} s = {found['cold_ratio_per_frame']:.2f}x "
        f"silent per frame (target 1.3x: {met['narrated_cold_ratio']}), warm {found['warm_wall']:.1f} s = "
        f"{found['warm_ratio_per_frame']:.2f}x (target 1.02x: {met['narrated_warm_ratio']}), no-op "
        f"{found['noop_wall']:.2f} s; {found['speech_seconds_per_minute']:.1f} s of speech-making a minute "
        f"of lecture; {found['frames']} frames narrated, {found['silent_frames']} silent |" + " |" * 6
    )


def _row(label: str, figures: dict) -> str:
    return (
        f"| {label} | {figures['wall']:.1f} s | {figures['frames']} | {figures['fps_rendered']:.1f} "
        f"| {figures['cpu']:.0f} | {figures['peak_rss_mb']:.0f} MB | {figures['video_mb']:.1f} MB "
        f"| {figures['others_share']:.0%} |"
    )


def _chapters(result: dict) -> list[str]:
    quality, profile = result["settings"]["quality"], result["settings"]["profile_quality"]
    lines = [
        f"| chapter -q {quality} | frames | plain manim: wall, frames/s, RSS | pipeline: wall, frames/s "
        f"| alone in a worker -q {profile}: wall, RSS | where that worker's time goes (s) |",
        "|---|---:|---|---|---|---|",
    ]
    for row in result["chapters"]:
        plain, pipeline, worker = row["plain"], row["pipeline"], row["worker"]
        lines.append(
            f"| {row['chapter']} | {plain['frames']} | {plain['wall']:.1f} s, {plain['fps_rendered']:.1f}, "
            f"{plain['peak_rss_mb']:.0f} MB | {pipeline['wall']:.1f} s, {pipeline['fps_rendered']:.1f} "
            f"| {worker['wall']:.1f} s, {worker['peak_rss_mb']:.0f} MB | {_costs(worker['breakdown'])} |"
        )
    start = statistics.median(row["worker"]["import_manim"] for row in result["chapters"])
    return [
        *lines,
        "",
        f"A worker's start-up (importing manim) takes {start:.1f} s, before its first chapter.",
    ]


def _costs(breakdown: dict) -> str:
    main = {k: v for k, v in breakdown.items() if k != ENCODER_THREAD}
    top = sorted(main.items(), key=lambda kv: -kv[1])[:TOP_COSTS]
    costs = "; ".join(f"{name} {seconds:.1f}" for name, seconds in top)
    return f"{costs} (encoder thread {breakdown[ENCODER_THREAD]:.1f})"


def _growth(result: dict) -> list[str]:
    growth = result["growth"]
    lines = [
        "| growth | frames | megapixel-frames | wall | s per 100 Mpx-frames |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in growth["quality"]:
        rate = 100 * row["wall"] / row["megapixel_frames"] if row["megapixel_frames"] else 0.0
        lines.append(
            f"| {row['chapter']} {row['width']}x{row['height']} at {row['fps']} fps | {row['frames']} "
            f"| {row['megapixel_frames']:.0f} | {row['wall']:.1f} s | {rate:.2f} |"
        )
    for row in growth["grid"]:
        lines.append(
            f"| grid of {row['positions']} positions ({row['cells']} cells) | {row['frames']} | | "
            f"{row['wall']:.1f} s ({row['breakdown'][OTHER]:.1f} s building) | |"
        )
    return lines


def _page(result: dict) -> str:
    drag = result["page_drag"]
    return (
        f"The page's drag panel, dragged round a circle in headless Chromium ({drag['moves']} pointer moves in "
        f"{drag['seconds']:.1f} s): {drag['frames_per_second']:.1f} frames/s drawn, longest frame "
        f"{drag['longest_frame_ms']:.1f} ms, weights redrawn {drag['updates_per_second']:.1f} times a second "
        "(whenever the × crosses a grid step)."
    )


def _training(result: dict) -> str:
    training = result["training"]
    return (
        f"TrainedHead's training, as its render runs it: {training['steps']} steps of gradient descent in numpy, "
        f"{training['seconds']:.2f} s (the fastest of three runs in one process)."
    )


def _scaling(result: dict) -> list[str]:
    scaling = result["scaling"]
    workers = list(scaling["chapter_jobs"])
    one = {kind: scaling[kind][workers[0]] for kind in ("chapter_jobs", "beat_jobs")}
    lines = [
        "| workers | " + " | ".join(str(n) for n in workers) + " |",
        "|---|" + "---:|" * len(workers),
    ]
    for kind, label in (("chapter_jobs", "chapter jobs"), ("beat_jobs", "beat jobs")):
        cells = [f"{scaling[kind][n]:.1f} s ({one[kind] / scaling[kind][n]:.1f}x)" for n in workers]
        lines.append(f"| {label}, predicted | " + " | ".join(cells) + " |")
    lines.append(
        "| beat jobs: jobs | " + " | ".join(str(scaling["beat_jobs_parts"][n]) for n in workers) + " |"
    )
    real = scaling["real"]
    checked = ", ".join(
        f"--jobs {n} {real[n]:.1f} s (predicted {scaling['beat_jobs'][n]:.1f} s, {scaling['error'][n]:+.0%})"
        for n in real
    )
    return [
        *lines,
        "",
        f"Predicted from a --jobs 1 run: fixed part {scaling['fixed']:.1f} s, {scaling['per_job']:.2f} s per job, "
        f"skipping a beat costs {scaling['skip_cost']:.0%} of rendering it, never faster than the jobs' "
        f"{scaling['jobs_cpu']:.0f} CPU s shared by the cores. Real runs: {checked}.{_remeasured(scaling)}",
    ]


def _remeasured(scaling: dict) -> str:
    """Where the scaling runs were measured again alone (`--only-scaling`): when, on what, how busy."""
    measured = scaling.get("measured")
    if not measured:
        return ""
    note = f", {measured['note']}" if measured["note"] else ""
    return (
        f" Measured alone at commit {measured['commit'][:7]}{note}; others' CPU use "
        f"{measured['others_share']:.0%}."
    )


def _floor_and_preview(result: dict) -> str:
    floor, preview = result["floor"], result["preview"]
    return (
        f"Encoder floor: encoding the chapters' {floor['frames']} frames alone takes {floor['wall']:.1f} s "
        f"(from {floor['sampled_frames']} frames encoded in {floor['sampled_wall']:.1f} s: the first of each "
        f"chapter); the pipeline's cold render ({floor['pipeline_wall']:.1f} s) is {floor['ratio']:.1f}x that. "
        f"Preview of {preview['chapter']} at -q {preview['quality']}: {preview['wall']:.1f} s against "
        f"{preview['render_wall']:.1f} s to render it ({preview['ratio']:.2f}x; target 0.25x)."
    )


def _webm(result: dict) -> str:
    webm = result["webm"]
    return (
        f"WebMs for browsers without H.264 (VP9 and Opus from the chapters' MP4s, the lecture's joined from them), "
        f"made again alone: {webm['wall']:.1f} s ({webm['cpu']:.1f} s CPU) for {webm['seconds_of_video']:.0f} s "
        f"of video, {webm['per_minute']:.2f} s a minute of video against the cold render's "
        f"{webm['mp4_per_minute']:.1f} s: {webm['ratio']:.1%} of its time, {webm['cpu_ratio']:.1%} of its CPU."
    )


def _machine(result: dict) -> str:
    machine, load = result["machine"], result["load"]
    others = load["others"]
    busy = (
        f"busy: other processes used {others['share']:.0%} of the CPUs during the run"
        if others["busy"]
        else f"quiet: other processes used {others['share']:.0%} of the CPUs"
    )
    return (
        f"{machine['cpus']} CPUs ({machine['cpu_model']}), Python {machine['python']}, manim {machine['manim']}, "
        f"PyAV {machine['av']}, numpy {machine['numpy']}; {machine['date']}, commit {machine['commit']}; "
        f"load {load['before'][0]:.1f} before, {load['after'][0]:.1f} after; {busy}."
    )
