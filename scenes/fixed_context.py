"""Chapter 1, fixed context vs attention: one reused summary, then a blend per decoder step."""

from __future__ import annotations

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    FadeIn,
    FadeOut,
    GrowArrow,
    Indicate,
    ReplacementTransform,
    RoundedRectangle,
    Square,
    TransformFromCopy,
    VGroup,
    Write,
)

from attention import examples
from scenes import components as c
from scenes.arithmetic import WEIGHT_PLACES, fmt
from scenes.chapter import ChapterScene
from scenes.palette import theme, token_color

ENCODER_LEFT = -6.75  # left edge of the encoder row
ENCODER_WIDTH = 2.9  # the encoder row (states and words) is shrunk to fit this width
ENCODER_PITCH = 0.78
ROW_Y = 0.1  # height of the encoder row and the summary
SUMMARY_X = -2.95
SLOT_X = 0.25  # centre of what each decoder step reads
SLOT_WIDTH = 3.3
STEP_X = 2.75  # decoder states
STEP_TOP = 1.7
STEP_PITCH = 1.6
ROWS_HEIGHT = 4.6  # the decoder rows (label to last note) shrink to fit this height
LEGEND_AT = np.array([-0.4, -2.6, 0])  # centre of the closing comparison
BARS_SCALE = 0.8
SPLIT_GAP = 0.05  # two top weights closer than this are described as a split
CAVEAT = (
    "A long sentence squeezed into one fixed-size summary makes long inputs harder to handle, "
    "but no vector literally overflows: the summary keeps its size."
)


def state_box(color: str, size: float = 0.5) -> Square:
    """A hidden state: a small square in its token's or role's colour."""
    return Square(size, stroke_color=color, stroke_width=3, fill_color=color, fill_opacity=0.25)


def summary_tag() -> VGroup:
    """The fixed context: one box labelled 'summary', in the output colour."""
    box = RoundedRectangle(
        width=1.7,
        height=0.6,
        corner_radius=0.1,
        stroke_color=theme().output,
        stroke_width=3,
        fill_color=theme().output,
        fill_opacity=0.2,
    )
    return VGroup(box, c.text("summary", size=22, color=theme().output))


def arrow(start, end, color: str, width: float = 3) -> Arrow:
    return Arrow(
        start,
        end,
        buff=0.08,
        color=color,
        stroke_width=width,
        max_tip_length_to_length_ratio=0.2,
        tip_length=0.16,
    )


def reading(source, weights) -> str:
    """What one decoder step mostly reads: 'reads mostly “the” (<its weight>)', or a split between two words."""
    first, second = np.argsort(weights, kind="stable")[::-1][:2]
    if weights[first] - weights[second] < SPLIT_GAP:
        a, b = sorted((first, second))
        return f"splits between “{source[a]}” and “{source[b]}”"
    return f"reads mostly “{source[first]}” ({fmt(weights[first], WEIGHT_PLACES)})"


class FixedContext(ChapterScene):
    """An encoder squeezes the source into one summary; attention gives each step its own blend."""

    def inputs(self):
        return examples.current().cross

    def construct(self):
        self.build()
        self.encode()
        self.reuse_summary()
        self.attend()
        self.caveat()

    def build(self) -> None:
        """Create every mobject (without playing anything)."""
        self.example = self.inputs()
        self.heading = c.chapter_title(self.title, "One summary for every step, or a blend per step")
        self.grid = self.example.cross()
        self.build_encoder()
        self.build_rows()
        self.build_arrows()
        self.legend = self.comparison()
        self.note = c.paragraph(CAVEAT, width_chars=80, size=20).to_edge(DOWN, buff=0.3)

    def build_encoder(self) -> None:
        """The source words, their encoder states, and the one summary they are squeezed into."""
        tokens = self.example.source_tokens
        self.encoder = VGroup(
            *[state_box(token_color(t)).move_to([k * ENCODER_PITCH, ROW_Y, 0]) for k, t in enumerate(tokens)]
        )
        self.source = VGroup(
            *[
                c.text(t, size=22, color=token_color(t)).next_to(box, DOWN, buff=0.2)
                for t, box in zip(tokens, self.encoder)
            ]
        )
        row = VGroup(self.encoder, self.source)
        row.scale_to_fit_width(min(ENCODER_WIDTH, row.width)).move_to(
            [ENCODER_LEFT, ROW_Y, 0], aligned_edge=LEFT
        )
        row.shift(UP * (ROW_Y - self.encoder.get_y()))
        self.chain = VGroup(
            *[
                arrow(a.get_right(), b.get_left(), theme().muted, 2)
                for a, b in zip(self.encoder, self.encoder[1:])
            ]
        )
        self.encoder_label = c.text("encoder", size=20, color=theme().muted).next_to(
            self.encoder, UP, buff=0.25
        )
        self.summary = summary_tag().move_to([SUMMARY_X, ROW_Y, 0])
        self.into_summary = arrow(self.encoder[-1].get_right(), self.summary.get_left(), theme().output)

    def build_rows(self) -> None:
        """Per decoder step: its state, word, summary copy, own weight bars and a note; shrunk to fit."""
        ys = [STEP_TOP - i * STEP_PITCH for i in range(len(self.example.target_tokens))]
        self.steps = VGroup(*[state_box(theme().query, 0.55).move_to([STEP_X, y, 0]) for y in ys])
        self.targets = VGroup(
            *[
                c.text(t, size=26, color=theme().query).next_to(box, RIGHT, buff=0.3)
                for t, box in zip(self.example.target_tokens, self.steps)
            ]
        )
        self.decoder_label = c.text("decoder", size=20, color=theme().muted).next_to(
            self.steps, UP, buff=0.25
        )
        self.copies = VGroup(
            *[summary_tag().move_to([SLOT_X + SLOT_WIDTH / 2, y, 0], aligned_edge=RIGHT) for y in ys]
        )
        self.into_steps = VGroup(
            *[
                arrow([SLOT_X + SLOT_WIDTH / 2, y, 0], box.get_left(), theme().muted, 2)
                for y, box in zip(ys, self.steps)
            ]
        )
        self.bars = VGroup(*[self.step_bars(w, y) for w, y in zip(self.grid.weights, ys)])
        self.readings = VGroup(
            *[
                c.text(reading(self.example.source_tokens, w), size=18, color=theme().muted)
                .next_to(box, DOWN, buff=0.15)
                .align_to(box, LEFT)
                for w, box in zip(self.grid.weights, self.steps)
            ]
        )
        rows = VGroup(
            self.steps,
            self.targets,
            self.decoder_label,
            self.copies,
            self.into_steps,
            self.bars,
            self.readings,
        )
        if rows.height > ROWS_HEIGHT:  # more decoder steps than the default: shrink them all alike
            top_right = rows.get_corner(UP + RIGHT)
            rows.scale_to_fit_height(ROWS_HEIGHT).move_to(top_right, aligned_edge=UP + RIGHT)

    def build_arrows(self) -> None:
        """The summary feeding every step (fixed context), and the encoder feeding every blend (attention)."""
        self.feeds = VGroup(
            *[arrow(self.summary.get_right(), tag.get_left(), theme().output) for tag in self.copies]
        )
        self.access = VGroup(
            *[
                arrow(
                    self.encoder.get_right() + RIGHT * 0.05,
                    bars.baseline.get_left() + LEFT * 0.1,
                    theme().key,
                    2,
                )
                for bars in self.bars
            ]
        )

    def step_bars(self, weights, y: float) -> c.WeightBars:
        """One decoder step's weights over the source positions, fitted into its slot."""
        bars = c.WeightBars(
            self.example.source_tokens, weights, height=1.0, bar_width=0.55, spacing=1.0, show_total=False
        ).scale(BARS_SCALE)
        if bars.width > SLOT_WIDTH:
            bars.scale_to_fit_width(SLOT_WIDTH)
        return bars.move_to([SLOT_X, y, 0])

    def encode(self) -> None:
        self.beat("Encode into one summary")
        self.play(FadeIn(self.heading), run_time=1)
        self.show(
            FadeIn(self.source, lag_ratio=0.3),
            FadeIn(self.encoder_label),
            run_time=1.2,
            caption="Before attention, an encoder read the source sentence one word at a time...",
        )
        for k, box in enumerate(self.encoder):
            self.play(FadeIn(box), *([GrowArrow(self.chain[k - 1])] if k else []), run_time=0.5)
        self.show(
            GrowArrow(self.into_summary),
            FadeIn(self.summary, shift=RIGHT * 0.3),
            run_time=1.2,
            caption="...and squeezed all of it into one summary vector of fixed size.",
            hold=1.5,
        )

    def reuse_summary(self) -> None:
        self.beat("The same summary for every step")
        self.show(
            FadeIn(self.steps),
            FadeIn(self.targets),
            FadeIn(self.decoder_label),
            FadeIn(self.into_steps),
            run_time=1.2,
            caption="The decoder then writes the output one step at a time...",
        )
        self.show(
            *[GrowArrow(f) for f in self.feeds],
            *[TransformFromCopy(self.summary, tag) for tag in self.copies],
            run_time=1.5,
            caption="...and every step is fed the very same summary, whatever word it is writing.",
        )
        self.play(
            *[Indicate(tag, color=theme().output, scale_factor=1.08) for tag in self.copies], run_time=1
        )
        self.wait(2)

    def attend(self) -> None:
        self.beat("Attention: a blend per step")
        self.play(
            FadeOut(self.feeds),
            FadeOut(self.into_summary),
            FadeOut(self.summary),
            FadeIn(self.legend[0]),
            run_time=1.2,
        )
        self.show(
            *[GrowArrow(a) for a in self.access],
            FadeIn(self.legend[1]),
            run_time=1.2,
            caption="With attention the encoder keeps every source position available.",
            hold=1,
        )
        captions = [
            f"“{t}” {reading(self.example.source_tokens, w)}."
            for t, w in zip(self.example.target_tokens, self.grid.weights)
        ]
        for tag, bars, note, caption in zip(self.copies, self.bars, self.readings, captions):
            self.show(ReplacementTransform(tag, bars), FadeIn(note), run_time=1.2, caption=caption, hold=1.6)
        self.say(
            "Each decoder step draws its own blend of the source: different weights at every step.", hold=3
        )

    def comparison(self) -> VGroup:
        """The closing legend: the summary (reused by every step) against attention's arrows."""
        return c.legend(
            (summary_tag().scale(0.75), "fixed context: one summary for all steps"),
            (arrow(LEFT * 0.5, RIGHT * 0.5, theme().key, 2), "attention: a blend per step"),
        ).move_to(LEGEND_AT)

    def caveat(self) -> None:
        self.beat("Why it matters")
        self.show(
            Indicate(self.legend, color=theme().text, scale_factor=1.05),
            run_time=1,
            caption="A fixed context reuses one summary; attention builds a new blend for each step.",
            hold=2,
        )
        self.show(
            Write(self.note),
            run_time=2,
            caption="Compressing a long sentence into one summary makes long inputs harder, "
            "but nothing literally overflows.",
            hold=4,
        )
