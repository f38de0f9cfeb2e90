"""One chapter (or a part of its beats) rendered in this process with its own manim configuration, and its files
published (manim is imported only when rendering: the parent publishes joined parts with `publish`)."""

from __future__ import annotations

import json
import shutil
import sys
import time
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path

import numpy as np

import i18n
from attention import examples
from attention.examples.file import load_example_file
from narration import speech, voices
from pipeline import outputs
from pipeline.frames import beats, captions, colours, copies, families, paths, skipping, video
from pipeline.frames.soundtrack import soundtrack
from pipeline.plan.dependencies import language_of
from pipeline.plan.settings import RenderSettings
from pipeline.run import ahead, dry_run, tex_cache, typeset
from pipeline.run.collector import few_full_collections
from pipeline.run.jobs import Job, Part, Progress
from pipeline.run.latex_errors import explained
from scenes.kit import palette

PROGRESS_INTERVAL = 0.25  # seconds between progress messages from one worker
X264_PRESET = (
    "veryfast"  # measured on these chapters: a quarter less CPU than manim's medium, files no larger
)
SEEKABLE_FORMATS = (
    "mp4",
    "webm",
    "mov",
)  # with keyframes (a GIF's frames are deltas: no beat is cut from it)
X264_FORMATS = ("mp4", "gif")  # encoded by libx264 (a gif is made from H.264 segments)


def render(job: Job, work: Path, news) -> tuple[tuple[Path, ...], float, int]:
    """Render `job` using the folder `work`, progress going to the queue `news` (if not None); return the
    files written (a part's: into its parts folder), the video's duration in seconds and its frame count."""
    from manim import tempconfig

    from pipeline.frames import held_frames  # imports manim

    shared_tex = outputs.tex_cache(job.output_dir)
    private_tex = tex_cache.private_copy(shared_tex, work / "Tex")
    targets = outputs.chapter_files(
        outputs.folder(job.output_dir, job.settings), job.chapter.slug, job.settings.format
    )
    use_look(job.settings)
    label = job.chapter.slug + (f" {job.part.label}" if job.part else "")
    with (
        tempconfig(manim_config(job.settings, work, private_tex)),
        explained(),
        copies.render_copies(),
        families.quick_families(),
        colours.quick_colours(),
        paths.cached_paths(),
        few_full_collections(),
        held_frames.installed(),
        typeset.recording(alone=sys.maxsize),  # every formula as manim typesets it, or digits swapped
        i18n.active(
            job.settings.lang
        ),  # `_()` in the scene answers in the render's language, its voice speaks it
    ):
        scene_class, listed = job.chapter.scene_class(), ahead.listing(job)
        if ahead.needed(scene_class, listed, private_tex):  # its formulas in one LaTeX run, not one each
            dry_run.typeset_ahead(scene_class, {"media_dir": str(work / "ahead")})
        speech.use(job.settings.voice, outputs.speech_cache(job.output_dir))
        scene = scene_class()
        frames = FrameCounter(scene, label, job.settings.fps, news)
        # the first beat is named after the chapter's title as its example shows it (a plain scene: the registry's)
        recorder = beats.Recorder(
            scene,
            frames,
            getattr(scene, "title", job.chapter.title),
            _beat_poster(work),
            job.settings.transparent,
        )
        window = Window(scene, job.part) if job.part else None
        with ahead.drawn_from() as formulas:
            scene.render()
        found = recorder.finish(job.settings.fps)
        movie, cues = _movie_and_cues(scene)
        posters = [_beat_poster(work)(k) for k in range(1, len(found) + 1)]
        layout = dict(getattr(scene, "layout_facts", {}))
        if window is None:
            language = language_of(job.chapter, job.settings.lang)
            files, duration = publish(
                movie, cues, found, posters, targets, job.settings, speech.current(), language, layout
            )
        else:
            files, duration = _keep_part(job, movie, cues, window.own_beats(found), posters, layout)
    tex_cache.publish(private_tex, shared_tex)
    if window is None:  # a part's run ends early: its list would lack the later beats' formulas
        ahead.keep(listed, formulas)
    return files, duration, frames.count


class Window:
    """Makes a scene render only a part's plays: earlier ones skipped (made cheaper as the preview's are),
    construction ended at the part's end.

    manim advances a skipped play's scene time by its run time, not by the frames a render writes (a
    run time is rarely a whole number of frames), so the time is set to what a render reaches: captions
    start where they would, and a chapter's held frames (which wait for captions) last as long.
    """

    def __init__(self, scene, part: Part):
        from manim.utils.exceptions import EndSceneEarlyException

        self._stop, self._part, self._renderer = EndSceneEarlyException, part, scene.renderer
        self._play = scene.renderer.play
        self.skipping = 0.0  # wall seconds spent in skipped plays
        scene.renderer.play = self._windowed
        if part.end is not None:
            scene.tear_down = lambda: None  # the scene's closing (its held last picture) is the last part's

    def _windowed(self, scene, *args, **kwargs) -> None:
        renderer = self._renderer
        if self._part.end is not None and renderer.num_plays >= self._part.end:
            raise self._stop()  # manim's way to end construction early, as its upto_animation_number does
        skipped = renderer.num_plays < self._part.first
        renderer._original_skipping_status = skipped  # what each play() resets skip_animations to
        began, clock = renderer.time, time.perf_counter()
        with skipping.cheaper(scene) if skipped else nullcontext():
            self._play(scene, *args, **kwargs)
        if skipped:
            renderer.time = _rendered_time(scene, began)
            self.skipping += time.perf_counter() - clock

    def own_beats(self, found: list[beats.Beat]) -> list[beats.Beat]:
        """The part's beats, the first one's time without the skipping before it (so times measure renders)."""
        first = replace(found[0], seconds=round(max(found[0].seconds - self.skipping, 0.0), 3))
        return [first, *found[1:]]


def _rendered_time(scene, began: float) -> float:
    """The scene time after the play just skipped, had it been rendered (added frame by frame, as manim does)."""
    step = 1 / scene.camera.frame_rate
    if scene.is_current_animation_frozen_frame():  # a held picture: int(duration / step) frames at once
        return began + int(scene.duration / step) * step
    now = began
    for _ in np.arange(0, scene.duration, step):
        now += step
    return now


def narrator(settings: RenderSettings, output_dir: Path) -> speech.Speech | None:
    """Who speaks a render's captions, in its language (their clips cached in the output folder), or None when
    it is silent."""
    if settings.voice == voices.SILENT:
        return None
    with i18n.active(settings.lang):
        return speech.Speech(settings.voice, outputs.speech_cache(output_dir))


def use_look(settings: RenderSettings) -> None:
    """Make the settings' theme and example (or the lecture's own) the ones every scene reads."""
    palette.use_theme(settings.theme)
    examples.use(load_example_file(settings.example) if settings.example else examples.DEFAULT)


def manim_config(settings: RenderSettings, work: Path, tex_dir: Path) -> dict:
    """The manim settings for one chapter: everything it writes goes to `work`."""
    return {
        "pixel_width": settings.width,
        "pixel_height": settings.height,
        "frame_rate": settings.fps,
        "format": settings.format,
        "transparent": settings.transparent,
        "media_dir": str(work.resolve()),
        "tex_dir": str(tex_dir.resolve()),
        "video_encoder_options": {"preset": X264_PRESET} if settings.format in X264_FORMATS else {},
        "disable_caching": True,  # manim's per-animation cache can give stale frames with updaters
        "progress_bar": "none",  # progress is reported by the parent, one line for all workers
        "verbosity": "CRITICAL",  # errors reach the parent as outcomes, LaTeX ones with their log lines
    }


class FrameCounter:
    """Counts the frames a scene writes, and tells the parent process how far the video has got."""

    def __init__(self, scene, slug: str, fps: int, news):
        self.count = 0
        self.last_frame = None  # the pixels of the last frame written
        self._news = news
        self._slug = slug
        self._renderer = scene.renderer
        self._add_frame = scene.renderer.add_frame
        self._fps = fps
        self._last_report = 0.0
        scene.renderer.add_frame = self._counted
        self._report()

    def _counted(self, frame, num_frames: int = 1) -> None:
        self._add_frame(frame, num_frames)
        if not self._renderer.skip_animations:
            self.count += num_frames
            self.last_frame = frame
            if time.monotonic() - self._last_report > PROGRESS_INTERVAL:
                self._report()

    def _report(self) -> None:
        self._last_report = time.monotonic()
        if self._news is not None:
            self._news.put(Progress(self._slug, self.count / self._fps))


def _beat_poster(work: Path):
    """Where the Recorder saves beat `k`'s poster while the scene renders."""
    return lambda k: work / f"beat-{k:02d}.png"


def _movie_and_cues(scene) -> tuple[Path, list]:
    """manim's video of the scene and its captions."""
    writer = scene.renderer.file_writer
    movie = Path(writer.movie_file_path)
    if not movie.exists():
        raise RuntimeError("the scene played no animation, so manim wrote no video")
    subtitles = writer.output_plan.subcaption_file
    return movie, captions.read(subtitles) if subtitles is not None else []


def _keep_part(job: Job, movie: Path, cues: list, found: list[beats.Beat], posters: list[Path], layout: dict):
    """Leave a part's video (at a constant frame rate), beats, posters, captions and layout facts in its parts
    folder."""
    settings, slug, part = job.settings, job.chapter.slug, job.part
    video_file = part.piece(job.output_dir, slug, f".{settings.format}")
    video_file.parent.mkdir(parents=True, exist_ok=True)
    video.remux_constant_rate(movie, video_file, settings.format, settings.fps)
    record = part.piece(job.output_dir, slug, beats.RECORD_SUFFIX)
    record.write_text(beats.as_json(found), encoding="utf-8")
    kept = [video_file, record]
    if layout:
        kept.append(part.piece(job.output_dir, slug, outputs.LAYOUT_SUFFIX))
        kept[-1].write_text(json.dumps(layout), encoding="utf-8")
    for number, poster in enumerate(posters, start=1):
        kept.append(shutil.copyfile(poster, part.piece(job.output_dir, slug, f".beat-{number:02d}.png")))
    if cues:
        kept.append(part.piece(job.output_dir, slug, ".srt"))
        kept[-1].write_text(captions.as_srt(cues), encoding="utf-8")
    return tuple(kept), float(video.duration(video_file) or 0)


def publish(
    movie: Path,
    cues: list,
    found: list[beats.Beat],
    posters: list[Path],
    targets: outputs.ChapterFiles,
    settings: RenderSettings,
    voice: speech.Speech | None,
    language: str,
    layout: dict,
) -> tuple[tuple[Path, ...], float]:
    """Stage the video (at a constant frame rate, with the captions spoken by `voice` if any, and inside it as
    a caption track in `language`, its words'), posters (each beat's, the last also the chapter's), beats
    (.beats.vtt and .json), captions (.srt and .vtt, inside the video's length) and the scene's `layout` facts
    (.layout.json, if any), then rename them into place together; return the chapter's files and the video's
    duration."""
    web_captions = targets.web_captions
    with outputs.staged() as stage:
        staged_video = stage(targets.video)
        video.remux_constant_rate(movie, staged_video, settings.format, settings.fps)
        if settings.format in SEEKABLE_FORMATS:
            _check_keyframes(staged_video, found)
        for number, poster in enumerate(posters, start=1):
            shutil.copyfile(poster, stage(targets.beat_poster(number)))
        shutil.copyfile(posters[-1], stage(targets.poster))
        stage(targets.beats).write_text(beats.as_vtt(found, settings.fps), encoding="utf-8")
        stage(targets.beat_record).write_text(beats.as_json(found), encoding="utf-8")
        if layout:
            stage(targets.layout).write_text(json.dumps(layout, sort_keys=True), encoding="utf-8")
        length = video.duration(staged_video) or 0
        cues = captions.fitted(cues, length)
        spoken = voice is not None and settings.format in video.AUDIO_CODECS
        if spoken or cues:
            sound = soundtrack(cues, voice, length, settings.format) if spoken else None
            video.add_tracks(staged_video, settings.format, sound, cues, language)
        if cues:
            stage(targets.subtitles).write_text(captions.as_srt(cues), encoding="utf-8")
            stage(web_captions).write_text(captions.as_vtt(cues), encoding="utf-8")
    for stale in targets.beat_posters()[len(found) :]:  # beats an earlier version of the scene had
        stale.unlink()
    if not cues:  # left over from an earlier version of the scene
        targets.subtitles.unlink(missing_ok=True)
        web_captions.unlink(missing_ok=True)
    if not layout:
        targets.layout.unlink(missing_ok=True)
    return tuple(targets.existing()), float(video.duration(targets.video) or 0)


def _check_keyframes(staged_video: Path, found: list[beats.Beat]) -> None:
    """Every beat must start on a keyframe (manim encodes each animation on its own, from a keyframe)."""
    keys = beats.keyframes(staged_video)
    late = [f"{b.name} (frame {b.first_frame})" for b in found if b.first_frame not in keys]
    if late:  # the keyframes said too: a rare failure (seen once, on a loaded Dask worker) can then be read
        shown = ", ".join(map(str, sorted(keys)[:12]))
        raise RuntimeError(f"beats not starting on a keyframe: {', '.join(late)}; keyframes at {shown}")
