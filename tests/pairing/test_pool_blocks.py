"""The candidate tables are built a block of tuples at a time (memory grows with what is
kept): the blocks change nothing — the same tables, in the same order, with the same costs."""

from __future__ import annotations

import numpy as np
import pytest

from kolo.pairing import pool as pool_module
from kolo.pairing.instance import build
from kolo.pairing.pool import all_tables
from tests.pairing.test_engine import settings_of, simulate


@pytest.mark.parametrize(
    ("ruleset_id", "count", "rounds"),
    [("dominion-cz", 31, 3), ("carcassonne-cz", 22, 2), ("swiss-pairs", 15, 3)],
)
def test_blocks_give_the_same_candidate_tables(monkeypatch, ruleset_id, count, rounds):
    event, _ = simulate(ruleset_id, count, rounds, seed=4, repeats_first=False)
    ruleset, settings = settings_of(event)
    instance = build(event, ruleset, settings, [e.id for e in event.entrants], seed=4)
    whole = all_tables(instance)
    capped = all_tables(instance, max_cost=int(np.median(whole.cost)))
    monkeypatch.setattr(pool_module, "BLOCK", 7)  # many small blocks, some of one tuple
    for before, kwargs in ((whole, {}), (capped, {"max_cost": int(np.median(whole.cost))})):
        after = all_tables(instance, **kwargs)
        assert len(before) > 0
        assert np.array_equal(before.members, after.members)
        assert np.array_equal(before.size, after.size)
        assert np.array_equal(before.cost, after.cost)
