"""The attention formula as one strip whose terms light up as the matching step happens.

    s_i = q · k_i / √d ,   w_i = e^{s_i} / Σ_j e^{s_j} ,   output = Σ_i w_i v_i

Use it the same way in every chapter that shows the formula:

    slot = FormulaSlot().to_edge(UP)            # q, k, v and output in their role colours
    self.show(FadeIn(slot))
    self.show(slot.highlight("dot"), ...)       # during the dot products: q·k bright, the rest dimmed
    self.show(slot.highlight("scale"), ...)     # during the division by √d
    self.show(slot.highlight("exp"), ...)       # during softmax: e^s over the sum of e^s
    self.show(slot.highlight("blend"), ...)     # during the weighted sum Σ w_i v_i
    self.show(slot.highlight(None))             # everything lit again

`highlight(term)` returns an animation (play it with others of the same step); `slot.term(name)` is the
term's glyphs, to point at or surround. TERMS lists the names.
"""

from __future__ import annotations

from manim import AnimationGroup, VGroup

from scenes.components import math
from scenes.palette import theme

DIM = 0.3  # opacity of the terms not being spoken about

# each piece of the strip: its TeX and the term it belongs to (None: part of no term, e.g. '=' or a comma)
PIECES = (
    (r"s_i =", None),
    (r"q", "dot"),
    (r"\cdot", "dot"),
    (r"k_i", "dot"),
    (r"/ \sqrt{d}", "scale"),
    (r",\quad w_i =", None),
    (r"\frac{e^{s_i}}{\sum_j e^{s_j}}", "exp"),
    (r",\quad", None),
    (r"\text{output}", None),
    (r"=", None),
    (r"\sum_i w_i", "blend"),
    (r"v_i", "blend"),
)
TERMS = ("dot", "scale", "exp", "blend")
ROLE_OF_PIECE = {"q": "query", "k_i": "key", "v_i": "value", r"\text{output}": "output"}


class FormulaSlot(VGroup):
    """The formula strip, sized as a formula (`role`, see scenes.palette.SIZES); terms named in TERMS."""

    def __init__(self, role: str = "number"):
        super().__init__()
        self.formula = math(*[tex for tex, _ in PIECES], role=role)
        colours = theme().roles()
        for piece, (tex, _) in zip(self.formula, PIECES):
            if tex in ROLE_OF_PIECE:
                piece.set_color(colours[ROLE_OF_PIECE[tex]])
        self.add(self.formula)

    def term(self, name: str) -> VGroup:
        """The glyphs of term `name` (one of TERMS)."""
        if name not in TERMS:
            raise ValueError(f"term: expected one of {', '.join(TERMS)}, got {name!r}")
        return VGroup(*[piece for piece, (_, owner) in zip(self.formula, PIECES) if owner == name])

    def highlight(self, name: str | None) -> AnimationGroup:
        """An animation lighting term `name` and dimming the others; None lights every piece again."""
        lit = set(self.term(name)) if name is not None else set(self.formula)
        return AnimationGroup(
            *[piece.animate.set_opacity(1 if piece in lit else DIM) for piece in self.formula]
        )

    def lit(self) -> list[str]:
        """The terms drawn at full opacity now."""
        return [
            name
            for name in TERMS
            if all(glyph.get_fill_opacity() > 0.99 for glyph in self.term(name).family_members_with_points())
        ]
