"""A player's report of a table's game (self-reporting, R-EVT-4), decided before anything is
written: the reporter seated, the players named, the limits, the game's number; and what it
does to the reports of the game still open (the same result confirms one; a different one
disputes the others; the reporter's own earlier one is withdrawn). The store writes what this
returns (``store.selfreports``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kolo.changes import results
from kolo.changes.common import Refused
from kolo.core.event import EntrantId, Event, Table
from kolo.core.problems import N_, Problem
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings

PENDING, CONFIRMED, DISPUTED, REJECTED = "pending", "confirmed", "disputed", "rejected"
"""A report's states (``store.models.SelfReport``) that a player's report changes."""
OPEN = (PENDING, CONFIRMED, DISPUTED)
"""A report in one of these states waits for the organiser."""

NEWER_RESULT = N_(
    "table {table} has a result entered after this report ({result}); compare the two on "
    "the round page and replace the result only if the report is right"
)
"""The refusal of a report accepted over a result entered after it, unseen."""
SETTLED = N_("this report is settled already")
"""The refusal of an answer to, or a decision on, a report already accepted or rejected."""


@dataclass(frozen=True)
class OpenReport:
    """A report of the game waiting for the organiser, as the store keeps it."""

    id: int
    game_number: int
    reporter: EntrantId
    status: str
    document: Mapping[str, object]
    """Its result in the form of ``store.loading.game_document``: scores, turns (where
    given), the time-limit mark."""
    confirmed_by: frozenset[EntrantId] = frozenset()
    disputed_by: frozenset[EntrantId] = frozenset()


@dataclass(frozen=True)
class Answer:
    """A report's state after a player's answer: who answered (agree: confirmed), the state
    before and after, and the audit entry."""

    report: int
    who: EntrantId
    agree: bool
    status: str
    audit: results.Audit


@dataclass(frozen=True)
class Reported:
    """A player's report decided: the game it is of, the report to keep (its document;
    ``None``: it confirms ``answers[0]``'s report, the same result), the reporter's own
    earlier reports withdrawn, the answers it gives the others, in order (each with its
    audit entry), and the audit entry of the new report (its ``report`` filled in by the
    store)."""

    game_number: int
    reporter: EntrantId
    document: Mapping[str, object] | None
    status: str
    withdrawn: tuple[tuple[int, results.Audit], ...]
    answers: tuple[Answer, ...]
    audit: results.Audit | None


def status(confirmed: int, disputed: int, seated: int) -> str:
    """A report's state: disputed by anyone, confirmed by all the others, else pending."""
    if disputed:
        return DISPUTED
    if confirmed >= seated - 1:
        return CONFIRMED
    return PENDING


def place_of(round_number: int, table_number: int, game_number: int) -> str:
    """Where a report's game is played, as the audit trail says it."""
    text = f"round {round_number} table {table_number}"
    return text if game_number == 1 else f"{text} game {game_number}"


def answer(
    report: OpenReport,
    who: EntrantId,
    names: Mapping[EntrantId, str],
    agree: bool,
    seated: int,
    place: str,
    why: str = "",
) -> Answer:
    """One player's answer to a report: once, and never to their own."""
    if who == report.reporter:
        raise Refused(
            [
                Problem(
                    "player",
                    N_(
                        "you reported this result: the others at the table confirm it, "
                        "or report again"
                    ),
                )
            ]
        )
    if agree and who in report.confirmed_by:
        raise Refused(
            [
                Problem(
                    "player", N_("{name} has confirmed this report already"), {"name": names[who]}
                )
            ]
        )
    if not agree and who in report.disputed_by:
        raise Refused(
            [Problem("player", N_("{name} has disputed this report already"), {"name": names[who]})]
        )
    confirmed = report.confirmed_by - {who} | ({who} if agree else set())
    disputed = report.disputed_by - {who} | (set() if agree else {who})
    after = status(len(confirmed), len(disputed), seated)
    summary = (
        f"{names[who]} {'confirmed' if agree else 'disputed'} the report of {place} "
        f"by {names[report.reporter]}{why}"
    )
    audit = results.Audit(
        "report.confirm" if agree else "report.dispute",
        summary,
        {"report": report.id, "status": report.status},
        {"report": report.id, "status": after},
    )
    return Answer(report.id, who, agree, after, audit)


def answer_self_report(
    report: OpenReport,
    who: EntrantId,
    seats: Sequence[EntrantId],
    names: Mapping[EntrantId, str],
    agree: bool,
    place: str,
) -> Answer:
    """A player at the table (``who``, of ``seats``) confirms the report or disputes it,
    refused where they do not sit there or the report is settled; then :func:`answer`."""
    if who not in seats:
        raise Refused([Problem("player", N_("choose who you are at this table"))])
    if report.status not in OPEN:
        raise Refused([Problem("report", SETTLED)])
    return answer(report, who, names, agree, len(seats), place)


def decide_self_report(
    report: OpenReport,
    accept: bool,
    table_number: int,
    current: Mapping[str, object] | None,
    expected_version: int | None,
) -> int | None:
    """The organiser accepts a report or rejects it, refused where it is settled already.
    Accepted, it replaces the game's result (``current``, as stored; None: none) only where
    the organiser saw it (``expected_version``): returns the version it replaces (None:
    nothing is replaced, the same result being in already), refused where a result entered
    after the report was not seen."""
    if report.status not in OPEN:
        raise Refused([Problem("report", SETTLED)])
    if not accept:
        return None
    if current is not None and _same(report.document, current):
        return None  # the result is in already: nothing is replaced
    if current is not None and not expected_version:
        raise Refused(
            [
                Problem(
                    "version",
                    NEWER_RESULT,
                    {"table": table_number, "result": results.scores_text(current)},
                )
            ]
        )
    return expected_version


def self_report_game(
    state: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table_number: int,
    reporter: EntrantId,
    scores: Mapping[str, int],
    turns: Mapping[str, int] | None,
    ended_by_time_limit: bool,
) -> Reported:
    """A player (``reporter``, an id) reports the table's next game by its final scores and
    turns (players named by id or name), refused where the reporter does not sit at the
    table or the scores cannot end a game; then :func:`decide`."""
    event, key = state.event, state.key
    table = _table(event, round_number, table_number)
    if reporter not in table.seats:
        raise Refused([Problem("reporter", N_("choose who you are at this table"))])
    by_code, turns_by_code = results.read_scores(event, key, table, scores, turns)
    if ruleset.ties_by_turns and turns_by_code is None:
        raise Refused([_TURNS(ruleset)])
    # a final score alone obeys the game's rules as a sheet does
    results.check_final_score(ruleset, settings, by_code, ended_by_time_limit)
    return decide(
        state,
        ruleset,
        settings,
        table,
        round_number,
        reporter,
        by_code,
        turns_by_code,
        ended_by_time_limit,
        None,
    )


def report_sheet(
    state: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    round_number: int,
    table: Table,
    reporter: EntrantId,
    totals: Mapping[EntrantId, int],
    hands: list[dict[str, object]],
) -> Reported:
    """A player (``reporter``, an id) reports the table's next game by its score sheet
    (``hands``, checked, whose ``totals`` by seat are its scores), refused where the reporter
    does not sit at the table; then :func:`decide`."""
    if reporter not in table.seats:
        raise Refused([Problem("reporter", N_("choose who you are at this table"))])
    if ruleset.ties_by_turns:
        raise Refused([_TURNS(ruleset)])
    return decide(
        state, ruleset, settings, table, round_number, reporter, dict(totals), None, False, hands
    )


def _TURNS(ruleset: RuleSet) -> Problem:  # noqa: N802 - a refusal's message, named as one
    return Problem(
        "--turns",
        N_("{ruleset} breaks ties by turns: give the turns of every player"),
        {"ruleset": ruleset.id},
    )


def _table(event: Event, round_number: int, table_number: int) -> Table:
    return next(
        t
        for r in event.rounds
        if r.number == round_number
        for t in r.tables
        if t.number == table_number
    )


def decide(
    state: results.Stored,
    ruleset: RuleSet,
    settings: Settings,
    table: Table,
    round_number: int,
    reporter: EntrantId,
    by_code: dict[EntrantId, int],
    turns_by_code: dict[EntrantId, int] | None,
    ended_by_time_limit: bool,
    hands: list[dict[str, object]] | None,
) -> Reported:
    """A report of the table's next game read and checked: refused where the table has all
    its results; else what it does to the game's open reports (``state.reports``). The same
    result as an open report confirms it; a different one is kept beside them (its reporter
    disputes the others), the reporter's own earlier report withdrawn."""
    game_number = len(table.games) + 1
    if game_number > ruleset.games_per_table(round_number, settings):
        raise Refused(
            [
                Problem(
                    "TABLE",
                    N_("table {table} has all its results; ask the organiser for a correction"),
                    {"table": table.number},
                )
            ]
        )
    doc: dict[str, object] = {"scores": by_code, "ended_by_time_limit": ended_by_time_limit}
    if turns_by_code:
        doc["turns"] = turns_by_code
    if hands is not None:
        doc["hands"] = hands
    names = {e.id: e.name for e in state.event.entrants}
    seated = len(table.seats)
    place = place_of(round_number, table.number, game_number)
    others = [
        r for r in state.reports if isinstance(r, OpenReport) and r.game_number == game_number
    ]
    same = next((r for r in others if _same(r.document, doc)), None)
    if same is not None:
        if same.reporter == reporter:
            raise Refused([Problem("reporter", N_("you have reported this result already"))])
        said = answer(same, reporter, names, True, seated, place, " (reported the same result)")
        return Reported(game_number, reporter, None, said.status, (), (said,), None)
    withdrawn: list[tuple[int, results.Audit]] = []
    answers: list[Answer] = []
    for other in others:
        if other.reporter == reporter:
            withdrawn.append(
                (
                    other.id,
                    results.Audit(
                        "report.withdraw",
                        f"{names[reporter]} replaced their report of {place} by a new one",
                        {"report": other.id, "status": "open", "scores": other.document["scores"]},
                        {"report": other.id, "status": REJECTED},
                    ),
                )
            )
        elif reporter not in other.disputed_by:
            answers.append(
                answer(
                    other, reporter, names, False, seated, place, " (reported a different result)"
                )
            )
    conflicts = sum(1 for o in others if o.reporter != reporter)
    audit = results.Audit(
        "report.submit",
        f"{names[reporter]} reported {place}"
        + (f" ({conflicts + 1} different reports now)" if conflicts else ""),
        None,
        {"scores": by_code, "turns": turns_by_code, "game": game_number},
    )
    return Reported(
        game_number, reporter, doc, status(0, 0, seated), tuple(withdrawn), tuple(answers), audit
    )


def _same(mine: Mapping[str, object], doc: Mapping[str, object]) -> bool:
    return (
        mine["scores"] == doc["scores"]
        and mine.get("turns") == doc.get("turns")
        and mine["ended_by_time_limit"] == doc["ended_by_time_limit"]
    )
