"""Where a render stands still too long: `python scripts/still_stretches.py FOLDER [NAME ...] [--longest 4]`.

FOLDER is a quality folder (e.g. media/480p15). Each chapter video there (or those whose names start with
one of NAME) is decoded with PyAV; a frame changes the picture when at least PIXELS of its pixels differ
from the last frame that changed it by more than LEVELS grey levels, and a caption's start or end (from the chapter's
.vtt) changes the focus too. A line is printed per stretch longer than --longest seconds with neither
(the pictures and pacing review's rule: no still stretch over 4 s), with the captions shown over it.
Exit status 1 when there is one.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import av
import numpy as np

LEVELS, PIXELS = 24, 20  # a change a viewer sees at 480p: a glyph's stroke, a bar's edge
CUE = re.compile(r"^(\S+) --> (\S+)")


def seconds(stamp: str) -> float:
    """A WebVTT timestamp (mm:ss.ttt or hh:mm:ss.ttt) in seconds."""
    total = 0.0
    for part in stamp.split(":"):
        total = total * 60 + float(part)
    return total


def cues(vtt: Path) -> list[tuple[float, float, str]]:
    found = []
    for block in vtt.read_text(encoding="utf-8").split("\n\n"):
        lines = block.strip().splitlines()
        for i, line in enumerate(lines):
            if match := CUE.match(line):
                found.append((seconds(match[1]), seconds(match[2]), " ".join(lines[i + 1 :])))
    return found


def changes(video: Path) -> tuple[list[float], float]:
    """The times of the frames that change the picture, and the video's duration. A frame is compared with the
    last one that changed it, not with the one before: a slow fade (a highlight's frame coming in over a
    second) changes each frame by less than LEVELS, yet changes the picture."""
    times, seen, end = [], None, 0.0
    with av.open(str(video)) as container:
        for frame in container.decode(video=0):
            grey = frame.to_ndarray(format="gray").astype(np.int16)
            at = float(frame.pts * frame.time_base)
            if seen is None or (np.abs(grey - seen) > LEVELS).sum() >= PIXELS:
                times.append(at)
                seen = grey
            end = at + float(frame.duration * frame.time_base)
    return times, end


def stretches(video: Path, longest: float) -> list[str]:
    shown = cues(video.with_suffix(".vtt")) if video.with_suffix(".vtt").exists() else []
    times, end = changes(video)
    events = sorted({0.0, end, *times, *(t for a, b, _ in shown for t in (a, b))})
    lines = []
    for a, b in zip(events, events[1:]):
        if b - a > longest:
            over = " | ".join(text for start, stop, text in shown if start < b and stop > a) or "(no caption)"
            lines.append(f"{video.stem}\t{a:6.2f}-{b:6.2f} ({b - a:.1f} s)\t{over}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--longest", type=float, default=4.0, help="seconds a still may last (default 4)")
    args = parser.parse_args()
    videos = sorted(
        p
        for p in args.folder.glob("[0-9][0-9]-*.mp4")
        if not args.names or p.name.startswith(tuple(args.names))
    )
    if not videos:
        print(f"no chapter videos in {args.folder}")
        return 2
    found = [line for video in videos for line in stretches(video, args.longest)]
    print("\n".join(found) or f"no still stretch over {args.longest:g} s in {len(videos)} videos")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
