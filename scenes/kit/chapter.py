"""The base class of every chapter: theme background, named beats, captions paced for reading or by their
speech."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta
from typing import NamedTuple

from manim import FadeOut, Mobject, Scene, linear, smooth, squish_rate_func

from narration import cues, speech
from scenes.chapters.registry import find
from scenes.kit import svg_loading
from scenes.kit.palette import theme
from scenes.kit.stage import STAGE

# every chapter's process builds its formulas and text after importing this: their SVGs load 6-7x faster
svg_loading.install()

READING_RATE = 15  # characters a second a viewer reads comfortably
SHORTEST_CAPTION = 1.5  # seconds
BREATH = 0.2  # seconds between the spoken cues of one caption
PAUSE = 0.5  # seconds between a caption's speech and the next caption's
CLEAR_SECONDS = 0.5  # a picture fading out before the next comes in
END_HOLD = 1.0  # seconds the last picture stays past the last caption: seen before the next chapter
# one play's two halves: what stands in a place fades out in the first, what takes the place comes in in the second
FIRST_HALF = squish_rate_func(smooth, 0, 0.5)
SECOND_HALF = squish_rate_func(smooth, 0.5, 1)


class Beat(NamedTuple):
    number: int  # from 1; 0 before the first beat
    name: str


class Line(NamedTuple):
    """A line of the narration script: one caption cue."""

    id: str  # ThreeTokenDrag-03-01: the chapter (not its number), its third beat, the first line in it
    beat: str
    words: str


def reading_time(caption: str) -> float:
    """How long `caption` must stay on screen to be read."""
    return max(SHORTEST_CAPTION, len(caption) / READING_RATE)


def shown_for(voice, line: Line) -> float:
    """How long a spoken cue stays up: as long as `voice` takes to say it, SHORTEST_CAPTION at least (review B10:
    "so the grid is square." was up for 1.1 s, too short to read); a short cue's voice is then followed by silence."""
    return max(voice.seconds(line.words, line.id), SHORTEST_CAPTION)


class ChapterScene(Scene):
    """A chapter of the lecture (its title comes from the registry); beats marked with `beat()`.

    A chapter reads its example data in `inputs()`, which `build()` calls, creates its mobjects in
    `build()`, and plays its beats with `show()`, `say()` and `follow()`.

    A caption is shown as cues of at most two lines (`narration.cues`). Silent, each caption stays up
    for its reading time; narrated, each cue lasts exactly as long as its speech. Captions never
    overlap: a new one waits (holding the picture) until the one before has been read, or spoken and
    followed by a PAUSE, and the chapter's last picture is held END_HOLD past its last caption's end.
    """

    _free_at = 0.0  # when the next caption may start

    @property
    def title(self) -> str:
        return find(type(self).__name__).title

    def setup(self):
        self.captions: list[str] = []  # as the chapter wrote them; each is shown as one or more cues
        self.lines: list[Line] = []  # the narration script: every cue, with its id and beat
        self._at_beat = Beat(0, "")
        self.camera.background_color = theme().background
        STAGE.frame(self.camera)

    def tear_down(self):
        """Hold the last picture END_HOLD past the last caption's end, so no caption outlasts the video and the
        chapter never cuts away on its last word (review V8: four chapters did)."""
        captions = self.renderer.file_writer.subcaptions
        fps = self.camera.frame_rate
        end = captions[-1].end.total_seconds() + END_HOLD if captions else self.time
        frames = math.ceil((end - self.time) * fps - 1e-6)
        # a held picture lasts int(duration * fps) frames: half a frame more makes that exactly `frames`
        if frames > 0:
            self.wait((frames + 0.5) / fps, frozen_frame=True)

    def beat(self, name: str) -> None:
        """Start a named section, a chapter mark and a stepping point, once the last caption has been read:
        presenter mode stops and a beat's clip starts there, so no line may run across it (review B10: three
        chapters' lines ran 1-2 s into the next beat)."""
        self.wait_for_reader()
        self.next_section(name)
        self._at_beat = Beat(self._at_beat.number + 1, name)

    def turn_to(self, name: str, *gone: Mobject) -> None:
        """End the beat on its full picture once its caption has been read (its poster, and nothing taken
        away under its words), then start beat `name` by fading `gone` out, evenly: a fade that eases in and
        out changes the middle frames by more than a pop does (tests/lecture/test_pops.py)."""
        self.beat(name)
        if gone:
            self.play(FadeOut(*gone), run_time=CLEAR_SECONDS, rate_func=linear)

    def show(self, *animations, caption: str | None = None, hold: float = 0, **play_options) -> None:
        """Play `animations` with `caption` (if any) starting with them, then hold the picture `hold` seconds.

        The caption stays up for its reading time, or for the animations if they run longer;
        `play_options` (`run_time`, `rate_func`) go to `play`.
        """
        self.play(*animations, subcaption=caption, **play_options)
        if hold:
            self.wait(hold)

    def say(self, caption: str, hold: float = 0) -> None:
        """A caption starting now (once the previous one has been read), then `hold` seconds of the picture."""
        self.wait_for_reader()
        self.add_subcaption(caption, duration=0)
        if hold:
            self.wait(hold)

    def follow(self, view: Mobject, refresh: Callable[[], object] | None = None) -> Mobject:
        """Keep `view` in step from now until `unfollow(view)`: `refresh()` (default `view.refresh()`)
        runs before every frame, whatever is animated.

        manim updates only what is in the scene, so `view` is added as one group if it is not there yet
        (its parts, if they were added one by one, are taken out first; the group is drawn above the rest).
        """
        if view not in self.mobjects:
            self.remove(*view.submobjects)
            self.add(view)
        refresh = refresh or view.refresh
        view.add_updater(lambda _: refresh())
        return view

    def unfollow(self, *views: Mobject) -> None:
        """Stop keeping `views` in step (they stay where they are)."""
        for view in views:
            view.clear_updaters()

    def play(self, *animations, subcaption: str | None = None, **kwargs) -> None:
        if subcaption:
            self.wait_for_reader()
        super().play(*animations, subcaption=subcaption, **kwargs)

    def wait_for_reader(self) -> None:
        """Hold the picture until the last caption has been read (or spoken)."""
        if self._free_at > self.time + 1e-6:
            self.wait(self._free_at - self.time)

    def wait_for_cue(self, number: int) -> None:
        """Hold the picture until cue `number` (from 1) of the last caption starts, if it has that many: what
        the cue reads can then appear as it is said."""
        shown = self.shown_cues()
        if number <= len(shown) and shown[number - 1][0] > self.time + 1e-6:
            self.wait(shown[number - 1][0] - self.time)

    def shown_cues(self) -> list[tuple[float, float]]:
        """The last caption's cues as shown (said, when narrated): each one's start and end, in seconds."""
        shown = self.renderer.file_writer.subcaptions[-len(cues.split(self.captions[-1])) :]
        return [(cue.start.total_seconds(), cue.end.total_seconds()) for cue in shown]

    def caption_time(self, caption: str) -> float:
        """How long `caption` needs: its reading time, or (narrated) its cues' `shown_for` and the breaths between
        them. An animation the caption accompanies may last as long, so that it ends with the words."""
        voice = speech.current()
        if voice is None:
            return reading_time(caption)
        lines = self._lines_for(cues.split(caption))
        return sum(shown_for(voice, line) for line in lines) + BREATH * (len(lines) - 1)

    def _lines_for(self, pieces: list[str]) -> list[Line]:
        """The script's next lines, one per cue: an id names the chapter's scene, the beat and the place in the
        beat (so it stays when the words change or the chapters are renumbered: a recording is found again)."""
        prefix = f"{type(self).__name__}-{self._at_beat.number:02d}-"
        placed = sum(line.id.startswith(prefix) for line in self.lines)
        return [
            Line(f"{prefix}{placed + k:02d}", self._at_beat.name, words) for k, words in enumerate(pieces, 1)
        ]

    def add_subcaption(self, content: str, duration: float = 1, offset: float = 0) -> None:
        """Add a caption as its cues, ending the previous caption where it starts: spoken, each cue as long
        as its speech (`shown_for`); silent, the caption lasting at least its reading time, shared by its cues'
        lengths."""
        self.captions.append(content)
        pieces, voice = cues.split(content), speech.current()
        lines = self._lines_for(pieces)
        self.lines += lines
        if voice is None:
            total = max(duration, reading_time(content))
            lengths = [total * len(piece) / sum(map(len, pieces)) for piece in pieces]
            gap, self._free_at = 0.0, self.time + offset + reading_time(content)
        else:
            lengths, gap = [shown_for(voice, line) for line in lines], BREATH
            self._free_at = self.time + offset + sum(lengths) + gap * (len(pieces) - 1) + PAUSE
        captions = self.renderer.file_writer.subcaptions
        if captions and captions[-1].end.total_seconds() > self.time + offset:
            captions[-1].end = timedelta(seconds=self.time + offset)
        for piece, length in zip(pieces, lengths):
            super().add_subcaption(piece, length, offset)
            offset += length + gap
