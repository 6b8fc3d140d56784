"""When the database does not answer: a page saying so, and ``/healthz`` for the proxy.

While the store's database is away (PostgreSQL restarting, the network between), every
page answers 503 with a short page asking to try again in a moment and a ``Retry-After``
header: no traceback, nothing half done (a change is one transaction). Nothing has to be
restarted when the database is back: Django drops a connection that failed at the end of
its request, and checks a kept PostgreSQL connection before a request uses it
(``CONN_HEALTH_CHECKS``), so the next request connects afresh.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.defaults import server_error as django_server_error

from kolo.web import sharedcache

log = logging.getLogger("kolo.database")

RETRY_AFTER_SECONDS = 10
"""What the 503 page's ``Retry-After`` header asks clients to wait."""

HEALTH_PATH = "/healthz"
"""Answered by ``DatabaseDownMiddleware`` itself, for any host name."""

_quiet = threading.Lock()
_last_said = 0.0


def database_away(error: BaseException | None) -> bool:
    """Whether ``error`` says the database cannot be reached (not a refused change)."""
    return isinstance(error, OperationalError | InterfaceError)


def unavailable(request: HttpRequest | None = None) -> HttpResponse:
    """The 503 page: try again in a moment (rendered without the database); the API's
    clients get it as the API's errors are, ``{"error": …}``."""
    response: HttpResponse
    if request is not None and request.path_info.startswith("/api/"):
        response = JsonResponse({"error": _("Try again in a moment")}, status=503)
    else:
        response = HttpResponse(
            render_to_string("kolo/unavailable.html", {"retry_after": RETRY_AFTER_SECONDS}),
            status=503,
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    response._has_been_logged = True  # _say's line instead
    return response


def _say(error: BaseException) -> None:
    """One line in the log at most every ten seconds, not a traceback per request."""
    global _last_said
    with _quiet:
        now = time.monotonic()
        if now - _last_said < 10:
            return
        _last_said = now
    log.warning("the database does not answer: pages say to try again (%s)", error)


class DatabaseDownMiddleware:
    """The first of the middleware: ``/healthz`` answered before any other (no session, no
    host check: the proxy or the service manager may ask ``localhost``), and a view that
    fails because the database does not answer gets the 503 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == HEALTH_PATH:
            return healthz(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_away(exception):
            return None
        _say(exception)
        return unavailable(request)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: the 503 page also when the database failed outside a view (a
    session saved after it); Django's own error page otherwise."""
    error = sys.exc_info()[1]
    if database_away(error):
        assert error is not None
        _say(error)
        return unavailable(request)
    return django_server_error(request)


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    """200 ``ok`` when the database and the cache answer; 200 ``ok (cache down: …)`` when
    only a cache of its own (Redis) does not — pages are then rendered from the database, so
    a proxy must keep sending requests; 503 naming what does not answer when the database
    does not (the database cache with it)."""
    database = True
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        database = False
    try:
        cached = sharedcache.reachable(cache)
    except Exception:  # a database cache while the database is away, a cache misconfigured
        cached = False
    if database and cached:
        return HttpResponse("ok\n", content_type="text/plain; charset=utf-8")
    if database:
        return HttpResponse(
            "ok (cache down: pages from the database)\n", content_type="text/plain; charset=utf-8"
        )
    down = [name for name, ok in (("database", database), ("cache", cached)) if not ok]
    response = HttpResponse(
        f"down: {' '.join(down)}\n", content_type="text/plain; charset=utf-8", status=503
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response._has_been_logged = True  # the proxy asks often
    return response
