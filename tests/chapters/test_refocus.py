"""Refocus: the new blend magnified beside the plane, each term w_i v_i tip to tail and labelled; the weights
before the new query marked on the bars."""

import numpy as np
import pytest

from attention import examples
from scenes.chapters.refocus import Refocus
from scenes.kit.arithmetic import WEIGHT_PLACES, fmt
from scenes.kit.fit import apart
from scenes.kit.palette import theme, token_color
from tests.support.snapshot import built


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    return built(Refocus, tmp_path_factory.mktemp("media"))


def test_the_magnified_terms_run_tip_to_tail_to_the_new_output(scene):
    zoom, trace = scene.zoom, scene.after
    ends = np.cumsum(trace.weights[:, None] * trace.values, axis=0)
    drawn = [i for i, v in enumerate(trace.values) if not np.allclose(v, 0)]  # a zero value adds nothing
    assert len(zoom.terms) == len(drawn)
    for term, i in zip(zoom.terms, drawn):
        start = ends[i - 1] if i else np.zeros(2)
        np.testing.assert_allclose(term.get_start(), zoom.at(start), atol=1e-6)
        np.testing.assert_allclose(term.get_end(), zoom.at(ends[i]), atol=1e-6)
    np.testing.assert_allclose(zoom.output.get_start(), zoom.at(np.zeros(2)), atol=1e-6)
    np.testing.assert_allclose(zoom.output.get_end(), zoom.at(trace.output), atol=1e-6)
    unit = scene.plane.plane.c2p(1, 0)[0] - scene.plane.plane.c2p(0, 0)[0]
    assert zoom.magnify > 2 * unit  # twice the plane's scale: the 0.090 part reads, no sliver on the axis


def test_each_magnified_term_is_labelled_with_its_printed_weight_and_value(scene):
    trace = scene.after
    drawn = [i for i, v in enumerate(trace.values) if not np.allclose(v, 0)]
    labels = scene.zoom.labels
    for label, i in zip(labels, drawn):
        assert label.tex_string == f"{fmt(trace.weights[i], WEIGHT_PLACES)}\\,\\mathsf{{v}}_{{{i + 1}}}"
        assert label.get_color().to_hex().upper() == token_color(scene.example.tokens[i]).upper()
    assert labels[-1].text == "output"
    for k, a in enumerate(labels):
        assert all(apart(a, b) for b in labels[k + 1 :])


def test_the_magnified_view_covers_no_value_or_name_of_the_plane(scene):
    panel = scene.zoom.panel
    for mark in scene.plane.marks:
        for part in mark:
            assert apart(panel, part)
    assert apart(panel, scene.bars)
    assert scene.zoom.hits == (0, 0)  # nor do its labels, nor does it cover the output before


def test_the_values_are_drawn_in_the_values_colour_and_only_their_words_in_the_tokens(scene):
    """Review round 6: the values' arrows were in the words' colours, as if they were the words."""
    for mark, token in zip(scene.plane.marks, scene.example.tokens):
        shape, name = mark
        assert shape.get_color().to_hex().upper() == theme().value.upper()
        assert name.get_color().to_hex().upper() == token_color(token).upper()


def test_the_weights_before_are_marked_across_the_bars_where_they_stood(scene):
    marks = scene.old_marks()
    for mark, bar, token in zip(marks, scene.bars.bars, scene.example.tokens):
        assert mark.get_y() == pytest.approx(bar.get_top()[1])
        assert mark.width == pytest.approx(bar.width)
        assert mark.get_color().to_hex().upper() == token_color(token).upper()


def test_the_defaults_blend_is_the_storyboard_s():
    trace = examples.current().blend.trace(1)
    assert [fmt(w, WEIGHT_PLACES) for w in trace.weights] == ["0.090", "0.245", "0.665"]
