"""Organisers' passwords: the one password rule, and a new password recorded in the audit trail
(never the password itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    pass
from kolo.changes.users import MIN_PASSWORD_LENGTH as MIN_PASSWORD_LENGTH
from kolo.changes.users import check_password as check_password
from kolo.changes.users import password_problem as password_problem
from kolo.store.audit import Actor, atomic, record_entry


@atomic
def set_password(actor: Actor, user: Any, password: str) -> None:
    """Give an organiser a new password (the one password rule); the audit trail records that
    it changed, never the password."""
    check_password(password, "password")
    user.set_password(password)
    user.save(update_fields=["password"])
    name = user.get_username()
    record_entry(None, f"user:{name}", actor, "user.password", f"changed the password of {name}")
