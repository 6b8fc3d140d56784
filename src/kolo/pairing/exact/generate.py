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
from kolo.pairing.exact.model import Master, Model
from kolo.pairing.exact.select import FloatArray, smallest_values
from kolo.pairing.instance import Instance
from kolo.pairing.pool import Pool, PoolTooLarge, Pricing, all_tables

PASSES = 60
"""Pricing passes at most (work, not seconds): past them the last duals still give a bound
and a pool, only a larger one."""


ENTERING = 20
"""Tables joining the relaxation per pass, per player."""


FIRST = 30
"""Tables of the first relaxation besides the incumbent's, per player."""


@dataclass(frozen=True)
class Generated:
    """The tables a pairing costing at most ``cap`` can use, and the duals that chose them."""

    pool: Pool
    pricing: Pricing
    """The duals; ``pricing.most`` is the largest reduced cost a table of the pool has."""
    base: float
    """y·b + (N − 1)·min(0, min rc): a pairing seating a table of reduced cost r costs at
    least base + r."""
    bound: float
    """y·b + N·min(0, min rc): a lower bound on every pairing's cost."""
    converged: bool
    """No table of negative reduced cost was left: ``bound`` is the relaxation's value."""


def tables_in_reach(
    instance: Instance, pricing: Pricing, base: float, cap: int, limit: int
) -> Pool:
    """Every table a pairing costing at most ``cap`` can seat, given duals whose ``base``
    is as in ``Generated`` (one tie-break unit of slack against rounding)."""
    most = float(cap) - base + _tolerance(cap)
    return all_tables(
        instance,
        max_cost=cap,
        limit=limit,
        pricing=Pricing(pricing.players, pricing.sizes, most),
    )


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
    counts = model.count_rows()
    lower, _ = model.bounds()
    tables_per_pairing = len(instance.sizes) + instance.byes
    tolerance = _tolerance(cap)
    try:
        first = _first_tables(instance, incumbent, cap, limit)
        artificial = 2.0 * float(max(cap, 1)) + 1.0
        master = Master(model, first, artificial, deadline)
        duals = np.zeros(len(lower))
        bound = -np.inf
        base = -np.inf
        converged = False
        for _ in range(PASSES):
            h = master.run(deadline)
            if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                break
            duals = np.asarray(h.getSolution().row_dual, dtype=np.float64)
            pricing = _pricing(instance, counts, duals, -tolerance, ENTERING * n)
            entering = all_tables(instance, max_cost=cap, limit=limit, pricing=pricing)
            work.price(len(entering))
            rc = reduced_costs(instance, counts, entering, duals)
            least = min(0.0, float(rc.min(initial=0.0)))
            constant = float(np.dot(duals, lower))
            if constant + tables_per_pairing * least > bound:
                bound = constant + tables_per_pairing * least
                base = constant + (tables_per_pairing - 1) * least
                best = duals
            if len(entering) == 0:
                converged = True
                break
            if work.now() > deadline:
                break
            chosen = smallest_values(rc, ENTERING * n)
            master.add_columns(entering.take(chosen))
        if not np.isfinite(base):
            return None
        pricing = _pricing(instance, counts, best, 0.0)
        pool = tables_in_reach(instance, pricing, base, cap, limit)
    except PoolTooLarge:
        return None
    most = float(cap) - base + tolerance
    return Generated(pool, Pricing(pricing.players, pricing.sizes, most), base, bound, converged)


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
    instance: Instance,
    counts: dict[int, int],
    duals: FloatArray,
    most: float,
    keep: int | None = None,
) -> Pricing:
    return Pricing(
        np.array(duals[: instance.size], dtype=np.float64),
        {size: float(duals[row]) for size, row in counts.items()},
        most,
        keep,
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
    mine = Pool.of(tables)
    mine = Pool(
        mine.members,
        mine.size,
        np.array([cost_of(instance, [t]) for t in tables], dtype=np.int64),
    )
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


def _tolerance(cap: int) -> float:
    """Slack against rounding in the duals: far below one tie-break unit."""
    return max(1e-6, abs(float(cap)) * 1e-9)
