"""The whole lecture through render.py at low quality: every chapter gives a video, a poster, captions."""

import av
import pytest
import srt
from PIL import Image

from scenes.chapters.registry import CHAPTERS
from scenes.kit.chapter import END_HOLD

# the storyboard asks for 30 to 70 s silent; narrated, the speech sets the pace (CausalMask, the longest, says
# what each grid shows as it changes, each in step with its picture: ~136 s with espeak; MultiHead ~129 s)
MIN_SECONDS, MAX_SECONDS = 25, 140


@pytest.fixture(scope="module")
def lecture(real_lecture):
    return real_lecture


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_chapter_video(lecture, chapter):
    with av.open(str(lecture / f"{chapter.slug}.mp4")) as container:
        stream = container.streams.video[0]
        seconds = float(stream.duration * stream.time_base)
        frames = sum(1 for _ in container.decode(stream))
        assert (stream.codec_context.name, stream.codec_context.pix_fmt) == ("h264", "yuv420p")
        assert (stream.width, stream.height) == (854, 480)
    assert MIN_SECONDS <= seconds <= MAX_SECONDS
    assert abs(frames - seconds * 15) <= 1


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_chapter_poster_and_captions(lecture, chapter):
    assert Image.open(lecture / f"{chapter.slug}.png").size == (854, 480)
    captions = list(srt.parse((lecture / f"{chapter.slug}.srt").read_text(encoding="utf-8")))
    assert len(captions) >= 4, "every beat has a caption"
    assert all(a.end <= b.start for a, b in zip(captions, captions[1:])), "one caption at a time"
    assert all(c.end > c.start for c in captions)


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_the_last_picture_stays_after_the_last_words(lecture, chapter):
    """A chapter never cuts away on its last word (review V8: four of them did)."""
    last = list(srt.parse((lecture / f"{chapter.slug}.srt").read_text(encoding="utf-8")))[-1]
    with av.open(str(lecture / f"{chapter.slug}.mp4")) as container:
        stream = container.streams.video[0]
        assert float(stream.duration * stream.time_base) - last.end.total_seconds() >= END_HOLD - 1 / 15
