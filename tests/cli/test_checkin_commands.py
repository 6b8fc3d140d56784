"""Check-in on the command line (R-REG-3): open it, check players in (and take it back), a
late entry, the list of those who have not come, their drop, and round 1 paired from the
checked-in players only. Bad input: one line, exit 2, nothing changed."""

import pytest

from kolo.cli import main
from kolo.store import models
from tests.cli.test_store_commands import ok, refused, run

pytestmark = [pytest.mark.db, pytest.mark.django_db]


@pytest.fixture
def brno(capsys):
    ok(capsys, "event", "new", "--ruleset", "dominion-cz", "Brno 2026")
    event = models.Event.objects.get(key="brno-2026")
    for number, name in enumerate(["Ana", "Bob", "Cyril", "Dana", "Eva", "Filip", "Gita"], 1):
        models.Registration.objects.create(
            event=event, number=number, queue=number, name=name, token=f"t{number}"
        )
    return "brno-2026"


def test_a_morning_of_check_in_on_the_command_line(capsys, brno):
    err = refused(capsys, "entrant", "checkin", brno, "p1", contains="check-in has not started")
    assert "kolo event checkin brno-2026" in err
    refused(
        capsys, "entrant", "list", brno, "--not-checked-in", contains="check-in has not started"
    )
    out = ok(capsys, "event", "checkin", brno)
    assert "p1\tAna" in out
    assert "check-in open; entered from registrations: 7" in out
    out = ok(capsys, "event", "checkin", brno)
    assert "check-in was open already; entered from registrations: 0" in out
    out = ok(capsys, "entrant", "checkin", brno, "p1", "p2", "Cyril", "p4", "p5")
    assert "p3\tCyril\tchecked in" in out
    assert "checked in: 5 of 7" in out
    out = ok(capsys, "entrant", "checkin", brno, "p5", "--undo")
    assert "p5\tEva\tnot checked in" in out
    out = ok(capsys, "entrant", "checkin", brno, "--late", "Hana", "--club", "Zlín")
    assert "p8\tHana\tchecked in" in out
    out = ok(capsys, "entrant", "list", brno, "--not-checked-in")
    assert "Eva" in out
    assert "Filip" in out
    assert "Gita" in out
    assert "Ana" not in out
    assert "Hana" not in out
    assert "3 have not checked in" in out
    assert "kolo entrant drop brno-2026 --not-checked-in" in out
    out = ok(capsys, "entrant", "list", brno)
    assert "checked in at" in out
    assert "not checked in" in out
    refused(capsys, "round", "pair", brno, "--seed", "1", contains="3 have not checked in: ")
    refused(capsys, "entrant", "drop", brno, "p1", "--not-checked-in", contains="give no entrant")
    refused(capsys, "entrant", "drop", brno, contains="name the entrant to drop")
    out = ok(capsys, "entrant", "drop", brno, "--not-checked-in")
    assert "p5\tEva\tdropped: did not check in" in out
    out = ok(capsys, "round", "pair", brno, "--seed", "1")
    seated = set(
        models.Seat.objects.filter(round__event__key=brno).values_list("entrant__code", flat=True)
    )
    assert seated == {"p1", "p2", "p3", "p4", "p8"}
    refused(capsys, "event", "checkin", brno, contains="round 1 is paired already")


def test_check_in_refusals_change_nothing(capsys, brno):
    ok(capsys, "event", "checkin", brno)
    refused(capsys, "entrant", "checkin", brno, contains="no entrants given")
    refused(capsys, "entrant", "checkin", brno, "p99", contains="no entrant 'p99'")
    refused(capsys, "entrant", "checkin", brno, "p1", "--undo", contains="has not checked in")
    refused(capsys, "entrant", "checkin", brno, "--late", "X", "p1", contains="--late enters one")
    refused(capsys, "entrant", "checkin", brno, "p1", "--club", "X", contains="go with --late")
    refused(capsys, "entrant", "checkin", brno, "--late", "ana", contains="is entered already")


def test_check_in_speaks_czech(capsys, brno):
    code = main(["--user", "desk", "--lang", "cs", "event", "checkin", brno])
    out, _ = capsys.readouterr()
    assert code == 0
    assert "prezence otevřena; zapsáno z přihlášek: 7" in out
    code, out, err = run(capsys, "--lang", "cs", "entrant", "checkin", brno, "p1", "p1", "--undo")
    assert code == 2
    assert "„Ana“ se neprezentoval(a)" in err
