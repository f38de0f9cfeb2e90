"""Presenter mode in the browser, for the tests: where the stepper is, the frame the stage shows (as Chromium drew
it, compared with PyAV's decoding), how much of a screenshot is drawn, and `python -m http.server` as a lecturer
starts it."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import av
import numpy as np
from PIL import Image

from tests.support.browser import new_tab

CODEC_NOISE = 3.0  # mean absolute difference (0-255) between Chromium's and PyAV's decoding of one frame
DRAWN = (
    100  # a pixel with a channel above this is drawn (text, a shape); the stages' backgrounds are far darker
)

STAGE = "document.getElementById('stage')"
POSITION = "() => window.lecturePresenter.steps.position"
READY = "() => window.lecturePresenter.ready()"
SETTLED = f"() => {{ const v = {STAGE}; return !v.seeking && v.readyState >= 2; }}"
GRAB = f"""() => {{
  const video = {STAGE};
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext("2d").drawImage(video, 0, 0);
  return canvas.toDataURL("image/png");
}}"""


def open_page(browser, url, width=1280, height=720):
    """A tab at `url`, its video ready when it has one; returns it and the list its console errors go to."""
    page, errors = new_tab(browser, url, width, height)
    if page.evaluate(f"() => {STAGE} !== null"):
        page.wait_for_function(SETTLED)
    return page, errors


def frames_at(path, indices) -> dict[int, np.ndarray]:
    """The frames of a video at `indices` (RGB, 8 bits a channel), decoded by PyAV from the keyframe before each
    run of them (a frame's index is its time times the rate: every video here has a constant frame rate)."""
    found = {}
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        rate = stream.average_rate
        for wanted in sorted(set(indices)):
            if wanted in found:
                continue
            container.seek(int(wanted / rate / stream.time_base), stream=stream, backward=True)
            for frame in container.decode(stream):
                index = round(frame.pts * stream.time_base * rate)
                if index in indices or index == wanted:
                    found[index] = frame.to_ndarray(format="rgb24")
                # a run of wanted frames is decoded in one go
                if index >= wanted and index + 1 not in indices:
                    break
    return found


def shown(page) -> np.ndarray:
    page.wait_for_function(SETTLED)
    data = page.evaluate(GRAB).split(",")[1]
    return np.asarray(Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")).astype(int)


def assert_shows(page, frames, index):
    """The page shows frame `index` of the lecture, closer to it than to its neighbours (where they differ)."""
    pixels = shown(page)
    own = np.abs(pixels - frames[index]).mean()
    assert own < CODEC_NOISE, (index, own)
    for other in (index - 1, index + 1):
        if other in frames and np.abs(frames[other].astype(int) - frames[index]).mean() > 2 * CODEC_NOISE:
            assert np.abs(pixels - frames[other]).mean() > own, (index, other)


def drawn_share(page, below: str = "#hud") -> float:
    """The share of a screenshot's pixels that are drawn (see DRAWN), under the element `below` (the counter and
    its buttons, which are always drawn, do not count)."""
    pixels = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
    top = round(page.locator(below).bounding_box()["y"] + page.locator(below).bounding_box()["height"])
    return float((pixels[top:].max(axis=2) > DRAWN).mean())


@contextmanager
def python_http_server(folder: Path) -> Iterator[str]:
    """`python -m http.server` serving `folder` (it answers no byte-range request) on a free port of 127.0.0.1,
    while the block runs; yields its base URL."""
    command = [
        sys.executable,
        "-u",
        "-m",
        "http.server",
        "0",
        "--bind",
        "127.0.0.1",
        "--directory",
        str(folder),
    ]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = re.search(r" port (\d+) ", server.stdout.readline())[1]
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)
