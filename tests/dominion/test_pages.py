"""Dominion at the desk and on the players' pages: kingdoms, the draft, table sheets, pools
(R-DOM-5, R-DOM-7, R-DOM-8, R-SETUP-2)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from kolo.dominion.cards import load
from kolo.dominion.pools import championship
from kolo.web import models, store
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

HOSTILE = "<script>alert(1)</script>"


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
    store.add_entrants(
        ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)] + [(HOSTILE, None)]
    )
    return created


def play(event, number):
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, number, table.number, {p: 40 - 7 * i for i, p in enumerate(seats)}
        )
    store.close_round(ACTOR, event, number)


def czech(card_id):
    return load().card(card_id).cs


def positions(page, names):
    return [page.index(n) for n in names]


def test_round_one_kingdom_on_the_players_page_sorted_in_czech(event):
    store.pair_round(ACTOR, event, seed=3)
    table = models.Table.objects.get(round__number=1, number=1)
    ten = table.kingdom["cards"]
    c = Client()
    c.cookies["django_language"] = "cs"
    page = c.get("/e/brno-2026/tables/", headers={"accept-language": "cs"}).content.decode()
    assert "Království" in page
    data = load()
    expected = sorted(ten, key=lambda i: (data.card(i).cost, data.card(i).cs.casefold()))
    found = positions(page, [f"</span> {escape(czech(i))} " for i in expected])
    assert found == sorted(found)  # by cost, then Czech name (R-SETUP-2)
    assert HOSTILE not in page
    assert "&lt;script&gt;" in page


def test_the_draft_at_the_desk(event, client):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    table = models.Table.objects.get(round__number=2, number=1)
    choices = table.kingdom["choices"]
    page = client.get("/desk/brno-2026/rounds/2/").content.decode()
    assert "Record the draft" in page
    names = [s.entrant.name for s in table.seats.all()]
    assert f"1. ({names[0]})" in page  # the starting player picks first
    url = "/desk/brno-2026/rounds/2/tables/1/kingdom/"
    audit = models.AuditEntry.objects.count()
    # a pick not among the nine: refused with the card's name, nothing changes
    outside = next(c for c in championship().all_cards() if c not in choices)
    response = client.post(url, {"action": "draft", "pick": [*choices[:5], outside]}, follow=True)
    assert f"&#x27;{outside}&#x27; is not among the nine" in response.content.decode()
    table.refresh_from_db()
    assert table.kingdom["picks"] is None
    assert models.AuditEntry.objects.count() == audit
    # five picks: refused
    response = client.post(url, {"action": "draft", "pick": choices[:5]}, follow=True)
    assert "exactly 6 cards, not 5" in response.content.decode()
    # the real draft
    picks = [choices[i] for i in (8, 0, 3, 5, 1, 7)]
    response = client.post(url, {"action": "draft", "pick": picks}, follow=True)
    assert "kingdom saved" in response.content.decode()
    table.refresh_from_db()
    assert table.kingdom["picks"] == picks
    assert table.kingdom["cards"] == table.kingdom["mandatory"] + picks
    assert len(table.kingdom["colony_cards"]) == 3
    assert len(table.kingdom["shelter_cards"]) == 2
    assert models.AuditEntry.objects.filter(action="kingdom.draft").count() == 1
    # the table sheet: pick boxes numbered in pick order, the final ten, piles for 3 players
    sheet = client.get("/desk/brno-2026/rounds/2/print/kingdoms/").content.decode()
    assert (
        sheet.count('class="sheet table-sheet"')
        == models.Table.objects.filter(round__number=2).count()
    )
    first = sheet.split('class="sheet table-sheet"')[1]
    for number, card in enumerate(picks, start=1):
        assert re.search(
            rf'<span class="pick-box">{number}</span></td><td class="num">\d+</td>'
            rf"<td>{re.escape(escape(card))}</td>",
            first,
        ), card
    final = first.split("kingdom-final")[1]
    assert all(f"<td>{escape(c)}</td>" in final for c in table.kingdom["cards"])
    assert "Province" in first
    assert ">12<" in first
    assert "Curse" in first
    assert ">20<" in first
    # the head referee's sheet: the Basic draw and who plays it
    draws = client.get("/desk/brno-2026/rounds/2/print/draws/").content.decode()
    assert "Basic draw" in draws
    assert all(f"<td>{escape(c)}</td>" in draws for c in table.kingdom["mandatory"] + choices)
    # the players see the ten
    public = Client().get("/e/brno-2026/tables/").content.decode()
    assert all(f"</span> {escape(load().card(c).en)} " in public for c in table.kingdom["cards"])


def test_a_kingdom_drawn_with_physical_cards(event, client):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    url = "/desk/brno-2026/rounds/2/tables/2/kingdom/"
    ten = ["Cellar", "Festival", "Gardens", "Laboratory", "Militia", "Mine", "Moat"]
    ten += ["Moneylender", "Remodel", "Smithy"]
    written = ", ".join(czech(c) for c in ten)
    client.post(url, {"action": "set", "cards": written, "colony": "on"})
    table = models.Table.objects.get(round__number=2, number=2)
    assert table.kingdom["cards"] == ten
    assert table.kingdom["colony"] is True
    assert table.kingdom["shelters"] is False
    response = client.post(url, {"action": "set", "cards": "Cellar, Nonsense"}, follow=True)
    page = response.content.decode()
    assert "unknown card &#x27;Nonsense&#x27;" in page
    table.refresh_from_db()
    assert table.kingdom["cards"] == ten
    sheet = client.get("/desk/brno-2026/rounds/2/print/kingdoms/").content.decode()
    assert "Colony" in sheet
    assert "Platinum" in sheet


def test_sheets_only_for_dominion(owner, client):
    other = store.create_event(ACTOR, "Carc", "carcassonne-cz", owner=owner)
    store.add_entrants(ACTOR, other, [(f"Hráč {i}", None) for i in range(8)])
    store.pair_round(ACTOR, other, seed=1)
    assert client.get(f"/desk/{other.key}/rounds/1/print/kingdoms/").status_code == 404
    assert "table sheets" not in client.get(f"/desk/{other.key}/rounds/1/").content.decode()


def test_card_pools_at_the_desk(client):
    page = client.get("/desk/pools/").content.decode()
    assert "cz-championship" in page
    assert ">74<" in page
    built_in = client.get("/desk/pools/cz-championship/").content.decode()
    assert "cannot be changed" in built_in
    text = re.search(
        r'<textarea id="pool-cards" name="cards"[^>]*>(.*?)</textarea>', built_in, re.S
    )
    assert text is not None
    body = text.group(1).replace("&#x27;", "'")
    # an unknown card is refused by name
    bad = body.replace("Cellar", "Cellarr", 1)
    response = client.post(
        "/desk/pools/", {"name": "brno", "title": HOSTILE, "cards": bad}, follow=True
    )
    assert "unknown card &#x27;Cellarr&#x27;" in response.content.decode()
    assert not models.CardPool.objects.exists()
    # too small for a round's draws
    response = client.post(
        "/desk/pools/", {"name": "tiny", "cards": "base-1e: Cellar, Chapel"}, follow=True
    )
    assert "at least 10 cards" in response.content.decode()
    # a copy without Witch
    copy = body.replace("Witch, ", "").replace(", Witch", "")
    response = client.post(
        "/desk/pools/", {"name": "brno", "title": HOSTILE, "cards": copy}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/desk/pools/brno/"
    saved = store.card_pool("brno")
    assert len(saved.all_cards()) == 73
    assert "Witch" not in saved.all_cards()
    page = client.get("/desk/pools/").content.decode()
    assert HOSTILE not in page
    assert "&lt;script&gt;" in page
    assert models.AuditEntry.objects.filter(action="pool.save").count() == 1
    # the championship pool itself cannot be overwritten
    response = client.post("/desk/pools/cz-championship/", {"cards": copy}, follow=True)
    assert "cannot be changed" in response.content.decode()
    assert len(championship().all_cards()) == 74
    assert client.get("/desk/pools/nope/").status_code == 404


def test_pools_need_login():
    response = Client().get("/desk/pools/")
    assert response.status_code == 302
    assert "/login/" in response["Location"]
