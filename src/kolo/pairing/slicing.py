"""Never worse than slicing the standings (the setting ``slice_guard``, docs/pairing.md).

The *slice* is the pairing an organiser makes by hand: sort the standings, cut them into
consecutive tables (the smaller tables at the bottom, the bye to the lowest placed who may
have it), then, down the tables, swap a player with the next table wherever that breaks a
hard rule or seats again two who met, two club-mates or a pair kept apart. With the guard
on, the engine's pairing has no more repeated meetings and no more score spread than the
slice, and is the cheapest by the weights among such pairings that are no worse than the
weights' own optimum on the other criteria. Where the slice breaks a hard rule, or is worse
than the weights' optimum on another criterion (it seats club-mates together, say), it is
no standard and the weights alone decide.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from functools import partial
from itertools import combinations

import numpy as np

from kolo.core.event import Event
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.pairing import cost, exact
from kolo.pairing.criteria import IN_POINTS
from kolo.pairing.instance import Instance, IntArray, NoLayout, build
from kolo.pairing.pool import Pool

Tables = list[tuple[int, ...]]

REPAIR_PASSES = 3
"""Passes of swaps down the tables, as an organiser would make by hand."""

GUARDED = ("repeat_pairs", "score_spread")
"""The criteria on which the engine is never worse than the slice."""


def slice_pairing(instance: Instance) -> Tables | None:
    """The slice of the standings, repaired; None where the repair cannot make it obey the
    hard rules (there is then nothing to guard)."""
    tables, valid = slice_standings(instance)
    return tables if valid else None


def slice_standings(instance: Instance) -> tuple[Tables, bool]:
    """The slice of the standings, repaired, and whether it obeys the hard rules."""
    order = list(range(instance.size))  # players are indexed by standing, best first
    byes: list[int] = []
    if instance.byes:
        eligible = [p for p in reversed(order) if instance.bye_ok[p]]
        byes = (eligible + [p for p in reversed(order) if not instance.bye_ok[p]])[: instance.byes]
        order = [p for p in order if p not in byes]
    tables: list[list[int]] = []
    for size in instance.sizes:
        tables.append(order[:size])
        order = order[size:]
    known: dict[tuple[int, ...], tuple[int, int]] = {}

    def _faults(instance: Instance, table: Sequence[int]) -> tuple[int, int]:
        # the same tables are weighed again and again while swaps are tried: once each
        key = tuple(sorted(table))
        if key not in known:
            known[key] = _table_faults(instance, key)
        return known[key]

    for _pass in range(REPAIR_PASSES):
        for i in range(len(tables) - 1):
            upper, lower = tables[i], tables[i + 1]
            faults = _faults(instance, upper)
            if faults == (0, 0) and _faults(instance, lower)[0] == 0:
                continue  # repeats are swapped down; a broken hard rule anywhere is mended
            before = _add(faults, _faults(instance, lower))
            best: tuple[tuple[int, int], tuple[list[int], list[int]] | None] = (before, None)
            # the lowest of the upper table first, with the highest of the lower: the
            # smallest change in points
            for a in reversed(range(len(upper))):
                for b in range(len(lower)):
                    x, y = list(upper), list(lower)
                    x[a], y[b] = y[b], x[a]
                    after = _add(_faults(instance, x), _faults(instance, y))
                    if after < best[0]:
                        best = (after, (x, y))
            if best[1] is not None:
                tables[i], tables[i + 1] = best[1]
    valid = not any(_faults(instance, t)[0] for t in tables) and all(
        instance.bye_ok[p] for p in byes
    )
    return [tuple(sorted(t)) for t in tables] + [(p,) for p in byes], valid


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])


def _table_faults(instance: Instance, table: Sequence[int]) -> tuple[int, int]:
    """(hard rules broken, pairs that met / are club-mates / are kept apart) at a table."""
    small = len(table) < instance.normal_size
    allowed = instance.smaller_ok if small else instance.full_ok
    hard = cost.repeats(instance, table) + sum(1 for p in table if not allowed[p])
    soft = 0
    for name, matrix in instance.criteria.items():
        if matrix.ndim == 2 and name not in IN_POINTS:  # pairs that met, club-mates, kept apart
            soft += sum(1 for a, b in combinations(table, 2) if matrix[a, b] > 0)
    return hard, soft


def totals(instance: Instance, tables: Sequence[Sequence[int]]) -> dict[str, int]:
    """Each weighted criterion's own count over a pairing (points in 1/point_scale)."""
    seated = Pool.of(tables)
    return {name: int(values_of(instance, name, seated).sum()) for name in instance.criteria}


def limits(
    instance: Instance,
    reference: Sequence[Sequence[int]],
    tables: Sequence[Sequence[int]],
    extra: Mapping[str, Fraction] | None = None,
) -> dict[str, int] | None:
    """What the guard holds a pairing to, or None where it holds nothing: each guarded
    criterion at most the slice's count (plus the ``extra`` the earlier rounds left spare,
    where positive, in whole units of this round: ``spare``), every other weighted
    criterion at most the pairing's own. None where the pairing is already within those
    counts, or where the slice is worse than the pairing on another criterion (then it is
    no standard)."""
    theirs, mine = totals(instance, reference), totals(instance, tables)
    if any(theirs[name] > mine[name] for name in mine if name not in GUARDED):
        return None
    for name in GUARDED:
        if name in theirs and extra:
            scale = instance.scale_of(name)
            theirs[name] += max(0, math.floor(extra.get(name, Fraction(0)) * scale))
    if all(mine[name] <= theirs[name] for name in GUARDED if name in mine):
        return None
    return {name: theirs[name] if name in GUARDED else mine[name] for name in mine}


def spare(event: Event, ruleset: RuleSet, settings: Settings) -> dict[str, Fraction]:
    """For each guarded criterion, how much less the event's rounds so far seated than the
    slices of their standings would have: Σ over the rounds (slice's count − the seated
    tables' count), each round measured on its own standings and history, spread in
    points (a round's unit of points can differ from another's: halves appear and go).
    A round whose slice breaks a hard rule, or whose players cannot be laid out again,
    counts for nothing (there was no slice to compare with)."""
    left = dict.fromkeys(GUARDED, Fraction(0))
    for number, played in enumerate(event.rounds, start=1):
        before = replace(event, rounds=event.rounds[: number - 1])
        seated = [list(t.seats) for t in played.tables] + [[p] for p in played.byes]
        players = [p for table in seated for p in table]
        try:
            instance = build(before, ruleset, settings, players, played.seed or 0)
        except NoLayout:
            continue
        reference, valid = slice_standings(instance)
        if not valid:
            continue
        index = {player: i for i, player in enumerate(instance.players)}
        tables = [[index[p] for p in table] for table in seated]
        theirs, mine = totals(instance, reference), totals(instance, tables)
        for name in GUARDED:
            if name in mine:
                scale = instance.scale_of(name)
                left[name] += Fraction(theirs[name] - mine[name], scale)
    return left


def per_table(instance: Instance, pool: Pool) -> dict[str, IntArray]:
    """Each weighted criterion's own count for every table of the pool."""
    return {name: values_of(instance, name, pool) for name in instance.criteria}


def values_of(instance: Instance, name: str, pool: Pool) -> IntArray:
    """One criterion's own count for every table of the pool."""
    values = instance.criteria[name]
    members = pool.members
    present = members >= 0
    safe = np.where(present, members, 0)
    total = np.zeros(len(pool), dtype=np.int64)
    if values.ndim == 1:  # smaller_tables: per player at a smaller table
        smaller = (pool.size > 1) & (pool.size < instance.normal_size)
        for column in range(members.shape[1]):
            total += np.where(present[:, column] & smaller, values[safe[:, column]], 0)
    else:
        for i, j in combinations(range(members.shape[1]), 2):
            both = present[:, i] & present[:, j]
            total += np.where(both, values[safe[:, i], safe[:, j]], 0)
    return total


def rows(instance: Instance, limits: dict[str, int]) -> list[exact.Limit]:
    """The limits as rows of the exact method."""
    return [exact.Limit(partial(values_of, instance, name), most) for name, most in limits.items()]
