"""What a review of the season's pages found (issue 38): private links never mailed to a
forged host, the calendar's cache keyed by host, e-mails in the API only to owners, a bad number
at check-in refused without an error page, no cancelling once the event has started, and a
player's deleted data taken out of the audit trail too."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models
from kolo.store.roles import set_role
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def open_event(owner):
    event = store.create_event(ACTOR, "Brno jaro", "dominion-cz", owner=owner)
    models.Event.objects.filter(pk=event.pk).update(
        published_at=timezone.now(), capacity=1, city="Brno", venue="Klub", date="2027-03-13"
    )
    event.refresh_from_db()
    return event


def register(event: models.Event, address: str, **data: str) -> models.Registration:
    response = Client(REMOTE_ADDR=address).post(f"/e/{event.key}/register/", data)
    assert response.status_code == 302
    return models.Registration.objects.get(event=event, name=data["name"])


@override_settings(
    EMAIL_CONFIGURED=True,
    EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    ALLOWED_HOSTS=["*"],
)
def test_a_forged_host_never_carries_another_players_private_link(open_event):
    ann = register(open_event, "10.7.0.1", name="Ann", email="ann@example.org")
    cyril = register(open_event, "10.7.0.2", name="Cyril", email="cyril@example.org")
    assert cyril.status == "waiting"
    Client(HTTP_HOST="evil.example").post(
        f"/r/{ann.token}/", {"action": "cancel", "confirmed": "yes"}
    )
    told = [m for m in mail.outbox if m.to == ["cyril@example.org"]][-1]
    assert "You moved up from the waiting list" in told.body
    assert "evil.example" not in told.body
    assert cyril.token in models.Registration.objects.get(pk=cyril.pk).token  # still theirs


def test_the_calendar_feed_served_to_one_host_is_not_served_to_another(open_event):
    Client(HTTP_HOST="evil.example").get("/calendar.ics")
    feed = Client(HTTP_HOST="kolo.example").get("/calendar.ics").content.decode()
    assert "evil.example" not in feed
    assert "kolo.example" in feed


def test_the_api_shows_e_mails_to_owners_only(owner, open_event):
    from kolo.web.views.api import new_token

    register(open_event, "10.7.1.1", name="Ann", email="ann@example.org")
    get_user_model().objects.create_user("asa", password="secret-asa-123")
    set_role(ACTOR, open_event, "asa", "assistant")
    url = f"/api/v1/events/{open_event.key}/registrations"
    assistant = new_token(get_user_model().objects.get(username="asa"), "door")
    refused = Client().get(url, HTTP_AUTHORIZATION=f"Bearer {assistant}")
    assert refused.status_code == 403
    assert "ann@example.org" not in refused.content.decode()
    listed = Client().get(url, HTTP_AUTHORIZATION=f"Bearer {new_token(owner, 'desk')}")
    assert [r["email"] for r in listed.json()["registrations"]] == ["ann@example.org"]


def test_a_bad_number_at_check_in_is_not_an_error_page(owner, open_event):
    desk = Client()
    desk.force_login(owner)
    store.open_checkin(ACTOR, open_event)
    response = desk.post(f"/desk/{open_event.key}/checkin/", {"action": "seat", "number": "abc"})
    assert response.status_code == 404


def test_a_player_cannot_cancel_once_the_event_has_started(owner, open_event):
    ann = register(open_event, "10.7.2.1", name="Ann")
    register(open_event, "10.7.2.2", name="Bob")
    store.add_entrants(ACTOR, open_event, [("Cyril", None), ("Dana", None)])
    store.open_checkin(ACTOR, open_event)
    models.Entrant.objects.filter(event=open_event).update(checked_in_at=timezone.now())
    store.pair_round(ACTOR, open_event, seed=1)
    page = Client().post(f"/r/{ann.token}/", {"action": "cancel", "confirmed": "yes"}, follow=True)
    assert "the event has already started" in page.content.decode()
    assert models.Registration.objects.get(pk=ann.pk).status == "registered"
    assert models.Registration.objects.get(name="Bob").status == "waiting"


def test_deleting_ones_data_takes_it_out_of_the_audit_trail(open_event):
    ann = register(open_event, "10.7.3.1", name="Ann Nováková", club="KDB Brno")
    client = Client()
    client.post(f"/r/{ann.token}/", {"action": "late", "minutes": "20"})
    entries = models.AuditEntry.objects.filter(event=open_event, summary__contains="Nováková")
    assert entries.exists()
    store.forget_registration(ACTOR, ann)
    for entry in models.AuditEntry.objects.filter(event=open_event):
        text = f"{entry.summary} {entry.before} {entry.after}"
        assert "Nováková" not in text
        assert "KDB Brno" not in text
    assert models.AuditEntry.objects.filter(action="registration.forget").exists()


def test_the_event_file_never_carries_registrations_e_mails(open_event):
    from kolo.eventfile.writer import dumps

    register(open_event, "10.7.4.1", name="Ann", club="KDB", email="ann@example.org")
    store.open_checkin(ACTOR, open_event)
    text = dumps(store.to_core(open_event))
    assert "Ann" in text  # the registration became an entrant
    assert "ann@example.org" not in text
    assert "@" not in text
