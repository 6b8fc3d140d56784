"""The tableau cuts' coefficients of every table of the pool, kept for pricing
(``exact.tableau``): a batch of cuts at a time, each computed once for the whole pool, the
next one while HiGHS solves the relaxation it joined."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from kolo.pairing import parallel, work
from kolo.pairing.exact.blocks import add_members, narrow
from kolo.pairing.exact.cuts import Cut, PoolCuts, cut_rows, level_coefficients
from kolo.pairing.exact.model import Model
from kolo.pairing.exact.select import FloatArray
from kolo.pairing.instance import BoolArray
from kolo.pairing.pool import Pool

PRICED_CHUNK = 4_000
"""Tables whose tableau cuts' coefficients are computed, or priced, at a time."""


GRID = 1024
"""Tableau multipliers are rounded to multiples of 1/GRID: every sum is then exact."""


Chunk = list[npt.NDArray[Any]]
"""The coefficients of some batches of cuts of a chunk of the pool's tables (each tables ×
cuts, in the narrowest integers that hold them)."""


def table_rows(model: Model, tables: Pool, cuts: Sequence[Cut]) -> FloatArray:
    """These tables' coefficients in the count rows, the limits and the given cuts of the
    model (tables × rows)."""
    counts = model.count_rows()
    result = np.zeros((len(tables), len(counts) + len(model.limits) + len(cuts)))
    for number, size in enumerate(counts):
        result[:, number] = tables.size == size
    for number, limit in enumerate(model.limits):
        result[:, len(counts) + number] = limit.values(tables)
    if cuts:
        result[:, len(counts) + len(model.limits) :] = cut_rows(
            model.instance, tables, list(cuts)
        ).T
    return result


@dataclass
class _Ahead:
    """Coefficients computed in the background, and what they were computed for."""

    pool: Pool
    done: int
    """The batches kept when it started: it computes every batch after them"""
    batches: int
    """…up to this many."""
    result: Future[list[Chunk]]
    stop: threading.Event


@dataclass
class Kept:
    """Every batch's coefficients of every table of the pool (tables × cuts each), in the
    narrowest integers that hold them; ``base`` rows come before the first batch."""

    model: Model
    base: int
    coefficients: list[npt.NDArray[Any]] = field(default_factory=list)
    _ahead: _Ahead | None = None

    def ahead(self, pool: Pool, pool_cuts: PoolCuts, batches: Sequence[FloatArray]) -> None:
        """Start computing the batches not kept yet, in the background (where the
        relaxation is solved meanwhile: HiGHS leaves Python's lock while it runs)."""
        self.cancel()
        done = len(self.coefficients)
        if done == len(batches):
            return
        chunk = self._chunks(pool, pool_cuts, batches)
        stop = threading.Event()

        def compute() -> list[Chunk]:
            found = []
            for first in range(0, len(pool), PRICED_CHUNK):
                if stop.is_set():
                    break
                found.append(chunk(first))
            return found

        result = parallel.later(compute)
        if result is not None:
            self._ahead = _Ahead(pool, done, len(batches), result, stop)

    def cancel(self) -> None:
        """Stop the background work, if any (its results are not wanted)."""
        if self._ahead is not None:
            self._ahead.stop.set()
            self._ahead.result.result()
            self._ahead = None

    def clear(self) -> None:
        """Nothing kept: the memory back."""
        self.cancel()
        self.coefficients = []

    def take(self, keep: BoolArray) -> None:
        """Only the tables where ``keep`` holds."""
        self.cancel()
        self.coefficients = [coefficients[keep] for coefficients in self.coefficients]

    def bring_up(
        self,
        pool: Pool,
        pool_cuts: PoolCuts,
        batches: Sequence[FloatArray],
        deadline: float,
    ) -> bool:
        """Keep every batch of cuts over the pool (False: the deadline passed first).
        The chunks are counted one at a time, each checked against the deadline first, as
        when each was computed in turn; they are computed once all are counted (here, or
        already ahead)."""
        done = len(self.coefficients)
        if done == len(batches):
            return True
        n = self.model.instance.size
        entries = self.base - n + sum(u.shape[1] for u in batches)  # per table
        firsts = []
        for first in range(0, len(pool), PRICED_CHUNK):
            if work.now() > deadline:
                self.cancel()
                return False
            firsts.append(first)
            work.price(0, entries * (min(len(pool), first + PRICED_CHUNK) - first))
        ahead = self._ahead
        if (
            ahead is not None
            and ahead.pool is pool
            and (ahead.done, ahead.batches) == (done, len(batches))
        ):
            # computed ahead for these tables and these batches: every chunk (only
            # ``cancel`` stops it short)
            self._ahead = None
            chunks = ahead.result.result()
        else:
            self.cancel()  # (one for other tables or batches: not wanted)
            chunks = parallel.each(self._chunks(pool, pool_cuts, batches), firsts)
        self.coefficients += [np.vstack(part) for part in zip(*chunks, strict=True)]
        return True

    def _chunks(
        self, pool: Pool, pool_cuts: PoolCuts, batches: Sequence[FloatArray]
    ) -> Callable[[int], Chunk]:
        """What computes the batches not kept yet for the chunk of the pool from a table on.
        A batch's coefficients are sums over the rows before it: the players' by looking
        up each member's multiplier, the cuts over levels once per level group (a few
        thousand, not 240,000 tables), the few other rows per table, the batches before
        from those kept; all exact (multiples of 1/``GRID``)."""
        model = self.model
        n, cuts, first_cut = model.instance.size, model.cuts, model.first_cut()
        kept = list(self.coefficients)
        new = list(batches[len(kept) :])
        index = pool_cuts.levels
        by_level = [k for k, cut in enumerate(cuts) if index is not None and not cut.players]
        each = [k for k, cut in enumerate(cuts) if index is None and not cut.players]
        # (those with a multiplier in some batch: the others add nothing)
        used = np.any([u[first_cut : first_cut + len(cuts)].any(axis=1) for u in new], axis=0)
        over_players = [k for k, cut in enumerate(cuts) if cut.players and used[k]]
        # rows computed per table: the count rows, the limits, the cuts over levels of a
        # pool without level groups
        rows_per_table = np.concatenate([np.arange(n, first_cut), first_cut + np.array(each, int)])
        grouped: list[FloatArray | None] = [None] * len(new)
        if by_level and index is not None:
            groups = np.array([level_coefficients(index.groups, cuts[k]) for k in by_level])
            rows = first_cut + np.array(by_level)
            grouped = [groups.T.astype(np.float64) @ u[rows] for u in new]  # groups × cuts
        # the cuts over players by their few nonzero coefficients, kept by the pool's cuts
        at, which, value = pool_cuts.player_entries([cuts[k] for k in over_players])
        player_rows = first_cut + np.array(over_players, int)
        base = self.base

        def chunk(first: int) -> Chunk:
            part = slice(first, min(len(pool), first + PRICED_CHUNK))
            tables = pool.take(np.arange(part.start, part.stop))
            rest = table_rows(model, tables, [cuts[k] for k in each])  # tables × rows
            earlier = [c[part].astype(np.float64) for c in kept]  # tables × cuts
            low, high = np.searchsorted(at, (part.start, part.stop))
            # the cuts over players (tables × cuts): each table is in each cut once
            players = np.zeros((len(tables), len(over_players)))
            players[at[low:high] - first, which[low:high]] = value[low:high]
            found: Chunk = []
            for number, u in enumerate(new):
                products = rest @ u[rows_per_table]
                by_groups = grouped[number]
                if by_groups is not None and index is not None:
                    products += by_groups[index.inverse[part]]
                if high > low:
                    products += players @ u[player_rows]
                row = base
                for block in earlier:
                    products += block @ u[row : row + block.shape[1]]
                    row += block.shape[1]
                add_members(products, u[:n], tables)
                coefficients = np.floor(products + 0.5 / GRID)
                found.append(narrow(coefficients))
                earlier.append(coefficients)
            return found

        return chunk

    def subtract_terms(
        self, candidates: npt.NDArray[np.intp], duals: FloatArray, values: FloatArray
    ) -> None:
        """values −= the kept cuts' terms of the candidate tables at these duals (of the
        rows after ``base``)."""
        widths = np.cumsum([0] + [c.shape[1] for c in self.coefficients])
        parts = [duals[a:b] for a, b in itertools.pairwise(widths)]

        def chunk_terms(first: int) -> None:
            chunk = candidates[first : first + PRICED_CHUNK]
            for coefficients, tableau_duals in zip(self.coefficients, parts, strict=True):
                block = coefficients[chunk].astype(np.float64)
                values[first : first + PRICED_CHUNK] -= block @ tableau_duals

        parallel.each(chunk_terms, range(0, len(candidates), PRICED_CHUNK))
        work.price(0, len(candidates) * int(widths[-1]) // 8)
