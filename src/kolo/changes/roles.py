"""Roles at an event: who may be given which role, and who may lose theirs."""

from __future__ import annotations

from kolo.changes.common import Refused
from kolo.core.problems import N_

OWNER = "owner"
ASSISTANT = "assistant"
ROLES = (OWNER, ASSISTANT)


def role_change(username: str, role: str | None, before: str | None, owners: int) -> None:
    """Refuse giving ``username`` the ``role`` (None: taking theirs away) where they hold
    ``before`` and the event has ``owners`` owners: only a held role is taken away, the last
    owner keeps theirs (the event needs one), and a role is one of ``ROLES``."""
    if role is None:
        if before is None:
            raise Refused.one(N_("'{name}' has no role here"), path="username", name=username)
        if before == OWNER and owners == 1:
            raise Refused.one(N_("the event needs an owner"), path="username")
    elif role not in ROLES:
        raise Refused.one(N_("unknown role '{role}'"), path="role", role=role)


def refuse_not_owner(event: str, owner: bool) -> None:
    """Only an event's owners put it in a series or change its entrants' identities (on the
    web; the command line runs with the store's own rights)."""
    if not owner:
        raise Refused.one(N_("only the owners of {event} may do this"), path="EVENT", event=event)
