"""Parallel chapters: two workers at once, and manim's LaTeX cache shared between them."""

import xml.etree.ElementTree as ElementTree

import av
import pytest

from pipeline.run import tex_cache
from scenes.chapters import registry

EXPECTED = {"01-MeetA": (0.8, 12), "02-MeetB": (0.6, 9)}  # seconds, frames at 15 fps


@pytest.fixture(scope="module")
def met(tmp_path_factory, module_lecture, module_patch, run):
    """MeetA and MeetB rendered with two jobs, from RENDER_JOBS (the suite sets 1): each waits, inside its render,
    until the other has started."""
    out, rendezvous = tmp_path_factory.mktemp("media"), tmp_path_factory.mktemp("rendezvous")
    module_patch.setenv("TINY_RENDEZVOUS", str(rendezvous))
    module_patch.setenv("RENDER_JOBS", "2")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters("MeetA", "MeetB"))
    return run("render", "--output", out), out


def test_two_workers_render_at_once_and_both_videos_are_correct(met):
    result, out = met
    assert result.exit_code == 0, result.output  # with one worker, MeetA would wait for MeetB in vain
    for slug, (seconds, frames) in EXPECTED.items():
        with av.open(str(out / "480p15" / f"{slug}.mp4")) as container:
            stream = container.streams.video[0]
            assert (stream.codec_context.name, stream.codec_context.pix_fmt) == ("h264", "yuv420p")
            assert (stream.width, stream.height) == (854, 480)
            assert container.duration / av.time_base == pytest.approx(seconds, abs=0.01)
            assert sum(1 for _ in container.decode(video=0)) == frames


def test_shared_tex_cache_holds_each_formula_once_as_a_whole_svg(met):
    _, out = met
    cache = out / ".manim" / "Tex"
    files = sorted(cache.iterdir())
    assert len(files) == 3  # the shared formula, a^2 and b^2; nothing else (no .tex, .dvi, .log, temporary)
    for svg in files:
        assert svg.suffix == ".svg"
        assert ElementTree.parse(svg).getroot().tag.endswith("svg")
    assert not (out / ".work").exists()


def test_a_later_render_reuses_the_shared_cache_without_running_latex(met, run, tmp_path, monkeypatch):
    _, out = met
    monkeypatch.setenv("PATH", str(tmp_path))  # no latex, no dvisvgm: every formula must come from the cache
    result = run("render", "--force", "--output", out)
    assert result.exit_code == 0, result.output


def test_publishing_an_svg_another_worker_already_added_keeps_one_whole_copy(tmp_path):
    shared, private = tmp_path / "shared", tmp_path / "private"
    shared.mkdir()
    (shared / "a.svg").write_text("<svg>a</svg>")
    tex_cache.private_copy(shared, private)
    assert (private / "a.svg").read_text() == "<svg>a</svg>"
    (private / "b.svg").write_text("<svg>b</svg>")
    (private / "b.tex").write_text("source")
    other = tmp_path / "other"
    other.mkdir()
    (other / "b.svg").write_text("<svg>b</svg>")
    assert tex_cache.publish(other, shared) == [shared / "b.svg"]  # the other worker was first

    assert tex_cache.publish(private, shared) == []
    assert sorted(p.name for p in shared.iterdir()) == ["a.svg", "b.svg"]
    assert (shared / "b.svg").read_text() == "<svg>b</svg>"
