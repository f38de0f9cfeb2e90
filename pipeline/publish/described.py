"""The described lecture (WCAG 1.2.7, extended audio description): lecture.described.mp4 is the lecture with each
beat's description (`descriptions`: what its picture draws, not said, in its chapter's language) spoken by the
narration's voice in that language, while the beat's last picture holds, after the beat and before the next.

Nothing of the lecture is encoded again: the beats' video packets are copied (every beat starts on a keyframe),
and each hold is its beat's poster (its last frame) encoded with the chapters' own encoder settings, so one
video stream joins them. The sound is the lecture's, with each description's speech in its hold, encoded once.
Captions: the lecture's, moved by the holds before them, and each description as cues in its hold. Made when
the lecture is up to date and has a voice (a silent lecture has nothing to speak with).
"""

from __future__ import annotations

import bisect
import hashlib
import tempfile
from datetime import timedelta
from fractions import Fraction
from math import ceil
from pathlib import Path

import av
import numpy as np
import srt
from PIL import Image

import i18n
from narration import cues as caption_cues
from narration import speech, voices
from narration.track import levelled
from pipeline import outputs
from pipeline.frames import captions, video
from pipeline.frames.scene_render import X264_PRESET
from pipeline.plan import chapters
from pipeline.plan.dependencies import Scanner, digest
from pipeline.plan.manifest import Entry, Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import descriptions, lecture, video_join

SLUG = "lecture.described"
FORMAT = "mp4"
PAUSE = 0.4  # seconds of the held picture before and after a description's speech
X264_OPTIONS = {"crf": "23", "preset": X264_PRESET}  # the chapters' (manim's crf, our preset): one stream
CODE = ("pipeline.publish.described", "pipeline.publish.video_join", "pipeline.frames.video")


def files(folder: Path) -> tuple[Path, Path, Path]:
    """lecture.described.mp4, .srt and .vtt in `folder`."""
    subtitles = Path(folder) / f"{SLUG}.srt"
    return subtitles.with_suffix(".mp4"), subtitles, captions.web_captions(subtitles)


def current(folder: Path) -> Path | None:
    """The described lecture in `folder` when it was made from the lecture there now (for the page to offer)."""
    manifest, video = Manifest.load(folder), files(folder)[0]
    entry, whole = manifest.get(SLUG, FORMAT), manifest.get(lecture.SLUG, lecture.FORMAT)
    made_from_it = entry is not None and whole is not None and entry.inputs.get("lecture") == whole.hash
    return video if made_from_it and video.is_file() else None


class DescribeError(ValueError):
    """A folder whose lecture cannot be described now (one line, for the command line)."""


def ready(output_dir: Path, settings: RenderSettings) -> Path:
    """The folder a narrated render at `settings` wrote into `output_dir`; DescribeError when there is none."""
    if settings.voice == voices.SILENT:
        raise DescribeError("a silent lecture has no voice to describe it with: name one with --voice")
    folder = outputs.folder(output_dir, settings)
    if not folder.is_dir():
        raise DescribeError(f"nothing is rendered in {folder}: render it first, with the same options")
    return folder


def make(output_dir: Path, settings: RenderSettings) -> str:
    """Make the described lecture of the lecture rendered in `output_dir` at `settings`, unless it is up to
    date; return the line to print. DescribeError when there is no up-to-date, narrated lecture there."""
    folder, everything = ready(output_dir, settings), chapters.all_chapters()
    current = lecture.current(folder, everything, settings)
    if current is None:
        raise DescribeError(f"{folder} holds no up-to-date lecture: render it first, with the same options")
    whole, target = lecture.files(folder).video, files(folder)
    described = descriptions.tracks(folder, everything, settings).get(whole)
    if not described:
        raise DescribeError(f"{whole} has no beats to describe: render it again")
    posters = [
        outputs.chapter_files(folder, c.slug, FORMAT).beat_poster(k)
        for c, e in zip(everything, current[1])
        for k in range(1, len(e.beats) + 1)
    ]
    voice = Voices(settings.voice, outputs.speech_cache(output_dir), {b.lang for b in described})
    try:
        inputs, manifest = _inputs(current[0], described, posters, voice.identity), Manifest.load(folder)
        if manifest.stale_reason(SLUG, FORMAT, inputs) is None:
            return f"{target[0]} is up to date"
        language = lecture.language(everything, settings)  # the descriptions' are their chapters'
        seconds = _write(whole, described, posters, voice, settings.fps, target, language)
    except (video_join.JoinError, av.FFmpegError) as err:
        raise DescribeError(f"{target[0].name}: {err}") from None
    finally:
        voice.close()
    sizes = {p.name: p.stat().st_size for p in target}
    manifest.record(
        Entry(SLUG, FORMAT, digest(inputs), inputs, sizes, float(seconds), round(seconds * settings.fps), ())
    )
    said = sum(1 for b in described if b.shown)
    return f"wrote {target[0]} ({float(seconds):.1f} s; {said} descriptions spoken in pauses)"


def _inputs(entry: Entry, described, posters: list[Path], identity: str) -> dict[str, str]:
    """What the described lecture is made from: the lecture, each description, the posters, the voice, the code."""
    found = {"lecture": entry.hash, "voice": identity}
    found.update({f"description {k}": b.shown for k, b in enumerate(described)})
    found.update({f"poster {p.name}": str(p.stat().st_size) for p in posters})
    code = Scanner().modules(CODE, ("pipeline",))
    found.update({f"module {n}": hashlib.sha256(p.read_bytes()).hexdigest() for n, p in code.items()})
    return found


class Voices:
    """The narration's voice in each language the descriptions are in (`Described.lang`: their chapters'), each
    description said by its own language's."""

    def __init__(self, voice: str, folder: Path, langs):
        self.spoken = {}
        for lang in sorted(langs):
            with i18n.active(lang):
                self.spoken[lang] = speech.Speech(voice, folder)
        self.identity = "; ".join(f"{lang}: {said.identity}" for lang, said in self.spoken.items())

    def samples(self, beat: descriptions.Described) -> np.ndarray:
        """The speech of what `beat` draws."""
        return self.spoken[beat.lang].samples(beat.shown)

    def close(self) -> None:
        for said in self.spoken.values():
            said.close()


def _write(
    whole: Path, described, posters: list[Path], voice: Voices, fps: int, target, language: str = i18n.SOURCE
) -> Fraction:
    """Write the described lecture's video and captions (a track in `language`; renamed into place together), each
    description said by `voice` in its language; return its length."""
    clips = [voice.samples(b) if b.shown else np.zeros(0, np.float32) for b in described]
    said = captions.read(whole.with_suffix(".srt"))
    holds = _holds(clips, fps)
    delays = [Fraction(sum(holds[:k]), fps) for k in range(len(holds) + 1)]  # before beat k
    with outputs.staged() as stage, av.open(str(whole)) as given:
        stream_in = given.streams.video[0]
        ticks = round(1 / (stream_in.time_base * fps))  # a frame's length in the video's time base
        packets = _beat_packets(given, stream_in, [(b.start, b.end) for b in described], fps)
        staged = stage(target[0])
        with av.open(str(staged), "w", format="mp4", options=video.OPTIONS["mp4"]) as out:
            stream_out = out.add_stream_from_template(stream_in)
            sound = video.encoded_audio(out, _sound(whole, described, clips, holds, fps), speech.RATE, FORMAT)
            held = zip(packets, posters, holds, delays)
            video.mux_in_order(out, _joined(held, stream_in, stream_out, fps, ticks), sound)
            marks = [m for m in video_join.marks(whole) if m.start < described[-1].end]  # a subset's: its own
            out.set_chapters([_chapter(n, m, described, delays) for n, m in enumerate(marks)])
        subtitles = _captions(said, described, clips, holds, delays)
        video.add_tracks(staged, FORMAT, cues=subtitles, language=language)
        stage(target[1]).write_text(captions.as_srt(subtitles), encoding="utf-8")
        stage(target[2]).write_text(captions.as_vtt(subtitles), encoding="utf-8")
    return described[-1].end + delays[-1]


def _holds(clips: list, fps: int) -> list[int]:
    """Each beat's hold in frames: none without a description; else its speech, PAUSE either side. No hold waits
    for the lecture's narration: a beat starts once the last caption has been spoken (`ChapterScene.beat`)."""
    return [ceil((len(clip) / speech.RATE + 2 * PAUSE) * fps) if len(clip) else 0 for clip in clips]


def _beat_packets(given, stream_in, spans, fps: int) -> list[list]:
    """The video packets of each beat (`spans`: start and end in seconds), in decoding order; each beat must
    start on a keyframe."""
    packets = [p for p in given.demux(stream_in) if p.dts is not None]
    rank = {pts: k for k, pts in enumerate(sorted(p.pts for p in packets))}
    frames = [(round(start * fps), round(end * fps)) for start, end in spans]
    found = [[p for p in packets if first <= rank[p.pts] < last] for first, last in frames]
    for beat, (first, _) in zip(found, frames):
        if not beat or not beat[0].is_keyframe:
            raise video_join.JoinError(
                f"frame {first} of {Path(given.name).name} does not start on a keyframe"
            )
    return found


def _joined(held, stream_in, stream_out, fps: int, ticks: int):
    """Each beat's packets moved by the holds before it, then its hold, as one stream."""
    origin = stream_in.start_time or 0
    for beat, poster, frames, delay in held:
        end = (max(p.pts for p in beat) - origin) // ticks + 1 + round(delay * fps)  # read before they move
        lead = beat[0].pts - beat[0].dts  # the stream's decoding lead (B-frames), kept by the hold
        yield from video.moved(beat, stream_out, round(delay * fps) * ticks)
        if frames:  # from the frame after the beat's last
            yield _hold(poster, stream_in, stream_out, origin + end * ticks, lead, frames * ticks)


def _hold(poster: Path, stream_in, stream_out, start: int, lead: int, length: int):
    """`poster` as one frame shown from tick `start` for `length` ticks: a keyframe encoded alone, as the
    chapters are (checked: the same encoder parameters), so it joins them by stream copy."""
    picture = av.VideoFrame.from_image(Image.open(poster).convert("RGB"))
    with tempfile.TemporaryDirectory(prefix="hold-") as work:
        path = Path(work) / "hold.mp4"
        with av.open(str(path), "w", format="mp4") as out:
            encoder = out.add_stream("libx264", rate=stream_in.average_rate, options=dict(X264_OPTIONS))
            encoder.width, encoder.height, encoder.pix_fmt = picture.width, picture.height, "yuv420p"
            for packet in [*encoder.encode(picture), *encoder.encode(None)]:
                out.mux(packet)
        with av.open(str(path)) as encoded:
            held = encoded.streams.video[0]
            if bytes(held.codec_context.extradata or b"") != bytes(stream_in.codec_context.extradata or b""):
                raise video_join.JoinError(f"{poster.name} cannot be encoded as the lecture was")
            (packet,) = [p for p in encoded.demux(held) if p.dts is not None]
    packet.time_base, packet.stream = stream_in.time_base, stream_out
    packet.pts, packet.dts, packet.duration = start, start - lead, length
    return packet


def _sound(whole: Path, described, clips: list, holds: list[int], fps: int) -> np.ndarray:
    """The lecture's sound, each hold the description's speech (levelled together, as a chapter's speech is)
    PAUSE after its beat."""
    lecture_sound = video.fitted_audio(whole, speech.RATE, described[-1].end)
    if lecture_sound is None:
        lecture_sound = np.zeros(round(described[-1].end * speech.RATE), np.float32)

    def at(seconds) -> int:
        return round(seconds * speech.RATE)

    rests = [np.zeros(at(b.end + Fraction(h, fps)) - at(b.end), np.float32) for b, h in zip(described, holds)]
    for rest, clip in zip(rests, clips):
        rest[at(PAUSE) : at(PAUSE) + len(clip)] = clip[: max(len(rest) - at(PAUSE), 0)]
    spoken = levelled(np.concatenate(rests)) if rests else np.zeros(0, np.float32)
    pieces, cut = [], 0
    for beat, rest in zip(described, rests):
        pieces += [lecture_sound[at(beat.start) : at(beat.end)], spoken[cut : cut + len(rest)]]
        cut += len(rest)
    return np.concatenate(pieces)


def _captions(said: list, described, clips: list, holds: list[int], delays: list[Fraction]) -> list:
    """The lecture's captions moved by the holds before them, and each description's in its hold: its
    caption-sized pieces over its speech, each as long as its share of the letters."""
    starts = [b.start for b in described]
    cues = []
    for cue in (c for c in said if _seconds(c.start) < described[-1].end):
        k = max(0, bisect.bisect_right(starts, _seconds(cue.start)) - 1)
        end = min(_seconds(cue.end), described[-1].end)
        cues.append(
            srt.Subtitle(0, _moment(_seconds(cue.start) + delays[k]), _moment(end + delays[k]), cue.content)
        )
    for k, (beat, clip, hold) in enumerate(zip(described, clips, holds)):
        if not hold:
            continue
        pieces = ["\n".join(caption_cues.lines(p)) for p in caption_cues.split(beat.shown)]
        begin, length = beat.end + delays[k] + Fraction(PAUSE), len(clip) / speech.RATE
        shares = np.cumsum([0] + [len(p) for p in pieces]) / sum(len(p) for p in pieces)
        for piece, a, b in zip(pieces, shares, shares[1:]):
            cues.append(srt.Subtitle(0, _moment(begin + a * length), _moment(begin + b * length), piece))
    return sorted(cues, key=lambda c: c.start)


def _chapter(number: int, mark: video_join.Mark, described, delays: list[Fraction]) -> dict:
    """A lecture chapter mark moved by the holds before its first beat, its end by those up to its last."""
    starts = [float(b.start) for b in described]
    first = int(np.argmin([abs(s - float(mark.start)) for s in starts]))
    last = max(k for k, s in enumerate(starts) if s < float(mark.end) - 0.01)
    end = min(mark.end, described[-1].end) + delays[last + 1]
    return video_join.chapter_mark(number, video_join.Mark(mark.title, mark.start + delays[first], end))


def _seconds(moment: timedelta) -> Fraction:
    """A caption time (kept to the millisecond) as an exact number of seconds."""
    return Fraction(moment // captions.MILLISECOND, 1000)


def _moment(seconds) -> timedelta:
    """`seconds` to the millisecond, as the caption files and the track inside the video both keep them."""
    return timedelta(milliseconds=round(seconds * 1000))
