"""What each beat says, for the handout and the slides: its narration lines (caption cues), each under the one
beat it starts in, so a line spoken across a cut is printed once; and a text alternative for the beat's picture,
made of its name and its own lines, so every number in it is one the captions already print."""

from __future__ import annotations

GIST_LIMIT = 200  # characters of narration in a picture's text alternative (whole lines, at least one)
TOLERANCE = 0.001  # seconds: caption times are rounded to the millisecond, beat starts are frame-exact
CONTINUED = "... ..."  # a sentence carried over two cues: "one word at a time... ...and squeezed"


def lines_by_beat(beats: list, cues: list) -> list[list[str]]:
    """Per beat (pipeline.frames.beats.Beat), the texts of the cues (srt.Subtitle) that start during it, each on
    one line; a cue before the first beat goes to the first, one after the last to the last."""
    found: list[list[str]] = [[] for _ in beats]
    for cue in cues if beats else []:
        start = cue.start.total_seconds()
        index = max((k for k, beat in enumerate(beats) if beat.start - start < TOLERANCE), default=0)
        found[index].append(" ".join(cue.content.split()))
    return found


def description(name: str, lines: list[str]) -> str:
    """A text alternative for the picture at the end of the beat `name` whose narration is `lines`."""
    gist = ""
    for line in lines:
        longer = f"{gist} {line}".strip()
        if gist and len(longer) > GIST_LIMIT:
            break
        gist = longer
    gist = gist.replace(CONTINUED, " ")
    return f"The end of “{name}”: {gist}" if gist else f"The end of “{name}”."
