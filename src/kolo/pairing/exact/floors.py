"""Players' floors: a bound on every pairing from any duals, however far off.

With duals y (players' rows, count rows, limits and cuts, a cut's dual ≤ 0) every pairing P
costs y·b + Σ_{T∈P} rc(T), rc being the reduced costs. P seats every player once, so splitting
each table's reduced cost evenly among its players, Σ_{T∈P} rc(T) is at least the sum over the
players of their *floors*, the least reduced cost per seat of any table seating them. While
column generation's duals are still far off, a few players' duals are far too high and a
million tables price negative: their sum bounds nothing (−29 million units at 300 players in
threes after the first pass), the floors do (−8,860), and once the duals are close the floors
are close to 0 and the bound to the relaxation's value."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kolo.pairing import parallel
from kolo.pairing.exact.select import FloatArray
from kolo.pairing.pool import Pool


def seat_floors(pool: Pool, reduced: FloatArray, players: int) -> FloatArray:
    """Every player's floor: the least reduced cost per seat of a pool table seating him,
    at most 0. A pairing seats every player once, so its tables' reduced costs (each split
    evenly among its players) add up to at least the sum of the floors: with the
    relaxation's value y·b that bounds every pairing of the pool. Far stronger than adding
    every negative reduced cost while the duals are still far off (at 300 players in threes
    after the first pass: −8,860 against −29 million units)."""
    share = reduced / pool.size
    columns = pool.columns

    def span_floors(span: slice) -> FloatArray:
        floors = np.zeros(players + 1)  # the last: an empty place (-1)
        for column in columns:
            np.minimum.at(floors, column[span], share[span])
        return floors

    # the least over spans of the pool, each on its own: a minimum is exact in any order
    found = parallel.each(span_floors, parallel.spans(len(pool)))
    floors: FloatArray = np.minimum.reduce(found) if found else np.zeros(players + 1)
    return floors[:players]


def members_sum(pool: Pool, values: FloatArray) -> FloatArray:
    """For every table the sum of its players' values."""
    padded = np.append(values, 0.0)  # index -1: an empty place
    total: FloatArray = np.zeros(len(pool))
    columns = pool.columns

    def span_sum(span: slice) -> None:
        for column in columns:
            total[span] += np.take(padded, column[span])

    parallel.each(span_sum, parallel.spans(len(pool)))
    return total


def setting_floors(pool: Pool, reduced: FloatArray, floors: FloatArray) -> npt.NDArray[np.intp]:
    """The tables whose reduced cost per seat is some player's floor."""
    share = reduced / pool.size
    padded = np.append(floors, -np.inf)  # an empty place sets nothing
    setting = np.zeros(len(pool), dtype=np.bool_)
    columns = pool.columns

    def span_setting(span: slice) -> None:
        for column in columns:
            setting[span] |= share[span] <= np.take(padded, column[span])

    parallel.each(span_setting, parallel.spans(len(pool)))
    return np.flatnonzero(setting)
