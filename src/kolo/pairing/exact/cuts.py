"""The cuts that strengthen the relaxation: Chvátal–Gomory cuts over intervals of point levels,
{0, ½}-cuts along odd cycles of fractional tables, their coefficients over a pool of tables and
the search for violated ones."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.pairing import parallel, work
from kolo.pairing.exact.select import FloatArray
from kolo.pairing.instance import BoolArray, Instance, IntArray
from kolo.pairing.level_cuts import level_codes
from kolo.pairing.pool import Pool

DENSE_KEYS = 4_000_000
"""Level groups are numbered through a table of this many keys at most."""


FULL_MASTER = 80_000
"""Pools up to this size go into the relaxation whole; larger ones by column generation."""


CUTS_PER_ROUND = 40
"""At most this many violated cuts join the relaxation at a time."""


@dataclass(frozen=True)
class Cut:
    """Σ_T ⌊multiplier·|T ∩ S|/divisor⌋·x_T ≤ rhs, a Chvátal–Gomory cut of the players'
    rows over a set S of players: those with levels low..high, or the given ``players``."""

    multiplier: int
    divisor: int
    rhs: int
    low: int = 0
    high: int = -1
    players: tuple[int, ...] = ()


def candidate_cuts(instance: Instance) -> list[Cut]:
    """Every interval cut that can be violated (those whose count k does not divide)."""
    k = instance.normal_size
    if k < 2 or instance.size == 0:
        return []
    levels = int(instance.level.max()) + 1
    per_level = np.bincount(instance.level, minlength=levels)
    cuts = []
    for low in range(levels):
        inside = 0
        for high in range(low, levels):
            inside += int(per_level[high])
            if per_level[high] == 0 and high > low:
                continue  # same players as a shorter interval
            for u in range(1, k):
                if (u * inside) % k:
                    cuts.append(Cut(u, k, (u * inside) // k, low, high))
    return cuts


def member_levels(instance: Instance, pool: Pool) -> IntArray:
    """Every table's players' levels (-1 for an empty place)."""
    levels = np.append(instance.level, -1)  # index -1: an empty place
    result: IntArray = np.empty(pool.members.shape, dtype=np.int64)
    for j, column in enumerate(pool.columns):
        result[:, j] = np.take(levels, column)
    return result


def sorted_levels(instance: Instance, pool: Pool) -> IntArray:
    """Every table's players' levels in increasing order (-1s first). A table's players are
    in increasing index order, and where the players are ordered by points (as the
    standings order them) their levels decrease along it: reversed, no sort is needed
    (a quarter of a second over the 4.5 million tables of 300 players in threes)."""
    levels = member_levels(instance, pool)
    if bool(np.all(np.diff(instance.level) <= 0)):
        return levels[:, ::-1]
    result: IntArray = np.sort(levels, axis=1)
    return result


def cut_coefficients(instance: Instance, pool: Pool, cut: Cut) -> IntArray:
    """The cut's coefficient for every table of the pool."""
    if cut.players:
        return _player_coefficients(instance, pool, cut)
    return level_coefficients(member_levels(instance, pool), cut)


def coefficient_rows(instance: Instance, pool: Pool, cuts: Sequence[Cut]) -> Iterator[IntArray]:
    """Every cut's coefficients over the pool, one cut at a time, as ``cut_coefficients``:
    the cuts over levels computed once per group of tables with the same levels
    (``LevelIndex``)."""
    index = LevelIndex.of(instance, pool) if any(not c.players for c in cuts) else None
    for cut in cuts:
        if cut.players or index is None:
            yield _player_coefficients(instance, pool, cut)
        else:
            yield level_coefficients(index.groups, cut)[index.inverse]


def level_coefficients(levels: IntArray, cut: Cut) -> IntArray:
    """A cut over levels: its coefficient for tables whose players have the given levels
    (one row per table, -1 for an empty place)."""
    inside = ((levels >= cut.low) & (levels <= cut.high)).sum(axis=1)
    result: IntArray = (cut.multiplier * inside) // cut.divisor
    return result


def _player_coefficients(instance: Instance, pool: Pool, cut: Cut) -> IntArray:
    chosen = np.zeros(instance.size + 1, dtype=np.int64)  # index -1: an empty place
    chosen[list(cut.players)] = 1
    inside = np.zeros(len(pool), dtype=np.int64)
    for column in pool.columns:
        inside += np.take(chosen, column)
    result: IntArray = (cut.multiplier * inside) // cut.divisor
    return result


@dataclass(frozen=True)
class LevelIndex:
    """A large pool's tables grouped by the multiset of their players' levels: cut
    coefficients are computed once per group (a few thousand) instead of per table."""

    groups: IntArray
    """One row of sorted levels per group."""
    inverse: npt.NDArray[np.intp]
    """The group of every table of the pool."""

    @classmethod
    def of(cls, instance: Instance, pool: Pool) -> LevelIndex:
        levels = sorted_levels(instance, pool)
        base = int(instance.level.max(initial=0)) + 2
        keys = level_codes(levels, base)
        space = base ** levels.shape[1]
        if space > DENSE_KEYS:
            _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            return cls(levels[first], inverse.reshape(-1))
        # few possible keys: number them through a table instead of sorting millions
        present = np.zeros(space, dtype=np.bool_)
        present[keys] = True
        number = np.cumsum(present) - 1
        inverse = number[keys]
        first = np.zeros(int(present.sum()), dtype=np.intp)
        first[inverse[::-1]] = np.arange(len(keys) - 1, -1, -1)  # first table per key
        return cls(levels[first], inverse)


class PoolCuts:
    """Cut coefficients over one pool, each computed once: cuts over levels through the
    level groups of a large pool, cuts over players as their few nonzero entries."""

    def __init__(
        self,
        instance: Instance,
        pool: Pool,
        levels: LevelIndex | None = None,
        keep: BoolArray | None = None,
    ) -> None:
        self.instance = instance
        self.pool = pool
        self.levels: LevelIndex | None = None
        if len(pool) > FULL_MASTER:
            work.price(len(pool))
            self.levels = (
                LevelIndex(levels.groups, levels.inverse[keep])
                if levels is not None and keep is not None
                else LevelIndex.of(instance, pool)
            )
        self.sparse: dict[Cut, tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]] = {}
        """Each cut over players: the pool's rows of its nonzero coefficients, and those
        (⌊k/2⌋ of at most seven members: a byte)."""

    def subtract(self, rc: FloatArray, cuts: list[Cut], duals: FloatArray) -> None:
        """rc −= Σ dual × the cut's coefficients over the cuts."""
        self._prepare([cut for cut, dual in zip(cuts, duals, strict=True) if dual and cut.players])
        by_group = np.zeros(len(self.levels.groups)) if self.levels is not None else None
        levels = None
        for cut, dual in zip(cuts, duals, strict=True):
            if not dual:
                continue
            if cut.players:
                rows, values = self.sparse[cut]
                rc[rows] -= dual * values
            elif self.levels is not None and by_group is not None:
                by_group += dual * level_coefficients(self.levels.groups, cut)
            else:
                if levels is None:
                    levels = member_levels(self.instance, self.pool)
                rc -= dual * level_coefficients(levels, cut)
        if self.levels is not None and by_group is not None and by_group.any():
            inverse = self.levels.inverse

            def span_terms(span: slice) -> None:
                rc[span] -= by_group[inverse[span]]

            parallel.each(span_terms, parallel.spans(len(rc)))

    def player_entries(
        self, cuts: Sequence[Cut]
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int8]]:
        """The nonzero coefficients of these cuts over players, ordered by table: the
        tables' rows in the pool, each cut's place in ``cuts``, the coefficients (⌊k/2⌋ of
        up to seven members: a byte)."""
        self._prepare(list(cuts))
        rows = [self.sparse[cut][0] for cut in cuts]
        at = np.concatenate([np.zeros(0, dtype=np.int32), *rows])
        which = np.repeat(np.arange(len(cuts), dtype=np.int32), [len(r) for r in rows])
        values = np.concatenate([np.zeros(0, dtype=np.int8), *(self.sparse[c][1] for c in cuts)])
        order = np.argsort(at, kind="stable")
        return at[order], which[order], values[order]

    def _prepare(self, cuts: list[Cut]) -> None:
        """The nonzero coefficients of {0, ½}-cuts over players, 64 cuts in one pass over
        the pool: each player carries a bit per cut, and a bit-sliced counter adds the bits
        of a table's players (⌊count/2⌋ is then the counter's upper planes)."""
        missing = [cut for cut in dict.fromkeys(cuts) if cut not in self.sparse]
        for first in range(0, len(missing), 64):
            batch = missing[first : first + 64]
            assert all(c.multiplier == 1 and c.divisor == 2 for c in batch)
            # the narrowest integers that hold a bit per cut: less memory to stream
            kind = next(
                t
                for t in (np.uint8, np.uint16, np.uint32, np.uint64)
                if np.iinfo(t).bits >= len(batch)
            )
            bits: npt.NDArray[Any] = np.zeros(self.instance.size + 1, dtype=kind)  # -1: empty
            for number, cut in enumerate(batch):
                bits[list(cut.players)] |= kind(1 << number)
            ones: npt.NDArray[Any] = np.zeros(len(self.pool), dtype=kind)
            twos = np.zeros_like(ones)
            fours = np.zeros_like(ones)
            for column in self.pool.columns:
                x = np.take(bits, column)
                carry = ones & x
                ones ^= x
                fours |= twos & carry
                twos ^= carry
            rows = np.flatnonzero(twos | fours)
            twos, fours = twos[rows], fours[rows]
            for number, cut in enumerate(batch):
                bit = kind(1 << number)
                coefficient = ((twos & bit) != 0).astype(np.int64) + 2 * ((fours & bit) != 0)
                inside = np.flatnonzero(coefficient)
                self.sparse[cut] = (
                    rows[inside].astype(np.int32),
                    coefficient[inside].astype(np.int8),
                )

    def take(self, keep: BoolArray, pool: Pool) -> PoolCuts:
        """The same for the pool's tables where ``keep`` holds (``pool``: those tables)."""
        result = PoolCuts(self.instance, pool, self.levels, keep)
        position = np.cumsum(keep) - 1
        for cut, (rows, values) in self.sparse.items():
            kept = keep[rows]
            result.sparse[cut] = (position[rows[kept]].astype(np.int32), values[kept])
        return result


def cut_rows(
    instance: Instance, tables: Pool, cuts: list[Cut], out: FloatArray | None = None
) -> FloatArray:
    """Every cut's coefficient of every table (cuts × tables), the same as
    ``cut_coefficients``: the members a table has in a cut's set (0 to its width) are
    counted for all cuts at once, in bytes, then looked up in each cut's
    ⌊multiplier·k/divisor⌋ (written into ``out`` where given)."""
    width = tables.members.shape[1]
    counts = np.arange(width + 1)
    multiplier = np.array([c.multiplier for c in cuts], dtype=np.int64)[:, None]
    divisor = np.array([c.divisor for c in cuts], dtype=np.int64)[:, None]
    lookup = ((multiplier * counts) // divisor).astype(np.float64).ravel()
    inside = np.empty((len(cuts), len(tables)), dtype=np.int8)
    by_levels = [n for n, cut in enumerate(cuts) if not cut.players]
    if by_levels:
        # below[l, t]: the members of table t whose level is below l
        top = int(instance.level.max(initial=0)) + 1
        levels = member_levels(instance, tables)
        place = np.nonzero(levels >= 0)
        per_level = np.bincount(
            levels[place] * len(tables) + place[0], minlength=top * len(tables)
        ).reshape(top, len(tables))
        below = np.zeros((top + 1, len(tables)), dtype=np.int8)
        np.cumsum(per_level, axis=0, out=below[1:])
        low = np.array([cuts[n].low for n in by_levels])
        high = np.minimum(np.array([cuts[n].high for n in by_levels]), top - 1)
        inside[by_levels] = below[high + 1] - below[np.minimum(low, top)]
    by_players = [n for n, cut in enumerate(cuts) if cut.players]
    if by_players:
        member = np.zeros((len(by_players), instance.size + 1), dtype=np.int8)  # -1: empty
        for row, n in enumerate(by_players):
            member[row, list(cuts[n].players)] = 1
        count = np.zeros((len(by_players), len(tables)), dtype=np.int8)
        for column in tables.columns:
            count += np.take(member, column, axis=1)
        inside[by_players] = count
    first = (np.arange(len(cuts), dtype=np.int32) * (width + 1))[:, None]
    result: FloatArray = np.take(lookup, first + inside, out=out)
    return result


def violated_cuts(
    instance: Instance, master: Pool, values: FloatArray, candidates: list[Cut], present: list[Cut]
) -> list[Cut]:
    """The most violated candidate cuts at the relaxation's solution."""
    used = np.flatnonzero(values > 1e-9)
    if len(used) == 0 or not candidates:
        return []
    support = master.take(used)
    levels = member_levels(instance, support)
    x = values[used]
    taken = set(present)
    found = []
    for cut in candidates:
        if cut in taken:
            continue
        lhs = float(level_coefficients(levels, cut) @ x)
        if lhs > cut.rhs + 1e-6:
            found.append((lhs - cut.rhs, cut))
    found.sort(key=lambda item: -item[0])
    return [cut for _, cut in found[:CUTS_PER_ROUND]]


ODD_CYCLE_LENGTH = 7
"""The longest odd cycle of fractional tables searched for a {0, ½}-cut."""


def odd_cycles(
    instance: Instance, master: Pool, values: FloatArray, present: list[Cut]
) -> list[Cut]:
    """{0, ½}-cuts from odd cycles of fractional tables.

    Tables T1…Tm (m odd), each sharing a player with the next and Tm with T1: with S one
    shared player of every consecutive two, halving the sum of S's rows and rounding down
    gives Σ_T ⌊|T ∩ S|/2⌋·x_T ≤ (m−1)/2, which every pairing obeys and half of each of the
    m tables breaks. The relaxation of tables of four leans on such halves (two score
    groups sharing tables by halves) where the interval cuts do not reach. A cycle is
    violated when Σ (1 − x_i − x_j)/2 over its m edges is below ½: a search over paths of
    fractional tables that stops as soon as that sum reaches ½ finds them.
    """
    used = np.flatnonzero(values > 1e-9)
    fractional = [int(j) for j in used if values[j] < 1 - 1e-6]
    if len(fractional) < 3:
        return []
    seats = {j: {int(p) for p in master.members[j] if p >= 0} for j in fractional}
    neighbours: dict[int, list[tuple[int, float]]] = {j: [] for j in fractional}
    for i, a in enumerate(fractional):
        for b in fractional[i + 1 :]:
            if seats[a] & seats[b]:
                weight = max(0.0, (1.0 - values[a] - values[b]) / 2)
                neighbours[a].append((b, weight))
                neighbours[b].append((a, weight))
    taken = set(present)
    found: dict[Cut, float] = {}
    support = master.take(used)
    x = values[used]
    budget = [20_000]

    def close(cycle: list[int]) -> None:
        chosen: list[int] = []
        for a, b in zip(cycle, cycle[1:] + cycle[:1], strict=True):
            free = sorted(seats[a] & seats[b] - set(chosen))
            if not free:
                return
            chosen.append(free[0])
        cut = Cut(1, 2, (len(chosen) - 1) // 2, players=tuple(sorted(chosen)))
        if cut in taken or cut in found:
            return
        lhs = float(_player_coefficients(instance, support, cut) @ x)
        if lhs > cut.rhs + 1e-6:
            found[cut] = lhs - cut.rhs

    def extend(path: list[int], weight: float) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        last = path[-1]
        for node, w in neighbours[last]:
            if node <= path[0] or node in path or weight + w >= 0.5 - 1e-9:
                continue
            if len(path) % 2 == 0:  # path + node has an odd count: try closing
                closing = next((v for n, v in neighbours[node] if n == path[0]), None)
                # each cycle once (path[1] < node), not in both directions
                if closing is not None and weight + w + closing < 0.5 - 1e-9 and path[1] < node:
                    close([*path, node])
            if len(path) + 1 < ODD_CYCLE_LENGTH:
                extend([*path, node], weight + w)

    for start in fractional:
        extend([start], 0.0)
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return [cut for cut, _ in ranked[:CUTS_PER_ROUND]]
