"""Chvátal–Gomory cuts read off the simplex tableau: the bound they raise over the tables of lowest
reduced cost, then over all tables."""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import parallel, work
from kolo.pairing.cost import cost_of
from kolo.pairing.exact import pair_branching
from kolo.pairing.exact.blocks import add_members, kept
from kolo.pairing.exact.cuts import PoolCuts
from kolo.pairing.exact.kept import GRID, PRICED_CHUNK, Kept, table_rows
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.search import (
    INTEGER_NODES,
    branch_and_bound,
    cheapest_pairing,
    main_optimal,
)
from kolo.pairing.exact.select import FloatArray, chosen_tables, smallest_values
from kolo.pairing.instance import BoolArray
from kolo.pairing.pool import Pool

GOMORY_CUTS = 50
"""At most this many tableau cuts join the relaxation at a time."""


GOMORY_ENTER = 2_000
"""At most this many tables join the tableau's relaxation at a time."""


GOMORY_FIRST = 4_000
"""The tableau cuts start from this many tables of lowest reduced cost."""


SUPPORT_NODES = 100
"""Branch-and-bound nodes for the integer program over the relaxation's own tables."""


STALL = 6
"""Rounds of tableau cuts in a row that hardly raise the bound before they stop. (4 until
docs/benchmarks.md, "2026-11-26, eighth": a round at 128 players in fours stalled four
times a unit short; the fifth and sixth proved it, ``test_hard_rounds``.)"""


PRICED_SHARE = 0.25
"""Where at least this share of the pool's tables is negative without the tableau cuts'
terms, every batch's coefficients are computed once for the whole pool and kept; where
fewer are, the candidates' are computed afresh each time."""


PRICED_ENTRIES = 64_000_000
"""…and while the kept coefficients (tables × cuts, a byte or two each) stay below this
many."""


TABLE_BLOCK = 4_000
"""Tables per block of the relaxation's coefficients kept (rows × tables): memory grows by
one block at a time, never by a copy of them all."""


BRANCH_ENTRIES = 20_000_000
"""The branch and bound on level groups and pairs of players (``_Tableau.branch``) runs
only where the relaxation with every table within the gap has at most this many
coefficients (its rows × tables, zeros counted: at 128 players in fours 169 × 47,000,
540,000 nonzeros)."""


BRANCH_HIGHS_TABLES = 12_000
"""Where at most this many tables would be in that search, and at least
``BRANCH_HIGHS_WORK`` work seconds are left, HiGHS's integer program searches instead
(with its own cuts and conflicts: at 27 players in fours over 7,700 tables the round was
proved in 0.8 s, where the search on pairs had not proved it in 9 work seconds), for the
cheapest pairing in the tie-break too."""


BRANCH_HIGHS_PLAYERS = 64
"""…and only for fields of at most this many players: HiGHS's root separates cuts over
every table against every player's row, which no count of ours bounds (at 128 players in
fours over 10,940 tables and 118,000 nonzeros its root took 12–20 s and raised the bound by
5 of the 3,000 units it lacked; kolo's own search had the work instead). The three rounds
of 95 at 27–60 players in fours that took HiGHS's search there kept it (35–45 rows)."""


BRANCH_RESERVE = 0.25
"""The share of the work left at its start that the tableau's rounds of cuts leave to the
branch and bound after them. (Without it, rounds that raised the bound no more took the
work to its end: at 128 players in fours the peers' seed 10 round 4 stayed unproved,
where the search given a quarter proves it in 3 nodes; over 40 rounds it lost none.)"""


BRANCH_HIGHS_WORK = 2.0
"""…(HiGHS bounds its integer program's root by no count: in the heuristic's windows, with
half a work second each, one such root took a second where the search on pairs took
0.03 s)."""


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

    def __init__(self, model: Model, pool: Pool, inside: npt.NDArray[np.intp], deadline: float):
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
        self.trimmed = False
        """Whether ``branch`` dropped the cuts whose slack was basic from the relaxation:
        its rows then no longer match ``blocks`` and ``batches``, and it takes no more
        tables or cuts (only ``integer``)."""
        self.kept = Kept(model, self.base)
        """The batches' coefficients of every table of the pool, kept for pricing (``price``)."""
        self.blocks = [
            kept(self.columns(tables.take(np.arange(first, min(n, first + TABLE_BLOCK)))))
            for first in range(0, n, TABLE_BLOCK)
        ]
        """Every row's coefficients of the relaxation's columns (rows × tables), a block of
        tables at a time, in the order of ``inside``."""

    def entries(self) -> int:
        """How many coefficients the relaxation's columns have (the work of a pass)."""
        return sum(block.size for block in self.blocks)

    def columns(self, tables: Pool) -> FloatArray:
        """Every row's coefficients of these tables (rows × tables)."""
        n = self.model.instance.size
        total = self.base + sum(u.shape[1] for u in self.batches)
        block = np.zeros((total, len(tables)))
        filled = tables.members >= 0
        block[tables.members[filled], np.nonzero(filled)[0]] = 1.0
        block[n : self.base] = table_rows(self.model, tables, self.model.cuts).T
        row = self.base
        for u in self.batches:
            block[row : row + u.shape[1]] = self._cut_rows(u, tables, block[n:row])
            row += u.shape[1]
        work.price(0, block.size)
        return block

    def _cut_rows(self, u: FloatArray, tables: Pool, after_players: FloatArray) -> FloatArray:
        """A batch of tableau cuts' coefficients of these tables (cuts × tables), given
        their coefficients in the rows before it other than the players' (rows × tables):
        the players' rows (a few ones per table, a third of the rows at 128 players) by
        looking up each member's multiplier, the others densely. Every term is a multiple
        of 1/GRID, so the sums are exact in any order."""
        n = self.model.instance.size
        products = after_players.T @ u[n:]  # tables × cuts: each lookup adds whole rows
        add_members(products, u[:n], tables)
        rows: FloatArray = np.floor(products.T + 0.5 / GRID)
        return rows

    def add_tables(self, pool: Pool, rows: npt.NDArray[np.intp]) -> None:
        self._untrimmed()
        tables = pool.take(rows)
        block = self.columns(tables)
        self._add_columns(tables, block)
        self.blocks.append(kept(block))
        self.inside = np.concatenate([self.inside, rows])

    def _untrimmed(self) -> None:
        if self.trimmed:
            raise RuntimeError("the relaxation's slack cuts were dropped for the branch and bound")

    def _add_columns(self, tables: Pool, block: FloatArray) -> None:
        """These tables join the relaxation, with their coefficients (rows × tables)."""
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
        if work.left(deadline) < work.root(
            self.h.getNumNz(), self.h.getNumCol(), self.h.getNumRow()
        ):
            return None, False
        basis = self.h.getBasis()
        pairing, status = self._branch_and_bound(
            incumbent, deadline, nodes, "objective_target", self.model.target, -highspy.kHighsInf
        )
        self.h.setBasis(basis)  # its basis for more cuts
        work.run(self.h, deadline)
        return pairing, status == highspy.HighsModelStatus.kOptimal

    def _branch_and_bound(
        self,
        start: Sequence[Sequence[int]] | None,
        deadline: float,
        nodes: int | None,
        option: str,
        value: float,
        reset: float,
    ) -> tuple[tuple[tuple[int, ...], ...] | None, highspy.HighsModelStatus]:
        """HiGHS's integer program over the relaxation's tables with the option set to
        ``value`` (then back to ``reset``), and back to the relaxation after it."""
        n = len(self.inside)
        everything = np.arange(n, dtype=np.int32)
        self.h.changeColsIntegrality(n, everything, np.full(n, highspy.HighsVarType.kInteger))
        # no presolve: over the dense tableau cuts (48,000 tables, 2.6 million nonzeros)
        # it ran 3 s past the time limit, which HiGHS checks only between its steps
        self.h.setOptionValue("presolve", "off")
        self.h.setOptionValue(option, value)
        try:
            tables = self.pool.take(self.inside)
            return branch_and_bound(self.h, tables, start, deadline, nodes)
        finally:
            self.h.setOptionValue("presolve", "choose")
            self.h.setOptionValue(option, reset)
            self.h.changeColsIntegrality(
                n, everything, np.full(n, highspy.HighsVarType.kContinuous)
            )

    def branch(
        self,
        value: float,
        lower: FloatArray,
        target: int,
        deadline: float,
        margin: float = 0.0,
    ) -> tuple[tuple[tuple[int, ...], ...] | None, float | None]:
        """Branch and bound over this relaxation, solved with every table priced: ``value``
        is its value less what reduced costs within the tolerance could take off, ``lower``
        a lower bound on every table's reduced cost (inside: infinite); a node is closed only
        ``margin`` above the cutoff (what rounding could take off). Looks for a pairing
        cheaper than ``target`` in the criteria (with few tables, in the tie-break too);
        returns the cheapest found (None: none) and, where the search ended, a bound on
        every pairing (None where it did not: too large, or out of work).

        A pairing costing less than the cutoff costs at least ``value`` plus the reduced
        costs of its tables, each ≥ 0: every one of its tables has a reduced cost below the
        cutoff less ``value``, and only those join. Where they are few
        (``BRANCH_HIGHS_TABLES``), HiGHS's integer program searches them, every node at the
        target or dearer cut off (``_integer_below``); else kolo's own search
        (``pair_branching.search``), where the cutoff is the target's main cost: the
        tie-break is not searched.

        The cuts hold for every pairing; those whose slack is basic (their dual 0) leave
        first, which leaves the value and the basis as they are (at 128 players in fours 187
        of 228 cuts, nine tenths of the nonzeros; every node then took 15 ms where it had
        taken 90). The relaxation then takes no more tables or cuts (``trimmed``). A node
        bounds the count of tables of a level group whose count is fractional; where every
        count is whole, it seats two players together (the tables seating one of them
        without the other are out) or apart (the tables seating both are out), on the pair
        whose tables hold them closest to half (Ryan and Foster: a fractional solution
        always has such a pair); each node starts from the last one's basis, a few dual
        simplex iterations,
        where HiGHS's own integer program solves its root afresh (12 s over those 47,000
        tables with every cut; this search proved that round in 37 nodes, 0.7 s)."""
        pool, instance = self.pool, self.model.instance
        by_highs = (
            len(self.inside) + int((lower < target - value).sum()) <= BRANCH_HIGHS_TABLES
            and work.left(deadline) >= BRANCH_HIGHS_WORK
            and instance.size <= BRANCH_HIGHS_PLAYERS
        )
        # the cutoff: below the target itself for HiGHS, below its main cost for the pairs
        main = instance.main_cost(target) * instance.mult
        cutoff = target - 0.5 if by_highs else main - 0.5
        outside = np.flatnonzero(lower <= cutoff - value)
        duals = np.asarray(self.h.getSolution().row_dual)
        # the cuts whose slack is basic (zero dual) leave: 187 of 228 at 128 players in
        # fours, 739,000 of 826,000 nonzeros, the value and the basis unchanged
        slack = np.array(
            [status == highspy.HighsBasisStatus.kBasic for status in self.h.getBasis().row_status]
        )
        slack[: self.model.first_cut()] = False
        rows = int((~slack).sum())
        most = BRANCH_ENTRIES // rows - len(self.inside)  # tables that may join
        if most < 0 or work.now() >= deadline:
            return None, None
        joining: list[npt.NDArray[np.intp]] = []
        blocks: list[FloatArray] = []
        for first in range(0, len(outside), PRICED_CHUNK):
            if work.now() > deadline:
                return None, None
            chunk = outside[first : first + PRICED_CHUNK]
            block = self.columns(pool.take(chunk))
            # the true reduced costs (``lower`` leaves out the tableau cuts' terms: at 128
            # players in fours 77,000 tables by it, 40,000 in truth)
            near = pool.cost[chunk] - duals @ block <= cutoff - value
            joining.append(chunk[near])
            blocks.append(block[~slack][:, near])
            most -= int(near.sum())
            if most < 0:
                return None, None
        self.trimmed = True
        dropped = np.flatnonzero(slack).astype(np.int32)
        self.h.deleteRows(len(dropped), dropped)
        for rows_joining, block in zip(joining, blocks, strict=True):
            if len(rows_joining):
                self._add_columns(pool.take(rows_joining), block)
                self.inside = np.concatenate([self.inside, rows_joining])
        h = self.h
        if by_highs and work.left(deadline) >= work.root(
            h.getNumNz(), h.getNumCol(), h.getNumRow()
        ):
            return self._integer_below(cutoff, deadline, margin)
        # (where HiGHS's root would not start in the work left, the pairs search: its cutoff
        # is lower, so the tables joined for HiGHS's are all it needs and more)
        tables = pool.take(self.inside)
        return pair_branching.search(h, tables, instance, main - 0.5, deadline, margin)

    def _integer_below(
        self, cutoff: float, deadline: float, margin: float
    ) -> tuple[tuple[tuple[int, ...], ...] | None, float | None]:
        """``branch`` by HiGHS's integer program over the relaxation's tables, every node
        costing ``cutoff`` (and ``margin``) or more cut off (its ``objective_bound``).
        HiGHS may still keep a pairing above that bound as its best: such a pairing is
        not returned, and where HiGHS ended its search it proves nothing cheaper than the
        cutoff exists."""
        instance = self.model.instance
        pairing, status = self._branch_and_bound(
            None, deadline, None, "objective_bound", cutoff + margin, highspy.kHighsInf
        )
        if pairing is not None and cost_of(instance, pairing) >= cutoff:
            pairing = None  # kept by HiGHS above its objective bound
        ended = status in (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kOptimal)
        if not ended:
            return pairing, None
        if pairing is None:
            return None, cutoff + 0.5  # no pairing costs less than the cutoff
        # the cheapest below the cutoff, within HiGHS's gap of half a unit of the tie-break
        return pairing, float(cost_of(instance, pairing)) - 0.5

    def price(
        self, pool_cuts: PoolCuts, tolerance: float, deadline: float
    ) -> tuple[npt.NDArray[np.intp], FloatArray, FloatArray] | None:
        """The tables outside with a reduced cost below −tolerance, those costs,
        and a lower bound on every table's reduced cost (inside: infinite); None if the
        deadline passed first.

        Without the tableau cuts' terms a reduced cost is at most the true one (their
        duals are ≤ 0, their coefficients ≥ 0): only tables negative without them are
        priced again with them, and the bound is their true reduced cost, the others' the
        one without those terms."""
        self._untrimmed()
        pool = self.pool
        duals = np.asarray(self.h.getSolution().row_dual)
        rc = self.model.reduced_costs(pool, duals[: self.base], pool_cuts)
        rc[self.inside] = np.inf
        candidates = np.flatnonzero(rc < -tolerance)
        values = rc[candidates]
        cuts = sum(u.shape[1] for u in self.batches)
        if self.batches and (
            len(candidates) < PRICED_SHARE * len(pool) or cuts * len(pool) > PRICED_ENTRIES
        ):
            # few candidates: their coefficients computed afresh (none kept ahead)
            self.kept.cancel()
            tableau_duals = duals[self.base :]
            for first in range(0, len(candidates), PRICED_CHUNK):
                if work.now() > deadline:
                    return None
                chunk = candidates[first : first + PRICED_CHUNK]
                block = self.columns(pool.take(chunk))[self.base :]
                values[first : first + PRICED_CHUNK] -= tableau_duals @ block
        elif self.batches:
            # most tables are negative without the tableau cuts' terms (200,000 of 240,000
            # at 128 players in fours) and few with them: each batch's coefficients are
            # computed once for the whole pool and kept, where every round had computed
            # every batch's again (two thirds of the tableau's time)
            if not self.kept.bring_up(pool, pool_cuts, self.batches, deadline):
                return None
            self.kept.subtract_terms(candidates, duals[self.base :], values)
        # the true reduced costs prune far more than those without the tableau cuts
        # (tableau_bound): at 128 players in fours most tables were negative without
        # them, and few are with them
        rc[candidates] = values
        negative = values < -tolerance
        return candidates[negative], values[negative], rc

    def prune(self, keep: BoolArray) -> None:
        """Only the pool's tables where ``keep`` holds (every table inside among them)."""
        self.pool = self.pool.take(keep)
        self.inside = (np.cumsum(keep) - 1)[self.inside]
        self.kept.take(keep)

    def add_cuts(self, x: FloatArray) -> bool:
        """Cuts from the tableau rows of fractional tables; False if none is violated."""
        self._untrimmed()
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
        work.price(0, self.entries() * (1 + u.shape[1] // 8))
        limits = np.floor(self.rhs @ u + 0.5 / GRID)
        violation = -limits
        firsts = np.cumsum([0] + [block.shape[1] for block in self.blocks])

        def block_violation(number: int) -> FloatArray:  # Σ_T x_T ⌊u·a_T⌋ over a block
            coefficients = np.floor(self.blocks[number].astype(np.float64).T @ u + 0.5 / GRID)
            products: FloatArray = x[firsts[number] : firsts[number + 1]] @ coefficients
            return products

        for part in parallel.each(block_violation, range(len(self.blocks))):
            violation += part  # in the blocks' order, as one at a time
        chosen = np.flatnonzero(violation > 1e-6)
        chosen = chosen[np.argsort(-violation[chosen], kind="stable")][:GOMORY_CUTS]
        if len(chosen) == 0:
            return False
        u = u[:, chosen]
        self.batches.append(u)

        def joined(number: int) -> FloatArray:
            """The chosen cuts' rows of a block's tables (cuts × tables), which join it."""
            wide = self.blocks[number].astype(np.float64)
            row: FloatArray = np.floor(u.T @ wide + 0.5 / GRID)
            self.blocks[number] = kept(np.vstack([wide, row]))
            return row

        rows = parallel.each(joined, range(len(self.blocks)))
        new = np.hstack(rows) if rows else np.zeros((len(chosen), 0))  # cuts × tables
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
        self.rhs = np.concatenate([self.rhs, limits[chosen]])
        return True


def tableau_bound(
    model: Model,
    pool: Pool,
    target: int,
    deadline: float,
    pool_cuts: PoolCuts | None = None,
    inside: npt.NDArray[np.intp] | None = None,
    incumbent: Sequence[Sequence[int]] | None = None,
    search: bool = False,
    rounds: int | None = None,
    branch: bool = False,
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
    rounds of cuts. With ``branch``, where the rounds end short of proving the target's
    main cost optimal with every table priced, a branch and bound on level groups and
    pairs of players over the tables within the gap (``_Tableau.branch``) looks for a
    pairing cheaper in main units, and where it ends, its bound is the bound; the rounds
    of cuts then leave it ``BRANCH_RESERVE`` of the work.
    """
    instance = model.instance
    if inside is None:
        inside = np.arange(len(pool))
    if pool_cuts is None:
        pool_cuts = PoolCuts(instance, pool)
    tableau = _Tableau(model, pool, inside, deadline)
    # reduced costs above −tolerance (one unit of the tie-break) count as nonnegative; what
    # they could take off a whole pairing is subtracted from its bound
    tolerance = max(1.0, float(np.abs(pool.cost).max(initial=1)) * 1e-9)
    slack = tolerance * (len(instance.sizes) + instance.byes)
    bound = -np.inf
    found: tuple[tuple[int, ...], ...] | None = None
    tried = False
    stalled = 0
    # where the last run priced every table, what the branch and bound starts from: the
    # relaxation's value as solved, that value less the slack, and every table's reduced
    # cost at least
    settled: tuple[float, float, FloatArray] | None = None
    # with the branch and bound to follow, the rounds of cuts leave it a share of the work
    # (where they stall it is the search that closes the gap)
    cuts_until = deadline - (BRANCH_RESERVE * work.left(deadline) if branch else 0.0)
    try:
        while work.now() < deadline and (rounds is None or len(tableau.batches) < rounds):
            settled = None
            h = tableau.h
            if tableau.kept.coefficients:
                # the last round's cuts' coefficients, while HiGHS solves the relaxation
                tableau.kept.ahead(pool, pool_cuts, tableau.batches)
            work.run(h, deadline)
            status = h.getModelStatus()
            if status == highspy.HighsModelStatus.kInfeasible:
                if len(tableau.inside) == len(pool):
                    tableau.kept.clear()
                    return np.inf, None, tableau
                break
            if status != highspy.HighsModelStatus.kOptimal:
                break
            value = float(h.getInfo().objective_function_value)
            x = np.asarray(h.getSolution().col_value)
            if len(tableau.inside) < len(pool):
                priced = tableau.price(pool_cuts, tolerance, deadline)
                if priced is None:
                    break
                entering, rc, lower = priced
                if len(entering):
                    # the Lagrangian bound: every table's reduced cost is at least `lower`
                    bound = max(bound, value + float(lower[lower < 0].sum()))
                    tableau.add_tables(pool, entering[smallest_values(rc, GOMORY_ENTER)])
                    continue
                # Every reduced cost is now ≥ −tolerance, so a pairing costs at least
                # value − slack, and one with table T at least value + lower(T) − slack:
                # tables with more than the gap to the target can be in no cheaper pairing.
                value -= slack
                keep = lower <= target - value
                keep[tableau.inside] = True
                if keep.mean() < 0.7:
                    tableau.prune(keep)
                    pool = tableau.pool
                    pool_cuts = pool_cuts.take(keep, pool)
                    lower = lower[keep]
                settled = (float(h.getInfo().objective_function_value), value, lower)
            else:
                lower = np.full(len(pool), np.inf)  # every table is inside
                settled = (float(h.getInfo().objective_function_value), value, lower)
            stalled = stalled + 1 if value < bound + 1e-3 * instance.mult else 0
            bound = max(bound, value)
            if np.all((x < 1e-6) | (x > 1 - 1e-6)):
                tableau.kept.clear()
                return bound, chosen_tables(pool.take(tableau.inside), x > 0.5), tableau
            # a pairing from the relaxation's own tables: a better target prunes more
            support = pool.take(tableau.inside[x > 1e-6])
            pairing = cheapest_pairing(model, support, deadline, SUPPORT_NODES)
            if pairing is not None and cost_of(instance, pairing) < target:
                found, target = pairing, cost_of(instance, pairing)
            if stalled >= 2 and not tried and search:
                # the bound has (nearly) stopped: look for a pairing that meets it
                tried = True
                pairing, _ = tableau.integer(found or incumbent, deadline, INTEGER_NODES)
                if pairing is not None and cost_of(instance, pairing) < target:
                    found, target = pairing, cost_of(instance, pairing)
            if main_optimal(instance, target, bound):
                break
            if (
                bound >= target
                or stalled >= STALL
                or work.now() >= cuts_until
                or not tableau.add_cuts(x)
            ):
                break
        else:
            settled = None  # cuts joined after the last run, or none ran
    finally:
        tableau.kept.cancel()  # (where the rounds ended by an error too)
    tableau.kept.clear()  # kept for this search's pricing only: the memory back
    if branch and settled is not None and not main_optimal(instance, target, bound):
        solved, value, lower = settled
        # the relaxation as priced, not cut short since (its integer program runs it again)
        unchanged = (
            tableau.h.getModelStatus() == highspy.HighsModelStatus.kOptimal
            and abs(float(tableau.h.getInfo().objective_function_value) - solved) <= tolerance
        )
        if not unchanged:
            return bound, found, tableau
        pairing, proved = tableau.branch(value, lower, target, deadline, slack)
        if pairing is not None and cost_of(instance, pairing) < target:
            found = pairing
        if proved is not None:
            bound = max(bound, proved)
    return bound, found, tableau
