"""Branch and bound on pairs of players over a relaxation solved with its tables (Ryan and
Foster): a node seats two players together or apart, each starting from the last one's
basis. ``exact.tableau`` runs it once the cuts leave a gap (``_Tableau.branch``)."""

from __future__ import annotations

import highspy
import numpy as np
import numpy.typing as npt

from kolo.pairing import work
from kolo.pairing.cost import cost_of
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
    take off the relaxation's value) is closed. Every column's bounds are as they were
    when it returns."""
    n = len(tables)
    members = tables.members
    seating = _seating(members, instance.size)
    found: tuple[tuple[int, ...], ...] | None = None
    # each node: its depth, and the columns its decisions (pairs together or apart) put out
    stack: list[tuple[int, npt.NDArray[np.bool_]]] = [(0, np.zeros(n, dtype=np.bool_))]
    last = np.zeros(n, dtype=np.bool_)  # the columns out at the last node
    try:
        for _ in range(NODES):
            if not stack:
                return found, cutoff + 0.5  # every pairing costs at least this
            if work.now() > deadline:
                return found, None
            depth, out = stack.pop()
            # only the columns whose bound changes since the last node (HiGHS takes every
            # changed column's bound in again)
            changed = np.flatnonzero(out != last).astype(np.int32)
            if len(changed):
                upper = np.where(out[changed], 0.0, highspy.kHighsInf)
                h.changeColsBounds(len(changed), changed, np.zeros(len(changed)), upper)
            last = out
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
            pair = branching_pair(members[fractional], x[fractional], instance.size)
            if pair is None:
                return found, None
            first_player, second_player = pair
            both = np.intersect1d(seating[first_player], seating[second_player])
            one = np.setxor1d(seating[first_player], seating[second_player])
            apart, together = out.copy(), out.copy()
            apart[both] = True  # the tables seating both are out
            together[one] = True  # the tables seating one without the other are out
            stack.append((depth + 1, apart))
            stack.append((depth + 1, together))  # together first
        return found, None
    finally:
        everything = np.arange(n, dtype=np.int32)
        h.changeColsBounds(n, everything, np.zeros(n), np.full(n, highspy.kHighsInf))


def _seating(members: npt.NDArray[np.int32], players: int) -> list[npt.NDArray[np.intp]]:
    """For every player, the rows (tables) seating him, in increasing order."""
    flat = members.ravel()
    order = np.argsort(flat, kind="stable")
    starts = np.searchsorted(flat[order], np.arange(players + 1))
    return [order[starts[p] : starts[p + 1]] // members.shape[1] for p in range(players)]


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
