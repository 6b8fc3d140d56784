"""The heuristic: a greedy fold down the standings, then large-neighbourhood search.

The fold seats the best-placed free player with the partners that cost least among the
next few free players, as an organiser slicing the standings would, but choosing. The
search then re-seats a few neighbouring tables at a time exactly (the exact method on a
small pool) and keeps every improvement; windows slide over all tables, then random pairs
of tables are tried. It finds valid pairings for fields far too large for the exact method
and gives the exact method its first incumbent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations

import numpy as np
import numpy.typing as npt

from kolo.pairing import cost, exact, slicing, work
from kolo.pairing.instance import Instance
from kolo.pairing.pool import PoolTooLarge, all_tables

Tables = list[tuple[int, ...]]

WINDOW = 1e-3
"""Work seconds (``kolo.pairing.work``) for restricting the field to a window."""


def cost_of(instance: Instance, tables: Sequence[Sequence[int]]) -> int:
    """The combined cost of a pairing."""
    return cost.cost_of(instance, tables)


def _valid_table(instance: Instance, table: Sequence[int]) -> bool:
    if instance.triple_penalty:
        return True  # relaxed: a repeat costs instead
    n = instance.size
    members = sorted(table)
    if len(members) == 2 and len(instance.forbidden_duos):
        code = members[0] * n + members[1]
        if _contains(instance.forbidden_duos, code):
            return False
    if len(members) >= 3 and len(instance.forbidden_triples):
        for a, b, c in combinations(members, 3):
            if _contains(instance.forbidden_triples, a * n * n + b * n + c):
                return False
    return True


def _contains(sorted_codes: npt.NDArray[np.int64], code: int) -> bool:
    i = int(np.searchsorted(sorted_codes, code))
    return i < len(sorted_codes) and int(sorted_codes[i]) == code


def _table_cost(instance: Instance, table: Sequence[int]) -> int:
    return cost.cost_of(instance, [table])


def greedy(instance: Instance, window: int = 8) -> Tables | None:
    """A first pairing by folding down the standings, or None if the fold gets stuck."""
    n = instance.size
    k = instance.normal_size
    small_sizes = [s for s in instance.sizes if s < k]
    free = list(range(n))
    tables: Tables = []
    # byes: the eligible players with the smallest tie-break
    if instance.byes:
        eligible = [p for p in free if instance.bye_ok[p]]
        eligible.sort(key=lambda p: (int(instance.bye_cost[p]), -p))
        for p in eligible[: instance.byes]:
            tables.append((p,))
            free.remove(p)
    # smaller tables: players who must sit there, then the lowest placed who may
    if small_sizes:
        must = [p for p in free if not instance.full_ok[p]]
        may = [p for p in free if instance.full_ok[p] and instance.smaller_ok[p]]
        may.sort(key=lambda p: (int(instance.level[p]), int(instance.smaller_cost[p]), -p))
        seats = sum(small_sizes)
        chosen = must + may[: max(0, seats - len(must))]
        if len(chosen) != seats:
            return None
        chosen.sort(reverse=True)
        small_tables = _fold(instance, chosen, small_sizes, window)
        if small_tables is None:
            return None
        tables += small_tables
        free = [p for p in free if p not in set(chosen)]
    # the normal tables (and, where the remainder sits at larger ones, those, largest first)
    full_sizes = sorted((s for s in instance.sizes if s >= k), reverse=True)
    full_tables = _fold(instance, free, full_sizes, window)
    if full_tables is None:
        return None
    return tables + full_tables


def _fold(instance: Instance, players: list[int], sizes: list[int], window: int) -> Tables | None:
    free = list(players)
    tables: Tables = []
    for size in sizes:
        head = free[0]
        best: tuple[int, tuple[int, ...]] | None = None
        width = window
        while best is None and width <= max(len(free), window):
            options = free[1 : 1 + width]
            for partners in combinations(options, size - 1):
                table = (head, *partners)
                if not _valid_table(instance, table):
                    continue
                cost = _table_cost(instance, table)
                if best is None or cost < best[0]:
                    best = (cost, table)
            width *= 2
        if best is None:
            return None
        tables.append(best[1])
        taken = set(best[1])
        free = [p for p in free if p not in taken]
    return tables


@dataclass(frozen=True)
class _Sub:
    instance: Instance
    players: npt.NDArray[np.intp]


def restrict(instance: Instance, players: Sequence[int], sizes: Sequence[int], byes: int) -> _Sub:
    """The instance of re-seating only ``players`` at tables of ``sizes`` (and byes)."""
    chosen = np.array(sorted(players), dtype=np.intp)
    n = instance.size
    local = {int(p): i for i, p in enumerate(chosen)}
    m = len(chosen)

    def remap(codes: npt.NDArray[np.int64], width: int) -> npt.NDArray[np.int64]:
        out = []
        for code in codes.tolist():
            parts = []
            for _ in range(width):
                parts.append(code % n)
                code //= n
            if all(p in local for p in parts):
                ids = sorted(local[p] for p in parts)
                value = 0
                for p in ids:
                    value = value * m + p
                out.append(value)
        return np.array(sorted(out), dtype=np.int64)

    sub = replace(
        instance,
        players=tuple(instance.players[p] for p in chosen),
        pair_cost=instance.pair_cost[np.ix_(chosen, chosen)],
        smaller_cost=instance.smaller_cost[chosen],
        bye_cost=instance.bye_cost[chosen],
        sizes=tuple(sorted(sizes, reverse=True)),
        byes=byes,
        full_ok=instance.full_ok[chosen],
        smaller_ok=instance.smaller_ok[chosen],
        bye_ok=instance.bye_ok[chosen],
        forbidden_triples=remap(instance.forbidden_triples, 3),
        forbidden_duos=remap(instance.forbidden_duos, 2),
        level=instance.level[chosen],
        criteria={
            name: values[np.ix_(chosen, chosen)] if values.ndim == 2 else values[chosen]
            for name, values in instance.criteria.items()
        },
    )
    return _Sub(sub, chosen)


def _resolve_window(
    instance: Instance,
    tables: Tables,
    which: Sequence[int],
    time_limit: float,
    main_only: bool = False,
    limits: Mapping[str, int] | None = None,
) -> Tables | None:
    """The window's tables re-seated optimally, or None if no better seating was found.

    With ``limits`` (each criterion's most over the whole pairing: the slice guard), the
    window's re-seating keeps within what the tables outside it leave."""
    players = [p for i in which for p in tables[i]]
    sizes = [len(tables[i]) for i in which if len(tables[i]) > 1]
    byes = sum(1 for i in which if len(tables[i]) == 1)
    sub = restrict(instance, players, sizes, byes)
    try:
        pool = all_tables(sub.instance, limit=200_000)
    except PoolTooLarge:
        return None
    work.charge(WINDOW)
    work.price(len(pool))
    local = {int(p): i for i, p in enumerate(sub.players)}
    current = [tuple(local[p] for p in tables[i]) for i in which]
    within: list[exact.Limit] = []
    if limits is not None:
        window = set(which)
        used = slicing.totals(instance, [t for i, t in enumerate(tables) if i not in window])
        most = {k: limit - used[k] for k, limit in limits.items()}
        within = slicing.rows(sub.instance, most)
    result = exact.solve(
        sub.instance,
        pool,
        time_limit=time_limit,
        incumbent=current,
        limits=within,
    )
    if result.tables is None or result.cost is None:
        return None
    before = cost_of(sub.instance, current)
    if main_only:
        if sub.instance.main_cost(result.cost) >= sub.instance.main_cost(before):
            return None
    elif result.cost >= before:
        return None
    return [tuple(int(sub.players[p]) for p in t) for t in result.tables]


WINDOW_WORK = 0.5
"""Work seconds at most for re-seating one window of neighbouring tables exactly: most are
proved in a hundredth of that, and an unproved window at 128 players in fours had taken 2
(with 2 as the limit, a fifth of the round's work) for no better seating."""


PAIR_WORK = 1.0
"""Work seconds at most for re-seating one random pair of tables exactly."""


def _window_starts(count: int, size: int) -> list[int]:
    """Where the windows of ``size`` neighbouring tables start: half a window apart, the
    last one ending at the last table."""
    starts = list(range(0, max(1, count - size + 1), max(1, size // 2)))
    if count > size and starts[-1] != count - size:
        starts.append(count - size)
    return starts


def improve(
    instance: Instance,
    tables: Tables,
    *,
    deadline: float,
    seed: int,
    window: int | None = None,
    sweeps: int = 6,
    main_only: bool = False,
    random_pairs: bool = True,
    limits: Mapping[str, int] | None = None,
) -> Tables:
    """Large-neighbourhood search: re-seat windows of neighbouring tables exactly, until
    ``deadline`` (in work seconds, ``kolo.pairing.work.now``: a count, not the clock).

    With ``main_only`` only changes that lower the criteria count (not the tie-break),
    which keeps a random round 1 random where it breaks no criterion. With ``limits``
    every change keeps each criterion's count over the pairing within its limit.
    """
    size = window or (6 if instance.normal_size <= 3 else 4)
    rng = np.random.default_rng(seed)
    tables = list(tables)
    for _sweep in range(sweeps):
        improved = False
        order = sorted(range(len(tables)), key=lambda i: min(tables[i]))
        for start in _window_starts(len(order), size):
            if work.now() > deadline:
                return tables
            which = order[start : start + size]
            new = _resolve_window(
                instance, tables, which, min(WINDOW_WORK, work.left(deadline)), main_only, limits
            )
            if new is not None:
                for i, table in zip(sorted(which), new, strict=True):
                    tables[i] = table
                improved = True
                order = sorted(range(len(tables)), key=lambda i: min(tables[i]))
        # random pairs of tables far apart
        for _ in range(len(tables) if random_pairs else 0):
            if work.now() > deadline or len(tables) < 2:
                return tables
            which = sorted(
                rng.choice(len(tables), size=min(2, len(tables)), replace=False).tolist()
            )
            new = _resolve_window(
                instance, tables, which, min(PAIR_WORK, work.left(deadline)), main_only, limits
            )
            if new is not None:
                for i, table in zip(which, new, strict=True):
                    tables[i] = table
                improved = True
        if not improved:
            break
    return tables


def repair(instance: Instance, *, deadline: float, seed: int) -> Tables | None:
    """A valid pairing where the fold gets stuck: fold with repeated threes allowed at a
    prohibitive cost, then let the search remove them. None if some remain at the end."""
    if instance.triple_penalty:
        return greedy(instance)
    relaxed = replace(instance, triple_penalty=instance.mult * 1_000_000)
    start = greedy(relaxed)
    if start is None:
        return None
    tables = improve(relaxed, start, deadline=deadline, seed=seed, sweeps=50)
    if cost.cost_of(relaxed, tables) >= relaxed.triple_penalty:
        return None
    return tables
