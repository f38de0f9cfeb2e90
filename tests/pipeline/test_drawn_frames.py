"""scripts/drawn_frames.py: what a render hands the encoder, frame by frame, so that two checkouts' pictures can
be compared exactly (decoded videos cannot be: libx264's threads)."""

import importlib.util
from pathlib import Path

import pytest
from manim.scene.scene_file_writer import SceneFileWriter

from tests.support.tiny_scene import SECONDS

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "drawn_frames.py"
spec = importlib.util.spec_from_file_location("drawn_frames", SCRIPT)
drawn_frames = importlib.util.module_from_spec(spec)
spec.loader.exec_module(drawn_frames)


@pytest.fixture
def printed(use_chapters, capsys, monkeypatch):
    """A function running the script on the named tiny chapters; the lines it printed."""
    for name in ("write_frame", "open_partial_movie_stream", "close_partial_movie_stream"):
        monkeypatch.setattr(SceneFileWriter, name, getattr(SceneFileWriter, name))  # undone after the test
    use_chapters("Tiny", "Coda")

    def run(*names: str) -> list[str]:
        drawn_frames.main(list(names))
        return capsys.readouterr().out.splitlines()

    return run


def test_every_frame_is_listed_by_its_pixels_and_a_render_again_lists_the_same(printed):
    first = printed("Tiny")
    frames = [line.split() for line in first if line.startswith("frame")]
    assert first[0] == "chapter Tiny" and first[1] == "segment opened" and first[-1] == "segment closed"
    assert sum(int(repeat[1:]) for _, repeat, _ in frames) == round(SECONDS * 15)  # -q l: 15 fps
    assert len({md5 for *_, md5 in frames}) > 1 and all(len(md5) == 32 for *_, md5 in frames)
    assert printed("Tiny") == first  # the same code draws the same frames
    assert printed("Coda")[1:] != first[1:]


def test_an_unknown_chapter_is_refused_in_one_line(printed, capsys):
    with pytest.raises(SystemExit) as stopped:
        printed("Tiny", "Nope")
    assert stopped.value.code == 2 and "unknown: Nope" in capsys.readouterr().err
