"""The rules of tours as data (R-TOUR-*).

A series names its tour rules by a stable id (``rules``); a new season's rules are a new
entry here, not new branches elsewhere (DESIGN.md principle 4). Qualification systems
(R-QUAL-*) are modules of their own, listed in ``kolo.series.systems``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from kolo.core.problems import N_


def _step(table: tuple[tuple[int, Fraction], ...], value: int) -> Fraction:
    """The value of the last row whose threshold is at most ``value`` (0 below the first)."""
    found = Fraction(0)
    for threshold, amount in table:
        if value >= threshold:
            found = amount
    return found


@dataclass(frozen=True)
class TourRules:
    """How a tour scores its events (R-TOUR-1..5)."""

    id: str
    """Stable id used in series files (``rules``)."""
    title: str
    """Name shown to users, in English (marked for translation)."""
    rulesets: tuple[str, ...]
    """The event rule sets the tour accepts."""
    min_players: int
    """An event counts only with at least this many players (R-TOUR-1)."""
    scored_places: tuple[tuple[int, int], ...]
    """(players from, scored places), ascending (R-TOUR-2)."""
    podium: tuple[Fraction, ...]
    """Bonus for 1st, 2nd, 3rd place (R-TOUR-3)."""
    best_success: Fraction
    """Bonus for the best overall success of the event (R-TOUR-3)."""
    rounds_bonus: tuple[tuple[int, Fraction], ...]
    """(rounds from, bonus to every scored player), ascending (R-TOUR-3)."""
    strong_field: tuple[tuple[int, Fraction], ...]
    """(championship top-7 players from, bonus to every scored player), ascending (R-TOUR-3)."""
    city_limit: int
    """A player is scored from at most this many events in one city (R-TOUR-4)."""

    def places(self, players: int) -> int:
        """How many places score in an event of ``players`` players (R-TOUR-2)."""
        return int(_step(tuple((n, Fraction(p)) for n, p in self.scored_places), players))

    def rounds_bonus_for(self, rounds: int) -> Fraction:
        """The bonus of an event of ``rounds`` rounds (R-TOUR-3)."""
        return _step(self.rounds_bonus, rounds)

    def strong_field_for(self, strong: int) -> Fraction:
        """The bonus of an event with ``strong`` championship top-7 players (R-TOUR-3)."""
        return _step(self.strong_field, strong)


TOURS: Mapping[str, TourRules] = MappingProxyType(
    {
        rules.id: rules
        for rules in (
            TourRules(
                id="tour-de-dominion-2022",
                title=N_("Tour de Dominion (since 2022)"),
                rulesets=("dominion-cz", "dominion-cz-final"),
                min_players=6,
                scored_places=((6, 3), (7, 4), (9, 5), (14, 7), (20, 10), (30, 15)),
                podium=(Fraction(3, 2), Fraction(1), Fraction(1, 2)),
                best_success=Fraction(1),
                # [interpretation] more than 7 rounds earns the 7-round bonus
                rounds_bonus=((6, Fraction(1, 2)), (7, Fraction(1))),
                strong_field=((3, Fraction(1)), (5, Fraction(2))),
                city_limit=4,
            ),
        )
    }
)
