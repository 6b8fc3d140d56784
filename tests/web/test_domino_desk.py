"""Domino on the desk (R-DOMINO-7, -8, -10): who sits where, the score sheet written hand by
hand with the running totals, a refused hand changing nothing, the last hand taken back, the
final score alone still possible."""

import pytest

from kolo.store import api as store
from kolo.store import models
from tests.web.conftest import ACTOR, snapshot

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def pairs(owner):
    event = store.create_event(ACTOR, "Domino pátek", "domino-pairs", owner=owner)
    store.add_entrants(
        ACTOR, event, [("Kočky", None), ("Psi", None), ("Lvi", None), ("Sovy", None)]
    )
    store.set_members(ACTOR, event, "p1", ["Jana", "Petr"])
    store.set_members(ACTOR, event, "p2", ["Eva", "Karel"])
    store.new_round(ACTOR, event, [["p1", "p2"], ["p3", "p4"]])
    return event


def hand(desk, event, table, out, **pips):
    data = {"out": out, **{f"pips_{k}": str(v) for k, v in pips.items()}}
    return desk.post(f"/desk/{event.key}/rounds/1/tables/{table}/sheet/", data, follow=True)


def said(response):
    return " | ".join(str(m) for m in response.context["messages"])


def test_r_domino_7_the_round_page_says_who_sits_where(desk, pairs):
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    assert "1. Jana (Kočky) · 2. Eva (Psi) · 3. Petr (Kočky) · 4. Karel (Psi)" in page


def test_r_domino_8_a_match_written_hand_by_hand_on_the_desk(desk, pairs):
    hand(desk, pairs, 1, "p1", p1=12, p2=30)
    hand(desk, pairs, 1, "blocked", p1=20, p2=9)
    page = hand(desk, pairs, 1, "p2", p1=71, p2=0).content.decode()
    assert "<strong>91</strong>" in page  # Psi's running total after three hands
    response = hand(desk, pairs, 1, "p2", p1=10, p2=0)
    assert "the game is over, its result is in" in said(response)
    game = models.Game.objects.get(table__number=1)
    assert {s.entrant.code: s.points for s in game.scores.all()} == {"p1": 30, "p2": 101}
    assert len(game.hands) == 4
    page = desk.get(f"/desk/{pairs.key}/rounds/1/").content.decode()
    assert "The game is over." in page


def test_r_domino_8_an_impossible_hand_is_refused_with_its_reason(desk, pairs):
    hand(desk, pairs, 1, "p1", p1=12, p2=30)
    before = snapshot()
    response = hand(desk, pairs, 1, "blocked", p1=100, p2=80)
    assert "180 pips left: the whole set holds only 168" in said(response)
    response = hand(desk, pairs, 1, "", p1=1, p2=8)
    assert "say who went out" in said(response)
    assert snapshot() == before


def test_the_last_hand_is_taken_back_on_the_desk(desk, pairs):
    hand(desk, pairs, 1, "p1", p1=12, p2=30)
    response = desk.post(
        f"/desk/{pairs.key}/rounds/1/tables/1/sheet/", {"action": "undo", "hands": "1"}, follow=True
    )
    assert "table 1: hand 1 is taken back" in said(response)
    assert models.Table.objects.get(round__event=pairs, number=1).sheet is None


def test_a_paper_sheets_final_score_is_still_entered(desk, pairs):
    desk.post(f"/desk/{pairs.key}/rounds/1/tables/2/result/", {"score_p3": "104", "score_p4": "61"})
    assert models.Game.objects.get(table__number=2).hands is None


def test_two_people_writing_the_same_hand_do_not_write_it_twice(desk, pairs):
    hand(desk, pairs, 1, "p1", p1=12, p2=30)
    data = {"out": "p1", "pips_p1": "0", "pips_p2": "5", "hands": "0"}  # seen before hand 1
    response = desk.post(f"/desk/{pairs.key}/rounds/1/tables/1/sheet/", data, follow=True)
    assert "someone else wrote on this sheet meanwhile" in said(response)
    assert len(models.Table.objects.get(round__event=pairs, number=1).sheet) == 1


def test_r_domino_7_teams_and_their_members_entered_on_the_desk(desk, owner):
    event = store.create_event(ACTOR, "Páteční domino", "domino-pairs", owner=owner)
    page = desk.get(f"/desk/{event.key}/entrants/").content.decode()
    assert "team,first member,second member" in page
    desk.post(f"/desk/{event.key}/entrants/", {"names": "Kočky,Jana,Petr\nPsi\n"})
    teams = {e.name: e.members for e in event.entrants.all()}
    assert teams == {"Kočky": [{"name": "Jana"}, {"name": "Petr"}], "Psi": []}
    response = desk.post(
        f"/desk/{event.key}/entrants/p2/",
        {"action": "members", "member1": "Eva", "member2": "Karel"},
        follow=True,
    )
    assert "Psi: members saved" in said(response)
    assert event.entrants.get(code="p2").members == [{"name": "Eva"}, {"name": "Karel"}]
    before = snapshot()
    response = desk.post(f"/desk/{event.key}/entrants/", {"names": "Lvi,Ota\n"})
    assert response.status_code == 400
    assert snapshot() == before


def test_r_domino_7_a_member_is_replaced_only_between_rounds(desk, pairs):
    response = desk.post(
        f"/desk/{pairs.key}/entrants/p1/",
        {"action": "members", "member1": "Jana", "member2": "Olga"},
        follow=True,
    )
    assert "plays in round 1, which is not closed" in said(response)
    assert pairs.entrants.get(code="p1").members[1] == {"name": "Petr"}


def test_r_domino_8_printed_score_sheets_say_who_sits_where_and_the_target(desk, pairs):
    page = desk.get(f"/desk/{pairs.key}/rounds/1/print/scoresheets/").content.decode()
    assert page.count('class="scoresheet"') == 2
    assert "1. Jana (Kočky) · 2. Eva (Psi) · 3. Petr (Kočky) · 4. Karel (Psi)" in page
    assert "The match goes to 100 points" in page
    assert page.count('<td class="num">16.</td>') == 2  # sixteen empty hand rows each


def test_r_domino_10_the_settings_form_takes_placement_points_and_larger_tables(desk, owner):
    event = store.create_event(ACTOR, "Vlak", "mexican-train", owner=owner)
    page = desk.get(f"/desk/{event.key}/settings/").content.decode()
    assert 'id="s-placement_points"' in page
    assert "larger tables" in page
    desk.post(
        f"/desk/{event.key}/settings/", {"placement_points": "5, 3, 2, 1", "remainder": "larger"}
    )
    event.refresh_from_db()
    assert event.settings["placement_points"] == [5, 3, 2, 1]
    assert event.settings["remainder"] == "larger"
    response = desk.post(f"/desk/{event.key}/settings/", {"placement_points": "1, 2"})
    assert "a better place cannot earn fewer points" in response.content.decode()
