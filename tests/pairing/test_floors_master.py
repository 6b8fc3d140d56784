"""The players' floors (a bound on every pairing from any duals) and the master that writes
the cuts over levels through level groups: the bound never passes a pairing's cost, the
grouped relaxation is the ungrouped one, and the exact method through column generation
(with and without the groups) proves the optimum HiGHS's own branch and bound finds."""

from __future__ import annotations

import importlib

import numpy as np
import pytest

from kolo.pairing import cost, exact, heuristic, work
from kolo.pairing.exact.cuts import PoolCuts, candidate_cuts
from kolo.pairing.exact.floors import members_sum, seat_floors
from kolo.pairing.exact.master import Master
from kolo.pairing.exact.model import Model
from kolo.pairing.pool import Pool, all_tables
from tests.pairing.test_engine import simulate
from tests.pairing.test_exact import instance_of, mip_optimum, partitions

solve_module = importlib.import_module("kolo.pairing.exact.solve")


@pytest.mark.parametrize("seed", range(1, 7))
def test_the_floors_bound_every_pairing_whatever_the_duals(seed):
    """Twelve players at tables of three after two rounds, random duals (far off, as the
    first passes' are): y·b + the players' floors is at most every pairing's cost, and
    y·b + the floors + a table's excess (its reduced cost less its players' floors) at
    most the cost of every pairing seating that table."""
    event, _ = simulate("dominion-cz", 12, 2, seed=seed)
    instance = instance_of(event)
    pool = all_tables(instance)
    model = Model(instance, [])
    rng = np.random.default_rng(seed)
    scale = float(pool.cost.mean())
    duals = rng.normal(scale / 3, scale, size=instance.size + len(model.count_rows()))
    rc = model.reduced_costs(pool, duals, PoolCuts(instance, pool))
    floors = seat_floors(pool, rc, instance.size)
    assert (floors <= 0).all()
    bound = model.dual_value(duals) + float(floors.sum())
    excess = rc - members_sum(pool, floors)
    assert (excess >= -1e-6).all()
    row = {tuple(int(p) for p in t if p >= 0): i for i, t in enumerate(pool.members)}
    checked = 0
    for pairing in partitions(list(range(instance.size)), 3):
        rows = [row.get(tuple(sorted(t))) for t in pairing]
        if None in rows:
            continue  # a table the hard rules forbid
        total = float(sum(pool.cost[r] for r in rows))
        assert bound <= total + 1e-6
        assert all(bound + excess[r] <= total + 1e-6 for r in rows)
        checked += 1
    assert checked > 100


def test_the_grouped_master_is_the_same_relaxation_with_the_same_duals():
    """The same tables and cuts over levels, written on the tables or through level groups:
    the same value, and the grouped master's duals price every one of its tables at a
    reduced cost ≥ 0 written out in full (so they price other tables as before)."""
    event, _ = simulate("dominion-cz", 30, 3, seed=3)
    instance = instance_of(event)
    pool = all_tables(instance)
    cuts = candidate_cuts(instance)
    assert len(cuts) > 10
    values, masters = [], []
    for grouped in (False, True):
        model = Model(instance, [])
        master = Master(model, pool.take(np.arange(0, len(pool), 2)), 1e9, 1e9, grouped=grouped)
        master.add_columns(pool.take(np.arange(1, len(pool), 2)))  # groups old and new
        master.add_cuts(cuts[:40])
        h = master.run(work.now() + 100)
        values.append(h.getInfo().objective_function_value)
        masters.append((master, model, h))
    assert values[0] == pytest.approx(values[1], rel=1e-9, abs=1e-6)
    master, model, h = masters[1]
    assert master.highs.getNumNz() < masters[0][0].highs.getNumNz()
    duals = master.duals(h)
    rc = model.reduced_costs(master.pool, duals, PoolCuts(instance, master.pool))
    assert rc.min() > -1e-6 * float(np.abs(pool.cost).max())
    assert model.dual_value(duals) == pytest.approx(values[1], rel=1e-9, abs=1e-6)


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize(
    ("ruleset_id", "count", "seed"),
    [
        ("dominion-cz", 24, 1),
        ("dominion-cz", 25, 2),
        ("carcassonne-cz", 20, 3),
        ("carcassonne-cz", 22, 4),
    ],
)
def test_column_generation_over_the_whole_pool_proves_the_optimum(
    monkeypatch, grouped, ruleset_id, count, seed
):
    """The exact method with a master far smaller than the pool (so tables join by pricing,
    the floors bound and prune), its cuts over levels written through level groups or
    not: the pairing it proves optimal is as cheap as HiGHS's own optimum."""
    monkeypatch.setattr(solve_module, "FULL_MASTER", 50)
    monkeypatch.setattr(solve_module, "PRESOLVE_POOL", 0 if grouped else 10**12)
    event, _ = simulate(ruleset_id, count, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    assert len(pool) > 500
    best = mip_optimum(instance, pool)
    start = heuristic.greedy(instance)
    with work.metered(60.0):
        result = exact.solve(instance, pool, time_limit=60, incumbent=start)
    assert result.optimal
    assert result.tables is not None
    assert instance.main_cost(cost.cost_of(instance, result.tables)) == instance.main_cost(best)
    assert result.bound <= best + 1e-6


def test_an_empty_pool_of_new_tables_changes_nothing():
    event, _ = simulate("dominion-cz", 12, 2, seed=1)
    instance = instance_of(event)
    pool = all_tables(instance)
    master = Master(Model(instance, []), pool, 1e9, 1e9, grouped=True)
    before = master.highs.getNumCol()
    master.add_columns(Pool.of([]))
    assert master.highs.getNumCol() == before
