"""The bracket and a series in a real browser (screenshots for the docs)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from kolo.core import knockout
from kolo.eventfile import reader
from kolo.store import api as store
from kolo.store import models
from tests.conftest import CASES, EXAMPLES

pytestmark = [pytest.mark.db, pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTOR = store.Actor(who="tester", via="test")
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def test_bracket_on_a_phone_and_a_series_player(live_server, browser, screenshots):
    owner = get_user_model().objects.create_user("olga", password="organiser-pass-1")
    event = store.import_event(ACTOR, reader.load(EXAMPLES / "nbgl-praha-2026.json"), owner=owner)
    assert models.Round.objects.get(event=event, number=4).stage == knockout.FINAL
    base = live_server.url
    phone = browser.new_context(viewport=PHONE, locale="cs-CZ")
    page = phone.new_page()
    page.goto(f"{base}/language/cs/?next=/e/{event.key}/bracket/")
    page.goto(f"{base}/e/{event.key}/bracket/")
    assert page.locator("h2", has_text="finále").count() >= 1
    assert page.locator(".badge.ok", has_text="vítěz").count() == 1
    page.screenshot(path=str(screenshots / "bracket-phone-cs.png"), full_page=False)

    series_file = CASES / "series"
    imported = {}
    import json

    document = json.loads((series_file / "series.json").read_text(encoding="utf-8"))
    for item in document["events"]:
        imported[item["file"]] = store.import_event(
            ACTOR, reader.load(series_file / item["file"]), owner=owner
        )
    series = store.save_series(
        ACTOR,
        document["name"],
        rules=document["rules"],
        championship_top7=document["championship_top7"],
        qualification=document["qualification"],
        owner=owner,
    )
    for item in document["events"]:
        if item["published"]:  # R-TOUR-1: the event's own publication decides
            where = {"date": item["date"], "city": item["city"], "venue": "Klub"}
            store.announce(ACTOR, imported[item["file"]], where, publish=True)
        store.put_series_event(
            ACTOR,
            series,
            imported[item["file"]].key,
            city=item["city"],
            date=item["date"],
            kind=item.get("kind"),
            declined=item.get("declined", []),
        )
    desk = browser.new_context(viewport=DESKTOP, locale="en-GB")
    wide = desk.new_page()
    wide.goto(f"{base}/s/{series.key}/")
    leader = wide.locator("table.series-standings tbody tr").first
    leader.locator("summary").click()
    assert leader.locator("li").count() >= 6
    wide.screenshot(path=str(screenshots / "series-standings-desktop.png"), full_page=False)
    leader.locator("summary a").click()
    wide.wait_for_url(f"**/s/{series.key}/players/**")
    assert wide.locator("svg.rating-plot polyline").count() == 1
    wide.screenshot(path=str(screenshots / "series-player-desktop.png"), full_page=True)
