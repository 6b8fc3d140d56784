"""Standings of an event, computed from its results (R-STAND-1..3).

Standings are never stored: every edge (command line, web page, export) computes them here
from the results, so they are the same everywhere (DESIGN.md principle 2).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kolo.core.collation import Key, sort_key
from kolo.core.event import PLAYOFF, Entrant, EntrantId, Event, Round, Table
from kolo.core.outcome import outcome
from kolo.core.rulesets import RuleSet, Success, TieBreak
from kolo.core.settings import Settings
from kolo.core.shares import mean_share, sum_share

if TYPE_CHECKING:
    from kolo.core import elimination


@dataclass(frozen=True)
class Row:
    """One entrant's line in the standings."""

    rank: int
    """1-based; entrants tied on every criterion share it."""
    rank_to: int
    """The last place of a shared rank ("3.–4." has rank 3, rank_to 4)."""
    entrant: Entrant
    points: Fraction
    """Tournament points: the sum of placement points, plus byes."""
    success: Fraction | None
    """The rule set's success figure (mean or sum of shares); ``None`` where it has none."""
    games: int
    """Games played."""
    game_score: int
    """The sum of the entrant's game points (victory points)."""
    buchholz: Fraction | None
    """Sum of the final points of the opponents met (``swiss-pairs`` only)."""
    score_difference: int | None
    """Sum of own minus opponents' game points (``swiss-pairs`` only)."""
    byes: int

    @property
    def dropped(self) -> bool:
        """Whether the entrant has dropped (R-EVT-2)."""
        return self.entrant.dropped_after_round is not None

    @property
    def shared(self) -> bool:
        """Whether the rank is shared with other entrants."""
        return self.rank != self.rank_to


@dataclass(frozen=True)
class Standings:
    """The standings after a round."""

    after_round: int
    """The last round counted; 0 before any round is complete."""
    rows: tuple[Row, ...]


def table_complete(table: Table, games_needed: int) -> bool:
    """Whether the table has played all its games."""
    return len(table.games) >= games_needed


def tables_missing_results(round_: Round, ruleset: RuleSet, settings: Settings) -> list[Table]:
    """The tables of the round that have not played all their games yet."""
    needed = ruleset.games_per_table(round_.number, settings)
    return [t for t in round_.tables if not table_complete(t, needed)]


def round_complete(round_: Round, ruleset: RuleSet, settings: Settings) -> bool:
    """Whether the round has tables and every one has all its games (EVENT-FORMAT.md)."""
    return bool(round_.tables) and not tables_missing_results(round_, ruleset, settings)


def complete_rounds(event: Event, ruleset: RuleSet, settings: Settings) -> tuple[Round, ...]:
    """The leading run of complete rounds."""
    done: list[Round] = []
    for round_ in event.rounds:
        if not round_complete(round_, ruleset, settings):
            break
        done.append(round_)
    return tuple(done)


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    games: int = 0
    shares: list[Fraction] = field(default_factory=list)
    game_score: int = 0
    score_difference: int = 0
    byes: int = 0
    opponents: list[EntrantId] = field(default_factory=list)


_REMEMBERED = 64
"""How many standings ``compute`` keeps (the pairing asks for the same ones many times)."""
_memory: OrderedDict[tuple[object, ...], tuple[object, Standings]] = OrderedDict()
_memory_lock = threading.Lock()


def compute(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    through_round: int | None = None,
) -> Standings:
    """The standings after the complete rounds (up to ``through_round`` when given).

    The same values give the same standings, so the last few are remembered: by the
    identity of the entrants, of each round, of the rule set and of the settings (the values
    are immutable; the memory holds them, so no identity is reused while remembered)."""
    key = (
        id(event.entrants),
        tuple(id(r) for r in event.rounds),
        id(ruleset),
        id(settings),
        through_round,
    )
    with _memory_lock:
        found = _memory.get(key)
        if found is not None:
            _memory.move_to_end(key)
            return found[1]
    result = _compute(event, ruleset, settings, through_round)
    with _memory_lock:
        _memory[key] = ((event.entrants, event.rounds, ruleset, settings), result)
        while len(_memory) > _REMEMBERED:
            _memory.popitem(last=False)
    return result


def _compute(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    through_round: int | None,
) -> Standings:
    rounds = [
        r
        for r in complete_rounds(event, ruleset, settings)
        if through_round is None or r.number <= through_round
    ]
    tallies = {e.id: _Tally() for e in event.entrants}
    for round_ in rounds:
        if round_.stage == PLAYOFF:
            continue  # a bracket's matches place its teams, not the Swiss tallies
        for player in round_.byes:
            tallies[player].points += settings.bye_points
            tallies[player].byes += 1
        for table in round_.tables:
            for player in table.seats:
                tallies[player].opponents.extend(p for p in table.seats if p != player)
            for game in table.games:
                _add_game(tallies, game.scores, game.turns, ruleset, settings)
    keys = None
    if ruleset.eliminates:  # the knockout's code only where a format has one
        from kolo.core import knockout

        keys = knockout.ranking_keys(event, rounds, ruleset, settings)
    rows = _rank(event, ruleset, tallies, keys)
    cut = event if through_round is None else replace(event, rounds=tuple(rounds))
    state = bracket(cut, ruleset, settings, rows)
    if state is not None:
        places = state.places()
        rows = _rank(
            event,
            ruleset,
            tallies,
            {r.entrant.id: (places.get(r.entrant.id, 1_000_000), r.rank) for r in rows},
        )
    return Standings(after_round=rounds[-1].number if rounds else 0, rows=rows)


def bracket(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    rows: tuple[Row, ...] | None = None,
    *,
    starting: bool = False,
) -> elimination.State | None:
    """The bracket after the Swiss rounds (R-DOMINO-11) as the results leave it; None before
    it starts (unless ``starting``: as it will start) or where the event has none. Its seeds
    are the Swiss standings' best active teams (``rows``: those standings, computed when not
    given)."""
    if settings.playoff == "none":
        return None
    if not starting and not any(r.stage == PLAYOFF for r in event.rounds):
        return None
    from kolo.core import elimination  # the bracket's code only where an event has one

    if rows is None:
        swiss = tuple(r for r in event.rounds if r.stage != PLAYOFF)
        rows = compute(
            Event(event.name, event.ruleset, event.settings, event.entrants, swiss),
            ruleset,
            settings,
        ).rows
    return elimination.state_of(event, rows_order(event, rows, settings), settings)


def rows_order(event: Event, rows: tuple[Row, ...], settings: Settings) -> list[EntrantId]:
    """The bracket's seeds: the Swiss standings' order of the teams still in when it starts,
    the best ``playoff_teams``."""
    first = settings.rounds + 1
    active = [r.entrant.id for r in rows if r.entrant.active_in(first)]
    return active[: settings.playoff_teams]


def _add_game(
    tallies: dict[EntrantId, _Tally],
    scores: Mapping[EntrantId, int],
    turns: Mapping[EntrantId, int] | None,
    ruleset: RuleSet,
    settings: Settings,
) -> None:
    read = outcome(scores, ruleset, settings, turns)
    placed = read.places
    shares = read.shares if ruleset.success is not Success.NONE else {}
    total = sum(scores.values())
    for player, score in scores.items():
        tally = tallies[player]
        tally.points += placed[player].points
        tally.games += 1
        tally.game_score += score
        tally.score_difference += score * len(scores) - total
        if player in shares:
            tally.shares.append(shares[player])


def name_key(name: str) -> Key:
    """Sort key for names in standings and series: Czech alphabetical order, whatever the
    language shown (R-STAND-1; ``kolo.core.collation``)."""
    return sort_key(name, "cs")


def _rank(
    event: Event,
    ruleset: RuleSet,
    tallies: dict[EntrantId, _Tally],
    knockout_keys: Mapping[EntrantId, tuple[Any, ...]] | None = None,
) -> tuple[Row, ...]:
    """Rows in rank order: by tournament points and the rule set's tie-breaks, or, in a
    knockout, by how far each player got (``kolo.core.knockout.ranking_keys``)."""

    def success(tally: _Tally) -> Fraction | None:
        if ruleset.success is Success.MEAN_SHARE:
            return mean_share(tally.shares)
        if ruleset.success is Success.SUM_SHARE:
            return sum_share(tally.shares)
        return None

    successes = {player: success(tally) for player, tally in tallies.items()}
    swiss = TieBreak.BUCHHOLZ in ruleset.tie_breaks
    buchholz: dict[EntrantId, Fraction] = defaultdict(Fraction)
    if swiss:
        for player, tally in tallies.items():
            buchholz[player] = sum((tallies[o].points for o in tally.opponents), Fraction(0))

    def criteria(entrant: Entrant) -> tuple[Fraction | int, ...]:
        tally = tallies[entrant.id]
        values: list[Fraction | int] = [tally.points]
        for tie_break in ruleset.tie_breaks:
            if tie_break is TieBreak.SUCCESS:
                values.append(successes[entrant.id] or Fraction(0))
            elif tie_break is TieBreak.GAME_SCORE:
                values.append(tally.game_score)
            elif tie_break is TieBreak.BUCHHOLZ:
                values.append(buchholz[entrant.id])
            else:
                values.append(tally.score_difference)
        return tuple(values)

    def rank_key(entrant: Entrant) -> tuple[Any, ...]:
        """Smaller ranks higher; equal keys share a rank."""
        if knockout_keys is not None:
            return knockout_keys[entrant.id]
        return tuple(-v for v in criteria(entrant))

    keys = {entrant.id: rank_key(entrant) for entrant in event.entrants}  # each once

    def order(entrant: Entrant) -> tuple[tuple[Any, ...], Key, str]:
        return (keys[entrant.id], name_key(entrant.name), entrant.id)

    ordered = sorted(event.entrants, key=order)
    rows: list[Row] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and keys[ordered[end].id] == keys[ordered[start].id]:
            end += 1
        for entrant in ordered[start:end]:
            tally = tallies[entrant.id]
            rows.append(
                Row(
                    rank=start + 1,
                    rank_to=end,
                    entrant=entrant,
                    points=tally.points,
                    success=successes[entrant.id],
                    games=tally.games,
                    game_score=tally.game_score,
                    buchholz=buchholz[entrant.id] if swiss else None,
                    score_difference=tally.score_difference if swiss else None,
                    byes=tally.byes,
                )
            )
        start = end
    return tuple(rows)
