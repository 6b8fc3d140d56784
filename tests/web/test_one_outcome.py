"""One outcome of a game everywhere: the phone's player page, the desk's preview and the
standings show the same shares, whatever the event's share settings (a negative score, a
table of two); the standings CSV carries the rule set's tie-break columns."""

import csv
import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.pagewords import visible_text
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]

SETTINGS = {"negative_scores_as_zero": False, "smaller_table_scaling": False}


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def played(owner):
    """Five players at a table of three and a table of two; a negative score at each."""
    event = store.create_event(ACTOR, "Brno 2026", "dominion-cz", SETTINGS, owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 6)])
    store.pair_round(ACTOR, event, seed=1)
    scores = {3: [30, 10, -5], 2: [20, -3]}
    for table in models.Table.objects.filter(round__event=event, round__number=1):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, 1, table.number, dict(zip(seats, scores[len(seats)], strict=True))
        )
    store.close_round(ACTOR, event, 1)
    return event


def percent_of(text: str, name: str) -> str:
    """The first percentage on the line of a player's name."""
    for line in text.split("\n" + name + "\n", 1)[1:]:
        found = re.search(r"-?\d+(?:[.,]\d+)?\s?%", line)
        if found:
            return found.group(0).replace(" ", "")
    raise AssertionError(f"no share next to {name}")


def test_the_phone_the_preview_and_the_standings_show_the_same_shares(played, owner):
    desk = Client()
    desk.force_login(owner)
    pair = models.Table.objects.get(round__event=played, round__number=1, number=2)
    seats = [s.entrant for s in pair.seats.all()]
    assert len(seats) == 2
    winner, loser = seats  # 20 and -3: shares 20/17 and -3/17, not scaled, not zeroed
    standings = visible_text(Client().get("/e/brno-2026/standings/").content.decode())
    phone = visible_text(Client().get(f"/e/brno-2026/players/{winner.code}/").content.decode())
    preview = visible_text(
        desk.post(
            "/desk/brno-2026/rounds/1/tables/2/preview/",
            {f"score_{winner.code}": "20", f"score_{loser.code}": "-3"},
        ).content.decode()
    )
    expected = "117.65%"
    assert percent_of(standings, winner.name) == expected
    games = phone.split("Opponents", 1)[1]  # the games, below the summary's success
    assert expected in games.replace(" ", "")
    assert expected in preview.replace(" ", "")
    assert "-17.65%" in preview.replace(" ", "")


def test_the_standings_csv_carries_the_tie_break_columns(owner):
    swiss = store.create_event(ACTOR, "Duel 2026", "swiss-pairs", owner=owner)
    store.add_entrants(ACTOR, swiss, [(f"Player {i}", None) for i in range(1, 5)])
    store.pair_round(ACTOR, swiss, seed=1)
    for table in models.Table.objects.filter(round__event=swiss, round__number=1):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(ACTOR, swiss, 1, table.number, dict(zip(seats, [3, 1], strict=True)))
    store.close_round(ACTOR, swiss, 1)
    client = Client()
    client.force_login(owner)
    text = client.get("/desk/duel-2026/export.csv").content.decode("utf-8-sig")
    header, first = list(csv.reader(io.StringIO(text)))[:2]
    assert header == [
        "rank",
        "rank_to",
        "id",
        "name",
        "club",
        "points",
        "buchholz",
        "score_difference",
        "games",
        "dropped",
    ]
    assert first[header.index("score_difference")] == "2"
