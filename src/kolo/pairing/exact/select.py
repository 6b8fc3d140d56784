"""Choosing among the candidate tables by their values: the lowest, the smallest, and the
tables a 0/1 choice names."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kolo.pairing.pool import Pool


def lowest_values(values: FloatArray, count: int) -> tuple[npt.NDArray[np.intp], float]:
    """The ``count`` tables of lowest value (in increasing order) and the next value (every
    table left out has at least that; inf when none is left out)."""
    if count >= len(values):
        return smallest_values(values, count), np.inf
    order = smallest_values(values, count + 1)
    return order[:count], float(values[order[count]])


def smallest_values(values: FloatArray, count: int) -> npt.NDArray[np.intp]:
    """The indices of the ``count`` lowest values in increasing order, ties in index order
    — the first ``count`` of a stable sort, without sorting them all."""
    if count >= len(values):
        return np.argsort(values, kind="stable")
    kth = np.partition(values, count - 1)[count - 1]
    below = np.flatnonzero(values <= kth)  # in index order: ties keep it
    order: npt.NDArray[np.intp] = below[np.argsort(values[below], kind="stable")]
    return order[:count]


def chosen_tables(pool: Pool, chosen: npt.NDArray[np.bool_]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(p) for p in row if p >= 0) for row in pool.members[chosen])


FloatArray = npt.NDArray[np.float64]
