"""A real browser for the tests: Debian's chromium, headless, driven by playwright; and a local web server."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from tests.support.contrast import ratio

CHROMIUM = "/usr/bin/chromium"  # Debian's package; playwright's own browsers are never downloaded
FIREFOX = "/usr/bin/firefox-esr"  # Debian's package: no driver here, so a screenshot is the check
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class RangeRequests(SimpleHTTPRequestHandler):
    """A static file server answering byte-range requests, as web servers do (a browser needs them to seek)."""

    def send_head(self):
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        path = Path(self.translate_path(self.path))
        if match is None or not path.is_file():
            return super().send_head()
        data = path.read_bytes()
        start, end = int(match[1]), min(int(match[2] or len(data) - 1), len(data) - 1)
        if start > end:
            self.send_error(416)
            return None
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.send_header("Content-Length", str(end - start + 1))
        self.end_headers()
        return io.BytesIO(data[start : end + 1])

    def end_headers(self):
        self.send_header("Accept-Ranges", "bytes")
        super().end_headers()

    def log_message(self, *args):
        """Quiet."""


class Server(ThreadingHTTPServer):
    """A threaded server that takes a browser dropping a download it no longer needs (seeking) in its stride."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(folder: Path, ranges: bool = True) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (a free port) while the block runs, answering byte ranges, or without
    `ranges` as `python -m http.server` does (what a lecturer may type); yield its base URL."""
    handler = RangeRequests if ranges else SimpleHTTPRequestHandler
    server = Server(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless chromium with a fresh profile, closed afterwards."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


BUILD = (
    Path(__file__).parents[2] / "build/node/node_modules"
)  # scripts/setup.sh --with-browser installs these
AXE = BUILD / "axe-core/axe.min.js"
VNU = BUILD / "vnu-jar/build/dist/vnu.jar"  # the Nu Html Checker, run by Debian's default-jre-headless
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@contextmanager
def panels_tab(out: Path) -> Iterator:
    """The lecture's page alone written into `out` (the panels need the example's data, not videos), served and
    open in Chromium at 1280 x 900; no console error by the end."""
    from pipeline import outputs
    from pipeline.plan.settings import from_options
    from pipeline.publish import update

    settings = from_options("l")
    folder = outputs.folder(out, settings)
    folder.mkdir(parents=True)
    update.after_render(out, settings)
    with serve(folder) as base, chromium() as browser:
        tab, errors = new_tab(browser, base + "index.html", 1280, 900)
        yield tab
        assert errors == []


def new_tab(browser: Browser, url: str, width: int, height: int, requests: list | None = None, **options):
    """A tab of that size showing `url` (playwright's `new_page` `options` too); returns it and the list its
    console errors go to. Every address it asks for is added to `requests`, if given."""
    page = browser.new_page(viewport={"width": width, "height": height}, **options)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    if requests is not None:
        page.on("request", lambda request: requests.append(request.url))
    page.goto(url)
    return page, errors


def axe_results(page) -> dict[str, list[tuple[str, list[str]]]]:
    """axe-core's WCAG 2.2 AA findings on `page`, injected from the test side: "violations", and "incomplete"
    (what it could not decide and leaves to a person), each as (rule id, offending elements). Text whose
    background axe cannot find (SVG text, a table scrolling sideways) is measured here instead, from its colour
    and its nearest opaque background, and leaves "incomplete" at 4.5:1 or more."""
    assert AXE.is_file(), f"{AXE} is missing: run scripts/setup.sh --with-browser"
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("(tags) => axe.run(document, { runOnly: { type: 'tag', values: tags } })", WCAG_AA)
    for rule in found["incomplete"]:
        if rule["id"] == "color-contrast":
            pairs = page.evaluate(COLOURS, [node["target"][0] for node in rule["nodes"]])
            rule["nodes"] = [n for n, pair in zip(rule["nodes"], pairs) if contrast(*pair) < AA_TEXT]
    return {
        kind: [
            (rule["id"], [node["html"][:120] for node in rule["nodes"]])
            for rule in found[kind]
            if rule["nodes"]
        ]
        for kind in ("violations", "incomplete")
    }


AA_TEXT = 4.5  # WCAG 1.4.3's least contrast for text of any size
COLOURS = """(selectors) => selectors.map((selector) => {
  const element = document.querySelector(selector);
  const opaque = (e) => !/^(transparent|rgba\\(.*, 0\\))$/.test(getComputedStyle(e).backgroundColor);
  let box = element.parentElement;
  while (box && !opaque(box)) box = box.parentElement;
  const style = getComputedStyle(element);
  return [element instanceof SVGElement ? style.fill : style.color, box ? getComputedStyle(box).backgroundColor : ""];
})"""


def contrast(text: str, background: str) -> float:
    """The WCAG contrast ratio of two CSS colours as browsers compute them ('rgb(r, g, b)'); 1 for a colour that
    is not opaque or not there, which decides nothing."""
    colours = [re.fullmatch(r"rgb\((\d+), (\d+), (\d+)\)", c) for c in (text, background)]
    if not all(colours):
        return 1.0
    return ratio(*([int(v) / 255 for v in c.groups()] for c in colours))


def axe_violations(page) -> list[tuple[str, list[str]]]:
    """axe-core's WCAG 2.2 AA violations on `page` (rule id, offending elements)."""
    return axe_results(page)["violations"]


def vnu_messages(*files: Path) -> list[str]:
    """What the Nu Html Checker reports on `files` (HTML, and CSS files checked as CSS): 'file:line: message' for
    each error and warning."""
    assert VNU.is_file(), f"{VNU} is missing: run scripts/setup.sh --with-browser"
    command = ["java", "-jar", str(VNU), "--format", "json", "--also-check-css", *map(str, files)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    messages = json.loads(done.stderr)["messages"]
    return [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine', '?')}: {m.get('subType', m['type'])}: {m['message']}"
        for m in messages
        if m["type"] != "info" or m.get("subType") == "warning"
    ]


MOTION = """() => {
  const longest = (list) => Math.max(...list.split(",").map(parseFloat));
  const eases = (s) =>
    longest(s.transitionDuration) > 0 || (s.animationName !== "none" && longest(s.animationDuration) > 0);
  const moving = Array.from(document.querySelectorAll("*")).filter((element) => {
    const style = getComputedStyle(element);
    return eases(style) || style.scrollBehavior === "smooth";
  });
  const playing = Array.from(document.querySelectorAll("video")).filter((video) => video.autoplay || !video.paused);
  return [...moving, ...playing].map((element) => element.outerHTML.slice(0, 120));
}"""


def motion(page) -> list[str]:
    """What moves on `page` unasked: elements with a transition, an animation or smooth scrolling, and videos that
    play by themselves."""
    return page.evaluate(MOTION)


def firefox_screenshot(url: str, shot: Path, profile: Path, size=(1280, 2400)) -> None:
    """Headless Firefox ESR's screenshot of `url` (fresh profile `profile`) into `shot`."""
    profile.mkdir(parents=True, exist_ok=True)
    command = [FIREFOX, "--headless", "--no-remote", "-profile", str(profile)]
    command += [f"--window-size={size[0]},{size[1]}", "--screenshot", str(shot), url]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


class Links(HTMLParser):
    """Every src, href and poster of a page."""

    def __init__(self, text: str):
        super().__init__()
        self.found = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found += [value for name, value in attrs if name in ("src", "href", "poster")]
