"""The calendar on a 360 px phone (issue 38): nothing scrolls sideways, the filters work by
tapping, a published event's page says it is published; in Czech and English."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
PHONE = {"width": 360, "height": 740}
NEXT_YEAR = datetime.date.today().year + 1


def announced(name, ruleset, **details):
    owner = get_user_model().objects.get_or_create(username="olga")[0]
    event = store.create_event(ACTOR, name, ruleset, owner=owner)
    where = {
        "date": f"{NEXT_YEAR}-03-13",
        "city": "Brno",
        "venue": "Klub deskových her Hrací kostka a přátelé",
        "address": "Údolní 1234/56, 602 00 Brno-střed",
        **details,
    }
    return store.announce(ACTOR, event, where, publish=True)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_calendar_on_a_phone(live_server, browser, screenshots, language):
    brno = announced(
        "Tour de Dominion – Brno, jarní turnaj s dlouhým názvem",
        "dominion-cz",
        start_time="09:30",
        capacity="24",
        fee="150 Kč, junioři zdarma",
    )
    announced("Carcassonne Praha", "carcassonne-cz", city="Praha", date=f"{NEXT_YEAR}-04-02")
    store.cancel_event(ACTOR, announced("Zrušený turnaj", "dominion-cz", city="Zlín"))
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/{language}/?next=/calendar/")
    assert page.locator("li.calendar-event").count() == 3
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    assert page.get_by_text("24 places left" if language == "en" else "zbývá 24 míst").count() == 1
    page.screenshot(path=str(screenshots / f"calendar-phone-{language}.png"), full_page=True)
    page.select_option("select[name=city]", "Praha")
    page.locator("form.calendar-filters button").click()
    page.wait_for_url("**/calendar/?**city=Praha**")
    assert page.locator("li.calendar-event").count() == 1
    assert "Carcassonne Praha" in page.locator("li.calendar-event").inner_text()
    page.goto(f"{live_server.url}/e/{brno.key}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    card = page.locator(".card.announcement").inner_text()
    assert ("Published on" if language == "en" else "Zveřejněno") in card
    assert "09:30" in card


def test_an_organiser_publishes_from_a_phone(live_server, browser, screenshots):
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.create_event(ACTOR, "Brno open", "dominion-cz", owner=owner)
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/cs/?next=/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    with page.expect_navigation():
        page.click("button[type=submit]")
    page.goto(f"{live_server.url}/desk/{event.key}/announcement/")
    page.fill("#a-city", "Brno")
    with page.expect_navigation():
        page.click("button[value=publish]")
    assert page.locator("#field-date .error-text").count() == 1  # by its field, in Czech
    assert "datum" in page.locator("#field-date .error-text").inner_text()
    page.fill("#a-date", f"{NEXT_YEAR}-03-13")
    page.fill("#a-start_time", "10:00")
    page.fill("#a-venue", "Klub Hrací kostka")
    page.fill("#a-capacity", "24")
    page.fill("#a-registration_until", f"{NEXT_YEAR}-03-12T20:00")
    with page.expect_navigation():
        page.click("button[value=publish]")
    assert page.locator(".announcement-status .badge.ok").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(screenshots / "announcement-phone-cs.png"), full_page=True)
    event.refresh_from_db()
    assert event.published_at is not None
    assert event.registration_until is not None
    assert event.start_time == datetime.time(10, 0)
