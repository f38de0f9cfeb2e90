"""index.html in a real browser (Debian's chromium, headless): videos, captions tracks, the chapter list, a phone."""

import re
from dataclasses import replace
from urllib.parse import unquote, urlsplit

import pytest
import srt

from pipeline.publish import video_join
from scenes.chapters import registry
from tests.page import players
from tests.support.browser import Links, chromium, new_tab, serve

TRICKY_TITLE = 'Scores <b>&amp;</b> "weights"'  # must be shown as typed, never as markup
WAIT_MS = 10_000  # longest wait for a video or track to load
TRACK_LOADED = 2  # HTMLTrackElement.LOADED

LOADED = f"""async () => {{
  const settled = (element, events) => new Promise((done) => {{
    for (const event of events) element.addEventListener(event, done, {{ once: true }});
    setTimeout(done, {WAIT_MS});
  }});
  const videos = Array.from(document.querySelectorAll("video"));
  const tracks = Array.from(document.querySelectorAll("track[kind=captions]"));  // descriptions load when chosen
  const found = [];
  for (const v of videos) {{  // each scrolled to in turn, as a reader does: a player loads when near
    v.scrollIntoView({{ block: "center" }});
    if (v.readyState < HTMLMediaElement.HAVE_METADATA) await settled(v, ["loadedmetadata", "error"]);
    found.push([v.currentSrc.split("/").pop(), v.duration, v.error && v.error.code]);
  }}
  scrollTo(0, 0);
  await Promise.all(tracks.filter((t) => t.readyState < HTMLTrackElement.LOADED)
    .map((t) => settled(t, ["load", "error"])));
  return {{
    videos: found,
    tracks: tracks.map((t) => [t.getAttribute("src"), t.readyState, Array.from(t.track.cues || [], (c) => c.text)]),
  }};
}}"""

AWAIT_SEEK = """() => {
  const lecture = document.getElementById("lecture");
  window.seekedTo = new Promise((done) => lecture.addEventListener("seeking", () => {
    const target = lecture.currentTime;  // read as the seek starts: once done, playback moves on
    lecture.addEventListener("seeked", () => done(target), { once: true });
  }, { once: true }));
}"""

PLAYER_STATE = """(id) => {
  const video = document.getElementById(id);
  const known = video.readyState >= HTMLMediaElement.HAVE_METADATA;
  return { known, duration: known ? video.duration : null, played: !video.paused || video.played.length > 0 };
}"""
MP4_TYPE = r'video/mp4; codecs="avc1\.[0-9A-F]{6}(, mp4a\.40\.2)?"'  # H.264's profile and level; AAC-LC

SHOWN_CUES = """() => Array.from(document.querySelectorAll("video"), (video) =>
  Array.from(video.textTracks).filter((t) => t.mode === "showing").map((t) => Array.from(t.cues || [], (c) => c.text)))
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny, Flaky and Coda (titled with markup characters) rendered once; their 480p15 folder."""
    out = tmp_path_factory.mktemp("site")
    tiny, flaky, coda = module_lecture.chapters()
    module_patch.setattr(registry, "CHAPTERS", (tiny, flaky, replace(coda, title=TRICKY_TITLE)))
    result = run("render", "--output", out)
    assert result.exit_code == 0, result.output
    return out / "480p15"


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def url(folder):
    with serve(folder) as base:
        yield base + "index.html"


def visit(browser, url, width=1280, height=900):
    """A new tab showing `url` in a window of that size; returns it and the list its console errors go to."""
    return new_tab(browser, url, width, height)


def seek_by(page, action) -> float:
    """Do `action` (a click or key press on a chapter), then return where the full lecture went to, once there."""
    page.evaluate(AWAIT_SEEK)
    action()
    return page.evaluate("() => window.seekedTo")


def captions_of(path):
    return [s.content for s in srt.parse(path.read_text(encoding="utf-8"))]


def test_every_video_loads_without_console_errors(browser, url):
    page, errors = visit(browser, url)
    loaded = page.evaluate(LOADED)
    assert loaded["videos"] == [
        ["lecture.mp4", 2.6, None],
        ["01-Tiny.mp4", 1, None],
        ["02-Flaky.mp4", 0.6, None],
        ["03-Coda.mp4", 1, None],
    ]
    assert errors == []


def test_each_mp4_source_names_its_codecs_and_chromium_plays_them(browser, url):
    page, _ = visit(browser, url)
    types = page.evaluate(
        "() => Array.from(document.querySelectorAll('source'), (s) => [s.type, s.ownerDocument"
        ".createElement('video').canPlayType(s.type)])"
    )
    assert len(types) == 4 and all(
        re.fullmatch(MP4_TYPE, kind) and can == "probably" for kind, can in types
    ), types


def test_a_player_far_down_loads_its_length_once_scrolled_to_and_one_far_up_still_plays(browser, url):
    page, errors = visit(browser, url, width=390, height=400)  # one player a screen: the last far below
    page.wait_for_function("() => document.getElementById('lecture').readyState >= 1", timeout=WAIT_MS)
    assert page.evaluate(PLAYER_STATE, "video-3") == {"known": False, "duration": None, "played": False}
    page.locator("#video-3").scroll_into_view_if_needed()
    page.wait_for_function("() => document.getElementById('video-3').readyState >= 1", timeout=WAIT_MS)
    assert page.evaluate(PLAYER_STATE, "video-3") == {"known": True, "duration": 1, "played": False}
    lecture = "document.getElementById('lecture')"  # far above now: its download dropped, its sources out
    page.wait_for_function(f"() => {lecture}.querySelectorAll('source').length === 0", timeout=WAIT_MS)
    page.evaluate(
        f"() => {{ {lecture}.muted = true; {lecture}.play(); }}"
    )  # played all the same, as by a key
    page.wait_for_function(f"() => {lecture}.currentTime > 0.2", timeout=WAIT_MS)
    assert errors == []


def test_every_captions_track_loads_its_cues(browser, url, folder):
    page, _ = visit(browser, url)
    tracks = page.evaluate(LOADED)["tracks"]
    assert tracks == [
        [f"{stem}.vtt", TRACK_LOADED, captions_of(folder / f"{stem}.srt")]
        for stem in ("lecture", "01-Tiny", "03-Coda")
    ]
    assert tracks[0][2] == ["a square appears", "it moves right", "another square"]


def test_clicking_a_chapter_seeks_the_lecture_to_its_start(browser, url, folder):
    page, errors = visit(browser, url)
    page.evaluate(LOADED)
    marks = video_join.marks(folder / "lecture.mp4")
    buttons = page.locator(".marks button")
    assert buttons.all_inner_texts() == [
        "1. A tiny scene\n0:00",
        "2. A chapter that can fail\n0:01",
        f"3. {TRICKY_TITLE}\n0:01",
    ]
    for index in (2, 0, 1):
        assert seek_by(page, buttons.nth(index).click) == pytest.approx(float(marks[index].start), abs=0.05)
        current = buttons.nth(index).element_handle()
        page.wait_for_function("(button) => button.getAttribute('aria-current') === 'true'", arg=current)
    assert errors == []


def test_the_chapter_list_works_from_the_keyboard(browser, url, folder):
    page, _ = visit(browser, url)
    page.evaluate(LOADED)
    marks = video_join.marks(folder / "lecture.mp4")
    for _ in range(10):  # Tab from the top of the page reaches the first chapter
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.marks button')"):
            break
    assert page.evaluate("() => document.activeElement.textContent").startswith("1. A tiny scene")
    page.keyboard.press("Tab")
    assert seek_by(page, lambda: page.keyboard.press("Enter")) == pytest.approx(
        float(marks[1].start), abs=0.05
    )
    page.keyboard.press("Tab")
    assert seek_by(page, lambda: page.keyboard.press("Space")) == pytest.approx(
        float(marks[2].start), abs=0.05
    )


def test_titles_are_text_not_markup(browser, url):
    page, _ = visit(browser, url)
    assert page.get_by_role("heading", name=f"3. {TRICKY_TITLE}").count() == 1
    assert page.locator("main b").count() == 0


def test_a_phone_sees_the_page_without_sideways_scrolling(browser, url):
    page, _ = visit(browser, url, width=390, height=844)
    page.evaluate(LOADED)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    widths = page.evaluate(
        "() => Array.from(document.querySelectorAll('video, .marks button'), "
        "(e) => e.getBoundingClientRect().width)"
    )
    assert all(300 <= width <= 390 for width in widths), widths  # one column, the screen's width


def test_captions_show_when_the_page_is_opened_from_disk(browser, folder):
    page, _ = visit(browser, (folder / "index.html").as_uri())
    page.wait_for_function(f"({SHOWN_CUES}).call().flat(2).length === 6", timeout=WAIT_MS)
    assert page.evaluate(SHOWN_CUES) == [
        [captions_of(folder / "lecture.srt")],
        [captions_of(folder / "01-Tiny.srt")],
        [],
        [captions_of(folder / "03-Coda.srt")],
    ]


def test_links_are_relative_and_name_files_in_the_folder(folder):
    links = Links((folder / "index.html").read_text(encoding="utf-8")).found
    local = [link for link in links if not link.startswith("data:")]
    assert len(local) >= 15
    for link in local:
        parts = urlsplit(link)
        assert not parts.scheme and not parts.netloc and "/" not in parts.path, link
        assert (folder / unquote(parts.path)).is_file(), link


@pytest.mark.parametrize("width", [1280, 390])
def test_a_player_s_controls_stand_under_its_picture_and_its_captions_clear_of_them(browser, url, width):
    """The last review: the controls covered the poster's lowest line before playing and the captions' and picture's
    lowest part while playing. Measured from screenshots with them and without (tests/page/players.py)."""
    page, errors = visit(browser, url, width=width)
    found = players.measure(lambda box: players.crop(page.screenshot(), box), page.evaluate, "video-1")
    players.assert_clear(found)
    assert errors == []
