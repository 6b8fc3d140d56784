"""Series of events: tours, qualification, ratings; players across a series' events."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from django.db import transaction

from kolo.changes import entrants
from kolo.changes import series as change
from kolo.changes.roles import refuse_not_owner
from kolo.core.problems import N_, InvalidInput
from kolo.series import rules as tours
from kolo.store import models, signals

if TYPE_CHECKING:
    pass
from kolo.store.audit import Actor, atomic, lock_event, record_entry, write_audit
from kolo.store.events import check_name, free_key, slugify
from kolo.store.mapping import find_event, resolve_entrant, to_core


def _series_audit(
    series: models.Series,
    actor: Actor,
    action: str,
    summary: str,
    *,
    before: Any = None,
    after: Any = None,
) -> None:
    record_entry(None, f"series:{series.key}", actor, action, summary, before, after)
    signals.events_changed.send(
        sender=models.Series, event_pks=[entry.event_id for entry in series.entries.all()]
    )


def series_history(series: models.Series) -> Iterable[models.AuditEntry]:
    """Every change to a series, newest first."""
    return models.AuditEntry.objects.filter(event=None, event_key=f"series:{series.key}").order_by(
        "-at", "-id"
    )


def may_change_series(user: Any, series: models.Series) -> bool:
    """Superusers change every series; others the series they made."""
    return bool(user.is_superuser) or (series.owner_id is not None and series.owner_id == user.pk)


def _series_document(series: models.Series) -> dict[str, Any]:
    return {
        "name": series.name,
        "rules": series.rules,
        "championship_top7": list(series.championship_top7),
        "qualification": series.qualification,
        "events": [
            {
                "event": e.event.key,
                "city": e.city,
                "date": e.date.isoformat(),
                "published": _published(e.event),
                "kind": e.kind,
                "declined": list(e.declined),
            }
            for e in series.entries.select_related("event")
        ],
    }


def _players_list(values: Sequence[str], path: str) -> list[str]:
    return change.players_list(values, path)


@atomic
def save_series(
    actor: Actor,
    name: str,
    *,
    key: str | None = None,
    rules: str | None = tours.DEFAULT,
    championship_top7: Sequence[str] = (),
    qualification: Any = None,
    owner: Any = None,
    series: models.Series | None = None,
) -> models.Series:
    """Create a series (``series`` None) or change one; everything is checked first."""
    from kolo.series.document import assemble

    name = check_name(name, "name")
    top7 = _players_list(championship_top7, "championship_top7")
    if series is None:
        if key is not None:
            change.series_key(key, models.Series.objects.filter(key=key).exists())
        series = models.Series(key=key or free_key(slugify(name), models.Series), owner=owner)
        before = None
    else:
        series = models.Series.objects.select_for_update().get(pk=series.pk)
        before = _series_document(series)
    series.name, series.rules = name, rules or None
    series.championship_top7, series.qualification = top7, qualification
    events = (
        [_series_event(e, i) for i, e in enumerate(series.entries.select_related("event"))]
        if series.pk
        else []
    )
    assemble(name, series.rules, top7, qualification, events)  # refuses what a file would
    series.save()
    _series_audit(
        series,
        actor,
        "series.save",
        f"{'created' if before is None else 'changed'} series {series.key}",
        before=before,
        after=_series_document(series),
    )
    return series


def _published(event: models.Event) -> bool:
    """R-TOUR-1 for an event in the store: published there (R-REG-1) and not cancelled. (A
    series file keeps its own flag for the event files it lists.)"""
    return event.published_at is not None and event.cancelled_at is None


def _series_event(entry: models.SeriesEvent, index: int) -> Any:
    from pathlib import Path

    from kolo.series.model import SeriesEvent

    return SeriesEvent(
        index=index,
        file=entry.event.key,
        path=Path(entry.event.key),
        city=entry.city,
        date=entry.date,
        published=_published(entry.event),
        kind=entry.kind,
        declined=tuple(entry.declined),
        event=to_core(entry.event),
    )


def series_value(series: models.Series) -> Any:
    """The series as ``kolo.series`` computes with it (events by the store's key)."""
    from kolo.series.document import assemble

    events = [_series_event(e, i) for i, e in enumerate(series.entries.select_related("event"))]
    return assemble(
        series.name, series.rules, series.championship_top7, series.qualification, events
    )


def _require_owner(user: Any, event: models.Event) -> None:
    """On the web (``user`` given) only an event's owners may put it in a series or change
    its entrants' identities; the command line runs with the store's own rights."""
    from kolo.store.roles import OWNER, role_of

    if user is not None:
        refuse_not_owner(event.key, role_of(user, event) == OWNER)


def _give_identities(actor: Actor, event: models.Event) -> None:
    """Entrants without a series identity get one from their name (jana-novakova; a second
    Jana Nováková of the same event jana-novakova-2): ids alone would make the p1 of every
    event one person."""
    entrants = list(event.entrants.all())
    taken = {e.player for e in entrants if e.player}
    changed = []
    for entrant in entrants:
        if entrant.player:
            continue
        base = slugify(entrant.name) if slugify(entrant.name) != "event" else entrant.code
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        taken.add(candidate)
        entrant.player = candidate
        entrant.save(update_fields=["player"])
        changed.append({"entrant": entrant.code, "player": candidate})
    if changed:
        write_audit(
            event,
            actor,
            "entrant.player",
            f"series identities for {len(changed)} entrants",
            after=changed,
        )


@atomic
def put_series_event(
    actor: Actor,
    series: models.Series,
    event_key: str,
    *,
    city: str,
    date: Any,
    kind: str | None = None,
    declined: Sequence[str] = (),
    user: Any = None,
) -> models.SeriesEvent:
    """Add an event to a series or change what the series records about it. An event joining
    a series gives its entrants series identities where they have none. Whether it counts as
    published (R-TOUR-1) is the event's own publication (R-REG-1), not the series'."""

    series = models.Series.objects.select_for_update().get(pk=series.pk)
    event = find_event(event_key)
    _require_owner(user, event)
    city = check_name(city, "city")
    date = change.event_date(date)
    before = _series_document(series)
    entry = models.SeriesEvent.objects.filter(series=series, event=event).first()
    if entry is None:
        entry = models.SeriesEvent(series=series, event=event)
        _give_identities(actor, lock_event(event))
    entry.city, entry.date = city, date
    entry.kind = kind or None
    entry.declined = _players_list(declined, "declined")
    entry.save()
    try:
        series_value(series)
    except InvalidInput as error:
        transaction.set_rollback(True)
        raise error
    _series_audit(
        series,
        actor,
        "series.event",
        f"series {series.key}: {event.key} ({city}, {date.isoformat()})",
        before=before,
        after=_series_document(series),
    )
    return entry


@atomic
def remove_series_event(actor: Actor, series: models.Series, event_key: str) -> None:
    series = models.Series.objects.select_for_update().get(pk=series.pk)
    before = _series_document(series)
    deleted, _ = models.SeriesEvent.objects.filter(series=series, event__key=event_key).delete()
    if not deleted:
        raise InvalidInput.one(
            N_("{event} is not in series {series}"),
            path="EVENT",
            event=event_key,
            series=series.key,
        )
    _series_audit(
        series,
        actor,
        "series.remove",
        f"series {series.key}: removed {event_key}",
        before=before,
        after=_series_document(series),
    )


@atomic
def merge_players(
    actor: Actor, series: models.Series, keep: str, merge: str, *, user: Any = None
) -> int:
    """Make ``merge`` the same person as ``keep`` in every event of the series (their
    entrants get ``player: keep``); returns how many entrants changed. The audit entry
    keeps who they were, and an entrant's identity can be set back one by one."""
    series = models.Series.objects.select_for_update().get(pk=series.pk)
    keep, merge = change.merge_pair(keep, merge)
    changed = []
    for entry in series.entries.select_related("event"):
        lock_event(entry.event)
        entrants = list(entry.event.entrants.all())
        persons = {e.player or e.code for e in entrants}
        for entrant in entrants:
            if (entrant.player or entrant.code) == merge:
                _require_owner(user, entry.event)
                change.refuse_both_played(keep, merge, entry.event.key, persons)
                changed.append(
                    {"event": entry.event.key, "entrant": entrant.code, "player": entrant.player}
                )
                write_audit(
                    entry.event,
                    actor,
                    "entrant.player",
                    f"{entrant.code} {entrant.name}: player {keep} (merged in series {series.key})",
                    before={"player": entrant.player},
                    after={"player": keep},
                )
                entrant.player = keep
                entrant.save(update_fields=["player"])
    change.refuse_nobody_merged(merge, len(changed))
    _series_audit(
        series,
        actor,
        "series.merge",
        f"series {series.key}: {merge} is {keep} ({len(changed)} entrants)",
        before=changed,
        after={"player": keep},
    )
    signals.events_changed.send(
        sender=models.Series, event_pks=[entry.event_id for entry in series.entries.all()]
    )
    return len(changed)


def checked_player(event: models.Event, entrant: models.Entrant, player: str) -> str | None:
    """A series identity for the entrant: unique in the event; "" clears it."""
    others = event.entrants.exclude(pk=entrant.pk)
    return entrants.player(player, {e.player or e.code for e in others})


@atomic
def set_player(actor: Actor, event: models.Event, ref: str, player: str | None) -> models.Entrant:
    """Set (or clear) an entrant's series identity."""
    event = lock_event(event)
    entrant = resolve_entrant(event, ref)
    before = entrant.player
    value = checked_player(event, entrant, player or "")
    entrant.player = value
    entrant.save(update_fields=["player"])
    write_audit(
        event,
        actor,
        "entrant.player",
        f"{entrant.code} {entrant.name}: player {value or entrant.code}",
        before={"player": before},
        after={"player": value},
    )
    return entrant


def ratings_before(event: models.Event) -> dict[str, float]:
    """The event's entrants' series ratings from the events before it, for seeding by
    rating (the first series the event is in; none: no ratings)."""
    from kolo.series.ratings import RatedEvent, rate, seeds

    entry = event.series_entries.select_related("series").order_by("series__created_at").first()
    change.refuse_unrated(entry is not None)
    assert entry is not None
    earlier = [
        RatedEvent(e.event.key, e.date, to_core(e.event))
        for e in entry.series.entries.select_related("event")
        if e.date < entry.date and e.event_id != event.pk
    ]
    return seeds(rate(earlier), to_core(event))
