"""Who may do what at an event: its owners and assistants."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kolo.changes.roles import role_change
from kolo.core.problems import N_, InvalidInput
from kolo.store import models

if TYPE_CHECKING:
    pass
from kolo.store.audit import Actor, atomic, lock_event, write_audit

OWNER = models.EventRole.OWNER
ASSISTANT = models.EventRole.ASSISTANT


def role_of(user: Any, event: models.Event) -> str | None:
    """The user's role at the event: "owner", "assistant" or None."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return OWNER
    role = models.EventRole.objects.filter(event=event, user=user).values_list("role", flat=True)
    return next(iter(role), None)


def visible_events(user: Any) -> Any:
    """The events the user may open at the desk."""
    if user.is_superuser:
        return models.Event.objects.all()
    return models.Event.objects.filter(roles__user=user).distinct()


@atomic
def set_role(
    actor: Actor, event: models.Event, username: str, role: str | None
) -> models.EventRole | None:
    """Give a user a role at the event (``owner`` or ``assistant``), or none."""
    from django.contrib.auth import get_user_model

    event = lock_event(event)
    user = get_user_model().objects.filter(username=username.strip()).first()
    if user is None:
        raise InvalidInput.one(N_("no user '{name}'"), path="username", name=username)
    existing = models.EventRole.objects.filter(event=event, user=user).first()
    before = existing.role if existing else None
    owners = models.EventRole.objects.filter(event=event, role=models.EventRole.OWNER).count()
    role_change(username, role, before, owners)
    if role is None:
        assert existing is not None
        existing.delete()
        result = None
    else:
        result, _ = models.EventRole.objects.update_or_create(
            event=event, user=user, defaults={"role": role}
        )
    write_audit(
        event,
        actor,
        "team.role",
        f"{user.get_username()}: {before or '-'} → {role or '-'}",
        before={"user": user.get_username(), "role": before},
        after={"user": user.get_username(), "role": role},
    )
    return result
