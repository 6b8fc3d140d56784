"""Rounds: seated by hand or by the pairing engine, accepted, swapped, closed, reopened,
undone, and the round clock."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils import timezone

from kolo.changes.checkin import refuse_absent
from kolo.changes.rounds import (
    accept,
    clock,
    close,
    refuse_next_round,
    refuse_no_tables,
    refuse_sheets_in_play,
    refuse_unexplained_relax,
    reopen,
    seat_round,
    swap,
    undo,
)
from kolo.core import event as core
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.games import registry as games
from kolo.games.base import Deal
from kolo.store import models

if TYPE_CHECKING:
    from kolo.pairing.engine import Proposal
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.games import resource_settings, resources
from kolo.store.mapping import get_round, resolve_entrant, ruleset_of, to_core
from kolo.store.series import ratings_before


def _round_doc(round_: core.Round) -> dict[str, Any]:
    return {
        "number": round_.number,
        "seed": round_.seed,
        "tables": [list(t.seats) for t in round_.tables],
        "byes": list(round_.byes),
    }


@atomic
def new_round(
    actor: Actor,
    event: models.Event,
    tables: Sequence[Sequence[str]],
    *,
    byes: Sequence[str] = (),
    seed: int | None = None,
    force_reason: str | None = None,
) -> models.Round:
    """Seat the next round as given, table 1 first (players in seat order).

    The round must obey the event's rules; a table that breaks a hard rule of pairing
    (R-GORN-4, R-GORN-6) is refused unless ``force_reason`` says why, which the audit
    trail keeps. Everyone active must be seated (R-EVT-1); that cannot be forced.
    """
    event = lock_event(event)
    current = to_core(event)
    refuse_next_round(current, key=event.key)
    _refuse_absent(event, current)
    refuse_no_tables(tables)
    unknown: list[Problem] = []

    def code_of(ref: str) -> str:
        try:
            return str(resolve_entrant(event, ref).code)
        except InvalidInput as error:
            unknown.extend(error.problems)
            return ref

    codes = [[code_of(ref) for ref in table] for table in tables]
    bye_codes = [code_of(ref) for ref in byes]
    if unknown:
        raise InvalidInput(unknown)
    problems: list[Problem] = []
    round_ = _store_round(event, current, codes, bye_codes, seed, force_reason, problems)
    overridden = "; ".join(p.text() for p in problems)
    write_audit(
        event,
        actor,
        "round.new",
        f"seated round {round_.number}: {len(codes)} tables"
        + (f" (rules overridden: {overridden})" if problems else ""),
        after=_round_doc(next(r for r in to_core(event).rounds if r.number == round_.number)),
        reason=force_reason or "",
    )
    return round_


def _refuse_absent(event: models.Event, current: core.Event) -> None:
    """Once check-in has started, round 1 is paired from the checked-in players only
    (R-REG-3, ``changes.checkin.refuse_absent``)."""
    checked_in = set(
        event.entrants.filter(checked_in_at__isnull=False).values_list("code", flat=True)
    )
    refuse_absent(current, checked_in, opened=event.checkin_opened_at is not None, key=event.key)


_CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be misread for one another (no I/1, O/0)."""


def table_code() -> str:
    """A table's self-report code: six characters, about 10⁹ possibilities."""
    return "".join(secrets.choice(_CODE_LETTERS) for _ in range(6))


def _store_round(
    event: models.Event,
    current: core.Event,
    codes: Sequence[Sequence[str]],
    bye_codes: Sequence[str],
    seed: int | None,
    force_reason: str | None,
    overridden: list[Problem] | None = None,
) -> models.Round:
    """Check a round against the event's rules and the hard rules of pairing, and store
    it; ``overridden`` receives the pairing rules the reason overrode. A knockout round gets
    its stage (and a group stage its groups) from the results before it."""
    ruleset, settings = ruleset_of(event)
    changed = seat_round(current, ruleset, settings, codes, bye_codes, seed, force_reason)
    if overridden is not None:
        overridden.extend(changed.overridden)
    proposed = changed.event.rounds[-1]
    number, stage = proposed.number, proposed.stage
    round_ = models.Round.objects.create(event=event, number=number, seed=seed, stage=stage)
    entrants = {e.code: e for e in event.entrants.all()}
    for t_index, seats in enumerate(codes):
        table = models.Table.objects.create(
            round=round_,
            number=t_index + 1,
            code=table_code(),
            group=proposed.tables[t_index].group,
        )
        models.Seat.objects.bulk_create(
            models.Seat(table=table, round=round_, entrant=entrants[code], position=position)
            for position, code in enumerate(seats)
        )
    round_.byes.set([entrants[c] for c in bye_codes])
    _deal(event, round_, len(codes))
    return round_


def _deal(event: models.Event, round_: models.Round, tables: int) -> None:
    """The round's tables prepared by their game when the round is seated (``Game.deal``:
    their setups, such as the cards drawn for each table); the seed drawn here when the round
    has none."""
    ruleset, settings = ruleset_of(event)
    game = games.get(ruleset.game)
    if game.deal is None:
        return
    seed = round_.seed if round_.seed is not None else secrets.randbelow(2**31)
    setups = game.deal(
        Deal(ruleset.id, round_.number, tables, settings, seed, resource=resources(game))
    )
    if setups is None:
        return  # nothing dealt: a round without a seed keeps none
    if round_.seed is None:
        round_.seed = seed
        round_.save(update_fields=["seed"])
    for table in round_.tables.all():
        table.setup = setups[table.number - 1].document()
        table.save(update_fields=["setup"])


@atomic
def pair_round(
    actor: Actor,
    event: models.Event,
    *,
    seed: int | None = None,
    time_limit: float | None = None,
    relax: Sequence[str] = (),
    reason: str | None = None,
    accepted: bool = True,
) -> tuple[models.Round, Proposal]:
    """Seat the next round with the pairing engine (R-GORN-*) and store it with its seed.

    A relaxed hard rule needs a reason, which the audit trail keeps. With ``accepted``
    false the round is a proposal: players do not see it until the organiser accepts it.
    """
    event = lock_event(event)
    refuse_unexplained_relax(relax, reason)
    from kolo.pairing.engine import propose

    ruleset, settings = ruleset_of(event)
    current = to_core(event)
    refuse_next_round(current, key=event.key, limit=ruleset.max_rounds(settings))
    _refuse_absent(event, current)
    if seed is None:
        seed = secrets.randbelow(2**31)
    ratings = ratings_before(event) if settings.seeding == "rating" else None
    proposal = propose(
        current,
        ruleset,
        settings,
        seed=seed,
        time_limit=time_limit,
        relax=list(relax),
        ratings=ratings,
    )
    round_ = _store_round(
        event,
        current,
        [list(t.seats) for t in proposal.tables],
        list(proposal.byes),
        seed,
        force_reason=reason if relax else None,
    )
    if not accepted:
        round_.accepted = False
        round_.save(update_fields=["accepted"])
    how = "optimal" if proposal.optimal else proposal.method
    write_audit(
        event,
        actor,
        "round.pair",
        f"paired round {round_.number} by the engine ({how}, cost {float(proposal.total):g})",
        after={
            **_round_doc(next(r for r in to_core(event).rounds if r.number == round_.number)),
            "cost": float(proposal.total),
            "optimal": proposal.optimal,
            "repeats": proposal.repeats,
            "repeats_unavoidable": proposal.repeats_unavoidable,
            "relaxed": list(relax),
            "work_budget": proposal.budget,
            "safety_stop": proposal.clock_stopped,
            **resource_settings(games.get(ruleset.game), settings),
        },
        reason=reason or "",
    )
    return round_, proposal


@atomic
def swap_players(
    actor: Actor, event: models.Event, first: str, second: str, *, force_reason: str | None = None
) -> models.Round:
    """Swap two players' seats in the last round while their tables have no result."""
    event = lock_event(event)
    round_ = get_round(event, None)
    a, b = resolve_entrant(event, first), resolve_entrant(event, second)
    _refuse_sheets_in_play(
        round_.tables.filter(seats__entrant__in=[a, b]),
        N_("table {table} has a score sheet in play; take its hands back before swapping"),
    )
    ruleset, settings = ruleset_of(event)
    value = to_core(event)
    changed = swap(
        value, ruleset, settings, a.code, b.code, closed=round_.closed, force_reason=force_reason
    )
    problems = changed.overridden
    before = _round_doc(value.rounds[-1])
    seat_a = models.Seat.objects.select_related("table").get(round=round_, entrant=a)
    seat_b = models.Seat.objects.select_related("table").get(round=round_, entrant=b)
    # swap through a free position so the unique constraints hold at every step
    table_a, position_a = seat_a.table, seat_a.position
    seat_a.delete()
    seat_b.entrant = a
    seat_b.save(update_fields=["entrant"])
    models.Seat.objects.create(table=table_a, round=round_, entrant=b, position=position_a)
    current = changed.event
    index = len(current.rounds) - 1
    overridden = "; ".join(p.text() for p in problems)
    write_audit(
        event,
        actor,
        "round.swap",
        f"swapped {a.name} and {b.name} in round {round_.number}"
        + (f" (rules overridden: {overridden})" if problems else ""),
        before=before,
        after=_round_doc(current.rounds[index]),
        reason=force_reason or "",
    )
    return round_


@atomic
def close_round(actor: Actor, event: models.Event, number: int | None = None) -> models.Round:
    """Close a round whose every table has all its results (R-EVT-3)."""
    event = lock_event(event)
    round_ = get_round(event, number)
    ruleset, settings = ruleset_of(event)
    close(to_core(event), ruleset, settings, round_.number, closed=round_.closed)
    round_.closed = True
    round_.save(update_fields=["closed"])
    write_audit(
        event,
        actor,
        "round.close",
        f"closed round {round_.number}",
        before={"closed": False},
        after={"closed": True},
    )
    return round_


@atomic
def reopen_round(actor: Actor, event: models.Event, number: int | None = None) -> models.Round:
    """Reopen a closed round to correct a result, while the next round is not paired (R-EVT-3)."""
    event = lock_event(event)
    round_ = (
        get_round(event, number) if number is not None else event.rounds.filter(closed=True).last()
    )
    if round_ is None:
        raise InvalidInput.one(N_("no round of {event} is closed"), path="ROUND", event=event.key)
    reopen(to_core(event), round_.number, closed=round_.closed)
    round_.closed = False
    round_.save(update_fields=["closed"])
    write_audit(
        event,
        actor,
        "round.reopen",
        f"reopened round {round_.number}",
        before={"closed": True},
        after={"closed": False},
    )
    return round_


@atomic
def delete_round(actor: Actor, event: models.Event, number: int | None = None) -> None:
    """Undo the pairing of the last round while none of its results is in."""
    event = lock_event(event)
    round_ = get_round(event, None)
    value = to_core(event)
    undo(value, number, closed=round_.closed)
    _refuse_sheets_in_play(
        round_.tables.all(),
        N_("table {table} has a score sheet in play; take its hands back before undoing"),
    )
    before = _round_doc(value.rounds[-1])
    models.Seat.objects.filter(round=round_).delete()
    round_.delete()
    write_audit(event, actor, "round.delete", f"deleted round {before['number']}", before=before)


def _refuse_sheets_in_play(tables: Any, message: str) -> None:
    """A table's score sheet in play is results written: a change that would lose it or give
    it to other players is refused (the hands are taken back first, each in the audit)."""
    busy = sorted(tables.exclude(sheet__isnull=True).values_list("number", flat=True).distinct())
    refuse_sheets_in_play(busy, message)


@atomic
def accept_round(actor: Actor, event: models.Event, number: int) -> models.Round:
    """Publish a proposed pairing: players see it and results can be entered."""
    event = lock_event(event)
    round_ = get_round(event, number)
    accept(number, accepted=round_.accepted)
    round_.accepted = True
    round_.save(update_fields=["accepted"])
    write_audit(event, actor, "round.accept", f"accepted the pairing of round {number}")
    return round_


@atomic
def round_clock(actor: Actor, event: models.Event, number: int, action: str) -> models.Round:
    """The round clock (R-DOM-9): ``start`` it, ``limit`` (the head referee imposes two
    more game rounds for each player), or ``reset`` it."""
    event = lock_event(event)
    round_ = get_round(event, number)
    before = {
        "started": round_.clock_started_at.isoformat() if round_.clock_started_at else None,
        "limit": round_.limit_imposed_at.isoformat() if round_.limit_imposed_at else None,
    }
    round_.clock_started_at, round_.limit_imposed_at = clock(
        number,
        action,
        closed=round_.closed,
        started=round_.clock_started_at,
        now=timezone.now(),
    )
    round_.save(update_fields=["clock_started_at", "limit_imposed_at"])
    write_audit(
        event,
        actor,
        f"clock.{action}",
        f"round {number} clock: {action}",
        before=before,
        after={
            "started": round_.clock_started_at.isoformat() if round_.clock_started_at else None,
            "limit": round_.limit_imposed_at.isoformat() if round_.limit_imposed_at else None,
        },
    )
    return round_
