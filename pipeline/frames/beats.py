"""A chapter's beats, the sections `ChapterScene.beat()` starts: recorded while it renders, written as a WebVTT
chapters track and a JSON record beside its video, checked to start on keyframes, and cut out by stream copy.

A beat is a section with frames. Sections without frames (manim's first, automatic one
when the chapter calls beat() before playing anything, or two beat() calls in a row) are
left out, and the wall time spent in them counts to the next beat. Frames played before
the first beat() call form a beat named after the chapter's title.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from math import ceil
from pathlib import Path

import av
import numpy as np
from PIL import Image

from narration.speech import RATE
from pipeline.frames import captions, video

RECORD_SUFFIX = ".beats.json"  # a chapter's beats as JSON: 02-ThreeTokenDrag.mp4.beats.json


@dataclass(frozen=True)
class Beat:
    """One beat of a video: its frames, their times (frames / fps) and what rendering it took."""

    name: str
    first_frame: int
    frames: int
    start: float  # seconds: first_frame / fps
    end: float  # seconds: (first_frame + frames) / fps
    first_animation: int  # the scene's num_plays when the beat began
    animations: int  # play() and wait() calls in the beat
    seconds: float  # wall time spent rendering it, from its beat() call to the next one's

    @classmethod
    def parse(cls, raw) -> Beat | None:
        """The beat `raw` (a dict) describes, or None when it is malformed."""
        try:
            beat = cls(**raw)
        except TypeError:
            return None
        ints = (beat.first_frame, beat.frames, beat.first_animation, beat.animations)
        numbers = (beat.start, beat.end, beat.seconds)
        ok = (
            isinstance(beat.name, str)
            and all(isinstance(n, int) for n in ints)
            and all(isinstance(n, (int, float)) for n in numbers)
        )
        return beat if ok else None


@dataclass
class _Mark:
    """Where a section began: its name, the frame and animation count then, and the time."""

    name: str
    frame: int
    animation: int
    began: float


# a beat's last frame is nearly empty when it draws, outside the heading, under this share of what the beat's
# fullest settled picture drew (a closing fade-out left the title alone)
EMPTY = 0.05
INK = 24  # a pixel is drawn on where a channel differs from the background's by more than this
STRIDE = 4  # every STRIDE-th pixel of every STRIDE-th row is weighed: a share, 16 times cheaper


class Stills:
    """Chooses each beat's still, for a scene's beats in turn (`begin` as each starts): its last picture, unless
    a closing fade-out left that nearly empty (`EMPTY`: only the title), then the last settled picture (as a
    play began, nothing in motion) that is not. One rule for the renders' stills and `render.py preview`'s
    sheets: `picture()` is the scene's picture now, `clock()` grows when there is a new one to weigh."""

    def __init__(self, scene, picture, clock):
        self._scene, self._picture, self._clock = scene, picture, clock
        self._play = scene.renderer.play
        scene.renderer.play = self._settled
        self.begin()

    def begin(self) -> None:
        """A beat starts: nothing of it weighed yet (the picture now is the last beat's)."""
        self._fullest, self._kept, self._weighed = 0.0, None, self._clock()

    def _settled(self, scene, *args, **kwargs) -> None:
        """Weigh the picture as a play begins, if the beat has shown a new one; keep it unless it is nearly
        empty beside the beat's fullest so far."""
        if self._clock() > self._weighed:
            self._weighed, frame = self._clock(), self._picture()
            drawn = ink(frame, self._scene)
            self._fullest = max(self._fullest, drawn)
            if drawn >= EMPTY * self._fullest:
                self._kept = frame
        self._play(scene, *args, **kwargs)

    def still(self, last: np.ndarray) -> np.ndarray:
        """The beat's still, given its `last` picture."""
        empty = self._kept is not None and ink(last, self._scene) < EMPTY * self._fullest
        return self._kept if empty else last


class Recorder:
    """Follows a scene while it renders: where each section begins, and each beat's still (`Stills`) saved as a
    PNG (named by `poster(k)`, k counted from 1) as soon as the beat ends. Pages, slides and the presenter show
    these stills."""

    def __init__(self, scene, frames, untitled: str, poster, keep_alpha: bool):
        self._scene, self._frames, self._poster, self._keep_alpha = scene, frames, poster, keep_alpha
        self._marks = [_Mark(untitled, 0, 0, time.perf_counter())]
        self._saved = 0  # posters saved
        self._stills = Stills(scene, lambda: frames.last_frame, lambda: frames.count)
        self._next_section = scene.next_section
        scene.next_section = self._section

    def _section(self, name: str = "unnamed", *args, **kwargs) -> None:
        self._close()
        self._marks.append(
            _Mark(name, self._frames.count, self._scene.renderer.num_plays, time.perf_counter())
        )
        self._stills.begin()
        self._next_section(name, *args, **kwargs)

    def _close(self) -> None:
        """Save the still of the beat in progress, if it has frames."""
        if self._frames.count > self._marks[-1].frame:
            self._saved += 1
            picture = Image.fromarray(self._stills.still(self._frames.last_frame))
            (picture if self._keep_alpha else picture.convert("RGB")).save(
                self._poster(self._saved), format="PNG"
            )

    def finish(self, fps: int) -> list[Beat]:
        """The beats, once the scene has rendered (the last beat's poster saved now)."""
        self._close()
        ended = time.perf_counter()
        marks = self._marks + [_Mark("", self._frames.count, self._scene.renderer.num_plays, ended)]
        beats, began = [], marks[0].began
        for mark, following in zip(marks, marks[1:]):
            if following.frame > mark.frame:
                beats.append(_beat(mark, following, fps, following.began - began))
                began = following.began
        if beats and began < ended:  # sections without frames at the end
            beats[-1] = replace(beats[-1], seconds=beats[-1].seconds + ended - began)
        return beats


def ink(frame: np.ndarray, scene) -> float:
    """The share of `frame` drawn on, the chapter's heading left out (its `heading` and `strip`, where it has
    them): a frame with the title alone weighs 0."""
    camera = scene.camera
    background = camera.background[::STRIDE, ::STRIDE, : frame.shape[2]]  # a preview's pictures are RGB
    seen = np.abs(frame[::STRIDE, ::STRIDE].astype(np.int16) - background) > INK
    drawn = np.any(seen, axis=2)
    for part in (getattr(scene, "heading", None), getattr(scene, "strip", None)):
        if part is not None and len(part.get_all_points()):
            drawn[pixels(camera, part)] = False
    return float(drawn.mean())


def pixels(camera, mobject) -> tuple[slice, slice]:
    """The rows and columns (of the strided frame) that `mobject`'s box covers, a pixel round it included."""
    left, top = (
        camera.frame_center[0] - camera.frame_width / 2,
        camera.frame_center[1] + camera.frame_height / 2,
    )
    scale = camera.pixel_width / camera.frame_width / STRIDE
    x0, x1 = (mobject.get_left()[0] - left) * scale, (mobject.get_right()[0] - left) * scale
    y0, y1 = (top - mobject.get_top()[1]) * scale, (top - mobject.get_bottom()[1]) * scale
    return slice(max(int(y0) - 1, 0), int(y1) + 2), slice(max(int(x0) - 1, 0), int(x1) + 2)


def _beat(mark: _Mark, following: _Mark, fps: int, seconds: float) -> Beat:
    return Beat(
        name=mark.name,
        first_frame=mark.frame,
        frames=following.frame - mark.frame,
        start=float(Fraction(mark.frame, fps)),
        end=float(Fraction(following.frame, fps)),
        first_animation=mark.animation,
        animations=following.animation - mark.animation,
        seconds=round(seconds, 3),
    )


def as_json(beats: list[Beat]) -> str:
    return json.dumps([asdict(b) for b in beats], indent=1) + "\n"


def read(path: Path) -> list[Beat] | None:
    """The beats recorded in a JSON file; None when it is missing or malformed."""
    try:
        parsed = [Beat.parse(raw) for raw in json.loads(Path(path).read_text(encoding="utf-8"))]
    except (OSError, ValueError, TypeError):
        return None
    return None if None in parsed else parsed


def as_vtt(beats: list[Beat], fps: int, texts: list[str] | None = None) -> str:
    """A WebVTT chapters track: one cue per beat (text: its name, or `texts`), from its first frame to the
    next beat's, each time rounded up to the millisecond (as MP4 chapter marks are), so cues never overlap
    or leave a gap and a seek to a cue's start shows the beat's own first frame."""
    lines = ["WEBVTT", ""]
    for number, (beat, text) in enumerate(zip(beats, texts or [b.name for b in beats]), start=1):
        start, end = (_millis(frame, fps) for frame in (beat.first_frame, beat.first_frame + beat.frames))
        lines += [str(number), f"{_vtt_time(start)} --> {_vtt_time(end)}", captions.cue_text(text), ""]
    return "\n".join(lines)


def shifted(parts: list[list[Beat]], fps: int) -> list[Beat]:
    """The beats of videos at `fps` played one after another, each part's moved after the frames before it."""
    moved, first = [], 0
    for beats in parts:
        moved += [
            replace(
                b,
                first_frame=b.first_frame + first,
                start=float(Fraction(b.first_frame + first, fps)),
                end=float(Fraction(b.first_frame + b.frames + first, fps)),
            )
            for b in beats
        ]
        first += sum(b.frames for b in beats)
    return moved


def keyframes(video: Path) -> set[int]:
    """The indices (in presentation order) of the video's keyframes, read from its packets (nothing decoded)."""
    with av.open(str(video)) as container:
        packets = [
            (p.pts, p.is_keyframe) for p in container.demux(container.streams.video[0]) if p.pts is not None
        ]
    rank = {pts: k for k, pts in enumerate(sorted(pts for pts, _ in packets))}
    return {rank[pts] for pts, key in packets if key}


def cut(source: Path, start_frame: int, frames: int, target: Path, fps: int) -> None:
    """Copy frames start_frame .. start_frame + frames - 1 of `source` into `target` (same container) by stream
    copy, starting at time 0, with the sound of those frames if the video has any. The first of them must be
    a keyframe: every beat's is."""
    with av.open(str(source)) as given:
        packets = [p for p in given.demux(given.streams.video[0]) if p.pts is not None]
        rank = {pts: k for k, pts in enumerate(sorted(p.pts for p in packets))}
        chosen = [p for p in packets if start_frame <= rank[p.pts] < start_frame + frames]
        if not chosen or not chosen[0].is_keyframe:
            raise ValueError(f"frame {start_frame} of {source.name} is not a keyframe")
        sound = video.audio_samples(source, RATE)
        first, kind = min(p.pts for p in chosen), Path(source).suffix[1:]
        with video.copying(source, target, kind) as (_, out, _, stream_out):
            own = (
                None
                if sound is None
                else sound[round(start_frame * RATE / fps) :][: round(frames * RATE / fps)]
            )
            encoded = [] if own is None else video.encoded_audio(out, own, RATE, kind)
            video.mux_in_order(out, video.moved(chosen, stream_out, -first), encoded)


def _millis(frame: int, fps: int) -> int:
    return ceil(Fraction(frame * 1000, fps))


def _vtt_time(millis: int) -> str:
    hours, millis = divmod(millis, 3_600_000)
    minutes, millis = divmod(millis, 60_000)
    seconds, millis = divmod(millis, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"
