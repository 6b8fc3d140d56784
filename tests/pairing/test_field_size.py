"""Large fields: pairing memory grows linearly with the field (pair values computed where
asked, never an n×n matrix), and fields beyond the supported limit are refused with a
clear message (exit 2, HTTP 400), never a crash."""

import tracemalloc

import numpy as np
import pytest

from kolo.cli import main
from kolo.core import limits
from kolo.core.problems import InvalidInput
from kolo.eventfile.writer import dumps
from kolo.pairing import instance as instance_module
from kolo.pairing.instance import build
from kolo.pairing.pairs import PairValues, Ties
from kolo.simulation import after_random_round
from tests.conftest import ruleset_and_settings
from tests.pairing.test_engine import simulate


def _dense(values):
    return values.dense() if isinstance(values, PairValues) else values


@pytest.mark.parametrize(("ruleset_id", "count"), [("dominion-cz", 31), ("carcassonne-cz", 14)])
def test_pair_values_computed_where_asked_equal_the_whole_matrices(monkeypatch, ruleset_id, count):
    """The same instance, built with whole matrices (small fields) and with pair values
    computed where asked (large fields): every pair cost and criterion agrees."""
    event, _ = simulate(ruleset_id, count, 3)
    ruleset, settings = ruleset_and_settings(event)
    players = [e.id for e in event.entrants]
    whole = build(event, ruleset, settings, players, seed=5)
    monkeypatch.setattr(instance_module, "DENSE_PAIRS", 0)
    asked = build(event, ruleset, settings, players, seed=5)
    assert isinstance(asked.pair_cost, PairValues)
    assert not isinstance(whole.pair_cost, PairValues)
    assert (_dense(asked.pair_cost) == whole.pair_cost).all()
    assert whole.criteria.keys() == asked.criteria.keys()
    for name, values in whole.criteria.items():
        assert (_dense(asked.criteria[name]) == values).all(), name
    a, b = np.triu_indices(count, 1)
    assert [asked.pair_cost[int(x), int(y)] for x, y in zip(a, b, strict=True)] == list(
        whole.pair_cost[a, b]
    )


def test_hashed_tie_breaks_of_large_fields_are_seeded_and_symmetric():
    """R-GORN-10 beyond DENSE_TIES: the same seed gives the same tie-breaks."""
    n = 5_000
    ties = Ties(n, np.random.default_rng(1), 16, seed=7)
    values = PairValues(n, ties=ties)
    cols = np.arange(3, n, 7)
    rows = np.arange(0, n, 7)[: len(cols)]
    first = values[rows, cols]
    again = PairValues(n, ties=Ties(n, np.random.default_rng(1), 16, seed=7))[cols, rows]
    assert (first == again).all()
    assert set(first.tolist()) == set(range(16))
    other = PairValues(n, ties=Ties(n, np.random.default_rng(1), 16, seed=8))[rows, cols]
    assert (first != other).any()


def test_pairing_memory_grows_linearly_with_the_field():
    """Round 2 of 4,000 entrants: the instance takes a few MB (an n×n matrix of 64-bit
    integers alone is 128 MB, and there were six of them)."""
    event = after_random_round(4_000)
    ruleset, settings = ruleset_and_settings(event)
    players = [e.id for e in event.entrants]
    tracemalloc.start()
    try:
        built = build(event, ruleset, settings, players, seed=1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert built.size == 4_000
    assert peak < 40_000_000, f"peak {peak / 1e6:.0f} MB"


def test_kolo_pair_refuses_a_field_beyond_the_limit_in_one_line(capsys, tmp_path):
    """A field of MAX_ENTRANTS + 1: exit 2 and one line saying the limit, no traceback."""
    event = after_random_round(limits.MAX_ENTRANTS + 1)
    path = tmp_path / "huge.json"
    path.write_text(dumps(event), encoding="utf-8")
    assert main(["pair", str(path), "--time-limit", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "at most 10000 entrants" in err.replace(",", "").replace("\u00a0", "")
    assert main(["pair", str(path), "--json"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_the_limit_is_in_the_docs():
    from tests.conftest import EXAMPLES

    docs = EXAMPLES.parent / "docs"
    for name in ("pairing.md", "event-format.md"):
        assert "10,000 entrants" in (docs / name).read_text(encoding="utf-8"), name


@pytest.mark.db
@pytest.mark.django_db
def test_entering_players_beyond_the_limit_is_refused(monkeypatch):
    """The store (command line and desk) refuses the entry that would pass the limit:
    nothing is entered, and the desk answers 400."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from kolo.store import api as store
    from tests.web.conftest import ACTOR

    monkeypatch.setattr(limits, "MAX_ENTRANTS", 5)
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Big", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {c}", None) for c in "ABCD"])
    with pytest.raises(InvalidInput) as caught:
        store.add_entrants(ACTOR, event, [("Player X", None), ("Player Y", None)])
    assert "at most 5 entrants" in str(caught.value)
    assert event.entrants.count() == 4
    client = Client()
    client.force_login(owner)
    response = client.post(f"/desk/{event.key}/entrants/", {"names": "Quido\nQuentin"})
    assert response.status_code == 400
    assert "at most 5 entrants" in response.content.decode()
    assert event.entrants.count() == 4
    with pytest.raises(InvalidInput):
        store.import_event(ACTOR, after_random_round(6), key="six")
