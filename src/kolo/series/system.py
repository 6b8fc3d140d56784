"""What a championship qualification system is (R-QUAL-*): its data, how its part of a
series document is read and described, and what an event of its own kinds offers.

Each system is a module of ``kolo.series`` named for its championship, with one
``QualificationSystem``; ``kolo.series.systems`` lists them. The generic code (the reader,
the schema, the pass over the events in ``qualification``) asks the system, never a name.
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
