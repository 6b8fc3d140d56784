"""Rounds: seated (by hand or by the engine), swapped, closed, reopened, undone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from kolo.changes.common import Refused, allow_override, check_whole, refuse_if_closed, the_round
from kolo.core import elimination, knockout
from kolo.core.event import PLAYOFF, EntrantId, Event, Round, Table
from kolo.core.problems import N_, InvalidInput, NoValidPairing, Problem
from kolo.core.rulesets import RuleSet
from kolo.core.settings import Settings
from kolo.core.standings import tables_missing_results
from kolo.pairing.checker import check_pairing_rules, check_seating

T = TypeVar("T")


@dataclass(frozen=True)
class Changed:
    """An event after a change, and the pairing rules a reason overrode for it."""

    event: Event
    overridden: tuple[Problem, ...] = ()


def knockout_stage(event: Event, ruleset: RuleSet, settings: Settings, tables: int) -> str | None:
    """The stage of the next round of a knockout event (None in Swiss-style events)."""
    fmt = knockout.format_of(ruleset, settings)
    if fmt is None:
        swiss = sum(1 for r in event.rounds if r.stage != elimination.PLAYOFF)
        if settings.playoff != "none" and swiss >= settings.rounds:
            return elimination.PLAYOFF  # the bracket after the Swiss rounds (R-DOMINO-11)
        return None
    if fmt.groups and not event.rounds:
        return knockout.GROUP
    try:
        return knockout.plan_next(event, ruleset, settings, ratings={}).stage
    except (InvalidInput, NoValidPairing):
        return knockout.stage_name(tables)


def refuse_next_round(
    event: Event,
    *,
    key: str = "",
    limit: int | None = None,
    path: str = "ROUND",
    rounds_close: bool = True,
) -> int:
    """The number of the next round to seat, refused while the last round is still open (a
    stored event's rounds close, R-EVT-3; an event file's do not: ``rounds_close`` false)
    or once the rule set's ``limit`` of rounds is played. ``key`` names the event."""
    last = event.rounds[-1] if event.rounds else None
    if rounds_close and last is not None and not last.closed:
        raise InvalidInput.one(
            N_("round {number} is still open; close it first (kolo round close {event})"),
            path=path,
            number=last.number,
            event=key,
        )
    if limit is not None and len(event.rounds) >= limit:
        raise InvalidInput.one(
            N_("all {rounds} rounds are played (change the setting 'rounds' to play more)"),
            path=path,
            rounds=limit,
        )
    return len(event.rounds) + 1


def seat_round(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    seats: Sequence[Sequence[EntrantId]],
    byes: Sequence[EntrantId],
    seed: int | None,
    force_reason: str | None,
) -> Changed:
    """The event with its next round seated as ``seats`` (tables from the top), checked
    against the event's rules and the hard rules of pairing; a broken pairing rule stands only
    with ``force_reason``. A knockout round gets its stage (and a group stage its groups) from
    the results before it."""
    number = len(event.rounds) + 1
    stage = knockout_stage(event, ruleset, settings, len(seats))
    proposed = Round(
        number=number,
        seed=seed,
        byes=tuple(byes),
        tables=tuple(
            Table(
                i + 1,
                tuple(table),
                group=knockout.group_label(i) if stage == knockout.GROUP else None,
            )
            for i, table in enumerate(seats)
        ),
        stage=stage,
    )
    candidate = replace(event, rounds=(*event.rounds, proposed))
    check_whole(candidate)
    active = {e.id for e in event.entrants if e.active_in(number)}
    if stage is not None and stage != knockout.GROUP:
        active = set()  # a knockout round seats the qualifiers: check_pairing_rules checks them
    seating = check_seating(candidate, len(event.rounds), expected=active)
    if seating:
        raise InvalidInput(seating)
    problems = check_pairing_rules(candidate, len(event.rounds), ruleset, settings)
    allow_override(
        problems, force_reason, N_("to seat the round anyway, give --force with a reason")
    )
    return Changed(candidate, tuple(problems))


def swap(
    event: Event,
    ruleset: RuleSet,
    settings: Settings,
    first: EntrantId,
    second: EntrantId,
    *,
    closed: bool,
    force_reason: str | None = None,
) -> Changed:
    """The event with two players' seats in its last round swapped, while their tables have
    no result; a broken pairing rule stands only with ``force_reason``."""
    round_ = event.rounds[-1]
    refuse_if_closed(round_.number, closed)
    if round_.stage == PLAYOFF:
        raise InvalidInput.one(
            N_("round {number} is a round of the bracket: its matches follow from the results"),
            path="ROUND",
            number=round_.number,
        )
    where: dict[EntrantId, tuple[int, int]] = {}
    for who in (first, second):
        found = next(
            (
                (t, table.seats.index(who))
                for t, table in enumerate(round_.tables)
                if who in table.seats
            ),
            None,
        )
        if found is None:
            raise InvalidInput.one(
                N_("'{name}' is not seated in round {number}"),
                path="ENTRANT",
                name=event.entrant(who).name,
                number=round_.number,
            )
        if round_.tables[found[0]].games:
            raise InvalidInput.one(
                N_("table {table} has a result already; clear it first"),
                path="ENTRANT",
                table=round_.tables[found[0]].number,
            )
        where[who] = found
    (table_a, seat_a), (table_b, seat_b) = where[first], where[second]
    if table_a == table_b:
        raise InvalidInput.one(N_("the two players sit at the same table"), path="ENTRANT")
    tables = list(round_.tables)
    for index, seat, who in ((table_a, seat_a, second), (table_b, seat_b, first)):
        seats = list(tables[index].seats)
        seats[seat] = who
        tables[index] = replace(tables[index], seats=tuple(seats))
    swapped = replace(round_, tables=tuple(tables))
    candidate = replace(event, rounds=(*event.rounds[:-1], swapped))
    problems = check_pairing_rules(candidate, len(event.rounds) - 1, ruleset, settings)
    allow_override(problems, force_reason, N_("to swap anyway, give --force with a reason"))
    return Changed(candidate, tuple(problems))


def close(event: Event, ruleset: RuleSet, settings: Settings, number: int, *, closed: bool) -> None:
    """Refuse to close round ``number`` unless every table has all its results (R-EVT-3)."""
    refuse_if_closed(number, closed, N_("round {number} is closed already"))
    missing = [
        str(t.number) for t in tables_missing_results(the_round(event, number), ruleset, settings)
    ]
    if missing:
        raise InvalidInput.one(
            N_("round {number} still lacks results (tables: {tables})"),
            path="ROUND",
            number=number,
            tables=", ".join(missing),
        )


def reopen(event: Event, number: int, *, closed: bool) -> None:
    """Refuse to reopen round ``number`` unless it is closed and no later round is paired
    (R-EVT-3: a closed round with later rounds changes only by the explicit correction)."""
    if not closed:
        raise InvalidInput.one(N_("round {number} is open already"), path="ROUND", number=number)
    later = next((r for r in event.rounds if r.number > number), None)
    if later is not None:
        raise InvalidInput.one(
            N_(
                "R-EVT-3: round {next} is paired already, so round {number} cannot be reopened; "
                "delete round {next} first if none of its results are in (kolo round delete)"
            ),
            path="ROUND",
            number=number,
            next=later.number,
        )


def undo(event: Event, number: int | None, *, closed: bool) -> Event:
    """The event without its last round, while none of its results is in."""
    last = event.rounds[-1]
    if number is not None and number != last.number:
        raise InvalidInput.one(
            N_("only the last round ({last}) can be deleted"), path="ROUND", last=last.number
        )
    if any(table.games for table in last.tables):
        raise InvalidInput.one(
            N_("round {number} has results; clear them first (kolo result … --clear)"),
            path="ROUND",
            number=last.number,
        )
    refuse_if_closed(last.number, closed)
    return replace(event, rounds=event.rounds[:-1])


def refuse_no_tables(tables: Sequence[object]) -> None:
    """A round seated by hand names its tables."""
    if not tables:
        raise Refused.one(N_("no tables given"), path="--tables")


def refuse_unexplained_relax(relax: Sequence[str], reason: str | None) -> None:
    """A hard rule of pairing is relaxed only with a reason (the audit trail keeps it)."""
    if relax and not (reason or "").strip():
        raise Refused.one(N_("say why the rules are relaxed (--reason)"), path="--reason")


def refuse_sheets_in_play(busy: Sequence[int], message: str) -> None:
    """A table's score sheet in play is results written: a change that would lose it or give
    it to other players is refused (``busy``: the tables with one, in order; ``message``
    names the first, ``{table}``)."""
    if busy:
        raise Refused.one(message, path="TABLE", table=busy[0])


def accept(number: int, *, accepted: bool) -> None:
    """A proposed pairing is accepted once."""
    if accepted:
        raise Refused.one(N_("round {number} is accepted already"), path="ROUND", number=number)


def clock(
    number: int,
    action: str,
    *,
    closed: bool,
    started: T | None,
    now: T,
) -> tuple[T | None, T | None]:
    """The round clock (R-DOM-9) after ``action``: ``start`` it (at ``now``), ``limit`` (the
    head referee imposes the last game rounds, once it runs) or ``reset`` it; as (started,
    limit imposed). A closed round's clock stays."""
    if closed:
        raise Refused.one(N_("round {number} is closed"), path="ROUND", number=number)
    if action == "start":
        return now, None
    if action == "limit":
        if started is None:
            raise Refused.one(N_("start the clock first"), path="clock")
        return started, now
    if action == "reset":
        return None, None
    raise Refused.one(N_("unknown clock action '{action}'"), path="clock", action=action)
