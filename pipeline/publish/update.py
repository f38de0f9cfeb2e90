"""After every render run, in the run's output folder: the full lecture when it is out of date, a WebM of each
video the page plays whose MP4 changed (`webm`: for browsers without H.264), the documents made from the lecture
(lecture.pptx, lecture.pdf) when they are, and index.html with the stylesheet and script it loads (all listed in
the manifest's `pages`, the documents in its `documents`).
Files whose text would not change are left alone; page files no longer made are removed."""

from __future__ import annotations

import os
from pathlib import Path

from pipeline import outputs
from pipeline.plan import chapters
from pipeline.plan.manifest import Manifest
from pipeline.plan.settings import RenderSettings
from pipeline.publish import documents, lecture, web_page, webm

# "no": renders make no WebMs (a lecturer in a hurry, or the test suite: 48 s of CPU for the lecture at -q l)
# and remove those made from an MP4 since changed; `render.py webm` makes them later
WEBMS = "RENDER_WEBM"


def after_render(output_dir: Path, settings: RenderSettings) -> list[str]:
    """Bring the folder's full lecture, its WebMs (unless WEBMS says no), documents and page up to date; return
    the lines to print."""
    folder = outputs.folder(output_dir, settings)
    if not folder.is_dir():  # nothing was ever rendered here
        return []
    everything = chapters.all_chapters()
    lines = lecture.update(folder, everything, settings)
    if webms_wanted():
        lines += webm.update(folder, everything, settings)
    else:  # an old WebM beside a new MP4 would show Firefox without H.264 the old video
        for stale in webm.out_of_date(folder):
            stale.unlink()
            lines.append(f"removed {stale}: made from an older MP4 (render.py webm makes it again)")
    lines += documents.update(Path(output_dir), everything, settings)
    pages = web_page.pages(folder, everything, settings)
    for name, text in pages.items():
        _write_if_changed(folder / name, text)
    manifest = Manifest.load(folder)
    for gone in set(manifest.pages) - set(pages):  # e.g. a renumbered chapter's descriptions track
        (folder / gone).unlink(missing_ok=True)
    manifest.record_pages({name: (folder / name).stat().st_size for name in pages})
    return lines


def webms_wanted() -> bool:
    """Whether renders make WebMs: unless WEBMS says no."""
    return os.environ.get(WEBMS, "").lower() != "no"


def _write_if_changed(path: Path, text: str) -> None:
    """Write `text` to `path` (under a temporary name, then renamed) unless the file already holds it."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    with outputs.staged() as stage:
        stage(path).write_text(text, encoding="utf-8")
