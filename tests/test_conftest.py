"""The suite's own sharing-out (tests/conftest.py): the groups pytest-xdist keeps together reach it."""

import os

from tests.conftest import LONGEST, handed_out


def test_each_test_is_in_its_group_and_a_worker_sees_it(request):
    """Every test carries an xdist_group (its module, or its chapter for the layout probes); in a worker its
    node id ends with the group, which is what keeps a group in one worker (pytest 9.2 lost it silently)."""
    groups = [mark.args[0] for mark in request.node.iter_markers("xdist_group")]
    assert groups == [request.node.module.__name__]
    if os.environ.get("PYTEST_XDIST_WORKER"):
        assert request.node.nodeid.endswith(f"@{groups[0]}")


def test_the_groups_go_out_longest_first_and_those_waiting_for_the_real_lecture_last():
    bench, present = LONGEST
    groups = (
        ["tests.a"] * 3 + ["chapter-X"] * 2 + ["tests.b"] * 5 + ["chapter-Y"] * 4 + [bench] * 2 + [present]
    )
    assert handed_out(groups, waits={"tests.b", present}) == [
        bench,
        "chapter-Y",
        "chapter-X",
        "tests.a",
        present,  # the longest of those waiting for the real lecture, though it has fewer tests
        "tests.b",
    ]


def test_pytest_xdist_keeps_that_order(request):
    """It hands groups out in collection order, not reordered by size, and the session's tests are in it."""
    assert request.config.option.loadscopereorder is False
    groups = [mark.args[0] for item in request.session.items for mark in item.iter_markers("xdist_group")]
    waits = {g for item, g in zip(request.session.items, groups) if "real_lecture" in item.fixturenames}
    assert list(dict.fromkeys(groups)) == handed_out(groups, waits)
