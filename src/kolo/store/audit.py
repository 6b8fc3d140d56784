"""Every change in one transaction and in the audit trail: who acts (``Actor``), ``atomic``,
the audit entry of a change, the event's row lock, and an event's trail."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from django.db import DataError, IntegrityError, transaction
from django.db.models import Max

from kolo.core.problems import N_, InvalidInput
from kolo.store import models

if TYPE_CHECKING:
    pass


P = ParamSpec("P")


R = TypeVar("R")


@dataclass(frozen=True)
class Actor:
    """Who makes a change, for the audit trail."""

    who: str
    via: str = "cli"


def atomic(operation: Callable[P, R]) -> Callable[P, R]:
    """Run the operation in one transaction; a refusal rolls everything back."""

    @wraps(operation)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with transaction.atomic():
                return operation(*args, **kwargs)
        except (IntegrityError, DataError, OverflowError) as error:
            # a race or a value the checks before could not see
            raise InvalidInput.one(
                N_("the store refused the change: {reason}"),
                path="store",
                reason=str(error).strip(),
            ) from None

    return run


def write_audit(
    event: models.Event,
    actor: Actor,
    action: str,
    summary: str,
    *,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    record_entry(event, event.key, actor, action, summary, before, after, reason)


def record_entry(
    event: models.Event | None,
    key: str,
    actor: Actor,
    action: str,
    summary: str,
    before: Any = None,
    after: Any = None,
    reason: str = "",
) -> None:
    """One audit entry: of an event, or (event None) of what ``key`` names, such as
    ``pool:NAME`` or ``series:KEY``."""
    models.AuditEntry.objects.create(
        event=event,
        event_key=key,
        who=actor.who,
        via=actor.via,
        action=action,
        summary=summary,
        before=before,
        after=after,
        reason=reason,
    )


def lock_event(event: models.Event) -> models.Event:
    """Take the event's row lock: changes to one event happen one after another."""
    return models.Event.objects.select_for_update().get(pk=event.pk)


def audit_trail(event: models.Event) -> Iterable[models.AuditEntry]:
    """Every change to the event, oldest first."""
    return models.AuditEntry.objects.filter(event=event).order_by("at", "id")


def event_version(event_pk: int) -> int:
    """The event's version: the id of its last audit entry (every change writes one), 0 for
    none. One query."""
    value = models.AuditEntry.objects.filter(event_id=event_pk).aggregate(m=Max("id"))["m"]
    return int(value or 0)
