"""Score sheets: a table's game written hand by hand (games that keep one). The hands so far
are kept on the table (``Table.sheet``); the hand that ends the game makes the sheet the
table's result. The rules are the pure ``kolo.changes.sheets``; here the event is read once and
what they return is written, in one transaction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kolo.changes import sheets
from kolo.store import models, selfreports
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.loading import stored_table
from kolo.store.results import write_game
from kolo.store.selfreports import write_audits, write_report


def sheet_in_play(table: models.Table) -> Any:
    """The hands written so far of the table's game in play (none: an empty sheet)."""
    return sheets.stored(table.sheet)


@atomic
def write_hand(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    out: str | None,
    pips: Mapping[str, int],
    *,
    expected_hands: int | None = None,
    reporter: str | None = None,
) -> sheets.Written:
    """Write one hand on a table's sheet: who went out (an id or a name; None: blocked) and the
    pips left by team or player. With ``expected_hands`` (the hands the writer saw), a sheet
    written on meanwhile by someone else is refused instead of getting the hand twice. The
    hand that ends the game enters the sheet as the table's result (its totals the scores) —
    or, written by a player at the table (``reporter``, self-reporting, R-EVT-4), reports it
    for the others to confirm, the sheet kept until the organiser accepts it."""
    event = lock_event(event)
    stored, ruleset, settings = stored_table(
        event, round_number, table_number, with_reports=reporter is not None
    )
    change = sheets.write_hand(
        stored,
        ruleset,
        settings,
        round_number,
        table_number,
        out,
        pips,
        expected_hands=expected_hands,
        reporter=reporter,
    )
    table = models.Table.objects.get(
        round__event=event, round__number=round_number, number=table_number
    )
    table.sheet = change.kept
    table.save(update_fields=["sheet"])
    audits = [change.audit]
    if change.result is not None:
        write_game(event, round_number, change.result)
        audits += [] if change.result.audit is None else [change.result.audit]
    if change.report is not None:
        audits += write_report(event, table, change.report)[1]
    write_audits(event, actor, audits)
    return change.written


@atomic
def take_back_hand(
    actor: Actor,
    event: models.Event,
    round_number: int,
    table_number: int,
    *,
    hand: int | None = None,
) -> sheets.Written:
    """Take back the last hand written on a table's sheet of the game in play. ``hand`` (the
    number of the hand the writer saw last) is refused when it is no longer the last one."""
    event = lock_event(event)
    stored, ruleset, settings = stored_table(event, round_number, table_number)
    change = sheets.take_back(stored, ruleset, settings, round_number, table_number, hand)
    table = models.Table.objects.get(
        round__event=event, round__number=round_number, number=table_number
    )
    table.sheet = change.kept
    table.save(update_fields=["sheet"])
    for report in selfreports.open_self_reports(table):
        if report.hands is not None:  # the sheet it reported is changed: it is void
            report.status = models.SelfReport.REJECTED
            report.save(update_fields=["status"])
            write_audit(
                event,
                actor,
                "report.withdraw",
                f"the report of round {round_number} table {table.number} is void: "
                "a hand of its sheet was taken back",
                before={"report": report.pk, "status": "open", "scores": report.scores},
                after={"report": report.pk, "status": report.status},
            )
    write_audits(event, actor, [change.audit])
    return change.written
