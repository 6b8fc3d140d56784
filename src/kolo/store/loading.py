"""Reading a stored event as a core value in a few flat queries; and what a change of one
table reads (``stored_table``).

``store.to_core`` used to walk the rows through prefetched model instances (about three
thousand for a 100-player event in its sixth round, most of a page's rendering time and of
a result's writing time). Here each kind of row is one query of plain tuples, put
together in Python; the value is the same, in the same order.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from kolo.changes import results, selfreports
from kolo.core import event as core
from kolo.core.problems import InvalidInput
from kolo.core.settings import Settings
from kolo.eventfile.setups import read_setup
from kolo.games import registry, rulesets
from kolo.store import models

OPEN = (models.SelfReport.PENDING, models.SelfReport.CONFIRMED, models.SelfReport.DISPUTED)
"""A player's report in one of these states waits for the organiser."""


def core_event(event: models.Event) -> core.Event:
    """The stored event as a core value (what standings, pairing and export read)."""
    entrants = tuple(
        core.Entrant(code, name, club, dropped, player, members_of(members))
        for code, name, club, dropped, player, members in event.entrants.order_by(
            "position", "id"
        ).values_list("code", "name", "club", "dropped_after_round", "player", "members")
    )
    rounds = list(
        models.Round.objects.filter(event=event)
        .order_by("number", "id")
        .values_list("id", "number", "seed", "stage", "closed")
    )
    byes: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for round_id, position, code in models.Round.byes.through.objects.filter(
        round__event=event
    ).values_list("round_id", "entrant__position", "entrant__code"):
        byes[round_id].append((position, code))
    seats: dict[int, list[str]] = defaultdict(list)
    for table_id, code in (
        models.Seat.objects.filter(round__event=event)
        .order_by("position", "id")
        .values_list("table_id", "entrant__code")
    ):
        seats[table_id].append(code)
    scores: dict[int, list[tuple[str, int, int | None]]] = defaultdict(list)
    for game_id, code, points, turns in (
        models.Score.objects.filter(game__table__round__event=event)
        .order_by("id")
        .values_list("game_id", "entrant__code", "points", "turns")
    ):
        scores[game_id].append((code, points, turns))
    games: dict[int, list[core.Game]] = defaultdict(list)
    for game_id, table_id, time_limit, game_seats, hands in (
        models.Game.objects.filter(table__round__event=event)
        .order_by("number", "id")
        .values_list("id", "table_id", "ended_by_time_limit", "seats", "hands")
    ):
        game = _game(scores[game_id], time_limit, game_seats)
        if hands is not None:
            game = replace(game, record=game_record(event, hands))
        games[table_id].append(game)
    tables: dict[int, list[core.Table]] = defaultdict(list)
    ruleset = event.ruleset
    for table_id, round_id, number, setup, group in (
        models.Table.objects.filter(round__event=event)
        .order_by("number", "id")
        .values_list("id", "round_id", "number", "setup", "group")
    ):
        tables[round_id].append(
            core.Table(
                number=number,
                seats=tuple(seats[table_id]),
                games=tuple(games[table_id]),
                setup=table_setup(ruleset, setup),
                group=group,
            )
        )
    return core.Event(
        name=event.name,
        ruleset=event.ruleset,
        settings=dict(event.settings),
        entrants=entrants,
        rounds=tuple(
            core.Round(
                number=number,
                seed=seed,
                byes=tuple(code for _, code in sorted(byes[round_id], key=lambda b: b[0])),
                tables=tuple(tables[round_id]),
                stage=stage,
                closed=closed,
            )
            for round_id, number, seed, stage, closed in rounds
        ),
    )


def _game(stored: list[tuple[str, int, int | None]], time_limit: bool, seats: Any) -> core.Game:
    turns = {code: t for code, _, t in stored if t is not None}
    return core.Game(
        scores={code: points for code, points, _ in stored},
        turns=turns if len(turns) == len(stored) and stored else None,
        ended_by_time_limit=time_limit,
        seats=tuple(seats) if seats else None,
    )


def members_of(document: Any) -> tuple[core.Member, ...]:
    """A team's stored members (the JSON of ``Entrant.members``) as core values."""
    return tuple(core.Member(m["name"], m.get("player")) for m in document or ())


def game_record(event: models.Event, document: Any) -> core.GameRecord | None:
    """A game's stored score sheet (the JSON of ``Game.hands``) as the typed value of the rule
    set's game. It was checked when it was written, under the settings then (which cannot
    change after): read, not checked again; a problem here is an error."""
    game = registry.get(rulesets.get(event.ruleset).game)
    if game.parse_record is None:
        return None
    record, problems = game.parse_record(document, "hands")
    if problems:
        raise InvalidInput(problems)
    return record


def table_setup(ruleset: str, document: Any) -> core.TableSetup | None:
    """A table's stored setup (the JSON of ``Table.setup``) as the typed value of the rule
    set's game. It was checked when it was written: a problem here is an error."""
    if document is None:
        return None
    setup, problems = read_setup(ruleset, document, "setup")
    if problems:
        raise InvalidInput(problems)
    return setup


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


def report_document(report: models.SelfReport) -> dict[str, Any]:
    """A player's report in the form of ``game_document``, to compare with a game's result."""
    doc: dict[str, Any] = {"game": report.game_number, "scores": dict(report.scores)}
    if report.turns:
        doc["turns"] = dict(report.turns)
    doc["ended_by_time_limit"] = report.ended_by_time_limit
    return doc


def open_report(report: models.SelfReport) -> selfreports.OpenReport:
    """A report waiting for the organiser, as the pure change reads it."""
    return selfreports.OpenReport(
        report.pk,
        report.game_number,
        report.reported_by.code,
        report.status,
        report_document(report),
        frozenset(e.code for e in report.confirmed_by.all()),
        frozenset(e.code for e in report.disputed_by.all()),
    )


def stored_table(
    event: models.Event, round_number: int, table_number: int, *, with_reports: bool = False
) -> tuple[results.Stored, rulesets.RuleSet, Settings]:
    """The event as a core value and what the store keeps of one of its tables beside it
    (the games' versions and stored results, the versions of results cleared, the sheet in
    play, and ``with_reports`` the players' reports waiting for the organiser, locked), with
    the event's rule set and the settings in force: what a change of that table reads, read
    once (the event first, then its rules)."""
    games = models.Game.objects.filter(
        table__round__event=event, table__round__number=round_number, table__number=table_number
    )
    cleared: dict[int, int] = {}
    for entry in models.AuditEntry.objects.filter(
        event=event,
        action="result.clear",
        before__round=round_number,
        before__table=table_number,
    ):
        number = int(entry.before["game"])
        cleared[number] = max(cleared.get(number, 0), int(entry.before.get("version", 0)))
    sheet = (
        models.Table.objects.filter(
            round__event=event, round__number=round_number, number=table_number
        )
        .values_list("sheet", flat=True)
        .first()
    )
    waiting = (
        models.SelfReport.objects.select_for_update()
        .filter(
            table__round__event=event,
            table__round__number=round_number,
            table__number=table_number,
            status__in=OPEN,
        )
        .select_related("reported_by")
        .prefetch_related("confirmed_by", "disputed_by")
        if with_reports
        else ()
    )
    stored = results.Stored(
        core_event(event),
        event.key,
        {g.number: g.version for g in games},
        {g.number: game_document(g) for g in games},
        cleared,
        sheet,
        tuple(open_report(r) for r in waiting),
    )
    ruleset = rulesets.get(event.ruleset)
    return stored, ruleset, ruleset.settings(event.settings)
