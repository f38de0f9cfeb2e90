"""How smoothly the page's drag panel follows a scripted drag in headless Chromium: the frames a second the
page draws while the query × is dragged, the longest gap between two frames, and how often the weights
changed (the × snaps to the panel's grid, so they change only when it crosses a grid step)."""

from __future__ import annotations

import math
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"  # Debian's package, as in the tests
MOVES = 240  # pointer moves of the scripted drag, around a circle
RADIUS = 1.2  # plane units

COUNT_FRAMES = """() => {
  const bars = document.querySelector("#panel-drag");
  window.__drag = { frames: 0, changed: 0, last: bars.textContent, running: true, gap: 0, at: null };
  const tick = (now) => {
    const seen = window.__drag;
    if (!seen.running) return;
    seen.frames += 1;
    if (seen.at !== null) seen.gap = Math.max(seen.gap, now - seen.at);
    seen.at = now;
    const text = bars.textContent;
    if (text !== seen.last) { seen.changed += 1; seen.last = text; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__dragStart = performance.now();
}"""

STOP = """() => { window.__drag.running = false;
  return { ...window.__drag, seconds: (performance.now() - window.__dragStart) / 1000 }; }"""

PLANE_POINT = """([x, y]) => {
  const svg = document.querySelector("#panel-drag svg.plane");
  const [[xLo], [, yHi]] = JSON.parse(document.getElementById("panel-data").textContent).drag.range;
  const p = new DOMPoint((x - xLo) * 100, (yHi - y) * 100).matrixTransform(svg.getScreenCTM());
  return [p.x, p.y];
}"""


def measure(page_file: Path) -> dict:
    """Drag the query × round a circle on `page_file` (an index.html); frames/s and weight updates/s."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(page_file.resolve().as_uri())
            page.locator("#panel-drag svg.plane").scroll_into_view_if_needed()
            points = [
                page.evaluate(PLANE_POINT, [RADIUS * math.cos(a), RADIUS * math.sin(a)])
                for a in (2 * math.pi * i / MOVES for i in range(MOVES + 1))
            ]
            page.mouse.move(*points[0])
            page.mouse.down()
            page.evaluate(COUNT_FRAMES)
            for point in points[1:]:
                page.mouse.move(*point)
            seen = page.evaluate(STOP)
            page.mouse.up()
        finally:
            browser.close()
    seconds = seen["seconds"]
    return {
        "moves": MOVES,
        "seconds": round(seconds, 3),
        "frames_per_second": round(seen["frames"] / seconds, 1),
        "longest_frame_ms": round(seen["gap"], 1),
        "updates_per_second": round(seen["changed"] / seconds, 1),
        "moves_per_second": round(MOVES / seconds, 1),
    }
