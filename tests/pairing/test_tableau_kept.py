"""The tableau cuts' coefficients kept for pricing (``exact.kept``): exact, table by table
and through level groups, alike kept or computed afresh, computed ahead or when asked, and
counted chunk by chunk against the deadline."""

from itertools import product

import numpy as np
import pytest

from kolo.pairing import cost, heuristic, parallel, work
from kolo.pairing.exact import kept as kept_module
from kolo.pairing.exact import tableau as tableau_module
from kolo.pairing.exact.cuts import Cut, LevelIndex, PoolCuts, candidate_cuts
from kolo.pairing.exact.kept import GRID
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.search import cheapest_pairing
from kolo.pairing.exact.tableau import tableau_bound
from kolo.pairing.pool import all_tables
from tests.pairing.test_engine import simulate
from tests.pairing.test_exact import instance_of, mip_optimum


@pytest.mark.parametrize("seed", [2, 4, 5, 6, 7, 8])
def test_tableau_cuts_with_tables_joining_keep_the_optimum(seed):
    """Starting from the 150 cheapest tables, the rest join by pricing with the cuts' duals:
    the bound still never passes the optimum, and a table's coefficients computed from the
    cuts' multipliers are those the relaxation holds."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    best = mip_optimum(instance, pool)
    # a pairing among the first tables, so that their relaxation is feasible
    start = heuristic.greedy(instance) or cheapest_pairing(
        Model(instance, []), pool, work.now() + 10
    )
    inside = np.union1d(np.argsort(pool.cost, kind="stable")[:150], pool.rows_of(start))
    bound, found, tableau = tableau_bound(
        Model(instance, []), pool, 10**12, work.now() + 30, inside=inside
    )
    assert bound <= best + 1e-6
    if found is not None:
        assert cost.cost_of(instance, found) >= best
    assert len(tableau.inside) > len(inside)  # tables joined
    # kept a block of tables at a time, in single precision where exact
    kept = np.hstack([block.astype(np.float64) for block in tableau.blocks])
    assert (tableau.columns(tableau.pool.take(tableau.inside)) == kept).all()
    assert all(block.dtype == np.float32 for block in tableau.blocks)
    # the batches' coefficients kept for pricing, for every table of the pool, are those
    # computed afresh (seeds 2 and 7 have batches: the other relaxations are whole without)
    if tableau.batches:
        fresh = tableau.columns(tableau.pool)[tableau.base :]
        assert tableau.kept.bring_up(
            tableau.pool, PoolCuts(instance, tableau.pool), tableau.batches, work.now() + 30
        )
        assert (_priced(tableau) == fresh).all()


@pytest.mark.parametrize("seed", [2, 7])
def test_the_tableau_prices_alike_with_kept_and_fresh_coefficients(seed, monkeypatch):
    """``_Tableau.price`` gives the same candidates and reduced costs whether the batches'
    coefficients are kept for the whole pool or computed afresh for the candidates, before
    and after tables leave the pool (``prune``)."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    players = tuple(range(0, 20, 3))
    cuts = [*candidate_cuts(instance)[:6], Cut(1, 2, len(players) // 2, players=players)]
    model = Model(instance, cuts)
    # from the cheapest tables, with a few rounds of cuts, so that many tables are outside
    start = heuristic.greedy(instance) or cheapest_pairing(model, pool, work.now() + 10)
    inside = np.union1d(np.argsort(pool.cost, kind="stable")[:150], pool.rows_of(start))
    _, _, tableau = tableau_bound(model, pool, 10**12, work.now() + 30, inside=inside, rounds=2)
    assert tableau.batches
    rng = np.random.default_rng(seed)
    for step in range(2):
        if step:
            keep = rng.random(len(tableau.pool)) < 0.6
            keep[tableau.inside] = True
            tableau.prune(keep)
        pool_cuts = PoolCuts(instance, tableau.pool)
        found = []
        for share in (0.0, 2.0):  # every candidate kept, or none
            monkeypatch.setattr(tableau_module, "PRICED_SHARE", share)
            # every table a candidate (the relaxation is solved: few price negative)
            priced = tableau.price(pool_cuts, -1e12, work.now() + 30)
            assert priced is not None
            found.append(priced)
        (entering, rc, lower), (entering_, rc_, lower_) = found
        assert len(entering) == len(tableau.pool) - len(tableau.inside)
        assert (entering == entering_).all()
        assert np.allclose(rc, rc_, rtol=0, atol=1e-6)
        assert np.allclose(lower, lower_, rtol=0, atol=1e-6)
        assert tableau.kept.coefficients  # they were used, and survive the prune


def _priced(tableau) -> np.ndarray:
    """The kept coefficients as cuts × tables (they are kept tables × cuts)."""
    return np.hstack([c.astype(np.float64) for c in tableau.kept.coefficients]).T


def _kept_as_fresh(instance, tableau) -> None:
    """The batches' coefficients kept for every table of the pool equal those computed
    afresh, through level groups and without."""
    fresh = tableau.columns(tableau.pool)[tableau.base :]
    for levels in (None, LevelIndex.of(instance, tableau.pool)):
        pool_cuts = PoolCuts(instance, tableau.pool)
        pool_cuts.levels = levels
        for ahead in (False, True):  # computed when asked, or ahead (in the background)
            tableau.kept.clear()
            if ahead:
                tableau.kept.ahead(tableau.pool, pool_cuts, tableau.batches)
            assert tableau.kept.bring_up(tableau.pool, pool_cuts, tableau.batches, work.now() + 30)
            assert (_priced(tableau) == fresh).all()


def _cut_tableau(seed: int):
    """20 players at tables of four after three rounds, the relaxation with six cuts over
    levels and one over players in its rows, after the tableau's rounds of cuts: the
    instance and the tableau."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    players = tuple(range(0, 20, 3))
    cuts = [*candidate_cuts(instance)[:6], Cut(1, 2, len(players) // 2, players=players)]
    _, _, tableau = tableau_bound(Model(instance, cuts), pool, 10**12, work.now() + 30)
    return instance, tableau


@pytest.mark.parametrize("seed", [2, 7])
def test_the_tableau_computes_the_coefficients_highs_holds(seed):
    """Every coefficient ``_Tableau.columns`` computes for the relaxation's tables (players'
    rows, the model's cuts, the tableau's cuts) is the one in HiGHS's model: the same
    rows, in the same order (seeds 2 and 7 have tableau cuts)."""
    _, tableau = _cut_tableau(seed)
    assert tableau.batches
    lp = tableau.h.getLp()
    held = np.zeros((lp.num_row_, lp.num_col_))
    start = np.asarray(lp.a_matrix_.start_)
    index = np.asarray(lp.a_matrix_.index_)
    value = np.asarray(lp.a_matrix_.value_)
    for column in range(lp.num_col_):
        entries = slice(start[column], start[column + 1])
        held[index[entries], column] = value[entries]
    assert (tableau.columns(tableau.pool.take(tableau.inside)) == held).all()


def test_the_tableau_cuts_coefficients_kept_for_pricing_equal_those_computed_afresh():
    """Over a relaxation with cuts over levels and over players in its rows, the batches'
    coefficients kept for every table of the pool (``_Tableau.kept``) are exact, table
    by table and through the level groups of a large pool, the cuts over players through
    their nonzero coefficients."""
    checked = 0
    for seed in range(2, 9):
        instance, tableau = _cut_tableau(seed)
        if not tableau.batches:
            continue
        checked += 1
        _kept_as_fresh(instance, tableau)
        # multipliers on every row (the tableau's own may leave a row out): two batches
        # of random multiples of 1/GRID, the second over the first's rows too
        rng = np.random.default_rng(seed)
        tableau.batches = []
        for width in (5, 4):
            rows = tableau.base + sum(u.shape[1] for u in tableau.batches)
            tableau.batches.append(rng.integers(0, GRID, (rows, width)) / GRID)
        assert tableau.columns(tableau.pool)[tableau.base :].any()
        _kept_as_fresh(instance, tableau)
    assert checked >= 2


def test_the_kept_coefficients_stop_at_the_deadline_alike_computed_ahead_or_not(monkeypatch):
    """Where the work runs out part-way through the pool, or the safety stop fires,
    ``Kept.bring_up`` keeps nothing and counts the chunks as one at a time: each checked
    against the deadline before it and counted after it (here the first only), whether
    they were computed ahead, on two threads, or on one."""
    instance, tableau = _cut_tableau(2)
    monkeypatch.setattr(kept_module, "PRICED_CHUNK", 1000)  # four chunks of this pool
    assert tableau.batches
    assert len(tableau.pool) > 3 * kept_module.PRICED_CHUNK
    pool_cuts = PoolCuts(instance, tableau.pool)
    n = instance.size
    entries = tableau.base - n + sum(u.shape[1] for u in tableau.batches)
    with work.metered(30):
        work.price(0, entries * 1000)  # the first chunk, as counted one at a time
        first_chunk = work.now()
    price = work.price
    for threads, ahead, stop in product((1, 2), (False, True), ("deadline", "safety stop")):
        monkeypatch.setattr(parallel, "THREADS", threads)
        tableau.kept.clear()
        with work.metered(30):
            deadline = work.now() + (1e-12 if stop == "deadline" else 30)
            if stop == "safety stop":

                def firing(tables: int, entries: int = 0) -> None:
                    price(tables, entries)
                    work.current().fired = True

                monkeypatch.setattr(work, "price", firing)
            if ahead:
                tableau.kept.ahead(tableau.pool, pool_cuts, tableau.batches)
            assert not tableau.kept.bring_up(tableau.pool, pool_cuts, tableau.batches, deadline)
            assert work.current().used == first_chunk
        monkeypatch.setattr(work, "price", price)
        assert tableau.kept.coefficients == []
        assert tableau.kept._ahead is None  # what was computed ahead is let go
