"""Video files with PyAV: manim's video rewritten at a constant frame rate (the MP4 index at the front), and its
length read back exactly.

manim 0.22 writes each animation to its own segment and joins them with FFmpeg's concat
demuxer, which places each segment by its rounded duration: at 15 fps in MP4 (time base
1/15360) some joins come 5 ticks early, so a frame lasts 1019 ticks instead of 1024 and
the video is shorter than its frames at the frame rate. The rewrite copies every packet
(nothing is re-encoded) and gives the frame shown k-th the time k / fps.
"""

from __future__ import annotations

import functools
import os
import struct
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

import i18n
from narration import speech
from pipeline.frames import chapter_track

CONTAINERS = {"mp4": "mp4", "mov": "mov", "webm": "webm", "gif": "gif"}
OPTIONS = {
    "mp4": {"movflags": "faststart"}
}  # browsers play an MP4 while downloading only with the index first
AUDIO_CODECS = {"mp4": "aac", "mov": "aac", "webm": "libopus"}  # GIF has no sound
AUDIO_BITRATE = 128_000  # bits a second (at 96k, FFmpeg's AAC encoder spiked 3 dB on a loud onset)
# FFmpeg's AAC coder: its default, "twoloop", took 45 s of CPU for the lecture's 16 minutes of speech (encoded
# three times a render: chapters, lecture, slides); "fast" takes 2.2x less, and on our speech it is closer to
# the source (SNR 47 dB against 28 dB, peaks 0.878 against 0.901 for 0.879; measured on Refocus)
AUDIO_OPTIONS = {"aac": {"aac_coder": "fast"}}
# a caption track's codec per container: MP4's 3GPP timed text, or WebVTT; a packet per cue (GIF has none)
CAPTION_CODECS = {"mp4": "mov_text", "mov": "mov_text", "webm": "webvtt"}
# FFmpeg opens a text caption encoder only with an ASS header; the packets are written here, never encoded
ASS_HEADER = (
    b"[Script Info]\nScriptType: v4.00+\n\n[Events]\n"
    b"Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
)
MILLISECOND = Fraction(1, 1000)


def remux_constant_rate(source: Path, target: Path, video_format: str, fps: int) -> None:
    """Copy `source`'s video stream into `target` by stream copy, the k-th frame in presentation order at
    k / fps seconds (exact where the container's clock can say it: MP4 and MOV; WebM counts milliseconds and
    GIF hundredths, so there each time is the nearest tick to k / fps)."""
    with av.open(str(source)) as given:
        stream = given.streams.video[0]
        order = [(p.pts, p.dts) for p in given.demux(stream) if p.dts is not None]
        time_base = stream.time_base  # read while open: PyAV 18.1.1 refuses a closed container's stream
    times = _frame_times(order, fps, time_base)
    with copying(source, target, video_format) as (given, out, stream_in, stream_out):
        packets = (p for p in given.demux(stream_in) if p.dts is not None)  # demux ends with an empty packet
        for packet, (pts, dts, length) in zip(packets, times):
            packet.pts, packet.dts, packet.duration = pts, dts, length
            packet.stream = stream_out
            out.mux(packet)


@contextmanager
def copying(source: Path, target: Path, video_format: str) -> Iterator[tuple]:
    """Within: `source` open for reading and `target` for writing, with a video stream like the source's
    (same codec, parameters and time base), its metadata and chapter marks; yields (source, target, their
    video streams)."""
    with (
        av.open(str(source)) as given,
        av.open(
            str(target), "w", format=CONTAINERS[video_format], options=OPTIONS.get(video_format, {})
        ) as out,
    ):
        out.metadata.update(given.metadata)
        out.set_chapters(given.chapters())
        stream_in = given.streams.video[0]
        stream_out = out.add_stream_from_template(stream_in)
        stream_out.time_base = stream_in.time_base
        yield given, out, stream_in, stream_out


def add_tracks(
    path: Path, video_format: str, sound: Path | None = None, cues: list = (), language: str = i18n.SOURCE
) -> None:
    """Give the video at `path` the audio stream of the file `sound` (made by `write_audio` for the same
    format; without one, the sound it has, if any) and, where the format holds one, a caption track of
    `cues` (srt subtitles); sound, captions and chapter titles labelled `language` (its words',
    `dependencies.language_of`: the narration says the captions). Streams copied as they are, the file
    replaced whole."""
    staged = path.with_name(f".{path.name}.tracks-{os.getpid()}")
    try:
        with (
            av.open(str(sound or path)) as heard,
            copying(path, staged, video_format) as (given, out, stream_in, stream_out),
        ):
            audio = []
            if heard.streams.audio:
                audio_in = heard.streams.audio[0]
                audio_out = out.add_stream_from_template(audio_in)
                audio_out.time_base = audio_in.time_base
                audio_out.metadata["language"] = i18n.three_letter(language)
                audio = list(moved(heard.demux(audio_in), audio_out, 0))
            texts = caption_packets(out, cues, video_format, language) if cues else []
            lengths = _frame_lengths(path) if video_format == "webm" else {}  # WebM keeps no exact ones
            pictures = (_lasting(p, lengths) for p in given.demux(stream_in))
            mux_in_order(out, moved(pictures, stream_out, 0), _by_time(audio + texts))
        chapter_track.label(staged, video_format, i18n.three_letter(language))
        os.replace(staged, path)
    finally:
        staged.unlink(missing_ok=True)


def _frame_lengths(path: Path) -> dict[int, int]:
    """Each video frame's length in ticks, by its pts: to the next frame, the last to the file's end (its
    container's duration). WebM's blocks are read back with no length or the track's rounded default, and a
    copy of them would end early."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        starts = sorted(p.pts for p in container.demux(stream) if p.pts is not None)
        end = starts[0] + round(Fraction(container.duration, av.time_base) / stream.time_base)
    return {pts: following - pts for pts, following in zip(starts, [*starts[1:], end])}


def _lasting(packet, lengths: dict[int, int]):
    """`packet` with its length from `lengths`, if they know it."""
    if packet.pts in lengths:
        packet.duration = lengths[packet.pts]
    return packet


def caption_packets(out, cues: list, video_format: str, language: str = i18n.SOURCE) -> list:
    """A caption track added to `out` (mov_text in MP4 and MOV, WebVTT in WebM: what VLC, QuickTime and
    media players read, so a video uploaded alone keeps its captions), its language `language` (a BCP 47 code,
    written as ISO 639-2: 'deu'), and a packet per cue; none for a format without one (GIF)."""
    if video_format not in CAPTION_CODECS:
        return []
    stream = out.add_stream(CAPTION_CODECS[video_format])
    stream.time_base = MILLISECOND
    stream.codec_context.subtitle_header = ASS_HEADER
    stream.metadata["language"] = i18n.three_letter(language)
    packets = []
    for cue in cues:
        text = cue.content.encode("utf-8")
        packet = av.Packet(struct.pack(">H", len(text)) + text if video_format != "webm" else text)
        packet.pts = packet.dts = cue.start // timedelta(milliseconds=1)
        packet.duration = (cue.end - cue.start) // timedelta(milliseconds=1)
        packet.time_base, packet.stream = MILLISECOND, stream
        packets.append(packet)
    return packets


def _by_time(packets: list) -> list:
    """`packets` of several streams in the order of their decoding times."""
    return sorted(packets, key=lambda p: p.dts * p.time_base)


def write_audio(path: Path, samples: np.ndarray, rate: int, video_format: str) -> None:
    """Write float mono `samples` at `rate` as an audio-only file in `video_format`'s container and codec."""
    with av.open(str(path), "w", format=CONTAINERS[video_format]) as out:
        for packet in encoded_audio(out, samples, rate, video_format):
            out.mux(packet)


def encoded_audio(out, samples: np.ndarray, rate: int, video_format: str) -> list:
    """A mono audio stream added to `out`, and `samples` (float, at `rate`) encoded for it: its packets, in
    order, to be muxed among the video's (`mux_in_order`)."""
    codec = AUDIO_CODECS[video_format]
    audio = out.add_stream(codec, rate=rate, layout="mono", options=AUDIO_OPTIONS.get(codec, {}))
    audio.bit_rate = AUDIO_BITRATE
    packets = []
    for start in range(0, len(samples), rate):  # a second at a time
        frame = av.AudioFrame.from_ndarray(
            np.ascontiguousarray(samples[start : start + rate], dtype=np.float32).reshape(1, -1),
            format="flt",
            layout="mono",
        )
        frame.sample_rate, frame.pts, frame.time_base = rate, start, Fraction(1, rate)
        packets += audio.encode(frame)
    return packets + audio.encode(None)


def mux_in_order(out, video_packets, audio_packets: list) -> None:
    """Mux the video packets (an iterable, consumed as it goes) with the audio packets between them in time
    order, so a player streaming the file finds the sound beside its pictures."""
    pending = iter(audio_packets)
    waiting = next(pending, None)
    for packet in video_packets:
        while waiting is not None and waiting.dts * waiting.time_base <= packet.dts * packet.time_base:
            out.mux(waiting)
            waiting = next(pending, None)
        out.mux(packet)
    while waiting is not None:
        out.mux(waiting)
        waiting = next(pending, None)


def moved(packets, stream_out, shift: int):
    """The demuxed packets that hold data, moved `shift` ticks later, into `stream_out`."""
    for packet in packets:
        if packet.dts is not None:  # demux ends with an empty packet
            packet.pts += shift
            packet.dts += shift
            packet.stream = stream_out
            yield packet


def fitted_audio(path: Path, rate: int, seconds: Fraction) -> np.ndarray | None:
    """The file's audio (float mono at `rate`) cut or padded with silence to exactly `seconds`; None when the
    file has no audio."""
    samples = audio_samples(path, rate)
    if samples is None:
        return None
    wanted = round(seconds * rate)
    return np.pad(samples[:wanted], (0, max(wanted - len(samples), 0)))


def audio_samples(path: Path, rate: int) -> np.ndarray | None:
    """The file's audio as float mono samples at `rate` (read-only: the last few files read are kept, as each
    beat's clip of a chapter is cut from the same sound), or None when it has no audio."""
    found = Path(path).stat()
    return _decoded(str(path), found.st_mtime_ns, found.st_size, rate)


@functools.lru_cache(maxsize=2)
def _decoded(path: str, mtime_ns: int, size: int, rate: int) -> np.ndarray | None:
    samples = speech.decoded(Path(path), rate)
    if samples is not None:
        samples.flags.writeable = False
    return samples


def _frame_times(order: list[tuple[int, int]], fps: int, time_base: Fraction) -> list[tuple[int, int, int]]:
    """For packets in decode order (pts, dts): new (pts, dts, duration), the frame with the k-th smallest pts
    at tick round(k / fps / time_base), and each dts the time of the frame `delay` places earlier in decode
    order, `delay` (the encoder's reordering) kept as the source had it, at least as large as needed."""

    def tick(k: int) -> int:
        return round(Fraction(k) / fps / time_base)

    rank = {pts: k for k, pts in enumerate(sorted(pts for pts, _ in order))}
    step = Fraction(1) / fps / time_base
    source_delay = round((min(p for p, _ in order) - min(d for _, d in order)) / step) if order else 0
    delay = max([source_delay] + [i - rank[pts] for i, (pts, _) in enumerate(order)])
    return [
        (tick(rank[pts]), tick(i - delay), tick(rank[pts] + 1) - tick(rank[pts]))
        for i, (pts, _) in enumerate(order)
    ]


def duration(path: Path) -> Fraction | None:
    """The video's length in seconds, exactly: from its first frame's start to its last frame's end, read from
    its packets (a container's own figure is rounded when the file also holds sound), or None when the file
    cannot be read."""
    try:
        with av.open(str(path)) as container:
            stream = container.streams.video[0]
            times = [(p.pts, p.pts + p.duration) for p in container.demux(stream) if p.pts is not None]
            time_base = stream.time_base  # read while open (see `remux_constant_rate`)
    except (av.FFmpegError, IndexError):
        return None
    if not times:
        return None
    return (max(end for _, end in times) - min(start for start, _ in times)) * time_base
