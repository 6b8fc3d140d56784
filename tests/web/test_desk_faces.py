"""The desk says what applies: a refused draft keeps the organiser's picks, round 1 shows no
draft and no previous round, and an event over says so at the desk and on the players' pages."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


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
    created = store.create_event(ACTOR, "Brno 2026", "dominion-cz", {"rounds": 2}, owner=owner)
    store.add_entrants(ACTOR, created, [(f"Player {i}", None) for i in range(1, 10)])
    return created


def play(event, number):
    for table in models.Table.objects.filter(round__event=event, round__number=number):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(
            ACTOR, event, number, table.number, {p: 40 - 7 * i for i, p in enumerate(seats)}
        )
    store.close_round(ACTOR, event, number)


def shown_picks(page: str, table: int) -> list[str]:
    card = page.split(f'id="table-{table}"')[1].split('class="card" id="table-')[0]
    form = card.split('value="draft"')[1].split("</form>")[0]
    picks = []
    for select in re.findall(r'<select name="pick".*?</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', select)
        picks.append(chosen.group(1) if chosen else "")
    return picks


def test_a_refused_draft_keeps_the_picks_the_organiser_made(event, client):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    table = models.Table.objects.get(round__event=event, round__number=2, number=1)
    choices = table.setup["choices"]
    twice = [choices[0], choices[0], choices[2], choices[3], choices[4], choices[5]]
    url = f"/desk/{event.key}/rounds/2/tables/1/kingdom/"
    response = client.post(url, {"action": "draft", "pick": twice})
    assert response["Location"].endswith("#table-1")
    page = client.get(f"/desk/{event.key}/rounds/2/").content.decode()
    assert "is picked twice" in page
    assert shown_picks(page, 1) == twice  # as made, the card picked twice twice
    assert shown_picks(page, 2) == [""] * 6  # the other tables as they were
    table.refresh_from_db()
    assert table.setup["picks"] is None  # nothing recorded
    # shown once: the page again shows what is recorded
    assert shown_picks(client.get(f"/desk/{event.key}/rounds/2/").content.decode(), 1) == [""] * 6
    # recorded, the form shows the draft
    picks = [choices[i] for i in (8, 0, 3, 5, 1, 7)]
    client.post(url, {"action": "draft", "pick": picks})
    page = client.get(f"/desk/{event.key}/rounds/2/").content.decode()
    assert shown_picks(page, 1) == picks
    assert "draft recorded" in page


def test_round_one_shows_no_draft_and_no_previous_round(event, client):
    store.pair_round(ACTOR, event, seed=3)
    page = client.get(f"/desk/{event.key}/rounds/1/").content.decode()
    assert "Kingdom and draft" in page
    assert "draft recorded" not in page  # round 1 deals its ten: there is no draft
    assert "Undo the pairing" in page
    assert "previous round" not in page
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    page = client.get(f"/desk/{event.key}/rounds/2/").content.decode()
    assert "players see the previous round again" in page


FINISHED = "The event is finished: its standings are final."


def test_after_the_last_round_the_desk_and_the_players_pages_say_the_event_is_finished(
    event, client
):
    store.pair_round(ACTOR, event, seed=3)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=4)
    players = Client()

    def pages() -> dict[str, str]:
        return {
            "desk": client.get(f"/desk/{event.key}/").content.decode(),
            "desk round": client.get(f"/desk/{event.key}/rounds/2/").content.decode(),
            "event": players.get(f"/e/{event.key}/").content.decode(),
            "standings": players.get(f"/e/{event.key}/standings/").content.decode(),
        }

    before = pages()
    assert not any(FINISHED in page for page in before.values())
    assert "Final standings" not in before["standings"]
    assert "After round 1" in before["standings"]
    for table in models.Table.objects.filter(round__event=event, round__number=2):
        seats = [s.entrant.code for s in table.seats.all()]
        store.record_result(ACTOR, event, 2, table.number, {p: 9 + i for i, p in enumerate(seats)})
    assert not any(FINISHED in page for page in pages().values())  # not closed yet
    store.close_round(ACTOR, event, 2)
    after = pages()
    assert FINISHED in after["desk"]
    assert FINISHED in after["desk round"]
    assert FINISHED in after["event"]
    assert "Final standings" in after["standings"]
    assert "After round 2" not in after["standings"]
    assert "Pair round 3" not in after["desk"]
    czech = Client()
    czech.get("/language/cs/?next=/")
    assert "Konečné pořadí" in czech.get(f"/e/{event.key}/standings/").content.decode()
