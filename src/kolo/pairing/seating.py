"""Seat order at a table (R-GORN-9): random in round 1; later rounds balance how often each
player sat first and last (a setting), ties broken by the round's seed."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import permutations

from kolo.core.event import EntrantId, Round


def seat_counts(rounds: Sequence[Round]) -> tuple[Counter[EntrantId], Counter[EntrantId]]:
    """How often each player sat first and last at a table of two or more."""
    first: Counter[EntrantId] = Counter()
    last: Counter[EntrantId] = Counter()
    for round_ in rounds:
        for table in round_.tables:
            if len(table.seats) > 1:
                first[table.seats[0]] += 1
                last[table.seats[-1]] += 1
    return first, last


def seat_order(
    players: Sequence[EntrantId],
    rounds: Sequence[Round],
    rng: random.Random,
    *,
    balance: bool,
    counts: tuple[Counter[EntrantId], Counter[EntrantId]] | None = None,
) -> tuple[EntrantId, ...]:
    """The players in seat order: ``seats[0]`` starts. ``counts`` are ``seat_counts(rounds)``
    where the caller seats many tables (counting them once, not once a table)."""
    shuffled = list(players)
    rng.shuffle(shuffled)
    if not balance or not rounds or len(shuffled) < 2:
        return tuple(shuffled)
    first, last = counts if counts is not None else seat_counts(rounds)

    def imbalance(order: Sequence[EntrantId]) -> int:
        return first[order[0]] + last[order[-1]]

    # the shuffle comes first among equals, so ties go to the seeded order
    return min(permutations(shuffled), key=imbalance)
