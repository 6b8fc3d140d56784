"""A multiplayer rating per player across a series (information, never used for pairing
unless an organiser seeds a knockout's first round by it).

Every game of every event, in date order (rounds in order, tables in order), updates the
ratings of its players with the Plackett–Luce model of Weng and Lin (the ``openskill``
package): a player's rating is a normal belief ``mu ± sigma`` about their skill; the
number shown is the conservative ``mu − 3·sigma`` (starting at 0), so it grows as a player
wins and as kolo becomes surer of them. A game's order is its placement (R-SCORE-1, with
fewer turns breaking ties where the rule set does, R-SCORE-4); players still equal are
tied for the model too. Entrants are identified across events by their ``player`` field.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from kolo.core.event import Event
from kolo.core.outcome import game_outcome
from kolo.core.standings import name_key
from kolo.games import rulesets
from kolo.series.model import Series


@dataclass(frozen=True)
class Point:
    """A player's rating after one game."""

    date: datetime.date
    event: str
    round: int
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The conservative rating, mu − 3·sigma."""
        return self.mu - 3 * self.sigma


@dataclass
class PlayerRating:
    """A player's current rating and its history, game by game."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int = 0
    history: list[Point] = field(default_factory=list)

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedEvent:
    """An event to rate: its name in the output, date and value."""

    name: str
    date: datetime.date
    event: Event


def rate(events: Iterable[RatedEvent]) -> dict[str, PlayerRating]:
    """Every player's rating after ``events`` (rated in date order, then as given)."""
    model = PlackettLuce()
    states: dict[str, PlayerRating] = {}
    ordered = sorted(enumerate(events), key=lambda item: (item[1].date, item[0]))
    for _index, item in ordered:
        event = item.event
        ruleset = rulesets.REGISTRY.get(event.ruleset)
        if ruleset is None:
            continue
        settings = ruleset.settings(event.settings)
        person = {e.id: e.person for e in event.entrants}
        names = {e.person: e.name for e in event.entrants}
        for round_ in event.rounds:
            for table in round_.tables:
                for game in table.games:
                    if len(game.scores) < 2:
                        continue
                    placed = game_outcome(game, ruleset, settings).places
                    seated = list(game.scores)
                    for entrant in seated:
                        who = person.get(entrant, entrant)
                        if who not in states:
                            start = model.rating()
                            states[who] = PlayerRating(
                                who, names.get(who, who), start.mu, start.sigma
                            )
                        states[who].name = names.get(who, states[who].name)
                    teams = [
                        [
                            model.rating(
                                mu=states[person.get(p, p)].mu, sigma=states[person.get(p, p)].sigma
                            )
                        ]
                        for p in seated
                    ]
                    ranks = [float(placed[p].first) for p in seated]
                    updated: Sequence[Sequence[PlackettLuceRating]] = model.rate(teams, ranks=ranks)
                    for p, team in zip(seated, updated, strict=True):
                        state = states[person.get(p, p)]
                        state.mu, state.sigma = team[0].mu, team[0].sigma
                        state.games += 1
                        state.history.append(
                            Point(item.date, item.name, round_.number, state.mu, state.sigma)
                        )
    return states


def series_ratings(series: Series) -> dict[str, PlayerRating]:
    """The ratings after every event of a series (published or not: it is information)."""
    return rate(RatedEvent(e.file, e.date, e.event) for e in series.events)


def ranked(ratings: Mapping[str, PlayerRating]) -> list[PlayerRating]:
    """Highest rating first (then more games, then name)."""
    return sorted(ratings.values(), key=lambda r: (-r.rating, -r.games, name_key(r.name), r.player))


def ratings_document(ratings: Mapping[str, PlayerRating]) -> dict[str, object]:
    """The ``kolo series ratings --json`` document."""
    return {
        "model": "openskill PlackettLuce (Weng-Lin), rating = mu - 3 sigma",
        "ratings": [
            {
                "rank": index,
                "player": r.player,
                "name": r.name,
                "rating": round(r.rating, 3),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
                "history": [
                    {
                        "date": p.date.isoformat(),
                        "event": p.event,
                        "round": p.round,
                        "rating": round(p.rating, 3),
                    }
                    for p in r.history
                ],
            }
            for index, r in enumerate(ranked(ratings), start=1)
        ],
    }


def seeds(ratings: Mapping[str, PlayerRating], event: Event) -> dict[str, float]:
    """An event's entrants' ratings by entrant id, for seeding (unrated players: none)."""
    return {e.id: ratings[e.person].rating for e in event.entrants if e.person in ratings}
