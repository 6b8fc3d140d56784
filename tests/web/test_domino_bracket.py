"""The bracket page of a double elimination after the Swiss rounds (R-DOMINO-11): both
brackets and the grand final, as the results leave them."""

import random

import pytest

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def play_round(event, rng):
    round_, proposal = store.pair_round(ACTOR, event, seed=len(event.rounds.all()) + 1)
    for table in proposal.tables:
        a, b = table.seats
        winner = rng.choice([a, b])
        scores = {a: 100 if winner == a else rng.randrange(100), b: 100 if winner == b else 40}
        store.record_result(ACTOR, event, round_.number, table.number, scores)
    store.close_round(ACTOR, event, round_.number)
    return proposal


@pytest.fixture
def eight(owner):
    event = store.create_event(
        ACTOR, "Domino", "domino-pairs", {"rounds": 3, "playoff": "double"}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(f"Tým {i}", None) for i in range(1, 11)])
    rng = random.Random(4)
    for _ in range(3):
        play_round(event, rng)
    return event, rng


def test_r_domino_11_the_bracket_page_draws_both_brackets(client, eight):
    event, rng = eight
    page = client.get(f"/e/{event.key}/bracket/").content.decode()
    assert "Winners&#x27; bracket, round 1" in page
    assert page.count('class="elim-match"') == 15  # 7 + 6 + the grand final and its reset
    proposal = play_round(event, rng)
    assert proposal.stage == "playoff"
    assert len(proposal.tables) == 4
    page = client.get(f"/e/{event.key}/bracket/").content.decode()
    assert page.count('class="elim-team won"') == 4
    while not store.bracket_decided(event):
        play_round(event, rng)
    page = client.get(f"/e/{event.key}/bracket/").content.decode()
    champion = store.bracket(event).champion
    name = models.Entrant.objects.get(event=event, code=champion).name
    assert f"{name} won the event." in page
    standings = client.get(f"/e/{event.key}/standings/").content.decode()
    assert standings.index(name) < min(
        standings.index(e.name) for e in event.entrants.exclude(code=champion)
    )
