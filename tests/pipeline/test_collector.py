"""The collector's settings while a chapter runs: what was alive is frozen, full collections are rarer, young
garbage is still collected without being asked, and everything is as before afterwards."""

import gc
import weakref

from pipeline.run.collector import FULL_AFTER, few_full_collections


class Node:
    """A cycle of one: only the cycle collector frees it."""

    def __init__(self):
        self.me = self


def test_inside_what_was_alive_is_frozen_and_full_collections_wait():
    before = gc.get_threshold()
    with few_full_collections():
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (before[0], before[1], FULL_AFTER)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_young_cycles_are_collected_inside_without_asking():
    with few_full_collections():
        first = Node()
        gone = weakref.ref(first)
        del first
        for _ in range(10 * gc.get_threshold()[0]):  # enough allocations for young collections to run
            Node()
        assert gone() is None
