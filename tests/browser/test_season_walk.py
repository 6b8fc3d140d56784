"""The season walked in a browser (issue 38): an organiser publishes an event with four
places on the desk's form; six players register from 360 px phones (two wait); one cancels
and the first waiting player moves up; the calendar and its iCalendar feed show the event; on
the day four are checked in (one of them from the waiting list, by the code on their private
page) and one registered player does not come and is dropped; round 1 pairs the four
checked-in players at one table of 4, and a player's private page shows their table."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store
from kolo.store import models

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
PHONE = {"width": 360, "height": 740}
PLAYERS = [
    "Kateřina Procházková-Dvořáková",
    "Petr Svoboda",
    "Eva Veselá",
    "Tomáš Kučera",
    "Jiří Černý",
    "Olga Malá",
]


def wide(page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_season_walk(live_server, browser, screenshots):
    base = live_server.url
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.create_event(ACTOR, "Carcassonne Brno – jaro", "carcassonne-cz", owner=owner)
    day = datetime.date.today() + datetime.timedelta(days=7)

    # the organiser publishes it with four places, on the desk's form
    desk = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
    desk.goto(f"{base}/language/en/?next=/login/")
    desk.fill("#id_username", "olga")
    desk.fill("#id_password", "organiser-pass-1")
    with desk.expect_navigation():
        desk.click("button[type=submit]")
    desk.goto(f"{base}/desk/{event.key}/announcement/")
    desk.fill("#a-date", day.isoformat())
    desk.fill("#a-start_time", "10:00")
    desk.fill("#a-city", "Brno")
    desk.fill("#a-venue", "Klub Hrací kostka")
    desk.fill("#a-capacity", "4")
    with desk.expect_navigation():
        desk.click("button[value=publish]")
    event.refresh_from_db()
    assert (event.published_at is not None, event.capacity) == (True, 4)

    # six players register from their phones: the fifth and the sixth wait
    private: dict[str, str] = {}
    for name in PLAYERS:
        phone = browser.new_context(viewport=PHONE, locale="en-GB")
        page = phone.new_page()
        page.goto(f"{base}/language/en/?next=/e/{event.key}/")
        page.click("#registration-block a.button")
        page.fill("#reg-name", name)
        page.fill("#reg-club", "Klub deskových her Brno")
        with page.expect_navigation():
            page.click("form button[type=submit]")
        assert "/r/" in page.url
        assert wide(page) <= PHONE["width"], name
        private[name] = page.url
        phone.close()
    statuses = {r.name: r.status for r in store.registrations(event)}
    assert [statuses[n] for n in PLAYERS] == ["registered"] * 4 + ["waiting"] * 2

    phone = browser.new_context(viewport=PHONE, locale="en-GB")
    page = phone.new_page()
    page.goto(f"{base}/language/en/?next=/")
    page.goto(private["Jiří Černý"])
    assert "position 1" in page.inner_text("#status")
    # Petr cancels; Jiří, first on the waiting list, moves up
    page.goto(private["Petr Svoboda"])
    page.click("details.card summary >> text=Cancel my registration")
    with page.expect_navigation():
        page.click("form button.danger >> text=Yes, cancel my registration")
    page.goto(private["Jiří Černý"])
    assert "You moved up from the waiting list" in page.inner_text("#status")
    page.goto(private["Olga Malá"])
    assert "position 1" in page.inner_text("#status")

    # the calendar and its feed show the event
    page.goto(f"{base}/calendar/")
    assert "Carcassonne Brno – jaro" in page.locator("li.calendar-event").inner_text()
    assert wide(page) <= PHONE["width"]
    feed = phone.request.get(f"{base}/calendar.ics").text()
    assert f"UID:{event.key}.{event.pk}@" in feed
    assert f"DTSTART;TZID=Europe/Prague:{day.strftime('%Y%m%d')}T100000" in feed
    own = phone.request.get(private["Eva Veselá"] + "event.ics").text()
    assert own.count("BEGIN:VEVENT") == 1
    assert f"UID:{event.key}.{event.pk}@" in own

    # on the day: the organiser opens check-in; each registered player's page shows a code
    desk.goto(f"{base}/desk/{event.key}/checkin/")
    with desk.expect_navigation():
        desk.click("form:has(input[name=action][value=open]) button")
    page.goto(private["Eva Veselá"])
    assert page.locator("#checkin img").count() == 1
    loaded = "img => img.complete && img.naturalWidth > 0"
    assert page.locator("#checkin img").evaluate(loaded)  # the code shows, not a broken image
    page.screenshot(path=str(screenshots / "season-checkin-code-en.png"), full_page=True)
    for name in ("Kateřina", "Eva Vesela", "Tomas Kucera"):  # found ignoring accents
        desk.goto(f"{base}/desk/{event.key}/checkin/?q={name}")
        with desk.expect_navigation():
            desk.locator(".checkin-list li button[value=checkin]").click()
    # Olga, still waiting, comes: her code opens her check-in on the organiser's phone
    token = models.Registration.objects.get(name="Olga Malá").token
    desk.goto(f"{base}/desk/{event.key}/checkin/{token}/")
    with desk.expect_navigation():
        desk.click(".checkin-player button[type=submit]")
    assert len(store.checked_in_codes(event)) == 4

    # Jiří did not come: the desk drops him, then pairs round 1 from the checked-in players
    desk.goto(f"{base}/desk/{event.key}/")
    assert "Jiří Černý" in desk.inner_text(".checkin-absent-pair")
    with desk.expect_navigation():
        desk.click(".checkin-absent-pair button[type=submit]")
    desk.goto(f"{base}/desk/{event.key}/")
    with desk.expect_navigation():
        desk.locator("form[action$='/pair/'] button[type=submit]").first.click()
    # the proposal is the organiser's until they accept it; then the players see it
    page.goto(private["Olga Malá"])
    assert page.locator("#table").count() == 0
    with desk.expect_navigation():
        desk.click("form[action$='/accept/'] button[type=submit]")
    seated = set(
        models.Seat.objects.filter(round__event=event).values_list("entrant__name", flat=True)
    )
    assert seated == {"Kateřina Procházková-Dvořáková", "Eva Veselá", "Tomáš Kučera", "Olga Malá"}
    assert models.Entrant.objects.get(event=event, name="Jiří Černý").dropped_after_round == 0

    # a player's private page shows their table, on a phone
    page.goto(private["Olga Malá"])
    table = page.inner_text("#table")
    assert "Round 1" in table
    seat = models.Seat.objects.get(entrant__name="Olga Malá")
    assert f"Your table: {seat.table.number}, seat {seat.position + 1}" in table
    assert wide(page) <= PHONE["width"]
    page.screenshot(path=str(screenshots / "season-table-en.png"), full_page=True)
