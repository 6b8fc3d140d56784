"""Dominion at the desk and on the players' pages: kingdoms, the draft, table sheets, pools
(R-DOM-5, R-DOM-7, R-DOM-8, R-SETUP-2)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.html import escape

from kolo.core.collation import sort_key
from kolo.core.problems import InvalidInput
from kolo.games.dominion.cards import load
from kolo.games.dominion.pools import championship
from kolo.store import api as store
from kolo.store import kingdoms, models
from tests.web.conftest import ACTOR, snapshot

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
    ten = table.setup["cards"]
    c = Client()
    c.cookies["django_language"] = "cs"
    page = c.get("/e/brno-2026/tables/", headers={"accept-language": "cs"}).content.decode()
    assert "Království" in page
    data = load()
    expected = sorted(ten, key=lambda i: (data.card(i).cost, sort_key(data.card(i).cs, "cs")))
    found = positions(page, [f"</span> {escape(czech(i))} " for i in expected])
    assert found == sorted(found)  # by cost, then Czech name (R-SETUP-2)
    assert HOSTILE not in page
    assert "&lt;script&gt;" in page


def test_the_draft_at_the_desk(event, client):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    table = models.Table.objects.get(round__number=2, number=1)
    choices = table.setup["choices"]
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
    assert table.setup["picks"] is None
    assert models.AuditEntry.objects.count() == audit
    # five picks: refused
    response = client.post(url, {"action": "draft", "pick": choices[:5]}, follow=True)
    assert "exactly 6 cards, not 5" in response.content.decode()
    # the real draft
    picks = [choices[i] for i in (8, 0, 3, 5, 1, 7)]
    response = client.post(url, {"action": "draft", "pick": picks}, follow=True)
    assert "kingdom saved" in response.content.decode()
    table.refresh_from_db()
    assert table.setup["picks"] == picks
    assert table.setup["cards"] == table.setup["mandatory"] + picks
    assert len(table.setup["colony_cards"]) == 3
    assert len(table.setup["shelter_cards"]) == 2
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
    assert all(f"<td>{escape(c)}</td>" in final for c in table.setup["cards"])
    # three players: 12 Provinces, 20 Curses (R-SETUP-1, §5.2)
    assert re.search(r'<td>Province</td><td class="num">12</td>', first)
    assert re.search(r'<td>Curse</td><td class="num">20</td>', first)
    # the head referee's sheet: the Basic draw and who plays it
    draws = client.get("/desk/brno-2026/rounds/2/print/draws/").content.decode()
    assert "Basic draw" in draws
    assert all(f"<td>{escape(c)}</td>" in draws for c in table.setup["mandatory"] + choices)
    # the players see the ten
    public = Client().get("/e/brno-2026/tables/").content.decode()
    assert all(f"</span> {escape(load().card(c).en)} " in public for c in table.setup["cards"])


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
    assert table.setup["cards"] == ten
    assert table.setup["colony"] is True
    assert table.setup["shelters"] is False
    response = client.post(url, {"action": "set", "cards": "Cellar, Nonsense"}, follow=True)
    page = response.content.decode()
    assert "unknown card &#x27;Nonsense&#x27;" in page
    table.refresh_from_db()
    assert table.setup["cards"] == ten
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
    saved = kingdoms.card_pool("brno")
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


def test_a_table_of_two_drafts_three_times_round_and_plays_with_eight(owner, client):
    event = store.create_event(ACTOR, "Dvojice", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 9)])
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=5)
    table = models.Table.objects.get(round__event=event, round__number=2, number=3)
    seats = [s.entrant.name for s in table.seats.all()]
    assert len(seats) == 2
    page = client.get(f"/desk/{event.key}/rounds/2/").content.decode()
    card = page.split('id="table-3"')[1]
    labels = re.findall(r"(\d)\. \(([^)]*)\)", card)
    assert labels == [(str(n), seats[(n - 1) % 2]) for n in range(1, 7)]  # R-DOM-5
    choices = table.setup["choices"]
    client.post(
        f"/desk/{event.key}/rounds/2/tables/3/kingdom/",
        {"action": "draft", "pick": choices[:6]},
    )
    sheet = client.get(f"/desk/{event.key}/rounds/2/print/kingdoms/").content.decode()
    two = sheet.split('class="sheet table-sheet"')[3]
    for card_name, count in (("Estate", 8), ("Duchy", 8), ("Province", 8), ("Curse", 10)):
        assert re.search(rf'<td>{card_name}</td><td class="num">{count}</td>', two), card_name


def test_corrections_keep_colony_and_closed_rounds_are_final(event, client):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    table = models.Table.objects.get(round__number=2, number=1)
    choices = table.setup["choices"]
    kingdoms.record_draft(ACTOR, event, 2, 1, choices[:6])
    table.refresh_from_db()
    first = dict(table.setup)
    # the same six in another pick order: the same Colony/Shelters draw (R-DOM-7)
    kingdoms.record_draft(ACTOR, event, 2, 1, list(reversed(choices[:6])))
    table.refresh_from_db()
    assert table.setup["picks"] == list(reversed(choices[:6]))
    assert table.setup["colony"] == first["colony"]
    assert table.setup["colony_cards"] == first["colony_cards"]
    assert table.setup["seed"] == first["seed"]
    play(event, 2)
    before = snapshot()
    with pytest.raises(InvalidInput) as error:
        kingdoms.record_draft(ACTOR, event, 2, 1, choices[3:9])
    assert "closed" in error.value.problems[0].message
    with pytest.raises(InvalidInput):
        kingdoms.set_kingdom(ACTOR, event, 2, 1, ["Cellar"] * 10, colony=False, shelters=False)
    assert snapshot() == before


def test_the_same_seeds_draw_the_same_colony_and_shelters(owner):
    """A draft recorded on a round paired from a seed draws Colony and Shelters from that seed:
    two events paired and drafted alike end alike (same input, same output)."""
    setups = []
    for name in ("One", "Two"):
        event = store.create_event(ACTOR, name, "dominion-cz", owner=owner)
        store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 9)])
        store.pair_round(ACTOR, event, seed=3)
        play(event, 1)
        store.pair_round(ACTOR, event, seed=4)
        for table in models.Table.objects.filter(round__event=event, round__number=2):
            kingdoms.record_draft(ACTOR, event, 2, table.number, table.setup["choices"][:6])
        setups.append(
            [t.setup for t in models.Table.objects.filter(round__event=event, round__number=2)]
        )
    assert setups[0] == setups[1]
    assert all("seed" in setup for setup in setups[0])


def test_round_one_of_the_final_is_drafted_without_colony(owner):
    event = store.create_event(ACTOR, "Finále", "dominion-cz-final", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 10)])
    store.pair_round(ACTOR, event, seed=8)
    table = models.Table.objects.get(round__event=event, round__number=1, number=1)
    assert table.setup["draw"] == "extended"  # the upper half plays the Extended draw
    kingdoms.record_draft(ACTOR, event, 1, 1, table.setup["choices"][:6])
    table.refresh_from_db()
    assert table.setup["colony"] is False
    assert table.setup["shelters"] is False
    assert "colony_cards" not in table.setup
    ten = ["Cellar", "Festival", "Gardens", "Laboratory", "Militia", "Mine", "Moat"]
    ten += ["Moneylender", "Remodel", "Smithy"]
    with pytest.raises(InvalidInput) as error:
        kingdoms.set_kingdom(ACTOR, event, 1, 2, ten, colony=True, shelters=False)
    assert "R-DOM-7" in error.value.problems[0].message


def test_who_may_do_what(event, owner):
    assistant = get_user_model().objects.create_user("adam", password="secret-adam-1")
    stranger = get_user_model().objects.create_user("sam", password="secret-sam-1")
    boss = get_user_model().objects.create_superuser("boss", password="secret-boss-1")
    store.set_role(ACTOR, event, "adam", "assistant")
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    helper = Client()
    helper.force_login(assistant)
    url = "/desk/brno-2026/rounds/2/tables/1/kingdom/"
    ten = "Cellar, Festival, Gardens, Laboratory, Militia, Mine, Moat, Moneylender, Remodel, Smithy"
    response = helper.post(url, {"action": "set", "cards": ten}, follow=True)
    assert "only the event&#x27;s owners" in response.content.decode()
    table = models.Table.objects.get(round__number=2, number=1)
    assert table.setup["cards"] is None
    choices = table.setup["choices"]
    helper.post(url, {"action": "draft", "pick": choices[:6]})  # assistants record drafts
    table.refresh_from_db()
    assert table.setup["picks"] == choices[:6]
    outsider = Client()
    outsider.force_login(stranger)
    assert outsider.post(url, {"action": "draft", "pick": choices[3:9]}).status_code in (403, 404)
    # pools: the maker and superusers change a pool; others may only copy it
    owners = Client()
    owners.force_login(owner)
    text = "\n".join(f"{s}: " + ", ".join(ids) for s, ids in championship().cards.items())
    owners.post("/desk/pools/", {"name": "olgas", "cards": text})
    assert models.CardPool.objects.get(name="olgas").owner == owner
    smaller = text.replace(", Witch", "")
    response = outsider.post("/desk/pools/olgas/", {"cards": smaller}, follow=True)
    assert "belongs to someone else" in response.content.decode()
    assert "Witch" in kingdoms.card_pool("olgas").all_cards()
    assert "Save a copy" in outsider.get("/desk/pools/olgas/").content.decode()
    admin = Client()
    admin.force_login(boss)
    admin.post("/desk/pools/olgas/", {"cards": smaller})
    assert "Witch" not in kingdoms.card_pool("olgas").all_cards()
    history = owners.get("/desk/pools/olgas/").content.decode()
    assert history.count("saved card pool olgas") == 2
