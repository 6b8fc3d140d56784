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


@pytest.mark.parametrize("flags", [True, False])
@pytest.mark.parametrize(("n", "width"), [(12, 2), (12, 3), (40, 3), (40, 4)])
def test_forbidden_triples_counted_with_and_without_the_pairs_flags(monkeypatch, flags, n, width):
    """R-GORN-4: how many earlier tables of three a tuple's newest player completes, by
    brute force, whether or not the pairs of forbidden triples are flagged first."""
    if not flags:
        monkeypatch.setattr(pool_module, "PAIR_FLAGS", 0)
    rng = np.random.default_rng(n * width)
    triples = {
        int(a * n * n + b * n + c)
        for a, b, c in (sorted(rng.choice(n, 3, replace=False)) for _ in range(3 * n))
    }
    forbidden = np.array(sorted(triples), dtype=np.int64)
    rows = []
    while len(rows) < 500:
        earlier = sorted(rng.choice(n - 1, width, replace=False).tolist())
        if earlier[-1] + 1 < n:
            rows.append([*earlier, int(rng.integers(earlier[-1] + 1, n))])
    tuples = np.array(rows, dtype=np.int64)
    counted = pool_module._forbidden_triples(tuples, tuples[:, -1], n, forbidden)
    expected = [
        sum(
            1
            for i in range(width)
            for j in range(i + 1, width)
            if row[i] * n * n + row[j] * n + row[-1] in triples
        )
        for row in rows
    ]
    assert counted.tolist() == expected
    assert sum(expected) > 0
