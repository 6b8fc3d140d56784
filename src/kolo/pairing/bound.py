"""A lower bound on any pairing's cost that needs no candidate tables: where the field is too
large for the exact method, the proposal still reports a true gap.

Every cost is a sum of non-negative parts: each pair at a table, each player at a smaller
table, each bye. A table's pairs are half the sum, over its players, of each player's costs
with the others there; so any pairing costs at least half of the sum, over the seated
players, of each one's cheapest possible table-mates (as many as the smallest table holds
besides them) — counted for everyone, less the largest of those sums for as many players as
there are byes (whoever gets them). The smaller tables' seats cost at least the cheapest of
those their players may take, and the byes the cheapest byes; the points apart alone give a
second bound (``_spread``). Of the hard rules only who may sit at a smaller table or take a
bye is used (R-GORN-6, relaxed or not as the instance says), so the bound holds for every
pairing the rules allow."""

from __future__ import annotations

from collections import Counter

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
    pairs = max(int(seated.sum()) // 2, _spread(instance))
    smaller_seats = sum(s for s in instance.sizes if s < instance.normal_size)
    smaller = _cheapest(instance.smaller_cost, instance.smaller_ok, smaller_seats)
    bye = _cheapest(instance.bye_cost, instance.bye_ok, byes)
    return pairs + smaller + bye


def _spread(instance: Instance) -> int:
    """A bound on the points apart alone: |p(a) − p(b)| is the sum of the steps between
    consecutive point values that lie between a and b, so a pairing's spread is the sum over
    the steps of (step × pairs seated across it). Where the players above a step cannot
    fill whole tables (and byes), some table sits across it, with at least (its size − 1)
    pairs across; the step counts that many times at least."""
    if instance.points is None or not instance.spread_unit:
        return 0
    sizes = [s for s in instance.sizes if s > 1]
    if not sizes:
        return 0
    full = [s for s in sizes if s >= instance.normal_size]
    order = np.argsort(-instance.points, kind="stable")
    points = instance.points[order]
    smaller_ok = instance.smaller_ok[order]
    bye_ok = instance.bye_ok[order]
    total = 0
    for above in range(1, len(points)):
        step = int(points[above - 1] - points[above])
        if step <= 0:
            continue
        # who sits above the step may take a smaller table or a bye only if one of them may
        tables = sizes if smaller_ok[:above].any() else full
        byes = instance.byes if bye_ok[:above].any() else 0
        if not _fills(above, tables, byes):
            total += step * (min(sizes) - 1)
    return total * instance.spread_unit


def _fills(players: int, sizes: list[int], byes: int) -> bool:
    """Whether ``players`` can be seated exactly by some of the tables (and byes)."""
    counts = sorted(Counter(sizes).items(), reverse=True)

    def fits(left: int, rest: list[tuple[int, int]]) -> bool:
        if not rest:
            return 0 <= left <= byes
        (size, count), more = rest[0], rest[1:]
        return any(fits(left - size * used, more) for used in range(min(count, left // size) + 1))

    return fits(players, counts)


def _cheapest(costs: IntArray, allowed: npt.NDArray[np.bool_], count: int) -> int:
    """The sum of the ``count`` cheapest costs among the players allowed (all of them where
    fewer are allowed: the bound must hold for relaxed rules too)."""
    if count <= 0:
        return 0
    pool = costs[allowed] if int(allowed.sum()) >= count else costs
    return int(np.sort(pool)[:count].sum())
