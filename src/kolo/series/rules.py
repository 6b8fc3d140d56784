"""The rules of series as data: tour scoring (R-TOUR-*) and qualification systems (R-QUAL-*).

A series names its tour rules by a stable id (``rules``) and its qualification system by
name (``qualification.system``); a new season's rules are a new entry here, not new
branches elsewhere (DESIGN.md principle 4).
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


@dataclass(frozen=True)
class SystemRules:
    """What a qualification system accepts and what its settings default to (R-QUAL-*)."""

    system: str
    """The name used in series files (``qualification.system``)."""
    title: str
    """Name shown to users, in English (marked for translation)."""
    rulesets: tuple[str, ...]
    """The event rule sets the system accepts."""
    kinds: tuple[str, ...]
    """The values an event's ``kind`` may take; an event without one qualifies nobody."""
    holders: str
    """The field listing last year's automatic qualifiers (R-QUAL-3, R-QUAL-4)."""
    pass_down: bool
    """Default of the setting ``pass_down``: a place a player cannot take passes on."""
    field_size: int | None
    """Default of the setting ``field_size`` that a last-chance event fills up to."""


MAIN_PLACES = 5
"""A main tournament qualifies its 5 best players (R-QUAL-1)."""
LOCAL_PLACES = ((0, 1), (20, 2), (30, 3))
"""A local tournament: (players from, places); the winner, the 2nd from 20, the 3rd from 30
(R-QUAL-2)."""


def local_places(players: int) -> int:
    """How many players a local tournament of ``players`` players qualifies (R-QUAL-2)."""
    return int(_step(tuple((n, Fraction(p)) for n, p in LOCAL_PLACES), players))


POINTS_FROM_PLAYERS = 12
"""Events with 11 or fewer players award no qualification points (R-QUAL-5)."""
POINTS_NEEDED = Fraction(2)
"""Qualification points that qualify (R-QUAL-4)."""
POINT_EVENTS_NEEDED = 2
"""…collected from at least this many different tournaments (R-QUAL-4)."""

SYSTEMS: Mapping[str, SystemRules] = MappingProxyType(
    {
        rules.system: rules
        for rules in (
            SystemRules(
                system="dominion",
                title=N_("Dominion championship qualification (until 2021)"),
                rulesets=("dominion-cz", "dominion-cz-final"),
                kinds=("main", "local", "last-chance"),
                holders="last_final_top5",
                pass_down=True,
                field_size=None,
            ),
            SystemRules(
                system="carcassonne",
                title=N_("Carcassonne championship qualification"),
                rulesets=("carcassonne-cz",),
                kinds=("local", "last-chance"),
                holders="last_championship_top10",
                pass_down=False,
                field_size=32,
            ),
        )
    }
)
