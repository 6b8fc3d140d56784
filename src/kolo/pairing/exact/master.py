"""The master problem of column generation: the relaxation over the tables generated so far,
kept in one HiGHS model so that every solve starts from the previous basis.

The cuts over intervals of point levels (``cuts.candidate_cuts``) have the same coefficient
for every table whose players have the same levels, and most tables lie in many of them: put
on the tables directly, they made nine entries in ten of the model (1.4 million over 33,000
tables at 300 players in threes), and every simplex iteration reads them. Here each group of
tables with the same levels (``level group``) has one variable w_g and one row
Σ_{T in g} x_T − w_g = 0, and the cuts over levels are written over the w_g: a table then
has its players, its count row and its group's row. The relaxation is the same, and so are
the duals of the players', count, limit and cut rows (``duals``): with w_g ≥ 0 its reduced
cost λ_g − Σ_c a_{c,g}·μ_c is ≥ 0 at the optimum (λ_g: the group row's dual, μ: the cuts'),
so every table's reduced cost in the first form, c_T − Σ y − Σ_c a_{c,g}·μ_c, is at least
its reduced cost here, c_T − Σ y − λ_g. The two relaxations have the same value, and the
duals of their shared rows bound every pairing and price every other table as before (the
bounds use y·b and reduced costs only: ``Model.dual_value``, ``floors``)."""

from __future__ import annotations

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import work
from kolo.pairing.exact.cuts import (
    Cut,
    coefficient_rows,
    level_coefficients,
    sorted_levels,
)
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.select import FloatArray
from kolo.pairing.instance import IntArray
from kolo.pairing.level_cuts import level_codes
from kolo.pairing.pool import Pool

Positions = npt.NDArray[np.int64]

RETIRE_AFTER = 2
"""A cut leaves the relaxation once its row was slack at this many solutions in a row
(``Master.retire``). At 128 players in fours the masters kept 123 cuts of which 16 bound
(2.8 million nonzeros where the tables alone make 250,000). Over the peers' 40 rounds at
that size (the earlier events of docs/benchmarks.md, "sixth", after the work model's
refit), after 2 solutions: all 40 proved (39 keeping every cut), 38–39 under 5 s in two
runs (34–36), the largest peak 291 MB (337–343); after 1, 37 proved (a cut dropped at
once comes back the next round, and the generation ran out of passes); after 3, 38."""
RETIRE_SLACK = 1e-6
"""…slack by more than this share of its right-hand side (at least 1)."""


class Master:
    """The relaxation over a growing set of tables: tables and cuts are appended to it, and
    cuts slack for a while taken out again (``retire``).
    ``grouped``: the cuts over levels reach the tables through their level groups (above);
    else they are written on the tables."""

    def __init__(
        self,
        model: Model,
        pool: Pool,
        artificial: float,
        deadline: float,
        presolve: bool = False,
        grouped: bool = False,
    ) -> None:
        self.model = model
        self.grouped = grouped
        instance = model.instance
        # the first tables, then one artificial column per equality row; cuts join below
        cuts = list(model.cuts)
        model.cuts.clear()
        self.highs = model.highs(pool, False, artificial)
        if not presolve:
            self.highs.setOptionValue("presolve", "off")
        self.pool = pool
        self.equalities = instance.size + len(model.count_rows())
        self._table_columns: Positions = np.arange(len(pool), dtype=np.int64)
        self._artificial = np.arange(len(pool), len(pool) + self.equalities, dtype=np.int32)
        self._columns = len(pool) + self.equalities
        self._rows = model.first_cut()
        self._cut_rows: list[int] = []
        self._cut_age: npt.NDArray[np.int64] = np.zeros(0, dtype=np.int64)
        """For every cut: at how many solutions in a row (``retire``) its row was slack."""
        self._groups: dict[int, int] = {}
        """A level group's key → its number."""
        self._group_levels: list[tuple[int, ...]] = []
        self._group_rows: list[int] = []
        self._group_columns: list[int] = []
        self._base = int(instance.level.max(initial=0)) + 2
        if grouped:
            self._join_groups(pool, self._table_columns)
        if cuts:
            self.add_cuts(cuts)

    def run(self, deadline: float) -> highspy.Highs:
        work.run(self.highs, deadline)
        return self.highs

    def duals(self, h: highspy.Highs) -> FloatArray:
        """The duals of the players', count, limit and cut rows, in the model's order; a ≤
        row's (limits, cuts) never above 0 (HiGHS may leave a rounding error there)."""
        row_dual = np.asarray(h.getSolution().row_dual, dtype=np.float64)
        first_cut = self.model.first_cut()
        cut_rows = np.array(self._cut_rows, dtype=np.int64)
        duals = np.concatenate([row_dual[:first_cut], row_dual[cut_rows]])
        first_limit = self.model.first_limit()
        duals[first_limit:] = np.minimum(duals[first_limit:], 0.0)
        return duals

    def price_artificial(self, cost: float) -> None:
        """Give the artificial columns a new cost."""
        positions = self._artificial
        self.highs.changeColsCost(len(positions), positions, np.full(len(positions), cost))

    def retire(self) -> None:
        """Take out the cuts whose rows have been slack at ``RETIRE_AFTER`` solutions in a
        row, counting the last one (call it after each solve that is followed by more cuts
        or tables): a slack row's dual is 0, so the solution stays optimal without it, and
        its entries no longer weigh on every iteration. A cut taken out may come back when
        it is violated again. (A cut that came and went forever would end with the work:
        every run is counted. Keeping a cut for good once it came back proved one round
        fewer of 80 at 128 players in fours.)"""
        if not self._cut_rows:
            return
        rows = np.array(self._cut_rows, dtype=np.int64)
        activity = np.asarray(self.highs.getSolution().row_value, dtype=np.float64)[rows]
        rhs = np.array([float(c.rhs) for c in self.model.cuts], dtype=np.float64)
        slack = activity < rhs - RETIRE_SLACK * np.maximum(1.0, np.abs(rhs))
        self._cut_age = np.where(slack, self._cut_age + 1, 0)
        gone = self._cut_age >= RETIRE_AFTER
        if gone.any():
            # a strictly slack row is basic, and deleting basic rows leaves the basis valid
            # (checked all the same: a row HiGHS holds at its bound stays)
            status = self.highs.getBasis().row_status
            basic = highspy.HighsBasisStatus.kBasic
            gone[gone] = [status[int(r)] == basic for r in rows[gone]]
        if not gone.any():
            return
        deleted = np.sort(rows[gone])
        self.highs.deleteRows(len(deleted), deleted.astype(np.int32))
        kept = rows[~gone]
        self._cut_rows = (kept - np.searchsorted(deleted, kept)).tolist()
        self._cut_age = self._cut_age[~gone]
        groups = np.array(self._group_rows, dtype=np.int64)
        self._group_rows = (groups - np.searchsorted(deleted, groups)).tolist()
        self._rows -= len(deleted)
        self.model.cuts[:] = [c for c, out in zip(self.model.cuts, gone, strict=True) if not out]

    def values(self, h: highspy.Highs) -> tuple[FloatArray, float]:
        """The tables' values (in pool order) and how much the artificial columns cover."""
        solution = np.asarray(h.getSolution().col_value)
        return solution[self._table_columns], float(solution[self._artificial].sum())

    def add_cuts(self, cuts: list[Cut]) -> None:
        """Cuts over levels on the groups' columns (grouped), all others on the tables'."""
        starts, indices, values = [0], [], []
        on_tables = [cut for cut in cuts if self._on_tables(cut)]
        coefficients = iter(coefficient_rows(self.model.instance, self.pool, on_tables))
        width = self.pool.members.shape[1]
        groups = np.array(self._group_levels, dtype=np.int64).reshape(-1, width)
        group_columns = np.array(self._group_columns, dtype=np.int64)
        for cut in cuts:
            if self._on_tables(cut):
                coefficient, columns = next(coefficients), self._table_columns
            else:
                coefficient, columns = level_coefficients(groups, cut), group_columns
            chosen = np.flatnonzero(coefficient)
            indices.append(columns[chosen])
            values.append(coefficient[chosen].astype(np.float64))
            starts.append(starts[-1] + len(chosen))
        lower = np.full(len(cuts), -highspy.kHighsInf)
        upper = np.array([float(c.rhs) for c in cuts])
        self._add_rows(lower, upper, starts, indices, values)
        self._cut_rows += list(range(self._rows - len(cuts), self._rows))
        self._cut_age = np.concatenate([self._cut_age, np.zeros(len(cuts), dtype=np.int64)])
        self.model.cuts += cuts

    def add_columns(self, tables: Pool) -> None:
        """Tables join with their players' rows, count row, limits, the cuts written on
        tables and (grouped) their group's row; groups seen for the first time get theirs."""
        if len(tables) == 0:
            return
        if not self.grouped:
            self._add_tables(tables, np.full(len(tables), -1, dtype=np.int64))
            return
        keys = self._keys(tables)
        known = np.array([self._groups.get(int(k), -1) for k in keys.tolist()], dtype=np.int64)
        rows = np.array([*self._group_rows, -1], dtype=np.int64)  # -1: a group not seen yet
        positions = self._add_tables(tables, rows[known])
        new = known < 0
        if new.any():
            self._join_groups(tables.take(new), positions[new])

    def _on_tables(self, cut: Cut) -> bool:
        return bool(cut.players) or not self.grouped

    def _add_tables(self, tables: Pool, group_row: IntArray) -> Positions:
        """The tables' columns (``group_row``: each one's group row, -1 for none yet)."""
        model = self.model
        instance = model.instance
        # every table's rows in order: players, count row, limits, cuts, group
        counts = model.count_rows()
        m = len(tables)
        count_row = np.array([counts.get(int(size), -1) for size in tables.size], dtype=np.int64)
        rows = [tables.members.astype(np.int64), count_row[:, None]]
        values = [np.ones(tables.members.shape), np.ones((m, 1))]
        for number, limit in enumerate(model.limits):
            rows.append(np.full((m, 1), model.first_limit() + number))
            values.append(limit.values(tables).astype(np.float64)[:, None])
        on_tables = [(n, c) for n, c in enumerate(model.cuts) if self._on_tables(c)]
        coefficients = coefficient_rows(instance, tables, [c for _, c in on_tables])
        for (number, _), coefficient in zip(on_tables, coefficients, strict=True):
            rows.append(np.full((m, 1), self._cut_rows[number]))
            values.append(coefficient.astype(np.float64)[:, None])
        rows.append(group_row[:, None])
        values.append(np.ones((m, 1)))
        row_of, value_of = np.hstack(rows), np.hstack(values)
        present = (row_of >= 0) & (value_of != 0)
        indices, entries = row_of[present], value_of[present]
        starts = np.concatenate([[0], np.cumsum(present.sum(axis=1))])
        self.highs.addCols(
            m,
            tables.cost.astype(np.float64),
            np.zeros(m),
            np.ones(m),
            len(indices),
            starts[:-1].astype(np.int32),
            indices.astype(np.int32),
            entries,
        )
        positions = np.arange(self._columns, self._columns + m, dtype=np.int64)
        self._columns += m
        self._table_columns = np.concatenate([self._table_columns, positions])
        self.pool = Pool.concat([self.pool, tables], self.pool.members.shape[1])
        return positions

    def _keys(self, tables: Pool) -> IntArray:
        """Every table's level group as a number."""
        return level_codes(sorted_levels(self.model.instance, tables), self._base)

    def _join_groups(self, tables: Pool, positions: Positions) -> None:
        """The groups of tables already in the model (at ``positions``) whose groups are new:
        each group's column w_g (in the cuts over levels so far), then its row
        Σ x_T − w_g = 0 over these tables."""
        ordered = sorted_levels(self.model.instance, tables)
        keys = level_codes(ordered, self._base)
        distinct, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        inverse = inverse.reshape(-1)
        levels = ordered[first]
        count = len(distinct)
        level_cuts = [(n, c) for n, c in enumerate(self.model.cuts) if not c.players]
        per_cut = [level_coefficients(levels, cut) for _, cut in level_cuts]
        starts, indices, values = [0], [], []
        for g in range(count):
            rows = [
                self._cut_rows[n] for (n, _), a in zip(level_cuts, per_cut, strict=True) if a[g]
            ]
            indices.append(np.array(rows, dtype=np.int64))
            values.append(np.array([float(a[g]) for a in per_cut if a[g]]))
            starts.append(starts[-1] + len(rows))
        self.highs.addCols(
            count,
            np.zeros(count),
            np.zeros(count),
            np.full(count, highspy.kHighsInf),
            starts[-1],
            np.array(starts[:-1], dtype=np.int32),
            np.concatenate(indices).astype(np.int32),
            np.concatenate(values),
        )
        columns = np.arange(self._columns, self._columns + count, dtype=np.int64)
        self._columns += count
        # the rows: +1 on the group's tables, −1 on its column
        order = np.argsort(inverse, kind="stable")
        ends = np.searchsorted(inverse[order], np.arange(count), side="right")
        begins = np.concatenate([[0], ends[:-1]])
        row_indices, row_values, row_starts = [], [], [0]
        for g in range(count):
            mine = positions[order[begins[g] : ends[g]]]
            row_indices.append(np.append(mine, columns[g]))
            row_values.append(np.append(np.ones(len(mine)), -1.0))
            row_starts.append(row_starts[-1] + len(mine) + 1)
        first_row = self._rows
        self._add_rows(np.zeros(count), np.zeros(count), row_starts, row_indices, row_values)
        for g in range(count):
            self._groups[int(distinct[g])] = len(self._group_levels)
            self._group_levels.append(tuple(int(v) for v in levels[g]))
            self._group_rows.append(first_row + g)
            self._group_columns.append(int(columns[g]))

    def _add_rows(
        self,
        lower: FloatArray,
        upper: FloatArray,
        starts: list[int],
        indices: list[npt.NDArray[np.int64]],
        values: list[FloatArray],
    ) -> None:
        self.highs.addRows(
            len(lower),
            lower,
            upper,
            starts[-1],
            np.array(starts[:-1], dtype=np.int32),
            np.concatenate(indices).astype(np.int32) if indices else np.zeros(0, np.int32),
            np.concatenate(values) if values else np.zeros(0),
        )
        self._rows += len(lower)
