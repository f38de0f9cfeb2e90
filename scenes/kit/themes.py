"""What every theme must pass, built in or read from a file: each meaning keeps a colour of its own, text
reads, and the colours stay apart for a viewer with a colour-vision deficiency.

The colours that carry a meaning (`meanings`: the four roles, the token cycle, the scaled scores and
MultiHead's heads) must be, in CIE76 ΔE (`palette.delta_e`):
- more than APART from one another and from the text and muted colours, more than FROM_BACKGROUND from the
  background, and (tokens and the other roles) at least FROM_OUTPUT from the output's colour;
- at least CVD_APART from one another and from the text and muted colours under each simulated deficiency
  (`simulate`: Machado, Oliveira and Fernandes 2009, severity 1.0, on linear RGB): told apart at a glance,
  though less than APART, as a dichromat sees colours on a plane (Okabe and Ito's seven colour-blind-safe
  colours come out 16 apart at their closest).
Every colour a text may take (text, muted and the meanings) reads at READ (WCAG 2.x) on the background and
on a panel, and at DIMMED when dimmed to DIM; digits in the text's colour read at READ on a cell tinted TINT
with a token or the key colour (as grids draw them).
"""

from __future__ import annotations

import itertools

import numpy as np

from scenes.kit.palette import APART, DIM, FROM_BACKGROUND, FROM_OUTPUT, Theme, delta_e, lab_of, rgb

READ = 4.5  # WCAG 2.x contrast of a text drawn in full
DIMMED = 3.0  # ... of a text dimmed to DIM
TINT = 0.4  # the strongest tint of a cell with numbers on it (scenes.kit.grids.NUMBERED_TOP)
CVD_APART = 10  # CIE76 ΔE between two meanings' colours as a dichromat sees them
# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of color vision
# deficiency", severity 1.0: linear RGB to linear RGB as the dichromat sees it
DEFICIENCIES = {
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "tritanopia": [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ],
}


def meanings(t: Theme) -> dict[str, str]:
    """Each colour that means something, by the field it comes from ('key', 'tokens[2]', 'heads[0]')."""
    listed = {f"{field}[{k}]": c for field in ("tokens", "heads") for k, c in enumerate(getattr(t, field))}
    return {**t.roles(), "scaled": t.scaled, **listed}


def problems(t: Theme) -> list[str]:
    """What `t` fails, one line each, naming the fields (none: the theme passes)."""
    return [*too_close(t), *confused(t), *unreadable(t)]


def unreadable(t: Theme) -> list[str]:
    """The text colours below READ on the background or a panel, or below DIMMED dimmed; the digits below READ
    on a tinted cell."""
    found = []
    texts = {"text": t.text, "muted": t.muted, **meanings(t)}
    for under, back in (("background", t.background), ("panel", t.panel)):
        for field, colour in texts.items():
            full, dimmed = contrast(rgb(colour), rgb(back)), contrast(mix(colour, back, DIM), rgb(back))
            if full < READ or dimmed < DIMMED:
                found.append(
                    f"{field} {colour} on the {under} {back}: contrast {full:.2f} (needs {READ}), "
                    f"dimmed {dimmed:.2f} (needs {DIMMED})"
                )
    tinted = {**{f"tokens[{k}]": c for k, c in enumerate(t.tokens)}, "key": t.key}
    for field, colour in tinted.items():
        cell = mix(colour, t.background, TINT)
        if contrast(rgb(t.text), cell) < READ:
            found.append(f"text {t.text} on a cell tinted with {field} {colour}: contrast below {READ}")
    return found


def too_close(t: Theme) -> list[str]:
    """The pairs of colours nearer than the rule allows, as everyone sees them."""
    colours = meanings(t)
    rules = [(a, b, APART) for a, b in itertools.combinations(colours, 2)]
    rules += [(a, b, APART) for a in colours for b in ("text", "muted")]
    rules += [(a, "background", FROM_BACKGROUND) for a in colours]
    rules += [
        (a, "output", FROM_OUTPUT) for a in colours if a in ("query", "key", "value") or a[:6] == "tokens"
    ]
    named = {**colours, "text": t.text, "muted": t.muted, "background": t.background}
    found = []
    for a, b, least in rules:
        gap = delta_e(named[a], named[b])
        if gap <= least:
            found.append(f"{a} {named[a]} and {b} {named[b]}: ΔE {gap:.1f} apart (needs more than {least})")
    return found


def confused(t: Theme) -> list[str]:
    """The pairs of colours (meanings, or a meaning and text or muted) nearer than CVD_APART as a dichromat
    sees them."""
    colours = {**meanings(t), "text": t.text, "muted": t.muted}
    found = []
    for deficiency in DEFICIENCIES:
        seen = {field: lab_of(simulate(colour, deficiency)) for field, colour in colours.items()}
        for a, b in itertools.combinations(colours, 2):
            if {a, b} == {"text", "muted"}:
                continue
            gap = float(np.linalg.norm(seen[a] - seen[b]))
            if gap < CVD_APART:
                found.append(
                    f"{a} {colours[a]} and {b} {colours[b]}: ΔE {gap:.1f} apart with simulated {deficiency} "
                    f"(needs {CVD_APART})"
                )
    return found


def simulate(colour: str, deficiency: str) -> np.ndarray:
    """sRGB channels (0..1) of `colour` as seen with `deficiency` (a key of DEFICIENCIES)."""
    return simulate_channels(rgb(colour), deficiency)


def simulate_channels(channels: np.ndarray, deficiency: str) -> np.ndarray:
    """sRGB channels (0..1, along the last axis: one colour or many) as seen with `deficiency`."""
    seen = np.clip(linear(channels) @ np.array(DEFICIENCIES[deficiency]).T, 0, 1)
    return np.where(seen <= 0.0031308, 12.92 * seen, 1.055 * seen ** (1 / 2.4) - 0.055)


def linear(channels: np.ndarray) -> np.ndarray:
    """sRGB channels (0..1) decoded to linear light."""
    return np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)


def contrast(a: np.ndarray, b: np.ndarray) -> float:
    """The WCAG 2.x contrast ratio of two sRGB colours (channels 0..1), from 1 to 21."""
    lighter, darker = sorted((float(linear(c) @ [0.2126, 0.7152, 0.0722]) for c in (a, b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def mix(colour: str, back: str, share: float) -> np.ndarray:
    """`colour` at opacity `share` over `back`, composited in sRGB as cairo paints it."""
    return share * rgb(colour) + (1 - share) * rgb(back)
