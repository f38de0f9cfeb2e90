"""Presenter mode (present.html), the speaker view (speaker.html) and the page's beat lists, in headless Chromium
on the real lecture (rendered once at -q l, 15 fps) and on the tiny chapters at 60 fps.

Frames are checked against PyAV's: after each →, the picture the page shows is the beat's last frame.
"""

import re
import shutil
import time
from fractions import Fraction
from html import escape

import pytest
import webvtt

from pipeline.frames import captions
from pipeline.plan.settings import from_options
from pipeline.publish import descriptions, present_page, video_join, web_page
from scenes.chapters import registry
from tests.support.browser import axe_results, chromium, motion, serve, vnu_messages
from tests.support.presenter import (
    DRAWN,
    POSITION,
    READY,
    SETTLED,
    STAGE,
    assert_shows,
    drawn_share,
    frames_at,
    open_page,
    python_http_server,
)

IDLE_MS = 2500  # as presenter.js: the counter hides after this long without input
TRACK_LOADED, TRACK_FAILED = 2, 3  # HTMLTrackElement.LOADED, .ERROR

DRAWN_SHARE = 0.005  # a title card's text and frame draw more of the screen than this; an empty stage none
SEEK_ALONE = """async (src) => {
  const video = document.createElement("video");
  video.preload = "auto";
  video.src = src;
  await new Promise((done) => video.addEventListener("canplaythrough", done, { once: true }));
  video.currentTime = video.duration / 2;
  await new Promise((done) => video.addEventListener("seeked", done, { once: true }));
  const ranges = video.seekable;
  const seekable = Array.from({ length: ranges.length }, (_, i) => [ranges.start(i), ranges.end(i)]);
  return { at: video.currentTime, seekable };
}"""

AWAIT_SEEK = """(video) => {
  window.seekedTo = new Promise((done) =>
    video.addEventListener("seeked", () => done(video.currentTime), { once: true }));
}"""


@pytest.fixture(scope="module")
def site(real_lecture, tmp_path_factory):
    """A copy of the real lecture's folder (the shared one is read-only), its pages as web_page writes them."""
    folder = tmp_path_factory.mktemp("present") / "480p15"
    shutil.copytree(real_lecture, folder)
    write_pages(folder, from_options("l"))
    return folder


def write_pages(folder, settings):
    for name, text in web_page.pages(folder, registry.CHAPTERS, settings).items():
        (folder / name).write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.fixture(scope="module")
def base(site):
    with serve(site) as base:
        yield base


@pytest.fixture(scope="module")
def beats(site):
    data = present_page.data(site, [c.slug for c in registry.CHAPTERS], 15)
    return data["beats"]


def press_and_wait(page, key, at):
    page.keyboard.press(key)
    page.wait_for_function(f"() => ({POSITION})().at === {at!r}", timeout=120_000)
    page.wait_for_function(SETTLED)
    return page.evaluate(POSITION)


def current_time(page) -> float:
    return page.evaluate(f"() => {STAGE}.currentTime")


def assert_at_end_of(page, beat, fps):
    """Paused, within the beat's last frame: less than one frame before its end."""
    assert page.evaluate(f"() => {STAGE}.paused")
    assert (beat["end"] - 1) / fps <= current_time(page) < beat["end"] / fps


def assert_at_start_of(page, beat, fps):
    assert page.evaluate(f"() => {STAGE}.paused")
    assert beat["start"] / fps <= current_time(page) < (beat["start"] + 1) / fps


def stepping_beats(beats) -> list[int]:
    """The last beat of a chapter and the first two of the next (one of the first nine, a digit's jump): of
    such runs, the one that plays quickest, so the stepping test plays seconds of video, not a chapter."""
    runs = [
        [i - 1, i, i + 1]
        for i in range(1, len(beats) - 1)
        if beats[i - 1]["chapter"] != beats[i]["chapter"] == beats[i + 1]["chapter"] < 9
    ]
    assert runs, "no chapter of the first nine has two beats"
    return min(runs, key=lambda run: sum(beats[i]["end"] - beats[i]["start"] for i in run))


def test_each_press_plays_one_beat_and_stops_on_its_last_frame(browser, site, base, beats):
    """A digit jumps to a chapter, back to the last beat of the one before, then each of →, space and PageDown
    plays one beat (across into the chapter) and stops on its last frame. Served (a page from disk may not
    read its video's pixels back); from disk in the tests below."""
    stepped = stepping_beats(beats)
    frames = frames_at(
        site / "lecture.mp4",
        {beats[i]["start"] for i in stepped[:2]} | {beats[i]["end"] - 1 for i in stepped},
    )
    page, errors = open_page(browser, base + "present.html")
    page.keyboard.press(str(beats[stepped[1]]["chapter"] + 1))
    page.wait_for_function(f"() => ({POSITION})().beat === {stepped[1]}")
    assert_shows(page, frames, beats[stepped[1]]["start"])
    page.keyboard.press("PageUp")
    page.wait_for_function(f"() => ({POSITION})().beat === {stepped[0]}")
    assert_at_start_of(page, beats[stepped[0]], 15)
    assert_shows(page, frames, beats[stepped[0]]["start"])
    for index, key in zip(stepped, ["ArrowRight", " ", "PageDown"]):
        assert press_and_wait(page, key, "end") == {"beat": index, "at": "end"}
        assert_at_end_of(page, beats[index], 15)
        assert_shows(page, frames, beats[index]["end"] - 1)
    assert errors == []


def test_back_returns_to_the_start_of_the_beat_last_played_then_the_one_before(browser, site, base, beats):
    page, errors = open_page(browser, base + "present.html")
    last = len(beats) - 1
    frames = frames_at(
        site / "lecture.mp4",
        {beats[last][k] + d for k in ("start", "end") for d in (-1, 0, 1)} | {beats[last - 1]["start"]},
    )
    assert press_and_wait(page, "End", "end") == {"beat": last, "at": "end"}
    assert_at_end_of(page, beats[last], 15)
    assert press_and_wait(page, "ArrowLeft", "start") == {"beat": last, "at": "start"}
    assert_at_start_of(page, beats[last], 15)
    assert_shows(page, frames, beats[last]["start"])
    page.keyboard.press("PageUp")
    page.wait_for_function(f"() => ({POSITION})().beat === {last - 1}")
    assert_at_start_of(page, beats[last - 1], 15)
    assert_shows(page, frames, beats[last - 1]["start"])
    assert errors == []


def test_home_end_and_chapter_numbers_jump(browser, site, beats):
    page, errors = open_page(browser, (site / "present.html").as_uri())
    firsts = [
        next(i for i, b in enumerate(beats) if b["chapter"] == c) for c in range(len(registry.CHAPTERS))
    ]
    for keys, beat, at in [
        ("3", firsts[2], "start"),
        ("End", len(beats) - 1, "end"),
        ("12", firsts[11], "start"),
        ("Home", 0, "start"),
        ("10", firsts[9], "start"),
    ]:
        for key in [keys] if keys in ("Home", "End") else keys:
            page.keyboard.press(key)
        page.wait_for_function(f"() => ({POSITION})().beat === {beat}")
        assert page.evaluate(POSITION) == {"beat": beat, "at": at}
        if at == "start":
            assert_at_start_of(page, beats[beat], 15)
        assert (
            page.locator("#hud .chapter").inner_text()
            == f"{beats[beat]['chapter'] + 1}. {registry.CHAPTERS[beats[beat]['chapter']].title}"
        )
        assert page.locator("#hud .counter").inner_text() == f"Beat {beat + 1} of {len(beats)}"
    assert errors == []


def test_b_blanks_the_screen_and_any_key_brings_it_back(browser, site):
    page, _ = open_page(browser, (site / "present.html").as_uri())
    page.keyboard.press("4")
    before = page.evaluate(POSITION)
    for blank_key, back_key in (("b", "x"), ("B", "ArrowRight"), (".", "Home")):
        page.keyboard.press(blank_key)
        assert page.evaluate("() => document.elementFromPoint(innerWidth / 2, innerHeight / 2).id") == "blank"
        page.keyboard.press(back_key)  # brings the picture back and does nothing else
        assert page.evaluate("() => document.getElementById('blank').hidden")
        assert page.evaluate(POSITION) == before


def first_beat_of(beats, chapter) -> int:
    return next(i for i, b in enumerate(beats) if b["chapter"] == chapter)


def test_it_opens_on_a_title_card_and_a_chapter_jump_lands_on_a_drawn_picture(browser, site, base, beats):
    """Every chapter's video starts on an empty stage, nothing drawn: so the page opens on the lecture's title card,
    and a chapter number lands on that chapter's card over the beat's first frame; → takes the card away."""
    eight = first_beat_of(beats, 7)
    frames = frames_at(site / "lecture.mp4", {0, beats[eight]["start"]})
    assert [(frames[i].max(axis=2) > DRAWN).mean() for i in frames] == [0, 0]  # the video alone: empty
    page, errors = open_page(browser, base + "present.html")
    assert page.locator("#card .heading").inner_text() == web_page.title_of(from_options("l"))
    assert drawn_share(page) > DRAWN_SHARE
    assert_shows(page, frames, 0)
    page.keyboard.press("8")
    page.wait_for_function(f"() => ({POSITION})().beat === {eight}")
    assert page.locator("#card .kicker").inner_text() == f"Chapter 8 of {len(registry.CHAPTERS)}"
    assert page.locator("#card .heading").inner_text() == registry.CHAPTERS[7].title
    assert page.locator("#card .next").inner_text() == f"→ plays {beats[eight]['name']}"
    assert drawn_share(page) > DRAWN_SHARE
    assert_shows(page, frames, beats[eight]["start"])
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => ({POSITION})().at === 'playing'")
    assert page.locator("#card").is_hidden()
    assert errors == []


def played_past(seconds) -> str:
    return f"() => {STAGE}.currentTime > {seconds}"


def test_p_pauses_a_beat_midway_and_goes_on_from_there(browser, base, beats):
    """P (or K) holds the picture mid-beat and goes on from there; so does → (a clicker has no P), and a second →
    finishes the beat at once. The HUD's Pause button is pressed while it is held."""
    beat = next(i for i, b in enumerate(beats) if i > 0 and b["end"] - b["start"] >= 3 * 15)
    page, errors = open_page(browser, base + "present.html")
    assert "P: pause" in page.locator("#hud .keys").inner_text()
    page.evaluate(f"() => window.lecturePresenter.steps.go({beat})")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(played_past(beats[beat]["start"] / 15 + 0.4))
    for pause, go_on in (("p", "K"), ("k", "ArrowRight")):
        page.keyboard.press(pause)
        assert page.evaluate(POSITION) == {"beat": beat, "at": "paused"}
        held = current_time(page)
        assert page.evaluate(f"() => {STAGE}.paused") and held < (beats[beat]["end"] - 1) / 15
        assert page.get_by_role("button", name="Pause (P)").get_attribute("aria-pressed") == "true"
        page.wait_for_timeout(300)
        assert current_time(page) == held
        page.keyboard.press(go_on)
        assert page.evaluate(POSITION) == {"beat": beat, "at": "playing"}
        page.wait_for_function(played_past(held + 0.2))
        assert current_time(page) < held + 1  # from where it was held, not from the beat's start
    page.keyboard.press("ArrowRight")
    assert page.evaluate(POSITION) == {"beat": beat, "at": "end"}
    assert page.get_by_role("button", name="Pause (P)").get_attribute("aria-pressed") == "false"
    assert errors == []


@pytest.fixture(scope="module")
def plain_base(site):
    """The lecture served as a lecturer tries it on a server: `python -m http.server`, no byte ranges."""
    with python_http_server(site) as base:
        yield base


def test_chromium_cannot_seek_in_the_lecture_as_python_http_server_sends_it(browser, plain_base):
    """What presenter mode is up against there: the lecture is larger than Chromium loads at once, and a seek lands
    on 0:00. (A video of a megabyte or so is loaded whole and seeks: the tiny chapters cannot show this.)"""
    page, _ = open_page(browser, plain_base + "index.html")
    assert page.evaluate(SEEK_ALONE, plain_base + "lecture.mp4") == {"at": 0, "seekable": [[0, 0]]}


def test_served_without_byte_ranges_it_says_why_it_waits_and_what_to_serve_with(
    browser, plain_base, tmp_path
):
    """Until it has the whole lecture, keys that move hold still (no wrong picture) and a notice says why."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    held = []
    page.route(
        "**/lecture.mp4",
        lambda route: held.append(route) if route.request.resource_type == "fetch" else route.continue_(),
    )
    page.goto(plain_base + "present.html")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    for said in (
        "cannot seek",
        "byte-range",
        "python -m http.server",
        "python -m RangeHTTPServer",
        "from disk",
    ):
        assert said in notice.inner_text(), said
    assert page.locator("#card").is_visible()  # the title card, meanwhile
    assert axe_results(page) == {"violations": [], "incomplete": []}
    page.screenshot(path=str(tmp_path / "present-loading.png"))
    for key in ("8", "ArrowRight", "End"):
        page.keyboard.press(key)
    assert page.evaluate(POSITION) == {"beat": 0, "at": "start"}
    held[0].continue_()
    page.wait_for_function(READY)
    assert notice.is_hidden()
    assert page.evaluate(f"() => {STAGE}.currentSrc").startswith("blob:")


def test_served_without_byte_ranges_every_key_shows_the_right_beat(browser, site, plain_base, beats):
    """A chapter number, →, ←, PageUp, Home and End each show the frame their beat starts or ends on, as the
    counter says: first the issue's own case, chapter 8 (whose beat 36 showed chapter 1 from 0:00)."""
    eight = first_beat_of(beats, 7)
    steps = [("8", eight, "start"), ("ArrowRight", eight, "playing"), ("ArrowRight", eight, "end")]
    steps += [("ArrowLeft", eight, "start"), ("PageUp", eight - 1, "start"), ("Home", 0, "start")]
    steps += [("End", len(beats) - 1, "end"), ("1", 0, "start")]
    shown_at = {"start": lambda b: b["start"], "end": lambda b: b["end"] - 1}
    frames = frames_at(site / "lecture.mp4", {f(beats[i]) for _, i, at in steps for f in shown_at.values()})
    page, errors = open_page(browser, plain_base + "present.html")
    page.wait_for_function(READY)
    for key, beat, at in steps:
        page.keyboard.press(key)
        page.wait_for_function(f'() => JSON.stringify(({POSITION})()) === \'{{"beat":{beat},"at":"{at}"}}\'')
        chapter = beats[beat]["chapter"]
        assert page.locator("#hud .counter").inner_text() == f"Beat {beat + 1} of {len(beats)}"
        assert (
            page.locator("#hud .chapter").inner_text() == f"{chapter + 1}. {registry.CHAPTERS[chapter].title}"
        )
        if at in shown_at:
            assert_shows(page, frames, shown_at[at](beats[beat]))
    assert errors == []


@pytest.mark.parametrize("served", [False, True], ids=["from-disk", "from-a-server"])
def test_captions_are_a_track_of_the_lecture_off_until_c(browser, site, base, served):
    """A <track> of lecture.vtt, as assistive technology and checkers expect; its cues loaded from the file when
    served, from the page when opened from disk (browsers refuse a track file there)."""
    page, errors = open_page(browser, base + "present.html" if served else (site / "present.html").as_uri())
    markup = '<track kind="captions" srclang="en" label="English" src="lecture.vtt">'
    assert markup in (site / "present.html").read_text(encoding="utf-8")
    assert (site / "lecture.vtt").is_file()
    track = f"() => {{ const t = {STAGE}.textTracks[0]; return [t.kind, t.mode, t.cues && t.cues.length]; }}"
    count = len(captions.read(site / "lecture.srt"))
    page.wait_for_function(f"() => ({track})()[2] === {count}")
    assert page.evaluate(track) == ["captions", "hidden", count]
    assert page.evaluate(f"() => {STAGE}.textTracks.length") == 2  # and the descriptions
    loaded = page.evaluate("() => document.querySelector('#stage > track').readyState")
    assert loaded == (TRACK_LOADED if served else TRACK_FAILED)  # the file's cues, or the page's
    page.keyboard.press("c")
    assert page.evaluate(track) == ["captions", "showing", count]
    assert page.get_by_role("button", name="Captions (C)").get_attribute("aria-pressed") == "true"
    page.keyboard.press("C")
    assert page.evaluate(track)[1] == "hidden"
    assert errors == []  # from disk, no refused request for the file


def test_the_counter_and_title_hide_after_a_moment_without_input(browser, site):
    """They fade, unless the lecturer's system asks for reduced motion: then they go at once."""
    page, _ = open_page(browser, (site / "present.html").as_uri())
    hud = page.locator("#hud")
    assert hud.is_visible()
    assert motion(page) == [page.evaluate("() => document.getElementById('hud').outerHTML.slice(0, 120)")]
    page.wait_for_timeout(IDLE_MS + 600)
    assert not hud.is_visible()
    page.keyboard.press("Shift")
    page.wait_for_timeout(500)  # its fade
    assert hud.is_visible()
    page.emulate_media(reduced_motion="reduce")
    assert motion(page) == []


def speaker_shows(speaker):
    return speaker.evaluate(
        """() => {
          const [poster, card] = [document.querySelector(".now-poster"), document.querySelector(".now-card")];
          return {
          counter: document.querySelector(".counter").textContent,
          chapter: document.querySelector(".chapter").textContent,
          notes: Array.from(document.querySelectorAll(".notes li"), (li) => li.textContent),
          next: document.querySelector(".next-poster").getAttribute("src"),
          now: {
            name: document.querySelector(".now-name").textContent,
            picture: poster.hidden ? null : poster.getAttribute("src"),
            card: card.hidden ? null : card.querySelector(".heading").textContent,
          },
        }; }"""
    )


def expected_speaker(beats, index, at, site):
    """What the speaker view shows: where the lecture is, the notes (the beat's captions), the picture on the
    screen now (a title card at a chapter's start, the frame the beat before ended on at another beat's start, else
    where this beat stops: its poster) and the poster of the beat the next → plays."""
    beat = beats[index]
    upcoming = beats[index if at == "start" else index + 1]
    state = {
        "start": "at its start",
        "end": "stopped on its last frame",
        "playing": "playing",
        "paused": "paused",
    }
    subtitles = captions.read(site / "lecture.srt")
    notes = [
        s.content
        for s in subtitles
        if s.start.total_seconds() * 15 < beat["end"] and s.end.total_seconds() * 15 > beat["start"]
    ]
    title = registry.CHAPTERS[beat["chapter"]].title
    if at == "start" and index == first_beat_of(beats, beat["chapter"]):
        card = web_page.title_of(from_options("l")) if index == 0 else title
        name = "the title card" if index == 0 else "the chapter's title card"
        now = {"name": name, "picture": None, "card": card}
    elif at == "start":
        now = {
            "name": f"{beat['name']}, its first frame",
            "picture": beats[index - 1]["poster"],
            "card": None,
        }
    else:
        where = "its last frame" if at == "end" else f"{state[at]}; it ends on this frame"
        now = {"name": f"{beat['name']}, {where}", "picture": beat["poster"], "card": None}
    return {
        "counter": f"Beat {index + 1} of {len(beats)}, {state[at]}",
        "chapter": f"{beat['chapter'] + 1}. {title}",
        "notes": notes,
        "next": upcoming["poster"],
        "now": now,
    }


@pytest.mark.parametrize("served", [False, True], ids=["from-disk", "from-a-server"])
def test_the_speaker_view_follows_the_presenter_and_drives_it(browser, site, base, beats, served):
    url = base + "present.html" if served else (site / "present.html").as_uri()
    page, errors = open_page(browser, url)
    with page.expect_popup() as opened:
        page.keyboard.press("s")
    speaker = opened.value
    speaker.on("pageerror", lambda error: errors.append(str(error)))
    speaker.wait_for_function("() => document.querySelector('.counter').textContent !== ''")
    assert speaker_shows(speaker) == expected_speaker(beats, 0, "start", site)
    assert (site / beats[0]["poster"]).is_file()
    page.keyboard.press("5")
    first = first_beat_of(beats, 4)
    speaker.wait_for_function(
        f"() => document.querySelector('.counter').textContent.startsWith('Beat {first + 1} ')"
    )
    assert speaker_shows(speaker) == expected_speaker(beats, first, "start", site)
    assert speaker.locator(".elapsed").inner_text() == "0:00"  # until the first beat is played
    pressed = time.monotonic()
    speaker.keyboard.press("ArrowRight")  # a key pressed in the speaker view drives the presentation
    page.wait_for_function(f"() => ({POSITION})().at === 'playing'")
    speaker.wait_for_function("() => document.querySelector('.counter').textContent.endsWith('playing')")
    assert speaker_shows(speaker) == expected_speaker(beats, first, "playing", site)
    speaker.keyboard.press("p")  # holds it mid-beat
    page.wait_for_function(f"() => ({POSITION})().at === 'paused'")
    speaker.wait_for_function("() => document.querySelector('.counter').textContent.endsWith('paused')")
    assert speaker_shows(speaker) == expected_speaker(beats, first, "paused", site)
    speaker.keyboard.press("ArrowRight")  # goes on
    page.wait_for_function(f"() => ({POSITION})().at === 'playing'")
    speaker.keyboard.press("ArrowRight")  # finishes the beat at once
    page.wait_for_function(f"() => ({POSITION})().at === 'end'")
    speaker.wait_for_function("() => document.querySelector('.counter').textContent.endsWith('last frame')")
    assert speaker_shows(speaker) == expected_speaker(beats, first, "end", site)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # the start of a beat within a chapter
    speaker.wait_for_function(
        f"() => document.querySelector('.counter').textContent === 'Beat {first + 2} of {len(beats)}, at its start'"
    )
    assert speaker_shows(speaker) == expected_speaker(beats, first + 1, "start", site)
    speaker.wait_for_function("() => document.querySelector('.elapsed').textContent !== '0:00'")
    minutes, seconds = map(int, speaker.locator(".elapsed").inner_text().split(":"))
    assert (
        1 <= minutes * 60 + seconds <= time.monotonic() - pressed + 1
    )  # counting from the first beat played
    speaker.keyboard.press("b")
    assert page.evaluate("() => !document.getElementById('blank').hidden")
    speaker.wait_for_function(
        "() => document.querySelector('.counter').textContent.endsWith('(screen blanked)')"
    )
    assert errors == []


def test_the_pages_are_accessible_and_fit_a_phone(browser, site, base, tmp_path):
    """axe-core finds no WCAG 2.2 AA violation and leaves nothing to review; no sideways scrolling at phone width;
    screenshots to look at."""
    for width, height in ((1280, 720), (390, 844)):
        for name in ("present.html", "speaker.html", "index.html"):
            page, errors = open_page(browser, base + name, width, height)
            assert axe_results(page) == {"violations": [], "incomplete": []}, (name, width)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width, (name, width)
            page.screenshot(path=str(tmp_path / f"{name}-{width}.png"))
            assert errors == [], (name, width)


def test_the_nu_html_checker_finds_nothing_in_the_pages_and_stylesheets(site):
    names = ("index.html", "present.html", "speaker.html", "page.css", "present.css")
    assert vnu_messages(*(site / name for name in names)) == []


def test_the_speaker_views_picture_is_there_before_it_is_linked(site, beats):
    """Its <img> names the first beat's poster in the file itself (the beat the first → plays), so it is never
    without a src; the view replaces it as the lecture moves."""
    text = (site / "speaker.html").read_text(encoding="utf-8")
    first = beats[0]
    assert (
        f'<img class="next-poster" src="{first["poster"]}" alt="The picture of the next beat, {first["name"]}">'
        in text
    )
    assert (site / first["poster"]).is_file()


def test_the_pages_headings_follow_the_lecture_and_describe_it(site):
    """Chapter N's heading is #chapter-N for the chapter `render.py list` numbers N, in viewing order; and the page
    has a description for search engines and link previews."""
    text = (site / "index.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h3 id="chapter-(\d+)">(\d+)\. ([^<]*)</h3>', text)
    assert headings == [(str(c.number), str(c.number), escape(c.title)) for c in registry.CHAPTERS]
    count = len(registry.CHAPTERS)
    assert re.search(
        rf'<meta name="description" content="Attention, explained: a lecture in {count} short [^"]+">', text
    )


def test_each_chapter_lists_its_beats_and_a_click_plays_from_there(browser, site, base):
    page, errors = open_page(browser, base + "index.html")
    for position, chapter in enumerate(registry.CHAPTERS, 1):  # numbered as watched, as QuickVersion does
        assert page.locator(f"h3#chapter-{chapter.number}").inner_text() == f"{position}. {chapter.title}"
        track = site / f"{chapter.slug}{present_page.BEATS_SUFFIX}"
        names = [c.text for c in webvtt.read(str(track))]
        listed = page.locator(f"[aria-label='Beats of chapter {position}'] button span:first-child")
        assert listed.all_inner_texts() == names, chapter.slug
    article = page.locator("article", has=page.locator("#chapter-2"))
    video = article.locator("video").element_handle()
    starts = [seconds(c.start) for c in webvtt.read(str(site / "02-ThreeTokenDrag.beats.vtt"))]
    buttons = article.locator(".beats button")
    for index in (2, 1):
        page.evaluate(AWAIT_SEEK, video)
        buttons.nth(index).click()
        assert page.evaluate("() => window.seekedTo") == pytest.approx(starts[index], abs=1 / 15)
        page.wait_for_function("(v) => !v.paused", arg=video)
        current = buttons.nth(index).element_handle()
        page.wait_for_function("(b) => b.getAttribute('aria-current') === 'true'", arg=current)
    assert errors == []


def test_the_page_links_presenter_mode_the_slides_and_the_handout_when_there(site, tmp_path):
    folder = tmp_path / "480p15"
    shutil.copytree(site, folder)
    for name in ("lecture.pptx", "lecture.pdf"):
        (folder / name).unlink(missing_ok=True)
    settings = from_options("l")
    text = web_page.html(folder, registry.CHAPTERS, settings)
    assert '<a href="present.html">present it beat by beat</a>' in text
    assert "lecture.pptx" not in text and "lecture.pdf" not in text
    (folder / "lecture.pptx").write_bytes(b"slides")
    (folder / "lecture.pdf").write_bytes(b"handout")
    text = web_page.html(folder, registry.CHAPTERS, settings)
    assert '<a href="lecture.pptx">slides (.pptx)</a> · <a href="lecture.pdf">handout (.pdf)</a>' in text
    (folder / "lecture.beats.vtt").unlink()
    assert 'href="present.html"' not in web_page.html(folder, registry.CHAPTERS, settings)
    assert web_page.PRESENT not in web_page.pages(folder, registry.CHAPTERS, settings)


def seconds(clock: str) -> float:
    """'00:01:02.345' -> 62.345."""
    hours, minutes, rest = clock.split(":")
    return (int(hours) * 60 + int(minutes)) * 60 + float(rest)


def test_the_beats_are_read_as_a_webvtt_parser_reads_them(site):
    for path in sorted(site.glob(f"*{present_page.BEATS_SUFFIX}")):
        ours = [(float(c.start), float(c.end), c.text) for c in present_page.read_cues(path)]
        theirs = [
            (round(seconds(c.start), 3), round(seconds(c.end), 3), c.text) for c in webvtt.read(str(path))
        ]
        assert ours == theirs, path.name
        assert ours


def test_the_lecture_beats_are_the_chapters_beats_at_their_offsets(site, beats):
    marks = video_join.marks(site / "lecture.mp4")
    for position, (chapter, mark) in enumerate(zip(registry.CHAPTERS, marks)):
        own = present_page.read_cues(site / f"{chapter.slug}{present_page.BEATS_SUFFIX}")
        mine = [b for b in beats if b["chapter"] == position]
        offset = round(mark.start * 15)
        assert [(b["start"] - offset, b["end"] - offset) for b in mine] == [
            (round(c.start * 15), round(c.end * 15)) for c in own
        ]
        assert [b["poster"] for b in mine] == [present_page.poster(chapter.slug, k) for k in range(len(own))]
        assert all((site / b["poster"]).is_file() for b in mine)
    assert [b["start"] for b in beats[1:]] == [b["end"] for b in beats[:-1]]
    assert beats[-1]["end"] == round(Fraction(marks[-1].end) * 15)


def test_a_render_writes_presenter_mode_and_the_page_links_it(real_lecture):
    written = web_page.pages(real_lecture, registry.CHAPTERS, from_options("l"))
    for name in (web_page.PRESENT, web_page.SPEAKER, web_page.PRESENT_STYLESHEET, web_page.PRESENT_SCRIPT):
        assert (real_lecture / name).read_text(encoding="utf-8") == written[name], name
    assert '<a href="present.html">present it beat by beat</a>' in (real_lecture / "index.html").read_text()


@pytest.fixture(scope="module")
def tiny_at_60(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny (two beats), Flaky and Coda (one each) rendered at 60 fps; their folder, with its pages."""
    out = tmp_path_factory.mktemp("sixty")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters())
    result = run("render", "--fps", "60", "--output", out)
    assert result.exit_code == 0, result.output
    folder = out / "854x480p60"
    write_pages(folder, from_options("l", fps=60))
    return folder


def test_at_60_fps_each_press_stops_on_the_beats_last_frame(browser, tiny_at_60):
    """Tiny's beats end in an animation, whose frames all differ: a stop one frame off would show."""
    beats = present_page.data(tiny_at_60, [c.slug for c in registry.CHAPTERS], 60)["beats"]
    assert [b["name"] for b in beats] == ["appear", "move", "A chapter that can fail", "After the failure"]
    frames = frames_at(tiny_at_60 / "lecture.mp4", range(beats[-1]["end"]))
    with serve(tiny_at_60) as base:
        page, errors = open_page(browser, base + "present.html")
        for index, beat in enumerate(beats):
            assert press_and_wait(page, "ArrowRight", "end") == {"beat": index, "at": "end"}
            assert_at_end_of(page, beat, 60)
            assert_shows(page, frames, beat["end"] - 1)
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"() => ({POSITION})().at === 'start'")
        assert_at_start_of(page, beats[-1], 60)
        assert_shows(page, frames, beats[-1]["start"])
    assert errors == []


TRACKS = """() => Array.from(document.querySelectorAll("#stage > track"), (t) =>
  [t.kind, t.srclang, t.label, t.getAttribute("src"), t.default, t.track.mode])"""


@pytest.mark.parametrize("served", [False, True], ids=["from-disk", "from-a-server"])
def test_the_stage_carries_captions_and_descriptions_as_tracks_axe_finds_nothing_to_review(
    browser, tiny_at_60, served
):
    """Real <track>s of files beside the lecture that a WebVTT parser reads: the captions (hidden until C: the
    lecturer speaks; not `default`, which would have a page opened from disk request the file and be refused) and
    the audio description (left to assistive technology); axe-core finds no violation and leaves nothing for
    review; opened from disk, no refused request for a track file."""
    descriptions_vtt = descriptions.track(tiny_at_60 / "lecture.mp4").name
    with serve(tiny_at_60) as base:
        url = base + "present.html" if served else (tiny_at_60 / "present.html").as_uri()
        page, errors = open_page(browser, url)
        assert page.evaluate(TRACKS) == [
            [
                "captions",
                "en",
                "English",
                "lecture.vtt" if served else None,
                False,
                "hidden",
            ],  # see captionsTrack
            ["descriptions", "en", descriptions.LABEL, descriptions_vtt, False, "disabled"],
        ]
        assert errors == []  # before axe, which reads the stylesheet itself (refused from disk)
        assert axe_results(page) == {"violations": [], "incomplete": []}
        page.keyboard.press("c")
        assert page.evaluate(TRACKS)[0][-1] == "showing"
    assert '<track kind="captions" srclang="en" label="English" src="lecture.vtt">' in (
        tiny_at_60 / "present.html"
    ).read_text(encoding="utf-8")
    for name in ("lecture.vtt", descriptions_vtt):
        assert [c.text for c in webvtt.read(str(tiny_at_60 / name))], name


AUDIO_DECODED = """async () => {
  const players = Array.from(document.querySelectorAll("video"));
  for (const video of players) {
    video.muted = true;  // headless Chromium plays muted video without a gesture; the sound is decoded all the same
    video.play();
  }
  const decoded = () => players.map((video) => video.webkitAudioDecodedByteCount);
  const playing = () => players.some((video) => video.currentTime < 0.8) || decoded().includes(0);
  for (let waited = 0; waited < 15000 && playing(); waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
  }
  players.forEach((video) => video.pause());
  return players.map((video, i) => [video.currentSrc, decoded()[i]]);
}"""


@pytest.mark.parametrize("name", ["index.html", "present.html"])
def test_the_players_decode_the_narration(browser, base, name):
    """Every player of the page (the lecture's and each chapter's) and presenter mode's stage decode sound:
    Chromium counts the bytes of audio it decoded while playing (all at once, each for 0.8 s at least)."""
    page, errors = open_page(browser, f"{base}/{name}")
    decoded = page.evaluate(AUDIO_DECODED)
    assert decoded and all(src for src, _ in decoded)
    assert [src for src, count in decoded if count == 0] == []
    assert not errors
    page.close()
