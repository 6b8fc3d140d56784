"""The exact method: set partitioning over candidate tables, solved with HiGHS.

Every candidate table is a 0/1 column; every player's row says "seated exactly once";
count rows fix how many smaller tables (and byes) the round has. The linear relaxation is
strengthened by Chvátal–Gomory cuts of the players' rows:

* over intervals S of point levels: for a table size k and u = 1…k−1,
  Σ_T ⌊u·|T∩S|/k⌋·x_T ≤ ⌊u·|S|/k⌋. They encode that a score group whose size k does not
  divide must send players to mixed tables, which is exactly where the relaxation of this
  problem is weak; with them its bound meets the optimum on most fields we measured;
* {0, ½}-cuts over the players S shared along an odd cycle of fractional tables:
  Σ_T ⌊|T∩S|/2⌋·x_T ≤ (|S|−1)/2. They forbid the halves of tables the relaxation of
  tables of four otherwise combines across two score groups.

Violated cuts are added lazily, and tables enter by column generation when the pool is
large.

Chvátal–Gomory cuts read off the simplex tableau then raise the bound further
(``_tableau_bound``): first over a fixed set of the tables of lowest reduced cost (any
pairing either lies among them or uses one further down, which costs at least its reduced
cost more), then over all tables, which join while the strengthened relaxation's duals
price them below zero.

The integer program then runs over the tables of lowest reduced cost, more of them each
time: a solution of cost z found there is optimal over all tables when z ≤ bound + the
reduced cost of the first table left out, because any pairing using that table or one
further down costs at least that much.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import work
from kolo.pairing.instance import BoolArray, Instance, IntArray
from kolo.pairing.pool import Pool

FloatArray = npt.NDArray[np.float64]

DENSE_KEYS = 4_000_000
"""Level groups are numbered through a table of this many keys at most."""
FULL_MASTER = 80_000
"""Pools up to this size go into the relaxation whole; larger ones by column generation."""
ARTIFICIAL_FACTOR = 1000.0
"""How much dearer the artificial columns become when they still cover rows at the end."""
ARTIFICIAL_RAISES = 2
"""Raises of their cost after which, with no pairing known, none exists."""
MIP_FIRST = 1_000
"""The first integer program over all tables takes this many, those of lowest reduced cost."""
CUTS_PER_ROUND = 40
"""At most this many violated cuts join the relaxation at a time."""


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


@dataclass(frozen=True)
class Limit:
    """A further row: Σ_T values(T)·x_T ≤ most (the slice guard's counts)."""

    values: Callable[[Pool], IntArray]
    """Every table's coefficient, for any pool."""
    most: int


@dataclass(frozen=True)
class Prices:
    """Duals of the relaxation's rows (players, table counts, ``limits``, then ``cuts``)."""

    duals: FloatArray
    cuts: tuple[Cut, ...]
    limits: tuple[Limit, ...] = ()


def lower_bounds(instance: Instance, pool: Pool, prices: Prices) -> tuple[FloatArray, float]:
    """Reduced costs of the pool's tables and a lower bound L on every pairing of them
    (Lagrangian relaxation): a pairing that seats a table of reduced cost r ≥ 0 costs at
    least L + r. Holds for any duals, and for pairings under further rows too."""
    model = _Model(instance, list(prices.cuts), prices.limits)
    lower, upper = model.bounds()
    duals = prices.duals.copy()
    first = model.first_limit()
    duals[first:] = np.minimum(duals[first:], 0.0)  # a ≤ row's dual is never positive
    reduced = model.reduced_costs(pool, duals, _PoolCuts(instance, pool))
    rhs = np.where(duals > 0, lower, upper)
    base = float(np.dot(duals, np.where(np.isfinite(rhs), rhs, 0.0)))
    return reduced, base + float(np.minimum(reduced, 0.0).sum())


@dataclass(frozen=True)
class Cut:
    """Σ_T ⌊multiplier·|T ∩ S|/divisor⌋·x_T ≤ rhs, a Chvátal–Gomory cut of the players'
    rows over a set S of players: those with levels low..high, or the given ``players``."""

    multiplier: int
    divisor: int
    rhs: int
    low: int = 0
    high: int = -1
    players: tuple[int, ...] = ()


def candidate_cuts(instance: Instance) -> list[Cut]:
    """Every interval cut that can be violated (those whose count k does not divide)."""
    k = instance.normal_size
    if k < 2 or instance.size == 0:
        return []
    levels = int(instance.level.max()) + 1
    per_level = np.bincount(instance.level, minlength=levels)
    cuts = []
    for low in range(levels):
        inside = 0
        for high in range(low, levels):
            inside += int(per_level[high])
            if per_level[high] == 0 and high > low:
                continue  # same players as a shorter interval
            for u in range(1, k):
                if (u * inside) % k:
                    cuts.append(Cut(u, k, (u * inside) // k, low, high))
    return cuts


def member_levels(instance: Instance, pool: Pool) -> IntArray:
    """Every table's players' levels (-1 for an empty place)."""
    levels = np.append(instance.level, -1)  # index -1: an empty place
    result: IntArray = np.empty(pool.members.shape, dtype=np.int64)
    for j, column in enumerate(pool.columns):
        result[:, j] = np.take(levels, column)
    return result


def cut_coefficients(instance: Instance, pool: Pool, cut: Cut) -> IntArray:
    """The cut's coefficient for every table of the pool."""
    if cut.players:
        return _player_coefficients(instance, pool, cut)
    return _coefficients(member_levels(instance, pool), cut)


def _coefficients(levels: IntArray, cut: Cut) -> IntArray:
    inside = ((levels >= cut.low) & (levels <= cut.high)).sum(axis=1)
    result: IntArray = (cut.multiplier * inside) // cut.divisor
    return result


def _player_coefficients(instance: Instance, pool: Pool, cut: Cut) -> IntArray:
    chosen = np.zeros(instance.size + 1, dtype=np.int64)  # index -1: an empty place
    chosen[list(cut.players)] = 1
    inside = np.zeros(len(pool), dtype=np.int64)
    for column in pool.columns:
        inside += np.take(chosen, column)
    result: IntArray = (cut.multiplier * inside) // cut.divisor
    return result


@dataclass(frozen=True)
class _LevelIndex:
    """A large pool's tables grouped by the multiset of their players' levels: cut
    coefficients are computed once per group (a few thousand) instead of per table."""

    groups: IntArray
    """One row of sorted levels per group."""
    inverse: npt.NDArray[np.intp]
    """The group of every table of the pool."""

    @classmethod
    def of(cls, instance: Instance, pool: Pool) -> _LevelIndex:
        levels = np.sort(member_levels(instance, pool), axis=1)
        base = int(instance.level.max(initial=0)) + 2
        keys = np.zeros(len(levels), dtype=np.int64)
        for column in range(levels.shape[1]):
            keys = keys * base + (levels[:, column] + 1)
        space = base ** levels.shape[1]
        if space > DENSE_KEYS:
            _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            return cls(levels[first], inverse.reshape(-1))
        # few possible keys: number them through a table instead of sorting millions
        present = np.zeros(space, dtype=np.bool_)
        present[keys] = True
        number = np.cumsum(present) - 1
        inverse = number[keys]
        first = np.zeros(int(present.sum()), dtype=np.intp)
        first[inverse[::-1]] = np.arange(len(keys) - 1, -1, -1)  # first table per key
        return cls(levels[first], inverse)


class _Master:
    """The relaxation over the tables generated so far, kept in one HiGHS model so that
    every solve starts from the previous basis: tables and cuts are appended to it."""

    def __init__(self, model: _Model, pool: Pool, artificial: float, deadline: float) -> None:
        self.model = model
        self.pool = pool
        self.highs = model.highs(pool, False, artificial)
        self.equalities = model.instance.size + len(model.count_rows())
        self._added = 0
        """Tables appended after the artificial columns."""

    def run(self, deadline: float) -> highspy.Highs:
        work.run(self.highs, deadline)
        return self.highs

    def price_artificial(self, cost: float) -> None:
        """Give the artificial columns a new cost."""
        first = len(self.pool) - self._added
        positions = np.arange(first, first + self.equalities, dtype=np.int32)
        self.highs.changeColsCost(len(positions), positions, np.full(len(positions), cost))

    def values(self, h: highspy.Highs) -> tuple[FloatArray, float]:
        """The tables' values (in pool order) and how much the artificial columns cover."""
        solution = np.asarray(h.getSolution().col_value)
        first = len(self.pool) - self._added
        artificial = solution[first : first + self.equalities]
        tables = np.concatenate([solution[:first], solution[first + self.equalities :]])
        return tables, float(artificial.sum())

    def add_cuts(self, cuts: list[Cut]) -> None:
        instance = self.model.instance
        columns = self._column_positions()
        starts, indices, values = [0], [], []
        for cut in cuts:
            coefficient = cut_coefficients(instance, self.pool, cut)
            chosen = np.flatnonzero(coefficient)
            indices.append(columns[chosen])
            values.append(coefficient[chosen].astype(np.float64))
            starts.append(starts[-1] + len(chosen))
        self.highs.addRows(
            len(cuts),
            np.full(len(cuts), -highspy.kHighsInf),
            np.array([float(c.rhs) for c in cuts]),
            starts[-1],
            np.array(starts[:-1], dtype=np.int32),
            np.concatenate(indices).astype(np.int32) if indices else np.zeros(0, np.int32),
            np.concatenate(values) if values else np.zeros(0),
        )
        self.model.cuts += cuts

    def add_columns(self, tables: Pool) -> None:
        instance = self.model.instance
        model = self.model
        counts = model.count_rows()
        first_cut = model.first_cut()
        first_limit = model.first_limit()
        cut_values = [cut_coefficients(instance, tables, cut) for cut in model.cuts]
        limit_values = [limit.values(tables) for limit in model.limits]
        starts, indices, values = [0], [], []
        for j in range(len(tables)):
            rows = [int(p) for p in tables.members[j] if p >= 0]
            coefficients = [1.0] * len(rows)
            row = counts.get(int(tables.size[j]))
            if row is not None:
                rows.append(row)
                coefficients.append(1.0)
            for number, limit in enumerate(limit_values):
                if limit[j]:
                    rows.append(first_limit + number)
                    coefficients.append(float(limit[j]))
            for number, cut in enumerate(cut_values):
                if cut[j]:
                    rows.append(first_cut + number)
                    coefficients.append(float(cut[j]))
            indices.extend(rows)
            values.extend(coefficients)
            starts.append(len(indices))
        self.highs.addCols(
            len(tables),
            tables.cost.astype(np.float64),
            np.zeros(len(tables)),
            np.ones(len(tables)),
            len(indices),
            np.array(starts[:-1], dtype=np.int32),
            np.array(indices, dtype=np.int32),
            np.array(values),
        )
        self.pool = Pool.concat([self.pool, tables], self.pool.members.shape[1])
        self._added += len(tables)

    def _column_positions(self) -> npt.NDArray[np.int64]:
        """The HiGHS column of every table of the master's pool."""
        n = len(self.pool)
        first = n - self._added
        positions = np.arange(n, dtype=np.int64)
        positions[first:] += self.equalities
        return positions


@dataclass
class _Model:
    """The rows shared by the relaxation and the integer programs."""

    instance: Instance
    cuts: list[Cut]
    limits: tuple[Limit, ...] = ()
    target: float = -np.inf
    """The integer programs stop at a pairing costing at most this: one that reaches a
    bound known already (``solve``'s ``lower``)."""

    def first_limit(self) -> int:
        """The row of the first limit (the rows before are equalities)."""
        return self.instance.size + len(self.count_rows())

    def first_cut(self) -> int:
        """The row of the first cut."""
        return self.first_limit() + len(self.limits)

    def count_rows(self) -> dict[int, int]:
        """Table size → its counting row (smaller tables, byes)."""
        instance = self.instance
        sizes = list(instance.sizes) + [1] * instance.byes
        distinct = sorted(set(sizes))
        rows: dict[int, int] = {}
        for size in distinct:
            if size == instance.normal_size and len(distinct) > 1:
                continue  # fixed by the others and the players' rows
            if len(distinct) > 1 or size != instance.normal_size:
                rows[size] = instance.size + len(rows)
        return rows

    def bounds(self) -> tuple[FloatArray, FloatArray]:
        instance = self.instance
        sizes = list(instance.sizes) + [1] * instance.byes
        counts = self.count_rows()
        lower = [1.0] * instance.size + [float(sizes.count(s)) for s in counts]
        upper = list(lower)
        lower += [-np.inf] * len(self.limits)
        upper += [float(limit.most) for limit in self.limits]
        lower += [-np.inf] * len(self.cuts)
        upper += [float(c.rhs) for c in self.cuts]
        return np.array(lower), np.array(upper)

    def highs(
        self,
        pool: Pool,
        integer: bool,
        artificial_cost: float | None = None,
    ) -> highspy.Highs:
        """A HiGHS model of the pool's tables; with ``artificial_cost``, one more column
        per equality row at that cost keeps the relaxation feasible while tables are
        still missing from it."""
        instance = self.instance
        counts = self.count_rows()
        members = pool.members
        filled = members >= 0
        rows: list[npt.NDArray[np.integer[Any]]] = [members[filled]]
        cols: list[npt.NDArray[np.integer[Any]]] = [
            np.repeat(np.arange(len(pool)), filled.sum(axis=1))
        ]
        values: list[FloatArray] = [np.ones(int(filled.sum()))]
        for size, row in counts.items():
            chosen = np.flatnonzero(pool.size == size)
            rows.append(np.full(len(chosen), row))
            cols.append(chosen)
            values.append(np.ones(len(chosen)))
        for number, limit in enumerate(self.limits):
            coefficient = limit.values(pool)
            chosen = np.flatnonzero(coefficient)
            rows.append(np.full(len(chosen), self.first_limit() + number))
            cols.append(chosen)
            values.append(coefficient[chosen].astype(np.float64))
        first_cut = self.first_cut()
        for number, cut in enumerate(self.cuts):
            coefficient = cut_coefficients(instance, pool, cut)
            chosen = np.flatnonzero(coefficient)
            rows.append(np.full(len(chosen), first_cut + number))
            cols.append(chosen)
            values.append(coefficient[chosen].astype(np.float64))
        costs = pool.cost.astype(np.float64)
        columns = len(pool)
        if artificial_cost is not None:
            equalities = instance.size + len(counts)
            rows.append(np.arange(equalities))
            cols.append(np.arange(columns, columns + equalities))
            values.append(np.ones(equalities))
            costs = np.concatenate([costs, np.full(equalities, artificial_cost)])
            columns += equalities
        r = np.concatenate(rows).astype(np.int64)
        work.price(0, 8 * len(r))  # building the model
        c = np.concatenate(cols).astype(np.int64)
        v = np.concatenate(values)
        order = np.lexsort((r, c))
        lower, upper = self.bounds()
        lp = highspy.HighsLp()
        lp.num_col_ = columns
        lp.num_row_ = len(lower)
        lp.col_cost_ = costs
        lp.col_lower_ = np.zeros(columns)
        lp.col_upper_ = np.ones(columns)
        lp.row_lower_ = lower
        lp.row_upper_ = upper
        lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
        lp.a_matrix_.start_ = np.searchsorted(c[order], np.arange(columns + 1))
        lp.a_matrix_.index_ = r[order]
        lp.a_matrix_.value_ = v[order]
        if integer:
            lp.integrality_ = [highspy.HighsVarType.kInteger] * columns
        h = work.new_highs()
        h.setOptionValue("threads", 1)  # one thread: the same input gives the same result
        h.setOptionValue("random_seed", 0)
        if integer and np.isfinite(self.target):
            h.setOptionValue("objective_target", self.target)
        h.passModel(lp)
        return h

    def reduced_costs(self, pool: Pool, duals: FloatArray, cuts: _PoolCuts) -> FloatArray:
        """Reduced cost of every table of the pool for the relaxation's duals."""
        instance = self.instance
        player_duals = np.append(duals[: instance.size], 0.0)  # index -1: an empty place
        work.price(len(pool))
        rc: FloatArray = pool.cost.astype(np.float64)
        for column in pool.columns:
            rc -= np.take(player_duals, column)
        counts = self.count_rows()
        for size, row in counts.items():
            rc -= np.where(pool.size == size, duals[row], 0.0)
        for number, limit in enumerate(self.limits):
            rc -= duals[self.first_limit() + number] * limit.values(pool)
        cuts.subtract(rc, self.cuts, duals[self.first_cut() :])
        return rc


class _PoolCuts:
    """Cut coefficients over one pool, each computed once: cuts over levels through the
    level groups of a large pool, cuts over players as their few nonzero entries."""

    def __init__(
        self,
        instance: Instance,
        pool: Pool,
        levels: _LevelIndex | None = None,
        keep: BoolArray | None = None,
    ) -> None:
        self.instance = instance
        self.pool = pool
        self.levels: _LevelIndex | None = None
        if len(pool) > FULL_MASTER:
            work.price(len(pool))
            self.levels = (
                _LevelIndex(levels.groups, levels.inverse[keep])
                if levels is not None and keep is not None
                else _LevelIndex.of(instance, pool)
            )
        self.sparse: dict[Cut, tuple[npt.NDArray[np.intp], IntArray]] = {}

    def subtract(self, rc: FloatArray, cuts: list[Cut], duals: FloatArray) -> None:
        """rc −= Σ dual × the cut's coefficients over the cuts."""
        self._prepare([cut for cut, dual in zip(cuts, duals, strict=True) if dual and cut.players])
        by_group = np.zeros(len(self.levels.groups)) if self.levels is not None else None
        for cut, dual in zip(cuts, duals, strict=True):
            if not dual:
                continue
            if cut.players:
                rows, values = self.sparse[cut]
                rc[rows] -= dual * values
            elif self.levels is not None and by_group is not None:
                by_group += dual * _coefficients(self.levels.groups, cut)
            else:
                rc -= dual * cut_coefficients(self.instance, self.pool, cut)
        if self.levels is not None and by_group is not None and by_group.any():
            rc -= by_group[self.levels.inverse]

    def _prepare(self, cuts: list[Cut]) -> None:
        """The nonzero coefficients of {0, ½}-cuts over players, 64 cuts in one pass over
        the pool: each player carries a bit per cut, and a bit-sliced counter adds the bits
        of a table's players (⌊count/2⌋ is then the counter's upper planes)."""
        missing = [cut for cut in dict.fromkeys(cuts) if cut not in self.sparse]
        for first in range(0, len(missing), 64):
            batch = missing[first : first + 64]
            assert all(c.multiplier == 1 and c.divisor == 2 for c in batch)
            # the narrowest integers that hold a bit per cut: less memory to stream
            kind = next(
                t
                for t in (np.uint8, np.uint16, np.uint32, np.uint64)
                if np.iinfo(t).bits >= len(batch)
            )
            bits: npt.NDArray[Any] = np.zeros(self.instance.size + 1, dtype=kind)  # -1: empty
            for number, cut in enumerate(batch):
                bits[list(cut.players)] |= kind(1 << number)
            ones: npt.NDArray[Any] = np.zeros(len(self.pool), dtype=kind)
            twos = np.zeros_like(ones)
            fours = np.zeros_like(ones)
            for column in self.pool.columns:
                x = np.take(bits, column)
                carry = ones & x
                ones ^= x
                fours |= twos & carry
                twos ^= carry
            rows = np.flatnonzero(twos | fours)
            twos, fours = twos[rows], fours[rows]
            for number, cut in enumerate(batch):
                bit = kind(1 << number)
                coefficient = ((twos & bit) != 0).astype(np.int64) + 2 * ((fours & bit) != 0)
                inside = np.flatnonzero(coefficient)
                self.sparse[cut] = (rows[inside], coefficient[inside])

    def take(self, keep: BoolArray, pool: Pool) -> _PoolCuts:
        """The same for the pool's tables where ``keep`` holds (``pool``: those tables)."""
        result = _PoolCuts(self.instance, pool, self.levels, keep)
        position = np.cumsum(keep) - 1
        for cut, (rows, values) in self.sparse.items():
            kept = keep[rows]
            result.sparse[cut] = (position[rows[kept]], values[kept])
        return result


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
    model = _Model(instance, [], limits, _target(instance, lower))
    candidates = candidate_cuts(instance)
    best_tables = tuple(tuple(sorted(t)) for t in incumbent) if incumbent else None
    best_cost = _cost_of(instance, best_tables) if best_tables else None
    if best_cost is not None and main_optimal(instance, best_cost, lower):
        return Result(best_tables, best_cost, lower, True)
    if work.stopped() and best_tables is not None:  # the safety stop: no relaxation set up
        return Result(best_tables, best_cost, lower, False)
    tolerance = max(1.0, float(np.abs(pool.cost).max(initial=1)) * 1e-9)
    pool_cuts = _PoolCuts(instance, pool)

    active = (
        np.arange(len(pool))
        if len(pool) <= FULL_MASTER
        else _initial_columns(instance, pool, best_tables)
    )
    lagrange = lower
    artificial = 2.0 * float(pool.cost.max(initial=0)) + 1.0
    raised = 0
    master = _Master(model, pool.take(active), artificial, deadline)
    while True:
        h = master.run(deadline)
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            return Result(None, None, float("inf"), False, infeasible=True)
        if status != highspy.HighsModelStatus.kOptimal:
            return Result(best_tables, best_cost, lagrange, False)
        values, uncovered = master.values(h)
        violated = _violated(instance, master.pool, values, candidates, model.cuts)
        if not violated:
            violated = _odd_cycles(instance, master.pool, values, model.cuts)
        if violated and work.now() < deadline:
            master.add_cuts(violated)
            continue
        duals = np.asarray(h.getSolution().row_dual)
        trace.append(Prices(duals, tuple(model.cuts), limits))
        rc = model.reduced_costs(pool, duals, pool_cuts)
        outside = np.ones(len(pool), dtype=np.bool_)
        outside[active] = False
        # Any duals give a bound (Lagrangian relaxation): the master's value plus every
        # negative reduced cost outside it. Tables whose reduced cost exceeds the gap
        # between the incumbent and that bound can be in no better pairing: they leave
        # the pool for good.
        this_bound = float(h.getInfo().objective_function_value) + float(
            rc[outside & (rc < 0)].sum()
        )
        lagrange = max(lagrange, this_bound)
        if best_cost is not None and main_optimal(instance, best_cost, lagrange):
            return Result(best_tables, best_cost, lagrange, True)
        if best_cost is not None and len(pool) > FULL_MASTER:
            keep = rc <= best_cost - this_bound + tolerance
            keep[active] = True
            if not keep.all():
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
        chosen = entering[_smallest(rc[entering], 20 * instance.size)]
        master.add_columns(pool.take(chosen))
        active = np.concatenate([active, chosen])
    if best_cost is not None and main_optimal(instance, best_cost, lagrange):
        return Result(best_tables, best_cost, lagrange, True)
    proven = len(entering) == 0
    # With the last duals, any pairing using a table of reduced cost above delta costs
    # more than this_bound + delta (this holds whether or not the generation finished).
    bound = lagrange
    if proven and uncovered <= 1e-6 and np.all((values < 1e-6) | (values > 1 - 1e-6)):
        tables = _tables(master.pool, values > 0.5)
        return Result(tables, _cost_of(instance, tables), bound, True)

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
            chosen, reach = _lowest(rc, count)
        if best_tables:
            chosen = np.union1d(chosen, pool.rows_of(best_tables))
        pairing, status = _integer(model, pool.take(chosen), deadline, start=best_tables)
        if pairing is not None and (best_cost is None or _cost_of(instance, pairing) < best_cost):
            best_tables, best_cost = pairing, _cost_of(instance, pairing)
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
    model: _Model,
    pool: Pool,
    pool_cuts: _PoolCuts,
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
    best_tables, best_cost = incumbent, _cost_of(instance, incumbent)
    # a pairing among the first tables costs at least their bound, one using a table
    # further down at least this_bound + its reduced cost
    for count in REACH_TABLES:
        lowest, reach = _lowest(rc, count)
        if (this_bound + reach) // instance.mult <= bound // instance.mult:
            continue  # that could not prove more
        chosen = np.union1d(lowest, pool.rows_of(best_tables))
        local, found, _ = _tableau_bound(
            model,
            pool.take(chosen),
            best_cost,
            deadline,
            incumbent=best_tables,
            # a longer search for a pairing only where the reach could prove it optimal
            search=(this_bound + reach) // instance.mult >= instance.main_cost(best_cost),
            rounds=REACH_ROUNDS,
        )
        if found is not None and _cost_of(instance, found) < best_cost:
            best_tables, best_cost = found, _cost_of(instance, found)
        bound = max(bound, min(this_bound + reach, local))
        if main_optimal(instance, best_cost, bound) or work.now() > deadline:
            return best_tables, best_cost, bound
    chosen = np.union1d(_lowest(rc, GOMORY_FIRST)[0], pool.rows_of(best_tables))
    local, found, tableau = _tableau_bound(
        model, pool, best_cost, deadline, pool_cuts, chosen, best_tables
    )
    bound = max(bound, local)
    if found is not None and _cost_of(instance, found) < best_cost:
        best_tables, best_cost = found, _cost_of(instance, found)
    if not main_optimal(instance, best_cost, bound) and work.now() < deadline:
        found, _ = tableau.integer(best_tables, deadline)
        if found is not None and _cost_of(instance, found) < best_cost:
            best_tables, best_cost = found, _cost_of(instance, found)
    return best_tables, best_cost, bound


REACH_TABLES = (4_000, 16_000, 48_000)
"""The tableau cuts first run over this many tables of lowest reduced cost, alone."""
REACH_ROUNDS = 8
"""Rounds of cuts in that first run (work, not seconds: the result must not depend on the
machine's speed)."""
GOMORY_FIRST = 4_000
"""The tableau cuts start from this many tables of lowest reduced cost."""
GOMORY_CUTS = 50
"""At most this many tableau cuts join the relaxation at a time."""
GOMORY_ENTER = 2_000
"""At most this many tables join the tableau's relaxation at a time."""
INTEGER_NODES = 500
"""Branch-and-bound nodes for the tableau's integer program once its bound stalls."""
SUPPORT_NODES = 100
"""Branch-and-bound nodes for the integer program over the relaxation's own tables."""
STALL = 4
"""Rounds of tableau cuts that hardly raise the bound before they stop."""
PRICE_CHUNK = 20_000
"""Tables priced with the tableau cuts at a time."""
GRID = 1024
"""Tableau multipliers are rounded to multiples of 1/GRID: every sum is then exact."""


def _cut_rows(
    instance: Instance, tables: Pool, cuts: list[Cut], out: FloatArray | None = None
) -> FloatArray:
    """Every cut's coefficient of every table (cuts × tables), the same as
    ``cut_coefficients``: the members a table has in a cut's set (0 to its width) are
    counted for all cuts at once, in bytes, then looked up in each cut's
    ⌊multiplier·k/divisor⌋ (written into ``out`` where given)."""
    width = tables.members.shape[1]
    counts = np.arange(width + 1)
    multiplier = np.array([c.multiplier for c in cuts], dtype=np.int64)[:, None]
    divisor = np.array([c.divisor for c in cuts], dtype=np.int64)[:, None]
    lookup = ((multiplier * counts) // divisor).astype(np.float64).ravel()
    inside = np.empty((len(cuts), len(tables)), dtype=np.int8)
    by_levels = [n for n, cut in enumerate(cuts) if not cut.players]
    if by_levels:
        # below[l, t]: the members of table t whose level is below l
        top = int(instance.level.max(initial=0)) + 1
        levels = member_levels(instance, tables)
        place = np.nonzero(levels >= 0)
        per_level = np.bincount(
            levels[place] * len(tables) + place[0], minlength=top * len(tables)
        ).reshape(top, len(tables))
        below = np.zeros((top + 1, len(tables)), dtype=np.int8)
        np.cumsum(per_level, axis=0, out=below[1:])
        low = np.array([cuts[n].low for n in by_levels])
        high = np.minimum(np.array([cuts[n].high for n in by_levels]), top - 1)
        inside[by_levels] = below[high + 1] - below[np.minimum(low, top)]
    by_players = [n for n, cut in enumerate(cuts) if cut.players]
    if by_players:
        member = np.zeros((len(by_players), instance.size + 1), dtype=np.int8)  # -1: empty
        for row, n in enumerate(by_players):
            member[row, list(cuts[n].players)] = 1
        count = np.zeros((len(by_players), len(tables)), dtype=np.int8)
        for column in tables.columns:
            count += np.take(member, column, axis=1)
        inside[by_players] = count
    first = (np.arange(len(cuts), dtype=np.int32) * (width + 1))[:, None]
    result: FloatArray = np.take(lookup, first + inside, out=out)
    return result


class _Tableau:
    """The relaxation over some of the pool's tables with Chvátal–Gomory cuts read off the
    simplex tableau, which tables can join.

    For a fractional basic table, the row of the basis inverse gives multipliers λ of the
    rows; with u = λ − ⌊λ⌋ (≥ 0, so valid for the ≤ rows of earlier cuts too),
    Σ_T ⌊u·a_T⌋ x_T ≤ ⌊u·b⌋ holds for every pairing, and the relaxation's solution breaks
    it. Any multipliers give a valid cut, so the tableau's rounding errors cannot make a cut
    wrong; they are rounded to a grid of 1/1024 so that every coefficient is computed
    exactly. A table's coefficient in a cut follows from the multipliers (and its
    coefficients in the rows before), so tables can join after the cuts.
    """

    def __init__(self, model: _Model, pool: Pool, inside: npt.NDArray[np.intp], deadline: float):
        self.model = model
        self.pool = pool
        self.inside = inside
        """The pool rows of the relaxation's columns, in order."""
        tables = pool.take(inside)
        self.h = model.highs(tables, False)
        n = len(tables)
        # x ≤ 1 follows from the players' rows; without the bounds no column is complemented
        self.h.changeColsBounds(
            n, np.arange(n, dtype=np.int32), np.zeros(n), np.full(n, highspy.kHighsInf)
        )
        lower, upper = model.bounds()
        self.rhs = np.where(np.isfinite(upper), upper, lower)
        self.base = len(self.rhs)
        self.batches: list[FloatArray] = []
        """The multipliers of each batch of tableau cuts (rows before it × cuts)."""
        self.matrix = self.columns(tables)

    def columns(self, tables: Pool) -> FloatArray:
        """Every row's coefficients of these tables (rows × tables)."""
        model, instance = self.model, self.model.instance
        total = self.base + sum(u.shape[1] for u in self.batches)
        block = np.zeros((total, len(tables)))
        filled = tables.members >= 0
        block[tables.members[filled], np.nonzero(filled)[0]] = 1.0
        for size, row in model.count_rows().items():
            block[row, tables.size == size] = 1.0
        for number, limit in enumerate(model.limits):
            block[model.first_limit() + number] = limit.values(tables)
        if model.cuts:
            first = model.first_cut()
            _cut_rows(instance, tables, model.cuts, out=block[first : first + len(model.cuts)])
        row = self.base
        for u in self.batches:  # each batch of cuts uses the rows before it
            block[row : row + u.shape[1]] = np.floor(u.T @ block[:row] + 0.5 / GRID)
            row += u.shape[1]
        work.price(0, block.size)
        return block

    def add_tables(self, pool: Pool, rows: npt.NDArray[np.intp]) -> None:
        tables = pool.take(rows)
        block = self.columns(tables)
        nonzero = block.T != 0  # tables × rows
        self.h.addCols(
            len(tables),
            tables.cost.astype(np.float64),
            np.zeros(len(tables)),
            np.full(len(tables), highspy.kHighsInf),
            int(nonzero.sum()),
            np.concatenate([[0], np.cumsum(nonzero.sum(axis=1))[:-1]]).astype(np.int32),
            np.nonzero(nonzero)[1].astype(np.int32),
            block.T[nonzero],
        )
        self.matrix = np.hstack([self.matrix, block])
        self.inside = np.concatenate([self.inside, rows])

    def integer(
        self,
        incumbent: Sequence[Sequence[int]] | None,
        deadline: float,
        nodes: int | None = None,
    ) -> tuple[tuple[tuple[int, ...], ...] | None, bool]:
        """The cheapest pairing of the relaxation's tables (with its cuts, which hold for
        every pairing) by branch and bound, and whether it is proved the cheapest; not
        started (None) where the work left would not cover its root, which HiGHS does not
        bound (``kolo.pairing.work.root``: over 3.2 million nonzeros it took 4.4 s before
        even its first node)."""
        if work.left(deadline) < work.root(self.h.getNumNz(), self.h.getNumCol()):
            return None, False
        n = len(self.inside)
        tables = self.pool.take(self.inside)
        basis = self.h.getBasis()
        self.h.changeColsIntegrality(
            n, np.arange(n, dtype=np.int32), np.full(n, highspy.HighsVarType.kInteger)
        )
        # no presolve: over the dense tableau cuts (48,000 tables, 2.6 million nonzeros)
        # it ran 3 s past the time limit, which HiGHS checks only between its steps
        self.h.setOptionValue("presolve", "off")
        self.h.setOptionValue("objective_target", self.model.target)
        pairing, status = _branch_and_bound(self.h, tables, incumbent, deadline, nodes)
        self.h.setOptionValue("presolve", "choose")
        self.h.setOptionValue("objective_target", -highspy.kHighsInf)
        self.h.changeColsIntegrality(  # back to the relaxation, and its basis for more cuts
            n, np.arange(n, dtype=np.int32), np.full(n, highspy.HighsVarType.kContinuous)
        )
        self.h.setBasis(basis)
        work.run(self.h, deadline)
        return pairing, status == highspy.HighsModelStatus.kOptimal

    def price(
        self, pool: Pool, pool_cuts: _PoolCuts, tolerance: float, deadline: float
    ) -> tuple[npt.NDArray[np.intp], FloatArray, FloatArray] | None:
        """The tables outside with a reduced cost below −tolerance, those costs,
        and every table's reduced cost without the tableau cuts' terms (inside: infinite);
        None if the deadline passed first.

        Without the tableau cuts' terms a reduced cost is at most the true one (their
        duals are ≤ 0, their coefficients ≥ 0): only tables negative without them are
        priced again with them, a chunk at a time."""
        duals = np.asarray(self.h.getSolution().row_dual)
        rc = self.model.reduced_costs(pool, duals[: self.base], pool_cuts)
        rc[self.inside] = np.inf
        candidates = np.flatnonzero(rc < -tolerance)
        values = rc[candidates]
        if self.batches and len(candidates):
            tableau_duals = duals[self.base :]
            for first in range(0, len(candidates), PRICE_CHUNK):
                if work.now() > deadline:
                    return None
                chunk = candidates[first : first + PRICE_CHUNK]
                block = self.columns(pool.take(chunk))[self.base :]
                values[first : first + PRICE_CHUNK] -= tableau_duals @ block
        negative = values < -tolerance
        return candidates[negative], values[negative], rc

    def add_cuts(self, x: FloatArray) -> bool:
        """Cuts from the tableau rows of fractional tables; False if none is violated."""
        n = len(self.inside)
        fractional = (x > 1e-6) & (x < 1 - 1e-6)
        _, basic = self.h.getBasicVariables()  # type: ignore[attr-defined]
        basic = np.asarray(basic)
        positions = [i for i, j in enumerate(basic.tolist()) if 0 <= j < n and fractional[j]]
        positions.sort(key=lambda i: abs(x[basic[i]] - 0.5))
        multipliers = []
        for i in positions[: 2 * GOMORY_CUTS]:
            _, inverse = self.h.getBasisInverseRow(i)  # type: ignore[attr-defined]
            u = np.asarray(inverse, dtype=np.float64)
            u = np.round((u - np.floor(u)) * GRID) / GRID
            u[u >= 1] = 0
            multipliers.append(u)
        if not multipliers:
            return False
        u = np.array(multipliers).T  # rows × candidates
        work.price(0, self.matrix.size * (1 + u.shape[1] // 8))
        coefficients = np.floor(self.matrix.T @ u + 0.5 / GRID)  # tables × candidates
        limits = np.floor(self.rhs @ u + 0.5 / GRID)
        violation = x @ coefficients - limits
        chosen = np.flatnonzero(violation > 1e-6)
        chosen = chosen[np.argsort(-violation[chosen], kind="stable")][:GOMORY_CUTS]
        if len(chosen) == 0:
            return False
        self.batches.append(u[:, chosen])
        new = coefficients[:, chosen].T  # cuts × tables
        nonzero = new != 0
        self.h.addRows(
            len(chosen),
            np.full(len(chosen), -highspy.kHighsInf),
            limits[chosen],
            int(nonzero.sum()),
            np.concatenate([[0], np.cumsum(nonzero.sum(axis=1))[:-1]]).astype(np.int32),
            np.nonzero(nonzero)[1].astype(np.int32),
            new[nonzero],
        )
        self.matrix = np.vstack([self.matrix, new])
        self.rhs = np.concatenate([self.rhs, limits[chosen]])
        return True


def _tableau_bound(
    model: _Model,
    pool: Pool,
    target: int,
    deadline: float,
    pool_cuts: _PoolCuts | None = None,
    inside: npt.NDArray[np.intp] | None = None,
    incumbent: Sequence[Sequence[int]] | None = None,
    search: bool = False,
    rounds: int | None = None,
) -> tuple[float, tuple[tuple[int, ...], ...] | None, _Tableau]:
    """A lower bound on every pairing from the pool by the relaxation with tableau cuts, the
    optimal pairing if the relaxation becomes integral with every table priced, and the
    tableau (whose integer program looks for pairings first).

    The relaxation starts from the tables ``inside`` (default: all). The cuts' duals are
    ≤ 0 and their coefficients ≥ 0, so a table's reduced cost without the tableau cuts'
    terms is at most its true one: while that is negative for some table outside, the
    table joins (the bound is then the Lagrangian one), and once it is not, the
    relaxation's value bounds every pairing. Rounds stop when the relaxation is integral,
    reaches ``target``, stops rising, or the time is up. After each round a short integer
    program over the relaxation's own tables looks for a better target; with ``search``,
    a longer one over all its tables runs once the bound stalls. ``rounds`` limits the
    rounds of cuts.
    """
    instance = model.instance
    if inside is None:
        inside = np.arange(len(pool))
    if pool_cuts is None:
        pool_cuts = _PoolCuts(instance, pool)
    tableau = _Tableau(model, pool, inside, deadline)
    # reduced costs above −tolerance (one unit of the tie-break) count as nonnegative; what
    # they could take off a whole pairing is subtracted from its bound
    tolerance = max(1.0, float(np.abs(pool.cost).max(initial=1)) * 1e-9)
    slack = tolerance * (len(instance.sizes) + instance.byes)
    bound = -np.inf
    found: tuple[tuple[int, ...], ...] | None = None
    tried = False
    stalled = 0
    while work.now() < deadline and (rounds is None or len(tableau.batches) < rounds):
        h = tableau.h
        work.run(h, deadline)
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            if len(tableau.inside) == len(pool):
                return np.inf, None, tableau
            break
        if status != highspy.HighsModelStatus.kOptimal:
            break
        value = float(h.getInfo().objective_function_value)
        x = np.asarray(h.getSolution().col_value)
        if len(tableau.inside) < len(pool):
            priced = tableau.price(pool, pool_cuts, tolerance, deadline)
            if priced is None:
                break
            entering, rc, lower = priced
            if len(entering):
                # the Lagrangian bound: every table's reduced cost is at least `lower`
                bound = max(bound, value + float(lower[lower < 0].sum()))
                tableau.add_tables(pool, entering[_smallest(rc, GOMORY_ENTER)])
                continue
            # Every reduced cost is now ≥ −tolerance, so a pairing costs at least
            # value − slack, and one with table T at least value + lower(T) − slack:
            # tables with more than the gap to the target can be in no cheaper pairing.
            value -= slack
            keep = lower <= target - value
            keep[tableau.inside] = True
            if keep.mean() < 0.7:
                pool = pool.take(keep)
                pool_cuts = pool_cuts.take(keep, pool)
                tableau.inside = (np.cumsum(keep) - 1)[tableau.inside]
                tableau.pool = pool
        stalled = stalled + 1 if value < bound + 1e-3 * instance.mult else 0
        bound = max(bound, value)
        if np.all((x < 1e-6) | (x > 1 - 1e-6)):
            return bound, _tables(pool.take(tableau.inside), x > 0.5), tableau
        # a pairing from the relaxation's own tables: a better target prunes more
        support = pool.take(tableau.inside[x > 1e-6])
        pairing = _cheapest(model, support, deadline, SUPPORT_NODES)
        if pairing is not None and _cost_of(instance, pairing) < target:
            found, target = pairing, _cost_of(instance, pairing)
        if stalled >= 2 and not tried and search:
            # the bound has (nearly) stopped: look for a pairing that meets it
            tried = True
            pairing, _ = tableau.integer(found or incumbent, deadline, INTEGER_NODES)
            if pairing is not None and _cost_of(instance, pairing) < target:
                found, target = pairing, _cost_of(instance, pairing)
        if main_optimal(instance, target, bound):
            break
        if bound >= target or stalled >= STALL or not tableau.add_cuts(x):
            break
    return bound, found, tableau


def _cheapest(
    model: _Model, tables: Pool, deadline: float, nodes: int | None = None
) -> tuple[tuple[int, ...], ...] | None:
    """The cheapest pairing of these tables found by the deadline or within ``nodes``
    branch-and-bound nodes (None: none found)."""
    return _integer(model, tables, deadline, nodes=nodes)[0]


def _integer(
    model: _Model,
    tables: Pool,
    deadline: float,
    *,
    nodes: int | None = None,
    start: Sequence[Sequence[int]] | None = None,
) -> tuple[tuple[tuple[int, ...], ...] | None, highspy.HighsModelStatus]:
    """The integer program over these tables (from the pairing ``start``): the best
    pairing found (None: none) and how HiGHS ended."""
    h = model.highs(tables, integer=True)
    return _branch_and_bound(h, tables, start, deadline, nodes)


def _branch_and_bound(
    h: highspy.Highs,
    tables: Pool,
    start: Sequence[Sequence[int]] | None,
    deadline: float,
    nodes: int | None,
) -> tuple[tuple[tuple[int, ...], ...] | None, highspy.HighsModelStatus]:
    """Run HiGHS's integer program on a model whose columns are ``tables``, within the
    work left until ``deadline`` and at most ``nodes`` nodes."""
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("mip_abs_gap", 0.5)
    if start:
        solution = highspy.HighsSolution()
        values = np.zeros(len(tables))
        values[tables.rows_of(start)] = 1.0
        solution.col_value = values
        solution.value_valid = True
        h.setSolution(solution)
    work.run(h, deadline, integer=True, nodes=nodes)
    found = h.getInfo().primal_solution_status == 2  # a feasible solution exists
    pairing = _tables(tables, np.asarray(h.getSolution().col_value) > 0.5) if found else None
    return pairing, h.getModelStatus()


def _target(instance: Instance, lower: float) -> float:
    """The dearest combined cost that is optimal given the bound ``lower`` (the tie-break
    aside): ``main_optimal`` holds for every pairing costing at most this."""
    if not np.isfinite(lower):
        return -np.inf
    return float((int(lower // instance.mult) + 1) * instance.mult) - 0.5


def main_optimal(instance: Instance, cost: int, bound: float) -> bool:
    """Whether no pairing is cheaper in the criteria (the tie-break aside): every pairing
    costs at least ⌊bound / mult⌋ main units."""
    if not np.isfinite(bound):
        return bound > 0  # +inf: no pairing at all is cheaper
    return instance.main_cost(cost) <= int(bound // instance.mult)


def _violated(
    instance: Instance, master: Pool, values: FloatArray, candidates: list[Cut], present: list[Cut]
) -> list[Cut]:
    """The most violated candidate cuts at the relaxation's solution."""
    used = np.flatnonzero(values > 1e-9)
    if len(used) == 0 or not candidates:
        return []
    support = master.take(used)
    levels = member_levels(instance, support)
    x = values[used]
    taken = set(present)
    found = []
    for cut in candidates:
        if cut in taken:
            continue
        lhs = float(_coefficients(levels, cut) @ x)
        if lhs > cut.rhs + 1e-6:
            found.append((lhs - cut.rhs, cut))
    found.sort(key=lambda item: -item[0])
    return [cut for _, cut in found[:CUTS_PER_ROUND]]


ODD_CYCLE_LENGTH = 7
"""The longest odd cycle of fractional tables searched for a {0, ½}-cut."""


def _odd_cycles(
    instance: Instance, master: Pool, values: FloatArray, present: list[Cut]
) -> list[Cut]:
    """{0, ½}-cuts from odd cycles of fractional tables.

    Tables T1…Tm (m odd), each sharing a player with the next and Tm with T1: with S one
    shared player of every consecutive two, halving the sum of S's rows and rounding down
    gives Σ_T ⌊|T ∩ S|/2⌋·x_T ≤ (m−1)/2, which every pairing obeys and half of each of the
    m tables breaks. The relaxation of tables of four leans on such halves (two score
    groups sharing tables by halves) where the interval cuts do not reach. A cycle is
    violated when Σ (1 − x_i − x_j)/2 over its m edges is below ½: a search over paths of
    fractional tables that stops as soon as that sum reaches ½ finds them.
    """
    used = np.flatnonzero(values > 1e-9)
    fractional = [int(j) for j in used if values[j] < 1 - 1e-6]
    if len(fractional) < 3:
        return []
    seats = {j: {int(p) for p in master.members[j] if p >= 0} for j in fractional}
    neighbours: dict[int, list[tuple[int, float]]] = {j: [] for j in fractional}
    for i, a in enumerate(fractional):
        for b in fractional[i + 1 :]:
            if seats[a] & seats[b]:
                weight = max(0.0, (1.0 - values[a] - values[b]) / 2)
                neighbours[a].append((b, weight))
                neighbours[b].append((a, weight))
    taken = set(present)
    found: dict[Cut, float] = {}
    support = master.take(used)
    x = values[used]
    budget = [20_000]

    def close(cycle: list[int]) -> None:
        chosen: list[int] = []
        for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            free = sorted(seats[a] & seats[b] - set(chosen))
            if not free:
                return
            chosen.append(free[0])
        cut = Cut(1, 2, (len(chosen) - 1) // 2, players=tuple(sorted(chosen)))
        if cut in taken or cut in found:
            return
        lhs = float(_player_coefficients(instance, support, cut) @ x)
        if lhs > cut.rhs + 1e-6:
            found[cut] = lhs - cut.rhs

    def extend(path: list[int], weight: float) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        last = path[-1]
        for node, w in neighbours[last]:
            if node <= path[0] or node in path or weight + w >= 0.5 - 1e-9:
                continue
            if len(path) % 2 == 0:  # path + node has an odd count: try closing
                closing = next((v for n, v in neighbours[node] if n == path[0]), None)
                # each cycle once (path[1] < node), not in both directions
                if closing is not None and weight + w + closing < 0.5 - 1e-9 and path[1] < node:
                    close([*path, node])
            if len(path) + 1 < ODD_CYCLE_LENGTH:
                extend([*path, node], weight + w)

    for start in fractional:
        extend([start], 0.0)
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return [cut for cut, _ in ranked[:CUTS_PER_ROUND]]


def _lowest(values: FloatArray, count: int) -> tuple[npt.NDArray[np.intp], float]:
    """The ``count`` tables of lowest value (in increasing order) and the next value (every
    table left out has at least that; inf when none is left out)."""
    if count >= len(values):
        return _smallest(values, count), np.inf
    order = _smallest(values, count + 1)
    return order[:count], float(values[order[count]])


def _smallest(values: FloatArray, count: int) -> npt.NDArray[np.intp]:
    """The indices of the ``count`` lowest values in increasing order, ties in index order
    — the first ``count`` of a stable sort, without sorting them all."""
    if count >= len(values):
        return np.argsort(values, kind="stable")
    kth = np.partition(values, count - 1)[count - 1]
    below = np.flatnonzero(values <= kth)  # in index order: ties keep it
    order: npt.NDArray[np.intp] = below[np.argsort(values[below], kind="stable")]
    return order[:count]


def _initial_columns(
    instance: Instance, pool: Pool, incumbent: tuple[tuple[int, ...], ...] | None
) -> npt.NDArray[np.intp]:
    """A first master: the incumbent's tables and the cheapest tables overall."""
    chosen = [_lowest(pool.cost.astype(np.float64), 30 * instance.size)[0]]
    if incumbent:
        chosen.append(pool.rows_of(incumbent))
    return np.unique(np.concatenate(chosen))


def _tables(pool: Pool, chosen: npt.NDArray[np.bool_]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(p) for p in row if p >= 0) for row in pool.members[chosen])


def _cost_of(instance: Instance, tables: Sequence[Sequence[int]]) -> int:
    """The combined cost of a pairing."""
    total = 0
    for table in tables:
        if len(table) == 1:
            total += int(instance.bye_cost[table[0]])
            continue
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                total += int(instance.pair_cost[a, b])
        if len(table) < instance.normal_size:
            total += int(sum(instance.smaller_cost[p] for p in table))
        if instance.triple_penalty:
            total += instance.triple_penalty * _repeats(instance, table)
    return total


def _repeats(instance: Instance, table: Sequence[int]) -> int:
    """How many forbidden triples (or a forbidden duo) the table seats."""
    n = instance.size
    members = sorted(table)
    if len(members) == 2:
        return int(np.isin([members[0] * n + members[1]], instance.forbidden_duos).sum())
    codes = [
        a * n * n + b * n + c
        for i, a in enumerate(members)
        for j, b in enumerate(members[i + 1 :], start=i + 1)
        for c in members[j + 1 :]
    ]
    return int(np.isin(codes, instance.forbidden_triples).sum()) if codes else 0
