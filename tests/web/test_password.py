"""An organiser changes their password in the web app."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import models
from kolo.web import accounts

pytestmark = [pytest.mark.db, pytest.mark.django_db]

OLD = "secret-olga-1"
NEW = "brand-new-pass-2"


@pytest.fixture
def olga():
    return get_user_model().objects.create_user("olga", password=OLD)


@pytest.fixture
def client(olga):
    logged = Client()
    logged.force_login(olga)
    return logged


def change(client, current=OLD, new=NEW, again=NEW):
    return client.post("/password/", {"current": current, "new": new, "again": again})


def test_the_desk_links_to_the_password_page(client):
    page = client.get("/desk/").content.decode()
    assert 'href="/password/"' in page
    assert "Current password" in client.get("/password/").content.decode()


def test_a_new_password_works_and_the_session_stays(client, olga):
    response = change(client)
    assert response.status_code == 302
    olga.refresh_from_db()
    assert olga.check_password(NEW)
    assert client.get("/desk/").status_code == 200  # still logged in
    assert Client().login(username="olga", password=NEW)


def test_the_change_is_in_the_audit_trail_without_the_password(client):
    change(client)
    entry = models.AuditEntry.objects.get(action="user.password")
    assert entry.event_key == "user:olga"
    assert entry.who == "olga"
    stored = f"{entry.summary}{entry.before}{entry.after}{entry.reason}"
    assert NEW not in stored
    assert OLD not in stored


@pytest.mark.parametrize(
    ("current", "new", "again", "reason"),
    [
        ("wrong-password", NEW, NEW, "The current password is not right."),
        (OLD, NEW, NEW + "x", "differ"),
        (OLD, "short", "short", "at least 8 characters"),
    ],
)
def test_a_bad_change_is_refused_and_nothing_changes(client, olga, current, new, again, reason):
    response = change(client, current, new, again)
    assert response.status_code == 200
    assert reason in response.content.decode()
    olga.refresh_from_db()
    assert olga.check_password(OLD)
    assert not models.AuditEntry.objects.filter(action="user.password").exists()


def test_guessing_the_current_password_is_throttled_like_logins(client, olga):
    for _attempt in range(accounts.FREE_FAILURES):
        assert change(client, current="guess-guess").status_code == 200
    response = change(client)  # even the right password waits now
    assert response.status_code == 429
    assert "try again" in response.content.decode()
    olga.refresh_from_db()
    assert olga.check_password(OLD)


def test_logged_out_the_page_asks_for_the_login(olga):
    response = Client().get("/password/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
    assert (
        Client().post("/password/", {"current": OLD, "new": NEW, "again": NEW}).status_code == 302
    )
    olga.refresh_from_db()
    assert olga.check_password(OLD)


def test_the_page_in_czech(client):
    client.cookies["django_language"] = "cs"
    page = client.get("/password/").content.decode()
    assert "Současné heslo" in page
