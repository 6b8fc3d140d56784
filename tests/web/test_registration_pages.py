"""Registration on the web: the public form, the private page, the event page's
places, the desk's registrations, limits and the honeypot, e-mail where configured."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models
from kolo.web.views import registration as views
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def open_event(owner):
    event = store.create_event(ACTOR, "Brno jaro", "dominion-cz", owner=owner)
    models.Event.objects.filter(pk=event.pk).update(
        published_at=timezone.now(), capacity=2, city="Brno"
    )
    event.refresh_from_db()
    return event


def post(client: Client, event: models.Event, **data: str):
    return client.post(f"/e/{event.key}/register/", data)


def test_a_player_registers_and_sees_their_private_page(client, open_event):
    form = client.get(f"/e/{open_event.key}/register/")
    assert form.status_code == 200
    assert 'name="website"' in form.content.decode()  # the honeypot is in the form
    response = post(client, open_event, name="Jana Nováková", club="KDB", email="j@example.org")
    assert response.status_code == 302
    row = models.Registration.objects.get()
    assert response["Location"] == f"/r/{row.token}/"
    page = client.get(response["Location"]).content.decode()
    assert "You are registered." in page
    assert "Jana Nováková" in page
    assert "j@example.org" in page
    assert "Keep this link" in page  # no e-mail is configured
    # the public event page: names and clubs, never e-mails
    public = client.get(f"/e/{open_event.key}/").content.decode()
    assert "Jana Nováková" in public
    assert "KDB" in public
    assert "j@example.org" not in public
    assert "1 of 2 places taken" in public
    assert "2 seats to the next table of 3" in public


def test_past_the_capacity_a_player_waits_and_moves_up_when_one_cancels(client, open_event):
    tokens = []
    for name in ("Ann", "Bob", "Cyril"):
        response = Client(REMOTE_ADDR=f"10.1.0.{len(tokens)}").post(
            f"/e/{open_event.key}/register/", {"name": name}
        )
        tokens.append(response["Location"])
    assert "position 1" in client.get(tokens[2]).content.decode()
    page = client.get(tokens[0]).content.decode()
    assert "Cancel my registration" in page
    # without the confirmation nothing happens
    client.post(tokens[0], {"action": "cancel"})
    assert models.Registration.objects.get(name="Ann").status == "registered"
    client.post(tokens[0], {"action": "cancel", "confirmed": "yes"})
    assert models.Registration.objects.get(name="Ann").status == "cancelled"
    assert (
        "You moved up from the waiting list: you are registered."
        in client.get(tokens[2]).content.decode()
    )


def test_a_refusal_is_shown_and_nothing_stored(client, open_event):
    response = post(client, open_event, name="", email="nope")
    assert response.status_code == 400
    assert "must not be empty" in response.content.decode()
    models.Event.objects.filter(pk=open_event.pk).update(
        registration_until=timezone.now() - timezone.timedelta(hours=1)
    )
    response = post(client, open_event, name="Ann")
    assert "Registration is closed." in response.content.decode()
    assert models.Registration.objects.count() == 0


def test_the_consent_line_must_be_ticked(client, open_event):
    models.Event.objects.filter(pk=open_event.pk).update(consent="My name may be published.")
    response = post(client, open_event, name="Ann")
    assert response.status_code == 400
    assert "My name may be published." in response.content.decode()
    assert post(client, open_event, name="Ann", consent="on").status_code == 302
    assert models.Registration.objects.get().consent == "My name may be published."


def test_a_bot_filling_the_honeypot_is_dropped_silently(client, open_event):
    response = post(client, open_event, name="Bot", website="http://spam.example")
    assert response.status_code == 302
    assert models.Registration.objects.count() == 0


def test_registrations_are_limited_per_address(open_event, monkeypatch):
    monkeypatch.setattr(views, "ADDRESS_LIMIT", 2)
    client = Client(REMOTE_ADDR="10.0.0.9")
    assert post(client, open_event, name="A1").status_code == 302
    assert post(client, open_event, name="A2").status_code == 302
    refused = post(client, open_event, name="A3")
    assert refused.status_code == 429
    assert "Too many registrations" in refused.content.decode()
    # another address still registers; a forged X-Forwarded-For does not dodge the limit
    assert post(Client(REMOTE_ADDR="10.0.0.10"), open_event, name="B").status_code == 302
    forged = Client(REMOTE_ADDR="10.0.0.9", HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert post(forged, open_event, name="A4").status_code == 429


def test_registrations_are_limited_per_event(open_event, monkeypatch):
    monkeypatch.setattr(views, "EVENT_LIMIT", 2)
    for i in range(2):
        assert (
            post(Client(REMOTE_ADDR=f"10.2.0.{i}"), open_event, name=f"Player {i}").status_code
            == 302
        )
    assert post(Client(REMOTE_ADDR="10.2.0.9"), open_event, name="Player 9").status_code == 429


def test_a_player_exports_and_deletes_their_data(client, open_event):
    page = post(client, open_event, name="Ann", email="ann@example.org")["Location"]
    token = page.split("/")[2]
    exported = json.loads(client.get(f"/r/{token}/data.json").content)
    assert exported["name"] == "Ann"
    assert exported["email"] == "ann@example.org"
    response = client.post(page, {"action": "forget", "confirmed": "yes"})
    assert response.status_code == 302
    assert client.get(page).status_code == 404
    row = models.Registration.objects.get()
    assert (row.name, row.email, row.status) == ("", "", "cancelled")


def test_an_unpublished_event_has_no_form(client):
    event = store.create_event(ACTOR, "Draft", "dominion-cz")
    assert client.get(f"/e/{event.key}/register/").status_code == 404
    assert client.get("/r/not-a-token/").status_code == 404


def test_a_team_event_asks_for_the_partner(client, owner):
    event = store.create_event(ACTOR, "Domino", "domino-pairs", owner=owner)
    models.Event.objects.filter(pk=event.pk).update(published_at=timezone.now())
    form = client.get(f"/e/{event.key}/register/").content.decode()
    assert 'name="partner"' in form
    assert post(client, event, name="Ann").status_code == 400
    assert post(client, event, name="Ann", partner="Bob").status_code == 302


def test_the_desk_lists_and_changes_registrations(desk, client, open_event):
    for name in ("Jan Novák", "jan novak", "Cyril"):
        store.register(ACTOR, open_event, name, email=f"{len(name)}@example.org")
    page = desk.get(f"/desk/{open_event.key}/registrations/").content.decode()
    assert "same name twice" in page
    assert "9@example.org" in page  # e-mails shown to the organiser
    url = f"/desk/{open_event.key}/registrations/"
    desk.post(url, {"action": "up", "number": "3"})
    assert models.Registration.objects.get(number=3).status == "registered"
    desk.post(url, {"action": "capacity", "capacity": "3"})
    assert models.Registration.objects.get(number=2).status == "registered"
    desk.post(url, {"action": "paid", "number": "1"})
    assert models.Registration.objects.get(number=1).paid
    desk.post(url, {"action": "remove", "number": "2"})
    desk.post(url, {"action": "add", "name": "Eva", "club": "KDB"})
    assert models.Registration.objects.get(name="Eva").status == "registered"
    page = desk.get(url).content.decode()
    assert "fees paid: 1, due: 2" in page
    desk.post(
        url,
        {"action": "terms", "approve": "on", "consent": "OK", "bank_account": "2000145399/0800"},
    )
    open_event.refresh_from_db()
    assert open_event.approve_registrations
    assert open_event.bank_account == "2000145399/0800"
    refused = desk.post(url, {"action": "terms", "bank_account": "nope"}, follow=True)
    assert "neither an IBAN" in refused.content.decode()
    refused = desk.post(url, {"action": "capacity", "capacity": "1"}, follow=True)
    assert "the capacity cannot be lower" in refused.content.decode()
    # a stranger sees nothing
    assert client.get(url).status_code == 302


@override_settings(
    EMAIL_CONFIGURED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
)
def test_with_email_configured_players_get_their_link_and_changes(client, open_event):
    post(Client(REMOTE_ADDR="10.3.0.1"), open_event, name="Ann", email="ann@example.org")
    post(Client(REMOTE_ADDR="10.3.0.2"), open_event, name="Bob")
    post(Client(REMOTE_ADDR="10.3.0.3"), open_event, name="Cyril", email="cyril@example.org")
    assert [m.to for m in mail.outbox] == [["ann@example.org"], ["cyril@example.org"]]
    ann = models.Registration.objects.get(name="Ann")
    assert f"/r/{ann.token}/" in mail.outbox[0].body
    assert "waiting list, position 1" in mail.outbox[1].body
    client.post(f"/r/{ann.token}/", {"action": "cancel", "confirmed": "yes"})
    assert mail.outbox[-1].to == ["cyril@example.org"]
    assert "You moved up from the waiting list" in mail.outbox[-1].body
    page = client.get(f"/r/{ann.token}/").content.decode()
    assert "Keep this link" not in page


def test_the_api_lists_registrations_to_organisers_and_accepts_new_ones(owner, open_event):
    from kolo.web.views.api import new_token

    token = new_token(owner, "club site")
    anonymous = Client(REMOTE_ADDR="10.4.0.1")
    url = f"/api/v1/events/{open_event.key}/registrations"
    created = anonymous.post(
        url, {"name": "Ann", "email": "ann@example.org"}, content_type="application/json"
    )
    assert created.status_code == 201
    body = created.json()
    assert body["status"] == "registered"
    assert body["url"].startswith("/r/")
    assert "email" not in body
    refused = anonymous.post(url, {"name": ""}, content_type="application/json")
    assert refused.status_code == 400
    assert refused.json()["problems"]
    assert anonymous.post(url, "[1]", content_type="application/json").status_code == 400
    assert anonymous.get(url).status_code == 401
    listed = anonymous.get(url, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert listed.status_code == 200
    assert [r["email"] for r in listed.json()["registrations"]] == ["ann@example.org"]
    stranger = get_user_model().objects.create_user("sam", password="secret-sam-12")
    other = new_token(stranger, "x")
    assert anonymous.get(url, HTTP_AUTHORIZATION=f"Bearer {other}").status_code == 403
    spec = anonymous.get("/api/v1/openapi.json").json()
    assert set(spec["paths"]["/api/v1/events/{key}/registrations"]) == {"get", "post"}


def test_the_api_keeps_the_limits(open_event, monkeypatch):
    monkeypatch.setattr(views, "ADDRESS_LIMIT", 1)
    client = Client(REMOTE_ADDR="10.5.0.1")
    url = f"/api/v1/events/{open_event.key}/registrations"
    assert client.post(url, {"name": "Ann"}, content_type="application/json").status_code == 201
    assert client.post(url, {"name": "Bob"}, content_type="application/json").status_code == 429


@pytest.mark.parametrize(("language", "other"), [("cs", "ENGLISH"), ("en", "CZECH")])
def test_the_registration_pages_speak_one_language(owner, open_event, language, other):
    from django.conf import settings as django_settings

    from tests import pagewords

    models.Event.objects.filter(pk=open_event.pk).update(
        bank_account="19-2000145399/0800",
        fee="200 Kč",
        consent="Souhlasím se zveřejněním jména.",
        approve_registrations=False,
    )
    rows = [
        store.register(ACTOR, open_event, n, club="KDB", consent=True)
        for n in ("Jana Nováková", "Petr Svoboda", "Eva Veselá")
    ]
    store.register(ACTOR, open_event, "jana novakova", consent=True)
    client = Client()
    client.force_login(owner)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    pages = [
        f"/e/{open_event.key}/",
        f"/e/{open_event.key}/register/",
        f"/r/{rows[0].token}/",
        f"/r/{rows[2].token}/",
        f"/desk/{open_event.key}/registrations/",
    ]
    names = pagewords.names_in_store() | {"Souhlasím se zveřejněním jména.", "KDB", "JSON"}
    found = {}
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        text = pagewords.visible_text(response.content.decode())
        words = pagewords.foreign_words(text, names, getattr(pagewords, other))
        if words:
            found[page] = sorted(words)
    assert found == {}


def test_a_player_running_late_tells_the_desk_when_they_arrive(client, open_event):
    event_day = timezone.localdate() + timezone.timedelta(days=2)
    models.Event.objects.filter(pk=open_event.pk).update(date=event_day)
    page = post(client, open_event, name="Ann")["Location"]
    assert client.post(page, {"action": "late", "at": "soon"}).status_code == 302
    row = models.Registration.objects.get()
    assert row.running_late_until is None
    client.post(page, {"action": "late", "at": "10:45"})
    row.refresh_from_db()
    assert row.running_late_until is not None
    arrival = timezone.localtime(row.running_late_until)
    assert (arrival.date(), arrival.strftime("%H:%M")) == (event_day, "10:45")
    assert "arrive at 10:45" in client.get(page).content.decode()
    assert models.AuditEntry.objects.filter(action="registration.late").count() == 1
    client.post(page, {"action": "on_time"})
    row.refresh_from_db()
    assert row.running_late_until is None


@override_settings(
    EMAIL_CONFIGURED=True, EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
)
def test_every_registered_player_with_an_address_hears_of_a_cancelled_event(rf, open_event):
    from kolo.web import registrationmail

    store.register(ACTOR, open_event, "Ann", email="ann@example.org")
    store.register(ACTOR, open_event, "Bob")
    store.register(ACTOR, open_event, "Cyril", email="cyril@example.org")  # waiting
    gone = store.register(ACTOR, open_event, "Dana", email="dana@example.org")
    store.cancel_registration(ACTOR, gone)
    assert registrationmail.send_event_cancelled(rf.get("/"), open_event) == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.org", "cyril@example.org"]
    assert "The event Brno jaro is cancelled." in mail.outbox[0].body
