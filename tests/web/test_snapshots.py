"""The players' pages under load: the event read once per version and shared, one render
per page and version however many phones ask at once, and a change shown at the next read."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from django.test import Client, RequestFactory

from kolo.store import api as store
from kolo.store import loading, models
from kolo.web import present, singleflight, snapshots
from kolo.web.views import public
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

PAGES = (
    "/e/{key}/",
    "/e/{key}/tables/",
    "/e/{key}/standings/",
    "/e/{key}/players/p1/",
    "/e/{key}/players/p2/",
    "/e/{key}/projector/",
    "/e/{key}/rounds/1/",
)


def paired(name: str) -> models.Event:
    created = store.create_event(ACTOR, name, "dominion-cz")
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)])
    store.pair_round(ACTOR, created, seed=1)
    return created


@pytest.fixture
def loads(monkeypatch):
    """The keys of the events read from the store, one entry per read."""
    calls: list[str] = []
    real = loading.core_event  # every read of an event as a core value, the store's own too

    def counting(event):
        calls.append(event.key)
        return real(event)

    monkeypatch.setattr(loading, "core_event", counting)
    return calls


def seats_of(event: models.Event, table: int) -> list[str]:
    return [
        s.entrant.code
        for s in models.Seat.objects.filter(
            table__round__event=event, table__number=table
        ).order_by("position")
    ]


def test_the_pages_of_one_version_read_the_event_once(loads):
    event = paired("Brno 2026")
    loads.clear()  # the store's own reads while pairing
    client = Client()
    for page in PAGES:
        for language in ("cs", "en"):
            answer = client.get(page.format(key=event.key), HTTP_ACCEPT_LANGUAGE=language)
            assert answer.status_code == 200
    assert loads == [event.key]


def test_a_result_is_on_the_next_read_of_every_page(loads, django_capture_on_commit_callbacks):
    event = paired("Brno 2026")
    loads.clear()
    client = Client()
    for page in PAGES:
        assert b"4711" not in client.get(page.format(key=event.key)).content
    seats = seats_of(event, 1)
    with django_capture_on_commit_callbacks(execute=True):
        store.record_result(
            ACTOR, event, 1, 1, {p: 4711 if i == 0 else 10 + i for i, p in enumerate(seats)}
        )
    loads.remove(event.key)  # the store's own read while checking the result
    assert b"4711" in client.get(f"/e/{event.key}/tables/").content
    assert b"4711" in client.get(f"/e/{event.key}/players/{seats[0]}/").content
    assert b"4711" in client.get(f"/e/{event.key}/rounds/1/").content
    assert loads == [event.key, event.key]  # read again once, for all the pages


def test_a_result_through_the_api_is_on_the_writers_next_read(django_capture_on_commit_callbacks):
    from django.contrib.auth import get_user_model

    from kolo.web.views.api import new_token

    user = get_user_model().objects.create_superuser("olga", password="secret-olga-1")
    token = new_token(user, "tablet")
    event = paired("Brno 2026")
    client = Client()
    assert b"4711" not in client.get(f"/e/{event.key}/standings/").content
    seats = seats_of(event, 2)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(
            f"/api/v1/events/{event.key}/rounds/1/tables/2/result",
            {"scores": {p: 4711 - i for i, p in enumerate(seats)}},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
    assert answer.status_code == 200
    assert b"4711" in client.get(f"/e/{event.key}/tables/").content
    assert b"4711" in client.get(f"/e/{event.key}/players/{seats[0]}/").content


def test_a_change_of_another_event_keeps_these_pages(loads):
    """A guard: each event has its own version (this held before the snapshots too)."""
    event = paired("Brno 2026")
    other = paired("Praha 2026")
    client = Client()
    for page in PAGES:
        client.get(page.format(key=event.key))
    seats = seats_of(other, 1)
    loads.clear()
    store.record_result(ACTOR, other, 1, 1, {p: 30 + i for i, p in enumerate(seats)})
    for page in PAGES:
        assert client.get(page.format(key=event.key)).status_code == 200
    assert loads == [other.key]  # only the store's own read while checking the result


def test_a_load_during_which_the_event_changed_is_not_kept(monkeypatch, loads):
    """What was read while a change was committed may mix both: it is used once, not kept."""
    event = paired("Brno 2026")
    real = present.Loaded.read
    racing = [True]

    def read_while_a_result_arrives(cls, event, *, public):
        loaded = real(event, public=public)
        if racing.pop() if racing else False:
            seats = seats_of(event, 1)
            store.record_result(ACTOR, event, 1, 1, {p: 30 + i for i, p in enumerate(seats)})
        return loaded

    monkeypatch.setattr(present.Loaded, "read", classmethod(read_while_a_result_arrives))
    loads.clear()
    first = present.Loaded.of(event)
    assert not first.value.rounds[0].tables[0].games
    second = present.Loaded.of(event)
    assert second.value.rounds[0].tables[0].games  # read again: the first was not kept
    assert present.Loaded.of(event) is second
    assert loads == [event.key, event.key, event.key]  # the page's, the store's, the page's


def test_a_version_read_before_a_change_is_not_kept_after_it(monkeypatch):
    """A phone's poll that read the old version while a result was being committed must
    not leave that old version in memory for the next second."""
    event = paired("Brno 2026")
    old = snapshots.stored_version(event.pk)
    real = snapshots.stored_version
    racing = [True]

    def read_then_a_result_arrives(event_pk):
        value = real(event_pk)
        if racing.pop() if racing else False:
            seats = seats_of(event, 1)
            store.record_result(ACTOR, event, 1, 1, {p: 30 + i for i, p in enumerate(seats)})
        return value

    monkeypatch.setattr(snapshots, "stored_version", read_then_a_result_arrives)
    assert present.version_of(event.pk) == old  # the poll that raced
    assert present.version_of(event.pk) > old  # the next one sees the result


def anonymous_get(path: str):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    return request


def test_concurrent_misses_of_a_page_render_it_once(monkeypatch):
    """Eight phones ask for a page no one has rendered for this version: the first renders
    it, the seven others wait for it and get the same bytes."""
    phones = 8
    monkeypatch.setattr(public, "_event", lambda key: SimpleNamespace(pk=1))
    monkeypatch.setattr(public.present, "version", lambda event: 7)
    waiting = threading.Semaphore(0)

    class CountedFuture(Future):
        def result(self, timeout=None):
            waiting.release()  # one more request waits for the render under way
            return super().result(timeout)

    monkeypatch.setattr(singleflight, "Future", CountedFuture)
    renders: list[str] = []
    rendering = threading.Event()
    release = threading.Event()

    def view(request, key):
        renders.append(key)
        rendering.set()
        release.wait(30)
        return HttpResponse(b"the standings")

    page = public.shared_page(view)
    answers: list[bytes] = []

    def phone() -> None:
        answers.append(page(anonymous_get("/e/k/standings/"), "k").content)

    threads = [threading.Thread(target=phone) for _ in range(phones)]
    for thread in threads:
        thread.start()
    assert rendering.wait(30)
    for _ in range(phones - 1):
        assert waiting.acquire(timeout=30)
    release.set()
    for thread in threads:
        thread.join(30)
    assert renders == ["k"]
    assert answers == [b"the standings"] * phones
    # and the next phone gets it from memory
    assert page(anonymous_get("/e/k/standings/"), "k").content == b"the standings"
    assert renders == ["k"]


def test_a_render_with_nothing_to_share_lets_the_waiting_render_their_own(monkeypatch):
    """A page that is not a 200 (a 404, a redirect) is not handed to those waiting."""
    waiting = threading.Semaphore(0)

    class CountedFuture(Future):
        def result(self, timeout=None):
            waiting.release()
            return super().result(timeout)

    monkeypatch.setattr(singleflight, "Future", CountedFuture)
    started = threading.Event()
    release = threading.Event()
    calls: list[str] = []

    def first() -> bytes | None:
        calls.append("first")
        started.set()
        release.wait(30)
        return None

    def second() -> bytes | None:
        calls.append("second")
        return b"own"

    results: dict[str, object] = {}
    leader = threading.Thread(target=lambda: results.update(leader=singleflight.once("p", first)))
    leader.start()
    assert started.wait(30)
    follower = threading.Thread(
        target=lambda: results.update(follower=singleflight.once("p", second))
    )
    follower.start()
    assert waiting.acquire(timeout=30)
    release.set()
    leader.join(30)
    follower.join(30)
    assert calls == ["first", "second"]
    assert results == {"leader": None, "follower": b"own"}


def test_a_result_does_not_render_the_kingdoms_again():
    """A result changes no table's kingdom: the tables page of the next version reuses
    the kingdoms it rendered (most of the page's rendering time at 25 tables)."""
    from django.test.signals import template_rendered

    event = paired("Brno 2026")
    client = Client()
    assert b'class="kingdom"' in client.get(f"/e/{event.key}/tables/").content
    rendered: list[str] = []

    def listen(sender, template, context, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(listen)
    try:
        seats = seats_of(event, 1)
        store.record_result(ACTOR, event, 1, 1, {p: 4711 - i for i, p in enumerate(seats)})
        page = client.get(f"/e/{event.key}/tables/").content
    finally:
        template_rendered.disconnect(listen)
    assert b"4711" in page
    tables = models.Table.objects.filter(round__event=event).count()
    assert page.count(b'class="kingdom"') == tables  # every table shows its own
    assert "kolo/public/tables.html" in rendered
    assert "kolo/_kingdom.html" not in rendered


def test_a_row_read_before_a_change_does_not_make_a_stale_snapshot():
    """A request read the event's row, then the settings changed, then it loads the event:
    the snapshot of the new version has the new settings."""
    event = paired("Brno 2026")
    before_the_change = models.Event.objects.get(pk=event.pk)
    store.change_settings(ACTOR, event, {"clock_alert_minutes": 30})
    assert present.Loaded.of(before_the_change).settings["clock_alert_minutes"] == 30
    assert present.Loaded.of(event).settings["clock_alert_minutes"] == 30
