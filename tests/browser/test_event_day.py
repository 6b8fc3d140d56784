"""A whole event in a real browser: create, enter 10 players, pair, print, enter results
(one table by self-report and confirmation), standings, Czech; screenshots of the main
pages at desktop and phone widths go to docs/screenshots/."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from kolo.store import models

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Jana Nováková",
    "Petr Svoboda",
    "Tereza Dvořáková",
    "Jiří Černý",
    "Lucie Procházková",
    "Tomáš Kučera",
    "Eva Veselá",
    "Martin Horák",
    "Kateřina Němcová",
    "<script>alert(1)</script>",
]
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def shot(page, screenshots, name):
    page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)


def test_a_whole_event_in_the_browser(live_server, browser, screenshots):
    get_user_model().objects.create_user("olga", password="organiser-pass-1")
    base = live_server.url
    desk = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = desk.new_page()
    alerts = []
    page.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))

    # log in and create the event
    page.goto(f"{base}/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    page.click("button[type=submit]")
    page.fill("#name", "Brno Open 2026")
    page.select_option("#ruleset", "dominion-cz")
    page.click("text=Create")
    assert page.url.endswith("/desk/brno-open-2026/")

    # self-reporting on, then 10 entrants
    page.click("text=Settings")
    page.select_option("#s-self_reporting", "true")
    page.click("text=Save")
    page.click("text=Entrants")
    page.fill("#names", "\n".join(PLAYERS))
    page.click("button:has-text('Add')")
    assert page.locator("table.grid tbody tr").count() == 10

    # round 1: the engine draws it, the organiser accepts it
    page.click("text=Overview")
    page.click("text=Pair round 1")
    assert "/rounds/1/" in page.url
    assert page.locator("text=A proposed pairing").count() == 1
    page.click("text=Accept and publish")
    shot(page, screenshots, "desk-round-desktop")

    # the print views
    page.click("a:has-text('score slips')")
    assert page.locator("section.slip").count() == 4  # 10 players: 3 + 3 + 2 + 2
    assert page.locator(".qr svg").count() == 4
    shot(page, screenshots, "print-slips-desktop")
    page.go_back()

    event = models.Event.objects.get(key="brno-open-2026")
    tables = list(models.Table.objects.filter(round__event=event).order_by("number"))

    # table 1 by self-report from the players' phones
    first = tables[0]
    seats = [s.entrant for s in first.seats.order_by("position")]
    phone = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True)
    player = phone.new_page()
    player.goto(f"{base}/e/brno-open-2026/report/?code={first.code}")
    player.select_option("#reporter", seats[0].code)
    for i, entrant in enumerate(seats):
        player.fill(f"input[name=score_{entrant.code}]", str(45 - 8 * i))
    shot(player, screenshots, "self-report-phone")
    player.click("button:has-text('Send')")
    for entrant in seats[1:]:  # each player confirms on their own phone
        other = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True).new_page()
        other.goto(f"{base}/e/brno-open-2026/report/?code={first.code}")
        other.select_option("select[id^=who-]", entrant.code)
        other.click("button:has-text('Confirm')")
        other.context.close()
    player.reload()
    assert player.locator("text=Confirmed by everyone").count() == 1

    # the other tables at the desk, watching the preview as the scores are typed
    page.reload()
    with page.expect_navigation():
        page.click("button:has-text('Accept')")
    for table in tables[1:]:
        card = page.locator(f"#table-{table.number}")
        entrants = [s.entrant for s in table.seats.order_by("position")]
        for i, entrant in enumerate(entrants):
            card.locator(f"input[name=score_{entrant.code}]").fill(str(38 - 6 * i))
        card.locator(".preview table").wait_for()
        assert "Place" in card.locator(".preview").inner_text()
        with page.expect_navigation():
            card.locator("button:text-is('Save')").click()
    with page.expect_navigation():
        page.click("text=Close the round")
    assert page.locator(".badge:has-text('closed')").count() == 1

    # the players' pages: standings, find my table, the projector
    public = phone.new_page()
    public.goto(f"{base}/e/brno-open-2026/standings/")
    assert "After round 1" in public.inner_text("main")
    assert "<script>alert(1)</script>" in public.inner_text("main")  # shown as text
    shot(public, screenshots, "standings-phone")
    public.goto(f"{base}/e/brno-open-2026/")
    public.fill("#find-q", "Nová")
    public.click("button:has-text('Find')")
    assert "Jana Nováková" in public.inner_text("main")

    # round 2 paired by the engine, with the costs shown; the players see it once accepted
    page.click("text=Overview")
    page.click("text=Pair round 2")
    assert page.locator("text=Cost").first.is_visible()
    page.click("text=Accept and publish")
    public.goto(f"{base}/e/brno-open-2026/tables/")
    assert "Round 2" in public.inner_text("h1")
    shot(public, screenshots, "tables-phone")
    wide = desk.new_page()
    wide.goto(f"{base}/e/brno-open-2026/")
    shot(wide, screenshots, "event-desktop")
    wide.goto(f"{base}/e/brno-open-2026/projector/")
    shot(wide, screenshots, "projector-desktop")

    # Czech, switched in the page
    public.goto(f"{base}/e/brno-open-2026/standings/")
    public.click("a[hreflang=cs]")
    public.wait_for_load_state()
    assert "Pořadí" in public.inner_text("body")
    assert re.search(r"\d+,\d\d %", public.inner_text("main"))
    shot(public, screenshots, "standings-phone-cs")
    assert alerts == [], "no script from a player's name ran"
