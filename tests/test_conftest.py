"""The suite's own sharing-out (tests/conftest.py): the groups pytest-xdist keeps together reach it."""

import os


def test_each_test_is_in_its_group_and_a_worker_sees_it(request):
    """Every test carries an xdist_group (its module, or its chapter for the layout probes); in a worker its
    node id ends with the group, which is what keeps a group in one worker (pytest 9.2 lost it silently)."""
    groups = [mark.args[0] for mark in request.node.iter_markers("xdist_group")]
    assert groups == [request.node.module.__name__]
    if os.environ.get("PYTEST_XDIST_WORKER"):
        assert request.node.nodeid.endswith(f"@{groups[0]}")
