"""Formulas whose terms light up as the matching step happens, the same way in every chapter.

`LitFormula(parts)` takes (TeX, name) pairs; `light(*names)` lights the parts with those names and dims
the rest (no names: every part lit again), `dimmed()` dims them all before any step is shown, `term(name)`
is a term's glyphs, to point at or surround. q, k, v, Q, K, V and the output take their role colours.

`formula_slot()` is the one-query strip, one line high, terms named in TERMS:

    s_i = q · k_i / √d ,   w_i = e^{s_i} / Σ_j e^{s_j} ,   output = Σ_i w_i v_i

Every chapter that shows it puts it in the same place, under the title (`pin`), and lays its picture out
below `slot.get_bottom()`:

    slot = pin(formula_slot().dimmed(), self.heading)
    self.show(FadeIn(slot))
    self.show(slot.light("dot"), ...)       # during the dot products: q·k bright, the rest dimmed
    self.show(slot.light("scale"), ...)     # during the division by √d
    self.show(slot.light("exp"), ...)       # during softmax: e^s over the sum of e^s
    self.show(slot.light("blend"), ...)     # during the weighted sum Σ w_i v_i
    self.show(slot.light())                 # everything lit again, at the end of the steps

The matrix chapters build theirs the same way from their own parts (softmax(Q K^T / √d) V and kin).
"""

from __future__ import annotations

from manim import DOWN, LEFT, AnimationGroup, Mobject, VGroup

from scenes.kit.bars import in_tex
from scenes.kit.components import math
from scenes.kit.palette import DIM, theme
from scenes.kit.stage import STAGE

SLOT_GAP = 0.12  # between the chapter's subtitle and the strip under it

OUTPUT = r"\text{output}"  # the strip's word for the output (`formula_slot` may name it in another language)
# each piece of the one-query strip: its TeX and the term it belongs to (None: of no term, e.g. '='),
# in text style, so the strip is one line high; the exponents too, the score at the strip's own size and its index
# a script (as a script, e^{s_i}'s s, a letter with no ascender, was 15 px at 1080p: review 5; exp(s_i) read as
# well but made the strip 1.2 wider, into ShrinkScores' zoomed range)
PIECES = (
    (r"\textstyle s_i =", None),
    (r"q", "dot"),
    (r"\cdot", "dot"),
    (r"k_i", "dot"),
    (r"/ \sqrt{d}", "scale"),
    (r",\quad w_i =", None),
    (r"e^{\textstyle s_i} / \sum_j e^{\textstyle s_j}", "exp"),
    (r",\quad", None),
    (OUTPUT, None),
    (r"=", None),
    (r"\sum_i w_i", "blend"),
    (r"v_i", "blend"),
)
TERMS = ("dot", "scale", "exp", "blend")
# a part's TeX (one-query strip) or name (matrix formulas) -> the role whose colour it takes
ROLE_OF_PART = {
    "q": "query",
    "k_i": "key",
    "v_i": "value",
    OUTPUT: "output",
    "Q": "query",
    "K": "key",
    "V": "value",
    "outputs": "output",
}


class LitFormula(VGroup):
    """A formula of named parts, sized by `role` (see scenes.kit.palette.SIZES); several parts may share a name."""

    def __init__(self, parts, role: str = "body"):
        super().__init__()
        self.formula = math(*[tex for tex, _ in parts], role=role)
        self.names = [name for _, name in parts]
        colours = theme().roles()
        for part, (tex, name) in zip(self.formula, parts):
            role_name = ROLE_OF_PART.get(tex) or ROLE_OF_PART.get(name)
            part.set_color(colours[role_name] if role_name else theme().text)
        self.add(self.formula)

    def term(self, name: str) -> VGroup:
        """The glyphs of the parts called `name`."""
        if name not in self.names:
            known = ", ".join(dict.fromkeys(n for n in self.names if n))
            raise ValueError(f"term: expected one of {known}, got {name!r}")
        return VGroup(*[part for part, owner in zip(self.formula, self.names) if owner == name])

    def dimmed(self) -> LitFormula:
        """Every part dimmed (before any step is shown)."""
        for part in self.formula:
            part.set_opacity(DIM)
        return self

    def light(self, *names: str, **options) -> AnimationGroup:
        """Light the parts called `names` and dim the rest; no names: light every part. `options` go to each
        part's animation (a `rate_func`)."""
        return AnimationGroup(
            *[
                part.animate(**options).set_opacity(1 if not names or name in names else DIM)
                for part, name in zip(self.formula, self.names)
            ]
        )

    def lit(self) -> list[str]:
        """The names of the parts drawn lit, each once, in order."""
        shown = [n for part, n in zip(self.formula, self.names) if n and _bright(part)]
        return list(dict.fromkeys(shown))


def _bright(part) -> bool:
    return all(glyph.get_fill_opacity() > DIM + 1e-6 for glyph in part.family_members_with_points())


def formula_word(translated: str, english: str) -> str:
    r"""A word for a formula's \text: `translated` (the caller's `_()`: the kit translates nothing itself, or every
    chapter using it would count as translated), or `english` where LaTeX has no font for the language's script
    (`bars.in_tex`; Chinese, Japanese and Korean it sets in the CJK face)."""
    return translated if in_tex(translated) else english


def formula_slot(role: str = "small", output: str = "output") -> LitFormula:
    """The one-query formula strip (PIECES), its terms named in TERMS, in small type: the strip is a reminder
    under the title, not the picture. `output` names the output, in a translated chapter its language's word
    (`formula_word`)."""
    word = rf"\text{{{formula_word(output, 'output')}}}"
    slot = LitFormula([(word if tex == OUTPUT else tex, name) for tex, name in PIECES], role)
    slot.formula[PIECES.index((OUTPUT, None))].set_color(theme().output)  # its role's, whatever the word
    return slot


def pin(slot: Mobject, heading: Mobject) -> Mobject:
    """`slot` in its place in every chapter: under the chapter's title and subtitle, on the body grid."""
    return slot.next_to(heading, DOWN, buff=SLOT_GAP).set_x(STAGE.body_left, LEFT)
