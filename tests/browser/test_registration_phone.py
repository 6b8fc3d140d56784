"""Registering from a 360 px phone: three players register for two places, the third waits,
the first cancels and the third's private page says they are registered; no page scrolls
sideways."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from kolo.store import api as store
from kolo.store import models

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
PHONE = {"width": 360, "height": 740}
WIDTH = "document.documentElement.scrollWidth"


@pytest.mark.parametrize("language", ["en", "cs"])
def test_three_players_register_from_phones_and_one_moves_up(
    live_server, browser, language, screenshots
):
    owner = get_user_model().objects.create_user("olga", password="secret-olga-1")
    event = store.create_event(ACTOR, "Dominion Tour – Brno, jaro 2027", "dominion-cz", owner=owner)
    models.Event.objects.filter(pk=event.pk).update(
        published_at=timezone.now(),
        capacity=2,
        bank_account="19-2000145399/0800",
        fee="200 Kč",
        consent="Souhlasím se zveřejněním jména a klubu ve výsledcích.",
    )
    private: list[str] = []
    too_wide: dict[str, int] = {}
    for name in ("Kateřina Procházková-Dvořáková", "Petr Svoboda", "Eva Veselá"):
        phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
        page = phone.new_page()
        page.goto(f"{live_server.url}/language/{language}/?next=/e/{event.key}/")
        page.click("#registration-block a.button")
        page.wait_for_url("**/register/")  # the form loaded before it is measured
        if (width := page.evaluate(WIDTH)) > PHONE["width"]:
            too_wide["form"] = width
        page.fill("#reg-name", name)
        page.fill("#reg-club", "Klub deskových her Brno")
        page.check("input[name=consent]")
        page.click("form button[type=submit]")
        page.wait_for_url("**/r/**")
        if (width := page.evaluate(WIDTH)) > PHONE["width"]:
            too_wide[f"private {name}"] = width
        private.append(page.url)
        if name == "Kateřina Procházková-Dvořáková":
            page.screenshot(path=str(screenshots / f"registration-phone-{language}.png"))
        phone.close()
    assert too_wide == {}
    statuses = [r.status for r in store.registrations(event)]
    assert statuses == ["registered", "registered", "waiting"]

    phone = browser.new_context(viewport=PHONE, locale="cs-CZ" if language == "cs" else "en-GB")
    page = phone.new_page()
    page.goto(f"{live_server.url}/language/{language}/?next=/")
    page.goto(private[2])
    assert "1" in page.inner_text("#status")
    page.goto(private[0])
    assert page.locator("#payment svg").count() == 1
    page.click("details.card summary >> nth=0")
    page.click("form button.danger >> nth=0")
    page.wait_for_load_state()
    page.goto(private[2])
    registered = (
        "Postoupili jste z čekací listiny"
        if language == "cs"
        else "You moved up from the waiting list"
    )
    assert registered in page.inner_text("#status")
    page.goto(f"{live_server.url}/e/{event.key}/")
    if (width := page.evaluate(WIDTH)) > PHONE["width"]:
        too_wide["event"] = width
    text = page.inner_text("#registration-block")
    assert "Eva Veselá" in text
    assert "Kateřina" not in text
    assert too_wide == {}
    phone.close()
