"""A joined video's tracks say the language of its words: the chapter titles (which FFmpeg leaves as English in
an MP4, undetermined in a WebM), the sound and the captions; read back with PyAV as players read them."""

from fractions import Fraction

import av
import pytest

from narration.speech import RATE
from pipeline.frames import chapter_track, video
from pipeline.publish import video_join, webm
from tests.support.chapter_languages import read, unpacked
from tests.support.small_videos import CUES, FPS, mp4


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("parts")
    return [(f"Kapitel {k}", mp4(folder / f"{k}.mp4", 6, 40 * k, "de")) for k in (1, 2)]


def languages(path) -> dict[str, list[str]]:
    with av.open(str(path)) as opened:
        found = {}
        for stream in opened.streams:
            found.setdefault(stream.type, []).append(stream.metadata.get("language"))
        return found


@pytest.mark.parametrize("lang, code", [("de", "deu"), ("zh", "zho"), ("en", "eng")])
def test_a_joined_video_labels_its_chapter_titles_sound_and_captions_in_its_language(
    parts, tmp_path, lang, code
):
    joined = tmp_path / "lecture.mp4"
    video_join.join(parts, joined)
    assert read(joined, "mp4") == ["eng"]  # as FFmpeg writes it
    video.add_tracks(joined, "mp4", cues=CUES, language=lang)
    assert read(joined, "mp4") == [code]
    assert languages(joined) == {"video": ["und"], "audio": [code], "subtitle": [code], "data": [code]}
    assert [m.title for m in video_join.marks(joined)] == ["Kapitel 1", "Kapitel 2"]  # the marks still read
    with av.open(str(joined)) as opened:
        assert sum(1 for _ in opened.decode(video=0)) == 12  # every frame still decodes
    assert len(video.audio_samples(joined, RATE)) == pytest.approx(12 / FPS * RATE, abs=RATE // 50)


def test_a_chapters_own_video_has_no_chapter_track_and_is_left_as_it_is(parts, tmp_path):
    own = parts[0][1]
    before = own.read_bytes()
    assert chapter_track.label(own, "mp4", "zho") == 0
    assert own.read_bytes() == before
    assert languages(own) == {"video": ["und"], "audio": ["deu"], "subtitle": ["deu"]}


@pytest.mark.parametrize("code", ["deu", "zho", "eng", "und", "mul"])
def test_the_packed_code_reads_back(code):
    assert unpacked(chapter_track.packed(code)) == code


@pytest.mark.parametrize("lang, code", [("de", "deu"), ("zh", "zho")])
def test_a_joined_webm_labels_its_chapter_titles_sound_and_captions_in_its_language(
    parts, tmp_path, lang, code
):
    webms = []
    for title, path in parts:
        webms.append((title, tmp_path / path.with_suffix(".webm").name))
        webm.transcode(path, webms[-1][1], FPS, CUES, lang)
    joined = tmp_path / "lecture.webm"
    video_join.join(webms, joined, "webm", [Fraction(6, FPS)] * 2)
    assert read(joined, "webm") == ["und", "und"]  # as FFmpeg writes them
    video.add_tracks(joined, "webm", cues=CUES, language=lang)
    assert read(joined, "webm") == [code, code]
    assert languages(joined) == {"video": [None], "audio": [code], "subtitle": [code]}
    assert [m.title for m in video_join.marks(joined)] == ["Kapitel 1", "Kapitel 2"]  # the marks still read
    with av.open(str(joined)) as opened:
        assert sum(1 for _ in opened.decode(video=0)) == 12  # every frame still decodes
