"""Candidate tables: every table a round may have under the hard rules, with its cost.

Tables are built by extending sorted tuples of player indices one player at a time with
numpy, so a few million candidates take a fraction of a second. A table that would repeat
three players of an earlier table (or an earlier table of two) is never built (R-GORN-4);
a table for a player the bottom rule keeps elsewhere neither (R-GORN-6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.pairing import level_cuts, parallel, work
from kolo.pairing.instance import BoolArray, Instance, IntArray
from kolo.pairing.level_cuts import LevelCuts, level_codes

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Pool:
    """Candidate tables: members (padded with -1 to the widest size) and costs."""

    members: npt.NDArray[np.int32]
    """Shape (tables, width); a row's players in increasing index order, then -1s."""
    size: npt.NDArray[np.int32]
    cost: IntArray
    """Combined cost: main units × mult + tie-break."""

    def __len__(self) -> int:
        return len(self.cost)

    @cached_property
    def columns(self) -> tuple[npt.NDArray[np.intp], ...]:
        """The members column by column, each contiguous and of the index type: gathering
        by them is several times faster than by a strided column of ``members``."""
        return tuple(
            np.ascontiguousarray(self.members[:, j], dtype=np.intp)
            for j in range(self.members.shape[1])
        )

    @cached_property
    def _by_first(self) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """The rows ordered by their first (lowest) player, and where each player's start."""
        first = self.members[:, 0].astype(np.int64)
        if len(first) == 0:
            return np.zeros(0, dtype=np.intp), np.zeros(1, dtype=np.intp)
        top = int(first.max())
        # a stable sort of small integers is a radix sort: linear in the pool
        keys = first.astype(np.int16) if top < np.iinfo(np.int16).max else first
        order = np.argsort(keys, kind="stable")
        starts = np.searchsorted(first[order], np.arange(top + 2))
        return order, starts

    def rows_of(self, tables: Sequence[Sequence[int]]) -> npt.NDArray[np.intp]:
        """The rows of the given tables, in increasing order (tables not here: skipped)."""
        width = self.members.shape[1]
        order, starts = self._by_first
        found: list[int] = []
        for table in tables:
            row = sorted(table) + [-1] * (width - len(table))
            if not 0 <= row[0] < len(starts) - 1:
                continue
            candidates = order[starts[row[0]] : starts[row[0] + 1]]
            matches = candidates[(self.members[candidates] == row).all(axis=1)]
            found.extend(matches.tolist())
        return np.array(sorted(found), dtype=np.intp)

    @staticmethod
    def of(tables: Sequence[Sequence[int]]) -> Pool:
        """The given tables as a pool (costs 0)."""
        width = max((len(t) for t in tables), default=1)
        members = np.full((len(tables), width), -1, dtype=np.int32)
        for row, table in enumerate(tables):
            members[row, : len(table)] = sorted(table)
        size = np.array([len(t) for t in tables], dtype=np.int32)
        return Pool(members, size, np.zeros(len(tables), dtype=np.int64))

    def take(self, rows: npt.NDArray[np.intp] | BoolArray) -> Pool:
        """The candidates selected by an index or mask array."""
        return Pool(self.members[rows], self.size[rows], self.cost[rows])

    @staticmethod
    def concat(pools: list[Pool], width: int) -> Pool:
        """Pools of any widths as one pool of ``width`` columns."""
        members = [
            np.pad(p.members, ((0, 0), (0, width - p.members.shape[1])), constant_values=-1)
            for p in pools
        ]
        return Pool(
            np.concatenate(members) if members else np.zeros((0, width), dtype=np.int32),
            np.concatenate([p.size for p in pools]) if pools else np.zeros(0, dtype=np.int32),
            np.concatenate([p.cost for p in pools]) if pools else np.zeros(0, dtype=np.int64),
        )


class PoolTooLarge(Exception):
    """More candidates than the limit: the exact method does not apply."""


@dataclass(frozen=True)
class Pricing:
    """Duals of the relaxation's players' rows and count rows: only the tables whose reduced
    cost (cost − the duals of its players − the dual of its size's count row) is at most
    ``most`` are built. A partial table is dropped as soon as no completion can get there:
    the pair costs it has yet to add are never negative, and each player still to come
    adds at least his pair costs with the players already in, less his dual
    (``_Prices.completion``)."""

    players: npt.NDArray[np.float64]
    sizes: Mapping[int, float]
    """Table size → the dual of its count row (sizes without one: absent)."""
    most: float
    keep: int | None = None
    """Only this many tables of each size are wanted, those of lowest reduced cost (ties:
    the first built): once twice as many are found, ``most`` tightens to the last kept."""
    cuts: LevelCuts | None = None
    """Cuts over intervals of point levels in the relaxation, with their duals (≤ 0)."""

    def cut_terms(self, levels: IntArray) -> FloatArray:
        """What the cuts add to the reduced cost of tables whose players have these levels
        (tables × places, -1 for an empty place): −Σ dual·⌊multiplier·inside/divisor⌋,
        never negative, and never more for a table than for a table with more players, so
        a partial table's terms bound the whole table's from below."""
        cuts = self.cuts
        if cuts is None or len(levels) == 0:
            return np.zeros(len(levels))
        return cuts.terms(levels)


TRIED_LIMIT = 64_000_000
"""Partial tables tried, beyond which even a priced pool is left to the heuristic (work, not
memory: they are tried a block at a time)."""


def tables_of_size(
    instance: Instance,
    size: int,
    allowed: BoolArray,
    *,
    players: npt.NDArray[np.intp] | None = None,
    max_cost: int | None = None,
    limit: int = 8_000_000,
    pricing: Pricing | None = None,
    tried: int = TRIED_LIMIT,
) -> Pool:
    """Every valid table of ``size`` among the allowed players (optionally only among
    ``players``), whose combined cost is at most ``max_cost`` (and, with ``pricing``, whose
    reduced cost is at most ``pricing.most``)."""
    candidates = np.flatnonzero(allowed)
    if players is not None:
        candidates = np.intersect1d(candidates, players)
    candidates = candidates.astype(np.int32)
    extra = instance.smaller_cost if size < instance.normal_size else None
    tuples = candidates[:, None]
    partial = np.zeros(len(candidates), dtype=np.int64) if extra is None else extra[candidates]
    price = _Prices.of(instance, pricing, candidates, size) if pricing is not None else None
    if price is not None:
        reduced = partial - price.duals - price.size_dual
        if price.cuts is not None:
            reduced = reduced + price.cut_terms(instance.level[candidates][:, None])
        after = np.arange(1, len(candidates) + 1)
        keep = reduced + price.completion(candidates[:, None], after, size - 1) <= price.most
        if max_cost is not None:
            keep &= partial <= max_cost
        tuples, partial = tuples[keep], partial[keep]
    for width in range(1, size):
        position = np.searchsorted(candidates, tuples[:, -1], side="right")
        counts = len(candidates) - position
        total = int(counts.sum())
        # with pricing, what is kept is bounded below; what is tried, by work
        if total > (limit if price is None else tried) or work.stopped():
            raise PoolTooLarge(total)
        if price is not None:
            work.tried(total)  # a pricing pass: the tables tried count as work
        # extended a block of tuples at a time: memory grows with what is kept, not with
        # every tuple tried
        ends = np.cumsum(counts)
        parts: list[tuple[npt.NDArray[np.integer[Any]], IntArray]] = []
        start = 0
        kept = 0
        while start < len(tuples):
            stop = max(start + 1, int(np.searchsorted(ends, ends[start] - counts[start] + BLOCK)))
            if price is not None and width == size - 1:
                parts = price.tighten(parts, instance.size, size)
            parts.append(
                _extend(
                    instance,
                    candidates,
                    tuples[start:stop],
                    partial[start:stop],
                    position[start:stop],
                    counts[start:stop],
                    width,
                    size,
                    extra,
                    max_cost,
                    price,
                )
            )
            kept += len(parts[-1][0])
            if kept > limit and (price is None or price.keep is None):
                raise PoolTooLarge(kept)  # as soon as it is known: memory stays bounded
            start = stop
        if price is not None and width == size - 1:
            parts = price.tighten(parts, instance.size, size, final=True)
        tuples = (
            np.concatenate([t for t, _ in parts])
            if parts
            else np.zeros((0, width + 1), dtype=np.int32)
        )
        partial = np.concatenate([c for _, c in parts]) if parts else np.zeros(0, dtype=np.int64)
        if len(tuples) > limit:
            raise PoolTooLarge(len(tuples))
    return Pool(
        tuples.astype(np.int32),
        np.full(len(tuples), size, dtype=np.int32),
        partial,
    )


BLOCK = 1 << 20
"""Tuples tried at once while the candidate tables are built."""


COMPLETION_BLOCK = 1 << 18
"""Entries (tuples × candidates) of one block of ``_Prices.completion``: 2 MB, so that a
block stays in the processor's cache (blocks of 32 MB took three times as long)."""


def _extend(
    instance: Instance,
    candidates: npt.NDArray[np.integer[Any]],
    tuples: npt.NDArray[np.integer[Any]],
    partial: IntArray,
    position: npt.NDArray[np.intp],
    counts: npt.NDArray[np.intp],
    width: int,
    size: int,
    extra: IntArray | None,
    max_cost: int | None,
    price: _Prices | None = None,
) -> tuple[npt.NDArray[np.integer[Any]], IntArray]:
    """Every tuple of the block extended by each later candidate, its cost so far, and
    only those that can still make a valid table within ``max_cost`` (and the reduced cost
    ``price`` allows)."""
    n = instance.size
    cost = instance.pair_cost
    if price is not None and width == size - 1:
        # the last player: only the extensions the duals allow, found a block of the
        # tuples × candidates at a time (the same tables, in the same order)
        rows, index = price.within(tuples, partial, position)
    else:
        total = int(counts.sum())
        rows = np.repeat(np.arange(len(tuples)), counts)
        offsets = np.repeat(np.cumsum(counts) - counts, counts)
        index = np.repeat(position, counts) + np.arange(total) - offsets
    new = candidates[index]
    tuples = np.concatenate([tuples[rows], new[:, None]], axis=1)
    added = partial[rows]
    for column in range(width):
        added = added + cost[tuples[:, column], new]
    if extra is not None:
        added = added + extra[new]
    partial = added
    keep = np.ones(len(tuples), dtype=np.bool_)
    if max_cost is not None:
        keep &= partial <= max_cost
    reduced: npt.NDArray[np.float64] | None = None
    if price is not None:
        # the reduced cost so far and a bound on what the players still to come add.
        # Checked first: it leaves few tuples for the repeated threes' lookups
        duals = price.by_player[new]
        for column in range(width):
            duals = duals + price.by_player[tuples[:, column]]
        still = size - width - 1
        reduced = partial - duals - price.size_dual
        if still:
            # and what the players still to come add, at least (``_Prices.completion``)
            after = (index + 1)[keep]
            tuples, partial, new, reduced = tuples[keep], partial[keep], new[keep], reduced[keep]
            reduced = reduced + price.completion(tuples, after, still)
            keep = reduced <= price.most
        else:
            keep &= reduced <= price.most
        tuples, partial, new, reduced = tuples[keep], partial[keep], new[keep], reduced[keep]
        if price.cuts is not None:
            # the cuts' terms only raise a reduced cost: added for the tuples left
            reduced = reduced + price.cut_terms(instance.level[tuples])
            kept = reduced <= price.most
            tuples, partial, new, reduced = tuples[kept], partial[kept], new[kept], reduced[kept]
        keep = np.ones(len(tuples), dtype=np.bool_)
    penalty = instance.triple_penalty
    if width >= 2 and len(instance.forbidden_triples):
        repeats = _forbidden_triples(tuples, new, n, instance.forbidden_triples)
        if penalty:
            partial = partial + penalty * repeats
            if price is not None and reduced is not None:  # the penalty raised it too
                keep &= reduced + penalty * repeats <= price.most
        else:
            keep &= repeats == 0
    if size == 2 and width == 1 and len(instance.forbidden_duos):
        codes = tuples[:, 0].astype(np.int64) * n + tuples[:, 1]
        repeated = _member(codes, instance.forbidden_duos)
        if penalty:
            partial = partial + penalty * repeated
            if price is not None and reduced is not None:
                keep &= reduced + penalty * repeated <= price.most
        else:
            keep &= ~repeated
    return tuples[keep], partial[keep]


@dataclass
class _Prices:
    """A pricing restated over the candidates of one table size (``most`` tightens while the
    tables are built, where only the ``keep`` lowest are wanted)."""

    by_player: npt.NDArray[np.float64]
    """Every player's dual."""
    duals: npt.NDArray[np.float64]
    """The candidates' duals, in candidate order."""
    joining: npt.NDArray[np.float64]
    """joining[p, i]: c(p, q) − dual(q) for the i-th candidate q (and q's cost of sitting at
    a smaller table, at one), for every player p (rows): what q adds to the reduced cost
    of a table of p alone."""
    pairs: npt.NDArray[np.float64]
    """pairs[p, i]: c(p, q) for the i-th candidate q: what q adds with each further player."""
    size_dual: float
    most: float
    keep: int | None = None
    pricing: Pricing | None = None
    levels: IntArray | None = None
    """Every player's level (for the cuts' terms)."""
    before: FloatArray | None = None
    """Built on first use by ``completion``."""
    candidates: npt.NDArray[np.integer[Any]] | None = None
    largest: float | None = None
    """The largest |joining|, on first use by ``within``."""

    @property
    def cuts(self) -> LevelCuts | None:
        return self.pricing.cuts if self.pricing is not None else None

    def cut_terms(self, levels: IntArray) -> FloatArray:
        if self.pricing is None:
            return np.zeros(len(levels))
        return self.pricing.cut_terms(levels)

    def completion(
        self, tuples: npt.NDArray[np.integer[Any]], after: npt.NDArray[np.intp], still: int
    ) -> FloatArray:
        """The least that ``still`` more players, all from the candidates at positions
        ``after`` on, can add to the reduced cost of each tuple: each adds his pair costs
        with the tuple's players and takes his dual, so at least the sum of the ``still``
        least such values over distinct candidates (the pair costs among the newcomers, and
        the cuts' terms, never negative, left out); infinite where too few are left."""
        count = self.joining.shape[1]
        result: FloatArray = np.full(len(tuples), np.inf)
        if still <= 0 or still > count or len(tuples) == 0:
            return np.zeros(len(tuples)) if still <= 0 else result
        work.tried(0, len(tuples) * count * tuples.shape[1])
        step = max(1, COMPLETION_BLOCK // count)

        def block(start: int) -> None:
            values = self._joined(tuples[start : start + step], after[start : start + step])
            if still == 1:
                result[start : start + step] = values.min(axis=1)
            else:
                least = np.partition(values, still - 1, axis=1)[:, :still]
                result[start : start + step] = least.sum(axis=1)

        self._before_rows()  # (built once, before two threads could each build it)
        parallel.each(block, range(0, len(tuples), step))
        return result

    def _joined(
        self, block: npt.NDArray[np.integer[Any]], first: npt.NDArray[np.intp]
    ) -> FloatArray:
        """For each tuple of the block and each candidate, what the candidate adds to the
        tuple's reduced cost (his pair costs with its players, less his dual); infinite
        for the candidates before position ``first`` of the tuple."""
        values: FloatArray = self.joining[block[:, 0]]
        for column in range(1, block.shape[1]):
            values += self.pairs[block[:, column]]
        values += self._before_rows()[first]
        return values

    def _before_rows(self) -> FloatArray:
        """``before``, built on first use."""
        if self.before is None:
            self.before = _before(self.joining.shape[1])
        return self.before

    def within(
        self,
        tuples: npt.NDArray[np.integer[Any]],
        partial: IntArray,
        position: npt.NDArray[np.intp],
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """The tuples' extensions by one candidate, from ``position`` on, whose reduced cost
        can be at most ``most`` (with the cuts' terms where every level code's are looked
        up, ``LevelCuts.table``; without them otherwise): the rows of the tuples and the
        candidates' positions, in the order the extensions are built. A superset, by a
        slack far above rounding: the caller checks each exactly."""
        count = self.joining.shape[1]
        if len(tuples) == 0 or count == 0:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        base = partial.astype(np.float64) - self.size_dual
        for column in range(tuples.shape[1]):
            base -= self.by_player[tuples[:, column]]
        if self.largest is None:
            self.largest = float(np.abs(self.joining).max())
        scale = 1.0 + abs(self.most) + float(np.abs(base).max()) + self.largest
        # a slack far above rounding; never infinite, where it would let in the candidates
        # ``before`` rules out (with ``most`` infinite: every table)
        limit = min(self.most + 1e-9 * scale * tuples.shape[1], float(np.finfo(np.float64).max))
        # the cuts' terms of the whole tables, looked up by the levels' code where every
        # code's terms are at hand
        terms: FloatArray | None = None
        cuts, levels = self.cuts, self.levels
        if cuts is not None and levels is not None and self.candidates is not None:
            top = int(max(levels.max(initial=0), 0)) + 2
            width = tuples.shape[1] + 1
            if top**width <= level_cuts.DENSE_CODES:
                terms = cuts.table(top, width)
                codes = level_codes(levels[tuples], top) * top
                digits = levels[self.candidates] + 1
        step = max(1, COMPLETION_BLOCK // count)

        def block(start: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
            values = self._joined(tuples[start : start + step], position[start : start + step])
            values += base[start : start + step, None]
            if terms is not None:
                values += terms[codes[start : start + step, None] + digits[None, :]]
            row, index = np.nonzero(values <= limit)
            return row + start, index

        self._before_rows()
        found = parallel.each(block, range(0, len(tuples), step))
        return np.concatenate([r for r, _ in found]), np.concatenate([i for _, i in found])

    def reduced(self, tuples: npt.NDArray[np.integer[Any]], partial: IntArray) -> FloatArray:
        """The reduced costs of whole tables."""
        rc: FloatArray = partial.astype(np.float64) - self.size_dual
        for column in range(tuples.shape[1]):
            rc -= self.by_player[tuples[:, column]]
        if self.cuts is not None and self.levels is not None:
            rc += self.cut_terms(self.levels[tuples])
        return rc

    def tighten(
        self,
        parts: list[tuple[npt.NDArray[np.integer[Any]], IntArray]],
        n: int,
        size: int,
        *,
        final: bool = False,
    ) -> list[tuple[npt.NDArray[np.integer[Any]], IntArray]]:
        """The tables built so far, cut to the ``keep`` of lowest reduced cost (ties: in the
        order built) once twice as many are found, or at the end."""
        if self.keep is None:
            return parts
        found = sum(len(t) for t, _ in parts)
        if found <= self.keep or (found <= 2 * self.keep and not final):
            return parts
        tuples = np.concatenate([t for t, _ in parts])
        partial = np.concatenate([c for _, c in parts])
        rc = self.reduced(tuples, partial)
        chosen = np.argsort(rc, kind="stable")[: self.keep]
        self.most = min(self.most, float(rc[chosen[-1]]))
        chosen.sort()
        return [(tuples[chosen], partial[chosen])]

    @staticmethod
    def of(
        instance: Instance,
        pricing: Pricing,
        candidates: npt.NDArray[np.integer[Any]],
        size: int,
    ) -> _Prices:
        by_player = np.asarray(pricing.players, dtype=np.float64)
        duals = by_player[candidates]
        everyone = np.arange(instance.size)
        pairs = np.asarray(instance.pair_cost[everyone[:, None], candidates[None, :]])
        pairs = pairs.astype(np.float64)
        joining = pairs - duals[None, :]
        if size < instance.normal_size:
            joining += instance.smaller_cost[candidates][None, :]
        return _Prices(
            by_player,
            duals,
            joining,
            pairs,
            float(pricing.sizes.get(size, 0.0)),
            float(pricing.most),
            pricing.keep,
            pricing,
            np.asarray(instance.level, dtype=np.int64),
            candidates=candidates,
        )


def _before(count: int) -> FloatArray:
    """before[a, i]: infinite where i < a (a candidate before position a cannot join a tuple
    extended from a), else 0; a row for each a = 0 … count."""
    positions = np.arange(count)
    return np.where(positions[None, :] < np.arange(count + 1)[:, None], np.inf, 0.0)


def _forbidden_triples(
    tuples: npt.NDArray[np.integer[Any]],
    new: npt.NDArray[np.integer[Any]],
    n: int,
    forbidden: IntArray,
) -> IntArray:
    """How many forbidden triples a tuple's newest player completes with two earlier ones
    (triples among the earlier players were counted when they were added). Only tuples
    whose player i and newest player are the first and last of some forbidden triple are
    looked up (a flag per pair: a few in a thousand of the tuples at 300 players in
    threes, where looking all up took a tenth of the round)."""
    found = np.zeros(len(tuples), dtype=np.int64)
    width = tuples.shape[1] - 1
    if len(forbidden) == 0 or width < 2:
        return found
    newest = new.astype(np.int64)
    flags: BoolArray | None = None
    if n * n <= PAIR_FLAGS:
        flags = np.zeros(n * n, dtype=np.bool_)
        flags[(forbidden // (n * n)) * n + forbidden % n] = True
    for i in range(width - 1):
        first = tuples[:, i].astype(np.int64)
        rows = np.flatnonzero(flags[first * n + newest]) if flags is not None else None
        for j in range(i + 1, width):
            if rows is None:
                codes = first * n * n + tuples[:, j].astype(np.int64) * n + newest
                found += _member(codes, forbidden)
            else:
                middle = tuples[rows, j].astype(np.int64)
                codes = first[rows] * n * n + middle * n + newest[rows]
                found[rows] += _member(codes, forbidden)
    return found


PAIR_FLAGS = 1 << 24
"""Fields up to 4,096 players flag the pairs of forbidden triples (one byte a pair)."""


TABLE_RANGE = 1 << 24
"""Codes spanning at most this range are looked up in a table of flags (fast), others by
sorting."""


def _member(codes: IntArray, others: IntArray) -> BoolArray:
    """Which codes are among the others."""
    if len(others) and int(others.max()) - int(others.min()) < TABLE_RANGE:
        found: BoolArray = np.isin(codes, others, kind="table")
        return found
    return np.isin(codes, others)


def all_tables(
    instance: Instance,
    *,
    max_cost: int | None = None,
    limit: int = 8_000_000,
    pricing: Pricing | None = None,
    tried: int = TRIED_LIMIT,
) -> Pool:
    """Every candidate table of the round (and a one-player "table" per possible bye); with
    ``pricing``, only those of reduced cost at most ``pricing.most``."""
    pools = []
    for size in sorted(set(instance.sizes), reverse=True):
        allowed = instance.full_ok if size >= instance.normal_size else instance.smaller_ok
        pools.append(
            tables_of_size(
                instance,
                size,
                allowed,
                max_cost=max_cost,
                limit=limit,
                pricing=pricing,
                tried=tried,
            )
        )
    if instance.byes:
        byes = np.flatnonzero(instance.bye_ok).astype(np.int32)
        cost = instance.bye_cost[byes]
        if pricing is not None:
            reduced = cost - pricing.players[byes] - pricing.sizes.get(1, 0.0)
            reduced = reduced + pricing.cut_terms(instance.level[byes][:, None])
            keep = reduced <= pricing.most
            byes, cost = byes[keep], cost[keep]
        pools.append(Pool(byes[:, None], np.ones(len(byes), dtype=np.int32), cost))
    width = max(instance.sizes, default=1)
    return Pool.concat(pools, width)
