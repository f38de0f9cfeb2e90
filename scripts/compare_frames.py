"""Compare two renders of the lecture frame by frame: `python scripts/compare_frames.py BEFORE AFTER [NAME ...]`.

BEFORE and AFTER are quality folders (e.g. media/480p15). Every chapter video (and lecture.mp4) in
BEFORE, or those whose names start with one of NAME, is decoded with PyAV beside its namesake in
AFTER; a line per video says whether every frame is equal, else how many differ, the first that
does (its time) and the largest difference of a channel (0-255). With --png DIR, the first differing
frame of each video is written there as before | after | difference.
"""

from __future__ import annotations

import argparse
import sys
from itertools import zip_longest
from pathlib import Path

import av
import numpy as np


def frames(path: Path):
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            yield frame.to_ndarray(format="rgb24")


def compare(before: Path, after: Path, png: Path | None) -> bool:
    if not after.exists():
        print(f"{before.name}: missing from the second render")
        return False
    count = differing = worst = 0
    first = None
    for count, (a, b) in enumerate(zip_longest(frames(before), frames(after)), start=1):
        if a is None or b is None:
            print(f"{before.name}: frame counts differ (the shorter ends at frame {count - 1})")
            return False
        if a.shape != b.shape or not np.array_equal(a, b):
            differing += 1
            diff = np.abs(a.astype(int) - b.astype(int)) if a.shape == b.shape else np.full(a.shape, 255)
            worst = max(worst, int(diff.max()))
            if first is None:
                first = count - 1
                if png:
                    save(png / f"{before.stem}-{first:05d}.png", a, b, diff)
    if differing:
        print(
            f"{before.name}: {differing} of {count} frames differ, first at frame {first}, largest difference {worst}"
        )
        return False
    print(f"{before.name}: all {count} frames equal")
    return True


def save(path: Path, a, b, diff) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    scaled = np.clip(diff * 8, 0, 255).astype(np.uint8)
    Image.fromarray(np.hstack([a, b, scaled])).save(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("names", nargs="*")
    parser.add_argument("--png", type=Path)
    args = parser.parse_args()
    videos = sorted(
        p for p in args.before.glob("*.mp4") if not args.names or p.name.startswith(tuple(args.names))
    )
    if not videos:
        print(f"no videos to compare in {args.before}")
        return 2
    results = [compare(v, args.after / v.name, args.png) for v in videos]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
