"""The cache the server processes share, /healthz, and what happens when the database or
Redis does not answer: pages rendered once per change for all processes, a version changed
by one process seen by the others, a junk query string served from the cache, Redis
stopped and started (a real redis-server on a free port), a 503 page while the database
is away."""

from __future__ import annotations

import logging
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.core.exceptions import ImproperlyConfigured
from django.db import OperationalError, connection
from django.db.models.signals import post_save
from django.test import Client, override_settings

from kolo.store import api as store
from kolo.store import models
from kolo.web import outage, sharedcache, snapshots
from kolo.web.views import public
from tests.web.conftest import ACTOR

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
POSTGRES = {"ENGINE": "django.db.backends.postgresql", "HOST": "db", "PORT": "5432", "NAME": "k"}
SQLITE = {"ENGINE": "django.db.backends.sqlite3", "NAME": "/tmp/kolo.sqlite3"}
DATABASE_CACHE = {"default": sharedcache.cache_config(POSTGRES, "database")}


# --- choosing the cache -------------------------------------------------------------------


def test_the_cache_is_chosen_by_kolo_cache_url():
    redis = sharedcache.cache_config(SQLITE, "redis://127.0.0.1:6379/0")
    assert redis["BACKEND"] == "kolo.web.sharedcache.SharedRedisCache"
    assert redis["LOCATION"] == "redis://127.0.0.1:6379/0"
    assert sharedcache.cache_config(SQLITE, "database")["BACKEND"].endswith("db.DatabaseCache")
    assert sharedcache.cache_config(POSTGRES, "memory")["BACKEND"].endswith("LocMemCache")
    # unset: shared through the database on PostgreSQL, each process's memory on SQLite
    assert sharedcache.cache_config(POSTGRES, "")["LOCATION"] == sharedcache.CACHE_TABLE
    assert sharedcache.cache_config(SQLITE, " ")["BACKEND"].endswith("LocMemCache")
    with pytest.raises(ImproperlyConfigured, match="KOLO_CACHE_URL"):
        sharedcache.cache_config(POSTGRES, "memcached://x")


def test_two_stores_on_one_redis_never_share_a_key():
    url = "redis://127.0.0.1:6379/0"
    other = {**POSTGRES, "NAME": "another"}
    assert (
        sharedcache.cache_config(POSTGRES, url)["KEY_PREFIX"]
        != sharedcache.cache_config(other, url)["KEY_PREFIX"]
    )


@pytest.mark.db
@pytest.mark.django_db
def test_the_database_cache_table_is_made_by_the_migrations():
    assert sharedcache.CACHE_TABLE in connection.introspection.table_names()
    with override_settings(CACHES=DATABASE_CACHE):
        assert isinstance(caches["default"], DatabaseCache)
        cache.set("kolo:test", {"a": 1}, 30)
        assert cache.get("kolo:test") == {"a": 1}


# --- pages: once per change, whatever the query string, for every process ----------------


def paired(name: str) -> models.Event:
    created = store.create_event(ACTOR, name, "dominion-cz")
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)])
    store.pair_round(ACTOR, created, seed=1)
    return created


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The templates the players' pages rendered, one entry per render."""
    calls: list[str] = []
    real = public.render

    def counting(request, template, context=None, *args, **kwargs):
        calls.append(template)
        return real(request, template, context, *args, **kwargs)

    monkeypatch.setattr(public, "render", counting)
    return calls


@pytest.mark.db
@pytest.mark.django_db
def test_a_junk_query_string_is_served_from_the_cache(renders):
    event = paired("Brno 2026")
    client = Client()
    page = f"/e/{event.key}/standings/"
    first = client.get(page)
    for junk in ("?_=123", "?utm_source=x&utm_medium=qr", "?_=124&fbclid=abc"):
        answer = client.get(page + junk)
        assert answer.status_code == 200
        assert answer.content == first.content
    assert renders == ["kolo/public/standings.html"]
    # what the page reads still counts: the highlighted player, a search
    highlighted = client.get(page + "?me=p1&_=9")
    assert len(renders) == 2
    assert client.get(page + "?_=10&me=p1").content == highlighted.content
    assert len(renders) == 2
    client.get(f"/e/{event.key}/find/?q=Player+3&utm_source=x")
    found = client.get(f"/e/{event.key}/find/?q=Player+3")
    assert b"Player 3" in found.content
    assert client.get(f"/e/{event.key}/find/?q=Player+4").status_code == 200
    assert len(renders) == 4


@pytest.mark.django_db
def test_made_up_values_of_what_a_page_reads_render_no_page_of_their_own(renders):
    """``?me=`` naming nobody highlights nobody, and a search padded with spaces is the same
    search: neither renders (nor keeps) a page of its own."""
    event = paired("Brno 2026")
    client = Client()
    page = f"/e/{event.key}/standings/"
    plain = client.get(page)
    for junk in ("?me=zzz1", "?me=zzz2", "?me=" + "x" * 90):
        assert client.get(page + junk).content == plain.content
    assert renders == ["kolo/public/standings.html"]
    client.get(f"/e/{event.key}/find/?q=Player+3")
    client.get(f"/e/{event.key}/find/?q=++Player+3++")
    assert len(renders) == 2


@pytest.mark.django_db
def test_a_notice_for_one_visitor_is_never_kept_for_the_others():
    """A one-time notice (Django's messages) shown on a players' page belongs to the
    visitor it was for: that page is not cached, and the next visitor's page has none."""
    from django.contrib.messages import INFO
    from django.contrib.messages.storage.cookie import CookieStorage

    event = paired("Brno 2026")
    page = f"/e/{event.key}/standings/"
    first = Client()
    storage = CookieStorage(type("R", (), {"COOKIES": {}})())
    storage.add(INFO, "Only for the first visitor.")
    first.cookies[CookieStorage.cookie_name] = storage._encode(list(storage._queued_messages))
    seen = first.get(page)
    assert b"Only for the first visitor." in seen.content
    other = Client().get(page)
    assert b"Only for the first visitor." not in other.content


@pytest.mark.db
@pytest.mark.django_db
@override_settings(CACHES=DATABASE_CACHE)
def test_a_long_search_is_kept_too(renders):
    """The database cache takes keys of at most 250 characters: a long address is kept
    under its digest, not rendered again on every request."""
    import warnings

    from django.core.cache.backends.base import CacheKeyWarning

    event = paired("Brno 2026")
    client = Client()
    search = f"/e/{event.key}/find/?q=" + "Player%20" * 40
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        first = client.get(search)
        assert first.status_code == 200
        assert client.get(search).content == first.content
    assert not [w for w in warned if issubclass(w.category, CacheKeyWarning)]
    assert renders == ["kolo/public/find.html"]


@pytest.mark.db
@pytest.mark.django_db
def test_the_language_links_name_only_what_the_page_reads():
    """The page is kept for every query string: it must not carry the first one's."""
    event = paired("Brno 2026")
    answer = Client().get(f"/e/{event.key}/tables/?utm_source=newsletter&me=p2")
    assert b"utm_source" not in answer.content
    assert b"me%3Dp2" in answer.content  # the language link comes back to the same page


@pytest.mark.db
@pytest.mark.django_db
def test_the_calendar_ignores_a_junk_query_string(monkeypatch):
    from kolo.web.views import calendar

    rendered: list[str] = []
    real = calendar.render
    monkeypatch.setattr(calendar, "render", lambda *a, **k: rendered.append(a[1]) or real(*a, **k))
    client = Client()
    assert client.get("/calendar/?utm_source=x").status_code == 200
    assert client.get("/calendar/?_=5").status_code == 200
    assert client.get("/calendar/").status_code == 200
    assert len(rendered) == 1
    client.get("/calendar/?city=Brno")
    assert len(rendered) == 2


def forget_this_process() -> None:
    """What a second server process starts with: none of this one's memory."""
    snapshots.forget()


@contextmanager
def another_process_writes() -> Iterator[None]:
    """A change made as another process makes it: this process's own bookkeeping (which
    forgets the version it keeps) does not hear of it."""
    post_save.disconnect(dispatch_uid="kolo-snapshots", sender=models.AuditEntry)
    try:
        yield
    finally:
        post_save.connect(
            snapshots.audit_saved, sender=models.AuditEntry, dispatch_uid="kolo-snapshots"
        )


@pytest.mark.db
@pytest.mark.django_db
@override_settings(CACHES=DATABASE_CACHE)
def test_a_page_rendered_by_one_process_is_served_by_another(renders):
    event = paired("Brno 2026")
    Client().get(f"/e/{event.key}/standings/")
    forget_this_process()
    answer = Client().get(f"/e/{event.key}/standings/?utm_source=x")
    assert answer.status_code == 200
    assert renders == ["kolo/public/standings.html"]  # found in the shared cache


@pytest.mark.db
@pytest.mark.django_db
@override_settings(CACHES=DATABASE_CACHE)
def test_with_the_database_cache_another_process_change_shows_within_half_a_second():
    event = paired("Brno 2026")
    client = Client()
    before = client.get(f"/e/{event.key}/version/").json()["version"]
    seats = [s.entrant.code for s in models.Seat.objects.filter(table__number=1)]
    with another_process_writes():
        store.record_result(ACTOR, event, 1, 1, {p: 30 + i for i, p in enumerate(seats)})
    time.sleep(snapshots.LOCAL_VERSION_SECONDS + 0.05)
    after = client.get(f"/e/{event.key}/version/").json()["version"]
    assert after > before
    assert after == snapshots.stored_version(event.pk)


# --- a real Redis, stopped and started ----------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(self) -> None:
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="kolo-redis-")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.folder,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def pause(self) -> None:
        """Unreachable but keeping what it holds (a network cut): SIGSTOP."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    if not Path(REDIS).exists():
        if os.environ.get("KOLO_REQUIRE_LEAGUE"):
            pytest.fail(f"no redis-server at {REDIS} (apt-get install redis-server)")
        pytest.skip("no redis-server here (apt-get install redis-server)")
    server = RedisServer()
    server.start()
    try:
        yield server
    finally:
        if server.process is not None:
            server.resume()
        server.stop()
        shutil.rmtree(server.folder, ignore_errors=True)


def redis_caches(url: str) -> dict[str, dict[str, object]]:
    return {"default": sharedcache.cache_config(POSTGRES, url)}


def backend(url: str) -> sharedcache.SharedRedisCache:
    """A cache as one server process has it (its own connections)."""
    return sharedcache.SharedRedisCache(url, {"KEY_PREFIX": "kolo-test"})


def test_two_processes_share_what_redis_keeps(redis_server):
    one, two = backend(redis_server.url), backend(redis_server.url)
    one.set("page", b"<html>", 30)
    assert two.get("page") == b"<html>"
    assert two.add("count", 0, 30)
    assert one.incr("count") == 1
    two.delete("page")
    assert one.get("page") is None


def test_redis_stopped_is_a_miss_and_back_within_two_seconds(redis_server, caplog):
    cache_of_a_process = backend(redis_server.url)
    another_thread = backend(redis_server.url)  # Django makes one per thread
    cache_of_a_process.set("page", b"old", 30)
    redis_server.stop()
    with caplog.at_level(logging.WARNING, logger="kolo.cache"):
        for _ in range(3):
            assert another_thread.get("page") is None
            assert cache_of_a_process.get("page") is None
            cache_of_a_process.set("page", b"new", 30)  # nothing raised
            assert cache_of_a_process.add("count", 0, 30) is False
            with pytest.raises(ValueError, match="not found"):
                cache_of_a_process.incr("count")
            assert cache_of_a_process.delete("page") is False
            assert cache_of_a_process.get_many(["page"]) == {}
            assert not sharedcache.reachable(cache_of_a_process)
            time.sleep(sharedcache.RETRY_SECONDS)  # tried again each time: refused again
    assert len([r for r in caplog.records if "does not answer" in r.getMessage()]) == 1
    assert not [r for r in caplog.records if r.exc_info]
    redis_server.start()
    time.sleep(sharedcache.RETRY_SECONDS)
    cache_of_a_process.set("page", b"back", 30)
    assert cache_of_a_process.get("page") == b"back"
    assert sharedcache.reachable(cache_of_a_process)


def record_first_table(event: models.Event, top: int) -> None:
    seats = [
        s.entrant.code
        for s in models.Seat.objects.filter(table__round__event=event, table__number=1)
    ]
    store.record_result(
        ACTOR, event, 1, 1, {p: top if i == 0 else 10 + i for i, p in enumerate(seats)}
    )


def shows_within(client: Client, page: str, text: bytes, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        answer = client.get(page)
        assert answer.status_code == 200
        if text in answer.content:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


@pytest.mark.db
@pytest.mark.django_db
@pytest.mark.parametrize("outage", ["stopped", "cut off"])
def test_pages_are_served_while_redis_is_away_and_current_once_back(
    redis_server, outage, django_capture_on_commit_callbacks
):
    with override_settings(CACHES=redis_caches(redis_server.url)):
        event = paired("Brno 2026")
        client = Client()
        page = f"/e/{event.key}/tables/"
        assert b"4711" not in client.get(page).content  # cached, with its version
        if outage == "stopped":
            redis_server.stop()
        else:
            redis_server.pause()  # keeps the page and the version it was given
        with django_capture_on_commit_callbacks(execute=True):
            record_first_table(event, 4711)  # the version in Redis cannot be forgotten now
        during = client.get(page)
        assert during.status_code == 200
        assert b"4711" in during.content  # rendered from the database
        assert client.get(f"/e/{event.key}/version/").json()["version"] == (
            snapshots.stored_version(event.pk)
        )
        if outage == "stopped":
            redis_server.start()
        else:
            redis_server.resume()
        assert shows_within(client, page, b"4711", 2.0)
        assert client.get(f"/e/{event.key}/version/").json()["version"] == (
            snapshots.stored_version(event.pk)
        )


@pytest.mark.db
@pytest.mark.django_db
def test_a_change_by_another_process_is_seen_at_once_through_redis(redis_server):
    with override_settings(CACHES=redis_caches(redis_server.url)):
        event = paired("Brno 2026")
        before = snapshots.version_of(event.pk)  # kept in Redis for a second
        with another_process_writes():
            record_first_table(event, 4711)
        other = sharedcache.SharedRedisCache(
            redis_server.url, {"KEY_PREFIX": caches["default"].key_prefix}
        )
        # the other process's bookkeeping after its write: it forgets the shared version
        other.delete(f"kolo:version:{event.pk}")
        after = snapshots.version_of(event.pk)
        assert after > before
        assert after == snapshots.stored_version(event.pk)


# --- /healthz and the database away -------------------------------------------------------


@pytest.mark.db
@pytest.mark.django_db
def test_healthz_answers_ok_without_login_and_is_never_cached():
    answer = Client().get("/healthz")
    assert answer.status_code == 200
    assert answer.content == b"ok\n"
    assert "no-cache" in answer["Cache-Control"] or "max-age=0" in answer["Cache-Control"]


@pytest.mark.db
@pytest.mark.django_db
@override_settings(ALLOWED_HOSTS=["kolo.example.org"])
def test_healthz_answers_the_service_manager_on_localhost():
    assert Client().get("/healthz", HTTP_HOST="127.0.0.1:8000").status_code == 200
    assert Client().get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400  # the pages do not


@pytest.mark.db
@pytest.mark.django_db
def test_healthz_says_which_is_down(monkeypatch, redis_server):
    with override_settings(CACHES=redis_caches(redis_server.url)):
        assert Client().get("/healthz").status_code == 200
        redis_server.stop()
        answer = Client().get("/healthz")
        # pages are still served (from the database): the proxy must keep this process
        assert answer.status_code == 200
        assert answer.content == b"ok (cache down: pages from the database)\n"

    class Refusing:
        def __enter__(self):
            raise OperationalError("could not connect to server: Connection refused")

        def __exit__(self, *exc):
            return False

    with monkeypatch.context() as patched:
        patched.setattr(outage.connection, "cursor", lambda: Refusing())
        answer = Client().get("/healthz")
    assert answer.status_code == 503
    # the database cache (the default on PostgreSQL) is then down with it
    assert answer.content in (b"down: database\n", b"down: database cache\n")


def database_away(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


@pytest.mark.db
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Try again in a moment"), ("cs", "Zkuste to znovu za chvíli")],
)
def test_a_page_while_the_database_is_away_says_try_again(monkeypatch, language, words, caplog):
    event = paired("Brno 2026")
    monkeypatch.setattr(public, "_event", database_away)
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    with caplog.at_level(logging.ERROR, logger="django"):
        answer = client.get(f"/e/{event.key}/standings/")
    assert answer.status_code == 503
    assert answer["Retry-After"].isdigit()
    text = answer.content.decode()
    assert words in text
    assert "Traceback" not in text
    assert "OperationalError" not in text
    assert not [r for r in caplog.records if r.exc_info]  # no traceback in the log either
    monkeypatch.undo()  # the database is back: no restart
    assert client.get(f"/e/{event.key}/standings/").status_code == 200


@pytest.mark.db
@pytest.mark.django_db
def test_the_api_while_the_database_is_away_answers_in_json(monkeypatch):
    from kolo.web.views import api

    monkeypatch.setattr(api, "_event", database_away)
    answer = Client(raise_request_exception=False).get("/api/v1/events/brno")
    assert answer.status_code == 503
    assert answer.json() == {"error": "Try again in a moment"}
    assert answer["Retry-After"].isdigit()


def test_a_failure_outside_a_view_is_also_the_503_page():
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    try:
        raise OperationalError("terminating connection due to administrator command")
    except OperationalError:
        answer = outage.server_error(request)
    assert answer.status_code == 503
    assert "Retry-After" in answer
