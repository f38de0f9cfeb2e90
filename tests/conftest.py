"""Fixtures for the render pipeline's tests: the tiny test chapters in place of the real ones."""
import pytest
from click.testing import CliRunner

import tiny_scene
from render import cli
from scenes import registry


@pytest.fixture
def tiny_chapters(monkeypatch):
    """Replace the lecture's registry with the tiny test chapters."""
    monkeypatch.setattr(registry, "CHAPTERS", tiny_scene.CHAPTERS)
    return tiny_scene.CHAPTERS


@pytest.fixture
def run():
    """Invoke the command line in-process; return click's Result (output holds stdout and stderr)."""
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)
