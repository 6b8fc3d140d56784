"""R-GORN-9 on the web: a table of two games shows game 2's seat order (the winner of game 1
plays last) on the desk, the players' tables, the score slips and the Dominion table sheets."""

import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

HOSTILE = "<b>Čech</b>"


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def client(owner):
    c = Client()
    c.force_login(owner)
    return c


def test_r_gorn_9_game_2_order_on_the_desk_tables_and_slips(owner, client):
    event = store.create_event(
        ACTOR, "Dvě hry", "dominion-cz", {"games_per_table": 2, "rounds": 1}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(n, None) for n in ("Alena", HOSTILE, "Cyril")])
    store.pair_round(ACTOR, event, seed=1)
    table = models.Table.objects.get(round__event=event, number=1)
    assert table.setup  # the Dominion table sheet is printed too
    seats = [s.entrant.code for s in table.seats.all()]
    names = {s.entrant.code: s.entrant.name for s in table.seats.all()}
    pages = {
        "desk": f"/desk/{event.key}/rounds/1/",
        "slips": f"/desk/{event.key}/rounds/1/print/slips/",
        "sheets": f"/desk/{event.key}/rounds/1/print/kingdoms/",
        "tables": f"/e/{event.key}/tables/",
    }

    def text(url):
        body = client.get(url).content.decode()
        assert HOSTILE not in body  # escaped
        return html.unescape(body)

    for url in pages.values():
        assert "Game 2: the winner of game 1 plays last" in text(url), url
    # the player in the middle seat wins game 1: in game 2 the last seat starts, the
    # first plays second and the winner last, everyone keeping their seat
    scores = dict(zip(seats, (30, 50, 20), strict=True))
    store.record_result(ACTOR, event, 1, 1, scores, game_number=1)
    expected = ", ".join(names[p] for p in (seats[2], seats[0], seats[1]))
    for url in pages.values():
        assert f"Game 2: {expected}" in text(url), url
