"""What the simulations share: the seed of each game of a run, the 95 % interval of a rate."""

from __future__ import annotations

import math


def sub_seed(seed: int, index: int) -> int:
    """The seed of game (or event) ``index`` of a run seeded ``seed``: the same on any
    machine and whatever the workers, so a run splits into batches freely."""
    return (seed * 1_000_003 + index) % (2**63)


Z95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes`` in ``trials`` (95 % by default): sound at
    rates near 0 and 1, where the normal approximation is not; without trials nothing is
    known: (0, 1).
    ``successes`` may be fractional (a shared win counted as a share)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return (max(0.0, centre - half), min(1.0, centre + half))
