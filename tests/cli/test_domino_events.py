"""Domino events in the store, by the command line (R-DOMINO-7..10): teams with members, score
sheets written hand by hand, the hand that ends the game entering the result, refusals that
change nothing, the audit trail, and export → import → export."""

import json

import pytest

from kolo.store import models
from tests.cli.test_store_commands import ok, refused

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def pairs(capsys):
    ok(capsys, "event", "new", "--ruleset", "domino-pairs", "--key", "dp", "Domino pátek")
    ok(capsys, "entrant", "add", "dp", "Kočky", "Psi", "Lvi", "Sovy")
    ok(capsys, "entrant", "members", "dp", "Kočky", "Jana", "Petr")
    ok(capsys, "round", "new", "dp", "--tables", "p1,p2;p3,p4")
    return "dp"


def test_r_domino_7_a_team_has_two_members_replaced_between_rounds(capsys, pairs):
    assert models.Entrant.objects.get(code="p1").members == [
        {"name": "Jana"},
        {"name": "Petr"},
    ]
    refused(capsys, "entrant", "members", pairs, "Psi", "Eva", contains="two members, not 1")
    refused(
        capsys,
        "entrant",
        "members",
        pairs,
        "Kočky",
        "Jana",
        "Olga",
        contains="plays in round 1, which is not closed",
    )


def test_r_domino_8_the_worked_example_written_hand_by_hand(capsys, pairs):
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "Kočky", "p1=12", "p2=30")
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--blocked", "p1=20", "p2=9")
    out = ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p2", "p1=71", "p2=0")
    assert "Kočky 30, Psi 91" in out
    assert not models.Game.objects.exists()
    out = ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p2", "p1=10", "p2=0")
    assert "The game is over" in out
    game = models.Game.objects.get()
    assert {s.entrant.code: s.points for s in game.scores.all()} == {"p1": 30, "p2": 101}
    assert len(game.hands) == 4
    assert models.Table.objects.get(number=1).sheet is None
    actions = list(models.AuditEntry.objects.values_list("action", flat=True))
    assert actions.count("sheet.hand") == 4
    assert "result.enter" in actions
    refused(
        capsys,
        "sheet",
        "hand",
        pairs,
        "1",
        "1",
        "--out",
        "p1",
        "p1=0",
        "p2=5",
        contains="has its result",
    )


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("--blocked", "p1=100", "p2=80"), "the whole set holds only 168"),
        (("--out", "p1", "p1=70", "p2=3"), "went out holds at most 69"),
        (("--blocked", "p1=0", "p2=3"), "every player still holds a tile"),
        (("--out", "p3", "p1=0", "p2=3"), "is not at table 1"),
        (("p1=0", "p2=3"), "say who went out"),
        (("--out", "p1", "p1=0"), "no pips left given for p2"),
    ],
)
def test_r_domino_8_an_impossible_hand_is_refused_and_nothing_changes(capsys, pairs, args, reason):
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=12", "p2=30")
    refused(capsys, "sheet", "hand", pairs, "1", "1", *args, contains=reason)


def test_a_hand_written_by_mistake_is_taken_back(capsys, pairs):
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=12", "p2=30")
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=2", "p2=3")
    out = ok(capsys, "sheet", "undo", pairs, "1", "1", "--hand", "2")
    assert "hand 2 is taken back" in out
    assert "Kočky 30, Psi 0" in out
    assert len(models.Table.objects.get(number=1).sheet) == 1
    ok(capsys, "sheet", "undo", pairs, "1", "1", "--hand", "1")
    refused(capsys, "sheet", "undo", pairs, "1", "1", contains="no hand to take back")


def test_a_final_score_alone_still_enters_a_domino_match(capsys, pairs):
    ok(capsys, "result", pairs, "1", "2", "p3=104", "p4=61")
    assert models.Game.objects.get().hands is None


def test_r_domino_7_members_and_sheets_survive_export_import_export(capsys, pairs, tmp_path):
    for hand in (("--out", "p1", "p1=0", "p2=60"), ("--out", "p1", "p1=0", "p2=45")):
        ok(capsys, "sheet", "hand", pairs, "1", "1", *hand)
    ok(capsys, "result", pairs, "1", "2", "p3=104", "p4=61")
    first = ok(capsys, "export", pairs)
    path = tmp_path / "dp.json"
    path.write_text(first, encoding="utf-8")
    ok(capsys, "import", str(path), "--key", "dp2")
    assert ok(capsys, "export", "dp2") == first
    doc = json.loads(first)
    assert doc["entrants"][0]["members"] == [{"name": "Jana"}, {"name": "Petr"}]
    assert doc["rounds"][0]["tables"][0]["games"][0]["hands"][1] == {
        "out": "p1",
        "pips": {"p1": 0, "p2": 45},
    }


def test_r_domino_10_a_mexican_train_game_of_two_hands(capsys):
    ok(
        capsys,
        "event",
        "new",
        "--ruleset",
        "mexican-train",
        "--key",
        "mt",
        "--set",
        "hands=2",
        "MT",
    )
    ok(capsys, "entrant", "add", "mt", "Ada", "Bea", "Cyril", "Dan")
    ok(capsys, "round", "new", "mt", "--tables", "p1,p2,p3,p4")
    ok(capsys, "sheet", "hand", "mt", "1", "1", "--out", "p2", "p1=10", "p2=0", "p3=5", "p4=7")
    refused(
        capsys,
        "sheet",
        "hand",
        "mt",
        "1",
        "1",
        "--blocked",
        "p1=0",
        "p2=0",
        "p3=5",
        "p4=7",
        contains="only one can hold 0 pips",
    )
    out = ok(capsys, "sheet", "hand", "mt", "1", "1", "--blocked", "p1=3", "p2=9", "p3=5", "p4=7")
    assert "The game is over" in out
    scores = {s.entrant.code: s.points for s in models.Score.objects.all()}
    assert scores == {"p1": 21, "p2": 22, "p3": 0, "p4": 0}
    standings = ok(capsys, "standings", "mt")
    # placement points 4 (Bea), 3 (Ada), then 2 and 1 shared: 1.5 each
    assert standings.index("Bea") < standings.index("Ada")


def test_r_domino_7_the_round_and_the_entrants_say_who_sits_where(capsys, pairs):
    out = ok(capsys, "round", "show", pairs, "1")
    assert "Table 1: 1. Jana (Kočky) · 2. Psi 1 (Psi) · 3. Petr (Kočky) · 4. Psi 2 (Psi)" in out
    listed = ok(capsys, "entrant", "list", pairs)
    assert "Jana, Petr" in listed
