"""The measurements, run in a private copy of the project, in an order that keeps them comparable."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from pipeline.outputs import CACHE_FOLDER
from pipeline.plan.manifest import Manifest
from pipeline.plan.quality import PRESETS

from . import machine, page_drag, plain, scaling
from .grid_scene import scene_name
from .plan import GRID_QUALITY, PREVIEW_QUALITY, Plan
from .runner import Run, run
from .workspace import copy_project, edited, environment, list_chapters, python

TRAINING_RUNS = 3
TIME_TRAINING = f"""
import time
from attention.training import STEPS, train_head
times = []
for _ in range({TRAINING_RUNS}):
    began = time.perf_counter()
    train_head.__wrapped__()
    times.append(time.perf_counter() - began)
print(min(times), STEPS)
"""  # run in the measured project: its own attention/training.py
DONE_LINE = re.compile(r"done (\S+) in ([\d.]+) s")  # render.py's line for each chapter it rendered
TIME_WEBM = """
import resource, sys, time
from pathlib import Path
from pipeline.plan import chapters
from pipeline.plan.settings import from_options
from pipeline.publish import webm
folder = Path(sys.argv[1])
for made in folder.glob("*.webm"):
    made.unlink()  # made from scratch, whether the measured version's render made them or not
cpu = lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2])
began, began_cpu = time.perf_counter(), cpu()
webm.update(folder, chapters.all_chapters(), from_options(sys.argv[2]))
print(time.perf_counter() - began, cpu() - began_cpu)
"""  # run in the measured project, on the pipeline's folder: its own pipeline/publish/webm.py


class Suite:
    """Runs every measurement of `plan` under `scratch`, reporting progress through `log`."""

    def __init__(self, plan: Plan, scratch: Path, log: Callable[[str], None], revision: str | None = None):
        self.plan = plan
        self.scratch = scratch
        self.log = log
        self.root = copy_project(scratch / "project", revision)
        if plan.tiny:
            list_chapters(self.root, plan.chapters)
        self.env = environment(self.root)
        self.out = scratch / "pipeline"
        self.forced: dict[tuple[str, ...], Run] = {}  # forced silent renders on a warm LaTeX cache

    def run(self) -> dict:
        """Every measurement, as plain data."""
        baseline = _with_others(self.plain_lecture)
        cold = _with_others(self.pipeline_cold)
        found = {
            "lecture": _compare(cold, baseline),
            "webm": self.webm(cold),
            "noop": self.noop(),
            "edit": self.edit(),
        }
        probes = {c.name: self.probe(c.name, self.plan.profile_quality) for c in self.plan.chapters}
        found["chapters"] = [
            {
                "chapter": c.name,
                "plain": baseline["chapters"][c.name],
                "pipeline": cold["chapters"][c.name],
                "worker": probes[c.name],
            }
            for c in self.plan.chapters
        ]
        found["growth"] = {"quality": self.quality_growth(), "grid": self.grid_growth()}
        found["page_drag"] = self.page_drag()
        found["training"] = self.training()
        found["floor"] = self.floor(cold["wall"])
        found["preview"] = self.preview()
        found["narration"] = self.narration()
        found["scaling"] = self.scaling()
        return found

    def narration(self) -> dict:
        """A narrated render (no speech made yet, then all of it made) against a silent one, all --force with
        the Tex cache warm; per frame too, since narrated chapters are longer (the speech sets their pace)."""
        voice = self.plan.voice
        silent = self.render("--force")
        silent_frames = self._frames()
        shutil.rmtree(self.out / CACHE_FOLDER / "Speech", ignore_errors=True)
        cold = self.render("--force", voice=voice)
        warm = self.render("--force", voice=voice)
        noop = self.render(voice=voice)
        frames = self._frames()
        minutes = frames / PRESETS[self.plan.quality].fps / 60
        found = {
            "voice": voice,
            "silent_wall": round(silent.wall, 3),
            "cold_wall": round(cold.wall, 3),
            "warm_wall": round(warm.wall, 3),
            "noop_wall": round(noop.wall, 3),
            "silent_frames": silent_frames,
            "frames": frames,
            "speech_seconds_per_minute": round(max(cold.wall - warm.wall, 0) / minutes, 2),
            "cold_ratio_per_frame": round(cold.wall / frames / (silent.wall / silent_frames), 3),
            "warm_ratio_per_frame": round(warm.wall / frames / (silent.wall / silent_frames), 3),
        }
        self.log(
            f"narration ({voice}): cold {cold.wall:.1f} s, warm {warm.wall:.1f} s, silent {silent.wall:.1f} s"
        )
        return found

    def _frames(self) -> int:
        return sum(self.manifest().get(c.slug, "mp4").frames for c in self.plan.chapters)

    def floor(self, pipeline_wall: float) -> dict:
        """The encoder alone on the frames of the chapters' videos, against the pipeline's cold render."""
        folder = self.out / PRESETS[self.plan.quality].folder
        found = scaling.encoder_floor([folder / f"{c.slug}.mp4" for c in self.plan.chapters])
        self.log(f"encoder floor: {found['wall']:.1f} s for {found['frames']} frames")
        return {**found, "pipeline_wall": pipeline_wall, "ratio": round(pipeline_wall / found["wall"], 2)}

    def preview(self) -> dict:
        """render.py preview of the preview chapter against rendering it, at PREVIEW_QUALITY (both whole
        commands, the Tex cache warm: it is rendered first)."""
        chapter, quality = self.plan.preview, PREVIEW_QUALITY
        rendered = self.render("--force", "--jobs", "1", chapter.name, names=False, quality=quality)
        command = [python(), "render.py", "preview", chapter.name, "-q", quality, "--output", str(self.out)]
        shown = run(command, self.root, self.env)
        self.log(f"preview {chapter.name} -q {quality}: {shown.wall:.1f} s, render {rendered.wall:.1f} s")
        return {
            "chapter": chapter.name,
            "quality": quality,
            "wall": round(shown.wall, 3),
            "render_wall": round(rendered.wall, 3),
            "ratio": round(shown.wall / rendered.wall, 3),
        }

    def warm(self) -> None:
        """Every chapter previewed at PREVIEW_QUALITY into the pipeline's folder: its LaTeX cache (shared by the
        qualities) then holds every formula, as after the full run's earlier renders."""
        for chapter in self.plan.chapters:
            command = [python(), "render.py", "preview", chapter.name, "-q", PREVIEW_QUALITY]
            run([*command, "--output", str(self.out)], self.root, self.env)

    def scaling(self) -> dict:
        """Real --jobs 1 and --jobs 2 runs, and the predicted curves for chapter and beat jobs from the first."""
        one = self.render("--force", "--jobs", "1")
        entries = {c.slug: self.manifest().get(c.slug, "mp4") for c in self.plan.chapters}
        done = {slug: float(seconds) for slug, seconds in DONE_LINE.findall(one.output)}
        two = self.render("--force", "--jobs", "2")
        found = scaling.model(self.plan.chapters, entries, done, one, self.plan.quality)
        real = {1: round(one.wall, 2), 2: round(two.wall, 2)}
        error = {n: round(found["beat_jobs"][n] / real[n] - 1, 3) for n in real}
        self.log(
            f"scaling: --jobs 1 {one.wall:.1f} s, --jobs 2 {two.wall:.1f} s, predicted {found['beat_jobs'][2]} s"
        )
        return {**found, "real": real, "error": error}

    def webm(self, cold: dict) -> dict:
        """The WebMs for browsers without H.264 (pipeline/publish/webm.py) made again from the cold render's MP4s,
        in a fresh process of the measured project: wall and CPU time per minute of video, against the cold
        render's time per minute (its MP4s, lecture, documents and page)."""
        folder = self.out / PRESETS[self.plan.quality].folder
        timed = run([python(), "-c", TIME_WEBM, str(folder), self.plan.quality], self.root, self.env)
        wall, cpu = (float(v) for v in timed.output.split()[-2:])
        minutes = cold["frames"] / PRESETS[self.plan.quality].fps / 60
        self.log(f"webm: {wall:.1f} s ({cpu:.1f} s CPU) for {minutes * 60:.1f} s of video")
        return {
            "seconds_of_video": round(minutes * 60, 3),
            "wall": round(wall, 3),
            "cpu": round(cpu, 3),
            "per_minute": round(wall / minutes, 3),
            "mp4_per_minute": round(cold["wall"] / minutes, 3),
            "ratio": round(wall / cold["wall"], 4),
            "cpu_ratio": round(cpu / cold["cpu"], 4),
        }

    def plain_lecture(self) -> dict:
        """Plain manim, one chapter after another, from an empty media folder."""
        media, chapters = self.scratch / "plain-media", {}
        for chapter in self.plan.chapters:
            done = run(plain.command(self.root, chapter, self.plan.quality, media), self.root, self.env)
            video = plain.video(media, chapter, self.plan.quality)
            chapters[chapter.name] = _figures(done, plain.frames(video), video.stat().st_size)
            self.log(
                f"plain manim {chapter.name}: {done.wall:.1f} s, {chapters[chapter.name]['frames']} frames"
            )
        total = {key: sum(c[key] for c in chapters.values()) for key in ("wall", "cpu", "frames", "video_mb")}
        peak = max(c["peak_rss_mb"] for c in chapters.values())
        return {
            **_figures(Run(total["wall"], total["cpu"], peak, ""), total["frames"], total["video_mb"] * 1e6),
            "chapters": chapters,
        }

    def pipeline_cold(self) -> dict:
        """render.py render --force into an empty output folder (no manifest, no Tex cache), default --jobs."""
        done = self.render("--force")
        entries = {c.name: self.manifest().get(c.slug, "mp4") for c in self.plan.chapters}
        frames = sum(e.frames for e in entries.values())
        self.log(f"pipeline cold: {done.wall:.1f} s, {frames} frames")
        seconds = dict(DONE_LINE.findall(done.output))
        chapters = {
            name: {
                "wall": float(seconds[e.slug]),
                "frames": e.frames,
                "fps_rendered": round(e.frames / float(seconds[e.slug]), 2),
            }
            for name, e in entries.items()
        }
        video_bytes = sum(e.files[f"{e.slug}.mp4"] for e in entries.values())
        return {**_figures(done, frames, video_bytes), "chapters": chapters}

    def noop(self) -> dict:
        """The same command again, nothing changed."""
        done = self.render()
        self.log(f"no-op rebuild: {done.wall:.2f} s")
        return {"wall": round(done.wall, 3), "summary": _summary(done)}

    def edit(self) -> dict:
        """One chapter's module changed and rebuilt, against that chapter rendered alone."""
        chapter = self.plan.edit
        with edited(self.root / Path(*chapter.module.split(".")).with_suffix(".py")):
            rebuilt = self.render()
        alone = self.render("--force", chapter.name, names=False)
        self.log(f"edit {chapter.name}: {rebuilt.wall:.1f} s, alone {alone.wall:.1f} s")
        return {
            "chapter": chapter.name,
            "wall": round(rebuilt.wall, 3),
            "summary": _summary(rebuilt),
            "alone_wall": round(alone.wall, 3),
            "ratio": round(rebuilt.wall / alone.wall, 3),
        }

    def training(self) -> dict:
        """TrainedHead's training alone, as its render runs it (numpy, one process), timed in a fresh process
        of the measured project: the fastest of TRAINING_RUNS, and the steps it takes."""
        timed = run([python(), "-c", TIME_TRAINING], self.root, self.env)
        seconds, steps = timed.output.split()[-2:]
        return {"seconds": float(seconds), "steps": int(steps)}

    def page_drag(self) -> dict:
        """The drag panel of the page the pipeline wrote, dragged in headless Chromium."""
        found = page_drag.measure(self.out / PRESETS[self.plan.quality].folder / "index.html")
        self.log(
            f"page drag: {found['frames_per_second']} frames/s, longest frame {found['longest_frame_ms']} ms"
        )
        return found

    def quality_growth(self) -> list[dict]:
        """The growth chapter at each preset, the Tex cache warm, so time follows pixels x frames."""
        found = [self.probe(self.plan.growth_chapter.name, q, warm=True) for q in self.plan.growth_qualities]
        return [
            {**p, "megapixel_frames": round(p["width"] * p["height"] * p["frames"] / 1e6, 1)} for p in found
        ]

    def grid_growth(self) -> list[dict]:
        """The self-attention grid of the cost beat at each length."""
        found = []
        for n in self.plan.grid_sizes:
            probe = self.probe(f"benchmarks.grid_scene:{scene_name(n)}", GRID_QUALITY, warm=True)
            found.append({"positions": n, "cells": n * n, **probe})
        return found

    def probe(self, spec: str, quality: str, warm: bool = False) -> dict:
        """One chapter in a fresh worker process, in its own output folder; `warm` seeds it with the Tex cache."""
        folder = self.scratch / "probes" / f"{spec.replace(':', '-')}-{quality}"
        if warm and (self.out / CACHE_FOLDER).is_dir():
            shutil.copytree(self.out / CACHE_FOLDER, folder / CACHE_FOLDER, dirs_exist_ok=True)
        result = folder / "result.json"
        done = run(
            [
                python(),
                "-m",
                "benchmarks.probe",
                spec,
                "-q",
                quality,
                "--output",
                str(folder),
                "--result",
                str(result),
            ],
            self.root,
            self.env,
        )
        found = json.loads(result.read_text())
        found["fps_rendered"] = round(found["frames"] / found["wall"], 2) if found["wall"] else 0.0
        found["cpu"] = round(done.cpu, 2)
        self.log(f"probe {spec} -q {quality}: {found['wall']:.1f} s, {found['frames']} frames")
        return found

    def render(self, *args: str, names: bool = True, quality: str | None = None, voice: str = "none") -> Run:
        """render.py render at `quality` (default the plan's) into the pipeline's folder, silent unless a
        `voice` is named (plain manim is silent: like with like); the plan's chapters unless it is the whole
        lecture (or `names` is False).

        A forced silent render with the LaTeX cache warm does the same work whatever ran before it, so the
        same command is measured once: in the tiny plan (one chapter is the whole plan) the preview's render
        is the scaling's --jobs 1 run, and the edited chapter alone is the silent render."""
        chosen = [c.name for c in self.plan.chapters] if names and not self.plan.whole_lecture else []
        command = [
            python(),
            "render.py",
            "render",
            "-q",
            quality or self.plan.quality,
            "--voice",
            voice,
            "--output",
            str(self.out),
            *args,
            *chosen,
        ]
        if voice != "none" or "--force" not in args or not (self.out / CACHE_FOLDER).is_dir():
            return run(command, self.root, self.env)
        key = tuple(command)
        if key not in self.forced:
            self.forced[key] = run(command, self.root, self.env)
        return self.forced[key]

    def manifest(self) -> Manifest:
        return Manifest.load(self.out / PRESETS[self.plan.quality].folder)


def _with_others(measure: Callable[[], dict]) -> dict:
    """`measure()`'s figures, with the share of the CPUs other processes used meanwhile."""
    start = machine.reading()
    found = measure()
    return {**found, "others_share": machine.others(start, machine.reading())["share"]}


def _figures(done: Run, frames: int, video_bytes: float) -> dict:
    return {
        "wall": round(done.wall, 3),
        "cpu": round(done.cpu, 2),
        "frames": frames,
        "fps_rendered": round(frames / done.wall, 2),
        "peak_rss_mb": round(done.peak_rss_mb, 1),
        "video_mb": round(video_bytes / 1e6, 3),
    }


def _compare(pipeline: dict, baseline: dict) -> dict:
    pipeline, plain_total = (
        {k: v for k, v in side.items() if k != "chapters"} for side in (pipeline, baseline)
    )
    return {
        "pipeline": pipeline,
        "plain": plain_total,
        "speedup": round(plain_total["wall"] / pipeline["wall"], 3),
    }


def _summary(done: Run) -> str:
    """render.py's last line: how many chapters were rendered and skipped."""
    return done.output.strip().splitlines()[-1] if done.output.strip() else ""
