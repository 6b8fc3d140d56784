"""Organisers' passwords: the one password rule."""

from __future__ import annotations

from kolo.changes.common import Refused
from kolo.core.problems import N_

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
    """The password, or ``Refused`` (at ``path``) saying why it cannot be used."""
    problem = password_problem(password)
    if problem is not None:
        raise Refused.one(problem, path=path, minimum=MIN_PASSWORD_LENGTH)
    return password
