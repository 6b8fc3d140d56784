"""Results: a table's game entered, corrected or cleared, with the version it replaces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kolo.changes import results
from kolo.core import event as core
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.loading import stored_table


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

    The event is read once; the pure ``kolo.changes.results.record_result`` makes every rule
    of the change (or refuses it) before anything is written; then the game's rows and the
    audit entry are written. A correction keeps the old and the new result in the audit trail;
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
    stored, ruleset, settings = stored_table(event, round_number, table_number)
    entry = results.Entry(
        round_number,
        table_number,
        scores,
        turns,
        game_number,
        ended_by_time_limit,
        expected_version,
        correct,
        closed_round,
        record,
        replace_sheet,
    )
    change = results.record_result(stored, ruleset, settings, entry)
    return write_result(actor, event, round_number, change)


def write_result(
    actor: Actor, event: models.Event, round_number: int, change: results.Recorded
) -> tuple[models.Game, dict[str, Any] | None]:
    """Write what the pure ``changes.results.record_result`` decided, in the caller's
    transaction (never one of its own): the game's rows, then the audit entry; returns the
    game and the result it replaced."""
    game = write_game(event, round_number, change)
    if change.audit is not None:
        write_audit(
            event,
            actor,
            change.audit.action,
            change.audit.summary,
            before=change.audit.before,
            after=change.audit.after,
        )
    return game, None if change.before is None else dict(change.before)


def write_game(event: models.Event, round_number: int, change: results.Recorded) -> models.Game:
    """Write the difference a result makes: the game's row and its scores at that table (and
    the sheet in play dropped); the same result again writes nothing."""
    table = models.Table.objects.get(
        round__event=event, round__number=round_number, number=change.table
    )
    if change.audit is None:
        return table.games.get(number=change.number)
    new = change.game
    hands = new.record.document() if new.record is not None else None
    game, _ = models.Game.objects.update_or_create(
        table=table,
        number=change.number,
        defaults={
            "ended_by_time_limit": new.ended_by_time_limit,
            "hands": hands,
            "version": change.version,
        },
    )
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
    if change.drop_sheet:
        models.Table.objects.filter(pk=table.pk).update(sheet=None)
    return game


@atomic
def clear_result(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    game_number: int | None = None,
) -> dict[str, Any]:
    """Take back the last result entered at a table (e.g. entered at the wrong table): the
    pure ``kolo.changes.results.clear_result`` decides, the store deletes the game and writes
    the audit entry."""
    event = lock_event(event)
    stored, _ruleset, _settings = stored_table(event, round_number, table_number)
    cleared = results.clear_result(stored, round_number, table_number, game_number)
    models.Game.objects.filter(
        table__round__event=event,
        table__round__number=round_number,
        table__number=table_number,
        number=cleared.number,
    ).delete()
    audit = cleared.audit
    write_audit(event, actor, audit.action, audit.summary, before=audit.before)
    return dict(cleared.before)
