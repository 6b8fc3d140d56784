"""The exact method's parts: {0, ½}-cuts over players and the proof over the cheapest tables."""

import time
from dataclasses import replace
from itertools import combinations

import highspy
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kolo.core.event import Entrant, Event
from kolo.pairing import cost, exact, heuristic, slicing, work
from kolo.pairing.exact import pair_branching
from kolo.pairing.exact import tableau as tableau_module
from kolo.pairing.exact.cuts import (
    Cut,
    PoolCuts,
    candidate_cuts,
    coefficient_rows,
    cut_coefficients,
    cut_rows,
    odd_cycles,
)
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.search import cheapest_pairing, integer_search
from kolo.pairing.exact.select import lowest_values, smallest_values
from kolo.pairing.exact.tableau import tableau_bound
from kolo.pairing.instance import build
from kolo.pairing.pool import Pool, all_tables
from tests.pairing.test_engine import settings_of, simulate


def partitions(players, size):
    """Every partition of the players into tables of ``size``."""
    if not players:
        yield []
        return
    first, others = players[0], players[1:]
    for partners in combinations(others, size - 1):
        remaining = [p for p in others if p not in partners]
        for tail in partitions(remaining, size):
            yield [(first, *partners), *tail]


def instance_of(event):
    ruleset, chosen = settings_of(event)
    return build(event, ruleset, chosen, [e.id for e in event.entrants], seed=5)


def fresh_instance(count):
    entrants = tuple(Entrant(f"p{i}", f"P{i}") for i in range(1, count + 1))
    return instance_of(Event("e", "carcassonne-cz", {}, entrants))


def test_an_odd_cycle_of_half_tables_is_cut_off_and_no_pairing_is():
    instance = fresh_instance(12)
    # three tables, each two sharing one player and no player in all three
    master = Pool(
        np.array([[0, 1, 2, 3], [0, 4, 5, 6], [1, 4, 7, 8]], dtype=np.int32),
        np.full(3, 4, dtype=np.int32),
        np.zeros(3, dtype=np.int64),
    )
    cuts = odd_cycles(instance, master, np.full(3, 0.5), [])
    assert cuts == [Cut(1, 2, 1, players=(0, 1, 4))]
    cut = cuts[0]
    assert float(cut_coefficients(instance, master, cut) @ np.full(3, 0.5)) == 1.5
    for pairing in partitions(list(range(12)), 4):
        tables = Pool(
            np.array(pairing, dtype=np.int32),
            np.full(len(pairing), 4, dtype=np.int32),
            np.zeros(len(pairing), dtype=np.int64),
        )
        assert cut_coefficients(instance, tables, cut).sum() <= cut.rhs


def test_an_even_cycle_of_half_tables_gives_no_cut():
    instance = fresh_instance(12)
    # four tables in a ring, each sharing one player with its two neighbours only
    master = Pool(
        np.array([[0, 1, 2, 3], [0, 4, 5, 6], [4, 7, 8, 9], [1, 7, 10, 11]], dtype=np.int32),
        np.full(4, 4, dtype=np.int32),
        np.zeros(4, dtype=np.int64),
    )
    assert odd_cycles(instance, master, np.full(4, 0.5), []) == []


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    sizes=st.lists(st.sampled_from([3, 5, 7, 9]), min_size=1, max_size=70),
)
def test_the_bit_sliced_count_equals_the_direct_coefficients(width, seed, sizes):
    rng = np.random.default_rng(seed)
    instance = fresh_instance(20)
    rows = 300
    members = np.sort(
        np.stack([rng.choice(20, size=width, replace=False) for _ in range(rows)]), axis=1
    ).astype(np.int32)
    members[np.arange(rows) % 3 == 0, -1] = -1  # some tables one place short
    pool = Pool(members, np.full(rows, width, dtype=np.int32), np.zeros(rows, dtype=np.int64))
    cuts = [
        Cut(1, 2, size // 2, players=tuple(sorted(rng.choice(20, size=size, replace=False))))
        for size in sizes
    ]
    cached = PoolCuts(instance, pool)
    cached._prepare(cuts)
    for cut in cuts:
        rows_, values = cached.sparse[cut]
        dense = np.zeros(len(pool), dtype=np.int64)
        dense[rows_] = values
        assert (dense == cut_coefficients(instance, pool, cut)).all()


@settings(max_examples=60, deadline=None)
@given(
    width=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    multipliers=st.lists(st.integers(1, 4), min_size=1, max_size=40),
)
def test_the_tableau_cut_rows_equal_the_direct_coefficients(width, seed, multipliers):
    """All cuts at once (``_cut_rows``, through counts per level and a lookup), over
    levels and over players, tables one place short included."""
    rng = np.random.default_rng(seed)
    instance = replace(fresh_instance(20), level=rng.integers(0, 6, 20))
    rows = 200
    members = np.sort(
        np.stack([rng.choice(20, size=width, replace=False) for _ in range(rows)]), axis=1
    ).astype(np.int32)
    members[np.arange(rows) % 3 == 0, -1] = -1
    pool = Pool(members, np.full(rows, width, dtype=np.int32), np.zeros(rows, dtype=np.int64))
    cuts = []
    for multiplier in multipliers:
        divisor = multiplier + int(rng.integers(1, 4))
        if rng.random() < 0.5:
            low = int(rng.integers(0, 6))
            high = int(rng.integers(low, 6))
            cuts.append(Cut(multiplier, divisor, 1, low, high))
        else:
            players = tuple(sorted(int(p) for p in rng.choice(20, size=5, replace=False)))
            cuts.append(Cut(multiplier, divisor, 1, players=players))
    expected = np.array([cut_coefficients(instance, pool, cut) for cut in cuts])
    assert (cut_rows(instance, pool, cuts) == expected).all()
    # one cut at a time, through the groups of tables with the same levels
    assert (np.array(list(coefficient_rows(instance, pool, cuts))) == expected).all()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_exact_method_proves_the_brute_force_optimum_at_tables_of_four(seed):
    """12 players after a few rounds: every partition (5,775) priced from the same pool."""
    event, _ = simulate("carcassonne-cz", 12, 2, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    cost = {tuple(row[row >= 0]): int(c) for row, c in zip(pool.members, pool.cost, strict=True)}
    best = min(
        (
            sum(cost[t] for t in pairing)
            for pairing in partitions(list(range(12)), 4)
            if all(t in cost for t in pairing)
        ),
        default=None,
    )
    result = exact.solve(instance, pool, time_limit=30)
    assert result.optimal
    assert result.cost == best
    assert result.bound <= best + 1e-6


def mip_optimum(instance, pool):
    """The cheapest pairing of the pool by HiGHS's own branch and bound (the reference)."""
    h = Model(instance, []).highs(pool, integer=True)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    h.run()
    return round(h.getInfo().objective_function_value)


def lp_value(instance, pool):
    h = Model(instance, []).highs(pool, integer=False)
    h.run()
    return h.getInfo().objective_function_value


@pytest.mark.parametrize("seed", range(1, 9))
def test_tableau_cuts_never_cut_off_the_optimum(seed):
    """20 players at tables of four after three rounds: the bound from the tableau cuts is
    at most the optimum, and where the relaxation becomes integral its pairing is optimal."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    best = mip_optimum(instance, pool)
    bound, found, _ = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30)
    assert bound <= best + 1e-6
    assert bound >= lp_value(instance, pool) - 1e-6
    if found is not None:
        assert sorted(p for t in found for p in t) == list(range(20))
        assert cost.cost_of(instance, found) == best


def test_the_tableau_integer_program_is_not_started_without_work_for_its_root():
    """HiGHS bounds no work at an integer program's root but by its clock: with less work
    left than the root is counted at (``work.root``), no run at all; with work, the
    pairing."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    _, _, tableau = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30)
    root = work.root(tableau.h.getNumNz(), tableau.h.getNumCol(), tableau.h.getNumRow())
    runs = tableau.h.getRunTime()
    assert tableau.integer(None, work.now() + root / 2) == (None, False)
    assert tableau.h.getRunTime() == runs  # HiGHS did not run
    pairing, _ = tableau.integer(None, work.now() + 30)
    assert pairing is not None
    assert cost.cost_of(instance, pairing) == mip_optimum(instance, pool)


def test_a_relaxation_run_again_gets_the_safety_time_on_top_of_what_it_used():
    """HiGHS counts a model's time limit over all its runs (a relaxation with tables or
    cuts added is run again): the safety stop's limit is the time used so far plus what
    is left to the stop, not what is left alone (which had stopped relaxations early)."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    h = Model(instance, []).highs(all_tables(instance), False)
    h.run()
    used = h.getRunTime()
    assert used > 0
    with work.metered(1.0) as meter:
        meter.stop = time.monotonic() + 5
        work.run(h, work.now() + 5)
    _, limit = h.getOptionValue("time_limit")
    assert used + 4.5 < limit <= used + h.getRunTime() + 5


def test_a_relaxation_stops_after_its_work_not_its_seconds():
    """The work left sets the simplex iteration limit: a search stopped there stops at the
    same iteration on any machine."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    h = Model(instance, []).highs(all_tables(instance), False)
    with work.metered(10.0):
        start = work.now()
        per_iteration = work.ITERATION + work.ITERATION_PER_NONZERO * h.getNumNz()
        work.run(h, start + 5.5 * per_iteration)
        assert h.getInfo().simplex_iteration_count == 5
        assert h.getModelStatus() == highspy.HighsModelStatus.kIterationLimit
        assert work.now() > start + 5 * per_iteration


def test_tableau_cuts_close_a_gap_the_relaxation_leaves():
    event, _ = simulate("carcassonne-cz", 20, 3, seed=11, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    best = mip_optimum(instance, pool)
    relaxation = lp_value(instance, pool)
    assert best - relaxation > 2 * instance.mult  # more than two units of cost apart
    bound, found, _ = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30)
    assert found is not None
    assert cost.cost_of(instance, found) == best
    assert bound == pytest.approx(best)


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_pairing_proved_optimal_is_as_cheap_as_highs_own_optimum(seed):
    """The whole exact method, started from the greedy fold (or from nothing), against
    HiGHS's own branch and bound on the same tables."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    best = mip_optimum(instance, pool)
    start = heuristic.greedy(instance)
    result = exact.solve(instance, pool, time_limit=30, incumbent=start)
    assert result.optimal
    assert result.cost is not None
    assert instance.main_cost(result.cost) == instance.main_cost(best)
    assert result.bound <= best + 1e-6


def test_a_known_lower_bound_proves_a_pairing_that_reaches_it_and_nothing_else():
    """``lower`` (a bound proved before, e.g. without the slice guard's rows): a starting
    pairing as cheap in the criteria is optimal without a relaxation; a dearer one is
    not taken for optimal on that bound, and the search still finds the optimum."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=6, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    free = exact.solve(instance, pool, time_limit=30)
    assert free.optimal
    assert free.tables is not None
    assert free.cost is not None
    at_once = exact.solve(instance, pool, time_limit=30, incumbent=free.tables, lower=free.bound)
    assert at_once.optimal
    assert at_once.prices is None  # no relaxation was solved
    assert at_once.cost == free.cost
    start = slicing.slice_pairing(instance)
    assert start is not None
    assert instance.main_cost(heuristic.cost_of(instance, start)) > instance.main_cost(free.cost)
    searched = exact.solve(instance, pool, time_limit=30, incumbent=start, lower=free.bound)
    assert searched.optimal
    assert searched.cost is not None
    assert instance.main_cost(searched.cost) == instance.main_cost(free.cost)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(-5, 5).map(float), min_size=1, max_size=60),
    st.integers(1, 70),
)
def test_the_lowest_tables_are_the_prefix_of_a_stable_sort(values, count):
    """Ties keep the pool's order: which of equally cheap tables come first decides how
    fast a degenerate relaxation is proved, so the partial sort must not change it."""
    values = np.array(values)
    order = np.argsort(values, kind="stable")
    assert smallest_values(values, count).tolist() == order[:count].tolist()
    chosen, reach = lowest_values(values, count)
    assert chosen.tolist() == order[:count].tolist()
    assert reach == (values[order[count]] if count < len(values) else np.inf)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(0, 12))
def test_finding_tables_in_the_pool_by_their_first_player(seed, count):
    """The incumbent's rows are found through the pool's rows grouped by first player:
    the same as comparing every row."""
    rng = np.random.default_rng(seed)
    instance = fresh_instance(14)
    pool = all_tables(instance)
    pool = pool.take(rng.permutation(len(pool))[: len(pool) // 2])  # any order, some gone
    tables = [tuple(sorted(rng.choice(14, size=4, replace=False).tolist())) for _ in range(count)]
    expected = sorted(
        i
        for t in tables
        for i in range(len(pool))
        if tuple(pool.members[i][pool.members[i] >= 0]) == t
    )
    assert pool.rows_of(tables).tolist() == expected


def test_an_integer_program_without_work_for_its_root_is_not_even_built(monkeypatch):
    """Where the players' rows alone say its root needs more work than is left, the model
    is never built (over 464,000 tables it took 1.9 GB to be left unstarted)."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=2, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    model = Model(instance, [])

    def built(*args, **kwargs):
        raise AssertionError("the model was built")

    monkeypatch.setattr(Model, "highs", built)
    with work.metered(10.0):
        assert integer_search(model, pool, work.now()) == (
            None,
            highspy.HighsModelStatus.kNotset,
        )
    monkeypatch.undo()
    with work.metered(10.0):
        pairing, _ = integer_search(model, pool, work.now() + 30)
    assert pairing is not None


def test_the_branching_pair_is_the_one_held_together_closest_to_half():
    """Three half tables: 0 and 1 sit together at two of them (wholly), 0 and 2 at one
    (half): the first pair held by half is the branch; an integral solution has none."""
    members = np.array([[0, 1, 2, 3], [0, 1, 4, 5], [2, 3, 4, 5]], dtype=np.int32)
    halves = np.full(3, 0.5)
    assert pair_branching.branching_pair(members, halves, 6) == (0, 2)
    assert pair_branching.branching_pair(members[:1], np.ones(1), 6) is None
    short = np.array([[0, 1, 2, -1], [0, 3, 4, -1]], dtype=np.int32)  # empty places
    assert pair_branching.branching_pair(short, np.array([0.9, 0.4]), 5) == (0, 3)


def _groups_branched(monkeypatch) -> list:
    """The level groups the search picks to branch on (None: none, it branches on a pair),
    recorded as it runs."""
    branched: list = []
    original = pair_branching.branching_group
    monkeypatch.setattr(
        pair_branching,
        "branching_group",
        lambda counts: branched.append(original(counts)) or branched[-1],
    )
    return branched


def branch_case(seed, guard, by_highs, monkeypatch):
    """20 players at tables of four after three rounds, the tableau's own cuts switched off
    (the relaxation alone goes to the branch and bound), HiGHS's search or the search on
    pairs: the instance, every table, and the optimum by HiGHS's integer program."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=seed, slice_guard=guard, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    monkeypatch.setattr(tableau_module._Tableau, "add_cuts", lambda self, x: False)
    monkeypatch.setattr(tableau_module, "BRANCH_HIGHS_TABLES", 10**9 if by_highs else 0)
    return instance, pool, mip_optimum(instance, pool)


@pytest.mark.parametrize("players", [19, 20])
def test_highs_searches_the_tree_only_for_fields_up_to_its_size(players, monkeypatch):
    """Where the tables are few, HiGHS's integer program searches the tree only for fields
    of at most ``BRANCH_HIGHS_PLAYERS``; a larger field gets kolo's own search on pairs,
    which proves the same optimum."""
    instance, pool, best = branch_case(8, False, True, monkeypatch)
    monkeypatch.setattr(tableau_module, "BRANCH_HIGHS_PLAYERS", players)
    calls = []
    original = tableau_module._Tableau._integer_below
    monkeypatch.setattr(
        tableau_module._Tableau,
        "_integer_below",
        lambda self, *args: calls.append(args) or original(self, *args),
    )
    bound, found, _ = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30, branch=True)
    assert (len(calls) > 0) == (players >= 20)
    assert exact.main_optimal(instance, best, bound)
    assert found is not None
    assert instance.main_cost(cost.cost_of(instance, found)) == instance.main_cost(best)


def test_where_highs_root_would_not_start_kolos_own_search_proves_it(monkeypatch):
    """Where HiGHS's search was chosen but its root's estimate exceeds the work left (the
    tables joined raised it), kolo's own search on pairs runs instead and proves the same
    optimum: the branch never ends with neither."""
    instance, pool, best = branch_case(8, False, True, monkeypatch)
    monkeypatch.setattr(tableau_module, "BRANCH_HIGHS_PLAYERS", 64)
    monkeypatch.setattr(work, "root", lambda nonzeros, columns, rows: 1e9)
    calls: list[str] = []
    monkeypatch.setattr(
        tableau_module._Tableau, "_integer_below", lambda self, *args: calls.append("highs")
    )
    search = tableau_module.pair_branching.search
    monkeypatch.setattr(
        tableau_module.pair_branching,
        "search",
        lambda *args: calls.append("pairs") or search(*args),
    )
    bound, found, _ = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30, branch=True)
    assert calls == ["pairs"]
    assert exact.main_optimal(instance, best, bound)
    assert found is not None
    assert instance.main_cost(cost.cost_of(instance, found)) == instance.main_cost(best)


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("guard", [True, False])
@pytest.mark.parametrize("some", [False, True])
@pytest.mark.parametrize("by_highs", [False, True])
def test_the_branch_and_bound_alone_proves_the_optimum(seed, guard, some, by_highs, monkeypatch):
    """20 players at tables of four after three rounds, the relaxation without any cut,
    then the branch and bound (level groups, then pairs): it ends with the optimum's main
    cost proved (a
    bound no higher than the optimum, and no pairing cheaper in main units), and the
    pairing it finds seats everyone once at the optimum's main cost. ``some``: the
    relaxation starts from the 150 cheapest tables and the rest join by pricing, so only
    the tables within the gap join the tree (its branches on level groups' counts, then on
    pairs). ``by_highs``: HiGHS's integer program searches
    the tree (a small model), else kolo's own search on pairs."""
    instance, pool, best = branch_case(seed, guard, by_highs, monkeypatch)
    branched = _groups_branched(monkeypatch)
    inside = None
    if some:
        start = heuristic.greedy(instance) or cheapest_pairing(
            Model(instance, []), pool, work.now() + 10
        )
        inside = np.union1d(np.argsort(pool.cost, kind="stable")[:150], pool.rows_of(start))
    bound, found, tableau = tableau_bound(
        Model(instance, []), pool, 10**12, work.now() + 30, inside=inside, branch=True
    )
    assert bound <= best + 1e-6
    assert exact.main_optimal(instance, best, bound)
    if found is not None:  # else the relaxation was integral at once
        assert sorted(p for t in found for p in t) == list(range(20))
        assert instance.main_cost(cost.cost_of(instance, found)) == instance.main_cost(best)
    if seed == 8 and not guard and not by_highs:  # the relaxation is two units short here
        assert any(group is not None for group in branched)  # on a level group's count
        if some:
            assert len(tableau.inside) > 150  # tables joined


@pytest.mark.parametrize("seed", [3, 8])
def test_the_branch_and_bound_on_pairs_alone_proves_the_optimum(seed, monkeypatch):
    """The same search with no branching on level groups' counts: on pairs alone it
    proves the optimum's main cost too (seed 8: the relaxation two units short)."""
    instance, pool, best = branch_case(seed, False, False, monkeypatch)
    monkeypatch.setattr(pair_branching, "branching_group", lambda counts: None)
    branched = []
    original = pair_branching.branching_pair
    monkeypatch.setattr(
        pair_branching, "branching_pair", lambda *args: branched.append(1) or original(*args)
    )
    bound, found, _ = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30, branch=True)
    assert bound <= best + 1e-6
    assert exact.main_optimal(instance, best, bound)
    if found is not None:
        assert instance.main_cost(cost.cost_of(instance, found)) == instance.main_cost(best)
    assert branched or seed != 8


def test_the_search_on_its_own_proves_the_optimum_and_leaves_the_model_as_it_was(monkeypatch):
    """``pair_branching.search`` over the relaxation of every table (seed 8: two units
    short), with the cutoff one unit above the optimum's main cost: it finds a pairing at
    that main cost, proves nothing is cheaper, and leaves the model's rows and bounds as
    they were."""
    instance, pool, best = branch_case(8, False, False, monkeypatch)
    h = Model(instance, []).highs(pool, False)
    n = len(pool)
    h.changeColsBounds(n, np.arange(n, dtype=np.int32), np.zeros(n), np.full(n, highspy.kHighsInf))
    rows = h.getNumRow()
    main = instance.main_cost(best)
    cutoff = (main + 1) * instance.mult - 0.5
    branched = _groups_branched(monkeypatch)
    with work.metered(30.0):
        found, bound = pair_branching.search(h, pool, instance, cutoff, work.now() + 30)
    assert found is not None
    assert instance.main_cost(cost.cost_of(instance, found)) == main
    assert bound == main * instance.mult  # nothing cheaper in the criteria
    assert any(group is not None for group in branched)  # it added rows for level groups
    assert h.getNumRow() == rows  # and took them out
    assert (np.asarray(h.getLp().col_upper_) == highspy.kHighsInf).all()


def test_the_cuts_leave_the_search_its_share_of_the_work(monkeypatch):
    """Rounds of cuts that raise nothing (seed 8: the relaxation two units short) go on
    only until the work left is the search's share (``BRANCH_RESERVE``); the search then
    proves the optimum's main cost with it."""
    instance, pool, best = branch_case(8, False, False, monkeypatch)
    monkeypatch.setattr(tableau_module._Tableau, "add_cuts", lambda self, x: True)
    monkeypatch.setattr(tableau_module, "STALL", 10**6)
    monkeypatch.setattr(tableau_module, "BRANCH_RESERVE", 0.5)
    started = []
    original = pair_branching.search
    monkeypatch.setattr(
        pair_branching, "search", lambda *args: started.append(work.now()) or original(*args)
    )
    with work.metered(30.0):
        first = work.now()
        bound, _, _ = tableau_bound(Model(instance, []), pool, best, first + 4.0, branch=True)
    assert len(started) == 1
    assert 2.0 <= started[0] - first <= 2.5  # the rounds ended once half the work was left
    assert exact.main_optimal(instance, best, bound)


def test_the_branching_group_is_the_count_closest_to_half():
    counts = np.array([2.0, 0.9, 1.4, 3.6, 0.0])
    assert pair_branching.branching_group(counts) == 2  # 0.4 and 0.6 off whole: the first
    assert pair_branching.branching_group(np.array([1.0, 3.0, 0.0])) is None
    assert pair_branching.branching_group(np.array([1.0, 2.0 + 1e-9])) is None  # rounding


def test_the_branch_and_bound_without_work_proves_nothing(monkeypatch):
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    monkeypatch.setattr(tableau_module._Tableau, "add_cuts", lambda self, x: False)
    monkeypatch.setattr(tableau_module, "BRANCH_HIGHS_TABLES", 0)
    model = Model(instance, [])
    with_work, _, _ = tableau_bound(model, pool, 10**12, work.now() + 30, branch=True)
    without, _, tableau = tableau_bound(model, pool, 10**12, work.now() + 30)
    assert with_work > without  # the branch proved more than the relaxation
    value = float(tableau.h.getInfo().objective_function_value)
    lower = np.full(len(tableau.pool), np.inf)
    assert tableau.branch(value, lower, 10**12, work.now() - 1) == (None, None)
    assert not tableau.trimmed  # nothing was changed
    assert tableau.h.getNumRow() > 0


def test_every_table_within_the_gap_joins_the_branch_and_bound(monkeypatch):
    """From a relaxation over some tables with every table priced, the tree holds exactly
    the tables whose reduced cost is within the cutoff's gap (a cheaper pairing can use no
    other), and finds the optimum's main cost."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    best = mip_optimum(instance, pool)
    monkeypatch.setattr(tableau_module._Tableau, "add_cuts", lambda self, x: False)
    monkeypatch.setattr(tableau_module, "BRANCH_HIGHS_TABLES", 0)
    start = heuristic.greedy(instance) or cheapest_pairing(
        Model(instance, []), pool, work.now() + 10
    )
    inside = np.union1d(np.argsort(pool.cost, kind="stable")[:150], pool.rows_of(start))
    # the cuts over levels: some tight, some slack at the relaxation's solution
    model = Model(instance, candidate_cuts(instance))
    _, _, tableau = tableau_bound(model, pool, 10**12, work.now() + 30, inside=inside)
    tolerance = max(1.0, float(np.abs(tableau.pool.cost).max()) * 1e-9)
    priced = tableau.price(PoolCuts(instance, tableau.pool), tolerance, work.now() + 30)
    assert priced is not None
    entering, _, lower = priced
    assert len(entering) == 0  # every table priced
    value = float(tableau.h.getInfo().objective_function_value)
    duals = np.asarray(tableau.h.getSolution().row_dual)
    reduced = tableau.pool.cost - duals @ tableau.columns(tableau.pool)
    target = (instance.main_cost(best) + 3) * instance.mult  # its cutoff: half a unit below
    within = set(np.flatnonzero(reduced <= target - 0.5 - value).tolist())
    before = set(tableau.inside.tolist())
    assert not within <= before  # some must join
    statuses = tableau.h.getBasis().row_status
    basic = [i for i, s in enumerate(statuses) if s == highspy.HighsBasisStatus.kBasic]
    rows = tableau.h.getNumRow()
    found, proved = tableau.branch(value, lower, target, work.now() + 30)
    assert set(tableau.inside.tolist()) == before | within
    # the cuts whose slack was basic left, and only they: every player's row stays
    first_cut = tableau.model.first_cut()
    slack_cuts = [i for i in basic if i >= first_cut]
    assert slack_cuts
    assert tableau.h.getNumRow() == rows - len(slack_cuts)
    assert tableau.trimmed
    with pytest.raises(RuntimeError):
        tableau.add_tables(tableau.pool, np.arange(1))
    assert found is not None
    assert instance.main_cost(cost.cost_of(instance, found)) == instance.main_cost(best)
    assert proved == instance.main_cost(best) * instance.mult


def test_a_run_again_after_bounds_alone_counts_a_lighter_setup():
    """A node of the branch and bound changes columns' bounds only: its run is counted at
    ``RESTART_PER_NONZERO`` a nonzero, not at a whole setup's ``RUN_PER_NONZERO``."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    h = Model(instance, []).highs(all_tables(instance), False)
    h.run()  # solved: a run again takes no iteration
    nonzeros = h.getNumNz()
    with work.metered(10.0):
        start = work.now()
        work.run(h, start + 5, bounds_only=True)
        assert h.getInfo().simplex_iteration_count == 0
        light = work.now() - start
        work.run(h, start + 5)
        whole = work.now() - start - light
    assert light == pytest.approx(work.RUN + work.RESTART_PER_NONZERO * nonzeros)
    assert whole == pytest.approx(work.RUN + work.RUN_PER_NONZERO * nonzeros)


@pytest.mark.parametrize("seed", [4, 8, 11])
@pytest.mark.parametrize("by_highs", [False, True])
def test_the_branch_and_bound_from_the_optimum_proves_it(seed, by_highs, monkeypatch):
    """The target is the optimum's own cost (no pairing is cheaper) or one unit of the
    tie-break above it (the optimum is cheaper in the tie-break only): either way the
    bound proves the optimum's main cost and never passes the optimum; HiGHS's search,
    which closes the tie-break too, finds the optimum where it is cheaper than the target,
    and the search on pairs, which does not, finds nothing."""
    instance, pool, best = branch_case(seed, False, by_highs, monkeypatch)
    ran = []
    original = tableau_module._Tableau._integer_below
    monkeypatch.setattr(
        tableau_module._Tableau,
        "_integer_below",
        lambda self, *args: ran.append(1) or original(self, *args),
    )
    for target in (best, best + 1):
        bound, found, _ = tableau_bound(
            Model(instance, []), pool, target, work.now() + 30, branch=True
        )
        assert bound <= best + 1e-6
        assert exact.main_optimal(instance, best, bound)
        if found is not None:
            assert cost.cost_of(instance, found) < target
            assert cost.cost_of(instance, found) == best
        elif by_highs and target > best:
            pytest.fail("HiGHS's search missed the optimum cheaper in the tie-break")
    assert bool(ran) == by_highs  # (the relaxation is 2–4.5 units short at these seeds)


@pytest.mark.parametrize(
    "status", [highspy.HighsModelStatus.kOptimal, highspy.HighsModelStatus.kInfeasible]
)
def test_a_pairing_highs_keeps_above_its_objective_bound_is_not_taken(status, monkeypatch):
    """HiGHS may keep a pairing above its ``objective_bound`` as its best and still end
    optimal: that pairing is not returned, and the search ending proves only that nothing
    costs less than the cutoff (not the dearer pairing's cost)."""
    event, _ = simulate("carcassonne-cz", 20, 3, seed=8, slice_guard=False, repeats_first=False)
    instance = instance_of(event)
    pool = all_tables(instance)
    _, _, tableau = tableau_bound(Model(instance, []), pool, 10**12, work.now() + 30)
    pairing = heuristic.greedy(instance)
    assert pairing is not None
    above = cost.cost_of(instance, pairing)
    monkeypatch.setattr(tableau_module, "branch_and_bound", lambda *args: (tuple(pairing), status))
    cutoff = above - 10.5  # the pairing HiGHS "found" costs more than the cutoff
    found, proved = tableau._integer_below(cutoff, work.now() + 30, 0.0)
    assert found is None
    assert proved == cutoff + 0.5
