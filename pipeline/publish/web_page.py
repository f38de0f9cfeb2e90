"""index.html for one output folder: the full lecture with its chapter list, each chapter's video, and the
interactive panels beside their chapters; and the stylesheet and script it loads (`assets`).

The page is rendered from the Jinja2 templates in `web/` (autoescaped: every text is HTML-escaped), its script
bundled from the ES modules in `web/js/`. Every link is relative (the folder can be copied anywhere, or opened
from disk). Chapter titles come from the registry, as the example shows them (`shown_title`); the full lecture's
chapter list is read from its chapter marks, so the buttons seek to where the file says. Each captions track also
carries its cues in the page: browsers refuse to load a track file from disk (file: URLs), and the page's script
then adds the same cues itself. The panels' data (`panel_data`) rides in the page as JSON for the same reason.
Each chapter's beats (its `.beats.vtt`) are listed under its video; present.html and speaker.html (`present_page`)
play the lecture beat by beat, and the page links them, lecture.pptx and lecture.pdf when they are there. Each
player also offers its audio description (`descriptions`: a track, and a switch that shows it), and the page links
transcript.html (`transcript`), the lecture as a document.

Every word the pages and their scripts show is looked up in the render's language (`i18n`, `settings.lang`): the
templates through `_()`/`ngettext`, the scripts through the strings each page carries as JSON (`script_strings`,
read by js/strings.js). A chapter's title and captions are in the page's language where the chapter is translated
(`dependencies.in_language`: its captions track's `srclang`, its title unmarked), else English and marked
`lang="en"` on a page in another language; so are its beats' names and the descriptions of its pictures.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from html import escape
from math import ceil
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

import av
import jinja2
from babel.core import Locale
from markupsafe import Markup

import i18n
from attention import examples
from attention.examples.file import example_name, load_example_file
from attention.examples.shapes import ExampleFileError
from i18n import _, ngettext, numbers
from pipeline import outputs
from pipeline.frames import captions, video
from pipeline.plan import dependencies
from pipeline.plan.settings import RenderSettings
from pipeline.publish import (
    beat_text,
    descriptions,
    lecture,
    panel_data,
    present_page,
    transcript,
    video_join,
)
from pipeline.publish import described as described_lecture
from scenes.chapters.registry import Chapter
from scenes.kit import palette

if TYPE_CHECKING:
    from pipeline.plan.course import Course

NAME = "index.html"
PAGE_FORMATS = {"mp4": "video/mp4", "webm": "video/webm"}  # what a <video> can play, in order of preference

WEB = Path(__file__).parent / "web"  # the front end: the template, the stylesheet, the ES modules
STYLESHEET = "page.css"
SCRIPT = "page.js"  # the modules of web/js bundled into one classic script: modules do not load from disk
ENTRY = "main.js"
PRESENT = "present.html"  # the lecture full-window, beat by beat
SPEAKER = "speaker.html"  # the speaker's view, opened from present.html
PRESENT_STYLESHEET = "present.css"
PRESENT_SCRIPT = "present.js"  # bundled from PRESENT_ENTRY and its modules, as page.js
PRESENT_ENTRY = "presenter.js"
TEACHING = ("lecture.pptx", "lecture.pdf")  # written beside the lecture
PANELS = {  # each panel, and the chapters it belongs beside (panels without theirs on the page come last)
    "drag": ("ThreeTokenDrag",),
    "query": ("ScoreEveryWord", "BlendByWeight", "Refocus"),
    "gain": ("WhereItBreaks",),
}
IMPORT = re.compile(r'^import (\{[^}]*\}) from "\./([\w-]+\.js)";$', re.MULTILINE)
EXPORT = re.compile(r"^export (?:async )?(?:function\*?|const|let|class) (\w+)", re.MULTILINE)
STYLE = (WEB / STYLESHEET).read_text(encoding="utf-8")
TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(WEB),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
    extensions=["jinja2.ext.i18n"],
)


class Translated(str):
    """A chapter's words in the page's language (its title, its lines, where it is translated), printed as a span of
    that language inside what a template marks English (`{{ english }}`: the lecture's marks, the transcript's
    contents), and left unmarked by `in_english`."""

    def __html__(self) -> str:
        return Markup('<span lang="%s">%s</span>') % (i18n.language(), str(self))


def _in_english(text: str) -> str:
    """A text of the chapters (a title, a beat's name) marked English on a page in another language, unless it is
    `Translated`."""
    if isinstance(text, Translated) or i18n.language() == i18n.SOURCE:
        return Markup.escape(str(text))
    return Markup('<span lang="en">%s</span>') % text


TEMPLATES.filters["in_english"] = _in_english
TEMPLATES.filters["local"] = panel_data.local
TEMPLATES.install_gettext_callables(  # looked up when rendered: in the active language
    gettext=lambda message: i18n.translations(i18n.language()).gettext(message),
    ngettext=lambda singular, plural, n: i18n.translations(i18n.language()).ngettext(singular, plural, n),
    newstyle=True,
)


def pages(
    folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings, course: Course | None = None
) -> dict[str, str]:
    """Every page file for `folder` (name -> text): index.html with its stylesheet and script, the descriptions
    tracks and transcript.html when videos have beats, and, when the lecture has its beats, present.html and
    speaker.html with theirs. A `course` gives its title, names and date, numbers its `chapters` by their place
    in it, and gives the speaker view its notes. In the settings' language."""
    with i18n.active(settings.lang):
        return _pages(folder, chapters, settings, course)


def _pages(
    folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings, course: Course | None = None
) -> dict[str, str]:
    described = descriptions.tracks(folder, chapters, settings)
    page = html(folder, chapters, settings, described, course)
    found = {NAME: page, **assets(), **descriptions.files(described)}
    if described:
        found[transcript.NAME] = _transcript(folder, chapters, settings, described, course)
    notes = course.notes if course else None
    presenting = present_page.data(folder, [c.slug for c in chapters], settings.fps, notes)
    if presenting is None:
        return found
    presenting["byline"] = _byline(course)
    for item, chapter in zip(presenting["chapters"], chapters):  # its title's and narration's language
        item["lang"] = dependencies.language_of(chapter, settings.lang)
    _show_beat_names(presenting["beats"], chapters, settings)
    counts = len(presenting["chapters"]), len(presenting["beats"])
    shared = {"title": title_of(settings, course), "data": presenting, "stylesheet": PRESENT_STYLESHEET}
    shared |= {"script": PRESENT_SCRIPT, "chapter_count": counts[0], "strings": script_strings(*counts)}
    shared |= _language(settings)
    target = lecture.files(folder)
    captions = None
    if target.web_captions.is_file():  # in the lecture's language ('mul' where its chapters' differ)
        said = lecture.language(chapters, settings)
        captions = {"src": _href(target.web_captions), "lang": said, "label": _language_name(said)}
    return found | {
        PRESENT: TEMPLATES.get_template("present.html.j2").render(
            sources=[{"src": _href(s), "type": _type(s)} for s in _sources(target.video)],
            captions=captions,
            described=_described_track(target.video, described),
            **shared,
        ),
        SPEAKER: TEMPLATES.get_template("speaker.html.j2").render(**shared),
        PRESENT_STYLESHEET: (WEB / PRESENT_STYLESHEET).read_text(encoding="utf-8"),
        PRESENT_SCRIPT: bundle(PRESENT_ENTRY),
    }


def _show_beat_names(beats: list[dict], chapters: tuple[Chapter, ...], settings: RenderSettings) -> None:
    """Presenter mode's beats (`present_page.data`, a course's notes found by their names) named as shown, each
    with its chapter's language (`lang`)."""
    for number, chapter in enumerate(chapters):
        own = [beat for beat in beats if beat["chapter"] == number]
        lang = dependencies.language_of(chapter, settings.lang)
        for beat, name in zip(own, beat_text.names(chapter, [b["name"] for b in own], settings, lang)):
            beat["name"], beat["lang"] = name, lang


def _described_track(video: Path, described: dict) -> dict | None:
    """The descriptions track of `video` for a <track> (label, src, lang), when `pages` writes one for it:
    assistive technology and checkers look for a real track, not cues made by script."""
    if not described.get(video):
        return None
    lang = _described_language(described[video])
    return {"label": _described_label(lang), "src": quote(descriptions.track(video).name), "lang": lang}


def _described_language(beats: list) -> str:
    """The language of a video's descriptions: its chapters' words' (`Described.lang`), or i18n.MIXED."""
    found = {b.lang for b in beats}
    return found.pop() if len(found) == 1 else i18n.MIXED


def _described_label(lang: str) -> str:
    """A descriptions track's label in the page's language: 'English descriptions' (descriptions.LABEL), else
    'Descriptions (Deutsch)' by the descriptions' language."""
    if lang == i18n.SOURCE:
        return _("English descriptions")
    return _("Descriptions (%(language)s)", language=_language_name(lang))


def _language(settings: RenderSettings) -> dict:
    """What every template needs of the language: its code for <html lang>, and the attribute that marks what is
    English (beat names, the pictures' descriptions, lists of untranslated chapters' words) on a page in another
    language."""
    return {"lang": settings.lang, "english": _english()}


def _english() -> str:
    """` lang="en"` for an element whose words are English, on a page in another language."""
    return Markup(' lang="en"') if i18n.language() != i18n.SOURCE else ""


def script_strings(chapters: int = 0, beats: int = 0) -> dict[str, str]:
    """The words the pages' scripts show, in the active language, their `%(name)s` placeholders left for
    js/strings.js to fill; `counts` says how many `chapters` and `beats` the lecture has (the first title card)."""
    counts = _(
        "%(chapters)s, %(beats)s",
        chapters=ngettext("%(num)s chapter", "%(num)s chapters", chapters),
        beats=ngettext("%(num)s beat", "%(num)s beats", beats),
    )
    return {
        "counts": counts,
        "plays": _("→ plays %(beat)s"),
        "plays_first": _("→ plays %(beat)s, of chapter 1: %(title)s"),
        "chapter_of": _("Chapter %(number)s of %(count)s"),
        "beat_of": _("Beat %(beat)s of %(count)s"),
        "beat_of_state": _("Beat %(beat)s of %(count)s, %(state)s"),
        "blanked": _("%(state)s (screen blanked)"),
        "at_start": _("at its start"),
        "playing": _("playing"),
        "paused": _("paused"),
        "at_end": _("stopped on its last frame"),
        "the_end": _("the end of the lecture"),
        "title_card": _("the title card"),
        "chapter_card": _("the chapter's title card"),
        "first_frame": _("%(beat)s, its first frame"),
        "first_frame_alt": _("The first frame of %(beat)s, as the beat before ended"),
        "ends_here": _("%(beat)s, %(state)s; it ends on this frame"),
        "last_frame": _("%(beat)s, its last frame"),
        "last_frame_alt": _("The last frame of the current beat, %(beat)s"),
        "next_alt": _("The picture of the next beat, %(beat)s"),
        "captions": _("English"),
        "no_seeking": _(
            "This server cannot seek in a video (it ignores byte-range requests, as python -m http.server does)"
        ),
        "serve_instead": _(
            "To start at once, serve this folder with %(servers)s, or open present.html from disk."
        ),
        "loading": _(
            "%(why)s, so the whole lecture is loading first (%(amount)s); keys work once it has. %(instead)s"
        ),
        "loaded_of": _("%(loaded)s of %(total)s MB"),
        "loaded": _("%(loaded)s MB"),
        "starting": _("starting"),
        "loading_failed": _("%(why)s, and loading the whole lecture failed (%(error)s). %(instead)s"),
        "empty": _("empty"),
        "not_a_number": _("not a number"),
        "out_of_range": _("out of range (%(low)s to %(high)s)"),
        "fix_one": _("Fix the entry marked above to see the weights."),
        "fix_many": _("Fix %(count)s entries marked above to see the weights."),
        "exp_sum": _("sum of exponentials = %(sum)s"),
        "output": _("output = %(output)s"),
        "weights_said": _("Weights: %(weights)s"),
        "gain_said": _("At g = %(gain)s: %(weights)s"),
        "gain_axis": _("gain g"),
        "drag_cross": _("The query ×: arrow keys move it by one grid step"),
        "drag_value": _("query %(q)s"),
        "drag_said": _("At q = %(q)s: %(weights)s"),
        "drag_sum": _("sum = %(sum)s"),
        "decimal": numbers.decimal_sign(),  # the panels' numbers as the language writes them (js/strings.js)
        "separator": numbers.separator(),
    }


def _transcript(
    folder: Path,
    chapters: tuple[Chapter, ...],
    settings: RenderSettings,
    described,
    course: Course | None = None,
) -> str:
    """transcript.html: the described chapters' lines, pictures and worked examples, in the page's style; each
    beat's link into its video also into the WebM, where there is one (a link cannot fall back as a page can)."""
    found = transcript.chapters(chapters, settings, described)
    numbers = dict(zip(chapters, numbered(chapters, course)))
    for item in found:
        if item["lang"] != i18n.SOURCE:  # its title, beat names and lines in the page's language
            item["title"] = Translated(item["title"])
            for beat in item["beats"]:
                beat["name"], beat["lines"] = Translated(beat["name"]), [Translated(x) for x in beat["lines"]]
        webm = (folder / unquote(item["video"])).with_suffix(".webm")
        item["webm"] = quote(webm.name) if webm.is_file() and webm.name != unquote(item["video"]) else None
        item["number"] = numbers[item["chapter"]]
    return TEMPLATES.get_template("transcript.html.j2").render(
        title=title_of(settings, course),
        byline=_byline(course),
        chapters=found,
        stylesheet=STYLESHEET,
        index=NAME,
        clock=_clock,
        width=settings.width,
        height=settings.height,
        **_language(settings),
    )


def html(
    folder: Path,
    chapters: tuple[Chapter, ...],
    settings: RenderSettings,
    described=None,
    course: Course | None = None,
) -> str:
    """The page for `folder`, showing whichever of its videos exist, and the panels beside their chapters;
    `described` is `descriptions.tracks` for it (made here when not given). In the settings' language."""
    with i18n.active(settings.lang):
        return _html(folder, chapters, settings, described, course)


def _html(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings, described, course) -> str:
    if described is None:
        described = descriptions.tracks(folder, chapters, settings)
    panels = _panels(settings)
    numbers = numbered(chapters, course)
    after = _panel_places(chapters, numbers) if panels else {}
    return TEMPLATES.get_template("index.html.j2").render(
        title=title_of(settings, course),
        byline=_byline(course),
        chapter_count=len(chapters),
        lecture=_lecture(folder, chapters, settings, described),
        chapters=[_chapter(folder, c, settings, described, n) for c, n in zip(chapters, numbers)],
        transcript=transcript.NAME if described else None,
        panels=panels,
        panels_after=after,
        panels_alone=[n for n in PANELS if panels and not any(n in names for names in after.values())],
        stylesheet=STYLESHEET,
        script=SCRIPT,
        strings=script_strings(),
        **_language(settings),
    )


def _panels(settings: RenderSettings) -> dict:
    """The panels' data for the settings' example and theme (the process's own are left as they were); none for
    an example file that cannot be used (a render refuses it before anything is published)."""
    try:
        own = load_example_file(settings.example) if settings.example else examples.DEFAULT
    except ExampleFileError:
        return {}
    before, before_theme = examples.current(), palette.theme()
    examples.use(own)
    palette.use_theme(settings.theme)
    try:
        return panel_data.panels()
    finally:
        examples.use(before)
        palette.use_theme(before_theme)


def numbered(chapters: tuple[Chapter, ...], course: Course | None) -> list[int]:
    """The number each chapter has on the pages: its place in a course, else its place in the lecture."""
    return list(range(1, len(chapters) + 1)) if course else [c.number for c in chapters]


def _panel_places(chapters: tuple[Chapter, ...], numbers: list[int]) -> dict[int, list[str]]:
    """Chapter number (on the page) -> the panels shown after it: each after the last of its chapters there."""
    places: dict[int, list[str]] = {}
    for name, beside in PANELS.items():
        found = [n for c, n in zip(chapters, numbers) if c.name in beside]
        if found:
            places.setdefault(max(found), []).append(name)
    return places


def assets() -> dict[str, str]:
    """The files the page loads beside it (name -> text): its stylesheet and its bundled script."""
    return {STYLESHEET: STYLE, SCRIPT: bundle(ENTRY)}


def bundle(entry: str) -> str:
    """`entry` and the modules it imports (`import { a, b } from "./m.js";`), dependencies first, as one classic
    script: each module runs in its own function and returns what it exports (`export function|const name`)."""
    order: list[str] = []

    def visit(name: str) -> None:
        if name not in order:
            for _, dependency in IMPORT.findall(_module(name)):
                visit(dependency)
            order.append(name)

    visit(entry)
    body = "\n".join(_scoped(name) for name in order)
    return f'(() => {{\n"use strict";\nconst modules = {{}};\n{body}}})();\n'


def _scoped(name: str) -> str:
    """One module as `modules["m.js"] = (() => { ...; return { exported }; })();`."""
    text = IMPORT.sub(lambda m: f"const {m[1]} = modules[{json.dumps(m[2])}];", _module(name))
    exported = EXPORT.findall(text)
    body = EXPORT.sub(lambda m: m[0].removeprefix("export "), text).strip()
    return f"modules[{json.dumps(name)}] = (() => {{\n{body}\nreturn {{ {', '.join(exported)} }};\n}})();\n"


def _module(name: str) -> str:
    return (WEB / "js" / name).read_text(encoding="utf-8")


def title_of(settings: RenderSettings, course: Course | None = None) -> str:
    """The page's title: a course's own, else the lecture's, followed by the example's name when a custom
    example is used."""
    if course:
        return course.title
    if settings.example:
        return _("Attention, explained, with the example %(name)s", name=example_name(settings.example))
    return _("Attention, explained")


def _byline(course: Course | None) -> str:
    """The line under the title: a course's lecturer, institution and date; none for the lecture itself."""
    return course.byline if course else ""


def _titles(chapters: tuple[Chapter, ...], settings: RenderSettings) -> list[str]:
    """Each chapter's title as its video's heading says it (`lecture.titles`), `Translated` where it is."""
    titles = lecture.titles(chapters, settings)
    return [
        Translated(t) if dependencies.in_language(c, settings.lang) else t for c, t in zip(chapters, titles)
    ]


def _lecture(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings, described) -> dict | None:
    """The full lecture's player, length, chapter marks (titled as `_titles` says, where the lecture has a mark a
    chapter) and downloads; None when there is no readable lecture."""
    target = lecture.files(folder)
    marks = video_join.marks(target.video)
    if not marks:
        return None
    poster = outputs.chapter_files(folder, chapters[0].slug, "mp4").poster if chapters else None
    sources = _sources(target.video)
    spoken = described_lecture.current(folder)  # its pictures described aloud, when made from this lecture
    downloads = _links(
        *((s, _video_label(s)) for s in sources),
        (target.subtitles, _("captions (.srt)")),
        *((s, _described_version_label(s)) for s in (_sources(spoken) if spoken else [])),
    )
    titles = _titles(chapters, settings)
    if len(marks) != len(titles):  # a lecture of other chapters: its own marks' titles
        titles = [m.title for m in marks]
    language, label = lecture.language(chapters, settings), _("The whole lecture")
    player = _video(sources, poster, target.subtitles, language, label, settings, described, "lecture")
    return {
        "player": player,
        "length": _clock(video.duration(target.video) or 0),
        "marks": [
            {"start": _start(m.start), "title": t, "clock": _clock(m.start)} for m, t in zip(marks, titles)
        ],
        "downloads": _meta(downloads),
        "teaching": _teaching(folder, chapters, settings),
    }


def _video_label(path: Path) -> str:
    """'video (.mp4)' (a translation says the video's words are English)."""
    return _("video (.%(format)s)", format=path.suffix[1:])


def _described_version_label(path: Path) -> str:
    """'described version: each picture said aloud (.mp4)', or (.webm)."""
    return _("described version: each picture said aloud (.%(format)s)", format=path.suffix[1:])


def _sources(mp4: Path) -> list[Path]:
    """`mp4` and its WebM beside it, if there (for browsers without an H.264 decoder: `webm`)."""
    return [mp4] + [p for p in [mp4.with_suffix(".webm")] if p.is_file()]


def _type(source: Path) -> str:
    """A source's MIME type; an MP4's names its codecs as read from it, so that a browser without them, as Firefox
    without H.264, goes to the WebM without fetching the MP4 first (issue 31)."""
    plain = PAGE_FORMATS[source.suffix[1:]]
    if source.suffix != ".mp4":
        return plain
    try:
        with av.open(str(source)) as container:
            codecs = [_codec(s.codec_context) for s in (*container.streams.video, *container.streams.audio)]
    except av.FFmpegError:
        return plain
    return f'{plain}; codecs="{", ".join(codecs)}"' if codecs and all(codecs) else plain


def _codec(stream) -> str | None:
    """An MP4 stream's codec as browsers name it (RFC 6381): H.264 with its profile and level, AAC-LC; else None."""
    if stream.name == "h264":
        return (
            f"avc1.{stream.extradata[1:4].hex().upper()}"  # avcC: version, then profile, constraints, level
        )
    return "mp4a.40.2" if (stream.name, stream.profile) == ("aac", "LC") else None


def _teaching(folder: Path, chapters: tuple[Chapter, ...], settings: RenderSettings) -> str | None:
    """Links to presenter mode (when `pages` writes it: the lecture has its beats), the slides and the handout,
    those there."""
    beats = present_page.lecture_beats(folder, [c.slug for c in chapters], settings.fps)
    present = _text(_("present it beat by beat"))
    labels = (_("slides (.pptx)"), _("handout (.pdf)"))
    links = [f'<a href="{PRESENT}">{present}</a>'] if beats else []
    links += _links(*((folder / name, label) for name, label in zip(TEACHING, labels)))
    if not links:
        return None
    teach = _text(_("Teach with it: %(links)s")) % {"links": " · ".join(links)}  # the links are markup
    return Markup(f'<p class="meta teach">{teach}</p>')


def _beats(video_path: Path, chapter: Chapter, settings: RenderSettings) -> list[dict]:
    """A chapter's beats as the page lists them: name (as shown: `beat_names`), start (for a seek, inside its first
    frame) and clock."""
    cues = present_page.read_cues(present_page.beats_track(video_path))
    starts = [Fraction(round(cue.start * settings.fps), settings.fps) for cue in cues]
    names = beat_names(chapter, [cue.text for cue in cues], settings)
    return [{"name": n, "start": _start(s), "clock": _clock(s)} for n, s in zip(names, starts)]


def beat_names(chapter: Chapter, names: list[str], settings: RenderSettings) -> list[str]:
    """The chapter's beats named `names` (its own, English) as the pages show them: `Translated` where the chapter
    is (`beat_text.names`), else English, which the templates mark so."""
    if not dependencies.in_language(chapter, settings.lang):
        return names
    return [Translated(n) for n in beat_text.names(chapter, names, settings, settings.lang)]


def _chapter(
    folder: Path, chapter: Chapter, settings: RenderSettings, described, number: int | None = None
) -> dict:
    """One chapter: its `number` (its place in the course; by default its place in the lecture, as everywhere),
    its title (`_titles`), and its video with poster and captions in its language, length and downloads if it
    has one."""
    (title,) = _titles((chapter,), settings)
    number = chapter.number if number is None else number
    files = {fmt: outputs.chapter_files(folder, chapter.slug, fmt) for fmt in PAGE_FORMATS}
    sources = [f.video for f in files.values() if f.video.is_file()]
    shown = {"number": number, "title": title, "player": None}
    if not sources:
        return shown
    mp4 = files["mp4"]
    label = _("Chapter %(number)s: %(title)s", number=number, title=title)
    seconds = video.duration(sources[0])
    length = [f'<span class="time">{_clock(seconds)}</span>'] if seconds else []
    links = _links(*((s, _video_label(s)) for s in sources), (mp4.subtitles, _("captions (.srt)")))
    language = dependencies.language_of(chapter, settings.lang)
    player = _video(
        sources, mp4.poster, mp4.subtitles, language, label, settings, described, f"video-{number}"
    )
    beats = _beats(sources[0], chapter, settings)  # the same beats in every format
    return shown | {"player": player, "meta": _meta(length + links), "beats": beats}


def _video(
    sources: list[Path],
    poster: Path | None,
    subtitles: Path,
    language: str,
    label: str,
    settings: RenderSettings,
    described: dict,
    element_id: str,
) -> str:
    """A <video> with its sources, a poster, a default captions track in `language` (the .vtt beside `subtitles`)
    when those files exist, and its (English) descriptions track when its first source has described beats. It fetches
    nothing until played (preload none): the page's script loads each player's metadata when it comes near the
    viewport, one at a time, since sixteen players fetching at once kept Firefox from ever finishing the page over
    HTTP (issue 31)."""
    attributes = [
        f'id="{element_id}"',
        "controls",
        'preload="none"',
        "playsinline",
        f'width="{settings.width}" height="{settings.height}"',
        f'aria-label="{_text(label)}"',
        f'poster="{_href(poster)}"' if poster and poster.is_file() else "",
    ]
    inner = [f'<source src="{_href(s)}" type="{_text(_type(s))}">' for s in sources]
    web_captions = captions.web_captions(subtitles)
    said = _text(_language_name(language))
    if web_captions.is_file():
        inner.append(
            f'<track kind="captions" srclang="{language}" label="{said}" src="{_href(web_captions)}" '
            f'data-cues="{_text(_cues(subtitles))}" default>'
        )
    beats = described.get(sources[0])
    told = _described_language(beats) if beats else i18n.SOURCE
    if beats:
        cues = json.dumps(descriptions.cues(beats), ensure_ascii=False)
        inner.append(
            f'<track kind="{descriptions.KIND}" srclang="{told}" label="{_text(_described_label(told))}" '
            f'src="{_href(descriptions.track(sources[0]))}" data-cues="{_text(cues)}">'
        )
    player = f"<video {' '.join(a for a in attributes if a)}>\n" + "\n".join(inner) + "\n</video>"
    return Markup(_boxed(player, settings) + (_describer(element_id, label, told) if beats else ""))


def _boxed(player: str, settings: RenderSettings) -> str:
    """`player` in a box taller than its picture (page.css): the picture on top, the browser's controls over the
    margin under it, covering neither the poster's lowest line nor the picture while it plays."""
    return f'<div class="player" style="--picture: {100 * settings.height / settings.width:.4f}%">\n{player}\n</div>'


def _language_name(lang: str) -> str:
    """A captions track's label: its language's name in the page's ("Englisch", "Deutsch", "Mehrsprachig")."""
    return _("English") if lang == i18n.SOURCE else Locale.parse(i18n.language()).languages[lang]


def _describer(element_id: str, label: str, lang: str) -> str:
    """The switch under a player that shows (and has a screen reader read) what its picture draws now, in `lang`
    (marked where it is not the page's; the whole lecture's, of several languages, is left unmarked)."""
    button, of = _text(_("Describe the pictures")), _text(_(" of %(video)s", video=label))
    marked = f' lang="{lang}"' if lang not in (i18n.language(), i18n.MIXED) else ""
    return (
        f'\n<div class="described" data-describes="{element_id}">'
        f'<button type="button" aria-pressed="false">{button}'
        f'<span class="visually-hidden">{of}</span></button>'
        f'<p class="description" aria-live="polite"{marked}></p></div>'
    )


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
    return Markup(f'<p class="meta">{" · ".join(items)}</p>')


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
