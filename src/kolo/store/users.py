"""Organisers' passwords: the one password rule, and a new password recorded in the audit trail
(never the password itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kolo.core.problems import N_, InvalidInput

if TYPE_CHECKING:
    pass
from kolo.store.audit import Actor, atomic, record_entry

MIN_PASSWORD_LENGTH = 8


def password_problem(password: str) -> str | None:
    """Why a new password cannot be used (untranslated, ``N_``), or ``None``.

    The one rule for every way a password is set: ``kolo user add``, ``kolo user password``,
    the web app's password page and ``KOLO_ADMIN_PASSWORD`` at first run.
    """
    if len(password) < MIN_PASSWORD_LENGTH:
        return N_("a password has at least {minimum} characters")
    return None


def check_password(password: str, path: str) -> str:
    """The password, or ``InvalidInput`` (at ``path``) saying why it cannot be used."""
    problem = password_problem(password)
    if problem is not None:
        raise InvalidInput.one(problem, path=path, minimum=MIN_PASSWORD_LENGTH)
    return password


@atomic
def set_password(actor: Actor, user: Any, password: str) -> None:
    """Give an organiser a new password (the one password rule); the audit trail records that
    it changed, never the password."""
    check_password(password, "password")
    user.set_password(password)
    user.save(update_fields=["password"])
    name = user.get_username()
    record_entry(None, f"user:{name}", actor, "user.password", f"changed the password of {name}")
