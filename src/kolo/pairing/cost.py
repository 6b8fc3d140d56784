"""The cost of a pairing by the instance's criteria, and the hard rule of repeated meetings: what
the exact method, the heuristic, the slice guard and the diagnosis all measure a pairing by."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from kolo.pairing.instance import Instance, IntArray


def cost_of(instance: Instance, tables: Sequence[Sequence[int]]) -> int:
    """The combined cost of a pairing."""
    total = 0
    for table in tables:
        if len(table) == 1:
            total += int(instance.bye_cost[table[0]])
            continue
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                total += int(instance.pair_cost[a, b])
        if len(table) < instance.normal_size:
            total += int(sum(instance.smaller_cost[p] for p in table))
        if instance.triple_penalty:
            total += instance.triple_penalty * repeats(instance, table)
    return total


def repeats(instance: Instance, table: Sequence[int]) -> int:
    """How many forbidden triples (or a forbidden duo) the table seats."""
    n = instance.size
    members = sorted(table)
    if len(members) == 2:
        return _found(instance.forbidden_duos, [members[0] * n + members[1]])
    codes = [
        a * n * n + b * n + c
        for i, a in enumerate(members)
        for j, b in enumerate(members[i + 1 :], start=i + 1)
        for c in members[j + 1 :]
    ]
    return _found(instance.forbidden_triples, codes) if codes else 0


def _found(forbidden: IntArray, codes: list[int]) -> int:
    """How many of ``codes`` the sorted array ``forbidden`` holds (asked a few at a time,
    thousands of times a round: a binary search, not a set operation)."""
    if not len(forbidden):
        return 0
    at = np.searchsorted(forbidden, codes)
    inside = at < len(forbidden)
    return int((forbidden[at[inside]] == np.asarray(codes)[inside]).sum())
