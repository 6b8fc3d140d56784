"""Score sheets on the players' phones (R-DOMINO-8, R-DOMINO-10, R-EVT-4): each hand written
by a player at the table with its code, the running totals live, the hand that ends the game
sending the result for the others to confirm, the organiser accepting it with its sheet."""

import pytest
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def train(owner):
    event = store.create_event(
        ACTOR, "Mexický vlak", "mexican-train", {"self_reporting": True, "hands": 2}, owner=owner
    )
    store.add_entrants(ACTOR, event, [(n, None) for n in ("Ada", "Bea", "Cyril", "Dan")])
    store.new_round(ACTOR, event, [["p1", "p2", "p3", "p4"]])
    return event


def phone_post(phone, event, code, **data):
    return phone.post(f"/e/{event.key}/report/", {"code": code, **data}, follow=True)


def said(response):
    return " | ".join(str(m) for m in response.context["messages"])


def test_r_domino_10_a_game_written_on_phones_then_confirmed_and_accepted(train, desk):
    code = models.Table.objects.get(round__event=train).code
    ada, bea = Client(), Client()
    page = ada.get(f"/e/{train.key}/report/?code={code}").content.decode()
    assert "Hand 1: who went out?" in page
    pips = {"pips_p1": "10", "pips_p2": "0", "pips_p3": "5", "pips_p4": "7"}
    response = phone_post(ada, train, code, action="hand", player="p1", out="p2", hands="0", **pips)
    assert "hand written" in said(response)
    page = bea.get(f"/e/{train.key}/report/?code={code}").content.decode()
    assert "<strong>22</strong>" in page  # Bea's running total, on another phone
    blocked = {"pips_p1": "3", "pips_p2": "9", "pips_p3": "5", "pips_p4": "7"}
    response = phone_post(
        bea, train, code, action="hand", player="p2", out="blocked", hands="1", **blocked
    )
    assert "the others at the table now confirm it" in said(response)
    report = models.SelfReport.objects.get()
    assert report.scores == {"p1": 21, "p2": 22, "p3": 0, "p4": 0}
    assert len(report.hands) == 2
    assert not models.Game.objects.exists()
    for player, phone in (("p1", ada), ("p3", Client()), ("p4", Client())):
        phone_post(phone, train, code, action="confirm", player=player, report=str(report.pk))
    report.refresh_from_db()
    assert report.status == "confirmed"
    desk.post(f"/desk/{train.key}/rounds/1/reports/{report.pk}/", {"decision": "accept"})
    game = models.Game.objects.get()
    assert len(game.hands) == 2
    assert {s.entrant.code: s.points for s in game.scores.all()} == report.scores
    assert models.Table.objects.get(round__event=train).sheet is None


def test_a_hand_taken_back_voids_the_report_of_the_sheet(train):
    code = models.Table.objects.get(round__event=train).code
    phone = Client()
    for out, hands in (("p2", "0"), ("p3", "1")):
        pips = {f"pips_p{i}": "0" if f"p{i}" == out else "4" for i in range(1, 5)}
        phone_post(phone, train, code, action="hand", player="p1", out=out, hands=hands, **pips)
    assert models.SelfReport.objects.get().status == "pending"
    response = phone_post(phone, train, code, action="undo", player="p1", hands="2")
    assert "hand 2 is taken back" in said(response)
    assert models.SelfReport.objects.get().status == "rejected"
    assert len(models.Table.objects.get(round__event=train).sheet) == 1


def test_an_impossible_hand_from_a_phone_is_refused_with_its_reason(train):
    code = models.Table.objects.get(round__event=train).code
    pips = {"pips_p1": "4", "pips_p2": "2", "pips_p3": "5", "pips_p4": "7"}
    response = phone_post(Client(), train, code, action="hand", player="p1", out="p2", **pips)
    assert "Bea went out and holds no tile: 0 pips" in said(response)
    assert models.Table.objects.get(round__event=train).sheet is None


def test_r_domino_10_players_pages_show_the_game_in_play_with_its_totals(train, client):
    code = models.Table.objects.get(round__event=train).code
    pips = {"pips_p1": "10", "pips_p2": "0", "pips_p3": "5", "pips_p4": "7"}
    phone_post(Client(), train, code, action="hand", player="p1", out="p2", hands="0", **pips)
    page = client.get(f"/e/{train.key}/tables/").content.decode()
    assert "In play: Ada <strong>0</strong> · Bea <strong>22</strong>" in page
    projector = client.get(f"/e/{train.key}/projector/").content.decode()
    assert "Bea <strong>22</strong>" in projector
