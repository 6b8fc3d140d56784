"""A knockout event on the web: the desk pairs every stage, the players see groups, the
shifted second group game, the bracket and how far everyone got (R-NBGL-1..5)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.core import knockout
from kolo.store import api as store
from kolo.store import models
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


def play(event, number):
    round_ = models.Round.objects.get(event=event, number=number)
    needed = 2 if round_.stage == knockout.GROUP else 1
    for table in round_.tables.all():
        seats = [s.entrant.code for s in table.seats.all()]
        for game in range(1, needed + 1):
            store.record_result(
                ACTOR,
                event,
                number,
                table.number,
                {p: 40 - 7 * i + game for i, p in enumerate(seats)},
                turns=dict.fromkeys(seats, 15),
                game_number=game,
            )
    store.close_round(ACTOR, event, number)


def test_a_whole_nbgl_event_at_the_desk(owner, client):
    event = store.create_event(ACTOR, "NBGL Praha", "nbgl-dominion", owner=owner)
    names = [f"Player {i}" for i in range(1, 18)] + [HOSTILE]
    store.add_entrants(ACTOR, event, [(n, None) for n in names])
    assert client.post("/desk/nbgl-praha/pair/").status_code == 302
    first = models.Round.objects.get(event=event, number=1)
    assert first.stage == "group"
    assert [t.group for t in first.tables.all()] == ["A", "B", "C", "D", "E"]
    assert sorted(t.seats.count() for t in first.tables.all()) == [3, 3, 4, 4, 4]
    store.accept_round(ACTOR, event, 1)
    tables = Client().get("/e/nbgl-praha/tables/").content.decode()
    assert "Group A" in tables
    seats = [s.entrant.name for s in first.tables.get(number=1).seats.all()]
    shifted = ", ".join([seats[-1], *seats[:-1]])
    assert f"Game 2: {shifted}" in tables.replace("&lt;script&gt;alert(1)&lt;/script&gt;", HOSTILE)
    play(event, 1)
    # 18 players: five group winners and the three best seconds (R-NBGL-3)
    assert client.post("/desk/nbgl-praha/pair/").status_code == 302
    semi = models.Round.objects.get(event=event, number=2)
    assert semi.stage == "semi-final"
    assert sum(t.seats.count() for t in semi.tables.all()) == 8
    # the desk's round page, print views and round show work for knockout rounds
    assert client.get("/desk/nbgl-praha/rounds/2/").status_code == 200
    assert client.get("/desk/nbgl-praha/rounds/2/print/slips/").status_code == 200
    preview = client.post(
        "/desk/nbgl-praha/rounds/2/swap/",
        {"first": "p1", "second": "p2"},
        headers={"X-Requested-With": "fetch"},
    )
    assert preview.status_code == 200
    store.accept_round(ACTOR, event, 2)
    bracket = Client().get("/e/nbgl-praha/bracket/").content.decode()
    assert "Round 2: semi-final" in bracket
    assert "Group E" in bracket
    assert bracket.count("seed ") == 8
    assert HOSTILE not in bracket
    play(event, 2)
    store.pair_round(ACTOR, event, seed=5)
    assert models.Round.objects.get(event=event, number=3).stage == "final"
    assert client.get("/desk/nbgl-praha/rounds/3/").status_code == 200
    play(event, 3)
    page = client.get("/desk/nbgl-praha/").content.decode()
    assert "/desk/nbgl-praha/pair/" not in page  # the event is over
    standings = Client().get("/e/nbgl-praha/standings/").content.decode()
    assert "Reached" in standings
    assert "winner" in Client().get("/e/nbgl-praha/bracket/").content.decode()
    printed = client.get("/desk/nbgl-praha/print/bracket/")
    assert printed.status_code == 200
    assert "Round 3: final" in printed.content.decode()
    czech = Client()
    czech.get("/language/cs/")
    assert "semifinále" in czech.get("/e/nbgl-praha/bracket/").content.decode()
    refused = client.post("/desk/nbgl-praha/pair/", follow=True).content.decode()
    assert "the final has been played" in refused


def test_no_bracket_for_swiss_events(owner):
    store.create_event(ACTOR, "Brno", "dominion-cz", owner=owner)
    assert Client().get("/e/brno/bracket/").status_code == 404
    assert "Bracket" not in Client().get("/e/brno/").content.decode()
