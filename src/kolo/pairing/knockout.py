"""Seating a knockout round (``kolo.core.knockout`` says who plays and at what sizes).

The group stage and randomly seeded first rounds are drawn: a seeded shuffle cut into
tables. Later rounds are snake-seeded (R-NBGL-5): seeds 1, 8, 9, 16 at table 1, 2, 7, 10,
15 at table 2, … for four tables; within each row of the snake the players are assigned
to tables so that players of the same group (or of the same table in the round before)
meet again as little as possible, moving as few seeds as possible. Seat order at every
knockout table is drawn (R-NBGL-1).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from kolo.core.event import EntrantId
from kolo.core.knockout import GROUP, Plan, group_label


@dataclass(frozen=True)
class SeatedTable:
    """One table of a knockout round."""

    number: int
    seats: tuple[EntrantId, ...]
    group: str | None


def seat(plan: Plan, seed: int) -> list[SeatedTable]:
    """The tables of ``plan``'s round, numbered from 1 (the table of seed 1)."""
    rng = random.Random(f"kolo-knockout:{seed}")
    field = [q.entrant for q in plan.field]
    if plan.shuffle:
        rng.shuffle(field)
        tables: list[list[EntrantId]] = []
        start = 0
        for size in plan.sizes:
            tables.append(field[start : start + size])
            start += size
    else:
        tables = _snake(field, plan.sizes, plan.apart)
    seated = []
    for index, players in enumerate(tables):
        order = list(players)
        rng.shuffle(order)  # seat order is drawn (R-NBGL-1)
        seated.append(
            SeatedTable(
                number=index + 1,
                seats=tuple(order),
                group=group_label(index) if plan.stage == GROUP else None,
            )
        )
    return seated


def _snake(
    field: Sequence[EntrantId],
    sizes: Sequence[int],
    apart: frozenset[frozenset[EntrantId]],
) -> list[list[EntrantId]]:
    """Snake seeding row by row, each row assigned to keep ``apart`` pairs apart."""
    tables: list[list[EntrantId]] = [[] for _ in sizes]
    position = 0
    row = 0
    rows: list[list[int]] = []
    """For each row of the snake, the tables that got a player in it."""
    while position < len(field):
        open_tables = [t for t, size in enumerate(sizes) if size > row]
        if row % 2:
            open_tables.reverse()
        pot = list(field[position : position + len(open_tables)])
        position += len(pot)
        cost = [
            [
                1000 * sum(1 for other in tables[t] if frozenset((player, other)) in apart)
                + abs(i - j)
                for j, t in enumerate(open_tables[: len(pot)])
            ]
            for i, player in enumerate(pot)
        ]
        for i, j in enumerate(assignment(cost)):
            tables[open_tables[j]].append(pot[i])
        rows.append(open_tables[: len(pot)])
        row += 1
    if apart and len(sizes) <= EXACT_TABLES:
        return _exact_rows(tables, rows, apart)
    _swap_within_rows(tables, rows, apart)
    return tables


EXACT_TABLES = 5
"""Up to this many tables the rows of the snake are rearranged exactly (branch and bound)."""


def _exact_rows(
    tables: list[list[EntrantId]],
    rows: Sequence[Sequence[int]],
    apart: frozenset[frozenset[EntrantId]],
) -> list[list[EntrantId]]:
    """The arrangement of every row of the snake over its tables with the fewest pairs that
    should be apart at one table, then the fewest seeds moved; row 0 (the top seeds) stays."""
    snake = [[tables[t][r] for t in row_tables] for r, row_tables in enumerate(rows)]
    best: list[Any] = [None, None]  # (clashes, moved), arrangement

    def search(r: int, current: list[list[EntrantId]], clashes: int, moved: int) -> None:
        if best[0] is not None and (clashes, moved) >= best[0]:
            return
        if r == len(rows):
            best[0], best[1] = (clashes, moved), [list(t) for t in current]
            return
        row_tables = rows[r]
        for order in permutations(range(len(row_tables))):
            added = 0
            for slot, pick in enumerate(order):
                player = snake[r][pick]
                added += sum(
                    1 for other in current[row_tables[slot]] if frozenset((player, other)) in apart
                )
            shift = sum(abs(slot - pick) for slot, pick in enumerate(order))
            for slot, pick in enumerate(order):
                current[row_tables[slot]].append(snake[r][pick])
            search(r + 1, current, clashes + added, moved + shift)
            for slot in range(len(order)):
                current[row_tables[slot]].pop()

    first: list[list[EntrantId]] = [[] for _ in tables]
    for slot, t in enumerate(rows[0]):
        first[t].append(snake[0][slot])
    search(1, first, 0, 0)
    arranged: list[list[EntrantId]] = best[1]
    return arranged


def _swap_within_rows(
    tables: list[list[EntrantId]],
    rows: Sequence[Sequence[int]],
    apart: frozenset[frozenset[EntrantId]],
) -> None:
    """Assigning row by row cannot see later rows: swap two players of one row between
    two tables while that leaves fewer pairs that should be apart at one table."""

    def clashes(players: Sequence[EntrantId]) -> int:
        return sum(
            1 for i, a in enumerate(players) for b in players[i + 1 :] if frozenset((a, b)) in apart
        )

    improved = True
    rounds = 0
    while improved and rounds < 50:
        improved = False
        rounds += 1
        for r, row_tables in enumerate(rows):
            for x, a in enumerate(row_tables):
                for b in row_tables[x + 1 :]:
                    before = clashes(tables[a]) + clashes(tables[b])
                    if before == 0:
                        continue
                    tables[a][r], tables[b][r] = tables[b][r], tables[a][r]
                    if clashes(tables[a]) + clashes(tables[b]) < before:
                        improved = True
                    else:
                        tables[a][r], tables[b][r] = tables[b][r], tables[a][r]


def assignment(cost: Sequence[Sequence[int]]) -> list[int]:
    """The cheapest assignment of rows to columns of a square cost matrix (the Hungarian
    method with potentials, O(n³)): ``result[row] = column``."""
    n = len(cost)
    if n == 0:
        return []
    infinity = float("inf")
    # 1-based arrays; column 0 is the virtual start of each augmenting path
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    match = [0] * (n + 1)  # match[column] = row
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        match[0] = row
        column = 0
        least = [infinity] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[column] = True
            current = match[column]
            delta = infinity
            next_column = 0
            for j in range(1, n + 1):
                if used[j]:
                    continue
                reduced = cost[current - 1][j - 1] - u[current] - v[j]
                if reduced < least[j]:
                    least[j] = reduced
                    way[j] = column
                if least[j] < delta:
                    delta = least[j]
                    next_column = j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            column = next_column
            if match[column] == 0:
                break
        while column:
            previous = way[column]
            match[column] = match[previous]
            column = previous
    result = [0] * n
    for j in range(1, n + 1):
        result[match[j] - 1] = j - 1
    return result
