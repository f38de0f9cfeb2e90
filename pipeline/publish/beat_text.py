"""What each beat says and shows, for the handout, the slides, the descriptions track and the transcript: its
narration lines (caption cues), each under the one beat it starts in, so a line spoken across a cut is printed
once; what its picture draws (`drawn`, from attention/'s numbers for the render's example), and a text
alternative for its poster made of that."""

from __future__ import annotations

from pipeline.plan.settings import RenderSettings
from pipeline.publish import drawn

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
) -> list[str]:
    """Per beat of the chapter `chapter` (its Scene class), named `names`, whose narration is `said`: what its
    picture draws, with the numbers of the settings' example and as its render's `layout` facts say (its
    .layout.json; without, what only the layout decides is said for each alternative); the gist of its lines
    for a beat `drawn` does not know and that has no FALLBACK (a chapter added or edited since), and "" for a
    silent one."""
    known = drawn.described(chapter, drawn.examples_of(settings), layout or {})
    fallback = drawn.FALLBACK.get(chapter)
    return [known.get(name) or fallback or gist(lines) for name, lines in zip(names, said)]


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
    """A text alternative for the picture at the end of the beat `name`, which draws `what`."""
    return f"The end of “{name}”: {what}" if what else f"The end of “{name}”."
