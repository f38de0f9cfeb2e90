"""Fixtures for the render pipeline's tests: the tiny test chapters in place of the real ones."""
import pytest
from click.testing import CliRunner

from render import cli
from scenes import registry
from tiny_scene import TinyLecture


@pytest.fixture
def lecture(tmp_path_factory, monkeypatch):
    """The tiny chapters' package, importable here and in worker processes, never with stale bytecode."""
    root = tmp_path_factory.mktemp("lecture")
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    return TinyLecture(root)


@pytest.fixture
def tiny_chapters(lecture, monkeypatch):
    """Replace the lecture's registry with the tiny test chapters Tiny, Flaky, Coda."""
    monkeypatch.setattr(registry, "CHAPTERS", lecture.chapters())
    return registry.CHAPTERS


@pytest.fixture
def run():
    """Invoke the command line in-process; return click's Result (output holds stdout and stderr)."""
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)
