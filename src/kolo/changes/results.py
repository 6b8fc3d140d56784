"""A table's game result entered or corrected: who is seated, the limits, the game's number,
turns where ties break by turns — checked on the event as it would be after the change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from kolo.changes.common import check_whole, the_round
from kolo.core.event import EntrantId, Event, Game, GameRecord, Table
from kolo.core.problems import N_, InvalidInput
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.validation import MAX_SCORE, MAX_TURNS
from kolo.games import registry

CLOSED = N_(
    "round {number} is closed; reopen it to change a result (kolo round reopen {event} {number})"
)
"""The refusal of a result in a closed round."""


@dataclass(frozen=True)
class Entered:
    """A result as it would be stored: the event after it, the game's number, the game, and
    the game it replaces (``None``: a new result)."""

    event: Event
    number: int
    game: Game
    before: Game | None

    @property
    def unchanged(self) -> bool:
        """The same result again: nothing to change or record."""
        return self.before == self.game


def by_seat(
    event: Event,
    table: Table,
    values: Mapping[EntrantId, int],
    what: str,
    missing_message: str,
) -> dict[EntrantId, int]:
    """``values`` for exactly the players of ``table``, in seat order; refused when a player
    is not at the table, given twice (the caller maps names to ids) or missing."""
    name = {e.id: e.name for e in event.entrants}
    for who in values:
        if who not in table.seats:
            raise InvalidInput.one(
                N_("'{name}' is not at table {table} (seated: {seated})"),
                path=what,
                name=name.get(who, who),
                table=table.number,
                seated=", ".join(f"{c} {name.get(c, c)}" for c in table.seats),
            )
    absent = [c for c in table.seats if c not in values]
    if absent:
        raise InvalidInput.one(
            missing_message,
            path=what,
            players=", ".join(f"{c} {name.get(c, c)}" for c in absent),
            names=", ".join(name.get(c, c) for c in absent),
        )
    return {c: values[c] for c in table.seats}


def the_table(event: Event, round_number: int, table_number: int) -> Table:
    """Table ``table_number`` of round ``round_number``; the caller has found it."""
    return next(t for t in the_round(event, round_number).tables if t.number == table_number)


def read_game(
    event: Event,
    table: Table,
    scores: Mapping[EntrantId, int],
    turns: Mapping[EntrantId, int] | None,
) -> tuple[dict[EntrantId, int], dict[EntrantId, int] | None]:
    """A game's scores and turns (``None``: not given) for exactly the players of ``table``,
    in seat order, within the limits: what every way of entering a result reads."""
    by_code = by_seat(event, table, scores, "SCORES", N_("no score for {players}"))
    if any(abs(points) > MAX_SCORE for points in by_code.values()):
        raise InvalidInput.one(
            N_("a score must lie between -{limit} and {limit}"), path="SCORES", limit=MAX_SCORE
        )
    turns_by_code = (
        by_seat(event, table, turns, "--turns", N_("no turn count for {players}"))
        if turns
        else None
    )
    if turns_by_code and any(not 0 <= t <= MAX_TURNS for t in turns_by_code.values()):
        raise InvalidInput.one(
            N_("a turn count runs from 0 to {limit}"), path="--turns", limit=MAX_TURNS
        )
    return by_code, turns_by_code


def check_final_score(
    ruleset: RuleSet, settings: Settings, scores: Mapping[EntrantId, int], ended_by_time_limit: bool
) -> None:
    """Refuse a final score (entered without its score sheet) that cannot end a game played by
    the game's rules (``Game.check_scores``: a target, the pieces a set holds, …)."""
    check = registry.get(ruleset.game).check_scores
    problems = check(scores, settings, ended_by_time_limit, "SCORES") if check else []
    if problems:
        raise InvalidInput(problems)


def game_number(table: Table, asked: int | None, needed: int) -> int:
    """The game a result is for: the one asked, else the next unplayed one."""
    entered = len(table.games)
    if asked is None:
        if entered < needed:
            return entered + 1
        if needed == 1:
            return 1
        raise InvalidInput.one(
            N_("table {table} has all its {needed} games; say which to correct with --game"),
            path="--game",
            table=table.number,
            needed=needed,
        )
    if not 1 <= asked <= min(entered + 1, needed):
        raise InvalidInput.one(
            N_("game {game} cannot be entered: the table plays {needed} and has {entered} so far"),
            path="--game",
            game=asked,
            needed=needed,
            entered=entered,
        )
    return asked


def enter_result(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    scores: Mapping[EntrantId, int],
    *,
    turns: Mapping[EntrantId, int] | None = None,
    number: int | None = None,
    ended_by_time_limit: bool | None = None,
    record: GameRecord | None = None,
) -> Entered:
    """The event with one game's result at a table entered (or corrected). Turns and the
    time-limit mark not given again stay as they were; so does a score sheet (``record``,
    whose totals ``scores`` are) while the scores stay its totals. The caller refuses a closed round
    (``refuse_if_closed`` with :data:`CLOSED`) unless it is the explicit correction."""
    round_ = the_round(event, round_number)
    table = the_table(event, round_number, table_number)
    needed = ruleset.games_per_table(round_number, settings)
    by_code, turns_by_code = read_game(event, table, scores, turns)
    number = game_number(table, number, needed)
    before = table.games[number - 1] if number <= len(table.games) else None
    if turns_by_code is None and before is not None and before.turns:
        turns_by_code = dict(before.turns)
    if ruleset.ties_by_turns and turns_by_code is None:
        raise InvalidInput.one(
            N_("{ruleset} breaks ties by turns: give --turns for every player"),
            path="--turns",
            ruleset=ruleset.id,
        )
    if ended_by_time_limit is None:
        ended_by_time_limit = before.ended_by_time_limit if before is not None else False
    if record is None and before is not None and dict(before.scores) == by_code:
        record = before.record
    if record is None:
        check_final_score(ruleset, settings, by_code, ended_by_time_limit)
    game = Game(
        scores=by_code,
        turns=turns_by_code,
        ended_by_time_limit=ended_by_time_limit,
        seats=before.seats if before is not None else None,
        record=record,
    )
    games = list(table.games)
    if before is None:
        games.append(game)
    else:
        games[number - 1] = game
    changed_table = replace(table, games=tuple(games))
    changed_round = replace(
        round_, tables=tuple(changed_table if t is table else t for t in round_.tables)
    )
    candidate = replace(
        event, rounds=tuple(changed_round if r is round_ else r for r in event.rounds)
    )
    if before != game:
        check_whole(candidate)
    return Entered(candidate, number, game, before)
