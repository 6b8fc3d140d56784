"""Registrations in the store (R-REG-2): a player registers for a published event and reaches
their registration by its private token; the organiser adds, moves, approves and removes
registrations, raises the capacity and marks fees paid.

The rules are decided by ``kolo.changes.registrations`` (pure); each change here locks the
event's row (``lock_event``: two registrations for the last place at once queue one after the
other, so one gets the place and the other the waiting list), writes what the rules return and
its audit entry, all in one transaction. E-mail addresses are never written into the audit
trail.

What others read: :func:`registrations` (every row of an event in queue order, with its
``status``), :func:`active` (those still in: registered, waiting, pending),
:func:`by_token`, :func:`waiting_position`, :func:`duplicate_numbers`, :func:`places`.
Each change returns the rows whose status changed (the new one first for a registration),
so that the caller can tell those players (the web e-mails them).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone

from kolo.changes import registrations as rules
from kolo.changes.registrations import Entry, Opening
from kolo.core.problems import N_, InvalidInput
from kolo.core.validation import has_control_characters
from kolo.games import rulesets
from kolo.report import payment
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.events import check_club
from kolo.store.names import check_name

MAX_EMAIL_LENGTH = 254
TOKEN_BYTES = 24

REGISTERED = rules.REGISTERED
WAITING = rules.WAITING
PENDING = rules.PENDING
CANCELLED = rules.CANCELLED
REMOVED = rules.REMOVED
ACTIVE = rules.ACTIVE


# ---- reading ---------------------------------------------------------------------------


def registrations(event: models.Event) -> list[models.Registration]:
    """Every registration of the event, in queue order (``status`` says which are in)."""
    return list(models.Registration.objects.filter(event=event).order_by("queue", "id"))


def active(event: models.Event) -> list[models.Registration]:
    """The registrations still in (registered, waiting, pending), in queue order."""
    return [r for r in registrations(event) if r.status in ACTIVE]


def by_token(token: str) -> models.Registration | None:
    """The registration a private page's token names (None for none)."""
    if not token or len(token) > 64:
        return None
    return models.Registration.objects.select_related("event").filter(token=token).first()


def by_number(event: models.Event, number: int) -> models.Registration:
    row = models.Registration.objects.filter(event=event, number=number).first()
    if row is None:
        raise rules.refuse(N_("no registration number {number}"), number=number)
    return row


def _entry(row: models.Registration) -> Entry:
    return Entry(number=row.number, queue=row.queue, name=row.name, status=row.status)


def entries(event: models.Event) -> list[Entry]:
    return [_entry(r) for r in registrations(event)]


def waiting_position(registration: models.Registration) -> int | None:
    """The registration's place on its event's waiting list (1 first), None if not waiting."""
    if registration.status != WAITING:
        return None
    return rules.waiting_position(entries(registration.event), registration.number)


def moved_up(registration: models.Registration) -> bool:
    """Whether a registered player came from the waiting list (their registration's audit
    entry says it arrived waiting)."""
    if registration.status != REGISTERED:
        return False
    for after in models.AuditEntry.objects.filter(
        event_id=registration.event_id, action__in=("registration.register", "registration.add")
    ).values_list("after", flat=True):
        if isinstance(after, dict) and after.get("number") == registration.number:
            return after.get("status") == WAITING
    return False


@dataclass(frozen=True)
class Seated:
    """Where a registered player sits: the round, the table's number, the seat (1 starts)."""

    round: int
    table: int
    seat: int


def seated(registration: models.Registration) -> Seated | None:
    """The seat of the entrant the registration became in the latest paired round (None:
    not paired, or not seated in it)."""
    if registration.entrant_id is None:
        return None
    seat = (
        models.Seat.objects.filter(entrant_id=registration.entrant_id, round__accepted=True)
        .select_related("table", "round")
        .order_by("-round__number")
        .first()
    )
    if seat is None:
        return None
    return Seated(seat.round.number, seat.table.number, seat.position + 1)


def duplicate_numbers(event: models.Event) -> set[int]:
    """The numbers of registrations whose name another one still in has too (ignoring case
    and accents): flagged to the organiser."""
    return rules.duplicates(entries(event))


def starts_at(event: models.Event) -> datetime | None:
    """When the event starts: its day at its start time, or its day's end without one."""
    if event.date is None:
        return None
    zone = timezone.get_current_timezone()
    if event.start_time is not None:
        return datetime.combine(event.date, event.start_time, tzinfo=zone)
    return datetime.combine(event.date + timedelta(days=1), time(0), tzinfo=zone)


def opening(event: models.Event, now: datetime | None = None) -> Opening:
    """The event as the rules of registration see it."""
    now = now or timezone.now()
    start = starts_at(event)
    return Opening(
        published=event.published_at is not None,
        cancelled=event.cancelled_at is not None,
        started=event.rounds.exists() or (start is not None and now >= start),
        capacity=event.capacity,
        until=event.registration_until,
        approve=event.approve_registrations,
    )


def is_open(event: models.Event, now: datetime | None = None) -> bool:
    """Whether the event takes registrations now."""
    try:
        rules.check_open(opening(event, now), now or timezone.now())
    except InvalidInput:
        return False
    return True


def plays_in_teams(event: models.Event) -> bool:
    """Whether the event's rule set plays in teams of two (a registration names a partner)."""
    ruleset = rulesets.REGISTRY.get(event.ruleset)
    return bool(ruleset and ruleset.teams)


def table_size(event: models.Event) -> int:
    """The size of a full table under the event's settings."""
    ruleset = rulesets.REGISTRY.get(event.ruleset)
    if ruleset is None:
        return 0
    try:
        return int(ruleset.settings(event.settings).table_size)
    except (InvalidInput, TypeError, ValueError):
        return 0


@dataclass(frozen=True)
class Places:
    """What the public event page says of its places."""

    taken: int
    capacity: int | None
    waiting: int
    table_size: int
    seats_to_next_table: int

    @property
    def left(self) -> int | None:
        return None if self.capacity is None else max(0, self.capacity - self.taken)


def places(event: models.Event) -> Places:
    rows = entries(event)
    taken = rules.registered_count(rows)
    size = table_size(event)
    return Places(
        taken=taken,
        capacity=event.capacity,
        waiting=sum(1 for e in rows if e.status == WAITING),
        table_size=size,
        seats_to_next_table=rules.seats_to_next_table(taken, size),
    )


def data_of(registration: models.Registration) -> dict[str, Any]:
    """What kolo keeps of a registration, as the player exports it."""
    return {
        "event": registration.event.key,
        "event_name": registration.event.name,
        "number": registration.number,
        "name": registration.name,
        "club": registration.club,
        "email": registration.email,
        "partner": registration.partner,
        "consent": registration.consent,
        "status": registration.status,
        "waiting_position": waiting_position(registration),
        "paid": registration.paid,
        "running_late_until": registration.running_late_until.isoformat()
        if registration.running_late_until
        else None,
        "created_at": registration.created_at.isoformat(),
        "changed_at": registration.changed_at.isoformat(),
    }


# ---- checking what is typed -------------------------------------------------------------


def check_email(email: str, path: str = "email") -> str:
    """An e-mail address (stripped; empty: none), checked."""
    email = email.strip()
    if not email:
        return ""
    if len(email) > MAX_EMAIL_LENGTH:
        raise InvalidInput.one(
            N_("longer than {limit} characters"), path=path, limit=MAX_EMAIL_LENGTH
        )
    try:
        validate_email(email)
    except ValidationError:
        raise InvalidInput.one(
            N_("'{email}' is not an e-mail address"), path=path, email=email
        ) from None
    return email


@dataclass(frozen=True)
class Typed:
    name: str
    club: str
    email: str
    partner: str


def check_typed(
    event: models.Event, name: str, club: str, email: str, partner: str, *, by_organiser: bool
) -> Typed:
    """Every field checked as entrant names are (a partner required where the rule set plays
    in teams of two, unless the organiser adds by hand)."""
    name = check_name(name, "name", entrant=True)
    club_value = check_club(club or "", "club") or ""
    partner = (partner or "").strip()
    if plays_in_teams(event):
        if partner or not by_organiser:
            partner = check_name(partner, "partner", entrant=True)
    elif partner:
        raise rules.refuse(
            N_("this event is not played in teams of two: leave the partner out"), "partner"
        )
    return Typed(name, club_value, check_email(email or ""), partner)


# ---- changes ---------------------------------------------------------------------------


def _new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def _write(event: models.Event, changes: dict[int, Entry]) -> list[models.Registration]:
    """Write the statuses and queue places the rules changed; the rows whose status changed."""
    changed: list[models.Registration] = []
    for row in models.Registration.objects.filter(event=event, number__in=list(changes)):
        entry = changes[row.number]
        status_changed = row.status != entry.status
        row.status, row.queue = entry.status, entry.queue
        row.save(update_fields=["status", "queue", "changed_at"])
        if status_changed:
            changed.append(row)
    return sorted(changed, key=lambda r: r.queue)


MOVED_UP = "; {count} moved up from the waiting list"
"""Said after a change that moved waiting players up (the audit entry's ``after`` lists them)."""


def _moved_up(rows: Iterable[models.Registration], but: int | None = None) -> str:
    count = sum(1 for r in rows if r.status == REGISTERED and r.number != but)
    return MOVED_UP.format(count=count) if count else ""


def _create(
    actor: Actor,
    event: models.Event,
    typed: Typed,
    consent: str,
    *,
    by_organiser: bool,
    now: datetime,
) -> models.Registration:
    current = entries(event)
    entry = rules.arrive(opening(event, now), current, typed.name, by_organiser=by_organiser)
    row = models.Registration.objects.create(
        event=event,
        number=entry.number,
        queue=entry.queue,
        name=typed.name,
        club=typed.club,
        email=typed.email,
        partner=typed.partner,
        consent=consent,
        token=_new_token(),
        status=entry.status,
    )
    duplicate = entry.number in rules.duplicates([*current, entry])
    write_audit(
        event,
        actor,
        "registration.add" if by_organiser else "registration.register",
        f"registration #{row.number} {row.name}: {row.status}"
        + (" (the same name is registered already)" if duplicate else ""),
        after={
            "number": row.number,
            "name": row.name,
            "club": row.club,
            "partner": row.partner,
            "status": row.status,
            "email": bool(row.email),
            "consent": row.consent,
        },
    )
    return row


@atomic
def register(
    actor: Actor,
    event: models.Event,
    name: str,
    club: str = "",
    email: str = "",
    partner: str = "",
    *,
    consent: bool = False,
    now: datetime | None = None,
) -> models.Registration:
    """A player registers (R-REG-2): refused with the reason where the event does not take
    registrations now (not published, cancelled, started, past its deadline) or the
    organiser's consent line is not agreed to; registered while places are free, else
    waiting at the end of the list, or pending where the organiser approves each first.
    The same name twice is taken and flagged (``duplicate_numbers``)."""
    now = now or timezone.now()
    event = lock_event(event)
    rules.check_open(opening(event, now), now)
    typed = check_typed(event, name, club, email, partner, by_organiser=False)
    if event.consent.strip() and not consent:
        raise rules.refuse(N_("agree to the organiser's consent line to register"), "consent")
    return _create(
        actor, event, typed, event.consent if consent else "", by_organiser=False, now=now
    )


@atomic
def add_registration(
    actor: Actor,
    event: models.Event,
    name: str,
    club: str = "",
    email: str = "",
    partner: str = "",
) -> models.Registration:
    """The organiser adds someone by hand: no approval, no deadline; registered while places
    are free, else waiting. Refused at a cancelled event."""
    event = lock_event(event)
    if event.cancelled_at is not None:
        raise rules.refuse(N_("the event is cancelled"))
    typed = check_typed(event, name, club, email, partner, by_organiser=True)
    return _create(actor, event, typed, "", by_organiser=True, now=timezone.now())


def _change(
    actor: Actor,
    event: models.Event,
    action: str,
    summary: str,
    changes: dict[int, Entry],
    before: Any = None,
    subject: int | None = None,
) -> list[models.Registration]:
    changed = _write(event, changes)
    write_audit(
        event,
        actor,
        action,
        summary + ("" if action == "registration.move" else _moved_up(changed, subject)),
        before=before,
        after=[{"number": r.number, "status": r.status, "queue": r.queue} for r in changed] or None,
    )
    return changed


@atomic
def cancel_registration(
    actor: Actor, registration: models.Registration
) -> list[models.Registration]:
    """The player cancels; the first waiting players move up into the place it frees."""
    event = lock_event(registration.event)
    registration.refresh_from_db()
    changes = rules.cancel(
        entries(event), registration.number, event.capacity, started=event.rounds.exists()
    )
    return _change(
        actor,
        event,
        "registration.cancel",
        f"registration #{registration.number} {registration.name} cancelled",
        changes,
        subject=registration.number,
    )


@atomic
def remove_registration(
    actor: Actor, event: models.Event, number: int
) -> list[models.Registration]:
    """The organiser removes a registration; the first waiting players move up."""
    event = lock_event(event)
    row = by_number(event, number)
    changes = rules.remove(entries(event), number, event.capacity)
    return _change(
        actor,
        event,
        "registration.remove",
        f"registration #{number} {row.name} removed",
        changes,
        subject=number,
    )


@atomic
def approve_registration(
    actor: Actor, event: models.Event, number: int
) -> list[models.Registration]:
    """The organiser approves a pending registration (registered if a place is free)."""
    event = lock_event(event)
    row = by_number(event, number)
    changes = rules.approve(entries(event), number, event.capacity)
    return _change(
        actor,
        event,
        "registration.approve",
        f"registration #{number} {row.name} approved: {changes[number].status}",
        changes,
        subject=number,
    )


@atomic
def move_registration(
    actor: Actor, event: models.Event, number: int, *, up: bool
) -> list[models.Registration]:
    """The organiser moves a registration one place up or down the queue (it changes places,
    and status, with its neighbour)."""
    event = lock_event(event)
    row = by_number(event, number)
    changes = rules.move(entries(event), number, up)
    return _change(
        actor,
        event,
        "registration.move",
        f"registration #{number} {row.name} moved {'up' if up else 'down'}",
        changes,
    )


@atomic
def set_capacity(
    actor: Actor, event: models.Event, capacity: int | None
) -> list[models.Registration]:
    """A new capacity (None: no limit); never below the registered; a raised one moves the
    first waiting players up."""
    event = lock_event(event)
    if capacity is not None and capacity < 0:
        raise rules.refuse(N_("the capacity must be 0 or more"), "capacity")
    changes = rules.set_capacity(entries(event), capacity)
    before = event.capacity
    event.capacity = capacity
    event.save(update_fields=["capacity"])
    return _change(
        actor,
        event,
        "registration.capacity",
        f"capacity {before if before is not None else '-'} → "
        f"{capacity if capacity is not None else '-'}",
        changes,
        before={"capacity": before},
    )


@atomic
def set_running_late(
    actor: Actor, registration: models.Registration, until: datetime | None
) -> None:
    """The player says they are running late and when they expect to arrive (None: no
    longer late); the desk's check-in shows it. Only a registration still in, at an event
    not cancelled."""
    event = lock_event(registration.event)
    registration.refresh_from_db()
    if registration.status not in ACTIVE or event.cancelled_at is not None:
        raise rules.refuse(N_("this registration is not in the event"))
    if registration.running_late_until == until:
        return
    before = registration.running_late_until
    registration.running_late_until = until
    registration.save(update_fields=["running_late_until", "changed_at"])
    write_audit(
        event,
        actor,
        "registration.late",
        f"registration #{registration.number} {registration.name}: "
        + (f"running late, arriving {timezone.localtime(until):%H:%M}" if until else "on time"),
        before={"running_late_until": before.isoformat() if before else None},
        after={"running_late_until": until.isoformat() if until else None},
    )


MAX_CONSENT_LENGTH = 1000


@atomic
def set_terms(
    actor: Actor,
    event: models.Event,
    *,
    approve: bool,
    consent: str,
    bank_account: str,
) -> None:
    """The organiser's terms of registration: whether each registration awaits approval
    first (turning it off leaves those awaiting approval to approve), the consent line a
    player agrees to (empty: none), and the bank account for the fee's QR payment code (an
    IBAN or a Czech account number; empty: none)."""
    event = lock_event(event)
    consent = consent.strip()
    account = " ".join(bank_account.split())
    if len(consent) > MAX_CONSENT_LENGTH:
        raise rules.refuse(
            N_("longer than {limit} characters"), "consent", limit=MAX_CONSENT_LENGTH
        )
    if has_control_characters(consent):
        raise rules.refuse(
            N_("the consent line must be one line, without control characters"), "consent"
        )
    if account and payment.iban(account) is None:
        raise rules.refuse(
            N_("'{account}' is neither an IBAN nor a Czech account number (123456789/0800)"),
            "bank_account",
            account=account,
        )
    before = {
        "approve": event.approve_registrations,
        "consent": event.consent,
        "bank_account": event.bank_account,
    }
    after = {"approve": approve, "consent": consent, "bank_account": account}
    if before == after:
        return
    event.approve_registrations, event.consent, event.bank_account = approve, consent, account
    event.save(update_fields=["approve_registrations", "consent", "bank_account"])
    write_audit(
        event,
        actor,
        "registration.terms",
        "changed the terms of registration",
        before=before,
        after=after,
    )


@atomic
def mark_paid(actor: Actor, event: models.Event, number: int, paid: bool = True) -> None:
    """The organiser marks a registration's fee paid (or not paid)."""
    event = lock_event(event)
    row = by_number(event, number)
    if row.paid == paid:
        return
    row.paid = paid
    row.save(update_fields=["paid", "changed_at"])
    write_audit(
        event,
        actor,
        "registration.paid",
        f"registration #{number} {row.name}: {'paid' if paid else 'not paid'}",
        before={"paid": not paid},
        after={"paid": paid},
    )


ERASED = "[deleted]"
"""What stands in the audit trail where a player deleted their data."""


def _erase_from_audit(event: models.Event, registration: models.Registration) -> None:
    """A player's name, club, e-mail and partner taken out of the event's audit entries about
    their registration (the entries stay, with what was done and when)."""
    typed = {v for v in (registration.name, registration.club, registration.email) if v}
    typed |= {registration.partner} if registration.partner else set()
    if not typed:
        return
    mark = f"registration #{registration.number} "

    def scrub(value: Any) -> Any:
        if isinstance(value, str):
            return ERASED if value in typed else value
        if isinstance(value, list):
            return [scrub(v) for v in value]
        if isinstance(value, dict):
            return {k: scrub(v) for k, v in value.items()}
        return value

    for entry in models.AuditEntry.objects.filter(
        event=event, action__startswith="registration.", summary__contains=mark
    ):
        summary = entry.summary
        for value in sorted(typed, key=len, reverse=True):
            summary = summary.replace(value, ERASED)
        entry.summary = summary
        entry.before = scrub(entry.before)
        entry.after = scrub(entry.after)
        entry.save(update_fields=["summary", "before", "after"])


@atomic
def forget_registration(
    actor: Actor, registration: models.Registration
) -> list[models.Registration]:
    """The player deletes their registration's data: before the event starts it leaves the
    event (the first waiting move up); its name, club, e-mail and partner are erased, here
    and in the audit entries about it (an entrant it became keeps the name its results need);
    its number stays taken (a payment's variable symbol is never given twice) and its private
    link stops working."""
    event = lock_event(registration.event)
    registration.refresh_from_db()
    changed: list[models.Registration] = []
    if registration.status in ACTIVE and not event.rounds.exists():
        changed = _write(event, rules.cancel(entries(event), registration.number, event.capacity))
    _erase_from_audit(event, registration)
    registration.refresh_from_db()
    registration.name = ""
    registration.club = ""
    registration.email = ""
    registration.partner = ""
    registration.running_late_until = None
    registration.token = _new_token()
    registration.save()
    write_audit(
        event,
        actor,
        "registration.forget",
        f"registration #{registration.number}: the player deleted their data"
        + _moved_up(changed, registration.number),
    )
    return [r for r in changed if r.number != registration.number]


def forget_emails(after_days: int, now: datetime | None = None) -> int:
    """Erase the e-mail addresses of registrations for events that took place more than
    ``after_days`` days ago; how many were erased. Audited per event."""
    now = now or timezone.now()
    cutoff = (now - timedelta(days=after_days)).date()
    count = 0
    for event in models.Event.objects.filter(
        date__lt=cutoff, registrations__email__gt=""
    ).distinct():
        count += _forget_event_emails(event)
    return count


@atomic
def _forget_event_emails(event: models.Event) -> int:
    event = lock_event(event)
    erased = models.Registration.objects.filter(event=event).exclude(email="").update(email="")
    if erased:
        write_audit(
            event,
            Actor(who="kolo", via="retention"),
            "registration.forget_emails",
            f"e-mail addresses of {erased} registrations erased after the event",
        )
    return int(erased)
