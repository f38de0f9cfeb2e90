"""index.html for one output folder: the full lecture with its chapter list, then each chapter's video.

Every link is relative (the folder can be copied anywhere, or opened from disk) and every
text is HTML-escaped. Chapter titles come from the registry; the full lecture's chapter
list is read from its chapter marks, so the buttons seek to where the file says. Each
captions track also carries its cues in the page: browsers refuse to load a track file
from disk (file: URLs), and the page's script then adds the same cues itself.
"""

from __future__ import annotations

import json
from html import escape
from math import ceil
from pathlib import Path
from urllib.parse import quote

from attention.example_file import example_name
from scenes.registry import Chapter

from . import captions, lecture, outputs, video, video_join
from .settings import RenderSettings

NAME = "index.html"
TITLE = "Attention, explained"
PAGE_FORMATS = {"mp4": "video/mp4", "webm": "video/webm"}  # what a <video> can play, in order of preference

STYLE = """
:root { color-scheme: light dark; --bg: #fafaf8; --fg: #1c1c1e; --muted: #48484e; --card: #ecebe7;
        --accent: #0b5fc4; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #131316; --fg: #ececee; --muted: #b4b4bc; --card: #24242a; --accent: #8cc4ff; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.5 system-ui, sans-serif; }
main { max-width: 68rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: clamp(1.6rem, 5vw, 2.4rem); margin: .5rem 0 0; line-height: 1.2; }
h2 { font-size: 1.35rem; margin: 2.5rem 0 .75rem; }
h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
.lede, .meta { color: var(--muted); margin: .25rem 0 1rem; }
.meta { font-size: .9rem; margin: .5rem 0 0; }
a { color: var(--accent); }
video { display: block; width: 100%; height: auto; background: #000; border-radius: .5rem; }
.marks { list-style: none; margin: .75rem 0 0; padding: 0; display: grid; gap: .5rem;
         grid-template-columns: repeat(auto-fill, minmax(min(100%, 19rem), 1fr)); }
.marks button { display: flex; width: 100%; min-height: 2.75rem; gap: .75rem; justify-content: space-between;
                align-items: baseline; padding: .55rem .8rem; font: inherit; text-align: left; color: inherit;
                background: var(--card); border: 2px solid transparent; border-radius: .5rem; cursor: pointer; }
.marks button:hover { border-color: var(--muted); }
.marks button[aria-current="true"] { border-color: var(--accent);
                                     background: color-mix(in srgb, var(--accent) 18%, var(--card)); }
.time { color: var(--muted); font-variant-numeric: tabular-nums; }
.marks button[aria-current="true"] .time { color: var(--fg); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.chapters { display: grid; gap: 2rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr)); }
"""

SCRIPT = """
function captionsFromPage(track) {
  const copy = track.parentElement.addTextTrack("captions", track.label, track.srclang);
  for (const [start, end, text] of JSON.parse(track.dataset.cues)) copy.addCue(new VTTCue(start, end, text));
  copy.mode = "showing";
  track.remove();
}
for (const track of document.querySelectorAll("track[data-cues]")) {
  if (track.readyState === HTMLTrackElement.ERROR) captionsFromPage(track);
  else track.addEventListener("error", () => captionsFromPage(track), { once: true });
}
const lecture = document.getElementById("lecture");
if (lecture) {
  const marks = Array.from(document.querySelectorAll(".marks [data-start]"));
  for (const mark of marks) {
    mark.addEventListener("click", () => {
      lecture.currentTime = Number(mark.dataset.start);
      lecture.play().catch(() => {});
    });
  }
  lecture.addEventListener("timeupdate", () => {
    const now = lecture.currentTime + 0.05;
    const current = marks.filter((mark) => Number(mark.dataset.start) <= now).pop();
    for (const mark of marks) mark.setAttribute("aria-current", String(mark === current));
  });
}
"""


def html(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> str:
    """The page for `folder`, showing whichever of its videos exist."""
    sections = (_lecture_section(folder, chapters, settings), _chapters_section(folder, chapters, settings))
    title = title_of(settings)
    return "\n".join(
        (
            "<!doctype html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<link rel="icon" href="data:,">',
            f"<title>{_text(title)}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            "<main>",
            f"<h1>{_text(title)}</h1>",
            f'<p class="lede">A lecture in {len(chapters)} short videos, with captions.</p>',
            *(section for section in sections if section),
            "</main>",
            f"<script>{SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        )
    )


def title_of(settings: RenderSettings) -> str:
    """The page's title: the lecture's, followed by the example's name when a custom example is used."""
    return f"{TITLE}, with the example {example_name(settings.example)}" if settings.example else TITLE


def _lecture_section(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> str:
    """The full lecture and a button per chapter mark; empty when there is no readable lecture."""
    target = lecture.files(folder)
    marks = video_join.marks(target.video)
    if not marks:
        return ""
    poster = outputs.chapter_files(folder, chapters[0].slug, "mp4").poster if chapters else None
    player = _video([target.video], poster, target.subtitles, "The whole lecture", settings, "lecture")
    buttons = "\n".join(
        f'<li><button type="button" data-start="{_start(m.start)}"><span>{number}. {_text(m.title)}</span>'
        f'<span class="time">{_clock(m.start)}</span></button></li>'
        for number, m in enumerate(marks, start=1)
    )
    downloads = _meta(_links((target.video, "video (.mp4)"), (target.subtitles, "captions (.srt)")))
    return (
        f'<section aria-labelledby="lecture-title">\n<h2 id="lecture-title">The whole lecture '
        f'<span class="time">{_clock(video.duration(target.video) or 0)}</span></h2>\n{player}\n'
        f'<nav aria-label="Chapters of the whole lecture">\n<ol class="marks">\n{buttons}\n</ol>\n</nav>\n'
        f"{downloads}\n</section>"
    )


def _chapters_section(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> str:
    """Every chapter in viewing order."""
    articles = "\n".join(_chapter(folder, c, settings) for c in chapters)
    return (
        '<section aria-labelledby="chapters-title">\n<h2 id="chapters-title">Chapter by chapter</h2>\n'
        f'<div class="chapters">\n{articles}\n</div>\n</section>'
    )


def _chapter(folder: Path, chapter: Chapter, settings: RenderSettings) -> str:
    """One chapter: its title, its video with poster and captions, its length and downloads."""
    files = {fmt: outputs.chapter_files(folder, chapter.slug, fmt) for fmt in PAGE_FORMATS}
    sources = [f.video for f in files.values() if f.video.is_file()]
    heading = f'<h3 id="chapter-{chapter.number}">{chapter.number}. {_text(chapter.title)}</h3>'
    if not sources:
        return f'<article>\n{heading}\n<p class="meta">No mp4 or webm at this size yet.</p>\n</article>'
    mp4 = files["mp4"]
    label = f"Chapter {chapter.number}: {chapter.title}"
    player = _video(sources, mp4.poster, mp4.subtitles, label, settings)
    seconds = video.duration(sources[0])
    length = [f'<span class="time">{_clock(seconds)}</span>'] if seconds else []
    links = _links(*((s, f"video (.{s.suffix[1:]})") for s in sources), (mp4.subtitles, "captions (.srt)"))
    return f"<article>\n{heading}\n{player}\n{_meta(length + links)}\n</article>"


def _video(
    sources: list[Path],
    poster: Path | None,
    subtitles: Path,
    label: str,
    settings: RenderSettings,
    element_id: str | None = None,
) -> str:
    """A <video> with its sources, a poster, and a default English captions track (the .vtt beside `subtitles`)
    when those files exist."""
    attributes = [
        f'id="{element_id}"' if element_id else "",
        "controls",
        'preload="metadata"',
        "playsinline",
        f'width="{settings.width}" height="{settings.height}"',
        f'aria-label="{_text(label)}"',
        f'poster="{_href(poster)}"' if poster and poster.is_file() else "",
    ]
    inner = [f'<source src="{_href(s)}" type="{PAGE_FORMATS[s.suffix[1:]]}">' for s in sources]
    web_captions = captions.web_captions(subtitles)
    if web_captions.is_file():
        inner.append(
            f'<track kind="captions" srclang="en" label="English" src="{_href(web_captions)}" '
            f'data-cues="{_text(_cues(subtitles))}" default>'
        )
    return f"<video {' '.join(a for a in attributes if a)}>\n" + "\n".join(inner) + "\n</video>"


def _cues(subtitles: Path) -> str:
    """The captions as JSON: [[start, end, text], ...], times in seconds."""
    cues = [
        [s.start.total_seconds(), s.end.total_seconds(), captions.cue_text(s.content)]
        for s in captions.read(subtitles)
    ]
    return json.dumps(cues, ensure_ascii=False)


def _links(*files: tuple[Path, str]) -> list[str]:
    """Links to those of `files` (path, label) that exist."""
    return [f'<a href="{_href(path)}">{_text(label)}</a>' for path, label in files if path.is_file()]


def _meta(items: list[str]) -> str:
    """A line of small print: items separated by dots."""
    return f'<p class="meta">{" · ".join(items)}</p>'


def _start(seconds) -> str:
    """A chapter's start in seconds for a seek, rounded up to the millisecond: inside its first frame."""
    return f"{ceil(seconds * 1000) / 1000:.3f}"


def _clock(seconds) -> str:
    """'m:ss', or 'h:mm:ss' from an hour on; fractions of a second dropped, as video players count."""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}" if hours else f"{minute}:{second:02d}"


def _href(path: Path) -> str:
    """A link to a file in the same folder, relative."""
    return escape(quote(path.name), quote=True)


def _text(text: str) -> str:
    return escape(text, quote=True)
