"""A player's private page around the day: the check-in code once the day has come or
check-in is open, their table once round 1 is paired, their own calendar entry
(``/r/TOKEN/event.ics``) and what a cancelled event tells them."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client, override_settings
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models
from tests.report.test_icalendar import unescape, unfold
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def event(owner):
    """A published Carcassonne event (tables of 4) a week from now, four registered."""
    found = store.create_event(ACTOR, "Carcassonne Brno", "carcassonne-cz", owner=owner)
    day = timezone.localdate() + datetime.timedelta(days=7)
    given = {"date": day.isoformat(), "city": "Brno", "venue": "Klub Kostka", "capacity": "4"}
    found = store.announce(ACTOR, found, given, publish=True)
    found.refresh_from_db()
    for name in ("Jana Nováková", "Petr Malý", "Eva Dlouhá", "Adam Krátký"):
        store.register(ACTOR, found, name, email=f"{name.split()[0].lower()}@example.org")
    return found


def private(token: str) -> str:
    response = Client().get(f"/r/{token}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_check_in_code_shows_once_check_in_opens_and_then_the_players_table(event):
    jana = models.Registration.objects.get(name="Jana Nováková")
    qr = f'src="/r/{jana.token}/checkin.svg"'
    assert qr not in private(jana.token)  # a week before the day: no code yet
    store.open_checkin(ACTOR, event)
    assert qr in private(jana.token)
    svg = Client().get(f"/r/{jana.token}/checkin.svg")
    assert svg.status_code == 200
    # a standalone SVG file needs its namespace, or an <img> shows a broken image
    assert svg.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    store.check_in(ACTOR, event, ["p1", "p2", "p3", "p4"])
    page = private(jana.token)
    assert qr not in page
    assert "You are checked in." in page
    store.pair_round(ACTOR, event, seed=1)
    jana.refresh_from_db()
    seat = models.Seat.objects.get(entrant=jana.entrant)
    page = private(jana.token)
    assert "Round 1" in page
    assert f"Your table: {seat.table.number}, seat {seat.position + 1}" in page
    assert f'href="/e/{event.key}/"' in page


def test_the_check_in_code_shows_on_the_events_day_before_check_in_opens(event):
    jana = models.Registration.objects.get(name="Jana Nováková")
    models.Event.objects.filter(pk=event.pk).update(date=timezone.localdate())
    assert f'src="/r/{jana.token}/checkin.svg"' in private(jana.token)
    store.cancel_registration(ACTOR, jana)
    assert "checkin.svg" not in private(jana.token)  # cancelled: no code


def vevents(token: str) -> list[dict[str, str]]:
    response = Client().get(f"/r/{token}/event.ics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    lines = unfold(response.content.decode("utf-8"))
    assert lines[0] == ("BEGIN", "VCALENDAR")
    found, current = [], None
    for name, value in lines:
        if (name, value) == ("BEGIN", "VEVENT"):
            current = {}
        elif (name, value) == ("END", "VEVENT"):
            found.append(current)
            current = None
        elif current is not None:
            current[name] = value
    return found


def test_a_players_own_calendar_entry_moves_and_cancels_with_the_event(event):
    jana = models.Registration.objects.get(name="Jana Nováková")
    assert f'href="/r/{jana.token}/event.ics"' in private(jana.token)
    (entry,) = vevents(jana.token)
    uid = f"{event.key}.{event.pk}@testserver"
    assert entry["UID"] == uid
    # the same id as in the public feed
    public = unfold(Client().get("/calendar.ics").content.decode("utf-8"))
    assert ("UID", uid) in public
    assert entry["DTSTART;VALUE=DATE"] == event.date.strftime("%Y%m%d")
    assert unescape(entry["LOCATION"]) == "Klub Kostka, Brno"
    assert entry["STATUS"] == "CONFIRMED"
    sequence = int(entry["SEQUENCE"])
    moved = event.date + datetime.timedelta(days=1)
    store.announce(ACTOR, event, {"date": moved.isoformat(), "start_time": "10:00"})
    (entry,) = vevents(jana.token)
    assert entry["UID"] == uid
    assert entry["DTSTART;TZID=Europe/Prague"] == moved.strftime("%Y%m%d") + "T100000"
    assert int(entry["SEQUENCE"]) > sequence
    sequence = int(entry["SEQUENCE"])
    store.cancel_event(ACTOR, event)
    (entry,) = vevents(jana.token)
    assert (entry["UID"], entry["STATUS"]) == (uid, "CANCELLED")
    assert int(entry["SEQUENCE"]) > sequence
    assert Client().get("/r/nope/event.ics").status_code == 404


MAIL = {
    "EMAIL_CONFIGURED": True,
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
}


@override_settings(**MAIL)
def test_a_cancelled_event_at_the_desk_tells_every_player_still_in(owner, event):
    store.register(ACTOR, event, "Olga Čekající", email="olga@example.org")  # waiting
    store.register(ACTOR, event, "Bez Adresy")  # waiting, no address
    gone = models.Registration.objects.get(name="Adam Krátký")
    store.cancel_registration(ACTOR, gone)  # Olga moves up
    mail.outbox.clear()
    desk = Client()
    desk.force_login(owner)
    response = desk.post(f"/desk/{event.key}/announcement/", {"action": "cancel"})
    assert response.status_code == 302
    told = sorted(m.to[0] for m in mail.outbox)
    assert told == ["eva@example.org", "jana@example.org", "olga@example.org", "petr@example.org"]
    letter = mail.outbox[0]
    assert "is cancelled" in letter.body
    token = models.Registration.objects.get(email=letter.to[0]).token
    assert f"/r/{token}/" in letter.body
    assert "e-mails sent: 4" in desk.get(f"/desk/{event.key}/announcement/").content.decode()
    page = private(token)
    assert "The event is cancelled." in page
    assert "checkin.svg" not in page


@override_settings(**MAIL, PUBLIC_URL="https://kolo.example.org")
def test_a_cancelled_event_on_the_command_line_tells_them_too(capsys, event):
    from kolo.cli import main

    code = main(["--user", "desk", "event", "cancel", event.key, "--yes"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "e-mails sent: 4" in out
    assert len(mail.outbox) == 4
    token = models.Registration.objects.get(email=mail.outbox[0].to[0]).token
    assert f"https://kolo.example.org/r/{token}/" in mail.outbox[0].body


def test_a_registration_is_linked_to_the_same_person_of_the_series(owner, event):
    """Identity across the season: Jana Novakova registering is Jana Nováková of the autumn
    event (ignoring case and accents); one click links her, check-in gives her entrant that
    identity."""
    autumn = store.create_event(ACTOR, "Podzim", "carcassonne-cz", owner=owner)
    store.add_entrants(ACTOR, autumn, [("JANA NOVAKOVA", None), ("Karel Jiný", None)])
    series = store.save_series(ACTOR, "Tour", rules=None, owner=owner)
    store.put_series_event(ACTOR, series, autumn.key, city="Brno", date="2026-10-01")
    store.put_series_event(ACTOR, series, event.key, city="Brno", date=event.date.isoformat())
    identity = models.Entrant.objects.get(event=autumn, code="p1").player
    assert identity
    jana = models.Registration.objects.get(name="Jana Nováková")
    desk = Client()
    desk.force_login(owner)
    url = f"/desk/{event.key}/registrations/"
    page = desk.get(url).content.decode()
    assert f"played Podzim as JANA NOVAKOVA ({identity})" in page
    assert page.count('value="same_person"') == 1  # Petr, Eva, Adam played nowhere before
    # someone else's identity is refused, nothing stored
    desk.post(url, {"action": "same_person", "number": jana.number, "player": "karel-jiny"})
    jana.refresh_from_db()
    assert jana.player == ""
    desk.post(url, {"action": "same_person", "number": jana.number, "player": identity})
    jana.refresh_from_db()
    assert jana.player == identity
    assert f"the same person as {identity} in the series" in desk.get(url).content.decode()
    entry = models.AuditEntry.objects.filter(action="registration.player").get()
    assert entry.after == {"player": identity}
    from django.utils import translation

    from kolo.web import auditwords

    with translation.override("cs"):
        said = auditwords.summary_words(entry.summary)
    assert said == f"přihláška č. {jana.number} Jana Nováková: v sérii táž osoba jako {identity}"
    store.open_checkin(ACTOR, event)
    jana.refresh_from_db()
    assert jana.entrant.player == identity
    assert models.Entrant.objects.get(event=event, name="Petr Malý").player is None
