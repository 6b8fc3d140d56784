"""Results: a table's game entered, corrected or cleared, with the version it replaces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kolo.changes.common import refuse_if_closed
from kolo.changes.results import CLOSED, enter_result, read_game, the_table
from kolo.changes.results import game_number as which_game
from kolo.core import event as core
from kolo.core.problems import N_, InvalidInput
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.mapping import get_round, get_table, resolve_entrant, ruleset_of, to_core


def game_document(game: models.Game) -> dict[str, Any]:
    scores = {s.entrant.code: s for s in game.scores.select_related("entrant")}
    seats = [s.entrant.code for s in game.table.seats.select_related("entrant")]
    doc: dict[str, Any] = {
        "game": game.number,
        "scores": {c: scores[c].points for c in seats if c in scores},
    }
    turns = {c: scores[c].turns for c in seats if c in scores and scores[c].turns is not None}
    if turns:
        doc["turns"] = turns
    doc["ended_by_time_limit"] = game.ended_by_time_limit
    if game.hands is not None:
        doc["hands"] = game.hands
    return doc


def _open_table(
    event: models.Event, round_number: int, table_number: int, *, closed_ok: bool = False
) -> models.Table:
    round_ = get_round(event, round_number)
    if not closed_ok:
        refuse_if_closed(round_.number, round_.closed, CLOSED, event=event.key)
    return get_table(round_, table_number)


def entrant_ids(event: models.Event, values: Mapping[str, int], what: str) -> dict[str, int]:
    """``values`` by entrant id, each named by id or by name (any letter case)."""
    result: dict[str, int] = {}
    for ref, value in values.items():
        entrant = resolve_entrant(event, ref)
        if entrant.code in result:
            raise InvalidInput.one(N_("'{name}' is given twice"), path=what, name=entrant.name)
        result[entrant.code] = value
    return result


def read_scores(
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    turns: Mapping[str, int] | None,
) -> tuple[core.Event, dict[str, int], dict[str, int] | None]:
    """The event as the core sees it, and a table's scores and turns as entered (players named
    by id or name) checked against who sits there and the limits (``kolo.changes``)."""
    value = to_core(event)
    table = the_table(value, round_number, table_number)
    by_code, turns_by_code = read_game(
        value,
        table,
        entrant_ids(event, scores, "SCORES"),
        entrant_ids(event, turns, "--turns") if turns else None,
    )
    return value, by_code, turns_by_code


@atomic
def record_result(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None = None,
    game_number: int | None = None,
    ended_by_time_limit: bool | None = None,
    expected_version: int | None = None,
    correct: bool = False,
    closed_round: Mapping[str, Any] | None = None,
    record: core.GameRecord | None = None,
    replace_sheet: bool = False,
) -> tuple[models.Game, dict[str, Any] | None]:
    """Enter or correct one game's result; returns the game and the result it replaced
    (``None`` for a new result; equal to the game's result when nothing changed).

    The rules of the change are ``kolo.changes.results.enter_result``, decided before
    anything is written. A correction keeps the old and the new result in the audit trail;
    turns and the time-limit mark not given again stay as they were. With
    ``expected_version`` (the version the writer saw; 0 for "no result yet"), a game changed
    meanwhile by someone else is refused instead of silently overwritten. A different result
    for a game that has one is a correction: it needs ``expected_version`` or ``correct``
    (the writer was shown what it replaces), else it is refused with ``RESULT_IS_IN``.

    ``closed_round`` (from ``kolo.store.corrections``, R-EVT-3's explicit correction) lets a
    result of a closed round be corrected; it is what the correction changes, kept in the
    audit entry.

    A table whose score sheet is in play (hands written but the game not over) takes
    a final score only as an explicit replacement of the sheet (``replace_sheet``): else it is
    refused with ``SHEET_IN_PLAY``, saying what it would discard (the audit entry keeps the
    discarded hands).
    """
    event = lock_event(event)
    table = _open_table(event, round_number, table_number, closed_ok=closed_round is not None)
    ruleset, settings = ruleset_of(event)
    value, by_code, turns_by_code = read_scores(event, round_number, table.number, scores, turns)
    number = which_game(
        the_table(value, round_number, table.number),
        game_number,
        ruleset.games_per_table(round_number, settings),
    )
    game = table.games.select_for_update().filter(number=number).first()
    before = game_document(game) if game is not None else None
    current_version = game.version if game is not None else 0
    if expected_version is not None and current_version != expected_version:
        # 0 stands for "no result yet": two people entering one table at once (said before
        # anything else of the result: the writer must look at it again first)
        raise InvalidInput.one(
            N_("someone else changed this result meanwhile; look at it again before saving"),
            path="version",
        )
    entered = enter_result(
        value,
        ruleset,
        settings,
        round_number,
        table.number,
        by_code,
        turns=turns_by_code,
        number=number,
        ended_by_time_limit=ended_by_time_limit,
        record=record,
    )
    if game is not None and entered.unchanged:
        return game, before  # the same result again: nothing to change or record
    # the sheet in play is the next game's: a correction of an earlier game leaves it alone
    in_play = (
        models.Table.objects.filter(pk=table.pk).values_list("sheet", flat=True).first()
        if game is None
        else None
    )
    if in_play and not replace_sheet and (record is None or record.document() != in_play):
        refuse_sheet_in_play(value, ruleset.game, settings.scoring, table, in_play)
    if before is not None and expected_version is None and not correct:
        raise InvalidInput.one(
            RESULT_IS_IN,
            path="version",
            table=table.number,
            game=entered.number,
            result=scores_text(before),
            version=current_version,
            current=before,
        )
    new = entered.game
    hands = new.record.document() if new.record is not None else None
    if game is None:
        game = models.Game.objects.create(
            table=table,
            number=entered.number,
            ended_by_time_limit=new.ended_by_time_limit,
            hands=hands,
            version=_cleared_version(event, round_number, table.number, entered.number) + 1,
        )
    else:
        game.ended_by_time_limit = new.ended_by_time_limit
        game.hands = hands
        game.version += 1
        game.save(update_fields=["ended_by_time_limit", "hands", "version"])
        game.scores.all().delete()
    entrants = {s.entrant.code: s.entrant for s in table.seats.select_related("entrant")}
    models.Score.objects.bulk_create(
        models.Score(
            game=game,
            entrant=entrants[code],
            points=points,
            turns=new.turns.get(code) if new.turns else None,
        )
        for code, points in new.scores.items()
    )
    after = game_document(game)
    corrected = before is not None
    stale = in_play
    if stale:  # a result entered by its final score ends the sheet in play: kept in the audit
        models.Table.objects.filter(pk=table.pk).update(sheet=None)
        after = {**after, "sheet_in_play_dropped": stale}
    summary = (
        f"{'corrected' if corrected else 'entered'} round {round_number} table {table.number}"
        f" game {entered.number}"
    )
    if stale and (record is None or record.document() != stale):
        summary += f", replacing the score sheet in play ({len(stale)} hands discarded)"
    if closed_round is not None:
        summary += f" of the closed round ({closed_round['summary']})"
        after = {**after, "closed_round": dict(closed_round)}
    write_audit(
        event,
        actor,
        "result.correct" if corrected else "result.enter",
        summary,
        before=before,
        after=after,
    )
    return game, before


SHEET_IN_PLAY = N_(
    "table {table} has a score sheet in play (hands written: {hands}; totals {totals}); a final "
    "score replaces it and discards those hands: enter it as a replacement of the sheet, or "
    "write the sheet on"
)
"""The refusal of a final score over a sheet in play that does not say it replaces it."""


def refuse_sheet_in_play(
    value: core.Event, game: str, scoring: str, table: models.Table, hands: Any
) -> None:
    """Refuse a final score over the sheet in play (``hands``), saying what it discards."""
    from kolo.changes.sheets import stored
    from kolo.games.domino.sheet import totals

    sheet = stored(hands)
    seats = the_table(value, table.round.number, table.number).seats
    names = {e.id: e.name for e in value.entrants}
    summed = totals(game, sheet, seats, scoring)
    raise InvalidInput.one(
        SHEET_IN_PLAY,
        path="replace_sheet",
        table=table.number,
        hands=len(sheet.hands),
        totals=", ".join(f"{names.get(c, c)} {summed[c]}" for c in seats),
    )


RESULT_IS_IN = N_(
    "table {table} already has a result for game {game}: {result}; a correction must name "
    "the version it replaces ({version})"
)
"""The refusal of a correction that does not say so; its parameters include ``current``,
the game's result as ``game_document`` gives it."""


def scores_text(doc: Mapping[str, Any]) -> str:
    """A game's scores in one line: ``p1=34 p2=28 p3=12``."""
    return " ".join(f"{c}={v}" for c, v in doc["scores"].items())


@atomic
def clear_result(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    game_number: int | None = None,
) -> dict[str, Any]:
    """Take back the last result entered at a table (e.g. entered at the wrong table)."""
    event = lock_event(event)
    table = _open_table(event, round_number, table_number)
    last = table.games.last()
    if last is None:
        raise InvalidInput.one(
            N_("table {table} has no result to clear"), path="TABLE", table=table.number
        )
    if game_number is not None and game_number != last.number:
        raise InvalidInput.one(
            N_("only the last game entered ({game}) can be cleared"),
            path="--game",
            game=last.number,
        )
    before = game_document(last)
    last.delete()
    write_audit(
        event,
        actor,
        "result.clear",
        f"cleared round {round_number} table {table.number} game {before['game']}",
        # where and which version: a result entered again goes on from it
        before={**before, "round": round_number, "table": table.number, "version": last.version},
    )
    return before


def _cleared_version(event: models.Event, round_number: int, table_number: int, game: int) -> int:
    """The last version of this game before its result was cleared (0: never cleared), so
    that a version read before the clear never fits the result entered after it."""
    cleared = models.AuditEntry.objects.filter(
        event=event,
        action="result.clear",
        before__round=round_number,
        before__table=table_number,
        before__game=game,
    )
    return max((int(e.before.get("version", 0)) for e in cleared), default=0)
