"""After every render run, in the run's output folder: each chapter's WebVTT captions, the full lecture when it
is out of date, and index.html. Files whose text would not change are left alone."""

from __future__ import annotations

from pathlib import Path

from . import captions, chapters, lecture, outputs, web_page
from .settings import RenderSettings


def after_render(output_dir: Path, settings: RenderSettings) -> list[str]:
    """Bring the folder's captions, full lecture and page up to date; return the lines to print."""
    folder = outputs.folder(output_dir, settings)
    if not folder.is_dir():  # nothing was ever rendered here
        return []
    everything = chapters.all_chapters()
    for chapter in everything:
        _update_web_captions(outputs.chapter_files(folder, chapter.slug, "mp4").subtitles)
    lines = lecture.update(folder, everything, settings)
    _write_if_changed(folder / web_page.NAME, web_page.html(folder, everything, settings))
    return lines


def _write_if_changed(path: Path, text: str) -> None:
    """Write `text` to `path` (under a temporary name, then renamed) unless the file already holds it."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    with outputs.staged() as stage:
        stage(path).write_text(text, encoding="utf-8")


def _update_web_captions(subtitles: Path) -> None:
    """The .vtt beside a chapter's .srt; removed when the chapter no longer has captions."""
    if subtitles.is_file():
        _write_if_changed(captions.web_captions(subtitles), captions.as_vtt(captions.read(subtitles)))
    else:
        captions.web_captions(subtitles).unlink(missing_ok=True)
