"""Untrusted text from example files: token names are drawn literally with Text and never reach LaTeX; example
names become safe folder names, so a render writes only inside OUTPUT/examples/<safe name>/."""

import json
from collections import Counter
from pathlib import Path

import pytest
from manim import Mobject, Text, tempconfig

from pipeline.frames.scene_render import use_look
from pipeline.plan import settings
from scenes.chapters.blend_by_weight import BlendByWeight
from scenes.kit.fit import ELLIPSIS
from tests.support import tally
from tests.support.folders import snapshot
from tests.support.snapshot import built

LATEX_LIKE = (r"\input{/etc/hostname}", "$x$", "%", "_", "{", r"\write18{id}")
NON_ASCII = ("café", "naïve", "Ωμέγα", "Привет", "猫", "한국어")
PLAIN = ("a", "b", "c", "d", "e", "f")


def blend_file(folder: Path, names) -> Path:
    """An example file whose [blend] table has six tokens called `names`, with the same vectors every time (all
    alike, so that the scene's formulas repeat and few need LaTeX)."""
    path = folder / "names.toml"
    rows = [[1, 0]] * 6
    path.write_text(
        f"[blend]\ntokens = [{', '.join(literal(n) for n in names)}]\nkeys = {rows}\nvalues = {rows}\n"
        "queries = [[1, 0], [0, 1]]\n",
        encoding="utf-8",
    )
    return path


def literal(name: str) -> str:
    """`name` as a TOML literal string: no escapes are read inside single quotes."""
    assert "'" not in name
    return f"'{name}'"


def blend_built(example: Path, media: Path, tex: Path) -> BlendByWeight:
    """BlendByWeight's mobjects made (not played) with `example`, compiling its formulas in `tex`."""
    use_look(settings.from_options("l", example=example))
    with tempconfig({"tex_dir": str(tex)}):
        return built(BlendByWeight, media)


def texts(scene) -> list[Text]:
    """Every Text among the scene's mobjects."""
    mobjects = [m for value in vars(scene).values() if isinstance(value, Mobject) for m in value.get_family()]
    return [m for m in mobjects if isinstance(m, Text)]


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    """BlendByWeight built with plain token names: the Tex folder holding every formula it shows for these
    vectors, and how many times each name is drawn."""
    tex, media = tmp_path_factory.mktemp("Tex"), tmp_path_factory.mktemp("media")
    scene = blend_built(blend_file(media, PLAIN), media, tex)
    use_look(settings.from_options("l"))
    times_drawn = Counter(t.original_text for t in texts(scene))[PLAIN[0]]
    assert list(tex.glob("*.tex")) and times_drawn >= 3  # the table, the bars, the value plane
    return tex, times_drawn


def drawn_names(shown: str, names) -> list[str]:
    """The names `shown` may draw: a name as typed, or a start of it and '…' where it is cut to fit its place
    (a short cut may fit several names: the token's colour tells them apart)."""
    if shown in names:
        return [shown]
    return [n for n in names if shown.endswith(ELLIPSIS) and n.startswith(shown[:-1])]


@pytest.mark.parametrize("names", [LATEX_LIKE, NON_ASCII], ids=["LaTeX-like", "non-ASCII"])
def test_token_names_are_drawn_as_typed_and_never_reach_latex(names, plain, tmp_path, restore_look):
    tex_cache, times_drawn = plain
    before = snapshot(tex_cache)
    scene = blend_built(blend_file(tmp_path, names), tmp_path, tex_cache)

    drawn = [t for t in texts(scene) if drawn_names(t.original_text, names)]
    assert len(drawn) == times_drawn * len(names)  # wherever a plain name is drawn: as typed, or cut short
    assert all(len(t.submobjects) == len(t.original_text) for t in drawn)  # one glyph per character, no boxes
    assert snapshot(tex_cache) == before  # not one formula more: the names changed nothing LaTeX sees
    assert not [n for n in names if len(n) > 1 and any(n in p.read_text() for p in tex_cache.glob("*.tex"))]
    tally.count("untrusted names checked", len(names))


def drag_example(folder: Path, file_name: str, name: str | None) -> Path:
    """An example file with a [drag] table of LaTeX-like token names, and a `name` unless it is None."""
    path = folder / file_name
    head = f"name = {json.dumps(name)}\n" if name is not None else ""  # a JSON string is a TOML basic string
    path.write_text(
        head + "[drag]\ntokens = ['\\input{/etc/hostname}', '$x$', '%']\n"
        "keys = [[2, 0], [0, 2], [1, 1]]\nquery = [2, 0]\npath = [[2, 0], [0, 2]]\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    "file_name, name, folder",
    [
        ("x.toml", "../../x.toml", "x-toml"),
        ("example.toml", "/etc/a b\x07\tc/..", "etc-a-b-c"),
        (" we ird\x01 name\n.toml", None, "we-ird-name"),
    ],
    ids=["dot-dot", "slashes, spaces, control characters", "file name only"],
)
def test_example_names_write_only_inside_their_own_folder(
    use_chapters, run, tmp_path, file_name, name, folder
):
    use_chapters("Themed")
    world, inputs = tmp_path / "world", tmp_path / "inputs"
    (world / "neighbour").mkdir(parents=True)
    (world / "neighbour" / "x.toml").write_text("not to be touched")
    inputs.mkdir()
    before = snapshot(world)

    result = run("render", "--example", drag_example(inputs, file_name, name), "--output", world / "out")

    assert result.exit_code == 0, result.output
    after = snapshot(world)
    own = f"out/examples/{folder}"
    assert {p for p in after if p not in before and not p.startswith(f"{own}/")} == {
        "out",
        "out/examples",
        own,
    }
    assert {p: after.get(p) for p in before} == before
    subtitles = (world / own / "480p15" / "01-Themed.srt").read_text(encoding="utf-8")
    assert r"\input{/etc/hostname} $x$ %" in subtitles  # the caption names the tokens as typed
    tally.count("untrusted names checked")
    tally.count("files checked", len(after))
