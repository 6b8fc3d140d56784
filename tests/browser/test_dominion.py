"""Dominion in a real browser: round 2's draft entered at the desk with the pick selects,
the table sheet printed, the kingdom on a phone in Czech; screenshots for the docs."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from kolo.games.dominion.cards import load
from kolo.store import api as store
from kolo.store import models

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def test_the_draft_and_the_table_sheet(live_server, browser, screenshots):
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.create_event(ACTOR, "Dominion Tour Brno", "dominion-cz", owner=owner)
    names = ["Jana Nováková", "Petr Svoboda", "Tereza Dvořáková", "Jiří Černý", "Eva Veselá"]
    names += ["Tomáš Kučera", "Lucie Procházková", "Martin Horák", "Kateřina Němcová"]
    store.add_entrants(ACTOR, event, [(n, None) for n in names])
    store.pair_round(ACTOR, event, seed=11)
    for table in models.Table.objects.filter(round__number=1):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, 1, table.number, {p: 40 - 9 * i for i, p in enumerate(seats)}
        )
    store.close_round(ACTOR, event, 1)
    store.pair_round(ACTOR, event, seed=12)
    table = models.Table.objects.get(round__number=2, number=1)
    choices = table.setup["choices"]
    picks = [choices[i] for i in (2, 7, 0, 4, 8, 1)]

    base = live_server.url
    desk = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = desk.new_page()
    page.goto(f"{base}/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    page.click("button[type=submit]")
    page.goto(f"{base}/desk/dominion-tour-brno/rounds/2/")
    card = page.locator("#table-1")
    card.locator("details.kingdom-details > summary").click()  # the draft opens on demand
    selects = card.locator("select[name=pick]")
    assert selects.count() == 6
    for number, pick in enumerate(picks):
        selects.nth(number).select_option(pick)
    card.screenshot(path=str(screenshots / "dominion-draft-desktop.png"))
    with page.expect_navigation():
        card.locator("button:has-text('Save the draft')").click()
    assert page.locator("text=table 1: kingdom saved").count() == 1
    table.refresh_from_db()
    assert table.setup["picks"] == picks

    page.click("text=table sheets (kingdoms)")
    assert page.locator("section.table-sheet").count() == 3
    first = page.locator("section.table-sheet").first
    assert first.locator(".pick-box").all_inner_texts() == [
        str(picks.index(c) + 1) if c in picks else "" for c in choices
    ]
    first.screenshot(path=str(screenshots / "dominion-table-sheet.png"))

    phone = browser.new_context(viewport=PHONE, locale="cs-CZ")
    public = phone.new_page()
    public.goto(f"{base}/language/cs/?next=/e/dominion-tour-brno/tables/")
    public.goto(f"{base}/e/dominion-tour-brno/tables/")
    kingdom = public.locator("#table-1 .kingdom-cards li")
    assert kingdom.count() == 10
    data = load()
    assert data.card(table.setup["cards"][0]).cs in public.locator("#table-1").inner_text()
    public.screenshot(path=str(screenshots / "dominion-tables-phone-cs.png"), full_page=True)
    desk.close()
    phone.close()
