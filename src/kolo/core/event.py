"""The values an event is made of: entrants, rounds, tables, games (RULES.md §1)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

EntrantId: TypeAlias = str
"""An entrant's id within one event, e.g. ``"p7"`` (EVENT-FORMAT.md ``entrants[].id``)."""


@dataclass(frozen=True)
class Member:
    """One person of a team (the block game's pairs)."""

    name: str
    """Display name, any Unicode text; always escaped when shown."""
    player: str | None = None
    """The person's identity across events and their player page; ``None``: not linked."""


@dataclass(frozen=True)
class Entrant:
    """One person (or team) entered in an event."""

    id: EntrantId
    """Unique within the event, non-empty, at most 64 characters."""
    name: str
    """Display name, any Unicode text; always escaped when shown."""
    club: str | None = None
    """Club or city, used by the optional club-avoidance criterion."""
    dropped_after_round: int | None = None
    """The last round the entrant was seated in before dropping (0: before round 1);
    ``None`` while the entrant is active (R-EVT-2)."""
    player: str | None = None
    """The person's identity across a series (``kolo-series/1``); ``None``: the id."""
    members: tuple[Member, ...] = ()
    """A team's members in seat order (the first sits in the team's first seat, the second
    opposite); empty for an entrant who is one person."""

    @property
    def person(self) -> str:
        """Who this is across events: ``player`` where given, else the id."""
        return self.player or self.id

    def active_in(self, round_number: int) -> bool:
        """Whether the entrant is still in the event for round ``round_number``."""
        return self.dropped_after_round is None or round_number <= self.dropped_after_round


@dataclass(frozen=True)
class Game:
    """One game played at a table: victory points and, where recorded, turns taken."""

    scores: Mapping[EntrantId, int]
    """Game points (victory points) of every seated player; may be zero or negative."""
    turns: Mapping[EntrantId, int] | None = None
    """Turns each player took; required where the rule set breaks ties by turns."""
    ended_by_time_limit: bool = False
    """The game was stopped by the round's time limit (R-DOM-9)."""
    seats: tuple[EntrantId, ...] | None = None
    """The seat order of this game where it differs from the table's (NBGL's second group
    game shifts it by one seat, R-NBGL-1); ``None``: the table's order."""
    record: GameRecord | None = None
    """How the game went, hand by hand, where its game keeps a score sheet; its totals are
    ``scores``. None: only the final scores were entered."""


class GameRecord(Protocol):
    """A game's score sheet as its game defines it (its hands); the game reads it from the
    event file (``kolo.games.base.Game.read_record``)."""

    def document(self) -> list[dict[str, Any]]:
        """Its part of the event file: the game's ``hands`` array in ``kolo-event/1``."""
        ...


class TableSetup(Protocol):
    """What a table needs from its game before play, as the game defines it (the cards to
    play with, drawn for the table); the game reads it from the event file
    (``kolo.games.base.Game.read_setup``)."""

    def document(self) -> dict[str, Any]:
        """Its part of the event file: the table's object under its game's key
        (``kolo.games.base.Game.setup_key``) in ``kolo-event/1``."""
        ...


@dataclass(frozen=True)
class Table:
    """A table of one round: its players in seat order and the games they played."""

    number: int
    """1 is the top table (R-GORN-7)."""
    seats: tuple[EntrantId, ...]
    """Players in seat order; ``seats[0]`` starts."""
    games: tuple[Game, ...] = ()
    """Games played so far; empty while the table is unplayed."""
    setup: TableSetup | None = None
    """The table's game setup, a value its game defines (``TableSetup``); None for games
    without one."""
    group: str | None = None
    """The group this table is (``"A"``, ``"B"``, …) in a group stage; None elsewhere."""

    def game_seats(self, index: int) -> tuple[EntrantId, ...]:
        """The seat order of game ``index`` (0-based)."""
        if index < len(self.games) and self.games[index].seats is not None:
            seats = self.games[index].seats
            assert seats is not None
            return seats
        return self.seats


PLAYOFF = "playoff"
"""The stage of a bracket round (``kolo.core.elimination``)."""


@dataclass(frozen=True)
class Round:
    """One round of an event."""

    number: int
    """1-based and consecutive."""
    tables: tuple[Table, ...]
    """The round's tables, numbered from the top."""
    seed: int | None = None
    """The seed of the random choices made for the round (R-GORN-2, R-GORN-10)."""
    byes: tuple[EntrantId, ...] = ()
    """Entrants with a bye, only where the rule set allows byes."""
    stage: str | None = None
    """Where the round stands in a knockout format: ``group``, ``quarter-final``,
    ``semi-final``, ``final`` or ``knockout`` (an earlier knockout round); None in
    Swiss-style events."""
    closed: bool = False
    """The organiser has closed the round: its results change only by the explicit correction
    (R-EVT-3). Kept by the store; an event file has no closed rounds."""

    def seated(self) -> Iterator[EntrantId]:
        """Every entrant seated at a table of this round."""
        for table in self.tables:
            yield from table.seats


@dataclass(frozen=True)
class Event:
    """A whole event, as a ``kolo-event/1`` document holds it."""

    name: str
    ruleset: str
    """A registered rule-set id (``kolo.games.rulesets``)."""
    settings: Mapping[str, Any]
    """Overrides of the rule set's settings; only what differs from the defaults."""
    entrants: tuple[Entrant, ...]
    rounds: tuple[Round, ...] = ()

    def entrant(self, entrant_id: EntrantId) -> Entrant:
        """The entrant with this id (``KeyError`` if there is none)."""
        for entrant in self.entrants:
            if entrant.id == entrant_id:
                return entrant
        raise KeyError(entrant_id)
