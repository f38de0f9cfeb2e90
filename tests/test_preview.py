"""render.py preview: one PNG sheet with the last picture of every beat, no video."""

import numpy as np
import pytest
from PIL import Image

from pipeline import preview

TILE = (427, 240)  # half of 854x480
NAMES = ("appear", "move")  # Tiny's sections


@pytest.fixture
def sheet(run, tiny_chapters, tmp_path):
    out = tmp_path / "out"
    result = run("preview", "tiny", "--output", out)
    assert result.exit_code == 0, result.output
    return out, result.output.strip()


def tile(image: Image.Image, index: int) -> np.ndarray:
    """The picture of beat `index` (from 0) in a sheet."""
    cell_w, cell_h = TILE[0] + preview.MARGIN, preview.TITLE_HEIGHT + TILE[1] + preview.MARGIN
    left = preview.MARGIN + index % preview.COLUMNS * cell_w
    top = preview.MARGIN + index // preview.COLUMNS * cell_h + preview.TITLE_HEIGHT
    return np.asarray(image.crop((left, top, left + TILE[0], top + TILE[1])), dtype=int)


def test_the_sheet_has_one_titled_tile_per_beat_and_nothing_else_is_written(sheet):
    out, printed = sheet
    path = out / "480p15" / "previews" / "01-Tiny.png"
    assert printed == str(path)
    image = Image.open(path)
    margin, title = preview.MARGIN, preview.TITLE_HEIGHT
    assert image.size == (len(NAMES) * (TILE[0] + margin) + margin, title + TILE[1] + 2 * margin)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "480p15/previews/01-Tiny.png"
    ]  # no video, no poster, no temporary file; the working folder is gone
    titles = np.asarray(image.crop((margin, margin, image.width, margin + title)).convert("L"))
    assert (titles > 200).sum() > 50  # the titles are written
    assert not np.array_equal(tile(image, 0), tile(image, 1))  # the square has moved right


def test_the_last_tile_is_the_chapter_s_last_picture(sheet, run, tmp_path):
    out, _ = sheet
    assert run("render", "tiny", "--output", out).exit_code == 0
    poster = Image.open(out / "480p15" / "01-Tiny.png").convert("RGB").resize(TILE, Image.LANCZOS)
    last = tile(Image.open(out / "480p15" / "previews" / "01-Tiny.png"), len(NAMES) - 1)
    assert np.abs(last - np.asarray(poster, dtype=int)).max() <= 2


def test_a_bad_chapter_name_is_one_line_and_status_2(run, tiny_chapters, tmp_path):
    result = run("preview", "nosuch", "--output", tmp_path / "out")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "unknown chapter 'nosuch'" in result.output
    assert not (tmp_path / "out").exists()
