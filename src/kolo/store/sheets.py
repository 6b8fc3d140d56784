"""Score sheets: a table's game written hand by hand (games that keep one). The hands so far are kept on the
table (``Table.sheet``); the hand that ends the game makes the sheet the table's result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kolo.changes import sheets
from kolo.changes.common import refuse_if_closed
from kolo.changes.results import CLOSED, the_table
from kolo.core.problems import N_, InvalidInput
from kolo.store import models, reports
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.mapping import get_round, get_table, resolve_entrant, ruleset_of, to_core
from kolo.store.reports import submit_report
from kolo.store.results import entrant_ids, record_result


def _table(event: models.Event, round_number: int, table_number: int) -> models.Table:
    round_ = get_round(event, round_number)
    refuse_if_closed(round_.number, round_.closed, CLOSED, event=event.key)
    return get_table(round_, table_number)


def sheet_in_play(table: models.Table) -> sheets.Sheet:
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
    table = _table(event, round_number, table_number)
    table = models.Table.objects.select_for_update().get(pk=table.pk)
    ruleset, settings = ruleset_of(event)
    value = to_core(event)
    before = sheet_in_play(table)
    if expected_hands is not None and expected_hands != len(before.hands):
        raise InvalidInput.one(
            N_("someone else wrote on this sheet meanwhile; look at it again"),
            path="version",
        )
    out_code = resolve_entrant(event, out).code if out is not None else None
    written = sheets.write_hand(
        value,
        ruleset,
        settings,
        round_number,
        table.number,
        before,
        out_code,
        entrant_ids(event, pips, "--pips"),
    )
    hand = written.sheet.hands[-1]
    summary = (
        f"round {round_number} table {table.number}: hand {len(written.sheet.hands)} written, "
        + ("blocked" if hand.out is None else f"{hand.out} out")
    )
    # the sheet stays on the table while it is in play, or while the players confirm it
    finished_here = written.over and reporter is None
    table.sheet = None if finished_here else written.sheet.document()
    table.save(update_fields=["sheet"])
    write_audit(
        event,
        actor,
        "sheet.hand",
        summary + (", game over" if written.over else ""),
        before=_doc(before),
        after=_doc(written.sheet),
    )
    if finished_here:
        record_result(
            actor, event, round_number, table.number, written.totals, record=written.sheet
        )
    elif written.over:
        assert reporter is not None
        submit_report(actor, event, table, reporter, written.totals, hands=written.sheet.document())
    return written


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
    table = _table(event, round_number, table_number)
    table = models.Table.objects.select_for_update().get(pk=table.pk)
    ruleset, settings = ruleset_of(event)
    seats = the_table(to_core(event), round_number, table.number).seats
    before = sheet_in_play(table)
    written = sheets.take_back(ruleset, settings, before, seats, hand)
    table.sheet = written.sheet.document() if written.sheet.hands else None
    table.save(update_fields=["sheet"])
    for report in reports.open_reports(table):
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
    write_audit(
        event,
        actor,
        "sheet.undo",
        f"round {round_number} table {table.number}: hand {len(before.hands)} taken back",
        before=_doc(before),
        after=_doc(written.sheet),
    )
    return written


def _doc(sheet: sheets.Sheet) -> dict[str, Any]:
    return {"hands": sheet.document()}
