"""Entrants: entering, dropping (and taking a drop back), renaming, removing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.db.models import Max

from kolo.changes import entrants as change
from kolo.changes.entrants import ENTERED_ALREADY as ENTERED_ALREADY
from kolo.changes.entrants import DuplicateEntrant as DuplicateEntrant
from kolo.core import event as core
from kolo.games import rulesets
from kolo.store import models
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.events import check_club, check_name
from kolo.store.mapping import resolve_entrant
from kolo.store.series import checked_player


def _next_code(event: models.Event) -> int:
    numbers = [
        int(c[1:])
        for c in event.entrants.values_list("code", flat=True)
        if re.fullmatch(r"p\d+", c)
    ]
    return max(numbers, default=0) + 1


def new_entrant(
    event: models.Event,
    name: str,
    club: str | None,
    members: Sequence[str] = (),
    player: str | None = None,
) -> models.Entrant:
    """One entrant entered in the transaction of a caller that holds the event's lock (the
    caller checks the name and audits): the next id, the last position."""
    number = _next_code(event)
    event.entrant_counter = max(event.entrant_counter, number)
    event.save(update_fields=["entrant_counter"])
    position = event.entrants.aggregate(m=Max("position"))["m"] or 0
    return models.Entrant.objects.create(
        event=event,
        code=f"p{number}",
        name=name,
        club=club,
        position=position + 1,
        members=[{"name": m} for m in members],
        player=player,
    )


@atomic
def add_entrants(
    actor: Actor,
    event: models.Event,
    entries: Sequence[tuple[str, str | None]],
    *,
    allow_duplicate: bool = False,
) -> list[models.Entrant]:
    """Enter people by (name, club); they get ids p1, p2, … and play from the next round."""
    event = lock_event(event)
    cleaned = change.entries(
        [e.name for e in event.entrants.all()], entries, allow_duplicate=allow_duplicate
    )
    first = _next_code(event)
    event.entrant_counter = first + len(cleaned) - 1
    event.save(update_fields=["entrant_counter"])
    position = event.entrants.aggregate(m=Max("position"))["m"] or 0
    created = [
        models.Entrant.objects.create(
            event=event, code=f"p{first + i}", name=name, club=club, position=position + i + 1
        )
        for i, (name, club) in enumerate(cleaned)
    ]
    write_audit(
        event,
        actor,
        "entrant.add",
        f"entered {len(created)}: " + ", ".join(e.name for e in created),
        after=[{"id": e.code, "name": e.name, "club": e.club} for e in created],
    )
    return created


def _entrant_doc(entrant: models.Entrant) -> dict[str, Any]:
    doc = {
        "id": entrant.code,
        "name": entrant.name,
        "club": entrant.club,
        "dropped_after_round": entrant.dropped_after_round,
        "player": entrant.player,
    }
    if entrant.members:
        doc["members"] = entrant.members
    return doc


def members_document(members: Sequence[core.Member]) -> list[dict[str, str]]:
    """A team's members as stored (``Entrant.members``) and written to the event file."""
    return [
        {"name": m.name} | ({"player": m.player} if m.player is not None else {}) for m in members
    ]


@atomic
def set_members(
    actor: Actor, event: models.Event, ref: str, names: Sequence[str]
) -> models.Entrant:
    """Name a team's two members, or replace one, between rounds (R-DOMINO-7): refused while a
    round the team plays in is open, so a match's sheet always names who played it. The audit
    trail keeps the members before and after."""
    event = lock_event(event)
    entrant = resolve_entrant(event, ref)
    open_round = (
        models.Round.objects.filter(event=event, closed=False, tables__seats__entrant=entrant)
        .values_list("number", flat=True)
        .first()
    )
    cleaned = change.members(rulesets.get(event.ruleset).teams, entrant.name, names, open_round)
    before = _entrant_doc(entrant)
    old = {m["name"]: m for m in entrant.members or []}
    entrant.members = [old.get(n, {"name": n}) for n in cleaned]
    if entrant.members == before.get("members"):
        return entrant
    entrant.save(update_fields=["members"])
    write_audit(
        event,
        actor,
        "entrant.members",
        f"members of {entrant.name}: " + ", ".join(cleaned),
        before=before,
        after=_entrant_doc(entrant),
    )
    return entrant


@atomic
def drop_entrant(
    actor: Actor, event: models.Event, ref: str, *, undo: bool = False
) -> models.Entrant:
    """Drop an entrant from the next round on (R-EVT-2), or take a drop back."""
    event = lock_event(event)
    entrant = resolve_entrant(event, ref)
    before = _entrant_doc(entrant)
    last_round = event.rounds.aggregate(m=Max("number"))["m"] or 0
    entrant.dropped_after_round = change.drop(
        entrant.name, entrant.dropped_after_round, last_round, undo=undo
    )
    if undo:
        summary = f"took back the drop of {entrant.name}"
    else:
        summary = f"dropped {entrant.name} after round {entrant.dropped_after_round}"
    entrant.save(update_fields=["dropped_after_round"])
    write_audit(event, actor, "entrant.drop", summary, before=before, after=_entrant_doc(entrant))
    return entrant


@atomic
def rename_entrant(
    actor: Actor,
    event: models.Event,
    ref: str,
    name: str | None,
    club: str | None,
    player: str | None = None,
) -> models.Entrant:
    """Correct an entrant's name, club or series identity (``player``: "" clears it)."""
    event = lock_event(event)
    entrant = resolve_entrant(event, ref)
    before = _entrant_doc(entrant)
    if name is not None:
        entrant.name = check_name(name, "--name", entrant=True)
    if club is not None:
        entrant.club = check_club(club, "--club")
    if player is not None:
        entrant.player = checked_player(event, entrant, player)
    entrant.save(update_fields=["name", "club", "player"])
    write_audit(
        event,
        actor,
        "entrant.edit",
        f"edited {entrant.code}",
        before=before,
        after=_entrant_doc(entrant),
    )
    return entrant


@atomic
def remove_entrant(actor: Actor, event: models.Event, ref: str) -> models.Entrant:
    """Take back an entry made by mistake; only for someone never seated."""
    event = lock_event(event)
    entrant = resolve_entrant(event, ref)
    change.refuse_removal(entrant.name, entrant.seats.exists() or entrant.byes.exists())
    before = _entrant_doc(entrant)
    entrant.delete()
    write_audit(event, actor, "entrant.remove", f"removed {before['name']}", before=before)
    return entrant


@atomic
def add_teams(
    actor: Actor,
    event: models.Event,
    teams: Sequence[tuple[str, Sequence[str]]],
    *,
    allow_duplicate: bool = False,
) -> list[models.Entrant]:
    """Enter teams by (name, members): each gets its id and, where its two members are given,
    its members (R-DOMINO-7); all or nothing."""
    created = add_entrants(
        actor, event, [(name, None) for name, _ in teams], allow_duplicate=allow_duplicate
    )
    for entrant, (_, members) in zip(created, teams, strict=True):
        if members:
            set_members(actor, event, entrant.code, members)
            entrant.refresh_from_db()
    return created
