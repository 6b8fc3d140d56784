"""The table-code limit: counted in the database (every server process sees it), keyed on the
client the trusted proxy names, its old rows forgotten."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models
from kolo.web import limits
from kolo.web.views import selfreport
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

URL = "/e/brno-2026/report/"


@pytest.fixture
def event():
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", {"self_reporting": True})
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)])
    store.pair_round(ACTOR, created, seed=1)
    return created


def code(event):
    return models.Table.objects.get(round__event=event, round__number=1, number=1).code


def wrong(client, times, **headers):
    return [client.get(f"{URL}?code=WRONG1", **headers).status_code for _ in range(times)]


def test_behind_the_proxy_one_phone_never_blocks_another(event, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    allowed = selfreport.WRONG_CODES_ALLOWED
    guesser = {"HTTP_X_FORWARDED_FOR": "10.0.0.66"}
    assert wrong(proxy, allowed, **guesser) == [404] * allowed
    assert wrong(proxy, 1, **guesser) == [429]
    # another phone behind the same proxy finds its table
    right = proxy.get(f"{URL}?code={code(event)}", HTTP_X_FORWARDED_FOR="10.0.0.67")
    assert right.status_code == 200
    # a client's own X-Forwarded-For (prepended) does not dodge the limit
    spoofed = proxy.get(f"{URL}?code={code(event)}", HTTP_X_FORWARDED_FOR="10.9.9.9, 10.0.0.66")
    assert spoofed.status_code == 429
    czech = proxy.get(
        f"{URL}?code=WRONG1", HTTP_X_FORWARDED_FOR="10.0.0.66", HTTP_ACCEPT_LANGUAGE="cs"
    )
    assert czech.status_code == 429
    assert "příliš mnoho chybných kódů" in czech.content.decode()


def test_wrong_codes_are_counted_in_the_database_not_a_process_cache(event):
    guesser = Client(REMOTE_ADDR="10.0.0.9")
    assert wrong(guesser, 6) == [404] * 6
    cache.clear()  # another process has its own memory: the count must not live there
    assert wrong(guesser, 4) == [404] * 4
    cache.clear()
    assert wrong(guesser, 1) == [429]
    assert models.LoginFailure.objects.filter(scope=selfreport.CODES).count() == 10


def test_the_limit_frees_when_the_wrong_codes_leave_the_window(event):
    guesser = Client(REMOTE_ADDR="10.0.0.9")
    wrong(guesser, selfreport.WRONG_CODES_ALLOWED)
    assert guesser.get(f"{URL}?code={code(event)}").status_code == 429
    earlier = timezone.now() - selfreport.WINDOW - timedelta(seconds=1)
    models.LoginFailure.objects.filter(scope=selfreport.CODES).update(at=earlier)
    assert guesser.get(f"{URL}?code={code(event)}").status_code == 200


def test_old_rows_are_forgotten(event):
    now = timezone.now()
    models.LoginFailure.objects.bulk_create(
        [
            models.LoginFailure(scope=selfreport.CODES, key="old", at=now - timedelta(minutes=11)),
            models.LoginFailure(scope=selfreport.CODES, key="new", at=now - timedelta(minutes=9)),
            models.LoginFailure(scope="gone", key="x", at=now - timedelta(days=2)),
        ]
    )
    wrong(Client(REMOTE_ADDR="10.0.0.9"), 1)
    kept = sorted(models.LoginFailure.objects.values_list("key", flat=True))
    assert kept == sorted(["new", limits.key("brno-2026", "10.0.0.9")])


def test_a_long_key_is_stored_as_its_digest():
    long = limits.key("x" * 140, "2001:db8::1")
    assert len(long) <= limits.KEY_LENGTH
    assert long != limits.key("x" * 140, "2001:db8::2")
    assert limits.key("brno", "10.0.0.1") == "brno 10.0.0.1"
