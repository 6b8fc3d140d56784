"""kolo result … --correct in a closed round after the next round is paired (R-EVT-3):
a summary of what changes, then the correction with --yes; without --yes and without a
terminal, the summary and a refusal."""

import json

import pytest

from tests.cli.test_store_commands import brno, ok, play_round_1, refused, run  # noqa: F401

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def test_r_evt_3_correct_a_closed_round_from_the_command_line(capsys, brno):  # noqa: F811
    play_round_1(capsys, brno)  # p1=40 p2=30 p3=10 at table 1
    ok(capsys, "round", "pair", brno, "--seed", "2")
    refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=10",
        "p2=30",
        "p3=40",
        "--correct",
        contains="nothing changed: add --yes to make this correction of a closed round",
    )
    out = ok(capsys, "result", brno, "1", "1", "p1=10", "p2=30", "p3=40", "--correct", "--yes")
    assert "round 1, table 1, game 1: p1=40 p2=30 p3=10 → p1=10 p2=30 p3=40" in out
    assert "Standings after round 1:" in out
    assert "Ana: rank 1 → " in out
    assert "round 2:" in out
    assert "3 work seconds" in out
    assert "corrected; the standings are computed again" in out
    standings = json.loads(ok(capsys, "standings", brno, "--json"))
    assert standings["standings"][0]["entrant"] != "p1"
    audit = json.loads(ok(capsys, "audit", brno, "--json"))
    entry = audit[-1]
    assert entry["action"] == "result.correct"
    assert entry["before"]["scores"] == {"p1": 40, "p2": 30, "p3": 10}
    assert "closed_round" in entry["after"]
    shown = ok(capsys, "round", "show", brno, "1")
    assert "closed" in shown


def test_a_closed_round_without_correct_still_says_reopen(capsys, brno):  # noqa: F811
    play_round_1(capsys, brno)
    refused(capsys, "result", brno, "1", "1", "p1=10", "p2=30", "p3=40", contains="closed")
