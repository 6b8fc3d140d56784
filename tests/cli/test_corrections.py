"""kolo result never replaces a result silently: a correction needs --correct."""

import json

import pytest

from tests.cli.test_store_commands import brno, ok, refused  # noqa: F401 - fixture

pytestmark = [pytest.mark.db, pytest.mark.django_db]


def test_a_different_result_needs_correct_and_says_what_is_there(capsys, brno):  # noqa: F811
    ok(capsys, "round", "new", brno, "--tables", "p1,p2,p3;p4,p5;p6,p7")
    ok(capsys, "result", brno, "1", "1", "p1=40", "p2=30", "p3=10")
    err = refused(
        capsys,
        "result",
        brno,
        "1",
        "1",
        "p1=40",
        "p2=41",
        "p3=10",
        contains="round 1, table 1 already has p1=40 p2=30 p3=10; to replace it, add --correct",
    )
    assert len(err.strip().splitlines()) == 1
    # the same result again is no correction
    again = ok(capsys, "result", brno, "1", "1", "p1=40", "p2=30", "p3=10")
    assert "unchanged" in again
    out = ok(capsys, "result", brno, "1", "1", "p1=40", "p2=41", "p3=10", "--correct")
    assert "corrected to p1=40 p2=41 p3=10 (was p1=40 p2=30 p3=10)" in out
    audit = json.loads(ok(capsys, "audit", brno, "--json"))
    assert [a["action"] for a in audit].count("result.correct") == 1
