"""An event's announcement in the store (R-REG-1): its details changed, the event published
or cancelled, each in one transaction with its audit entry saying what changed; and what
the calendar and the public pages read of it (the places taken, the upcoming and past
published events)."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, QuerySet
from django.utils import timezone

from kolo.changes import announcement as rules
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit


def details_of(event: models.Event) -> rules.Details:
    """The event's details as the pure change reads them (the deadline in local time)."""
    until = event.registration_until
    return rules.Details(
        date=event.date,
        start_time=event.start_time,
        city=event.city,
        venue=event.venue,
        address=event.address,
        capacity=event.capacity,
        registration_until=timezone.make_naive(until) if until is not None else None,
        fee=event.fee,
        description=event.description,
    )


def _write(event: models.Event, details: rules.Details, names: list[str]) -> None:
    for name in names:
        value = getattr(details, name)
        if name == "registration_until" and value is not None:
            value = timezone.make_aware(value)
        setattr(event, name, value)


@atomic
def announce(
    actor: Actor,
    event: models.Event,
    given: Mapping[str, str],
    *,
    publish: bool = False,
    seen: Mapping[str, str] | None = None,
) -> models.Event:
    """Change the event's details (``given``: field → text; "" clears a field) and, with
    ``publish``, publish a draft (R-REG-1: with its date, city and venue). The audit entry
    keeps every changed field's value before and after. ``seen``: the given fields as the
    organiser's form showed them (one changed meanwhile is refused)."""
    event = lock_event(event)
    change = rules.change_details(
        details_of(event),
        given,
        published=event.published_at is not None,
        cancelled=event.cancelled_at is not None,
        publish=publish,
        seen=seen,
    )
    names = list(change.changed)
    _write(event, change.details, names)
    before: dict[str, Any] = change.before()
    after: dict[str, Any] = change.after()
    if change.publishes:
        event.published_at = timezone.now()
        names.append("published_at")
        before["published_at"] = None
        after["published_at"] = event.published_at.isoformat()
    event.save(update_fields=names)
    write_audit(
        event,
        actor,
        "event.publish" if change.publishes else "event.details",
        change.summary(),
        before=before,
        after=after,
    )
    return event


@atomic
def cancel_event(actor: Actor, event: models.Event, reason: str = "") -> models.Event:
    """Cancel a published event: the public page and the calendars say so."""
    event = lock_event(event)
    rules.cancel(published=event.published_at is not None, cancelled=event.cancelled_at is not None)
    event.cancelled_at = timezone.now()
    event.save(update_fields=["cancelled_at"])
    write_audit(
        event,
        actor,
        "event.cancel",
        "cancelled the event",
        before={"cancelled_at": None},
        after={"cancelled_at": event.cancelled_at.isoformat()},
        reason=reason.strip(),
    )
    return event


def places_taken(event: models.Event) -> int:
    """How many registrations hold a place (status "registered")."""
    from kolo.store.registrations import places

    return places(event).taken


@dataclass(frozen=True)
class Listed:
    """A published event as the calendar lists it."""

    event: models.Event
    taken: int
    series: tuple[models.Series, ...]
    changed_at: datetime.datetime
    """When its announcement last changed (the calendar's DTSTAMP)."""
    sequence: int
    """How often it changed after it was published (the calendar's SEQUENCE)."""

    @property
    def places_left(self) -> int | None:
        if self.event.capacity is None:
            return None
        return max(0, self.event.capacity - self.taken)


def published_events(
    *, series: str = "", city: str = "", ruleset_ids: tuple[str, ...] | None = None
) -> QuerySet[models.Event]:
    """The published events with a date, filtered by a series' key, a city (as typed, any
    case) and rule sets; each with ``taken``, its registrations holding a place."""
    rows = models.Event.objects.filter(published_at__isnull=False, date__isnull=False)
    if series:
        rows = rows.filter(series_entries__series__key=series)
    if city:
        rows = rows.filter(city__iexact=city)
    if ruleset_ids is not None:
        rows = rows.filter(ruleset__in=ruleset_ids)
    changes = Q(audit__action__in=["event.publish", "event.details", "event.cancel"])
    return rows.annotate(
        taken=Count("registrations", filter=Q(registrations__status="registered"), distinct=True),
        announced_at=Max("audit__at", filter=changes),
        announcements=Count("audit", filter=changes, distinct=True),
    ).prefetch_related("series_entries__series")


def calendar(
    today: datetime.date,
    *,
    series: str = "",
    city: str = "",
    ruleset_ids: tuple[str, ...] | None = None,
) -> tuple[list[Listed], list[Listed]]:
    """The upcoming published events (today's included), soonest first, and the past ones,
    latest first."""
    listed = [
        Listed(
            e,
            int(getattr(e, "taken", 0)),
            tuple(s.series for s in e.series_entries.all()),
            getattr(e, "announced_at", None) or e.published_at or e.created_at,
            max(0, int(getattr(e, "announcements", 1)) - 1),
        )
        for e in published_events(series=series, city=city, ruleset_ids=ruleset_ids)
    ]
    upcoming = sorted(
        (item for item in listed if item.event.date and item.event.date >= today),
        key=lambda i: (i.event.date, i.event.start_time or datetime.time(0), i.event.key),
    )
    past = sorted(
        (item for item in listed if item.event.date and item.event.date < today),
        key=lambda i: (i.event.date, i.event.key),
        reverse=True,
    )
    return upcoming, past


def listed(event: models.Event) -> Listed | None:
    """One published event with a date as the calendars list it (None: a draft or no date);
    a player's own calendar entry."""
    found = published_events().filter(pk=event.pk).first()
    if found is None:
        return None
    return Listed(
        found,
        int(getattr(found, "taken", 0)),
        tuple(s.series for s in found.series_entries.all()),
        getattr(found, "announced_at", None) or found.published_at or found.created_at,
        max(0, int(getattr(found, "announcements", 1)) - 1),
    )


def cities() -> list[str]:
    """Every city of a published event, once."""
    values = models.Event.objects.filter(published_at__isnull=False).exclude(city="")
    return sorted(set(values.values_list("city", flat=True)))


def public_details(event: models.Event) -> dict[str, Any]:
    """The event's announcement as the JSON API gives it (never a registration's data)."""
    details = details_of(event)
    return {
        "published": event.published_at is not None,
        "published_at": event.published_at.isoformat() if event.published_at else None,
        "cancelled": event.cancelled_at is not None,
        "cancelled_at": event.cancelled_at.isoformat() if event.cancelled_at else None,
        **{
            name: (
                getattr(details, name)
                if name == "capacity"
                else rules.text_of(name, getattr(details, name)) or None
            )
            for name in rules.FIELDS
        },
        "places_taken": places_taken(event) if event.capacity is not None else None,
    }
