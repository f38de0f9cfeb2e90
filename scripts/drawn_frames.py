"""What a render draws, frame by frame, before the encoder: `python scripts/drawn_frames.py CHAPTER ... > FILE`.

Renders each named chapter at -q l, silent, through the pipeline's own frame code (in this process, into a
temporary folder) and prints a line per frame handed to the encoder (how often it is repeated, the MD5 of
its pixels) and one per video segment opened and closed. Two checkouts' outputs, compared with `diff`, show
whether a change draws the same pictures. Decoded videos cannot show that exactly: libx264 with several
threads does not always encode the same frames the same way (docs/testing.md, "Comparing two renders").
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

# this checkout's code, not the one the virtual environment installed: "before" is often another checkout
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from manim.scene.scene_file_writer import SceneFileWriter  # noqa: E402

from pipeline.frames import scene_render  # noqa: E402
from pipeline.plan.settings import from_options  # noqa: E402
from pipeline.run.jobs import Job  # noqa: E402
from scenes.chapters.registry import find  # noqa: E402


def follow(lines: list[str]) -> None:
    """Make every SceneFileWriter append a line to `lines` for each frame written and segment opened or closed."""
    write, opened, closed = (
        SceneFileWriter.write_frame,
        SceneFileWriter.open_partial_movie_stream,
        SceneFileWriter.close_partial_movie_stream,
    )

    def write_frame(self, pixels, *, repeat: int = 1):
        lines.append(f"frame x{repeat} {hashlib.md5(pixels.tobytes()).hexdigest()}")
        return write(self, pixels, repeat=repeat)

    def open_segment(self, *args, **kwargs):
        lines.append("segment opened")
        return opened(self, *args, **kwargs)

    def close_segment(self, *args, **kwargs):
        lines.append("segment closed")
        return closed(self, *args, **kwargs)

    SceneFileWriter.write_frame = write_frame
    SceneFileWriter.open_partial_movie_stream = open_segment
    SceneFileWriter.close_partial_movie_stream = close_segment


def main(names: list[str]) -> None:
    chapters = [find(name) for name in names]
    if not names or None in chapters:
        unknown = ", ".join(n for n, c in zip(names, chapters) if c is None) or "none given"
        print(
            f"error: name registry chapters (unknown: {unknown}); {__doc__.splitlines()[0]}", file=sys.stderr
        )
        sys.exit(2)
    lines: list[str] = []
    follow(lines)
    for chapter in chapters:
        lines.append(f"chapter {chapter.name}")
        with tempfile.TemporaryDirectory(prefix="drawn-") as folder:
            work = Path(folder) / "work"
            work.mkdir()
            scene_render.render(Job(chapter, from_options("l"), Path(folder)), work, None)
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1:])
