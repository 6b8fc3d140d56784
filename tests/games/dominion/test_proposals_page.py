"""The desk's fair kingdoms for a Dominion event (issue 16: "the kingdom report and proposals
work … on the desk"): the fairest of random base-game kingdoms by bot games, to copy or to use
as a table's kingdom where the table keeps one."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.games.dominion import engine
from kolo.games.dominion import simulate as sim
from kolo.games.dominion.cards import load, sort_key
from kolo.store import api as store
from kolo.store import kingdoms, models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

SMALL = {"candidates": "4", "games": "10"}
"""A quick run: four random kingdoms, ten games each."""


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
    """A Czech championship event with round 1 seated: its tables keep kingdoms."""
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 7)])
    store.pair_round(ACTOR, created, seed=4)
    return created


@pytest.fixture
def nbgl(owner):
    created = store.create_event(ACTOR, "NBGL Praha", "nbgl-dominion", owner=owner)
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 9)])
    store.pair_round(ACTOR, created, seed=2)
    return created


def url(event: models.Event) -> str:
    return f"/desk/{event.key}/kingdoms/propose/"


def proposals(html: str) -> list[list[str]]:
    """The card names of each proposed kingdom, as listed."""
    blocks = html.split('<div class="card proposal">')[1:]
    found = []
    for block in blocks:
        listed = block[block.index('<ul class="kingdom-cards">') : block.index("</ul>")]
        found.append(re.findall(r"</span> ([^<]+)</li>", listed))
    return found


def test_the_form_comes_first_with_the_events_table_size(client, event) -> None:
    page = client.get(url(event))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="candidates" value="12"' in html
    assert 'name="games" value="100"' in html
    assert 'name="players" value="3"' in html  # dominion-cz: tables of 3
    assert 'name="seed" value="1"' in html
    assert proposals(html) == []  # nothing played before the form is sent
    # the 26 cards of R-SETUP-3 are ticked; Feast (first edition) is offered, not ticked
    assert html.count("checked>") == 26
    assert 'value="Feast">' in html


def test_three_proposals_of_ten_cards_the_same_for_a_seed(client, event) -> None:
    first = client.get(url(event), {**SMALL, "seed": "7"}).content.decode()
    found = proposals(first)
    assert len(found) == 3
    assert all(len(cards) == 10 and len(set(cards)) == 10 for cards in found)
    again = client.get(url(event), {**SMALL, "seed": "7"}).content.decode()
    assert proposals(again) == found  # seeded: the same proposals every time
    other = client.get(url(event), {**SMALL, "seed": "8"}).content.decode()
    assert proposals(other) != found
    assert "First seat's advantage" in first
    assert "Strategy spread" in first


def test_the_page_shows_what_simulate_propose_finds(client, event) -> None:
    html = client.get(url(event), {**SMALL, "players": "4", "seed": "3"}).content.decode()
    expected = sim.propose(sim.SECOND_EDITION, 4, 4, 10, 3)
    data = load()
    assert proposals(html) == [
        sorted((data.card(c).en for c in item["kingdom"]), key=lambda n: sort_key(data.card(n)))
        for item in expected
    ]


def test_czech_names_in_czech_order(client, event) -> None:
    html = client.get(url(event), SMALL, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Spravedlivá království" in html
    data = load()
    by_czech = {data.card(c).cs: data.card(c) for c in engine.KINGDOM}
    for cards in proposals(html):
        assert all(name in by_czech for name in cards)
        assert cards == sorted(cards, key=lambda n: sort_key(by_czech[n], "cs"))


def test_the_pool_is_the_ticked_cards(client, event) -> None:
    ten = ["Cellar", "Chapel", "Moat", "Village", "Smithy", "Militia", "Market", "Mine",
           "Witch", "Feast"]  # fmt: skip
    query = {**SMALL, "pool": "chosen", "card": ten}
    html = client.get(url(event), query).content.decode()
    # the only kingdom that can be drawn, proposed once though drawn four times
    assert [sorted(cards) for cards in proposals(html)] == [sorted(ten)]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"candidates": "0", "games": "10"}, "Kingdoms to weigh: a whole number from 1 to 40"),
        ({"candidates": "x", "games": "10"}, "not &#x27;x&#x27;"),
        ({"candidates": "2", "games": "100000"}, "Games: a whole number from 10 to 500"),
        ({"candidates": "40", "games": "500"}, "40 kingdoms × 500 games is more than the 4000"),
        ({"candidates": "2", "games": "10", "players": "7"}, "Players at a table: 2 to 6"),
        ({"candidates": "2", "games": "10", "seed": "-1"}, "Seed: a whole number, 0 or more"),
        (
            {"candidates": "2", "games": "10", "pool": "chosen", "card": ["Cellar", "Moat"]},
            "Tick at least ten cards to draw from, not 2.",
        ),
        (
            {"candidates": "2", "games": "10", "pool": "chosen", "card": "<b>Nobles</b>"},
            "&#x27;&lt;b&gt;Nobles&lt;/b&gt;&#x27; is not one of the cards",
        ),
    ],
)
def test_bad_input_is_refused_clearly(client, event, query, message) -> None:
    page = client.get(url(event), query)
    assert page.status_code == 400
    html = page.content.decode()
    assert message in html
    assert "<b>Nobles</b>" not in html  # escaped
    assert proposals(html) == []


def test_only_for_dominion_events(client, owner) -> None:
    carcassonne = store.create_event(ACTOR, "Carcassonne Brno", "carcassonne-cz", owner=owner)
    assert client.get(url(carcassonne)).status_code == 404
    assert "kingdoms/propose" not in client.get(f"/desk/{carcassonne.key}/").content.decode()


def test_linked_from_the_desk_of_a_dominion_event(client, event) -> None:
    assert url(event) in client.get(f"/desk/{event.key}/").content.decode()
    assert url(event) in client.get(f"/desk/{event.key}/rounds/1/").content.decode()


def test_a_login_is_needed(event) -> None:
    page = Client().get(url(event), SMALL)
    assert page.status_code == 302
    assert page["Location"].startswith("/login/")


def test_an_owner_uses_a_proposal_as_a_tables_kingdom(client, event) -> None:
    html = client.get(url(event), SMALL).content.decode()
    assert '<option value="1-2">round 1, table 2</option>' in html
    ids = re.findall(r'name="cards" value="([^"]+)"', html)
    assert len(ids) == 3
    answer = client.post(url(event), {"table": "1-2", "cards": ids[0]})
    assert answer.status_code == 302
    assert answer["Location"] == f"/desk/{event.key}/rounds/1/#table-2"
    kingdom = kingdoms.stored_kingdom(models.Table.objects.get(round__event=event, number=2))
    assert kingdom is not None
    assert kingdom.cards is not None
    assert sorted(kingdom.cards) == sorted(ids[0].split(","))
    assert not kingdom.colony
    assert not kingdom.shelters
    assert models.AuditEntry.objects.filter(event=event, action="kingdom.set").count() == 1


def test_a_table_that_is_not_offered_is_refused(client, event) -> None:
    html = client.get(url(event), SMALL).content.decode()
    ids = re.findall(r'name="cards" value="([^"]+)"', html)
    answer = client.post(url(event), {"table": "1-99", "cards": ids[0]}, follow=True)
    assert "Choose a table of an open round that keeps a kingdom." in answer.content.decode()
    assert not models.AuditEntry.objects.filter(event=event, action="kingdom.set").exists()


def test_an_assistant_sees_proposals_but_cannot_use_them(event) -> None:
    get_user_model().objects.create_user("adam", password="secret-adam-1")
    store.set_role(ACTOR, event, "adam", "assistant")
    assistant = Client()
    assistant.force_login(get_user_model().objects.get(username="adam"))
    html = assistant.get(url(event), SMALL).content.decode()
    assert len(proposals(html)) == 3
    assert 'name="cards"' not in html
    assert "Only the event's owners may replace a table's kingdom." in html
    kingdom = ",".join(engine.FIRST_GAME)
    assistant.post(url(event), {"table": "1-1", "cards": kingdom})
    assert not models.AuditEntry.objects.filter(event=event, action="kingdom.set").exists()


def test_nbgl_tables_keep_no_kingdom_so_the_cards_are_to_copy(client, nbgl) -> None:
    page = client.get(url(nbgl), SMALL)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="players" value="4"' in html  # NBGL: tables of 4
    assert len(proposals(html)) == 3
    assert 'name="cards"' not in html
    assert "reveals its kingdoms on the day" in html
    assert html.count("readonly>") == 3
