"""A lower bound on any pairing's cost that needs no candidate tables: where the field is too
large for the exact method, the proposal still reports a true gap.

Every cost is a sum of non-negative parts: each pair at a table, each player at a smaller
table, each bye. A table's pairs are half the sum, over its players, of each player's costs
with the others there; so any pairing costs at least half of the sum, over the seated
players, of each one's cheapest possible table-mates (as many as the smallest table holds
besides them) — counted for everyone, less the largest of those sums for as many players as
there are byes (whoever gets them). The smaller tables' seats cost at least the cheapest of
those their players may take, and the byes the cheapest byes. No hard rule is used, so the
bound holds for every pairing the rules allow."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kolo.pairing.instance import Instance
from kolo.pairing.pairs import IntArray

BLOCK = 4_000_000
"""Entries of the pair costs read at once (32 MB)."""


def lower_bound(instance: Instance) -> int:
    """A lower bound on the combined cost (main units × mult + tie-break) of every pairing."""
    n = instance.size
    if n == 0 or not instance.sizes:
        return 0
    mates = min(instance.sizes) - 1
    everyone = np.arange(n)
    cheapest = np.zeros(n, dtype=np.int64)
    if mates > 0:
        rows = max(1, BLOCK // n)
        for start in range(0, n, rows):
            chunk = everyone[start : start + rows]
            block = np.asarray(instance.pair_cost[chunk[:, None], everyone[None, :]])
            block = block.astype(np.int64, copy=True)
            block[np.arange(len(chunk)), chunk] = np.iinfo(np.int64).max // (2 * n)
            cheapest[chunk] = np.partition(block, mates - 1, axis=1)[:, :mates].sum(axis=1)
    byes = instance.byes
    seated = np.sort(cheapest)[: n - byes] if byes else cheapest
    pairs = int(seated.sum()) // 2
    smaller_seats = sum(s for s in instance.sizes if s < instance.normal_size)
    smaller = _cheapest(instance.smaller_cost, instance.smaller_ok, smaller_seats)
    bye = _cheapest(instance.bye_cost, instance.bye_ok, byes)
    return pairs + smaller + bye


def _cheapest(costs: IntArray, allowed: npt.NDArray[np.bool_], count: int) -> int:
    """The sum of the ``count`` cheapest costs among the players allowed (all of them where
    fewer are allowed: the bound must hold for relaxed rules too)."""
    if count <= 0:
        return 0
    pool = costs[allowed] if int(allowed.sum()) >= count else costs
    return int(np.sort(pool)[:count].sum())
