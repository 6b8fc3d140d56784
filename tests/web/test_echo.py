"""What a user typed is echoed in an error only in part (issue 36): a 100,000-character card
name makes a one-line error of a few dozen characters, at the desk, in the API and on the
command line alike (``kolo.core.problems.shown``, used by every message's filling)."""

import pytest

from kolo.core.problems import ECHO_LIMIT, InvalidInput
from kolo.games.dominion.cards import resolve
from kolo.store import models
from tests.web.conftest import snapshot

LONG = "Cellar" + "x" * 100_000


def test_an_unknown_card_of_100000_characters_is_echoed_cut():
    with pytest.raises(InvalidInput) as raised:
        resolve([LONG])
    text = raised.value.problems[0].text()
    assert text.startswith("unknown card 'Cellarxxx")
    assert len(text) < ECHO_LIMIT + 40
    assert "…" in text
    assert len(str(raised.value)) < ECHO_LIMIT + 60


@pytest.mark.db
@pytest.mark.django_db
def test_the_desk_echoes_a_long_card_name_cut(desk):
    client = desk
    before = snapshot()
    response = client.post(
        "/desk/pools/", {"name": "brno", "cards": f"base-1e: {LONG}, Chapel"}, follow=True
    )
    said = [str(m) for m in response.context["messages"]]
    assert any(m.startswith("unknown card 'Cellarxxx") for m in said)
    assert all(len(m) < ECHO_LIMIT + 40 for m in said)
    assert snapshot() == before
    assert not models.CardPool.objects.exists()


@pytest.mark.db
@pytest.mark.django_db
def test_the_api_echoes_a_long_name_cut(owner):
    import json

    from django.test import Client

    from kolo.store import api as store
    from kolo.web.views.api import new_token
    from tests.web.conftest import ACTOR

    event = store.create_event(ACTOR, "Brno", "carcassonne-cz", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Hráč {i}", None) for i in range(1, 7)])
    store.new_round(ACTOR, event, [["p1", "p2", "p3"], ["p4", "p5", "p6"]])
    token = new_token(owner, "t")
    response = Client().post(
        f"/api/v1/events/{event.key}/rounds/1/tables/1/result",
        json.dumps({"scores": {LONG: 1, "p2": 2, "p3": 3}}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 400
    assert len(response.content) < 1000
    assert "Cellarxxx" in response.json()["problems"][0]["message"]


def test_a_list_kolo_names_keeps_its_short_values_and_cuts_the_long_ones():
    from kolo.core.problems import fill

    known = ", ".join(f"rule-set-{i}" for i in range(30))
    assert fill("known: {known}", {"known": known}) == f"known: {known}"
    cut = fill("seated: {seated}", {"seated": f"p1 {LONG}, p2 Eva"})
    assert "…" in cut
    assert cut.endswith(" p2 Eva")
    assert len(cut) < ECHO_LIMIT + 40
    many = fill("{names}", {"names": ", ".join(["x" * 50] * 1000)})
    assert len(many) == 1001
    line = "p1=34 p2=28 p3=12 p4=40 p5=9 p6=1 p7=0 p8=2; turns p1=17,p2=17,p3=16,p4=16,p5=15"
    assert fill("{result}", {"result": line + "; ended by the time limit"}).startswith(line)
