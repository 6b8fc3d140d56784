"""Table numbers (R-GORN-7): table 1 seats the current leader.

Tables are ordered by the best standing of any player seated at them; ties (players
sharing a rank) by the table's average points, higher first, then by size, larger first,
and last by the best standings position at the table, so the order is total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from kolo.core.event import EntrantId


def top_first(
    tables: Sequence[tuple[EntrantId, ...]],
    rank: Mapping[EntrantId, int],
    position: Mapping[EntrantId, int],
    points: Mapping[EntrantId, Fraction],
) -> list[tuple[EntrantId, ...]]:
    """The tables in the order of their numbers. ``rank`` is each player's (shared) rank
    in the standings, ``position`` the standings' order; players missing from the
    standings (a late entry) rank after everyone."""
    last = len(position) + 1

    def key(table: tuple[EntrantId, ...]) -> tuple[int, Fraction, int, int]:
        best = min(rank.get(p, last) for p in table)
        average = sum((points.get(p, Fraction(0)) for p in table), Fraction(0)) / len(table)
        first = min(position.get(p, last) for p in table)
        return (best, -average, -len(table), first)

    return sorted(tables, key=key)
