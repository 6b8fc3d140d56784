"""Column generation without the whole pool: the tables a pairing can use, found by their
reduced cost under the relaxation's duals instead of building every candidate table first.

The restricted relaxation (the players' rows and the count rows) starts from the incumbent's
tables and the cheapest tables for the incumbent's cost shares. Each pass prices *every* valid
table with the relaxation's duals by the same enumeration that builds the pool
(``kolo.pairing.pool``), keeping only those of negative reduced cost — a partial table is
dropped as soon as no completion can make it negative — and the most negative join. When none
is left the relaxation is solved over all tables.

Any duals y bound every pairing P (a pairing seats every player once and has the round's
fixed number N of tables of each size):

    cost(P) = y·b + Σ_{T∈P} rc(T) ≥ y·b + rc(T₀) + (N − 1)·min(0, min_T rc(T))

for each of its tables T₀. So a table whose reduced cost exceeds cap − y·b − (N − 1)·min rc
is in no pairing costing at most ``cap``: the pool handed to the exact method holds only the
others, built by the same enumeration. Memory then grows with the tables kept, not with all
the field's candidate tables; the answer is the same (every pairing as cheap as the incumbent
uses only tables of the pool), and so is every bound proved over it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import highspy
import numpy as np

from kolo.pairing import work
from kolo.pairing.cost import cost_of
from kolo.pairing.exact.cuts import Cut, PoolCuts, candidate_cuts, violated_cuts
from kolo.pairing.exact.floors import seat_floors
from kolo.pairing.exact.master import Master
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.search import main_optimal
from kolo.pairing.exact.select import FloatArray, smallest_values
from kolo.pairing.instance import Instance
from kolo.pairing.level_cuts import LevelCuts
from kolo.pairing.pool import (
    TRIED_LIMIT,
    Pool,
    PoolTooLarge,
    Pricing,
    all_tables,
)

PASSES = 60
"""Pricing passes at most (work, not seconds): past them the last duals still give a bound
and a pool, only a larger one."""


ENTERING = 50
"""Tables joining the relaxation per pass, per player."""


FIRST = 60
"""Tables of the first relaxation per player, besides the incumbent's (which may be among
them): up to this many times the players, those of lowest reduced cost when every
player's dual is his share of his table's cost in the incumbent (at 128 players in fours
often all that price at or below zero there). The more tables from the start, the nearer
the first passes' duals to the relaxation's: over 80 rounds at that size
(docs/benchmarks.md, "2026-11-26, seventh") 60 proved 79 and 76 under 5 s, 30 proved 78 and
70, 100 proved 79 and 77 but took one round of the pairing benchmark's event (seed 3, round
4) from 1.6 s (with 60) to 4.7 s. Measured at 128 players in fours only; at 300 players in
threes the pairing benchmark's proofs and times stayed as they were."""


STALLED = 2
"""Passes in a row whose relaxation's value has not moved, after which a pass prices first at
duals between its own and the best bound's (``SMOOTHING``), Wentges' smoothing (1997). The
relaxation of a pairing is degenerate: at 128 players in fours its value can stay at the
incumbent's cost for passes on end while the tables priced at its duals crowd onto the few
players whose duals are furthest off. Such a pass adds the tables below zero at both points
(or, where none is, prices at its own duals as before); the bound of either point holds.
Passes whose value moves (most) are as before."""
SMOOTHING = 0.5
"""How far towards the best bound's duals a stalled pass prices."""


CLOSE = 0.5
"""Passes stop once the bound is within this many units of the relaxation's value and in
the same whole unit (``_close``)."""
CUT_ROUNDS = 30
"""Rounds of cuts over intervals of point levels at most (work, not seconds)."""


@dataclass(frozen=True)
class Generated:
    """The tables a pairing costing at most ``cap`` can use, and the duals that chose them."""

    pool: Pool
    pricing: Pricing
    """The duals; ``pricing.most`` is the largest reduced cost a table of the pool has."""
    base: float
    """y·b + what the other tables of a pairing add at least (every player's floor, or
    (N − 1)·min(0, min rc)): a pairing seating a table of reduced cost r costs at least
    base + r."""
    bound: float
    """y·b + the floors, or N·min(0, min rc): a lower bound on every pairing's cost."""
    converged: bool
    """No table of negative reduced cost was left: ``bound`` is the relaxation's value."""
    value: float = np.inf
    """The last relaxation's value over the tables generated (with its cuts): where the
    passes stopped as ``_close``, within ``CLOSE`` units of ``bound`` and in the same whole
    unit (they may also stop at the work's end or after ``PASSES``)."""


def tables_in_reach(
    instance: Instance,
    pricing: Pricing,
    base: float,
    cap: int,
    limit: int,
    deadline: float | None = None,
) -> Pool:
    """Every table a pairing costing at most ``cap`` can seat, given duals whose ``base``
    is as in ``Generated`` (one tie-break unit of slack against rounding). With a
    ``deadline``, PoolTooLarge where trying them would take more work than is left."""
    most = float(cap) - base + _tolerance(cap)
    return all_tables(
        instance,
        max_cost=cap,
        limit=limit,
        pricing=Pricing(pricing.players, pricing.sizes, most, cuts=pricing.cuts),
        tried=_tried(deadline),
    )


def _tried(deadline: float | None) -> int:
    """How many partial tables the work left until ``deadline`` lets a pass try."""
    if deadline is None:
        return TRIED_LIMIT
    return max(0, min(TRIED_LIMIT, int(work.left(deadline) / work.TRY_PER_TABLE)))


def generate(
    instance: Instance,
    incumbent: Sequence[Sequence[int]],
    cap: int,
    deadline: float,
    limit: int,
) -> Generated | None:
    """The pool for the exact method by column generation (None: even priced, more tables
    than ``limit``, or the relaxation could not be solved within the work left)."""
    n = instance.size
    model = Model(instance, [])
    tolerance = _tolerance(cap)
    candidates = candidate_cuts(instance)
    try:
        first = _first_tables(instance, incumbent, cap, limit)
        artificial = 2.0 * float(max(cap, 1)) + 1.0
        master = Master(model, first, artificial, deadline)
        best: Pricing | None = None
        bound = -np.inf
        base = -np.inf
        converged = False
        value = np.inf
        rounds = 0
        stalled = 0
        last = np.inf
        centre: tuple[FloatArray, tuple[Cut, ...]] | None = None
        for _ in range(PASSES):
            h = master.run(deadline)
            if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                break
            if rounds < CUT_ROUNDS and work.now() < deadline:
                # the cuts over intervals of point levels: where a score group's size is
                # no multiple of the table's, the plain relaxation is weak
                values, _ = master.values(h)
                violated = violated_cuts(instance, master.pool, values, candidates, model.cuts)
                if violated:
                    rounds += 1
                    master.retire()
                    master.add_cuts(violated)
                    continue
            duals = master.duals(h)  # ≤ rows: never > 0
            value = float(h.getInfo().objective_function_value)
            stalled = stalled + 1 if abs(value - last) <= tolerance else 0
            last = value
            # the pass prices at the relaxation's duals; where its value has not moved for
            # ``STALLED`` passes, first at a point between them and the best bound's duals
            points = [(model, duals)]
            if stalled >= STALLED and centre is not None:
                points.insert(0, _between(model, centre, duals))
            out_of_work = False
            for priced_model, priced_duals in points:
                priced = _price_at(
                    instance, priced_model, priced_duals, cap, limit, deadline, tolerance
                )
                if priced.bound > bound:
                    bound, base, best = priced.bound, priced.base, priced.pricing
                    centre = (priced_duals, tuple(priced_model.cuts))
                entering, rc = priced.tables, priced.reduced
                if priced_model is model:
                    break
                # the tables the relaxation lacks: those below zero at its own duals
                rc = model.reduced_costs(entering, duals, priced.cuts)
                lacking = np.flatnonzero(rc < -tolerance)
                if len(lacking):
                    entering, rc = entering.take(lacking), rc[lacking]
                    break
                # none (the point between was mispriced): priced at its own duals, where
                # the work allows (past it, the bound and pool so far stand)
                out_of_work = work.now() > deadline
                if out_of_work:
                    break
            if out_of_work:
                break
            if len(entering) == 0:
                converged = True
                break
            if _close(instance, bound, value):
                # the relaxation over all tables with the last pass's cuts lies between
                # the two (``bound`` holds whatever cuts its duals came with):
                # more passes would not raise the bound by a whole unit (at 128 players
                # in fours the last three passes took a third of the round's work for
                # 0.01 of a unit). More cuts could still raise the relaxation: a stop
                # that may cost a proof, never a wrong one (the bound holds)
                break
            if work.now() > deadline:
                break
            chosen = smallest_values(rc, ENTERING * n)
            if rounds < CUT_ROUNDS:  # (after the last round of cuts none could come back)
                master.retire()
            master.add_columns(entering.take(chosen))
        if best is None or not np.isfinite(base):
            return None
        if main_optimal(instance, cap, bound):
            # the incumbent is proved optimal: no other table is needed
            pool = _priced(instance, incumbent)
        else:
            pool = tables_in_reach(instance, best, base, cap, limit, deadline)
    except PoolTooLarge:
        return None
    most = float(cap) - base + tolerance
    return Generated(
        pool,
        Pricing(best.players, best.sizes, most, cuts=best.cuts),
        base,
        bound,
        converged,
        value,
    )


@dataclass(frozen=True)
class _Priced:
    """One pricing pass at some duals: the tables below zero there and what they prove."""

    pricing: Pricing
    tables: Pool
    reduced: FloatArray
    """The tables' reduced costs at those duals."""
    cuts: PoolCuts
    """The tables' index for the cuts' coefficients."""
    bound: float
    """y·b + the floors, or as many times the least reduced cost as a pairing has tables."""
    base: float
    """As ``Generated.base``: a pairing seating a table of reduced cost r costs at least
    base + r."""


def _price_at(
    instance: Instance,
    model: Model,
    duals: FloatArray,
    cap: int,
    limit: int,
    deadline: float,
    tolerance: float,
) -> _Priced:
    """Every valid table below zero at the duals (the ``ENTERING`` lowest a player), and the
    bound those duals give (any duals bound every pairing, those between two points too)."""
    n = instance.size
    tables_per_pairing = len(instance.sizes) + instance.byes
    pricing = _pricing(instance, model, duals, -tolerance, ENTERING * n)
    tables = all_tables(
        instance, max_cost=cap, limit=limit, pricing=pricing, tried=_tried(deadline)
    )
    work.price(len(tables))
    cuts = PoolCuts(instance, tables)
    rc = model.reduced_costs(tables, duals, cuts)
    least = min(0.0, float(rc.min(initial=0.0)))
    constant = model.dual_value(duals)
    # a pairing's tables add at least every player's floor (``seat_floors``), or as many
    # times the least reduced cost as it has tables
    floors = np.minimum(seat_floors(tables, rc, n), _unseen(instance, tables, rc, pricing))
    seated = constant + float(floors.sum())
    return _Priced(
        pricing,
        tables,
        rc,
        cuts,
        max(seated, constant + tables_per_pairing * least),
        max(seated, constant + (tables_per_pairing - 1) * least),
    )


def _between(
    model: Model,
    centre: tuple[FloatArray, tuple[Cut, ...]],
    duals: FloatArray,
    share: float = SMOOTHING,
) -> tuple[Model, FloatArray]:
    """The point ``share`` of the way from the duals to the ``centre`` (the duals of the best
    bound so far, with their cuts, over the same rows before the cuts), as a model over both
    points' cuts and its duals (a cut in both: its two duals' weighted sum; a cut whose sum is
    0 left out)."""
    centre_duals, centre_cuts = centre
    first = model.first_cut()
    weights: dict[Cut, float] = {}
    for cuts, cut_duals, weight in (
        (centre_cuts, centre_duals[first:], share),
        (model.cuts, duals[first:], 1.0 - share),
    ):
        for cut, dual in zip(cuts, cut_duals, strict=True):
            weights[cut] = weights.get(cut, 0.0) + weight * float(dual)
    weights = {cut: dual for cut, dual in weights.items() if dual != 0.0}  # the rest add nothing
    # the rows before the cuts (players', counts, limits) are the same at both points
    rows = share * centre_duals[:first] + (1.0 - share) * duals[:first]
    between = np.concatenate([rows, np.fromiter(weights.values(), np.float64, len(weights))])
    return Model(model.instance, list(weights), model.limits), between


def _close(instance: Instance, bound: float, value: float) -> bool:
    """Whether the bound is within ``CLOSE`` units of the relaxation's value and in the same
    whole unit (the proofs compare whole units: ``main_optimal``)."""
    mult = instance.mult
    return value - bound < CLOSE * mult and int(bound // mult) == int(value // mult)


def _unseen(instance: Instance, entering: Pool, rc: FloatArray, pricing: Pricing) -> float:
    """The least reduced cost per seat of a table the pricing did not return: above
    ``most``, or where only the ``keep`` lowest of a size were kept, at least the highest of
    those."""
    least = 0.0
    sizes = set(instance.sizes) | ({1} if instance.byes else set())
    for size in sizes:
        mine = entering.size == size
        cut = pricing.keep is not None and size > 1 and int(mine.sum()) >= pricing.keep
        threshold = float(rc[mine].max()) if cut else pricing.most
        least = min(least, threshold / size)
    return least


def reduced_costs(
    instance: Instance, counts: dict[int, int], pool: Pool, duals: FloatArray
) -> FloatArray:
    """The pool's reduced costs for the duals of the players' rows and the count rows."""
    players = np.append(duals[: instance.size], 0.0)  # index -1: an empty place
    rc: FloatArray = pool.cost.astype(np.float64)
    for column in range(pool.members.shape[1]):
        rc -= players[pool.members[:, column]]
    for size, row in counts.items():
        rc -= np.where(pool.size == size, duals[row], 0.0)
    return rc


def _pricing(
    instance: Instance, model: Model, duals: FloatArray, most: float, keep: int | None = None
) -> Pricing:
    """The duals as a pricing of the enumeration (the model's cuts are all over levels)."""
    cuts = model.cuts
    first = model.first_cut()
    level_cuts = (
        LevelCuts(
            np.array([c.low for c in cuts], dtype=np.int64),
            np.array([c.high for c in cuts], dtype=np.int64),
            np.array([c.multiplier for c in cuts], dtype=np.int64),
            np.array([c.divisor for c in cuts], dtype=np.int64),
            np.minimum(duals[first : first + len(cuts)], 0.0),
        )
        if cuts
        else None
    )
    return Pricing(
        np.array(duals[: instance.size], dtype=np.float64),
        {size: float(duals[row]) for size, row in model.count_rows().items()},
        most,
        keep,
        level_cuts,
    )


def _first_tables(
    instance: Instance, incumbent: Sequence[Sequence[int]], cap: int, limit: int
) -> Pool:
    """The incumbent's tables and the tables of lowest reduced cost when each player's dual is
    his share of his table's cost in the incumbent (its tables then price at zero)."""
    shares = np.zeros(instance.size, dtype=np.float64)
    tables = [tuple(sorted(t)) for t in incumbent]
    for table in tables:
        shares[list(table)] = cost_of(instance, [table]) / len(table)
    mine = _priced(instance, tables)
    cheap = all_tables(
        instance, max_cost=cap, limit=limit, pricing=Pricing(shares, {}, _tolerance(cap))
    )
    counts = Model(instance, []).count_rows()
    duals = np.concatenate([shares, np.zeros(len(counts))])
    rc = reduced_costs(instance, counts, cheap, duals)
    chosen = cheap.take(np.sort(smallest_values(rc, FIRST * instance.size)))
    width = max(mine.members.shape[1], chosen.members.shape[1])
    both = Pool.concat([mine, chosen], width)
    _, unique = np.unique(both.members, axis=0, return_index=True)
    return both.take(np.sort(unique))


def _priced(instance: Instance, tables: Sequence[Sequence[int]]) -> Pool:
    """The given tables as a pool, with their costs."""
    pool = Pool.of([tuple(sorted(t)) for t in tables])
    costs = np.array([cost_of(instance, [t]) for t in tables], dtype=np.int64)
    return Pool(pool.members, pool.size, costs)


def _tolerance(cap: int) -> float:
    """Slack against rounding in the duals: far below one tie-break unit."""
    return max(1e-6, abs(float(cap)) * 1e-9)
