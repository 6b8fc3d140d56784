"""What a championship's system is: its qualification (R-QUAL-*) — its data, how its part of
a series document is read and described, and what an event of its own kinds offers — and the
tours that lead to it, each with the rules by which it scores its events (R-TOUR-*).

Each system is a module of ``kolo.series`` named for its championship, with one
``QualificationSystem``; ``kolo.series.systems`` lists them. The generic code (the reader,
the schema, the pass over the events in ``qualification``, the tour's points in ``tour``)
asks the system, never a name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from kolo.core.problems import Problem
from kolo.series.model import Qualification
from kolo.series.results import EventResult, Placed, Reason


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
    rule_of_kind: Mapping[str, str]
    """The rule under which an event of a kind qualifies its players."""
    holders_rule: str
    """The rule that qualifies last year's best (``holders``)."""
    holders_how: str
    """How they qualified, in the qualification document (``last-final``, …)."""


PLAYERS_SCHEMA: Mapping[str, Any] = {
    "type": "array",
    "items": {"type": "string", "minLength": 1},
    "uniqueItems": True,
}
"""A list of players (series identities) in the JSON Schema."""


@dataclass(frozen=True)
class Common:
    """The settings every system has, as read from the document."""

    holders: tuple[str, ...]
    field_size: int | None
    pass_down: bool


T = TypeVar("T")


class DocumentReader(Protocol):
    """The series document's reader (``kolo.series.document``), as a system's ``read``
    uses it: every problem collected with its JSON path."""

    problems: list[Problem]

    def problem(self, path: str, message: str, **params: object) -> None:
        """One problem at ``path``."""

    def obj(self, value: Any, path: str, allowed: tuple[str, ...]) -> dict[str, Any] | None:
        """An object with only the ``allowed`` keys."""

    def items(self, value: Any, path: str, item: Callable[[Any, str], T | None]) -> list[T] | None:
        """A list, each item checked."""

    def field(
        self, obj: dict[str, Any], key: str, path: str, check: Callable[[Any, str], T | None]
    ) -> T | None:
        """A required field, checked."""

    def count(self, value: Any, path: str, minimum: int) -> int | None:
        """A whole number of at least ``minimum``."""

    def points(self, value: Any, path: str) -> Fraction | None:
        """A number of at least 0, exactly."""


class Run(Protocol):
    """The pass over a series' events (``kolo.series.qualification``), as a system's
    ``offer`` uses it."""

    def offered(self, result: EventResult, places: int, reason: Reason | None) -> None:
        """Record what the event offered (``reason``: why it qualifies nobody)."""

    def fill(self, result: EventResult, places: int, pass_down: bool, how: str = "") -> None:
        """Give the event's ``places`` down its standings (R-QUAL-1, R-QUAL-2)."""

    def earn(self, result: EventResult, player: Placed, points: Fraction) -> Fraction:
        """Give ``player`` qualification points from this event; their total so far."""

    def events_with_points(self, person: str) -> int:
        """How many events gave the player points so far."""

    def qualify_by_points(self, result: EventResult, player: Placed, total: Fraction) -> None:
        """The player qualifies here with ``total`` points, unless they hold a place or
        declined this event's."""


class QualificationSystem(ABC):
    """One championship's qualification system."""

    rules: SystemRules
    fields: tuple[str, ...]
    """The keys of its ``qualification`` object in a series document."""
    tours: tuple[TourRules, ...] = ()
    """The tours that lead to its championship, each with its rules (a new season's rules are
    a new entry, not new branches elsewhere); ``kolo.series.rules.TOURS`` lists them by id."""

    @abstractmethod
    def read(
        self, reader: DocumentReader, obj: dict[str, Any], path: str, common: Common
    ) -> Qualification | None:
        """Its value from the document's object (``common`` already read); problems go to
        ``reader``."""

    @abstractmethod
    def schema(self, common: Mapping[str, Any]) -> dict[str, Any]:
        """Its ``$defs`` entries in the series JSON Schema (``common``: the properties every
        system has); the first entry is its ``qualification`` object."""

    @abstractmethod
    def offer(self, run: Run, result: EventResult, q: Qualification) -> None:
        """What an event of one of its own kinds (not last-chance) offers, given out."""

    def with_points(self) -> bool:
        """Whether it awards qualification points (the document then lists them)."""
        return False
