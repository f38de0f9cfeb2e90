"""Worked products: the terms as printed, paired in order, and where all have no room the first and the last with
'⋯' between, each term knowing its place."""

from scenes.kit.palette import theme
from scenes.kit.worked import blend_terms, elided, flow, paired_terms


def terms(count: int) -> list:
    return paired_terms([str(k) for k in range(count)], ["1"] * count, theme().query, theme().key)


def test_all_terms_stay_when_there_is_room_for_them():
    shown = elided(terms(4), 4)
    assert [t.index for t in shown] == [0, 1, 2, 3]
    assert [t.pair[0].tex_string for t in shown] == ["0", "1", "2", "3"]


def test_left_out_terms_become_one_dots_term_between_the_first_and_the_last():
    shown = elided(terms(6), 3)
    assert [t.index for t in shown] == [0, 1, None, 5]
    assert list(shown[2].stands_for) == [2, 3, 4]  # terms 3 to 5 of 6
    assert shown[2].tex_string == r"{}+ \cdots"  # a sum goes on: '+ ⋯'
    assert shown[3].tex_string.startswith("{}+")  # the last keeps its '+'


def test_a_blend_elides_alike():
    shown = elided(
        blend_terms(["0.5", "0.25", "0.25"], [["1", "0"], ["0", "1"], ["1", "1"]], theme().value), 2
    )
    assert [t.index for t in shown] == [0, None, 2] and list(shown[1].stands_for) == [1]


def test_flow_keeps_each_line_within_its_width():
    parts = terms(6)
    group = flow(parts, 2.5)
    lines = {round(p.get_y(), 3) for p in parts}
    assert len(lines) > 1 and group.get_left()[0] == 0 and group.get_top()[1] == 0
    for y in lines:
        row = [p for p in parts if round(p.get_y(), 3) == y]
        assert len(row) == 1 or row[-1].get_right()[0] - row[0].get_left()[0] <= 2.5
