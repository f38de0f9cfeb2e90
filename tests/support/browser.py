"""A real browser for the tests: Debian's chromium, headless, driven by playwright; and a local web server."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

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
def serve(folder: Path) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (a free port) while the block runs; yield its base URL."""
    server = Server(("127.0.0.1", 0), partial(RangeRequests, directory=str(folder)))
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


AXE = (
    Path(__file__).parents[2] / "build/node/node_modules/axe-core/axe.min.js"
)  # scripts/setup.sh --with-browser
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page) -> list[tuple[str, list[str]]]:
    """axe-core's WCAG 2.1 AA violations on `page` (rule id, offending elements), injected from the test side."""
    assert AXE.is_file(), f"{AXE} is missing: run scripts/setup.sh --with-browser"
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("(tags) => axe.run(document, { runOnly: { type: 'tag', values: tags } })", WCAG_AA)
    return [(v["id"], [n["html"][:120] for n in v["nodes"]]) for v in found["violations"]]


def firefox_screenshot(url: str, shot: Path, profile: Path, size=(1280, 2400)) -> None:
    """Headless Firefox ESR's screenshot of `url` (fresh profile `profile`) into `shot`."""
    profile.mkdir(parents=True, exist_ok=True)
    command = [FIREFOX, "--headless", "--no-remote", "-profile", str(profile)]
    command += [f"--window-size={size[0]},{size[1]}", "--screenshot", str(shot), url]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
