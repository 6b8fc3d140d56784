"""An event's standings as a series sees them: players (not entrants) and their places.

The standings are the event's own (``kolo.core.standings.compute`` with the rule set's
settings as the event overrides them), so a series never disagrees with ``kolo standings``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from kolo.core.event import Entrant
from kolo.core.problems import N_
from kolo.core.standings import compute
from kolo.games import rulesets
from kolo.series.model import Series, SeriesEvent


@dataclass(frozen=True)
class Reason:
    """Why something does not count: a stable code for JSON and an English template (marked
    for translation) with its values for people."""

    code: str
    message: str
    params: Mapping[str, object] = field(default_factory=dict)

    def text(self, translate: Callable[[str], str] = str) -> str:
        """The reason in words, after ``translate`` of the template."""
        return translate(self.message).format(**self.params)


def unpublished(tour: bool) -> Reason:
    """The event is not officially published: it counts for nothing (R-TOUR-1 for the tour,
    [interpretation] for qualification too)."""
    if tour:
        return Reason("unpublished", N_("the event is not published (R-TOUR-1)"))
    return Reason("unpublished", N_("the event is not published"))


def unfinished() -> Reason:
    """A round of the event lacks results: it is not over, so it does not count yet."""
    return Reason("unfinished", N_("the event is not finished: a round lacks results"))


@dataclass(frozen=True)
class Placed:
    """A player of an event and the place they finished in."""

    person: str
    """The series identity (``Entrant.person``)."""
    entrant: Entrant
    rank: int
    """1-based among the event's players; players tied on every criterion share it."""
    rank_to: int
    """The last place of a shared rank ("3.–4." has rank 3, rank_to 4)."""
    points: Fraction
    success: Fraction | None
    games: int


@dataclass(frozen=True)
class EventResult:
    """The standings of one series event, with what a series asks of them."""

    item: SeriesEvent
    players: tuple[Placed, ...]
    """Entrants who played at least one game, in standings order. [interpretation] An
    entrant who never played (registered, then absent) is not a player: not counted in the
    event's size and never placed."""
    rounds: int
    """Complete rounds (the standings are after the last of them)."""
    finished: bool
    """Every round paired so far has all its results."""

    @property
    def size(self) -> int:
        """How many players the event had (the "entrants" and "players" of RULES.md §6)."""
        return len(self.players)


def event_result(item: SeriesEvent) -> EventResult:
    """The event's standings after its complete rounds, its players placed among themselves."""
    event = item.event
    ruleset = rulesets.get(event.ruleset)
    settings = ruleset.settings(event.settings)
    standings = compute(event, ruleset, settings)
    rows = [row for row in standings.rows if row.games > 0]
    placed: list[Placed] = []
    start = 0
    while start < len(rows):
        end = start + 1
        while end < len(rows) and rows[end].rank == rows[start].rank:
            end += 1
        placed += [
            Placed(
                row.entrant.person,
                row.entrant,
                start + 1,
                end,
                row.points,
                row.success,
                row.games,
            )
            for row in rows[start:end]
        ]
        start = end
    return EventResult(
        item,
        tuple(placed),
        standings.after_round,
        finished=standings.after_round == len(event.rounds),
    )


def player_names(series: Series) -> dict[str, str]:
    """Every player's name, as their most recent event (by date) spells it."""
    names: dict[str, str] = {}
    for item in series.in_date_order():
        for entrant in item.event.entrants:
            names[entrant.person] = entrant.name
    return names
