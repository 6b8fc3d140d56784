"""Nothing entered on a domino sheet is lost (issue 36): taking back names the hand it takes
back and is refused when a hand was written meanwhile; a final score over a sheet in play is
an explicit replacement; a final score obeys the game's rules; a finished sheet offers only
taking back its last hand."""

import json

import pytest
from django.test import Client

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def pairs(owner):
    event = store.create_event(
        ACTOR, "Domino pátek", "domino-pairs", {"self_reporting": True}, owner=owner
    )
    store.add_entrants(
        ACTOR, event, [("Kočky", None), ("Psi", None), ("Lvi", None), ("Sovy", None)]
    )
    store.new_round(ACTOR, event, [["p1", "p2"], ["p3", "p4"]])
    return event


def said(response):
    return " | ".join(str(m) for m in response.context["messages"])


def sheet_url(event, table=1):
    return f"/desk/{event.key}/rounds/1/tables/{table}/sheet/"


def desk_hand(desk, event, out, seen, **pips):
    data = {"out": out, "hands": str(seen), **{f"pips_{k}": str(v) for k, v in pips.items()}}
    return desk.post(sheet_url(event), data, follow=True)


def phone_post(phone, event, code, **data):
    return phone.post(f"/e/{event.key}/report/", {"code": code, **data}, follow=True)


def hands_on_sheet(event, table=1):
    return len(models.Table.objects.get(round__event=event, number=table).sheet or [])


def test_the_desk_does_not_take_back_a_hand_a_phone_wrote_meanwhile(desk, pairs):
    desk_hand(desk, pairs, "p1", 0, p1=0, p2=30)
    desk_hand(desk, pairs, "p2", 1, p1=12, p2=0)  # the desk's page now shows 2 hands
    code = models.Table.objects.get(round__event=pairs, number=1).code
    phone_post(
        Client(),
        pairs,
        code,
        action="hand",
        player="p1",
        out="p1",
        hands="2",
        pips_p1="0",
        pips_p2="7",
    )
    assert hands_on_sheet(pairs) == 3
    before = snapshot()
    response = desk.post(sheet_url(pairs), {"action": "undo", "hands": "2"}, follow=True)
    assert "hand 2 is not the last hand any more: the sheet has 3 hands" in said(response)
    assert snapshot() == before
    response = desk.post(sheet_url(pairs), {"action": "undo", "hands": "3"}, follow=True)
    assert "table 1: hand 3 is taken back" in said(response)
    assert hands_on_sheet(pairs) == 2


def test_a_take_back_that_names_no_hand_is_refused(desk, pairs):
    desk_hand(desk, pairs, "p1", 0, p1=0, p2=30)
    before = snapshot()
    response = desk.post(sheet_url(pairs), {"action": "undo"}, follow=True)
    assert "say which hand to take back" in said(response)
    assert snapshot() == before


def test_a_phone_does_not_take_back_a_hand_another_phone_wrote_meanwhile(pairs):
    code = models.Table.objects.get(round__event=pairs, number=1).code
    first, second = Client(), Client()
    hand = {"pips_p1": "0", "pips_p2": "7", "out": "p1", "action": "hand"}
    phone_post(first, pairs, code, player="p1", hands="0", **hand)
    phone_post(second, pairs, code, player="p2", hands="1", **hand)
    before = snapshot()
    response = phone_post(first, pairs, code, action="undo", player="p1", hands="1")
    assert "hand 1 is not the last hand any more: the sheet has 2 hands" in said(response)
    assert snapshot() == before
    response = phone_post(first, pairs, code, action="undo", player="p1", hands="2")
    assert "hand 2 is taken back" in said(response)
    assert hands_on_sheet(pairs) == 1


def test_the_take_back_button_names_its_hand(desk, pairs):
    desk_hand(desk, pairs, "p1", 0, p1=0, p2=30)
    desk_hand(desk, pairs, "p1", 1, p1=0, p2=30)
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    assert "Take back hand 2" in page


@pytest.fixture
def token(owner):
    from kolo.web.views.api import new_token

    return new_token(owner, "test")


def api_result(token, event, table, body):
    return Client().post(
        f"/api/v1/events/{event.key}/rounds/1/tables/{table}/result",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def five_hands(desk, event):
    for seen in range(5):
        desk_hand(desk, event, "p1", seen, p1=0, p2=10)


def test_the_api_refuses_a_final_score_over_a_sheet_in_play_unless_it_replaces_it(
    desk, pairs, token
):
    five_hands(desk, pairs)
    before = snapshot()
    response = api_result(token, pairs, 1, {"scores": {"p1": 104, "p2": 20}})
    assert response.status_code == 409
    body = response.json()
    assert "replace_sheet" in body["error"]
    assert (
        "score sheet in play (hands written: 5; totals Kočky 50, Psi 0)"
        in body["problems"][0]["message"]
    )
    assert snapshot() == before
    response = api_result(token, pairs, 1, {"scores": {"p1": 104, "p2": 20}, "replace_sheet": True})
    assert response.status_code == 200
    assert models.Table.objects.get(round__event=pairs, number=1).sheet is None
    entry = models.AuditEntry.objects.filter(action="result.enter").last()
    assert len(entry.after["sheet_in_play_dropped"]) == 5
    assert "5 hands discarded" in entry.summary


def test_the_desk_refuses_a_final_score_over_a_sheet_in_play_unless_it_replaces_it(desk, pairs):
    five_hands(desk, pairs)
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    assert "replace the sheet: discard its 5 hands" in page
    url = f"/desk/{pairs.key}/rounds/1/tables/1/result/"
    before = snapshot()
    response = desk.post(url, {"score_p1": "104", "score_p2": "20"}, follow=True)
    assert "has a score sheet in play (hands written: 5; totals Kočky 50, Psi 0)" in said(response)
    assert snapshot() == before
    data = {"score_p1": "104", "score_p2": "20", "replace_sheet": "on"}
    response = desk.post(url, data, follow=True)
    assert "result saved" in said(response)
    assert models.Game.objects.get(table__number=1).hands is None


@pytest.mark.parametrize(
    ("scores", "reason"),
    [
        ({"p1": 30, "p2": 20}, "no team reached 100: did time run out?"),
        ({"p1": 5000, "p2": -7}, "cannot be negative"),
        ({"p1": 100, "p2": 100}, "only one team can reach 100"),
        ({"p1": 0, "p2": 0}, "no team reached 100"),
        ({"p1": -5, "p2": 100}, "cannot be negative"),
        ({"p1": 5000, "p2": 7}, "5000 points"),
    ],
)
def test_the_api_refuses_an_impossible_domino_final_score(pairs, token, scores, reason):
    before = snapshot()
    response = api_result(token, pairs, 2, {"scores": {"p3": scores["p1"], "p4": scores["p2"]}})
    assert response.status_code == 400
    assert reason in response.json()["problems"][0]["message"]
    assert snapshot() == before


def test_a_final_score_below_the_target_needs_the_time_limit_mark(desk, pairs, token):
    body = {"scores": {"p3": 90, "p4": 80}}
    assert api_result(token, pairs, 2, body).status_code == 400
    body["ended_by_time_limit"] = True
    assert api_result(token, pairs, 2, body).status_code == 200
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    assert "time ran out before a team reached 100" in page


def test_the_api_refuses_minus_fifty_for_everyone_at_mexican_train(owner, token):
    event = store.create_event(ACTOR, "Vlak", "mexican-train", owner=owner)
    store.add_entrants(ACTOR, event, [(n, None) for n in ("Ada", "Bea", "Cyril", "Dan")])
    store.new_round(ACTOR, event, [["p1", "p2", "p3", "p4"]])
    before = snapshot()
    response = api_result(token, event, 1, {"scores": {f"p{i}": -50 for i in range(1, 5)}})
    assert response.status_code == 400
    assert "cannot be negative" in response.json()["problems"][0]["message"]
    assert snapshot() == before


def test_a_phone_report_below_the_target_asks_whether_time_ran_out(pairs):
    code = models.Table.objects.get(round__event=pairs, number=2).code
    before = snapshot()
    response = phone_post(
        Client(), pairs, code, action="submit", player="p3", score_p3="90", score_p4="80"
    )
    assert "no team reached 100: did time run out?" in said(response)
    assert snapshot() == before
    response = phone_post(
        Client(),
        pairs,
        code,
        action="submit",
        player="p3",
        score_p3="90",
        score_p4="80",
        time_limit="on",
    )
    assert "the others at the table now confirm it" in said(response)


def test_a_finished_sheet_offers_nothing_but_taking_back_its_last_hand(desk, pairs):
    code = models.Table.objects.get(round__event=pairs, number=1).code
    phone = Client()
    for seen in range(4):  # 4 × 30: the match is over at 120, sent for confirmation
        phone_post(
            phone,
            pairs,
            code,
            action="hand",
            player="p1",
            out="p1",
            hands=str(seen),
            pips_p1="0",
            pips_p2="30",
        )
    assert models.SelfReport.objects.get().scores == {"p1": 120, "p2": 0}
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    table = page[page.index('id="table-1"') : page.index('id="table-2"')]
    assert "who went out?" not in table
    assert "Write the hand" not in table
    assert "Enter only the final score" not in table
    assert "Take back hand 4" in table
    before = snapshot()
    response = desk_hand(desk, pairs, "p1", 4, p1=0, p2=30)
    assert "the match was won at 100 points before this hand" in said(response)
    assert snapshot() == before


def test_a_phone_shows_a_finished_sheet_with_only_taking_back_its_last_hand(desk, pairs):
    code = models.Table.objects.get(round__event=pairs, number=1).code
    phone = Client()
    for seen in range(4):
        phone_post(
            phone,
            pairs,
            code,
            action="hand",
            player="p1",
            out="p1",
            hands=str(seen),
            pips_p1="0",
            pips_p2="30",
        )
    report = models.SelfReport.objects.get()
    desk.post(f"/desk/{pairs.key}/rounds/1/reports/{report.pk}/", {"decision": "reject"})
    page = phone.get(f"/e/{pairs.key}/report/?code={code}").content.decode()
    assert "The game is over." in page
    assert "Hand 5: who went out?" not in page
    assert "Take back hand 4" in page


def test_the_desk_preview_asks_whether_time_ran_out_as_the_score_is_typed(desk, pairs):
    url = f"/desk/{pairs.key}/rounds/1/tables/2/preview/"
    fragment = desk.post(url, {"score_p3": "90", "score_p4": "80"}).content.decode()
    assert "no team reached 100: did time run out?" in fragment
    data = {"score_p3": "90", "score_p4": "80", "time_limit": "on"}
    assert "did time run out" not in desk.post(url, data).content.decode()
