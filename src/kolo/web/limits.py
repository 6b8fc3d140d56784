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

from django.db import transaction
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


def count(scope: str, name: str, window: timedelta) -> int:
    """Attempts under ``name`` in the last ``window``."""
    since = timezone.now() - window
    return models.LoginFailure.objects.filter(scope=scope, key=key(name), at__gt=since).count()


def latest(scope: str, name: str, window: timedelta, most: int) -> list[datetime]:
    """The times of the last ``most`` attempts under ``name`` in the window, newest first."""
    since = timezone.now() - window
    return list(
        models.LoginFailure.objects.filter(scope=scope, key=key(name), at__gt=since)
        .order_by("-at")
        .values_list("at", flat=True)[:most]
    )


def record(attempts: list[tuple[str, str, timedelta]]) -> None:
    """Count one attempt under each (scope, key, window); forget what has left the windows."""
    now = timezone.now()
    with transaction.atomic():
        for scope in {s for s, _k, _w in attempts}:
            window = max(w for s, _k, w in attempts if s == scope)
            models.LoginFailure.objects.filter(scope=scope, at__lte=now - window).delete()
        models.LoginFailure.objects.filter(at__lte=now - OLDEST).delete()
        models.LoginFailure.objects.bulk_create(
            [models.LoginFailure(scope=s, key=key(k), at=now) for s, k, _w in attempts]
        )


def forget(scope: str, name: str) -> None:
    """Forget every attempt under ``name`` (a good login)."""
    models.LoginFailure.objects.filter(scope=scope, key=key(name)).delete()
