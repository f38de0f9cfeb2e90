"""Where a page's player draws its controls and captions, measured from screenshots in any browser: a picture of
the player with them, one without, and the rows of pixels that differ. The browsers draw their controls in a
closed shadow tree no page script can measure."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

CHANGED = 32  # a row differs where some pixel moves this much (of 255): Chromium's controls shade the picture
# above them by 10 at most, a gradient to see them by, not a cover

# Before each picture: the player at `seconds` (null: unplayed, its poster), paused, captions shown or not,
# controls or not; resolves once the frame is drawn. The box of its picture (page.css: the top of its box).
PREPARE = """async ([id, seconds, captions, controls]) => {
  const video = document.getElementById(id);
  video.scrollIntoView({ block: "center" });
  if (video.readyState < 1) await new Promise((done) => video.addEventListener("loadedmetadata", done, { once: true }));
  if (seconds !== null && Math.abs(video.currentTime - seconds) > 0.01) {
    const seeked = new Promise((done) => video.addEventListener("seeked", done, { once: true }));
    video.currentTime = seconds;
    await seeked;
  }
  for (const track of video.textTracks) if (track.kind === "captions") track.mode = captions ? "showing" : "hidden";
  video.toggleAttribute("controls", controls);
  await new Promise((done) => setTimeout(done, 600));  // the controls faded in or out, the cue laid out
  const box = video.getBoundingClientRect();
  const picture = box.width * video.videoHeight / video.videoWidth;
  return { box: [box.left, box.top, box.right, box.bottom], picture };
}"""
FIRST_CUE = """(id) => { const cue = document.getElementById(id).textTracks[0].cues[0];
  return (cue.startTime + cue.endTime) / 2; }"""


def crop(png: bytes, box) -> np.ndarray:
    """The player's pixels in a screenshot of the viewport."""
    image = Image.open(io.BytesIO(png)).convert("RGB").crop(tuple(round(v) for v in box))
    return np.asarray(image, dtype=int)


def changed_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The rows (from the player's top) where `a` and `b` differ."""
    return np.flatnonzero(np.abs(a - b).max(axis=(1, 2)) >= CHANGED)


def measure(shoot, prepare, player: str) -> dict:
    """Controls' and captions' rows of `player`, unplayed and at its first cue, and its picture's height:
    `prepare(args)` runs PREPARE in the page (returning its result), `shoot(box)` crops a screenshot to `box`."""
    found = {}
    for moment in ("poster", "playing"):
        at = None if moment == "poster" else prepare(FIRST_CUE, player)
        shown = {}
        for captions, controls in ((True, True), (False, True), (True, False), (False, False)):
            placed = prepare(PREPARE, [player, at, captions, controls])
            shown[captions, controls] = shoot(placed["box"])
        middle = slice(shown[True, True].shape[1] // 3, 2 * shown[True, True].shape[1] // 3)
        found[moment] = {  # the captions in the middle third: Firefox's captions button lights up with them
            "captions": changed_rows(shown[True, True][:, middle], shown[False, True][:, middle]),
            "captions alone": changed_rows(shown[True, False][:, middle], shown[False, False][:, middle]),
            "controls": changed_rows(shown[False, True], shown[False, False]),
        }
        found["picture"] = placed["picture"]
    return found


def assert_clear(found: dict) -> None:
    """The controls under the picture, unplayed and playing; the captions (at the first cue) over the picture, off
    the controls, whether they show or hide (Chromium dropped its captions into the margin as they hid)."""
    bottom = found["picture"]
    for moment in ("poster", "playing"):
        controls = found[moment]["controls"]
        assert len(controls) and controls.min() >= bottom - 1, (moment, controls.min(), bottom)
    playing = found["playing"]
    for shown in ("captions", "captions alone"):
        captions = playing[shown]
        assert len(captions) and captions.max() < bottom, (shown, captions.max(), bottom)
        assert not set(captions) & set(playing["controls"]), (shown, captions, playing["controls"])
