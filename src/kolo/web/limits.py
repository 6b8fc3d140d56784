"""Counted attempts, shared by every server process: the one mechanism behind the login
throttle (``accounts``), the registration limits (``views.registration``) and the
table-code limit (``views.selfreport``).

An attempt is a row (``models.LoginFailure``: a scope, a key, a time) in the database, not in
a process's memory, so that a count holds however many processes serve and an attacker's
tries count once. Keys name the client as the trusted proxy does
(``accounts.client_address``). Each scope has its window; recording an attempt forgets the
scope's attempts older than it (and anything older than a day, whatever its scope).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from kolo.store import models

KEY_LENGTH = 150
"""``models.LoginFailure.key``'s length: a longer key is stored as its digest."""
OLDEST = timedelta(days=1)
"""No window is longer: rows older than this are forgotten whatever their scope."""


def key(*parts: str) -> str:
    """One key of several parts (an account and an address, an event and an address)."""
    joined = " ".join(parts)
    if len(joined) <= KEY_LENGTH:
        return joined
    return "#" + hashlib.sha256(joined.encode("utf-8")).hexdigest()


def _rows(scope: str, name: str, window: timedelta, before: int | None) -> QuerySet[Any]:
    since = timezone.now() - window
    rows = models.LoginFailure.objects.filter(scope=scope, key=key(name), at__gt=since)
    return rows if before is None else rows.filter(pk__lt=before)


def count(scope: str, name: str, window: timedelta, *, before: int | None = None) -> int:
    """Attempts under ``name`` in the last ``window`` (recorded before the row ``before``)."""
    return _rows(scope, name, window, before).count()


def latest(
    scope: str, name: str, window: timedelta, most: int, *, before: int | None = None
) -> list[datetime]:
    """The times of the last ``most`` attempts under ``name`` in the window (recorded before
    the row ``before``), newest first."""
    rows = _rows(scope, name, window, before).order_by("-at")
    return list(rows.values_list("at", flat=True)[:most])


def record(attempts: list[tuple[str, str, timedelta]]) -> list[int]:
    """Count one attempt under each (scope, key, window); forget what has left the windows.
    Returns the new rows' ids (``drop`` takes them back)."""
    now = timezone.now()
    with transaction.atomic():
        for scope in {s for s, _k, _w in attempts}:
            window = max(w for s, _k, w in attempts if s == scope)
            models.LoginFailure.objects.filter(scope=scope, at__lte=now - window).delete()
        models.LoginFailure.objects.filter(at__lte=now - OLDEST).delete()
        return [
            models.LoginFailure.objects.create(scope=s, key=key(k), at=now).pk
            for s, k, _w in attempts
        ]


def drop(rows: list[int]) -> None:
    """Take back attempts counted by ``record`` (a try that turned out not to count)."""
    if rows:
        models.LoginFailure.objects.filter(pk__in=rows).delete()


def forget(scope: str, name: str) -> None:
    """Forget every attempt under ``name`` (a good login)."""
    models.LoginFailure.objects.filter(scope=scope, key=key(name)).delete()
