"""Logins throttled so that nobody else can lock an organiser out: failures count per account
and address together, with a growing delay; a looser limit per address across accounts; the
organiser's signed-in sessions never affected."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from kolo.store import models
from kolo.web import accounts

pytestmark = [pytest.mark.db, pytest.mark.django_db]

PASSWORD = "secret-olga-1"


@pytest.fixture
def olga():
    return get_user_model().objects.create_user("olga", password=PASSWORD)


def login(client, username, password, **headers):
    return client.post("/login/", {"username": username, "password": password}, **headers)


def earlier(seconds):
    """As if the failures so far had happened ``seconds`` earlier."""
    for row in models.LoginFailure.objects.all():
        row.at -= timedelta(seconds=seconds)
        row.save()


def test_an_attacker_cannot_lock_the_organiser_out(olga):
    own = Client(REMOTE_ADDR="10.0.0.1")
    assert login(own, "olga", PASSWORD).status_code == 302  # signed in on her own phone
    attacker = Client(REMOTE_ADDR="10.6.6.6")
    statuses = [login(attacker, "olga", f"guess-{i}").status_code for i in range(12)]
    assert statuses[: accounts.FREE_FAILURES] == [200] * accounts.FREE_FAILURES
    assert 429 in statuses  # the attacker waits…
    cache.clear()  # counted in the database: every process sees it
    assert login(attacker, "olga", PASSWORD).status_code == 429  # …even with the password
    # …but the organiser's session keeps working, and she signs in from her own address
    assert own.get("/desk/").status_code == 200
    fresh = Client(REMOTE_ADDR="10.0.0.1")
    assert login(fresh, "olga", PASSWORD).status_code == 302
    assert fresh.get("/desk/").status_code == 200
    assert own.get("/desk/").status_code == 200


def test_the_delay_grows_and_is_said_in_plain_words(olga):
    attacker = Client(REMOTE_ADDR="10.6.6.6")
    for i in range(accounts.FREE_FAILURES):
        assert login(attacker, "olga", f"guess-{i}").status_code == 200
    refused = login(attacker, "olga", "guess-x")
    assert refused.status_code == 429
    assert "Too many failed logins; try again in 2 s." in refused.content.decode()
    assert "_auth_user_id" not in attacker.session
    earlier(3)  # the two seconds have passed: one more try, then four seconds
    assert login(attacker, "olga", "guess-y").status_code == 200
    refused = login(attacker, "olga", "guess-z")
    assert "try again in 4 s." in refused.content.decode()
    czech = login(attacker, "olga", "guess-z", HTTP_ACCEPT_LANGUAGE="cs")
    assert czech.status_code == 429
    assert "Příliš mnoho neúspěšných přihlášení; zkuste to znovu za 4 s." in (
        czech.content.decode()
    )
    # refused tries are not counted: waiting long enough lets the right password in
    earlier(5)
    assert login(attacker, "olga", PASSWORD).status_code == 302


def test_the_delay_has_a_cap():
    free = accounts.FREE_FAILURES
    assert [accounts.delay(n) for n in range(free)] == [0] * free
    assert [accounts.delay(free + k) for k in range(4)] == [2, 4, 8, 16]
    assert accounts.delay(free + 100) == accounts.LONGEST_WAIT
    assert accounts.throttled_message(accounts.LONGEST_WAIT) == (
        "Too many failed logins; try again in 15 min."
    )


def test_a_good_login_forgets_the_failures_from_that_address(olga):
    phone = Client(REMOTE_ADDR="10.0.0.1")
    for _ in range(accounts.FREE_FAILURES - 1):
        assert login(phone, "olga", "typo").status_code == 200
    assert login(phone, "olga", PASSWORD).status_code == 302
    for _ in range(accounts.FREE_FAILURES):
        assert login(Client(REMOTE_ADDR="10.0.0.1"), "olga", "typo").status_code == 200


def test_trying_many_accounts_from_one_address_is_limited(olga):
    sprayer = Client(REMOTE_ADDR="10.6.6.7")
    for i in range(accounts.ADDRESS_FAILURES_ALLOWED):
        assert login(sprayer, f"user-{i}", "guess").status_code == 200
    refused = login(sprayer, "olga", PASSWORD)
    assert refused.status_code == 429
    assert "try again in 15 min." in refused.content.decode()
    assert login(Client(REMOTE_ADDR="10.0.0.1"), "olga", PASSWORD).status_code == 302


def test_no_password_is_stored(olga):
    login(Client(REMOTE_ADDR="10.6.6.6"), "olga", "hunter2-guess")
    rows = list(models.LoginFailure.objects.values_list("scope", "key"))
    assert rows
    assert not [row for row in rows if "hunter2" in " ".join(row)]


def test_tries_sent_at_the_same_moment_get_no_more_than_one_after_the_other(olga):
    """Each try is counted before its password is looked at: a burst of parallel tries (all
    in flight, none answered yet) gets the free ones and then waits like any other."""
    in_flight = [accounts.begin_attempt("olga", "10.6.6.6") for _ in range(8)]
    waits = [seconds for seconds, _rows in in_flight]
    assert waits[: accounts.FREE_FAILURES] == [0] * accounts.FREE_FAILURES
    assert all(seconds > 0 for seconds in waits[accounts.FREE_FAILURES :])
    refused = login(Client(REMOTE_ADDR="10.6.6.6"), "olga", PASSWORD)
    assert refused.status_code == 429


def test_a_try_with_an_empty_password_forgets_nothing(olga):
    attacker = Client(REMOTE_ADDR="10.6.6.6")
    for i in range(accounts.FREE_FAILURES - 1):
        assert login(attacker, "olga", f"guess-{i}").status_code == 200
    assert login(attacker, "olga", "").status_code == 200  # no password: nothing tried
    assert login(attacker, "olga", "guess-last").status_code == 200
    assert login(attacker, "olga", "guess-more").status_code == 429


def test_an_attacker_behind_the_same_address_cannot_make_her_own_browser_wait(olga):
    """The venue's Wi-Fi or a mobile network puts many phones behind one address. An
    attacker there may make that address wait, but a browser the organiser has signed in
    from before (a signed cookie) counts its tries apart and signs in at once."""
    venue = "10.9.9.9"
    own = Client(REMOTE_ADDR=venue)
    assert login(own, "olga", PASSWORD).status_code == 302
    assert accounts.DEVICE_COOKIE in own.cookies
    own.post("/logout/")
    attacker = Client(REMOTE_ADDR=venue)
    for i in range(accounts.ADDRESS_FAILURES_ALLOWED + 2):
        login(attacker, "olga" if i % 2 else f"other{i}", f"guess-{i}")
    assert login(attacker, "olga", PASSWORD).status_code == 429
    assert login(Client(REMOTE_ADDR=venue), "olga", PASSWORD).status_code == 429  # a new browser
    assert login(own, "olga", PASSWORD).status_code == 302  # hers: at once
    # the cookie is hers alone: it does not help another account, nor does a forged one
    forged = Client(REMOTE_ADDR=venue)
    forged.cookies[accounts.DEVICE_COOKIE] = "x" + own.cookies[accounts.DEVICE_COOKIE].value
    assert login(forged, "olga", PASSWORD).status_code == 429
