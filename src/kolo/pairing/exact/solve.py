"""The exact method's driver: column generation with lazy cuts, the tableau bound, the integer
program over more and more tables until its solution is proved optimal or the work runs out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import work
from kolo.pairing.cost import cost_of
from kolo.pairing.exact.cuts import (
    FULL_MASTER,
    Cut,
    PoolCuts,
    candidate_cuts,
    odd_cycles,
    violated_cuts,
)
from kolo.pairing.exact.floors import members_sum, seat_floors, setting_floors
from kolo.pairing.exact.master import Master
from kolo.pairing.exact.model import (
    ARTIFICIAL_FACTOR,
    ARTIFICIAL_RAISES,
    Limit,
    Model,
    initial_columns,
)
from kolo.pairing.exact.search import integer_search, main_optimal
from kolo.pairing.exact.select import FloatArray, chosen_tables, lowest_values, smallest_values
from kolo.pairing.exact.tableau import GOMORY_FIRST, tableau_bound
from kolo.pairing.instance import Instance
from kolo.pairing.pool import Pool

MIP_FIRST = 1_000
"""The first integer program over all tables takes this many, those of lowest reduced cost."""


PRUNE_KEPT = 0.8
"""A pool is cut to the tables that can still be in a cheaper pairing only where fewer than
this share of it would be left."""


PRESOLVE_POOL = 1_000_000
"""Pools of more tables than this get HiGHS's presolve in their relaxation (see ``_solve``)."""


REACH_TABLES = (4_000, 16_000, 32_000)
"""The tableau cuts first run over this many tables of lowest reduced cost, alone. (The last
was 48,000: its dense cuts inside HiGHS took 570 MB at 100 players in fours, and with 32,000
ten rounds at 100 and 128 players were all proved where 48,000 proved 8: the work saved
goes to the cuts over all tables. Without 32,000 the largest peak of 40 rounds at 128
players in fours fell from 494 to 363 MB for the same proofs, but the work it leaves went
to integer programs whose root HiGHS bounds by nothing: at 60 players one over 4,001
tables took 10 s where 0.4 work seconds were estimated, and the round met the safety
stop.)"""


REACH_SHARE = 0.25
"""…but only while they are less than this share of the pool."""


REACH_ROUNDS = 8
"""Rounds of cuts in that first run (work, not seconds: the result must not depend on the
machine's speed)."""


@dataclass(frozen=True)
class Prices:
    """Duals of the relaxation's rows (players, table counts, ``limits``, then ``cuts``)."""

    duals: FloatArray
    cuts: tuple[Cut, ...]
    limits: tuple[Limit, ...] = ()


@dataclass(frozen=True)
class Result:
    """What the exact method found."""

    tables: tuple[tuple[int, ...], ...] | None
    """The best pairing found (player indices per table), or None."""
    cost: int | None
    """Its combined cost."""
    bound: float
    """A lower bound on the combined cost of every pairing (−inf if none was proved)."""
    optimal: bool
    infeasible: bool = False
    """The relaxation is infeasible: no pairing obeys the hard rules."""
    prices: Prices | None = None
    """The last relaxation's duals, which bound any pairing (``lower_bounds``)."""


def lower_bounds(instance: Instance, pool: Pool, prices: Prices) -> tuple[FloatArray, float]:
    """A lower bound L on every pairing of the pool's tables (Lagrangian relaxation) and
    for every table an excess r ≥ 0: a pairing that seats the table costs at least L + r
    (r: its reduced cost less its players' floors, ``seat_floors``). Holds for any duals,
    and for pairings under further rows too."""
    model = Model(instance, list(prices.cuts), prices.limits)
    duals = prices.duals.copy()
    first = model.first_limit()
    duals[first:] = np.minimum(duals[first:], 0.0)  # a ≤ row's dual is never positive
    reduced = model.reduced_costs(pool, duals, PoolCuts(instance, pool))
    base = model.dual_value(duals)
    floors = seat_floors(pool, reduced, instance.size)
    return reduced - members_sum(pool, floors), base + float(floors.sum())


def solve(
    instance: Instance,
    pool: Pool,
    *,
    time_limit: float,
    incumbent: Sequence[Sequence[int]] | None = None,
    limits: Sequence[Limit] = (),
    lower: float = -np.inf,
) -> Result:
    """The cheapest pairing from the pool's tables, proved optimal where ``time_limit``
    work seconds allow (``kolo.pairing.work``: a count, not the clock);
    with ``limits``, the cheapest within them (the incumbent must be). ``lower`` is a
    bound already known on every pairing (e.g. without the limits): a pairing that
    reaches it is optimal at once."""
    trace: list[Prices] = []
    result = _solve(instance, pool, time_limit, incumbent, tuple(limits), trace, lower)
    return replace(result, prices=trace[-1]) if trace else result


def _solve(
    instance: Instance,
    pool: Pool,
    time_limit: float,
    incumbent: Sequence[Sequence[int]] | None,
    limits: tuple[Limit, ...],
    trace: list[Prices],
    lower: float,
) -> Result:
    deadline = work.now() + max(0.0, time_limit)
    model = Model(instance, [], limits, _target(instance, lower))
    candidates = candidate_cuts(instance)
    best_tables = tuple(tuple(sorted(t)) for t in incumbent) if incumbent else None
    best_cost = cost_of(instance, best_tables) if best_tables else None
    if best_cost is not None and main_optimal(instance, best_cost, lower):
        return Result(best_tables, best_cost, lower, True)
    if work.stopped() and best_tables is not None:  # the safety stop: no relaxation set up
        return Result(best_tables, best_cost, lower, False)
    tolerance = max(1.0, float(np.abs(pool.cost).max(initial=1)) * 1e-9)
    pool_cuts = PoolCuts(instance, pool)

    active = (
        np.arange(len(pool))
        if len(pool) <= FULL_MASTER
        else initial_columns(instance, pool, best_tables)
    )
    lagrange = lower
    artificial = 2.0 * float(pool.cost.max(initial=0)) + 1.0
    raised = 0
    # Presolve only for a master drawn from a pool of millions of tables (the whole pool
    # of 300 players in threes): its cuts over levels are dense rows that presolve thins,
    # and without it a round's work ran out there before the first bound above zero.
    # Smaller pools go without: over the 34,000 tables of 60 players in threes presolve
    # took two thirds of a first solve of 63 simplex iterations (benchmarks/startup.py),
    # and over ten rounds at 100 and 128 players in fours it proved one round fewer.
    # The same masters write the cuts over levels through level groups (``Master``): at
    # 300 players in threes a tenth of the entries, the rounds 2–6 of an event all proved
    # (3 of 5 before) in a median of 2.3 s; over the pools of 0.3–0.5 million tables of
    # tables of four (60 players; 100 after column generation) it gained nothing.
    huge = len(pool) > PRESOLVE_POOL
    master = Master(
        model,
        pool.take(active),
        artificial,
        deadline,
        presolve=huge,
        grouped=huge,
    )
    while True:
        h = master.run(deadline)
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            return Result(None, None, float("inf"), False, infeasible=True)
        if status != highspy.HighsModelStatus.kOptimal:
            return Result(best_tables, best_cost, lagrange, False)
        values, uncovered = master.values(h)
        value = float(h.getInfo().objective_function_value)
        # Cuts only while the relaxation's value is short of proving the incumbent: once
        # it is enough, only the tables not yet priced stand between it and the proof
        # (cuts that raise it further by a fraction of a unit cost a run each and prove
        # nothing more: at 300 players in threes a third of the round)
        enough = (
            best_cost is not None and uncovered <= 1e-6 and main_optimal(instance, best_cost, value)
        )
        violated = (
            [] if enough else violated_cuts(instance, master.pool, values, candidates, model.cuts)
        )
        if not violated and not enough:
            violated = odd_cycles(instance, master.pool, values, model.cuts)
        if violated and work.now() < deadline:
            master.retire()
            master.add_cuts(violated)
            continue
        duals = master.duals(h)  # ≤ rows: never > 0
        trace.append(Prices(duals, tuple(model.cuts), limits))
        rc = model.reduced_costs(pool, duals, pool_cuts)
        outside = np.ones(len(pool), dtype=np.bool_)
        outside[active] = False
        # Any duals give a bound (Lagrangian relaxation): y·b plus what the tables of a
        # pairing add in reduced cost, at least every player's floor
        # (``seat_floors``; at least the sum of every negative reduced cost). Tables whose
        # reduced cost exceeds the gap between the incumbent and that bound can be in no
        # better pairing: they leave the pool for good.
        floors = seat_floors(pool, rc, instance.size)
        this_bound = model.dual_value(duals) + float(floors.sum())
        lagrange = max(lagrange, this_bound)
        if best_cost is not None and main_optimal(instance, best_cost, lagrange):
            return Result(best_tables, best_cost, lagrange, True)
        if best_cost is not None and len(pool) > FULL_MASTER:
            # a pairing seating T costs at least this_bound + rc(T) − its players' floors
            keep = rc - members_sum(pool, floors) <= best_cost - this_bound + tolerance
            keep[active] = True
            # only where it leaves a good part out: taking 4.25 of 4.4 million tables
            # (and their level groups) took 0.46 s at 300 players in threes for a pricing
            # 4 % cheaper
            if keep.mean() < PRUNE_KEPT:
                position = np.cumsum(keep) - 1
                active = position[active]
                pool, rc = pool.take(keep), rc[keep]
                pool_cuts = pool_cuts.take(keep, pool)  # the level groups and cuts, kept
                outside = outside[keep]
        entering = np.flatnonzero(outside & (rc < -tolerance))
        if len(entering) == 0 and uncovered > 1e-6:
            if raised < ARTIFICIAL_RAISES:
                # limit rows or cuts can make the artificial columns worth their cost
                # although pairings exist: make them dearer and solve again
                raised += 1
                artificial *= ARTIFICIAL_FACTOR
                master.price_artificial(artificial)
                continue
            if best_cost is None:
                # even at a prohibitive cost no table covers what the artificial columns
                # still do: no pairing exists
                return Result(None, None, float("inf"), False, infeasible=True)
            # a pairing is known: the relaxation, artificial columns and all, still bounds
            # every pairing; the integer programs below look for the best
        if len(entering) == 0 or work.now() > deadline:
            break
        # the tables of lowest reduced cost, and every player's dearest-to-miss one (the
        # table setting his floor): the lowest alone may all seat the few players whose
        # duals are furthest off, and the floors of the rest would stay low for passes
        chosen = np.union1d(
            entering[smallest_values(rc[entering], 20 * instance.size)],
            entering[setting_floors(pool.take(entering), rc[entering], floors)],
        )
        master.retire()
        master.add_columns(pool.take(chosen))
        active = np.concatenate([active, chosen])
    if best_cost is not None and main_optimal(instance, best_cost, lagrange):
        return Result(best_tables, best_cost, lagrange, True)
    proven = len(entering) == 0
    # With the last duals, any pairing using a table of reduced cost above delta costs
    # more than this_bound + delta (this holds whether or not the generation finished).
    bound = lagrange
    if proven and uncovered <= 1e-6 and np.all((values < 1e-6) | (values > 1 - 1e-6)):
        tables = chosen_tables(master.pool, values > 0.5)
        return Result(tables, cost_of(instance, tables), bound, True)

    # The integer program: first over the relaxation's own tables, then over the tables of
    # lowest reduced cost, four times more each time. A solution of cost z over the first
    # `count` tables is optimal over all when z ≤ bound + (the next table's reduced cost):
    # any pairing using a table further down costs at least that.
    support: npt.NDArray[np.intp] | None = active[np.flatnonzero(values > 1e-9)]
    count = min(len(pool), MIP_FIRST)
    strengthened = False
    while work.now() < deadline:
        first_pass = support is not None
        if support is not None:
            chosen, support, reach = support, None, -np.inf
        else:
            chosen, reach = lowest_values(rc, count)
        if best_tables:
            chosen = np.union1d(chosen, pool.rows_of(best_tables))
        pairing, status = integer_search(model, pool.take(chosen), deadline, start=best_tables)
        if pairing is not None and (best_cost is None or cost_of(instance, pairing) < best_cost):
            best_tables, best_cost = pairing, cost_of(instance, pairing)
        solved = status == highspy.HighsModelStatus.kOptimal
        if solved and best_cost is not None and best_cost <= this_bound + reach - 1e-6:
            return Result(best_tables, best_cost, bound, True)
        if best_cost is not None and main_optimal(instance, best_cost, bound):
            return Result(best_tables, best_cost, bound, True)
        if len(chosen) == len(pool):
            if status == highspy.HighsModelStatus.kInfeasible and best_cost is None:
                return Result(None, None, float("inf"), False, infeasible=True)
            optimal = solved and best_cost is not None
            final = float(best_cost) if optimal and best_cost is not None else bound
            return Result(best_tables, best_cost, final, optimal)
        if not strengthened and best_tables is not None and best_cost is not None:
            # the integer program over the relaxation's own tables did not prove it:
            # cuts from the simplex tableau
            strengthened = True
            best_tables, best_cost, bound = _strengthen(
                model, pool, pool_cuts, rc, this_bound, bound, best_tables, deadline
            )
            if main_optimal(instance, best_cost, bound):
                return Result(best_tables, best_cost, bound, True)
        if not first_pass:
            count = min(len(pool), 4 * count)
    return Result(best_tables, best_cost, bound, False)


def _strengthen(
    model: Model,
    pool: Pool,
    pool_cuts: PoolCuts,
    rc: FloatArray,
    this_bound: float,
    bound: float,
    incumbent: tuple[tuple[int, ...], ...],
    deadline: float,
) -> tuple[tuple[tuple[int, ...], ...], int, float]:
    """The best pairing and the bound after cuts read off the simplex tableau: first over
    the tables of lowest reduced cost alone, then over all tables (which join while the
    strengthened relaxation's duals price them negative)."""
    instance = model.instance
    best_tables, best_cost = incumbent, cost_of(instance, incumbent)
    # a pairing among the first tables costs at least their bound, one using a table
    # further down at least this_bound + its reduced cost
    for count in REACH_TABLES:
        if count >= REACH_SHARE * len(pool):
            # a good part of the pool: the tableau over all tables below does much the
            # same, and goes on to its branch and bound (at 128 players in fours 32,000 of
            # 32,155 tables took 1.8 s before the same cuts began again over them all)
            break
        lowest, reach = lowest_values(rc, count)
        if (this_bound + reach) // instance.mult < instance.main_cost(best_cost):
            # that could not prove the best pairing optimal: the tableau over all tables
            # and its branch and bound get the work (at 128 players in fours the 32,000
            # tables took 4 work seconds to raise a bound they could not raise enough)
            continue
        chosen = np.union1d(lowest, pool.rows_of(best_tables))
        local, found, _ = tableau_bound(
            model,
            pool.take(chosen),
            best_cost,
            deadline,
            incumbent=best_tables,
            search=True,  # a longer search for a pairing: the reach could prove it optimal
            rounds=REACH_ROUNDS,
        )
        if found is not None and cost_of(instance, found) < best_cost:
            best_tables, best_cost = found, cost_of(instance, found)
        bound = max(bound, min(this_bound + reach, local))
        if main_optimal(instance, best_cost, bound) or work.now() > deadline:
            return best_tables, best_cost, bound
    chosen = np.union1d(lowest_values(rc, GOMORY_FIRST)[0], pool.rows_of(best_tables))
    local, found, tableau = tableau_bound(
        model, pool, best_cost, deadline, pool_cuts, chosen, best_tables, branch=True
    )
    bound = max(bound, local)
    if found is not None and cost_of(instance, found) < best_cost:
        best_tables, best_cost = found, cost_of(instance, found)
    if (
        not main_optimal(instance, best_cost, bound)
        and work.now() < deadline
        and not tableau.trimmed
    ):
        # (after a branch and bound that did not end, the same tables' integer program
        # again would only repeat it)
        found, _ = tableau.integer(best_tables, deadline)
        if found is not None and cost_of(instance, found) < best_cost:
            best_tables, best_cost = found, cost_of(instance, found)
    return best_tables, best_cost, bound


def _target(instance: Instance, lower: float) -> float:
    """The dearest combined cost that is optimal given the bound ``lower`` (the tie-break
    aside): ``main_optimal`` holds for every pairing costing at most this."""
    if not np.isfinite(lower):
        return -np.inf
    return float((int(lower // instance.mult) + 1) * instance.mult) - 0.5
