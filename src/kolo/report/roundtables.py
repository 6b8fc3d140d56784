"""A round's tables: every table with its players in seat order and each game's result read by
the rules, built once and shown by the command line (``kolo round show``), the web's tables
pages, the desk's round page and its printouts.

Values, not words: each output formats the numbers in its language. Every game is read by
``kolo.core.outcome``, the one place where scores become places, points and shares, so the
tables cannot disagree with the standings."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from kolo.core import knockout, seatorder
from kolo.core.event import EntrantId, Event, Round
from kolo.core.outcome import game_outcome
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import table_complete


@dataclass(frozen=True)
class GameResult:
    """One player's result in one game of a table."""

    score: int
    turns: int | None
    """The player's turns, where the game recorded them."""
    first: int
    """The best place the player shares (1-based)."""
    last: int
    """The worst place the player shares; ``first`` when not tied."""
    points: Fraction
    """Placement points (R-SCORE-*)."""
    share: Fraction
    """The player's share of the table's game points (R-PCT-*)."""
    time_limit: bool
    """The game ended by the time limit."""

    @property
    def place_text(self) -> str:
        """``2.`` or, shared, ``2.–3.`` (as ``Outcome.place_text``)."""
        return f"{self.first}." if self.first == self.last else f"{self.first}.–{self.last}."


@dataclass(frozen=True)
class Seat:
    """A player at a table, with their results so far."""

    seat: int
    """The seat number, 1 first."""
    id: EntrantId
    name: str
    games: tuple[GameResult, ...]


@dataclass(frozen=True)
class GameOrder:
    """The seat order of one game of a table of several games (R-GORN-9, R-NBGL-1)."""

    number: int
    """The game, 1 first."""
    previous: int
    """The game whose result decides this order."""
    seats: tuple[EntrantId, ...] | None
    """The players in order; ``None`` while the previous game has no result."""
    names: tuple[str, ...] | None


@dataclass(frozen=True)
class RoundTable:
    """One table of the round."""

    number: int
    group: str | None
    seats: tuple[Seat, ...]
    games_played: int
    games_needed: int
    complete: bool
    """The table's result is in: every game is played (otherwise the round waits for it)."""
    smaller: bool
    """A smaller table of a Swiss round (for the lowest placed, R-GORN-6)."""
    orders: tuple[GameOrder, ...]
    """Each game's seat order, where a table plays several games; empty otherwise."""

    @property
    def time_limit(self) -> bool:
        """A game of the table ended by the time limit."""
        return any(g.time_limit for s in self.seats for g in s.games)


@dataclass(frozen=True)
class RoundTables:
    """A round's tables, top table first, and its byes."""

    number: int
    tables: tuple[RoundTable, ...]
    byes: tuple[EntrantId, ...]
    bye_names: tuple[str, ...]
    games_needed: int
    """The games each table plays this round."""

    @property
    def games(self) -> int:
        """The most games any table has played."""
        return max((t.games_played for t in self.tables), default=0)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The numbers of the tables whose results are not all in."""
        return tuple(t.number for t in self.tables if not t.complete)

    @property
    def time_limit(self) -> bool:
        """A game of the round ended by the time limit."""
        return any(t.time_limit for t in self.tables)


def round_tables(
    event: Event,
    round_: Round,
    ruleset: RuleSet,
    settings: Settings,
    names: Mapping[EntrantId, str] | None = None,
) -> RoundTables:
    """The tables of ``round_`` of ``event`` under its rule set and resolved settings, the
    players named by ``names`` (default: the entrants' names)."""
    if names is None:
        names = {e.id: e.name for e in event.entrants}
    needed = ruleset.games_per_table(round_.number, settings)
    stage = knockout.stage_of(round_, round_.number - 1, knockout.format_of(ruleset, settings))
    smaller_possible = not knockout.is_knockout(ruleset)
    tables = []
    for table in round_.tables:
        read = [game_outcome(g, ruleset, settings) for g in table.games]
        seats = tuple(
            Seat(
                seat=number,
                id=player,
                name=names[player],
                games=tuple(
                    GameResult(
                        score=g.scores[player],
                        turns=g.turns[player] if g.turns else None,
                        first=read[i].places[player].first,
                        last=read[i].places[player].last,
                        points=read[i].places[player].points,
                        share=read[i].shares[player],
                        time_limit=g.ended_by_time_limit,
                    )
                    for i, g in enumerate(table.games)
                ),
            )
            for number, player in enumerate(table.seats, start=1)
        )
        orders: list[GameOrder] = []
        for i in range(needed if needed > 1 else 0):
            order = seatorder.game_order(
                round_, table, i, ties_by_turns=ruleset.ties_by_turns, stage=stage
            )
            orders.append(
                GameOrder(
                    number=i + 1,
                    previous=i,
                    seats=order,
                    names=tuple(names[p] for p in order) if order is not None else None,
                )
            )
        tables.append(
            RoundTable(
                number=table.number,
                group=table.group,
                seats=seats,
                games_played=len(table.games),
                games_needed=needed,
                complete=table_complete(table, needed),
                smaller=smaller_possible and len(table.seats) < settings.table_size,
                orders=tuple(orders),
            )
        )
    return RoundTables(
        number=round_.number,
        tables=tuple(tables),
        byes=round_.byes,
        bye_names=tuple(names[b] for b in round_.byes),
        games_needed=needed,
    )
