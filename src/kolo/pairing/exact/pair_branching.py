"""Branch and bound over a relaxation solved with its tables: a node bounds the count of tables
of one level group (the multiset of their players' levels) or seats two players together or
apart (Ryan and Foster), each node starting from the last one's basis. ``exact.tableau`` runs
it once the cuts leave a gap (``_Tableau.branch``)."""

from __future__ import annotations

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import work
from kolo.pairing.cost import cost_of
from kolo.pairing.exact.cuts import LevelIndex
from kolo.pairing.exact.select import FloatArray, chosen_tables
from kolo.pairing.instance import Instance
from kolo.pairing.pool import Pool

NODES = 2_000
"""The search ends after at most this many nodes (besides the work left)."""


def search(
    h: highspy.Highs,
    tables: Pool,
    instance: Instance,
    cutoff: float,
    deadline: float,
    margin: float = 0.0,
) -> tuple[tuple[tuple[int, ...], ...] | None, float | None]:
    """A pairing costing less than ``cutoff`` over the relaxation ``h``, whose columns are
    ``tables`` and which holds every table such a pairing could use: the cheapest in the
    criteria found (None: none) and, where the tree was searched to its end, a bound on
    every pairing (None where it was not: out of nodes or work). Once a pairing is found
    the cutoff falls to its main cost: the tie-break is not searched.

    Depth first; a node whose value reaches the cutoff and ``margin`` (what rounding could
    take off the relaxation's value) is closed. A node branches on the level group whose
    count of tables is fractional (``branching_group``): at most its floor, or at least
    its ceiling, through a row over the group's tables; where every count is whole, on a
    pair of players (``branching_pair``). Every column's bounds are as they were when it
    returns, and the rows it added are gone. (A node is closed on its solved value only:
    HiGHS's ``objective_bound`` would stop the dual simplex earlier, on a value it does not
    check for dual feasibility, which the perturbed costs of tables with a relaxed rule's
    penalty could leave wrong by more than the margin.)"""
    n = len(tables)
    members = tables.members
    seating = _seating(members, instance.size)
    group, groups = _level_groups(instance, tables)
    first_row = int(h.getNumRow())
    rows: dict[int, int] = {}  # a level group's row, added when first branched on
    found: tuple[tuple[int, ...], ...] | None = None
    # each node: its depth, the columns its decisions on pairs put out, and the counts its
    # decisions on level groups allow (group: least, most)
    stack: list[tuple[int, npt.NDArray[np.bool_], dict[int, tuple[float, float]]]] = [
        (0, np.zeros(n, dtype=np.bool_), {})
    ]
    last = np.zeros(n, dtype=np.bool_)  # the columns out at the last node
    counted: dict[int, tuple[float, float]] = {}  # the groups' counts at the last node
    try:
        for _ in range(NODES):
            if not stack:
                return found, cutoff + 0.5  # every pairing costs at least this
            if work.now() > deadline:
                return found, None
            depth, out, counts = stack.pop()
            # only the columns and rows whose bounds change since the last node (HiGHS
            # takes every changed bound in again)
            changed = np.flatnonzero(out != last).astype(np.int32)
            if len(changed):
                upper = np.where(out[changed], 0.0, highspy.kHighsInf)
                h.changeColsBounds(len(changed), changed, np.zeros(len(changed)), upper)
            last = out
            for bounded in sorted(set(counts) | set(counted)):
                low, high = counts.get(bounded, _FREE)
                if counted.get(bounded, _FREE) != (low, high):
                    h.changeRowBounds(rows[bounded], low, high)
            counted = counts
            work.run(h, deadline, bounds_only=depth > 0)
            status = h.getModelStatus()
            if status == highspy.HighsModelStatus.kInfeasible:
                continue
            if status != highspy.HighsModelStatus.kOptimal:
                return found, None
            value = float(h.getInfo().objective_function_value)
            if value >= cutoff + margin:
                continue  # every pairing of this node costs at least the cutoff
            x = np.asarray(h.getSolution().col_value)[:n]
            fractional = (x > 1e-6) & (x < 1 - 1e-6)
            if not fractional.any():
                pairing = chosen_tables(tables, x > 0.5)
                cost = cost_of(instance, pairing)
                if cost < cutoff:  # (not within the margin only)
                    found = pairing
                    cutoff = instance.main_cost(cost) * instance.mult - 0.5
                continue
            # a level group whose count of tables is fractional first: every pairing has
            # a whole count of each, and the players' levels alone set a table's main
            # cost (but for repeated meetings and such), so the branches part pairings
            # that differ in cost, where a pair of players of one level often parts
            # pairings alike
            used = np.bincount(group, weights=x, minlength=groups).astype(np.float64)
            level_group = branching_group(used)
            if level_group is not None:
                if level_group not in rows:
                    inside = np.flatnonzero(group == level_group).astype(np.int32)
                    h.addRow(
                        -highspy.kHighsInf,
                        highspy.kHighsInf,
                        len(inside),
                        inside,
                        np.ones(len(inside)),
                    )
                    rows[level_group] = int(h.getNumRow()) - 1
                low, high = counts.get(level_group, _FREE)
                count = float(used[level_group])
                fewer = {**counts, level_group: (low, float(np.floor(count)))}
                more = {**counts, level_group: (float(np.ceil(count)), high)}
                nearer, farther = (more, fewer) if count % 1 >= 0.5 else (fewer, more)
                stack.append((depth + 1, out, farther))
                stack.append((depth + 1, out, nearer))  # the nearer count first
                continue
            pair = branching_pair(members[fractional], x[fractional], instance.size)
            if pair is None:
                return found, None
            first_player, second_player = pair
            both = np.intersect1d(seating[first_player], seating[second_player])
            one = np.setxor1d(seating[first_player], seating[second_player])
            apart, together = out.copy(), out.copy()
            apart[both] = True  # the tables seating both are out
            together[one] = True  # the tables seating one without the other are out
            stack.append((depth + 1, apart, counts))
            stack.append((depth + 1, together, counts))  # together first
        return found, None
    finally:
        everything = np.arange(n, dtype=np.int32)
        h.changeColsBounds(n, everything, np.zeros(n), np.full(n, highspy.kHighsInf))
        added = np.arange(first_row, int(h.getNumRow()), dtype=np.int32)
        if len(added):
            h.deleteRows(len(added), added)


_FREE = (-highspy.kHighsInf, highspy.kHighsInf)
"""A level group's count where no decision bounds it."""


def _level_groups(instance: Instance, tables: Pool) -> tuple[npt.NDArray[np.intp], int]:
    """Every table's level group (the multiset of its players' levels), and how many."""
    index = LevelIndex.of(instance, tables)
    return index.inverse, len(index.groups)


def _seating(members: npt.NDArray[np.int32], players: int) -> list[npt.NDArray[np.intp]]:
    """For every player, the rows (tables) seating him, in increasing order."""
    flat = members.ravel()
    order = np.argsort(flat, kind="stable")
    starts = np.searchsorted(flat[order], np.arange(players + 1))
    return [order[starts[p] : starts[p + 1]] // members.shape[1] for p in range(players)]


def branching_group(counts: FloatArray) -> int | None:
    """The level group whose count of tables (``counts``) is fractional closest to half
    (ties: the first); None where every count is whole."""
    split = np.flatnonzero(np.abs(counts - np.round(counts)) > 1e-6)
    if len(split) == 0:
        return None
    return int(split[np.argmin(np.abs(counts[split] % 1 - 0.5))])


def branching_pair(
    members: npt.NDArray[np.int32], values: FloatArray, players: int
) -> tuple[int, int] | None:
    """The pair of players whose tables (``members``, at ``values``) hold them together
    closest to half, strictly between 0 and 1 (ties: the first pair in index order)."""
    together = np.zeros(players * players)
    width = members.shape[1]
    for a in range(width):
        for b in range(a + 1, width):
            seated = (members[:, a] >= 0) & (members[:, b] >= 0)
            codes = members[seated, a].astype(np.int64) * players + members[seated, b]
            np.add.at(together, codes, values[seated])
    split = np.flatnonzero((together > 1e-6) & (together < 1 - 1e-6))
    if len(split) == 0:
        return None
    code = int(split[np.argmin(np.abs(together[split] - 0.5))])
    return code // players, code % players
