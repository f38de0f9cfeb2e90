"""Test-only chapters, written as a package into a temporary folder so that tests can edit their source.

The render pipeline is tested on these, not on the lecture's real chapters. Workers are
fresh processes, so they import whatever source the test has written.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from scenes.chapters.registry import Chapter

SECONDS = 1.0  # Tiny's length: 0.4 + 0.4 + 0.2 s, i.e. 6 + 6 + 3 frames at 15 fps
SLOW_SECONDS = 1.0  # Slow's length (or $TINY_SLOW_SECONDS); its updater sleeps SLOW_FRAME_DELAY a call
SLOW_FRAME_DELAY = 0.05
FORMULA = r"\alpha_{ij} = \frac{e^{s_{ij}}}{\sum_k e^{s_{ik}}}"

SOURCES = {
    "__init__": '"""Tiny chapters for the render pipeline\'s tests."""\n',
    "shared": """
from manim import Square

COLOR = "#58C4DD"


def square():
    return Square(color=COLOR, fill_opacity=0.5)
""",
    "tiny": '''
from manim import RIGHT, Create, Scene

from .shared import square


class Tiny(Scene):
    """Two animations with subcaptions, in two sections, then a short wait."""

    def construct(self):
        shape = square()
        self.next_section("appear")
        self.play(Create(shape), run_time=0.4, subcaption="a square appears")
        self.next_section("move")
        self.play(shape.animate.shift(RIGHT), run_time=0.4, subcaption="it moves right")
        self.wait(0.2)
''',
    "flaky": '''
from manim import Create, Scene, Square

FAIL = False  # a test rewrites this line to make the chapter fail part-way


class Flaky(Scene):
    """Plays one animation, then raises when FAIL is set; it has no captions."""

    def construct(self):
        self.play(Create(Square()), run_time=0.4)
        if FAIL:
            raise RuntimeError("failed on purpose\\nsecond line of the message")
        self.wait(0.2)
''',
    "coda": '''
from manim import LEFT, Create, Scene

from .shared import square


class Coda(Scene):
    """A chapter after the flaky one, to show rendering goes on."""

    def construct(self):
        shape = square()
        self.play(Create(shape), run_time=0.4, subcaption="another square")
        self.play(shape.animate.shift(LEFT), run_time=0.6)
''',
    "spoken": '''
from manim import Create

from i18n import _
from scenes.kit.chapter import ChapterScene

from .shared import square


class Spoken(ChapterScene):
    """A chapter whose code translates (its caption through `_()`, a word the catalogues translate): in a render
    in another language its words are that language's (`dependencies.in_language`)."""

    def construct(self):
        self.play(Create(square()), run_time=0.4, subcaption=_("Weights"))
''',
    "slow": f'''
import os
import time
from pathlib import Path

from manim import Scene, Square, UP

DELAY = {SLOW_FRAME_DELAY}


def crawl(mobject, dt):
    """Sleep, after saying (once) that frames are being made, in $TINY_RENDEZVOUS/Slow-rendering if set."""
    if "TINY_RENDEZVOUS" in os.environ:
        (Path(os.environ["TINY_RENDEZVOUS"]) / "Slow-rendering").touch()
    time.sleep(DELAY)


class Slow(Scene):
    """Sleeps in its updater: slow enough to be interrupted part-way."""

    def construct(self):
        shape = Square()
        shape.add_updater(crawl)
        self.add(shape)
        self.play(shape.animate.shift(UP), run_time=float(os.environ.get("TINY_SLOW_SECONDS", {SLOW_SECONDS})))
''',
    "formula": f'''
from manim import MathTex, Scene, Write

FORMULAS = [{FORMULA!r}, r"x^2 + y^2 = r^2"]


class Formula(Scene):
    """Two LaTeX formulas, compiled through manim's Tex cache."""

    def construct(self):
        for formula in FORMULAS:
            self.play(Write(MathTex(formula)), run_time=0.2)
''',
    "meet": f'''
import os
import time
from pathlib import Path

from manim import Create, MathTex, Scene, Square, Write

PATIENCE = 60  # seconds to wait for the other chapter before failing


def meet(me, other):
    """Return only once the other chapter has started too: proof that two workers run at once."""
    folder = Path(os.environ["TINY_RENDEZVOUS"])
    (folder / me).touch()
    deadline = time.monotonic() + PATIENCE
    while not (folder / other).exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{{other}} never started while {{me}} was rendering")
        time.sleep(0.05)


class MeetA(Scene):
    """Meets MeetB, then typesets a formula both use and one of its own."""

    def construct(self):
        meet("MeetA", "MeetB")
        self.play(Write(MathTex({FORMULA!r})), run_time=0.4)
        self.play(Create(Square()), Write(MathTex(r"a^2")), run_time=0.4)


class MeetB(Scene):
    """Meets MeetA, then typesets a formula both use and one of its own."""

    def construct(self):
        meet("MeetB", "MeetA")
        self.play(Write(MathTex({FORMULA!r})), run_time=0.4)
        self.play(Write(MathTex(r"b^2")), run_time=0.2)
''',
    "crash": '''
import os
import signal

from manim import Create, Scene, Square


class Crash(Scene):
    """Kills its own process part-way, as a segfault or the out-of-memory killer would."""

    def construct(self):
        self.play(Create(Square()), run_time=0.2)
        os.kill(os.getpid(), signal.SIGKILL)
''',
    "themed": '''
from manim import Circle, Create

from attention import examples
from scenes.kit.chapter import ChapterScene


class Themed(ChapterScene):
    """Its background is the theme's; its caption names the example's drag tokens."""

    def construct(self):
        self.play(Create(Circle()), run_time=0.2, subcaption=" ".join(examples.current().drag.tokens))
''',
    "broken_latex": '''
from manim import MathTex, Scene, TexTemplate, Write

TEMPLATE = TexTemplate()
TEMPLATE.add_to_preamble(r"\\usepackage{nosuchpackage}")


class BrokenLatex(Scene):
    """Uses a LaTeX package that is not installed anywhere."""

    def construct(self):
        self.play(Write(MathTex("x", tex_template=TEMPLATE)), run_time=0.2)
''',
}

TITLES = {
    "Tiny": ("tiny", "A tiny scene"),
    "Spoken": ("spoken", "A chapter that translates"),
    "Flaky": ("flaky", "A chapter that can fail"),
    "Coda": ("coda", "After the failure"),
    "Slow": ("slow", "A slow chapter"),
    "Formula": ("formula", "Some LaTeX"),
    "BrokenLatex": ("broken_latex", "LaTeX that fails"),
    "Crash": ("crash", "Its worker dies"),
    "Themed": ("themed", "Theme and example"),
    "MeetA": ("meet", "Renders with MeetB"),
    "MeetB": ("meet", "Renders with MeetA"),
}
DEFAULT = ("Tiny", "Flaky", "Coda")
ROOT = Path(__file__).resolve().parents[2]
DRIVER = '''"""render.py's command line with test chapters in the registry."""
import sys

sys.path[:0] = {paths!r}

from render import cli  # noqa: E402
from scenes.chapters import registry  # noqa: E402
from scenes.chapters.registry import Chapter  # noqa: E402

if __name__ == "__main__":
    registry.CHAPTERS = {chapters!r}
    cli()
'''


class TinyLecture:
    """The tiny chapters as a uniquely named package under `root` (which must be on sys.path)."""

    def __init__(self, root: Path):
        self.package = f"tinylecture_{uuid.uuid4().hex[:8]}"
        self.folder = Path(root) / self.package
        self.folder.mkdir(parents=True)
        for module, source in SOURCES.items():
            (self.folder / f"{module}.py").write_text(source)

    def chapters(self, *names: str) -> tuple[Chapter, ...]:
        """Chapters numbered from 1 in the order named (the default three when none is)."""
        return tuple(
            Chapter(number, name, TITLES[name][1], f"{self.package}.{TITLES[name][0]}")
            for number, name in enumerate(names or DEFAULT, start=1)
        )

    def driver(self, *names: str, project: Path = ROOT) -> Path:
        """A script that runs render.py's command line with these chapters in the registry, for subprocesses;
        from `project`, the repository or a copy of it."""
        path = self.folder.parent / "drive.py"
        path.write_text(
            DRIVER.format(paths=[str(project), str(self.folder.parent)], chapters=self.chapters(*names))
        )
        return path

    def edit(self, module: str, old: str, new: str) -> None:
        """Replace `old` by `new` in a module's source."""
        path = self.folder / f"{module}.py"
        source = path.read_text()
        assert old in source, f"{old!r} not in {module}"
        path.write_text(source.replace(old, new))
