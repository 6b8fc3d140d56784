"""The bound that needs no candidate tables (kolo.pairing.bound) is a true bound: never above
the proved optimum, and where the field is too large for the exact method the proposal
reports a gap from it."""

from __future__ import annotations

import pytest

from kolo.pairing import heuristic, round_search
from kolo.pairing.bound import lower_bound
from kolo.pairing.engine import propose
from kolo.pairing.instance import build
from tests.pairing.test_engine import settings_of, simulate


@pytest.mark.parametrize(
    ("ruleset_id", "count", "rounds", "seed"),
    [
        ("dominion-cz", 13, 3, 1),
        ("dominion-cz", 31, 4, 2),
        ("carcassonne-cz", 21, 3, 3),
        ("carcassonne-cz", 28, 2, 4),
        ("swiss-pairs", 15, 3, 5),
    ],
)
def test_the_bound_never_exceeds_the_proved_optimum(ruleset_id, count, rounds, seed):
    event, _ = simulate(ruleset_id, count, rounds, seed=seed, repeats_first=False)
    ruleset, settings = settings_of(event)
    players = [e.id for e in event.entrants]
    proposal = propose(event, ruleset, settings, seed=seed)
    assert proposal.optimal
    instance = build(event, ruleset, settings, players, seed)
    index = {p: i for i, p in enumerate(instance.players)}
    tables = [tuple(index[p] for p in t.seats) for t in proposal.tables]
    tables += [(index[p],) for p in proposal.byes]
    optimum = heuristic.cost_of(instance, tables)
    bound = lower_bound(instance)
    assert 0 <= bound <= optimum
    assert bound > 0  # it says something: tie-breaks and points apart are never all free


def test_a_field_too_large_for_the_exact_method_reports_a_true_gap(monkeypatch):
    """With the exact method out of reach (its candidate tables capped), the proposal's
    bound comes from lower_bound and lies below the cost."""

    monkeypatch.setattr(round_search, "EXACT_POOL_LIMIT", 10)
    event, _ = simulate("dominion-cz", 30, 3, seed=7)
    ruleset, settings = settings_of(event)
    proposal = propose(event, ruleset, settings, seed=7, time_limit=1)
    assert proposal.method == "heuristic"
    assert proposal.bound is not None
    assert 0 <= proposal.bound <= proposal.total
    assert proposal.gap is not None
    assert proposal.gap < 1  # the bound says something: above 0
