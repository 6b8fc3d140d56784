"""The desk: a closed round's result corrected after the next round was accepted
(R-EVT-3), with a confirmation first; an accepted round without results undone."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR, snapshot
from tests.web.test_closed_corrections import play, reversed_table_1, seats

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def owner():
    return get_user_model().objects.create_user("olga", password="secret-olga-1")


@pytest.fixture
def played(owner):
    event = store.create_event(ACTOR, "Zlin 2026", "dominion-cz", owner=owner)
    store.add_entrants(ACTOR, event, [(f"Player {i}", None) for i in range(1, 10)])
    get_user_model().objects.create_user("adam", password="secret-adam-1")
    store.set_role(ACTOR, event, "adam", "assistant")
    store.pair_round(ACTOR, event, seed=1)
    play(event, 1)
    store.pair_round(ACTOR, event, seed=2)  # round 2 accepted, no results yet
    client = Client()
    client.force_login(owner)
    return event, client


def test_r_evt_3_desk_corrects_a_closed_round_after_a_confirmation(played):
    event, client = played
    page = client.get("/desk/zlin-2026/rounds/1/").content.decode()
    assert "/desk/zlin-2026/rounds/1/tables/1/correct/" in page
    form = {f"score_{p}": v for p, v in reversed_table_1(event).items()}
    before = snapshot()
    confirm = client.post("/desk/zlin-2026/rounds/1/tables/1/correct/", form)
    assert confirm.status_code == 200
    text = confirm.content.decode()
    assert snapshot() == before  # the confirmation page changes nothing
    assert "Standings after round 1" in text
    assert "Round 2" in text
    assert "would have been different" in text
    assert "work seconds" not in text  # plain words for an organiser
    assert "some differences may come from the shorter search, not from the correction" in text
    assert 'name="confirm" value="yes"' in text
    assert 'name="version" value="1"' in text
    public_before = Client().get("/e/zlin-2026/standings/").content.decode()
    done = client.post(
        "/desk/zlin-2026/rounds/1/tables/1/correct/", {**form, "version": "1", "confirm": "yes"}
    )
    assert done.status_code == 302
    game = models.Game.objects.get(
        table__round__event=event, table__round__number=1, table__number=1
    )
    assert {s.entrant.code: s.points for s in game.scores.all()} == reversed_table_1(event)
    assert models.Round.objects.get(event=event, number=1).closed
    assert store.audit_trail(event).last().action == "result.correct"
    assert Client().get("/e/zlin-2026/standings/").content.decode() != public_before
    # the same confirmation again names a version that is gone: refused, nothing changes
    again = snapshot()
    client.post(
        "/desk/zlin-2026/rounds/1/tables/1/correct/",
        {**form, "score_" + seats(event, 1, 1)[0]: "5", "version": "1", "confirm": "yes"},
    )
    assert snapshot() == again


def test_correcting_a_closed_round_is_for_owners(played):
    event, _client = played
    assistant = Client()
    assistant.force_login(get_user_model().objects.get(username="adam"))
    form = {f"score_{p}": v for p, v in reversed_table_1(event).items()}
    before = snapshot()
    response = assistant.post(
        "/desk/zlin-2026/rounds/1/tables/1/correct/", {**form, "confirm": "yes"}
    )
    assert response.status_code == 403
    assert snapshot() == before


def test_bad_correction_input_is_refused_with_a_message(played):
    _event, client = played
    before = snapshot()
    response = client.post(
        "/desk/zlin-2026/rounds/1/tables/1/correct/",
        {"score_p1": "x", "confirm": "yes"},
        follow=True,
    )
    assert response.status_code == 200
    assert "is not a whole number" in response.content.decode()
    assert snapshot() == before


def test_an_accepted_round_without_results_has_an_undo_button(played):
    event, client = played
    page = client.get("/desk/zlin-2026/rounds/2/").content.decode()
    assert "/desk/zlin-2026/rounds/2/undo/" in page
    reopen = client.get("/desk/zlin-2026/rounds/1/reopen/").content.decode()
    assert "Correct this result" in reopen
    client.post("/desk/zlin-2026/rounds/2/undo/")
    assert not models.Round.objects.filter(event=event, number=2).exists()
    # with a result in, no undo button
    store.pair_round(ACTOR, event, seed=2)
    codes = seats(event, 2, 1)
    store.record_result(ACTOR, event, 2, 1, {p: 10 * i for i, p in enumerate(codes)})
    page = client.get("/desk/zlin-2026/rounds/2/").content.decode()
    assert "/desk/zlin-2026/rounds/2/undo/" not in page
