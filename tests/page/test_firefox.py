"""Every player of the pages in Firefox ESR without an H.264 decoder, as Debian's firefox-esr is when libavcodec
(which it only recommends) is not installed: `media.ffmpeg.enabled` off. The MP4 alone does not play there; each
page's video plays its WebM, with its tracks; the page of a whole lecture, served, loads and plays (issue 31).
Firefox is driven through Marionette, its own remote protocol, over a socket (no driver is installed, and playwright
drives only its own Firefox builds)."""

from __future__ import annotations

import base64
import json
import re
import socket
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import av
import numpy as np
import pytest

from pipeline.plan.settings import from_options
from pipeline.publish import update, web_page
from scenes.chapters import registry
from tests.page import players
from tests.support.browser import FIREFOX, serve

PREFERENCES = {
    "marionette.port": 0,  # any free port, written to the profile's MarionetteActivePort
    "media.ffmpeg.enabled": False,  # no libavcodec: no H.264 (nor AAC)
    "media.gmp-gmpopenh264.enabled": False,  # nor Cisco's OpenH264 plugin (it is never downloaded here anyway)
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "app.update.disabledForTesting": True,
}
STARTED_WITHIN = 60  # seconds for Firefox to open its Marionette port
PLAYED = 0.2  # seconds of playing that show a video plays
WAIT_MS = 10_000  # longest wait for a video to play
LOADED_MS = 20_000  # longest wait for a page's load event: a page not loaded by then never is (issue 31)
CHAPTERS = 15  # as many as the lecture's: with the whole lecture's, 16 players on one page
MINUTE = 900  # frames at 15 fps: a chapter's length
NOISE = 128, 72  # the minute's picture: small, cheap to encode


class Firefox:
    """Headless Firefox ESR with a fresh profile of `PREFERENCES`, and a Marionette session on it."""

    def __init__(self, profile: Path):
        profile.mkdir(parents=True, exist_ok=True)
        lines = [f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in PREFERENCES.items()]
        (profile / "user.js").write_text("\n".join(lines) + "\n")
        command = [
            FIREFOX,
            "--headless",
            "--marionette",
            "--no-remote",
            "-profile",
            str(profile),
            "about:blank",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.socket = socket.create_connection(("127.0.0.1", self._port(profile)), timeout=60)
        self.buffer, self.number = b"", 0
        assert self._receive()["marionetteProtocol"] == 3
        self.call("WebDriver:NewSession", capabilities={})
        self.call("WebDriver:SetTimeouts", script=60_000, pageLoad=LOADED_MS)

    def _port(self, profile: Path) -> int:
        written, deadline = profile / "MarionetteActivePort", time.monotonic() + STARTED_WITHIN
        while not (written.is_file() and written.read_text().strip()):
            assert self.process.poll() is None and time.monotonic() < deadline, "Firefox did not start"
            time.sleep(0.1)
        return int(written.read_text())

    def call(self, command: str, **parameters):
        """Send a Marionette command and return its result (its error raised as AssertionError)."""
        self.number += 1
        text = json.dumps([0, self.number, command, parameters]).encode()
        self.socket.sendall(b"%d:%s" % (len(text), text))
        kind, number, error, result = self._receive()
        assert (kind, number, error) == (1, self.number, None), error
        return result

    def run(self, script: str, *args):
        """Run `script` (a function body) in the page, `args` as its arguments; what it returns, awaited."""
        return self.call("WebDriver:ExecuteScript", script=script, args=list(args))["value"]

    def _receive(self):
        while b":" not in self.buffer:
            self.buffer += self.socket.recv(65536)
        size, _, rest = self.buffer.partition(b":")
        while len(rest) < int(size):
            rest += self.socket.recv(65536)
        self.buffer = rest[int(size) :]
        return json.loads(rest[: int(size)])

    def close(self):
        self.socket.close()
        self.process.terminate()
        self.process.wait(timeout=30)


PLAY = f"""
const [selector] = arguments;
const videos = Array.from(document.querySelectorAll(selector));
return Promise.all(videos.map((video) => new Promise((done) => {{
  const from = video.currentTime;  // a beat's start, once its button is clicked: no progress yet
  const report = () => done({{
    id: video.id,
    from,
    playing: video.currentSrc.split("/").pop().split("#")[0],
    width: video.videoWidth,
    played: video.currentTime >= from + {PLAYED},
    error: video.error && video.error.code,
    sound: video.mozHasAudio,
    tracks: Array.from(video.querySelectorAll("track"), (t) => t.kind),
  }});
  const sources = video.querySelectorAll("source");
  video.muted = true;
  video.addEventListener("timeupdate", () => video.currentTime >= from + {PLAYED} && (video.pause(), report()));
  video.addEventListener("error", report);  // of a src attribute
  if (sources.length) sources[sources.length - 1].addEventListener("error", report);  // every source failed
  video.play().catch(() => {{}});  // a failure is reported by its error event
  setTimeout(report, {WAIT_MS});
}})));
"""
ALONE = """
const video = document.createElement("video");
video.src = arguments[0];
document.body.append(video);
"""
BEAT = """
const video = document.getElementById(arguments[0]);
const button = Array.from(video.closest("article").querySelectorAll(".beats button")).pop();
button.click();
return Number(button.dataset.start);
"""
SCROLLED = f"""
const video = document.getElementById(arguments[0]);
video.scrollIntoView({{ block: "center" }});
return new Promise((done) => {{
  const report = () => done({{
    duration: video.duration,
    played: !video.paused || video.played.length > 0,
    held: Array.from(document.querySelectorAll("video")).filter((v) => v.readyState >= 1).length,
  }});
  if (video.readyState >= 1) report();
  video.addEventListener("loadedmetadata", report, {{ once: true }});
  setTimeout(report, {WAIT_MS});
}});
"""
STATE = """const video = document.getElementById(arguments[0]);
return { ready: video.readyState, duration: video.duration, time: video.currentTime };"""
SOURCES = """return Array.from(document.querySelectorAll("source"), (source) =>
  [source.getAttribute("src"), document.createElement("video").canPlayType(source.type)]);"""
CAN_PLAY = """return {
  mp4: document.createElement("video").canPlayType('video/mp4; codecs="avc1.64001E, mp4a.40.2"'),
  webm: document.createElement("video").canPlayType('video/webm; codecs="vp9, opus"'),
}"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny rendered once, narrated by espeak-ng, then described: the WebMs (its own, the lecture's and the
    described lecture's) made by `render` and `describe` themselves, as they write the pages; the 480p15 folder."""
    out = tmp_path_factory.mktemp("site")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters("Tiny"))
    module_patch.delenv(update.WEBMS, raising=False)  # as by default (the suite turns them off elsewhere)
    for command, made in (
        ("render", "transcoded 1 MP4 to WebM"),
        ("describe", "transcoded lecture.described"),
    ):
        result = run(command, "--voice", "espeak", "--output", out)
        assert result.exit_code == 0 and made in result.output, result.output
    return out / "480p15"


@pytest.fixture(scope="module")
def crowded(tmp_path_factory, folder, module_lecture):
    """The page `web_page.pages` makes for a lecture of CHAPTERS chapters, each Tiny's files under its own name,
    every WebM a minute long and a few MB, as a real chapter's (sixteen players of Tiny's 30 kB each load fine)."""
    out = tmp_path_factory.mktemp("crowded")
    (tiny,) = module_lecture.chapters("Tiny")
    chapters = tuple(replace(tiny, number=n, name=f"Tiny{n}") for n in range(1, CHAPTERS + 1))
    for chapter in chapters:
        for path in folder.glob(f"{tiny.slug}.*"):
            (out / path.name.replace(tiny.slug, chapter.slug)).write_bytes(path.read_bytes())
    for path in folder.glob("lecture.*"):
        (out / path.name).write_bytes(path.read_bytes())
    minute = a_minute_of_webm(tmp_path_factory.mktemp("minute") / "minute.webm")
    for webm in out.glob("*.webm"):
        webm.unlink()
        webm.hardlink_to(minute)
    for name, text in web_page.pages(out, chapters, from_options("l")).items():
        (out / name).write_text(text, encoding="utf-8")
    return out


def a_minute_of_webm(path: Path) -> Path:
    """A minute of small VP9 pictures of noise, with Opus sound: a few MB in a few seconds of CPU."""
    rng = np.random.default_rng(0)
    with av.open(str(path), "w", format="webm") as out:
        video = out.add_stream("libvpx-vp9", rate=15, options={"deadline": "realtime", "cpu-used": "8"})
        (video.width, video.height), video.pix_fmt = NOISE, "yuv420p"
        sound = out.add_stream("libopus", rate=48_000)
        for n in range(MINUTE):
            picture = rng.integers(0, 256, (NOISE[1], NOISE[0], 3), dtype=np.uint8)
            out.mux(video.encode(av.VideoFrame.from_ndarray(picture, format="rgb24")))
            samples = av.AudioFrame.from_ndarray(np.zeros((1, 3200), np.float32), format="flt", layout="mono")
            samples.sample_rate, samples.pts = 48_000, n * 3200
            out.mux(sound.encode(samples))
        out.mux([*video.encode(), *sound.encode()])
    return path


@pytest.fixture(scope="module")
def firefox(tmp_path_factory):
    browser = Firefox(tmp_path_factory.mktemp("firefox-profile"))
    yield browser
    browser.close()


@pytest.fixture
def own_firefox(tmp_path):
    """A Firefox of its own, as a lecturer opens the page: after a page served with byte ranges, Firefox held back
    every other player of one served without them for ten seconds or more (not understood)."""
    browser = Firefox(tmp_path / "firefox-profile")
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def served(folder):
    with serve(folder) as base:
        yield base


def played(firefox, url: str, selector: str = "video") -> list[dict]:
    """What each video matching `selector` on the page at `url` did when asked to play, muted."""
    firefox.call("WebDriver:Navigate", url=url)
    return firefox.run(PLAY, selector)


def test_without_h264_firefox_plays_no_mp4_but_vp9_and_opus(firefox, served):
    firefox.call("WebDriver:Navigate", url=served + "index.html")
    assert firefox.run(CAN_PLAY) == {"mp4": "", "webm": "probably"}
    sources = firefox.run(SOURCES)  # an MP4 skipped by its type, without a fetch: the WebM is tried at once
    assert sorted({(Path(src).suffix, can) for src, can in sources}) == [(".mp4", ""), (".webm", "maybe")]
    firefox.run(ALONE, "lecture.mp4")
    (alone,) = firefox.run(PLAY, "body > video:last-child")
    assert alone == {
        "id": "",
        "from": 0,
        "playing": "lecture.mp4",
        "width": 0,
        "played": False,
        "error": 4,  # MEDIA_ERR_SRC_NOT_SUPPORTED
        "sound": False,
        "tracks": [],
    }


def test_every_video_on_the_page_plays_its_webm_with_its_tracks(firefox, served, folder):
    found = played(firefox, served + "index.html")
    stems = ["lecture", *sorted(p.stem for p in folder.glob("[0-9][0-9]-*.mp4"))]
    assert [(v["playing"], v["width"], v["played"], v["error"], v["sound"]) for v in found] == [
        (f"{stem}.webm", 854, True, None, True) for stem in stems
    ]
    assert [v["tracks"] for v in found] == [["captions", "descriptions"]] * len(stems)


def test_presenter_mode_plays_the_lectures_webm(firefox, served):
    (stage,) = played(firefox, served + "present.html", "#stage")
    assert stage == {
        "id": "stage",
        "from": pytest.approx(0, abs=0.1),  # presenter mode's first beat starts inside the first frames
        "playing": "lecture.webm",
        "width": 854,
        "played": True,
        "error": None,
        "sound": True,
        "tracks": ["captions", "descriptions"],
    }


def test_the_transcripts_webm_links_play_from_their_beat(firefox, served, folder):
    links = re.findall(r'href="([^"]+\.webm)#t=([\d.]+)"', (folder / "transcript.html").read_text())
    assert links and all((folder / name).is_file() for name, _ in links)
    name, start = max(links, key=lambda link: float(link[1]))  # a beat after the first: a seek
    firefox.call("WebDriver:Navigate", url=f"{served}{name}#t={start}")
    (document,) = firefox.run(PLAY, "video")
    assert firefox.run('return document.querySelector("video").currentTime') >= float(start)
    assert (document["playing"], document["width"], document["error"], document["sound"]) == (
        name,
        854,
        None,
        True,
    )


def test_the_described_lectures_webm_plays(firefox, served):
    (described,) = played(firefox, served + "lecture.described.webm")
    assert (described["playing"], described["width"], described["error"], described["sound"]) == (
        "lecture.described.webm",
        854,
        None,
        True,
    )


def test_a_player_s_controls_stand_under_its_picture_and_its_captions_clear_of_them(firefox, served):
    """As in Chromium (test_web_page): Firefox's controls bar and its play button in the middle of the poster
    cover no part of the picture, unplayed or at the first cue, nor the captions (the last review)."""
    firefox.call("WebDriver:SetWindowRect", width=1280, height=900)
    firefox.call("WebDriver:Navigate", url=served + "index.html")

    def shoot(box):
        png = base64.b64decode(firefox.call("WebDriver:TakeScreenshot", full=False, hash=False)["value"])
        return players.crop(png, box)

    found = players.measure(
        shoot, lambda script, arg: firefox.run(f"return ({script})(arguments[0]);", arg), "video-1"
    )
    players.assert_clear(found)


def test_each_webm_is_vp9_and_opus_as_long_as_its_mp4(folder):
    videos = sorted(folder.glob("*.mp4"))
    assert [p.name for p in videos] == ["01-Tiny.mp4", "lecture.described.mp4", "lecture.mp4"]
    for mp4 in videos:
        with av.open(str(mp4)) as given, av.open(str(mp4.with_suffix(".webm"))) as made:
            codecs = [s.codec_context.name for s in (*made.streams.video, *made.streams.audio)]
            assert codecs == ["vp9", "opus"], mp4.name
            assert abs(made.duration - given.duration) / av.time_base < 1 / 15, mp4.name  # within a frame


@pytest.mark.parametrize("ranges", [True, False], ids=["byte ranges", "http.server"])
def test_the_served_page_of_a_whole_lecture_shows_each_length_as_scrolled_and_its_last_chapter_plays_from_a_beat(
    own_firefox, crowded, ranges
):
    players, run = ["lecture", *(f"video-{n}" for n in range(1, CHAPTERS + 1))], own_firefox.run
    with serve(crowded, ranges) as base:
        own_firefox.call("WebDriver:Navigate", url=base + "index.html")  # returns once `load` fired
        assert run('return document.querySelectorAll("video").length') == len(players)
        scrolled = [run(SCROLLED, player) for player in players]  # down the page, as a lecturer reads it
        start = run(BEAT, players[-1])  # its last beat's button: a seek, and a play
        (played,) = run(PLAY, f"#{players[-1]}")
        state = run(STATE, players[-1])
    assert [s["duration"] for s in scrolled] == [pytest.approx(MINUTE / 15, abs=0.1)] * len(players), scrolled
    assert not any(s["played"] for s in scrolled)  # each length known before it is played
    assert max(s["held"] for s in scrolled) <= 4  # players scrolled past dropped their downloads (issue 31)
    name = f"{CHAPTERS}-Tiny{CHAPTERS}.webm"
    got = played["playing"], played["width"], played["played"], played["error"]
    assert got == (name, NOISE[0], True, None)
    assert state["ready"] >= 1, state  # HAVE_METADATA at least, once paused
    assert state["duration"] == pytest.approx(MINUTE / 15, abs=0.1)
    assert played["from"] == pytest.approx(
        start, abs=1 / 15
    )  # at the beat: where its seek landed, within a frame
    assert state["time"] >= played["from"] + PLAYED > PLAYED
