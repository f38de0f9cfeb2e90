"""A WebM (VP9 video, Opus sound) beside every MP4 the page plays, for browsers without an H.264 decoder: Debian's
firefox-esr plays H.264 only through libavcodec, which the package merely recommends, but VP9 and Opus with its
own decoders. The page offers each WebM as a second <source>, which such a browser picks.

Each chapter's WebM is transcoded from its MP4 (the same frames at the same times, its sound as Opus, its captions
inside as WebVTT) when that MP4 changed, and the lecture's is joined from the chapters' WebMs by stream copy, as
lecture.mp4 is from theirs; the described lecture's is transcoded from lecture.described.mp4 when that changed. A
chapter rendered as WebM itself (`--format webm`) keeps its own while it is up to date. The encoder's settings are
the cheapest measured that keep the smallest digits sharp (benchmarks/README.md).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import av

import i18n
from narration.speech import RATE
from pipeline import outputs
from pipeline.frames import captions, video
from pipeline.plan.dependencies import Scanner, digest, language_of
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import described, lecture, video_join
from scenes.chapters.registry import Chapter

FORMAT = "webm"
ENCODER = "libvpx-vp9"
# libvpx's real-time mode at its fastest, in constant quality: 3.5 s of CPU for ThreeTokenDrag's 110 s at 480p15
# (decoding 0.75, encoding 2.2, the sound 0.7), 82 kbit/s of video against the MP4's 120, its smallest digits as
# sharp (crf 40 blurred dimmed text; VP8 was no faster, SVT-AV1 at preset 12 twice as slow): benchmarks/README.md
OPTIONS = {
    "deadline": "realtime",
    "cpu-used": "8",
    "row-mt": "1",
    "lag-in-frames": "0",
    "crf": "32",
    "b": "0",
}
SOURCE = "transcoded from"  # the input naming the MP4 a WebM was made from (a rendered WebM has none)
CODE = (video.__file__, __file__)  # what writes a WebM's bytes: part of its inputs


def update(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> list[str]:
    """Transcode each chapter's MP4 whose WebM is missing or made from another MP4, then join the lecture's WebM
    when lecture.mp4 is up to date and its WebM is not, and transcode the described lecture's likewise; return the
    lines to print."""
    manifest, began = Manifest.load(folder), time.perf_counter()
    made, lines = [], []
    for chapter in chapters:
        try:
            if _chapter(folder, manifest, chapter, settings):
                made.append(chapter)
        except av.FFmpegError as err:  # its MP4 cannot be read: the page offers the MP4 alone
            lines.append(f"ERROR {chapter.slug}.{FORMAT}: {err}")
    if made:
        seconds = sum(manifest.get(c.slug, FORMAT).duration for c in made)
        lines.append(
            f"transcoded {len(made)} MP4{'s' if len(made) != 1 else ''} to WebM ({seconds:.1f} s of video) "
            f"in {time.perf_counter() - began:.1f} s"
        )
    return (
        lines
        + _lecture(folder, manifest, chapters, settings)
        + _described(folder, manifest, chapters, settings)
    )


def _chapter(folder: Path, manifest: Manifest, chapter: Chapter, settings: RenderSettings) -> bool:
    """Transcode `chapter`'s MP4 when its WebM is out of date; whether it did."""
    mp4 = manifest.get(chapter.slug, lecture.FORMAT)
    source = outputs.chapter_files(folder, chapter.slug, lecture.FORMAT)
    if (
        mp4 is None
        or not source.video.is_file()
        or source.video.stat().st_size != mp4.files.get(source.video.name)
    ):
        return False  # no whole MP4 to make it from
    inputs = _inputs({f"{SOURCE} {source.video.name}": f"{mp4.hash} {mp4.files[source.video.name]}"})
    if manifest.stale_reason(chapter.slug, FORMAT, inputs) is None or _rendered(manifest, chapter, settings):
        return False
    target = source.video.with_suffix(f".{FORMAT}")
    with outputs.staged() as stage:
        cues, language = captions.read(source.subtitles), language_of(chapter, settings.lang)
        transcode(source.video, stage(target), settings.fps, cues, language)
    files = {target.name: target.stat().st_size}
    manifest.record(replace(mp4, format=FORMAT, hash=digest(inputs), inputs=inputs, files=files))
    return True


def _rendered(manifest: Manifest, chapter: Chapter, settings: RenderSettings) -> bool:
    """Whether the chapter's WebM was rendered as such (`--format webm`) and is up to date: it is kept."""
    entry = manifest.get(chapter.slug, FORMAT)
    if entry is None or any(key.startswith(SOURCE) for key in entry.inputs):
        return False
    as_webm = replace(settings, format=FORMAT)
    return manifest.stale_reason(chapter.slug, FORMAT, Scanner().inputs(chapter, as_webm)) is None


def _inputs(found: dict[str, str]) -> dict[str, str]:
    """`found` and the code that writes the WebM."""
    return found | {f"code {Path(p).name}": hashlib.sha256(Path(p).read_bytes()).hexdigest() for p in CODE}


def transcode(source: Path, target: Path, fps: int, cues: list, language: str) -> None:
    """Write the MP4 `source` as the WebM `target`: each frame k at k / fps (to the millisecond), VP9; its sound,
    if any, as Opus; `cues` (srt subtitles) as a WebVTT caption track; sound and captions in `language` (as the
    MP4's)."""
    length = video.duration(source)
    with av.open(str(source)) as given, av.open(str(target), "w", format=FORMAT) as out:
        stream_in = given.streams.video[0]
        stream_in.thread_type = "AUTO"
        stream_out = out.add_stream(ENCODER, rate=fps, options=dict(OPTIONS))
        stream_out.width, stream_out.height = stream_in.codec_context.width, stream_in.codec_context.height
        stream_out.pix_fmt = "yuv420p"
        stream_out.codec_context.time_base = Fraction(1, fps)
        sound = video.fitted_audio(source, RATE, length) if given.streams.audio else None
        heard = [] if sound is None else video.encoded_audio(out, sound, RATE, FORMAT)
        for stream in out.streams.audio:
            stream.metadata["language"] = i18n.three_letter(language)
        texts = video.caption_packets(out, cues, FORMAT, language) if cues else []
        pictures = _encoded(given.decode(stream_in), stream_out)
        video.mux_in_order(out, pictures, sorted(heard + texts, key=lambda p: p.dts * p.time_base))


def _encoded(frames, stream):
    """The frames encoded by `stream`, the k-th at time k (its time base is a frame)."""
    for k, frame in enumerate(frames):
        frame.pts, frame.time_base = k, stream.codec_context.time_base
        frame.pict_type = av.video.frame.PictureType.NONE  # the encoder places its own keyframes
        yield from stream.encode(frame)
    yield from stream.encode(None)


def _lecture(
    folder: Path, manifest: Manifest, chapters: tuple[Chapter, ...], settings: RenderSettings
) -> list[str]:
    """Join lecture.webm from the chapters' WebMs when lecture.mp4 is up to date and it is not; the line to
    print."""
    whole = manifest.get(lecture.SLUG, lecture.FORMAT)
    webms = [manifest.get(c.slug, FORMAT) for c in chapters]
    if whole is None or any(e is None or manifest.stale_reason(e.slug, FORMAT, e.inputs) for e in webms):
        return []
    inputs = _inputs({f"{SOURCE} {lecture.SLUG}.{lecture.FORMAT}": whole.hash})
    inputs |= {f"chapter {e.slug}": e.hash for e in webms}
    target = lecture.files(folder).video.with_suffix(f".{FORMAT}")
    if manifest.stale_reason(lecture.SLUG, FORMAT, inputs) is None:
        return []
    found = lecture.current(folder, chapters, settings)  # scans every chapter's code: only when needed
    if found is None:  # lecture.mp4 waits for its chapters, and its WebM with it
        return []
    mp4s = found[1]
    began = time.perf_counter()
    titles = lecture.titles(chapters, settings)
    parts = [(t, outputs.chapter_files(folder, c.slug, FORMAT).video) for t, c in zip(titles, chapters)]
    lengths = [Fraction(e.frames, settings.fps) for e in mp4s]
    subtitles = captions.read(lecture.files(folder).subtitles)
    try:
        with outputs.staged() as stage:
            joined = stage(target)
            video_join.join(parts, joined, FORMAT, lengths)
            if subtitles:
                video.add_tracks(
                    joined, FORMAT, cues=subtitles, language=lecture.language(chapters, settings)
                )
    except (video_join.JoinError, av.FFmpegError) as err:
        return [f"ERROR {target.name}: {err}"]
    files = {target.name: target.stat().st_size}
    manifest.record(replace(whole, format=FORMAT, hash=digest(inputs), inputs=inputs, files=files))
    return [f"joined {target} from {len(parts)} chapters in {time.perf_counter() - began:.1f} s"]


def _described(
    folder: Path, manifest: Manifest, chapters: tuple[Chapter, ...], settings: RenderSettings
) -> list[str]:
    """Transcode lecture.described.mp4, when it was made from the lecture here now, unless its WebM was made from
    it; the line to print."""
    source = described.current(folder)
    if source is None:
        return []
    entry = manifest.get(described.SLUG, described.FORMAT)
    inputs = _inputs({f"{SOURCE} {source.name}": f"{entry.hash} {entry.files[source.name]}"})
    if manifest.stale_reason(described.SLUG, FORMAT, inputs) is None:
        return []
    target, began = source.with_suffix(f".{FORMAT}"), time.perf_counter()
    try:
        with outputs.staged() as stage:
            cues = captions.read(described.files(folder)[1])
            transcode(source, stage(target), settings.fps, cues, lecture.language(chapters, settings))
    except av.FFmpegError as err:
        return [f"ERROR {target.name}: {err}"]
    files = {target.name: target.stat().st_size}
    manifest.record(replace(entry, format=FORMAT, hash=digest(inputs), inputs=inputs, files=files))
    return [
        f"transcoded {source.name} to WebM ({entry.duration:.1f} s of video) in {time.perf_counter() - began:.1f} s"
    ]


def out_of_date(folder: Path) -> list[Path]:
    """The WebMs in `folder` made from an MP4 that has changed since (or is gone): the page must not offer them."""
    manifest, found = Manifest.load(folder), []
    for entry in manifest.entries.values():
        made_from = (
            [v for k, v in entry.inputs.items() if k.startswith(SOURCE)] if entry.format == FORMAT else []
        )
        mp4 = manifest.get(entry.slug, lecture.FORMAT)
        if made_from and (mp4 is None or made_from[0].split()[0] != mp4.hash):
            found += [folder / name for name in entry.files if (folder / name).is_file()]
    return found
