"""The narration script: every line the chapters say (one caption cue each), with its id, chapter and beat,
as a text file to read from (script.txt) and a page to record against (script.html). Recorded as
DIR/<id>.wav, the lines speak with `render.py render --voice recordings:DIR` (narration.recordings).

Each chapter runs dry and silent (`dry_run`), so writing the script renders nothing. It runs in the settings'
language, so a translated chapter's lines (`dependencies.in_language`) are that language's, and their part of
the page (English, the words a lecturer reads aside) says so with `lang`.
"""

from __future__ import annotations

import html
from dataclasses import replace
from pathlib import Path

import i18n
from narration import speech, voices
from pipeline import outputs
from pipeline.plan import dependencies
from pipeline.plan.settings import RenderSettings
from pipeline.publish import lecture
from pipeline.run import tex_cache
from scenes.chapters.registry import Chapter

HEADER = (
    "# The narration script: one line a recording, in viewing order (id, chapter, beat, words).\n"
    "# Record each line as <id>.wav (or .flac, .mp3) in one folder, say the words exactly as written,\n"
    "# then: render.py render --voice recordings:FOLDER\n"
)
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Narration script</title>
<style>
body {{ font: 1.25rem/1.5 system-ui, sans-serif; margin: 1rem auto; max-width: 60rem; padding: 0 1rem;
       color: #202124; background: #fff; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ text-align: left; vertical-align: top; padding: .5rem; border-bottom: 1px solid #ccc; }}
td:first-child {{ font: .9rem/1.5 monospace; white-space: nowrap; }}
td:last-child {{ font-size: 1.5rem; }}
h2 {{ margin-top: 2rem; }}
@media (max-width: 40rem) {{  /* a phone: each line a block, its id and beat above its words */
  table, tbody, tr, td {{ display: block; }}
  thead {{ position: absolute; left: -9999px; }}
  tr {{ border-bottom: 1px solid #ccc; padding: .5rem 0; }}
  td {{ border: 0; padding: .1rem 0; }}
  td:nth-child(2) {{ font-style: italic; }}
}}
</style>
</head>
<body>
<h1>Narration script</h1>
<p>Record each line as a file named by its id (<code>ID.wav</code>, <code>.flac</code> or <code>.mp3</code>) in
one folder, saying the words as written, then render with <code>--voice recordings:FOLDER</code>.</p>
{chapters}
</body>
</html>
"""


def write(chapters: list[Chapter], settings: RenderSettings, output_dir: Path) -> tuple[Path, Path]:
    """Write script.txt and script.html into `output_dir` (each whole; script.de.txt and .html in German, beside
    the English ones); return their paths."""
    titles = lecture.titles(tuple(chapters), settings)  # as its videos show them
    found = [(title, lines(c, settings, output_dir)) for c, title in zip(chapters, titles)]
    text = HEADER + "".join(
        f"{line.id}\t{title}\t{line.beat}\t{line.words}\n" for title, said in found for line in said
    )
    languages = [dependencies.language_of(c, settings.lang) for c in chapters]
    page = PAGE.format(chapters="\n".join(_section(*one, lang) for one, lang in zip(found, languages)))
    stem = "script" if settings.lang == i18n.SOURCE else f"script.{settings.lang}"
    targets = Path(output_dir) / f"{stem}.txt", Path(output_dir) / f"{stem}.html"
    with outputs.staged() as stage:
        stage(targets[0]).write_text(text, encoding="utf-8")
        stage(targets[1]).write_text(page, encoding="utf-8")
    return targets


def lines(chapter: Chapter, settings: RenderSettings, output_dir: Path) -> list:
    """The chapter's script lines (scenes.kit.chapter.Line), from a silent dry run."""
    from pipeline.frames import scene_render  # imports manim
    from pipeline.run import dry_run
    from pipeline.run.latex_errors import explained

    shared_tex = outputs.tex_cache(output_dir)
    with outputs.work_dir(output_dir, f"script-{chapter.slug}") as work:
        private_tex = tex_cache.private_copy(shared_tex, work / "Tex")
        scene_render.use_look(settings)
        speech.use(voices.SILENT, work)
        still = scene_render.manim_config(replace(settings, format="mp4"), work, private_tex)
        with explained(), i18n.active(settings.lang):
            scene, _ = dry_run.run(chapter.scene_class(), {**still, "format": "png"})
        tex_cache.publish(private_tex, shared_tex)
    return list(getattr(scene, "lines", []))


def _section(title: str, said: list, lang: str) -> str:
    """A chapter's part of the page: its title and lines, marked with their language where it is not the page's
    (English: its own words, and the beat names)."""
    marked = "" if lang == i18n.SOURCE else f' lang="{lang}"'
    rows = "\n".join(
        f"<tr><td>{html.escape(line.id)}</td><td>{html.escape(line.beat)}</td>"
        f"<td{marked}>{html.escape(line.words)}</td></tr>"
        for line in said
    )
    return (
        f'<h2{marked}>{html.escape(title)}</h2>\n<table>\n<thead><tr><th scope="col">id</th>'
        f'<th scope="col">beat</th><th scope="col">words</th></tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>'
    )
