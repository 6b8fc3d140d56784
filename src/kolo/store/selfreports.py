"""Self-reporting in the store: a player reports a table's game with the table's code, the
others at the table confirm or dispute it, the organiser accepts one report.

Nothing is overwritten silently. Two different reports of one game are both kept (the
second reporter disputes the first) and the desk shows them side by side; the same result
reported again counts as a confirmation. Each player answers a report once and never
their own. A report accepted after a result was entered for its game replaces that result
only when the organiser names the version they saw (``expected_version``), having been
shown both. Every change of a report's state is in the audit trail.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from kolo.changes import results, sheets
from kolo.changes import selfreports as changes
from kolo.changes.results import Audit
from kolo.store import loading, models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.loading import game_document, open_report, stored_table
from kolo.store.results import write_result

OPEN = loading.OPEN
"""A report in one of these states waits for the organiser."""

NEWER_RESULT = changes.NEWER_RESULT


def table_by_code(event: models.Event, code: str) -> models.Table | None:
    """The table of the event's open, accepted round with this code."""
    cleaned = "".join(code.split()).upper()
    if not cleaned:
        return None
    return (
        models.Table.objects.filter(
            round__event=event, round__closed=False, round__accepted=True, code=cleaned
        )
        .select_related("round")
        .first()
    )


def open_self_reports(table: models.Table) -> list[models.SelfReport]:
    """The table's reports waiting for the organiser, oldest first."""
    return list(
        table.reports.filter(status__in=OPEN)
        .select_related("reported_by")
        .prefetch_related("confirmed_by", "disputed_by")
    )


def _seated(table: models.Table) -> dict[str, models.Entrant]:
    return {s.entrant.code: s.entrant for s in table.seats.select_related("entrant")}


def _where(report: models.SelfReport) -> str:
    return changes.place_of(report.table.round.number, report.table.number, report.game_number)


def _write_answer(event: models.Event, said: changes.Answer) -> models.SelfReport:
    """Write one player's answer to a report: their mark and the report's state."""
    report = models.SelfReport.objects.get(pk=said.report)
    entrant = event.entrants.get(code=said.who)
    if said.agree:
        report.disputed_by.remove(entrant)
        report.confirmed_by.add(entrant)
    else:
        report.confirmed_by.remove(entrant)
        report.disputed_by.add(entrant)
    report.status = said.status
    report.save(update_fields=["status"])
    return report


def write_report(
    event: models.Event, table: models.Table, reported: changes.Reported
) -> tuple[models.SelfReport, list[Audit]]:
    """Write what a player's report decided (``changes.selfreports.decide``): the reporter's
    earlier reports withdrawn, the answers to the others, the new report (or the one the same
    result confirms); returns the report and the audit entries to write, in order."""
    if reported.document is None:
        said = reported.answers[0]
        return _write_answer(event, said), [said.audit]
    audits = []
    for pk, audit in reported.withdrawn:
        models.SelfReport.objects.filter(pk=pk).update(status=models.SelfReport.REJECTED)
        audits.append(audit)
    for said in reported.answers:
        _write_answer(event, said)
        audits.append(said.audit)
    doc = reported.document
    report = models.SelfReport.objects.create(
        table=table,
        game_number=reported.game_number,
        scores=doc["scores"],
        turns=doc.get("turns"),
        ended_by_time_limit=doc["ended_by_time_limit"],
        hands=doc.get("hands"),
        reported_by=event.entrants.get(code=reported.reporter),
        status=reported.status,
    )
    assert reported.audit is not None
    assert isinstance(reported.audit.after, dict)
    audits.append(replace(reported.audit, after={"report": report.pk, **reported.audit.after}))
    return report, audits


def write_audits(event: models.Event, actor: Actor, audits: list[Audit]) -> None:
    """The audit entries of a change, in order."""
    for audit in audits:
        write_audit(
            event, actor, audit.action, audit.summary, before=audit.before, after=audit.after
        )


def self_report_game(
    actor: Actor,
    event: models.Event,
    table: models.Table,
    reporter: str,
    scores: Mapping[str, int],
    *,
    turns: Mapping[str, int] | None = None,
    ended_by_time_limit: bool = False,
) -> models.SelfReport:
    """A player reports the table's next game; it waits for the others' confirmation.

    The same result as an open report confirms that report; a different one is kept next
    to it (its reporter disputes the others), and the reporter's own earlier report is
    withdrawn: decided by the pure ``changes.selfreports.self_report_game`` on the event read once,
    then written. Runs inside the caller's transaction (:func:`submit_self_report` is its own).
    """
    event = lock_event(event)
    table = models.Table.objects.select_related("round").get(pk=table.pk)
    state, ruleset, settings = stored_table(
        event, table.round.number, table.number, with_reports=True
    )
    reported = changes.self_report_game(
        state,
        ruleset,
        settings,
        table.round.number,
        table.number,
        reporter,
        scores,
        turns,
        ended_by_time_limit,
    )
    report, audits = write_report(event, table, reported)
    write_audits(event, actor, audits)
    return report


submit_self_report = atomic(self_report_game)
"""A player reports the table's next game (:func:`self_report_game`) in its own transaction."""


@atomic
def answer_self_report(
    actor: Actor, event: models.Event, report: models.SelfReport, player: str, agree: bool
) -> models.SelfReport:
    """Another player at the table confirms the report, or disputes it: once each."""
    event = lock_event(event)
    report = (
        models.SelfReport.objects.select_for_update()
        .select_related("table__round", "reported_by")
        .get(pk=report.pk)
    )
    said = changes.answer_self_report(
        open_report(report),
        player,
        list(_seated(report.table)),
        {e.code: e.name for e in event.entrants.all()},
        agree,
        _where(report),
    )
    answered = _write_answer(event, said)
    write_audits(event, actor, [said.audit])
    return answered


@atomic
def decide_self_report(
    actor: Actor,
    event: models.Event,
    report: models.SelfReport,
    accept: bool,
    *,
    expected_version: int | None = None,
) -> models.SelfReport:
    """The organiser accepts a report (it becomes the table's result) or rejects it.

    ``expected_version`` is the version of the game's result the organiser saw next to
    the report (0: none). A result entered after the report is replaced only when it
    is the one the organiser saw; the other open reports of the game are rejected.
    """
    event = lock_event(event)
    report = (
        models.SelfReport.objects.select_for_update()
        .select_related("table__round", "reported_by")
        .get(pk=report.pk)
    )
    before = report.status
    game = report.table.games.filter(number=report.game_number).first() if accept else None
    expected_version = changes.decide_self_report(
        open_report(report),
        accept,
        report.table.number,
        game_document(game) if game is not None else None,
        expected_version,
    )
    if accept:
        round_number = report.table.round.number
        stored, ruleset, settings = stored_table(event, round_number, report.table.number)
        entry = results.Entry(
            round_number,
            report.table.number,
            report.scores,
            report.turns,
            report.game_number,
            report.ended_by_time_limit,
            expected_version,
            record=sheets.stored(report.hands) if report.hands is not None else None,
            # the organiser chose this report over the sheet the players wrote
            replace_sheet=True,
        )
        change = results.record_result(stored, ruleset, settings, entry)
        by = replace(actor, who=f"{actor.who} (self-report by {report.reported_by.name})")
        write_result(by, event, round_number, change)
        if report.hands is not None:
            models.Table.objects.filter(pk=report.table.pk).update(sheet=None)
    report.status = models.SelfReport.ACCEPTED if accept else models.SelfReport.REJECTED
    report.save(update_fields=["status"])
    write_audit(
        event,
        actor,
        "report.accept" if accept else "report.reject",
        f"{'accepted' if accept else 'rejected'} the report of {_where(report)} "
        f"by {report.reported_by.name}",
        before={"report": report.pk, "status": before},
        after={"report": report.pk, "status": report.status, "scores": report.scores},
    )
    if accept:
        rest = report.table.reports.select_for_update().filter(
            game_number=report.game_number, status__in=OPEN
        )
        for other in rest.select_related("reported_by"):
            previous = other.status
            other.status = models.SelfReport.REJECTED
            other.save(update_fields=["status"])
            write_audit(
                event,
                actor,
                "report.reject",
                f"rejected the report of {_where(other)} by {other.reported_by.name}: "
                "another report of the game was accepted",
                before={"report": other.pk, "status": previous},
                after={"report": other.pk, "status": other.status},
            )
    return report
