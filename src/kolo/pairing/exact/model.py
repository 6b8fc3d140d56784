"""The linear and integer model over a pool of candidate tables, in HiGHS: the players' rows, the
count rows, the cuts; the master problem of column generation and its first columns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import parallel, work
from kolo.pairing.exact.cuts import Cut, PoolCuts, coefficient_rows
from kolo.pairing.exact.select import FloatArray, lowest_values
from kolo.pairing.instance import Instance, IntArray
from kolo.pairing.pool import Pool

ARTIFICIAL_FACTOR = 1000.0
"""How much dearer the artificial columns become when they still cover rows at the end."""


ARTIFICIAL_RAISES = 2
"""Raises of their cost after which, with no pairing known, none exists."""


@dataclass(frozen=True)
class Limit:
    """A further row: Σ_T values(T)·x_T ≤ most (the slice guard's counts)."""

    values: Callable[[Pool], IntArray]
    """Every table's coefficient, for any pool."""
    most: int


@dataclass
class Model:
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

    def dual_value(self, duals: FloatArray) -> float:
        """y·b: every row's dual times its right-hand side (a ≤ row's dual is ≤ 0, so a
        pairing that leaves such a row slack only gains). Any pairing P then costs
        y·b + Σ_{T∈P} rc(T). (Not the relaxation's value where tables sit at their upper
        bound 1 with a negative reduced cost: that value has their reduced cost in it.)"""
        lower, upper = self.bounds()
        rhs = np.where(duals > 0, lower, upper)
        return float(np.dot(duals, np.where(np.isfinite(rhs), rhs, 0.0)))

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
        for number, coefficient in enumerate(coefficient_rows(instance, pool, self.cuts)):
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
        lower, upper = self.bounds()
        order = np.argsort(c * len(lower) + r, kind="stable")  # by column, then row
        kind = highspy.HighsVarType.kInteger if integer else highspy.HighsVarType.kContinuous
        h = work.new_highs()
        h.setOptionValue("threads", 1)  # one thread: the same input gives the same result
        h.setOptionValue("random_seed", 0)
        if integer and np.isfinite(self.target):
            h.setOptionValue("objective_target", self.target)
        # the arrays as they are (a HighsLp's fields copy them an entry at a time: a third
        # of the set-up of each of the heuristic's hundreds of small relaxations)
        h.passModel(
            columns,
            len(lower),
            len(r),
            int(highspy.MatrixFormat.kColwise),
            int(highspy.ObjSense.kMinimize),
            0.0,
            costs,
            np.zeros(columns),
            np.ones(columns),
            lower,
            upper,
            np.searchsorted(c[order], np.arange(columns + 1)).astype(np.int32),
            r[order].astype(np.int32),
            v[order],
            np.full(columns, int(kind), dtype=np.int32),
        )
        return h

    def reduced_costs(self, pool: Pool, duals: FloatArray, cuts: PoolCuts) -> FloatArray:
        """Reduced cost of every table of the pool for the relaxation's duals."""
        instance = self.instance
        player_duals = np.append(duals[: instance.size], 0.0)  # index -1: an empty place
        work.price(len(pool))
        rc: FloatArray = np.empty(len(pool))
        columns = pool.columns
        counts = self.count_rows()

        def span_costs(span: slice) -> None:  # each table's own: any spans, the same sums
            part = pool.cost[span].astype(np.float64)
            for column in columns:
                part -= np.take(player_duals, column[span])
            for size, row in counts.items():
                part -= np.where(pool.size[span] == size, duals[row], 0.0)
            rc[span] = part

        parallel.each(span_costs, parallel.spans(len(pool)))
        for number, limit in enumerate(self.limits):
            rc -= duals[self.first_limit() + number] * limit.values(pool)
        cuts.subtract(rc, self.cuts, duals[self.first_cut() :])
        return rc


def initial_columns(
    instance: Instance, pool: Pool, incumbent: tuple[tuple[int, ...], ...] | None
) -> npt.NDArray[np.intp]:
    """A first master: the incumbent's tables and the cheapest tables overall."""
    chosen = [lowest_values(pool.cost.astype(np.float64), 30 * instance.size)[0]]
    if incumbent:
        chosen.append(pool.rows_of(incumbent))
    return np.unique(np.concatenate(chosen))
