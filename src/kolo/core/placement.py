"""Placement points of one game (RULES.md §3.1: R-SCORE-1..4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kolo.core.event import EntrantId


@dataclass(frozen=True)
class Placement:
    """Where one player finished in one game and what it earned."""

    first: int
    """The best place the player shares (1-based)."""
    last: int
    """The worst place the player shares; equal to ``first`` when not tied."""
    points: Fraction
    """Placement points: the mean of the points of the places shared (R-SCORE-2)."""

    @property
    def shared(self) -> bool:
        """Whether the place is shared with others."""
        return self.first != self.last


def placements(
    scores: Mapping[EntrantId, int],
    points_table: Sequence[Fraction],
    turns: Mapping[EntrantId, int] | None = None,
    *,
    lower_wins: bool = False,
) -> dict[EntrantId, Placement]:
    """Places and placement points of every player of one game.

    Higher game points place higher (R-SCORE-1), or lower ones in a game where the lower
    score wins (``lower_wins``: the pips left in hand). With ``turns`` given, equal game points
    are broken by fewer turns first (R-SCORE-4). Players still equal share the points of
    the places they occupy (R-SCORE-2); places beyond ``points_table`` earn nothing, and a
    smaller table simply leaves the lower places unoccupied (R-SCORE-3).
    """

    def key(player: EntrantId) -> tuple[int, int]:
        score = scores[player] if lower_wins else -scores[player]
        return (score, turns[player] if turns is not None else 0)

    ranked = sorted(scores, key=key)
    result: dict[EntrantId, Placement] = {}
    start = 0
    while start < len(ranked):
        end = start + 1
        while end < len(ranked) and key(ranked[end]) == key(ranked[start]):
            end += 1
        earned = [
            points_table[i] if i < len(points_table) else Fraction(0) for i in range(start, end)
        ]
        share = sum(earned, Fraction(0)) / (end - start)
        for player in ranked[start:end]:
            result[player] = Placement(first=start + 1, last=end, points=share)
        start = end
    return result
