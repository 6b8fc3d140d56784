"""Check-in on the day (R-REG-3): opening it (registrations become entrants without retyping),
checking players in and taking it back, late entries checked in at once, a registration's
check-in by its token (the QR code), and the players who did not come dropped before round 1.
Each in one transaction with its audit entry; the rules are ``kolo.changes.checkin``'s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from kolo.changes import checkin as rules
from kolo.core import checkin as reading
from kolo.core.problems import N_, InvalidInput, Problem
from kolo.games import rulesets
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.entrants import new_entrant
from kolo.store.mapping import resolve_entrant, to_core

REGISTERED = "registered"
WAITING = "waiting"


@dataclass
class Opening:
    """What opening check-in did: whether it opened it now, the entrants the registrations
    became, and the entrants entered by hand already that registrations were linked to."""

    opened: bool
    created: list[models.Entrant] = field(default_factory=list)
    linked: list[models.Entrant] = field(default_factory=list)


def checked_in_codes(event: models.Event) -> set[str]:
    """The ids of the event's checked-in entrants."""
    return set(event.entrants.filter(checked_in_at__isnull=False).values_list("code", flat=True))


def _entrant_of(
    event: models.Event, registration: models.Registration, taken: dict[str, models.Entrant]
) -> tuple[models.Entrant, bool]:
    """The entrant a registration becomes (created, True), or the unlinked entrant of the same
    name entered by hand already (False)."""
    entry = reading.entry_of(
        registration.name,
        registration.club,
        registration.partner,
        teams=rulesets.get(event.ruleset).teams,
    )
    rules.check_entry(entry, f"registration {registration.number}")
    same = taken.pop(entry.name.casefold(), None)
    if same is not None:
        if registration.player and not same.player:  # linked to a person of the series
            same.player = registration.player
            same.save(update_fields=["player"])
        return same, False
    created = new_entrant(
        event,
        entry.name,
        entry.club,
        entry.members,
        registration.player or None,  # linked to a person of the series
    )
    return created, True


def _unlinked(event: models.Event) -> dict[str, models.Entrant]:
    """The entrants no registration became, by their name ignoring case."""
    return {
        e.name.casefold(): e
        for e in event.entrants.filter(registration__isnull=True).order_by("-position")
    }


@atomic
def open_checkin(actor: Actor, event: models.Event) -> Opening:
    """Open check-in (R-REG-3): every registered player no entrant stands for yet becomes an
    entrant (name, club; under a rule set of teams the team of the player and their partner),
    linked to the registration; an entrant entered by hand already under the same name is
    linked instead of entered twice. Opening again enters the registrations made since and
    changes nothing else. Refused once round 1 is paired."""
    event = lock_event(event)
    rules.refuse_opening(to_core(event))
    result = Opening(opened=event.checkin_opened_at is None)
    taken = _unlinked(event)
    for registration in event.registrations.filter(status=REGISTERED, entrant__isnull=True):
        entrant, created = _entrant_of(event, registration, taken)
        registration.entrant = entrant
        registration.save(update_fields=["entrant", "changed_at"])
        (result.created if created else result.linked).append(entrant)
    if not (result.opened or result.created or result.linked):
        return result
    if result.opened:
        event.checkin_opened_at = timezone.now()
        event.save(update_fields=["checkin_opened_at"])
    entered = result.created + result.linked
    write_audit(
        event,
        actor,
        "checkin.open",
        ("opened check-in" if result.opened else "check-in: registrations entered")
        + f" ({len(entered)} entered from registrations)",
        after={
            "checkin_opened_at": event.checkin_opened_at.isoformat()
            if event.checkin_opened_at
            else None,
            "entered": [
                {
                    "id": e.code,
                    "name": e.name,
                    "club": e.club,
                    **({"player": e.player} if e.player else {}),
                }
                for e in result.created
            ],
            "linked": [{"id": e.code, "name": e.name} for e in result.linked],
        },
    )
    return result


def _doc(entrant: models.Entrant) -> dict[str, Any]:
    return {
        "id": entrant.code,
        "name": entrant.name,
        "checked_in_at": entrant.checked_in_at.isoformat() if entrant.checked_in_at else None,
        "dropped_after_round": entrant.dropped_after_round,
    }


def _check_in(
    actor: Actor,
    event: models.Event,
    entrants: Sequence[models.Entrant],
    *,
    undo: bool,
    late: bool = False,
) -> list[models.Entrant]:
    """Check the entrants in (or take it back), in the transaction of the caller that holds
    the event's lock, with one audit entry. Checking in a player dropped before round 1 (as one
    who did not come) takes the drop back."""
    rules.refuse_checkin(to_core(event), opened=event.checkin_opened_at is not None, key=event.key)
    rules.refuse_taps([(e.name, e.checked_in_at is not None) for e in entrants], undo=undo)
    before = [_doc(e) for e in entrants]
    now = timezone.now()
    for entrant in entrants:
        entrant.checked_in_at = None if undo else now
        if not undo and entrant.dropped_after_round == 0:
            entrant.dropped_after_round = None
        entrant.save(update_fields=["checked_in_at", "dropped_after_round"])
    names = ", ".join(e.name for e in entrants)
    summary = (
        f"took back the check-in of {names}"
        if undo
        else (f"late entry checked in: {names}" if late else f"checked in: {names}")
    )
    write_audit(
        event,
        actor,
        "entrant.checkin",
        summary,
        before=before,
        after=[_doc(e) for e in entrants],
    )
    return list(entrants)


@atomic
def check_in(
    actor: Actor, event: models.Event, refs: Sequence[str], *, undo: bool = False
) -> list[models.Entrant]:
    """Check entrants in by id or exact name (or take it back, ``undo``); all or nothing, one
    audit entry. Refused before check-in is open and once round 1 is paired."""
    event = lock_event(event)
    rules.refuse_checkin(to_core(event), opened=event.checkin_opened_at is not None, key=event.key)
    rules.refuse_no_entrants(refs)
    entrants: list[models.Entrant] = []
    problems: list[Problem] = []
    for ref in refs:
        try:
            found = resolve_entrant(event, ref)
        except InvalidInput as error:
            problems.extend(error.problems)
            continue
        if found not in entrants:
            entrants.append(found)
    if problems:
        raise InvalidInput(problems)
    return _check_in(actor, event, entrants, undo=undo)


def registration_to_check_in(event: models.Event, token: str) -> models.Registration:
    """The event's registration with this private token."""
    found = event.registrations.filter(token=token).select_related("entrant").first()
    if found is None or not token:
        raise InvalidInput.one(N_("no such registration in this event"), path="TOKEN")
    return found


@atomic
def check_in_registration(actor: Actor, event: models.Event, token: str) -> models.Entrant:
    """Check in the player a registration names, by its private token (the player's QR
    code): the entrant it became, or, for a registered or waiting player no entrant stands for
    yet, a new entrant checked in at once (a waiting player seated is registered)."""
    event = lock_event(event)
    registration = registration_to_check_in(event, token)
    rules.refuse_registration(registration.status, registration.name)
    entrant = registration.entrant
    if entrant is not None:
        return _check_in(actor, event, [entrant], undo=False)[0]
    rules.refuse_checkin(to_core(event), opened=event.checkin_opened_at is not None, key=event.key)
    entrant, _created = _entrant_of(event, registration, _unlinked(event))
    registration.entrant = entrant
    registration.status = REGISTERED
    registration.save(update_fields=["entrant", "status", "changed_at"])
    return _check_in(actor, event, [entrant], undo=False, late=True)[0]


@atomic
def add_late(
    actor: Actor, event: models.Event, name: str, club: str | None = None, partner: str = ""
) -> models.Entrant:
    """Enter a player who comes on the day without a registration, checked in at once (under a
    rule set of teams, with their partner the team's two members)."""
    event = lock_event(event)
    rules.refuse_checkin(to_core(event), opened=event.checkin_opened_at is not None, key=event.key)
    entry = reading.entry_of(name, club or "", partner, teams=rulesets.get(event.ruleset).teams)
    rules.late_entry(entry, event.entrants.filter(name__iexact=entry.name).exists())
    entrant = new_entrant(event, entry.name, entry.club, entry.members)
    write_audit(
        event,
        actor,
        "entrant.add",
        f"entered 1: {entrant.name}",
        after=[{"id": entrant.code, "name": entrant.name, "club": entrant.club}],
    )
    return _check_in(actor, event, [entrant], undo=False, late=True)[0]


@atomic
def drop_absent(actor: Actor, event: models.Event) -> list[models.Entrant]:
    """Drop before round 1 every entrant who has not checked in (they registered and did not
    come, R-REG-3); one audit entry. Checking one in afterwards takes their drop back."""
    event = lock_event(event)
    missing = rules.to_drop(
        to_core(event), checked_in_codes(event), opened=event.checkin_opened_at is not None
    )
    rules.refuse_nobody_to_drop(missing)
    codes = [e.id for e in missing]
    dropped = list(event.entrants.filter(code__in=codes))
    before = [_doc(e) for e in dropped]
    for entrant in dropped:
        entrant.dropped_after_round = 0
        entrant.save(update_fields=["dropped_after_round"])
    write_audit(
        event,
        actor,
        "entrant.drop",
        f"dropped {len(dropped)} who did not check in: " + ", ".join(e.name for e in dropped),
        before=before,
        after=[_doc(e) for e in dropped],
    )
    return dropped
