"""Captions as cues a viewer can read and a voice can say in one breath: at most two lines of at most
LINE characters each (the usual broadcast limit), a long caption split where a sentence or clause ends
when one is near, else between words."""

from __future__ import annotations

import math

LINE = 42  # characters a caption line holds
LINES = 2  # lines a cue holds: more would reach above the caption band, over the picture
BREAKS = (". ", "? ", "! ", "; ", ": ", ", ", " ")  # where a caption is split, best first
PAUSE_BONUS = 10  # characters of imbalance worth breaking a line where the sentence pauses


def split(caption: str) -> list[str]:
    """`caption` as consecutive cues, each fitting in LINES lines of LINE characters (a single word longer
    than a line is a cue of its own)."""
    cues, rest = [], " ".join(caption.split())
    while rest and not fits(rest):
        cut = _cut(rest)
        cues.append(rest[:cut].strip())
        rest = rest[cut:].strip()
    return [*cues, rest] if rest else cues


def lines(cue: str) -> list[str]:
    """`cue` broken into as few lines of at most LINE characters as it takes, two lines as even as they
    can be (a line may only be longer when a single word is)."""
    words = cue.split()
    if len(" ".join(words)) <= LINE:
        return [" ".join(words)] if words else []
    joined = " ".join(words)
    two = [(joined[:at], joined[at + 1 :]) for at in _spaces(joined)]
    fitting = [pair for pair in two if max(map(len, pair)) <= LINE]
    if fitting:
        return list(min(fitting, key=lambda pair: max(map(len, pair)) - PAUSE_BONUS * _pauses(pair[0])))
    return _wrapped(words)


def _pauses(line: str) -> bool:
    return line.endswith((".", "?", "!", ";", ":", ","))


def fits(text: str) -> bool:
    """Whether `text` fits in one cue (a single word always does)."""
    words = text.split()
    found = _wrapped(words)
    return len(words) <= 1 or (len(found) <= LINES and max(map(len, found)) <= LINE)


def _cut(text: str) -> int:
    """Where to split `text`: after the best break outside brackets in its longest head that fits a cue,
    near an even share of the text (so that no word is left alone in a cue of its own)."""
    head = ""
    for word in text.split(" "):
        if head and not fits(f"{head} {word}"):
            break
        head = f"{head} {word}".strip()
    if head == text or " " not in head:  # one word wider than a cue
        return len(head) or len(text.split(" ")[0])
    share = len(text) / math.ceil(len(text) / len(head))
    allowed = [at for at in _spaces(head) if at >= share / 2]
    for mark in BREAKS[:-1]:
        found = [at for at in allowed if head[:at].endswith(mark.strip())]
        if found:
            return found[-1]
    spaces = allowed or _spaces(head) or [at for at, char in enumerate(head) if char == " "]
    return min(spaces, key=lambda at: abs(at - share))  # inside brackets only if they fill the head


def _spaces(text: str) -> list[int]:
    """Where `text` may be broken: its spaces outside brackets and parentheses."""
    depth, found = 0, []
    for at, char in enumerate(text):
        depth += (char in "([") - (char in ")]")
        if char == " " and depth <= 0:
            found.append(at)
    return found


def _wrapped(words: list[str]) -> list[str]:
    """Words filled greedily into lines of at most LINE characters."""
    found: list[str] = []
    for word in words:
        if found and len(found[-1]) + 1 + len(word) <= LINE:
            found[-1] += " " + word
        else:
            found.append(word)
    return found
