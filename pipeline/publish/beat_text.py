"""What each beat says and shows, for the handout, the slides, the descriptions track and the transcript: its
narration lines (caption cues), each under the one beat it starts in, so a line spoken across a cut is printed
once; what its picture draws (`drawn`, from attention/'s numbers for the render's example), and a text
alternative for its poster made of that. All of it in its chapter's words' language (`dependencies.language_of`):
the render's where the chapter is translated, else English; a beat's name is shown in it too (`names`), its
English one staying its identifier."""

from __future__ import annotations

import i18n
from i18n import _
from pipeline.plan.settings import RenderSettings
from pipeline.publish import drawn, lecture
from scenes.chapters import registry
from scenes.chapters.registry import Chapter, shown_title

GIST_LIMIT = 200  # characters of narration standing in for a beat `drawn` does not describe (whole lines)
TOLERANCE = 0.001  # seconds: caption times are rounded to the millisecond, beat starts are frame-exact
CONTINUED = "... ..."  # a sentence carried over two cues: "one word at a time... ...and squeezed"


def lines_by_beat(beats: list, cues: list) -> list[list[str]]:
    """Per beat (anything with a `start` in seconds), the texts of the cues (srt.Subtitle) that start during it,
    each on one line; a cue before the first beat goes to the first, one after the last to the last."""
    found: list[list[str]] = [[] for _ in beats]
    for cue in cues if beats else []:
        start = cue.start.total_seconds()
        index = max((k for k, beat in enumerate(beats) if beat.start - start < TOLERANCE), default=0)
        found[index].append(" ".join(cue.content.split()))
    return found


def shown(
    chapter: str,
    names: list[str],
    said: list[list[str]],
    settings: RenderSettings,
    layout: dict | None = None,
    lang: str = i18n.SOURCE,
) -> list[str]:
    """Per beat of the chapter `chapter` (its Scene class), named `names`, whose narration is `said`: what its
    picture draws, in `lang` (its words' language), with the numbers of the settings' example and as its render's
    `layout` facts say (its .layout.json; without, what only the layout decides is said for each alternative);
    a recap page by the chapters its render recorded (`recap_page`); the gist of its lines for a beat
    `drawn` does not know and that has no FALLBACK (a chapter added or edited since), and "" for a silent one."""
    with i18n.active(lang):
        known = drawn.described(chapter, drawn.examples_of(settings), layout or {})
        pages = {
            name: recap_page(name, listed, settings)
            for name, listed in (layout or {}).get("pages", {}).items()
        }
        fallback = _(drawn.FALLBACK[chapter]) if chapter in drawn.FALLBACK else ""
    return [known.get(name) or pages.get(name) or fallback or gist(lines) for name, lines in zip(names, said)]


def recap_page(name: str, listed: list[str], settings: RenderSettings) -> str:
    """QuickVersion's page `name`, which its render recorded listing the chapters named `listed`, described by
    their titles as the settings' lecture shows them (`lecture.titles`); "" where one is not in the lecture."""
    chapters = tuple(registry.find(chapter) for chapter in listed)
    return "" if None in chapters else drawn.recap_page(name, lecture.titles(chapters, settings))


def names(chapter: Chapter, beats: list[str], settings: RenderSettings, lang: str = i18n.SOURCE) -> list[str]:
    """The chapter's beats, named `beats` (as the chapter names them: English, their identifiers), as a viewer
    reads them in `lang` (its words' language): `drawn.names`, a QuickVersion page's (`drawn.page_name`), the
    chapter's title for a beat named after it (`lecture.titles`); a name known nowhere as it is."""
    ex = drawn.examples_of(settings)
    english = shown_title(chapter, ex)
    with i18n.active(lang):
        known = drawn.names(chapter.name, ex)
        title = lecture.titles((chapter,), settings, ex)[0] if english in beats else english
        return [known.get(b) or drawn.page_name(b) or (title if b == english else b) for b in beats]


def gist(lines: list[str]) -> str:
    """The first of `lines` up to GIST_LIMIT characters (at least one line), a carried-over sentence joined."""
    found = ""
    for line in lines:
        longer = f"{found} {line}".strip()
        if found and len(longer) > GIST_LIMIT:
            break
        found = longer
    return found.replace(CONTINUED, " ")


def description(name: str, what: str) -> str:
    """A text alternative for the picture at the end of the beat `name`, which draws `what` (in the active
    language)."""
    return (
        _("The end of “%(name)s”: %(what)s", name=name, what=what)
        if what
        else _("The end of “%(name)s”.", name=name)
    )
