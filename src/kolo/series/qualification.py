"""Who qualifies for the championship, and how (RULES.md §6.2–6.3, R-QUAL-1..6;
docs/series.md).

Events are taken in date order (same day: as the series lists them), so "already holds a
place" (R-QUAL-2) means qualified by last year's result or by an earlier event.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kolo.core.problems import N_, InvalidInput
from kolo.core.standings import name_key
from kolo.series.model import Qualification, Series, SeriesEvent
from kolo.series.results import (
    EventResult,
    Placed,
    Reason,
    event_result,
    player_names,
    unfinished,
    unpublished,
)
from kolo.series.system import QualificationSystem
from kolo.series.systems import SYSTEMS


@dataclass(frozen=True)
class Qualified:
    """A qualified player and how they qualified."""

    person: str
    name: str
    rule: str
    """The rule: ``R-QUAL-1`` … ``R-QUAL-6``."""
    how: str
    """``last-final`` or ``last-championship`` (last year's result), ``main``, ``local``,
    ``last-chance`` (a place in that kind of event), ``direct`` (a direct place where the
    system also awards points) or ``points`` (qualification points)."""
    item: SeriesEvent | None
    """The event that qualified them (for ``points``: where they reached the total)."""
    placed: Placed | None
    """Their place in that event."""
    points: Fraction | None = None
    """Their qualification points when they qualified by points."""


@dataclass(frozen=True)
class PassedDown:
    """A qualifying place its player did not take."""

    item: SeriesEvent
    placed: Placed
    """The player who did not take the place, and where they finished."""
    reason: Reason
    """``already-qualified`` or ``declined``."""
    to: str | None
    """Who took the place instead; ``None``: nobody (not passed down, or nobody left)."""


@dataclass(frozen=True)
class QualifierEvent:
    """What an event of the series offered."""

    result: EventResult
    places: int
    """Qualifying places on offer (where the system also awards points: direct places)."""
    reason: Reason | None
    """Why the event qualifies nobody; ``None`` when it is a qualifier."""

    @property
    def item(self) -> SeriesEvent:
        """The series event."""
        return self.result.item


@dataclass(frozen=True)
class PlayerPoints:
    """A player's qualification points (R-QUAL-4, R-QUAL-5)."""

    person: str
    name: str
    events: tuple[tuple[SeriesEvent, Fraction], ...]
    """Each event that gave points, with the points, in date order."""

    @property
    def total(self) -> Fraction:
        """All their points."""
        return sum((points for _item, points in self.events), Fraction(0))


@dataclass(frozen=True)
class QualificationResult:
    """The qualification of a series."""

    series: Series
    qualification: Qualification
    system: QualificationSystem
    qualified: tuple[Qualified, ...]
    """In the order they qualified."""
    passed_down: tuple[PassedDown, ...]
    events: tuple[QualifierEvent, ...]
    """In date order."""
    points: tuple[PlayerPoints, ...]
    """Where the system awards points: everyone with points, most first."""


def already_qualified() -> Reason:
    """R-QUAL-2: the player already holds a place."""
    return Reason("already-qualified", N_("already holds a place (R-QUAL-2)"))


def declined() -> Reason:
    """R-QUAL-2: the player declined the place (the organiser marks it)."""
    return Reason("declined", N_("declined the place (R-QUAL-2)"))


def not_a_qualifier() -> Reason:
    """The event has no ``kind``: it qualifies nobody."""
    return Reason("not-a-qualifier", N_("not a qualifier (the event has no 'kind')"))


def compute_qualification(series: Series) -> QualificationResult:
    """Who qualified for the championship, by which event and rule, and whose places passed
    down (R-QUAL-1..6)."""
    qualification = series.qualification
    if qualification is None:
        raise InvalidInput.one(
            N_("the series has no qualification (the field 'qualification')"), "$.qualification"
        )
    return _Run(series, qualification).run()


class _Run:
    """One pass over the series' events in date order."""

    def __init__(self, series: Series, qualification: Qualification) -> None:
        self.series = series
        self.qualification = qualification
        self.system = SYSTEMS[qualification.system]
        self.names = player_names(series)
        self.qualified: list[Qualified] = []
        self.held: set[str] = set()
        self.passed: list[PassedDown] = []
        self.events: list[QualifierEvent] = []
        self.points: dict[str, list[tuple[SeriesEvent, Fraction]]] = defaultdict(list)

    def name(self, person: str) -> str:
        return self.names.get(person, person)

    def qualify(self, entry: Qualified) -> None:
        self.qualified.append(entry)
        self.held.add(entry.person)

    def run(self) -> QualificationResult:
        rules = self.system.rules
        for person in self.qualification.holders:
            self.qualify(
                Qualified(
                    person, self.name(person), rules.holders_rule, rules.holders_how, None, None
                )
            )
        for item in self.series.in_date_order():
            self.event(event_result(item))
        points = sorted(
            (
                PlayerPoints(person, self.name(person), tuple(events))
                for person, events in self.points.items()
            ),
            key=lambda p: (-p.total, name_key(p.name), p.person),
        )
        return QualificationResult(
            self.series,
            self.qualification,
            self.system,
            tuple(self.qualified),
            tuple(self.passed),
            tuple(self.events),
            tuple(points),
        )

    def event(self, result: EventResult) -> None:
        item = result.item
        reason: Reason | None = None
        if not item.published:
            reason = unpublished(tour=False)
        elif not result.finished:
            reason = unfinished()
        elif item.kind is None:
            reason = not_a_qualifier()
        if reason is not None:
            self.events.append(QualifierEvent(result, 0, reason))
            return
        assert item.kind is not None
        q = self.qualification
        if item.kind == "last-chance":
            assert q.field_size is not None  # the reader requires it
            places = max(q.field_size - len(self.held), 0)
            if places == 0:
                reason = Reason(
                    "field-full",
                    N_("the final's field of {size} players is full"),
                    {"size": q.field_size},
                )
            self.events.append(QualifierEvent(result, places, reason))
            self.fill(result, places, pass_down=True)
            return
        self.system.offer(self, result, q)

    def offered(self, result: EventResult, places: int, reason: Reason | None) -> None:
        """Record what the event offered (``reason``: why it qualifies nobody)."""
        self.events.append(QualifierEvent(result, places, reason))

    def earn(self, result: EventResult, player: Placed, points: Fraction) -> Fraction:
        """Give ``player`` qualification points from this event; their total so far."""
        self.points[player.person].append((result.item, points))
        return sum((p for _item, p in self.points[player.person]), Fraction(0))

    def events_with_points(self, person: str) -> int:
        """How many events gave the player points so far."""
        return len(self.points[person])

    def qualify_by_points(self, result: EventResult, player: Placed, total: Fraction) -> None:
        """The player qualifies here with ``total`` points (R-QUAL-4), unless they hold a
        place or declined this event's."""
        if player.person in self.held or player.person in result.item.declined:
            return
        self.qualify(
            Qualified(
                player.person,
                self.name(player.person),
                self.system.rules.rule_of_kind[result.item.kind or ""],
                "points",
                result.item,
                player,
                total,
            )
        )

    def fill(self, result: EventResult, places: int, pass_down: bool, how: str = "") -> None:
        """Give the event's ``places`` down its standings (R-QUAL-1, R-QUAL-2).

        A player who already holds a place or declined does not take one. With
        ``pass_down`` the place goes to the next player in the standings (who may pass it
        on in turn); without it the place stays empty. [interpretation] Players tied at
        the cut (sharing the rank of the last place) all qualify.
        """
        item = result.item
        kind = item.kind or ""
        rule = self.system.rules.rule_of_kind[kind]
        refused = set(item.declined)
        skipped: list[PassedDown] = []
        opened: list[int] = []
        """Skips within the places: each opens a place, passed down in this order."""
        passing: list[int] = []
        """Skips below the places while a place was passing down: they passed it on."""
        taken: list[Placed] = []
        for position, player in enumerate(result.players, start=1):
            if len(taken) >= places and (not taken or player.rank != taken[-1].rank):
                break
            if not pass_down and player.rank > places:
                break
            if player.person in self.held or player.person in refused:
                if len(taken) < places:
                    why = declined() if player.person in refused else already_qualified()
                    (opened if position <= places else passing).append(len(skipped))
                    skipped.append(PassedDown(item, player, why, None))
                continue
            if position > places and opened:
                for index in [opened.pop(0), *passing]:
                    skipped[index] = replace(skipped[index], to=player.person)
                passing.clear()
            taken.append(player)
            self.qualify(
                Qualified(player.person, self.name(player.person), rule, how or kind, item, player)
            )
        self.passed += skipped


def _number(value: Fraction | None) -> float | None:
    return float(value) if value is not None else None


def qualification_document(result: QualificationResult) -> dict[str, Any]:
    """The ``kolo series qualification --json`` document (docs/series.md)."""
    doc: dict[str, Any] = {
        "name": result.series.name,
        "system": result.qualification.system,
        "events": [
            {
                "event": e.item.file,
                "name": e.item.event.name,
                "date": e.item.date.isoformat(),
                "kind": e.item.kind,
                "players": e.result.size,
                "places": e.places,
                "why": e.reason.code if e.reason is not None else None,
            }
            for e in result.events
        ],
        "qualified": [
            {
                "player": q.person,
                "name": q.name,
                "rule": q.rule,
                "how": q.how,
                "event": q.item.file if q.item is not None else None,
                "rank": q.placed.rank if q.placed is not None else None,
                "rank_to": q.placed.rank_to if q.placed is not None else None,
                "points": _number(q.points),
            }
            for q in result.qualified
        ],
        "passed_down": [
            {
                "event": p.item.file,
                "player": p.placed.person,
                "name": p.placed.entrant.name,
                "rank": p.placed.rank,
                "rank_to": p.placed.rank_to,
                "why": p.reason.code,
                "to": p.to,
            }
            for p in result.passed_down
        ],
    }
    if result.system.with_points():
        doc["points"] = [
            {
                "player": p.person,
                "name": p.name,
                "total": float(p.total),
                "events": [{"event": item.file, "points": float(v)} for item, v in p.events],
            }
            for p in result.points
        ]
    return doc
