"""Events: keys and names, creating, the settings, deleting, and the whole event checked
before a change is kept."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kolo.changes.common import check_whole as check_whole
from kolo.changes.events import BRACKET_FIXED as BRACKET_FIXED
from kolo.changes.events import BRACKET_SETTINGS as BRACKET_SETTINGS
from kolo.changes.events import SHAPE_FIXED as SHAPE_FIXED
from kolo.changes.events import SHAPE_SETTINGS as SHAPE_SETTINGS
from kolo.changes.events import new_event, new_key, refuse_fixed, settings_after
from kolo.changes.names import check_club as check_club
from kolo.changes.names import check_key as check_key
from kolo.store import models

if TYPE_CHECKING:
    pass
from kolo.store.audit import Actor, atomic, lock_event, write_audit
from kolo.store.games import check_resource_settings
from kolo.store.mapping import export_document, to_core
from kolo.store.names import KEY_PATTERN as KEY_PATTERN  # moved; named here as before
from kolo.store.names import check_name as check_name
from kolo.store.names import name_problem as name_problem


def slugify(name: str) -> str:
    """A short ASCII handle from a name: 'Brno – březen 2026' → 'brno-brezen-2026'."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return slug[:60].strip("-") or "event"


def free_key(base: str, model: Any = models.Event) -> str:
    """``base``, or ``base-2``, ``base-3``… : the first key no row of ``model`` has."""
    key, n = base, 1
    while model.objects.filter(key=key).exists():
        n += 1
        key = f"{base}-{n}"
    return key


def new_event_row(
    name: str, ruleset_id: str, settings: Mapping[str, Any], key: str | None
) -> models.Event:
    name = new_event(name, ruleset_id, settings)
    check_resource_settings(ruleset_id, settings)
    if key is not None:
        new_key(key, models.Event.objects.filter(key=key).exists())
    else:
        key = free_key(slugify(name))
    return models.Event.objects.create(
        key=key, name=name, ruleset=ruleset_id, settings=dict(settings)
    )


@atomic
def create_event(
    actor: Actor,
    name: str,
    ruleset_id: str,
    settings: Mapping[str, Any] | None = None,
    key: str | None = None,
    owner: Any = None,
) -> models.Event:
    """A new, empty event; ``owner`` (a user) becomes its owner."""
    event = new_event_row(name, ruleset_id, settings or {}, key)
    if owner is not None:
        models.EventRole.objects.create(event=event, user=owner, role=models.EventRole.OWNER)
    write_audit(
        event,
        actor,
        "event.create",
        f"created event '{event.name}' ({event.ruleset})",
        after={
            "key": event.key,
            "name": event.name,
            "ruleset": event.ruleset,
            "settings": event.settings,
        },
    )
    return event


@atomic
def change_settings(actor: Actor, event: models.Event, changes: Mapping[str, Any]) -> models.Event:
    """Override settings; a value of ``None`` returns that setting to the rule set's default."""
    event = lock_event(event)
    before = dict(event.settings)
    current = to_core(event)
    after = settings_after(current, changes)
    check_resource_settings(event.ruleset, after)
    refuse_fixed(current, after)
    event.settings = after
    event.save(update_fields=["settings"])
    write_audit(event, actor, "event.settings", "changed settings", before=before, after=after)
    return event


@atomic
def delete_event(actor: Actor, event: models.Event) -> None:
    """Delete the event; its audit trail stays, with the whole event as it was."""
    event = lock_event(event)
    document = export_document(event)
    write_audit(event, actor, "event.delete", f"deleted event '{event.name}'", before=document)
    models.Seat.objects.filter(round__event=event).delete()
    models.Score.objects.filter(game__table__round__event=event).delete()
    event.delete()
