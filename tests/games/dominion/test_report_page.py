"""The desk's kingdom report for a base-game table (issue 16)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import kingdoms, models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

FIRST = ["Cellar", "Market", "Merchant", "Militia", "Mine", "Moat", "Remodel", "Smithy",
         "Village", "Workshop"]  # fmt: skip


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    c = Client()
    c.force_login(owner)
    return c


@pytest.fixture
def event(owner):
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 7)])
    store.pair_round(ACTOR, created, seed=4)
    return created


def _paired(event) -> models.Table:
    table = models.Table.objects.filter(round__event=event, round__number=1).first()
    assert table is not None
    return table


def test_the_report_of_a_base_game_kingdom(client, event, capsys) -> None:
    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    round_page = client.get(f"/desk/{event.key}/rounds/1/").content.decode()
    url = f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/"
    assert url in round_page
    page = client.get(url).content.decode()
    assert "First seat&#x27;s advantage" in page or "First seat's advantage" in page
    assert "big-money-smithy" in page
    assert "Strategy spread" in page
    again = client.get(url).content.decode()

    def report(html: str) -> str:
        return html[html.index("<h2>") : html.index("Back to the round")]

    assert report(again) == report(page)  # seeded: the same report every time
    czech = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Sklepení" in czech


def test_a_kingdom_outside_the_base_game_is_named(client, event, capsys) -> None:
    table = _paired(event)
    cards = ["Nobles", *FIRST[1:]]
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, cards, False, False)
    page = client.get(f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/")
    assert page.status_code == 200
    assert "Nobles" in page.content.decode()
    assert "does not play these cards" in page.content.decode()


def test_strangers_do_not_see_the_report(event, capsys) -> None:
    table = _paired(event)
    page = Client().get(f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/")
    assert page.status_code in (302, 403)


def test_the_report_page_in_czech(client, event, capsys) -> None:
    table = _paired(event)
    kingdoms.set_kingdom(ACTOR, event, 1, table.number, FIRST, False, False)
    url = f"/desk/{event.key}/rounds/1/tables/{table.number}/kingdom/report/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Výhoda prvního hráče" in page
    assert "90 % her mezi" in page
    assert "Zpráva o království — stůl" in page
