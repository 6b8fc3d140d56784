"""The integer search over a set of tables: branch and bound within a work budget, and when a
found pairing is proved optimal."""

from __future__ import annotations

from collections.abc import Sequence

import highspy
import numpy as np

from kolo.pairing import work
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.select import chosen_tables
from kolo.pairing.instance import Instance
from kolo.pairing.pool import Pool

INTEGER_NODES = 500
"""Branch-and-bound nodes for the tableau's integer program once its bound stalls."""


def branch_and_bound(
    h: highspy.Highs,
    tables: Pool,
    start: Sequence[Sequence[int]] | None,
    deadline: float,
    nodes: int | None,
) -> tuple[tuple[tuple[int, ...], ...] | None, highspy.HighsModelStatus]:
    """Run HiGHS's integer program on a model whose columns are ``tables``, within the
    work left until ``deadline`` and at most ``nodes`` nodes."""
    if work.left(deadline) < work.root(h.getNumNz(), h.getNumCol(), h.getNumRow()):
        # its root (presolve, cuts, heuristics: HiGHS bounds them by no count) would need
        # more work than is left: not started (over 437,000 nonzeros one took 28 s)
        return None, highspy.HighsModelStatus.kNotset
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
    pairing = chosen_tables(tables, np.asarray(h.getSolution().col_value) > 0.5) if found else None
    return pairing, h.getModelStatus()


def integer_search(
    model: Model,
    tables: Pool,
    deadline: float,
    *,
    nodes: int | None = None,
    start: Sequence[Sequence[int]] | None = None,
) -> tuple[tuple[tuple[int, ...], ...] | None, highspy.HighsModelStatus]:
    """The integer program over these tables (from the pairing ``start``): the best
    pairing found (None: none) and how HiGHS ended."""
    if work.left(deadline) < work.root(int(tables.size.sum()), len(tables), model.instance.size):
        # its root would need more work than is left even over the players' rows alone:
        # not built (over 464,000 tables at 128 players in fours the model alone took
        # 1.9 GB, only to be left unstarted)
        return None, highspy.HighsModelStatus.kNotset
    h = model.highs(tables, integer=True)
    return branch_and_bound(h, tables, start, deadline, nodes)


def cheapest_pairing(
    model: Model, tables: Pool, deadline: float, nodes: int | None = None
) -> tuple[tuple[int, ...], ...] | None:
    """The cheapest pairing of these tables found by the deadline or within ``nodes``
    branch-and-bound nodes (None: none found)."""
    return integer_search(model, tables, deadline, nodes=nodes)[0]


def main_optimal(instance: Instance, cost: int, bound: float) -> bool:
    """Whether no pairing is cheaper in the criteria (the tie-break aside): every pairing
    costs at least ⌊bound / mult⌋ main units."""
    if not np.isfinite(bound):
        return bound > 0  # +inf: no pairing at all is cheaper
    return instance.main_cost(cost) <= int(bound // instance.mult)
