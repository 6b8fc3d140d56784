"""Events: keys and names, creating, the settings, deleting, and the whole event checked
before a change is kept."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from kolo.core import event as core
from kolo.core.problems import N_, InvalidInput
from kolo.core.settings import resolve
from kolo.core.validation import (
    MAX_NAME_LENGTH,
    text_problem,
)
from kolo.games import rulesets
from kolo.games.rulesets import check_event
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


def check_key(key: str, path: str) -> None:
    if not KEY_PATTERN.match(key):
        raise InvalidInput.one(
            N_("a key is lower-case letters, digits and dashes, starting with a letter or digit"),
            path=path,
        )


def check_club(club: str, path: str) -> str | None:
    """A club (stripped; empty: none), checked as names are (``text_problem``)."""
    club = club.strip()
    problem = text_problem(club) if club else None
    if problem is not None:
        raise InvalidInput.one(problem, path=path, name=club[:50], limit=MAX_NAME_LENGTH)
    return club or None


def new_event_row(
    name: str, ruleset_id: str, settings: Mapping[str, Any], key: str | None
) -> models.Event:
    name = check_name(name)
    if ruleset_id not in rulesets.REGISTRY:
        raise InvalidInput.one(
            N_("unknown rule set '{ruleset}'; known: {known}"),
            path="--ruleset",
            ruleset=ruleset_id,
            known=", ".join(rulesets.REGISTRY),
        )
    _, problems = resolve(rulesets.get(ruleset_id).defaults, settings)
    if problems:
        raise InvalidInput(problems)
    check_resource_settings(ruleset_id, settings)
    if key is not None:
        check_key(key, "--key")
        if models.Event.objects.filter(key=key).exists():
            raise InvalidInput.one(
                N_("an event with key '{key}' exists already"), path="--key", key=key
            )
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


SHAPE_SETTINGS = ("table_size", "games_per_table", "group_games", "target", "hands")
"""Settings that decide what a played round means; fixed once a round is seated (a match's
target and a game's hands: the sheets written were complete under them)."""

SHAPE_FIXED = N_(
    "'{name}' cannot change once round 1 is seated: it would change the results of the rounds "
    "played"
)

BRACKET_SETTINGS = ("playoff", "playoff_teams", "grand_final_reset")
"""Settings that decide the bracket after the Swiss rounds; fixed once its first round is
seated (R-DOMINO-11: they would change who went through and who won)."""

BRACKET_FIXED = N_(
    "'{name}' cannot change once the bracket has begun: it would change who went through and "
    "who won"
)


@atomic
def change_settings(actor: Actor, event: models.Event, changes: Mapping[str, Any]) -> models.Event:
    """Override settings; a value of ``None`` returns that setting to the rule set's default."""
    event = lock_event(event)
    ruleset = rulesets.get(event.ruleset)
    before = dict(event.settings)
    after = {**before, **changes}
    after = {k: v for k, v in after.items() if v is not None}
    _, problems = resolve(ruleset.defaults, after)
    if problems:
        raise InvalidInput(problems)
    check_resource_settings(event.ruleset, after)
    fixed = (
        (event.rounds.exists(), SHAPE_SETTINGS, SHAPE_FIXED),
        (event.rounds.filter(stage="playoff").exists(), BRACKET_SETTINGS, BRACKET_FIXED),
    )
    for applies, names, message in fixed:
        changed = [n for n in names if applies and before.get(n) != after.get(n)]
        if changed:
            raise InvalidInput.one(message, path="--set", name=changed[0])
    check_whole(replace(to_core(event), settings=after))
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


def check_whole(candidate: core.Event) -> None:
    """Refuse a change after which the event would not be valid (as ``kolo validate``)."""
    problems = check_event(candidate)
    if problems:
        raise InvalidInput(problems)
