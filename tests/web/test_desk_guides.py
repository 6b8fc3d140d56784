"""The desk guides the organiser (issue 19): its own words, the next step, print, small things.

Django's test client, in English and in Czech.
"""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

CLI_WORDS = re.compile(
    r"--[a-z]|\(kolo |kolo [a-z]+ [a-z]+\)|score_spread|repeat_pairs|R-GORN-\d+:"
)


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def czech(client):
    client.cookies["django_language"] = "cs"
    return client


@pytest.fixture
def empty(owner):
    return store.create_event(ACTOR, "Brno 2026", "dominion-cz", owner=owner)


@pytest.fixture
def event(empty):
    store.add_entrants(
        ACTOR, empty, [(n, None) for n in ["Ana", "Bob", "Cyril", "Dana", "Eva", "Filip"]]
    )
    return empty


def shown(response) -> str:
    """The messages a page shows, as the organiser reads them."""
    return " | ".join(str(m) for m in response.context["messages"])


def play_round(event, number):
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, number, table.number, {p: 40 - 7 * i for i, p in enumerate(seats)}
        )
    store.close_round(ACTOR, event, number)


# --- 1. the organiser's words ------------------------------------------------------------


def test_a_name_entered_twice_is_refused_without_the_cli_flag(client, event):
    response = client.post("/desk/brno-2026/entrants/", {"names": "Ana"}, follow=True)
    text = shown(response)
    assert "Ana" in text
    assert "allow a name entered already" in text
    assert not CLI_WORDS.search(text), text


def test_removing_someone_who_played_says_drop_not_the_command(client, event):
    store.pair_round(ACTOR, event, seed=1)
    response = client.post(
        "/desk/brno-2026/entrants/p1/", {"action": "remove", "confirmed": "yes"}, follow=True
    )
    text = shown(response)
    assert "“Drop”" in text
    assert not CLI_WORDS.search(text), text


def test_pairing_nobody_says_add_entrants_not_the_rule(client, empty):
    response = client.post("/desk/brno-2026/pair/", follow=True)
    text = shown(response)
    assert "add entrants first" in text
    assert "R-GORN-6" not in text
    assert not models.Round.objects.exists()


def test_a_missing_score_names_the_player_not_the_code(client, event):
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    seats = [s.entrant for s in table.seats.order_by("position")]
    data = {f"score_{seats[0].code}": "30", "version": "0"}
    response = client.post("/desk/brno-2026/rounds/1/tables/1/result/", data, follow=True)
    text = shown(response)
    assert seats[1].name in text
    assert seats[1].code not in text.split(), text
    assert "enter a score for every player" in text


def test_the_why_of_a_table_names_criteria_and_counts_points(client, event):
    store.pair_round(ACTOR, event, seed=1)
    play_round(event, 1)
    store.pair_round(ACTOR, event, seed=1)
    body = client.get("/desk/brno-2026/rounds/2/").content.decode()
    assert "score_spread" not in body
    assert "repeat_pairs" not in body
    assert "points apart" in body or "players who met before" in body
    assert not re.search(r"everyone has 1 points", body)


def test_the_why_speaks_czech(czech, event):
    store.pair_round(ACTOR, event, seed=1)
    play_round(event, 1)
    store.pair_round(ACTOR, event, seed=1)
    body = czech.get("/desk/brno-2026/rounds/2/").content.decode()
    assert "score_spread" not in body
    assert "rozdíl bodů" in body or "už se potkali" in body


def test_saving_an_entrant_says_what_was_saved(client, event):
    response = client.post(
        "/desk/brno-2026/entrants/p2/",
        {"action": "edit", "name": "Bohumil", "club": "", "player": ""},
        follow=True,
    )
    text = shown(response)
    assert text != "saved"
    assert "Bohumil" in text
    response = client.post("/desk/brno-2026/entrants/p3/", {"action": "drop"}, follow=True)
    assert "Cyril" in shown(response)


def test_a_refusal_in_czech_has_no_cli_words(czech, event):
    response = czech.post("/desk/brno-2026/entrants/", {"names": "Ana"}, follow=True)
    text = shown(response)
    assert "už je přihlášen" in text or "už je zapsán" in text, text
    assert not CLI_WORDS.search(text), text


# --- 2. the next step is the obvious button ----------------------------------------------


def test_an_empty_event_offers_add_entrants_not_pairing(client, empty):
    body = client.get("/desk/brno-2026/").content.decode()
    assert 'href="/desk/brno-2026/entrants/"' in body
    assert "Add entrants" in body
    assert "/desk/brno-2026/pair/" not in body


def test_the_first_round_button_says_pair_round_1(client, event):
    body = client.get("/desk/brno-2026/").content.decode()
    assert "Pair round 1" in body
    assert "Draw round 1" not in body
    assert "Pair the next round" not in body


def test_a_closed_round_offers_the_next_on_its_own_page(client, event):
    store.pair_round(ACTOR, event, seed=1)
    play_round(event, 1)
    body = client.get("/desk/brno-2026/rounds/1/").content.decode()
    assert 'action="/desk/brno-2026/pair/"' in body
    assert "Pair round 2" in body
    assert "Pair round 2" in client.get("/desk/brno-2026/").content.decode()
    store.pair_round(ACTOR, event, seed=1)  # round 2 exists: round 1's page pairs no more
    assert "/desk/brno-2026/pair/" not in client.get("/desk/brno-2026/rounds/1/").content.decode()


def test_an_open_round_page_offers_no_pairing(client, event):
    store.pair_round(ACTOR, event, seed=1)
    body = client.get("/desk/brno-2026/rounds/1/").content.decode()
    assert "/desk/brno-2026/pair/" not in body


def test_the_next_step_speaks_czech(czech, empty):
    body = czech.get("/desk/brno-2026/").content.decode()
    assert "Přihlásit hráče" in body
    store.add_entrants(ACTOR, empty, [(n, None) for n in ["Ana", "Bob", "Cyril"]])
    assert "Nasadit 1. kolo" in czech.get("/desk/brno-2026/").content.decode()


def test_run_this_event_shows_only_where_it_leads_somewhere_new(client, event):
    assert "Run this event" in client.get("/e/brno-2026/").content.decode()
    for url in ("/desk/brno-2026/", "/desk/brno-2026/entrants/", "/desk/brno-2026/audit/"):
        assert "Run this event" not in client.get(url).content.decode(), url
    assert "Run this event" not in Client().get("/e/brno-2026/").content.decode()


# --- 3. score slips: several to a page ---------------------------------------------------


def test_score_slips_share_a_page_with_cut_lines(client, event):
    from django.contrib.staticfiles import finders

    store.add_entrants(ACTOR, event, [(f"Late {i}", None) for i in range(6)])
    store.pair_round(ACTOR, event, seed=1)
    body = client.get("/desk/brno-2026/rounds/1/print/slips/").content.decode()
    slips = re.findall(r'<section class="([^"]*)"', body)
    assert len(slips) == 4  # 12 players at tables of three
    assert all(c == "slip" for c in slips), slips  # no page-per-table "sheet"
    assert "cut along the dashed lines" in body
    css = Path(finders.find("kolo/kolo.css")).read_text(encoding="utf-8")
    rule = re.search(r"\.slip \{([^}]*)\}", css)
    assert rule is not None
    assert "dashed" in rule.group(1)
    assert "break-inside: avoid" in rule.group(1)
    assert "break-after" not in rule.group(1)


# --- 4. smaller things -------------------------------------------------------------------


def test_remove_asks_first_and_a_confirmed_remove_removes(client, event):
    response = client.post("/desk/brno-2026/entrants/p6/", {"action": "remove"})
    assert response.status_code == 200
    body = response.content.decode()
    assert "Remove Filip from the event?" in body
    assert 'name="confirmed" value="yes"' in body
    assert event.entrants.filter(code="p6").exists()
    response = client.post(
        "/desk/brno-2026/entrants/p6/", {"action": "remove", "confirmed": "yes"}, follow=True
    )
    assert not event.entrants.filter(code="p6").exists()
    assert "Filip removed" in shown(response)


def test_csv_downloads_start_with_a_bom_and_czech_headers(owner, czech, event):
    english = Client()
    english.force_login(owner)
    english = english.get("/desk/brno-2026/export.csv").content
    assert english.startswith("\ufeff".encode())
    assert english.decode("utf-8-sig").startswith("rank,rank_to,id,name,club,points")
    text = czech.get("/desk/brno-2026/export.csv").content.decode("utf-8-sig")
    assert text.startswith("pořadí,pořadí_do,id,jméno,klub,body")


def test_head_answers_like_get(client, event):
    store.pair_round(ACTOR, event, seed=1)
    anonymous = Client()
    for url in ("/e/brno-2026/", "/e/brno-2026/tables/", "/e/brno-2026/standings/"):
        assert anonymous.head(url).status_code == 200, url
        assert anonymous.head(url)["Content-Type"] == anonymous.get(url)["Content-Type"]
    assert client.head("/desk/brno-2026/").status_code == 200


def test_entrants_headers_line_up_with_the_fields(client, event):
    body = client.get("/desk/brno-2026/entrants/").content.decode()
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", body, re.S).group(1)
    row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", body, re.S).group(1)
    headers = re.findall(r"<th>(.*?)</th>", head)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
    assert "colspan" not in row
    assert len(headers) == len(cells)
    for title, field in (("Name", 'name="name"'), ("Club", 'name="club"')):
        assert field in cells[headers.index(title)], title
    assert 'name="player"' in cells[headers.index("Player across series")]
