"""The statistics of format science: rank correlation, the top k, and 95 % intervals.

Pure functions of plain values, each checked on hand-built cases (tests/science).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from kolo.stats import Z95, wilson

"""The normal quantile of a two-sided 95 % interval."""

K = TypeVar("K")


def kendall_tau(strength: Mapping[K, float], rank: Mapping[K, int]) -> float:
    """Kendall's τ-b between strength (higher is stronger) and the final rank (1 is first):
    1 when the standings order everyone by strength, −1 when exactly backwards, about 0 when
    they are unrelated. Ties (equal strength, a shared rank) count as neither concordant nor
    discordant, and τ-b corrects for them; 0 when either side is all ties."""
    players = sorted(strength, key=str)
    concordant = discordant = ties_strength = ties_rank = 0
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            ds = strength[a] - strength[b]
            dr = rank[b] - rank[a]  # a ranked better than b: positive
            if ds == 0 and dr == 0:
                continue
            if ds == 0:
                ties_strength += 1
            elif dr == 0:
                ties_rank += 1
            elif (ds > 0) == (dr > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt(
        (concordant + discordant + ties_strength) * (concordant + discordant + ties_rank)
    )
    return (concordant - discordant) / denominator if denominator else 0.0


def strongest(strength: Mapping[K, float], count: int = 1) -> list[K]:
    """The ``count`` strongest, strongest first (equal strength: by key, for determinism)."""
    return sorted(strength, key=lambda p: (-strength[p], str(p)))[:count]


def top_k(strength: Mapping[K, float], rank: Mapping[K, int], k: int) -> bool:
    """Whether the k strongest all finish in the top k places (a rank shared across place k
    counts in their favour: rank ≤ k)."""
    return all(rank[p] <= k for p in strongest(strength, k))


def repeated_meetings(tables: Sequence[Sequence[K]]) -> int:
    """Meetings beyond the first: every pair of players seated together again adds one per
    earlier meeting (two players at three tables together: 2)."""
    met: dict[frozenset[K], int] = {}
    repeats = 0
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                pair = frozenset((a, b))
                if pair in met:
                    repeats += 1
                met[pair] = met.get(pair, 0) + 1
    return repeats


@dataclass(frozen=True)
class Estimate:
    """A figure over the simulated events with its 95 % interval."""

    value: float
    low: float
    high: float

    def document(self, places: int = 4) -> dict[str, float]:
        """For ``--json``."""
        return {
            "value": round(self.value, places),
            "low": round(self.low, places),
            "high": round(self.high, places),
        }


def rate(successes: int, trials: int) -> Estimate:
    """A rate with its Wilson interval."""
    low, high = wilson(successes, trials)
    return Estimate(successes / trials if trials else 0.0, low, high)


def mean(values: Sequence[float], z: float = Z95) -> Estimate:
    """A mean with its normal 95 % interval (mean ± z·s/√n; a single value: no width)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    centre = math.fsum(values) / n
    if n == 1:
        return Estimate(centre, centre, centre)
    variance = math.fsum((v - centre) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return Estimate(centre, centre - half, centre + half)
