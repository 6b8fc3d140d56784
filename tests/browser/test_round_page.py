"""The desk's round page with 30 Dominion tables' players: compact (each table's players,
result fields and status; the kingdom and its draft open on demand), with "Close the round" and
the tables still waiting always in reach; the projector's black fills the screen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from kolo.eventfile import reader
from kolo.store import api as store
from kolo.store import models
from tests.conftest import EXAMPLES

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
DESKTOP = {"width": 1280, "height": 800}
TALL = 1400
"""The round page of 31 players at tables of three and four, in pixels (3,200 before)."""


@pytest.fixture
def open_round(tmp_path: Path) -> models.Event:
    document = json.loads((EXAMPLES / "brno-2026.json").read_text(encoding="utf-8"))
    document["settings"] = {**document.get("settings", {}), "rounds": 6}
    path = tmp_path / "brno.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.import_event(ACTOR, reader.load(path), owner=owner)
    store.pair_round(ACTOR, event, seed=1)
    return event


def logged_in(browser, live_server, viewport):
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "organiser-pass-1")
    with page.expect_navigation():
        page.click("button[type=submit]")
    return page


def test_a_dominion_round_page_is_compact_with_the_close_in_reach(
    live_server, browser, screenshots, open_round
):
    page = logged_in(browser, live_server, DESKTOP)
    page.goto(f"{live_server.url}/desk/{open_round.key}/rounds/6/")
    height = page.evaluate("document.documentElement.scrollHeight")
    page.screenshot(path=str(screenshots / "desk-round-31-desktop.png"))  # the window: bar in it
    assert height < TALL
    assert page.locator("details.kingdom-details[open]").count() == 0
    close = page.locator("form[action$='/rounds/6/close/'] button")
    assert close.is_visible()
    box = close.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= DESKTOP["height"]  # in the window without scrolling
    waiting = page.locator(".round-bar").inner_text()
    assert "Waiting for" in waiting
    # following a table's address only scrolls to it: its kingdom stays closed
    page.goto(f"{live_server.url}/desk/{open_round.key}/rounds/6/#table-3")
    assert page.locator("details.kingdom-details[open]").count() == 0


def test_a_save_jumps_to_its_table_and_leaves_the_kingdoms_as_they_were(
    live_server, browser, open_round
):
    page = logged_in(browser, live_server, DESKTOP)
    page.goto(f"{live_server.url}/desk/{open_round.key}/rounds/6/")
    page.locator("#table-1 details.kingdom-details > summary").click()  # the organiser opens one
    scores = page.locator("#table-2 form[action$='/result/'] input.score[name^=score_]")
    for i in range(scores.count()):
        scores.nth(i).fill(str(30 - i))
    with page.expect_navigation():
        page.locator("#table-2 form[action$='/result/'] button[type=submit]").click()
    assert page.url.endswith("#table-2")
    assert "table 2: result saved" in page.inner_text(".messages")
    assert page.locator("#table-2 details.kingdom-details[open]").count() == 0  # not opened
    assert page.locator("#table-1 details.kingdom-details[open]").count() == 1  # left open
    page.locator("#table-1 details.kingdom-details > summary").click()  # and closed again
    page.reload()
    assert page.locator("details.kingdom-details[open]").count() == 0


def test_the_projector_fills_the_screen_black(live_server, browser, open_round):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{open_round.key}/projector/")
    colours = page.evaluate(
        "[getComputedStyle(document.documentElement).backgroundColor,"
        " getComputedStyle(document.body).backgroundColor,"
        " document.elementFromPoint(960, 1075) && getComputedStyle("
        "document.elementFromPoint(960, 1075)).backgroundColor]"
    )
    assert colours[0] == "rgb(0, 0, 0)"
    assert colours[1] == "rgb(0, 0, 0)"


SPILL = """() => [...document.querySelectorAll('.desk-tables > .card')].filter(card => {
  const edge = card.getBoundingClientRect().right;
  return [...card.querySelectorAll('*')].some(el => el.getBoundingClientRect().right > edge + 1);
}).map(card => card.id)"""


@pytest.mark.parametrize("width", [360, 1024, 1280])
def test_the_live_placements_stay_inside_their_card(live_server, browser, open_round, width):
    first = models.Entrant.objects.filter(event=open_round).order_by("id").first()
    assert first is not None
    first.name = "Kateřina Procházková-Dvořáková von Lobkowicz"  # a long name, as real fields have
    first.save()
    page = logged_in(browser, live_server, {"width": width, "height": 800})
    page.goto(f"{live_server.url}/desk/{open_round.key}/rounds/6/")
    tables = page.locator(".desk-tables > .card").count()
    for table in range(1, tables + 1):
        scores = page.locator(f"#table-{table} form[action$='/result/'] input.score[name^=score_]")
        for i in range(scores.count()):
            scores.nth(i).fill(str(100 + 7 * i))
        page.locator(f"#table-{table} .preview table.grid").wait_for()
    assert page.evaluate(SPILL) == []
