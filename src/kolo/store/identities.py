"""Identity across the season: a registration whose name is a past entrant's of the series'
other events, ignoring case and accents (Novák = Novak), is offered to the organiser as that
person (``Entrant.player``, the series identity); linking it ("same person", audited) gives
the entrant check-in makes of it that identity, so that the series counts one person, not
two."""

from __future__ import annotations

from dataclasses import dataclass

from kolo.core.collation import fold
from kolo.core.problems import N_, InvalidInput
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.registrations import by_number


@dataclass(frozen=True)
class Known:
    """A person of the series: their identity, their name and the event they played last."""

    player: str
    name: str
    event: str


def known_players(event: models.Event) -> dict[str, Known]:
    """The past entrants with a series identity of the other events of the event's series,
    by their folded name (the latest event's entry where one name played twice)."""
    series = models.SeriesEvent.objects.filter(event=event).values_list("series_id", flat=True)
    rows = (
        models.Entrant.objects.filter(event__series_entries__series_id__in=list(series))
        .exclude(event=event)
        .exclude(player__isnull=True)
        .exclude(player="")
        .select_related("event")
        .order_by("event__series_entries__date", "event_id", "position")
        .distinct()
    )
    return {fold(e.name): Known(e.player or "", e.name, e.event.name) for e in rows}


def match(event: models.Event, rows: list[models.Registration]) -> dict[int, Known]:
    """The registrations (by number) whose name is a known person's."""
    known = known_players(event)
    if not known:
        return {}
    return {r.number: known[fold(r.name)] for r in rows if r.name and fold(r.name) in known}


@atomic
def link_player(actor: Actor, event: models.Event, number: int, player: str) -> models.Registration:
    """The organiser says registration ``number`` is the series' person ``player`` (one of
    those its name matches): the entrant check-in makes of it (or made already) takes that
    identity. Refused for another person, or one another entrant of the event is already."""
    event = lock_event(event)
    row = by_number(event, number)
    found = match(event, [row]).get(row.number)
    if found is None or found.player != player:
        raise InvalidInput.one(
            N_("{name} is not a past player of this series under that identity"),
            path="player",
            name=row.name,
        )
    entrants = event.entrants.filter(player=player)
    if row.entrant_id is not None:
        entrants = entrants.exclude(pk=row.entrant_id)
    others = event.registrations.filter(player=player).exclude(pk=row.pk)
    if entrants.exists() or others.exists():
        raise InvalidInput.one(
            N_("another player of this event is already '{player}'"), path="player", player=player
        )
    before = row.player
    row.player = player
    row.save(update_fields=["player", "changed_at"])
    after: dict[str, str] = {"player": player}
    if row.entrant is not None and row.entrant.player != player:
        after["entrant"] = row.entrant.code
        row.entrant.player = player
        row.entrant.save(update_fields=["player"])
    write_audit(
        event,
        actor,
        "registration.player",
        f"registration #{row.number} {row.name}: the same person as {player}",
        before={"player": before or None},
        after=after,
    )
    return row
