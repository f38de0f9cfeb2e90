"""scenes.kit.svg_loading makes of the lecture's SVGs (dvisvgm's for formulas, cairo's for text) exactly the
mobjects manim's own loader makes, and leaves every other SVG to manim."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from manim import MarkupText, Mobject, Rectangle, SVGMobject
from manim.mobject.svg import svg_mobject
from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath
from manim.mobject.text import numbers as manim_numbers

from scenes.kit import components, numbers, svg_loading
from scenes.kit.arithmetic import exp_sum_tex
from scenes.kit.numbers import SansTex
from scenes.kit.palette import FONT, tex_size

ROOT = Path(__file__).resolve().parents[2]
MANIMS = svg_loading.MANIM_GENERATE

# the kinds of mobject the lecture builds from SVGs, through its own builders where it has them
LECTURE = {
    "formula": lambda: components.math("e^{0.5}", r"\approx", "1.65"),
    "number": lambda: components.number(-0.665, places=3),
    "lines": lambda: components.math(exp_sum_tex([0.5, 1.25, -0.3, 2.0], 2.6, places=2, per_line=2)),
    "rules": lambda: SansTex(r"\frac{e^{0.5}}{\sqrt{4}} \\ \approx 0.82", font_size=tex_size("number")),
    "latin": lambda: components.text("Every query scores every key", role="title"),
    "greek": lambda: components.text("softmax(q·k / √d): α, β, Σ, ω", role="label"),
    "cjk": lambda: components.text("注意力 アテンション 주의", role="small"),
    "paragraph": lambda: components.paragraph(
        "Each weight says how much of a word's value goes into the mix. " * 2
    ),
    "markup": lambda: MarkupText(
        '<span foreground="#FFD166">query</span> · <span foreground="#6F6BFF">key</span>', font=FONT
    ),
}
RULED = {"rules"}  # dvisvgm draws the fraction's and the root's rules as <rect>s

# hand-written SVGs in neither dialect: manim reads them
UNREAD = {
    "transform": '<g transform="translate(1 2) scale(2)"><path d="M0 0L3 0L3 4Z" fill="#FF0000"/></g>',
    "relative commands": '<path d="m0 0l3 0l0 4z"/>',
    "arc": '<path d="M0 0L3 0A2 2 0 0 1 3 4Z"/>',
    "circle": '<circle cx="1" cy="1" r="2" fill="#00FF00"/>',
    "close near manim's threshold": (
        '<defs><path id="g" d="M0 0L1 0L0 0.00015Z"/></defs><use x="1" y="2" xlink:href="#g"/>'
    ),
}
# every command and element of the dvisvgm dialect, with awkward numbers: implicit lines after a move, S after
# C, after S and after a move, a close that needs a line and one that does not, a rule
EVERY_COMMAND = (
    '<defs><path id="g" d="M0.1 0.2L3.3 0.7H5.55V2.125C5.5 3 4.1 3.3 3.7 3.9S2.2 4.4 1.7 3.3 0.3 2.9 0.1 0.25Z'
    ' M6 6 7 6 7 7 6 6.00001Z M8 8S9 9 10 8"/></defs>'
    '<g id="page1"><use x="12.34567" y="-8.9" xlink:href="#g"/><use x="0.3" y="1e-1" xlink:href="#g"/>'
    '<rect x="0.5" y="1.25" width="3.75" height="0.398"/></g>'
)


def built(make, loader, monkeypatch):
    """`make()` with SVGs loaded by `loader`, from the SVG files alone: every in-process cache of mobjects
    made from SVGs (manim's, the number glyphs', the builders') emptied first."""
    with monkeypatch.context() as patch:
        patch.setattr(SVGMobject, "generate_mobject", loader)
        patch.setattr(svg_mobject, "SVG_HASH_TO_MOB_MAP", {})
        patch.setattr(manim_numbers, "string_to_mob_map", {})
        patch.setattr(numbers, "GLYPHS", {})
        patch.setattr(numbers, "LAID_OUT", {})
        patch.setattr(components, "_SHAPED", {})
        patch.setattr(components, "_TYPESET", {})
        return make()


def ours(make, monkeypatch):
    """`make()` loaded by svg_loading, failing if it leaves any SVG to manim."""

    def fell_back(svg):
        pytest.fail(f"svg_loading left {svg.file_name} to manim")

    with monkeypatch.context() as patch:
        patch.setattr(svg_loading, "MANIM_GENERATE", fell_back)
        return built(make, svg_loading.generate_mobject, monkeypatch)


def same(a, b) -> bool:
    """Equal; arrays exactly, element for element, and of one dtype; mobjects referred to by class."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return np.asarray(a).dtype == np.asarray(b).dtype and np.array_equal(a, b)
    if isinstance(a, Mobject):
        return type(a) is type(b)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


STYLE = ("get_fill_rgbas", "get_stroke_rgbas", "get_stroke_width", "get_fill_opacity", "get_stroke_opacity")
# compared apart, or differing by nature: path_obj is the one known difference, original_id the id() of what
# the builders' copy() was copied from
COMPARED_APART = {"submobjects", "id_to_vgroup_dict", "path_obj", "original_id"}


def reachable(mobject) -> list:
    """The mobject's family, then the members of its id_to_vgroup_dicts' groups outside it (a copied glyph
    shares its original's groups)."""
    found = mobject.get_family()
    seen = {id(m) for m in found}
    for member in found:  # and the ones appended meanwhile
        for group in getattr(member, "id_to_vgroup_dict", {}).values():
            found += [m for m in group.submobjects if id(m) not in seen]
            seen.update(id(m) for m in group.submobjects)
    return found


def assert_same(mine, manims) -> None:
    """The same tree of the same classes, the same points to the bit, the same styles and other attributes,
    and the same id_to_vgroup_dicts: their ids in order and each group's members (by place in `reachable`)."""
    ours, theirs = reachable(mine), reachable(manims)
    assert [type(m) for m in ours] == [type(m) for m in theirs]
    place, manims_place = ({id(m): k for k, m in enumerate(found)} for found in (ours, theirs))
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert [place[id(s)] for s in a.submobjects] == [manims_place[id(s)] for s in b.submobjects], k
        assert a.points.dtype == b.points.dtype and np.array_equal(a.points, b.points), k
        for style in STYLE:
            assert same(getattr(a, style)(), getattr(b, style)()), (k, style)
        assert vars(a).keys() == vars(b).keys(), k
        differing = [
            name for name in vars(a) if name not in COMPARED_APART and not same(vars(a)[name], vars(b)[name])
        ]
        assert not differing, (k, differing)
        groups, manims_groups = getattr(a, "id_to_vgroup_dict", {}), getattr(b, "id_to_vgroup_dict", {})
        assert list(groups) == list(manims_groups), k
        for name, group in groups.items():
            assert type(group) is type(manims_groups[name]), (k, name)
            members = [place[id(m)] for m in group.submobjects]
            assert members == [manims_place[id(m)] for m in manims_groups[name].submobjects], (k, name)


@pytest.mark.parametrize("kind", LECTURE)
def test_the_lectures_mobjects_are_loaded_exactly_as_manim_loads_them(kind, monkeypatch):
    manims = built(LECTURE[kind], MANIMS, monkeypatch)
    mine = ours(LECTURE[kind], monkeypatch)
    assert_same(mine, manims)
    paths = [m for m in mine.get_family() if isinstance(m, VMobjectFromSVGPath)]
    assert paths and all(path.path_obj is None for path in paths)  # loaded here, not by manim
    assert any(type(m) is Rectangle for m in mine.get_family()) == (kind in RULED)


def svg_file(folder: Path, body: str) -> Path:
    path = folder / "drawing.svg"
    path.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20"'
        f' viewBox="0 0 20 20" version="1.1">{body}</svg>'
    )
    return path


@pytest.mark.parametrize("body", UNREAD.values(), ids=UNREAD)
def test_any_other_svg_is_left_to_manim(body, tmp_path, monkeypatch):
    path = svg_file(tmp_path, body)
    left = []
    monkeypatch.setattr(svg_loading, "MANIM_GENERATE", lambda svg: left.append(svg) or MANIMS(svg))
    mine = built(lambda: SVGMobject(path), svg_loading.generate_mobject, monkeypatch)
    assert len(left) == 1 and left[0] is mine
    assert_same(mine, built(lambda: SVGMobject(path), MANIMS, monkeypatch))


def test_every_command_of_the_formulas_dialect_is_read_exactly(tmp_path, monkeypatch):
    path = svg_file(tmp_path, EVERY_COMMAND)
    mine = ours(lambda: SVGMobject(path), monkeypatch)
    assert_same(mine, built(lambda: SVGMobject(path), MANIMS, monkeypatch))
    assert [len(m.points) // 4 for m in mine.submobjects] == [11, 11, 4]  # two glyphs of 11 cubics, a rule


def test_install_is_idempotent_and_keeps_manims_loader(monkeypatch):
    monkeypatch.setattr(SVGMobject, "generate_mobject", MANIMS)
    svg_loading.install()
    svg_loading.install()
    assert SVGMobject.generate_mobject is svg_loading.generate_mobject
    assert (MANIMS.__module__, MANIMS.__qualname__) == (svg_mobject.__name__, "SVGMobject.generate_mobject")


def test_a_second_copy_of_the_module_takes_manims_loader_not_the_first_copys(monkeypatch):
    monkeypatch.setattr(SVGMobject, "generate_mobject", svg_loading.generate_mobject)
    spec = importlib.util.spec_from_file_location("svg_loading_copy", svg_loading.__file__)
    copy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copy)
    assert copy.MANIM_GENERATE is MANIMS
    copy.install()
    assert SVGMobject.generate_mobject is copy.generate_mobject


def test_importing_the_chapters_base_scene_installs_the_loader():
    check = (
        "from manim import SVGMobject; manims = SVGMobject.generate_mobject; import scenes.kit.chapter; "
        "from scenes.kit import svg_loading; "
        "assert SVGMobject.generate_mobject is svg_loading.generate_mobject; "
        "assert svg_loading.MANIM_GENERATE is manims"
    )
    subprocess.run([sys.executable, "-c", check], cwd=ROOT, check=True)
