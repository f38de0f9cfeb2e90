"""render.py preview: one PNG sheet with every beat's still (as a render chooses it), no video."""

import numpy as np
import pytest
from PIL import Image

from pipeline.frames import copies, skipping
from pipeline.plan.settings import from_options
from pipeline.run import preview
from scenes.chapters import registry
from scenes.chapters.registry import Chapter

TILE = (427, 240)  # half of 854x480
NAMES = ("appear", "move")  # Tiny's sections
MOVES = '''
from manim import DOWN, LEFT, RIGHT, UP, Arrow, Circle, FadeIn, FadeOut, GrowArrow, Indicate, ReplacementTransform
from manim import Restore, Scene, Square, Transform, Triangle, VGroup


class Moves(Scene):
    """Every kind of play the preview skips its own way, each beat ending on a held picture but the last, which
    fades everything out."""

    def construct(self):
        square, circle = Square(fill_opacity=0.5), Circle(fill_opacity=0.5).shift(RIGHT * 3)
        self.next_section("fades in")
        self.play(FadeIn(square, shift=UP), FadeIn(circle, scale=2), run_time=0.3)
        self.wait(0.2)
        self.next_section("fades out and back")
        self.play(FadeOut(square), run_time=0.3)
        self.play(FadeIn(square, shift=LEFT), run_time=0.3)
        self.wait(0.2)
        self.next_section("transforms")
        self.play(Transform(square, Triangle(fill_opacity=0.8).shift(LEFT * 3)), run_time=0.3)
        red = Square(color="#ff0000").shift(DOWN)
        self.play(ReplacementTransform(circle, red), run_time=0.3)
        self.play(square.animate.shift(UP).set_opacity(0.3), run_time=0.3)
        square.save_state()
        self.play(VGroup(square, red).animate.shift(LEFT), run_time=0.3)  # square keeps its own copies
        self.play(Restore(square), run_time=0.3)
        self.wait(0.2)
        self.next_section("indicates and grows")
        self.play(Indicate(square), GrowArrow(Arrow(LEFT, RIGHT * 2)), run_time=0.3)
        self.wait(0.2)
        self.next_section("fades out")  # its still: the picture before the fade, as a render's
        self.play(square.animate.shift(DOWN), run_time=0.3)
        self.wait(0.2)  # held, as a chapter's picture is before it fades (`turn_to`)
        self.play(FadeOut(*self.mobjects), run_time=0.3)
'''


@pytest.fixture
def sheet(run, tiny_chapters, tmp_path):
    out = tmp_path / "out"
    result = run("preview", "tiny", "--output", out)
    assert result.exit_code == 0, result.output
    return out, result.output.strip()


def tile(image: Image.Image, index: int) -> np.ndarray:
    """The picture of beat `index` (from 0) in a sheet."""
    cell_w, cell_h = TILE[0] + preview.MARGIN, preview.TITLE_HEIGHT + TILE[1] + preview.MARGIN
    left = preview.MARGIN + index % preview.COLUMNS * cell_w
    top = preview.MARGIN + index // preview.COLUMNS * cell_h + preview.TITLE_HEIGHT
    return np.asarray(image.crop((left, top, left + TILE[0], top + TILE[1])), dtype=int)


def test_the_sheet_has_one_titled_tile_per_beat_and_nothing_else_is_written(sheet):
    out, printed = sheet
    path = out / "480p15" / "previews" / "01-Tiny.png"
    assert printed == str(path)
    image = Image.open(path)
    margin, title = preview.MARGIN, preview.TITLE_HEIGHT
    assert image.size == (len(NAMES) * (TILE[0] + margin) + margin, title + TILE[1] + 2 * margin)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "480p15/previews/01-Tiny.png"
    ]  # no video, no poster, no temporary file; the working folder is gone
    titles = np.asarray(image.crop((margin, margin, image.width, margin + title)).convert("L"))
    assert (titles > 200).sum() > 50  # the titles are written
    assert not np.array_equal(tile(image, 0), tile(image, 1))  # the square has moved right


def test_the_last_tile_is_the_chapter_s_last_picture(sheet, run, tmp_path):
    out, _ = sheet
    assert run("render", "tiny", "--output", out).exit_code == 0
    poster = Image.open(out / "480p15" / "01-Tiny.png").convert("RGB").resize(TILE, Image.LANCZOS)
    last = tile(Image.open(out / "480p15" / "previews" / "01-Tiny.png"), len(NAMES) - 1)
    assert np.abs(last - np.asarray(poster, dtype=int)).max() <= 2


def test_a_course_previews_in_its_theme(run, tiny_chapters, tmp_path):
    course = tmp_path / "course.toml"
    course.write_text('title = "Light"\nchapters = ["tiny"]\ntheme = "light"\n', encoding="utf-8")
    result = run("preview", "tiny", "--course", course, "--output", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == str(tmp_path / "out" / "480p15-light" / "previews" / "01-Tiny.png")
    refused = run("preview", "tiny", "--course", course, "--theme", "dark", "--output", tmp_path / "out")
    assert refused.exit_code == 2 and "gives the theme; give it in one place" in refused.output


def test_a_bad_chapter_name_is_one_line_and_status_2(run, tiny_chapters, tmp_path):
    result = run("preview", "nosuch", "--output", tmp_path / "out")
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "unknown chapter 'nosuch'" in result.output
    assert not (tmp_path / "out").exists()


@pytest.fixture
def moves(lecture, monkeypatch):
    """A test chapter playing fades, transforms and an indication (which returns to its start)."""
    (lecture.folder / "moves.py").write_text(MOVES)
    monkeypatch.setattr(registry, "CHAPTERS", (Chapter(1, "Moves", "Moves", f"{lecture.package}.moves"),))
    return registry.CHAPTERS[0]


def test_every_tile_is_the_video_s_still_of_its_beat(moves, run, tmp_path):
    out = tmp_path / "out"
    assert run("render", "--output", out).exit_code == 0
    assert run("preview", "Moves", "--output", out).exit_code == 0
    image = Image.open(out / "480p15" / "previews" / "01-Moves.png")
    posters = sorted((out / "480p15").glob("01-Moves.beat-*.png"))
    assert len(posters) == 5
    for index, poster in enumerate(posters):
        video = Image.open(poster).convert("RGB").resize(TILE, Image.LANCZOS)
        assert np.array_equal(tile(image, index), np.asarray(video, dtype=int)), poster.name


def test_the_pictures_are_the_video_s_frames_pixel_for_pixel(moves, run, tmp_path):
    out = tmp_path / "out"
    assert run("render", "--output", out).exit_code == 0
    pictures = preview.beat_pictures(moves, from_options("l"), out)
    assert [name for name, _ in pictures] == [
        "fades in",
        "fades out and back",
        "transforms",
        "indicates and grows",
        "fades out",
    ]
    for number, (name, picture) in enumerate(pictures, start=1):
        video = Image.open(out / "480p15" / f"01-Moves.beat-{number:02d}.png").convert("RGB")
        assert np.array_equal(np.asarray(picture), np.asarray(video)), name
    assert np.asarray(pictures[-1][1]).std() > 10  # the picture before the fade, not the empty last frame


def test_skipped_fades_and_transforms_copy_less_and_indications_still_copy():
    from manim import ApplyMethod, Circle, FadeIn, FadeOut, Indicate, Restore, Square, Transform, Wait

    from scenes.kit.grids import Restate

    square = Square()
    assert skipping.fade_is_idle(FadeIn(square)) and skipping.fade_is_idle(FadeOut(square))
    assert skipping.starts_from_target(Transform(square, Circle()))
    assert skipping.starts_from_target(square.animate.shift(1).build())
    assert not skipping.starts_from_target(Transform(square, Circle(), path_arc=1))
    assert not skipping.starts_from_target(Indicate(square)) and not skipping.fade_is_idle(Indicate(square))
    assert not skipping.fade_is_idle(Wait()) and not skipping.starts_from_target(Wait())
    restate = Restate(square, lambda m: m.scale(2))  # its finish goes back to the start: it needs the start
    assert not skipping.starts_from_target(restate) and not skipping.fade_is_idle(restate)
    square.save_state()
    assert skipping.owns_target(square.animate.shift(1).build()) and skipping.owns_target(Restore(square))
    assert skipping.owns_target(ApplyMethod(square.shift, 1)) and not skipping.owns_target(
        Transform(square, Circle())
    )


@pytest.mark.parametrize("copying", ["quick_copies", "render_copies"])
def test_a_copy_shares_only_the_copies_its_original_keeps(copying):
    from manim import Square

    square = Square()
    square.generate_target()
    square.save_state()
    with getattr(copies, copying)():
        twin = square.copy()
    assert twin.target is square.target and twin.saved_state is square.saved_state
    assert twin.points is not square.points and np.array_equal(twin.points, square.points)
    assert square.copy().target is not square.target  # manim's own copy again outside


def test_a_render_copy_points_tuples_at_its_own_parts_as_manim_s_own_copy_does():
    from manim import Circle, Square, VGroup

    group = VGroup(Square(), Circle())
    group.parts = tuple(group.submobjects)  # BlendByWeight's bars: drawn mid-animation through the tuple
    with copies.render_copies():
        ours = group.copy()
    theirs = group.copy()
    for twin in (ours, theirs):
        assert twin.parts == tuple(twin.submobjects) and twin.parts[0] is not group[0]
    with copies.quick_copies():
        assert group.copy().parts is group.parts  # a dry run draws no frame mid-animation: shared


def test_a_quick_copy_s_bound_methods_are_bound_to_copies_as_manim_s_own_copy_binds_them():
    from manim import Dot, TracedPath

    dot = Dot([1, 2, 0])
    path = TracedPath(dot.get_center)  # a fading trail traced from its copy's own dot (ThreeTokenDrag's)
    with copies.quick_copies():
        ours = path.copy()
    theirs = path.copy()
    for twin in (ours, theirs):
        assert twin.traced_point_func.__self__ is not dot
        assert np.array_equal(twin.traced_point_func(), dot.get_center())
    assert ours.traced_point_func.__func__ is theirs.traced_point_func.__func__


def test_a_chapter_previews_in_the_language_asked_for_into_its_folder(run, tmp_path):
    """The same beats' stills, their words in German (another sheet), in the German folder."""
    sheets = {}
    for lang, folder in (("en", "256x144p15"), ("de", "256x144p15.de")):
        result = run(
            "preview", "FixedContext", "--lang", lang, "--resolution", "256x144", "--output", tmp_path
        )
        assert result.exit_code == 0, result.output
        assert result.output.strip() == str(tmp_path / folder / "previews" / "01-FixedContext.png")
        sheets[lang] = Image.open(result.output.strip())
    assert sheets["en"].size == sheets["de"].size
    assert not np.array_equal(np.asarray(sheets["en"]), np.asarray(sheets["de"]))
