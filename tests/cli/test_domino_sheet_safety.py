"""Nothing entered on a domino sheet is lost, by the command line (issue 36)."""

import pytest

from kolo.store import models
from tests.cli.test_store_commands import ok, refused

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def pairs(capsys):
    ok(capsys, "event", "new", "--ruleset", "domino-pairs", "--key", "dp", "Domino pátek")
    ok(capsys, "entrant", "add", "dp", "Kočky", "Psi", "Lvi", "Sovy")
    ok(capsys, "round", "new", "dp", "--tables", "p1,p2;p3,p4")
    return "dp"


def hands_on_sheet(table=1):
    return len(models.Table.objects.get(number=table).sheet or [])


def test_sheet_undo_names_the_hand_and_refuses_one_that_is_not_the_last(capsys, pairs):
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=0", "p2=30")
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p2", "p1=12", "p2=0")
    ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=0", "p2=7")  # a phone's
    refused(
        capsys,
        "sheet",
        "undo",
        pairs,
        "1",
        "1",
        "--hand",
        "2",
        contains="hand 2 is not the last hand any more: the sheet has 3 hands",
    )
    err = refused(capsys, "sheet", "undo", pairs, "1", "1", contains="say which hand")
    assert "hand 3 (Kočky went out; pips Kočky 0, Psi 7)" in err
    assert "--hand 3" in err
    assert hands_on_sheet() == 3
    out = ok(capsys, "sheet", "undo", pairs, "1", "1", "--hand", "3")
    assert "hand 3 is taken back" in out
    assert hands_on_sheet() == 2


def test_a_final_score_over_a_sheet_in_play_needs_replace_sheet(capsys, pairs):
    for _ in range(5):
        ok(capsys, "sheet", "hand", pairs, "1", "1", "--out", "p1", "p1=0", "p2=10")
    refused(
        capsys,
        "result",
        pairs,
        "1",
        "1",
        "p1=104",
        "p2=20",
        contains="score sheet in play (hands written: 5; totals Kočky 50, Psi 0)",
    )
    ok(capsys, "result", pairs, "1", "1", "p1=104", "p2=20", "--replace-sheet")
    assert hands_on_sheet() == 0
    assert models.Game.objects.get().hands is None


@pytest.mark.parametrize(
    ("scores", "reason"),
    [
        (("p3=30", "p4=20"), "no team reached 100: did time run out?"),
        (("p3=5000", "p4=-7"), "cannot be negative"),
        (("p3=100", "p4=100"), "only one team can reach 100"),
        (("p3=0", "p4=0"), "no team reached 100"),
        (("p3=-5", "p4=100"), "cannot be negative"),
    ],
)
def test_kolo_result_refuses_an_impossible_domino_final_score(capsys, pairs, scores, reason):
    refused(capsys, "result", pairs, "1", "2", *scores, contains=reason)


def test_kolo_result_takes_a_score_below_the_target_with_the_time_limit_mark(capsys, pairs):
    refused(capsys, "result", pairs, "1", "2", "p3=90", "p4=80", contains="did time run out?")
    ok(capsys, "result", pairs, "1", "2", "p3=90", "p4=80", "--time-limit")
    assert models.Game.objects.get().ended_by_time_limit


def test_r_domino_10_mexican_train_scored_by_each_players_own_pips(capsys):
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
        "--set",
        "scoring=own",
        "MT",
    )
    ok(capsys, "entrant", "add", "mt", "Ada", "Bea", "Cyril", "Dan")
    ok(capsys, "round", "new", "mt", "--tables", "p1,p2,p3,p4")
    ok(capsys, "sheet", "hand", "mt", "1", "1", "--out", "p2", "p1=10", "p2=0", "p3=5", "p4=7")
    out = ok(capsys, "sheet", "hand", "mt", "1", "1", "--blocked", "p1=3", "p2=9", "p3=5", "p4=7")
    assert "The game is over" in out
    scores = {s.entrant.code: s.points for s in models.Score.objects.all()}
    assert scores == {"p1": 13, "p2": 9, "p3": 10, "p4": 14}
    standings = ok(capsys, "standings", "mt")
    order = [standings.index(n) for n in ("Bea", "Cyril", "Ada", "Dan")]
    assert order == sorted(order)  # the fewest pips first


def test_kolo_domino_plays_and_simulates_mexican_train_by_the_common_rule(capsys, monkeypatch):
    import io

    from kolo.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 300))
    assert (
        main(["domino", "play", "--game", "mexican-train", "--players", "3", "--scoring", "own"])
        == 0
    )
    assert "Pips left (the fewest win):" in capsys.readouterr().out
    assert (
        main(
            [
                "domino",
                "simulate",
                "--game",
                "mexican-train",
                "--bots",
                "strong,random",
                "--matches",
                "20",
                "--workers",
                "1",
                "--scoring",
                "own",
                "--json",
            ]
        )
        == 0
    )
    assert main(["domino", "play", "--game", "mexican-train", "--scoring", "lowest"]) == 2


def test_correcting_an_earlier_game_leaves_the_next_games_sheet_alone(capsys):
    ok(
        capsys,
        "event",
        "new",
        "--ruleset",
        "domino-pairs",
        "--key",
        "d2",
        "--set",
        "games_per_table=2",
        "Dva zápasy",
    )
    ok(capsys, "entrant", "add", "d2", "Kočky", "Psi")
    ok(capsys, "round", "new", "d2", "--tables", "p1,p2")
    ok(capsys, "sheet", "hand", "d2", "1", "1", "--out", "p1", "p1=0", "p2=104")
    assert models.Game.objects.count() == 1
    ok(capsys, "sheet", "hand", "d2", "1", "1", "--out", "p2", "p1=9", "p2=0")  # game 2
    assert hands_on_sheet() == 1
    ok(capsys, "result", "d2", "1", "1", "--game", "1", "--correct", "p1=110", "p2=0")
    assert hands_on_sheet() == 1
    game = models.Game.objects.get(number=1)
    assert {s.entrant.code: s.points for s in game.scores.all()} == {"p1": 110, "p2": 0}
