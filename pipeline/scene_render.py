"""One chapter rendered in this process with its own manim configuration, and its files published."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from manim import tempconfig

from attention import examples
from attention.example_file import load_example_file
from scenes import palette

from . import beats, captions, held_frames, outputs, tex_cache, video
from .jobs import Job, Progress
from .latex_errors import explained
from .settings import RenderSettings

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
    """Render `job` using the folder `work`, progress going to the queue `news` (if not None);
    return the files written, the video's duration in seconds and its frame count."""
    shared_tex = outputs.tex_cache(job.output_dir)
    private_tex = tex_cache.private_copy(shared_tex, work / "Tex")
    targets = outputs.chapter_files(
        outputs.folder(job.output_dir, job.settings), job.chapter.slug, job.settings.format
    )
    use_look(job.settings)
    held_frames.install()
    with tempconfig(manim_config(job.settings, work, private_tex)), explained():
        scene = job.chapter.scene_class()()
        frames = FrameCounter(scene, job.chapter.slug, job.settings.fps, news)
        recorder = beats.Recorder(
            scene, frames, job.chapter.title, _beat_poster(work), job.settings.transparent
        )
        scene.render()
        _publish(scene, targets, job.settings, recorder.finish(job.settings.fps), work)
    tex_cache.publish(private_tex, shared_tex)
    return tuple(targets.existing()), float(video.duration(targets.video) or 0), frames.count


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


def _publish(
    scene, targets: outputs.ChapterFiles, settings: RenderSettings, found: list[beats.Beat], work: Path
) -> None:
    """Stage the video (at a constant frame rate), posters (the chapter's and each beat's), beats (.beats.vtt
    and .json) and captions (.srt and .vtt, inside the video's length), then rename them into place together."""
    writer = scene.renderer.file_writer
    movie = Path(writer.movie_file_path)
    if not movie.exists():
        raise RuntimeError("the scene played no animation, so manim wrote no video")
    subtitles = writer.output_plan.subcaption_file
    cues = captions.read(subtitles) if subtitles is not None else []
    web_captions = targets.web_captions
    with outputs.staged() as stage:
        staged_video = stage(targets.video)
        video.remux_constant_rate(movie, staged_video, settings.format, settings.fps)
        if settings.format in SEEKABLE_FORMATS:
            _check_keyframes(staged_video, found)
        for number in range(1, len(found) + 1):
            shutil.copyfile(_beat_poster(work)(number), stage(targets.beat_poster(number)))
        shutil.copyfile(_beat_poster(work)(len(found)), stage(targets.poster))
        stage(targets.beats).write_text(beats.as_vtt(found, settings.fps), encoding="utf-8")
        stage(targets.beat_record).write_text(beats.as_json(found), encoding="utf-8")
        cues = captions.fitted(cues, video.duration(staged_video) or 0)
        if cues:
            stage(targets.subtitles).write_text(captions.as_srt(cues), encoding="utf-8")
            stage(web_captions).write_text(captions.as_vtt(cues), encoding="utf-8")
    for stale in targets.beat_posters()[len(found) :]:  # beats an earlier version of the scene had
        stale.unlink()
    if not cues:  # left over from an earlier version of the scene
        targets.subtitles.unlink(missing_ok=True)
        web_captions.unlink(missing_ok=True)


def _check_keyframes(staged_video: Path, found: list[beats.Beat]) -> None:
    """Every beat must start on a keyframe (manim encodes each animation on its own, from a keyframe)."""
    keys = beats.keyframes(staged_video)
    late = [b.name for b in found if b.first_frame not in keys]
    if late:
        raise RuntimeError(f"beats not starting on a keyframe: {', '.join(late)}")
