"""The players' floors (a bound on every pairing from any duals) and the master that writes
the cuts over levels through level groups: the bound never passes a pairing's cost, the
grouped relaxation is the ungrouped one, and the exact method through column generation
(with and without the groups) proves the optimum HiGHS's own branch and bound finds."""

from __future__ import annotations

import importlib
from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from kolo.pairing import cost, exact, heuristic, work
from kolo.pairing.exact.cuts import PoolCuts, candidate_cuts, member_levels, sorted_levels
from kolo.pairing.exact.floors import members_sum, seat_floors
from kolo.pairing.exact.master import RETIRE_AFTER, Master
from kolo.pairing.exact.model import Limit, Model
from kolo.pairing.pool import Pool, all_tables
from tests.pairing.test_engine import simulate
from tests.pairing.test_exact import instance_of, mip_optimum

solve_module = importlib.import_module("kolo.pairing.exact.solve")
generate_module = importlib.import_module("kolo.pairing.exact.generate")


def pairings(players, sizes):
    """Every way to seat the players at tables of the given sizes (a multiset; 1: a bye)."""
    if not players:
        yield []
        return
    first, others = players[0], players[1:]
    for size in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(size)
        for partners in combinations(others, size - 1):
            remaining = [p for p in others if p not in partners]
            for tail in pairings(remaining, rest):
                yield [(first, *partners), *tail]


def _repeats(instance, tables):
    """Every table's earlier meetings (the slice guard's kind of limit row)."""
    met = np.asarray(instance.criteria["repeat_pairs"])
    total = np.zeros(len(tables), dtype=np.int64)
    width = tables.members.shape[1]
    for i in range(width):
        for j in range(i + 1, width):
            a, b = tables.members[:, i], tables.members[:, j]
            both = (a >= 0) & (b >= 0)
            total[both] += met[a[both], b[both]]
    return total


FIELDS = [("dominion-cz", 9, 1), ("dominion-cz", 11, 2), ("swiss-pairs", 9, 2)]
"""Tables of three; of three and a table of two; of two and a bye."""


@pytest.mark.parametrize("near", [False, True])
@pytest.mark.parametrize(("ruleset_id", "count", "rounds"), FIELDS)
@pytest.mark.parametrize("seed", range(1, 4))
def test_the_floors_bound_every_pairing_whatever_the_duals(seed, ruleset_id, count, rounds, near):
    """Random duals (far off, as the first passes' are, or near the relaxation's own), with
    cuts over levels and a limit row: y·b + the players' floors is at most the cost of
    every pairing within the limit, and y·b + the floors + a table's excess (its reduced
    cost less its players' floors) at most the cost of every such pairing seating it."""
    event, _ = simulate(ruleset_id, count, rounds, seed=seed)
    instance = instance_of(event)
    pool = all_tables(instance)
    cuts = candidate_cuts(instance)[:6]
    limit = Limit(lambda tables: _repeats(instance, tables), 3)
    model = Model(instance, list(cuts), (limit,))
    rng = np.random.default_rng(seed)
    scale = float(pool.cost.mean())
    rows = model.first_cut() + len(cuts)
    if near:
        master = Master(model, pool, 1e9, 1e9)
        duals = master.duals(master.run(work.now() + 100))
        duals = duals * (1 + rng.normal(0, 0.03, size=len(duals)))
    else:
        duals = rng.normal(scale / 3, scale, size=rows)
    first = model.first_limit()
    duals[first:] = -np.abs(duals[first:])  # a ≤ row's dual is ≤ 0
    rc = model.reduced_costs(pool, duals, PoolCuts(instance, pool))
    floors = seat_floors(pool, rc, instance.size)
    assert (floors <= 0).all()
    bound = model.dual_value(duals) + float(floors.sum())
    excess = rc - members_sum(pool, floors)
    assert (excess >= -1e-6).all()
    row = {tuple(int(p) for p in t if p >= 0): i for i, t in enumerate(pool.members)}
    sizes = [*instance.sizes, *([1] * instance.byes)]
    checked, least = 0, np.inf
    for pairing in pairings(list(range(instance.size)), sizes):
        chosen = [row.get(tuple(sorted(t))) for t in pairing]
        if None in chosen:
            continue  # a table the hard rules forbid
        if model.limits and sum(limit.values(pool.take(np.array(chosen)))) > limit.most:
            continue  # beyond the limit: the bound is for pairings within it
        total = float(sum(pool.cost[r] for r in chosen))
        least = min(least, total)
        assert bound <= total + 1e-6
        assert all(bound + excess[r] <= total + 1e-6 for r in chosen)
        checked += 1
    assert checked > 20
    if near:
        assert least - bound < 0.3 * least  # near duals: a bound worth the name


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
def test_retired_cuts_leave_the_value_and_the_duals_with_their_rows(grouped):
    """Cuts slack at ``RETIRE_AFTER`` solutions in a row leave the master (its rows, the
    model's cuts and their ages together): the value stays, the solve after takes no
    iteration, the duals price every table as before (the cuts gone had a dual of 0), and the
    tables joining afterwards (new level groups among them) meet the rows that are left."""
    event, _ = simulate("dominion-cz", 30, 3, seed=3)
    instance = instance_of(event)
    pool = all_tables(instance)
    cuts = candidate_cuts(instance)
    model = Model(instance, [])
    first = np.flatnonzero(pool.members[:, 0] < 10)  # the rest hold new level groups
    second = np.flatnonzero((pool.members[:, 0] >= 10) & (np.arange(len(pool)) % 2 == 0))
    master = Master(model, pool.take(first), 1e9, 1e9, grouped=grouped)
    master.add_cuts(cuts[:60])
    master.add_columns(pool.take(second))  # their groups' rows come after the cuts'
    h = master.run(work.now() + 100)
    value = h.getInfo().objective_function_value
    rows = h.getNumRow()
    priced = model.reduced_costs(master.pool, master.duals(h), PoolCuts(instance, master.pool))
    for _ in range(RETIRE_AFTER):
        master.retire()
        h = master.run(work.now() + 100)
    left = len(model.cuts)
    assert 0 < left < 60  # some cuts bind, most do not
    assert h.getNumRow() == rows - (60 - left)
    lp = h.getLp()
    upper, lower = np.asarray(lp.row_upper_), np.asarray(lp.row_lower_)
    assert [upper[r] for r in master._cut_rows] == [float(c.rhs) for c in model.cuts]
    if grouped:  # the groups' rows Σ x_T − w_g = 0, those after the cuts' rows among them
        assert max(master._group_rows) > min(master._cut_rows)
        assert all(upper[r] == 0.0 and lower[r] == 0.0 for r in master._group_rows)
    assert h.getInfo().simplex_iteration_count == 0
    assert h.getInfo().objective_function_value == pytest.approx(value, rel=1e-9, abs=1e-6)
    duals = master.duals(h)
    assert len(duals) == model.first_cut() + left
    rc = model.reduced_costs(master.pool, duals, PoolCuts(instance, master.pool))
    np.testing.assert_allclose(rc, priced, atol=1e-6 * float(np.abs(pool.cost).max()))
    # more tables (and groups), the cuts that are left written on them as well
    master.add_columns(pool.take(np.setdiff1d(np.arange(len(pool)), np.union1d(first, second))))
    h = master.run(work.now() + 100)
    fresh = Master(Model(instance, list(model.cuts)), pool, 1e9, 1e9)
    again = fresh.run(work.now() + 100)
    assert h.getInfo().objective_function_value == pytest.approx(
        again.getInfo().objective_function_value, rel=1e-9, abs=1e-6
    )


def test_a_cut_leaves_after_its_slack_solutions_and_can_come_back():
    """A cut leaves only after ``RETIRE_AFTER`` slack solutions in a row (one is not
    enough); one that left can be added again, and leaves again only after as many."""
    event, _ = simulate("dominion-cz", 30, 3, seed=3)
    instance = instance_of(event)
    pool = all_tables(instance)
    model = Model(instance, [])
    master = Master(model, pool, 1e9, 1e9)
    cuts = candidate_cuts(instance)[:60]
    master.add_cuts(cuts)
    master.run(work.now() + 100)
    master.retire()
    assert len(model.cuts) == 60
    master.run(work.now() + 100)
    master.retire()
    assert len(model.cuts) < 60
    gone = [c for c in cuts if c not in model.cuts]
    master.add_cuts(gone)
    master.run(work.now() + 100)
    master.retire()
    assert all(c in model.cuts for c in gone)
    master.run(work.now() + 100)
    master.retire()
    assert not any(c in model.cuts for c in gone)  # as slack as before: they leave again


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


def _optimum(instance, pool):
    """HiGHS's own cheapest pairing of the pool (the reference), as tables."""
    h = Model(instance, []).highs(pool, integer=True)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.run()
    chosen = np.flatnonzero(np.asarray(h.getSolution().col_value) > 0.5)
    return [tuple(int(p) for p in pool.members[r] if p >= 0) for r in chosen]


def _dearer_by_a_swap(instance, pool, tables):
    """The pairing with two players of two tables swapped that costs least more in the
    criteria than ``tables`` (an incumbent just short of the optimum)."""
    present = {tuple(int(p) for p in t if p >= 0) for t in pool.members}
    best, found = None, None
    main = instance.main_cost(cost.cost_of(instance, tables))
    for i, j in combinations(range(len(tables)), 2):
        for a in tables[i]:
            for b in tables[j]:
                one = tuple(sorted([p for p in tables[i] if p != a] + [b]))
                two = tuple(sorted([p for p in tables[j] if p != b] + [a]))
                if one not in present or two not in present:
                    continue
                swapped = [t for k, t in enumerate(tables) if k not in (i, j)] + [one, two]
                extra = instance.main_cost(cost.cost_of(instance, swapped)) - main
                if extra > 0 and (best is None or extra < best):
                    best, found = extra, swapped
    return found


@pytest.mark.parametrize("grouped", [False, True])
@pytest.mark.parametrize(
    ("ruleset_id", "count", "seed"), [("dominion-cz", 24, 1), ("carcassonne-cz", 20, 3)]
)
def test_an_incumbent_just_short_of_the_optimum_is_not_proved_optimal(
    monkeypatch, grouped, ruleset_id, count, seed
):
    """Started one swap away from the optimum, column generation over the whole pool must
    not prune the optimum's tables away (the floors' pruning keeps every table of a pairing
    cheaper than the incumbent): it finds the optimum, not the start."""
    monkeypatch.setattr(solve_module, "FULL_MASTER", 50)
    monkeypatch.setattr(solve_module, "PRESOLVE_POOL", 0 if grouped else 10**12)
    event, _ = simulate(ruleset_id, count, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    optimum = _optimum(instance, pool)
    start = _dearer_by_a_swap(instance, pool, optimum)
    assert start is not None
    with work.metered(60.0):
        result = exact.solve(instance, pool, time_limit=60, incumbent=start)
    assert result.optimal
    assert result.tables is not None
    found = instance.main_cost(cost.cost_of(instance, result.tables))
    assert found == instance.main_cost(cost.cost_of(instance, optimum))
    assert found < instance.main_cost(cost.cost_of(instance, start))


@pytest.mark.parametrize("keep", [5, 40, 300])
def test_tables_the_pricing_did_not_return_are_counted_at_their_least(keep):
    """Column generation's floors come from the tables a pass returned (the ``keep`` lowest
    of each size, below ``most``) and, for the others, the least they can price at: never
    above the floors over every table the cap allows."""
    event, _ = simulate("carcassonne-cz", 22, 2, seed=2, repeats_first=False)
    instance = instance_of(event)
    start = heuristic.greedy(instance)
    cap = cost.cost_of(instance, start)
    whole = all_tables(instance, max_cost=cap)
    model = Model(instance, [])
    master = Master(model, whole.take(np.argsort(whole.cost)[:60]), 1e9, 1e9)
    duals = master.duals(master.run(work.now() + 100))
    pricing = generate_module._pricing(instance, model, duals, -1.0, keep)
    returned = all_tables(instance, max_cost=cap, pricing=pricing)
    rc = model.reduced_costs(returned, duals, PoolCuts(instance, returned))
    unseen = generate_module._unseen(instance, returned, rc, pricing)
    floors = np.minimum(seat_floors(returned, rc, instance.size), unseen)
    every = model.reduced_costs(whole, duals, PoolCuts(instance, whole))
    true = seat_floors(whole, every, instance.size)
    assert (floors <= true + 1e-6).all()
    assert int((returned.size == instance.normal_size).sum()) == keep  # the keep was reached
    assert (true < 0).any()


def test_sorted_levels_sorts_where_the_players_are_not_ordered_by_points():
    event, _ = simulate("carcassonne-cz", 22, 2, seed=2, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    ordered = sorted_levels(instance, pool)
    assert np.array_equal(ordered, np.sort(member_levels(instance, pool), axis=1))
    shuffled = replace(instance, level=np.random.default_rng(1).permutation(instance.level))
    assert np.diff(shuffled.level).max() > 0  # not ordered by points
    assert np.array_equal(
        sorted_levels(shuffled, pool), np.sort(member_levels(shuffled, pool), axis=1)
    )
