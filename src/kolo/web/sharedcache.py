"""The cache the server processes share: chosen by ``KOLO_CACHE_URL``, and never a reason
for a page to fail.

- ``redis://host:port/db`` (or ``rediss://``, ``unix://``): Redis, through Django's own
  Redis backend, with ``SharedRedisCache`` below in front: several processes (and several
  machines) share the pages they rendered and the events' versions.
- ``database``: the store's own database (Django's database cache, in the table
  ``kolo_cache`` that a migration creates): shared by every process on the store, no other
  server to run.
- ``memory``: each process's own memory.
- unset: ``database`` on PostgreSQL (several processes serve one store there), ``memory``
  on SQLite (one ``kolo serve`` on a laptop: nothing to share, and memory is the fastest).

Redis may stop or become unreachable while kolo serves: ``SharedRedisCache`` then answers
every read as a miss and ignores every write (the pages are rendered from the database),
says so once in the log, and tries Redis again after ``RETRY_SECONDS``. Nothing it keeps
can be stale for longer than a second once Redis is back (see ``kolo.web.snapshots``).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest, QueryDict

import kolo

T = TypeVar("T")

log = logging.getLogger("kolo.cache")

CACHE_TABLE = "kolo_cache"
"""The database cache's table (created by the migration ``kolo_web.0001_cache_table``)."""

RETRY_SECONDS = 0.5
"""After Redis failed to answer, kolo asks it again only after this long (meanwhile: misses)."""


def cache_config(database: dict[str, Any], url: str) -> dict[str, Any]:
    """Django's ``CACHES["default"]`` for ``KOLO_CACHE_URL`` (``url``) and the store."""
    url = url.strip()
    if not url:
        url = "database" if database["ENGINE"].endswith("postgresql") else "memory"
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {
            "BACKEND": "kolo.web.sharedcache.SharedRedisCache",
            "LOCATION": url,
            # one Redis may serve several kolo stores: their pages never mix (nor the
            # pages an older kolo rendered)
            "KEY_PREFIX": f"kolo-{_store_identity(database)}-{kolo.__version__}",
        }
    if url == "database":
        return {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
            "OPTIONS": {"MAX_ENTRIES": 5000},  # six events' pages in two languages
        }
    if url == "memory":
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    raise ImproperlyConfigured(
        f"KOLO_CACHE_URL must be redis://host:port/number, database or memory (found {url!r})"
    )


def _store_identity(database: dict[str, Any]) -> str:
    where = "|".join(str(database.get(k, "")) for k in ("ENGINE", "HOST", "PORT", "NAME"))
    return hashlib.sha256(where.encode()).hexdigest()[:10]


class _Outage:
    """Whether Redis at one address is known not to answer, and when to ask it again."""

    def __init__(self) -> None:
        self.down = False
        self.retry_at = 0.0
        self.lock = threading.Lock()


_outages: dict[str, _Outage] = {}
_outages_guard = threading.Lock()


class SharedRedisCache(RedisCache):
    """Django's Redis cache that never fails a page: while Redis does not answer, a read is
    a miss, a write is skipped (``incr`` of a missing key: ``ValueError``, as for any miss).
    """

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        options = dict(params.get("OPTIONS") or {})
        # a page must not wait long for a cache: a quick refusal, a short wait at most,
        # and one immediate retry (a connection Redis closed when it restarted)
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 0.5)
        options.setdefault("retry", Retry(NoBackoff(), 1))
        super().__init__(server, {**params, "OPTIONS": options})
        # Django makes a cache object per thread: what is known of Redis is the process's
        with _outages_guard:
            self._outage = _outages.setdefault(server, _Outage())

    def _answer(self, call: Callable[[], T], missed: Callable[[], T]) -> T:
        import redis

        outage = self._outage
        if outage.down and time.monotonic() < outage.retry_at:
            return missed()
        try:
            result = call()
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as error:
            with outage.lock:
                outage.retry_at = time.monotonic() + RETRY_SECONDS
                first, outage.down = not outage.down, True
            if first:
                log.warning(
                    "the cache (Redis) does not answer: pages are rendered from the "
                    "database until it does (%s)",
                    error,
                )
            return missed()
        if outage.down:
            with outage.lock:
                was, outage.down = outage.down, False
            if was:
                log.warning("the cache (Redis) answers again")
        return result

    def reachable(self) -> bool:
        """Whether Redis answers now (``/healthz``): a real round trip, no back-off."""
        import redis

        try:
            return bool(self._cache.get_client(write=True).ping())
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
            return False

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._answer(
            lambda: super(SharedRedisCache, self).get(key, default, version), lambda: default
        )

    def set(self, key: Any, value: Any, timeout: Any = None, version: Any = None) -> None:
        from django.core.cache.backends.base import DEFAULT_TIMEOUT

        when = DEFAULT_TIMEOUT if timeout is None else timeout
        self._answer(
            lambda: super(SharedRedisCache, self).set(key, value, when, version), lambda: None
        )

    def add(self, key: Any, value: Any, timeout: Any = None, version: Any = None) -> bool:
        from django.core.cache.backends.base import DEFAULT_TIMEOUT

        when = DEFAULT_TIMEOUT if timeout is None else timeout
        return self._answer(
            lambda: super(SharedRedisCache, self).add(key, value, when, version), lambda: False
        )

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        def missed() -> int:
            raise ValueError(f"Key '{key}' not found (the cache does not answer)")

        return self._answer(lambda: super(SharedRedisCache, self).incr(key, delta, version), missed)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._answer(
            lambda: super(SharedRedisCache, self).delete(key, version), lambda: False
        )

    def touch(self, key: Any, timeout: Any = None, version: Any = None) -> bool:
        from django.core.cache.backends.base import DEFAULT_TIMEOUT

        when = DEFAULT_TIMEOUT if timeout is None else timeout
        return self._answer(
            lambda: super(SharedRedisCache, self).touch(key, when, version), lambda: False
        )

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._answer(
            lambda: super(SharedRedisCache, self).has_key(key, version), lambda: False
        )

    def get_many(self, keys: Iterable[Any], version: Any = None) -> dict[Any, Any]:
        keys = list(keys)
        return self._answer(lambda: super(SharedRedisCache, self).get_many(keys, version), dict)

    def set_many(self, data: dict[Any, Any], timeout: Any = None, version: Any = None) -> list[Any]:
        from django.core.cache.backends.base import DEFAULT_TIMEOUT

        when = DEFAULT_TIMEOUT if timeout is None else timeout
        return self._answer(
            lambda: super(SharedRedisCache, self).set_many(data, when, version), lambda: list(data)
        )

    def delete_many(self, keys: Iterable[Any], version: Any = None) -> None:
        keys = list(keys)
        self._answer(lambda: super(SharedRedisCache, self).delete_many(keys, version), lambda: None)

    def clear(self) -> bool:
        return self._answer(lambda: super(SharedRedisCache, self).clear(), lambda: False)


def reachable(backend: Any) -> bool:
    """Whether the cache answers now: Redis's ping, else a write read back."""
    check = getattr(backend, "reachable", None)
    if check is not None:
        return bool(check())
    key = "kolo:healthz"
    token = time.monotonic_ns()
    backend.set(key, token, 10)
    return bool(backend.get(key) == token)


def page_query(request: HttpRequest, names: Iterable[str]) -> str:
    """Keep only the query parameters ``names`` (those the page reads) in ``request``: the
    page then depends on nothing else, so another query string (``?utm_source=…``,
    ``?_=123``) finds the same cached page. Returns the kept query string."""
    kept = QueryDict(mutable=True)
    for name in sorted(set(names)):
        values = request.GET.getlist(name)
        if values:
            kept.setlist(name, values)
    query = kept.urlencode()
    request.GET = QueryDict(query)
    request.META["QUERY_STRING"] = query
    return query


def short_key(head: str, tail: str) -> str:
    """``head:tail``, with a long or unusual ``tail`` (an address, a query) replaced by its
    digest: every cache takes it (the database cache's keys are at most 250 characters)."""
    if len(tail) > 120 or not tail.isascii() or not tail.isprintable() or " " in tail:
        tail = "#" + hashlib.sha256(tail.encode()).hexdigest()
    return f"{head}:{tail}"
