"""Pair values in memory linear in the field: a symmetric n×n integer matrix with a zero
diagonal that is never stored whole.

A round's pair costs and pair criteria are a few terms: counts over the pairs that met
(or are kept apart) — sparse, at most a few per player and round —, the points apart of
two players, and whether two players share a club. ``PairValues`` keeps those terms and
computes any entries asked for, with numpy's indexing: ``values[a, b]`` for two integers
or two arrays (broadcast, so ``values[np.ix_(rows, cols)]`` gives a dense block). Pairing
6,000 entrants took 1.5 GB with the matrices stored whole, and 30,000 did not fit in 24 GB.

The seeded tie-breaks are the same draws as before for fields up to ``DENSE_TIES``
players (kept as one byte a pair), so those pairings are unchanged; larger fields draw a
pair's tie-break from a hash of the seed and the pair (R-GORN-10 either way).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

DENSE_TIES = 2_000
"""Fields up to this size keep the generator's n×n tie-breaks (4 MB at 2,000 players)."""
_MASK = (1 << 64) - 1
_CHUNK = 256
"""Rows of tie-breaks drawn at a time (the same stream as one draw of the whole matrix)."""


def sparse(n: int, counts: Iterable[tuple[int, int, int]]) -> tuple[IntArray, IntArray]:
    """Sorted pair codes ``a·n + b`` (a < b) and their summed values, from (a, b, value)."""
    summed: dict[int, int] = {}
    for a, b, value in counts:
        if a == b or not value:
            continue
        code = min(a, b) * n + max(a, b)
        summed[code] = summed.get(code, 0) + value
    codes = np.array(sorted(summed), dtype=np.int64)
    return codes, np.array([summed[int(c)] for c in codes], dtype=np.int64)


class Ties:
    """Each pair's seeded tie-break, drawn from 0..``limit``-1."""

    def __init__(self, n: int, rng: np.random.Generator, limit: int, seed: int) -> None:
        self.n = n
        self.limit = limit
        self.dense: npt.NDArray[np.int8] | None = None
        self.key = np.uint64(seed & 0xFFFF_FFFF_FFFF_FFFF)
        if n <= DENSE_TIES:
            # row by row, the very draws of rng.integers(0, limit, size=(n, n))
            self.dense = np.empty((n, n), dtype=np.int8)
            for start in range(0, n, _CHUNK):
                rows = min(_CHUNK, n - start)
                drawn = rng.integers(0, limit, size=(rows, n), dtype=np.int64)
                self.dense[start : start + rows] = drawn.astype(np.int8)

    def one(self, low: int, high: int) -> int:
        """The tie-break of one pair (low < high): the same as ``at``."""
        if self.dense is not None:
            return int(self.dense[low, high])
        z = ((low * self.n + high) ^ int(self.key)) & _MASK
        z = (z + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        return z % self.limit

    def at(self, low: IntArray, high: IntArray) -> IntArray:
        """The tie-breaks of pairs (low < high, elementwise)."""
        if self.dense is not None:
            return self.dense[low, high].astype(np.int64)
        z = (low.astype(np.uint64) * np.uint64(self.n) + high.astype(np.uint64)) ^ self.key
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        return (z % np.uint64(self.limit)).astype(np.int64)


class PairValues:
    """``scale·(sparse[a,b] + point_weight·|points[a] − points[b]| + club_weight·[same club])
    + tie[a,b]`` for a ≠ b, 0 on the diagonal; see the module's docstring."""

    ndim = 2

    def __init__(
        self,
        n: int,
        *,
        codes: IntArray | None = None,
        counts: IntArray | None = None,
        points: IntArray | None = None,
        point_weight: int = 0,
        clubs: IntArray | None = None,
        club_weight: int = 0,
        scale: int = 1,
        ties: Ties | None = None,
    ) -> None:
        self.n = n
        self.codes = codes if codes is not None else np.zeros(0, dtype=np.int64)
        self.counts = counts if counts is not None else np.zeros(0, dtype=np.int64)
        self.points = points if point_weight else None
        self.point_weight = point_weight
        self.clubs = clubs if club_weight else None
        self.club_weight = club_weight
        self.scale = scale
        self.ties = ties
        self._lookup: dict[int, int] | None = None

    @classmethod
    def weighted(
        cls,
        n: int,
        terms: Iterable[tuple[PairValues, int]],
        *,
        scale: int = 1,
        ties: Ties | None = None,
    ) -> PairValues:
        """The sum of unweighted terms, each times its weight (terms weighing 0 left out):
        their sparse counts summed pair by pair, and the one term of points apart and the
        one of clubs each times its weight; then as ``scale`` and ``ties`` say."""
        summed: dict[int, int] = {}
        found: dict[str, Any] = {}
        for term, weight in terms:
            if not weight:
                continue
            for code, count in zip(term.codes.tolist(), term.counts.tolist(), strict=True):
                summed[code] = summed.get(code, 0) + weight * count
            if term.points is not None:
                found.update(points=term.points, point_weight=weight * term.point_weight)
            if term.clubs is not None:
                found.update(clubs=term.clubs, club_weight=weight * term.club_weight)
        codes = np.array(sorted(summed), dtype=np.int64)
        counts = np.array([summed[int(c)] for c in codes], dtype=np.int64)
        return cls(n, codes=codes, counts=counts, scale=scale, ties=ties, **found)

    @property
    def shape(self) -> tuple[int, int]:
        """As a matrix."""
        return (self.n, self.n)

    def __getitem__(self, key: Any) -> Any:
        """Entries at ``[a, b]``: integers give a numpy integer, arrays broadcast."""
        first, second = key
        if isinstance(first, int | np.integer) and isinstance(second, int | np.integer):
            return np.int64(self.one(int(first), int(second)))
        a, b = np.broadcast_arrays(
            np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
        )
        return self.values(a, b)

    def one(self, a: int, b: int) -> int:
        """The entry of one pair, in Python's integers (the searches ask for one at a
        time, where numpy's overhead would be most of the cost)."""
        if a == b:
            return 0
        low, high = (a, b) if a < b else (b, a)
        if self._lookup is None:
            self._lookup = dict(zip(self.codes.tolist(), self.counts.tolist(), strict=True))
        total = self._lookup.get(low * self.n + high, 0)
        if self.points is not None:
            total += self.point_weight * abs(int(self.points[a]) - int(self.points[b]))
        if self.clubs is not None:
            club = int(self.clubs[a])
            total += self.club_weight * (club != 0 and club == int(self.clubs[b]))
        total *= self.scale
        if self.ties is not None:
            total += self.ties.one(low, high)
        return total

    def values(self, a: IntArray, b: IntArray) -> IntArray:
        """Entries of the pairs (a, b), elementwise."""
        low, high = np.minimum(a, b), np.maximum(a, b)
        total = np.zeros(a.shape, dtype=np.int64)
        if len(self.codes):
            code = low * self.n + high
            where = np.searchsorted(self.codes, code)
            where = np.minimum(where, len(self.codes) - 1)
            total += np.where(self.codes[where] == code, self.counts[where], 0)
        if self.points is not None:
            total += self.point_weight * np.abs(self.points[a] - self.points[b])
        if self.clubs is not None:
            same = (self.clubs[a] == self.clubs[b]) & (self.clubs[a] != 0)
            total += self.club_weight * same
        if self.scale != 1:
            total *= self.scale
        if self.ties is not None:
            total += self.ties.at(low, high)
        result: IntArray = np.where(a == b, 0, total)
        return result

    def dense(self) -> IntArray:
        """The whole matrix (small fields and tests only)."""
        rows = np.arange(self.n, dtype=np.int64)
        result: IntArray = self[rows[:, None], rows[None, :]]
        return result


def club_ids(clubs: Iterable[str | None]) -> IntArray:
    """Each player's club as a number, 0 for none (numbers in order of first appearance)."""
    ids: list[int] = []
    known: dict[str, int] = {}
    for club in clubs:
        if not club:
            ids.append(0)
            continue
        ids.append(known.setdefault(club, len(known) + 1))
    return np.array(ids, dtype=np.int64)
