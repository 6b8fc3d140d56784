"""The exact method: set partitioning over candidate tables, solved with HiGHS.

The linear relaxation is strengthened with one cut per interval of point levels whose
player count the table size does not divide (Σ tables wholly inside ≤ ⌊|S|/k⌋, a
Chvátal–Gomory cut of the players' rows); with it the relaxation's bound meets the
optimum on the fields we measured. Large pools enter by column generation. The integer
program then runs only over the tables whose reduced cost is at most δ: a solution of
cost z found there with z ≤ bound + δ is optimal over all tables, because any pairing that
uses another table costs more than bound + δ. δ grows until that holds or time runs out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing.instance import Instance, IntArray
from kolo.pairing.pool import Pool

FloatArray = npt.NDArray[np.float64]

FULL_MASTER = 80_000
"""Pools up to this size go into the relaxation whole; larger ones by column generation."""


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


@dataclass
class _Rows:
    """The constraint rows shared by the relaxation and the integer programs."""

    n_rows: int
    lower: FloatArray
    upper: FloatArray
    cuts: list[tuple[int, int]]
    """Level intervals (a, b) of the cut rows, in row order after the fixed rows."""
    count_rows: dict[int, int]
    """Table size → row counting tables of that size (smaller tables, byes)."""


def _rows(instance: Instance) -> _Rows:
    n = instance.size
    lower = [1.0] * n
    upper = [1.0] * n
    count_rows: dict[int, int] = {}
    sizes = list(instance.sizes) + [1] * instance.byes
    for size in sorted(set(sizes)):
        if size == instance.normal_size and len(set(sizes)) > 1:
            continue  # fixed by the others and the players' rows
        if size != instance.normal_size or len(set(sizes)) > 1:
            count_rows[size] = len(lower)
            lower.append(float(sizes.count(size)))
            upper.append(float(sizes.count(size)))
    cuts: list[tuple[int, int]] = []
    k = instance.normal_size
    if k > 1:
        levels = int(instance.level.max()) + 1 if n else 0
        per_level = np.bincount(instance.level, minlength=levels)
        for a in range(levels):
            inside = 0
            for b in range(a, levels):
                inside += int(per_level[b])
                if inside % k:
                    cuts.append((a, b))
                    lower.append(-np.inf)
                    upper.append(float(inside // k))
    return _Rows(len(lower), np.array(lower), np.array(upper), cuts, count_rows)


@dataclass(frozen=True)
class _Matrix:
    """A 0/1 matrix in compressed-column form."""

    start: npt.NDArray[np.int64]
    index: npt.NDArray[np.int64]
    value: FloatArray


def _matrix(instance: Instance, rows: _Rows, pool: Pool) -> _Matrix:
    """The constraint matrix of the pool's tables (columns)."""
    members = pool.members
    filled = members >= 0
    entries_rows: list[npt.NDArray[np.integer[Any]]] = [members[filled]]
    entries_cols: list[npt.NDArray[np.integer[Any]]] = [
        np.repeat(np.arange(len(pool)), filled.sum(axis=1))
    ]
    for size, row in rows.count_rows.items():
        chosen = np.flatnonzero(pool.size == size)
        entries_rows.append(np.full(len(chosen), row))
        entries_cols.append(chosen)
    if rows.cuts:
        low, high = _level_range(instance, pool)
        full = pool.size == instance.normal_size
        first_cut = instance.size + len(rows.count_rows)
        for number, (a, b) in enumerate(rows.cuts):
            chosen = np.flatnonzero(full & (low >= a) & (high <= b))
            entries_rows.append(np.full(len(chosen), first_cut + number))
            entries_cols.append(chosen)
    r = np.concatenate(entries_rows).astype(np.int64)
    c = np.concatenate(entries_cols).astype(np.int64)
    order = np.lexsort((r, c))
    start = np.searchsorted(c[order], np.arange(len(pool) + 1)).astype(np.int64)
    return _Matrix(start, r[order], np.ones(len(r)))


def _level_range(instance: Instance, pool: Pool) -> tuple[IntArray, IntArray]:
    m = pool.members
    levels = np.where(m >= 0, instance.level[np.maximum(m, 0)], -1)
    high = levels.max(axis=1)
    low = np.where(m >= 0, levels, np.iinfo(np.int64).max).min(axis=1)
    return low, high


def _reduced_costs(instance: Instance, rows: _Rows, pool: Pool, duals: FloatArray) -> FloatArray:
    """Reduced cost of every table of the pool for the relaxation's duals."""
    player_duals = np.append(duals[: instance.size], 0.0)
    m = np.where(pool.members >= 0, pool.members, instance.size)
    rc: FloatArray = pool.cost.astype(np.float64) - player_duals[m].sum(axis=1)
    for size, row in rows.count_rows.items():
        rc -= np.where(pool.size == size, duals[row], 0.0)
    if rows.cuts:
        levels = int(instance.level.max()) + 1
        grid = np.zeros((levels + 1, levels + 1))
        first_cut = instance.size + len(rows.count_rows)
        for c, (a, b) in enumerate(rows.cuts):
            grid[a, b] = duals[first_cut + c]
        # cover[lo, hi] = sum of cut duals over intervals a ≤ lo, b ≥ hi
        cover = np.cumsum(np.cumsum(grid[:, ::-1], axis=1)[:, ::-1], axis=0)
        low, high = _level_range(instance, pool)
        full = pool.size == instance.normal_size
        rc -= np.where(full, cover[np.clip(low, 0, levels), np.clip(high, 0, levels)], 0.0)
    return rc


def _highs(time_limit: float) -> highspy.Highs:
    h = highspy.Highs()  # type: ignore[no-untyped-call]
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)  # one thread: the same input always gives the same result
    h.setOptionValue("random_seed", 0)
    h.setOptionValue("time_limit", max(time_limit, 0.05))
    return h


def _model(rows: _Rows, pool: Pool, matrix: _Matrix, integer: bool) -> highspy.HighsLp:
    lp = highspy.HighsLp()
    lp.num_col_ = len(pool)
    lp.num_row_ = rows.n_rows
    lp.col_cost_ = pool.cost.astype(np.float64)
    lp.col_lower_ = np.zeros(len(pool))
    lp.col_upper_ = np.ones(len(pool))
    lp.row_lower_ = rows.lower
    lp.row_upper_ = rows.upper
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = matrix.start
    lp.a_matrix_.index_ = matrix.index
    lp.a_matrix_.value_ = matrix.value
    if integer:
        lp.integrality_ = [highspy.HighsVarType.kInteger] * len(pool)
    return lp


def solve(
    instance: Instance,
    pool: Pool,
    *,
    time_limit: float,
    incumbent: Sequence[Sequence[int]] | None = None,
) -> Result:
    """The cheapest pairing from the pool's tables, proved optimal where time allows."""
    deadline = time.monotonic() + time_limit
    rows = _rows(instance)
    best_tables = tuple(tuple(sorted(t)) for t in incumbent) if incumbent else None
    best_cost = _cost_of(instance, best_tables) if best_tables else None

    # the relaxation, by column generation over the pool
    if len(pool) <= FULL_MASTER:
        active = np.arange(len(pool))
    else:
        active = _initial_columns(instance, pool, best_tables)
    while True:
        master = pool.take(active)
        h = _highs(deadline - time.monotonic())
        h.passModel(_model(rows, master, _matrix(instance, rows, master), integer=False))
        h.run()
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            if len(active) == len(pool):
                return Result(None, None, float("inf"), False, infeasible=True)
            active = np.arange(len(pool))
            continue
        if status != highspy.HighsModelStatus.kOptimal:
            return Result(best_tables, best_cost, -np.inf, False)
        duals = np.asarray(h.getSolution().row_dual)
        rc = _reduced_costs(instance, rows, pool, duals)
        scale = max(1.0, float(np.abs(pool.cost).max()) * 1e-9)
        negative = np.flatnonzero(rc < -scale)
        negative = np.setdiff1d(negative, active, assume_unique=True)
        if len(negative) == 0 or time.monotonic() > deadline:
            break
        order = np.argsort(rc[negative], kind="stable")[: 20 * instance.size]
        active = np.union1d(active, negative[order])
    bound = float(h.getInfo().objective_function_value)
    values = np.asarray(h.getSolution().col_value)
    proven = len(np.setdiff1d(np.flatnonzero(rc < -scale), active)) == 0
    if proven and np.all((values < 1e-6) | (values > 1 - 1e-6)):
        tables = _tables(master, values > 0.5)
        cost = _cost_of(instance, tables)
        return Result(tables, cost, bound, True)
    if not proven:
        bound = -np.inf

    # the integer program over the tables with small reduced cost
    delta = float(instance.mult)
    while time.monotonic() < deadline:
        chosen = np.flatnonzero(rc <= delta + scale)
        if best_tables:
            chosen = np.union1d(chosen, _rows_of(pool, best_tables))
        restricted = pool.take(chosen)
        h = _highs(deadline - time.monotonic())
        h.setOptionValue("mip_rel_gap", 0.0)
        h.setOptionValue("mip_abs_gap", 0.5)
        h.passModel(_model(rows, restricted, _matrix(instance, rows, restricted), integer=True))
        if best_tables:
            start = np.isin(chosen, _rows_of(pool, best_tables)).astype(np.float64)
            solution = highspy.HighsSolution()
            solution.col_value = start
            solution.value_valid = True
            h.setSolution(solution)
        h.run()
        status = h.getModelStatus()
        info = h.getInfo()
        if info.primal_solution_status == 2:  # feasible
            values = np.asarray(h.getSolution().col_value)
            tables = _tables(restricted, values > 0.5)
            cost = _cost_of(instance, tables)
            if best_cost is None or cost < best_cost:
                best_tables, best_cost = tables, cost
        solved = status == highspy.HighsModelStatus.kOptimal and best_cost is not None
        if solved and proven and best_cost is not None and best_cost <= bound + delta + scale:
            return Result(best_tables, best_cost, bound, True)
        if len(chosen) == len(pool):
            optimal = status == highspy.HighsModelStatus.kOptimal and best_cost is not None
            if status == highspy.HighsModelStatus.kInfeasible and best_cost is None:
                return Result(None, None, float("inf"), False, infeasible=True)
            final = float(best_cost) if optimal and best_cost is not None else bound
            return Result(best_tables, best_cost, final, optimal)
        delta *= 4
    return Result(best_tables, best_cost, bound, False)


def _initial_columns(
    instance: Instance, pool: Pool, incumbent: tuple[tuple[int, ...], ...] | None
) -> npt.NDArray[np.intp]:
    """A first master: the incumbent's tables and the cheapest tables of every player."""
    chosen = [np.argsort(pool.cost, kind="stable")[: 30 * instance.size]]
    if incumbent:
        chosen.append(_rows_of(pool, incumbent))
    return np.unique(np.concatenate(chosen))


def _rows_of(pool: Pool, tables: Sequence[Sequence[int]]) -> npt.NDArray[np.intp]:
    """The pool rows of the given tables (each table must be in the pool)."""
    width = pool.members.shape[1]
    keys = {tuple(sorted(t)) + (-1,) * (width - len(t)) for t in tables}
    rows = [i for i, row in enumerate(map(tuple, pool.members.tolist())) if row in keys]
    return np.array(sorted(rows), dtype=np.intp)


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
    codes: list[int] = []
    if len(members) == 2:
        found = np.isin([members[0] * n + members[1]], instance.forbidden_duos)
        return int(found.sum())
    for i, a in enumerate(members):
        for j in range(i + 1, len(members)):
            for c in members[j + 1 :]:
                codes.append(a * n * n + members[j] * n + c)
    return int(np.isin(codes, instance.forbidden_triples).sum()) if codes else 0
