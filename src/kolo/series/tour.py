"""Tour points and the tour ranking (RULES.md §6.1, R-TOUR-1..5; docs/series.md).

Everything is exact (``Fraction``); floats appear only in the JSON document.
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kolo.core.problems import N_, InvalidInput
from kolo.core.standings import name_key
from kolo.series.model import Series, SeriesEvent
from kolo.series.results import (
    EventResult,
    Placed,
    Reason,
    event_result,
    player_names,
    unfinished,
    unpublished,
)
from kolo.series.rules import TOURS
from kolo.series.system import TourRules


@dataclass(frozen=True)
class Award:
    """A player's tour points from one event, by where they come from."""

    places: Fraction = Fraction(0)
    """Points of the place (R-TOUR-2); shared places share them."""
    podium: Fraction = Fraction(0)
    """Winner +1.5, 2nd +1, 3rd +0.5 (R-TOUR-3)."""
    best_success: Fraction = Fraction(0)
    """+1 for the event's best overall success (R-TOUR-3)."""
    rounds: Fraction = Fraction(0)
    """+0.5 for 6 rounds, +1 for 7 (R-TOUR-3), to every scored player."""
    strong_field: Fraction = Fraction(0)
    """+1 for 3–4, +2 for 5+ championship top-7 players (R-TOUR-3), to every scored player."""

    @property
    def total(self) -> Fraction:
        """The event's tour points for the player."""
        return self.places + self.podium + self.best_success + self.rounds + self.strong_field


@dataclass(frozen=True)
class EventStatus:
    """Whether an event counts for the tour, and the facts its points come from."""

    result: EventResult
    reason: Reason | None
    """Why it does not count; ``None`` when it counts (R-TOUR-1)."""
    places: int
    """Scored places (R-TOUR-2); 0 when it does not count."""
    strong: int
    """Players among the championship top 7 (R-TOUR-3)."""

    @property
    def counts(self) -> bool:
        """Whether the event counts for the tour."""
        return self.reason is None

    @property
    def item(self) -> SeriesEvent:
        """The series event."""
        return self.result.item


@dataclass(frozen=True)
class EventScore:
    """One player's result in one event, as the tour sees it."""

    status: EventStatus
    placed: Placed
    award: Award
    reason: Reason | None
    """Why these points are not counted; ``None`` when they are."""

    @property
    def points(self) -> Fraction:
        """The event's tour points (0 from an event that does not count)."""
        return self.award.total


@dataclass(frozen=True)
class TourRow:
    """A player's line in the tour ranking."""

    rank: int
    rank_to: int
    """The last place of a shared rank."""
    person: str
    name: str
    points: Fraction
    """The sum of the counted events' points."""
    events_played: int
    """Counting events played (including those over the city limit): fewer ranks higher at
    equal points (R-TOUR-5)."""
    counted: tuple[EventScore, ...]
    not_counted: tuple[EventScore, ...]


@dataclass(frozen=True)
class TourStandings:
    """The tour ranking of a series, with every event's status."""

    series: Series
    rules: TourRules
    events: tuple[EventStatus, ...]
    """In date order."""
    rows: tuple[TourRow, ...]


def tour_rules(series: Series) -> TourRules:
    """The series' tour rules, or a clear refusal when it has none."""
    if series.rules is None:
        raise InvalidInput.one(N_("the series has no tour rules (the field 'rules')"), "$.rules")
    return TOURS[series.rules]


def event_status(result: EventResult, rules: TourRules, top7: frozenset[str]) -> EventStatus:
    """Whether the event counts (R-TOUR-1), its scored places and strong players."""
    strong = sum(1 for p in result.players if p.person in top7)
    if not result.item.published:
        reason: Reason | None = unpublished(tour=True)
    elif not result.finished:
        reason = unfinished()
    elif result.size < rules.min_players:
        reason = Reason(
            "too-few-players",
            N_("{players} players; an event counts from {minimum} players (R-TOUR-1)"),
            {"players": result.size, "minimum": rules.min_players},
        )
    else:
        reason = None
    places = rules.places(result.size) if reason is None else 0
    return EventStatus(result, reason, places, strong)


def awards(status: EventStatus, rules: TourRules) -> dict[str, Award]:
    """Every player's points from a counting event (R-TOUR-2, R-TOUR-3), by player.

    [interpretation] Players sharing a rank share the place points and podium bonuses of
    the places they occupy, equally (as R-SCORE-2 shares placement points); a player with
    place points > 0 is a scored player and gets the round and strong-field bonuses in full;
    players tied for the best success share its bonus equally.
    """
    players = status.result.players
    successes = [p.success for p in players if p.success is not None]
    best = max(successes) if successes else None
    best_players = [p for p in players if best is not None and p.success == best]
    rounds = rules.rounds_bonus_for(status.result.rounds)
    strong = rules.strong_field_for(status.strong)
    found: dict[str, Award] = {}
    for player in players:
        occupied = range(player.rank, player.rank_to + 1)
        share = Fraction(1, len(occupied))
        places = sum((max(status.places - k + 1, 0) for k in occupied), Fraction(0)) * share
        podium = (
            sum((rules.podium[k - 1] for k in occupied if k <= len(rules.podium)), Fraction(0))
            * share
        )
        scored = places > 0
        found[player.person] = Award(
            places=places,
            podium=podium,
            best_success=(
                rules.best_success / len(best_players) if player in best_players else Fraction(0)
            ),
            rounds=rounds if scored else Fraction(0),
            strong_field=strong if scored else Fraction(0),
        )
    return found


def city_key(city: str) -> str:
    """Cities compare by their letters: case, surrounding spaces and Unicode form aside."""
    return unicodedata.normalize("NFC", city.strip()).casefold()


def compute_tour(series: Series) -> TourStandings:
    """The tour ranking of the series (R-TOUR-1..5)."""
    rules = tour_rules(series)
    statuses = tuple(
        event_status(event_result(item), rules, series.championship_top7)
        for item in series.in_date_order()
    )
    scores: dict[str, list[EventScore]] = defaultdict(list)
    for status in statuses:
        found = awards(status, rules) if status.counts else {}
        for placed in status.result.players:
            award = found.get(placed.person, Award())
            scores[placed.person].append(EventScore(status, placed, award, status.reason))
    names = player_names(series)
    unranked: list[TourRow] = []
    for person, played in scores.items():
        events_played = sum(1 for s in played if s.status.counts)
        if not events_played:
            continue
        limited = _city_limit(played, rules)
        counted = tuple(s for s in limited if s.reason is None)
        unranked.append(
            TourRow(
                rank=0,
                rank_to=0,
                person=person,
                name=names[person],
                points=sum((s.points for s in counted), Fraction(0)),
                events_played=events_played,
                counted=counted,
                not_counted=tuple(s for s in limited if s.reason is not None),
            )
        )
    return TourStandings(series, rules, statuses, _rank(unranked))


def _city_limit(played: list[EventScore], rules: TourRules) -> list[EventScore]:
    """A player's scores with a reason set on those beyond their best ``city_limit`` in a
    city (R-TOUR-4). [interpretation] Among equal points the earlier events count."""
    by_city: dict[str, list[int]] = defaultdict(list)
    for index, score in enumerate(played):
        if score.status.counts:
            by_city[city_key(score.status.item.city)].append(index)
    limited = list(played)
    for indexes in by_city.values():
        best_first = sorted(indexes, key=lambda i: (-played[i].points, played[i].status.item.order))
        for index in best_first[rules.city_limit :]:
            reason = Reason(
                "city-limit",
                N_("only the best {limit} events in {city} count (R-TOUR-4)"),
                {"limit": rules.city_limit, "city": played[index].status.item.city},
            )
            limited[index] = replace(played[index], reason=reason)
    return limited


def _rank(rows: list[TourRow]) -> tuple[TourRow, ...]:
    """By points; at equal points fewer events played ranks higher; still equal: a shared
    rank, listed by name (R-TOUR-5)."""

    def criteria(row: TourRow) -> tuple[Fraction, int]:
        return (-row.points, row.events_played)

    ordered = sorted(rows, key=lambda r: (criteria(r), name_key(r.name), r.person))
    ranked: list[TourRow] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and criteria(ordered[end]) == criteria(ordered[start]):
            end += 1
        ranked += [replace(row, rank=start + 1, rank_to=end) for row in ordered[start:end]]
        start = end
    return tuple(ranked)


def _number(value: Fraction) -> float:
    return float(value)


def _score(score: EventScore) -> dict[str, Any]:
    award = score.award
    doc: dict[str, Any] = {
        "event": score.status.item.file,
        "points": _number(score.points),
        "rank": score.placed.rank,
        "rank_to": score.placed.rank_to,
        "award": {
            "places": _number(award.places),
            "podium": _number(award.podium),
            "best_success": _number(award.best_success),
            "rounds": _number(award.rounds),
            "strong_field": _number(award.strong_field),
        },
    }
    if score.reason is not None:
        doc["why"] = score.reason.code
    return doc


def standings_document(tour: TourStandings) -> dict[str, Any]:
    """The ``kolo series standings --json`` document (docs/series.md)."""
    return {
        "name": tour.series.name,
        "rules": tour.rules.id,
        "events": [
            {
                "event": status.item.file,
                "name": status.item.event.name,
                "city": status.item.city,
                "date": status.item.date.isoformat(),
                "players": status.result.size,
                "rounds": status.result.rounds,
                "counts": status.counts,
                "why": status.reason.code if status.reason is not None else None,
                "scored_places": status.places,
                "championship_top7": status.strong,
            }
            for status in tour.events
        ],
        "standings": [
            {
                "rank": row.rank,
                "rank_to": row.rank_to,
                "player": row.person,
                "name": row.name,
                "points": _number(row.points),
                "events_played": row.events_played,
                "counted": [_score(s) for s in row.counted],
                "not_counted": [_score(s) for s in row.not_counted],
            }
            for row in tour.rows
        ],
    }
