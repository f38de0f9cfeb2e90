"""The transcript joins a sentence its captions carry over two cues in every language: English and German mark the
carry with "..." and "…" (a space between the halves), Chinese with "……" (none, as Chinese writes no spaces)."""

import pytest

import i18n
from pipeline.publish.transcript import sentences

FIRST = (
    "Before attention, an encoder read the source sentence one word at a time..."  # FixedContext's first cue
)
SECOND = "...and squeezed all of it into one summary vector of fixed size."


@pytest.mark.parametrize("lang", i18n.languages())
def test_a_sentence_carried_over_two_cues_is_one_line_without_its_marks(lang):
    first, second = (i18n.translations(lang).gettext(m) for m in (FIRST, SECOND))
    halves = first.rstrip(".… "), second.lstrip(".… ")
    assert sentences([first, second]) == [("" if lang == "zh" else " ").join(halves)]
