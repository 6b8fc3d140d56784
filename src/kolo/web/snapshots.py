"""What the players' pages of an event are computed from, read once per version.

An event's version is the id of its last audit entry: every change of the event is
written to the audit trail in the same transaction, so the version changes exactly when
what the pages show may have changed.

- ``version_of``: the version, kept for a second in the cache the processes share
  (every page polls it) and forgotten there at once when a process changes the event
  (``changed``, called when an audit entry is saved and again when its transaction
  commits): every process sees a change at its next poll. A reader of this process that
  read the old version just before the commit cannot put it back afterwards: the
  generation it saw no longer matches. (One of another process can, for at most the
  second the value is kept.) Where the shared cache is the database itself, asking it
  costs what asking the store does: the version is then kept in this process's memory
  for ``LOCAL_VERSION_SECONDS``, so another process's change shows within that time.
  Nothing is trusted longer: while Redis does not answer, the store is asked every time,
  and a version Redis kept expires a second after it was written.
- ``shared``: one value per event and version (the loaded event with its standings) for
  every request of that version; when the version changes, the first request loads it
  and the others asking for the same event wait for that load instead of each loading
  the whole event again. A load counts for a version only if the version was the same
  before and after it (no change committed in between).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache, caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.db import BaseDatabaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction

from kolo.store import models
from kolo.store.audit import event_version

T = TypeVar("T")

VERSION_SECONDS = 1.0
"""How long the shared cache keeps a version it was given (every page polls it)."""
LOCAL_VERSION_SECONDS = 0.5
"""How long a process trusts a version it read, where the shared cache is the database."""

_local = LocMemCache("kolo-versions", {"OPTIONS": {"MAX_ENTRIES": 10000}})

_guard = threading.Lock()
_generation: dict[int, int] = {}
_latest: dict[int, tuple[int, Any]] = {}
_loading: dict[int, threading.Lock] = {}


def _version_key(event_pk: int) -> str:
    return f"kolo:version:{event_pk}"


def stored_version(event_pk: int) -> int:
    """The version as the store has it now (one query)."""
    return event_version(event_pk)


def _versions() -> tuple[BaseCache, float]:
    """Where versions are kept, and for how long."""
    if isinstance(caches["default"], BaseDatabaseCache):
        return _local, LOCAL_VERSION_SECONDS
    return cache, VERSION_SECONDS


def version_of(event_pk: int) -> int:
    """The event's version, read from the store at most once a second (see above)."""
    kept, seconds = _versions()
    known = kept.get(_version_key(event_pk))
    if known is not None:
        return int(known)
    with _guard:
        seen = _generation.get(event_pk, 0)
    value = stored_version(event_pk)
    with _guard:
        if _generation.get(event_pk, 0) == seen:  # no change of ours meanwhile
            kept.set(_version_key(event_pk), value, seconds)
    return value


def changed(event_pk: int) -> None:
    """This process changed the event: forget its version and its snapshot."""
    with _guard:
        _generation[event_pk] = _generation.get(event_pk, 0) + 1
        _latest.pop(event_pk, None)
    _versions()[0].delete(_version_key(event_pk))  # after: a reader now cannot set it back


def audit_saved(sender: Any, instance: models.AuditEntry, **kwargs: Any) -> None:
    """``post_save`` of an audit entry: the event changes now and once committed."""
    event_pk = instance.event_id
    if event_pk is None:
        return
    changed(event_pk)
    transaction.on_commit(lambda: changed(event_pk))


def events_changed(sender: Any, event_pks: Any = (), **kwargs: Any) -> None:
    """The store changed these events without an audit entry of theirs (a series): the same
    as ``audit_saved`` for each."""
    for event_pk in list(event_pks):
        changed(event_pk)
        transaction.on_commit(lambda pk=event_pk: changed(pk))


def shared(event_pk: int, build: Callable[[], T]) -> T:
    """``build()`` for the event's current version, built once per version and process."""
    version = stored_version(event_pk)
    with _guard:
        hit = _latest.get(event_pk)
        lock = _loading.setdefault(event_pk, threading.Lock())
    if hit is not None and hit[0] == version:
        return hit[1]
    with lock:  # one load at a time per event: the others wait and take its result
        with _guard:
            hit = _latest.get(event_pk)
            seen = _generation.get(event_pk, 0)
        if hit is not None and hit[0] >= version:
            return hit[1]
        value = build()
        after = stored_version(event_pk)
        with _guard:
            if after == version and _generation.get(event_pk, 0) == seen:
                _latest[event_pk] = (version, value)
        return value


def forget() -> None:
    """Drop every snapshot and generation (tests: ids are reused after a rollback)."""
    with _guard:
        _generation.clear()
        _latest.clear()
        _loading.clear()
    _local.clear()
