"""Check-in on the organiser's 360 px phone, in Czech and in English: open it, find a player
ignoring accents, tap them in, scan a player's code (its desk link) and confirm with one tap,
drop the one who did not come, pair round 1 from the checked-in players only. Nothing
scrolls sideways."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from kolo.store import api as store
from kolo.store import models
from tests.pagewords import CZECH, ENGLISH, foreign_words, names_in_store

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
PHONE = {"width": 360, "height": 740}
PLAYERS = ["Jiří Černý", "Kateřina Procházková-Dvořáková", "Eva Veselá", "Tomáš Kučera", "Ola"]


def wide(page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


@pytest.mark.parametrize("language", ["cs", "en"])
def test_check_in_on_a_phone(live_server, browser, screenshots, language):
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.create_event(ACTOR, "Brno Open", "carcassonne-cz", owner=owner)
    for number, name in enumerate(PLAYERS, 1):
        models.Registration.objects.create(
            event=event, number=number, queue=number, name=name, token=f"token-{number}"
        )
    models.Registration.objects.create(
        event=event, number=6, queue=6, name="Olga Malá", token="token-6", status="waiting"
    )
    base = live_server.url
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
    page = phone.new_page()
    page.goto(f"{base}/language/{language}/?next=/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    with page.expect_navigation():
        page.click("button[type=submit]")

    page.goto(f"{base}/desk/{event.key}/checkin/")
    with page.expect_navigation():
        page.click("form:has(input[name=action][value=open]) button")
    assert page.locator(".checkin-list li").count() == 6  # five registered, one waiting
    assert wide(page) <= PHONE["width"]
    other = CZECH if language == "en" else ENGLISH
    names = names_in_store() | {"Olga Malá"}
    assert foreign_words(page.inner_text("body"), names, other) == set()

    # find a player without accents, one tap checks them in
    page.fill("#q", "jiri cerny")
    with page.expect_navigation():
        page.press("#q", "Enter")
    assert page.locator(".checkin-list li").count() == 1
    with page.expect_navigation():
        page.locator(".checkin-list li button[value=checkin]").click()
    assert page.locator(".checkin-list li.in").count() == 1
    page.goto(f"{base}/desk/{event.key}/checkin/")
    page.screenshot(path=str(screenshots / f"checkin-phone-{language}.png"), full_page=True)
    # a long name on a phone: nothing scrolls sideways
    page.goto(f"{base}/desk/{event.key}/checkin/?q=katerina")
    assert wide(page) <= PHONE["width"]
    with page.expect_navigation():
        page.locator(".checkin-list li button[value=checkin]").click()

    # the player's code opens their check-in: one confirming tap
    page.goto(f"{base}/desk/{event.key}/checkin/token-3/")
    assert "Eva Veselá" in page.inner_text("main")
    assert wide(page) <= PHONE["width"]
    with page.expect_navigation():
        page.click(".checkin-player button[type=submit]")
    store.check_in(ACTOR, event, ["Tomáš Kučera"])

    # Ola did not come: the desk says so, and drops her before round 1
    page.goto(f"{base}/desk/{event.key}/")
    assert "Ola" in page.inner_text(".checkin-absent-pair")
    with page.expect_navigation():
        page.click(".checkin-absent-pair button[type=submit]")
    page.goto(f"{base}/desk/{event.key}/")
    with page.expect_navigation():
        page.locator("form[action$='/pair/'] button[type=submit]").first.click()
    seated = set(
        models.Seat.objects.filter(round__event=event).values_list("entrant__name", flat=True)
    )
    assert seated == set(PLAYERS[:4])
