"""Short clips of a rendered chapter for slides: a beat, or a stretch of seconds, as MP4, GIF or WebP.

A beat as MP4 is cut by stream copy (`beats.cut`, with its sound); a stretch of seconds as MP4 is encoded
again from its frames. GIF and WebP are silent and loop: a GIF draws every frame from one palette of 255
colours made from frames across the clip (no dithering, so flat colours stay flat and repeat from frame to
frame, which LZW packs well: a 5 s beat at 480p takes about 0.5-1.5 MB); a WebP is lossless (the video's
own pictures, at about a GIF's size)."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import islice
from pathlib import Path

import av
import numpy as np
from PIL import Image

from narration.speech import RATE
from pipeline import outputs
from pipeline.frames import beats, video

FORMATS = ("mp4", "gif", "webp")
FOLDER = "clips"  # beside the chapters: 480p15/clips/03-ScoreEveryWord.beat-02.gif
PALETTE_SAMPLES = 8  # frames the GIF's palette is made from, spread across the clip
STRETCH = re.compile(r"(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)")  # '12.5-17': seconds


class ClipError(ValueError):
    """A clip that cannot be made: the chapter is not rendered here, or no such beat or stretch."""


def frames_of(spec: str, found: list[beats.Beat], fps: int) -> tuple[int, int, str]:
    """The first frame, frame count and file-name part of the beat or stretch `spec` names: a beat's number
    (from 1), its name (any case), or seconds START-END."""
    total = sum(b.frames for b in found)
    stretch = STRETCH.fullmatch(spec.strip())
    if stretch:
        start, end = (Fraction(s) for s in stretch.groups())
        first, last = round(start * fps), min(round(end * fps), total)
        if last <= first:
            raise ClipError(f"{spec}: no frames there (the video lasts {float(Fraction(total, fps)):.1f} s)")
        return first, last - first, f"{float(start):g}-{float(end):g}s"
    by_name = {b.name.lower(): k for k, b in enumerate(found, start=1)}
    number = int(spec) if spec.strip().isdigit() else by_name.get(spec.strip().lower())
    if number is None or not 1 <= number <= len(found):
        names = ", ".join(f"{k} {b.name!r}" for k, b in enumerate(found, start=1))
        raise ClipError(f"{spec}: no such beat; the chapter has {len(found)}: {names}")
    beat = found[number - 1]
    return beat.first_frame, beat.frames, f"beat-{number:02d}"


def write(folder: Path, slug: str, spec: str, kind: str, fps: int) -> Path:
    """Write the clip of chapter `slug` (its MP4 in `folder`) named by `spec` (see `frames_of`) as `kind`
    into folder/clips, whole or not at all; return its path."""
    files = outputs.chapter_files(folder, slug, "mp4")
    found = beats.read(files.beat_record)
    if not files.video.is_file() or not found:
        raise ClipError(f"{slug} is not rendered in {folder}: render it first")
    first, count, name = frames_of(spec, found, fps)
    target = folder / FOLDER / f"{slug}.{name}.{kind}"
    with outputs.staged() as stage:
        staged = stage(target)
        if kind == "mp4" and name.startswith("beat-"):
            beats.cut(files.video, first, count, staged, fps)
        elif kind == "mp4":
            _encode(files.video, first, count, staged, fps)
        else:
            _animate(_pictures(files.video, first, count), staged, kind, fps)
    return target


def _pictures(source: Path, first: int, count: int) -> list[Image.Image]:
    """Frames first .. first + count - 1 of `source` (in presentation order) as RGB pictures."""
    with av.open(str(source)) as given:
        return [frame.to_image() for frame in islice(given.decode(video=0), first, first + count)]


def _animate(pictures: list[Image.Image], target: Path, kind: str, fps: int) -> None:
    """`pictures` as a looping GIF or WebP at `fps`: the k-th shown at the nearest tick of the format's clock
    (GIF counts hundredths of a second, WebP milliseconds) to k / fps, so a clip never drifts."""
    if kind == "webp":
        first, *rest = pictures
        timing = _durations(len(pictures), fps, 1)
        first.save(target, "WEBP", save_all=True, append_images=rest, duration=timing, loop=0, lossless=True)
        return
    sampled = pictures[:: max(1, len(pictures) // PALETTE_SAMPLES)]
    strip = Image.fromarray(np.concatenate([np.asarray(p) for p in sampled]))
    palette = strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    shown = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    timing = _durations(len(shown), fps, 10)
    shown[0].save(target, "GIF", save_all=True, append_images=shown[1:], duration=timing, loop=0)


def _durations(count: int, fps: int, tick: int) -> list[int]:
    """How long each of `count` frames at `fps` is shown, in milliseconds counted in `tick`s."""
    ends = [round(Fraction(1000 * k, fps * tick)) * tick for k in range(count + 1)]
    return [b - a for a, b in zip(ends, ends[1:])]


def _encode(source: Path, first: int, count: int, target: Path, fps: int) -> None:
    """Frames first .. first + count - 1 of `source` encoded again as H.264 at `fps`, with their sound."""
    pictures = _pictures(source, first, count)
    sound = video.audio_samples(source, RATE)
    with av.open(str(target), "w", format="mp4", options=video.OPTIONS["mp4"]) as out:
        stream = out.add_stream("libx264", rate=fps)
        stream.width, stream.height, stream.pix_fmt = pictures[0].width, pictures[0].height, "yuv420p"
        own = None if sound is None else sound[round(first * RATE / fps) :][: round(count * RATE / fps)]
        heard = [] if own is None else video.encoded_audio(out, own, RATE, "mp4")
        packets = [p for k, picture in enumerate(pictures) for p in stream.encode(_frame(picture, k))]
        video.mux_in_order(out, packets + list(stream.encode(None)), heard)


def _frame(picture: Image.Image, k: int) -> av.VideoFrame:
    frame = av.VideoFrame.from_image(picture)
    frame.pts = k
    return frame
