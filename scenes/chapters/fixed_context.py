"""Fixed context vs attention: one reused summary, then a blend per decoder step."""

from __future__ import annotations

import numpy as np
from manim import (
    DL,
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    FadeTransform,
    GrowArrow,
    Indicate,
    LaggedStart,
    Line,
    RoundedRectangle,
    Square,
    VGroup,
    smooth,
    squish_rate_func,
)

from attention import examples
from attention.examples import story
from i18n import _
from i18n.numbers import decimal
from i18n.words import quoted
from scenes.kit import components as c
from scenes.kit import fit
from scenes.kit.arithmetic import WEIGHT_PLACES
from scenes.kit.arrows import STROKE_UNIT, pointer
from scenes.kit.bars import WeightBars, baseline_of
from scenes.kit.chapter import ChapterScene
from scenes.kit.emphasis import FRAME_STROKE, TEXT_FRAME, framed_in_turn, pulsed
from scenes.kit.grids import veil
from scenes.kit.palette import DIM, GHOST, theme, token_color
from scenes.kit.stage import STAGE

SPLIT_GAP = 0.05  # weights closer than this to the top one share the reading: a split, or a spread


class FixedContext(ChapterScene):
    """An encoder squeezes the source into one summary; attention gives each step its own blend."""

    def inputs(self):
        return examples.current().cross

    def construct(self):
        self.build()
        self.encode()
        self.reuse_summary()
        self.keep_positions()
        self.attend()
        self.caveat()

    def encode(self) -> None:
        self.beat("Encode into one summary")
        self.play(FadeIn(self.heading), run_time=1)
        self.show(
            FadeIn(self.source, lag_ratio=0.3),
            FadeIn(self.encoder_label),
            run_time=1.2,
            caption=_("Before attention, an encoder read the source sentence one word at a time..."),
        )
        for k, box in enumerate(self.encoder):
            self.play(FadeIn(box), *([GrowArrow(self.chain[k - 1])] if k else []), run_time=0.5)
        self.show(
            GrowArrow(self.into_summary),
            FadeIn(self.summary, shift=RIGHT * 0.3),
            run_time=1.2,
            caption=_("...and squeezed all of it into one summary vector of fixed size."),
        )
        # the summary lit (in the text colour: in its own a pulse barely shows) until its words are read (issue 30:
        # a 3 s still)
        until = self.shown_cues()[-1][1]
        self.play(pulsed(self.summary, scale_factor=COPY_PULSE), run_time=max(MIN_PULSE, until - self.time))

    def reuse_summary(self) -> None:
        self.beat("The same summary for every step")
        self.show(
            FadeIn(self.decoder_label),
            run_time=0.4,
            caption=_("The decoder then writes the output one step at a time..."),
        )
        for step, target, into in zip(self.steps, self.targets, self.into_steps):
            self.play(FadeIn(into), FadeIn(step), FadeIn(target), run_time=0.5)
        # the arrows reach out, then each copy comes where its arrow ends (review D10: copies flying out of the
        # summary stood stacked, the arrows through their words)
        self.show(
            *[GrowArrow(f, rate_func=squish_rate_func(smooth, 0, 0.6)) for f in self.feeds],
            *[FadeIn(tag, rate_func=squish_rate_func(smooth, 0.5, 1)) for tag in self.copies],
            run_time=1.5,
            caption=_("...and every step is fed the very same summary, whatever word it is writing."),
        )
        # the summary and every copy of it lit together, in the text colour as the summary was (in their own colour
        # the pulse barely showed at 480p)
        self.play(
            *[pulsed(tag, scale_factor=COPY_PULSE) for tag in (self.summary, *self.copies)],
            run_time=MIN_PULSE,
        )
        self.wait(1)

    def keep_positions(self) -> None:
        self.beat("Attention keeps every position")
        self.play(
            FadeOut(self.feeds),
            FadeOut(self.copies),
            FadeOut(self.into_summary),
            FadeOut(self.summary),
            FadeOut(self.chain),
            run_time=1,
        )
        self.show(
            *[box.animate.move_to(spot) for box, spot in zip(self.encoder, self.column)],
            *[FadeTransform(word, spot) for word, spot in zip(self.source, self.column_words)],
            self.encoder_label.animate.move_to(self.column_label),
            run_time=1.5,
            caption=_("With attention the encoder keeps every source position available."),
            hold=0.5,
        )

    def attend(self) -> None:
        self.beat("Attention: a blend per step")
        if len(self.veils) > 1:  # one decoder step: nothing to dim
            self.play(*[FadeIn(v) for v in self.veils[1:]], run_time=0.5)
        captions = [
            _("%(word)s %(reading)s.", word=quoted(t), reading=reading(self.example.source_tokens, w))
            for t, w in zip(self.example.target_tokens, self.grid.weights)
        ]
        for i, caption in enumerate(captions):
            self.show(
                *self.step_focus(i),
                *[Create(line) for line in self.fans[i]],
                FadeIn(self.bars[i]),
                run_time=1.5,
                caption=caption,
                hold=1.2,
            )
        self.play(
            *[FadeOut(v) for v in self.veils[:-1]],
            *[fan.animate.brighten() for fan in self.fans],
            run_time=0.8,
        )
        caption = _("Each decoder step draws its own blend of the source: different weights at every step.")
        self.show(  # each row's bars flash in turn, in place (scaled, they would cross their lines)
            LaggedStart(
                *[Indicate(bars.bars, color=theme().text, scale_factor=1) for bars in self.bars],
                lag_ratio=0.6,
            ),
            run_time=max(3, self.caption_time(caption)),
            caption=caption,
        )

    def step_focus(self, i: int) -> list:
        """Animations that make decoder step i the active one: the step before steps back."""
        if not i:
            return []
        return [FadeOut(self.veils[i]), FadeIn(self.veils[i - 1]), self.fans[i - 1].animate.recede()]

    def caveat(self) -> None:
        self.beat("Why it matters")
        self.show(
            FadeIn(self.legend, shift=UP * 0.2),
            run_time=1,
            caption=_("A fixed context reuses one summary; attention builds a new blend for each step."),
        )
        self.frame_in_turn(*self.legend)
        self.show(
            FadeIn(self.note, shift=UP * 0.2),
            FadeIn(self.rule),
            run_time=1,
            caption=_(
                "One caveat: squeezing a long sentence into one fixed-size summary loses detail, "
                "yet no vector literally overflows."
            ),
        )
        # what the caveat names, each as it is read (review C9a: a 5.5 s ending where only the caption changed)
        self.frame_in_turn(self.legend[0][0], *self.note)

    def frame_in_turn(self, *parts) -> None:
        """Frame `parts` one after another until the last caption ends: the last from its last cue's start (what
        that cue says), or its share of the time if the caption is one cue; the others share the time before."""
        shown, now = self.shown_cues(), self.time
        end = shown[-1][1]
        split = shown[-1][0] if len(shown) > 1 else end - (end - now) / len(parts)
        shares = [now + (split - now) * k / (len(parts) - 1) for k in range(1, len(parts))]
        self.play(framed_in_turn(parts, [*shares, end], now, buff=clearance))

    # layout: made once by build(), before any beat plays

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.heading = c.chapter_title(_(self.title), _("One summary for every step, or a blend per step"))
        self.grid = self.example.cross()
        self.legend = self.comparison()
        self.note = self.caveat_note()
        x = self.legend.get_right()[0] + RULE_GAP
        span = VGroup(self.legend, self.note)
        self.rule = Line(
            [x, span.get_top()[1], 0], [x, span.get_bottom()[1], 0], color=theme().grid, stroke_width=2
        )
        self.build_encoder()
        self.build_rows()
        self.build_column()
        self.build_arrows()

    def caveat_note(self) -> VGroup:
        """The caveat as two short labels, one a line (the caption says it in full), right of the legend past a
        rule, centred on it: beside the attention key's meaning they read as one sentence with it (review V7,
        C9a). A label wider than the room left is wrapped within it."""
        left = self.legend.get_right()[0] + 2 * RULE_GAP
        lines = VGroup(
            *[
                c.text(words, role="small", color=theme().muted)
                if c.text(words, role="small").width <= STAGE.right - left
                else fit.wrap_within(words, STAGE.right - left, role="small", color=theme().muted)
                for words in (_("long inputs get harder"), _("nothing overflows"))
            ]
        ).arrange(DOWN, aligned_edge=LEFT, buff=NOTE_LINES)
        lines.move_to(self.legend).set_x(left, LEFT)
        return lines.shift(UP * max(0.0, self.legend.get_bottom()[1] - lines.get_bottom()[1]))

    def build_encoder(self) -> None:
        """The source words, their encoder states, and the one summary they are squeezed into."""
        tokens = self.example.source_tokens
        pitch = min(ENCODER_PITCH, (ENCODER_RIGHT - STAGE.body_left - STATE_SIZE) / max(len(tokens) - 1, 1))
        self.encoder = VGroup(
            *[
                state_box(token_color(t)).move_to([STAGE.body_left + STATE_SIZE / 2 + k * pitch, ROW_Y, 0])
                for k, t in enumerate(tokens)
            ]
        )
        words = [c.text(t, role="label", color=token_color(t)) for t in tokens]
        crowded = any((a.width + b.width) / 2 > pitch - WORD_GAP for a, b in zip(words, words[1:]))
        if crowded:  # two staggered rows, each word as wide as two states
            words = [fit.name(t, 2 * pitch - WORD_GAP) for t in tokens]
        for k, (word, box) in enumerate(zip(words, self.encoder)):
            word.next_to(box, DOWN, buff=0.2).shift(DOWN * STAGGER * (crowded and k % 2))
        self.source = VGroup(*words)
        self.chain = VGroup(
            *[
                pointer(a.get_right(), b.get_left(), theme().muted)
                for a, b in zip(self.encoder, self.encoder[1:])
            ]
        )
        self.encoder_label = c.text(_("encoder"), role="small", color=theme().muted).next_to(
            self.encoder, UP, buff=0.25
        )
        self.summary = summary_tag().move_to([SUMMARY_X, ROW_Y, 0])
        self.summary.set_x(max(SUMMARY_X, self.encoder.get_right()[0] + SUMMARY_GAP + self.summary.width / 2))
        self.into_summary = pointer(self.encoder[-1].get_right(), self.summary.get_left(), theme().muted)

    def row_levels(self, m: int, top: float) -> tuple[list[float], float]:
        """The baselines of m rows of bars from `top` (the first row's tallest possible value) and a weight of 1's
        height: as tall as fits above the legend, each row's tallest possible value clear of the row above; the
        source names under the last."""
        value = c.number(0.5).height + VALUE_BUFF
        names = c.text("Xg", role="label").height + NAME_BUFF
        bottom = self.legend.get_top()[1] + ABOVE_LEGEND
        height = min(BAR_HEIGHT, (top - bottom - m * value - (m - 1) * ROW_GAP - names) / m)
        pitch = height + value + ROW_GAP
        return [top - value - height - i * pitch for i in range(m)], height

    def build_rows(self) -> None:
        """The decoder rows from BELOW_TITLE under the subtitle, lowered (and so shorter) until the 'decoder'
        label over them keeps LABEL_CLEAR from it (close rows stand high: four targets packed it under)."""
        below_subtitle = self.heading.get_bottom()[1]
        top = below_subtitle - BELOW_TITLE
        widest = max(fit.name(t, TARGET_WIDTH).width for t in self.example.target_tokens)
        self.reach = (
            TARGET_WIDTH - widest
        )  # the room short target words leave: the steps and bars move into it
        for _attempt in range(5):  # lowering shortens the rows, so the label drops less than the rows' top
            self.place_rows(top)
            over = self.decoder_label.get_top()[1] - (below_subtitle - LABEL_CLEAR)
            if over < 0.01:
                return
            top -= over

    def place_rows(self, top: float) -> None:
        """Per decoder step: its state, word, summary copy and own weight bars, as tall as the rows fit."""
        m = len(self.example.target_tokens)
        baselines, bar_height = self.row_levels(m, top)
        ys = [b + bar_height / 2 for b in baselines]  # a step beside its bars' middle
        pitch = ys[0] - ys[1] if m > 1 else bar_height
        self.steps = VGroup(
            *[
                state_box(theme().query, min(0.55, 0.6 * pitch)).move_to([STEP_X + self.reach, y, 0])
                for y in ys
            ]
        )
        self.targets = VGroup(
            *[
                fit.name(t, TARGET_WIDTH, color=theme().query).next_to(box, RIGHT, buff=0.3)
                for t, box in zip(self.example.target_tokens, self.steps)
            ]
        )
        self.decoder_label = c.text(_("decoder"), role="small", color=theme().muted).next_to(
            self.steps, UP, buff=0.25
        )
        right = SLOT_RIGHT + self.reach
        self.copies = VGroup(*[summary_tag().move_to([right, y, 0], aligned_edge=RIGHT) for y in ys])
        self.into_steps = VGroup(
            *[pointer([right, y, 0], box.get_left(), theme().muted) for y, box in zip(ys, self.steps)]
        )
        self.bars = VGroup(
            *[
                self.step_bars(w, base, bar_height, named=i == m - 1)
                for i, (w, base) in enumerate(zip(self.grid.weights, baselines))
            ]
        )

    def build_column(self) -> None:
        """Where the encoder states stand once attention keeps them: a column spanning the decoder rows,
        each word left of its state; `self.column` (states) and `self.column_words` are the targets."""
        n = len(self.encoder)
        top, bottom = min(self.steps[0].get_y(), COLUMN_TOP), self.steps[-1].get_y()
        if n == 1 or top - bottom < COLUMN_PITCH * (n - 1):  # too few decoder rows to span
            half = min(COLUMN_PITCH, (COLUMN_TOP - COLUMN_BOTTOM) / max(n - 1, 1)) * (n - 1) / 2
            middle = min(max((top + bottom) / 2, COLUMN_BOTTOM + half), COLUMN_TOP - half)
            top, bottom = middle + half, middle - half
        ys = np.linspace(top, bottom, n)
        self.column = VGroup(*[box.copy().move_to([COLUMN_X, y, 0]) for box, y in zip(self.encoder, ys)])
        words = VGroup(*[fit.name(t, COLUMN_WORDS) for t in self.example.source_tokens])
        for word, box in zip(words, self.column):
            word.next_to(box, LEFT, buff=0.2)
        self.column_words = words
        self.column_label = self.encoder_label.copy().next_to(self.column, UP, buff=0.25)

    def build_arrows(self) -> None:
        """The summary feeding every step (fixed context), and every encoder state reaching every blend."""
        self.feeds = VGroup(
            *[pointer(self.summary.get_right(), tag.get_left(), theme().muted) for tag in self.copies]
        )
        starts = [box.get_right() for box in self.column]
        self.fans = VGroup(
            *[
                Fan(starts, bars.get_left() + LEFT * 0.1, self.example.source_tokens, w)
                for bars, w in zip(self.bars, self.grid.weights)
            ]
        )
        self.row_parts = [
            VGroup(step, target, into, bars)
            for step, target, into, bars in zip(self.steps, self.targets, self.into_steps, self.bars)
        ]
        self.veils = [veil(part) for part in self.row_parts]  # over the decoder steps not being explained

    def step_bars(self, weights, baseline: float, height: float, named: bool) -> WeightBars:
        """One decoder step's weights over the source positions in its slot, standing on `baseline`, with the
        source names (cut short to their bars' pitch) if `named`, else without (the bars' colours, and the
        names under the last row's bars, in the same columns, name them)."""
        tokens = self.example.source_tokens
        spacing = min(BAR_PITCH, (SLOT_WIDTH + self.reach) / len(tokens))
        bars = WeightBars(
            tokens, weights, height=height, bar_width=0.5 * spacing, spacing=spacing, show_total=False
        )
        for k, (label, token) in enumerate(zip(bars.labels, tokens)):
            bars.labels.submobjects[k] = fit.name(token, spacing - WORD_GAP).move_to(label, aligned_edge=UP)
        if not named:
            bars.remove(bars.labels)
            bars.labels = VGroup()
        bars.shift(UP * (baseline - bars.baseline.get_y()))
        return bars.shift(RIGHT * (SLOT_RIGHT + self.reach - bars.baseline.get_right()[0]))

    def comparison(self) -> VGroup:
        """The closing legend: the summary (reused by every step) against attention's lines, keyed by a small
        fan like the drawn ones: a line from every source position, in its word's colour, width by weight."""
        return (
            c.legend(
                (summary_tag(), _("fixed context: one summary for all steps")),
                (self.fan_key(), _("attention: a blend per step")),
            )
            .arrange(DOWN, aligned_edge=LEFT, buff=LEGEND_ROWS)
            .move_to([STAGE.body_left, LEGEND_BOTTOM, 0], aligned_edge=DL)
        )

    def fan_key(self) -> Fan:
        """A fan in small, its lines converging at the right from KEY_SIZE's height, each as wide as its source
        position's mean weight over the steps (so every word's line shows)."""
        n = len(self.example.source_tokens)
        ys = np.linspace(KEY_SIZE[1] / 2, -KEY_SIZE[1] / 2, n) if n > 1 else [0.0]
        starts = [[-KEY_SIZE[0] / 2, y, 0] for y in ys]
        weights = self.grid.weights.mean(axis=0)
        key = Fan(starts, [KEY_SIZE[0] / 2, 0, 0], self.example.source_tokens, weights)
        return key.set_stroke(opacity=1)  # small as it is, every line opaque


# Layout, in scene units
ENCODER_PITCH = 0.95  # between encoder states in a row, or less so the last ends by ENCODER_RIGHT
ENCODER_RIGHT = -2.66  # (room for the summary right of it, clear of the decoder's copies)
COLUMN_PITCH = 0.78  # between encoder states in the column
STATE_SIZE = 0.5  # an encoder state's side
WORD_GAP = 0.1  # between two source words side by side; closer, they stand on two staggered rows
STAGGER = 0.42  # the drop of the lower row of source words: a label's height and a gap
ROW_Y = 0.1  # height of the encoder row and the summary
SUMMARY_X = -2.3  # the summary's centre, or further right beside a long encoder row
SUMMARY_GAP = 0.66  # at least this between the last encoder state and the summary
COLUMN_X = -4.5  # with attention the encoder states stand in a column here, one per source position
COLUMN_WORDS = 2.2  # widest the source words may be, left of the column (longer ones are cut short)
COLUMN_TOP, COLUMN_BOTTOM = 1.9, -1.9  # the column stays between these heights
SLOT_RIGHT = 2.55  # right edge of what each decoder step reads (its weight bars), further right by `reach`
SLOT_WIDTH = 5.4  # widest the bars may be (six source positions), wider by `reach`
BAR_PITCH = 1.5  # most distance between bar centres (room for a weight at the number size, and a name)
BAR_HEIGHT = 1.1  # height of a weight of 1, or less so every decoder row fits between the title and legend
STEP_X = 3.3  # decoder states, further right by `reach`
BELOW_TITLE = 0.15  # from the subtitle down to the first row's tallest possible value, at the least
LABEL_CLEAR = 0.35  # from the subtitle down to the 'encoder' and 'decoder' labels over the rows, at the least
ROW_GAP = 0.1  # from a row's baseline down to the tallest possible value of the row under it
VALUE_BUFF, NAME_BUFF = 0.12, 0.2  # a weight's value over its bar; the source names under the last row
TARGET_WIDTH = (
    3.2  # widest a decoder step's word may be (longer ones are cut short; shorter ones leave `reach`)
)
# the closing comparison stands on this, the rows above it: a frame round its last row (`clearance`) above the band
LEGEND_BOTTOM = STAGE.bottom + 0.2
LEGEND_ROWS = 0.3  # between the legend's rows: a frame round one clears the other
ABOVE_LEGEND = 0.2
RULE_GAP = 0.35  # from the legend to the rule, and from the rule to the caveat's labels
NOTE_LINES = 0.3  # between the caveat's two labels: a frame round one clears the other
# stroke width of a source-to-step line of weight 0 and of weight 1 (3 and 10 px at 1080p), and its opacity: 3:1
# on the background or more in every theme (review 5: 1 px lines at a quarter of their colour vanished on a projector)
LINE_WIDTH, LINE_OPACITY = (2.5, 9.0), (DIM, 1.0)
KEY_SIZE = (1.0, 0.36)  # the attention key: a small fan this wide and tall
COPY_PULSE, MIN_PULSE = (
    1.08,
    1.0,
)  # how much the summary and its copies grow when pulsed, and for how long at least


def state_box(color: str, size: float = STATE_SIZE) -> Square:
    """A hidden state: a small square in its token's or role's colour."""
    return Square(size, stroke_color=color, stroke_width=3, fill_color=color, fill_opacity=0.25)


def summary_tag() -> VGroup:
    """The fixed context: one box labelled 'summary', in the muted neutral like the encoder's chain (orange, the
    output's colour from chapter 2 on, read as an output: review D10), the word centred from its baseline to its top
    (centred with its descender, 'summary' stood high in the box)."""
    box = RoundedRectangle(
        width=1.9,
        height=0.6,
        corner_radius=0.1,
        stroke_color=theme().muted,
        stroke_width=3,
        fill_color=theme().muted,
        fill_opacity=0.2,
    )
    word = c.text(_("summary"), role="label", color=theme().muted)
    return VGroup(box, word.shift(UP * (box.get_y() - (baseline_of(word) + word.get_top()[1]) / 2)))


def clearance(part) -> float:
    """A frame's buff round `part`: TEXT_FRAME past its widest stroke (a fan's lines reach half their width past
    their ends: the attention key met its frame) and the frame's own."""
    widest = max(m.get_stroke_width() for m in part.get_family())
    return TEXT_FRAME + (widest + FRAME_STROKE) * STROKE_UNIT / 2


def between(bounds: tuple[float, float], weight: float) -> float:
    """The point `weight` of the way from bounds[0] to bounds[1]."""
    return bounds[0] + (bounds[1] - bounds[0]) * float(weight)


def reading(source, weights) -> str:
    """What one decoder step mostly reads, in the active language: 'reads mostly “the” (<its weight>)'; where
    others come within SPLIT_GAP of the top weight, a split between two words, a spread over more (in the
    source's order), or over the whole source when every weight does."""
    weights = np.asarray(weights, dtype=float)
    near = [i for i in range(len(weights)) if weights.max() - weights[i] < SPLIT_GAP]
    first = int(np.argmax(weights))
    if len(near) == 1:
        top = {
            "mostly": _("reads mostly %(word)s (%(weight)s)"),
            "most from": _("reads most from %(word)s (%(weight)s)"),
        }
        return top[story.mostly(weights[first])] % {
            "word": quoted(source[first]),
            "weight": decimal(weights[first], WEIGHT_PLACES),
        }
    if len(near) == len(weights) > 2:
        return _("spreads almost evenly over the source")
    named = [quoted(source[i]) for i in near]
    if len(near) == 2:
        return _("splits between %(first)s and %(second)s", first=named[0], second=named[1])
    listed = _(", ").join(named[:-1])  # the list's separator as the language writes it (Chinese: 、)
    return _("spreads over %(words)s and %(last)s", words=listed, last=named[-1])


class Fan(VGroup):
    """One decoder step's reach: a line from every encoder state to the step's blend, thick and opaque
    in proportion to that source position's weight, in the source word's colour."""

    def __init__(self, starts, end, tokens, weights):
        super().__init__()
        self.weights = np.asarray(weights, dtype=float)
        for start, token, w in zip(starts, tokens, self.weights):
            self.add(Line(start, end, color=token_color(token), stroke_width=between(LINE_WIDTH, w)))
        self.brighten()

    def brighten(self) -> Fan:
        """Every line at the opacity of its weight."""
        for line, w in zip(self, self.weights):
            line.set_stroke(opacity=between(LINE_OPACITY, w))
        return self

    def recede(self) -> Fan:
        """Every line ghosted, while another decoder step is active: kept for comparison, not explained."""
        for line in self:
            line.set_stroke(opacity=GHOST)
        return self
