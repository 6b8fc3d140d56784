"""A table's game result entered, corrected or taken back, in one room: who is seated, the
limits, the game's number, turns where ties break by turns, the version the writer saw, a
sheet in play replaced only on purpose — checked on the event as it would be after the
change; each refusal built where its rule is (``Refused``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from kolo.changes.common import Refused, check_whole
from kolo.core.event import EntrantId, Event, Game, GameRecord, Round, Table
from kolo.core.problems import N_, Problem
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
            raise Refused(
                [
                    Problem(
                        what,
                        N_("'{name}' is not at table {table} (seated: {seated})"),
                        {
                            "name": name.get(who, who),
                            "table": table.number,
                            "seated": ", ".join(f"{c} {name.get(c, c)}" for c in table.seats),
                        },
                    )
                ]
            )
    absent = [c for c in table.seats if c not in values]
    if absent:
        raise Refused(
            [
                Problem(
                    what,
                    missing_message,
                    {
                        "players": ", ".join(f"{c} {name.get(c, c)}" for c in absent),
                        "names": ", ".join(name.get(c, c) for c in absent),
                    },
                )
            ]
        )
    return {c: values[c] for c in table.seats}


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
        raise Refused(
            [
                Problem(
                    "SCORES",
                    N_("a score must lie between -{limit} and {limit}"),
                    {"limit": MAX_SCORE},
                )
            ]
        )
    turns_by_code = (
        by_seat(event, table, turns, "--turns", N_("no turn count for {players}"))
        if turns
        else None
    )
    if turns_by_code and any(not 0 <= t <= MAX_TURNS for t in turns_by_code.values()):
        raise Refused(
            [Problem("--turns", N_("a turn count runs from 0 to {limit}"), {"limit": MAX_TURNS})]
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
        raise Refused(problems)


def game_number(table: Table, asked: int | None, needed: int) -> int:
    """The game a result is for: the one asked, else the next unplayed one."""
    entered = len(table.games)
    if asked is None:
        if entered < needed:
            return entered + 1
        if needed == 1:
            return 1
        raise Refused(
            [
                Problem(
                    "--game",
                    N_(
                        "table {table} has all its {needed} games; say which to correct with --game"
                    ),
                    {"table": table.number, "needed": needed},
                )
            ]
        )
    if not 1 <= asked <= min(entered + 1, needed):
        raise Refused(
            [
                Problem(
                    "--game",
                    N_(
                        "game {game} cannot be entered: the table plays {needed} and has "
                        "{entered} so far"
                    ),
                    {"game": asked, "needed": needed, "entered": entered},
                )
            ]
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
    """The event with one game's result at a table entered (or corrected), players named by
    id: the table's players, the limits and the game's number read first (``read_game``,
    ``game_number``), then :func:`enter_game`. The caller refuses a closed round
    (:func:`open_table`) unless it is the explicit correction."""
    table = next(t for t in _round(event, round_number).tables if t.number == table_number)
    by_code, turns_by_code = read_game(event, table, scores, turns)
    number = game_number(table, number, ruleset.games_per_table(round_number, settings))
    return enter_game(
        event,
        ruleset,
        settings,
        round_number,
        table,
        number,
        by_code,
        turns_by_code,
        ended_by_time_limit,
        record,
    )


def _round(event: Event, number: int) -> Round:
    """Round ``number`` of the event; the caller has found it."""
    return next(r for r in event.rounds if r.number == number)


def enter_game(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table: Table,
    number: int,
    scores: dict[EntrantId, int],
    turns: dict[EntrantId, int] | None,
    ended_by_time_limit: bool | None,
    record: GameRecord | None,
) -> Entered:
    """The event with one game's result at a table entered (or corrected): ``scores`` and
    ``turns`` as ``read_game`` read them, ``number`` as ``game_number`` found it. Turns and the
    time-limit mark not given again stay as they were; so does a score sheet (``record``,
    whose totals ``scores`` are) while the scores stay its totals."""
    before = table.games[number - 1] if number <= len(table.games) else None
    if turns is None and before is not None and before.turns:
        turns = dict(before.turns)
    if ruleset.ties_by_turns and turns is None:
        raise Refused(
            [
                Problem(
                    "--turns",
                    N_("{ruleset} breaks ties by turns: give --turns for every player"),
                    {"ruleset": ruleset.id},
                )
            ]
        )
    if ended_by_time_limit is None:
        ended_by_time_limit = before.ended_by_time_limit if before is not None else False
    if record is None and before is not None and dict(before.scores) == scores:
        record = before.record
    if record is None:
        check_final_score(ruleset, settings, scores, ended_by_time_limit)
    game = Game(
        scores=scores,
        turns=turns,
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
    round_ = _round(event, round_number)
    changed_round = replace(
        round_, tables=tuple(changed_table if t is table else t for t in round_.tables)
    )
    candidate = replace(
        event, rounds=tuple(changed_round if r is round_ else r for r in event.rounds)
    )
    if before != game:
        check_whole(candidate)
    return Entered(candidate, number, game, before)


def entrant_id(event: Event, ref: str, key: str) -> EntrantId:
    """The entrant named by id (``p7``, any letter case) or by exact name (any letter case);
    ``key`` is the event's key, for the refusal."""
    return named_entrant([(e.id, e.name) for e in event.entrants], ref, key)


def named_entrant(entrants: Sequence[tuple[EntrantId, str]], ref: str, key: str) -> EntrantId:
    """Of ``entrants`` (id, name), the one ``ref`` names by id (any letter case) or by exact
    name (any letter case); refused when none is, or the name is several entrants'."""
    wanted = ref.strip()
    ids = [i for i, _name in entrants]
    if wanted in ids:
        return wanted
    found = next((i for i in ids if i.casefold() == wanted.casefold()), None)
    if found is not None:
        return found
    named = [i for i, name in entrants if name.casefold() == wanted.casefold()]
    if len(named) == 1:
        return named[0]
    if named:
        raise Refused(
            [
                Problem(
                    "ENTRANT",
                    N_("'{ref}' is the name of {count} entrants; use the id ({ids})"),
                    {"ref": ref, "count": len(named), "ids": ", ".join(named)},
                )
            ]
        )
    raise Refused(
        [Problem("ENTRANT", N_("no entrant '{ref}' in event {event}"), {"ref": ref, "event": key})]
    )


def entrant_ids(
    event: Event, values: Mapping[str, int], what: str, key: str
) -> dict[EntrantId, int]:
    """``values`` by entrant id, each named by id or by name (any letter case)."""
    result: dict[EntrantId, int] = {}
    for ref, value in values.items():
        who = entrant_id(event, ref, key)
        if who in result:
            names = {e.id: e.name for e in event.entrants}
            raise Refused([Problem(what, N_("'{name}' is given twice"), {"name": names[who]})])
        result[who] = value
    return result


def read_scores(
    event: Event,
    key: str,
    table: Table,
    scores: Mapping[str, int],
    turns: Mapping[str, int] | None,
) -> tuple[dict[EntrantId, int], dict[EntrantId, int] | None]:
    """A table's scores and turns as entered, players named by id or name (any letter case),
    read by :func:`read_game`; ``key`` is the event's key, for the refusals."""
    return read_game(
        event,
        table,
        entrant_ids(event, scores, "SCORES", key),
        entrant_ids(event, turns, "--turns", key) if turns else None,
    )


def _the_round(event: Event, key: str, round_number: int) -> Round:
    """Round ``round_number`` of the event, refused where there is none."""
    round_ = next((r for r in event.rounds if r.number == round_number), None)
    if round_ is None:
        raise Refused(
            [
                Problem(
                    "ROUND",
                    N_("event {event} has no round {number}"),
                    {"event": key, "number": round_number},
                )
            ]
        )
    return round_


def open_table(
    event: Event, key: str, round_number: int, table_number: int, *, closed_ok: bool = False
) -> Table:
    """Table ``table_number`` of round ``round_number``, refused where there is none or where
    the round is closed (unless ``closed_ok``: the explicit correction, R-EVT-3)."""
    round_ = _the_round(event, key, round_number)
    if round_.closed and not closed_ok:
        raise Refused([Problem("ROUND", CLOSED, {"number": round_.number, "event": key})])
    table = next((t for t in round_.tables if t.number == table_number), None)
    if table is None:
        raise Refused(
            [
                Problem(
                    "TABLE",
                    N_("round {round} has no table {table}"),
                    {"round": round_number, "table": table_number},
                )
            ]
        )
    return table


def closed_game(
    event: Event, key: str, round_number: int, table_number: int, game_number: int | None
) -> tuple[Table, int]:
    """The table and the game's number that R-EVT-3's explicit correction changes: refused
    where the round is not closed (its results are corrected as usual), the table has several
    games and none is named, or it has no such game."""
    round_ = _the_round(event, key, round_number)
    if not round_.closed:
        raise Refused(
            [
                Problem(
                    "ROUND",
                    N_("round {number} is not closed: correct its results as usual"),
                    {"number": round_.number},
                )
            ]
        )
    table = next((t for t in round_.tables if t.number == table_number), None)
    if table is None:
        raise Refused(
            [
                Problem(
                    "TABLE",
                    N_("round {round} has no table {table}"),
                    {"round": round_.number, "table": table_number},
                )
            ]
        )
    if game_number is None and len(table.games) > 1:
        raise Refused(
            [
                Problem(
                    "--game",
                    N_(
                        "table {table} has all its {needed} games; say which to correct with --game"
                    ),
                    {"table": table.number, "needed": len(table.games)},
                )
            ]
        )
    number = 1 if game_number is None else game_number
    if not 1 <= number <= len(table.games):
        raise Refused(
            [
                Problem(
                    "--game",
                    N_("table {table} has no game {game} to correct"),
                    {"table": table.number, "game": number},
                )
            ]
        )
    return table, number


@dataclass(frozen=True)
class Stored:
    """An event as the store holds it, for a change of one table's result: the core value,
    the event's key, and what the store keeps of that table beside it."""

    event: Event
    key: str
    versions: Mapping[int, int]
    """The version of each game entered at the table, by the game's number."""
    documents: Mapping[int, Mapping[str, object]]
    """Each game's result as stored (``store.results.game_document``), by the game's number."""
    cleared: Mapping[int, int]
    """The last version of each game whose result was cleared (so that a version read before
    the clear never fits the result entered after it)."""
    sheet: object = None
    """The score sheet in play at the table (its hands as stored); None: none."""
    reports: Sequence[object] = ()
    """The players' reports of the table waiting for the organiser, oldest first
    (``changes.selfreports.OpenReport``), where the change reads them."""


@dataclass(frozen=True)
class Entry:
    """A result as the desk, the CLI or the API gives it (players by id or name)."""

    round_number: int
    table_number: int
    scores: Mapping[str, int]
    turns: Mapping[str, int] | None = None
    game_number: int | None = None
    ended_by_time_limit: bool | None = None
    expected_version: int | None = None
    correct: bool = False
    closed_round: Mapping[str, object] | None = None
    record: GameRecord | None = None
    replace_sheet: bool = False


@dataclass(frozen=True)
class Audit:
    """What the audit trail keeps of a change."""

    action: str
    summary: str
    before: object = None
    after: object = None


@dataclass(frozen=True)
class Recorded:
    """A result as the store writes it: the event after it, the game (its number, its new
    version), whether the sheet in play ends, the result it replaced and the audit entry
    (``None``: the same result again, nothing to write)."""

    event: Event
    table: int
    number: int
    game: Game
    version: int
    drop_sheet: bool
    before: Mapping[str, object] | None
    audit: Audit | None


def result_document(number: int, game: Game, seats: tuple[EntrantId, ...]) -> dict[str, object]:
    """A game's result as the audit trail keeps it (``store.results.game_document``)."""
    doc: dict[str, object] = {
        "game": number,
        "scores": {c: game.scores[c] for c in seats if c in game.scores},
    }
    turns = game.turns or {}
    if any(c in turns for c in seats if c in game.scores):
        doc["turns"] = {c: turns[c] for c in seats if c in game.scores and c in turns}
    doc["ended_by_time_limit"] = game.ended_by_time_limit
    if game.record is not None:
        doc["hands"] = game.record.document()
    return doc


RESULT_IS_IN = N_(
    "table {table} already has a result for game {game}: {result}; a correction must name "
    "the version it replaces ({version})"
)
"""The refusal of a correction that does not say so; its parameters include ``current``,
the game's result as ``game_document`` gives it."""


SHEET_IN_PLAY = N_(
    "table {table} has a score sheet in play (hands written: {hands}; totals {totals}); a final "
    "score replaces it and discards those hands: enter it as a replacement of the sheet, or "
    "write the sheet on"
)
"""The refusal of a final score over a sheet in play that does not say it replaces it."""


def scores_text(doc: Mapping[str, object]) -> str:
    """A game's scores in one line: ``p1=34 p2=28 p3=12``."""
    scores = doc["scores"]
    assert isinstance(scores, Mapping)
    return " ".join(f"{c}={v}" for c, v in scores.items())


def record_result(stored: Stored, ruleset: RuleSet, settings: Settings, entry: Entry) -> Recorded:
    """One game's result entered or corrected, every rule of it decided here before anything
    is written: the round open (or the explicit correction), the players named, the limits,
    the game's number, the version the writer saw, a correction that says so, a score sheet in
    play replaced only on purpose (see ``store.results.record_result``)."""
    event, r = stored.event, entry.round_number
    table = open_table(
        event, stored.key, r, entry.table_number, closed_ok=entry.closed_round is not None
    )
    by_code, turns_by_code = read_scores(event, stored.key, table, entry.scores, entry.turns)
    number = game_number(table, entry.game_number, ruleset.games_per_table(r, settings))
    current = stored.versions.get(number, 0)
    if entry.expected_version is not None and current != entry.expected_version:
        # 0 stands for "no result yet": two people entering one table at once (said before
        # anything else of the result: the writer must look at it again first)
        raise Refused(
            [
                Problem(
                    "version",
                    N_(
                        "someone else changed this result meanwhile; look at it again before saving"
                    ),
                )
            ]
        )
    entered = enter_game(
        event,
        ruleset,
        settings,
        r,
        table,
        number,
        by_code,
        turns_by_code,
        entry.ended_by_time_limit,
        entry.record,
    )
    before = stored.documents.get(number)
    if before is not None and entered.unchanged:  # the same result again: nothing to write
        return Recorded(event, table.number, number, entered.game, current, False, before, None)
    # the sheet in play is the next game's: a correction of an earlier game leaves it alone
    stale = stored.sheet if before is None else None
    record = entry.record
    replaced = bool(stale) and (record is None or record.document() != stale)
    if replaced and not entry.replace_sheet:
        sheet = registry.get(ruleset.game).sheet
        assert sheet is not None  # only a game that keeps one has a sheet in play
        hands, _problems = sheet.parse(stale, "sheet")
        summed = sheet.totals(hands, table.seats, settings.scoring)
        names = {e.id: e.name for e in event.entrants}
        raise Refused(
            [
                Problem(
                    "replace_sheet",
                    SHEET_IN_PLAY,
                    {
                        "table": table.number,
                        "hands": len(hands.hands),
                        "totals": ", ".join(f"{names.get(c, c)} {summed[c]}" for c in table.seats),
                    },
                )
            ]
        )
    if before is not None and entry.expected_version is None and not entry.correct:
        raise Refused(
            [
                Problem(
                    "version",
                    RESULT_IS_IN,
                    {
                        "table": table.number,
                        "game": entered.number,
                        "result": scores_text(before),
                        "version": current,
                        "current": before,
                    },
                )
            ]
        )
    after: dict[str, object] = result_document(entered.number, entered.game, table.seats)
    if stale:  # a result entered by its final score ends the sheet in play: kept in the audit
        after = {**after, "sheet_in_play_dropped": stale}
    corrected = before is not None
    summary = (
        f"{'corrected' if corrected else 'entered'} round {r} table {table.number}"
        f" game {entered.number}"
    )
    if replaced:
        summary += f", replacing the score sheet in play ({len(stale)} hands discarded)"  # type: ignore[arg-type]
    if entry.closed_round is not None:
        summary += f" of the closed round ({entry.closed_round['summary']})"
        after = {**after, "closed_round": dict(entry.closed_round)}
    return Recorded(
        entered.event,
        table.number,
        entered.number,
        entered.game,
        current + 1 if corrected else stored.cleared.get(entered.number, 0) + 1,
        bool(stale),
        before,
        Audit("result.correct" if corrected else "result.enter", summary, before, after),
    )


@dataclass(frozen=True)
class Cleared:
    """The last result of a table taken back: the game's number, its result as stored (what
    ``clear_result`` returns) and the audit entry (where and which version: a result entered
    again goes on from it)."""

    number: int
    before: Mapping[str, object]
    audit: Audit


def clear_result(
    stored: Stored, round_number: int, table_number: int, game_number: int | None = None
) -> Cleared:
    """Take back the last result entered at a table (e.g. entered at the wrong table),
    refused where the round is closed, the table has none, or ``game_number`` is not the
    last game entered."""
    table = open_table(stored.event, stored.key, round_number, table_number)
    if not stored.documents:
        raise Refused(
            [Problem("TABLE", N_("table {table} has no result to clear"), {"table": table.number})]
        )
    last = max(stored.documents)
    if game_number is not None and game_number != last:
        raise Refused(
            [
                Problem(
                    "--game",
                    N_("only the last game entered ({game}) can be cleared"),
                    {"game": last},
                )
            ]
        )
    before = stored.documents[last]
    where = {"round": round_number, "table": table.number, "version": stored.versions[last]}
    return Cleared(
        last,
        before,
        Audit(
            "result.clear",
            f"cleared round {round_number} table {table.number} game {before['game']}",
            {**before, **where},
        ),
    )
