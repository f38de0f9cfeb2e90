"""A fast `SVGMobject.generate_mobject` for the two kinds of SVG the lecture's mobjects come from; manim's own
for any other.

Building a MathTex or a Text is mostly manim reading its SVG: svgelements parses the whole file and every
glyph runs VMobject.__init__. The lecture's SVGs come in two dialects:

* dvisvgm (MathTex, SansTex): `<defs><path id d/>...</defs>`, then `<g id>` groups of `<use x y xlink:href>`
  and `<rect x y width height>` (fraction and root rules);
* cairo, through manimpango (Text, MarkupText): `<defs><g><symbol overflow id><path style d/></symbol>...`,
  then `<g id="surfaceN">` holding `<g style="fill:rgb(..);fill-opacity:1;">` groups of `<use>`.

`generate_mobject` reads these itself, 6-7 times faster, into the very same mobjects, bit for bit
(`tests/kit/test_svg_loading.py` compares them), doing manim's work with the same float operations:

* path data (absolute M L H V C S Z) is read once per `d` as svgelements reads it, a `<use>` adds its
  translation as svgelements does, and the cubics are made as `handle_commands` makes them;
* styles are svgelements' reading of a stand-in shape in the same cascade (once per cascade), applied by
  manim's `apply_style_to_mobject`; glyphs are copies of a styled template, not new VMobjects;
* `id_to_vgroup_dict` (MathTex finds its parts in it) replays `get_mobjects_from`'s walk: its numbering,
  a repeated id replacing its group, each mobject in its ancestors' groups.

Anything else (another element or attribute, a transform, relative or arc commands, the OpenGL renderer, a
subclass overriding manim's SVG hooks, a path closing near manim's threshold) is left to manim.

The one difference: paths loaded here have `path_obj = None`, not svgelements' Path. manim 0.22 reads
`path_obj` only in `VMobjectFromSVGPath.handle_commands`, while the mobject is constructed
(`manim/mobject/svg/svg_mobject.py`); nothing reads it after construction, nor does anything in this project.
"""

from __future__ import annotations

import functools
import io
import itertools
import math
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import NamedTuple
from xml.etree import ElementTree as ET
from xml.sax.saxutils import quoteattr

import numpy as np
import svgelements as se
from manim import config
from manim.constants import RIGHT, RendererType
from manim.mobject.svg.svg_mobject import SVGMobject, VMobjectFromSVGPath
from manim.mobject.types.vectorized_mobject import VGroup, VMobject

# manim's own loader. A second copy of this module (imported under another name) must not take the first
# copy's replacement for it.
MANIM_GENERATE = getattr(SVGMobject.generate_mobject, "replaces", SVGMobject.generate_mobject)

SVG, XLINK = "{http://www.w3.org/2000/svg}", "{http://www.w3.org/1999/xlink}"
HREF = XLINK + "href"
ROOT_ATTRIBUTES = {"version", "width", "height", "viewBox"}  # manim's modify_xml_tree drops them all
# the methods of SVGMobject whose work is done here: a subclass overriding one is left to manim
HOOKS = (
    "modify_xml_tree get_mobjects_from get_mob_from_shape_element apply_style_to_mobject handle_transform"
    " path_to_mobject rect_to_mobject"
).split()

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
PATH_TOKEN = re.compile(rf"([MLHVCSZ])|({NUMBER.pattern})|[\s,]+")
CAIRO_FILL = re.compile(r"fill:rgb\([0-9.]+%,[0-9.]+%,[0-9.]+%\);fill-opacity:1;")
ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Z": 0}
CLOSE_GAP = 1e-4  # handle_commands closes a path with a line when its ends are further apart

# one shape of each kind, as its dialect writes it, for svgelements to style
PROBES = {
    "dvisvgm": ("<defs><path id='p' d='M0 0L1 0L1 1Z'/></defs>", "<use x='3' y='4' xlink:href='#p'/>"),
    "cairo": (
        "<defs><g><symbol overflow='visible' id='s'><path style='stroke:none;' d='M0 0L1 0L1 1Z'/>"
        "</symbol></g></defs>",
        "<use xlink:href='#s' x='3' y='4'/>",
    ),
    "rect": ("", "<rect x='1' y='2' width='3' height='4'/>"),
}
NAMESPACES = "xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink'"


class Unsupported(Exception):
    """The file is not one this module reads exactly as manim does: manim reads it."""


def generate_mobject(self: SVGMobject) -> SVGMobject:
    """SVGMobject.generate_mobject, reading the lecture's two dialects itself (see the module)."""
    try:
        mobjects, groups = _load(self)
    except Unsupported:
        return MANIM_GENERATE(self)
    self.add(*mobjects)
    self.id_to_vgroup_dict = groups
    self.flip(RIGHT)  # as manim: SVG's y points down
    return self


generate_mobject.replaces = MANIM_GENERATE  # what another copy of this module takes as manim's


def install() -> None:
    """Load every SVGMobject (MathTex, Text, ...) built from now on with `generate_mobject`; idempotent."""
    SVGMobject.generate_mobject = generate_mobject


class _File(NamedTuple):
    """What every element of one file is read with."""

    svg: SVGMobject
    glyphs: dict[str, tuple[str, str]]  # id: (dialect, path data)
    config_style: tuple  # the style manim wraps the file in (`generate_config_style_dict`)
    path_config: tuple  # the SVGMobject's path_string_config, sorted


def _load(svg: SVGMobject) -> tuple[list, dict[str, VGroup]]:
    """The mobjects and id_to_vgroup_dict manim makes of the SVGMobject's file, or Unsupported."""
    if config.renderer != RendererType.CAIRO:
        raise Unsupported("renderer")
    if any(getattr(type(svg), hook) is not getattr(SVGMobject, hook) for hook in HOOKS):
        raise Unsupported("overridden hook")
    root = ET.parse(svg.get_file_path()).getroot()
    defs = root.findall(SVG + "defs")
    if root.tag != SVG + "svg" or not root.attrib.keys() <= ROOT_ATTRIBUTES or len(defs) > 1:
        raise Unsupported("root")
    config_style = tuple(svg.generate_config_style_dict().items())
    path_config = tuple(sorted(svg.path_string_config.items()))
    file = _File(svg, _definitions(defs[0]) if defs else {}, config_style, path_config)
    # svgelements' tree: the <svg>, manim's <g> of config style and <g> of root style (no defs), the body
    wrapper = [(1, None, None), (2, None, None), (3, None, None)]
    body = (_walk(child, 4, (), file) for child in root if child.tag != SVG + "defs")
    return _replay(itertools.chain(wrapper, *body))


def _definitions(defs: ET.Element) -> dict[str, tuple[str, str]]:
    """(dialect, path data) by id: dvisvgm's `<path id d>` or cairo's `<g><symbol>`s."""
    if defs.attrib:
        raise Unsupported("defs attributes")
    glyphs = {}
    for element in defs:
        if element.tag == SVG + "path" and element.attrib.keys() == {"id", "d"} and not len(element):
            glyphs[element.attrib["id"]] = ("dvisvgm", element.attrib["d"])
        elif element.tag == SVG + "g" and not element.attrib:
            glyphs.update(_symbol(symbol) for symbol in element)
        else:
            raise Unsupported("defs child")
    if len({dialect for dialect, _ in glyphs.values()}) > 1:
        raise Unsupported("mixed dialects")
    return glyphs


def _symbol(symbol: ET.Element) -> tuple[str, tuple[str, str]]:
    """(id, ("cairo", path data)) of `<symbol overflow="visible" id><path style="stroke:none;" d/></symbol>`."""
    path = symbol[0] if len(symbol) == 1 else None
    if (
        symbol.tag != SVG + "symbol"
        or symbol.attrib != {"overflow": "visible", "id": symbol.get("id")}
        or path is None
        or path.tag != SVG + "path"
        or path.attrib != {"style": "stroke:none;", "d": path.get("d")}
        or len(path)
    ):
        raise Unsupported("symbol")
    return symbol.attrib["id"], ("cairo", path.attrib["d"])


def _walk(element: ET.Element, depth: int, styles: tuple, file: _File):
    """(depth, id or None, mobject or None) for `element` and each element svgelements puts under it, in
    get_mobjects_from's order; `styles` are the styles of the `<g>`s around it (None: unstyled)."""
    tag, attributes = element.tag, element.attrib
    if tag == SVG + "g":
        yield depth, attributes.get("id"), None
        styles += (_group_style(attributes),)
        for child in element:
            yield from _walk(child, depth + 1, styles, file)
    elif len(element):
        raise Unsupported(f"children of {tag}")
    elif tag == SVG + "use":
        yield depth, None, None
        yield from _use(attributes, depth + 1, styles, file)
    elif tag == SVG + "rect":
        yield depth, None, _rect(attributes, styles, file)
    else:
        raise Unsupported(f"element {tag}")


def _group_style(attributes: dict) -> str | None:
    if attributes.keys() <= {"id"}:
        return None
    if attributes.keys() == {"style"} and CAIRO_FILL.fullmatch(attributes["style"]):
        return attributes["style"]
    raise Unsupported("group attributes")


def _use(attributes: dict, depth: int, styles: tuple, file: _File):
    """What svgelements puts under a `<use>`: dvisvgm's path (a copy, its id included), or cairo's symbol
    (drawing nothing) and its path (without an id)."""
    if not attributes.keys() <= {"x", "y", HREF} or not attributes.get(HREF, "").startswith("#"):
        raise Unsupported("use attributes")
    name = attributes[HREF][1:]
    if name not in file.glyphs:
        raise Unsupported("unknown glyph")
    dialect, path_data = file.glyphs[name]
    x, y = (_number(attributes.get(axis, "0")) for axis in "xy")
    outline, glyph = _outline(path_data), None  # manim drops a path without points
    if len(outline.curves):
        glyph = _path_maker(file.path_config, (file.config_style, dialect, styles))()
        glyph.points = outline.placed(x, y)
    if dialect == "dvisvgm":
        yield depth, name, glyph
    else:
        yield depth, name, None
        yield depth, None, glyph


def _number(text: str) -> float:
    if not NUMBER.fullmatch(text.strip()):
        raise Unsupported(f"number {text!r}")
    return float(text)


def _rect(attributes: dict, styles: tuple, file: _File):
    if attributes.keys() != {"x", "y", "width", "height"}:
        raise Unsupported("rect attributes")
    x, y, width, height = (_number(attributes[key]) for key in ("x", "y", "width", "height"))
    if width <= 0 or height <= 0:
        raise Unsupported("empty rect")
    rect = file.svg.rect_to_mobject(SimpleNamespace(x=x, y=y, width=width, height=height, rx=0.0, ry=0.0))
    return file.svg.apply_style_to_mobject(rect, _probe(file.config_style, "rect", styles))


def _replay(visits) -> tuple[list, dict[str, VGroup]]:
    """The mobjects and id_to_vgroup_dict get_mobjects_from makes from the same walk."""
    mobjects, members, names, numbers = [], {"root": []}, ["root"], itertools.count()
    for depth, name, mobject in visits:
        if name is None:
            name = f"numbered_group_{next(numbers)}"
        del names[depth:]
        members[name] = []
        names.append(name)
        if mobject is not None:
            mobjects.append(mobject)
            for ancestor in names[:-1]:
                members[ancestor].append(mobject)
    return mobjects, {name: _new_vgroup().add(*parts) for name, parts in members.items()}


class Outline:
    """A path's cubics as (start, control, control, end) indices into its local points; a line's controls
    are -1, computed from its ends."""

    def __init__(self, points: list, curves: list):
        self.points = np.array(points, dtype=np.float64).reshape(-1, 2)
        self.curves = np.array(curves, dtype=np.intp).reshape(-1, 4)
        self.lines = self.curves[:, 1:2] < 0

    def placed(self, x: float, y: float) -> np.ndarray:
        """The points handle_commands makes of the path translated by (x, y)."""
        at = self.points + (x, y)  # svgelements applies translate(x, y) as x*1 + y*0 + e: exactly x + e
        start, one, two, end = (at[self.curves[:, k]] for k in range(4))
        one = np.where(self.lines, (start + start + end) / 3, one)  # handle_commands' add_line
        two = np.where(self.lines, (start + end + end) / 3, two)
        points = np.zeros((4 * len(self.curves), 3))
        points[:, :2] = np.stack((start, one, two, end), axis=1).reshape(-1, 2)
        return points


@functools.cache
def _outline(path_data: str) -> Outline:
    pen = _Pen()
    for command, numbers in _commands(path_data):
        if command != "M" and (pen.at is None or pen.closed):
            raise Unsupported(f"{command} without a current point")
        pen.closed = False
        getattr(pen, command)(*numbers)
    return Outline(pen.points, pen.curves)


def _commands(path_data: str):
    """(command, numbers) for each command of absolute path data, repeated as its numbers repeat it."""
    tokens, end = [], 0
    for match in PATH_TOKEN.finditer(path_data):
        if match.start() != end:
            raise Unsupported("path data")
        end = match.end()
        if match[1] or match[2]:
            tokens.append(match[1] or float(match[2]))
    if end != len(path_data):
        raise Unsupported("path data")
    index, command = 0, None
    while index < len(tokens):
        if isinstance(tokens[index], str):
            command, index = tokens[index], index + 1
        elif command in (None, "Z"):
            raise Unsupported("numbers without a command")
        numbers = tokens[index : index + ARGUMENTS[command]]
        if len(numbers) < ARGUMENTS[command] or any(isinstance(n, str) for n in numbers):
            raise Unsupported(f"arguments of {command}")
        index += len(numbers)
        yield command, numbers
        if command == "M":
            command = "L"  # numbers after a move's are lines


class _Pen:
    """Follows path data as svgelements reads it, keeping the points and cubics handle_commands makes."""

    def __init__(self):
        self.points: list[tuple[float, float]] = []
        self.curves: list[tuple[int, int, int, int]] = []
        self.at = self.start = None  # indices of the current point and of the last move's
        self.control = None  # the last cubic's second control point, which S reflects
        self.closed = False

    def _point(self, x: float, y: float) -> int:
        self.points.append((x, y))
        return len(self.points) - 1

    def _curve(self, x: float, y: float, one: int = -1, two: int = -1, control=None) -> None:
        end = self._point(x, y)
        self.curves.append((self.at, one, two, end))
        self.at, self.control = end, control

    def M(self, x, y):
        self.at = self.start = self._point(x, y)
        self.control = None

    def L(self, x, y):
        self._curve(x, y)

    def H(self, x):
        self._curve(x, self.points[self.at][1])

    def V(self, y):
        self._curve(self.points[self.at][0], y)

    def C(self, x1, y1, x2, y2, x, y):
        self._curve(x, y, self._point(x1, y1), self._point(x2, y2), (x2, y2))

    def S(self, x2, y2, x, y):
        cx, cy = self.points[self.at]
        if self.control is not None:  # svgelements' reflected_across: p + (p - control)
            cx, cy = cx + (cx - self.control[0]), cy + (cy - self.control[1])
        self._curve(x, y, self._point(cx, cy), self._point(x2, y2), (x2, y2))

    def Z(self):
        gap = math.dist(self.points[self.at], self.points[self.start])
        if CLOSE_GAP / 2 <= gap <= 2 * CLOSE_GAP:
            raise Unsupported("close near the threshold")  # translated, rounding might decide otherwise
        if gap > CLOSE_GAP:
            self.curves.append((self.at, -1, -1, self.start))
        self.closed = True


@functools.cache
def _probe(config_style: tuple, kind: str, styles: tuple) -> se.Shape:
    """svgelements' reading of a stand-in shape of `kind` in the same cascade of styles."""
    defs, shape = PROBES[kind]
    for style in reversed(styles):
        shape = f"<g style={quoteattr(style)}>{shape}</g>" if style else f"<g>{shape}</g>"
    wrapper = "".join(f" {key}={quoteattr(value)}" for key, value in config_style)
    svg = se.SVG.parse(io.StringIO(f"<svg {NAMESPACES}><g{wrapper}><g>{defs}{shape}</g></g></svg>"))
    (styled,) = [element for element in svg.elements() if isinstance(element, (se.Path, se.Rect))]
    return styled


def _copier(template: VMobject) -> Callable[[], VMobject]:
    """A function making copies of `template` with their own arrays, lists and dicts (as numbers.glyph_copy):
    much cheaper than building a mobject, or than `copy()`, which deep-copies every colour."""
    own = [name for name, value in vars(template).items() if isinstance(value, (np.ndarray, list, dict))]

    def copy() -> VMobject:
        clone = type(template).__new__(type(template))
        clone.__dict__ = state = vars(template).copy()
        for name in own:
            state[name] = state[name].copy()
        return clone

    return copy


@functools.cache
def _path_maker(path_config: tuple, cascade: tuple) -> Callable[[], VMobjectFromSVGPath]:
    """Makes the paths of an SVGMobject with this path_string_config in this cascade of styles."""
    path = VMobjectFromSVGPath(se.Path(), **dict(path_config))
    SVGMobject.apply_style_to_mobject(path, _probe(*cascade))
    path.path_obj = None  # the one difference from manim's (see the module)
    return _copier(path)


_new_vgroup = _copier(VGroup())  # get_mobjects_from's VGroup()
