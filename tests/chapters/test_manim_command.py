"""A chapter file renders with manim's own command, as a manim user runs it, and its captions end with its video."""

import os
import subprocess
import sys
from pathlib import Path

import av
import pytest
import srt

from pipeline.plan.settings import from_options
from pipeline.run import tex_cache
from scenes.chapters import registry
from tests.support.layout import chapter_ends

ROOT = Path(__file__).resolve().parents[2]
MANIM = Path(sys.executable).with_name("manim")  # the console script, as a user calls it
CHAPTER = (
    "scenes/chapters/three_token_drag.py",
    "ThreeTokenDrag",
)  # its last caption used to outlast its video


@pytest.fixture(scope="module")
def rendered(tmp_path_factory, shared_tex) -> Path:
    """The folder `manim render -ql -r 128,72 --disable_caching FILE CLASS` (as docs/writing-a-chapter.md
    shows it) wrote the video and captions to. Its Tex folder (manim's default, in the media folder) starts
    with the chapter's formulas, typeset by its dry run in this worker unless they already are, as a user's
    second render finds them: the command is what is tested, not LaTeX again."""
    media = tmp_path_factory.mktemp("media")
    chapter_ends(registry.find(CHAPTER[1]), from_options("l"))
    tex_cache.private_copy(shared_tex, media / "Tex")
    command = [
        str(MANIM),
        "render",
        "-ql",
        "-r",
        "128,72",
        "--disable_caching",
        "--media_dir",
        str(media),
        *CHAPTER,
    ]
    env = dict(os.environ, PYTHONPATH=str(ROOT))  # this worktree's `scenes`, not the installed copy
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return media / "videos" / Path(CHAPTER[0]).stem / "72p15"


def duration(video: Path) -> float:
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        return float(stream.frames / stream.guessed_rate)  # the nominal 15 fps (the average is rounded)


def test_the_chapter_file_renders_to_a_video_pyav_opens(rendered):
    video = rendered / f"{CHAPTER[1]}.mp4"
    assert video.is_file()
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        assert (stream.width, stream.height) == (128, 72)
        assert stream.frames > 15 * 30  # the whole chapter, not a few frames
        assert next(container.decode(stream)).to_ndarray(format="rgb24").shape == (72, 128, 3)


def test_no_caption_outlasts_the_video(rendered):
    cues = list(srt.parse((rendered / f"{CHAPTER[1]}.srt").read_text(encoding="utf-8")))
    assert len(cues) > 5
    assert cues[-1].end.total_seconds() <= duration(rendered / f"{CHAPTER[1]}.mp4") + 1e-6
    assert all(a.end <= b.start for a, b in zip(cues, cues[1:]))


def test_every_chapter_file_loads_as_manim_render_loads_it():
    """`manim render FILE CLASS` imports FILE by its path (not as a module of `scenes`): each chapter file
    must stand alone so, and hold its chapter's class (a scene of the same name, not the class imported)."""
    from manim.utils.module_ops import scene_classes_from_file

    for chapter in registry.CHAPTERS:
        path = ROOT.joinpath(*chapter.module.split(".")).with_suffix(".py")
        found = {cls.__name__: cls for cls in scene_classes_from_file(path, full_list=True)}
        assert chapter.name in found, (path, sorted(found))
        assert found[chapter.name].__module__.endswith(path.stem)  # defined in the file itself
