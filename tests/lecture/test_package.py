"""`render.py package` on the real lecture (a copy of its folder, as hard links): the lecture's zip and a chapter's
hold one folder with what their pages link and nothing else; unzipped, each page opens from disk in Chromium with
every video loaded, its captions shown, its tracks there and no broken link; a folder out of date is refused in
one line, nothing written."""

import json
import os
import re
import shutil
import zipfile
from urllib.parse import unquote, urlsplit

import pytest

from pipeline.publish import web_page
from tests.support.browser import Links, chromium, new_tab

VOICE = ("--voice", "espeak")  # as the real lecture was rendered: another voice would make it out of date
CHAPTER = "03-ScoreEveryWord"
WAIT_MS = 10_000
LOADED = f"""async () => {{
  const settled = (element, events) => new Promise((done) => {{
    for (const event of events) element.addEventListener(event, done, {{ once: true }});
    setTimeout(done, {WAIT_MS});
  }});
  const videos = Array.from(document.querySelectorAll("video"));
  const waiting = videos.filter((v) => v.readyState < HTMLMediaElement.HAVE_METADATA);
  const loaded = Promise.all(waiting.map((v) => settled(v, ["loadedmetadata", "error"])));
  for (const v of waiting) v.preload = "metadata";  // as played: the page fetches only players near the view
  await loaded;
  await new Promise((done) => setTimeout(done, 200));  // captions from the page once their file is refused
  return videos.map((v) => ({{
    source: v.currentSrc.split("/").pop(),
    duration: v.duration,
    error: v.error && v.error.code,
    captions: Array.from(v.textTracks).filter((t) => t.mode === "showing").map((t) => (t.cues || []).length),
    described: Array.from(v.querySelectorAll("track[kind=descriptions]"), (t) => t.getAttribute("src")),
  }}));
}}"""


def hard_copy(folder, into):
    """`folder` copied as hard links (quick; the copy's files are never written, only removed)."""
    shutil.copytree(folder, into, copy_function=os.link)
    return into


@pytest.fixture(scope="module")
def packed(real_lecture, tmp_path_factory, run):
    """The lecture's zip and chapter 3's, made from a copy of the real lecture's folder, and both unzipped."""
    out = tmp_path_factory.mktemp("packed")
    hard_copy(real_lecture, out / "480p15")
    made = {}
    for kind, args in (("lecture", ()), ("chapter", ("ScoreEveryWord",))):
        result = run("package", *args, *VOICE, "--output", out)
        assert result.exit_code == 0, result.output
        made[kind] = out / result.output.split()[1]
        with zipfile.ZipFile(made[kind]) as archive:
            archive.extractall(out / "unzipped")
            assert archive.testzip() is None
            assert result.output == (
                f"wrote {made[kind]} ({made[kind].stat().st_size / 1e6:.1f} MB, {len(archive.namelist())} files)\n"
            )
    return made, out / "unzipped"


def names(zip_path) -> list[str]:
    with zipfile.ZipFile(zip_path) as archive:
        return archive.namelist()


def test_the_lecture_zip_holds_its_pages_documents_and_videos_in_one_folder(packed, real_lecture):
    made, _ = packed
    assert made["lecture"].name == "attention-lecture-480p15.zip"
    top, held = "attention-lecture-480p15/", names(made["lecture"])
    assert all(name.startswith(top) for name in held)
    files = {name.removeprefix(top) for name in held}
    assert set(packing_needed()) <= files
    videos = {p.name for p in real_lecture.glob("*.mp4")}
    assert len(videos) == 16 and videos <= files  # every chapter and the lecture
    for video in videos:
        stem = video.removesuffix(".mp4")
        assert {f"{stem}.vtt", f"{stem}.descriptions.vtt"} <= files, stem
    assert not [f for f in files if f.endswith((".json", ".beats.vtt")) or f.startswith((".", "clips/"))]


def packing_needed():
    return ("index.html", "page.css", "page.js", "present.html", "speaker.html", "present.css", "present.js")


def test_the_chapter_zip_holds_that_chapter_and_a_page_of_its_own(packed):
    made, unzipped = packed
    top = f"attention-lecture-480p15-{CHAPTER}"
    assert made["chapter"].name == f"{top}.zip"
    files = {name.removeprefix(f"{top}/") for name in names(made["chapter"])}
    own = {f"{CHAPTER}.{kind}" for kind in ("mp4", "png", "vtt", "srt", "descriptions.vtt")}
    assert own | {"index.html", "page.css", "page.js", "transcript.html"} <= files
    assert {f for f in files if f.startswith(CHAPTER + ".beat-")}  # the transcript's pictures
    assert not [f for f in files if f.endswith(".mp4") and f != f"{CHAPTER}.mp4"]  # no other video
    assert not {"present.html", "lecture.pptx", "manifest.json"} & files
    page = (unzipped / top / "index.html").read_text(encoding="utf-8")
    assert page.count("<video") == 1 and f'src="{CHAPTER}.mp4"' in page


@pytest.fixture(scope="module")
def browser():
    with chromium() as browser:
        yield browser


@pytest.mark.parametrize("top", ["attention-lecture-480p15", f"attention-lecture-480p15-{CHAPTER}"])
def test_the_page_plays_from_disk_with_its_captions_and_tracks(packed, browser, top):
    folder = packed[1] / top
    page, errors = new_tab(browser, (folder / "index.html").as_uri(), 1280, 900)
    videos = page.evaluate(LOADED)
    assert len(videos) == (16 if top.endswith("480p15") else 1)
    for video in videos:
        assert video["error"] is None and video["duration"] > 1 and (folder / video["source"]).is_file(), (
            video
        )
        assert len(video["captions"]) == 1 and video["captions"][0] > 0, video  # shown, from the page
        assert len(video["described"]) == 1 and (folder / video["described"][0]).is_file(), video
    refused = [
        e for e in errors if re.match(r"Unsafe attempt to load URL file:.*\.vtt ", e)
    ]  # from disk: the
    assert errors == refused and len(refused) == len(
        videos
    )  # captions file is refused, its cues in the page used
    page.close()


def test_no_page_in_a_package_links_a_file_it_lacks(packed):
    for folder in (p for p in packed[1].iterdir() if p.is_dir()):
        pages = sorted(folder.glob("*.html"))
        assert len(pages) >= 2
        for html in pages:
            text = html.read_text(encoding="utf-8")
            local = [unquote(urlsplit(link).path) for link in Links(text).found if not urlsplit(link).scheme]
            assert [name for name in local if name and not (folder / name).is_file()] == [], html
        speaker = folder / web_page.SPEAKER
        if speaker.exists():  # its pictures are named in its data, shown by its script
            text = speaker.read_text(encoding="utf-8")
            data = json.loads(text.split('id="present-data">', 1)[1].split("</script>", 1)[0])
            posters = [b["poster"] for b in data["beats"]]
            assert posters and all((folder / p).is_file() for p in posters)


@pytest.mark.parametrize(
    "args, removed, message",
    [
        ((), f"{CHAPTER}.mp4", "holds no up-to-date lecture: render it first, with the same options"),
        (("ScoreEveryWord",), f"{CHAPTER}.vtt", f"{CHAPTER}.mp4 in {{folder}}: missing: {CHAPTER}.vtt;"),
        (("ScoreEveryWord", "--voice", "none"), None, f"{CHAPTER}.mp4 in {{folder}}: changed: setting voice"),
    ],
)
def test_a_folder_out_of_date_is_refused_in_one_line(real_lecture, tmp_path, run, args, removed, message):
    folder = hard_copy(real_lecture, tmp_path / "480p15")
    if removed:
        (folder / removed).unlink()
    more = () if "--voice" in args else VOICE
    result = run("package", *args, *more, "--output", tmp_path)
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert message.format(folder=folder) in result.output
    assert not list(tmp_path.glob("*.zip")) and not (tmp_path / ".work").exists()
