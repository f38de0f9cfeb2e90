"""Fixtures for the render pipeline's tests: the tiny test chapters in place of the real ones; one LaTeX cache
for the whole session; and the reliability tests' summary at the end of the run."""

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

# The helpers' own asserts (folders, processes, snapshot, ...) report what they compared, as a test's do:
# every module of tests.support is rewritten, and so must be marked before any of them is imported.
pytest.register_assert_rewrite("tests.support")

from click.testing import CliRunner  # noqa: E402
from hypothesis import settings  # noqa: E402

from pipeline import outputs  # noqa: E402
from pipeline.plan.settings import from_options  # noqa: E402
from pipeline.run import tex_cache  # noqa: E402
from render import cli  # noqa: E402
from scenes.chapters import registry  # noqa: E402
from tests.support import tally  # noqa: E402
from tests.support.tiny_scene import TinyLecture  # noqa: E402

# Property tests check what is computed, not how fast: a loaded machine (renders beside them) is no failure.
settings.register_profile("untimed", deadline=None)
settings.load_profile("untimed")

ROOT = Path(__file__).resolve().parent.parent
REAL_LECTURE_SECONDS = 1500  # the longest the real lecture's render may take
# Renders are silent unless a test names a voice: the default, the best voice installed, differs by machine.
os.environ["RENDER_VOICE"] = "none"
# Renders make no WebMs (48 s of CPU for the real lecture); test_webm and test_firefox turn them on.
os.environ["RENDER_WEBM"] = "no"
# Renders use one worker process unless a test names --jobs: the suite's workers already keep every core busy,
# and a render's second worker would only add its start-up (a second of CPU importing manim) to the run.
os.environ["RENDER_JOBS"] = "1"
# Formulas and texts compiled by any test, kept between runs (content-addressed: manim names each file by
# the hash of what it typesets). One folder per pytest-xdist worker: manim deletes the other files of the
# folder it compiles a formula in.
CACHE = ROOT / "build" / "test-cache" / os.environ.get("PYTEST_XDIST_WORKER", "main")


@pytest.fixture(scope="session", autouse=True)
def shared_tex():
    """Every in-process manim run of the session compiles its formulas into CACHE/Tex (and its texts into
    CACHE/texts) and reads them from there; the LaTeX folder is returned.

    manim's default is a Tex folder inside each media folder, so every test rendering into its own tmp_path
    compiled the lecture's formulas again. Runs that name their own `tex_dir` (the render pipeline's
    workers, tests counting what LaTeX sees) keep it.
    """
    from manim import tempconfig

    tex, texts = CACHE / "Tex", CACHE / "texts"
    tex.mkdir(parents=True, exist_ok=True)
    texts.mkdir(exist_ok=True)
    with tempconfig({"tex_dir": str(tex), "text_dir": str(texts)}):
        yield tex


def importable_lecture(root, patch) -> TinyLecture:
    """Tiny chapters written under `root`, importable here and in worker processes, never with stale bytecode."""
    patch.syspath_prepend(str(root))
    patch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    return TinyLecture(root)


@pytest.fixture
def lecture(tmp_path_factory, monkeypatch):
    """The tiny chapters' package, for one test."""
    return importable_lecture(tmp_path_factory.mktemp("lecture"), monkeypatch)


@pytest.fixture
def use_chapters(lecture, monkeypatch):
    """A function putting the named tiny chapters (Tiny, Flaky, Coda when none is named) in the registry."""

    def use(*names: str):
        monkeypatch.setattr(registry, "CHAPTERS", lecture.chapters(*names))
        return registry.CHAPTERS

    return use


@pytest.fixture
def tiny_chapters(use_chapters):
    """Replace the lecture's registry with the tiny test chapters Tiny, Flaky, Coda."""
    return use_chapters()


@pytest.fixture(scope="module")
def module_patch():
    """A monkeypatch undone when the test module ends, for fixtures that render once per module."""
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.fixture(scope="module")
def module_lecture(tmp_path_factory, module_patch):
    """The tiny chapters' package, shared by a test module."""
    return importable_lecture(tmp_path_factory.mktemp("lecture"), module_patch)


@pytest.fixture(scope="module")
def baseline(tmp_path_factory, module_lecture, module_patch, run):
    """Tiny, Flaky and Coda rendered once for a test module; returns the render's output and its folder."""
    out = tmp_path_factory.mktemp("baseline")
    module_patch.setattr(registry, "CHAPTERS", module_lecture.chapters())
    result = run("render", "--output", out)
    assert result.exit_code == 0, result.output
    return result.output, out


# + the folder; two jobs, so that the lecture has both cores while the tests that need it wait
REAL_LECTURE = ("render.py", "render", "-q", "l", "--voice", "espeak", "--jobs", "2", "--output")
RECORD_STATUS = (
    'LOG="$1"; STATUS="$2"; shift 2; "$@" > "$LOG" 2>&1; echo $? > "$STATUS.tmp"; mv "$STATUS.tmp" "$STATUS"'
)


def real_lecture_root(tmp_path_factory) -> Path:
    """Where the real lecture is rendered: the session's temporary folder, shared by pytest-xdist's workers."""
    root = tmp_path_factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root


def start_real_lecture(root: Path) -> None:
    """Start rendering the real lecture in the background, once for all workers: tests that need it wait for
    it (`real_lecture`), the others run meanwhile. Its LaTeX cache starts with this worker's formulas."""
    with open(root / "real-lecture.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (root / "real-lecture.started").exists():
            return
        (root / "real-lecture.started").touch()
        out = root / "real-lecture"
        shutil.rmtree(out, ignore_errors=True)
        tex_cache.private_copy(CACHE / "Tex", outputs.tex_cache(out))
        log, status = root / "real-lecture.log", root / "real-lecture.status"
        command = [sys.executable, *REAL_LECTURE, str(out)]
        subprocess.Popen(["sh", "-c", RECORD_STATUS, "sh", str(log), str(status), *command], cwd=ROOT)


@pytest.fixture(scope="session")
def real_lecture(tmp_path_factory, shared_tex) -> Path:
    """The whole real lecture rendered once per test run through render.py at -q l, narrated, as a lecturer
    would; its 480p15 folder. Read it, never change it: other tests share it. Its render starts as the tests
    are collected (`start_real_lecture`); the formulas it compiled join this worker's LaTeX cache."""
    root = real_lecture_root(tmp_path_factory)
    start_real_lecture(root)  # unless collection already started it
    status, log = root / "real-lecture.status", root / "real-lecture.log"
    deadline = time.monotonic() + REAL_LECTURE_SECONDS
    while not status.exists():
        assert time.monotonic() < deadline, "the real lecture's render did not finish"
        time.sleep(1)
    printed = log.read_text()
    assert status.read_text().strip() == "0" and "Traceback" not in printed, printed
    out = root / "real-lecture"
    with open(root / "real-lecture.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        tex_cache.publish(outputs.tex_cache(out), shared_tex)
    return out / "480p15"


@pytest.fixture(scope="session")
def run():
    """Invoke the command line in-process; return click's Result (output holds stdout and stderr)."""
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def slow_started(tmp_path, monkeypatch):
    """A function telling whether the chapter Slow is making frames (it says so in a file)."""
    monkeypatch.setenv("TINY_RENDEZVOUS", str(tmp_path))
    return lambda: (tmp_path / "Slow-rendering").exists()


@pytest.fixture
def restore_look():
    """Put the default theme and example back after the test."""
    from pipeline.frames.scene_render import use_look  # imports manim

    yield
    use_look(from_options("l"))


# the longest groups of their kind (the benchmark's minutes; presenter mode plays beats in real time): each
# is handed out first among its kind, so that it does not end the run late
LONGEST = ("tests.lecture.test_benchmark", "tests.page.test_present")


def pytest_configure(config):
    """pytest-xdist hands the groups out in the order `pytest_collection_modifyitems` leaves them. Ctrl-C is
    heard, as in a terminal, even where the suite was started in the background of a shell without job control
    (which starts it ignoring SIGINT: the renders it starts would inherit that, and the interrupt tests hang)."""
    config.option.loadscopereorder = False
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config, items):
    """How pytest-xdist (`--dist loadgroup`) shares the tests out: a module's tests run in one worker (its
    module fixtures render once), except the tests that run a registry chapter dry (`chapter_ends`: the layout,
    example-layout and equation tests; `run_script`: the extreme shapes), which run in one worker per chapter,
    whichever file they are in, so each chapter is probed once per example and its formulas are typeset once.
    The groups are handed out longest first (the benchmark, then the chapters, then the others, each kind
    largest first), and those that need the real lecture last: they wait for its render (see
    `pytest_collection_finish`)."""
    groups = {item: _group(item) for item in items}
    for item, group in groups.items():
        item.add_marker(pytest.mark.xdist_group(group))
    waits = {group for item, group in groups.items() if "real_lecture" in item.fixturenames}
    place = {group: index for index, group in enumerate(handed_out(list(groups.values()), waits))}
    items.sort(key=lambda item: place[groups[item]])  # stable: a group's tests keep their order


def pytest_collection_finish(session):
    """Start the real lecture's render in the background as soon as the tests to run are known, if one needs it
    (after `-k` and the like: a selection without them starts no render; `--collect-only` runs none)."""
    if session.config.option.collectonly:
        return
    if any("real_lecture" in item.fixturenames for item in session.items):
        start_real_lecture(real_lecture_root(session.config._tmp_path_factory))


def handed_out(groups: list[str], waits: set[str]) -> list[str]:
    """The distinct `groups` (one per test) in the order they are handed out: the benchmark, the chapters,
    the others, then `waits`, each kind its LONGEST first, then largest first."""
    sizes = Counter(groups)

    def rank(group: str) -> tuple:
        kind = 0 if group == LONGEST[0] else 3 if group in waits else 1 if group.startswith("chapter-") else 2
        return kind, group not in LONGEST, -sizes[group]

    return sorted(sizes, key=rank)


def _group(item) -> str:
    """The item's group: its chapter's when it runs a registry chapter dry, else its module's."""
    params = item.callspec.params if hasattr(item, "callspec") else {}
    case = params.get("case")
    chapter = params.get("chapter") or (case[1] if isinstance(case, tuple) and len(case) == 3 else None)
    runs = {"chapter_ends", "run_script"} & set(item.function.__code__.co_names)
    probed = isinstance(chapter, registry.Chapter) and bool(runs)
    return f"chapter-{chapter.name}" if probed else item.module.__name__


def pytest_sessionfinish(session):
    """A pytest-xdist worker hands its reliability counts to the controller."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["tally"] = dict(tally.COUNTS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """The controller adds up what each pytest-xdist worker counted."""
    tally.COUNTS.update(getattr(node, "workeroutput", {}).get("tally", {}))


def pytest_terminal_summary(terminalreporter):
    """What the reliability tests tried: bad inputs, kills, interrupts, concurrent runs, files checked."""
    lines = tally.summary()
    if lines:
        terminalreporter.write_sep("=", "reliability")
        for line in lines:
            terminalreporter.write_line(line)
